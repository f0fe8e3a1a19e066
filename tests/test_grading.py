"""`binms-teach nbgrader DIR`: the course folder it writes, read without nbgrader.

What nbgrader does with it (release, autograde, feedback) is tests/test_nbgrader_cycle.py's.
"""

import json
import re

import pytest

from binms_teach import exercises
from binms_teach.cli.course import CourseError, course_source
from binms_teach.cli.grading import (
    CHECK_POINTS,
    IMPLEMENT_POINTS,
    PROSE_POINTS,
    RUBRIC,
    write_nbgrader_course,
)
from binms_teach.cli.main import main
from tests.guards import missing

SOLUTIONS = sorted((course_source() / "solutions").glob("*_solutions.ipynb"))


def _read(path):
    return json.loads(path.read_text(encoding="utf-8"))


def _src(cell):
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    dest = tmp_path_factory.mktemp("grading") / "course"
    assert main(["nbgrader", str(dest)]) == 0
    return dest


def test_one_assignment_per_lesson_with_the_students_names(course):
    written = sorted(p.relative_to(course).as_posix() for p in course.rglob("*") if p.is_file())
    expected = sorted(["nbgrader_config.py"] + [
        f"source/{p.stem[:-10]}/{p.stem[:-10]}_exercises.ipynb" for p in SOLUTIONS])
    assert written == expected
    for path in course.glob("source/*/*.ipynb"):
        nb = _read(path)
        title = _src(nb["cells"][0]).split("\n")[0]
        assert title.startswith("# ") and title.endswith(": exercises"), title
        text = "\n".join(_src(c) for c in nb["cells"] if not c["metadata"].get("nbgrader"))
        assert "solutions" not in title.lower() and "reads \"correct\"" not in text
        assert "](../" not in text and "<!-- navigation" not in text  # no link out of release
        assert "widgets" not in nb["metadata"]
        assert "Learning objectives" in _src(nb["cells"][0])


def test_every_checked_answer_is_followed_by_its_locked_test(course):
    ids_seen = []
    for path in sorted(course.glob("source/*/*.ipynb")):
        cells = _read(path)["cells"]
        grade_ids = [c["metadata"]["nbgrader"]["grade_id"] for c in cells
                     if "nbgrader" in c["metadata"]]
        assert len(grade_ids) == len(set(grade_ids)), path.name
        for i, cell in enumerate(cells):
            meta = cell["metadata"].get("nbgrader", {})
            checked = re.findall(r"""^check\("([^"]+)", (\w+)\)""", _src(cell), re.M)
            if cell["cell_type"] == "code" and not meta.get("grade") and checked:
                (exercise_id, name), = checked
                test = cells[i + 1]
                points = (IMPLEMENT_POINTS if isinstance(exercises.EXERCISES[exercise_id],
                                                         exercises.Implement) else CHECK_POINTS)
                assert test["metadata"]["nbgrader"] == {
                    "grade": True, "grade_id": "test_" + exercise_id.replace(".", "_"),
                    "locked": True, "points": points, "schema_version": 3,
                    "solution": False, "task": False}
                assert "HIDDEN TESTS" not in _src(test)  # nothing to strip: no checksum warning
                assert _src(test).endswith(f"graded({exercise_id!r}, {name!r}, globals())")
                assert _src(test).startswith(f"# Graded: {exercise_id}, {points} point")
                ids_seen.append(exercise_id)
            if meta.get("solution") and cell["cell_type"] == "markdown":
                assert meta["grade"] and meta["points"] == PROSE_POINTS
                assert _src(cell).endswith(RUBRIC)
            if meta.get("solution") and cell["cell_type"] == "code":
                assert "### BEGIN SOLUTION" in _src(cell)
    checked_in_solutions = sorted(
        i for p in SOLUTIONS for c in _read(p)["cells"] if c["cell_type"] == "code"
        for i in re.findall(r"""^check\("([^"]+)",""", _src(c), re.M))
    assert sorted(ids_seen) == checked_in_solutions


def test_worked_steps_the_exercises_drop_are_dropped(course):
    for solutions in SOLUTIONS:
        name = solutions.stem[:-10]
        source = _read(course / "source" / name / f"{name}_exercises.ipynb")
        kept = {c["metadata"]["nbgrader"]["grade_id"] for c in source["cells"]
                if "nbgrader" in c["metadata"]}
        for cell in _read(solutions)["cells"]:
            meta = cell["metadata"].get("nbgrader", {})
            scaffold = cell["metadata"].get("binms_teach", {}).get("scaffold")
            if meta.get("solution") and cell["cell_type"] == "markdown":
                assert (meta["grade_id"] in kept) == (scaffold is None or bool(scaffold.strip()))


def test_a_rerun_changes_nothing_and_an_edit_is_kept_unless_forced(course, capsys):
    before = {p: p.read_bytes() for p in course.rglob("*") if p.is_file()}
    assert main(["nbgrader", str(course)]) == 0
    assert {p: p.read_bytes() for p in course.rglob("*") if p.is_file()} == before
    config = course / "nbgrader_config.py"
    config.write_text(config.read_text() + "c.Execute.timeout = 30\n")
    with pytest.raises(CourseError, match="differ from ours.*nbgrader_config.py.*--force"):
        write_nbgrader_course(course)
    assert config.read_text().endswith("= 30\n")
    write_nbgrader_course(course, force=True)
    assert config.read_bytes() == before[config]


def test_a_graded_cell_is_silent_for_the_student_and_strict_for_nbgrader(monkeypatch):
    """``graded`` does nothing in a student's run; under nbgrader it takes the answer out of the
    namespace and fails with the whole verdict unless the answer is correct."""
    from binms_teach.cli.grading import graded

    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    namespace = {"answer": 99}
    assert graded("02.inertia", "answer", namespace) is None and namespace == {"answer": 99}
    for how in ("autograde", "validate"):
        monkeypatch.setenv("NBGRADER_EXECUTION", how)
        namespace = {"answer": 14}
        graded("02.inertia", "answer", namespace)
        assert namespace == {}  # a later question left unanswered is judged on nothing
        with pytest.raises(AssertionError, match="02.inertia: not answered yet"):
            graded("02.inertia", "answer", namespace)
        with pytest.raises(AssertionError, match="99 is too large"):
            graded("02.inertia", "answer", {"answer": 99})

    def hamming_distance(a, b):  # counts the agreements: the counterexample comes whole
        return int((a == b).sum())
    with pytest.raises(AssertionError) as error:
        graded("01.hamming", "hamming_distance", {"hamming_distance": hamming_distance})
    assert "The input where yours differs, to paste into a cell:" in str(error.value)
    assert "hamming_distance(a, b)" in str(error.value)


def test_the_course_config_names_the_feedback_exporter(course):
    config = (course / "nbgrader_config.py").read_text(encoding="utf-8")
    assert ('c.GenerateFeedback.exporter_class = '
            '"binms_teach.exercises.feedback.FeedbackExporter"') in config


def test_the_feedback_names_each_graded_cell_by_its_id_and_heading(course):
    import importlib.util

    import nbformat

    if importlib.util.find_spec("nbgrader") is None:
        missing("nbgrader is not installed: pip install -e '.[teach]'")

    from binms_teach.exercises.feedback import question_names

    path = next(course.glob("source/06_*/*.ipynb"))
    nb = question_names(nbformat.read(path, as_version=4))
    names = [c.metadata["binms_teach"]["question"] for c in nb.cells
             if c.metadata.get("nbgrader", {}).get("grade")]
    assert "06.1 · Exercise 1: odd and even $k_1$" in names
    assert "Question 1 (06.update)" in names
    assert "06.bga_step · Implement it yourself: one BGA step" in names
    assert "Exercise 1: odd and even $k_1$ (written answer)" in names
    assert len(names) == len(set(names))
