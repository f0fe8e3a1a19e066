"""epsilon-proximity cluster labelling: the labelling task of Algorithm 1.

Final iterates within Hamming distance epsilon of each other are joined;
the clusters are the connected components of the graph H <= epsilon
(single linkage cut at epsilon). epsilon comes from k2: the mean, over the
points, of the distance to their k2-th nearest *other* point (as the
authors' code does, on the converged modes).
"""

from collections import deque

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from ._validation import check_binary, check_int
from .ascent import _unique_rows
from .engine import PopcountIndex, use_popcount
from .hamming import _hamming_block

# Pairs (rows x columns) of distances computed at once.
CHUNK_PAIRS = 4 * 2**20


def epsilon_from_k2_reference(M, k2):
    """epsilon(k2) by the definition, one point at a time (plain loops).

    Examples
    --------
    >>> epsilon_from_k2_reference([[0, 0], [0, 0], [1, 1]], k2=1)
    0.6666666666666666
    """
    M = check_binary(M, "M")
    k2 = _check_k2(k2, len(M))
    total = 0
    for i in range(len(M)):
        others = sorted(int(np.sum(M[i] != M[j])) for j in range(len(M)) if j != i)
        total += others[k2 - 1]
    return total / len(M)


def epsilon_from_k2(M, k2):
    """epsilon(k2): the mean distance from each point to its k2-th nearest other point.

    Parameters
    ----------
    M : array-like of shape (n, d), 0/1 values
        The final iterates (or the data, for ``epsilon_from="data"``).
    k2 : int in [1, n - 1]

    Returns
    -------
    epsilon : float

    Notes
    -----
    Equal rows are counted once with their multiplicity: a row repeated c
    times sees c - 1 others at distance 0. This is exact and fast, since
    final iterates repeat a lot.

    Examples
    --------
    >>> epsilon_from_k2([[0, 0], [0, 0], [1, 1]], k2=1)
    0.6666666666666666
    """
    M = check_binary(M, "M")
    k2 = _check_k2(k2, len(M))
    U, inverse = _unique_rows(M)
    counts = np.bincount(inverse, minlength=len(U))
    if use_popcount(len(U), k2 + 1):
        kth = _kth_other_popcount(U, counts, k2)
    else:
        kth = _kth_other_float(U, counts, k2, M.shape[1])
    return float(counts @ kth / len(M))


def _kth_other_float(U, counts, k2, d):
    """Per distinct row, the distance to its k2-th other point: histograms of BLAS distances."""
    Uf = U.astype(np.float32)
    kth = np.empty(len(U), dtype=np.int64)
    step = max(1, CHUNK_PAIRS // len(U))
    for s in range(0, len(U), step):
        D = _hamming_block(Uf[s : s + step], Uf)
        rows = np.arange(len(D))
        # hist[r, t]: how many points lie at distance t from unique row r.
        flat = rows[:, None] * (d + 1) + D
        hist = np.bincount(flat.ravel(), weights=np.broadcast_to(counts, D.shape).ravel(),
                           minlength=len(D) * (d + 1)).reshape(len(D), d + 1)
        hist[:, 0] -= 1  # the point itself is not one of its "other" points
        kth[s : s + step] = np.argmax(np.cumsum(hist, axis=1) >= k2, axis=1)
    return kth


def _kth_other_popcount(U, counts, k2):
    """The same from the k2 + 1 nearest distinct rows (faiss), weighted by their counts.

    The k2-th other point of a row is its (k2 + 1)-th nearest point counting
    itself. Every distinct row stands for at least one point, so the k2 + 1
    nearest distinct rows hold it: it lies at the first distance where their
    cumulated counts reach k2 + 1. Which of several tied rows faiss returns
    last changes no distance before that place, so the value is exact.
    """
    kk = min(k2 + 1, len(U))
    D, idx = PopcountIndex(U).search_any_order(U, kk)
    reached = np.cumsum(counts[idx], axis=1) >= k2 + 1
    return D[np.arange(len(U)), np.argmax(reached, axis=1)].astype(np.int64)


def epsilon_proximity_reference(M, epsilon):
    """Labels by the exploration the paper describes, one point at a time.

    Take the first unlabelled point, give its label to every point within
    epsilon, then to every point within epsilon of those, and so on; then
    take the next unlabelled point.

    Examples
    --------
    >>> epsilon_proximity_reference([[1, 1], [0, 0], [1, 0]], epsilon=0).tolist()
    [0, 1, 2]
    >>> epsilon_proximity_reference([[1, 1], [0, 0], [1, 0]], epsilon=1).tolist()
    [0, 0, 0]
    """
    M = check_binary(M, "M")
    epsilon = check_epsilon(epsilon)
    labels = np.full(len(M), -1)
    n_clusters = 0
    for start in range(len(M)):
        if labels[start] >= 0:
            continue
        labels[start] = n_clusters
        queue = deque([start])
        while queue:
            i = queue.popleft()
            for j in range(len(M)):
                if labels[j] < 0 and np.sum(M[i] != M[j]) <= epsilon:
                    labels[j] = n_clusters
                    queue.append(j)
        n_clusters += 1
    return labels


def epsilon_proximity(M, epsilon):
    """Cluster labels: connected components of the graph H(M_i, M_j) <= epsilon.

    Parameters
    ----------
    M : array-like of shape (n, d), 0/1 values
        The final iterates x*_l.
    epsilon : float >= 0
        The merge test is inclusive, H <= epsilon, as in the authors' code.

    Returns
    -------
    labels : ndarray of int64, shape (n,)
        Cluster numbers 0, 1, ... in order of first appearance.

    Examples
    --------
    >>> epsilon_proximity([[1, 1], [0, 0], [1, 0], [0, 0]], epsilon=0).tolist()
    [0, 1, 2, 1]
    """
    M = check_binary(M, "M")
    epsilon = check_epsilon(epsilon)
    U, inverse = _unique_rows(M)  # equal rows are always in one component
    component = _components(U, epsilon)
    return first_appearance(component[inverse])


def _components(U, epsilon):
    """Connected components of H <= epsilon among distinct rows, in row chunks.

    Each chunk's edges are first reduced to one edge per (row, current
    component), so memory stays bounded however large epsilon is.
    """
    u = len(U)
    labels = np.arange(u)
    for rows, cols, _ in _edges(U, epsilon):
        _, representative = np.unique(labels, return_index=True)
        pairs = np.unique(rows * np.int64(u) + representative[labels[cols]])
        a = np.concatenate([pairs // u, np.arange(u)])
        b = np.concatenate([pairs % u, representative[labels]])
        graph = coo_matrix((np.ones(len(a), dtype=np.int8), (a, b)), shape=(u, u))
        _, labels = connected_components(graph, directed=False)
    return labels


def _edges(U, epsilon):
    """Yield (rows, cols, distances) of the pairs H(U_row, U_col) <= epsilon, a chunk of rows
    at a time."""
    u = len(U)
    step = max(1, CHUNK_PAIRS // u)
    if use_popcount(u):  # range search on packed bits
        index = PopcountIndex(U)
        for s in range(0, u, step):
            yield from index.pairs_within(U[s : s + step], epsilon, offset=s)
        return
    Uf = U.astype(np.float32)
    for s in range(0, u, step):
        H = _hamming_block(Uf[s : s + step], Uf)
        rows, cols = np.nonzero(H <= epsilon)
        yield rows + s, cols, H[rows, cols]


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


def _check_k2(k2, n):
    if n < 2:
        raise ValueError(
            "epsilon from k2 needs at least 2 samples, but got 1 sample: "
            "give more samples or an explicit epsilon."
        )
    return check_int(k2, "k2", 1, n - 1,
                     f"k2 counts the other points, so it must be at most n_samples - 1 = {n - 1}.")
