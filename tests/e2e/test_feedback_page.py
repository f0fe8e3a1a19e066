"""The feedback page a student receives from nbgrader, read in headless Chromium offline.

The page is the one ``nbgrader generate_feedback`` writes with the course's exporter
(`binms_teach.exercises.feedback.FeedbackExporter`), built here without the whole nbgrader
cycle (tests/test_nbgrader_cycle.py runs that): lesson 06's graded notebook as
``binms-teach nbgrader`` writes it, its answers scored, one test failed with a function's
counterexample. Served on 127.0.0.1, every other request aborted, the browser must show:

- every formula typeset by the MathJax inside the page (one ``mjx-container`` per ``$...$`` /
  ``$$...$$`` of the markdown), no MathJax error, and none of the raw TeX in the visible text;
- the list of scores naming each graded question ("06.1 · Exercise 1: odd and even k1"), and
  no "Test cell";
- the failed test's counterexample whole, with no request leaving 127.0.0.1.

A picture of the top of the page is kept in the test's artifacts folder.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lab_driver import in_ci
from offline import offline_context, served

pytestmark = pytest.mark.e2e

TYPESET_TIMEOUT = 60_000  # ms
MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]+?\$", re.S)
RAW_TEX = re.compile(r"\$|\\mathbf|\\mathrm|\\varepsilon|\\frac|\\begin")

_JS_MATH = """() => {
  const body = document.querySelector('#notebook-container');
  return {typeset: document.querySelectorAll('#notebook-container mjx-container').length,
          toc: document.querySelectorAll('#toc mjx-container').length,
          errors: document.querySelectorAll('mjx-merror').length,
          text: body.innerText, toc_text: document.querySelector('#toc').innerText};
}"""


def _feedback_html(tmp_path):
    """Lesson 06's graded notebook, scored (one test failed with a counterexample), exported
    by the course's FeedbackExporter."""
    import nbformat

    from binms_teach.cli.grading import nbgrader_files
    from binms_teach.exercises import check
    from binms_teach.exercises.feedback import FeedbackExporter, mathjax_script

    if mathjax_script() is None:
        message = "sphinx-mathjax-offline is not installed: pip install -e '.[teach]'"
        if in_ci():
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    text = next(t for p, t in nbgrader_files().items() if p.startswith("source/06_"))
    nb = nbformat.reads(text, as_version=4)
    wrong = check("06.bga_step", lambda X, x, k1, tie: x)
    score = max_score = 0
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if not meta.get("grade"):
            continue
        failed = "06.bga_step" in cell.source and cell.cell_type == "code"
        meta["score"] = 0 if failed else meta["points"]
        score, max_score = score + meta["score"], max_score + meta["points"]
        if failed:
            cell.outputs = [nbformat.v4.new_output(
                "error", ename="AssertionError", evalue=repr(wrong),
                traceback=["AssertionError: " + line for line in repr(wrong).split("\n")])]
    resources = {"nbgrader": {"notebook": "06_binary_gradient_ascent_exercises",
                              "score": score, "max_score": max_score, "late_penalty": 0}}
    body, _ = FeedbackExporter().from_notebook_node(nb, resources)
    markdown = [c.source for c in nb.cells if c.cell_type == "markdown"]
    (tmp_path / "feedback.html").write_text(body, encoding="utf-8")
    return tmp_path, sum(len(MATH.findall(s)) for s in markdown)


def test_the_feedback_page_names_its_questions_and_typesets_its_maths_offline(
        lab_browser, tmp_path, e2e_artifacts):
    folder, formulas = _feedback_html(tmp_path)
    with served(folder) as url:
        context, outside = offline_context(lab_browser)
        try:
            page = context.new_page()
            page.goto(url + "feedback.html", wait_until="load")
            page.wait_for_function(
                "() => window.MathJax && MathJax.startup && MathJax.startup.promise"
                " && document.querySelectorAll('mjx-container').length > 0",
                timeout=TYPESET_TIMEOUT)
            page.evaluate("() => MathJax.startup.promise")
            seen = page.evaluate(_JS_MATH)
            page.screenshot(path=str(Path(e2e_artifacts) / "feedback-06.png"))
        finally:
            context.close()
    assert not outside, f"the page asked for addresses outside 127.0.0.1: {sorted(set(outside))}"
    assert seen["errors"] == 0
    assert seen["typeset"] >= formulas > 0, (seen["typeset"], formulas)
    leftover = [line for line in seen["text"].splitlines() if RAW_TEX.search(line)
                and not line.lstrip().startswith(("#", ">>>"))]
    # code shows as code (a docstring may hold a $): only prose lines must be free of raw TeX
    prose = [line for line in leftover if not re.search(r"[=()\[\]]\s*$|^\s{2,}|np\.", line)]
    assert not prose, prose[:5]
    assert "Test cell" not in seen["toc_text"]
    assert "06.1 · Exercise 1: odd and even" in seen["toc_text"] and seen["toc"] > 0
    assert "The input where yours differs, to paste into a cell:" in seen["text"]
    assert seen["toc_text"].count("·") >= 4 and "Question 1 (06.update)" in seen["toc_text"]
