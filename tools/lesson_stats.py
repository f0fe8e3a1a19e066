"""How long each lesson of the course takes to read; safe to run at any time.

Run from the repository root::

    python tools/lesson_stats.py                # the table for notebooks/[0-9][0-9]*.ipynb
    python tools/lesson_stats.py notebooks/03_mean_shift_continuous.ipynb

For each lesson it prints the words of prose, the code cells, the reading and study minutes,
the "Teaching: N min, exercises: M min" line the lesson states, and its number of objectives.
``tests/test_lesson_size.py`` prints the same table and fails past the limits below.

How the figures are counted (estimates, stated so that anyone can redo them):

* **prose**: the markdown cells, except the navigation cells written by tools/navigation.py
  (the table of contents of notebook 00 is prose a student reads, so it counts). HTML
  comments and link addresses are dropped; a word is a run of characters without a space
  that holds a letter or a digit, so table rules and bullets count for nothing.
* **mathematics**: an inline formula ``$...$`` counts as one word (it is read as one term,
  however many TeX commands it takes); a displayed formula ``$$...$$`` counts as
  ``DISPLAY_WORDS`` words. A code span counts as one word.
* **reading minutes**: the prose at ``WORDS_PER_MINUTE`` (120, slow reading for technical
  text); **study minutes**: reading plus ``CODE_CELL_MINUTES`` per code cell (reading the
  code, running it, reading its output). 3,000 words and 20 code cells make 40 minutes.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import NamedTuple

import nbformat

ROOT = Path(__file__).resolve().parent.parent
WORDS_PER_MINUTE = 120
CODE_CELL_MINUTES = 0.75
DISPLAY_WORDS = 10

# The limits of the course (checked by tests/test_lesson_size.py).
MAX_LESSON_WORDS = 3000
MAX_LESSON_STUDY_MINUTES = 40
MAX_PATH_READING_MINUTES = 240  # the numbered path 00-12: four hours of reading
MAX_INDEX_WORDS = 1500  # notebook 00, an index
MAX_OBJECTIVES = 5

NAV_TAG = "navigation"  # the tag tools/navigation.py gives its cells
NAV_MARKER = "<!-- navigation:"
TEACHING = re.compile(r"Teaching:\W*(\d+)\s*min\W+exercises:\W*(\d+)\s*min", re.I)
OBJECTIVES_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+.*objectives", re.I | re.M)
KEY_POINTS_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+key points\b", re.I)
BULLET = re.compile(r"^\s{0,3}(?:[-*+]|\d+\.)\s+")
GENERATED_TAGS = {NAV_TAG, "exercises"}  # written by tools/navigation.py, tools/exercises.py


def is_navigation(cell) -> bool:
    return NAV_TAG in cell.metadata.get("tags", []) or NAV_MARKER in cell.source


def is_generated(cell) -> bool:
    """A cell written by the course's tools (navigation links, a lesson's Exercises list)."""
    return bool(GENERATED_TAGS & set(cell.metadata.get("tags", []))) or is_navigation(cell)


def count_words(markdown: str) -> int:
    """Words of prose in a markdown text, a formula counting as one word (or DISPLAY_WORDS).

    >>> count_words("The distance $\\\\mathcal{H}(\\\\mathbf{x}_1, \\\\mathbf{x}_2)$ counts bits.")
    5
    >>> count_words("See [notebook 02](02_median_centre.ipynb) <!-- a note -->, `maj`.")
    4
    >>> count_words("$$a = b + c$$") == DISPLAY_WORDS
    True
    >>> count_words("| a | b |\\n|---|---|\\n| 1 | 2 |")
    4
    """
    text = re.sub(r"<!--.*?-->", " ", markdown, flags=re.S)
    text, displays = re.subn(r"\$\$.*?\$\$", " ", text, flags=re.S)
    text = re.sub(r"(?<!\\)\$[^$]+?(?<!\\)\$", " MATH ", text)
    text = re.sub(r"`[^`]+`", " CODE ", text)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r" \1 ", text)  # keep a link's text only
    words = [w for w in text.split() if re.search(r"[A-Za-z0-9]", w)]
    return len(words) + DISPLAY_WORDS * displays


class LessonStats(NamedTuple):
    """The figures of one notebook (see the module docstring for how they are counted)."""

    name: str
    words: int
    code_cells: int
    teaching: int | None  # the stated "Teaching: N min", or None when the line is missing
    exercises: int | None
    objectives: int  # bullets under the objectives heading of the first cell (0: none)
    key_points: bool  # whether the last authored markdown cell is headed "Key points"

    @property
    def reading_minutes(self) -> float:
        return self.words / WORDS_PER_MINUTE

    @property
    def study_minutes(self) -> float:
        return self.reading_minutes + CODE_CELL_MINUTES * self.code_cells


def objectives_of(first_cell_source: str) -> int:
    """The number of list items right under the objectives heading (0 without one).

    >>> objectives_of("# 03 T\\n\\n## Learning objectives\\n\\n- one\\n- two\\n\\nTeaching: 5 min")
    2
    """
    match = OBJECTIVES_HEADING.search(first_cell_source)
    if match is None:
        return 0
    items = 0
    for line in first_cell_source[match.end():].splitlines()[1:]:
        if re.match(r"^\s{0,3}#", line):
            break
        items += bool(BULLET.match(line))
    return items


def stats(path: Path) -> LessonStats:
    """The figures of the notebook at ``path``."""
    nb = nbformat.read(path, as_version=4)
    prose = [c for c in nb.cells if c.cell_type == "markdown" and not is_navigation(c)]
    authored = [c for c in prose if not is_generated(c)]
    first = nb.cells[0].source if nb.cells and nb.cells[0].cell_type == "markdown" else ""
    teaching = TEACHING.search(first)
    return LessonStats(
        name=path.name,
        words=sum(count_words(c.source) for c in prose),
        code_cells=sum(c.cell_type == "code" for c in nb.cells),
        teaching=int(teaching.group(1)) if teaching else None,
        exercises=int(teaching.group(2)) if teaching else None,
        objectives=objectives_of(first),
        key_points=bool(authored) and bool(KEY_POINTS_HEADING.match(authored[-1].source.lstrip())),
    )


def numbered_lessons(folder: Path = ROOT / "notebooks") -> list[Path]:
    """The numbered path: ``notebooks/[0-9][0-9]*.ipynb`` (06b included; not the appendix)."""
    return sorted(Path(folder).glob("[0-9][0-9]*.ipynb"))


def table(rows: list[LessonStats]) -> str:
    """The figures as a text table, with the totals of the path."""
    lines = [f"{'notebook':44} {'words':>6} {'code':>5} {'read':>6} {'study':>6}  "
             f"{'stated':>13}  {'obj':>3}  key points",
             "-" * 100]
    for s in rows:
        stated = f"{s.teaching} + {s.exercises} min" if s.teaching is not None else "missing"
        lines.append(f"{s.name[:44]:44} {s.words:6d} {s.code_cells:5d} "
                     f"{s.reading_minutes:6.1f} {s.study_minutes:6.1f}  {stated:>13}  "
                     f"{s.objectives:3d}  {'yes' if s.key_points else 'MISSING'}")
    words = sum(s.words for s in rows)
    lines += ["-" * 100,
              f"{'total':44} {words:6d} {sum(s.code_cells for s in rows):5d} "
              f"{words / WORDS_PER_MINUTE:6.1f} {sum(s.study_minutes for s in rows):6.1f}  "
              f"(minutes: prose at {WORDS_PER_MINUTE} words/min; study adds "
              f"{CODE_CELL_MINUTES} min per code cell)"]
    return "\n".join(lines)


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    paths = [Path(a) for a in args] or numbered_lessons()
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        print(f"no such notebook: {', '.join(missing)}", file=sys.stderr)
        return 2
    print(table([stats(p) for p in paths]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
