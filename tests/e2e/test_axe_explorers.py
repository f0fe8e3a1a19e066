"""The four explorers in a real JupyterLab, as a screen-reader or keyboard-only student meets them.

``fixtures/explorers.ipynb`` shows the ascent, path-map and labelling explorers on the first
300 Digits and the kernel explorer of notebook 04 on its six points. After one Run All:

- axe-core (wcag2a/aa, wcag21a/aa) over the four explorers: no violation (the baseline
  before this work: 3 Play buttons without a name, 2 sliders without a name, 5 pictures without
  alt in the ascent explorer alone), and every contrast axe leaves undecided measured here;
- every slider handle is named after its description, every typed-value box and ``<input>``
  carries its own label, every toggle button says whether it is pressed (``aria-pressed``, one
  per group) in a named group, every picture has a text alternative of at least 8 words, the
  readouts are polite live regions, and the keyboard focus is drawn as a 3 px #1a1a1a ring
  with a 2 px white gap, at 3:1 or better against the page;
- a keyboard-only ascent: Tab reaches every control of the ascent explorer, each with a name;
  Enter and Space on **step** advance the iteration, the arrow keys move the iteration slider,
  Enter on **play** plays to the end; after each key the readout and the iterate's text
  alternative say the new iteration;
- reflow (WCAG 1.4.10): at 640 CSS px with the file browser open (200 % zoom of 1280) and at
  320 px, no explorer is wider than the notebook, no text in it is cut, the notebook needs no
  sideways scrolling; at 320 px each explorer is walked with Tab alone, every control it
  holds is reached and lies fully inside the notebook's visible area, and three keyboard
  steps of each explorer are announced: the live region's text, read in the page, equals what
  the package computes here for the same moves.

JupyterLab's own interface around the notebook is outside this test (see the book's
accessibility page): axe is run on the explorers only.
"""

from __future__ import annotations

import json
import re

import pytest
from axe_audit import audit, run_axe

from binms_teach.figures import alt_text_problem
from binms_teach.figures.palette import contrast_ratio

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
    nb.wait_for_widgets(min_count=4)
    explorers = page.locator(EXPLORER)
    assert explorers.count() == 4
    # the script inside each explorer has named the sliders and set the live regions
    page.wait_for_function(
        """() => { const handles = document.querySelectorAll('.binms-explorer [role=slider]');
                   const live = document.querySelectorAll('.binms-explorer .binms-live');
                   return handles.length >= 5 && live.length === 4
                     && [...handles].every(h => h.getAttribute('aria-label'))
                     && [...live].every(l => l.getAttribute('aria-live') === 'polite'
                                             && l.getAttribute('role') === 'status'); }""",
        timeout=30_000)
    names = page.eval_on_selector_all(f"{EXPLORER} [role=slider]",
                                      "hs => hs.map(h => h.getAttribute('aria-label'))")
    assert names == ["k1", "iteration", "updates", "k2", "lambda"], names
    alts = page.eval_on_selector_all(f"{EXPLORER} img.widget-image", "is => is.map(i => i.alt)")
    assert len(alts) == 9  # 5 ascent pictures, the path map, the labelling map and centres,
    assert [a for a in alts if alt_text_problem(a)] == []  # the kernel figure
    check_states_and_labels(page)

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
    # while it plays, the readout is no live region (one announcement a frame would queue up)
    page.wait_for_function("r => r.querySelector('.binms-live').getAttribute('aria-live')"
                           " === 'off'", arg=ascent.element_handle(), timeout=30_000)
    _wait_iteration(page, ascent, last, timeout=60_000)
    page.wait_for_function("b => b.textContent.trim() === 'play'",
                           arg=ascent.locator("button", has_text="play").element_handle())
    # stopped at the end: the readout is live again, the announcer says so once
    page.wait_for_function(
        """r => { const live = r.querySelector('.binms-live');
                  const said = r.querySelector('.binms-announce');
                  return live.getAttribute('aria-live') === 'polite'
                    && said.getAttribute('role') === 'status'
                    && said.getAttribute('aria-live') === 'polite'
                    && said.textContent.trim() === 'Play stopped: ' + live.textContent.trim(); }""",
        arg=ascent.element_handle(), timeout=30_000)
    assert f"iteration {last} of {last}" in ascent.locator(".binms-announce").inner_text()
    check_focus_outline(page, ascent)
    nb.assert_no_errors()

    # reflow: 200 % zoom of a 1280 px window with the file browser open, then 320 px
    page.set_viewport_size({"width": 640, "height": 800})
    page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
    page.wait_for_function("() => document.querySelector('.jp-FileBrowser')"
                           " && document.querySelector('.jp-FileBrowser').offsetWidth > 100")
    check_reflow(page, "640 px, file browser open")
    nb.screenshot(explorers.first, "ascent-640-files")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    page.set_viewport_size({"width": 320, "height": 640})
    check_reflow(page, "320 px")
    narrow = run_axe(page, {"include": [[EXPLORER]]})["violations"]  # names, ARIA, reflowed
    assert not narrow, [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in narrow]
    rings = [check_tab_walk_inside(page, explorers.nth(i)) for i in range(4)]
    (e2e_artifacts / "focus-rings.json").write_text(json.dumps(
        [[(f["text"], f["ring"], f["fill"]) for f in r] for r in rings], indent=1))
    check_announcements_at_320(page, explorers)
    nb.screenshot(explorers.nth(3), "kernel-320")
    nb.assert_no_errors()


def test_explorers_in_jupyterlabs_dark_theme(open_lab_notebook, lab_page):
    """In JupyterLab Dark the dark ring meets a dark page (1.08:1): the white gap is then the
    focus indicator, at 3:1 or better against the page and the control's fill; a pressed
    button's bar turns white (the dark one on #616161 was 2.81:1)."""
    page = lab_page
    nb = open_lab_notebook(NOTEBOOK)
    nb.run_all_cells(timeout=300)
    nb.wait_for_widgets(min_count=4)
    page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme',"
                  " {theme: 'JupyterLab Dark'})")
    # the theme is a setting of the session's JupyterLab: put it back for the tests after
    try:
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'",
                               timeout=30_000)
        explorers = page.locator(EXPLORER)
        seen = []
        for i in range(4):
            explorer = explorers.nth(i)
            explorer.locator("button:not([disabled]), input:not([type=hidden]), [role=slider]"
                             ).first.focus()
            page.keyboard.press("Tab")
            page.keyboard.press("Shift+Tab")
            for _ in range(20):
                f = explorer.evaluate(_JS_FOCUS_BOX)
                if not f["inside"]:
                    break
                f["ground"] = page.evaluate(_JS_GROUND)
                seen.append(f)
                page.keyboard.press("Tab")
        assert len(seen) >= 15, [f["text"] for f in seen]
        for f in seen:
            assert "rgb(255, 255, 255) 0px 0px 0px 2px" in f["shadow"], f
            assert contrast_ratio("#ffffff", _rgb(f["ground"])) >= 3, f
            if "rgba(0, 0, 0, 0)" not in f["fill"]:
                assert contrast_ratio("#ffffff", _rgb(f["fill"])) >= 3, f
        bars = page.eval_on_selector_all(
            f"{EXPLORER} button.widget-toggle-button.mod-active",
            "bs => bs.map(b => [getComputedStyle(b).boxShadow,"
            " getComputedStyle(b).backgroundColor])")
        assert len(bars) == 2, bars
        for shadow, fill in bars:
            assert "rgb(255, 255, 255) 0px -4px 0px 0px inset" in shadow, shadow
            assert contrast_ratio("#ffffff", _rgb(fill)) >= 3, fill
    finally:
        page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme',"
                      " {theme: 'JupyterLab Light'})")
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'true'",
                               timeout=30_000)
    nb.assert_no_errors()


# The colour behind the focused element: the first ancestor with a background of its own,
# outside the slider for a slider's handle (the slider's #fafafa box lies under its 4 px
# track only; around the handle is the page).
_JS_GROUND = """() => { const e = document.activeElement;
  let b = (e.closest('.widget-slider') || e).parentElement, bg = 'rgba(0, 0, 0, 0)';
  while (b && (bg === 'rgba(0, 0, 0, 0)' || bg === 'transparent')) {
    bg = getComputedStyle(b).backgroundColor; b = b.parentElement; }
  return bg; }"""


# --- states, labels, focus ----------------------------------------------------------------
def check_states_and_labels(page):
    """Toggle buttons say whether they are pressed; every input and typed-value box is named."""
    page.wait_for_function(
        """() => [...document.querySelectorAll('.binms-explorer button.widget-toggle-button')]
                   .every(b => b.hasAttribute('aria-pressed'))""", timeout=30_000)
    groups = page.eval_on_selector_all(
        f"{EXPLORER} .widget-toggle-buttons[role=group]",
        """gs => gs.map(g => ({name: g.getAttribute('aria-label'),
              pressed: [...g.querySelectorAll('button')].map(
                b => [b.textContent.trim(), b.getAttribute('aria-pressed'),
                      b.classList.contains('mod-active')])}))""")
    assert [g["name"] for g in groups] == ["neighbours", "epsilon on"], groups
    for g in groups:
        assert [p[1] for p in g["pressed"]].count("true") == 1, g
        assert all((p[1] == "true") == p[2] for p in g["pressed"]), g  # the state shown
    # the state drawn by more than the button's grey: a 4 px dark bar inside the bottom edge
    # and bold words on the pressed button, neither on the others; a #767676 edge on both
    drawn = page.eval_on_selector_all(
        f"{EXPLORER} button.widget-toggle-button",
        """bs => bs.map(b => { const s = getComputedStyle(b);
              return [b.getAttribute('aria-pressed'), s.fontWeight, s.boxShadow,
                      s.borderTopColor, s.borderTopWidth]; })""")
    for pressed, weight, shadow, edge, edge_width in drawn:
        bar = "rgb(26, 26, 26) 0px -4px 0px 0px inset" in shadow
        assert (pressed == "true") == (int(weight) >= 700) == bar, drawn
        assert (edge, edge_width) == ("rgb(118, 118, 118)", "1px"), drawn
    inputs = page.eval_on_selector_all(
        f"{EXPLORER} input:not([type=hidden]), {EXPLORER} [contenteditable=true]",
        "es => es.map(e => [e.tagName, e.getAttribute('role'), e.getAttribute('aria-label')])")
    assert ["INPUT", None, "point"] in inputs, inputs
    assert all(label for _, _, label in inputs), inputs
    assert all(role == "textbox" for tag, role, _ in inputs if tag == "DIV"), inputs


def _rgb(css):
    return "#" + "".join(f"{int(v):02x}" for v in re.findall(r"[\d.]+", css)[:3])


def check_focus_outline(page, explorer):
    """The focused control has its ring: 3 px, a white gap, at 3:1 or better against the cell."""
    explorer.locator("input").first.focus()
    page.keyboard.press("Tab")  # keyboard focus: :focus-visible applies
    style = page.evaluate(
        """() => { const e = document.activeElement, s = getComputedStyle(e);
                   let b = e.parentElement, bg = 'rgba(0, 0, 0, 0)';
                   while (b && (bg === 'rgba(0, 0, 0, 0)' || bg === 'transparent')) {
                     bg = getComputedStyle(b).backgroundColor; b = b.parentElement; }
                   return {inside: Boolean(e.closest('.binms-explorer')), width: s.outlineWidth,
                           style: s.outlineStyle, colour: s.outlineColor, ground: bg,
                           offset: s.outlineOffset, shadow: s.boxShadow}; }""")
    assert style["inside"], style
    # the ring is really drawn as access.STYLE says: 3 px of #1a1a1a, 2 px off the control,
    # the 2 px between them white (the box-shadow's spread)
    assert (style["style"], style["width"], style["colour"]) == (
        "solid", "3px", "rgb(26, 26, 26)"), style
    assert style["offset"] == "2px" and "rgb(255, 255, 255) 0px 0px 0px 2px" in style["shadow"], \
        style
    ground = _rgb(style["ground"]) if "rgba(0, 0, 0, 0)" not in style["ground"] else "#ffffff"
    assert contrast_ratio(_rgb(style["colour"]), ground) >= 3, style


# --- reflow -------------------------------------------------------------------------------
_JS_LAYOUT = """() => {
  const scroller = document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer');
  const area = scroller.getBoundingClientRect();
  const out = {sideways: scroller.scrollWidth - scroller.clientWidth, wide: [], cut: []};
  document.querySelectorAll('.binms-explorer').forEach((root, i) => {
    const r = root.getBoundingClientRect();
    if (r.left < area.left - 0.5 || r.right > area.right + 0.5) {
      out.wide.push([i, 'explorer', Math.round(r.left), Math.round(r.right)]);
    }
    root.querySelectorAll('button, input, [role=slider], [contenteditable], img, .widget-slider'
                          + ', .widget-toggle-buttons, .binms-live').forEach(e => {
      const b = e.getBoundingClientRect();
      if (b.width && (b.left < area.left - 0.5 || b.right > area.right + 0.5)) {
        out.wide.push([i, e.tagName + '.' + e.className, Math.round(b.left), Math.round(b.right)]);
      }
    });
    root.querySelectorAll('.binms-live, .widget-html-content, .widget-label, button').forEach(e => {
      /* the announcer is 1 px wide on purpose: read by a screen reader, not shown */
      if (e.offsetParent && !e.closest('.binms-announce') && e.scrollWidth > e.clientWidth + 1) {
        out.cut.push([i, e.className, e.textContent.trim().slice(0, 40)]);
      }
    });
  });
  out.area = [area.left, area.right];
  return out;
}"""


def check_reflow(page, where):
    """No explorer wider than the notebook, no control beyond its edges, no text cut off,
    no sideways scrolling of the notebook."""
    page.wait_for_timeout(500)  # the notebook's layout follows the window
    layout = page.evaluate(_JS_LAYOUT)
    assert layout["sideways"] <= 0, f"{where}: the notebook scrolls sideways {layout}"
    assert not layout["wide"], f"{where}: beyond the notebook's area {layout['area']}: " \
                               f"{layout['wide']}"
    assert not layout["cut"], f"{where}: text cut off: {layout['cut']}"


# What can take the keyboard focus inside an explorer, as the browser shows it.
_JS_FOCUSABLE = """root => [...root.querySelectorAll(
    'button:not([disabled]), input:not([type=hidden]), [role=slider], [contenteditable=true],'
    + ' summary, a[href]')].filter(e => e.offsetParent !== null).length"""

_JS_FOCUS_BOX = """root => {
  const e = document.activeElement;
  const area = document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer')
    .getBoundingClientRect();
  const b = e.getBoundingClientRect();
  return {inside: root.contains(e), tag: e.tagName, text:
          (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 30),
          fits: b.left >= area.left - 0.5 && b.right <= area.right + 0.5
                && b.top >= area.top - 0.5 && b.bottom <= area.bottom + 0.5,
          box: [b.left, b.top, b.right, b.bottom].map(Math.round),
          area: [area.left, area.top, area.right, area.bottom].map(Math.round),
          ring: [getComputedStyle(e).outlineStyle, getComputedStyle(e).outlineWidth,
                 getComputedStyle(e).outlineColor, getComputedStyle(e).outlineOffset].join(' '),
          shadow: getComputedStyle(e).boxShadow, fill: getComputedStyle(e).backgroundColor};
}"""


def check_tab_walk_inside(page, explorer):
    """Tab alone reaches every control of the explorer, each fully inside the visible area."""
    expected = explorer.evaluate(_JS_FOCUSABLE)
    first = explorer.locator(
        "button:not([disabled]), input:not([type=hidden]), [role=slider]").first
    first.focus()
    page.keyboard.press("Tab")  # and back: the first control too is focused by the keyboard
    page.keyboard.press("Shift+Tab")
    reached, outside, rings = [], [], []
    for _ in range(expected + 5):
        f = explorer.evaluate(_JS_FOCUS_BOX)
        if not f["inside"]:
            break
        reached.append(f["text"])
        if not f["fits"]:
            outside.append(f)
        rings.append(f)  # reached by the keyboard: :focus-visible, the keyboard's ring
        page.keyboard.press("Tab")
    assert len(reached) == expected, f"Tab reached {reached}, the explorer has {expected}"
    assert not outside, f"controls not fully inside the 320 px view: {outside}"
    # every control reached by Tab draws the ring and its white gap; the ring (17:1 against
    # the gap) or the gap stands apart from the control's own fill at 3:1 or better, so the
    # indicator is seen on a white, a grey or a coloured control (a slider's focused handle
    # is JupyterLab's blue)
    for f in rings:
        assert f["ring"] == "solid 3px rgb(26, 26, 26) 2px", f
        assert "rgb(255, 255, 255) 0px 0px 0px 2px" in f["shadow"], f
        if "rgba(0, 0, 0, 0)" not in f["fill"]:
            fill = _rgb(f["fill"])
            assert max(contrast_ratio("#1a1a1a", fill), contrast_ratio("#ffffff", fill)) >= 3, f
    return rings


# --- announcements ------------------------------------------------------------------------
def expected_readouts():
    """What the live regions must say after the moves below, computed here by the package
    on the fixture's data: the ascent stepped twice and back, k2 and lambda raised three
    times by the arrow key, the path map advanced three updates."""
    import numpy as np

    from binms_teach import BinNNMS
    from binms_teach.datasets import load_digits
    from binms_teach.widgets import AscentExplorer, KernelExplorer, LabellingExplorer

    digits = load_digits(download=False)
    X, y = digits.data[:300], digits.target[:300]
    ascent = AscentExplorer(X, start=0, k1=10, y=y)
    said = {"ascent": []}
    for j in (1, 2, 1):
        ascent.iteration.value = j
        said["ascent"].append(ascent.readout.value)
    labelling = LabellingExplorer(BinNNMS(k1=10, k2=20).fit(X).modes_, k2=20, y=y, X=X,
                                  shape=(16, 15))
    said["labelling"] = []
    for k2 in (21, 22, 23):
        labelling.k2.value = k2
        said["labelling"].append(labelling.readout.value)
    kernel = KernelExplorer(np.array([[1, 1, 0, 0], [1, 0, 1, 0], [0, 1, 1, 0], [0, 0, 1, 1],
                                      [0, 0, 1, 1], [0, 0, 0, 1]]), lam=0.75)
    said["kernel"] = []
    for lam in (0.76, 0.77, 0.78):
        kernel.lam.value = lam
        said["kernel"].append(kernel.readout.value)
    return said


def _live_text(explorer):
    return explorer.locator(".binms-live").inner_text().strip()


def _press_and_hear(page, explorer, key, expected):
    page.keyboard.press(key)
    page.wait_for_function("([root, text]) => root.querySelector('.binms-live')"
                           ".textContent.trim() === text",
                           arg=[explorer.element_handle(), expected], timeout=30_000)


def check_announcements_at_320(page, explorers):
    """Three keyboard steps of each explorer at 320 px, and what its live region says."""
    said = expected_readouts()
    ascent, path, labelling, kernel = (explorers.nth(i) for i in range(4))
    ascent.locator("[role=slider]").nth(1).focus()  # the iteration slider
    page.keyboard.press("Home")
    _wait_iteration(page, ascent, 0)
    # play left the ascent at its last iteration, where "step" is disabled; the kernel enables
    # it again a moment after the readout changes, and a disabled button takes no focus
    step = ascent.locator("button", has_text="step")
    page.wait_for_function("b => !b.disabled", arg=step.element_handle(), timeout=30_000)
    step.focus()
    _press_and_hear(page, ascent, "Enter", said["ascent"][0])
    _press_and_hear(page, ascent, "Enter", said["ascent"][1])
    back = ascent.locator("button", has_text="back")
    page.wait_for_function("b => !b.disabled", arg=back.element_handle(), timeout=30_000)
    back.focus()
    _press_and_hear(page, ascent, "Enter", said["ascent"][2])
    assert "bits from" not in said["ascent"][0] and "distance to the mode" in said["ascent"][0]
    path.locator("[role=slider]").first.focus()
    page.keyboard.press("Home")
    total = re.search(r"of (\d+)", _live_text(path)).group(1)
    for t in (1, 2, 3):
        page.keyboard.press("ArrowRight")
        page.wait_for_function("([root, t]) => root.querySelector('.binms-live').textContent"
                               ".trim().startsWith(t)",
                               arg=[path.element_handle(), f"updates t = {t} of {total} ·"],
                               timeout=30_000)
    labelling.locator("[role=slider]").first.focus()
    for text in said["labelling"]:
        _press_and_hear(page, labelling, "ArrowRight", text)
    kernel.locator("[role=slider]").first.focus()
    for text in said["kernel"]:
        _press_and_hear(page, kernel, "ArrowRight", text)
