"""An executed deck written as one reveal.js page (tools/slides_templates/).

Part of the slide builder (tools/slides.py).
"""

import html
import re
import sys
from pathlib import Path

from slides_parse import DeckError

TEMPLATES = Path(__file__).resolve().parent / "slides_templates"
# reveal.js's slide size, 16:9 like a projector: the deck scales it to the screen
WIDTH, HEIGHT = 1280, 720


def _markdown(text):
    from nbconvert.filters.markdown_mistune import IPythonRenderer, MarkdownWithMath

    renderer = IPythonRenderer(escape=False, exclude_anchor_links=True)
    return MarkdownWithMath(renderer=renderer).render(text)


def _highlight(code):
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import PythonLexer

    return highlight(code, PythonLexer(), HtmlFormatter())


def code_css():
    """The code colours: Pygments' "xcode" style, every colour at least 5:1 on white."""
    from pygments.formatters import HtmlFormatter

    return HtmlFormatter(style="xcode").get_style_defs(".reveal .highlight")


def render_output(output, deck, code):
    """HTML of one output of ``code``; a figure without a text alternative stops the build."""
    kind = output.get("output_type")
    where = f"{deck.path.name}:{code.line}"
    if kind == "stream":
        if output.get("name") == "stderr":
            print(f"{where}: stderr not shown: {output.get('text', '').strip()[:200]}",
                  file=sys.stderr)
            return ""
        return f'<pre class="output">{html.escape(output.get("text", "").rstrip())}</pre>'
    if kind == "error":  # pragma: no cover - execution stops before
        raise DeckError(f"{where}: the cell raised {output.get('ename')}")
    data, metadata = output.get("data", {}), output.get("metadata", {})
    if "image/png" in data:
        meta = metadata.get("image/png", {})
        alt = meta.get("alt") or metadata.get("alt")
        if not alt:
            raise DeckError(f"{where}: a figure without its text alternative (draw it "
                            "through binms_teach.figures.describe, or display it with "
                            'metadata={"image/png": {"alt": ...}})')
        size = "".join(f' {k}="{int(meta[k])}"' for k in ("width", "height") if k in meta)
        # the smallest text the figure draws, for the browser test's size check
        size += "".join(f' data-{k.replace("_", "-")}="{float(meta[k]):g}"'
                        for k in ("smallest_text_pt", "dpi") if k in meta)
        return (f'<img src="data:image/png;base64,{data["image/png"].strip()}"{size} '
                f'alt="{html.escape(alt, quote=True)}">')
    if "text/html" in data:
        return f'<div class="output-html">{numbers_block(data["text/html"])}</div>'
    if "text/markdown" in data:
        return _markdown(data["text/markdown"])
    if "text/plain" in data:
        return f'<pre class="output">{html.escape(data["text/plain"].rstrip())}</pre>'
    return ""


_TABLE_IN_DETAILS = re.compile(r"(<details>\s*<summary>(.*?)</summary>)\s*(<table>.*?</table>)",
                               re.S)


def numbers_block(markup):
    """A ``<details>`` table ("The numbers behind the figure") made to fit a slide: its table
    in a box that scrolls (keyboard too: the box takes the focus) and, opened, covers the
    slide below the heading instead of running off it; the handout prints it opened
    (deck.css, deck.html.j2).

    >>> print(numbers_block("<details><summary>N</summary><table></table></details>"))
    ... # doctest: +NORMALIZE_WHITESPACE
    <details class="numbers"><summary>N</summary><div class="numbers-box" tabindex="0"
    role="region" aria-label="N"><table></table></div></details>
    """
    return _TABLE_IN_DETAILS.sub(
        lambda m: (m[1].replace("<details>", '<details class="numbers">')
                   + f'<div class="numbers-box" tabindex="0" role="region" '
                   f'aria-label="{html.escape(m[2], quote=True)}">{m[3]}</div>'), markup)


def render_item(item, deck):
    if isinstance(item, str):
        return _markdown(item)
    if not item.include:
        return ""
    shown = [_highlight(item.source)] if item.echo else []
    shown += [render_output(o, deck, item) for o in item.outputs]
    return "\n".join(s for s in shown if s)


def render(deck):
    """The reveal.js page of an executed ``deck`` (outputs attached)."""
    import jinja2

    slides = []
    for number, slide in enumerate(deck.slides, start=1):
        parts = ["\n".join(render_item(i, deck) for i in part) for part in slide.parts]
        slides.append({"id": f"slide-{number}", "first": parts[0], "fragments": parts[1:],
                       "notes": _markdown(slide.notes) if slide.notes else "",
                       "title_slide": slide.level == 1})
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=False,
                             keep_trailing_newline=True)
    return env.get_template("deck.html.j2").render(
        title=deck.meta.get("title", deck.slides[0].title), slides=slides,
        language=deck.meta.get("language", "en"), width=WIDTH, height=HEIGHT)

