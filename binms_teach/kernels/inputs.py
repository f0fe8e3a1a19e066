"""The checks shared by the kernels' functions: points, widths, lam and the bandwidth."""

import math

import numpy as np


def as_points(x, name="x"):
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


def check_width(a, X, name="x"):
    if a.shape[-1] != X.shape[1]:
        raise ValueError(
            f"{name} has {a.shape[-1]} coordinates but the data have {X.shape[1]} features; "
            "give points of the same dimension d."
        )


def check_lam(lam, gradient=False):
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


def check_delta(delta):
    delta = float(delta)
    if not delta > 0 or not math.isfinite(delta):
        raise ValueError(f"delta={delta}: the bandwidth must be a positive finite number.")
    return delta
