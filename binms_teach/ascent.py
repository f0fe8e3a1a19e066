"""Binary gradient ascent (BGA): the BGA task of the paper's Algorithm 1.

Every candidate x moves by the recurrence of Eq. (7),

    x_{j+1} = maj(NN_k1(x_j)),

the majority vote of its k1 nearest data points. The ascent is non-blurring:
neighbours are always taken from the original data X, never from the iterates.

Stopping: the printed Algorithm 1 performs j_max + 1
updates and returns the iterate before the last one computed. Here a candidate
stops at a fixed point (x_{j+1} == x_j) or after ``max_iter`` updates, and the
last iterate is returned. Notebook 06 shows both.

``bga_step`` and ``bga_path`` are the readable versions, one point at a time.
``bga`` moves all candidates at once and gives the same result, bit for bit.
"""

import numpy as np

from ._validation import check_binary, check_int, check_tie
from .hamming import _nearest_neighbours, searcher
from .majority import decide, majority_vote

# Rows x k1 x d bytes gathered at once when counting votes.
VOTE_CHUNK_BYTES = 16 * 2**20


def bga_step(X, x, k1, tie="one"):
    """One update x -> maj(NN_k1(x)) (Eq. 7), returned with the neighbours used.

    Returns
    -------
    x_next : ndarray of uint8, shape (d,)
    neighbours : ndarray of intp, shape (k1,)
        The data indices of NN_k1(x), nearest first.

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
    >>> x_next, nn = bga_step(X, [0, 0, 0], k1=3)
    >>> x_next.tolist(), nn.tolist()
    ([0, 0, 1], [0, 1, 3])
    """
    X, x, k1, tie = _check(X, x, k1, tie)
    _, idx = _nearest_neighbours(X, x[None, :], k1)       # 1. NN_k1(x)
    neighbours = idx[0]
    x_next = majority_vote(X[neighbours], tie=tie, current=x)  # 2. their median centre
    return x_next, neighbours


def bga_path(X, x0, k1, max_iter=100, tie="one"):
    """The whole ascent path x_0, x_1, ..., x_J of one candidate.

    Stops when an update leaves the iterate unchanged (a fixed point, which is
    not stored twice) or after ``max_iter`` updates.

    Returns
    -------
    path : ndarray of uint8, shape (J + 1, d)
        ``path[0]`` is x_0, ``path[-1]`` the mode reached.

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
    >>> bga_path(X, [0, 0, 0], k1=3).tolist()
    [[0, 0, 0], [0, 0, 1]]
    """
    X, x, k1, tie = _check(X, x0, k1, tie)
    max_iter = check_int(max_iter, "max_iter", 0, 10**9)
    path = [x]
    for _ in range(max_iter):
        x_next, _ = bga_step(X, path[-1], k1, tie)
        if np.array_equal(x_next, path[-1]):
            break
        path.append(x_next)
    return np.array(path, dtype=np.uint8)


def bga(X, candidates, k1, max_iter=100, tie="one"):
    """Run the binary gradient ascent of every candidate at once.

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
        The data; neighbours are always taken from here (non-blurring).
    candidates : array-like of shape (m, d), 0/1 values
        The starting points x_{l,0}; often X itself.
    k1 : int in [1, n]
    max_iter : int, default 100
        The most updates a candidate makes.
    tie : {"one", "zero", "keep"}, default "one"

    Returns
    -------
    modes : ndarray of uint8, shape (m, d)
        The last iterate of every candidate.
    n_iter : ndarray of int, shape (m,)
        The updates computed for every candidate, the final one that
        confirmed the fixed point included.
    converged : ndarray of bool, shape (m,)
        Whether the candidate stopped at a fixed point.

    Notes
    -----
    Identical iterates have identical futures, so each round computes the
    update once per distinct active iterate; candidates that reached a fixed
    point are not recomputed.

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
    >>> modes, n_iter, converged = bga(X, X, k1=3)
    >>> modes.tolist(), n_iter.tolist()
    ([[0, 0, 1], [0, 0, 1], [0, 1, 1], [0, 1, 1]], [2, 1, 2, 1])
    """
    X, _, k1, tie = _check(X, None, k1, tie)
    C = check_binary(candidates, "candidates")
    if C.shape[1] != X.shape[1]:
        raise ValueError(f"candidates have {C.shape[1]} features, X has {X.shape[1]}.")
    max_iter = check_int(max_iter, "max_iter", 0, 10**9)
    modes, n_iter, converged, _ = _bga(X, C, k1, max_iter, tie)
    return modes, n_iter, converged


def _bga(X, current, k1, max_iter, tie, record=False, index=None):
    """Unchecked kernel of `bga`; ``current`` (uint8, owned) is updated in place.

    ``index``: X prepared by `binms_teach.hamming.searcher` (exact by default).

    With ``record``, also returns the iterates of every round stacked in an
    array of shape (rounds + 1, m, d); else None.
    """
    m = len(current)
    history = [current.copy()] if record else None
    n_iter = np.zeros(m, dtype=np.int64)
    active = np.arange(m)
    factors = searcher(X) if index is None else index  # X is searched every round
    for _ in range(max_iter):
        if active.size == 0:
            break
        unique, inverse = _unique_rows(current[active])
        nxt = _majority_of_neighbours(X, factors, unique, k1, tie)[inverse]
        n_iter[active] += 1
        moved = np.any(nxt != current[active], axis=1)
        current[active] = nxt
        active = active[moved]
        if record:
            history.append(current.copy())
    converged = np.ones(m, dtype=bool)
    converged[active] = False
    return current, n_iter, converged, (np.stack(history) if record else None)


def _majority_of_neighbours(X, factors, Q, k1, tie):
    """maj(NN_k1(q)) for every row q of Q (uint8), in chunks of rows."""
    _, idx = _nearest_neighbours(X, Q, k1, factors)
    out = np.empty_like(Q)
    step = max(1, VOTE_CHUNK_BYTES // (k1 * X.shape[1]))
    for s in range(0, len(Q), step):
        ones = X[idx[s : s + step]].sum(axis=1, dtype=np.int32)
        out[s : s + step] = decide(2 * ones, k1, tie, Q[s : s + step])
    return out


def _unique_rows(A):
    """Distinct rows of a 0/1 matrix and the map back, via packed bytes."""
    packed = np.packbits(A, axis=1)
    keys = np.ascontiguousarray(packed).view(np.dtype((np.void, packed.shape[1])))[:, 0]
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return A[first], inverse.reshape(-1)


def _check(X, x, k1, tie):
    X = check_binary(X)
    if x is not None:
        x = check_binary(x, "x", ndim=1)
        if x.shape[0] != X.shape[1]:
            raise ValueError(f"x has {x.shape[0]} features, X has {X.shape[1]}.")
    k1 = check_int(k1, "k1", 1, len(X), "k1 counts neighbours among the n data points.")
    return X, x, k1, check_tie(tie)
