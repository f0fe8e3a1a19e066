"""Command line: ``python -m binms_teach reproduce [--datasets ...] [--quick] [--out DIR]``.

Reruns the paper's experiments (`binms_teach.experiments`), prints the paper's
Table 2 (data sets) and Table 3 (results), numbered as in the paper's PDF, with
the paper's figures beside ours, and writes to DIR (the file names keep the
numbers 1 and 2)

* ``table1.csv`` (Table 2, data sets): dataset, n, d, M, paper_n, paper_d, paper_M;
* ``table2.csv`` (Table 3, results): dataset, method, k, k1, k2, n_clusters,
  nmi_mean, nmi_std, ari_mean, ari_std, neighbours, orders. For BinNNMS,
  ``neighbours`` is the rule ("index": the k1 nearest, the lower row index
  winning ties; "ball": every point within the k1-th distance, order-free) and
  ``orders`` how many row orders the mean covers (1: the file's order, or the
  one run of "ball"); both are empty for the k-modes and the paper's rows;
* ``figure1.png`` (NMI and ARI over (k1, k2)), ``figure2.png`` (quantization
  error along the ascent) and, with Digits, ``figure3.png`` (prototypes).

Everything is computed before anything is written, and each file is written to
a temporary file in DIR and then renamed: a failure leaves no half-written file.
"""

import argparse
import io
import os
import sys
import tempfile
import time
from pathlib import Path

DEFAULT_OUT = "reproduce-out"


def build_parser():
    from .experiments import DATASETS, QUICK_DATASETS

    parser = argparse.ArgumentParser(
        prog="python -m binms_teach",
        description="binms-teach: nearest-neighbour median shift clustering of binary data.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    rep = commands.add_parser(
        "reproduce", help="rerun the paper's Tables 2-3 and Figures 1-3",
        description="Rerun the paper's experiments; print its Tables 2 (data sets) and 3 "
                    "(results), ours beside the paper's, and write the tables (CSV: "
                    "table1.csv, table2.csv) and figures (PNG) to --out.")
    rep.add_argument("--datasets", nargs="+", metavar="NAME",
                     help=f"data sets among {', '.join(DATASETS)} (default: all; with "
                          f"--quick: {', '.join(QUICK_DATASETS)})")
    rep.add_argument("--quick", action="store_true",
                     help="small grids and 3 k-modes seeds: a few seconds")
    rep.add_argument("--out", default=DEFAULT_OUT, metavar="DIR",
                     help=f"folder for the CSV and PNG files (default: {DEFAULT_OUT})")
    rep.add_argument("--no-progress", action="store_true", help="no progress bars")
    return parser


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "reproduce":
        return reproduce_command(args, parser)
    return 2  # pragma: no cover (argparse requires a command)


def reproduce_command(args, parser):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from . import experiments as E

    try:
        names = E.check_datasets(args.datasets) if args.datasets else None
    except ValueError as exc:
        parser.error(str(exc))  # exits with status 2 and the usage line
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        parser.error(f"--out {out} is a file, not a folder: give a folder name.")

    start = time.perf_counter()
    rep = E.reproduce(names, quick=args.quick, progress=not args.no_progress)
    rows1 = E.table1(rep.data)
    rows2 = E.table2(rep.names, rep.kmodes, rep.sweeps, rep.orders)
    files = {"table1.csv": E.to_csv(rows1, E.TABLE1_COLUMNS).encode(),
             "table2.csv": E.to_csv(rows2, E.TABLE2_COLUMNS).encode()}
    figures = {"figure1.png": E.figure1(rep.sweeps)}
    if rep.curves:
        figures["figure2.png"] = E.figure2(rep.curves)
    if rep.digits is not None:
        figures["figure3.png"] = E.figure3(rep.digits)
    for name, fig in figures.items():
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=100)
        plt.close(fig)
        files[name] = buffer.getvalue()

    n_orders = len(E.QUICK_ORDER_SEEDS if args.quick else E.ORDER_SEEDS)
    print("Tables numbered as in the paper's PDF (1: coding, 2: data sets, 3: results); "
          "the files keep the names table1.csv (Table 2) and table2.csv (Table 3).")
    print()
    print("Table 2: data sets (ours; '*' where the paper's differs)")
    print(E.format_table1(rows1))
    print()
    print("Table 3: results, NMI and ARI, the paper's rows beside ours"
          + (" (--quick: small grids, 3 k-modes seeds)" if args.quick else ""))
    print(E.format_table2(rows2))
    print(f"BinNNMS rows, at each (k1, k2) chosen in the file's order: rule 'index' (the k1 "
          f"nearest; at the k1-th distance the lower row index wins, the authors' code) in the "
          f"file's order and as mean ± std over {n_orders} random row orders; rule 'ball' "
          f"(every point within the k1-th distance) does not depend on the order: one run.")
    print()
    out.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        write_atomic(out / name, content)
    print(f"Wrote {', '.join(files)} to {out}/ in {time.perf_counter() - start:.1f} s.")
    return 0


def write_atomic(path, content):
    """Write bytes to a temporary file beside ``path``, then rename it over ``path``."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(content)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; give the usual permissions
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


if __name__ == "__main__":
    sys.exit(main())
