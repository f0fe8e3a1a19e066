"""maj, the median centre of binary data (Eq. 4): the component-wise majority vote.

The inertia I(x) = sum_i pi_i H(X_i, x) separates over coordinates, so its minimum takes
in each coordinate the value most of the (weighted) X_ij take (notebook 02).
"""

import itertools

import numpy as np

from ._validation import CURRENT, TIE, Binary, Weights, validate_params


@validate_params({"X": Binary(), "weights": Weights()})
def vote_counts(X, weights=None):
    """The weight voting 1 in each coordinate, sum_i pi_i X_ij (d,), and the total sum_i pi_i.

    >>> ones, total = vote_counts([[1, 0, 1], [1, 1, 0]])
    >>> ones.tolist(), total
    ([2.0, 1.0, 1.0], 2.0)
    """
    weights = np.ones(len(X)) if weights is None else weights  # None: every weight 1
    return weights @ X, float(weights.sum())


@validate_params({"X": Binary(), "weights": Weights(), "tie": TIE, "current": CURRENT})
def majority_vote(X, weights=None, tie="one", current=None):
    """maj(X), Eq. (4): 1 where more than half of the weight votes 1.

    X (n, d) -> uint8 (d,). At exactly half, ``tie`` decides: "one" (the authors' code),
    "zero", or "keep" the bit of ``current`` (d,).

    >>> X = [[1, 0, 1], [1, 1, 0]]
    >>> majority_vote(X).tolist(), majority_vote(X, tie="keep", current=[0, 1, 0]).tolist()
    ([1, 1, 1], [1, 1, 0])
    >>> majority_vote(X, tie="zero").tolist()  # the two half votes go to 0
    [1, 0, 0]
    """
    ones, total = vote_counts(X, weights)
    return decide(2 * ones, total, tie, current)


def decide(twice_ones, total, tie, current=None):
    """Bits from vote counts, row-wise: 1 where 2 * ones > total, ties by ``tie``.

    Comparing 2 * ones with total keeps integer counts exact.
    """
    w = (twice_ones > total).astype(np.uint8)
    if tie == "one":
        w |= (twice_ones == total).astype(np.uint8)
    elif tie == "keep":
        at_tie = twice_ones == total
        w[at_tie] = np.broadcast_to(current, w.shape)[at_tie]
    return w


@validate_params({"X": Binary(), "x": Binary(1, like="X"), "weights": Weights()})
def inertia(X, x, weights=None):
    """The Hamming inertia I(x) = sum_i pi_i H(X_i, x) of Eq. (4).

    >>> inertia([[1, 0, 1], [1, 1, 0]], [1, 1, 1])
    2.0
    """
    weights = np.ones(len(X)) if weights is None else weights  # None: every weight 1
    return float(weights @ (X != x).sum(axis=1))


@validate_params({"X": Binary(), "weights": Weights()})
def median_centres_brute_force(X, weights=None):
    """Every argmin of the inertia over {0,1}^d, trying all 2^d points (d <= 16).

    >>> median_centres_brute_force([[1, 0], [1, 1]]).tolist()
    [[1, 0], [1, 1]]
    """
    if X.shape[1] > 16:
        raise ValueError(f"d = {X.shape[1]}: brute force over 2^d points is meant for d <= 16.")
    candidates = np.array(list(itertools.product((0, 1), repeat=X.shape[1])), dtype=np.uint8)
    distances = (candidates[:, None, :] != X[None, :, :]).sum(axis=2)
    costs = distances @ (np.ones(len(X)) if weights is None else weights)  # None: all 1
    return candidates[np.isclose(costs, costs.min())]

