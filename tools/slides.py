"""Slide metadata for the lessons taught in class, and their reveal.js decks, readable offline.

Run from the repository root (``make slides``)::

    python tools/slides.py            # write the metadata, then build/slides/*.slides.html
    python tools/slides.py --check    # write nothing; exit 1 if a lesson's metadata is stale
    python tools/slides.py --metadata-only

The lessons are `LESSONS` (01, 02, 06, 06b, 07: whichever exist). Each cell gets
``metadata.slideshow.slide_type`` by one rule that reads only the cell's kind, its first line,
its length and its outputs, so it survives edits of the prose:

* the first cell (title, objectives, times): a **slide**;
* a markdown cell opening with a ``#`` or ``##`` heading: a **slide**; ``###``: a
  **subslide**;
* a markdown cell holding a display equation (``$$``): a **subslide** (the key equations);
* any other markdown cell: a **fragment** up to `SHORT` words, else speaker **notes**;
* a code cell whose output holds a figure or a widget: a **subslide** (the key figures, the
  explorer); a code cell with other output: a **subslide** too, or part of the slide before
  it (``-``, the first ones first) as far as needed to keep the deck within `MOST` slides; a
  code cell without output:
  **skip**;
* the navigation and Exercises cells (written by tools/navigation.py and tools/exercises.py):
  **skip** (the navigation cells only in the decks: tools/navigation.py rewrites them whole, so
  in the lesson they carry no slide metadata and RISE shows them under the slide before).

Building a deck adds one slide that is not in the lesson: *A question for the room*, a
multiple-choice question of the lesson's exercises (`QUESTIONS`), before the key points, with
the answer in the speaker notes (press ``s`` in the deck). reveal.js and MathJax come from the
npm registry once (``npm pack``, cached in ``build/slides-cache/``) and are copied beside the
decks (``build/slides/_static/``): nothing is fetched when a deck is opened.
"""

from __future__ import annotations

import argparse
import copy
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
OUT = ROOT / "build" / "slides"
CACHE = ROOT / "build" / "slides-cache"
TEMPLATES = Path(__file__).resolve().parent / "slides_templates"
LESSONS = ("01", "02", "06", "06b", "07")
SHORT = 60  # words: a longer markdown cell without a heading or an equation is read aloud
FEWEST, MOST = 12, 25
# (npm package, version, files kept from its tarball, folder under _static)
ASSETS = (("reveal.js", "4.6.1", ("dist/", "plugin/notes/"), "reveal.js"),
          ("mathjax", "3.2.2", ("es5/",), "mathjax"))
QUESTIONS = {"01": "01.eq3_printed", "02": "02.odd_k1", "06": "06.density",
             "07": "07.chaining"}  # else the lesson's first multiple-choice question
KEY_POINTS = re.compile(r"^#{1,3}\s+(Key points|Take-aways)", re.I)
MARKERS = ("<!-- navigation:", "<!-- exercises:")
FIGURE_OUTPUTS = ("image/png", "image/svg+xml", "application/vnd.jupyter.widget-view+json")


def lessons(folder=NOTEBOOKS):
    """The lesson notebooks of `LESSONS` that exist, in order."""
    return [p for prefix in LESSONS for p in sorted(Path(folder).glob(f"{prefix}_*.ipynb"))]


def _kind(cell):
    """What the rule sees: 'title', 'heading2', 'heading3', 'equation', 'short', 'long',
    'figure', 'output', 'silent' or 'generated'."""
    text = cell.source.strip()
    if cell.cell_type == "markdown":
        if text.startswith(MARKERS):
            return "generated"
        first = text.split("\n")[0]
        if re.match(r"^#{1,2}\s", first):
            return "heading2"
        if re.match(r"^###\s", first):
            return "heading3"
        if "$$" in text:
            return "equation"
        return "short" if len(text.split()) <= SHORT else "long"
    if cell.cell_type != "code":
        return "generated"
    data = [key for out in cell.get("outputs", []) for key in out.get("data", {})]
    if any(key in FIGURE_OUTPUTS for key in data):
        return "figure"
    return "output" if cell.get("outputs") else "silent"


def slide_types(nb):
    """The slide type of every cell of a lesson, by the rule of this module's docstring.

    >>> md, code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell
    >>> out = nbformat.v4.new_output("stream", text="1")
    >>> slide_types(nbformat.v4.new_notebook(cells=[
    ...     md("# Title"), md("## One"), md("short"), md("long " * 61), md("$$x$$"),
    ...     code("1", outputs=[out]), code("pass")]))
    ['slide', 'slide', 'fragment', 'notes', 'subslide', 'subslide', 'skip']
    """
    kinds = [_kind(c) for c in nb.cells]
    rule = {"heading2": "slide", "heading3": "subslide", "equation": "subslide",
            "short": "fragment", "long": "notes", "figure": "subslide", "output": "subslide",
            "silent": "skip", "generated": "skip"}
    types = [rule[k] for k in kinds]
    if types:
        types[0] = "slide"
    # Too many slides (+ the question slide): fold plain outputs into the slide before,
    # the first ones first, until the deck fits.
    excess = sum(t in ("slide", "subslide") for t in types) + 1 - MOST
    for i, kind in enumerate(kinds):
        if excess <= 0:
            break
        if kind == "output":
            types[i], excess = "-", excess - 1
    return types


def with_metadata(nb, deck=False):
    """A copy of ``nb`` with ``metadata.slideshow`` written on every cell, but the navigation
    cells, which tools/navigation.py rewrites whole (in a ``deck`` they are skipped too)."""
    out = copy.deepcopy(nb)
    for cell, slide_type in zip(out.cells, slide_types(nb), strict=True):
        if deck or not cell.source.lstrip().startswith(MARKERS[0]):
            cell.metadata["slideshow"] = {"slide_type": slide_type}
        else:
            cell.metadata.pop("slideshow", None)
    return out


def update_metadata(paths, check=False):
    """Write the slide metadata of ``paths``; the stale ones (written unless ``check``)."""
    from binms_teach.course import write_atomic

    stale = []
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        new = with_metadata(nb)
        if [c.metadata for c in new.cells] != [c.metadata for c in nb.cells]:
            stale.append(path)
            if not check:
                write_atomic(path, (nbformat.writes(new) + "\n").encode("utf-8"))
    return stale


# ---------------------------------------------------------------- the decks


def question_cells(prefix):
    """The question slide and its speaker notes for lesson ``prefix``, or [] if none."""
    from binms_teach.exercises import EXERCISES, Choice

    choices = [i for i, e in sorted(EXERCISES.items())
               if i.split(".")[0] == prefix and isinstance(e, Choice)]
    exercise_id = QUESTIONS.get(prefix, choices[0] if choices else None)
    if exercise_id is None:
        return []
    exercise = EXERCISES[exercise_id]
    stem, *options = re.split(r"\s(?=\([a-e]\)\s)", exercise.question)
    slide = nbformat.v4.new_markdown_cell(
        "## A question for the room\n\n" + stem + "\n\n" + "\n".join(f"- {o.rstrip(',')}"
                                                                       for o in options))
    slide.metadata["slideshow"] = {"slide_type": "slide"}
    why = "; ".join(f"({k}) {v}" for k, v in sorted(exercise.hints.items()))
    notes = nbformat.v4.new_markdown_cell(
        f"Answer: ({exercise.answer}). Let the room vote first (hands up for each letter), "
        f"then ask someone who chose each letter why. {why} (exercise `{exercise_id}`)")
    notes.metadata["slideshow"] = {"slide_type": "notes"}
    return [slide, notes]


def deck_notebook(nb, prefix):
    """The lesson with its metadata and the question slide before the key points."""
    out = with_metadata(nb, deck=True)
    at = next((i for i, c in enumerate(out.cells)
               if c.cell_type == "markdown" and KEY_POINTS.match(c.source.strip())),
              len(out.cells))
    out.cells[at:at] = question_cells(prefix)
    return out


def fetch_assets(out=OUT, cache=CACHE):
    """reveal.js and MathJax under ``out/_static`` (from npm once, then from ``cache``)."""
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


def build(paths, out=OUT):
    """Write ``out/NN_title.slides.html`` for each lesson; return the files written."""
    from nbconvert import SlidesExporter
    from traitlets.config import Config

    fetch_assets(out)
    config = Config()
    config.SlidesExporter.reveal_url_prefix = "_static/reveal.js"
    config.SlidesExporter.reveal_scroll = True
    config.SlidesExporter.reveal_theme = "white"  # local fonts; "simple" asks Google for its
    config.HTMLExporter.mathjax_url = "_static/mathjax/es5/tex-chtml-full.js"
    exporter = SlidesExporter(config=config, template_name="binms_reveal",
                              extra_template_basedirs=[str(TEMPLATES)])
    written = []
    for path in paths:
        prefix = path.name.split("_")[0]
        nb = deck_notebook(nbformat.read(path, as_version=4), prefix)
        body, _ = exporter.from_notebook_node(nb, resources={"metadata": {"name": path.stem}})
        target = out / f"{path.stem}.slides.html"
        target.write_text(body, encoding="utf-8")
        written.append(target)
    return written


def count_slides(nb):
    """Slides and subslides of a deck notebook (what a test counts in the browser too)."""
    return sum(c.metadata.get("slideshow", {}).get("slide_type") in ("slide", "subslide")
               for c in nb.cells)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a lesson's slide metadata is stale")
    parser.add_argument("--metadata-only", action="store_true", help="do not build the decks")
    parser.add_argument("--out", type=Path, default=OUT, help="where the decks go")
    args = parser.parse_args(argv)
    paths = lessons()
    stale = update_metadata(paths, check=args.check)
    if args.check:
        print("stale: " + ", ".join(p.name for p in stale) if stale else "up to date")
        return 1 if stale else 0
    for path in stale:
        print(f"slide metadata written: {path.relative_to(ROOT)}")
    if args.metadata_only:
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    for target in build(paths, args.out):
        nb = deck_notebook(nbformat.read(NOTEBOOKS / target.name.replace(".slides.html",
                                                                         ".ipynb"), 4),
                           target.name.split("_")[0])
        print(f"{target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}: "
              f"{count_slides(nb)} slides")
    print(f"Open a deck in a browser, e.g. {args.out}/{paths[0].stem}.slides.html (offline).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
