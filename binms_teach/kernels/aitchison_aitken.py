"""Section 3, binary data: the Aitchison-Aitken kernel K_lam and its continuous extension,
the kernel density estimate f~ (Eq. 5) and its gradient (Eq. 6)."""

import math

import numpy as np

from .._validation import check_binary
from .inputs import as_points, check_lam, check_width

# The factor log(lam / (1 - lam)) of Eq. (6) equals 1 at lam = e / (1 + e),
# about 0.731: the paper's convention "log(lam/(1-lam)) = 1 for lam = 1" is the
# continuous kernel at this lam, which is where the checks test it.
LAM_CONVENTION = math.e / (1 + math.e)


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
    lam = check_lam(lam)
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
    u, single = as_points(u, "u")
    lam = check_lam(lam)
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
    u, single = as_points(u, "u")
    lam = check_lam(lam, gradient=True)
    G = 2.0 * u * math.log((1.0 - lam) / lam) * aitchison_aitken_continuous(u, lam)[:, None]
    return G[0] if single else G


def _kde_terms(X, x, lam):
    """K_lam(x_j - X_i) for every query j and data point i, shape (m, n)."""
    X = check_binary(X)
    x, single = as_points(x)
    check_width(x, X)
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
    lam = check_lam(lam, gradient=True)
    X, x, K, single = _kde_terms(X, x, lam)
    G = 2.0 * math.log(lam / (1.0 - lam)) / len(X) * (K @ X - x * K.sum(axis=1)[:, None])
    return G[0] if single else G
