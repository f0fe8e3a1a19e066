"""Write the navigation links into every course notebook; safe to re-run.

Run from the repository root (``make nav``)::

    python tools/navigation.py            # rewrite notebooks/, exercises/ and solutions/
    python tools/navigation.py --check    # change nothing; exit 1 if a notebook is stale
    python tools/navigation.py some/dir   # another course folder (the tests use a copy)
    python tools/navigation.py --only notebooks/03_x.ipynb   # rewrite just these files

What it writes:

* in every notebook of ``notebooks/``: a navigation cell as the second cell and again as
  the last cell, ``< previous | Contents | next >``; the last one also links the notebook's
  solutions when they exist. A core lesson (``lesson_stats.CORE``) leads to the next core
  lesson and back to the previous one (02 -> 04, 04 <- 02), and offers the going-further
  lessons that sit between them beside its links ("Going further, beside the core path:
  03 ..."); the last core lesson and the going-further lessons follow the file name order;
* in every notebook of ``notebooks/exercises/`` (written by ``tools/exercises.py``): the
  same two cells, linking back to the lesson, to the contents and on to the solutions;
  the lesson's last cell then links its exercises and their solutions;
* in every notebook of ``notebooks/solutions/``: the same two cells, linking back
  to the exercise notebook, the lesson and the contents;
* in ``00_index.ipynb``, if it has a contents cell (see ``CONTENTS_MARKER``): the
  table of contents of the notebooks that exist (``06b_...`` sorts after ``06_...``) in two
  parts, the core path of one day (``lesson_stats.CORE``, with the minutes each lesson's time
  line states and their total) and the lessons that go further, each with its title, its
  minutes and a link to its exercises (or solutions); then the notebooks of
  ``notebooks/appendix/``, if any (outside the numbered path, with no navigation cells).

Every link text makes sense out of context (a screen reader lists the links of a page): a
notebook's title, "01 exercises", "01 solutions", never a bare "exercises".

Titles come from each notebook's first markdown heading.

The cells it writes are found again by a metadata tag and an HTML comment, so a
re-run replaces them instead of adding more; a notebook is written only when its
text changes, so running the script twice changes nothing the second time.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import nbformat

from binms_teach.cli.course import write_atomic

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lesson_stats  # noqa: E402  (tools/lesson_stats.py, beside this file: the time lines)

ROOT = Path(__file__).resolve().parent.parent
NAV_TAG = "navigation"
NAV_MARKER = "<!-- navigation: written by tools/navigation.py (make nav), do not edit -->"
CONTENTS_TAG = "contents"
CONTENTS_MARKER = "<!-- contents: written by tools/navigation.py (make nav), do not edit -->"
INDEX_NAME = "00_index.ipynb"
SOLUTIONS_DIR = "solutions"
SOLUTIONS_SUFFIX = "_solutions"
EXERCISES_DIR = "exercises"
EXERCISES_SUFFIX = "_exercises"
APPENDIX_DIR = "appendix"


# ---------------------------------------------------------------- reading notebooks


def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def serialise(nb: nbformat.NotebookNode) -> str:
    """The notebook's text as Jupyter writes it (one trailing newline)."""
    text = nbformat.writes(nb)
    return text if text.endswith("\n") else text + "\n"


def title_of(nb: nbformat.NotebookNode, fallback: str) -> str:
    """The text of the first markdown heading, without its #'s."""
    for cell in nb.cells:
        if cell.cell_type != "markdown" or is_generated(cell):
            continue
        for line in cell.source.splitlines():
            match = re.match(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
            if match:
                return match.group(1)
    return fallback


def is_navigation(cell) -> bool:
    return NAV_TAG in cell.metadata.get("tags", []) or NAV_MARKER in cell.source


def is_contents(cell) -> bool:
    return CONTENTS_TAG in cell.metadata.get("tags", []) or CONTENTS_MARKER in cell.source


def is_generated(cell) -> bool:
    return cell.cell_type == "markdown" and (is_navigation(cell) or is_contents(cell))


# ---------------------------------------------------------------- the course


class Course:
    """The notebooks of one course folder and their titles, in file name order."""

    def __init__(self, folder: Path, extra=None):
        """``extra``: {path: notebook} not written yet (tools/exercises.py), or replacing one."""
        self.folder = Path(folder)
        extra = {Path(p): nb for p, nb in (extra or {}).items()}
        self.main = sorted(self.folder.glob("*.ipynb"))
        self.solutions = sorted((self.folder / SOLUTIONS_DIR).glob("*.ipynb"))
        self.exercises = sorted(set((self.folder / EXERCISES_DIR).glob("*.ipynb"))
                                | {p for p in extra if p.parent.name == EXERCISES_DIR})
        self.appendix = sorted((self.folder / APPENDIX_DIR).glob("*.ipynb"))
        paths = self.main + self.exercises + self.solutions + self.appendix
        self.books = {p: extra[p] if p in extra else read(p) for p in paths}
        self.titles = {p: title_of(nb, p.stem) for p, nb in self.books.items()}

    def link(self, target: Path, start: Path, text: str | None = None) -> str:
        """A markdown link to ``target``, relative to the folder of ``start``."""
        rel = target.relative_to(self.folder).as_posix()
        if start.parent != self.folder:  # from a solutions notebook
            rel = "../" + rel
        return f"[{self.titles[target] if text is None else text}]({rel})"

    def index(self) -> Path | None:
        path = self.folder / INDEX_NAME
        return path if path in self.books else None

    def solutions_of(self, path: Path) -> Path | None:
        """The solutions notebook of a lesson or of an exercise notebook."""
        stem = path.stem.removesuffix(EXERCISES_SUFFIX) if path in self.exercises else path.stem
        candidate = self.folder / SOLUTIONS_DIR / f"{stem}{SOLUTIONS_SUFFIX}.ipynb"
        return candidate if candidate in self.books else None

    def exercises_of(self, path: Path) -> Path | None:
        """The exercise notebook of a lesson or of a solutions notebook."""
        stem = path.stem.removesuffix(SOLUTIONS_SUFFIX) if path in self.solutions else path.stem
        candidate = self.folder / EXERCISES_DIR / f"{stem}{EXERCISES_SUFFIX}.ipynb"
        return candidate if candidate in self.books else None

    def lesson_of(self, path: Path) -> Path | None:
        """The lesson of a solutions or an exercise notebook."""
        for suffix in (SOLUTIONS_SUFFIX, EXERCISES_SUFFIX):
            if path.stem.endswith(suffix):
                candidate = self.folder / f"{path.stem.removesuffix(suffix)}.ipynb"
                return candidate if candidate in self.books else None
        return None

    # -- the text of the generated cells

    def navigation(self, path: Path, bottom: bool) -> str:
        index = self.index()
        contents = self.link(index, path, "Contents") if index and index != path else "Contents"
        if path in self.solutions:
            lesson, exercises = self.lesson_of(path), self.exercises_of(path)
            parts = []
            if exercises:  # the student path: lesson -> exercises -> solutions
                parts.append(f"< back to the exercises: {self.link(exercises, path)}")
                if lesson:
                    parts.append(f"the lesson: {self.link(lesson, path)}")
            elif lesson:  # not converted yet: the lesson still holds the exercises
                parts.append(f"< back to the exercises: {self.link(lesson, path)}")
            parts.append(contents)
            return " | ".join(parts)
        if path in self.exercises:
            lesson, solutions = self.lesson_of(path), self.solutions_of(path)
            parts = [f"< back to the lesson: {self.link(lesson, path)}"] if lesson else []
            parts.append(contents)
            if solutions:
                parts.append(f"solutions: {self.link(solutions, path)} >")
            return " | ".join(parts)
        previous, following, beside = self.neighbours(path)
        if previous is not None and previous == index:  # one link to the index is enough
            parts = [f"< {contents}"]
        elif previous is not None:
            parts = [f"< {self.link(previous, path)}", contents]
        else:
            parts = [contents]
        if following is not None:
            parts.append(f"{self.link(following, path)} >")
        line = " | ".join(parts)
        if beside:
            line += ("\n\nGoing further, beside the core path: "
                     + ", ".join(self.link(p, path) for p in beside))
        solutions, exercises = self.solutions_of(path), self.exercises_of(path)
        if bottom and exercises:
            line += f"\n\nExercises: {self.link(exercises, path)}"
            if solutions:
                line += f" | their solutions: {self.link(solutions, path)}"
        elif bottom and solutions:
            line += f"\n\nSolutions to the exercises: {self.link(solutions, path)}"
        return line

    def is_core(self, path: Path) -> bool:
        return self.number(path) in lesson_stats.CORE

    def neighbours(self, path: Path):
        """(previous, next, beside) of a lesson of the numbered path.

        A core lesson (``lesson_stats.CORE``) leads to the next core lesson and back to the
        previous one (the index before the first), so that a student clicking "next" stays on
        the core path; the going-further lessons that sit between it and the next core lesson
        in file order are offered ``beside`` it. The last core lesson leads on in file order.
        A going-further lesson keeps the file order: it says where it sits.
        """
        i = self.main.index(path)
        previous = self.main[i - 1] if i > 0 else None
        following = self.main[i + 1] if i + 1 < len(self.main) else None
        if not self.is_core(path) or path == self.index():
            return previous, following, []
        core = [p for p in self.main if self.is_core(p) and p != self.index()]
        j = core.index(path)
        if j > 0:
            previous = core[j - 1]
        elif previous is not None and not self.is_core(previous):
            previous = self.index()
        if j + 1 < len(core):
            following = core[j + 1]
            beside = [p for p in self.main[i + 1:self.main.index(following)] if p != self.index()]
            return previous, following, beside
        return previous, following, []

    def number(self, path: Path) -> str:
        """A lesson's number, as in its file name: "01", "06b"."""
        return path.name.split("_")[0]

    def entry(self, path: Path, index: Path) -> str:
        """One line of the contents: title, stated minutes, exercises or solutions (the title
        says what a lesson is about; 00 is an index, and its words are counted)."""
        entry = f"- **{self.link(path, index)}**"
        line = lesson_stats.time_line(_first_source(self.books[path]))
        if line:
            entry += f" ({line[0]} + {line[1]} min)"
        # the student's path is lesson -> exercises -> solutions: the exercise notebook links
        # the solutions, so the index links the solutions only of a lesson without exercises
        number = self.number(path)
        solutions, exercises = self.solutions_of(path), self.exercises_of(path)
        if exercises:
            entry += f" · {self.link(exercises, index, f'{number} exercises')}"
        elif solutions:
            entry += f" · {self.link(solutions, index, f'{number} solutions')}"
        return entry

    def contents(self, index: Path) -> str:
        lessons = [p for p in self.main if p != index]
        core = [p for p in lessons if self.number(p) in lesson_stats.CORE]
        further = [p for p in lessons if p not in core]
        lines = ["## Contents", ""]
        if core:
            stated = [lesson_stats.time_line(_first_source(self.books[p])) for p in core]
            if all(stated) and len(core) == len(lesson_stats.CORE):
                total = sum(t + e for t, e, _ in stated)
                minutes = (f"{total} minutes of teaching and exercises "
                           f"({total // 60} h {total % 60:02d}) for a student who runs every "
                           "cell and checks every derivation")
            else:
                minutes = (f"at most {lesson_stats.MAX_CORE_MINUTES} minutes of teaching and "
                           "exercises")
            lines += ["### The core path: one day", "",
                      "The lessons that carry the paper's method end to end, from the data to "
                      f"the paper's comparison with $k$-modes: {minutes}.", ""]
            lines += [self.entry(p, index) for p in core]
        if further:
            lines += (["", "### Going further", "",
                       "Each stands on its own and says in its summary what it assumes.", ""]
                      if core else [])
            lines += [self.entry(p, index) for p in further]
        if self.appendix:
            lines += ["", "### Appendix", ""]
            lines += [f"- {self.link(path, index)}" for path in self.appendix]
        return "\n".join(lines)

    # -- rewriting one notebook

    def updated(self, path: Path) -> nbformat.NotebookNode:
        """A copy of the notebook with its navigation (and contents) cells rewritten."""
        nb = nbformat.from_dict(self.books[path])
        cells = [c for c in nb.cells if not (c.cell_type == "markdown" and is_navigation(c))]
        if path == self.index():
            for cell in cells:
                if cell.cell_type == "markdown" and is_contents(cell):
                    cell.source = f"{CONTENTS_MARKER}\n{self.contents(path)}"
                    _tag(cell, CONTENTS_TAG)
        top = _navigation_cell("navigation-top", self.navigation(path, bottom=False))
        bottom = _navigation_cell("navigation-bottom", self.navigation(path, bottom=True))
        nb.cells = cells[:1] + [top] + cells[1:] + [bottom]
        _ensure_ids(nb)
        return nb


def _first_source(nb) -> str:
    """The text of a notebook's first cell when it is markdown (its title, summary, time line)."""
    return nb.cells[0].source if nb.cells and nb.cells[0].cell_type == "markdown" else ""


def _tag(cell, tag):
    tags = list(cell.metadata.get("tags", []))
    if tag not in tags:
        cell.metadata["tags"] = tags + [tag]


def _navigation_cell(cell_id: str, text: str):
    cell = nbformat.v4.new_markdown_cell(f"{NAV_MARKER}\n{text}")
    cell.id = cell_id  # fixed ids: a re-run writes the very same cell
    cell.metadata = {"tags": [NAV_TAG]}
    return cell


def _ensure_ids(nb):
    """Give cells without an id (notebooks older than nbformat 4.5) a stable one."""
    if (nb.nbformat, nb.nbformat_minor) < (4, 5):
        nb.nbformat_minor = 5
    seen = set()
    for i, cell in enumerate(nb.cells):
        if not cell.get("id") or cell.id in seen:
            cell.id = f"cell-{i}"
        seen.add(cell.id)


# ---------------------------------------------------------------- entry point


def update(folder: Path, check: bool = False, only=None) -> list[Path]:
    """Rewrite the navigation of every notebook in ``folder``; return those that changed.

    With ``check=True`` nothing is written: the list names the stale notebooks.
    ``only`` (paths) limits the rewriting to those notebooks; the links still
    come from the whole course.
    """
    course = Course(folder)
    chosen = None if only is None else {Path(p).resolve() for p in only}
    changed = []
    for path in course.main + course.exercises + course.solutions:
        if chosen is not None and path.resolve() not in chosen:
            continue
        text = serialise(course.updated(path))
        if path.read_text(encoding="utf8") != text:
            changed.append(path)
            if not check:  # a temporary file renamed over the old one: never half-written
                write_atomic(path, text.encode("utf-8"))
    return changed


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=ROOT / "notebooks", type=Path,
                        help="the course folder (default: notebooks/ of this repository)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if any notebook's navigation is stale")
    parser.add_argument("--only", nargs="+", type=Path, metavar="NOTEBOOK",
                        help="rewrite only these notebooks (the links still cover the course)")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        parser.error(f"{args.folder} is not a folder of notebooks.")
    missing = [str(p) for p in args.only or () if not p.is_file()]
    if missing:
        parser.error(f"no such notebook: {', '.join(missing)}")
    changed = update(args.folder, check=args.check, only=args.only)
    for path in changed:
        verb = "stale" if args.check else "updated"
        print(f"{verb}: {path}")
    if args.check and changed:
        print("Run `make nav` to rewrite the navigation links.", file=sys.stderr)
        return 1
    if not changed:
        print("navigation: every notebook is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
