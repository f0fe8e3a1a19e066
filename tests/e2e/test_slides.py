"""The lesson decks (``make slides``, tools/slides.py) read offline in headless Chromium.

The decks are built into a temporary folder (reveal.js and MathJax from the npm cache in
``build/slides-cache``, fetched with ``npm pack`` the first time), served by a thread on
127.0.0.1. For each deck: reveal.js counts 12 to 25 slides, MathJax has typeset the math
(``mjx-container`` elements, no ``$`` left in the rendered prose, no ``mjx-merror``), every
image has loaded, the question for the room is there, stepping through every slide works, and
no request left 127.0.0.1 (a route aborts them, and they fail the test).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lab_driver import in_ci
from offline import offline_context, served

from tests.by_path import load_module

pytestmark = pytest.mark.e2e

REPO_ROOT = Path(__file__).resolve().parents[2]
slides = load_module(REPO_ROOT / "tools" / "slides.py")
LESSONS = slides.lessons()

# The rendered prose with MathJax's output and code taken out: what a raw `$` would be in.
_JS_PROSE = """() => Array.from(document.querySelectorAll('.jp-RenderedMarkdown')).map(node => {
  const copy = node.cloneNode(true);
  copy.querySelectorAll('mjx-container, code, pre, script').forEach(n => n.remove());
  return copy.textContent;
}).join('\\n')"""
_JS_COUNTS = """() => ({
  slides: Reveal.getTotalSlides(),
  typeset: document.querySelectorAll('mjx-container').length,
  errors: document.querySelectorAll('mjx-merror').length,
  images: Array.from(document.images).map(img => ({src: img.src.slice(0, 60),
                                                   ok: img.complete && img.naturalWidth > 0})),
  question: document.body.textContent.includes('A question for the room'),
})"""


@pytest.fixture(scope="module")
def decks_url(tmp_path_factory):
    if shutil.which("npm") is None and not all(
            (slides.CACHE / f"{p}-{v}.tgz").is_file() for p, v, _, _ in slides.ASSETS):
        msg = "npm is needed once to fetch reveal.js and MathJax (install Node.js)"
        if in_ci():
            pytest.fail(msg, pytrace=False)
        pytest.skip(msg)
    out = tmp_path_factory.mktemp("slides")
    written = slides.build(LESSONS, out)
    assert [p.name for p in written] == [f"{p.stem}.slides.html" for p in LESSONS]
    with served(out) as url:
        yield url


@pytest.fixture
def deck_page(lab_browser):
    context, outside = offline_context(lab_browser)
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        yield page
    finally:
        context.close()
    assert not outside, f"the deck asked for addresses outside 127.0.0.1: {sorted(set(outside))}"
    assert not errors, f"JavaScript errors in the deck: {errors}"


def test_the_lessons_with_slides_exist():
    prefixes = [p.name.split("_")[0] for p in LESSONS]
    assert {"01", "02", "06", "07"} <= set(prefixes), prefixes


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.name.split("_")[0])
def test_a_deck_reads_offline(deck_page, decks_url, lesson):
    page = deck_page
    page.goto(f"{decks_url}{lesson.stem}.slides.html", wait_until="load")
    page.wait_for_function("() => window.Reveal && Reveal.isReady()")
    page.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise")
    page.evaluate("() => MathJax.startup.promise")
    counts = page.evaluate(_JS_COUNTS)
    assert slides.FEWEST <= counts["slides"] <= slides.MOST, counts["slides"]
    assert counts["typeset"] > 0 and counts["errors"] == 0, counts
    prose = page.evaluate(_JS_PROSE)
    assert "$" not in prose, f"raw math left: {prose[max(prose.find('$') - 80, 0):][:160]!r}"
    assert counts["images"] and all(img["ok"] for img in counts["images"]), counts["images"]
    assert counts["question"]
    # step through the deck, fragments included: reveal.js reaches the end
    at_end = "() => Reveal.isLastSlide() && !Reveal.availableFragments().next"
    for _ in range(500):
        if page.evaluate(at_end):
            break
        page.evaluate("() => Reveal.next()")
    assert page.evaluate(at_end)


def test_rise_presents_a_lesson_in_jupyterlab(jupyter_lab, lab_browser):
    """Live presenting with jupyterlab-rise (not a dependency: `pip install jupyterlab-rise`).

    Opens lesson 02 in RISE's slideshow page, which reads the slide metadata tools/slides.py
    wrote: reveal.js shows the first slide, MathJax typesets, an arrow key advances to section
    1. RISE's default theme asks Google for fonts: those requests are aborted (the text falls
    back to a local font), every other request must stay on 127.0.0.1.
    """
    import importlib.util

    if importlib.util.find_spec("jupyterlab_rise") is None:
        pytest.skip("jupyterlab-rise is not installed (optional: pip install jupyterlab-rise)")
    context, outside = offline_context(lab_browser)
    page = context.new_page()
    try:
        lesson = next(p for p in LESSONS if p.name.startswith("02_")).relative_to(REPO_ROOT)
        page.goto(f"{jupyter_lab.base_url}rise/{lesson.as_posix()}?token={jupyter_lab.token}")
        page.wait_for_selector(".reveal .slides section.present", timeout=120_000)
        page.wait_for_function("() => document.querySelectorAll('mjx-container').length > 0",
                               timeout=60_000)
        first = page.locator(".reveal .slides section.present").first.inner_text()
        assert first.lstrip().startswith("02 ")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("() => document.querySelector('.reveal .slides section.present')"
                               ".innerText.includes('1. A small data set')")
    finally:
        context.close()
    assert all("fonts.googleapis.com" in url for url in outside), outside
