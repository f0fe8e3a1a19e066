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
