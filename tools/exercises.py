"""Write the exercise notebooks from the solutions notebooks (one source); safe to re-run.

Run from the repository root (``make exercises``, which then adds the navigation links and
executes the exercise notebooks)::

    python tools/exercises.py            # notebooks/exercises/, the lessons' Exercises cells
    python tools/exercises.py --check    # write nothing; exit 1 if a file is stale
    python tools/exercises.py some/dir   # another course folder (the tests use a copy)

The source is ``solutions/NN_title_solutions.ipynb``; the generator writes
``exercises/NN_title_exercises.ipynb`` from it, cell by cell, keeping the cell ids:

* a code cell with ``metadata.nbgrader.solution`` true (nbgrader's metadata, schema_version 3,
  with a unique ``grade_id``): each block from a line ``### BEGIN SOLUTION`` to a line
  ``### END SOLUTION`` is replaced by ``metadata.binms_teach.scaffold`` (a string, default
  ``# your code here``), indented like the ``### BEGIN SOLUTION`` line; lines outside the
  markers stay (a ``def`` line and docstring, a ``check(...)`` call); a cell left blank (an
  empty scaffold, nothing outside the markers) is dropped;
* a markdown cell with ``metadata.nbgrader.solution`` true is an answer in prose (nbgrader
  wants it graded by hand too: ``grade`` true and ``points``, 0 is fine): replaced by its
  scaffold (default ``*Your answer:*``); an empty scaffold drops the cell;
* the first cell (title and learning objectives) becomes "# NN Title: exercises", a paragraph
  on how to work, and the learning objectives;
* every other cell (statements, questions, imports, ``check(...)`` cells) is copied as is; the
  navigation cells are written as ``tools/navigation.py`` writes them.

It also writes the lesson's "## Exercises" cell (``NN_title.ipynb``, found again by the
metadata tag ``exercises`` and an HTML comment; added before the last navigation cell when
missing): the titles of the exercises (the ``##`` and ``###`` headings of the solutions
notebook) and links to the exercises and the solutions notebooks.

An exercise is a section of the solutions notebook that starts at a markdown cell beginning
with a ``##`` or ``###`` heading. A section holding a solution cell must end with a code cell
calling ``check(``, and no solution code may come after that call. A malformed source (markers
unbalanced or in a cell without the metadata, a solution code cell without markers, a missing
or duplicate ``grade_id``, an exercise without a final check cell) stops the generator with an
error naming the notebook and the cell; nothing is written then. A solutions notebook with no
solution cell at all is not converted yet: it is skipped with a note.

Files are written only when their text changes (atomically: a temporary file renamed over
the old one). An exercise notebook whose cells and metadata are unchanged keeps its stored
outputs.
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from pathlib import Path

import nbformat

from binms_teach.cli.course import write_atomic

sys.path.insert(0, str(Path(__file__).resolve().parent))
import navigation  # noqa: E402  (tools/navigation.py, beside this file)

ROOT = Path(__file__).resolve().parent.parent
BEGIN = "### BEGIN SOLUTION"
END = "### END SOLUTION"
CODE_SCAFFOLD = "# your code here"
MARKDOWN_SCAFFOLD = "*Your answer:*"
EXERCISES_TAG = "exercises"
EXERCISES_MARKER = (
    "<!-- exercises: written by tools/exercises.py (make exercises), do not edit -->"
)
HEADING = re.compile(r"^\s{0,3}(#{2,3})\s+(.*?)\s*#*\s*$")
CHECK_CALL = re.compile(r"(^|[^\w.])check\(", re.M)
HOW_TO_WORK = (
    "Work through these exercises after the lesson, in order, in this notebook. Replace each "
    "`...` and each `# your code here` by your code or your answer, then run the cell; every "
    "exercise ends with a `check(...)` cell that answers in one line: correct, or what is "
    "wrong and a hint. Written answers (*Your answer:*) are yours to compare with the worked "
    "solutions, which are linked at the top and the bottom of this notebook."
)


class SourceError(ValueError):
    """A malformed solutions notebook: the message names the notebook and the cell."""


def _where(path: Path, index: int, cell) -> str:
    return f"{path.name}, cell {index} (id {cell.get('id', '?')!r})"


def is_solution(cell) -> bool:
    """Whether a cell is an answer: nbgrader's ``solution`` flag in its metadata."""
    return bool(cell.metadata.get("nbgrader", {}).get("solution", False))


def scaffold_of(cell, default: str) -> str:
    """What replaces the answer in the exercise notebook (``binms_teach.scaffold``)."""
    return cell.metadata.get("binms_teach", {}).get("scaffold", default)


def has_markers(source: str) -> bool:
    """Whether a line of ``source`` is a BEGIN or END SOLUTION marker.

    >>> has_markers("x = 1\\n    ### END SOLUTION"), has_markers("# BEGIN SOLUTION")
    (True, False)
    """
    return any(line.strip() in (BEGIN, END) for line in source.splitlines())


def strip_solution(source: str, scaffold: str, where: str) -> str:
    """``source`` with each BEGIN/END SOLUTION block replaced by ``scaffold``.

    >>> strip_solution("def f(x):\\n    ### BEGIN SOLUTION\\n    return x\\n    ### END SOLUTION",
    ...                "raise NotImplementedError", "here")
    'def f(x):\\n    raise NotImplementedError'
    """
    out, indent, inside = [], "", False
    for number, line in enumerate(source.split("\n"), start=1):
        marker = line.strip()
        if marker == BEGIN:
            if inside:
                raise SourceError(f"{where}: line {number} opens `{BEGIN}` inside an open one: "
                                  f"close the first with `{END}`")
            inside, indent = True, line[: len(line) - len(line.lstrip())]
            out += [indent + s if s else s for s in scaffold.split("\n")] if scaffold else []
        elif marker == END:
            if not inside:
                raise SourceError(f"{where}: line {number} has `{END}` without a "
                                  f"`{BEGIN}` before it")
            inside = False
        elif not inside:
            out.append(line)
    if inside:
        raise SourceError(f"{where}: `{BEGIN}` is never closed: add a line `{END}`")
    return "\n".join(out)


def heading_of(cell):
    """The ``##``/``###`` heading opening a markdown cell that is not an answer, or None.

    >>> heading_of(nbformat.v4.new_markdown_cell("## Exercise 1\\n\\nAdd.")).group(1, 2)
    ('##', 'Exercise 1')
    """
    if cell.cell_type != "markdown" or is_solution(cell):
        return None
    return HEADING.match(cell.source.lstrip().split("\n")[0])


def sections(nb):
    """(heading, [cell indices]) for each ``##``/``###`` section; the heading is '' before one."""
    found, heading, members = [], "", []
    for i, cell in enumerate(nb.cells):
        match = heading_of(cell)
        if match and i > 0:
            found.append((heading, members))
            heading, members = match.group(2), []
        members.append(i)
    found.append((heading, members))
    return found


def validate(path: Path, nb) -> None:
    """Raise `SourceError` for the first malformed cell of a solutions notebook."""
    grade_ids = {}
    for i, cell in enumerate(nb.cells):
        where = _where(path, i, cell)
        if not is_solution(cell):
            if cell.cell_type == "code" and has_markers(cell.source):
                raise SourceError(f"{where}: solution markers in a cell without the metadata "
                                  "nbgrader.solution = true: add it (see CONTRIBUTING)")
            continue
        meta = cell.metadata["nbgrader"]
        grade_id = meta.get("grade_id")
        if not grade_id:
            raise SourceError(f"{where}: a solution cell without nbgrader.grade_id: give it a "
                              "unique one")
        if grade_id in grade_ids:
            raise SourceError(f"{where}: grade_id {grade_id!r} is already used by cell "
                              f"{grade_ids[grade_id]}: grade_ids must be unique")
        grade_ids[grade_id] = i
        if meta.get("schema_version") != 3:
            raise SourceError(f"{where}: nbgrader.schema_version must be 3")
        if cell.cell_type == "markdown" and not (meta.get("grade") and "points" in meta):
            raise SourceError(f"{where}: a markdown answer must be graded by hand in nbgrader's "
                              "terms (nbgrader refuses it otherwise): set nbgrader.grade = true "
                              "and nbgrader.points (0 is fine)")
        if cell.cell_type == "code":
            if not has_markers(cell.source):
                raise SourceError(f"{where}: a solution code cell without `{BEGIN}` / `{END}` "
                                  "lines: mark the answer")
            strip_solution(cell.source, "", where)  # balanced?
        if not isinstance(scaffold_of(cell, ""), str):
            raise SourceError(f"{where}: binms_teach.scaffold must be a string")
    for heading, members in sections(nb):
        solutions = [i for i in members if is_solution(nb.cells[i])]
        if not solutions:
            continue
        code = [i for i in members if nb.cells[i].cell_type == "code"]
        last = code[-1] if code else members[-1]  # only prose answers: name the last cell
        cell = nb.cells[last]
        title = f"exercise {heading!r}" if heading else "the cells before the first heading"
        ends_with_check = code and CHECK_CALL.search(strip_solution(
            cell.source, "", _where(path, last, cell)) if is_solution(cell) else cell.source)
        if not ends_with_check:
            raise SourceError(f"{_where(path, last, cell)}: {title} does not end with a code "
                              "cell calling check(...): add one (see CONTRIBUTING)")
        # The final check( must follow the last END marker; a check( inside an answer
        # (before the marker) does not count, either way.
        if is_solution(cell) and not CHECK_CALL.search(
                cell.source[cell.source.rfind(END) + len(END):]):
            raise SourceError(f"{_where(path, last, cell)}: {title}: the check(...) call must "
                              f"come after `{END}`")


def exercises_path(solutions: Path) -> Path:
    stem = solutions.stem.removesuffix(navigation.SOLUTIONS_SUFFIX)
    return (solutions.parent.parent / navigation.EXERCISES_DIR
            / f"{stem}{navigation.EXERCISES_SUFFIX}.ipynb")


def title_cell(path: Path, cell):
    """The first cell of an exercise notebook: title, how to work, learning objectives."""
    title = navigation.title_of(nbformat.v4.new_notebook(cells=[cell]), path.stem)
    title = re.sub(r":\s*solutions\s*$", "", title, flags=re.I)
    paragraphs = re.split(r"\n\s*\n", cell.source.strip())
    # keep what follows the solutions' own introduction: the learning objectives
    start = next((i for i, p in enumerate(paragraphs) if i and p.lstrip().startswith("#")), None)
    rest = paragraphs[start:] if start is not None else []
    new = copy.deepcopy(cell)
    new.source = "\n\n".join([f"# {title}: exercises", HOW_TO_WORK, *rest])
    return new


def exercise_notebook(path: Path, nb):
    """The exercise notebook of the solutions notebook ``nb`` (without navigation cells)."""
    validate(path, nb)
    out = copy.deepcopy(nb)
    out.metadata.pop("widgets", None)
    cells = [title_cell(path, nb.cells[0])]
    for i, cell in enumerate(nb.cells[1:], start=1):
        if cell.cell_type == "markdown" and navigation.is_navigation(cell):
            continue
        new = copy.deepcopy(cell)
        if new.cell_type == "code":
            new.outputs, new.execution_count = [], None
        if is_solution(cell):
            if cell.cell_type == "markdown":
                new.source = scaffold_of(cell, MARKDOWN_SCAFFOLD)
                if not new.source.strip():
                    continue
            else:
                new.source = strip_solution(cell.source, scaffold_of(cell, CODE_SCAFFOLD),
                                            _where(path, i, cell))
                if not new.source.strip():  # an empty scaffold and nothing outside the markers
                    continue
        cells.append(new)
    out.cells = cells
    return out


def exercise_titles(nb) -> list[tuple[int, str]]:
    """(level, text) of the ``##``/``###`` headings of a solutions notebook."""
    titles = []
    for cell in nb.cells[1:]:
        match = heading_of(cell)
        if match and not navigation.is_navigation(cell):
            titles.append((len(match.group(1)), match.group(2)))
    return titles


def exercises_cell_text(course, lesson: Path, exercises: Path, solutions: Path, nb) -> str:
    lines = [
        EXERCISES_MARKER,
        "## Exercises",
        "",
        f"Work on them in **{course.link(exercises, lesson)}**: each one answers back with a "
        f"`check(...)` cell. Worked solutions: {course.link(solutions, lesson)}.",
        "",
    ]
    titles = exercise_titles(nb)
    top = min((level for level, _ in titles), default=2)
    lines += [f"{'  ' * (level - top)}- {text}" for level, text in titles]
    return "\n".join(lines)


def is_exercises_cell(cell) -> bool:
    return cell.cell_type == "markdown" and (
        EXERCISES_TAG in cell.metadata.get("tags", []) or EXERCISES_MARKER in cell.source)


def with_exercises_cell(lesson_nb, text: str):
    """A copy of the lesson with its Exercises cell written (added before the last navigation)."""
    nb = nbformat.from_dict(copy.deepcopy(lesson_nb))
    found = [c for c in nb.cells if is_exercises_cell(c)]
    if found:
        found[0].source = text
        found[0].metadata["tags"] = [t for t in found[0].metadata.get("tags", [])
                                     if t != EXERCISES_TAG] + [EXERCISES_TAG]
        nb.cells = [c for c in nb.cells if not is_exercises_cell(c) or c is found[0]]
        return nb
    cell = nbformat.v4.new_markdown_cell(text)
    cell.id = "exercises"
    cell.metadata = {"tags": [EXERCISES_TAG]}
    at = len(nb.cells)
    if nb.cells and nb.cells[-1].cell_type == "markdown" and navigation.is_navigation(nb.cells[-1]):
        at -= 1
    nb.cells.insert(at, cell)
    return nb


# ---------------------------------------------------------------- comparing and writing


def _key(nb):
    """What the generator owns: the cells' types, ids, sources and metadata, and the notebook's
    metadata (without what an execution adds). Outputs are the executor's."""
    meta = {k: v for k, v in nb.metadata.items() if k not in ("language_info", "widgets")}
    cells = [(c.cell_type, c.get("id"), c.source, dict(c.metadata)) for c in nb.cells]
    return nb.nbformat, nb.nbformat_minor, meta, cells


def plan(folder: Path):
    """(files to write: {path: notebook}, skipped solutions notebooks). Raises SourceError."""
    folder = Path(folder)
    generated, sources, skipped = {}, {}, []
    for source in sorted((folder / navigation.SOLUTIONS_DIR).glob(
            f"*{navigation.SOLUTIONS_SUFFIX}.ipynb")):
        nb = navigation.read(source)
        if not any(is_solution(c) for c in nb.cells):
            skipped.append(source)
            continue
        target = exercises_path(source)
        generated[target] = exercise_notebook(source, nb)
        sources[target] = (source, nb)
    course = navigation.Course(folder, extra=generated)
    result = {}
    for target, (source, nb) in sources.items():
        result[target] = course.updated(target)
        lesson = course.lesson_of(source)
        if lesson:
            text = exercises_cell_text(course, lesson, target, source, nb)
            result[lesson] = with_exercises_cell(course.books[lesson], text)
    return result, skipped


def update(folder: Path, check: bool = False):
    """Write the stale files; return (changed paths, skipped sources). ``check``: write none."""
    files, skipped = plan(folder)
    changed = []
    for path, nb in files.items():
        if path.is_file():
            old = navigation.read(path)
            if _key(old) == _key(nb):
                continue
        changed.append(path)
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, navigation.serialise(nb).encode("utf-8"))
    return changed, skipped


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=ROOT / "notebooks", type=Path,
                        help="the course folder (default: notebooks/ of this repository)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if an exercise notebook or an Exercises "
                             "cell is stale")
    args = parser.parse_args(argv)
    if not (args.folder / navigation.SOLUTIONS_DIR).is_dir():
        parser.error(f"{args.folder} has no {navigation.SOLUTIONS_DIR}/ folder of notebooks.")
    try:
        changed, skipped = update(args.folder, check=args.check)
    except SourceError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for path in skipped:
        print(f"skipped (no solution cell marked yet): {path}")
    for path in changed:
        print(f"{'stale' if args.check else 'written'}: {path}")
    if args.check and changed:
        print("Run `make exercises` to regenerate the exercise notebooks.", file=sys.stderr)
        return 1
    if not changed:
        print("exercises: every exercise notebook is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
