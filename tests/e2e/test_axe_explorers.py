"""The three explorers in a real JupyterLab, as a screen-reader or keyboard-only student meets them.

``fixtures/explorers.ipynb`` shows the ascent, path-map and labelling explorers on the first
300 Digits. After Run All:

- axe-core (wcag2a/aa, wcag21a/aa) over the three explorers: no violation (the baseline
  before this work: 3 Play buttons without a name, 2 sliders without a name, 5 pictures without
  alt in the ascent explorer alone), and every contrast axe leaves undecided measured here;
- every slider handle is named after its description, every picture has a text alternative
  of at least 8 words, the readouts are polite live regions;
- a keyboard-only ascent: Tab reaches every control of the ascent explorer, each with a name;
  Enter and Space on **step** advance the iteration, the arrow keys move the iteration slider,
  Enter on **play** plays to the end; after each key the readout and the iterate's text
  alternative say the new iteration.

JupyterLab's own interface around the notebook is outside this test (see the book's
accessibility page): axe is run on the explorers only.
"""

from __future__ import annotations

import json
import re

import pytest
from axe_audit import audit, run_axe

from binms_teach.figures import alt_text_problem

pytestmark = pytest.mark.e2e

NOTEBOOK = "tests/e2e/fixtures/explorers.ipynb"
EXPLORER = ".binms-explorer"

# What has focus: its kind and its accessible name as the page gives it (aria-label, the
# label element of an input, or the text).
_JS_FOCUSED = """() => {
  const e = document.activeElement;
  if (!e) return null;
  const inside = Boolean(e.closest('.binms-explorer'));
  const label = e.getAttribute('aria-label')
    || (e.labels && e.labels.length ? e.labels[0].textContent : '')
    || e.textContent || e.getAttribute('title') || '';
  return {inside: inside, tag: e.tagName.toLowerCase(), role: e.getAttribute('role') || '',
          name: label.trim(), disabled: Boolean(e.disabled)};
}"""


def _readout(explorer):
    return explorer.locator(".bga-readout").inner_text()


def _wait_iteration(page, explorer, j, timeout=30_000):
    """Wait until the readout and the iterate's alt both say iteration j."""
    page.wait_for_function(
        """([root, j]) => {
          const r = root.querySelector('.bga-readout');
          const img = root.querySelector('img.bga-iterate');
          return r && img && r.textContent.startsWith('iteration ' + j + ' of')
                 && img.alt.includes('at iteration ' + j + ' of');
        }""",
        arg=[explorer.element_handle(), j], timeout=timeout)


def test_explorers_for_every_student(open_lab_notebook, lab_page, e2e_artifacts):
    page = lab_page
    nb = open_lab_notebook(NOTEBOOK)
    nb.run_all_cells(timeout=300)
    nb.wait_for_widgets(min_count=3)
    explorers = page.locator(EXPLORER)
    assert explorers.count() == 3
    # the script inside each explorer has named the sliders and set the live regions
    page.wait_for_function(
        """() => { const handles = document.querySelectorAll('.binms-explorer [role=slider]');
                   const live = document.querySelectorAll('.binms-explorer .binms-live');
                   return handles.length >= 4 && live.length === 3
                     && [...handles].every(h => h.getAttribute('aria-label'))
                     && [...live].every(l => l.getAttribute('aria-live') === 'polite'
                                             && l.getAttribute('role') === 'status'); }""",
        timeout=30_000)
    names = page.eval_on_selector_all(f"{EXPLORER} [role=slider]",
                                      "hs => hs.map(h => h.getAttribute('aria-label'))")
    assert names == ["k1", "iteration", "updates", "k2"], names
    alts = page.eval_on_selector_all(f"{EXPLORER} img.widget-image", "is => is.map(i => i.alt)")
    assert len(alts) == 8  # 5 ascent pictures, the path map, the labelling map and centres
    assert [a for a in alts if alt_text_problem(a)] == []

    # axe over the three explorers (the notebook's page around them is JupyterLab's)
    found = audit(page, context={"include": [[EXPLORER]]})
    nb.screenshot(explorers.first, "ascent-explorer")
    assert not found.violations and not found.low_contrast, "\n".join(found.report())
    # JupyterLab's own interface around them, recorded (not failed on): the book's
    # accessibility page names these limits
    around = run_axe(page, {"exclude": [[EXPLORER]]})["violations"]
    (e2e_artifacts / "jupyterlab-own-violations.json").write_text(json.dumps(
        [{"id": v["id"], "impact": v["impact"], "nodes": len(v["nodes"]), "help": v["help"]}
         for v in around], indent=1))

    # a keyboard-only ascent through the first explorer
    ascent = explorers.first
    ascent.locator("input").first.focus()  # the "point" field, the explorer's first control
    reached = []
    for _ in range(30):
        focused = page.evaluate(_JS_FOCUSED)
        if not focused["inside"]:
            break
        reached.append(focused)
        page.keyboard.press("Tab")
    kinds = {(f["role"] or f["tag"], f["name"]) for f in reached}
    assert all(f["name"] for f in reached), reached  # every control has a name
    for control in [("input", "point"), ("slider", "k1"), ("button", "index"),
                    ("button", "ball"), ("button", "play"), ("button", "step"),
                    ("slider", "iteration")]:
        assert control in kinds, f"Tab never reached {control}: {kinds}"

    def focus(role, name):
        ascent.locator("input").first.focus()
        for _ in range(30):
            f = page.evaluate(_JS_FOCUSED)
            if (f["role"] or f["tag"]) == role and f["name"] == name:
                return
            page.keyboard.press("Tab")
        raise AssertionError(f"Tab did not reach {role} {name!r}")

    _wait_iteration(page, ascent, 0)
    focus("button", "step")
    page.keyboard.press("Enter")
    _wait_iteration(page, ascent, 1)
    page.keyboard.press("Space")
    _wait_iteration(page, ascent, 2)
    focus("slider", "iteration")
    page.keyboard.press("ArrowLeft")
    _wait_iteration(page, ascent, 1)
    last = int(re.match(r"iteration \d+ of (\d+)", _readout(ascent)).group(1))
    focus("button", "play")
    page.keyboard.press("Enter")
    _wait_iteration(page, ascent, last, timeout=60_000)
    page.wait_for_function("b => b.textContent.trim() === 'play'",
                           arg=ascent.locator("button", has_text="play").element_handle())
    nb.assert_no_errors()
