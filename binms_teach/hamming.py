"""Hamming distance and exact k nearest neighbours (the paper's Eq. 3 and NN_k).

Two versions of each function, identical in every result:

* ``*_reference``: plain loops that read like the definitions, for teaching;
* the fast versions: BLAS products on 0/1 floats, worked in row chunks so that
  memory stays bounded, for real use.

Ties at equal distance are broken by the lower data index (the authors' code
uses a stable sort by distance), so the k nearest neighbours are unique.
"""

import numpy as np

from ._validation import check_binary, check_int

# Rows of queries per chunk are chosen so that one chunk's (rows x n) int64
# sort keys take about this many bytes.
CHUNK_BYTES = 32 * 2**20


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
    X = check_binary(X, "X")
    Q = check_binary(queries, "queries")
    _check_same_width(Q, X)
    k = check_int(k, "k", 1, len(X), "k counts neighbours among the data points.")
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
    X = check_binary(X, "X")
    Q = check_binary(queries, "queries")
    _check_same_width(Q, X)
    k = check_int(k, "k", 1, len(X), "k counts neighbours among the data points.")
    return _nearest_neighbours(X, Q, k)


def _nearest_neighbours(X, Q, k, Xf=None):
    """Unchecked kernel of `nearest_neighbours` (X, Q already uint8)."""
    n, d = X.shape
    Xf = X.astype(np.float32) if Xf is None else Xf
    Qf = Q.astype(np.float32)
    dist = np.empty((len(Q), k), dtype=np.int32)
    idx = np.empty((len(Q), k), dtype=np.intp)
    # One integer key per pair, distance first and index second, makes the
    # k smallest unique: the lower index wins a tie at equal distance.
    # int32 keys (half the memory traffic of int64) whenever they cannot overflow.
    key_type = np.int32 if (d + 1) * n < 2**31 else np.int64
    order = np.arange(n, dtype=key_type)
    step = max(1, CHUNK_BYTES // (8 * n))
    for start in range(0, len(Q), step):
        key = _hamming_block(Qf[start : start + step], Xf).astype(key_type, copy=False)
        key *= n
        key += order
        if k < n:
            part = np.argpartition(key, k - 1, axis=1)[:, :k]
            key = np.take_along_axis(key, part, axis=1)
        key.sort(axis=1)
        dist[start : start + step] = key // n
        idx[start : start + step] = key % n
    return dist, idx
