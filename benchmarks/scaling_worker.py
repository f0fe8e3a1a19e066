"""One point of the scaling benchmark, in a fresh process: `benchmarks/run.py` starts it
(`bench_timings.bench_scaling`).

    python benchmarks/scaling_worker.py DATA.npy REPEATS K1 K2

loads the data (saved by bench_timings.py), fits ``BinNNMS(k1, k2)`` REPEATS times and
prints one JSON line: the fit times, the resident memory before the first fit
and the peak resident memory of the whole process (``getrusage`` maxrss), so
that ``peak - before`` is what the fit added on top of the interpreter,
the imports, the data and a warm-up fit on 100 rows.
"""

import gc
import json
import resource
import sys
import time

import numpy as np

from binms_teach import BinNNMS


def current_rss_kib():
    """Resident memory now, from /proc (KiB)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def main(path, repeats, k1, k2):
    X = np.load(path)
    # Warm-up on a few rows: lazy imports and BLAS's own buffers and threads are
    # then part of "before", not of what the fit adds.
    BinNNMS(k1=min(k1, 50), k2=min(k2, 49)).fit(X[:100])
    gc.collect()
    before = current_rss_kib()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        model = BinNNMS(k1=k1, k2=k2).fit(X)
        times.append(time.perf_counter() - start)
    print(json.dumps({
        "n": len(X), "d": X.shape[1], "times": times,
        "rss_before_kib": before,
        "maxrss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        "n_iter": model.n_iter_, "n_clusters": int(model.labels_.max() + 1),
        "n_modes": len(np.unique(model.modes_, axis=0)), "epsilon": model.epsilon_,
    }))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
