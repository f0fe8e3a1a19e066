"""The deck sources: the Markdown subset of docs/slides/README.md read into `Deck` objects.

Part of the slide builder (tools/slides.py says the whole); nothing here runs code.
"""

import re
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "docs" / "slides"
ROOM_QUESTION = "A question for the room"

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

