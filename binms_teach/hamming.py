"""The Hamming distance (Eq. 3), NN_k and the closed ball B(x, delta_(k)(x)) (notebook 01).

`binms_teach.fast.search` computes the same results faster.
"""

from typing import NamedTuple

import numpy as np

from ._validation import Binary, K, validate_params


@validate_params({"A": Binary(), "B": [None, Binary(like="A")]})
def hamming_reference(A, B=None):
    """H(a, b) by the definition, sum_c |a_c - b_c|, in plain loops: the check of `hamming`.

    >>> hamming_reference([[0, 1, 1]], [[1, 1, 0], [0, 1, 1]]).tolist()
    [[2, 0]]
    """
    B = A if B is None else B
    return np.array([[sum(int(a_c != b_c) for a_c, b_c in zip(a, b, strict=True)) for b in B]
                     for a in A], dtype=np.int32).reshape(len(A), len(B))


@validate_params({"A": Binary(), "B": [None, Binary(like="A")]})
def hamming(A, B=None):
    """H(A_i, B_j), Eq. (3): the coordinates where the 0/1 rows differ; B defaults to A.

    A (n_a, d), B (n_b, d) -> int32 (n_a, n_b). The printed Eq. (3), d - (a - b)^T (a - b),
    counts the agreements instead (notebook 01).

    >>> hamming([[0, 1, 1], [1, 1, 1]]).tolist()
    [[0, 1], [1, 0]]
    """
    B = A if B is None else B
    if len(A) == 1:  # one query, as in each step of the ascent: count where they differ
        return np.count_nonzero(B != A[0], axis=1).astype(np.int32)[None, :]
    # H(a, b) = |a| + |b| - 2 a^T b in float32: exact, every partial sum is below 2**24.
    Af, Bf = A.astype(np.float32), B.astype(np.float32)
    return (Af.sum(1)[:, None] + Bf.sum(1)[None, :] - 2 * (Af @ Bf.T)).astype(np.int32)


@validate_params({"X": Binary(), "queries": Binary(like="X"), "k": K})
def nearest_neighbours(X, queries, k):
    """NN_k(x): the k nearest rows of X to each query; at equal distance the lower index first.

    X (n, d), queries (m, d), k in [1, n] -> distances int32 (m, k), sorted, and indices (m, k).

    >>> D, idx = nearest_neighbours([[0, 0], [1, 1], [0, 1]], [[0, 0]], 2)
    >>> D.tolist(), idx.tolist()
    ([[0, 1]], [[0, 2]])
    """
    D = hamming(queries, X)
    order = np.argsort(D, axis=1, kind="stable")[:, :k]  # stable: the lower index wins a tie
    return np.take_along_axis(D, order, axis=1), order


class Ball(NamedTuple):
    """The closed balls of m queries: ``radius`` delta_(k) (m,), and per query the members'
    ``distances`` and ``indices``, sorted by (distance, index): k or more members."""

    radius: np.ndarray
    distances: tuple
    indices: tuple


@validate_params({"X": Binary(), "queries": Binary(like="X"), "k": K})
def ball_neighbours(X, queries, k):
    """B(x, delta_(k)(x)): every row of X within the k-th smallest distance, however many tie.

    Unlike NN_k, no row index decides who is in: the ball does not depend on the row order.

    >>> ball = ball_neighbours([[0, 0], [1, 1], [0, 1], [1, 0]], [[0, 0]], 2)
    >>> ball.radius.tolist(), ball.indices[0].tolist()
    ([1], [0, 2, 3])
    """
    D = hamming(queries, X)
    radius = np.sort(D, axis=1)[:, k - 1]                    # delta_(k)(x)
    indices = [within(row, r) for row, r in zip(D, radius, strict=True)]
    distances = [row[inside] for row, inside in zip(D, indices, strict=True)]
    return Ball(radius.astype(np.int32), tuple(distances), tuple(indices))


def within(distances, radius):
    """The points of one row of distances within ``radius`` (the closed ball), by (distance,
    index). The fast layer takes its balls from here.

    >>> within(np.array([2, 0, 1, 1, 3]), 1).tolist()
    [1, 2, 3]
    """
    inside = np.flatnonzero(distances <= radius)
    return inside[np.argsort(distances[inside], kind="stable")]
