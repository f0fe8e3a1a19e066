"""The PDFs of a built deck, printed by headless Chromium with reveal.js's print layout.

Part of the slide builder (tools/slides.py).
"""

import os
import re
import shutil
from pathlib import Path

from slides_render import HEIGHT, WIDTH


def find_chromium():
    """A Chromium to print with: ``$CHROMIUM``, else Debian's or one on the PATH; or None."""
    candidates = [os.environ.get("CHROMIUM"), "/usr/bin/chromium"] + [
        shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")]
    return next((c for c in candidates if c and os.access(c, os.X_OK)), None)


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"]


def print_pdfs(pages, chromium=None, log=print):
    """``NN_title.pdf`` beside each deck page, the handout: A4 portrait, two slides a page,
    every fragment shown, then every table of the numbers behind the figures, whole
    (deck.html.j2's ``?handout``); and ``NN_title-notes.pdf``, the teacher's copy: each slide
    followed by a page of its notes (reveal.js's print layout)."""
    from playwright.sync_api import sync_playwright

    chromium = chromium or find_chromium()
    if chromium is None:
        raise SystemExit("Chromium is needed for the PDF handouts (apt-get install chromium, "
                         "or bash tools/install_chromium.sh, or set CHROMIUM=/path/to/it); "
                         "--no-pdf writes the HTML decks only")
    written = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
            for deck in pages:
                target = deck.with_name(deck.name.replace(".slides.html", ".pdf"))
                page.goto(deck.resolve().as_uri() + "?handout", wait_until="load")
                page.wait_for_function("() => document.documentElement.classList"
                                       ".contains('handout-ready')")
                page.pdf(path=str(target), format="A4", print_background=True,
                         margin={side: "12mm" for side in ("top", "bottom", "left", "right")})
                written.append(target)
                log(target)
                target = deck.with_name(deck.name.replace(".slides.html", "-notes.pdf"))
                page.goto(deck.resolve().as_uri() + "?print-pdf&showNotes=separate-page",
                          wait_until="load")
                page.wait_for_function("() => window.Reveal && Reveal.isReady()")
                page.wait_for_function("() => document.querySelectorAll('.pdf-page')"
                                       ".length > 0")
                page.pdf(path=str(target), prefer_css_page_size=True, print_background=True)
                written.append(target)
                log(target)
        finally:
            browser.close()
    return written


def pdf_page_size(path):
    """The first page's size in points (width, height) of a PDF that Chromium wrote: A4 is
    595 x 842 (rounded)."""
    box = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", Path(path).read_bytes())
    return round(float(box[1])), round(float(box[2]))


def pdf_pages(path):
    """The number of pages of a PDF that Chromium wrote (the root page tree's count)."""
    return max(int(n) for n in re.findall(rb"/Count (\d+)", Path(path).read_bytes()))

