"""The accessibility rules every test applies (issue 32), in one place.

* **Text alternatives**: `binms_teach.figures.alt_text_problem` (at least 8 words, not a path,
  not a placeholder), applied to every image output stored in a notebook, every image in a
  markdown cell, every ``<img>`` of the built book and decks, and the README's pictures.
* **Headings**: one level-1 heading per notebook, the first heading; no level skipped on the
  way down (``#`` then ``##`` then ``###``; going back up any number of levels is fine).
* **Link text** that makes sense out of context: never "here", "this", "click here", "link",
  "more", "read more", a bare "exercises" or "solutions", a URL or a file path as the text,
  or a text without a word of three letters ("12a", "[2]").

Each function returns a list of problems as sentences (empty: the rule holds), so that a
failing test says where and what to change.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

from binms_teach.figures import alt_text_problem

REPO_ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO_ROOT / "notebooks"
IMAGE_MIMES = ("image/png", "image/jpeg", "image/gif", "image/svg+xml")

VAGUE_LINK_TEXTS = {"here", "click here", "this", "this link", "this page", "link", "more",
                    "read more", "exercises", "solutions", "go"}


def course_notebooks():
    """Every notebook of the course: lessons, exercises, solutions, appendix (sorted)."""
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def notebook_id(path):
    """``06_binary_gradient_ascent`` or ``solutions/06_binary_gradient_ascent_solutions``."""
    return Path(path).relative_to(NOTEBOOKS).with_suffix("").as_posix()


def _cells(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))["cells"]


def _source(cell):
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def _prose_lines(markdown, blank_code=True):
    """The markdown's lines outside fenced code blocks, inline code blanked out (or kept)."""
    fence = None
    for line in markdown.splitlines():
        stripped = line.strip()
        opener = re.match(r"(`{3,}|~{3,})", stripped)
        if fence is None and opener:
            fence = opener.group(1)[0] * len(opener.group(1))
            continue
        if fence is not None:
            if stripped.startswith(fence):
                fence = None
            continue
        yield re.sub(r"`[^`]*`", lambda m: " " * len(m.group(0)), line) if blank_code else line


# --- text alternatives ----------------------------------------------------------------------

class _Images(HTMLParser):
    def __init__(self):
        super().__init__()
        self.images, self.lang = [], None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "img":
            self.images.append(attrs)
        elif tag == "html":
            self.lang = attrs.get("lang")


def html_images(html):
    """``(lang of <html>, [attributes of every <img>])`` of an HTML text."""
    parser = _Images()
    parser.feed(html)
    return parser.lang, parser.images


def markdown_images(markdown):
    """``(alt, src)`` of every picture of a markdown text: ``![alt](src)``, ``<img>``, and the
    ``:alt:`` of a MyST ``{image}``/``{figure}`` directive (None when it has none)."""
    found = []
    lines = list(_prose_lines(markdown))
    text = "\n".join(lines)
    for m in re.finditer(r"!\[([^\]]*)\]\(\s*<?([^)\s>]+)", text):
        found.append((m.group(1), m.group(2)))
    for attrs in html_images(text)[1]:
        found.append((attrs.get("alt"), attrs.get("src")))
    for m in re.finditer(r"```+\s*\{(?:image|figure)\}\s*(\S+)\n((?::\w+:.*\n)*)", markdown):
        alt = re.search(r"^:alt:\s*(.*)$", m.group(2), re.MULTILINE)
        found.append((alt.group(1).strip() if alt else None, m.group(1)))
    return found


def image_output_problems(path):
    """Image outputs and markdown pictures of a notebook without a fitting text alternative."""
    problems = []
    for number, cell in enumerate(_cells(path)):
        if cell["cell_type"] == "markdown":
            for alt, src in markdown_images(_source(cell)):
                problem = alt_text_problem(alt)
                if problem:
                    problems.append(f"cell {number}, picture {src}: {problem}")
        for output in cell.get("outputs", []):
            for mime in IMAGE_MIMES:
                if mime in output.get("data", {}):
                    alt = output.get("metadata", {}).get(mime, {}).get("alt")
                    problem = ("no text alternative in the output's metadata (show the figure "
                               "with binms_teach.figures.describe)" if alt is None
                               else alt_text_problem(alt))
                    if problem:
                        problems.append(f"cell {number}, {mime} output: {problem}")
            # a described figure or an explorer's picture: an <img> inside the HTML
            page = output.get("data", {}).get("text/html", "")
            for attrs in html_images("".join(page) if isinstance(page, list) else page)[1]:
                problem = alt_text_problem(attrs.get("alt"))
                if problem:
                    problems.append(f"cell {number}, <img> of a text/html output: {problem}")
    return problems


# --- headings -------------------------------------------------------------------------------

def markdown_headings(markdown):
    """The levels and texts of a markdown text's headings (ATX ``#``, setext, ``<hN>``)."""
    headings, previous = [], ""
    for line in _prose_lines(markdown):
        atx = re.match(r"^ {0,3}(#{1,6})(?:\s+(.*?))?\s*#*\s*$", line)
        if atx:
            headings.append((len(atx.group(1)), (atx.group(2) or "").strip()))
            previous = ""
            continue
        if previous.strip() and not previous.lstrip().startswith(("|", "-", "*", ">")):
            if re.match(r"^ {0,3}=+\s*$", line):
                headings.append((1, previous.strip()))
            elif re.match(r"^ {0,3}-+\s*$", line):
                headings.append((2, previous.strip()))
        for m in re.finditer(r"<h([1-6])\b[^>]*>(.*?)</h\1>", line, re.IGNORECASE):
            headings.append((int(m.group(1)), m.group(2)))
        previous = line
    return headings


def heading_problems(path):
    """One level-1 heading, first; no level skipped on the way down."""
    headings = [h for cell in _cells(path) if cell["cell_type"] == "markdown"
                for h in markdown_headings(_source(cell))]
    if not headings:
        return ["no heading: the first cell starts with '# NN Title'"]
    problems = []
    ones = [text for level, text in headings if level == 1]
    if len(ones) != 1:
        problems.append(f"{len(ones)} level-1 headings {ones}: keep one, the title; make the "
                        f"others '##'")
    if headings[0][0] != 1:
        problems.append(f"the first heading {headings[0][1]!r} is level {headings[0][0]}, "
                        f"not the level-1 title")
    for (a, text_a), (b, text_b) in zip(headings, headings[1:], strict=False):
        if b > a + 1:
            problems.append(f"heading level skipped: {'#' * a} {text_a!r} then "
                            f"{'#' * b} {text_b!r}; use {'#' * (a + 1)}")
    return problems


# --- link text ------------------------------------------------------------------------------

def markdown_links(markdown):
    """``(text, target)`` of every link a reader meets in a markdown text: ``[text](url)``,
    ``[text][ref]``, ``<a href>``, ``<https://...>`` and a bare URL (GFM makes both links)."""
    links = []
    text = "\n".join(_prose_lines(markdown, blank_code=False))
    # A link may hold code in its text ([`bga_step`](...)), but code is never a link.
    code = [m.span() for m in re.finditer(r"`[^`\n]*`", text)]

    def in_code(m):
        return any(a <= m.start() < b for a, b in code)

    for m in re.finditer(r"(?<!!)\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]*)", text):
        if not in_code(m):
            links.append((m.group(1), m.group(2)))
    for m in re.finditer(r"(?<!!)(?<!\])\[([^\]]+)\]\[([^\]]*)\]", text):
        if not in_code(m):
            links.append((m.group(1), m.group(2) or m.group(1)))
    for m in re.finditer(r"<a\b[^>]*href=[\"']([^\"']*)[\"'][^>]*>(.*?)</a>", text,
                         re.IGNORECASE | re.DOTALL):
        links.append((re.sub(r"<[^>]+>", "", m.group(2)), m.group(1)))
    for m in re.finditer(r"<(https?://[^>\s]+)>", text):
        links.append((m.group(1), m.group(1)))
    bare = re.sub(r"\[[^\]]*\]\([^)]*\)|<[^>]*>|href=[\"'][^\"']*[\"']", " ",
                  "\n".join(_prose_lines(markdown)))
    for m in re.finditer(r"(?<![\w/])(https?://[^\s)\]>]+|www\.[^\s)\]>]+)", bare):
        links.append((m.group(1), m.group(1)))
    return links


def link_text_problem(text):
    """Why a link text does not make sense out of context, or None."""
    plain = re.sub(r"[*_`]|\$[^$]*\$", "", text).strip()
    normal = re.sub(r"[^\w\s]", "", plain).strip().lower()
    if normal in VAGUE_LINK_TEXTS:
        return f"the link text {plain!r} says nothing out of context"
    if re.match(r"^(https?://|www\.)", plain) or re.match(r"^[\w./-]+\.(ipynb|md|html|py)$",
                                                         plain):
        return f"the link text {plain!r} is an address; name what it leads to"
    if not re.search(r"[^\W\d_]{3,}", plain) and "$" not in text:
        return f"the link text {plain!r} has no word; name what it leads to"
    return None


def link_problems(path):
    problems = []
    for number, cell in enumerate(_cells(path)):
        if cell["cell_type"] != "markdown":
            continue
        for text, target in markdown_links(_source(cell)):
            problem = link_text_problem(text)
            if problem:
                problems.append(f"cell {number}, link to {target}: {problem}")
    return problems
