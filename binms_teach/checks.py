"""Executable checks of the paper's derivation: one function per claim.

The course checks eight claims of the paper (notebooks 01-06) and one claim of
its own (item 9, `check_descent`: the "index" ascent always terminates; the
paper does not state it). Each ``check_*`` function below computes both sides
numerically and returns a `CheckResult`; where the paper misprints, the result
shows the printed version failing beside the corrected one holding. `run_all`
runs the nine (a second or two) and `format_results` prints them as a table.

Three helpers are meant for real data in the notebooks: `zero_over_zero_rate`
(item 5), `algorithm1_bga_as_printed` (item 7, the printed loop kept only to
show what is wrong with it) and `descent_moves` (item 9).
"""

import itertools
import math
import textwrap
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
from threadpoolctl import threadpool_limits

from . import fast
from ._validation import check_binary, check_int, check_tie
from .ascent import bga, bga_step
from .datasets import make_bernoulli_mixture
from .hamming import hamming, nearest_neighbours
from .kernels import (
    LAM_CONVENTION,
    aitchison_aitken,
    aitchison_aitken_continuous,
    aitchison_aitken_gradient,
    epanechnikov_kernel,
    kde,
    kde_gradient,
    median_shift_density,
    median_shift_gradient,
    median_shift_ratio,
    nn_density,
    nn_density_gradient,
    nn_mean_shift_step,
    uniform_kernel,
)
from .majority import decide, majority_vote, median_centres_brute_force, vote_counts

# Relative tolerance for central differences (step 1e-6: error about 1e-10).
FD_RTOL = 1e-6
# Absolute tolerance for identities that hold up to rounding only.
EXACT_TOL = 1e-9
# Rows x k1 x d x 4 bytes of neighbour votes gathered at once in zero_over_zero_rate.
RATE_CHUNK_BYTES = 32 * 2**20


@dataclass(frozen=True)
class CheckResult:
    """The outcome of one check: both sides, the numbers behind them, and why.

    ``holds_as_printed`` is None where there is no printed version to test.
    ``source`` is "paper" for the paper's claims, "course" for the course's own.
    """

    number: int
    name: str
    claim: str
    equation: str
    holds_as_printed: bool | None
    holds_corrected: bool
    numbers: dict = field(default_factory=dict, hash=False)
    explanation: str = ""
    source: str = "paper"


def _rounded(value):
    """Plain Python numbers with 4 significant digits, for readable tables."""
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return float(f"{float(value):.4g}")
    return value


def _result(number, name, claim, equation, as_printed, corrected, numbers, explanation,
            source="paper"):
    return CheckResult(
        number=number,
        name=name,
        claim=claim,
        equation=equation,
        holds_as_printed=None if as_printed is None else bool(as_printed),
        holds_corrected=bool(corrected),
        numbers=_rounded(numbers),
        explanation=" ".join(explanation.split()),
        source=source,
    )


def _central_difference(f, x, h=1e-6):
    """The gradient of a scalar function f at x by central differences."""
    x = np.asarray(x, dtype=float)
    g = np.empty_like(x)
    for j in range(len(x)):
        e = np.zeros_like(x)
        e[j] = h
        g[j] = (f(x + e) - f(x - e)) / (2 * h)
    return g


def _bernoulli_mixture(rng, n=120, d=16, flip=0.15):
    """n binary points around 3 random prototypes, from a seeded Generator."""
    return make_bernoulli_mixture(n, d, 3, flip, random_state=rng).data


# ---------------------------------------------------------------------------
# 1. Eq. (3): the Hamming distance
# ---------------------------------------------------------------------------


def check_hamming(random_state=0):
    """Item 1: H(x1, x2) = (x1 - x2)^T (x1 - x2), not d - (x1 - x2)^T (x1 - x2) (Eq. 3).

    >>> check_hamming().holds_corrected
    True
    """
    rng = np.random.default_rng(random_state)
    pairs = [(rng.integers(0, 2, (200, 12)), rng.integers(0, 2, (200, 12)))]
    for d in range(1, 5):  # every pair of {0,1}^d
        P = np.array(list(itertools.product((0, 1), repeat=d)))
        pairs.append((np.repeat(P, len(P), axis=0), np.tile(P, (len(P), 1))))
    total = corrected_ok = printed_ok = half = 0
    for A, B in pairs:
        d = A.shape[1]
        H = np.diag(hamming(A, B))
        diff = A.astype(int) - B.astype(int)  # signed: uint8 differences would wrap
        inner = np.einsum("ij,ij->i", diff, diff)
        total += len(H)
        corrected_ok += int(np.sum(inner == H))
        printed_ok += int(np.sum(d - inner == H))
        half += int(np.sum(2 * H == d))
    return _result(
        1,
        "Hamming distance",
        "H(x1, x2) = (x1 - x2)^T (x1 - x2), which counts the disagreements",
        "Eq. (3)",
        printed_ok == total,
        corrected_ok == total,
        {
            "pairs": total,
            "corrected_mismatches": total - corrected_ok,
            "printed_mismatches": total - printed_ok,
            "printed_matches_only_where_2H_eq_d": printed_ok == half,
        },
        """For 0/1 vectors each coordinate of x1 - x2 is -1, 0 or 1, so (x1 - x2)^T (x1 - x2)
        counts the coordinates that differ: it is the Hamming distance itself. The printed
        d - (x1 - x2)^T (x1 - x2) counts the agreements, and equals H only on the pairs that
        disagree in exactly half of their coordinates. The sentence after Eq. (3) makes the
        same slip ("counts the number of elements which agree").""",
    )


# ---------------------------------------------------------------------------
# 2. The Aitchison-Aitken kernel
# ---------------------------------------------------------------------------


def check_aitchison_aitken(random_state=0):
    """Item 2: the Hamming distance is the exponent of (1 - lam); K_1/2 and K_1 as stated.

    >>> check_aitchison_aitken().holds_as_printed
    False
    """
    del random_state  # exhaustive: nothing random
    lams = (0.5, 0.6, 0.75, 0.9, 1.0)
    sum_err = half_err = formula_err = 0.0
    k1_ok = monotone_ok = sentence_k1_ok = True
    sentence_k1_at_0 = []
    for d in range(1, 9):
        P = np.array(list(itertools.product((0, 1), repeat=d)), dtype=np.uint8)
        H = hamming(P, np.zeros((1, d)))[:, 0]
        inner = np.einsum("ij,ij->i", P.astype(int), P.astype(int))
        for lam in lams:
            K = aitchison_aitken(P, lam)
            printed_formula = lam ** (d - inner) * (1 - lam) ** inner
            sentence = lam**H * (1 - lam) ** (d - H)  # "the exponent for lam is H"
            formula_err = max(formula_err, np.abs(K - printed_formula).max())
            sum_err = max(sum_err, abs(K.sum() - 1.0))
            if lam == 0.5:
                half_err = max(half_err, np.abs(K - 0.5**d).max())
            if lam == 1.0:
                k1_ok &= np.array_equal(K, (H == 0).astype(float))
                sentence_k1_ok &= np.array_equal(sentence, (H == 0).astype(float))
                sentence_k1_at_0.append(sentence[H == 0][0])
            else:  # mass spreads out from 0: K decreases as H grows (flat at 1/2)
                monotone_ok &= bool(np.all(np.diff(K[np.argsort(H, kind="stable")]) <= 1e-15))
    corrected = sum_err < EXACT_TOL and half_err < EXACT_TOL and k1_ok and monotone_ok
    return _result(
        2,
        "Aitchison-Aitken kernel",
        "K_lam(x) = lam^(d - H) (1 - lam)^H with H = H(x, 0); K_1/2 = (1/2)^d, K_1 = 1{x = 0}",
        "after Eq. (4)",
        sentence_k1_ok,
        corrected and formula_err < EXACT_TOL,
        {
            "d_range": "1..8",
            "printed_formula_max_diff": formula_err,
            "max_abs(sum - 1)": sum_err,
            "max_abs(K_half - 2^-d)": half_err,
            "K_1_is_indicator_of_0": k1_ok,
            "sentence_reading_K_1_at_0": max(sentence_k1_at_0),
            "decreasing_in_H": monotone_ok,
        },
        """The printed formula lam^(d - x^T x) (1 - lam)^(x^T x) is right: x^T x = H(x, 0) is
        the exponent of (1 - lam). The sentence after it says the exponent of lam is the
        Hamming distance, which is what the misprinted Eq. (3) (H = d - x^T x) would make
        it. Read that way the kernel is lam^H (1 - lam)^(d - H), which puts the mass of
        K_1 on the all-ones vector (K_1(0) = 0) instead of on 0. With 0^0 = 1, K_1/2 =
        (1/2)^d and K_1 = 1{x = 0} hold, and the kernel sums to 1 over {0,1}^d for every
        lam (binomial theorem), checked for d = 1..8.""",
    )


# ---------------------------------------------------------------------------
# 3. Eqs. (5)-(6): the gradient of the kernel density estimate
# ---------------------------------------------------------------------------


def check_kde_gradient(random_state=0):
    """Item 3: D K_lam and D f~ (Eq. 6) against central finite differences.

    >>> check_kde_gradient().holds_corrected
    True
    """
    rng = np.random.default_rng(random_state)
    X = rng.integers(0, 2, (12, 4), dtype=np.uint8)
    points = rng.uniform(-0.5, 1.5, (4, 4))
    err_K = err_f = err_flipped = scale_K = scale_f = eq5_err = 0.0
    for lam in (0.6, 0.75, 0.9):
        for x in points:
            fd_K = _central_difference(lambda u, lam=lam: aitchison_aitken_continuous(u, lam), x)
            err_K = max(err_K, np.abs(fd_K - aitchison_aitken_gradient(x, lam)).max())
            scale_K = max(scale_K, np.abs(fd_K).max())
            fd_f = _central_difference(lambda y, lam=lam: kde(X, y, lam), x)
            g = kde_gradient(X, x, lam)
            err_f = max(err_f, np.abs(fd_f - g).max())
            err_flipped = max(err_flipped, np.abs(fd_f + g).max())
            scale_f = max(scale_f, np.abs(fd_f).max())
        # Eq. (5) at binary points: sum of the binary kernel at x XOR X_i.
        for x in X[:4]:
            direct = np.mean(aitchison_aitken(x ^ X, lam))
            eq5_err = max(eq5_err, abs(kde(X, x, lam) - direct))
    ok = err_K <= FD_RTOL * scale_K and err_f <= FD_RTOL * scale_f and eq5_err < EXACT_TOL
    return _result(
        3,
        "KDE gradient",
        "D K_lam(x) = 2x log((1-lam)/lam) K_lam(x); "
        "D f~ = 2 log(lam/(1-lam)) n^-1 [sum X_i K_i - x sum K_i]",
        "Eqs. (5)-(6)",
        ok,
        ok,
        {
            "max_abs_err_DK": err_K,
            "max_abs_err_Df": err_f,
            "max_abs_Df": scale_f,
            "max_abs_err_Df_opposite_sign": err_flipped,
            "eq5_binary_max_diff": eq5_err,
        },
        """Writing K_lam(x) = lam^d exp(x^T x log((1 - lam)/lam)), the chain rule gives
        D K_lam(x) = 2x log((1 - lam)/lam) K_lam(x), as printed. Summing over the data,
        D f~(x) = 2 log((1 - lam)/lam) n^-1 sum (x - X_i) K_i, which is Eq. (6) once the
        minus sign is moved into the logarithm: the printed sign is right. Both agree with
        central differences (lam = 0.6, 0.75, 0.9, real x); the opposite sign does not.""",
    )


# ---------------------------------------------------------------------------
# 4. The lam -> 1 step: sign of D K_1, power of delta, choice of A
# ---------------------------------------------------------------------------


def _pick_point(X, rng, k):
    """A data point x that moves (maj != x), with delta_(k)(x) > 1 and m >= 1 (so f^ > 0).

    At delta = 1 or at a fixed point every choice of A gives the same iterate,
    so such an x could not tell them apart.
    """
    for i in rng.permutation(len(X)):
        x = X[i]
        H_k = nearest_neighbours(X, x[None, :], k)[0][0, -1]
        ratio, m = median_shift_ratio(X, x, k)
        if H_k >= 2 and m >= 1 and not np.array_equal(ratio, x):
            return x
    raise RuntimeError("no data point moves with delta_(k) > 1 and m >= 1; change random_state.")


def check_lambda_one_step(random_state=0):
    """Item 4: the sign of D K_1, the power of delta in D f^, and the choice of A.

    >>> r = check_lambda_one_step()
    >>> r.holds_as_printed, r.holds_corrected
    (False, True)
    """
    rng = np.random.default_rng(random_state)
    lam = LAM_CONVENTION  # log(lam/(1 - lam)) = 1 here

    # (a) the sign of D K: finite differences against -2uK (corrected) and +2uK (printed).
    def K_lam(u):
        return aitchison_aitken_continuous(u, lam)

    U = rng.uniform(-1, 1, (5, 3))
    fd = np.array([_central_difference(K_lam, u) for u in U])
    twice_uK = 2 * U * K_lam(U)[:, None]
    scale = np.abs(fd).max()
    sign_printed, sign_corrected = np.abs(fd - twice_uK).max(), np.abs(fd + twice_uK).max()

    # (b) the power of delta: differentiate n^-1 delta^-d sum K((y - X_i)/delta) at fixed delta.
    X = _bernoulli_mixture(rng, n=60, d=6, flip=0.2)
    k = 10
    x = _pick_point(X, rng, k)
    n, d = X.shape
    delta = math.sqrt(nearest_neighbours(X, x[None, :], k)[0][0, -1])

    def f_delta(y):
        return np.mean(K_lam((y - X) / delta)) / delta**d

    fd_f = _central_difference(f_delta, x.astype(float))
    K_i = K_lam((x - X.astype(float)) / delta)
    bracket = 2 / n * (K_i @ X - x * K_i.sum())
    power_printed = np.abs(fd_f - bracket / delta ** (d + 1)).max()
    power_corrected = np.abs(fd_f - bracket / delta ** (d + 2)).max()
    scale_f = np.abs(fd_f).max()

    # (c) the recurrence x + A D f^ / f^ with the kernel L, against the ratio of Eq. (7).
    f_hat = median_shift_density(X, x, k)
    Df = median_shift_gradient(X, x, k)
    Df_printed = median_shift_gradient(X, x, k, as_printed=True)
    ratio = median_shift_ratio(X, x, k).ratio
    rec = {
        "A=delta^2/2, D f^ chain rule": x + delta**2 / 2 * Df / f_hat,
        "A=delta/2, D f^ printed": x + delta / 2 * Df_printed / f_hat,
        "A=delta/2 (printed), D f^ chain rule": x + delta / 2 * Df / f_hat,
        "A=delta^2/2, D L = +2uL (printed sign)": x - delta**2 / 2 * Df / f_hat,
    }
    rec_err = {name: float(np.abs(r - ratio).max()) for name, r in rec.items()}

    # (d) Section 2: Fukunaga-Hostetler, uniform kernel for f, Epanechnikov for D f.
    Y = rng.normal(0.0, 2.0, (60, 2))
    y = Y[0] + rng.normal(0.0, 0.5, 2)
    dist = np.sort(np.linalg.norm(Y - y, axis=1))
    # delta between the k-th and (k+1)-th distances: the ball holds exactly NN_k(y),
    # and no point sits on the sphere, where the Epanechnikov kernel has a kink.
    delta_c = (dist[k - 1] + dist[k]) / 2
    # Rescale the sample so that delta = 2: at delta = 1 the two A would coincide.
    Y, y, delta_c = Y * (2.0 / delta_c), y * (2.0 / delta_c), 2.0
    f_U = nn_density(Y, y, delta_c, uniform_kernel)
    Df_E = nn_density_gradient(Y, y, delta_c)
    fd_E = _central_difference(lambda z: nn_density(Y, z, delta_c, epanechnikov_kernel), y)
    mean = nn_mean_shift_step(Y, y, k)[0]
    fh_corrected = np.abs(y + delta_c**2 / 4 * Df_E / f_U - mean).max()  # d + 2 = 4
    fh_printed = np.abs(y + delta_c / 4 * Df_E / f_U - mean).max()
    fh_fd = np.abs(fd_E - Df_E).max()

    as_printed = (
        sign_printed <= FD_RTOL * scale
        and power_printed <= FD_RTOL * scale_f
        and rec_err["A=delta/2 (printed), D f^ chain rule"] < EXACT_TOL
        and fh_printed < EXACT_TOL
    )
    corrected = (
        sign_corrected <= FD_RTOL * scale
        and power_corrected <= FD_RTOL * scale_f
        and rec_err["A=delta^2/2, D f^ chain rule"] < EXACT_TOL
        and fh_fd <= FD_RTOL * np.abs(Df_E).max()
        and fh_corrected < EXACT_TOL
    )
    return _result(
        4,
        "lam -> 1 step and A",
        "D K_1 = -2u K_1; D f^ carries delta^(-d-2); A = (delta^2/2) I (binary), "
        "A = delta^2/(d+2) I (Section 2)",
        "Sections 2-3, unnumbered",
        as_printed,
        corrected,
        {
            "lam_convention": lam,
            "DK_err_printed_+2uK": sign_printed,
            "DK_err_corrected_-2uK": sign_corrected,
            "delta_binary": delta,
            "Df_err_printed_delta^(-d-1)": power_printed,
            "Df_err_corrected_delta^(-d-2)": power_corrected,
            "max_abs_Df": scale_f,
            "recurrence_minus_ratio": rec_err,
            "delta_section2": delta_c,
            "FH_err_A=delta^2/(d+2)": fh_corrected,
            "FH_err_A=delta/(d+2)_printed": fh_printed,
            "FH_Df_Epanechnikov_fd_err": fh_fd,
        },
        """At lam = e/(1+e) the factor log(lam/(1 - lam)) is exactly 1, and finite
        differences give D K = -2u K, not the printed +2u K: under the paper's convention
        D K_1 = -2u K_1 and D L = -2u L. Substituting into Eq. (6) as the paper says gives
        the bracket [sum X_i L_i - x sum L_i] with a plus sign, as printed; the printed
        +2u L would reverse it and send x to 2x - maj. The power of delta is -d-2, not
        -d-1: one delta^-1 comes from differentiating (x - X_i)/delta, a second from the
        factor u = (x - X_i)/delta in D L(u). Then D f^/f^ = 2 delta^-2 (ratio - x) and
        A = (delta^2/2) I gives x + A D f^/f^ = the ratio of Eq. (7). The printed pair
        (delta^(-d-1), A = delta/2) is consistent, so the printed result is right, but
        the printed A with the chain-rule gradient is not. Section 2 has the same slip:
        with the uniform kernel for f and the Epanechnikov kernel for D f
        (Fukunaga-Hostetler), D f/f = (d+2) delta^-2 (mean - x), so A = delta^2/(d+2),
        not the printed delta/(d+2); both A agree only when delta = 1.""",
    )


# ---------------------------------------------------------------------------
# 5. The kernel L simplification and the 0/0 case
# ---------------------------------------------------------------------------


def zero_over_zero_rate(X, k1_values, tie="one"):
    """For each k1, the fraction of data points x for which m = 0 in Eq. (7).

    m is the number of points of NN_k1(x) equal to maj(NN_k1(x)). When m = 0
    the ratio sum X_i L_i / sum L_i of Eq. (7) is 0/0: the paper's
    simplification to maj(NN_k1(x)) is then a definition, not a derivation.

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
    k1_values : iterable of int in [1, n]
    tie : {"one", "zero", "keep"}, default "one"
        The majority tie rule, as in `binms_teach.majority.majority_vote`.

    Returns
    -------
    dict
        ``{k1: fraction of the n data points with m = 0}``.

    Examples
    --------
    >>> X = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    >>> zero_over_zero_rate(X, [1, 3])  # k1 = 3: maj is [0, 0, 0], which no point equals
    {1: 0.0, 3: 1.0}
    """
    X = check_binary(X)
    tie = check_tie(tie)
    n, d = X.shape
    k1_values = [
        check_int(k1, "k1", 1, n, "k1 counts neighbours among the data points.")
        for k1 in k1_values
    ]
    if not k1_values:
        raise ValueError("k1_values is empty; give at least one k1, e.g. [5, 10, 20].")
    k_max = max(k1_values)
    # NN_k1(x) is the first k1 columns of NN_k_max(x): the order (distance, index) is total.
    _, idx = nearest_neighbours(X, X, k_max)
    zeros = dict.fromkeys(k1_values, 0)
    step = max(1, RATE_CHUNK_BYTES // (4 * k_max * d))
    for start in range(0, n, step):
        rows = slice(start, start + step)
        G = X[idx[rows]]  # (rows, k_max, d): the neighbours' bits
        votes = np.cumsum(G, axis=1, dtype=np.int32)  # votes[:, k - 1]: ones among the first k
        for k1 in zeros:
            maj = decide(2 * votes[:, k1 - 1], k1, tie, current=X[rows])
            m = np.all(G[:, :k1] == maj[:, None, :], axis=2).sum(axis=1)
            zeros[k1] += int(np.sum(m == 0))
    return {k1: zeros[k1] / n for k1 in k1_values}


def check_kernel_L_ratio(random_state=0):
    """Item 5: the ratio of Eq. (7) is maj(NN_k(x)) only when m >= 1.

    >>> check_kernel_L_ratio().holds_as_printed
    False
    """
    rng = np.random.default_rng(random_state)
    X = _bernoulli_mixture(rng, n=100, d=16)
    k1_values = (1, 2, 5, 10, 20)
    m0 = dict.fromkeys(k1_values, 0)
    agree = nan_ok = True
    for k1 in k1_values:
        x_1 = bga(X, X, k1, max_iter=1)[0]  # one update of every point: maj(NN_k1(x))
        for x, vote in zip(X, x_1, strict=True):
            ratio, m = median_shift_ratio(X, x, k1)
            if m == 0:
                m0[k1] += 1
                nan_ok &= bool(np.all(np.isnan(ratio)))
            else:
                agree &= np.array_equal(ratio, vote)
    loop_rates = {k1: m0[k1] / len(X) for k1 in k1_values}
    rates = zero_over_zero_rate(X, k1_values)
    return _result(
        5,
        "kernel L ratio",
        "sum X_i 1{X_i = maj} / sum 1{X_i = maj} over NN_k(x) equals maj(NN_k(x)), when m >= 1",
        "Eq. (7) and the display before it",
        sum(m0.values()) == 0,
        agree and nan_ok and rates == loop_rates,
        {
            "n": len(X),
            "d": X.shape[1],
            "rate_m0_by_k1": rates,
            "ratio_equals_maj_when_m_ge_1": agree,
            "rate_function_matches_loop": rates == loop_rates,
        },
        """The display of the scaled kernel prints 1{X_i maj(...)} without its "=": it is
        1{X_i = maj(B_d(x, delta_(k)(x)))}. The ratio then equals m maj / m = maj only when
        m >= 1, that is, when at least one of the k nearest neighbours equals the majority
        vector. With k1 >= 2 the majority of the neighbours is often none of them (here on
        a Bernoulli mixture; zero_over_zero_rate measures it on real data), and the ratio
        is 0/0: for those x the recurrence x_{j+1} = maj(NN_k(x_j)) is a definition that
        extends the derivation, not a consequence of it.""",
    )


# ---------------------------------------------------------------------------
# 6. The majority vote is the median centre
# ---------------------------------------------------------------------------


def check_majority_is_median(random_state=0):
    """Item 6: maj(X) minimises the (weighted) inertia; with ties, so does every completion.

    >>> check_majority_is_median().holds_corrected
    True
    """
    rng = np.random.default_rng(random_state)
    sets = with_ties = 0
    maj_ok = completions_ok = True
    for trial in range(60):
        d, n = int(rng.integers(1, 6)), int(rng.integers(1, 7))
        X = rng.integers(0, 2, (n, d), dtype=np.uint8)
        # Integer weights, or none, so that exact ties happen.
        weights = None if trial % 2 == 0 else rng.integers(1, 4, n)
        argmins = {tuple(w) for w in median_centres_brute_force(X, weights).tolist()}
        ones, total = vote_counts(X, weights)
        tied = np.flatnonzero(2 * ones == total)
        maj = majority_vote(X, weights)
        for tie in ("one", "zero"):
            maj_ok &= tuple(majority_vote(X, weights, tie=tie).tolist()) in argmins
        completions = set()
        for bits in itertools.product((0, 1), repeat=len(tied)):
            w = maj.copy()
            w[tied] = bits
            completions.add(tuple(w.tolist()))
        completions_ok &= completions == argmins
        sets += 1
        with_ties += len(tied) > 0
    return _result(
        6,
        "majority vote = median centre",
        "maj(X) is an argmin over {0,1}^d of I(x) = sum pi_i H(X_i, x)",
        "Eq. (4)",
        maj_ok,
        maj_ok and completions_ok,
        {
            "data_sets": sets,
            "with_ties": with_ties,
            "maj_is_argmin": maj_ok,
            "argmins_equal_tie_completions": completions_ok,
        },
        """The inertia separates over coordinates, so each w_j minimises sum pi_i |X_ij - w_j|
        alone: the (weighted) majority value. Brute force over all of {0,1}^d agrees, with
        and without integer weights. Where exactly half the weight votes 1 the paper's maj
        is undefined; both choices are argmins, and the set of argmins is exactly the set
        of all ways to complete the tied coordinates.""",
    )


# ---------------------------------------------------------------------------
# 7. Algorithm 1: how many updates, which iterate is returned
# ---------------------------------------------------------------------------


class BGARun(NamedTuple):
    """One candidate's binary gradient ascent: the returned point, the iterates, the updates."""

    x_star: np.ndarray
    iterates: np.ndarray
    n_updates: int


def algorithm1_bga_as_printed(X, x, k1, j_max, tie="one"):
    """AS PRINTED, for demonstration only: the BGA task of Algorithm 1, lines 2-8, literally.

    It performs j_max + 1 updates and returns x_{l, j}, the iterate *before*
    the last one computed; it never stops at a fixed point. Use
    `binms_teach.ascent` instead.

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
    >>> run = algorithm1_bga_as_printed(X, [0, 0, 0], k1=3, j_max=0)
    >>> run.n_updates, run.x_star.tolist(), run.iterates[-1].tolist()
    (1, [0, 0, 0], [0, 0, 1])
    """
    X = check_binary(X)
    x = check_binary(x, "x", ndim=1)
    j_max = check_int(j_max, "j_max", 0, 10**6)
    iterates = {}
    j = 0
    iterates[0] = x  # line 2: j := 0; x_{l,0} := x_l
    iterates[1] = bga_step(X, iterates[0], k1, tie)[0]  # line 3
    n_updates = 1
    while j < j_max:  # line 4
        j = j + 1  # line 5
        iterates[j + 1] = bga_step(X, iterates[j], k1, tie)[0]  # line 6
        n_updates += 1
    x_star = iterates[j]  # line 8: x_l^* := x_{l,j}
    return BGARun(x_star, np.array([iterates[i] for i in sorted(iterates)]), n_updates)


def check_algorithm1(random_state=0):
    """Item 7: Algorithm 1 as printed against "at most max_iter updates, return the last".

    >>> check_algorithm1().numbers["printed_updates"]
    2
    """
    rng = np.random.default_rng(random_state)
    X = _bernoulli_mixture(rng, n=120, d=16)
    k1 = 10
    # The corrected loop is the package's: binms_teach.ascent.bga returns the last
    # iterate and counts the updates (the one that confirms a fixed point included).
    _, n_iter, converged = bga(X, X, k1, max_iter=50)
    moves = n_iter - converged  # updates that changed the iterate
    # The start with the longest path, so that a cap of 1 or 2 updates binds.
    x0 = X[int(np.argmax(moves))]
    j_max = 1
    printed = algorithm1_bga_as_printed(X, x0, k1, j_max)
    last_computed = printed.iterates[-1]
    (same_cap,), (same_cap_updates,), _ = bga(X, x0[None, :], k1, max_iter=j_max)
    (same_work,), _, _ = bga(X, x0[None, :], k1, max_iter=j_max + 1)
    zero = algorithm1_bga_as_printed(X, x0, k1, 0)
    long_printed = algorithm1_bga_as_printed(X, x0, k1, 50)
    (long_corrected,), (long_updates,), _ = bga(X, x0[None, :], k1, max_iter=50)
    as_printed = printed.n_updates <= j_max and np.array_equal(printed.x_star, last_computed)
    corrected = (
        same_cap_updates <= j_max
        and np.array_equal(same_cap, printed.iterates[j_max])
        and np.array_equal(same_work, last_computed)
        and np.array_equal(long_printed.x_star, long_corrected)
    )
    return _result(
        7,
        "Algorithm 1 loop",
        "the BGA task performs at most j_max updates and returns the last iterate",
        "Algorithm 1, lines 2-8",
        as_printed,
        corrected,
        {
            "k1": k1,
            "moves_of_start": int(moves.max()),
            "j_max": j_max,
            "printed_updates": printed.n_updates,
            "printed_returns_index": j_max,
            "printed_last_computed_index": len(printed.iterates) - 1,
            "H(printed x*, last computed)": int(np.sum(printed.x_star != last_computed)),
            "corrected_updates": same_cap_updates,
            "H(corrected x*, printed x*)": int(np.sum(same_cap != printed.x_star)),
            "j_max=0: H(returned x_0, discarded x_1)": int(np.sum(zero.iterates[1] != x0)),
            "j_max=50: printed_updates": long_printed.n_updates,
            "j_max=50: corrected_updates": long_updates,
        },
        """Line 3 computes x_1 before the loop, and the loop then computes x_2, ...,
        x_{j_max+1}: j_max + 1 updates. Line 8 returns x_{l,j} = x_{j_max}, the iterate
        before the last one computed, so the last update is wasted (with j_max = 0 the
        start point is returned unmoved), and the loop never stops at a fixed point. The
        corrected loop stops when x_{j+1} = x_j or after max_iter updates and returns the
        last iterate: at the same cap it returns the same point with one update fewer; at
        the same work it returns the iterate one step further. Once a path has reached its
        fixed point both return the same mode: the misprint bites only when the cap binds.""",
    )


# ---------------------------------------------------------------------------
# 8. Table 1: the number of Zoo features
# ---------------------------------------------------------------------------

# From the Zoo attribute description (zoo.names): 15 Boolean attributes and legs.
ZOO_BOOLEAN = (
    "hair", "feathers", "eggs", "milk", "airborne", "aquatic", "predator", "toothed",
    "backbone", "breathes", "venomous", "fins", "tail", "domestic", "catsize",
)  # fmt: skip
ZOO_LEGS_VALUES = (0, 2, 4, 5, 6, 8)


def _zoo_loader_width():
    """The number of columns of binms_teach.datasets.load_zoo(), or why it is unknown."""
    try:
        from .datasets import load_zoo

        # Local files only: a check must not reach for the network.
        data = load_zoo(download=False)
    except Exception as exc:  # optional: the loader or its files may be missing
        return None, f"unavailable ({type(exc).__name__})"
    for attr in ("data", "X"):
        if hasattr(data, attr):
            data = getattr(data, attr)
            break
    else:
        if isinstance(data, tuple):
            data = data[0]
    shape = np.shape(data)
    if len(shape) != 2:
        return None, f"unreadable result of shape {shape}"
    return int(shape[1]), f"{shape[0]} x {shape[1]}"


def check_zoo_dimension(random_state=0):
    """Item 8: Zoo has d = 15 + 6 = 21 binary columns, as the text says; Table 1 says 26.

    >>> check_zoo_dimension().numbers["d_from_attributes"]
    21
    """
    del random_state  # nothing random
    d_facts = len(ZOO_BOOLEAN) + len(ZOO_LEGS_VALUES)
    d_loader, loader = _zoo_loader_width()
    table_1, text = 26, 21
    return _result(
        8,
        "Zoo dimension",
        "Zoo is a 101 x 21 binary matrix: 15 Boolean attributes + legs coded disjunctively (6)",
        "Table 1 vs Section 4 text",
        table_1 == d_facts,
        text == d_facts and (d_loader is None or d_loader == d_facts),
        {
            "boolean_attributes": len(ZOO_BOOLEAN),
            "legs_values": len(ZOO_LEGS_VALUES),
            "d_from_attributes": d_facts,
            "d_text": text,
            "d_table_1": table_1,
            "loader": loader,
        },
        """The Zoo data have 16 attributes besides the name and the class: 15 Boolean and legs,
        which takes the 6 values {0, 2, 4, 5, 6, 8}. Coding legs disjunctively gives
        15 + 6 = 21 binary columns, the 101 x 21 of the text. Table 1's d = 26 matches no
        coding stated in the paper.""",
    )


# ---------------------------------------------------------------------------
# 9. The course's own claim: the "index" ascent never cycles
# ---------------------------------------------------------------------------

# Real data of item 9: loader name and rows kept (None: all; Digits: a seeded sample).
DESCENT_DATA = (("zoo", None), ("soybean", None), ("digits", 200), ("votes", None))
DESCENT_K1 = (4, 10)
DESCENT_TIES = ("one", "zero", "keep")


class DescentMoves(NamedTuple):
    """Every move x_j -> x_{j+1} (x_{j+1} != x_j) of the ascents of all data points.

    ``before``/``after``: S(x_j), S(x_{j+1}), the sums of the distances to the
    k1 nearest data points; ``tied``: how many bits changed at a tied vote of
    NN_k1(x_j) (2 * ones == k1); ``untied``: how many changed at a strict one;
    ``up``/``down``: how many bits went 0 -> 1 and 1 -> 0.
    """

    before: np.ndarray
    after: np.ndarray
    tied: np.ndarray
    untied: np.ndarray
    up: np.ndarray
    down: np.ndarray


def descent_moves(X, k1, tie="one", max_iter=100, neighbours="index"):
    """The moves of the ascents of every data point, measured against the descent claim.

    S is always the sum over the k1 nearest (lower index first at a tie); with
    ``neighbours="ball"`` the moves are those of the "ball" ascent, for which the
    claim is not made (and S can increase).

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
    >>> moves = descent_moves(X, k1=3)
    >>> moves.before.tolist(), moves.after.tolist(), moves.untied.tolist()
    ([3, 3], [2, 2], [1, 1])
    """
    X = check_binary(X)
    k1 = check_int(k1, "k1", 1, len(X), "k1 counts neighbours among the n data points.")
    tie = check_tie(tie)
    history = fast.bga(X, X, k1, max_iter, tie, record=True, neighbours=neighbours)[3]
    old, new = history[:-1].reshape(-1, X.shape[1]), history[1:].reshape(-1, X.shape[1])
    moved = np.any(old != new, axis=1)
    old, new = old[moved], new[moved]
    d_old, idx = fast.nearest_neighbours(X, old, k1)  # unchecked: there may be no move
    d_new, _ = fast.nearest_neighbours(X, new, k1)
    ones = X[idx].sum(axis=1, dtype=np.int64)
    changed = old != new
    at_tie = 2 * ones == k1
    return DescentMoves(
        before=d_old.sum(axis=1, dtype=np.int64),
        after=d_new.sum(axis=1, dtype=np.int64),
        tied=(changed & at_tie).sum(axis=1),
        untied=(changed & ~at_tie).sum(axis=1),
        up=(changed & (new == 1)).sum(axis=1),
        down=(changed & (new == 0)).sum(axis=1),
    )


def _descent_data(rng):
    """The real data sets of item 9 that are on this machine, and the names of the missing."""
    from . import datasets

    found, missing = [], []
    for name, rows in DESCENT_DATA:
        try:  # local files only: a check must not reach for the network
            X = getattr(datasets, f"load_{name}")(download=False).data
        except FileNotFoundError:  # the files may be missing: the numbers name them
            missing.append(name)
            continue
        if rows is not None and rows < len(X):
            X = X[np.sort(rng.choice(len(X), rows, replace=False))]
        found.append((name, np.asarray(X, dtype=np.uint8)))
    return found, missing


def check_descent(random_state=0):
    """Item 9, the course's claim: along an "index" ascent S(x) never increases; no cycle.

    S(x) is the sum of the distances from x to its k1 nearest data points. The
    vote x_{j+1} = maj(NN_k1(x_j)) minimises the sum of distances to the points
    of NN_k1(x_j), so that sum at x_{j+1} is at most S(x_j); and S(x_{j+1}), over
    x_{j+1}'s own k1 nearest, can only be smaller. At an equal sum x_j also
    minimises it, so only tied bits changed, all by the tie rule in one
    direction ("one": 0 -> 1; "zero": 1 -> 0; "keep": none, so an equal sum
    means a fixed point). S is a whole number that never increases, and on a
    run of equal sums the number of ones moves one way: no iterate repeats.

    >>> check_descent().holds_corrected
    True
    """
    rng = np.random.default_rng(random_state)
    # Many small products: one BLAS thread is faster than several (by 5x on a busy machine).
    with threadpool_limits(1):
        return _check_descent(rng)


def _check_descent(rng):
    found, missing = _descent_data(rng)
    if not found:  # no data files: a seeded mixture, and the numbers say so
        found = [("bernoulli mixture", _bernoulli_mixture(rng, n=200, d=24))]
    expected = {"one": (True, False), "zero": (False, True), "keep": (False, False)}
    totals = dict.fromkeys(("moves", "strict", "equal", "increases", "untied_at_equal",
                            "wrong_direction", "ball_moves", "ball_increases"), 0)
    per_set = {}
    for name, X in found:
        for tie in DESCENT_TIES:
            for k1 in DESCENT_K1:
                m = descent_moves(X, k1, tie)
                equal = m.after == m.before
                up_ok, down_ok = expected[tie]
                totals["moves"] += len(m.before)
                totals["strict"] += int(np.sum(m.after < m.before))
                totals["equal"] += int(equal.sum())
                totals["increases"] += int(np.sum(m.after > m.before))
                totals["untied_at_equal"] += int(np.sum(equal & (m.untied > 0)))
                totals["wrong_direction"] += int(np.sum(
                    equal & (((m.up > 0) & (not up_ok)) | ((m.down > 0) & (not down_ok)))))
                per_set[name] = per_set.get(name, 0) + len(m.before)
        # The claim is the "index" rule's: along "ball" ascents S can go up.
        b = descent_moves(X, DESCENT_K1[-1], "one", neighbours="ball")
        totals["ball_moves"] += len(b.before)
        totals["ball_increases"] += int(np.sum(b.after > b.before))
    holds = (totals["increases"] == 0 and totals["untied_at_equal"] == 0
             and totals["wrong_direction"] == 0)
    numbers = {"data": ", ".join(f"{k} ({v} moves)" for k, v in per_set.items()),
               "missing data": ", ".join(missing) or "none",
               "k1": "/".join(map(str, DESCENT_K1)), "ties": "/".join(DESCENT_TIES), **totals}
    return _result(
        9,
        "descent of the index ascent",
        "along an 'index' ascent S(x), the sum of the distances to the k1 nearest, never "
        "increases, and at an equal sum only tied bits change, all one way: no cycle",
        "course's claim, not the paper's",
        None,
        holds,
        numbers,
        """The course's own claim, not the paper's. The vote minimises the sum of distances
        to the current k1 neighbours, and the new iterate's own k1 nearest can only do
        better, so S never increases: checked on every move of every data point's ascent,
        for each tie rule and k1. At an equal sum the old iterate also minimised that sum, so
        the moved bits were tied votes, set by the tie rule in one direction (0 -> 1 for
        "one", 1 -> 0 for "zero", none for "keep"): the number of ones moves one way while S
        stays, so no iterate comes back and every "index" ascent ends at a fixed point. The
        argument needs exactly k1 voters: along "ball" ascents (every point within the k1-th
        distance) S does increase, so that rule carries a cycle guard instead.""",
        source="course",
    )


# ---------------------------------------------------------------------------
# All of them
# ---------------------------------------------------------------------------

CHECKS = (
    check_hamming,
    check_aitchison_aitken,
    check_kde_gradient,
    check_lambda_one_step,
    check_kernel_L_ratio,
    check_majority_is_median,
    check_algorithm1,
    check_zoo_dimension,
    check_descent,
)


def run_all(random_state=0):
    """Run the nine checks in order (the paper's eight, then the course's): a list of `CheckResult`.

    >>> [r.holds_corrected for r in run_all()] == [True] * 9
    True
    """
    return [check(random_state) for check in CHECKS]


def _verdict(holds):
    return "-" if holds is None else ("holds" if holds else "fails")


def format_results(results, numbers=True, explain=False, width=100):
    """A plain-text table of check results, for notebooks: ``print(format_results(run_all()))``.

    Parameters
    ----------
    numbers : bool, default True
        Add each check's numbers under the table.
    explain : bool, default False
        Add each check's explanation.
    width : int
        The width to wrap numbers and explanations at.

    Examples
    --------
    >>> print(format_results([check_hamming()], numbers=False))
    #  check             equation  as printed  corrected
    -  ----------------  --------  ----------  ---------
    1  Hamming distance  Eq. (3)   fails       holds
    """
    rows = [("#", "check", "equation", "as printed", "corrected")]
    for r in results:
        rows.append(
            (str(r.number), r.name, r.equation, _verdict(r.holds_as_printed),
             _verdict(r.holds_corrected))
        )  # fmt: skip
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
    rows.insert(1, tuple("-" * w for w in widths))
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
             for row in rows]  # fmt: skip
    for r in results if numbers or explain else ():
        lines.append("")
        lines.append(f"{r.number}. {r.name}: {r.claim}")
        if numbers:
            text = ", ".join(f"{k} = {v}" for k, v in r.numbers.items())
            lines.extend(textwrap.wrap(text, width, initial_indent="   ", subsequent_indent="   "))
        if explain:
            lines.extend(
                textwrap.wrap(r.explanation, width, initial_indent="   ", subsequent_indent="   ")
            )
    return "\n".join(lines)
