"""axe-core over every page of the built book (``make book``), served from 127.0.0.1 only.

Each page is opened as a reader opens it (1280 x 900, MathJax typeset), then audited by
`axe_audit.audit`: no violation of the rules tagged wcag2a, wcag2aa, wcag21a, wcag21aa, and
every contrast that axe leaves undecided measured here and at least 4.5:1 (3:1 for large
text); the text of highlighted code and API signatures is measured here rather than by axe
(`axe_audit.text_contrasts`). Pages of every kind are audited again in the theme's dark mode.

One browser (the session's), one server and one page for the module. Without the built book
the tests are skipped (``make book`` first), and fail under CI.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from axe_audit import audit
from offline import offline_context, served_build

pytestmark = pytest.mark.e2e

REPO_ROOT = Path(__file__).resolve().parents[2]
HTML = REPO_ROOT / "build" / "book" / "html"

# Highlighted code and API signatures: thousands of one-token spans in a few colours on one
# ground; their contrast is computed by axe_audit.text_contrasts, the other rules run there.
OWN_CONTRAST = (".highlight", "dt.sig")
# One page of each kind, read again in dark mode.
DARK = ["index.html", "notebooks/06_binary_gradient_ascent.html",
        "notebooks/exercises/07_epsilon_proximity_exercises.html",
        "notebooks/solutions/07_epsilon_proximity_solutions.html", "checks.html",
        "accessibility.html"]


def _pages():
    if not (HTML / "index.html").is_file():
        return [pytest.param(None, id="book-not-built")]
    pages = sorted(p.relative_to(HTML).as_posix() for p in HTML.rglob("*.html")
                   if not {"_static", "_sources", "_images"} & set(p.parts))
    return [pytest.param(page, id=page) for page in pages]


@pytest.fixture(scope="module")
def site():
    """The book served on 127.0.0.1 for the module, and a contrast cache shared by its tests."""
    with served_build(HTML / "index.html", "book") as url:
        yield url, {}


def _reader(browser, dark):
    context, outside = offline_context(browser)
    context.set_default_timeout(60_000)
    if dark:  # what the theme's switch stores; read by the page before it draws
        context.add_init_script("try { localStorage.setItem('mode', 'dark'); } catch (e) {}")
    return context, outside, context.new_page()


@pytest.fixture(scope="module")
def light(lab_browser, site):
    yield from _reader(lab_browser, site, dark=False)


@pytest.fixture(scope="module")
def dark(lab_browser, site):
    yield from _reader(lab_browser, site, dark=True)


def _reader(browser, site, dark):
    """One offline page for the module (in dark mode: as the theme's switch leaves it)."""
    url, caches = site
    context, outside = offline_context(browser)
    context.set_default_timeout(60_000)
    if dark:  # what the theme's switch stores; read by the page before it draws
        context.add_init_script("try { localStorage.setItem('mode', 'dark'); } catch (e) {}")
    try:
        yield url, context.new_page(), caches.setdefault(dark, {}), "dark" if dark else "light"
    finally:
        context.close()
    assert not outside, f"the book asked for addresses outside 127.0.0.1: {outside}"


def _check(reader, name):
    url, page, cache, mode = reader
    page.goto(url + name, wait_until="load")
    page.evaluate("() => window.MathJax && MathJax.startup && MathJax.startup.promise")
    theme = page.evaluate("() => document.documentElement.dataset.theme")
    assert theme == mode, f"{name}: the page shows the {theme} theme, not {mode}"
    found = audit(page, cache=cache, own_contrast=OWN_CONTRAST)
    assert not found.violations and not found.low_contrast, (
        f"{name} ({mode}):\n" + "\n".join(found.report()))


@pytest.mark.parametrize("name", _pages())
def test_page_passes_axe(light, name):
    _check(light, name)


@pytest.mark.parametrize("name", DARK)
def test_page_passes_axe_in_dark_mode(dark, name):
    _check(dark, name)
