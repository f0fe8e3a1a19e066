"""Command line: ``binms-teach COMMAND`` (or ``python -m binms_teach COMMAND``).

* ``binms-teach course [DIR] [--force] [--no-solutions]``: copy the notebooks, their exercises
  and (unless ``--no-solutions``) their solutions out of the installed package into DIR
  (`binms_teach.cli.course`).
* ``binms-teach nbgrader [DIR] [--force]``: write an nbgrader course folder, one graded
  assignment per lesson (`binms_teach.cli.grading`).
* ``binms-teach --version``: the installed version.
* ``binms-teach doctor``: check the installation, one line per check (`binms_teach.cli.doctor`).
* ``binms-teach reproduce [--datasets ...] [--quick] [--out DIR]``: see below.

A user's mistake (an unknown command or data set, an ``--out`` or a DIR that cannot be
written, a missing data file) ends in one line on stderr and exit status 2; a programming
error still shows its traceback.

``reproduce`` reruns the paper's experiments (`binms_teach.experiments`), prints the paper's
Table 2 (data sets) and Table 3 (results), numbered as in the paper's PDF, with
the paper's figures beside ours, and writes to DIR (the files carry the same
numbers)

* ``table2.csv`` (Table 2, data sets): dataset, n, d, M, paper_n, paper_d, paper_M;
* ``table3.csv`` (Table 3, results): dataset, method, k, k1, k2, n_clusters,
  nmi_mean, nmi_std, ari_mean, ari_std, neighbours, orders. For BinNNMS,
  ``neighbours`` is the rule ("index": the k1 nearest, the lower row index
  winning ties; "ball": every point within the k1-th distance, order-free) and
  ``orders`` how many row orders the mean covers (1: the file's order, or the
  one run of "ball"); both are empty for the k-modes and the paper's rows;
* ``auto.csv``: ``BinNNMS(k1="auto", k2="auto")`` beside the supervised best of the
  same grid, one row per data set (`binms_teach.experiments.AUTO_COLUMNS`);
  table3.csv holds its "BinNNMS auto" rows;
* ``figure1.png`` (NMI and ARI over (k1, k2)), ``figure2.png`` (quantization
  error along the ascent) and, with Digits, ``figure3.png`` (prototypes).

Everything is computed before anything is written, and each file is written to
a temporary file in DIR and then renamed: a failure leaves no half-written file.
"""

import argparse
import io
import time
from pathlib import Path

DEFAULT_OUT = "reproduce-out"
PROG = "binms-teach"


class UserError(Exception):
    """A mistake of the user's, not of the code: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (the message and where to find help)."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser(prog=PROG):
    from ..experiments import DATASETS, QUICK_DATASETS
    from .course import DEFAULT_DIR

    parser = _Parser(
        prog=prog,
        description="binms-teach: nearest-neighbour median shift clustering of binary data.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    course = commands.add_parser(
        "course", help="copy the notebooks and solutions into a folder of yours",
        description="Copy the course's notebooks and their solutions out of the installed "
                    "package into DIR, then print the command that opens them in JupyterLab.")
    course.add_argument("dir", nargs="?", default=DEFAULT_DIR, metavar="DIR",
                        help=f"the folder to copy into (default: {DEFAULT_DIR})")
    course.add_argument("--force", action="store_true",
                        help="overwrite notebooks you have changed (your changes are lost)")
    course.add_argument("--no-solutions", action="store_true",
                        help="leave the worked solutions out (for a graded class)")
    grading = commands.add_parser(
        "nbgrader", help="write an nbgrader course folder: one graded assignment per lesson",
        description="Write DIR/nbgrader_config.py and DIR/source/<lesson>/<lesson>_exercises"
                    ".ipynb for each lesson's exercises: answers marked for nbgrader, a "
                    "locked test cell with points after each checked answer, written answers "
                    "graded by hand with a rubric (see docs/teaching.md).")
    grading.add_argument("dir", nargs="?", default="binms-teach-nbgrader", metavar="DIR",
                         help="the nbgrader course folder (default: binms-teach-nbgrader)")
    grading.add_argument("--force", action="store_true",
                         help="overwrite files of DIR that differ from ours")
    commands.add_parser(
        "doctor", help="check Python, the packages, the data, JupyterLab and matplotlib",
        description="Check what the course needs, one line per check with the fix; exit "
                    "status 0 when all is well, 1 otherwise.")
    rep = commands.add_parser(
        "reproduce", help="rerun the paper's Tables 2-3 and Figures 1-3",
        description="Rerun the paper's experiments; print its Tables 2 (data sets) and 3 "
                    "(results), ours beside the paper's, and write the tables (CSV: "
                    "table2.csv, table3.csv) and figures (PNG) to --out.")
    rep.add_argument("--datasets", nargs="+", metavar="NAME",
                     help=f"data sets among {', '.join(DATASETS)} (default: all; with "
                          f"--quick: {', '.join(QUICK_DATASETS)})")
    rep.add_argument("--quick", action="store_true",
                     help="small grids and 3 k-modes seeds: a few seconds")
    rep.add_argument("--out", default=DEFAULT_OUT, metavar="DIR",
                     help=f"folder for the CSV and PNG files (default: {DEFAULT_OUT})")
    rep.add_argument("--no-progress", action="store_true", help="no progress bars")
    return parser


def main(argv=None, prog=PROG):
    """Run a command; a user's mistake exits with status 2 and one line on stderr."""
    parser = build_parser(prog)
    args = parser.parse_args(argv)
    commands = {"course": course_command, "doctor": doctor_command,
                "nbgrader": nbgrader_command, "reproduce": reproduce_command}
    try:
        return commands[args.command](args)
    except UserError as exc:
        parser.exit(2, f"{prog}: error: {exc}\n")


def _version():
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("binms-teach")
    except PackageNotFoundError:  # a source checkout that was never installed
        return "(not installed)"


def course_command(args):
    from .course import CourseError, copy_course

    try:
        print(copy_course(args.dir, force=args.force, solutions=not args.no_solutions))
    except CourseError as exc:
        raise UserError(str(exc)) from exc
    except OSError as exc:  # e.g. the disk filled up while copying
        raise UserError(f"{args.dir}: {exc.strerror or exc}") from exc
    return 0


def nbgrader_command(args):
    from .course import CourseError
    from .grading import write_nbgrader_course

    try:
        print(write_nbgrader_course(args.dir, force=args.force))
    except CourseError as exc:
        raise UserError(str(exc)) from exc
    except OSError as exc:
        raise UserError(f"{args.dir}: {exc.strerror or exc}") from exc
    return 0


def doctor_command(args):
    from .doctor import run

    ok, lines = run()
    print("\n".join(lines))
    return 0 if ok else 1


def check_out_folder(out):
    """Raise UserError unless the folder ``out`` exists or can be made, and can be written
    (`binms_teach.cli.course.check_folder`, which leaves nothing behind)."""
    from .course import CourseError, check_folder

    try:
        check_folder(out)
    except CourseError as exc:
        raise UserError(f"--out {exc}") from exc


def reproduce_command(args):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from .. import experiments as E
    from ..datasets import DataNotFoundError, DownloadError
    from .course import write_atomic

    try:
        names = E.check_datasets(args.datasets) if args.datasets else None
    except ValueError as exc:
        raise UserError(str(exc)) from exc
    out = Path(args.out)
    check_out_folder(out)

    start = time.perf_counter()
    try:
        rep = E.reproduce(names, quick=args.quick, progress=not args.no_progress)
    except (DataNotFoundError, DownloadError) as exc:
        raise UserError(str(exc)) from exc
    rows1 = E.table2(rep.data)
    rows2 = E.table3(rep.names, rep.kmodes, rep.sweeps, rep.orders, rep.autos)
    rows_auto = E.auto_rows(rep.autos)
    files = {"table2.csv": E.to_csv(rows1, E.TABLE2_COLUMNS).encode(),
             "table3.csv": E.to_csv(rows2, E.TABLE3_COLUMNS).encode(),
             "auto.csv": E.to_csv(rows_auto, E.AUTO_COLUMNS).encode()}
    figures = {"figure1.png": E.figure1(rep.sweeps)}
    if rep.curves:
        figures["figure2.png"] = E.figure2(rep.curves)
    if rep.digits is not None:
        figures["figure3.png"] = E.figure3(rep.digits)
    for name, fig in figures.items():
        if hasattr(fig, "png"):          # a described figure (binms_teach.figures)
            files[name] = fig.png
            continue
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=100)
        plt.close(fig)
        files[name] = buffer.getvalue()

    n_orders = len(E.QUICK_ORDER_SEEDS if args.quick else E.ORDER_SEEDS)
    print("Tables numbered as in the paper's PDF (1: coding, 2: data sets, 3: results): "
          "table2.csv (Table 2) and table3.csv (Table 3).")
    print()
    print("Table 2: data sets (ours; '*' where the paper's differs)")
    print(E.format_table2(rows1))
    print()
    print("Table 3: results, NMI and ARI, the paper's rows beside ours"
          + (" (--quick: small grids, 3 k-modes seeds)" if args.quick else ""))
    print(E.format_table3(rows2))
    print(f"BinNNMS rows, at each (k1, k2) chosen in the file's order: rule 'index' (the k1 "
          f"nearest; at the k1-th distance the lower row index wins, the authors' code) in the "
          f"file's order and as mean ± std over {n_orders} random row orders; rule 'ball' "
          f"(every point within the k1-th distance) does not depend on the order: one run.")
    print()
    print("BinNNMS auto (k1, k2 chosen without labels, notebook 12) against the supervised best "
          "of the same grid")
    print(E.format_auto(rows_auto))
    print()
    out.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        write_atomic(out / name, content)
    print(f"Wrote {', '.join(files)} to {out}/ in {time.perf_counter() - start:.1f} s.")
    return 0

