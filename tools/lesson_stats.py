"""How long each lesson of the course takes to read; safe to run at any time.

Run from the repository root::

    python tools/lesson_stats.py                # the table for notebooks/[0-9][0-9]*.ipynb
    python tools/lesson_stats.py notebooks/03_mean_shift_continuous.ipynb

For each lesson it prints the words of prose, the code cells, the reading and study minutes,
the time line the lesson states, its path (core or going further), the minutes its exercises
take by the estimate below, and its number of objectives; then the minutes of the core path.
``tests/test_lesson_size.py`` prints the same table and fails past the limits below.

**The time line** is one paragraph of the first cell, right after the one-paragraph summary
and before the objectives, in exactly this form (``TIME_LINE``)::

    **Teaching:** 25 min · **Exercises:** 20 min · **Path:** core

(``**Path:** going further`` for a lesson outside the core). ``time_line_problems`` says what
is wrong with a first cell; ``tests/test_lesson_size.py`` requires the form in every lesson.

**The core path** (``CORE``: data, Hamming, median, kernel derivation, ascent, Algorithm 1,
epsilon-proximity, the Table 3 comparison) is a day of teaching: its stated teaching and
exercise minutes together are at most ``MAX_CORE_MINUTES`` (390, 6.5 hours).

How the figures are counted (estimates, stated so that anyone can redo them):

* **prose**: the markdown cells, the navigation cells written by tools/navigation.py included
  (a student reads them, as the table of contents of notebook 00). HTML comments and link
  addresses are dropped; a word is a run of characters without a space
  that holds a letter or a digit, so table rules and bullets count for nothing.
* **mathematics**: an inline formula ``$...$`` counts as one word (it is read as one term,
  however many TeX commands it takes); a displayed formula ``$$...$$`` counts as
  ``DISPLAY_WORDS`` words. A code span counts as one word.
* **reading minutes**: the prose at ``WORDS_PER_MINUTE`` (120, slow reading for technical
  text); **study minutes**, the time of a student who runs every cell and checks every
  derivation: reading, plus ``CODE_CELL_MINUTES`` per code cell (reading the code, running
  it, reading its output against the prose), plus ``DERIVATION_MINUTES`` per displayed
  formula (a line of a derivation or a definition, checked with pen and paper beyond the
  ``DISPLAY_WORDS`` words of reading it already counts). 2,400 words, 16 code cells and 8
  displayed formulas make 36 minutes.
  The stated teaching time is at least the study minutes (less ``ROUNDING`` minutes: a time
  line is written in steps of 5), so that a lesson cut on paper is cut in fact.
* **exercise minutes** (an estimate from the lesson's Exercises cell, which
  tools/exercises.py writes from the solutions notebook): ``EXERCISE_MINUTES`` per exercise,
  ``QUESTION_MINUTES`` per check-yourself question, ``IMPLEMENT_MINUTES`` per
  implement-it-yourself, leaving out every item marked "(going further)". The stated
  exercise minutes are at least this estimate.
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
DERIVATION_MINUTES = 0.5  # per displayed formula $$...$$: checking it, beyond reading it
DISPLAY_WORDS = 10

# The limits of the course (checked by tests/test_lesson_size.py).
MAX_LESSON_WORDS = 3000
MAX_LESSON_STUDY_MINUTES = 40
MAX_PATH_READING_MINUTES = 240  # the numbered path 00-12: four hours of reading
MAX_INDEX_WORDS = 1500  # notebook 00, an index
MAX_OBJECTIVES = 5
ROUNDING = 2.5  # a time line is written in steps of 5 minutes

# The core path of one day (issue 31): the lessons that carry the paper's method end to end.
CORE = ("01", "02", "04", "05", "06", "06b", "07", "08")
MAX_CORE_MINUTES = 390  # 6.5 hours of teaching and exercises
PATHS = ("core", "going further")

EXERCISE_MINUTES = 5  # a numbered exercise, not marked "(going further)"
QUESTION_MINUTES = 1  # a check-yourself question (a number or a letter to give)
IMPLEMENT_MINUTES = 10  # an implement-it-yourself
GOING_FURTHER = re.compile(r"\(going further\)", re.I)

NAV_TAG = "navigation"  # the tag tools/navigation.py gives its cells
NAV_MARKER = "<!-- navigation:"
TIME_LINE = re.compile(
    r"\*\*Teaching:\*\* (\d+) min · \*\*Exercises:\*\* (\d+) min · "
    r"\*\*Path:\*\* (core|going further)")
# any line stating a teaching time, in whatever form (to point at one that is not TIME_LINE)
ANY_TIME_LINE = re.compile(r"Teaching\W*\d+\s*min", re.I)
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
    teaching: int | None  # the time line's teaching minutes, or None without a time line
    exercises: int | None  # its exercise minutes
    path: str | None  # "core" or "going further"
    objectives: int  # bullets under the objectives heading of the first cell (0: none)
    key_points: bool  # whether the last authored markdown cell is headed "Key points"
    exercise_estimate: int  # minutes of the exercises not marked "(going further)"
    displays: int = 0  # displayed formulas $$...$$ of the authored prose (the derivations)

    @property
    def number(self) -> str:
        """The lesson's number, as in its file name: "01", "06b"."""
        return self.name.split("_")[0]

    @property
    def stated_minutes(self) -> int:
        return (self.teaching or 0) + (self.exercises or 0)

    @property
    def reading_minutes(self) -> float:
        return self.words / WORDS_PER_MINUTE

    @property
    def study_minutes(self) -> float:
        return (self.reading_minutes + CODE_CELL_MINUTES * self.code_cells
                + DERIVATION_MINUTES * self.displays)


def count_displays(markdown: str) -> int:
    """The displayed formulas ``$$...$$`` of a markdown text (HTML comments dropped).

    >>> count_displays("Eq. (1): $$a = b$$ and $x$, then $$\\begin{aligned}c &= d\\end{aligned}$$")
    2
    """
    text = re.sub(r"<!--.*?-->", " ", markdown, flags=re.S)
    return len(re.findall(r"\$\$.*?\$\$", text, flags=re.S))


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


def time_line(first_cell_source: str):
    """(teaching, exercises, path) of the time line of a first cell, or None.

    >>> time_line("# 05 T\\n\\nSummary.\\n\\n**Teaching:** 25 min · **Exercises:** 20 min · "
    ...           "**Path:** core\\n\\n## Learning objectives")
    (25, 20, 'core')
    >>> time_line("# 05 T\\n\\nTeaching: 30 min, exercises: 30 min") is None
    True
    """
    match = TIME_LINE.search(first_cell_source)
    return (int(match.group(1)), int(match.group(2)), match.group(3)) if match else None


def time_line_problems(first_cell_source: str) -> list[str]:
    """What is wrong with the time line of a lesson's first cell (an empty list: nothing).

    The first cell is ``# NN Title``, a summary paragraph, the time line as a paragraph of
    its own, then the objectives.

    >>> time_line_problems("# 05 T\\n\\nSummary.\\n\\n**Teaching:** 25 min · "
    ...                    "**Exercises:** 20 min · **Path:** core\\n\\n## Learning objectives")
    []
    >>> time_line_problems("# 05 T\\n\\nSummary.\\n\\n## Objectives\\n\\nTeaching: 30 min, "
    ...                    "exercises: 30 min")[0][:40]
    'a time line not in the form "**Teaching:'
    """
    form = "**Teaching:** N min · **Exercises:** M min · **Path:** core (or going further)"
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", first_cell_source.strip())]
    exact = [i for i, p in enumerate(paragraphs) if TIME_LINE.fullmatch(p)]
    loose = [p for p in paragraphs if ANY_TIME_LINE.search(p) and not TIME_LINE.fullmatch(p)]
    problems = [f'a time line not in the form "{form}": {p[:60]!r}' for p in loose]
    if not exact and not loose:
        problems.append(f'no time line "{form}" in the first cell')
    if len(exact) > 1:
        problems.append("more than one time line in the first cell")
    if exact and exact[0] != 2:
        problems.append("the time line must be the third paragraph of the first cell: after "
                        "the '# NN Title' heading and the one-paragraph summary, before the "
                        "objectives")
    if exact and not any(OBJECTIVES_HEADING.match(p) for p in paragraphs[exact[0] + 1:]):
        problems.append("the objectives must follow the time line")
    return problems


def exercise_estimate(nb) -> int:
    """Minutes of the exercises listed in the lesson's Exercises cell, "(going further)" left
    out (``EXERCISE_MINUTES``, ``QUESTION_MINUTES``, ``IMPLEMENT_MINUTES`` each).

    >>> import nbformat
    >>> cell = nbformat.v4.new_markdown_cell("## Exercises\\n\\n- Exercise 1: a\\n"
    ...     "- Exercise 2: b (going further)\\n- Check yourself\\n  - Question 1 (`x`)\\n"
    ...     "- Implement it yourself: c")
    >>> cell.metadata["tags"] = ["exercises"]
    >>> exercise_estimate(nbformat.v4.new_notebook(cells=[cell]))
    16
    """
    minutes = 0
    for cell in nb.cells:
        if cell.cell_type != "markdown" or "exercises" not in cell.metadata.get("tags", []):
            continue
        for line in cell.source.splitlines():
            item = re.match(r"^\s*[-*]\s+(.*)", line)
            if not item or GOING_FURTHER.search(item.group(1)):
                continue
            text = item.group(1)
            if re.match(r"Exercise\b", text):
                minutes += EXERCISE_MINUTES
            elif re.match(r"Question\b", text):
                minutes += QUESTION_MINUTES
            elif re.match(r"Implement it yourself", text):
                minutes += IMPLEMENT_MINUTES
    return minutes


def stats(path: Path) -> LessonStats:
    """The figures of the notebook at ``path``."""
    nb = nbformat.read(path, as_version=4)
    prose = [c for c in nb.cells if c.cell_type == "markdown"]  # navigation cells included
    authored = [c for c in prose if not is_generated(c)]
    first = nb.cells[0].source if nb.cells and nb.cells[0].cell_type == "markdown" else ""
    teaching, exercises, lesson_path = time_line(first) or (None, None, None)
    return LessonStats(
        name=path.name,
        words=sum(count_words(c.source) for c in prose),
        code_cells=sum(c.cell_type == "code" for c in nb.cells),
        teaching=teaching,
        exercises=exercises,
        path=lesson_path,
        objectives=objectives_of(first),
        key_points=bool(authored) and bool(KEY_POINTS_HEADING.match(authored[-1].source.lstrip())),
        exercise_estimate=exercise_estimate(nb),
        displays=sum(count_displays(c.source) for c in authored),
    )


def core_minutes(rows: list[LessonStats]) -> int:
    """The stated teaching and exercise minutes of the core lessons, together."""
    return sum(s.stated_minutes for s in rows if s.number in CORE)


def numbered_lessons(folder: Path = ROOT / "notebooks") -> list[Path]:
    """The numbered path: ``notebooks/[0-9][0-9]*.ipynb`` (06b included; not the appendix)."""
    return sorted(Path(folder).glob("[0-9][0-9]*.ipynb"))


def table(rows: list[LessonStats]) -> str:
    """The figures as a text table, with the totals of the path."""
    rule = "-" * 117
    lines = [f"{'notebook':40} {'words':>6} {'code':>5} {'disp':>4} {'read':>6} {'study':>6}  "
             f"{'stated':>13} {'ex. est.':>8}  {'path':13} {'obj':>3}  key points",
             rule]
    for s in rows:
        stated = f"{s.teaching} + {s.exercises} min" if s.teaching is not None else "missing"
        lines.append(f"{s.name[:40]:40} {s.words:6d} {s.code_cells:5d} {s.displays:4d} "
                     f"{s.reading_minutes:6.1f} {s.study_minutes:6.1f}  {stated:>13} "
                     f"{s.exercise_estimate:8d}  {s.path or '-':13} "
                     f"{s.objectives:3d}  {'yes' if s.key_points else 'MISSING'}")
    words = sum(s.words for s in rows)
    core = [s for s in rows if s.number in CORE]
    lines += [rule,
              f"{'total':40} {words:6d} {sum(s.code_cells for s in rows):5d} "
              f"{sum(s.displays for s in rows):4d} "
              f"{words / WORDS_PER_MINUTE:6.1f} {sum(s.study_minutes for s in rows):6.1f}  "
              f"(minutes: prose at {WORDS_PER_MINUTE} words/min; study adds "
              f"{CODE_CELL_MINUTES} min per code cell, {DERIVATION_MINUTES} per displayed "
              "formula)"]
    if core:
        lines.append(
            f"core path ({', '.join(s.number for s in core)}): {core_minutes(core)} min "
            f"stated (teaching {sum(s.teaching or 0 for s in core)} + exercises "
            f"{sum(s.exercises or 0 for s in core)}), at most {MAX_CORE_MINUTES}")
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
