"""Fast exact (and approximate) Hamming search: what `binms_teach.hamming` defines, for speed.

Each function here gives the same result as a readable function of the
package, bit for bit, and names it; tests/test_layers.py checks the
equalities on tie-heavy data.

* `searcher` is the one place that chooses an engine: the popcount engine
  (faiss on packed bits, `binms_teach.fast.popcount`) when
  `use_popcount` says so, else the float32 kernel `FloatIndex`; "hnsw" gives
  faiss's approximate graph search.
* `FloatIndex`: one float32 product per block of data gives sort keys
  m H + j (distance first, row index second), so the k smallest keys are NN_k
  with the lower index winning ties, without a stable sort.
"""

import numpy as np

from ..hamming import within
from .popcount import HNSWIndex, PopcountIndex, use_popcount

# Rows of queries per chunk are chosen so that one chunk's (rows x n) float32
# sort keys take about this many bytes.
CHUNK_BYTES = 32 * 2**20


# float32 holds every integer below 2**24 exactly: the bound on a block's sort keys.
EXACT_FLOAT32 = 2**24


def hamming_block(Af, Bf):
    """H for float32 0/1 blocks: |a| + |b| - 2 a^T b, one matrix product, as int32.

    Equals `binms_teach.hamming.hamming` (float32 products of 0/1 rows are
    exact: every partial sum is an integer below 2**24).
    """
    D = Af @ Bf.T
    D *= -2
    D += Af.sum(axis=1)[:, None]
    D += Bf.sum(axis=1)[None, :]
    return D.astype(np.int32)


def nearest_neighbours(X, Q, k, index=None):
    """NN_k of every row of Q (X, Q uint8, already checked): equals
    `binms_teach.hamming.nearest_neighbours`.

    ``index`` (from `searcher(X)`) may be passed when X is searched many
    times, as in the ascent.
    """
    return (searcher(X, k=k) if index is None else index).search(Q, k)


def searcher(X, algorithm="exact", k=None):
    """X (uint8 0/1) prepared for repeated searches: an object whose ``search(Q, k)`` is NN_k.

    The one place where the engine is chosen. "exact": the popcount engine
    when `binms_teach.fast.popcount.use_popcount` says so (faiss installed,
    n large enough, k, when given, not too large), else the float32 kernel;
    both give `binms_teach.hamming.nearest_neighbours` bit for bit. "hnsw":
    approximate neighbours (faiss).

    Examples
    --------
    >>> X = np.array([[0, 0], [1, 1], [0, 1]], dtype=np.uint8)
    >>> D, idx = searcher(X).search(X[:1], 2)
    >>> D.tolist(), idx.tolist()
    ([[0, 1]], [[0, 2]])
    """
    if algorithm == "hnsw":
        return HNSWIndex(X)
    if use_popcount(len(X), k):
        return PopcountIndex(X)
    return FloatIndex(X)


class FloatIndex:
    """The float32 (BLAS) kernel behind `searcher`: sort keys m H + j in one product per block.

    It answers what `binms_teach.fast.popcount.PopcountIndex` answers, with the
    same results, so that the callers never ask which engine runs.
    """

    def __init__(self, X):
        self.n = len(X)
        self.Xf = X.astype(np.float32)
        self.factors = key_factors(X)

    def search(self, Q, k):
        """NN_k of every row of Q: (distances int32, indices intp), lower index first at a tie."""
        return _float_neighbours(self.factors, self.n, Q, k)

    # Exact distances in some order of tied points: the stable order is one.
    search_any_order = search

    def ball(self, Q, k):
        """The closed balls B(q, delta_(k)(q)): radius, and per row the members sorted by
        (distance, index)."""
        radius = np.empty(len(Q), dtype=np.int32)
        distances, indices = [], []
        for s, D, r in ball_chunks(self.Xf, Q, k):
            radius[s : s + len(D)] = r
            for row, r_q in zip(D, r, strict=True):
                inside = within(row, r_q)  # the readable layer's membership
                distances.append(row[inside])
                indices.append(inside)
        return radius, distances, indices

    def ball_votes(self, Q, k, Xf):
        """Yield (rows of Q, the votes for a 1 of their balls, the balls' sizes), in chunks.

        One product (rows in the ball) @ X per chunk; float32 is exact since
        every count is below 2**24.
        """
        for s, D, radius in ball_chunks(self.Xf, Q, k):
            inside = D <= radius[:, None]
            ones = (inside.astype(np.float32) @ Xf).astype(np.int64)
            yield np.arange(s, s + len(D)), ones, np.count_nonzero(inside, axis=1)[:, None]

    def pairs_within(self, Q, epsilon, offset=0):
        """Yield (rows, cols, distances) of the pairs H(Q[row], X[col]) <= epsilon (one chunk)."""
        H = hamming_block(Q.astype(np.float32), self.Xf)
        rows, cols = np.nonzero(H <= epsilon)
        yield rows + offset, cols, H[rows, cols]


def _float_neighbours(factors, n, Q, k):
    """The k smallest keys over every block of `key_factors`, merged."""
    if len(factors) == 1:
        return _block_neighbours(factors[0], Q, k)
    # Several column blocks: the k best of each block, merged with int64 keys.
    keys, start = [], 0
    for B in factors:
        D, idx = _block_neighbours(B, Q, min(k, len(B)))
        keys.append(D.astype(np.int64) * n + (idx + start))
        start += len(B)
    key = np.concatenate(keys, axis=1)
    key.partition(k - 1, axis=1)
    key = np.sort(key[:, :k], axis=1)
    return (key // n).astype(np.int32), key % n


def key_factors(X):
    """Right factors [x_j, 1, m |x_j| + j] of the sort keys, one per block of m rows.

    With left factors [-2m q, m |q|, 1], one float32 product gives
    key = m (|q| + |x_j| - 2 q^T x_j) + j = m H(q, x_j) + j: distance first,
    local index second, so the k smallest keys are NN_k with the lower index
    winning ties. Every partial sum stays below m (4d + 1), so a block of m
    rows is exact in float32 while m (4d + 1) < 2**24.
    """
    n, d = X.shape
    width = max(1, (EXACT_FLOAT32 - 1) // (4 * d + 1))
    blocks = []
    for s in range(0, n, width):
        Xb = X[s : s + width]
        m = len(Xb)
        B = np.empty((m, d + 2), dtype=np.float32)
        B[:, :d] = Xb
        B[:, d] = 1
        B[:, d + 1] = m * Xb.sum(axis=1, dtype=np.int64) + np.arange(m)
        blocks.append(B)
    return blocks


def _block_neighbours(B, Q, k):
    """The k smallest keys of the rows of Q against one block: (distances, local indices)."""
    m, d = B.shape[0], B.shape[1] - 2
    dist = np.empty((len(Q), k), dtype=np.int32)
    idx = np.empty((len(Q), k), dtype=np.intp)
    step = max(1, CHUNK_BYTES // (4 * m))
    q_norm = Q.sum(axis=1, dtype=np.int64)
    for s in range(0, len(Q), step):
        q = Q[s : s + step]
        A = np.empty((len(q), d + 2), dtype=np.float32)  # rows [-2m q, m |q|, 1]
        A[:, :d] = q
        A[:, :d] *= -2 * m
        A[:, d] = m * q_norm[s : s + step]
        A[:, d + 1] = 1
        key = A @ B.T
        if k < m:
            # The keys carry their index, so they are partitioned in place.
            key.partition(k - 1, axis=1)
            key = key[:, :k]
        key.sort(axis=1)
        key = key.astype(np.int64)
        dist[s : s + step] = key // m
        idx[s : s + step] = key % m
    return dist, idx


def ball_neighbours(X, Q, k):
    """The closed balls B(q, delta_(k)(q)) (X, Q uint8, already checked): equals
    `binms_teach.hamming.ball_neighbours`.

    Returns (radius, distances, indices): per query its members sorted by
    (distance, index).
    """
    return searcher(X, k=k).ball(Q, k)


def ball_chunks(Xf, Q, k):
    """Yield (first row, distances of a chunk of queries to all data, their k-th distance).

    ``Xf`` is X as float32; ``Q`` uint8. Each chunk holds about `CHUNK_BYTES`
    of int32 distances.
    """
    step = max(1, CHUNK_BYTES // (4 * len(Xf)))
    for s in range(0, len(Q), step):
        D = hamming_block(Q[s : s + step].astype(np.float32), Xf)
        yield s, D, np.partition(D, k - 1, axis=1)[:, k - 1]
