"""The median centre of binary data: the (weighted) component-wise majority vote.

The paper's Eq. (4): the median centre w minimises the Hamming inertia
I(x) = sum_i pi_i H(X_i, x). The inertia separates over coordinates, so each
w_j is the value that most of the (weighted) X_ij take: the majority vote.
"""

import itertools

import numpy as np
from scipy.sparse import csr_matrix

from ._validation import check_binary, check_tie


def _check_weights(weights, n):
    """The weights as n finite non-negative floats (None: every weight 1)."""
    if weights is None:
        return np.ones(n)
    w = np.asarray(weights, dtype=float)
    if w.shape != (n,):
        raise ValueError(f"weights has shape {w.shape}; give one weight per sample, shape ({n},).")
    if not np.all(np.isfinite(w)) or np.any(w < 0):
        raise ValueError("weights must be finite and non-negative.")
    return w


def vote_counts(X, weights=None, *, check_input=True):
    """The (weighted) votes for a 1 and the total weight, per coordinate.

    ``check_input=False``: X and weights are checked already (see `binms_teach.hamming`).

    Returns
    -------
    ones : ndarray of shape (d,)
        ``sum_i pi_i X_ij``: the weight voting for 1 in coordinate j.
    total : float
        ``sum_i pi_i``: the weight voting in every coordinate.

    Examples
    --------
    >>> ones, total = vote_counts([[1, 0, 1], [1, 1, 0]])
    >>> ones.tolist(), total
    ([2.0, 1.0, 1.0], 2.0)
    """
    if check_input:
        X = check_binary(X)
        weights = _check_weights(weights, len(X))
    w = np.ones(len(X)) if weights is None else weights  # unchecked callers may pass None
    return w @ X, float(w.sum())


def majority_vote(X, weights=None, tie="one", current=None, *, check_input=True):
    """maj(X): the component-wise (weighted) majority vote, the median centre.

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
    weights : array-like of shape (n,), default all 1
        The pi_i of Eq. (4).
    tie : {"one", "zero", "keep"}, default "one"
        The bit where exactly half of the weight votes 1: "one" as the
        authors' code (``2 * v >= k``), "zero", or "keep" the bit of ``current``.
    current : array-like of shape (d,)
        Required with ``tie="keep"``.
    check_input : bool, default True
        False: the caller has checked X, weights, tie and current (see
        `binms_teach.hamming`).

    Returns
    -------
    w : ndarray of uint8, shape (d,)

    Examples
    --------
    >>> from binms_teach import majority_vote
    >>> X = [[1, 0, 1], [1, 1, 0]]
    >>> majority_vote(X).tolist(), majority_vote(X, tie="zero").tolist()
    ([1, 1, 1], [1, 0, 0])
    >>> majority_vote(X, tie="keep", current=[0, 1, 0]).tolist()
    [1, 1, 0]
    """
    if check_input:
        X, tie = check_binary(X), check_tie(tie)
        weights = _check_weights(weights, len(X))
        if tie == "keep":
            if current is None:
                raise ValueError("tie='keep' keeps the bit of `current`: pass "
                                 "current=<the iterate>.")
            current = check_binary(current, "current", ndim=1)
            if current.shape != X.shape[1:]:
                raise ValueError(f"current has {current.size} features, X has {X.shape[1]}.")
    ones, total = vote_counts(X, weights, check_input=False)
    return decide(2 * ones, total, tie, current)


def decide(twice_ones, total, tie, current=None):
    """Turn vote counts into bits: 1 where 2 * ones > total, ties by ``tie``.

    Works row-wise on arrays of counts; comparing ``2 * ones`` with ``total``
    keeps integer counts exact.
    """
    w = (twice_ones > total).astype(np.uint8)
    if tie == "one":
        w |= (twice_ones == total).astype(np.uint8)
    elif tie == "keep":
        at_tie = twice_ones == total
        w[at_tie] = np.broadcast_to(current, w.shape)[at_tie]
    return w


# Rows of X per chunk in `cluster_votes`.
VOTE_ROWS = 65536


def cluster_votes(X, labels, n_clusters):
    """Votes for a 1 and member counts of every cluster, in one sparse product.

    Returns
    -------
    ones : ndarray of shape (n_clusters, d)
        ``ones[c, j]`` is how many members of cluster c have a 1 in coordinate j.
    sizes : ndarray of shape (n_clusters, 1)

    Examples
    --------
    >>> ones, sizes = cluster_votes(np.array([[1, 0], [1, 1], [0, 1]]), np.array([0, 0, 1]), 2)
    >>> ones.tolist(), sizes.ravel().tolist()
    ([[2, 1], [0, 1]], [2, 1])
    """
    n = len(X)
    ones = np.zeros((n_clusters, np.shape(X)[1]), dtype=np.int64)
    # In row chunks: an int64 copy of all of X would take 8 bytes a bit (2 GiB at n = 10^6).
    for s in range(0, n, VOTE_ROWS):
        rows = np.arange(s, min(s + VOTE_ROWS, n))
        members = csr_matrix((np.ones(len(rows), dtype=np.int64), (labels[rows], rows - s)),
                             shape=(n_clusters, len(rows)))
        ones += members @ np.asarray(X[rows], dtype=np.int64)
    return ones, np.bincount(labels, minlength=n_clusters)[:, None]


def inertia(X, x, weights=None):
    """The Hamming inertia I(x) = sum_i pi_i H(X_i, x) of Eq. (4).

    Examples
    --------
    >>> inertia([[1, 0, 1], [1, 1, 0]], [1, 1, 1])
    2.0
    """
    X = check_binary(X)
    x = check_binary(x, "x", ndim=1)
    w = _check_weights(weights, len(X))
    return float(w @ (X != x).sum(axis=1))


def median_centres_brute_force(X, weights=None):
    """Every argmin of the inertia over {0,1}^d, by trying all 2^d points (d <= 16).

    Examples
    --------
    >>> median_centres_brute_force([[1, 0], [1, 1]]).tolist()
    [[1, 0], [1, 1]]
    """
    X = check_binary(X)
    d = X.shape[1]
    if d > 16:
        raise ValueError(f"d = {d}: brute force over 2^d points is meant for d <= 16.")
    candidates = np.array(list(itertools.product((0, 1), repeat=d)), dtype=np.uint8)
    w = _check_weights(weights, len(X))
    costs = (candidates[:, None, :] != X[None, :, :]).sum(axis=2) @ w
    return candidates[np.isclose(costs, costs.min())]
