"""Binary gradient ascent (BGA), the first task of Algorithm 1: x_{j+1} = maj(NN_k1(x_j)), Eq. (7).

Non-blurring: the neighbours always come from the data X, never from the iterates. A
candidate stops at a fixed point, after ``max_iter`` updates, or (``neighbours="ball"``
only) when it returns to an earlier iterate: a cycle, with an `AscentCycleWarning`.
Notebook 06 explains the rules and the stopping; `binms_teach.fast.ascent` gives the same
result, bit for bit.
"""

import warnings

import numpy as np

from ._validation import K1, MAX_ITER, NEIGHBOURS, TIE, Binary, validate_params
from .hamming import ball_neighbours, nearest_neighbours
from .majority import majority_vote


class AscentCycleWarning(UserWarning):
    """A "ball" ascent came back to an earlier iterate that is not a fixed point (a cycle)."""


def warn_cycles(n_cycled, n_candidates, k1, tie):
    """One `AscentCycleWarning` for ``n_cycled`` of ``n_candidates`` candidates."""
    warnings.warn(
        f"{n_cycled} of {n_candidates} candidate(s) of the 'ball' ascent (k1={k1}, tie={tie!r}) "
        "came back to an earlier iterate that is not a fixed point (a cycle) and were stopped "
        "there: their converged flag is False and their mode is the repeated iterate. "
        "Use neighbours='index', which always reaches a fixed point, or try another k1 or "
        "tie rule.", AscentCycleWarning, stacklevel=3)


@validate_params({"X": Binary(), "x": Binary(1, like="X"), "k1": K1, "tie": TIE,
                  "neighbours": NEIGHBOURS})
def bga_step(X, x, k1, tie="one", *, neighbours="index"):
    """One update x -> maj(NN_k1(x)), Eq. (7); returns x_next (d,) and the voters' indices.

    ``neighbours="index"``: the k1 nearest (the lower row index wins a tie at the k1-th
    distance, the authors' code); "ball": every row within delta_(k1)(x), order-free.

    >>> X = [[0, 0, 0], [0, 0, 0], [0, 1, 1], [0, 1, 1], [1, 1, 1]]
    >>> [a.tolist() for a in bga_step(X, [0, 0, 0], k1=3)]  # rows 2 and 3 tie: 2 wins
    [[0, 0, 0], [0, 1, 2]]
    >>> [a.tolist() for a in bga_step(X, [0, 0, 0], k1=3, neighbours="ball")]  # 2 of 4: "one"
    [[0, 1, 1], [0, 1, 2, 3]]
    """
    if neighbours == "index":                                      # NN_k1(x_j)
        members = nearest_neighbours(X, x[None, :], k1)[1][0]
    else:                                                          # or B(x_j, delta_(k1)(x_j))
        members = ball_neighbours(X, x[None, :], k1).indices[0]
    return majority_vote(X[members], tie=tie, current=x), members  # maj of the voters


@validate_params({"X": Binary(), "x0": Binary(1, like="X"), "k1": K1, "max_iter": MAX_ITER,
                  "tie": TIE, "neighbours": NEIGHBOURS})
def bga_path(X, x0, k1, max_iter=100, tie="one", *, neighbours="index", on_step=None):
    """The path x_0, ..., x_J (J + 1, d) of one candidate; ``path[-1]`` is its mode.

    ``on_step(x_j, members, x_next)`` is called after every update, the one that confirms a
    fixed point included (`binms_teach.trace` records the explorer's steps with it).

    >>> bga_path([[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]], [0, 0, 0], k1=3).tolist()
    [[0, 0, 0], [0, 0, 1]]
    """
    path, stop = _ascend(X, x0, k1, max_iter, tie, neighbours, on_step)
    if stop == "cycle":
        warn_cycles(1, 1, k1, tie)
    return path


@validate_params({"X": Binary(), "candidates": Binary(like="X"), "k1": K1,
                  "max_iter": MAX_ITER, "tie": TIE, "neighbours": NEIGHBOURS})
def bga(X, candidates, k1, max_iter=100, tie="one", *, neighbours="index", record=False):
    """The BGA task of Algorithm 1: every candidate (m, d) ascends on X (n, d) to its mode.

    Returns modes (m, d), n_iter (m,) (the updates computed, the one that confirmed the
    fixed point included), converged (m,) (False after ``max_iter`` or a cycle) and, with
    ``record=True``, the path of every candidate.

    >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
    >>> modes, n_iter, converged = bga(X, X, k1=3)
    >>> modes.tolist(), n_iter.tolist()
    ([[0, 0, 1], [0, 0, 1], [0, 1, 1], [0, 1, 1]], [2, 1, 2, 1])
    """
    stops = [_ascend(X, x, k1, max_iter, tie, neighbours) for x in candidates]  # for l := 1..m
    paths = [path for path, _ in stops]
    modes = np.array([path[-1] for path in paths], dtype=np.uint8).reshape(candidates.shape)
    converged = np.array([stop == "fixed" for _, stop in stops], dtype=bool)
    n_iter = np.array([len(path) - 1 for path in paths], dtype=np.int64) + converged
    if n_cycled := sum(stop == "cycle" for _, stop in stops):
        warn_cycles(n_cycled, len(candidates), k1, tie)
    return (modes, n_iter, converged, paths) if record else (modes, n_iter, converged)


def _ascend(X, x, k1, max_iter, tie, neighbours, on_step=None):
    """The path of one candidate and why it stopped: "fixed", "cycle" or "max_iter"."""
    path, seen = [x], {x.tobytes()}
    for _ in range(max_iter):                                      # for j := 0 to j_max
        x_next, members = bga_step(X, path[-1], k1, tie, neighbours=neighbours)
        if on_step is not None:
            on_step(path[-1], members, x_next)
        if np.array_equal(x_next, path[-1]):                       # a fixed point: x*
            return np.array(path, dtype=np.uint8), "fixed"
        path.append(x_next)
        if x_next.tobytes() in seen:  # "index" cannot cycle (notebook 06); "ball" can
            return np.array(path, dtype=np.uint8), "cycle"
        seen.add(x_next.tobytes())
    return np.array(path, dtype=np.uint8), "max_iter"
