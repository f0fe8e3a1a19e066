"""The decks for the room: ``docs/slides/NN_title.md`` -> ``build/slides/``, readable offline.

Run from the repository root (``make slides``)::

    python tools/slides.py                 # every deck: HTML, executed notebook, two PDFs
    python tools/slides.py 06 07           # only these decks (by lesson number)
    python tools/slides.py --no-pdf        # HTML only (no Chromium needed)
    python tools/slides.py --check         # read the sources, execute nothing: the rules

A deck is written for the room, apart from its lesson: one Markdown file per lesson in
``docs/slides/``, named after the lesson notebook, in a small subset of Quarto's reveal.js
Markdown (``docs/slides/README.md`` says it whole, with the rules a deck keeps):

* an optional front matter between ``---`` lines (``title:``, ``lesson:``);
* Python cells, fenced with ```` ```{python} ````: they run in one kernel, top to bottom, and
  by default only their output shows (``#| echo: true`` shows the code too, ``#| include:
  false`` runs the cell and shows nothing). Cells before the first heading are the set-up;
* ``# Title`` opens the title slide (once, first); ``## Heading`` opens each other slide;
* a line ``. . .`` reveals what follows on the next key press (a fragment);
* ``::: {.notes}`` ... ``:::`` holds the slide's speaker notes.

Building a deck: the source becomes a notebook (``build/slides/NN_title.slides.ipynb``, with
RISE's slide metadata, so it can also be presented inside JupyterLab), which runs in a
``python3`` kernel (one kernel serves several decks, its namespace emptied before each: a deck
imports what it uses); the slides are then written as one reveal.js page
(``NN_title.slides.html``: no prompts, no code unless asked, images with the text alternative
their figure carries) and printed through headless Chromium with reveal.js's print layout to
``NN_title.pdf``, one slide a page (the handout), and ``NN_title-notes.pdf``, each slide then a
page of its notes (the teacher's copy). reveal.js and MathJax come from the npm registry once
(``npm pack``, cached in ``build/slides-cache/``) and are copied beside the decks
(``build/slides/_static/``): nothing is fetched when a deck is opened, and its presenter view
(``S``: notes, next slide, timer) works from the file system.

``--check`` enforces what can be seen in the source (`RULES`); tests/e2e/test_slides.py
measures the decks in the browser (words, heights, font sizes, notes, alt text, requests).
``--strip-lessons`` removes the slide metadata an earlier version of this tool wrote into the
lesson notebooks (metadata only; outputs untouched).
"""

import argparse
import html
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
DECKS = ROOT / "docs" / "slides"
OUT = ROOT / "build" / "slides"
CACHE = ROOT / "build" / "slides-cache"
TEMPLATES = Path(__file__).resolve().parent / "slides_templates"
# (npm package, version, files kept from its tarball, folder under _static)
ASSETS = (("reveal.js", "4.6.1", ("dist/", "plugin/notes/"), "reveal.js"),
          ("mathjax", "3.2.2", ("es5/",), "mathjax"))
WIDTH, HEIGHT = 960, 700  # reveal.js's slide size: the deck scales it to the screen
KERNEL = "python3"
CELL_TIMEOUT = 300
CODE_WIDTH = 64  # characters: the longest code or output line a slide shows whole
ROOM_QUESTION = "A question for the room"
# What a slide may not show (the lessons' test markers, notebook prompts).
FORBIDDEN = re.compile(r"NBVAL_|In \[\d*\]:|Out\[\d+\]:")
# The lessons that once carried slide metadata written by this tool (see --strip-lessons).
LEGACY_LESSONS = ("01", "02", "06", "06b", "07")

RULES = {
    "words": 50,  # visible words a slide aims at (the browser test fails above 60)
    "hard_words": 60,
}

FENCE = re.compile(r"^(`{3,}|~{3,})\s*(.*)$")
PAUSE = re.compile(r"^\.\s\.\s\.\s*$")
NOTES_OPEN = re.compile(r"^:{3,}\s*\{\s*\.notes\s*\}\s*$")
DIV_CLOSE = re.compile(r"^:{3,}\s*$")
HEADING = re.compile(r"^(#{1,2})\s+(\S.*?)\s*$")
OPTION = re.compile(r"^#\|\s*([\w-]+)\s*:\s*(.*?)\s*$")


class DeckError(ValueError):
    """A deck source that breaks the format, named by file and line."""


# ---------------------------------------------------------------- the source


@dataclass
class Code:
    """A Python cell of a deck."""

    source: str
    line: int
    echo: bool = False
    include: bool = True
    outputs: list = field(default_factory=list)


@dataclass
class Slide:
    """One slide: its heading, what shows at once (``parts[0]``) and at each key press
    (``parts[1:]``, the fragments), and its speaker notes (Markdown)."""

    title: str
    level: int
    line: int
    parts: list = field(default_factory=lambda: [[]])
    notes: str = ""

    def items(self):
        return [item for part in self.parts for item in part]

    def markdown(self):
        """The slide's shown Markdown (heading included), code cells left out."""
        return "\n\n".join(i for i in self.items() if isinstance(i, str))


@dataclass
class Deck:
    path: Path
    meta: dict
    setup: list
    slides: list
    text: str = ""  # the source, for the checks that read it line by line

    @property
    def name(self):
        return self.path.stem

    @property
    def prefix(self):
        return self.name.split("_")[0]

    def codes(self):
        return self.setup + [i for s in self.slides for i in s.items() if isinstance(i, Code)]


def _front_matter(lines, path):
    """(meta, index of the first line after it): ``key: value`` lines between ``---``."""
    if not lines or lines[0].strip() != "---":
        return {}, 0
    meta = {}
    for i, line in enumerate(lines[1:], start=1):
        if line.strip() == "---":
            return meta, i + 1
        key, sep, value = line.partition(":")
        if not sep or not key.strip():
            raise DeckError(f"{path.name}:{i + 1}: front matter lines read `key: value`")
        meta[key.strip()] = value.strip().strip("\"'")
    raise DeckError(f"{path.name}:1: the front matter has no closing `---`")


def parse(text, path=Path("deck.md")):
    """The `Deck` written in ``text`` (the format of this module's docstring).

    >>> deck = parse('''
    ... ```{python}
    ... x = 6 * 7
    ... ```
    ...
    ... # Title
    ...
    ... ## One idea
    ... First line.
    ...
    ... . . .
    ...
    ... ```{python}
    ... x
    ... ```
    ...
    ... ::: {.notes}
    ... Say why.
    ... :::
    ... '''.lstrip())
    >>> [s.title for s in deck.slides], len(deck.setup), len(deck.slides[1].parts)
    (['Title', 'One idea'], 1, 2)
    >>> deck.slides[1].parts[1][0].source, deck.slides[1].notes
    ('x', 'Say why.')
    """
    path = Path(path)
    lines = text.splitlines()
    meta, i = _front_matter(lines, path)
    setup, slides = [], []
    text_lines = []  # Markdown lines of the current part, not yet stored
    where = f"{path.name}:"

    def flush():
        chunk = "\n".join(text_lines).strip("\n")
        text_lines.clear()
        if chunk.strip():
            if not slides:
                raise DeckError(f"{where}{i + 1}: text before the first heading "
                                "(only set-up cells may come before `# Title`)")
            slides[-1].parts[-1].append(chunk)

    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        if fence and fence.group(2).replace(" ", "") == "{python}":
            flush()
            start, options, body = i, {}, []
            i += 1
            while i < len(lines) and not lines[i].startswith(fence.group(1)):
                option = OPTION.match(lines[i])
                if option and not body:
                    options[option.group(1)] = option.group(2)
                else:
                    body.append(lines[i])
                i += 1
            if i == len(lines):
                raise DeckError(f"{where}{start + 1}: a Python cell without its closing fence")
            unknown = set(options) - {"echo", "include"}
            if unknown or any(v not in ("true", "false") for v in options.values()):
                raise DeckError(f"{where}{start + 1}: cell options are `#| echo: true|false` "
                                f"and `#| include: true|false`, not {options}")
            code = Code("\n".join(body).strip("\n"), start + 1,
                        echo=options.get("echo") == "true",
                        include=options.get("include", "true") == "true")
            (slides[-1].parts[-1] if slides else setup).append(code)
            i += 1
            continue
        if fence:  # a code block shown as such: copied whole, nothing inside is read
            text_lines.append(line)
            i += 1
            while i < len(lines) and not lines[i].startswith(fence.group(1)):
                text_lines.append(lines[i])
                i += 1
            if i == len(lines):
                raise DeckError(f"{where}{len(lines)}: a code block without its closing fence")
            text_lines.append(lines[i])
            i += 1
            continue
        heading = HEADING.match(line)
        if heading:
            flush()
            level = len(heading.group(1))
            if level == 1 and slides:
                raise DeckError(f"{where}{i + 1}: `# ` opens the title slide only (use `## `)")
            if level == 2 and not slides:
                raise DeckError(f"{where}{i + 1}: the first slide is the title, `# Title`")
            slides.append(Slide(heading.group(2), level, i + 1))
            text_lines.append(line)
        elif PAUSE.match(line):
            flush()
            if not slides:
                raise DeckError(f"{where}{i + 1}: `. . .` before the first slide")
            slides[-1].parts.append([])
        elif NOTES_OPEN.match(line):
            flush()
            if not slides:
                raise DeckError(f"{where}{i + 1}: notes before the first slide")
            if slides[-1].notes:
                raise DeckError(f"{where}{i + 1}: a second notes block on one slide")
            start, notes, inside = i, [], None
            i += 1
            while i < len(lines) and (inside or not DIV_CLOSE.match(lines[i])):
                marker = FENCE.match(lines[i])
                if marker and (inside is None or lines[i].startswith(inside)):
                    inside = None if inside else marker.group(1)
                notes.append(lines[i])
                i += 1
            if i == len(lines):
                raise DeckError(f"{where}{start + 1}: `::: {{.notes}}` without its closing `:::`")
            slides[-1].notes = "\n".join(notes).strip()
            if not slides[-1].notes:
                raise DeckError(f"{where}{start + 1}: empty notes")
        elif DIV_CLOSE.match(line) or line.startswith(":::"):
            raise DeckError(f"{where}{i + 1}: the only block is `::: {{.notes}}` ... `:::`")
        else:
            text_lines.append(line)
        i += 1
    flush()
    for slide in slides:
        if any(part == [] for part in slide.parts[1:]):
            raise DeckError(f"{where}{slide.line}: a `. . .` with nothing after it")
    if not slides:
        raise DeckError(f"{where}1: no slide (a deck opens with `# Title`)")
    return Deck(path, meta, setup, slides, text)


def read(path):
    return parse(Path(path).read_text(encoding="utf-8"), path)


def sources(prefixes=None, folder=None):
    """The deck sources of ``folder`` (default `DECKS`), in lesson order; only ``prefixes``
    (``"06"``, ``"06b"``) if given."""
    paths = sorted(Path(folder or DECKS).glob("[0-9][0-9]*_*.md"))
    if prefixes:
        paths = [p for p in paths if p.name.split("_")[0] in prefixes]
        missing = set(prefixes) - {p.name.split("_")[0] for p in paths}
        if missing:
            raise SystemExit(f"no deck source for {sorted(missing)} in {folder or DECKS}")
    return paths


# ---------------------------------------------------------------- the rules


_MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]+\$|\\\(.+?\\\)", re.S)
_WORD = re.compile(r"[^\W_]", re.U)


def count_words(markdown):
    """Words a reader sees in ``markdown``: a formula counts as one word, markup as none.

    >>> count_words("## The step\\n\\n- the $k_1$ nearest data points, `X` never moves")
    10
    """
    text = _MATH.sub(" formula ", markdown)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links and images: their text
    return sum(bool(_WORD.search(token)) for token in text.split())


CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def control_characters(text, name):
    """``name:line: ...`` for each line of ``text`` holding a control character: a backslash
    lost in an edit (the \\v of \\varepsilon is one). tools/teaching_docs.py uses it too.

    >>> control_characters("$x$" + chr(10) + chr(11) + "arepsilon", "notes.md")[0][:30]
    'notes.md:2: a control characte'
    """
    return [f"{name}:{number}: a control character ({CONTROL.search(line)[0]!r}): a backslash "
            "lost in an edit? (\\v of \\varepsilon is one)"
            for number, line in enumerate(text.split("\n"), start=1)  # splitlines() splits at \v
            if CONTROL.search(line)]


def problems(deck):
    """What breaks a rule of the source format or of the room, as ``file:line: message``.

    Checked here, without running anything: the title slide comes first and is the only
    ``#``; every slide but the title has speaker notes; a slide's Markdown stays within
    ``RULES["hard_words"]`` words; the deck has one slide headed `ROOM_QUESTION`, with at
    least two options, whose notes give the answer and a reason for each option; it is not
    a graded question of `binms_teach.exercises`; shown code fits `CODE_WIDTH`; nothing shows
    a test marker or a prompt; no count disagrees with its noun (`wrong_counts`: the built
    slides are checked too, tests/e2e/test_slides.py).
    """
    where = f"{deck.path.name}:"
    found = control_characters(deck.text, deck.path.name)
    for number, line in enumerate(deck.text.split("\n"), start=1):
        found += wrong_counts(line, f"{deck.path.name}:{number}")
    if deck.meta.get("lesson") and deck.meta["lesson"] != deck.name:
        found.append(f"{where}1: `lesson: {deck.meta['lesson']}` differs from the file name")
    for slide in deck.slides[1:]:
        if not slide.notes:
            found.append(f"{where}{slide.line}: slide {slide.title!r} has no speaker notes")
    for slide in deck.slides:
        words = count_words(slide.markdown())
        if words > RULES["hard_words"]:
            found.append(f"{where}{slide.line}: slide {slide.title!r} shows {words} words "
                         f"(at most {RULES['hard_words']}; aim at {RULES['words']})")
        for item in slide.items():
            shown = item if isinstance(item, str) else (item.source if item.echo else "")
            if FORBIDDEN.search(shown):
                found.append(f"{where}{slide.line}: slide {slide.title!r} shows a test "
                             "marker or a prompt")
            if isinstance(item, Code) and item.echo:
                long = [ln for ln in item.source.splitlines() if len(ln) > CODE_WIDTH]
                if long:
                    found.append(f"{where}{item.line}: a shown code line is longer than "
                                 f"{CODE_WIDTH} characters: {long[0]!r}")
    questions = [s for s in deck.slides if s.title.strip() == ROOM_QUESTION]
    if len(questions) != 1:
        found.append(f"{where}1: {len(questions)} slides headed {ROOM_QUESTION!r} (one needed)")
    for slide in questions:
        options = re.findall(r"^\s*[-*]\s+\(?([a-e])\)", slide.markdown(), re.M)
        if len(options) < 2:
            found.append(f"{where}{slide.line}: the question for the room lists its options "
                         "as `- (a) ...`, `- (b) ...`")
        notes = slide.notes.lower()
        if "answer" not in notes:
            found.append(f"{where}{slide.line}: the question's notes say the answer")
        missing = [o for o in options if f"({o})" not in notes]
        if missing:
            found.append(f"{where}{slide.line}: the question's notes say nothing of option(s) "
                         f"{', '.join(missing)}")
        graded = graded_question(slide.markdown())
        if graded:
            found.append(f"{where}{slide.line}: the question for the room is the graded "
                         f"question {graded}: asking it in class gives its points away")
    return found


# What the decks and the notes count: "1 clusters" and "6 cluster(s)" read wrong.
COUNTED = ("cluster", "point", "image", "mode", "move", "row", "class", "setting", "component",
           "vote", "bit", "run", "order", "seed", "basin", "animal", "candidate", "minute",
           "slide", "update", "piece", "neighbour", "voter", "step", "column", "feature")
_WRONG_COUNT = re.compile(
    r"(?<![\w.,$^_{])1 (?:" + "|".join(n + "e" * n.endswith("s") for n in COUNTED) + r")s\b"
    r"|\b[A-Za-z]+\((?:s|es)\)")  # cluster(s): a count the text did not read


def wrong_counts(text, name):
    """``name: ...`` for each count whose noun disagrees with it in ``text`` (plain text or
    Markdown): "1 clusters", and "cluster(s)" where the text could have read its count.
    ("the 3 cluster centres" is English: a singular after a number is not flagged.)

    >>> wrong_counts("1 clusters; 6 cluster(s); 2 images; 1 image; 0.1 points; 1 class", "x")
    ["x: '1 clusters' (a count and its noun disagree)", "x: 'cluster(s)' (a count and its \
noun disagree)"]
    >>> wrong_counts("k = 1 classes, 21 points, 3 cluster centres", "x")
    ["x: '1 classes' (a count and its noun disagree)"]
    """
    return [f"{name}: {m[0]!r} (a count and its noun disagree)"
            for m in _WRONG_COUNT.finditer(text)]


_SMALL = set("the a an of to is in on by for and or its it be are was what which when where "
             "how many much with from at as that this these those can do does one two "
             "yes no not".split())


def _stem_words(text):
    text = _MATH.sub(" ", text.lower())
    text = re.sub(r"\([a-e]\)", " ", text)  # the option letters
    return set(re.findall(r"[a-z0-9_']+", text)) - _SMALL


def graded_question(markdown):
    """The id of the graded question (`binms_teach.exercises`) that ``markdown`` repeats,
    or None: at least 6 of the graded question's words, and 60% of them, beyond small
    words, formulas and option letters, are in ``markdown``.

    >>> graded_question("Does the ascent of a 4 drawn like a 9 end at a mode of fours, "
    ...                 "because the ascent uses the labels, or of nines?")
    '06.density'
    """
    try:
        from binms_teach.exercises import EXERCISES
    except ImportError:  # pragma: no cover - the package is installed wherever decks build
        return None
    asked = _stem_words(markdown.replace(ROOM_QUESTION, ""))
    for exercise_id, exercise in EXERCISES.items():
        words = _stem_words(getattr(exercise, "question", ""))
        common = words & asked
        if len(common) >= 6 and len(common) >= 0.6 * len(words):
            return exercise_id
    return None


# ---------------------------------------------------------------- notebook and execution


def to_notebook(deck):
    """The deck as a notebook with RISE's slide metadata; sets nothing on ``deck``.

    Returns the notebook and the index of each of ``deck.codes()``'s cells in it.
    """
    import nbformat

    new_md, new_code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell
    cells, where = [], []

    def code_cell(code, slide_type):
        cell = new_code(code.source)
        tags = [] if code.echo else ["remove-input"]
        if not code.include:
            slide_type, tags = "skip", ["remove-cell"]
        cell.metadata["slideshow"] = {"slide_type": slide_type}
        if tags:
            cell.metadata["tags"] = tags
        if not code.echo:  # JupyterLab (and RISE inside it) collapse the code
            cell.metadata["jupyter"] = {"source_hidden": True}
        where.append(len(cells))
        cells.append(cell)

    for code in deck.setup:
        code_cell(Code(code.source, code.line, include=False), "skip")
    for slide in deck.slides:
        for k, part in enumerate(slide.parts):
            for j, item in enumerate(part):
                slide_type = ("slide" if k == 0 else "fragment") if j == 0 else "-"
                if isinstance(item, Code):
                    code_cell(item, slide_type)
                else:
                    cell = new_md(item)
                    cell.metadata["slideshow"] = {"slide_type": slide_type}
                    cells.append(cell)
        if slide.notes:
            cell = new_md(slide.notes)
            cell.metadata["slideshow"] = {"slide_type": "notes"}
            cells.append(cell)
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": KERNEL, "display_name": "Python 3",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    nb.metadata["title"] = deck.meta.get("title", deck.slides[0].title)
    return nb, where


RESET = "%reset -f"  # between two decks in one kernel: no name of the last deck is left


def execute_all(paths):
    """Run the decks at ``paths`` one after another in one fresh kernel (in the decks' folder),
    the user namespace emptied before each (`RESET`); yields each executed notebook as JSON
    text. One kernel serves them all: starting a kernel and importing the package again for
    each deck would cost more than most decks' cells. Threads run several such groups at once:
    the work is the kernels', each its own process."""
    import nbformat
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    km = KernelManager(kernel_name=KERNEL)
    # the kernel's own log lines (not the cells') are not shown
    km.start_kernel(cwd=str(Path(paths[0]).parent), stderr=subprocess.DEVNULL)
    try:
        for path in paths:
            nb, _ = to_notebook(read(path))
            nb.cells.insert(0, nbformat.v4.new_code_cell(RESET))
            client = NotebookClient(nb, km=km, timeout=CELL_TIMEOUT, kernel_name=KERNEL)
            start = time.perf_counter()
            try:
                client.execute()
            except CellExecutionError as error:
                raise DeckError(f"{Path(path).name}: a cell failed:\n{error}") from None
            finally:
                if client.kc is not None:
                    client.kc.stop_channels()
            del nb.cells[0]
            nb.metadata["binms_deck"] = {"seconds": round(time.perf_counter() - start, 1)}
            yield nbformat.writes(nb)
    finally:
        km.shutdown_kernel(now=True)


def attach_outputs(deck, nb):
    """Copy the executed notebook's outputs onto ``deck``'s code cells."""
    _, where = to_notebook(deck)
    for code, index in zip(deck.codes(), where, strict=True):
        code.outputs = nb.cells[index].get("outputs", [])


# ---------------------------------------------------------------- HTML


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


# ---------------------------------------------------------------- assets, build, PDF


def fetch_assets(out=OUT, cache=CACHE):
    """reveal.js and MathJax under ``out/_static`` (from npm once, then from ``cache``),
    with the decks' style sheet."""
    cache.mkdir(parents=True, exist_ok=True)
    for package, version, keep, folder in ASSETS:
        tarball = cache / f"{package}-{version}.tgz"
        if not tarball.is_file():
            npm = shutil.which("npm")
            if npm is None:
                sys.exit(f"npm is needed once to fetch {package} {version} (install Node.js), "
                         f"or put {tarball.name} from the npm registry in {cache}/")
            subprocess.run([npm, "pack", f"{package}@{version}", "--pack-destination",
                            str(cache)], check=True, capture_output=True)
        target = out / "_static" / folder
        stamp = target / ".version"
        if stamp.is_file() and stamp.read_text(encoding="utf-8") == version:
            continue
        shutil.rmtree(target, ignore_errors=True)
        with tarfile.open(tarball) as tar:
            members = [m for m in tar.getmembers() if m.isfile() and m.name.startswith(
                tuple(f"package/{k}" for k in keep))]
            for member in members:
                member.name = member.name.removeprefix("package/")
            tar.extractall(target, members=members, filter="data")
        stamp.write_text(version, encoding="utf-8")
    css = (TEMPLATES / "deck.css").read_text(encoding="utf-8") + "\n" + code_css() + "\n"
    (out / "_static" / "deck.css").write_text(css, encoding="utf-8")


def build(paths, out=OUT, jobs=2, log=print):
    """Execute and write the decks of ``paths``; returns the HTML files written.

    Writes ``out/NN_title.slides.html`` and the executed ``out/NN_title.slides.ipynb``.
    """
    import nbformat

    paths = [Path(p) for p in paths]
    for path in paths:  # every rule first: no kernel starts for a broken source
        broken = problems(read(path))
        if broken:
            raise DeckError("\n".join(broken))
    out.mkdir(parents=True, exist_ok=True)
    fetch_assets(out)
    written = []
    jobs = max(1, min(jobs, len(paths)))
    groups = [paths[i::jobs] for i in range(jobs)]  # one kernel each; the slow decks spread
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        done = pool.map(lambda group: list(execute_all(group)), groups)
        texts = dict(zip([p for group in groups for p in group],
                         [text for group in done for text in group], strict=True))
    for path in paths:
        deck = read(path)
        nb = nbformat.reads(texts[path], as_version=4)
        attach_outputs(deck, nb)
        page = out / f"{deck.name}.slides.html"
        page.write_text(render(deck), encoding="utf-8")
        (out / f"{deck.name}.slides.ipynb").write_text(texts[path], encoding="utf-8")
        written.append(page)
        seconds = nb.metadata.get("binms_deck", {}).get("seconds")
        log(f"{_show(page)}: {len(deck.slides)} slides, executed in {seconds} s")
    return written


def find_chromium():
    """A Chromium to print with: ``$CHROMIUM``, else Debian's or one on the PATH; or None."""
    candidates = [os.environ.get("CHROMIUM"), "/usr/bin/chromium"] + [
        shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")]
    return next((c for c in candidates if c and os.access(c, os.X_OK)), None)


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"]


def print_pdfs(pages, chromium=None, log=print):
    """``NN_title.pdf`` beside each deck page (one slide a page, fragments shown) and
    ``NN_title-notes.pdf`` (each slide followed by a page of its notes)."""
    from playwright.sync_api import sync_playwright

    chromium = chromium or find_chromium()
    if chromium is None:
        raise SystemExit("Chromium is needed for the PDF handouts (apt-get install chromium, "
                         "or bash tools/install_chromium.sh, or set CHROMIUM=/path/to/it); "
                         "--no-pdf writes the HTML decks only")
    written = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
            for deck in pages:
                for query, suffix in [("", ""), ("&showNotes=separate-page", "-notes")]:
                    page.goto(deck.resolve().as_uri() + "?print-pdf" + query, wait_until="load")
                    page.wait_for_function("() => window.Reveal && Reveal.isReady()")
                    page.wait_for_function("() => document.querySelectorAll('.pdf-page')"
                                           ".length > 0")
                    target = deck.with_name(deck.name.replace(".slides.html", f"{suffix}.pdf"))
                    page.pdf(path=str(target), prefer_css_page_size=True, print_background=True)
                    written.append(target)
                    log(f"{_show(target)}")
        finally:
            browser.close()
    return written


def pdf_pages(path):
    """The number of pages of a PDF that Chromium wrote (the root page tree's count)."""
    return max(int(n) for n in re.findall(rb"/Count (\d+)", Path(path).read_bytes()))


def _show(path):
    path = Path(path)
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


# ---------------------------------------------------------------- the lessons' old metadata


def strip_lessons(paths=None):
    """Remove ``metadata.slideshow`` from every cell of the legacy lessons (`LEGACY_LESSONS`),
    writing only the notebooks that change; returns them. Metadata only: sources and outputs
    are untouched, the rest of the file byte for byte as nbformat writes it."""
    import nbformat

    if paths is None:
        paths = [p for prefix in LEGACY_LESSONS
                 for p in sorted(NOTEBOOKS.glob(f"{prefix}_*.ipynb"))]
    changed = []
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        touched = False
        for cell in nb.cells:
            if "slideshow" in cell.metadata:
                del cell.metadata["slideshow"]
                touched = True
        if touched:
            Path(path).write_text(nbformat.writes(nb) + "\n", encoding="utf-8")
            changed.append(Path(path))
    return changed


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("decks", nargs="*", help="lesson numbers (06, 06b, ...); default all")
    parser.add_argument("--check", action="store_true",
                        help="read the sources and report every broken rule; build nothing")
    parser.add_argument("--no-pdf", action="store_true", help="write no PDF (no Chromium needed)")
    parser.add_argument("--out", type=Path, default=OUT, help="where the decks go")
    parser.add_argument("--jobs", type=int, default=2, help="decks executed at once")
    parser.add_argument("--strip-lessons", action="store_true",
                        help="remove the old slide metadata from lessons "
                             f"{', '.join(LEGACY_LESSONS)} (metadata only) and stop")
    args = parser.parse_args(argv)
    if args.strip_lessons:
        changed = strip_lessons()
        for path in changed:
            print(f"slide metadata removed: {_show(path)}")
        print(f"{len(changed)} lesson(s) changed")
        return 0
    paths = sources(args.decks)
    if args.check:
        broken = [p for path in paths for p in problems(read(path))]
        print("\n".join(broken) if broken else f"{len(paths)} deck(s): every rule holds")
        return 1 if broken else 0
    start = time.perf_counter()
    try:
        pages = build(paths, args.out, jobs=args.jobs)
    except DeckError as error:
        print(error, file=sys.stderr)
        return 1
    built = time.perf_counter() - start
    if not args.no_pdf:
        print_pdfs(pages)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{len(pages)} deck(s) in {time.perf_counter() - start:.0f} s ({built:.0f} s to "
          f"execute and write the HTML; load average {load:.1f}). Open one in a browser, e.g. "
          f"{_show(pages[0]) if pages else args.out}; press S for the presenter's view.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
