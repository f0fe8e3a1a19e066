"""The popcount engine: Hamming search on packed bits, through faiss when it is installed.

A Hamming distance between two 0/1 vectors packed into bytes is a XOR and a
popcount per 64 bits; faiss's ``IndexBinaryFlat`` does exactly that, with SIMD
and OpenMP threads, many times faster than float32 matrix products from a
few thousand points on (benchmarks/RESULTS.md, section 5). faiss is an optional extra (``pip install
"binms-teach[fast]"``): without it every function falls back to the numpy
(BLAS) kernels of `binms_teach.fast.search`, which give the same results.

Exactness does not rest on how faiss orders ties. For NN_k, faiss is asked for
kk = k + 8 neighbours (k + 16 above 8,192 points): when the kk-th distance
exceeds the k-th, every point within the k-th distance is among those returned,
whatever order faiss gave them, and we sort them by (distance, index). Only
the rows whose kk-th distance equals the k-th (a tie that may run past the
kk-th place, where faiss might have cut at any index) are redone: a range
search returns every point within the k-th distance and a stable selection
keeps the k with the lowest (distance, index).

Which engine runs is set by ``BINMS_TEACH_ENGINE`` ("auto", "faiss" or
"numpy"; default "auto": faiss when installed) or, for a block of code, by
``with engine("numpy"): ...``.

Examples
--------
>>> import numpy as np
>>> from binms_teach.fast.popcount import engine, popcount_available
>>> from binms_teach.fast.search import nearest_neighbours
>>> X = np.array([[0, 0, 1], [1, 1, 1], [0, 0, 0], [0, 1, 0]], dtype=np.uint8)
>>> with engine("numpy"):
...     D, idx = nearest_neighbours(X, X[:1], k=3)
>>> D.tolist(), idx.tolist()
([[0, 1, 2]], [[0, 2, 1]])
"""

import contextlib
import os

import numpy as np

from .._validation import ALGORITHM
from ..datasets.rows import pack  # rows as packed bits: what faiss searches

ENGINES = ("auto", "faiss", "numpy")
# Results of a range search (one int32 distance and one int64 index each) per chunk.
CHUNK_PAIRS = 4 * 2**20
# Below this many data points "auto" keeps the numpy kernels: for the tiny
# inputs of the notebooks and doctests there is nothing to gain (a judgement,
# not a measured break-even; the results are the same either way).
AUTO_MIN_POINTS = 256
# faiss keeps the k best in a heap per query: for a k in the hundreds or more
# (k-modes sorts every point, k = n) the float32 kernel's sort is faster.
AUTO_MAX_K = 256
# Extra neighbours asked of faiss beyond k: a row needs the second (range search)
# pass only when its tie at the k-th distance fills them all. Asking for k + 1 costs
# faiss what k does, but sends 43 % of a Digits ascent's queries (k1 = 10) to the
# second pass; 4 spare send 2 %, 8 spare 0.03 %. Ties run longer among more points:
# at n = 32,000 (d = 256), 8 spare send 16 % of the rows, 16 spare 0.5 %. faiss's heap
# (used above COUNTING_MAX_POINTS) costs the same for k + 16 as for k; its counting
# (below) a few per cent more at k + 16 than at k + 8 (benchmarks/passes.py, issue 27).
SPARE_NEIGHBOURS = 8
SPARE_NEIGHBOURS_HEAP = 16
# Up to this many data points faiss selects the k nearest by counting, beyond it with a heap
# (see `_flat_index`); a heap is kept for large k only where it was measured faster.
COUNTING_MAX_POINTS = 8192

# A search runs on faiss's OpenMP threads when it is at least PARALLEL_ALWAYS_PAIRS
# (query, point) pairs, or at least PARALLEL_MIN_PAIRS and the machine has a core to
# spare; else on one thread. A parallel region ends when its slowest thread does: with
# no free core the second thread waits for one, and a Digits-sized search (2000 x 2000)
# took 345 ms on 2 threads against 61 ms on one (load about 8 on 2 cores); a single
# query, 53 ms against 0.02 ms. With a core free, 2 threads took 23 ms against 42 ms on
# one, and 0.6 against 1.0 ms for 50 queries (load 0.3).
PARALLEL_MIN_PAIRS = 2**17
PARALLEL_ALWAYS_PAIRS = 2**25

# faiss IndexBinaryHNSW: graph degree M (2M links per point on level 0) and the
# candidate lists of construction and search (efSearch at least 2 x the candidates).
# The search keeps HNSW_CANDIDATES x k candidates and, of those, the k smallest
# (distance, index): among tied points the lower index wins, as in the exact
# search. Measured at n = 64,000, d = 256 (benchmarks): recall of the exact 10
# nearest 0.86 with k candidates, 0.93 with 2k, 0.95 with 4k (twice the time).
HNSW_M = 32
HNSW_EF_CONSTRUCTION = 64
HNSW_EF_SEARCH = 64
HNSW_CANDIDATES = 2

# faiss's OpenMP threads spin while they wait for work. When the machine has more
# runnable threads than cores (a shared server, a laptop busy elsewhere), the
# spinning took a 32,000-point fit from 4.3 s to 26-34 s here; passive waiting
# costs little when the machine is idle. A choice the user made is kept. It only
# reaches an OpenMP runtime that starts later, so binms_teach/__init__.py sets it
# first (faiss shares scikit-learn's libgomp); importing faiss or scikit-learn
# before binms_teach leaves the spinning on.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

_state = {"engine": os.environ.get("BINMS_TEACH_ENGINE", "auto").strip().lower() or "auto"}


def popcount_available():
    """Whether faiss (the popcount engine) can be imported.

    Examples
    --------
    >>> isinstance(popcount_available(), bool)
    True
    """
    try:
        import faiss  # noqa: F401
    except ImportError:
        return False
    return True


def current_engine():
    """The engine setting now in force: "auto", "faiss" or "numpy".

    Examples
    --------
    >>> with engine("numpy"):
    ...     current_engine()
    'numpy'
    """
    name = _state["engine"]
    if name not in ENGINES:
        raise ValueError(f"BINMS_TEACH_ENGINE={name!r}: use one of {', '.join(ENGINES)}.")
    return name


@contextlib.contextmanager
def engine(name):
    """Run a block of code with one engine: "auto", "faiss" or "numpy".

    Examples
    --------
    >>> with engine("numpy"):
    ...     pass
    >>> with engine("gpu"):
    ...     pass
    Traceback (most recent call last):
    ...
    ValueError: engine 'gpu': use one of auto, faiss, numpy.
    """
    if name not in ENGINES:
        raise ValueError(f"engine {name!r}: use one of {', '.join(ENGINES)}.")
    before = _state["engine"]
    _state["engine"] = name
    try:
        yield
    finally:
        _state["engine"] = before


def use_popcount(n, k=None):
    """Whether exact searches among n data points (for k neighbours, if known) go through faiss."""
    name = current_engine()
    if name == "numpy":
        return False
    if name == "faiss":
        _require_faiss("engine 'faiss'")
        return True
    small_k = k is None or k <= AUTO_MAX_K
    return n >= AUTO_MIN_POINTS and small_k and popcount_available()


def _require_faiss(what):
    if not popcount_available():
        raise ImportError(f"{what} needs faiss, which is not installed: "
                          'pip install "binms-teach[fast]" (or faiss-cpu), or use the numpy '
                          "engine (algorithm='exact', BINMS_TEACH_ENGINE=numpy).")


@contextlib.contextmanager
def _threads_for(pairs):
    """One OpenMP thread for a small search or on a busy machine; else faiss's setting
    (threadpoolctl's limits hold)."""
    import faiss

    before = faiss.omp_get_max_threads()
    small = pairs < PARALLEL_MIN_PAIRS or (pairs < PARALLEL_ALWAYS_PAIRS and not _core_to_spare())
    if before > 1 and small:
        faiss.omp_set_num_threads(1)
        try:
            yield
        finally:
            faiss.omp_set_num_threads(before)
    else:
        yield


def _core_to_spare():
    """Whether the last minute's load average leaves a core free beside this process
    (where no load average exists, as on Windows, this process is taken to be alone)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):
        load = 1.0
    return load < cores - 0.5


def _flat_index(packed):
    """faiss's exact binary index over packed rows, with the faster of its two k-selections.

    faiss keeps the k best of a query either in a heap or by counting the points at each
    distance. Measured here on 2 cores (one thread, Digits 2000 x 240 and a 32,000 x 256
    mixture): counting was faster for the small data set (22 vs 26 ms at k = 26) and for large k
    (0.31 vs 0.53 s at k = 200 on 8,000 queries of the mixture), the heap slightly faster for
    small k on the large set (0.21 vs 0.23 s at k = 26). The choice changes no result: the
    caller sorts the returned keys and settles ties itself.
    """
    import faiss

    index = faiss.IndexBinaryFlat(8 * packed.shape[1])
    index.add(packed)
    index.use_heap = len(packed) > COUNTING_MAX_POINTS
    return index


class PopcountIndex:
    """Exact Hamming search of the rows of X (uint8 0/1) with faiss's IndexBinaryFlat.

    Picklable: the data are packed again on the other side (in a joblib or
    Dask worker), which costs far less than one search.
    """

    def __init__(self, X):

        self.n, self.d = X.shape
        self._packed = pack(X)
        self.index = _flat_index(self._packed)

    def __getstate__(self):
        return {"packed": self._packed, "shape": (self.n, self.d)}

    def __setstate__(self, state):

        self.n, self.d = state["shape"]
        self._packed = state["packed"]
        self.index = _flat_index(self._packed)

    def search(self, Q, k):
        """NN_k of every row of Q: (distances int32, indices intp), lower index first at a tie."""
        dist = np.empty((len(Q), k), dtype=np.int32)
        idx = np.empty((len(Q), k), dtype=np.intp)
        step = max(1, CHUNK_PAIRS // max(k + 1, 1))
        for s in range(0, len(Q), step):
            dist[s : s + step], idx[s : s + step] = self._search(pack(Q[s : s + step]), k)
        return dist, idx

    def _search(self, P, k):
        n = self.n
        spare = SPARE_NEIGHBOURS_HEAP if self.index.use_heap else SPARE_NEIGHBOURS
        kk = min(k + spare, n)
        with _threads_for(len(P) * n):
            D, J = self.index.search(P, kk)
        # Sorting all kk keys puts the k true nearest first whenever every point at
        # the k-th distance is among the kk returned, i.e. when the kk-th distance
        # is larger (or kk = n); faiss's order among tied points does not matter.
        key = D.astype(np.int64) * n + J
        key.sort(axis=1)
        key = key[:, :k]
        if kk < n:
            # The kk-th distance equals the k-th: the tie may run past the kk-th
            # place, and faiss may have kept any of the tied points.
            tied = np.flatnonzero(D[:, kk - 1] == D[:, k - 1])
            if tied.size:
                key[tied] = self._stable_within(P[tied], D[tied, k - 1], k)
        return (key // n).astype(np.int32), key % n

    def _stable_within(self, P, radius, k):
        """The k smallest (distance, index) keys among all points within ``radius`` (per row)."""
        n = self.n
        out = np.empty((len(P), k), dtype=np.int64)
        for r in np.unique(radius):
            rows = np.flatnonzero(radius == r)
            for lims, D, J, where in self._range_chunks(P[rows], int(r)):
                key = D.astype(np.int64) * n + J
                query = np.repeat(np.arange(len(lims) - 1), np.diff(lims))
                key = key[np.lexsort((key, query))]
                out[rows[where]] = key[lims[:-1, None] + np.arange(k)]
        return out

    def _range_chunks(self, P, radius):
        """faiss range search of H <= radius, in chunks of rows with bounded output.

        Yields (lims, distances, indices, rows of P): the results of row
        ``rows[i]`` are ``distances[lims[i]:lims[i + 1]]`` and the same slice
        of ``indices``.
        """
        step = max(1, CHUNK_PAIRS // self.n)  # at most CHUNK_PAIRS results per chunk
        for s in range(0, len(P), step):
            with _threads_for(len(P[s : s + step]) * self.n):  # H < radius + 1:
                lims, D, J = self.index.range_search(P[s : s + step], radius + 1)
            yield lims.astype(np.int64), D, J, np.arange(s, min(s + step, len(P)))

    def search_any_order(self, Q, k):
        """faiss's own k nearest: distances exact and sorted, tied indices in faiss's order."""
        dist = np.empty((len(Q), k), dtype=np.int32)
        idx = np.empty((len(Q), k), dtype=np.intp)
        step = max(1, CHUNK_PAIRS // k)
        for s in range(0, len(Q), step):
            with _threads_for(len(Q[s : s + step]) * self.n):
                dist[s : s + step], idx[s : s + step] = self.index.search(
                    pack(Q[s : s + step]), k)
        return dist, idx

    def kth_distance(self, Q, k):
        """delta_(k)(q): the k-th smallest distance of each row of Q (ties do not matter)."""
        return self.search_any_order(Q, k)[0][:, k - 1]

    def ball(self, Q, k):
        """The closed balls B(q, delta_(k)(q)): radius, and per row the members sorted by
        (distance, index)."""
        radius = self.kth_distance(Q, k)
        P = pack(Q)
        distances, indices = [None] * len(Q), [None] * len(Q)
        for r in np.unique(radius):
            rows = np.flatnonzero(radius == r)
            for lims, D, J, where in self._range_chunks(P[rows], int(r)):
                for i, row in enumerate(rows[where]):
                    d, j = D[lims[i] : lims[i + 1]], J[lims[i] : lims[i + 1]]
                    order = np.lexsort((j, d))
                    distances[row] = d[order].astype(np.int32)
                    indices[row] = j[order].astype(np.intp)
        return radius, distances, indices

    def ball_members(self, Q, k):
        """Yield (rows of Q, a 0/1 float32 CSR matrix of their balls' members), in chunks.

        Row i of the matrix marks the data points of B(Q[rows[i]], delta_(k)); a
        product with X (float32) counts each ball's votes.
        """
        from scipy.sparse import csr_matrix

        radius = self.kth_distance(Q, k)
        P = pack(Q)
        for r in np.unique(radius):
            rows = np.flatnonzero(radius == r)
            for lims, _, J, where in self._range_chunks(P[rows], int(r)):
                members = csr_matrix((np.ones(len(J), dtype=np.float32), J, lims),
                                     shape=(len(where), self.n))
                yield rows[where], members

    def ball_votes(self, Q, k, Xf):
        """Yield (rows of Q, the votes for a 1 of their balls, the balls' sizes), in chunks;
        ``Xf`` is X as float32 (a sparse product of the members with it)."""
        for rows, members in self.ball_members(Q, k):
            yield rows, (members @ Xf).astype(np.int64), np.diff(members.indptr)[:, None]

    def pairs_within(self, Q, epsilon, offset=0):
        """Yield (rows, cols, distances) chunks of the pairs H(Q[row], X[col]) <= epsilon.

        Rows are numbered from ``offset``; the chunks hold at most about
        `CHUNK_PAIRS` pairs each when the pairs are spread evenly.
        """
        P = pack(Q)
        radius = int(min(np.floor(epsilon), self.d))  # no distance exceeds d
        for lims, D, J, where in self._range_chunks(P, radius):
            rows = np.repeat(where + offset, np.diff(lims))
            yield rows, J.astype(np.intp), D


class HNSWIndex:
    """Approximate Hamming kNN with faiss's IndexBinaryHNSW (a navigable small-world graph).

    Each query's neighbours come back sorted by (distance, index), so the
    result is a function of the graph; the graph itself is built in the order
    of the rows with faiss's fixed seed. With several OpenMP threads faiss
    builds it in parallel, which can change a few links from run to run, so
    "hnsw" fits are reproducible only up to that (set OMP_NUM_THREADS=1 for
    bit-for-bit repeats). The index pickles with its graph, so the joblib or
    Dask workers of one fit all search the same graph.
    """

    def __init__(self, X, M=HNSW_M, ef_construction=HNSW_EF_CONSTRUCTION,
                 ef_search=HNSW_EF_SEARCH):
        import faiss

        self.n, self.d = X.shape
        self.ef_search = ef_search
        self.index = faiss.IndexBinaryHNSW(8 * pack(X[:1]).shape[1], M)
        self.index.hnsw.efConstruction = ef_construction
        with _threads_for(64 * self.n * ef_construction):
            self.index.add(pack(X))

    def __getstate__(self):
        import faiss

        return {"bytes": faiss.serialize_index_binary(self.index), "shape": (self.n, self.d),
                "ef_search": self.ef_search}

    def __setstate__(self, state):
        import faiss

        self.n, self.d = state["shape"]
        self.ef_search = state["ef_search"]
        self.index = faiss.deserialize_index_binary(state["bytes"])

    def search(self, Q, k):
        """Approximately NN_k: (distances int32, indices intp), sorted by (distance, index)."""
        n = self.n
        kk = min(HNSW_CANDIDATES * k, n)
        self.index.hnsw.efSearch = max(self.ef_search, 2 * kk)
        dist = np.empty((len(Q), k), dtype=np.int32)
        idx = np.empty((len(Q), k), dtype=np.intp)
        step = max(1, CHUNK_PAIRS // k)
        for s in range(0, len(Q), step):
            with _threads_for(64 * len(Q[s : s + step]) * self.ef_search):  # ~ graph visits
                D, J = self.index.search(pack(Q[s : s + step]), kk)
            if (J < 0).any():
                raise RuntimeError("faiss HNSW returned fewer than k neighbours; raise ef_search.")
            key = D.astype(np.int64) * n + J
            key.sort(axis=1)
            key = key[:, :k]
            dist[s : s + step] = key // n
            idx[s : s + step] = key % n
        return dist, idx


def check_algorithm(algorithm):
    """algorithm as `ALGORITHM` declares it, but the fast engine's: "exact" or "hnsw" (which
    needs faiss); "reference" runs the readable functions, never this engine."""
    if ALGORITHM.check(algorithm, "algorithm", {}) == "reference":
        raise ValueError("algorithm='reference' runs the readable functions, not the fast "
                         "engine: use 'exact' (the default) or 'hnsw' here.")
    if algorithm == "hnsw":
        _require_faiss("algorithm='hnsw'")
    return algorithm
