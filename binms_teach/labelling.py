"""epsilon-proximity cluster labelling: the labelling task of Algorithm 1, as defined.

Final iterates within Hamming distance epsilon of each other are joined; the
clusters are the connected components of the graph H <= epsilon (single
linkage cut at epsilon). epsilon comes from k2: the mean, over the points, of
the distance to their k2-th nearest *other* point (as the authors' code
does, on the converged modes). This file is what
`BinNNMS(algorithm="reference")` runs; `binms_teach.fast.labelling` computes
the same on the distinct modes only, in chunks.
"""

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components

from ._validation import check_binary, check_int
from .hamming import hamming


def epsilon_from_k2(M, k2, *, check_input=True):
    """epsilon(k2): the mean distance from each point to its k2-th nearest other point.

    Parameters
    ----------
    M : array-like of shape (n, d), 0/1 values
        The final iterates (or the data, for ``epsilon_from="data"``).
    k2 : int in [1, n - 1]
    check_input : bool, default True
        False: the caller has checked M and k2 (see `binms_teach.hamming`).

    Returns
    -------
    epsilon : float

    Examples
    --------
    >>> epsilon_from_k2([[0, 0], [0, 0], [1, 1]], k2=1)
    0.6666666666666666
    """
    if check_input:
        M = check_binary(M, "M")
        k2 = check_k2(k2, len(M))
    # Each row sorted: column 0 is the point itself (distance 0), so column k2
    # is its k2-th nearest *other* point (a copy of it counts, at distance 0).
    kth = np.sort(hamming(M, check_input=False), axis=1)[:, k2]
    return float(kth.mean())


def epsilon_proximity(M, epsilon, *, check_input=True):
    """Cluster labels: connected components of the graph H(M_i, M_j) <= epsilon.

    Parameters
    ----------
    M : array-like of shape (n, d), 0/1 values
        The final iterates x*_l.
    epsilon : float >= 0
        The merge test is inclusive, H <= epsilon, as in the authors' code.
    check_input : bool, default True
        False: the caller has checked M and epsilon (see `binms_teach.hamming`).

    Returns
    -------
    labels : ndarray of int64, shape (n,)
        Cluster numbers 0, 1, ... in order of first appearance.

    Notes
    -----
    The paper's printed double loop (``if H(x*_l1, x*_l2) <= epsilon:
    clust(x*_l1) := clust(x*_l2)``) relabels one point at a time and can
    split a chain a - b - c; the connected components are what its words
    describe (notebook 07).

    Examples
    --------
    >>> epsilon_proximity([[1, 1], [0, 0], [1, 0], [0, 0]], epsilon=0).tolist()
    [0, 1, 2, 1]
    """
    if check_input:
        M, epsilon = check_binary(M, "M"), check_epsilon(epsilon)
    graph = csr_matrix(hamming(M, check_input=False) <= epsilon)  # an edge where H <= epsilon
    _, component = connected_components(graph, directed=False)
    return first_appearance(component)


def first_appearance(labels):
    """Renumber labels 0, 1, ... in order of first appearance.

    Examples
    --------
    >>> first_appearance([5, 5, 2, 7, 2]).tolist()
    [0, 0, 1, 2, 1]
    """
    labels = np.asarray(labels)
    _, first, inverse = np.unique(labels, return_index=True, return_inverse=True)
    rank = np.empty(len(first), dtype=np.int64)
    rank[np.argsort(first)] = np.arange(len(first))
    return rank[inverse.reshape(-1)]


def check_epsilon(epsilon):
    """epsilon must be a finite number >= 0."""
    try:
        value = float(epsilon)
    except (TypeError, ValueError):
        raise TypeError(f"epsilon must be a number, got {epsilon!r}.") from None
    if not np.isfinite(value) or value < 0:
        raise ValueError(f"epsilon={epsilon} must be a finite number >= 0 (a Hamming distance).")
    return value


def check_k2(k2, n):
    """k2 ranks the n - 1 other points: a whole number in [1, n - 1], which needs n >= 2.

    The one k2 rule: the estimator, the labelling explorer and the experiments use it too.
    """
    if n < 2:
        raise ValueError(
            "epsilon from k2 needs at least 2 samples, but got 1 sample: "
            "give more samples or an explicit epsilon."
        )
    return check_int(k2, "k2", 1, n - 1,
                     f"k2 ranks the other points, so it must be at most n_samples - 1 = {n - 1}.")
