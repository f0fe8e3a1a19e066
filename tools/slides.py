"""The decks for the room: ``docs/slides/NN_title.md`` -> ``build/slides/``, readable offline.

Run from the repository root (``make slides``)::

    python tools/slides.py                 # every deck: HTML, executed notebook, two PDFs
    python tools/slides.py 06 07           # only these decks (by lesson number)
    python tools/slides.py --no-pdf        # HTML only (no Chromium needed)
    python tools/slides.py --check         # read the sources, execute nothing: the rules

A deck is written for the room, apart from its lesson: one Markdown file per lesson in
``docs/slides/``, named after the lesson notebook, in a small subset of Quarto's reveal.js
Markdown (``docs/slides/README.md`` says it whole, with the rules a deck keeps):

* an optional front matter between ``---`` lines (``title:``, ``lesson:``);
* Python cells, fenced with ```` ```{python} ````: they run in one kernel, top to bottom, and
  by default only their output shows (``#| echo: true`` shows the code too, ``#| include:
  false`` runs the cell and shows nothing). Cells before the first heading are the set-up;
* ``# Title`` opens the title slide (once, first); ``## Heading`` opens each other slide;
* a line ``. . .`` reveals what follows on the next key press (a fragment);
* ``::: {.notes}`` ... ``:::`` holds the slide's speaker notes.

Building a deck: the source becomes a notebook (``build/slides/NN_title.slides.ipynb``, with
RISE's slide metadata, so it can also be presented inside JupyterLab), which runs in a
``python3`` kernel (one kernel serves several decks, its namespace emptied before each: a deck
imports what it uses); the slides are then written as one reveal.js page
(``NN_title.slides.html``: no prompts, no code unless asked, images with the text alternative
their figure carries) and printed through headless Chromium with reveal.js's print layout to
``NN_title.pdf``, one slide a page (the handout), and ``NN_title-notes.pdf``, each slide then a
page of its notes (the teacher's copy). reveal.js and MathJax come from the npm registry once
(``npm pack``, cached in ``build/slides-cache/``) and are copied beside the decks
(``build/slides/_static/``): nothing is fetched when a deck is opened, and its presenter view
(``S``: notes, next slide, timer) works from the file system.

``--check`` enforces what can be seen in the source (`RULES`); tests/e2e/test_slides.py
measures the decks in the browser (words, heights, font sizes, notes, alt text, requests).
``--strip-lessons`` removes the slide metadata an earlier version of this tool wrote into the
lesson notebooks (metadata only; outputs untouched).

The builder's parts, one job each: ``slides_parse.py`` (the source format), ``slides_rules.py``
(``--check``), ``slides_execute.py`` (the notebook and its kernel), ``slides_render.py`` (the
reveal.js page), ``slides_pdf.py`` (Chromium's PDFs); this file builds and is the command.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

# The builder's parts sit beside this file; tests load it by its path (tests/by_path.py).
sys.path.insert(0, str(Path(__file__).resolve().parent))

# The parts, each one job; their names are this module's too (tests and tools/teaching_docs.py
# read them as slides.NAME).
from slides_execute import CELL_TIMEOUT, KERNEL, RESET, attach_outputs, execute_all, to_notebook  # noqa: E402,F401
from slides_parse import (  # noqa: E402,F401
    DECKS,
    ROOM_QUESTION,
    ROOT,
    Code,
    Deck,
    DeckError,
    Slide,
    parse,
    read,
    sources,
)
from slides_pdf import CHROMIUM_ARGS, find_chromium, pdf_page_size, pdf_pages, print_pdfs  # noqa: E402,F401
from slides_render import (  # noqa: E402,F401
    HEIGHT,
    TEMPLATES,
    WIDTH,
    code_css,
    numbers_block,
    render,
    render_item,
    render_output,
)
from slides_rules import (  # noqa: E402,F401
    CODE_WIDTH,
    FORBIDDEN,
    RULES,
    control_characters,
    count_words,
    graded_question,
    problems,
    wrong_counts,
)

PARTS = [Path(__file__).resolve().parent / f"slides_{part}.py"
         for part in ("parse", "rules", "execute", "render", "pdf")]
NOTEBOOKS = ROOT / "notebooks"
OUT = ROOT / "build" / "slides"
CACHE = ROOT / "build" / "slides-cache"
# (npm package, version, files kept from its tarball, folder under _static)
ASSETS = (("reveal.js", "4.6.1", ("dist/", "plugin/notes/"), "reveal.js"),
          ("mathjax", "3.2.2", ("es5/",), "mathjax"))
# The lessons that once carried slide metadata written by this tool (see --strip-lessons).
LEGACY_LESSONS = ("01", "02", "06", "06b", "07")


# ---------------------------------------------------------------- assets, build, PDF


def fetch_assets(out=OUT, cache=CACHE):
    """reveal.js and MathJax under ``out/_static`` (from npm once, then from ``cache``),
    with the decks' style sheet."""
    cache.mkdir(parents=True, exist_ok=True)
    for package, version, keep, folder in ASSETS:
        tarball = cache / f"{package}-{version}.tgz"
        if not tarball.is_file():
            npm = shutil.which("npm")
            if npm is None:
                sys.exit(f"npm is needed once to fetch {package} {version} (install Node.js), "
                         f"or put {tarball.name} from the npm registry in {cache}/")
            subprocess.run([npm, "pack", f"{package}@{version}", "--pack-destination",
                            str(cache)], check=True, capture_output=True)
        target = out / "_static" / folder
        stamp = target / ".version"
        if stamp.is_file() and stamp.read_text(encoding="utf-8") == version:
            continue
        shutil.rmtree(target, ignore_errors=True)
        with tarfile.open(tarball) as tar:
            members = [m for m in tar.getmembers() if m.isfile() and m.name.startswith(
                tuple(f"package/{k}" for k in keep))]
            for member in members:
                member.name = member.name.removeprefix("package/")
            tar.extractall(target, members=members, filter="data")
        stamp.write_text(version, encoding="utf-8")
    css = (TEMPLATES / "deck.css").read_text(encoding="utf-8") + "\n" + code_css() + "\n"
    (out / "_static" / "deck.css").write_text(css, encoding="utf-8")


def build(paths, out=OUT, jobs=2, log=print):
    """Execute and write the decks of ``paths``; returns the HTML files written.

    Writes ``out/NN_title.slides.html`` and the executed ``out/NN_title.slides.ipynb``.
    """
    import nbformat

    paths = [Path(p) for p in paths]
    for path in paths:  # every rule first: no kernel starts for a broken source
        broken = problems(read(path))
        if broken:
            raise DeckError("\n".join(broken))
    out.mkdir(parents=True, exist_ok=True)
    fetch_assets(out)
    written = []
    jobs = max(1, min(jobs, len(paths)))
    groups = [paths[i::jobs] for i in range(jobs)]  # one kernel each; the slow decks spread
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        done = pool.map(lambda group: list(execute_all(group)), groups)
        texts = dict(zip([p for group in groups for p in group],
                         [text for group in done for text in group], strict=True))
    for path in paths:
        deck = read(path)
        nb = nbformat.reads(texts[path], as_version=4)
        attach_outputs(deck, nb)
        page = out / f"{deck.name}.slides.html"
        page.write_text(render(deck), encoding="utf-8")
        (out / f"{deck.name}.slides.ipynb").write_text(texts[path], encoding="utf-8")
        written.append(page)
        seconds = nb.metadata.get("binms_deck", {}).get("seconds")
        log(f"{_show(page)}: {len(deck.slides)} slides, executed in {seconds} s")
    return written



def _show(path):
    path = Path(path)
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


# ---------------------------------------------------------------- the lessons' old metadata


def strip_lessons(paths=None):
    """Remove ``metadata.slideshow`` from every cell of the legacy lessons (`LEGACY_LESSONS`),
    writing only the notebooks that change; returns them. Metadata only: sources and outputs
    are untouched, the rest of the file byte for byte as nbformat writes it."""
    import nbformat

    if paths is None:
        paths = [p for prefix in LEGACY_LESSONS
                 for p in sorted(NOTEBOOKS.glob(f"{prefix}_*.ipynb"))]
    changed = []
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        touched = False
        for cell in nb.cells:
            if "slideshow" in cell.metadata:
                del cell.metadata["slideshow"]
                touched = True
        if touched:
            Path(path).write_text(nbformat.writes(nb) + "\n", encoding="utf-8")
            changed.append(Path(path))
    return changed


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("decks", nargs="*", help="lesson numbers (06, 06b, ...); default all")
    parser.add_argument("--check", action="store_true",
                        help="read the sources and report every broken rule; build nothing")
    parser.add_argument("--no-pdf", action="store_true", help="write no PDF (no Chromium needed)")
    parser.add_argument("--out", type=Path, default=OUT, help="where the decks go")
    parser.add_argument("--jobs", type=int, default=2, help="decks executed at once")
    parser.add_argument("--strip-lessons", action="store_true",
                        help="remove the old slide metadata from lessons "
                             f"{', '.join(LEGACY_LESSONS)} (metadata only) and stop")
    args = parser.parse_args(argv)
    if args.strip_lessons:
        changed = strip_lessons()
        for path in changed:
            print(f"slide metadata removed: {_show(path)}")
        print(f"{len(changed)} lesson(s) changed")
        return 0
    paths = sources(args.decks)
    if args.check:
        broken = [p for path in paths for p in problems(read(path))]
        print("\n".join(broken) if broken else f"{len(paths)} deck(s): every rule holds")
        return 1 if broken else 0
    start = time.perf_counter()
    try:
        pages = build(paths, args.out, jobs=args.jobs)
    except DeckError as error:
        print(error, file=sys.stderr)
        return 1
    built = time.perf_counter() - start
    if not args.no_pdf:
        print_pdfs(pages, log=lambda p: print(_show(p)))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{len(pages)} deck(s) in {time.perf_counter() - start:.0f} s ({built:.0f} s to "
          f"execute and write the HTML; load average {load:.1f}). Open one in a browser, e.g. "
          f"{_show(pages[0]) if pages else args.out}; press S for the presenter's view.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
