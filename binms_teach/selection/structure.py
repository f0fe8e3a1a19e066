"""The no-structure test: do the data differ from the independence model at all?

The data are compared with the independence model (independent columns with the data's
column means) in two ways: some candidate's BIC below the model's (`null_bic`, one
Bernoulli cluster), or columns far more correlated than on the model's draws
(`dependence_score`). When neither finds structure the choice is one cluster ("no
structure found", `Selection.structure`, `null_reason`).
"""

from numbers import Integral

import numpy as np
from threadpoolctl import threadpool_limits

from .._validation import Interval, check_binary, validate_params
from .criteria import bernoulli_bic

# The dependence route declares structure when the columns' dependence lies more than this many
# standard deviations above its mean on independence models, estimated from DEPENDENCE_DRAWS
# draws. Strict on purpose: on 93 structureless sets the margin stayed below 5, on the
# structured ones (noisy planted mixtures included) it was 19 or more (benchmarks/SELECTION.md).
DEPENDENCE_MARGIN = 10.0
DEPENDENCE_DRAWS = 9


def null_bic(X, *, check_input=True):
    """BIC of the independence model: independent Bernoulli columns with the data's column means.

    It is the one-class Bernoulli mixture (the one-class latent class model), so its
    BIC is `bernoulli_bic` of one cluster. Where no candidate's partition has a lower
    BIC (`Selection.beats_null_bic`) and `dependence_score` finds no structure either,
    `choose_parameters` answers one cluster, "no structure found". The BIC is
    conservative: on small noisy mixtures (300 x 40, flip 0.3) even the planted classes
    lie above it, which is why the dependence is the second route. The chosen partition's
    BIC alone and a parametric bootstrap of the silhouette were measured beside them
    (``benchmarks/null_model.py``, ``benchmarks/SELECTION.md``).

    Examples
    --------
    >>> X = [[0, 0, 0, 0]] * 10 + [[1, 1, 1, 0]] * 10
    >>> round(null_bic(X), 1), round(bernoulli_bic(X, [0] * 10 + [1] * 10), 1)
    (96.1, 62.1)
    """
    if check_input:
        X = check_binary(X)
    return bernoulli_bic(X, np.zeros(len(X), dtype=np.int64), check_input=False)


@validate_params({"n_draws": Interval(Integral, 2, 10**6)})
def dependence_score(X, n_draws=DEPENDENCE_DRAWS, random_state=0, *, check_input=True):
    """How far the columns' dependence lies above its value on independence models.

    The dependence is T = n * (the sum of r^2 over the pairs of columns), r the
    correlation of two columns. On an independence model of X (each column
    permuted on its own: the same column means, no dependence) a pair's r^2 has
    mean 1 / (n - 1) exactly, so T has mean n P / (n - 1), P the number of pairs.
    Its standard deviation is estimated from ``n_draws`` independence models, and
    the margin is (T - mean) / sd: near 0 for independent columns, far above
    ``DEPENDENCE_MARGIN`` when clusters (or anything else) tie the columns together.
    Constant columns have no correlation and are left out; with fewer than 2
    other columns there is no pair, and T and the margin are 0.

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
    n_draws : int, default `DEPENDENCE_DRAWS`
    random_state : int, default 0
        Seeds the permutations.
    check_input : bool, default True
        False: the caller has checked X (see `binms_teach.hamming`).

    Returns
    -------
    (T, its mean on independence models, the margin in standard deviations)

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> X = (rng.random((200, 6)) < 0.5).astype(np.uint8)
    >>> abs(dependence_score(X)[2]) < 3                       # independent columns
    True
    >>> X[:, 1] = X[:, 0] ^ (rng.random(200) < 0.2)           # column 1 copies 0, 20% flipped
    >>> dependence_score(X)[2] > DEPENDENCE_MARGIN
    True
    """
    X = (check_binary(X) if check_input else X).astype(float)
    X = X[:, X.std(axis=0) > 0]
    n, d = X.shape
    if d < 2:
        return 0.0, 0.0, 0.0
    Z = (X - X.mean(axis=0)) / X.std(axis=0)           # then Z.T @ Z / n holds the r's

    def statistic(Z):
        return float(n * np.sum(np.triu(Z.T @ Z / n, 1) ** 2))

    rng = np.random.default_rng(random_state)
    # One BLAS thread: these products are small, and several threads on a busy machine made
    # Mushroom's figure 10 times slower (2.3 s against 0.22 s, benchmarks/SELECTION.md).
    with threadpool_limits(limits=1, user_api="blas"):
        t = statistic(Z)
        sd = np.std([statistic(rng.permuted(Z, axis=0)) for _ in range(n_draws)], ddof=1)
    mean = n * d * (d - 1) / 2 / (n - 1)
    return t, mean, float((t - mean) / sd) if sd > 0 else 0.0


def null_reason(sel):
    """The reason of a choice where neither route finds structure (`Selection.structure`)."""
    i, j = np.unravel_index(np.nanargmin(sel.scores["bic"]), sel.scores["bic"].shape)
    return (f"no structure found: no candidate's BIC is below the independence model's "
            f"({sel.bic_null:.1f}; the best, {sel.scores['bic'][i, j]:.1f}, at (k1, k2) = "
            f"({sel.k1s[i]}, {sel.k2s[j]})), and the columns' dependence lies "
            f"{sel.dependence_margin:.1f} sd from its value on independence models (structure "
            f"from {DEPENDENCE_MARGIN:.0f}): one cluster")
