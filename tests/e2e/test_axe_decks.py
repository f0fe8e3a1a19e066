"""axe-core over every slide of every deck (``make slides``), each slide with all its fragments.

The decks are built once a session by tests/e2e/decks.py (shared with tests/e2e/test_slides.py)
and served on 127.0.0.1; the page is the room's 1280 x 720. axe only sees what is on screen, so
every deck is audited in reveal.js's print layout (``?print-pdf``: every slide a page, every
fragment shown, the layout of the handouts), one pass a deck; and the first deck also slide by
slide as the room sees it (``Reveal.slide(i, 0, 1000)``), which would catch what the print
layout hides. The rules: those tagged wcag2a, wcag2aa, wcag21a, wcag21aa, no violation, and
every contrast axe leaves undecided measured by `axe_audit.measure_contrast`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from axe_audit import audit
from decks import build_decks
from offline import offline_context, served

from tests.by_path import load_module

pytestmark = pytest.mark.e2e

REPO_ROOT = Path(__file__).resolve().parents[2]
slides = load_module(REPO_ROOT / "tools" / "slides.py")
SOURCES = slides.sources()
ROOM = {"width": 1280, "height": 720}


@pytest.fixture(scope="module")
def deck_page(lab_browser, tmp_path_factory):
    """The built decks served on 127.0.0.1, one offline page for the module, a contrast cache."""
    folder = build_decks(tmp_path_factory)
    with served(folder) as url:
        context, outside = offline_context(lab_browser, viewport=ROOM)
        context.set_default_timeout(30_000)
        try:
            yield url, context.new_page(), {}
        finally:
            context.close()
        assert not outside, f"a deck asked for addresses outside 127.0.0.1: {outside}"


def _open(page, url, print_layout=False):
    page.goto(url + ("?print-pdf" if print_layout else ""), wait_until="load")
    page.wait_for_function("() => window.Reveal && Reveal.isReady()")
    lang = page.evaluate("() => document.documentElement.lang")
    assert lang == "en", f"{url}: <html lang={lang!r}>"
    _typeset(page)


def _typeset(page):
    page.evaluate("() => window.MathJax && MathJax.startup && MathJax.startup.promise"
                  " .then(() => MathJax.typesetPromise ? MathJax.typesetPromise() : null)")


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name.split("_")[0])
def test_every_slide_passes_axe(deck_page, source):
    url, page, cache = deck_page
    deck = slides.read(source)
    _open(page, f"{url}{deck.name}.slides.html", print_layout=True)
    # reveal.js lays the pages out after it says it is ready; the pictures load after that
    page.wait_for_function(
        """(n) => document.querySelectorAll('.pdf-page').length === n
                  && [...document.images].every(i => i.complete)""", arg=len(deck.slides))
    _typeset(page)
    found = audit(page, cache=cache)
    assert not found.violations and not found.low_contrast, (
        f"{deck.name}:\n" + "\n".join(found.report()))


def test_the_first_deck_slide_by_slide(deck_page):
    url, page, cache = deck_page
    deck = slides.read(SOURCES[0])
    _open(page, f"{url}{deck.name}.slides.html")
    failures = []
    for index in range(page.evaluate("() => Reveal.getTotalSlides()")):
        page.evaluate(f"() => Reveal.slide({index}, 0, 1000)")
        _typeset(page)
        found = audit(page, cache=cache)
        if found.violations or found.low_contrast:
            failures.append(f"slide {index + 1} ({deck.slides[index].title}):")
            failures += ["  " + line for line in found.report()]
    assert not failures, f"{deck.name}:\n" + "\n".join(failures)
