"""`experiments.sweep` on Digits with the paper's grid: this checkout against a git revision.

Times ``experiments.sweep(X, y, *experiments.grid("digits"))`` (one process, the
default settings of `make reproduce`) for the package of this checkout and for
the package as it is at ``--against`` (default ``main``), each in a fresh
process, in alternation so that both see the same load on the shared machine.
Prints the median and every repeat, and checks that both give the same labels
and scores (a refactor must not change them).

Usage::

    .venv/bin/python benchmarks/sweep.py [--against REV] [--repeats 5]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def worker():
    """Time one sweep; print the package's path, the seconds and a digest of the results."""
    import hashlib
    import time

    import numpy as np

    import binms_teach
    from binms_teach import experiments

    digits = experiments.load("digits")
    k1s, k2s = experiments.grid("digits")
    start = time.perf_counter()
    s = experiments.sweep(digits.data, digits.target, k1s, k2s)
    seconds = time.perf_counter() - start
    digest = hashlib.sha256()
    for name in ("labels", "nmi", "ari", "epsilon", "n_clusters", "silhouette"):
        digest.update(np.ascontiguousarray(getattr(s, name)).tobytes())
    print(json.dumps({"package": binms_teach.__file__, "seconds": seconds,
                      "digest": digest.hexdigest()}))


def run(pythonpath):
    env = dict(os.environ, OMP_WAIT_POLICY="PASSIVE")
    if pythonpath:
        # The unpacked package finds no data beside it: point it at this checkout's.
        env.update(PYTHONPATH=str(pythonpath), BINMS_TEACH_DATA=str(ROOT / "data"))
    out = subprocess.run([sys.executable, __file__, "--worker"], env=env, check=True,
                         capture_output=True, text=True, cwd=ROOT).stdout
    return json.loads(out.strip().splitlines()[-1])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="main", help="git revision (default main)")
    parser.add_argument("--repeats", type=int, default=5, help="runs of each (default 5)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker()
    with tempfile.TemporaryDirectory() as tmp:
        # The package at --against, unpacked beside this checkout's (which stays installed).
        archive = subprocess.run(["git", "archive", args.against, "binms_teach"], cwd=ROOT,
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        runs = {"this checkout": [], args.against: []}
        for _ in range(args.repeats):
            for name, path in (("this checkout", None), (args.against, tmp)):
                runs[name].append(run(path))
    for name, results in runs.items():
        seconds = [r["seconds"] for r in results]
        print(f"{name:>16}: median {statistics.median(seconds):.2f} s  "
              f"runs {' '.join(f'{t:.2f}' for t in seconds)}  "
              f"({results[0]['package']})")
    digests = {r["digest"] for results in runs.values() for r in results}
    print("same labels and scores:", len(digests) == 1)
    print(f"load average: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
