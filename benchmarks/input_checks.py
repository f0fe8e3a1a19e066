"""How often a fit checks its input, and what the checks cost: this tree against an older commit.

Loads the package of an older commit (``git archive`` into a temporary folder) beside this
tree's, under another name, in the same process; then, on the same data, alternately:

- counts the calls of the input check (`binms_teach._validation.check_binary`) during one
  fit, with `cProfile` (so nothing in the package is patched);
- times a fit (the median of ``--repeats`` runs each, the two trees taking turns, so that a
  change of the machine's load hits both alike).

Prints a table and the load average (``/proc/loadavg``) before and after.

    python benchmarks/input_checks.py 9c579c7              # Digits, algorithm="reference"
    python benchmarks/input_checks.py 9c579c7 --algorithm exact --repeats 7
"""

import argparse
import cProfile
import importlib.util
import io
import os
import pstats
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def load():
    try:
        return Path("/proc/loadavg").read_text(encoding="utf-8").split()[:3]
    except OSError:
        return ["?"] * 3


def package_of(commit, folder):
    """The package ``binms_teach`` of ``commit``, imported as ``binms_teach_<commit>``."""
    tar = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "binms_teach"],
                         check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(folder, filter="data")
    name = f"binms_teach_{commit}"
    init = Path(folder) / "binms_teach" / "__init__.py"
    spec = importlib.util.spec_from_file_location(
        name, init, submodule_search_locations=[str(init.parent)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def check_calls(package, X, params):
    """(calls of check_binary, calls of any function of _validation) during one fit."""
    profile = cProfile.Profile()
    profile.enable()
    package.BinNNMS(**params).fit(X)
    profile.disable()
    folder = str(Path(package.__file__).parent / "_validation.py")
    calls = {name: n for (file, _, name), (_, n, *_) in pstats.Stats(profile).stats.items()
             if file == folder}
    return calls.get("check_binary", 0), sum(calls.values())


def fit_time(package, X, params):
    start = time.perf_counter()
    package.BinNNMS(**params).fit(X)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", help="the commit to compare with, e.g. 9c579c7")
    parser.add_argument("--algorithm", default="reference", choices=["reference", "exact"])
    parser.add_argument("--dataset", default="digits")
    parser.add_argument("--k1", type=int, default=10)
    parser.add_argument("--k2", type=int, default=25)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    import binms_teach as new
    from binms_teach import datasets

    X = getattr(datasets, f"load_{args.dataset}")().data
    params = dict(k1=args.k1, k2=args.k2, algorithm=args.algorithm)
    start_load = load()
    with tempfile.TemporaryDirectory() as tmp:
        old = package_of(args.old, tmp)
        trees = {f"{args.old} (before)": old, "this tree": new}
        same = [old.BinNNMS(**params).fit(X), new.BinNNMS(**params).fit(X)]  # also a warm-up
        equal = all((getattr(same[0], a) == getattr(same[1], a)).all()
                    for a in ("modes_", "labels_", "cluster_centers_"))
        counts = {name: check_calls(package, X, params) for name, package in trees.items()}
        times = {name: [] for name in trees}
        for _ in range(args.repeats):
            for name, package in trees.items():
                times[name].append(fit_time(package, X, params))
    print(f"{args.dataset} {X.shape}, BinNNMS(k1={args.k1}, k2={args.k2}, "
          f"algorithm={args.algorithm!r}); {os.cpu_count()} cores; load average "
          f"{' '.join(start_load)} before, {' '.join(load())} after")
    print(f"the same modes, labels and centres: {equal}")
    print(f"{'tree':24} {'check_binary calls':>18} {'_validation calls':>18} "
          f"{'fit, median s':>14} {'all runs s':>20}")
    for name in trees:
        runs = " ".join(f"{t:.2f}" for t in times[name])
        print(f"{name:24} {counts[name][0]:>18,} {counts[name][1]:>18,} "
              f"{statistics.median(times[name]):>14.2f} {runs:>20}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
