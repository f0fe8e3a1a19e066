"""Hamming distance and exact k nearest neighbours (the paper's Eq. 3 and NN_k).

Two versions of each function, identical in every result:

* ``*_reference``: plain loops that read like the definitions, for teaching;
* the fast versions: BLAS products on 0/1 floats, worked in row chunks so that
  memory stays bounded, for real use.

Ties at equal distance are broken by the lower data index (the authors' code
uses a stable sort by distance), so the k nearest neighbours are unique.

`ball_neighbours` (and its reference) gives the order-free alternative, the
closed ball B(x, delta_(k)(x)): every data point within the k-th smallest
distance, however many tie at it.
"""

from typing import NamedTuple

import numpy as np

from ._validation import check_binary, check_int

# Rows of queries per chunk are chosen so that one chunk's (rows x n) float32
# sort keys take about this many bytes.
CHUNK_BYTES = 32 * 2**20
# float32 holds every integer below 2**24 exactly: the bound on a block's sort keys.
EXACT_FLOAT32 = 2**24


def hamming_reference(A, B=None):
    """Hamming distances by the definition H(a, b) = sum_j |a_j - b_j| (plain loops).

    Examples
    --------
    >>> hamming_reference([[0, 1, 1]], [[1, 1, 0], [0, 1, 1]]).tolist()
    [[2, 0]]
    """
    A = check_binary(A, "A")
    B = A if B is None else check_binary(B, "B")
    _check_same_width(A, B)
    D = np.zeros((len(A), len(B)), dtype=np.int32)
    for i, a in enumerate(A):
        for j, b in enumerate(B):
            D[i, j] = sum(int(a_l != b_l) for a_l, b_l in zip(a, b, strict=True))
    return D


def hamming(A, B=None):
    """Integer Hamming distance matrix between the rows of ``A`` and of ``B``.

    Parameters
    ----------
    A : array-like of shape (n_a, d), 0/1 values
    B : array-like of shape (n_b, d), 0/1 values, default A

    Returns
    -------
    D : ndarray of int32, shape (n_a, n_b)
        ``D[i, j]`` is the number of coordinates where ``A[i]`` and ``B[j]`` differ.

    Notes
    -----
    For 0/1 vectors, (a - b)^T (a - b) counts the *disagreements*, so
    H(a, b) = (a - b)^T (a - b) = |a| + |b| - 2 a^T b. The paper's Eq. (3)
    prints d - (a - b)^T (a - b), which counts the agreements instead;
    notebook 01 shows the check. Float32 products are exact here: every
    partial sum is an integer below 2**24.

    Examples
    --------
    >>> from binms_teach import hamming
    >>> hamming([[0, 1, 1], [1, 1, 1]]).tolist()
    [[0, 1], [1, 0]]
    """
    A = check_binary(A, "A")
    B = A if B is None else check_binary(B, "B")
    _check_same_width(A, B)
    return _hamming_block(A.astype(np.float32), B.astype(np.float32))


def _hamming_block(Af, Bf):
    """H for float32 0/1 blocks: |a| + |b| - 2 a^T b, one matrix product, as int32."""
    D = Af @ Bf.T
    D *= -2
    D += Af.sum(axis=1)[:, None]
    D += Bf.sum(axis=1)[None, :]
    return D.astype(np.int32)


def _check_same_width(A, B):
    if A.shape[1] != B.shape[1]:
        raise ValueError(
            f"The two sets have {A.shape[1]} and {B.shape[1]} features; "
            "Hamming distances need vectors of the same length."
        )


def nearest_neighbours_reference(X, queries, k):
    """NN_k by the definition: sort all points by (distance, index), keep the first k.

    Examples
    --------
    >>> D, idx = nearest_neighbours_reference([[0, 0], [1, 1], [0, 1]], [[0, 0]], 2)
    >>> D.tolist(), idx.tolist()
    ([[0, 1]], [[0, 2]])
    """
    X, Q, k = _check_search(X, queries, k)
    dist = np.empty((len(Q), k), dtype=np.int32)
    idx = np.empty((len(Q), k), dtype=np.intp)
    for q, x in enumerate(Q):
        pairs = sorted((int(np.sum(x != X[i])), i) for i in range(len(X)))
        dist[q] = [d for d, _ in pairs[:k]]
        idx[q] = [i for _, i in pairs[:k]]
    return dist, idx


def nearest_neighbours(X, queries, k):
    """The k nearest data points of each query, NN_k(x), under the Hamming distance.

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
        The data points, searched in full (a query that is a data point finds
        itself at distance 0).
    queries : array-like of shape (m, d), 0/1 values
    k : int in [1, n]

    Returns
    -------
    distances : ndarray of int32, shape (m, k)
        Sorted increasing.
    indices : ndarray of intp, shape (m, k)
        Data indices; at equal distance the lower index comes first.

    Examples
    --------
    >>> from binms_teach.hamming import nearest_neighbours
    >>> D, idx = nearest_neighbours([[0, 0], [1, 1], [0, 1]], [[0, 0]], 2)
    >>> D.tolist(), idx.tolist()
    ([[0, 1]], [[0, 2]])
    """
    X, Q, k = _check_search(X, queries, k)
    return _nearest_neighbours(X, Q, k)


def _check_search(X, queries, k):
    X = check_binary(X, "X")
    Q = check_binary(queries, "queries")
    _check_same_width(Q, X)
    return X, Q, check_int(k, "k", 1, len(X), "k counts neighbours among the data points.")


def _nearest_neighbours(X, Q, k, factors=None):
    """Unchecked kernel of `nearest_neighbours` (X, Q already uint8).

    ``factors`` (from `key_factors(X)`) may be passed when X is searched
    many times, as in the ascent.
    """
    n = len(X)
    factors = key_factors(X) if factors is None else factors
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


class Ball(NamedTuple):
    """The closed balls B(x, delta_(k)(x)) of some queries, one entry per query.

    Attributes
    ----------
    radius : ndarray of int32, shape (m,)
        delta_(k)(x): the k-th smallest Hamming distance from the query to the data.
    distances : tuple of m ndarrays of int32
        The distances of the ball's members, increasing.
    indices : tuple of m ndarrays of intp
        The ball's members (data indices), sorted by (distance, index). A ball
        holds at least k points, more when several tie at the radius.
    """

    radius: np.ndarray
    distances: tuple
    indices: tuple


def ball_neighbours_reference(X, queries, k):
    """The closed ball B(x, delta_(k)(x)) by the definition (plain loops).

    Every data point whose distance is at most the k-th smallest distance: no
    index decides who is in, so the ball does not depend on the order of the rows.

    Examples
    --------
    >>> ball = ball_neighbours_reference([[0, 0], [1, 1], [0, 1], [1, 0]], [[0, 0]], 2)
    >>> ball.radius.tolist(), ball.indices[0].tolist(), ball.distances[0].tolist()
    ([1], [0, 2, 3], [0, 1, 1])
    """
    X, Q, k = _check_search(X, queries, k)
    radius = np.empty(len(Q), dtype=np.int32)
    distances, indices = [], []
    for q, x in enumerate(Q):
        pairs = sorted((int(np.sum(x != X[i])), i) for i in range(len(X)))
        radius[q] = pairs[k - 1][0]
        inside = [(d, i) for d, i in pairs if d <= radius[q]]
        distances.append(np.array([d for d, _ in inside], dtype=np.int32))
        indices.append(np.array([i for _, i in inside], dtype=np.intp))
    return Ball(radius, tuple(distances), tuple(indices))


def ball_neighbours(X, queries, k):
    """The closed ball B(x, delta_(k)(x)) of each query: all data within the k-th distance.

    The paper writes the neighbourhood of x as this ball. Unlike NN_k
    (`nearest_neighbours`), which keeps exactly k points and lets the lower
    index win a tie at the k-th distance, the ball keeps every point at that
    distance, so it may hold more than k points and does not depend on the
    order of the rows.

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
        The data points, searched in full (a query that is a data point is at
        distance 0 of itself; duplicates all count).
    queries : array-like of shape (m, d), 0/1 values
    k : int in [1, n]

    Returns
    -------
    Ball
        ``radius`` (m,), and per query the members' ``distances`` and
        ``indices``, sorted by (distance, index).

    Notes
    -----
    Worked in chunks of query rows, one matrix product each, so memory stays
    bounded by about `CHUNK_BYTES` per chunk (rows x n distances).

    Examples
    --------
    >>> from binms_teach.hamming import ball_neighbours
    >>> ball = ball_neighbours([[0, 0], [1, 1], [0, 1], [1, 0]], [[0, 0], [1, 1]], 2)
    >>> ball.radius.tolist()
    [1, 1]
    >>> [i.tolist() for i in ball.indices], [d.tolist() for d in ball.distances]
    ([[0, 2, 3], [1, 2, 3]], [[0, 1, 1], [0, 1, 1]])
    """
    X, Q, k = _check_search(X, queries, k)
    radius = np.empty(len(Q), dtype=np.int32)
    distances, indices = [], []
    for s, D, r in _ball_chunks(X.astype(np.float32), Q, k):
        radius[s : s + len(D)] = r
        for row, r_q in zip(D, r, strict=True):
            inside = np.flatnonzero(row <= r_q)  # increasing index
            order = np.argsort(row[inside], kind="stable")  # then by distance
            distances.append(row[inside[order]])
            indices.append(inside[order])
    return Ball(radius, tuple(distances), tuple(indices))


def _ball_chunks(Xf, Q, k):
    """Yield (first row, distances of a chunk of queries to all data, their k-th distance).

    ``Xf`` is X as float32; ``Q`` uint8. Each chunk holds about `CHUNK_BYTES`
    of int32 distances.
    """
    step = max(1, CHUNK_BYTES // (4 * len(Xf)))
    for s in range(0, len(Q), step):
        D = _hamming_block(Q[s : s + step].astype(np.float32), Xf)
        yield s, D, np.partition(D, k - 1, axis=1)[:, k - 1]
