"""`make bench`: our engine against its peers, measured side by side in one run.

Writes ``benchmarks/RESULTS.md`` (machine, figures, targets met or not) and
``benchmarks/scaling.png``:

1. BinNNMS on Digits (k1 = k2 = 10, full fit): ours, the scikit-learn baseline
   (``benchmarks/sklearn_baseline.py``) and the readable code, one point at a
   time (timed on a sample of points and extrapolated, labelled so);
2. k-modes on Digits, k = 40, seeds 0..9: ours against the ``kmodes`` package;
3. scaling of a full BinNNMS fit on Bernoulli mixtures, d = 256, n = 1k..64k,
   each n in a fresh process (time, peak resident memory);
4. one widget step on Digits (``benchmarks/widget_step.py``, when present);
5-7. the engines (float32, popcount, "hnsw"), the targets of issue 13 against
   faiss, and a fit on a Dask LocalCluster (``benchmarks/engines.py``).

The machine is shared and has 2 cores: each figure is a median of repeats,
ours and the baseline are timed in alternation so that they see the same load,
and the load average is written beside each section.

This file is the command line; sections 1-4 are timed in ``bench_timings.py``,
RESULTS.md is written by ``bench_report.py``, and both share ``bench_common.py``
(paths, load, timing, the data, the machine).
"""

import argparse
import datetime
import json
import sys
import time
from pathlib import Path

from bench_common import HERE, load, load_digits_data, log, machine_info
from bench_report import write_results
from bench_timings import (
    KMODES_SEEDS,
    bench_digits,
    bench_kmodes,
    bench_scaling,
    bench_widget,
    plot_scaling,
    scaling_summary,
)

SIZES = [1000, 2000, 4000, 8000, 16000, 32000, 64000]
QUICK_MAX = 16000
PACKAGE_SEEDS_DEFAULT = 3
SECTIONS = ["digits", "kmodes", "scaling", "widget", "engines", "faiss", "dask"]


def parse_args(argv=None):
    parser = argparse.ArgumentParser(
        description="Benchmark binms-teach against scikit-learn and the kmodes package; "
                    "writes RESULTS.md and scaling.png.")
    parser.add_argument("--quick", action="store_true",
                        help=f"scaling up to n = {QUICK_MAX:,} only (default: up to 64,000); "
                             f"the kmodes package on {PACKAGE_SEEDS_DEFAULT} seeds (default 10)")
    parser.add_argument("--full", action="store_true",
                        help="kept for compatibility: the kmodes package runs all 10 seeds "
                             f"unless --quick ({PACKAGE_SEEDS_DEFAULT} seeds)")
    parser.add_argument("--repeats", type=int, default=5,
                        help="repeats of each Digits timing, median reported (default 5)")
    parser.add_argument("--large", action="store_true",
                        help="engines: also exact n = 128k, 256k and hnsw n = 256k, 1M "
                             "(tens of minutes on 2 cores)")
    parser.add_argument("--engine-sizes", type=int, nargs="+",
                        help="engines: these exact sizes instead (for development)")
    parser.add_argument("--only", nargs="+", choices=SECTIONS,
                        help="run these sections only (for development; RESULTS.md then "
                             "holds only them)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the sections not run now from the last run (results.json "
                             "in --out); RESULTS.md says which run each section comes from")
    parser.add_argument("--out", type=Path, default=HERE,
                        help="folder for RESULTS.md and scaling.png (default: benchmarks/)")
    return parser.parse_args(argv)


def _plain(value):
    """numpy scalars and arrays as plain JSON values."""
    return value.tolist() if hasattr(value, "tolist") else str(value)


def main(argv=None):
    args = parse_args(argv)
    sys.path.insert(0, str(HERE))
    wanted = set(args.only or SECTIONS)
    started = time.perf_counter()
    info = machine_info()
    log(f"binms-teach benchmarks on {info['cpu']}, {info['cores']} cores, BLAS {info['blas']}; "
        f"load {load()}")
    sections = {"load_start": load()}
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    command = " ".join(["benchmarks/run.py"] + (argv if argv is not None else sys.argv[1:]))
    X, source = load_digits_data()
    if "digits" in wanted:
        log("1. BinNNMS on Digits")
        sections["digits"] = bench_digits(X, args.repeats)
    if "kmodes" in wanted:
        log("2. k-modes on Digits")
        seeds = range(PACKAGE_SEEDS_DEFAULT) if args.quick else KMODES_SEEDS
        sections["kmodes"] = bench_kmodes(X, seeds)
    if "scaling" in wanted:
        log("3. Scaling")
        sizes = [n for n in SIZES if not args.quick or n <= QUICK_MAX]
        sections["scaling"] = bench_scaling(sizes)
        args.out.mkdir(parents=True, exist_ok=True)
        plot_scaling(scaling_summary(sections["scaling"]), args.out / "scaling.png")
    if "widget" in wanted:
        log("4. Widget step")
        sections["widget"] = bench_widget()
    import engines
    if args.engine_sizes:
        engines.EXACT_SIZES = args.engine_sizes
        engines.HNSW_SIZES = [n for n in engines.HNSW_SIZES if n in args.engine_sizes]
    if "faiss" in wanted:
        log("6. Exact kNN against faiss; a Digits fit in faiss passes")
        sections["knn_faiss"] = engines.bench_knn_vs_faiss()
        sections["digits_passes"] = engines.bench_digits_passes(X, args.repeats)
    if "engines" in wanted:
        log("5. Engines")
        sections["engines"] = engines.bench_engines(large=args.large)
        args.out.mkdir(parents=True, exist_ok=True)
        engines.plot(sections["engines"], args.out / "engines.png")
    if "dask" in wanted:
        log("7. Dask")
        sections["dask"] = engines.bench_dask()
    sections["load_end"] = load()
    total = time.perf_counter() - started
    runs = {name: {"date": stamp, "command": command, "minutes": round(total / 60, 1),
                   "commit": info["commit"]}
            for name in sections if not name.startswith("load")}
    args.out.mkdir(parents=True, exist_ok=True)
    saved = args.out / "results.json"
    if args.keep and saved.is_file():
        before = json.loads(saved.read_text(encoding="utf-8"))
        for name, value in before["sections"].items():
            if name not in sections and name in before["runs"]:
                sections[name] = value
                runs[name] = before["runs"][name]
    sections["runs"] = runs
    saved.write_text(json.dumps({"sections": sections, "runs": runs}, default=_plain),
                     encoding="utf-8")
    sections = json.loads(saved.read_text(encoding="utf-8"))["sections"]  # one form for all
    write_results(args.out / "RESULTS.md", args, info, source, sections, total)
    log(f"wrote {args.out / 'RESULTS.md'} in {total / 60:.1f} min")


if __name__ == "__main__":
    main()
