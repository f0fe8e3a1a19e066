"""The whole nbgrader cycle on the folder `binms-teach nbgrader` writes, with nbgrader itself.

One assignment holds the source notebooks of the three lessons with a function to write
(01.hamming, 02.majority_vote, 06.bga_step; found by their check ids, so renamed notebooks are
found again). nbgrader releases it; three students submit: the worked solutions, typical
mistakes, nothing; nbgrader autogrades and writes the feedback. Asserted per graded cell:
full marks, the mistakes' zeros (and nothing else lost), all zeros. The mistakes include the
classic trap: a question left unanswered right after one whose answer is the same letter or
uses the same variable must score 0, not the previous question's point.

The feedback pages: every graded cell named by its question (nbgrader's own page says "Test
cell"), a wrong function's counterexample printed whole, MathJax inside the page (no script
from the network), and autograde without nbgrader's "checksum has changed" warnings (the
graded cells hold no hidden tests to strip). tests/e2e/test_feedback_page.py opens such a page
in a browser offline and checks that its maths is typeset.

Marked ``nbgrader`` (``pytest -m nbgrader``); nothing else in the suite needs nbgrader.
"""

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from binms_teach.cli.grading import BEGIN, END, write_nbgrader_course
from tests import guards

pytestmark = pytest.mark.nbgrader

ASSIGNMENT = "cycle"
IMPLEMENTED = ("01.hamming", "02.majority_vote", "06.bga_step")
# What a student typically gets wrong, as the whole answer cell of each check id.
MISTAKES = {
    "01.hamming": ("def hamming_distance(a, b):\n"
                   "    return int(np.sum(a == b))  # counts the agreements (Eq. 3 as printed)\n"
                   "\n\ncheck(\"01.hamming\", hamming_distance)"),
    "02.majority_vote": ("def majority(X, tie=\"one\"):\n"
                         "    X = np.asarray(X)\n"
                         "    twice_ones = 2 * X.sum(axis=0)\n"
                         "    vote = (twice_ones > len(X)).astype(np.uint8)\n"
                         "    if tie == \"zero\":  # the tie rule swapped\n"
                         "        vote[twice_ones == len(X)] = 1\n"
                         "    return vote\n"
                         "\n\ncheck(\"02.majority_vote\", majority)"),
    "06.bga_step": ("def bga_step(X, x, k1, tie):\n"
                    "    X, x = np.asarray(X), np.asarray(x)\n"
                    "    nearest = np.argsort((X != x).sum(axis=1), kind=\"stable\")[:k1]\n"
                    "    return (2 * X[nearest].sum(axis=0) >= k1).astype(np.uint8)  # no tie\n"
                    "\n\ncheck(\"06.bga_step\", bga_step)"),
}
# Left as nbgrader's stub in the mistakes' submission although the question before checks the
# same variable (01.1 -> 01.2: `total`) or has the same answer ("b": 06.printed_updates ->
# 06.density): the test cell must not grade them with the previous answer.
UNANSWERED = ("01.2", "06.density")


def _source(cell):
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def _checked_ids(cell):
    return re.findall(r"""^check\(["']([^"']+)["']""", _source(cell), re.M)


def _run(course, *args):
    """Run nbgrader in the course folder; its output (stdout and the log on stderr)."""
    env = dict(os.environ, PATH=os.pathsep.join([str(Path(sys.executable).parent),
                                                 os.environ.get("PATH", "")]))
    result = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                            capture_output=True, text=True, encoding="utf-8", timeout=900)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout + result.stderr


def _submission(release, source, replace=None, unanswered=()):
    """The released notebook with the answers of ``source`` written in; ``replace`` maps a
    check id to the whole source of its cell; cells checking ``unanswered`` keep the stub."""
    replace = replace or {}
    answers = {c["metadata"]["nbgrader"]["grade_id"]: c for c in source["cells"]
               if c["metadata"].get("nbgrader", {}).get("solution")}
    nb = json.loads(json.dumps(release))
    for cell in nb["cells"]:
        grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id")
        if grade_id not in answers:
            continue
        ids = _checked_ids(cell)
        if any(i in unanswered for i in ids):
            continue
        if any(i in replace for i in ids):
            cell["source"] = next(replace[i] for i in ids if i in replace)
            continue
        lines = _source(answers[grade_id]).split("\n")
        if cell["cell_type"] == "markdown":
            lines = lines[:-1]  # the rubric
        cell["source"] = "\n".join(line for line in lines if line.strip() not in (BEGIN, END))
    return nb


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Run the cycle once; {student: {notebook: {grade_id: (score, max_score, manual)}}}."""
    if importlib.util.find_spec("nbgrader") is None:
        guards.missing("nbgrader is not installed: pip install -e '.[teach]'")
    course = tmp_path_factory.mktemp("nbgrader") / "course"
    write_nbgrader_course(course)
    sources = {}
    for path in sorted((course / "source").glob("*/*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        if any(i in IMPLEMENTED for c in nb["cells"] for i in _checked_ids(c)):
            sources[path.stem] = nb
    assert len(sources) == 3, sorted(sources)
    (course / "source" / ASSIGNMENT).mkdir()
    for name, nb in sources.items():
        (course / "source" / ASSIGNMENT / f"{name}.ipynb").write_text(json.dumps(nb),
                                                                      encoding="utf-8")
    _run(course, "generate_assignment", ASSIGNMENT, "--force")
    students = {"full": {}, "mistakes": {"replace": MISTAKES, "unanswered": UNANSWERED},
                "blank": None}
    for student, how in students.items():
        folder = course / "submitted" / student / ASSIGNMENT
        folder.mkdir(parents=True)
        for name, source in sources.items():
            released = course / "release" / ASSIGNMENT / f"{name}.ipynb"
            if how is None:
                shutil.copy(released, folder / released.name)
                continue
            release = json.loads(released.read_text(encoding="utf-8"))
            nb = _submission(release, source, **how)
            (folder / released.name).write_text(json.dumps(nb), encoding="utf-8")
    log = _run(course, "autograde", ASSIGNMENT, "--create", "--force")
    log += _run(course, "generate_feedback", ASSIGNMENT, "--force")

    from nbgrader.api import Gradebook

    scores = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for student in students:
            submission = gb.find_submission(ASSIGNMENT, student)
            scores[student] = {
                nb.name: {g.name: (g.score, g.max_score, g.needs_manual_grade)
                          for g in nb.grades}
                for nb in submission.notebooks}
    return course, sources, scores, log


def _tests(scores):
    """{grade_id: (score, max)} of the autograded test cells, all notebooks together."""
    return {g: (s, m) for nb in scores.values() for g, (s, m, _) in nb.items()
            if g.startswith("test_")}


def _expected_test_ids(sources):
    return {"test_" + re.sub(r"[^A-Za-z0-9_-]", "_", i)
            for nb in sources.values() for c in nb["cells"] for i in _checked_ids(c)
            if c["cell_type"] == "code" and not c["metadata"].get("nbgrader", {}).get("grade")}


def test_the_solutions_get_full_marks(graded):
    _, sources, scores, _ = graded
    tests = _tests(scores["full"])
    assert set(tests) == _expected_test_ids(sources)
    assert {g: s for g, (s, m) in tests.items() if s != m} == {}
    assert tests["test_06_bga_step"] == (2, 2) and tests["test_01_1"] == (2, 2)  # both functions
    # the written answers wait for the teacher
    prose = [v for nb in scores["full"].values() for g, v in nb.items() if not
             g.startswith("test_") and v[1] > 0]
    assert prose and all(manual for _, _, manual in prose)


def test_typical_mistakes_lose_exactly_their_points(graded):
    _, sources, scores, _ = graded
    tests = _tests(scores["mistakes"])
    lost = {g for g, (s, m) in tests.items() if s != m}
    expected = {"test_" + i.replace(".", "_") for i in (*IMPLEMENTED, *UNANSWERED)}
    assert lost == expected
    assert all(tests[g][0] == 0 for g in lost)
    total = sum(m for _, m in tests.values())
    assert sum(s for s, _ in tests.values()) == total - sum(tests[g][1] for g in lost)


def test_nothing_answered_scores_zero(graded):
    _, _, scores, _ = graded
    tests = _tests(scores["blank"])
    assert tests and all(s == 0 for s, _ in tests.values())
    # an unchanged written answer is given 0 by nbgrader, no teacher needed
    prose = [v for nb in scores["blank"].values() for g, v in nb.items()
             if not g.startswith("test_") and v[1] > 0]
    assert prose and all(score == 0 and not manual for score, _, manual in prose)


def _pages(course, student):
    return {p.stem: p.read_text(encoding="utf-8")
            for p in sorted((course / "feedback" / student / ASSIGNMENT).glob("*.html"))}


def test_every_student_gets_feedback_that_names_each_question(graded):
    course, sources, _, _ = graded
    for student in ("full", "mistakes", "blank"):
        pages = _pages(course, student)
        assert sorted(pages) == sorted(sources)
        for name, page in pages.items():
            toc = page.split('<div id="toc">', 1)[1].split("</div>", 1)[0]
            assert "Score:" in toc and "Test cell" not in page, (student, name)
            for exercise_id in {i for c in sources[name]["cells"] for i in _checked_ids(c)
                                if c["cell_type"] == "code"}:
                assert f">{exercise_id} · " in toc or f"({exercise_id})</a>" in toc, (
                    student, name, exercise_id)
            assert "(written answer)" in toc


def test_the_feedback_typesets_its_maths_offline(graded):
    """MathJax is inside the page: no script comes from the network, and nbgrader's MathJax 2
    configuration is gone (tests/e2e/test_feedback_page.py watches a browser typeset it)."""
    from binms_teach.exercises.feedback import mathjax_script

    if mathjax_script() is None:
        guards.missing("sphinx-mathjax-offline is not installed: pip install -e '.[teach]'")
    course, _, _, _ = graded
    for page in _pages(course, "mistakes").values():
        assert '<html lang="en">' in page
        assert not re.search(r"<script[^>]*\ssrc=[\"']https?:", page)
        assert "MathJax 3 (tex-svg), inlined" in page and "x-mathjax-config" not in page
        assert "$" in page  # the lessons' maths, left for MathJax


def test_a_wrong_function_gets_its_counterexample_whole(graded):
    course, _, _, _ = graded
    page = next(p for n, p in _pages(course, "mistakes").items() if n.startswith("06_"))
    assert "The input where yours differs, to paste into a cell:" in page
    assert "bga_step(X, x, k1=" in page and "X = np.array([[" in page
    assert "..." not in page.split("The input where yours differs", 1)[1].split("</pre>", 1)[0]


def test_autograde_warns_of_no_changed_checksum(graded):
    """nbgrader warns when a locked cell differs from its source; the graded cells hold no
    hidden tests, so an untouched release matches and autograde says nothing of it."""
    _, _, _, log = graded
    assert "checksum" not in log.lower(), [line for line in log.splitlines()
                                            if "checksum" in line.lower()][:3]
