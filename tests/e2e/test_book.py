"""The book (``make book``) read in headless Chromium, served from 127.0.0.1 only.

A thread serves ``build/book/html`` with ``http.server``; the browser opens the index and the
page of notebook 04, and checks what a reader would see: typeset math (MathJax's
``mjx-container`` elements, one per math span of the page), every image loaded
(``naturalWidth > 0``), the "next" button reaching notebook 05, and no request to any host but
127.0.0.1 (a route aborts them, a listener records them).

Notebook 04's page holds math only once its markdown is typeset in LaTeX (every span found
must be typeset, however many); notebook 06, typeset already, must hold math and have it typeset.

Without the built book the test is skipped (``make book`` first), and fails under CI.
``E2E_UPDATE_DOCS=1`` also writes ``docs/book-notebook06.png`` (the README shows it).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from offline import offline_context, served_build

from binms_teach.widgets.lesson_steppers import STEPPERS

pytestmark = pytest.mark.e2e

REPO_ROOT = Path(__file__).resolve().parents[2]
HTML = REPO_ROOT / "build" / "book" / "html"
DOCS = REPO_ROOT / "docs"
PAGE_04 = "notebooks/04_aitchison_aitken_kernel.html"
PAGE_05 = "notebooks/05_kernel_to_median_shift.html"
PAGE_06 = "notebooks/06_binary_gradient_ascent.html"
SCREENSHOT = "book-notebook06.png"

# The math spans Sphinx writes, and MathJax's typeset output (CommonHTML or SVG).
_JS_MATH = """() => {
  const spans = document.querySelectorAll('span.math, div.math');
  const typeset = document.querySelectorAll('mjx-container');
  const errors = document.querySelectorAll('mjx-merror');
  return {spans: spans.length, typeset: typeset.length, errors: errors.length};
}"""

_JS_IMAGES = """() => Array.from(document.images).map(img => ({
  src: img.currentSrc || img.src, complete: img.complete, width: img.naturalWidth}))"""


@pytest.fixture(scope="module")
def book_url():
    """The built book served on 127.0.0.1 (a free port) from a thread, for this module."""
    with served_build(HTML / "index.html", "book") as url:
        yield url


@pytest.fixture
def book_page(lab_browser, book_url):
    """A page in a fresh context; every request that leaves 127.0.0.1 is aborted and recorded."""
    context, outside = offline_context(lab_browser)
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.on("request", lambda req: None if req.url.startswith(
        (book_url, "data:", "blob:")) else outside.append(req.url))  # fmt: skip
    try:
        yield page
    finally:
        context.close()
    assert not outside, f"the book asked for addresses outside 127.0.0.1: {sorted(set(outside))}"


def _open(page, url):
    page.goto(url, wait_until="load")
    # Scroll to the bottom so that images loaded lazily are fetched too.
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_load_state("networkidle")


def _math(page):
    """Wait until MathJax has typeset the page (when it holds math); the counts."""
    counts = page.evaluate(_JS_MATH)
    if counts["spans"]:
        loaded = page.evaluate("() => Boolean(window.MathJax)")
        assert loaded, f"{page.url}: {counts['spans']} math spans but MathJax is not loaded"
        page.wait_for_function(
            "() => window.MathJax && MathJax.startup && MathJax.startup.promise"
            " && document.querySelectorAll('mjx-container').length > 0"
        )
        page.evaluate("() => MathJax.startup.promise")
        counts = page.evaluate(_JS_MATH)
    return counts


def _assert_images_loaded(page, name):
    images = page.evaluate(_JS_IMAGES)
    broken = [img["src"] for img in images if not (img["complete"] and img["width"] > 0)]
    assert not broken, f"{name}: images that did not load: {broken}"
    return len(images)


def test_book_reads_offline(book_page, book_url, tmp_path):
    page = book_page

    # The index: the README's pictures are shown and loaded, and it leads to the course.
    _open(page, book_url + "index.html")
    assert _assert_images_loaded(page, "index") >= 2
    math_index = _math(page)  # the sidebar: notebook titles may hold math
    assert math_index["typeset"] >= math_index["spans"], f"index: math not typeset: {math_index}"
    assert page.locator("a[href='notebooks/00_index.html']").count() > 0

    # Notebook 04: its math is typeset, its figures loaded, "next" reaches notebook 05.
    _open(page, book_url + PAGE_04)
    assert "Aitchison" in page.title()
    math_04 = _math(page)
    assert math_04["typeset"] >= math_04["spans"], f"notebook 04: math not typeset: {math_04}"
    assert math_04["errors"] == 0, f"notebook 04: MathJax errors: {math_04}"
    assert _assert_images_loaded(page, "notebook 04") >= 1
    page.locator("a.right-next").first.click()
    page.wait_for_url(book_url + PAGE_05)
    assert page.title().startswith("05 "), page.title()
    assert page.locator("article h1").first.is_visible()

    # Notebook 06: math (already typeset in LaTeX) and the explorers' pictures.
    _open(page, book_url + PAGE_06)
    math_06 = _math(page)
    assert math_06["spans"] > 0, "notebook 06 holds no math: the check below would be empty"
    assert math_06["typeset"] >= math_06["spans"], f"notebook 06: math not typeset: {math_06}"
    assert math_06["errors"] == 0, f"notebook 06: MathJax errors: {math_06}"
    assert _assert_images_loaded(page, "notebook 06") >= 3

    shot = tmp_path / SCREENSHOT
    page.goto(book_url + PAGE_06, wait_until="load")  # at the top, as a reader arrives
    _math(page)
    page.screenshot(path=str(shot))
    if os.environ.get("E2E_UPDATE_DOCS", "").strip() in {"1", "true", "yes"}:
        shutil.copyfile(shot, DOCS / SCREENSHOT)


# --- the steppers: each lesson's explorer stepped without a kernel ------------------------
STEPPER_PAGES = [f"notebooks/{name}.html" for name in STEPPERS]

# What a reader of the stepper gets now: the frame shown, the slider, the status region, the
# focused element and its outline, and whether the stepper fits the viewport.
_JS_STEPPER = """(root) => {
  const shown = Array.from(root.querySelectorAll('img.binms-stepper-frame')).filter(i => !i.hidden);
  const range = root.querySelector('input[type=range]');
  const active = document.activeElement;
  const style = getComputedStyle(active);
  const parts = Array.from(root.querySelectorAll('button, input, img:not([hidden]), p'));
  const rights = parts.map(e => e.getBoundingClientRect().right);
  const lefts = parts.map(e => e.getBoundingClientRect().left);
  return {shown: shown.length, alt: shown.length ? shown[0].alt : null,
    readout: shown.length ? shown[0].getAttribute('data-readout') : null,
    label: root.querySelector('label').textContent, value: Number(range.value),
    max: Number(range.max), valuetext: range.getAttribute('aria-valuetext'),
    status: root.querySelector('[role=status]').textContent.trim(),
    focused: root.contains(active)
      ? (active.tagName === 'INPUT' ? 'range' : active.textContent.trim()) : null,
    outline: [style.outlineStyle, style.outlineWidth, style.outlineColor].join(' '),
    controls: !root.querySelector('.binms-stepper-controls').hidden,
    right: Math.max(...rights), left: Math.min(...lefts), width: window.innerWidth,
    overflow: root.scrollWidth - root.clientWidth};
}"""


def _stepper_state(page):
    return page.locator(".binms-stepper").first.evaluate(_JS_STEPPER)


def _assert_frame(state, where):
    assert state["shown"] == 1, f"{where}: {state['shown']} frames shown"
    # the status says the frame's short readout, not its description again (the alt)
    assert state["status"] == state["readout"] != state["alt"], (
        f"{where}: the status must say the readout of the frame shown")
    assert len(state["status"].split()) < len(state["alt"].split()), where
    assert state["left"] >= 0 and state["right"] <= state["width"] + 0.5, (
        f"{where}: the stepper leaves the viewport ({state['left']}..{state['right']} of "
        f"{state['width']} px)")
    assert state["overflow"] <= 0, f"{where}: the stepper scrolls sideways"


def _walk_stepper(page, where):
    """Tab to the slider, step with the arrow keys and the buttons; every step must change
    the frame shown, its alt, the slider's value text and the status, together."""
    stepper = page.locator(".binms-stepper")
    assert stepper.count() == 1, f"{where}: {stepper.count()} steppers"
    stepper.scroll_into_view_if_needed()
    first = _stepper_state(page)
    assert first["controls"], f"{where}: the controls stayed hidden (did the script run?)"
    _assert_frame(first, where)
    stepper.locator("button.binms-stepper-previous").focus()
    page.keyboard.press("Tab")
    now = _stepper_state(page)
    assert now["focused"] == "range", f"{where}: Tab from 'previous' reached {now['focused']}"
    assert now["outline"] == "solid 3px rgb(26, 26, 26)", f"{where}: focus ring {now['outline']}"
    key, step = ("ArrowRight", 1) if now["value"] < now["max"] else ("ArrowLeft", -1)
    page.keyboard.press(key)
    moved = _stepper_state(page)
    assert moved["value"] == now["value"] + step, f"{where}: {key} did not move the slider"
    assert moved["alt"] != now["alt"] and moved["status"] != now["status"]
    assert moved["valuetext"] != now["valuetext"]
    _assert_frame(moved, where)
    page.keyboard.press("End")
    assert _stepper_state(page)["value"] == now["max"]
    page.keyboard.press("Home")
    home = _stepper_state(page)
    assert home["value"] == 0
    page.keyboard.press("Tab")
    assert _stepper_state(page)["focused"].startswith("next"), where
    page.keyboard.press("Enter")
    after = _stepper_state(page)
    assert after["value"] == 1 and after["alt"] != home["alt"], f"{where}: 'next' by Enter"
    _assert_frame(after, where)
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    assert _stepper_state(page)["focused"].startswith("previous"), where
    page.keyboard.press("Space")
    back = _stepper_state(page)
    assert back["value"] == 0 and back["status"] == home["status"], f"{where}: 'previous'"
    # at either end a press says so, every time, instead of nothing
    first = f"Already at the first {back['label']}: {back['valuetext']}."
    for _ in range(2):
        page.keyboard.press("Space")
        state = _stepper_state(page)
        assert state["value"] == 0 and state["status"] == first, f"{where}: {state['status']}"
    page.keyboard.press("Tab")
    page.keyboard.press("End")
    page.keyboard.press("Tab")
    assert _stepper_state(page)["focused"].startswith("next"), where
    for _ in range(2):
        page.keyboard.press("Enter")
        state = _stepper_state(page)
        last = f"Already at the last {state['label']}: {state['valuetext']}."
        assert state["value"] == state["max"] and state["status"] == last, (
            f"{where}: {state['status']}")


@pytest.mark.parametrize("width", [1280, 320])
def test_steppers_step_by_keyboard(lab_browser, book_url, width):
    """Every page with a stepper, at 1280 and at 320 CSS px, with no request outside 127.0.0.1."""
    context, outside = offline_context(lab_browser, viewport={"width": width, "height": 800})
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        for name in STEPPER_PAGES:
            page.goto(book_url + name, wait_until="load")
            _walk_stepper(page, f"{name} at {width} px")
    finally:
        context.close()
    assert not outside, f"requests outside 127.0.0.1: {sorted(set(outside))}"


def test_a_stepper_steps_from_a_folder(lab_browser):
    """Opened as a file (file://, no server), the stepper still steps and asks for nothing
    but files and data: URLs."""
    page_file = HTML / STEPPER_PAGES[0]
    if not page_file.is_file():
        pytest.skip(f"{page_file} is missing: build the book first")
    context = lab_browser.new_context(viewport={"width": 800, "height": 800})
    requested = []
    context.on("request", lambda req: requested.append(req.url))
    page = context.new_page()
    try:
        page.goto(page_file.as_uri(), wait_until="load")
        _walk_stepper(page, "from a folder")
    finally:
        context.close()
    other = [u for u in requested if not u.startswith(("file:", "data:", "blob:"))]
    assert not other, f"requests beyond the folder: {sorted(set(other))}"
