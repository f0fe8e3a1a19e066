"""One measurement of the engines benchmark, in a fresh process (`benchmarks/engines.py`).

    python benchmarks/engine_worker.py DATA.npy TASK ENGINE REPEATS OUT.npy

TASK is "knn" (the 10-NN of every data point, index building included) or "fit"
(``BinNNMS(k1=10, k2=10)``); ENGINE is "numpy" (float32 BLAS), "faiss" (the
popcount engine), "hnsw" (``algorithm="hnsw"``) or "faiss-flat" (faiss's
IndexBinaryFlat called directly, knn only). Prints one JSON line: the times,
the resident memory before the first repeat and the peak resident memory of
the process (``getrusage`` maxrss); saves the neighbour indices (knn) or the
labels (fit) to OUT.npy for the comparisons.
"""

import gc
import json
import resource
import sys
import time

import numpy as np
from scaling_worker import current_rss_kib  # this folder is on sys.path: run as a script

from binms_teach import BinNNMS
from binms_teach.fast.popcount import engine, pack
from binms_teach.fast.search import searcher

K = 10


def knn(X, name):
    if name == "faiss-flat":
        import faiss
        index = faiss.IndexBinaryFlat(8 * pack(X[:1]).shape[1])
        index.add(pack(X))
        return index.search(pack(X), K)[1]
    if name == "hnsw":
        return searcher(X, "hnsw").search(X, K)[1]
    with engine(name):
        return searcher(X).search(X, K)[1]


def fit(X, name):
    if name == "hnsw":
        model = BinNNMS(k1=K, k2=K, algorithm="hnsw").fit(X)
    else:
        with engine(name):
            model = BinNNMS(k1=K, k2=K).fit(X)
    return model


def main(path, task, name, repeats, out):
    X = np.load(path)
    warm = X[:300]  # imports, thread pools and BLAS buffers belong to "before"
    knn(warm, name) if task == "knn" else fit(warm, name)
    gc.collect()
    before = current_rss_kib()
    times, info = [], {}
    for _ in range(repeats):
        start = time.perf_counter()
        result = knn(X, name) if task == "knn" else fit(X, name)
        times.append(time.perf_counter() - start)
    if task == "knn":
        np.save(out, result)
    else:
        np.save(out, result.labels_)
        info = {"n_iter": result.n_iter_, "n_clusters": int(result.labels_.max() + 1),
                "epsilon": result.epsilon_}
    print(json.dumps({"n": len(X), "task": task, "engine": name, "times": times,
                      "rss_before_kib": before,
                      "maxrss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, **info}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5])
