"""Re-execute notebooks in place, so that their stored outputs are today's.

Run from the repository root (``make execute-notebooks``)::

    BINMS_TEACH_DATA=/path/to/uci python tools/execute_notebooks.py notebooks/01_*.ipynb

Each notebook runs top to bottom in a fresh ``python3`` kernel of this virtualenv,
with the notebook's own folder as working directory and a fixed timeout per cell.
Execution counts come out as 1, 2, 3, ..., so ``pytest --nbval`` (strict) passes
right after. A notebook is written back only when every cell ran without an error;
otherwise the script names the failing cell, prints its traceback, leaves the file
untouched and exits with status 1 after trying the other notebooks.

Each notebook's execution time (seconds, with the load average beside it: a busy
machine stretches it) is printed as soon as the notebook finishes, and all of them
again at the end, slowest first, marking those over `TARGET_SECONDS`.

Progress bars (tqdm) are dropped from the stored outputs: a student sees them
move when running a cell, while a stored one would only ever show "0%" (the
widget's state is not saved). Other widgets (the explorers) keep their outputs.

``BINMS_TEACH_DATA`` reaches the kernels unchanged, except that a relative path is
made absolute first (CI gives it relative to the repository root, while the kernels
run inside ``notebooks/``).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from pathlib import Path

import nbformat
from jupyter_client.kernelspec import KernelSpecManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError

KERNEL = "python3"
CELL_TIMEOUT = 600  # seconds per cell; the whole course runs in about a minute
DATA_VARIABLE = "BINMS_TEACH_DATA"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
# A tqdm bar as text: "name:  40%|####      | 4/10 [00:01<00:02, 2.9it/s]".
PROGRESS = re.compile(r"\d+%\|")
TARGET_SECONDS = 30  # every lesson should execute within this on 2 cores


def check_kernel():
    """Fail unless ``python3`` starts this interpreter (the virtualenv's)."""
    spec = KernelSpecManager().get_kernel_spec(KERNEL)
    program = spec.argv[0]
    # jupyter_client runs sys.executable when argv[0] is "python" or "python3".
    if program not in ("python", "python3", f"python{sys.version_info[0]}.{sys.version_info[1]}"):
        if Path(program).resolve() != Path(sys.executable).resolve():
            raise SystemExit(
                f"The {KERNEL!r} kernel at {spec.resource_dir} runs {program}, not this "
                f"virtualenv's {sys.executable}: remove that kernelspec or run with "
                "JUPYTER_PREFER_ENV_PATH=1."
            )


def pass_data_variable():
    """Make a relative BINMS_TEACH_DATA absolute, so the kernels find the same folder."""
    value = os.environ.get(DATA_VARIABLE)
    if value and not Path(value).is_absolute():
        os.environ[DATA_VARIABLE] = str(Path(value).resolve())


def empty_code_cells(nb):
    return [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and not c.source.strip()]


def merge_streams(cell):
    """Join consecutive stdout (or stderr) outputs: how a run splits them is chance.

    nbval joins them too before comparing, so this changes no test, only the
    noise in the stored notebook's diffs.
    """
    merged = []
    for output in cell.outputs:
        previous = merged[-1] if merged else None
        if (
            output.output_type == "stream"
            and previous is not None
            and previous.output_type == "stream"
            and previous.name == output.name
        ):
            previous.text += output.text
        else:
            merged.append(output)
    cell.outputs = merged


def is_progress_bar(output) -> bool:
    """True for a tqdm.auto bar: a widget whose text form is a tqdm line."""
    data = output.get("data", {})
    return WIDGET_MIME in data and bool(PROGRESS.search(data.get("text/plain", "")))


def drop_progress_bars(cell):
    """Remove progress bars from a cell's outputs: widget bars, and tqdm lines on stderr.

    In a terminal-style stream tqdm redraws its line with carriage returns; those
    pieces are removed and any other text of the stream is kept.
    """
    kept = []
    for output in cell.outputs:
        if is_progress_bar(output):
            continue
        if output.output_type == "stream" and output.name == "stderr":
            pieces = re.split(r"(\r|\n)", output.text)
            text = "".join(p for p in pieces if not PROGRESS.search(p))
            text = re.sub(r"\r+", "", text).lstrip("\n")
            if not text.strip():
                continue
            output.text = text
        kept.append(output)
    cell.outputs = kept


def execute(path: Path) -> float:
    """Execute one notebook and write it back; return the seconds it took."""
    nb = nbformat.read(path, as_version=4)
    empty = empty_code_cells(nb)
    if empty:
        # nbclient skips empty cells, which would leave a gap in the execution counts
        raise ValueError(f"empty code cell(s) at index {empty}: delete them")
    nb.metadata.pop("widgets", None)  # a state saved by an earlier run or by JupyterLab
    client = NotebookClient(
        nb,
        kernel_name=KERNEL,
        timeout=CELL_TIMEOUT,
        allow_errors=False,
        record_timing=False,  # no timestamps in the cell metadata: cleaner diffs
        # No widget state in the file: its model ids change on every run (noisy diffs),
        # and nbclient drops binary buffers, so a saved Image widget would show nothing.
        store_widget_state=False,
        resources={"metadata": {"path": str(path.parent.resolve())}},
    )
    start = time.perf_counter()
    client.execute()
    seconds = time.perf_counter() - start
    for cell in nb.cells:
        if cell.cell_type == "code":
            drop_progress_bars(cell)
            merge_streams(cell)
    counts = [c.execution_count for c in nb.cells if c.cell_type == "code"]
    if counts != list(range(1, len(counts) + 1)):
        raise RuntimeError(f"execution counts came out as {counts}, not 1, 2, 3, ...")
    nb.metadata["kernelspec"] = {
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
        "name": KERNEL,
    }
    text = nbformat.writes(nb)
    path.write_text(text if text.endswith("\n") else text + "\n", encoding="utf8")
    return seconds


def stderr_cells(path: Path):
    """Indices of code cells that stored stderr text (warnings): worth a look."""
    nb = nbformat.read(path, as_version=4)
    return [
        i
        for i, c in enumerate(nb.cells)
        if c.cell_type == "code"
        and any(o.output_type == "stream" and o.name == "stderr" for o in c.outputs)
    ]


def load_average() -> str:
    """The 1, 5 and 15 minute load averages, e.g. "1.02 0.80 0.65" ("?" where unknown)."""
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path, help="the .ipynb files to execute")
    args = parser.parse_args(argv)
    missing = [str(p) for p in args.notebooks if not p.is_file() or p.suffix != ".ipynb"]
    if missing:
        parser.error(f"not notebook files: {', '.join(missing)}")
    check_kernel()
    pass_data_variable()
    failures, times = [], {}
    for path in args.notebooks:
        print(f"running {path}", flush=True)
        start = time.perf_counter()
        try:
            seconds = execute(path)
        except (CellExecutionError, CellTimeoutError) as exc:
            failures.append(path)
            print(f"FAILED  {path} after {time.perf_counter() - start:.1f} s\n{exc}\n",
                  file=sys.stderr, flush=True)
            continue
        except Exception as exc:  # report every failure, then exit 1
            failures.append(path)
            print(f"FAILED  {path} after {time.perf_counter() - start:.1f} s: "
                  f"{type(exc).__name__}: {exc}\n", file=sys.stderr, flush=True)
            continue
        times[path] = seconds
        print(f"ok      {path} ({seconds:.1f} s, load average {load_average()})", flush=True)
        warned = stderr_cells(path)
        if warned:
            print(f"        stderr output (warnings?) stored in cells {warned}", flush=True)
    if len(times) > 1:
        print(f"execution times (load average now {load_average()}):")
        for path, seconds in sorted(times.items(), key=lambda item: -item[1]):
            over = f"  over {TARGET_SECONDS} s" if seconds > TARGET_SECONDS else ""
            print(f"  {seconds:6.1f} s  {path}{over}")
    if failures:
        print(
            f"{len(failures)} notebook(s) failed and were left untouched: "
            + ", ".join(map(str, failures)),
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
