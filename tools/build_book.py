"""Build the course as a static book: ``make book`` -> build/book/html.

Run from the repository root::

    python tools/build_book.py            # stage the sources, then sphinx-build -W --keep-going
    python tools/build_book.py --stage    # only stage build/book/src (to look at it)

Staging (build/book/src, never committed):

* the pages of ``docs/book`` (index, API reference), ``docs/teaching.md``,
  ``docs/instructor-notes.md``, ``docs/class-server.md`` with its runbook, sizing and
  Kubernetes pages, and the README's pictures (``docs/*.png``);
* every notebook of ``notebooks/``, ``notebooks/exercises/`` and ``notebooks/solutions/`` with
  its stored outputs (nothing
  is re-executed), where only the widget outputs change, since a static page cannot run them:
  a widget whose display bundle carries a PNG keeps the PNG alone, a progress bar is dropped
  (its stored text is the 0 % it showed before the widget took over), and any other widget
  becomes a one-line note to open the notebook in JupyterLab;
* ``checks.md``: the table of ``binms_teach.checks.run_all()``, computed now;
* in each lesson with an explorer (`binms_teach.widgets.lesson_steppers.STEPPERS`), the outputs
  of the cell that shows the explorer become a stepper: the explorer's pictures for a few
  values of its main control, computed now, stepped without a kernel (``text/html``).

Sphinx runs with ``-W --keep-going -n``: every warning fails the build, and ``-n`` (nitpicky)
makes every unresolved cross-reference a warning, which checks the internal links.
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONF = ROOT / "docs" / "book"
BUILD = ROOT / "build" / "book"
SRC = BUILD / "src"
HTML = BUILD / "html"

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# tqdm's text form, e.g. "digits:   0%|          | 0/8 [00:00<?, ?it/s]".
PROGRESS_BAR = re.compile(r"\d+%\|.*\|\s*\d+/\d+")
WIDGET_NOTE = (
    "*An interactive widget: open this notebook in JupyterLab (`make lab`) to use it.*"
)


def static_output(output):
    """The output as a static page shows it: None to drop it; a copy, never the input itself.

    >>> png = {"output_type": "display_data", "metadata": {},
    ...        "data": {WIDGET_VIEW: {}, "image/png": "iVBO", "text/plain": "Explorer"}}
    >>> sorted(static_output(png)["data"])
    ['image/png', 'text/plain']
    >>> bar = {"output_type": "display_data", "metadata": {},
    ...        "data": {WIDGET_VIEW: {}, "text/plain": "zoo:   0%|   | 0/14 [00:00<?, ?it/s]"}}
    >>> static_output(bar) is None
    True
    >>> box = {"output_type": "display_data", "metadata": {},
    ...        "data": {WIDGET_VIEW: {}, "text/plain": "VBox(children=(...))"}}
    >>> list(static_output(box)["data"])
    ['text/markdown']
    """
    data = output.get("data", {})
    if WIDGET_VIEW not in data:
        return copy.deepcopy(output)
    text = "".join(data.get("text/plain", ""))
    if "image/png" in data or "text/html" in data:  # the explorer's picture, with its alt
        kept = {k: data[k] for k in ("text/html", "image/png", "text/plain") if k in data}
    elif PROGRESS_BAR.search(text):
        return None
    else:
        kept = {"text/markdown": WIDGET_NOTE}
    return {**copy.deepcopy(output), "data": copy.deepcopy(kept)}


def explorer_cell(nb, explorer):
    """The one code cell of ``nb`` that calls ``explorer`` (a class name) and shows an output.

    >>> nb = {"cells": [{"cell_type": "code", "source": ["ex = AscentExplorer(X)\\n", "ex"],
    ...                  "outputs": [{"output_type": "execute_result"}]}]}
    >>> explorer_cell(nb, "AscentExplorer") is nb["cells"][0]
    True
    """
    call = re.compile(rf"\b{re.escape(explorer)}\s*\(")
    found = [cell for cell in nb["cells"] if cell["cell_type"] == "code" and cell.get("outputs")
             and call.search("".join(cell["source"]))]
    if len(found) != 1:
        raise ValueError(f"{len(found)} cells call {explorer}(...) and show an output; the "
                         "book puts its stepper in place of exactly one: update "
                         "binms_teach/widgets/lesson_steppers.py to the lesson.")
    return found[0]


def stepper_outputs(stepper):
    """The outputs that show ``stepper`` (a `LessonStepper`) in the page."""
    start = stepper.frames[stepper.start]
    return [{"output_type": "display_data", "metadata": {},
             "data": {"text/html": stepper.html(), "text/plain": start.description}}]


def stage_notebook(source, target, stepper=None):
    """Copy one notebook, its widget outputs made static (see `static_output`), and the
    explorer's cell showing ``stepper`` when one is given."""
    nb = json.loads(source.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if "outputs" in cell:
            outputs = (static_output(o) for o in cell["outputs"])
            cell["outputs"] = [o for o in outputs if o is not None]
    if stepper is not None:
        explorer_cell(nb, stepper.explorer)["outputs"] = stepper_outputs(stepper)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def rst_text(text):
    """Plain text made safe inside reStructuredText (no stray emphasis, roles or links).

    >>> print(rst_text("x_{j+1} = maj(NN_k1(x_j)) * 2 | `a`"))
    x\\_{j+1} = maj(NN\\_k1(x\\_j)) \\* 2 \\| \\`a\\`
    """
    return re.sub(r"([\\*_`|])", r"\\\1", " ".join(str(text).split()))


def checks_page(results):
    """The checks page (reStructuredText): one row per claim, then the numbers behind it."""
    verdict = {None: "-", True: "holds", False: "fails"}
    lines = [
        "The derivation, checked",
        "=======================",
        "",
        "Each claim of the paper (and one of the course's own), both sides computed by",
        "``binms_teach.checks.run_all()`` when this book was built. Where the paper misprints,",
        "the printed version fails and the corrected one holds; notebooks 01-06 derive each one.",
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: 4 18 10 40 9 9 10",
        "",
        "   * - #",
        "     - check",
        "     - equation",
        "     - claim",
        "     - as printed",
        "     - corrected",
        "     - source",
    ]
    for r in results:
        cells = [r.number, r.name, r.equation, r.claim, verdict[r.holds_as_printed],
                 verdict[r.holds_corrected], r.source]  # fmt: skip
        lines.append(f"   * - {rst_text(cells[0])}")
        lines.extend(f"     - {rst_text(c)}" for c in cells[1:])
    lines += ["", "The numbers behind each verdict", "-------------------------------", ""]
    for r in results:
        numbers = ", ".join(f"{k} = {v}" for k, v in r.numbers.items())
        lines += [f"{r.number}. **{rst_text(r.name)}.** {rst_text(r.explanation)}", ""]
        lines += [f"   ``{numbers}``" if numbers else "   (no numbers)", ""]
    return "\n".join(lines) + "\n"


def stage():
    """Write build/book/src from docs/book, docs/*.png, the notebooks and the checks."""
    from binms_teach.checks import run_all
    from binms_teach.widgets.lesson_steppers import STEPPERS

    if SRC.exists():
        shutil.rmtree(SRC)
    SRC.mkdir(parents=True)
    for page in CONF.iterdir():
        if page.suffix in (".md", ".rst"):
            shutil.copy2(page, SRC / page.name)
    for page in ("teaching.md", "instructor-notes.md", "class-server.md",
                 "class-server/runbook.md", "class-server/sizing.md", "class-server/kubernetes.md"):
        (SRC / page).parent.mkdir(exist_ok=True)
        shutil.copy2(ROOT / "docs" / page, SRC / page)
    (SRC / "pictures").mkdir()
    for picture in sorted((ROOT / "docs").glob("*.png")):
        shutil.copy2(picture, SRC / "pictures" / picture.name)
    notebooks = ROOT / "notebooks"
    for source in (sorted(notebooks.glob("*.ipynb")) + sorted(notebooks.glob("exercises/*.ipynb"))
                   + sorted(notebooks.glob("solutions/*.ipynb"))
                   + sorted(notebooks.glob("appendix/*.ipynb"))):
        lesson = source.parent == notebooks and source.stem in STEPPERS
        stage_notebook(source, SRC / "notebooks" / source.relative_to(notebooks),
                       STEPPERS[source.stem]() if lesson else None)
    (SRC / "checks.rst").write_text(checks_page(run_all()), encoding="utf-8")


def build():
    """sphinx-build -W --keep-going -n into build/book/html; the exit status of Sphinx.

    Always a full build: an incremental one would not repeat the warnings of unchanged pages.
    """
    for folder in (HTML, BUILD / "doctrees"):
        if folder.exists():
            shutil.rmtree(folder)
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-n", "-q",
               "-c", str(CONF), "-d", str(BUILD / "doctrees"), str(SRC), str(HTML)]  # fmt: skip
    return subprocess.run(command, cwd=ROOT).returncode


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stage", action="store_true", help="only stage build/book/src")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    stage()
    if args.stage:
        print(f"staged {SRC.relative_to(ROOT)}")
        return 0
    status = build()
    seconds = time.perf_counter() - start
    if status:
        print(f"book: sphinx-build failed (status {status}); see the warnings above",
              file=sys.stderr)
        return status
    print(f"book: {HTML.relative_to(ROOT)}/index.html built in {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
