"""The BGA task in chunks of candidates through joblib, hence on a Dask cluster too.

Once the data are in a worker's memory, each candidate's ascent is
independent of the others: a chunk of candidates ascends to exactly the modes
it would reach among all candidates (`binms_teach.fast.ascent.ascend` only shares
the work of equal iterates, never their results). So

>>> import joblib                                   # doctest: +SKIP
>>> with joblib.parallel_backend("dask"):           # doctest: +SKIP
...     model = BinNNMS(k1=10, k2=10).fit(X)

runs the candidates on the workers of a ``dask.distributed`` cluster, with the
modes and labels of the single-process fit. joblib's Dask backend sends the
data to the cluster once per fit (the same array object is scattered once and
shared by every chunk), then only row numbers travel.

``n_jobs=None`` follows joblib: one process, unless a ``parallel_backend``
block says otherwise.
"""

import numpy as np
from joblib import Parallel, delayed, effective_n_jobs

from ..ascent import warn_cycles
from .ascent import ascend
from .search import searcher

# Chunks per worker: a little more than one, so that a slow chunk does not hold up the rest.
CHUNKS_PER_JOB = 2


def bga_chunks(X, k1, max_iter, tie, *, neighbours="index", algorithm="exact", index=None,
               n_jobs=None, record=False):
    """Every row of X ascends on X (the BinNNMS fit's BGA task), in chunks of rows.

    Parameters
    ----------
    X : ndarray of uint8, shape (n, d)
        Checked data, also the candidates.
    k1, max_iter, tie, neighbours : as in `binms_teach.ascent.bga`
    algorithm : {"exact", "hnsw"}
    index : searcher of X, optional
        Prepared by the caller (it is shipped to the workers; "hnsw" builds its
        graph once, here, so that every chunk searches the same graph).
    n_jobs : int or None
        As in joblib.
    record : bool
        Also return every candidate's path x_0, ..., x*.

    Returns
    -------
    modes, n_iter, converged, paths (a list, or None)

    Examples
    --------
    >>> X = np.array([[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]], dtype=np.uint8)
    >>> modes, n_iter, converged, _ = bga_chunks(X, 3, 100, "one")  # n_jobs=2: two processes
    >>> modes.tolist(), n_iter.tolist()
    ([[0, 0, 1], [0, 0, 1], [0, 1, 1], [0, 1, 1]], [2, 1, 2, 1])
    """
    n = len(X)
    jobs = effective_n_jobs(n_jobs)
    if index is None and algorithm != "exact":
        index = searcher(X, algorithm)
    if jobs == 1 or n < 2:
        return _ascend_rows(X, None, k1, max_iter, tie, neighbours, index, record)[:4]
    chunks = np.array_split(np.arange(n), min(n, CHUNKS_PER_JOB * jobs))
    # The exact index is rebuilt in each worker (cheap next to one search);
    # "hnsw" ships its graph.
    shipped = None if algorithm == "exact" else index
    parts = Parallel(n_jobs=n_jobs)(
        delayed(_ascend_rows)(X, rows, k1, max_iter, tie, neighbours, shipped, record,
                              count_cycles=True) for rows in chunks)
    modes = np.concatenate([p[0] for p in parts])
    n_iter = np.concatenate([p[1] for p in parts])
    converged = np.concatenate([p[2] for p in parts])
    paths = [path for p in parts for path in p[3]] if record else None
    cycled = sum(p[4] for p in parts)
    if cycled:  # the workers' warnings stay in the workers: one warning for the whole fit
        warn_cycles(cycled, n, k1, tie)
    return modes, n_iter, converged, paths


def _ascend_rows(X, rows, k1, max_iter, tie, neighbours, index, record, count_cycles=False):
    """The ascent of the candidates X[rows] (all rows if None) on X.

    With ``count_cycles``, the chunk's count of candidates stopped at a cycle
    is returned instead of an `AscentCycleWarning` (warnings raised in a
    worker process would not reach the caller).
    """
    current = X.copy() if rows is None else X[rows]
    cycles = [] if count_cycles else None
    modes, n_iter, converged, history = ascend(X, current, k1, max_iter, tie, record=record,
                                             neighbours=neighbours, index=index, cycles=cycles)
    cycled = sum(cycles or [])
    paths = None
    if record:
        moves = n_iter - converged  # the confirming update is not a move
        paths = [history[: moves[i] + 1, i] for i in range(len(modes))]
    return modes, n_iter, converged, paths, cycled
