"""The kernels and estimators behind the derivation of BinNNMS (Sections 2 and 3).

Nothing here is needed to *run* BinNNMS (that is `binms_teach.ascent`): this is
the paper's derivation made executable, so that `binms_teach.checks` and the
notebooks can test every step with numbers.

Section 2, continuous data
    the uniform and Epanechnikov kernels, the nearest-neighbour estimators
    f^_NN and D f^_NN, and the nearest-neighbour mean shift of Eq. (2).
Section 3, binary data
    the Aitchison-Aitken kernel K_lam and its continuous extension, the kernel
    density estimate f~ (Eq. 5) and its gradient (Eq. 6), the modified kernel
    L, the estimators f^ and D f^ built with it, and the ratio that the paper
    simplifies to maj(NN_k(x)) (Eq. 7).

Where the paper misprints, the code follows the corrected formula and its
docstring says so; `binms_teach.checks` computes both sides.
"""

import math
from typing import NamedTuple

import numpy as np

from ._validation import check_binary, check_int
from .hamming import nearest_neighbours
from .majority import majority_vote

# The factor log(lam / (1 - lam)) of Eq. (6) equals 1 at lam = e / (1 + e),
# about 0.731: the paper's convention "log(lam/(1-lam)) = 1 for lam = 1" is the
# continuous kernel at this lam, which is where the checks test it.
LAM_CONVENTION = math.e / (1 + math.e)


def _as_points(x, name="x"):
    """``x`` as a float array of shape (m, d), and whether it was one point (d,)."""
    try:
        a = np.array(x, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must hold real numbers, shape (d,) or (m, d).") from None
    if a.ndim not in (1, 2) or a.size == 0:
        raise ValueError(
            f"{name} has shape {a.shape}; give one point of shape (d,) or m points of shape (m, d)."
        )
    if not np.all(np.isfinite(a)):
        raise ValueError(f"{name} contains NaN or inf; give finite coordinates.")
    return np.atleast_2d(a), a.ndim == 1


def _check_width(a, X, name="x"):
    if a.shape[-1] != X.shape[1]:
        raise ValueError(
            f"{name} has {a.shape[-1]} coordinates but the data have {X.shape[1]} features; "
            "give points of the same dimension d."
        )


def _check_lam(lam, gradient=False):
    lam = float(lam)
    if not 0.5 <= lam <= 1.0:
        raise ValueError(
            f"lam={lam} is outside [1/2, 1], the paper's range for the Aitchison-Aitken "
            "kernel: lam = 1/2 spreads the mass evenly, lam = 1 puts it all on 0."
        )
    if gradient and lam == 1.0:
        raise ValueError(
            "lam = 1 makes K_1 = 1{x = 0} a point mass with no gradient (log(1 - lam) = -inf). "
            "The paper's convention log(lam/(1 - lam)) = 1 holds at lam = LAM_CONVENTION = "
            "e/(1 + e); pass that, or any lam < 1."
        )
    return lam


def _check_delta(delta):
    delta = float(delta)
    if not delta > 0 or not math.isfinite(delta):
        raise ValueError(f"delta={delta}: the bandwidth must be a positive finite number.")
    return delta


# ---------------------------------------------------------------------------
# Section 2: continuous data
# ---------------------------------------------------------------------------


def unit_ball_volume(d):
    """v_0 = pi^(d/2) / Gamma(d/2 + 1), the volume of B_d(0, 1) (Section 2).

    >>> round(unit_ball_volume(2), 6)  # pi
    3.141593
    """
    d = check_int(d, "d", 1, 10**6)
    return math.pi ** (d / 2) / math.gamma(d / 2 + 1)


def uniform_kernel(u):
    """K(u) = v_0^{-1} 1{u in B_d(0, 1)}, the uniform kernel of Section 2 (closed ball).

    >>> uniform_kernel([[0.0, 0.0], [2.0, 0.0]]).round(4).tolist()
    [0.3183, 0.0]
    """
    u, single = _as_points(u, "u")
    K = (np.einsum("ij,ij->i", u, u) <= 1.0) / unit_ball_volume(u.shape[1])
    return float(K[0]) if single else K


def epanechnikov_kernel(u):
    """K_E(u) = (d + 2) / (2 v_0) (1 - u^T u)_+, a beta-family kernel (Section 2, behind Eq. 2).

    The constant makes it integrate to 1. In the derivation of Eq. (2) that
    Section 2 cites (Fukunaga and Hostetler, 1975) the uniform kernel estimates
    f, and this kernel, whose gradient is linear in u, estimates D f.

    >>> epanechnikov_kernel([0.0, 0.0]) == 2 / math.pi
    True
    """
    u, single = _as_points(u, "u")
    d = u.shape[1]
    K = (d + 2) / (2 * unit_ball_volume(d)) * np.maximum(0.0, 1.0 - np.einsum("ij,ij->i", u, u))
    return float(K[0]) if single else K


def epanechnikov_gradient(u):
    """D K_E(u) = -(d + 2) / v_0 u 1{u^T u < 1}, the gradient of `epanechnikov_kernel` (Section 2).

    >>> (epanechnikov_gradient([0.5, 0.0]) * math.pi).tolist()
    [-2.0, -0.0]
    """
    u, single = _as_points(u, "u")
    d = u.shape[1]
    inside = np.einsum("ij,ij->i", u, u) < 1.0
    G = -(d + 2) / unit_ball_volume(d) * u * inside[:, None]
    return G[0] if single else G


def kth_distance(X, x, k):
    """delta_(k)(x): the k-th smallest Euclidean distance ||x - X_i|| (Section 2).

    For 0/1 vectors ||x - X_i||^2 = H(x, X_i), so the Euclidean ball B_d(x, delta_(k))
    holds the same points as the Hamming ball of radius H_(k)(x).

    >>> kth_distance([[0.0, 0.0], [3.0, 4.0], [1.0, 0.0]], [0.0, 0.0], k=3)
    5.0
    """
    X, _ = _as_points(X, "X")
    x, _ = _as_points(x, "x")
    _check_width(x, X)
    k = check_int(k, "k", 1, len(X), "k counts neighbours among the data points.")
    return float(np.sort(np.linalg.norm(X - x[0], axis=1))[k - 1])


def nn_density(X, x, delta, kernel=uniform_kernel):
    """f^_NN(x) = n^{-1} delta^{-d} sum_i K((x - X_i) / delta) (Section 2, unnumbered).

    With ``delta = kth_distance(X, x, k)`` this is the nearest-neighbour estimate
    of Section 2; delta is an argument so that the checks can hold it fixed
    while they differentiate in x, as Fukunaga and Hostetler do.

    >>> X = [[0.0, 0.0], [1.0, 0.0], [5.0, 5.0]]
    >>> nn_density(X, [0.0, 0.0], delta=1.0) == 2 / (3 * math.pi)
    True
    """
    X, _ = _as_points(X, "X")
    x, _ = _as_points(x, "x")
    _check_width(x, X)
    delta = _check_delta(delta)
    n, d = X.shape
    return float(np.sum(kernel((x[0] - X) / delta)) / (n * delta**d))


def nn_density_gradient(X, x, delta, kernel_gradient=epanechnikov_gradient):
    """D f^_NN(x) = n^{-1} delta^{-d-1} sum_i D K((x - X_i) / delta) (Section 2, unnumbered).

    The power -d-1 is the chain rule: d/dx K((x - X_i)/delta) = delta^{-1} D K(...).
    (The printed display misplaces a bracket, as K((x - X_i)) / delta.)

    >>> X = [[0.0, 0.0], [1.0, 0.0], [5.0, 5.0]]
    >>> g = nn_density_gradient(X, [0.0, 0.0], delta=2.0)  # only X_1 is pulling, along x
    >>> round(float(g[0]) * 12 * math.pi, 12), float(abs(g[1]))
    (1.0, 0.0)
    """
    X, _ = _as_points(X, "X")
    x, _ = _as_points(x, "x")
    _check_width(x, X)
    delta = _check_delta(delta)
    n, d = X.shape
    return kernel_gradient((x[0] - X) / delta).sum(axis=0) / (n * delta ** (d + 1))


def nn_mean_shift_step(X, x, k):
    """One nearest-neighbour mean shift update (Eq. 2): the mean of NN_k(x), Euclidean.

    Returns
    -------
    x_next : ndarray of float, shape (d,)
    neighbours : ndarray of intp, shape (k,)
        The data indices of NN_k(x), nearest first; the lower index wins a tie.

    Examples
    --------
    >>> X = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [5.0, 5.0]]
    >>> x_next, nn = nn_mean_shift_step(X, [0.0, 0.0], k=3)
    >>> x_next.round(3).tolist(), nn.tolist()
    ([0.333, 0.333], [0, 1, 2])
    """
    X, _ = _as_points(X, "X")
    x, _ = _as_points(x, "x")
    _check_width(x, X)
    k = check_int(k, "k", 1, len(X), "k counts neighbours among the data points.")
    squared = np.sum((X - x[0]) ** 2, axis=1)
    neighbours = np.argsort(squared, kind="stable")[:k]  # 1. NN_k(x)
    # 2. their mean. Summing in index order makes the same neighbour set give
    # the same x_next bit for bit, so a fixed point is detected exactly.
    x_next = X[np.sort(neighbours)].mean(axis=0)
    return x_next, neighbours


def nn_mean_shift_path(X, x0, k, max_iter=100):
    """The path x_0, x_1, ..., x_J of the nearest-neighbour mean shift (Eq. 2).

    Stops at a fixed point (not stored twice) or after ``max_iter`` updates;
    ``path[-1]`` is the mode reached. Beside scikit-learn's ``MeanShift``, which
    uses a fixed bandwidth, the ball here adapts: it always holds k points.

    >>> X = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [5.0, 5.0]]
    >>> nn_mean_shift_path(X, [5.0, 5.0], k=3).round(3).tolist()
    [[5.0, 5.0], [2.0, 2.0], [0.333, 0.333]]
    """
    x, _ = _as_points(x0, "x0")
    max_iter = check_int(max_iter, "max_iter", 0, 10**9)
    path = [x[0]]
    for _ in range(max_iter):
        x_next, _ = nn_mean_shift_step(X, path[-1], k)
        if np.array_equal(x_next, path[-1]):
            break
        path.append(x_next)
    return np.array(path)


# ---------------------------------------------------------------------------
# Section 3: the Aitchison-Aitken kernel and its kernel density estimate
# ---------------------------------------------------------------------------


def aitchison_aitken(x, lam):
    """K_lam(x) = lam^(d - H(x, 0)) (1 - lam)^H(x, 0) on {0,1}^d (Section 3, after Eq. 4).

    Parameters
    ----------
    x : array-like of shape (d,) or (m, d), 0/1 values
    lam : float in [1/2, 1]

    Returns
    -------
    float or ndarray of shape (m,)

    Notes
    -----
    The Hamming distance H(x, 0) = x^T x (the number of ones) is the exponent
    of (1 - lam), as the printed formula has it; the sentence after it says
    "the exponent for lam", which matches the misprinted Eq. (3) instead.
    With 0^0 = 1 (numpy's ``0.0 ** 0``), K_1 = 1{x = 0} and K_{1/2} = (1/2)^d.

    Examples
    --------
    >>> aitchison_aitken([[0, 0, 0], [1, 0, 1]], lam=0.75).tolist()  # 0.75^3, 0.75 * 0.25^2
    [0.421875, 0.046875]
    >>> aitchison_aitken([[0, 0], [0, 1]], lam=1.0).tolist()
    [1.0, 0.0]
    """
    single = np.ndim(x) == 1
    x = check_binary(x, "x", ndim=1 if single else 2)
    lam = _check_lam(lam)
    d = x.shape[-1]
    H = x.sum(axis=-1, dtype=np.int64)  # H(x, 0): the number of ones
    K = lam ** (d - H) * (1.0 - lam) ** H
    return float(K) if single else K


def aitchison_aitken_continuous(u, lam):
    """K_lam(u) = lam^(d - u^T u) (1 - lam)^(u^T u) for real u, the extension behind Eq. (6).

    On {0,1}^d it equals `aitchison_aitken`; off it, u^T u replaces H(u, 0) so
    that the kernel can be differentiated.

    >>> round(aitchison_aitken_continuous([0.5, 0.0], lam=0.5), 12)  # (1/2)^d off {0,1}^d too
    0.25
    """
    u, single = _as_points(u, "u")
    lam = _check_lam(lam)
    s = np.einsum("ij,ij->i", u, u)
    K = np.power(lam, u.shape[1] - s) * np.power(1.0 - lam, s)
    return float(K[0]) if single else K


def aitchison_aitken_gradient(u, lam):
    """D K_lam(u) = 2 u log((1 - lam) / lam) K_lam(u), by the chain rule (Section 3).

    K_lam(u) = lam^d exp(u^T u log((1 - lam)/lam)), and D(u^T u) = 2u. For
    lam > 1/2 the logarithm is negative: the gradient points back to 0. The
    paper's "D K_1 = 2 u K_1" therefore has the wrong sign under its own
    convention log(lam/(1 - lam)) = 1: it should be -2 u K_1.

    >>> aitchison_aitken_gradient([1.0, 1.0], lam=0.75).round(4).tolist()  # 2 log(1/3) / 16
    [-0.1373, -0.1373]
    """
    u, single = _as_points(u, "u")
    lam = _check_lam(lam, gradient=True)
    G = 2.0 * u * math.log((1.0 - lam) / lam) * aitchison_aitken_continuous(u, lam)[:, None]
    return G[0] if single else G


def _kde_terms(X, x, lam):
    """K_lam(x_j - X_i) for every query j and data point i, shape (m, n)."""
    X = check_binary(X)
    x, single = _as_points(x)
    _check_width(x, X)
    diff = (x[:, None, :] - X[None, :, :]).reshape(-1, X.shape[1])
    K = aitchison_aitken_continuous(diff, lam).reshape(len(x), len(X))
    return X, x, K, single


def kde(X, x, lam):
    """f~(x; lam) = n^{-1} sum_i K_lam(x - X_i), the kernel density estimate of Eq. (5).

    ``x`` may be real (the continuous extension) or 0/1.

    >>> kde([[0, 0], [1, 1]], [0, 0], lam=0.75)  # (0.75^2 + 0.25^2) / 2
    0.3125
    """
    _, _, K, single = _kde_terms(X, x, lam)
    f = K.mean(axis=1)
    return float(f[0]) if single else f


def kde_gradient(X, x, lam):
    """D f~(x; lam) = 2 log(lam/(1-lam)) n^{-1} [sum_i X_i K_i - x sum_i K_i], Eq. (6).

    K_i = K_lam(x - X_i). Summing `aitchison_aitken_gradient` over i gives this
    form: the sign in front, log(lam/(1 - lam)), is the one printed, and it is
    right (checked against finite differences in `binms_teach.checks`).

    >>> kde_gradient([[0, 0], [1, 1]], [0.5, 0.5], lam=0.75).tolist()
    [0.0, 0.0]
    """
    lam = _check_lam(lam, gradient=True)
    X, x, K, single = _kde_terms(X, x, lam)
    G = 2.0 * math.log(lam / (1.0 - lam)) / len(X) * (K @ X - x * K.sum(axis=1)[:, None])
    return G[0] if single else G


# ---------------------------------------------------------------------------
# Section 3: the modified kernel L and the nearest-neighbour estimators
# ---------------------------------------------------------------------------


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
    >>> round(median_shift_density(X, [0, 0, 0], k=3), 6)  # m = 1, n = 4, delta = sqrt(2), d = 3
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
    """The ratio of Eq. (7) and m, the number of neighbours equal to maj(NN_k(x))."""

    ratio: np.ndarray
    m: int


def median_shift_ratio(X, x, k, tie="one"):
    """sum_i X_i L_i / sum_i L_i, the ratio that Eq. (7) simplifies to maj(NN_k(x)).

    The simplification m maj / m = maj needs m >= 1: at least one of the k
    neighbours must equal the majority vector. When none does (m = 0), the
    ratio is 0/0; it is returned as NaN, with ``m = 0``, rather than hidden.

    Returns
    -------
    Ratio
        ``ratio``: ndarray of float, shape (d,), NaN where m = 0; ``m``: int.

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [0, 1, 1], [1, 1, 1]]
    >>> median_shift_ratio(X, [0, 0, 0], k=3)  # m = 1: [0, 0, 1] is a neighbour
    Ratio(ratio=array([0., 0., 1.]), m=1)
    >>> median_shift_ratio([[1, 0], [0, 1]], [0, 0], k=2)  # maj = [1, 1] (tie -> 1): 0/0
    Ratio(ratio=array([nan, nan]), m=0)
    """
    X, _, _, _, L = _ball(X, x, k, tie)
    m = int(L.sum())
    if m == 0:
        return Ratio(np.full(X.shape[1], np.nan), 0)
    return Ratio(L @ X / m, m)
