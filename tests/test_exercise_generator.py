"""tools/exercises.py: the exercise notebooks are written from the solutions notebooks.

On a tiny course in a temporary folder: the answers between the markers are replaced by the
scaffold and the lines outside them stay, prose answers are replaced or dropped, the lesson
gets its Exercises cell, a re-run changes nothing, and each kind of malformed source stops the
generator with an error naming the notebook and the cell. On the real course: the committed
exercise notebooks (and the lessons' Exercises cells) are what the generator writes, and the
check cells and the ids of `binms_teach.exercises` match one to one.
"""

import doctest
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from binms_teach import exercises as answers
from tests import guards
from tests.by_path import load_module

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
generator = load_module(ROOT / "tools" / "exercises.py")
navigation = load_module(ROOT / "tools" / "navigation.py")

SOLUTIONS = sorted((NOTEBOOKS / "solutions").glob("*_solutions.ipynb"))
CHECK_ID = re.compile(r"""\bcheck\(\s*["']([^"']+)["']""")


# ---------------------------------------------------------------- a tiny course


def _solution(cell, grade_id, scaffold=None):
    cell.metadata["nbgrader"] = {"solution": True, "grade": False, "locked": False,
                                 "grade_id": grade_id, "schema_version": 3}
    if cell.cell_type == "markdown":  # nbgrader: a prose answer is graded by hand
        cell.metadata["nbgrader"].update(grade=True, points=0)
    if scaffold is not None:
        cell.metadata["binms_teach"] = {"scaffold": scaffold}
    return cell


def _notebook(*cells):
    nb = nbformat.v4.new_notebook()
    nb.cells = list(cells)
    for i, cell in enumerate(nb.cells):
        cell.id = f"c{i}"
    return nb


md, code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell
IMPLEMENT = '''def double(x):
    """Twice x."""
    ### BEGIN SOLUTION
    return 2 * x
    ### END SOLUTION


check("01.double", double)'''


def _solutions_notebook():
    return _notebook(
        md("# 01 One: solutions\n\nWorked solutions.\n\n## Learning objectives\n\n- add"),
        code("from binms_teach.exercises import check"),
        md("## Exercise 1: a sum\n\nAdd 1 and 1."),
        _solution(code("### BEGIN SOLUTION\nanswer = 1 + 1\n### END SOLUTION\nprint('kept')"),
                  "ex1", "answer = ...  # a number"),
        _solution(md("Two, because one and one make two."), "ex1-why"),
        code('check("01.1", answer)'),
        md("## Exercise 2: double it\n\nWrite `double`."),
        _solution(code(IMPLEMENT), "ex2", 'raise NotImplementedError("write it")'),
        _solution(md("An aside the student need not write."), "ex2-aside", ""),
        md("### Question 1 (`01.q`)\n\nWhich letter? (a) or (b)."),
        _solution(code('### BEGIN SOLUTION\nletter = "a"\n### END SOLUTION\ncheck("01.q", letter)'),
                  "q1"),
    )


def _course(folder, solutions=None):
    (folder / "solutions").mkdir(parents=True)
    lesson = _notebook(md("# 01 One\n\nA summary.\n\n## Learning objectives\n\n- add"),
                       code("1 + 1"), md("## Take-aways\n\n- one and one make two"))
    nbformat.write(lesson, folder / "01_one.ipynb")
    nbformat.write(solutions or _solutions_notebook(),
                   folder / "solutions" / "01_one_solutions.ipynb")
    return folder


def _snapshot(folder):
    return {p: p.read_bytes() for p in sorted(folder.rglob("*.ipynb"))}


def _read(path):
    return nbformat.read(path, as_version=4)


def test_the_generators_doctests():
    failed, attempted = doctest.testmod(generator)
    assert attempted >= 2 and failed == 0


def test_generator_strips_answers_and_keeps_the_rest(tmp_path):
    course = _course(tmp_path)
    changed, skipped = generator.update(course)
    out = course / "exercises" / "01_one_exercises.ipynb"
    assert set(changed) == {out, course / "01_one.ipynb"} and skipped == []
    nb = _read(out)
    sources = [c.source for c in nb.cells]
    text = "\n".join(sources)
    # the title, the way to work, the objectives; navigation second and last
    assert sources[0].startswith("# 01 One: exercises\n\nWork through these exercises")
    assert "## Learning objectives\n\n- add" in sources[0] and "Worked solutions" not in text
    assert navigation.is_navigation(nb.cells[1]) and navigation.is_navigation(nb.cells[-1])
    assert "[01 One](../01_one.ipynb)" in sources[1]
    assert "(../solutions/01_one_solutions.ipynb)" in sources[1]
    # markers and answers gone, scaffold in, outside lines kept
    assert "BEGIN SOLUTION" not in text and "END SOLUTION" not in text
    assert "1 + 1" not in text and "return 2 * x" not in text and 'letter = "a"' not in text
    assert "answer = ...  # a number\nprint('kept')" in sources
    assert ('def double(x):\n    """Twice x."""\n    raise NotImplementedError("write it")'
            '\n\n\ncheck("01.double", double)') in sources
    assert '# your code here\ncheck("01.q", letter)' in sources  # the default scaffold
    # prose answers: replaced by the default scaffold, or dropped when it is empty
    assert "*Your answer:*" in sources and "Two, because" not in text
    assert "An aside" not in text
    # statements and check cells copied as they are, with their ids
    assert 'check("01.1", answer)' in sources
    assert "### Question 1 (`01.q`)\n\nWhich letter? (a) or (b)." in sources
    solutions = _read(course / "solutions" / "01_one_solutions.ipynb")
    kept = {c.id for c in solutions.cells} - {"c8"}  # c8: the dropped aside
    assert kept <= {c.id for c in nb.cells}
    assert all(c.outputs == [] for c in nb.cells if c.cell_type == "code")


def test_generator_writes_the_lessons_exercises_cell_once(tmp_path):
    course = _course(tmp_path)
    generator.update(course)
    lesson = _read(course / "01_one.ipynb")
    cells = [c for c in lesson.cells if generator.is_exercises_cell(c)]
    assert len(cells) == 1 and cells[0] is lesson.cells[-1]
    text = cells[0].source
    assert "## Exercises" in text
    assert "[01 One: exercises](exercises/01_one_exercises.ipynb)" in text
    assert "[01 One: solutions](solutions/01_one_solutions.ipynb)" in text
    assert text.endswith("- Exercise 1: a sum\n- Exercise 2: double it\n  - Question 1 (`01.q`)")
    # a re-run changes nothing; a changed title moves into the lesson and the notebook
    first = _snapshot(course)
    assert generator.update(course) == ([], [])
    assert _snapshot(course) == first
    path = course / "solutions" / "01_one_solutions.ipynb"
    nb = _read(path)
    nb.cells[2].source = "## Exercise 1: a sum of two ones\n\nAdd 1 and 1."
    nbformat.write(nb, path)
    edited = _snapshot(course)
    changed, _ = generator.update(course, check=True)
    assert {p.name for p in changed} == {"01_one.ipynb", "01_one_exercises.ipynb"}
    assert _snapshot(course) == edited  # --check writes nothing
    generator.update(course)
    assert "- Exercise 1: a sum of two ones" in _read(course / "01_one.ipynb").cells[-1].source
    assert sum(generator.is_exercises_cell(c) for c in _read(course / "01_one.ipynb").cells) == 1


def test_generator_keeps_the_outputs_of_an_unchanged_notebook(tmp_path):
    course = _course(tmp_path)
    generator.update(course)
    out = course / "exercises" / "01_one_exercises.ipynb"
    nb = _read(out)
    nb.cells[2].outputs = [nbformat.v4.new_output("stream", name="stdout", text="ran\n")]
    nb.cells[2].execution_count = 1
    nb.metadata["language_info"] = {"name": "python"}  # what an execution adds
    nbformat.write(nb, out)
    before = out.read_bytes()
    assert generator.update(course) == ([], [])
    assert out.read_bytes() == before


def test_the_command_line_check_mode(tmp_path, capsys):
    course = _course(tmp_path)
    assert generator.main([str(course), "--check"]) == 1
    assert "stale" in capsys.readouterr().out
    assert not (course / "exercises").exists()
    assert generator.main([str(course)]) == 0
    assert generator.main([str(course), "--check"]) == 0


def test_a_solutions_notebook_without_solution_cells_is_skipped(tmp_path):
    plain = _notebook(md("# 01 One: solutions\n\n## Learning objectives\n\n- add"), code("2"))
    course = _course(tmp_path, plain)
    before = _snapshot(course)
    changed, skipped = generator.update(course)
    assert changed == [] and [p.name for p in skipped] == ["01_one_solutions.ipynb"]
    assert _snapshot(course) == before


def _malformed(change):
    nb = _solutions_notebook()
    change(nb)
    return nb


def _set(index, source):
    def change(nb):
        nb.cells[index].source = source
    return change


def _unmark(index):
    def change(nb):
        del nb.cells[index].metadata["nbgrader"]
    return change


def _grade_id(index, value):
    def change(nb):
        nb.cells[index].metadata["nbgrader"]["grade_id"] = value
    return change


def _ungrade(index):
    def change(nb):
        nb.cells[index].metadata["nbgrader"].update(grade=False)
    return change


def _drop(*indices):
    def change(nb):
        for index in indices:  # the highest first: the others keep their place
            del nb.cells[index]
    return change


@pytest.mark.parametrize("change, cell, message", [
    (_set(3, "### BEGIN SOLUTION\nanswer = 2\nprint(answer)"), "cell 3 (id 'c3')",
     "`### BEGIN SOLUTION` is never closed"),
    (_set(3, "answer = 2\n### END SOLUTION"), "cell 3 (id 'c3')",
     "`### END SOLUTION` without a `### BEGIN SOLUTION`"),
    (_set(3, "### BEGIN SOLUTION\n### BEGIN SOLUTION\nanswer = 2\n### END SOLUTION"),
     "cell 3 (id 'c3')", "inside an open one"),
    (_set(3, "answer = 2"), "cell 3 (id 'c3')", "a solution code cell without"),
    (_unmark(3), "cell 3 (id 'c3')", "solution markers in a cell without the metadata"),
    (_grade_id(7, "ex1"), "cell 7 (id 'c7')", "grade_id 'ex1' is already used by cell 3"),
    (_grade_id(7, ""), "cell 7 (id 'c7')", "without nbgrader.grade_id"),
    (_ungrade(4), "cell 4 (id 'c4')", "set nbgrader.grade = true and nbgrader.points"),
    (_drop(5), "cell 3 (id 'c3')", "exercise 'Exercise 1: a sum' does not end with a code cell "
     "calling check"),
    (_drop(5, 3), "cell 3 (id 'c4')", "exercise 'Exercise 1: a sum' does not end with a code "
     "cell calling check"),
    (_set(10, 'check("01.q", ...)\n### BEGIN SOLUTION\nletter = "a"\n### END SOLUTION'),
     "cell 10 (id 'c10')", "the check(...) call must come after"),
], ids=["unclosed", "end-without-begin", "nested", "no-markers", "markers-without-metadata",
        "duplicate-grade-id", "no-grade-id", "ungraded-markdown", "no-check-cell",
        "only-a-prose-answer",
        "check-before-answer"])
def test_a_malformed_source_names_the_notebook_and_the_cell(tmp_path, capsys, change, cell,
                                                            message):
    course = _course(tmp_path, _malformed(change))
    before = _snapshot(course)
    with pytest.raises(generator.SourceError) as error:
        generator.update(course)
    assert f"01_one_solutions.ipynb, {cell}" in str(error.value)
    assert message in str(error.value)
    assert _snapshot(course) == before  # nothing written
    assert generator.main([str(course)]) == 2
    assert message in capsys.readouterr().err


def test_a_check_call_inside_the_answer_is_not_the_final_check(tmp_path):
    # The answer itself calls check( before `### END SOLUTION`; the final call comes after
    # the marker, so the exercise is well formed and its answer is stripped with that call.
    source = ('### BEGIN SOLUTION\nletter = "a"\ncheck("01.q", letter)  # try it first\n'
              '### END SOLUTION\ncheck("01.q", letter)')
    course = _course(tmp_path, _malformed(_set(10, source)))
    out = course / "exercises" / "01_one_exercises.ipynb"
    changed, _ = generator.update(course)
    assert set(changed) == {out, course / "01_one.ipynb"}
    sources = [c.source for c in _read(out).cells]
    assert '# your code here\ncheck("01.q", letter)' in sources
    assert not any("try it first" in text for text in sources)


# ---------------------------------------------------------------- the real course


def test_committed_exercise_notebooks_are_the_generators_output():
    stale, _ = generator.update(NOTEBOOKS, check=True)
    assert not stale, (f"stale: {[p.name for p in stale]}: run `make exercises` (or "
                       "python tools/exercises.py, then tools/navigation.py)")


def test_every_exercise_notebook_has_its_solutions_source():
    for path in sorted((NOTEBOOKS / "exercises").glob("*.ipynb")):
        stem = path.stem.removesuffix("_exercises")
        assert (NOTEBOOKS / "solutions" / f"{stem}_solutions.ipynb").is_file(), (
            f"{path.name} has no solutions notebook to be generated from: delete it")


def _sections(nb):
    return [(heading, [nb.cells[i] for i in members])
            for heading, members in generator.sections(nb)]


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.name)
def test_every_exercise_and_question_ends_with_a_known_check(path):
    nb = _read(path)
    assert any(generator.is_solution(c) for c in nb.cells), (
        f"{path.name} has no solution cell: convert it to the exercise format (CONTRIBUTING)")
    generator.validate(path, nb)
    known = set(answers.list())
    for heading, cells in _sections(nb):
        if not re.match(r"(Exercise|Question|Implement)", heading):
            continue
        codes = [c for c in cells if c.cell_type == "code"]
        assert codes and CHECK_ID.search(codes[-1].source), (
            f"{path.name}: {heading!r} does not end with a check(...) cell")
        for cell in codes:
            for exercise_id in CHECK_ID.findall(cell.source):
                assert exercise_id in known, (
                    f"{path.name}: {heading!r} checks {exercise_id!r}, which "
                    "binms_teach.exercises does not know")


def test_every_exercise_id_is_checked_in_some_solutions_notebook():
    checked = set()
    for path in SOLUTIONS:
        for cell in _read(path).cells:
            if cell.cell_type == "code":
                checked.update(CHECK_ID.findall(cell.source))
    orphans = [i for i in answers.list() if i not in checked]
    assert not orphans, f"ids no solutions notebook checks: {orphans}"


# ---------------------------------------------------------------- nbgrader


def _nbgrader_release(tmp_path, sources):
    """Run the real `nbgrader generate_assignment` on ``sources``; the released notebooks."""
    if importlib.util.find_spec("nbgrader") is None:
        guards.missing("nbgrader is not installed: pip install -e '.[teach]'")
    course = tmp_path / "course"
    (course / "source" / "ps").mkdir(parents=True)
    for source in sources:
        shutil.copy(source, course / "source" / "ps" / source.name)
    (course / "nbgrader_config.py").write_text(
        "c = get_config()\n"
        f"c.CourseDirectory.root = {str(course)!r}\n"
        f"c.CourseDirectory.db_url = 'sqlite:///{(course / 'gradebook.db').as_posix()}'\n",
        encoding="utf-8")
    # nbgrader runs `alembic` for its database: the one beside this Python
    env = dict(os.environ, PATH=os.pathsep.join([str(Path(sys.executable).parent),
                                                 os.environ.get("PATH", "")]))
    result = subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment", "ps",
                             "--force"], cwd=course, env=env, capture_output=True, text=True,
                            encoding="utf-8", timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    return {p.name: _read(p) for p in sorted((course / "release" / "ps").glob("*.ipynb"))}


def test_nbgrader_releases_the_solutions_notebooks_without_their_answers(tmp_path):
    tiny = _course(tmp_path / "tiny") / "solutions" / "01_one_solutions.ipynb"
    real = [p for p in SOLUTIONS if p.name.startswith("06_")]
    sources = [tiny] + real
    released = _nbgrader_release(tmp_path, sources)
    assert sorted(released) == sorted(p.name for p in sources)
    for source in sources:
        nb, out = _read(source), released[source.name]
        text = "\n".join(c.source for c in out.cells)
        assert "BEGIN SOLUTION" not in text and "END SOLUTION" not in text
        by_id = {c.id: c for c in out.cells}
        for cell in nb.cells:
            kept = by_id[cell.id].source
            if generator.is_solution(cell) and cell.cell_type == "markdown":
                assert kept != cell.source  # the prose answer is gone
            elif generator.is_solution(cell):
                lines, kept_lines = cell.source.split("\n"), kept.split("\n")
                outside = generator.strip_solution(cell.source, "", source.name).split("\n")
                begin = [i for i, line in enumerate(lines) if line.strip() == generator.BEGIN]
                end = [i for i, line in enumerate(lines) if line.strip() == generator.END]
                answer = [line for b, e in zip(begin, end, strict=True) for line in lines[b + 1:e]]
                assert all(line in kept_lines for line in outside if line.strip())
                assert answer and not any(line in kept_lines for line in answer if line.strip())
            else:
                assert kept == cell.source  # statements, imports and check cells as they are
        assert any(CHECK_ID.search(c.source) for c in nb.cells)
        for cell in nb.cells:
            for line in cell.source.split("\n"):
                if CHECK_ID.search(line):
                    assert line in text, f"{source.name}: {line!r} lost by nbgrader"
