"""Binary gradient ascent (BGA): the BGA task of the paper's Algorithm 1.

Every candidate x moves by the recurrence of Eq. (7),

    x_{j+1} = maj(NN_k1(x_j)),

the majority vote of its k1 nearest data points. The ascent is non-blurring:
neighbours are always taken from the original data X, never from the iterates.

Two neighbour rules (``neighbours=``):

* ``"index"`` (default, the authors' code): exactly the k1 nearest; at the
  k1-th distance the lower row index wins, so the result depends on the order
  of the rows. This ascent always stops at a fixed point: the sum of the
  distances to the k1 nearest never increases, and at an equal sum only tied
  bits change, all in one direction (`binms_teach.checks.check_descent`).
* ``"ball"``: the closed ball B(x, delta_(k1)(x)) of the paper's formula, every
  data point within the k1-th distance (it may hold more than k1 points), with
  the same tie rules (a tie is exactly half of the ball's votes). Order-free,
  but the descent argument does not carry over: an ascent may return to an
  earlier iterate (five points and k1 = 2 suffice for a 2-cycle, see
  tests/test_descent.py; `binms_teach.experiments.ball_cycle_census` counts
  them on the course's data). Such a cycle is detected, the candidate stops
  there with ``converged`` False, and an `AscentCycleWarning` is issued.

Stopping: the printed Algorithm 1 performs j_max + 1
updates and returns the iterate before the last one computed. Here a candidate
stops at a fixed point (x_{j+1} == x_j), at a cycle ("ball"), or after
``max_iter`` updates, and the last iterate is returned. Notebook 06 shows both.

``bga_step`` and ``bga_path`` are the readable versions, one point at a time,
built on the plain-loop neighbour searches (`nearest_neighbours_reference`,
`ball_neighbours_reference`), so they are an independent check of ``bga``,
which moves all candidates at once on the fast kernels and gives the same
result, bit for bit.
"""

import warnings

import numpy as np

from ._validation import check_binary, check_int, check_neighbours, check_tie
from .engine import PopcountIndex
from .hamming import (
    _ball_chunks,
    _nearest_neighbours,
    ball_neighbours_reference,
    nearest_neighbours_reference,
    searcher,
)
from .majority import decide, majority_vote

# Rows x k1 x d bytes gathered at once when counting votes.
VOTE_CHUNK_BYTES = 16 * 2**20


class AscentCycleWarning(UserWarning):
    """A "ball" ascent came back to an earlier iterate that is not a fixed point (a cycle)."""


def _warn_cycles(n_cycled, n_candidates, k1, tie):
    warnings.warn(
        f"{n_cycled} of {n_candidates} candidate(s) of the 'ball' ascent (k1={k1}, tie={tie!r}) "
        "came back to an earlier iterate that is not a fixed point (a cycle) and were stopped "
        "there: their converged flag is False and their mode is the repeated iterate. "
        "Use neighbours='index', which always reaches a fixed point, or try another k1 or "
        "tie rule.",
        AscentCycleWarning,
        stacklevel=3,
    )


def bga_step(X, x, k1, tie="one", *, neighbours="index"):
    """One update x -> maj(NN_k1(x)) (Eq. 7), returned with the neighbours used.

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
    x : array-like of shape (d,), 0/1 values
    k1 : int in [1, n]
    tie : {"one", "zero", "keep"}, default "one"
        The bit where exactly half of the neighbours' votes are 1.
    neighbours : {"index", "ball"}, default "index"
        "index": the k1 nearest (the lower row index wins a tie at the k1-th
        distance); "ball": every data point within the k1-th distance.

    Returns
    -------
    x_next : ndarray of uint8, shape (d,)
    members : ndarray of intp
        The data indices that voted, sorted by (distance, index): k1 of them
        for "index", at least k1 for "ball".

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 0], [0, 1, 1], [0, 1, 1], [1, 1, 1]]
    >>> x_next, nn = bga_step(X, [0, 0, 0], k1=3)
    >>> x_next.tolist(), nn.tolist()  # rows 2 and 3 tie at the 3rd distance: row 2 wins
    ([0, 0, 0], [0, 1, 2])
    >>> x_next, ball = bga_step(X, [0, 0, 0], k1=3, neighbours="ball")
    >>> x_next.tolist(), ball.tolist()  # both vote: 2 of 4 is a tie, "one" sets the bit
    ([0, 1, 1], [0, 1, 2, 3])
    """
    X, x, k1, tie, neighbours = _check(X, x, k1, tie, neighbours)
    if neighbours == "index":                                   # 1. who votes: NN_k1(x)
        members = nearest_neighbours_reference(X, x[None, :], k1)[1][0]
    else:                                                       #    or B(x, delta_(k1)(x))
        members = ball_neighbours_reference(X, x[None, :], k1).indices[0]
    x_next = majority_vote(X[members], tie=tie, current=x)  # 2. their median centre
    return x_next, members


def bga_path(X, x0, k1, max_iter=100, tie="one", *, neighbours="index"):
    """The whole ascent path x_0, x_1, ..., x_J of one candidate.

    Stops when an update leaves the iterate unchanged (a fixed point, which is
    not stored twice), after ``max_iter`` updates, or, for "ball", when an
    update returns to an earlier iterate (a cycle: the repeated iterate is
    stored as the last row, and an `AscentCycleWarning` is issued).

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
    X, x, k1, tie, neighbours = _check(X, x0, k1, tie, neighbours)
    max_iter = check_int(max_iter, "max_iter", 0, 10**9)
    path = [x]
    seen = {x.tobytes()}
    for _ in range(max_iter):
        x_next, _ = bga_step(X, path[-1], k1, tie, neighbours=neighbours)
        if np.array_equal(x_next, path[-1]):
            break
        path.append(x_next)
        # "index" cannot cycle (see the module's docstring); "ball" can.
        if neighbours == "ball" and x_next.tobytes() in seen:
            _warn_cycles(1, 1, k1, tie)
            break
        seen.add(x_next.tobytes())
    return np.array(path, dtype=np.uint8)


def bga(X, candidates, k1, max_iter=100, tie="one", *, neighbours="index"):
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
    neighbours : {"index", "ball"}, default "index"
        Who votes: the k1 nearest (the lower row index wins a tie, the authors'
        code) or the closed ball B(x, delta_(k1)(x)) (order-free).

    Returns
    -------
    modes : ndarray of uint8, shape (m, d)
        The last iterate of every candidate.
    n_iter : ndarray of int, shape (m,)
        The updates computed for every candidate, the final one that
        confirmed the fixed point (or closed the cycle) included.
    converged : ndarray of bool, shape (m,)
        Whether the candidate stopped at a fixed point (False after
        ``max_iter`` updates or at a cycle).

    Warns
    -----
    AscentCycleWarning
        With "ball", when some candidates came back to an earlier iterate.

    Notes
    -----
    Identical iterates have identical futures, so the update of an iterate is
    computed once: once per distinct active iterate in a round, and never again
    when another candidate reaches it in a later round; candidates that
    reached a fixed point are not recomputed.

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
    >>> modes, n_iter, converged = bga(X, X, k1=3)
    >>> modes.tolist(), n_iter.tolist()
    ([[0, 0, 1], [0, 0, 1], [0, 1, 1], [0, 1, 1]], [2, 1, 2, 1])
    """
    X, _, k1, tie, neighbours = _check(X, None, k1, tie, neighbours)
    C = check_binary(candidates, "candidates")
    if C.shape[1] != X.shape[1]:
        raise ValueError(f"candidates have {C.shape[1]} features, X has {X.shape[1]}.")
    max_iter = check_int(max_iter, "max_iter", 0, 10**9)
    modes, n_iter, converged, _ = _bga(X, C, k1, max_iter, tie, neighbours=neighbours)
    return modes, n_iter, converged


def _bga(X, current, k1, max_iter, tie, record=False, neighbours="index", cycled=None,
         index=None, cycles=None):
    """Unchecked kernel of `bga`; ``current`` (uint8, owned) is updated in place.

    ``index``: X prepared by `binms_teach.hamming.searcher` (exact by default).
    ``cycles``: a list to receive the count of cycled candidates instead of
    the warning (`binms_teach.parallel` sums the chunks' counts into one).

    With ``record``, also returns the iterates of every round stacked in an
    array of shape (rounds + 1, m, d); else None. With "ball", a candidate
    whose new iterate is one of its earlier ones stops there (converged False)
    and one `AscentCycleWarning` counts them all; ``cycled``, a bool array of
    shape (m,) if given, is set True for those candidates.
    """
    m = len(current)
    history = [current.copy()] if record else None
    n_iter = np.zeros(m, dtype=np.int64)
    active = np.arange(m)
    if cycled is None:
        cycled = np.zeros(m, dtype=bool)
    cycled[:] = False
    # X is searched every round: prepare it once (``index``: `hamming.searcher`).
    factors = searcher(X, k=k1) if index is None else index
    if neighbours == "ball":
        Xf = X.astype(np.float32)  # the ball's votes are products with X
        seen = [{key} for key in _row_keys(current)]  # every iterate of every candidate
    # The update of an iterate depends on the iterate alone (with tie="keep" too: the
    # iterate's own bits settle its ties), so no iterate is searched twice, whichever
    # candidate reached it in whichever round: packed iterate -> packed next iterate.
    table = {}
    for _ in range(max_iter):
        if active.size == 0:
            break
        unique, inverse, keys = _distinct_iterates(current[active])
        new = [i for i, key in enumerate(keys) if key not in table]  # searched only these
        if new:
            if neighbours == "ball" and isinstance(factors, PopcountIndex):
                computed = _majority_of_ball_packed(Xf, factors, unique[new], k1, tie)
            elif neighbours == "ball":
                computed = _majority_of_ball(Xf, unique[new], k1, tie)
            else:
                computed = _majority_of_neighbours(X, factors, unique[new], k1, tie)
            table.update(zip([keys[i] for i in new], _packed_keys(np.packbits(computed, axis=1)),
                              strict=True))
        nxt = _unpack_rows([table[key] for key in keys], X.shape[1])[inverse]
        n_iter[active] += 1
        moved = np.any(nxt != current[active], axis=1)
        current[active] = nxt
        active = active[moved]
        if neighbours == "ball":
            active = _drop_cycles(current, active, seen, cycled)
        if record:
            history.append(current.copy())
    converged = np.ones(m, dtype=bool)
    converged[active] = False
    converged[cycled] = False
    if cycled.any() and cycles is not None:
        cycles.append(int(cycled.sum()))
    elif cycled.any():
        _warn_cycles(int(cycled.sum()), m, k1, tie)
    return current, n_iter, converged, (np.stack(history) if record else None)


def _row_keys(A):
    """One bytes key per row of a 0/1 matrix (its packed bits)."""
    return [row.tobytes() for row in np.packbits(A, axis=1)]


def _drop_cycles(current, active, seen, cycled):
    """Mark (in ``cycled``) and drop the active candidates whose iterate was seen before."""
    keep = np.ones(len(active), dtype=bool)
    for pos, (a, key) in enumerate(zip(active, _row_keys(current[active]), strict=True)):
        if key in seen[a]:
            cycled[a] = True
            keep[pos] = False
        else:
            seen[a].add(key)
    return active[keep]


def _majority_of_neighbours(X, factors, Q, k1, tie):
    """maj(NN_k1(q)) for every row q of Q (uint8), in chunks of rows."""
    _, idx = _nearest_neighbours(X, Q, k1, factors)
    out = np.empty_like(Q)
    step = max(1, VOTE_CHUNK_BYTES // (k1 * X.shape[1]))
    for s in range(0, len(Q), step):
        ones = X[idx[s : s + step]].sum(axis=1, dtype=np.int32)
        out[s : s + step] = decide(2 * ones, k1, tie, Q[s : s + step])
    return out


def _majority_of_ball(Xf, Q, k1, tie):
    """maj(B(q, delta_(k1)(q))) for every row q of Q (uint8); ``Xf`` is X as float32.

    The ball's votes are one product (rows in the ball) @ X per chunk; float32
    is exact since every count is below 2**24. A tie is exactly half of the
    ball's votes: 2 * ones == ball size.
    """
    out = np.empty_like(Q)
    for s, D, radius in _ball_chunks(Xf, Q, k1):
        inside = D <= radius[:, None]
        ones = (inside.astype(np.float32) @ Xf).astype(np.int64)
        size = np.count_nonzero(inside, axis=1)[:, None]
        out[s : s + len(D)] = decide(2 * ones, size, tie, Q[s : s + len(D)])
    return out


def _majority_of_ball_packed(Xf, index, Q, k1, tie):
    """`_majority_of_ball` with the balls found by range searches on packed bits (faiss)."""
    out = np.empty_like(Q)
    for rows, members in index.ball_members(Q, k1):
        ones = (members @ Xf).astype(np.int64)
        size = np.diff(members.indptr)[:, None]
        out[rows] = decide(2 * ones, size, tie, Q[rows])
    return out


def _distinct_iterates(A):
    """`_unique_rows` of A and a bytes key per distinct row (`_packed_keys`)."""
    packed = np.ascontiguousarray(np.packbits(A, axis=1))
    keys = packed.view(np.dtype((np.void, packed.shape[1])))[:, 0]
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return A[first], inverse.reshape(-1), _packed_keys(packed[first])


def _packed_keys(packed):
    """One bytes key per row of packed bits (uint8), made in C: numpy's fixed-width
    bytes drop trailing zero bytes, which keeps equal-width rows distinct."""
    return packed.view(np.dtype((np.bytes_, packed.shape[1])))[:, 0].tolist()


def _unpack_rows(keys, d):
    """The 0/1 rows (uint8, d columns) of a list of `_packed_keys` keys."""
    width = (d + 7) // 8
    packed = np.array(keys, dtype=np.dtype((np.bytes_, width))).view(np.uint8)
    return np.unpackbits(packed.reshape(len(keys), width), axis=1, count=d)


def _unique_rows(A):
    """Distinct rows of a 0/1 matrix and the map back, via packed bytes.

    The distinct rows come out in lexicographic order (packed bytes compare
    as the bit vectors do).
    """
    packed = np.packbits(A, axis=1)
    keys = np.ascontiguousarray(packed).view(np.dtype((np.void, packed.shape[1])))[:, 0]
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return A[first], inverse.reshape(-1)


def _check(X, x, k1, tie, neighbours="index"):
    X = check_binary(X)
    if x is not None:
        x = check_binary(x, "x", ndim=1)
        if x.shape[0] != X.shape[1]:
            raise ValueError(f"x has {x.shape[0]} features, X has {X.shape[1]}.")
    k1 = check_int(k1, "k1", 1, len(X), "k1 counts neighbours among the n data points.")
    return X, x, k1, check_tie(tie), check_neighbours(neighbours)
