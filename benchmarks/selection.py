"""How long the automatic choice of (k1, k2) takes (issue 16's target: Digits in under 30 s).

``python benchmarks/selection.py [--repeats R] [--datasets a b ...]`` times
`binms_teach.selection.choose_parameters` on its default grid (all four criteria and the
rule, as ``BinNNMS(k1="auto", k2="auto")`` runs it) with ``n_jobs`` 1 and 2, BLAS on one
thread as in ``reproduce``, and writes ``benchmarks/SELECTION.md``: the median of the
repeats per data set, the load average beside it. The machine has 2 cores and is shared:
the load average says how busy it was.
"""

import argparse
import datetime
import os
import platform
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

from threadpoolctl import threadpool_limits  # noqa: E402

from binms_teach import experiments  # noqa: E402
from binms_teach.selection import choose_parameters  # noqa: E402

HERE = Path(__file__).resolve().parent
TARGET_DIGITS_SECONDS = 30


def time_choice(X, n_jobs, repeats):
    """Median wall time of `choose_parameters` over ``repeats`` runs, and the choice."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        with threadpool_limits(limits=1, user_api="blas"):
            sel = choose_parameters(X, n_jobs=n_jobs)
        times.append(time.perf_counter() - start)
    return statistics.median(times), sel


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--datasets", nargs="+", default=list(experiments.AUTO_DATASETS))
    args = parser.parse_args(argv)
    lines = ["# The automatic choice of (k1, k2): time (benchmarks/selection.py)", "",
             f"Run {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC on "
             f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
             f"median of {args.repeats} run(s) of `choose_parameters(X, n_jobs=...)` on its "
             "default grid (12 k1 x 15 k2, cut to n), BLAS on one thread.", "",
             "| data set | n x d | chosen (k1, k2) | n_jobs=1 (s) | n_jobs=2 (s) | load before |",
             "|---|---|---|---|---|---|"]
    digits = None
    for name in args.datasets:
        X = experiments.load_any(name).data
        load = os.getloadavg()[0]
        one, sel = time_choice(X, None, args.repeats)
        two, _ = time_choice(X, 2, args.repeats)
        if name == "digits":
            digits = two
        row = (f"| {name} | {X.shape[0]} x {X.shape[1]} | ({sel.k1}, {sel.k2}) | {one:.1f} | "
               f"{two:.1f} | {load:.1f} |")
        print(row, flush=True)
        lines.append(row)
    if digits is not None:
        verdict = "met" if digits < TARGET_DIGITS_SECONDS else "NOT met"
        lines += ["", f"Target (issue 16): the whole choice on Digits in under "
                      f"{TARGET_DIGITS_SECONDS} s on 2 cores: {digits:.1f} s with n_jobs=2, "
                      f"{verdict}."]
    path = HERE / "SELECTION.md"
    # Keep the section benchmarks/null_model.py writes after its marker.
    marker = "<!-- null model: written by benchmarks/null_model.py report -->"
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    tail = "\n" + marker + old.split(marker, 1)[1] if marker in old else ""
    path.write_text("\n".join(lines) + "\n" + tail, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
