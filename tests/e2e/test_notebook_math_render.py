"""End-to-end: the derivation's mathematics renders in a real JupyterLab.

Notebooks 04 and 05 (the Aitchison-Aitken kernel, and the step from it to the median
shift of Eq. 7) are opened in headless Chromium; nothing is executed, the stored
notebook is what a student first sees. JupyterLab's own MathJax (shipped with it, no
network) must have typeset every formula of every markdown cell:

- each markdown cell shows one ``mjx-container`` per ``$...$`` / ``$$...$$`` of its
  source (counted by ``tests/test_notebook_math.py``), the display ones as display math;
- no MathJax error (``mjx-merror``, e.g. unbalanced braces) and no undefined macro
  (which MathJax shows as red text);
- none of the raw TeX is left in the rendered text: no ``$``, ``$$``, ``\\begin``,
  ``\\tag``, ``\\mathbf``.

A picture of two derivation cells is kept in the test's artifacts folder.
One JupyterLab server and one browser serve both notebooks (session fixtures).
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from tests.by_path import load_module

pytestmark = pytest.mark.e2e

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = {
    "04": "notebooks/04_aitchison_aitken_kernel.ipynb",
    "05": "notebooks/05_kernel_to_median_shift.ipynb",
}
# Cells worth a picture, found by how they begin (cell ids change when a lesson is edited):
# the gradient of Eq. (6), the sign of the kernel L's gradient, and the ratio with its q >= 1.
PICTURES = {"04": ["## 6. The gradient"], "05": ["So, by analogy", "## 7. The ratio"]}
TYPESET_TIMEOUT = 60.0  # s: MathJax typesets a few hundred formulas on a loaded machine
RAW_TEX = re.compile(r"\$|\\begin|\\end\{|\\tag|\\mathbf|\\mathrm|\\frac")


def _math_rules():
    """tests/test_notebook_math.py, loaded by path (tests/e2e is its own rootdir)."""
    path = REPO_ROOT / "tests" / "test_notebook_math.py"
    return load_module(path, "notebook_math_rules")


RULES = _math_rules()

# JS: per cell of the open notebook, what MathJax left in it.
_JS_MATH = """(path) => {
  const app = window.jupyterapp;
  let panel = null;
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === path && w.content && w.content.widgets) { panel = w; }
  }
  if (!panel) { return {error: 'no open notebook panel for ' + path}; }
  return panel.content.widgets.map((cell, index) => {
    if (cell.model.type !== 'markdown') { return {index: index, type: cell.model.type}; }
    const html = cell.node.querySelector('.jp-RenderedMarkdown');
    if (!html) { return {index: index, type: 'markdown', rendered: false}; }
    const text = html.cloneNode(true);
    text.querySelectorAll('mjx-container, code, pre').forEach(e => e.remove());
    return {
      index: index,
      type: 'markdown',
      rendered: cell.rendered,
      id: cell.model.id,
      math: html.querySelectorAll('mjx-container').length,
      display: html.querySelectorAll('mjx-container[display="true"]').length,
      // a TeX error is an merror; an undefined macro (MathJax's noundefined) red text
      errors: [...html.querySelectorAll('mjx-container')]
        .filter(m => m.querySelector(
          'mjx-merror, [style*="color: red"], merror, [mathcolor="red"]'))
        .map(m => {
          const mml = m.querySelector('mjx-assistive-mml');
          return mml ? mml.textContent.slice(0, 80) : 'MathJax error';
        }).slice(0, 3),
      text: text.textContent,
    };
  });
}"""


def _expected(notebook: str) -> dict[str, tuple[int, int]]:
    """Cell id -> (formulas, display formulas) of each markdown cell of the file."""
    nb = nbformat.read(REPO_ROOT / notebook, as_version=4)
    expected = {}
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            display, inline = RULES._formulas(cell.source)
            expected[cell.id] = (len(display) + len(inline), len(display))
    return expected


def _typeset(nb, expected, timeout=TYPESET_TIMEOUT):
    """Wait until every markdown cell is rendered and holds all its formulas."""
    want = sum(n for n, _ in expected.values())
    nb.page.wait_for_function(
        """([path, want]) => {
             const nodes = document.querySelectorAll(
               '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-MarkdownCell mjx-container');
             return nodes.length >= want;
           }""",
        arg=[nb.path, want],
        timeout=timeout * 1000,
        polling=200,
    )
    cells = nb.page.evaluate(_JS_MATH, nb.path)
    if isinstance(cells, dict):
        raise AssertionError(cells["error"])
    return [c for c in cells if c["type"] == "markdown"]


@pytest.mark.parametrize("key", sorted(NOTEBOOKS))
def test_the_derivation_renders_as_mathematics(key, open_lab_notebook, e2e_artifacts):
    notebook = NOTEBOOKS[key]
    expected = _expected(notebook)
    assert sum(n for n, _ in expected.values()) > 50, f"{notebook} has hardly any LaTeX"
    assert sum(d for _, d in expected.values()) >= 5, f"{notebook} has too few displays"

    nb = open_lab_notebook(notebook)
    cells = _typeset(nb, expected)

    assert len(cells) == len(expected), "JupyterLab shows another number of markdown cells"
    problems = []
    for cell in cells:
        formulas, displays = expected[cell["id"]]
        where = f"cell {cell['index']} ({cell['id']})"
        if not cell.get("rendered"):
            problems.append(f"{where}: markdown not rendered")
            continue
        if cell["math"] != formulas or cell["display"] != displays:
            problems.append(
                f"{where}: {cell['math']} formulas typeset ({cell['display']} display), "
                f"the source has {formulas} ({displays} display)"
            )
        if cell["errors"]:
            problems.append(f"{where}: MathJax errors {cell['errors']}")
        raw = RAW_TEX.search(cell["text"])
        if raw:
            excerpt = cell["text"][max(0, raw.start() - 40) : raw.end() + 40]
            problems.append(f"{where}: raw TeX on the page: ...{excerpt!r}")
    if problems:
        nb.save_page_screenshot("math-problems")
    assert not problems, f"{notebook}:\n  " + "\n  ".join(problems)

    sources = {c.id: c.source for c in nbformat.read(REPO_ROOT / notebook, as_version=4).cells}
    for start in PICTURES[key]:
        cell_id = next(i for i, source in sources.items() if source.startswith(start))
        index = next(c["index"] for c in cells if c["id"] == cell_id)
        png = nb.screenshot(nb.cell(index), f"{key}-{cell_id}")
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert any(e2e_artifacts.glob(f"{key}-*.png"))
