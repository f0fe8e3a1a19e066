"""Section 2, continuous data: the uniform and Epanechnikov kernels, the nearest-neighbour
estimators f^_NN and D f^_NN, and the nearest-neighbour mean shift of Eq. (2)."""

import math
import numbers

import numpy as np

from .._validation import MAX_ITER, Interval, K, validate_params
from .inputs import as_points, check_delta, check_width


@validate_params({"d": Interval(numbers.Integral, 1, 10**6)})
def unit_ball_volume(d):
    """v_0 = pi^(d/2) / Gamma(d/2 + 1), the volume of B_d(0, 1) (Section 2).

    >>> round(unit_ball_volume(2), 6)  # pi
    3.141593
    """
    return math.pi ** (d / 2) / math.gamma(d / 2 + 1)


def uniform_kernel(u):
    """K(u) = v_0^{-1} 1{u in B_d(0, 1)}, the uniform kernel of Section 2 (closed ball).

    >>> uniform_kernel([[0.0, 0.0], [2.0, 0.0]]).round(4).tolist()
    [0.3183, 0.0]
    """
    u, single = as_points(u, "u")
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
    u, single = as_points(u, "u")
    d = u.shape[1]
    K = (d + 2) / (2 * unit_ball_volume(d)) * np.maximum(0.0, 1.0 - np.einsum("ij,ij->i", u, u))
    return float(K[0]) if single else K


def epanechnikov_gradient(u):
    """D K_E(u) = -(d + 2) / v_0 u 1{u^T u < 1}, the gradient of `epanechnikov_kernel` (Section 2).

    >>> (epanechnikov_gradient([0.5, 0.0]) * math.pi).tolist()
    [-2.0, -0.0]
    """
    u, single = as_points(u, "u")
    d = u.shape[1]
    inside = np.einsum("ij,ij->i", u, u) < 1.0
    G = -(d + 2) / unit_ball_volume(d) * u * inside[:, None]
    return G[0] if single else G


def kth_distance(X, x, k):
    """delta_(k)(x): the k-th smallest Euclidean distance ||x - X_i|| (Section 2).

    For 0/1 vectors ||x - X_i||^2 = H(x, X_i), so the Euclidean ball B_d(x, delta_(k))
    holds the same points as the Hamming ball of radius delta_(k)(x).

    >>> kth_distance([[0.0, 0.0], [3.0, 4.0], [1.0, 0.0]], [0.0, 0.0], k=3)
    5.0
    """
    X, _ = as_points(X, "X")
    x, _ = as_points(x, "x")
    check_width(x, X)
    k = K.check(k, "k", {"X": X})
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
    X, _ = as_points(X, "X")
    x, _ = as_points(x, "x")
    check_width(x, X)
    delta = check_delta(delta)
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
    X, _ = as_points(X, "X")
    x, _ = as_points(x, "x")
    check_width(x, X)
    delta = check_delta(delta)
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
    X, _ = as_points(X, "X")
    x, _ = as_points(x, "x")
    check_width(x, X)
    k = K.check(k, "k", {"X": X})
    squared = np.sum((X - x[0]) ** 2, axis=1)
    neighbours = np.argsort(squared, kind="stable")[:k]  # 1. NN_k(x)
    # 2. their mean. Summing in index order makes the same neighbour set give
    # the same x_next bit for bit, so a fixed point is detected exactly.
    x_next = X[np.sort(neighbours)].mean(axis=0)
    return x_next, neighbours


@validate_params({"max_iter": MAX_ITER})
def nn_mean_shift_path(X, x0, k, max_iter=100):
    """The path x_0, x_1, ..., x_J of the nearest-neighbour mean shift (Eq. 2).

    Stops at a fixed point (not stored twice) or after ``max_iter`` updates;
    ``path[-1]`` is the mode reached. Beside scikit-learn's ``MeanShift``, which
    uses a fixed bandwidth, the ball here adapts: it always holds k points.

    >>> X = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [5.0, 5.0]]
    >>> nn_mean_shift_path(X, [5.0, 5.0], k=3).round(3).tolist()
    [[5.0, 5.0], [2.0, 2.0], [0.333, 0.333]]
    """
    x, _ = as_points(x0, "x0")
    path = [x[0]]
    for _ in range(max_iter):
        x_next, _ = nn_mean_shift_step(X, path[-1], k)
        if np.array_equal(x_next, path[-1]):
            break
        path.append(x_next)
    return np.array(path)
