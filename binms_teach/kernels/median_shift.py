"""Section 3: the modified kernel L, the estimators f^ and D f^ built with it, and the ratio
that the paper simplifies to maj(NN_k(x)) (Eq. 7)."""

import math
from typing import NamedTuple

import numpy as np

from .._validation import check_binary
from ..hamming import nearest_neighbours
from ..majority import majority_vote


def _ball(X, x, k, tie):
    """X, x, delta_(k)(x), maj(NN_k(x)) and the vector of L((x - X_i)/delta_(k)(x))."""
    X = check_binary(X)
    x = check_binary(x, "x", ndim=1)
    distances, idx = nearest_neighbours(X, x[None, :], k)
    neighbours = idx[0]
    # Euclidean delta_(k): ||x - X_i||^2 = H(x, X_i) for 0/1 vectors.
    delta = math.sqrt(distances[0, -1])
    maj = majority_vote(X[neighbours], tie=tie, current=x)
    L = np.zeros(len(X))
    L[neighbours] = np.all(X[neighbours] == maj, axis=1)
    return X, x, delta, maj, L


def kernel_L(X, x, k, tie="one"):
    """L((x - X_i) / delta_(k)(x)) for every data point i (Section 3, unnumbered).

    The paper's simplified form, with the "=" its display lacks:

        1{X_i = maj(B_d(x, delta_(k)(x)))} 1{X_i in B_d(x, delta_(k)(x))},

    with the ball taken as NN_k(x), as the paper does. (When several points tie
    at distance delta_(k) the closed ball holds more than k; like the
    algorithm, this follows NN_k, where the lower index wins the tie.)

    Returns
    -------
    L : ndarray of float, shape (n,), 0/1 values

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [0, 1, 1], [1, 1, 1]]
    >>> kernel_L(X, [0, 0, 0], k=3).tolist()  # maj of the first three is [0, 0, 1]
    [0.0, 1.0, 0.0, 0.0]
    """
    return _ball(X, x, k, tie)[4]


def _refuse_zero_delta(delta, consequence):
    """The scaled estimators divide by delta_(k)(x): refuse delta = 0 with the reason."""
    if delta == 0:
        raise ValueError(
            f"delta_(k)(x) = 0: the k nearest neighbours of x all equal x, so {consequence}. "
            "Take k larger than the number of copies of x."
        )


def median_shift_density(X, x, k, tie="one"):
    """f^(x; k) = n^{-1} delta_(k)(x)^{-d} sum_i L((x - X_i)/delta_(k)(x)) (Section 3, unnumbered).

    >>> X = [[0, 0, 0], [0, 0, 1], [0, 1, 1], [1, 1, 1]]
    >>> round(median_shift_density(X, [0, 0, 0], k=3), 6)  # q = 1, n = 4, delta = sqrt(2), d = 3
    0.088388
    """
    X, _, delta, _, L = _ball(X, x, k, tie)
    n, d = X.shape
    _refuse_zero_delta(delta, "f^ (with its delta^{-d}) is infinite")
    return float(L.sum() / (n * delta**d))


def median_shift_gradient(X, x, k, tie="one", as_printed=False):
    """D f^(x; k) = 2 delta^{-d-2} n^{-1} [sum_i X_i L_i - x sum_i L_i] (Section 3, unnumbered).

    L_i = L((x - X_i)/delta_(k)(x)), and D L(u) = -2 u L(u), the analogue of
    D K_1 with the convention log(lam/(1 - lam)) = 1.

    Parameters
    ----------
    as_printed : bool, default False
        The paper prints the power delta^{-d-1}. The chain rule gives delta^{-d-2}:
        one delta^{-1} from differentiating (x - X_i)/delta, one more from the
        factor u = (x - X_i)/delta inside D L(u).

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [0, 1, 1], [1, 1, 1]]
    >>> median_shift_gradient(X, [0, 0, 0], k=3).round(4).tolist()  # 2 * 2^-2.5 / 4 * [0, 0, 1]
    [0.0, 0.0, 0.0884]
    """
    X, x, delta, _, L = _ball(X, x, k, tie)
    n, d = X.shape
    _refuse_zero_delta(delta, "D f^ is 0 times infinity")
    power = d + 1 if as_printed else d + 2
    return 2.0 / (n * delta**power) * (L @ X - x * L.sum())


class Ratio(NamedTuple):
    """The ratio of Eq. (7) and q, the number of neighbours equal to maj(NN_k(x)) (notebook 05)."""

    ratio: np.ndarray
    q: int


def median_shift_ratio(X, x, k, tie="one"):
    """sum_i X_i L_i / sum_i L_i, the ratio that Eq. (7) simplifies to maj(NN_k(x)).

    The simplification q maj / q = maj needs q >= 1: at least one of the k
    neighbours must equal the majority vector. When none does (q = 0), the
    ratio is 0/0; it is returned as NaN, with ``q = 0``, rather than hidden.

    Returns
    -------
    Ratio
        ``ratio``: ndarray of float, shape (d,), NaN where q = 0; ``q``: int.

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [0, 1, 1], [1, 1, 1]]
    >>> median_shift_ratio(X, [0, 0, 0], k=3)  # q = 1: [0, 0, 1] is a neighbour
    Ratio(ratio=array([0., 0., 1.]), q=1)
    >>> median_shift_ratio([[1, 0], [0, 1]], [0, 0], k=2)  # maj = [1, 1] (tie -> 1): 0/0
    Ratio(ratio=array([nan, nan]), q=0)
    """
    X, _, _, _, L = _ball(X, x, k, tie)
    q = int(L.sum())
    if q == 0:
        return Ratio(np.full(X.shape[1], np.nan), 0)
    return Ratio(L @ X / q, q)
