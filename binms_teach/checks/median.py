"""Claims 5-6: the kernel L simplification of Eq. (7) and its 0/0 case; the majority vote is
the median centre (Eq. 4)."""

import itertools

import numpy as np

from .._validation import TIE, Binary, check_k1, validate_params
from ..ascent import bga
from ..hamming import nearest_neighbours
from ..kernels import median_shift_ratio
from ..majority import decide, majority_vote, median_centres_brute_force, vote_counts
from .record import bernoulli_mixture, result

# Rows x k1 x d x 4 bytes of neighbour votes gathered at once in zero_over_zero_rate.
RATE_CHUNK_BYTES = 32 * 2**20


@validate_params({"X": Binary(), "tie": TIE})
def zero_over_zero_rate(X, k1_values, tie="one"):
    """For each k1, the fraction of data points x for which q = 0 in Eq. (7).

    q is the number of points of NN_k1(x) equal to maj(NN_k1(x)). When q = 0
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
        ``{k1: fraction of the n data points with q = 0}``.

    Examples
    --------
    >>> X = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    >>> zero_over_zero_rate(X, [1, 3])  # k1 = 3: maj is [0, 0, 0], which no point equals
    {1: 0.0, 3: 1.0}
    """
    n, d = X.shape
    k1_values = [check_k1(k1, n) for k1 in k1_values]  # each as K1 declares it
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
            q = np.all(G[:, :k1] == maj[:, None, :], axis=2).sum(axis=1)
            zeros[k1] += int(np.sum(q == 0))
    return {k1: zeros[k1] / n for k1 in k1_values}


def check_kernel_L_ratio(random_state=0):
    """Item 5: the ratio of Eq. (7) is maj(NN_k(x)) only when q >= 1.

    >>> check_kernel_L_ratio().holds_as_printed
    False
    """
    rng = np.random.default_rng(random_state)
    X = bernoulli_mixture(rng, n=100, d=16)
    k1_values = (1, 2, 5, 10, 20)
    q0 = dict.fromkeys(k1_values, 0)
    agree = nan_ok = True
    for k1 in k1_values:
        x_1 = bga(X, X, k1, max_iter=1)[0]  # one update of every point: maj(NN_k1(x))
        for x, vote in zip(X, x_1, strict=True):
            ratio, q = median_shift_ratio(X, x, k1)
            if q == 0:
                q0[k1] += 1
                nan_ok &= bool(np.all(np.isnan(ratio)))
            else:
                agree &= np.array_equal(ratio, vote)
    loop_rates = {k1: q0[k1] / len(X) for k1 in k1_values}
    rates = zero_over_zero_rate(X, k1_values)
    return result(
        5,
        "kernel L ratio",
        "sum X_i 1{X_i = maj} / sum 1{X_i = maj} over NN_k(x) equals maj(NN_k(x)), when q >= 1",
        "Eq. (7) and the display before it",
        sum(q0.values()) == 0,
        agree and nan_ok and rates == loop_rates,
        {
            "n": len(X),
            "d": X.shape[1],
            "rate_q0_by_k1": rates,
            "ratio_equals_maj_when_q_ge_1": agree,
            "rate_function_matches_loop": rates == loop_rates,
        },
        """The display of the scaled kernel prints 1{X_i maj(...)} without its "=": it is
        1{X_i = maj(B_d(x, delta_(k)(x)))}. The ratio then equals q maj / q = maj only when
        q >= 1, that is, when at least one of the k nearest neighbours equals the majority
        vector. With k1 >= 2 the majority of the neighbours is often none of them (here on
        a Bernoulli mixture; zero_over_zero_rate measures it on real data), and the ratio
        is 0/0: for those x the recurrence x_{j+1} = maj(NN_k(x_j)) is a definition that
        extends the derivation, not a consequence of it.""",
    )


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
    return result(
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
