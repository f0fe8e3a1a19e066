"""Two commits side by side in one run: a Digits fit and the exact 10-NN at 32,000 x 256.

Each measurement runs in a fresh process with the package of one commit on its path
(a temporary `git worktree` for the old one), the two commits alternating, so that a
change of load hits both alike. Prints the median of each and the load average.

    python benchmarks/compare_commits.py e3cf3b6 [--repeats 7]
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Timed in the child: the best of three, after one warm-up (imports, faiss threads).
CHILD = r"""
import time, numpy as np
from binms_teach import BinNNMS
from binms_teach.datasets import load_digits, make_bernoulli_mixture
import faiss
what = "{what}"
if what == "fit":
    X = load_digits().data
    work = lambda: BinNNMS(k1=10, k2=25).fit(X)
else:
    X = make_bernoulli_mixture(32000, 256, 20, flip=0.1, random_state=0).data
    try:
        from binms_teach.fast.search import searcher
    except ImportError:
        from binms_teach.hamming import searcher
    index = searcher(X, k=10)
    work = lambda: index.search(X, 10)
work()
times = []
for _ in range(3):
    t = time.perf_counter(); work(); times.append(time.perf_counter() - t)
print(min(times))
"""


def timed(tree, what):
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", CHILD.format(what=what)], env=env,
                         capture_output=True, text=True, check=True, cwd=tree)
    return float(out.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", help="the commit to compare with (e.g. e3cf3b6)")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "old"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(old),
                        args.old], check=True)
        try:
            loads = []
            for what in ("fit", "knn"):
                runs = {"old": [], "new": []}
                for _ in range(args.repeats):
                    loads.append(os.getloadavg()[0])
                    runs["old"].append(timed(old, what))
                    runs["new"].append(timed(ROOT, what))
                o, n = statistics.median(runs["old"]), statistics.median(runs["new"])
                print(f"{what}: {args.old} {o:.3f} s, now {n:.3f} s, now/old {n / o:.2f} "
                      f"(median of {args.repeats}, load {min(loads):.1f}-{max(loads):.1f})")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                           check=True)


if __name__ == "__main__":
    main()
