"""The decks for the room (``make slides``, tools/slides.py), measured in headless Chromium.

The decks are those of ``build/slides/``, built by the command a teacher runs (``python
tools/slides.py``: every deck of docs/slides executed, its HTML, its handout PDF and its notes
PDF) unless ``make slides`` left them fresh (tests/e2e/decks.py), then served on 127.0.0.1
and opened at 1280 x 720 in a browser that may not leave 127.0.0.1. Every slide of every
deck, all its fragments shown, fails on:

* more than 60 visible words (a formula counts as one word);
* content taller or wider than reveal.js's 960 x 700 slide, or a code line cut off;
* body text under 28 px or code under 20 px (CSS pixels of the 960 x 700 slide);
* a notebook prompt or a test marker;
* no speaker notes (every slide but the title);
* an image without a text alternative of at least 8 words, or shown smaller than drawn (the
  figures are drawn for projection: shrinking them shrinks the text inside);
* a formula MathJax could not typeset, or TeX left raw;
* with every ``<details>`` ("The numbers behind the figure") open: an element beyond the
  slide's frame on the 1280 x 720 screen, or text inside a figure under 20 px there (the
  figure's smallest font, from `binms_teach.figures.describe`, at its rendered width);
* a count that disagrees with its noun ("1 clusters", "cluster(s)");
* any request leaving 127.0.0.1.

And the presenter's view (``S``: the notes, the next slide, the timer) opens offline and follows
the deck; each PDF has one page per slide (the notes PDF two).
"""

from pathlib import Path

import pytest
from decks import build_decks
from offline import offline_context, served

from tests.by_path import load_module

pytestmark = pytest.mark.e2e

REPO_ROOT = Path(__file__).resolve().parents[2]
slides = load_module(REPO_ROOT / "tools" / "slides.py")
SOURCES = slides.sources()
ROOM = {"width": 1280, "height": 720}
LIMITS = {"words": 60, "body_px": 28, "code_px": 20, "alt_words": 8, "figure_text_px": 20}
# The projected figures (binms_teach.figures.projection) at 1280 x 720: their drawn size
# against the slide's, their smallest text on the screen, the share of slides that show one.
FIGURES = {"width": 0.80, "height": 0.65, "text_px": 24, "share": 0.35}
# The slides after the title that show a figure, in each deck as it is: no deck reaches the
# 35 % asked for yet (new figure slides are open work), so that share is a strict xfail
# (test_a_third_of_the_slides_show_a_figure) while a deck with fewer figures than this fails
# test_figures_are_drawn_for_the_hall. A deck that reaches 35 % turns its xfail into a
# failure: raise its number here and the xfail goes.
FIGURES_NOW = {"01": 1, "02": 3, "03": 6, "04": 5, "05": 1, "06": 5, "06b": 5, "07": 7,
               "08": 5, "09": 3, "10": 3, "11": 3, "12": 3}
_JS_FIGURES = (Path(__file__).with_name("deck_figures.js")).read_text(encoding="utf-8")

# Measures the slide on screen (all its fragments shown) in the slide's own CSS pixels.
_JS_MEASURE = """(limits) => {
  const slide = Reveal.getCurrentSlide();
  const copy = slide.cloneNode(true);
  // a projected figure's text is measured apart (deck_figures.js), in its own units
  copy.querySelectorAll('aside.notes, script, style, .binms-long, svg').forEach(n => n.remove());
  copy.querySelectorAll('details:not([open]) > :not(summary)').forEach(n => n.remove());
  copy.querySelectorAll('mjx-container').forEach(n => n.replaceWith(' formula '));
  const text = copy.textContent;
  const words = text.split(/\\s+/).filter(w => /[\\p{L}\\p{N}]/u.test(w)).length;
  const small = [];
  const walker = document.createTreeWalker(slide, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!node.textContent.trim()
        || element.closest('aside.notes, mjx-container, script, style, svg')) continue;
    if (element.closest('details:not([open])') && !element.closest('summary')) continue;
    const size = parseFloat(getComputedStyle(element).fontSize);
    const code = element.closest('pre, code');
    if (size < (code ? limits.code_px : limits.body_px))
      small.push(`${size}px ${code ? 'code' : 'text'}: ${node.textContent.trim().slice(0, 40)}`);
  }
  slide.querySelectorAll('mjx-container').forEach(m => {
    const size = parseFloat(getComputedStyle(m).fontSize);
    if (size < limits.body_px) small.push(`${size}px formula`);
  });
  const cut = Array.from(slide.querySelectorAll('pre'))
    .filter(p => p.scrollWidth > p.clientWidth + 1)
    .map(p => p.textContent.split('\\n').reduce((a, b) => (b.length > a.length ? b : a), ''));
  const images = Array.from(slide.querySelectorAll('img')).map(img => ({
    alt: img.getAttribute('alt'), ok: img.complete && img.naturalWidth > 0,
    shown: img.getBoundingClientRect().width / Reveal.getScale(),
    drawn: img.hasAttribute('width') ? Number(img.getAttribute('width')) : img.naturalWidth,
  }));
  const notes = slide.querySelector('aside.notes');
  // With every <details> open (the caller opens them): no element beyond the slide's frame.
  // A box that scrolls clips what it holds: the box is measured, not its content; a formula
  // by its glyphs (mjx-math), not by its line box.
  const frame = document.querySelector('.reveal .slides').getBoundingClientRect();
  const outside = [];
  slide.querySelectorAll('*').forEach(el => {
    if (el.closest('aside.notes, script, style, mjx-assistive-mml')) return;
    if (el.ownerSVGElement) return;  // inside a figure: the <svg> itself is measured
    const inMath = el.closest('mjx-container');
    if (inMath && el.localName !== 'mjx-math') return;
    for (let up = el.parentElement; up && up !== slide; up = up.parentElement) {
      const css = getComputedStyle(up);
      if (css.overflowX !== 'visible' || css.overflowY !== 'visible') return;
    }
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return;
    if (r.left < frame.left - 1 || r.top < frame.top - 1 || r.right > frame.right + 1
        || r.bottom > frame.bottom + 1)
      outside.push(`<${el.localName}> "${el.textContent.trim().slice(0, 30)}"`);
  });
  // The smallest text inside each figure, in pixels of the 1280 x 720 screen: the figure's
  // smallest font (points, at its dpi) scaled by the width the page gives its picture.
  const figures = Array.from(slide.querySelectorAll('img')).map(img => ({
    pt: img.dataset.smallestTextPt ? Number(img.dataset.smallestTextPt) : null,
    px: img.dataset.smallestTextPt ? Number(img.dataset.smallestTextPt) * Number(img.dataset.dpi)
        / 72 * img.getBoundingClientRect().width / img.naturalWidth : null,
  }));
  return {
    words, small, cut, images, outside, figures,
    height: slide.scrollHeight, width: slide.scrollWidth,
    prompts: document.querySelectorAll('.jp-InputPrompt, .jp-OutputPrompt').length,
    text,
    notes: notes ? notes.textContent.trim().length : 0,
    errors: slide.querySelectorAll('mjx-merror').length,
  };
}"""


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Every deck built by the teacher's command (build/slides/, reused while fresh)."""
    return build_decks(tmp_path_factory)


@pytest.fixture(scope="module")
def decks_url(built):
    with served(built) as url:
        yield url


@pytest.fixture
def room(lab_browser):
    """A page at 1280 x 720 that may not leave 127.0.0.1 (its context's popups neither)."""
    context, outside = offline_context(lab_browser, viewport=ROOM)
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


def deck_id(source):
    """``01``, ``06b``: a deck's number, as the tests are named."""
    return source.name.split("_")[0]


def open_deck(page, url):
    page.goto(url, wait_until="load")
    page.wait_for_function("() => window.Reveal && Reveal.isReady()")


def test_make_slides_writes_every_deck_and_its_handouts(built):
    for source in SOURCES:
        deck = slides.read(source)
        for suffix in (".slides.html", ".slides.ipynb", ".pdf", "-notes.pdf"):
            assert (built / f"{deck.name}{suffix}").is_file(), f"{deck.name}{suffix}"
        # the handout: A4 portrait, two slides a page, then the numbers behind the figures
        assert slides.pdf_page_size(built / f"{deck.name}.pdf") in ((595, 842), (596, 843))
        assert slides.pdf_pages(built / f"{deck.name}.pdf") >= -(-len(deck.slides) // 2)
        with_notes = sum(bool(s.notes) for s in deck.slides)
        assert slides.pdf_pages(built / f"{deck.name}-notes.pdf") == len(deck.slides) + with_notes


@pytest.mark.parametrize("source", SOURCES, ids=deck_id)
def test_every_slide_reads_from_the_back_of_the_room(room, decks_url, source):
    deck = slides.read(source)
    open_deck(room, f"{decks_url}{deck.name}.slides.html")
    total = room.evaluate("() => Reveal.getTotalSlides()")
    assert total == len(deck.slides)
    failures = []
    for index in range(total):
        room.evaluate(f"() => Reveal.slide({index}, 0, 1000)")
        words = room.evaluate(_JS_MEASURE, LIMITS)["words"]  # what shows before a click
        room.evaluate("() => Reveal.getCurrentSlide().querySelectorAll('details')"
                      ".forEach(d => { d.open = true; })")
        m = room.evaluate(_JS_MEASURE, LIMITS)
        m["words"] = words
        where = f"slide {index + 1} ({deck.slides[index].title})"
        if m["words"] > LIMITS["words"]:
            failures.append(f"{where}: {m['words']} words")
        if m["height"] > slides.HEIGHT or m["width"] > slides.WIDTH:
            failures.append(f"{where}: content {m['width']} x {m['height']} px on a "
                            f"{slides.WIDTH} x {slides.HEIGHT} slide")
        failures += [f"{where}: {s}" for s in m["small"]]
        failures += [f"{where}: outside the slide (details open): {o}" for o in m["outside"]]
        for figure in m["figures"]:
            if figure["pt"] is None:
                failures.append(f"{where}: a figure that does not say its smallest text "
                                "(draw it through binms_teach.figures.describe)")
            elif figure["px"] < LIMITS["figure_text_px"]:
                failures.append(f"{where}: text inside a figure {figure['px']:.1f} px tall at "
                                f"1280 x 720 ({figure['pt']} pt), under "
                                f"{LIMITS['figure_text_px']} px")
        failures += slides.wrong_counts(m["text"], where)
        failures += [f"{where}: code cut off: {line!r}" for line in m["cut"]]
        if m["prompts"] or slides.FORBIDDEN.search(m["text"]):
            failures.append(f"{where}: a prompt or a test marker")
        if index > 0 and not m["notes"]:
            failures.append(f"{where}: no speaker notes")
        if m["errors"] or "$" in m["text"]:
            failures.append(f"{where}: a formula not typeset")
        for img in m["images"]:
            alt = (img["alt"] or "").strip()
            if (len(alt.split()) < LIMITS["alt_words"] or "/" in alt.split()[0]
                    or "No description" in alt):
                failures.append(f"{where}: an image whose text alternative is {alt!r}")
            if not img["ok"]:
                failures.append(f"{where}: an image that did not load")
            if img["shown"] < 0.98 * img["drawn"]:
                failures.append(f"{where}: a figure drawn {img['drawn']} px wide shown at "
                                f"{img['shown']:.0f} px (its text shrinks with it)")
        if m["images"]:
            failures.append(f"{where}: a raster figure (draw it with slide=True: SVG)")
    assert not failures, "\n".join(failures)


def measure_figures(page, url, count):
    """{slide number: what deck_figures.js measures there}, every fragment shown and every
    "numbers behind the figure" closed (as the slide is first projected)."""
    open_deck(page, url)
    found = {}
    for index in range(count):
        page.evaluate(f"() => Reveal.slide({index}, 0, 1000)")
        found[index + 1] = page.evaluate(_JS_FIGURES)
    return found


@pytest.mark.parametrize("source", SOURCES, ids=deck_id)
def test_figures_are_drawn_for_the_hall(room, decks_url, source):
    """At 1280 x 720 on a 16:9 slide: every figure an SVG whose text is text, at least 80 %
    of the slide's width or 65 % of its height, its smallest text at least 24 px, no two
    labels over each other; no fewer slides with a figure than `FIGURES_NOW` records."""
    deck = slides.read(source)
    assert slides.WIDTH * 9 == slides.HEIGHT * 16, "the slide is not 16:9"
    found = measure_figures(room, f"{decks_url}{deck.name}.slides.html", len(deck.slides))
    failures = []
    for number, m in found.items():
        where = f"slide {number} ({deck.slides[number - 1].title})"
        for f in m["figures"]:
            if f["width"] < FIGURES["width"] and f["height"] < FIGURES["height"]:
                failures.append(f"{where}: a figure {f['width']:.0%} of the slide's width and "
                                f"{f['height']:.0%} of its height")
            if not f["texts"]:
                failures.append(f"{where}: a figure without text kept as text")
            elif f["smallest_px"] < FIGURES["text_px"]:
                failures.append(f"{where}: text in a figure {f['smallest_px']:.1f} px tall")
            failures += [f"{where}: labels over each other: {o!r}" for o in f["overlaps"]]
    shown = sum(bool(m["figures"]) for n, m in found.items() if n > 1)
    if shown < FIGURES_NOW[deck_id(source)]:
        failures.append(f"slides after the title with a figure: {shown}, fewer than "
                        f"FIGURES_NOW's {FIGURES_NOW[deck_id(source)]}")
    assert not failures, "\n".join(failures)


def _below_a_third(source):
    """The strict xfail of a deck whose `FIGURES_NOW` is under 35 % of its slides."""
    after_title = len(slides.read(source).slides) - 1
    now = FIGURES_NOW[deck_id(source)]
    if now >= FIGURES["share"] * after_title:
        return []
    return [pytest.mark.xfail(strict=True, reason=(
        f"open: a figure on {now} of {after_title} slides after the title, under "
        f"{FIGURES['share']:.0%} (figure slides to add); once it passes, raise FIGURES_NOW"))]


@pytest.mark.parametrize("source", [pytest.param(s, marks=_below_a_third(s)) for s in SOURCES],
                         ids=deck_id)
def test_a_third_of_the_slides_show_a_figure(room, decks_url, source):
    """A projected figure on at least 35 % of the slides after the title."""
    deck = slides.read(source)
    open_deck(room, f"{decks_url}{deck.name}.slides.html")
    shown = room.evaluate("() => [...document.querySelectorAll('.reveal .slides > section')]"
                          ".slice(1).filter(s => s.querySelector('svg.binms-svg')).length")
    after_title = len(deck.slides) - 1
    assert shown >= FIGURES["share"] * after_title, (
        f"figures on {shown} of {after_title} slides after the title "
        f"({shown / after_title:.0%}, at least {FIGURES['share']:.0%})")


def test_the_label_check_finds_labels_that_touch(room):
    """deck_figures.js on a figure with labels planted over each other: two on one spot, two
    that run into each other side by side; and an axis label with maths (one <tspan> a glyph)
    just under its tick labels, which touches none of them (measured by its <text>'s box, as
    tall as a line of the slide's 32 px type, it would cover five of them)."""
    from matplotlib.figure import Figure

    from binms_teach.figures.projection import describe, style

    with style(slide=True):
        fig = Figure(figsize=(9.6, 4.2))
        ax = fig.add_subplot()
        ax.plot([0, 1, 2, 3, 4], [1, 4, 6, 4, 1])
        ax.set_xlabel(r"Hamming distance $\rho$ from $\mathbf{0}$")
        ax.text(0.5, 3, "planted here")
        ax.text(0.5, 3, r"over $k_1 = 5$")
        ax.text(2, 1.5, "runs into", ha="right")
        ax.text(1.9, 1.5, "its neighbour", ha="left")
        figure = describe(fig, "A curve with labels planted over each other, for the test.")
    room.set_content(
        "<style>svg.binms-svg { display: block; width: 1228px; height: auto; }</style>"
        f'<section style="font-size: 32px">{figure.html()}</section><script>window.Reveal = {{'
        "getCurrentSlide: () => document.querySelector('section'), getScale: () => 1,"
        " getConfig: () => ({width: 1280, height: 720})};</script>")
    found = room.evaluate(_JS_FIGURES)["figures"]
    assert len(found) == 1 and found[0]["texts"] > 8
    assert sorted(found[0]["overlaps"]) == [
        "planted here / over $k_1 = 5$", "runs into / its neighbour"], found[0]["overlaps"]


@pytest.mark.parametrize("source", SOURCES, ids=deck_id)
def test_the_handout_holds_every_slide_and_every_row(room, decks_url, source):
    """The handout page (what tools/slides_pdf.py prints on A4): every slide, two a page,
    none cut; every row of every table of the numbers behind the figures, none clipped."""
    deck = slides.read(source)
    room.emulate_media(media="print")
    room.goto(f"{decks_url}{deck.name}.slides.html?handout", wait_until="load")
    room.wait_for_function("() => document.documentElement.classList.contains('handout-ready')")
    m = room.evaluate("""() => {
      const frames = [...document.querySelectorAll('.handout-slide')];
      const tables = [...document.querySelectorAll('.handout-numbers table')];
      const rows = tables.map(t => [...t.rows].filter(r => {
        const b = r.getBoundingClientRect(); return b.height > 0 && b.width > 0;
      }).length);
      const cut = frames.filter(f => {
        const s = f.querySelector('section'); return s.scrollHeight > 720 + 1;
      }).length;
      return {frames: frames.length, rows, all: tables.map(t => t.rows.length), cut};
    }""")
    expected = room.evaluate("async (url) => { const t = await (await fetch(url)).text();"
                             " const d = new DOMParser().parseFromString(t, 'text/html');"
                             " return [...d.querySelectorAll('details table')]"
                             ".map(t => t.rows.length); }", f"{decks_url}{deck.name}.slides.html")
    assert m["frames"] == len(deck.slides)
    assert m["cut"] == 0, f"{m['cut']} slides taller than the page's frame"
    assert m["rows"] == expected, f"rows shown {m['rows']}, rows in the deck {expected}"


def test_the_presenter_view_opens_offline_with_notes_and_timer(room, decks_url):
    source = SOURCES[0]
    deck = slides.read(source)
    open_deck(room, f"{decks_url}{deck.name}.slides.html#/1")
    with room.context.expect_page() as popup:
        room.keyboard.press("s")
    view = popup.value
    view.wait_for_load_state()
    notes = view.locator(".speaker-controls-notes .value")
    first_words = " ".join(deck.slides[1].notes.split()[:3])
    notes.filter(has_text=first_words).wait_for()
    view.wait_for_function("() => document.querySelector('#current-slide iframe') !== null")
    timer = view.locator(".speaker-controls-time .timer")
    assert timer.is_visible()
    view.wait_for_function("() => document.querySelector('.speaker-controls-time .timer')"
                           ".textContent.replace(/\\s/g, '') !== '00:00:00'")
    # the presenter's window follows the deck: the next slide brings its notes
    room.evaluate("() => Reveal.slide(2)")
    notes.filter(has_text=" ".join(deck.slides[2].notes.split()[:3])).wait_for()
    # formulas in the notes are MathML (the window has none of MathJax's styles)
    assert "$" not in notes.inner_text()


def test_rise_presents_a_deck_inside_jupyterlab(jupyter_lab, lab_browser, built):
    """Live presenting with jupyterlab-rise (not a dependency: `pip install jupyterlab-rise`).

    Opens the first deck's executed notebook (``NN_title.slides.ipynb``, with RISE's slide
    metadata) in RISE's slideshow page: reveal.js shows the title slide, MathJax typesets, an
    arrow key advances to the second slide. RISE's default theme asks Google for fonts: those
    requests are aborted (the text falls back to a local font), every other request must stay
    on 127.0.0.1.
    """
    import importlib.util
    import shutil

    if importlib.util.find_spec("jupyterlab_rise") is None:
        pytest.skip("jupyterlab-rise is not installed (optional: pip install jupyterlab-rise)")
    deck = slides.read(SOURCES[0])
    # JupyterLab serves the repository: the notebook goes under build/ (ignored by git)
    folder = REPO_ROOT / "build" / "e2e-rise"
    folder.mkdir(parents=True, exist_ok=True)
    notebook = folder / f"{deck.name}.slides.ipynb"
    shutil.copy(built / notebook.name, notebook)
    context, outside = offline_context(lab_browser)
    page = context.new_page()
    present = ".reveal .slides section.present"
    try:
        address = notebook.relative_to(REPO_ROOT).as_posix()
        page.goto(f"{jupyter_lab.base_url}rise/{address}?token={jupyter_lab.token}")
        page.wait_for_selector(present, timeout=120_000)
        page.wait_for_function("() => document.querySelectorAll('mjx-container').length > 0",
                               timeout=60_000)
        assert page.locator(present).first.inner_text().lstrip().startswith(deck.prefix + " ")
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => document.querySelector({present!r})"
                               f".innerText.includes({deck.slides[1].title!r})")
    finally:
        context.close()
    assert all("fonts.googleapis.com" in url for url in outside), outside
