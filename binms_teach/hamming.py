"""The Hamming distance (the paper's Eq. 3), NN_k and the closed ball, as defined.

Read this file first: it is the code that `BinNNMS(algorithm="reference")`
runs. `binms_teach.fast.search` computes the same results faster.

* `hamming`: H(a, b), the number of coordinates where a and b differ.
* `nearest_neighbours`: NN_k(x), the k nearest data points; at equal
  distance the lower row index comes first (the authors' code uses a stable
  sort by distance), so the k nearest are unique.
* `ball_neighbours`: the closed ball B(x, H_(k)(x)), every data point within
  the k-th smallest distance, however many tie at it: no row index decides
  who is in, so it does not depend on the order of the rows.
"""

from typing import NamedTuple

import numpy as np

from ._validation import check_binary, check_int


def hamming_reference(A, B=None):
    """Hamming distances by the definition H(a, b) = sum_c |a_c - b_c| (plain loops).

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
            D[i, j] = sum(int(a_c != b_c) for a_c, b_c in zip(a, b, strict=True))
    return D


def hamming(A, B=None, *, check_input=True):
    """Integer Hamming distance matrix between the rows of ``A`` and of ``B``.

    Parameters
    ----------
    A : array-like of shape (n_a, d), 0/1 values
    B : array-like of shape (n_b, d), 0/1 values, default A
    check_input : bool, default True
        False skips the checks of A and B (uint8 0/1 arrays): the caller has
        checked them, as scikit-learn's ``check_input``; their widths are
        compared either way. Every
        function of the readable layer takes it; their callers inside the
        package pass False, so a fit checks its data once.

    Returns
    -------
    D : ndarray of int32, shape (n_a, n_b)
        ``D[i, j]`` is the number of coordinates where ``A[i]`` and ``B[j]`` differ.

    Notes
    -----
    For 0/1 vectors, (a - b)^T (a - b) counts the *disagreements*, so
    H(a, b) = (a - b)^T (a - b) = |a| + |b| - 2 a^T b. The paper's Eq. (3)
    prints d - (a - b)^T (a - b), which counts the agreements instead;
    notebook 01 shows the check.

    Examples
    --------
    >>> from binms_teach import hamming
    >>> hamming([[0, 1, 1], [1, 1, 1]]).tolist()
    [[0, 1], [1, 0]]
    """
    if check_input:
        A = check_binary(A, "A")
        B = B if B is None else check_binary(B, "B")
    B = A if B is None else B
    _check_same_width(A, B)
    if len(A) == 1:  # one query, as in each step of the ascent: count where they differ
        return np.count_nonzero(B != A[0], axis=1).astype(np.int32)[None, :]
    # Many queries: one matrix product, H(a, b) = |a| + |b| - 2 a^T b, in float32 for speed
    # (float32 holds these integer sums exactly: every partial sum is below 2**24).
    Af, Bf = A.astype(np.float32), B.astype(np.float32)
    D = Af.sum(axis=1)[:, None] + Bf.sum(axis=1)[None, :] - 2 * (Af @ Bf.T)
    return D.astype(np.int32)


def _check_same_width(A, B):
    if A.shape[1] != B.shape[1]:
        raise ValueError(
            f"The two sets have {A.shape[1]} and {B.shape[1]} features; "
            "Hamming distances need vectors of the same length."
        )


def nearest_neighbours(X, queries, k, *, check_input=True):
    """NN_k(x): the k nearest data points of each query, under the Hamming distance.

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
        The data points, searched in full (a query that is a data point finds
        itself at distance 0).
    queries : array-like of shape (m, d), 0/1 values
    k : int in [1, n]
    check_input : bool, default True
        False: the caller has checked X, queries and k (see `hamming`).

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
    if check_input:
        X, queries, k = _check_search(X, queries, k)
    D = hamming(queries, X, check_input=False)
    # A stable sort keeps the lower index first among equal distances.
    order = np.argsort(D, axis=1, kind="stable")[:, :k]
    return np.take_along_axis(D, order, axis=1), order


class Ball(NamedTuple):
    """The closed balls B(x, H_(k)(x)) of some queries, one entry per query.

    Attributes
    ----------
    radius : ndarray of int32, shape (m,)
        H_(k)(x): the k-th smallest Hamming distance from the query to the data.
    distances : tuple of m ndarrays of int32
        The distances of the ball's members, increasing.
    indices : tuple of m ndarrays of intp
        The ball's members (data indices), sorted by (distance, index). A ball
        holds at least k points, more when several tie at the radius.
    """

    radius: np.ndarray
    distances: tuple
    indices: tuple


def ball_neighbours(X, queries, k, *, check_input=True):
    """The closed ball B(x, H_(k)(x)) of each query: all data within the k-th distance.

    The paper writes the neighbourhood of x as this ball. Unlike NN_k
    (`nearest_neighbours`), which keeps exactly k points and lets the lower
    index win a tie at the k-th distance, the ball keeps every point at that
    distance, so it may hold more than k points and does not depend on the
    order of the rows.

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
        The data points, searched in full (duplicates all count).
    queries : array-like of shape (m, d), 0/1 values
    k : int in [1, n]
    check_input : bool, default True
        False: the caller has checked X, queries and k (see `hamming`).

    Returns
    -------
    Ball
        ``radius`` (m,), and per query the members' ``distances`` and
        ``indices``, sorted by (distance, index).

    Examples
    --------
    >>> from binms_teach.hamming import ball_neighbours
    >>> ball = ball_neighbours([[0, 0], [1, 1], [0, 1], [1, 0]], [[0, 0], [1, 1]], 2)
    >>> ball.radius.tolist()
    [1, 1]
    >>> [i.tolist() for i in ball.indices], [d.tolist() for d in ball.distances]
    ([[0, 2, 3], [1, 2, 3]], [[0, 1, 1], [0, 1, 1]])
    """
    if check_input:
        X, queries, k = _check_search(X, queries, k)
    D = hamming(queries, X, check_input=False)
    radius = np.sort(D, axis=1)[:, k - 1]
    indices = [within(row, r) for row, r in zip(D, radius, strict=True)]
    distances = [row[inside] for row, inside in zip(D, indices, strict=True)]
    return Ball(radius.astype(np.int32), tuple(distances), tuple(indices))


def within(distances, radius):
    """The points of one row of distances within ``radius`` (inclusive: the closed ball),
    sorted by (distance, index). The fast layer's float32 kernel takes its balls from here.

    >>> within(np.array([2, 0, 1, 1, 3]), 1).tolist()
    [1, 2, 3]
    """
    inside = np.flatnonzero(distances <= radius)                    # every point within
    return inside[np.argsort(distances[inside], kind="stable")]     # by (distance, index)


def _check_search(X, queries, k):
    X = check_binary(X, "X")
    Q = check_binary(queries, "queries")
    _check_same_width(Q, X)
    return X, Q, check_int(k, "k", 1, len(X), "k counts neighbours among the data points.")
