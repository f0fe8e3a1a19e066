"""The BGA task for all candidates at once: `binms_teach.ascent.bga`, for speed.

Each round searches the distinct active iterates in one batch (exact kNN on
packed bits or float32 keys, `binms_teach.fast.search`), counts the votes of
many rows at once, and drops the candidates that reached a fixed point.
tests/test_layers.py checks that it equals the readable ascent.
"""

import numpy as np

from ..ascent import warn_cycles
from ..datasets.rows import row_keys, unique_rows
from ..majority import decide
from .lists import NeighbourLists
from .popcount import PopcountIndex
from .search import FloatIndex, nearest_neighbours, searcher


def ascend(X, current, k1, max_iter, tie, record=False, neighbours="index", cycled=None,
         index=None, cycles=None):
    """All candidates at once: equals `binms_teach.ascent.bga`, bit for bit.

    Unchecked (X uint8 0/1); ``current`` (uint8, owned) is updated in place.
    Identical iterates have identical futures, so the update of an iterate is
    computed once: once per distinct active iterate in a round, and never again
    when another candidate reaches it in a later round; candidates that reached
    a fixed point are not recomputed.

    ``index``: X prepared by `binms_teach.fast.search.searcher` (exact by default).
    ``cycles``: a list to receive the count of cycled candidates instead of
    the warning (`binms_teach.fast.parallel` sums the chunks' counts into one).

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
    # X is searched every round: prepare it once (``index``: `search.searcher`).
    factors = searcher(X, k=k1) if index is None else index
    # An exact search of an iterate can be read from its parent's neighbour list
    # (`lists`); an approximate one ("hnsw") must be asked.
    exact = neighbours == "index" and isinstance(factors, FloatIndex | PopcountIndex)
    lists = NeighbourLists(X, factors, k1) if exact else None  # searched like factors
    if neighbours == "ball":
        Xf = X.astype(np.float32)  # the ball's votes are products with X
        seen = [{key} for key in row_keys(current)]  # every iterate of every candidate
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
            if neighbours == "ball":
                computed = _majority_of_ball(Xf, factors, unique[new], k1, tie)
            else:
                computed = _majority_of_neighbours(X, lists or factors, unique[new], k1, tie)
            next_keys = row_keys(computed)
            table.update(zip([keys[i] for i in new], next_keys, strict=True))
            if lists:
                lists.hand_on(next_keys, computed)
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
        warn_cycles(int(cycled.sum()), m, k1, tie)
    return current, n_iter, converged, (np.stack(history) if record else None)


def _drop_cycles(current, active, seen, cycled):
    """Mark (in ``cycled``) and drop the active candidates whose iterate was seen before."""
    keep = np.ones(len(active), dtype=bool)
    for pos, (a, key) in enumerate(zip(active, row_keys(current[active]), strict=True)):
        if key in seen[a]:
            cycled[a] = True
            keep[pos] = False
        else:
            seen[a].add(key)
    return active[keep]


def _majority_of_neighbours(X, factors, Q, k1, tie):
    """maj(NN_k1(q)) for every row q of Q (uint8)."""
    _, idx = nearest_neighbours(X, Q, k1, factors)
    return decide(2 * _ones(X, idx), k1, tie, Q)


def _ones(X, idx):
    """The votes for a 1 among the rows ``idx[i]`` of X, for every i.

    Added one neighbour at a time into a small integer type: three times faster
    than numpy's sum over the gathered (queries, k1, d) array, and no larger
    than the result.
    """
    ones = X[idx[:, 0]].astype(np.uint16 if idx.shape[1] < 2**15 else np.int64)
    for j in range(1, idx.shape[1]):
        ones += X[idx[:, j]]
    return ones


def _majority_of_ball(Xf, index, Q, k1, tie):
    """maj(B(q, delta_(k1)(q))) for every row q of Q (uint8); ``Xf`` is X as float32.

    A tie is exactly half of the ball's votes: 2 * ones == ball size.
    """
    out = np.empty_like(Q)
    for rows, ones, size in index.ball_votes(Q, k1, Xf):
        out[rows] = decide(2 * ones, size, tie, Q[rows])
    return out


def _distinct_iterates(A):
    """`unique_rows` of A and the key of each distinct row (`datasets.rows.row_keys`)."""
    unique, inverse = unique_rows(A)
    return unique, inverse, row_keys(unique)


def _unpack_rows(keys, d):
    """The 0/1 rows (uint8, d columns) of a list of `binms_teach.datasets.rows.row_keys` keys."""
    width = (d + 7) // 8
    packed = np.array(keys, dtype=np.dtype((np.bytes_, width))).view(np.uint8)
    return np.unpackbits(packed.reshape(len(keys), width), axis=1, count=d)
