"""A deck run: its source as a notebook (with RISE's slide metadata), executed in a kernel.

Part of the slide builder (tools/slides.py).
"""

import subprocess
import time
from pathlib import Path

from slides_parse import Code, DeckError, read

KERNEL = "python3"
CELL_TIMEOUT = 300


def to_notebook(deck):
    """The deck as a notebook with RISE's slide metadata; sets nothing on ``deck``.

    Returns the notebook and the index of each of ``deck.codes()``'s cells in it.
    """
    import nbformat

    new_md, new_code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell
    cells, where = [], []

    def code_cell(code, slide_type):
        cell = new_code(code.source)
        tags = [] if code.echo else ["remove-input"]
        if not code.include:
            slide_type, tags = "skip", ["remove-cell"]
        cell.metadata["slideshow"] = {"slide_type": slide_type}
        if tags:
            cell.metadata["tags"] = tags
        if not code.echo:  # JupyterLab (and RISE inside it) collapse the code
            cell.metadata["jupyter"] = {"source_hidden": True}
        where.append(len(cells))
        cells.append(cell)

    for code in deck.setup:
        code_cell(Code(code.source, code.line, include=False), "skip")
    for slide in deck.slides:
        for k, part in enumerate(slide.parts):
            for j, item in enumerate(part):
                slide_type = ("slide" if k == 0 else "fragment") if j == 0 else "-"
                if isinstance(item, Code):
                    code_cell(item, slide_type)
                else:
                    cell = new_md(item)
                    cell.metadata["slideshow"] = {"slide_type": slide_type}
                    cells.append(cell)
        if slide.notes:
            cell = new_md(slide.notes)
            cell.metadata["slideshow"] = {"slide_type": "notes"}
            cells.append(cell)
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": KERNEL, "display_name": "Python 3",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    nb.metadata["title"] = deck.meta.get("title", deck.slides[0].title)
    return nb, where


RESET = "%reset -f"  # between two decks in one kernel: no name of the last deck is left


def execute_all(paths):
    """Run the decks at ``paths`` one after another in one fresh kernel (in the decks' folder),
    the user namespace emptied before each (`RESET`); yields each executed notebook as JSON
    text. One kernel serves them all: starting a kernel and importing the package again for
    each deck would cost more than most decks' cells. Threads run several such groups at once:
    the work is the kernels', each its own process."""
    import nbformat
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    km = KernelManager(kernel_name=KERNEL)
    # the kernel's own log lines (not the cells') are not shown
    km.start_kernel(cwd=str(Path(paths[0]).parent), stderr=subprocess.DEVNULL)
    try:
        for path in paths:
            nb, _ = to_notebook(read(path))
            nb.cells.insert(0, nbformat.v4.new_code_cell(RESET))
            client = NotebookClient(nb, km=km, timeout=CELL_TIMEOUT, kernel_name=KERNEL)
            start = time.perf_counter()
            try:
                client.execute()
            except CellExecutionError as error:
                raise DeckError(f"{Path(path).name}: a cell failed:\n{error}") from None
            finally:
                if client.kc is not None:
                    client.kc.stop_channels()
            del nb.cells[0]
            nb.metadata["binms_deck"] = {"seconds": round(time.perf_counter() - start, 1)}
            yield nbformat.writes(nb)
    finally:
        km.shutdown_kernel(now=True)


def attach_outputs(deck, nb):
    """Copy the executed notebook's outputs onto ``deck``'s code cells."""
    _, where = to_notebook(deck)
    for code, index in zip(deck.codes(), where, strict=True):
        code.outputs = nb.cells[index].get("outputs", [])

