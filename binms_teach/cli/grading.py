"""``binms-teach nbgrader DIR``: a ready nbgrader course folder, built from the solutions.

Each solutions notebook shipped with the package becomes the nbgrader *source* of one
assignment, ``DIR/source/NN_title/NN_title_exercises.ipynb`` (the student's file name and
title), beside ``DIR/nbgrader_config.py``. ``nbgrader generate_assignment NN_title`` then
writes the student's version. What changes from the solutions notebook:

* after every cell calling ``check("ID", NAME)`` comes a locked test cell worth
  `CHECK_POINTS` (`IMPLEMENT_POINTS` for a function to write), ``graded("ID", "NAME",
  globals())`` (`graded`). It does nothing when the student runs it, so a notebook with wrong
  answers still runs top to bottom; when nbgrader grades (autograde) or validates the
  notebook it fails unless ``check("ID", NAME)`` is correct, and its error holds the verdict
  whole (a function's counterexample as code to paste). It also takes ``NAME`` out of the
  notebook's namespace, so a later question left unanswered (nbgrader's stub raises
  ``NotImplementedError`` before ``NAME`` is assigned) is judged on nothing, never on this
  question's answer. The test is visible, not one of nbgrader's hidden tests: nothing in it
  is secret (``check`` is in the package), and a cell whose hidden tests nbgrader strips at
  release no longer matches its checksum at autograde, which nbgrader reports as a warning
  for every such cell of every student;
* a prose answer (a markdown solution cell) is graded by hand, `PROSE_POINTS` points; the
  source keeps the worked answer followed by the rubric `RUBRIC`, for the grader;
* worked prose the exercise notebook drops (a markdown solution cell whose scaffold is empty)
  is dropped here too; a worked code step stays, as a cell for the student's code (the answer
  cells after it may use what it computes); the scaffold's hints stay as comments above the
  answer;
* the title cell says how the notebook is graded; the navigation cells, whose links point
  to folders a release does not have, are left out.

The course's ``nbgrader_config.py`` makes ``nbgrader generate_feedback`` write the feedback
pages with `binms_teach.exercises.feedback.FeedbackExporter`: each graded question named by
its id and heading, the maths typeset offline.

The notebooks are read as JSON (no nbformat needed: the command runs from a bare install).
"""

import json
import os
import re
from pathlib import Path

from .course import CourseError, check_folder, course_source, write_atomic

CHECK_POINTS = 1
IMPLEMENT_POINTS = 2
PROSE_POINTS = 2
RUBRIC = (f"*Rubric ({PROSE_POINTS} points): {PROSE_POINTS} for the right conclusion with its "
          "reason, backed by a number or figure from the student's own cells; 1 for the right "
          "conclusion without a reason (or with a wrong one); 0 for a wrong or missing "
          "conclusion.*")
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
CHECK_LINE = re.compile(r"""^\s*check\(\s*["']([^"']+)["']\s*,\s*([A-Za-z_]\w*)\s*\)""", re.M)
NAVIGATION = "<!-- navigation:"
CONFIG = '''\
# nbgrader's configuration for the binms-teach exercises (written by `binms-teach nbgrader`).
c = get_config()
c.CourseDirectory.course_id = "binms-teach"
# Some exercises recompute a result on a whole data set: give a cell time when grading.
c.Execute.timeout = 300
# The feedback pages name each graded question and typeset the maths without the network
# (MathJax from the sphinx-mathjax-offline package, inside each page).
c.GenerateFeedback.exporter_class = "binms_teach.exercises.feedback.FeedbackExporter"
'''
HOW_IT_IS_GRADED = (
    "Write your answers in place of `# YOUR CODE HERE` (delete the line "
    "`raise NotImplementedError()` below it) and of *YOUR ANSWER HERE*, then run the notebook "
    "from the top (Kernel > Restart Kernel and Run All Cells) before you submit it. Each "
    "`check(...)` line answers in one line, for your own feedback. Your marks come from the "
    "locked cells marked *Graded*, which do nothing when you run them: nbgrader runs them "
    "when it grades your notebook, and each gives its points when `check` says correct: "
    f"{CHECK_POINTS} point for each checked result, {IMPLEMENT_POINTS} for each "
    f"function you write; your written answers are read by your teacher ({PROSE_POINTS} "
    "points each: the right conclusion with its reason, backed by a number or figure from "
    "your own cells)."
)


def _source(cell):
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def _nbgrader(cell):
    return cell.get("metadata", {}).get("nbgrader", {})


def _scaffold(cell):
    return cell.get("metadata", {}).get("binms_teach", {}).get("scaffold")


def assignment_name(solutions_path):
    """``06_binary_gradient_ascent`` for ``.../06_binary_gradient_ascent_solutions.ipynb``.

    >>> assignment_name("solutions/01_binary_data_and_hamming_solutions.ipynb")
    '01_binary_data_and_hamming'
    """
    return Path(solutions_path).stem.removesuffix("_solutions")


def title_cell(cell):
    """The first cell: "# NN Title: exercises", how it is graded, the learning objectives.

    >>> title_cell({"cell_type": "markdown", "metadata": {}, "source":
    ...     "# 06 Ascent: solutions\\n\\nWorked.\\n\\n## Learning objectives\\n\\n- climb"}
    ...     )["source"].split("\\n\\n")[::2]
    ['# 06 Ascent: exercises', '## Learning objectives']
    """
    paragraphs = re.split(r"\n\s*\n", _source(cell).strip())
    title = re.sub(r":\s*solutions\s*$", "", paragraphs[0].lstrip("# ").strip(), flags=re.I)
    start = next((i for i, p in enumerate(paragraphs) if i and p.lstrip().startswith("#")),
                 len(paragraphs))
    source = "\n\n".join([f"# {title}: exercises", HOW_IT_IS_GRADED, *paragraphs[start:]])
    return dict(cell, source=source)


def with_hints(source, scaffold):
    """The answer cell with the exercise notebook's scaffold kept as comments above it.

    >>> print(with_hints("### BEGIN SOLUTION\\nanswer = 3\\n### END SOLUTION",
    ...                  "answer = ...  # a number"))
    # answer = ...  # a number
    ### BEGIN SOLUTION
    answer = 3
    ### END SOLUTION
    """
    hints = [line if line.lstrip().startswith("#") else f"# {line}"
             for line in (scaffold or "").split("\n")
             if line.strip() and not line.lstrip().startswith("raise ")]
    out = []
    for line in source.split("\n"):
        if line.strip() == BEGIN:
            indent = line[: len(line) - len(line.lstrip())]
            out += [indent + hint.lstrip() for hint in hints]
        out.append(line)
    return "\n".join(out)


def graded(exercise_id, name, namespace):
    """The graded test of one answer, as the locked test cells call it.

    Silent when a student runs the notebook. When nbgrader grades (autograde) or validates
    it (``NBGRADER_EXECUTION`` set), it takes ``name`` out of ``namespace``, so that a later
    question left unanswered is never judged on this answer, and raises `AssertionError`
    with the whole verdict unless ``check(exercise_id, value)`` is correct.

    Examples
    --------
    >>> answer = 14
    >>> graded("02.inertia", "answer", globals())  # a student's run: nothing happens
    >>> answer
    14
    """
    __tracebackhide__ = True  # IPython shows the cell that called, not this function
    if os.environ.get("NBGRADER_EXECUTION") not in ("autograde", "validate"):
        return
    from ..exercises import check

    verdict = check(exercise_id, namespace.pop(name, ...))
    if not verdict.correct:
        raise AssertionError(repr(verdict))


def graded_test_cell(exercise_id, name, points):
    """The locked, graded cell that checks the answer ``name`` of ``exercise_id``."""
    grade_id = "test_" + re.sub(r"[^A-Za-z0-9_-]", "_", exercise_id)
    source = "\n".join([
        f"# Graded: {exercise_id}, {points} point{'s' * (points != 1)}. This cell does nothing "
        "when you run it; nbgrader runs it",
        f"# when it grades your notebook, and gives the point{'s' * (points != 1)} if "
        f"check({exercise_id!r}, {name}) says correct.",
        "from binms_teach.cli.grading import graded",
        "",
        f"graded({exercise_id!r}, {name!r}, globals())",
    ])
    return {"cell_type": "code", "execution_count": None, "id": grade_id.replace("_", "-"),
            "metadata": {"deletable": False, "editable": False, "nbgrader": {
                "grade": True, "grade_id": grade_id, "locked": True, "points": points,
                "schema_version": 3, "solution": False, "task": False}},
            "outputs": [], "source": source}


def points_of(exercise_id):
    """`IMPLEMENT_POINTS` for a function to write, else `CHECK_POINTS`."""
    from ..exercises import EXERCISES, Implement

    return IMPLEMENT_POINTS if isinstance(EXERCISES.get(exercise_id), Implement) else CHECK_POINTS


def student_notebook(nb):
    """The nbgrader source notebook of a solutions notebook (a dict, as read from JSON)."""
    cells = [title_cell(nb["cells"][0])]
    for cell in nb["cells"][1:]:
        source, meta = _source(cell), _nbgrader(cell)
        if cell["cell_type"] == "markdown" and source.lstrip().startswith(NAVIGATION):
            continue
        scaffold = _scaffold(cell)
        if (meta.get("solution") and cell["cell_type"] == "markdown" and scaffold is not None
                and not scaffold.strip()):
            continue  # worked prose the exercise notebook leaves out: not the student's answer
        cell = json.loads(json.dumps(cell))
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
        if meta.get("solution") and cell["cell_type"] == "markdown":
            cell["source"] = f"{source.rstrip()}\n\n{RUBRIC}"
            cell["metadata"]["nbgrader"].update(grade=True, points=PROSE_POINTS)
        elif meta.get("solution"):
            cell["source"] = with_hints(source, scaffold)
        cell["metadata"].pop("binms_teach", None)
        cells.append(cell)
        if cell["cell_type"] == "code":
            for exercise_id, name in CHECK_LINE.findall(source):
                cells.append(graded_test_cell(exercise_id, name, points_of(exercise_id)))
    out = dict(nb, cells=cells)
    out["metadata"] = {k: v for k, v in nb["metadata"].items() if k != "widgets"}
    return out


def nbgrader_files(source=None):
    """{relative path: text} of the course folder: the config and one source per lesson."""
    source = course_source() if source is None else Path(source)
    files = {"nbgrader_config.py": CONFIG}
    for path in sorted((source / "solutions").glob("*_solutions.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        if not any(_nbgrader(c).get("solution") for c in nb["cells"]):
            continue  # not in the exercise format: nothing to grade
        name = assignment_name(path)
        files[f"source/{name}/{name}_exercises.ipynb"] = (
            json.dumps(student_notebook(nb), indent=1, ensure_ascii=False) + "\n")
    return files


def write_nbgrader_course(dest, *, force=False, source=None):
    """Write the nbgrader course folder ``dest``; return what to print.

    Raises
    ------
    CourseError
        When ``dest`` cannot be a folder, or holds files that differ from ours and ``force``
        is False (then nothing is written).
    """
    dest = Path(dest)
    check_folder(dest)
    files = nbgrader_files(source)
    differ = [f for f, text in files.items() if (dest / f).exists()
              and (dest / f).read_text(encoding="utf-8") != text]
    if differ and not force:
        raise CourseError(f"{len(differ)} file(s) in {dest} differ from ours ({differ[0]}"
                          f"{', ...' if len(differ) > 1 else ''}), so they may hold your "
                          "changes; nothing was written. Write into another folder, or add "
                          "--force to overwrite them.")
    for f, text in files.items():
        (dest / f).parent.mkdir(parents=True, exist_ok=True)
        write_atomic(dest / f, text.encode("utf-8"))
    names = sorted(Path(f).parent.name for f in files if f.startswith("source/"))
    return (f"{dest}: nbgrader_config.py and {len(names)} assignments in source/ "
            f"({', '.join(names)}).\nRelease one from that folder with:\n"
            f"    cd {dest} && nbgrader generate_assignment {names[0] if names else 'NAME'}")
