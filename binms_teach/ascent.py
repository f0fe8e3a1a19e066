"""Binary gradient ascent (BGA): the BGA task of the paper's Algorithm 1.

Every candidate x moves by the recurrence of Eq. (7),

    x_{j+1} = maj(NN_k1(x_j)),

the majority vote of its k1 nearest data points. The ascent is non-blurring:
neighbours are always taken from the original data X, never from the iterates.
This file is what `BinNNMS(algorithm="reference")` runs, one candidate and
one step at a time; `binms_teach.fast.ascent` moves all candidates at once
and gives the same result, bit for bit.

Two neighbour rules (``neighbours=``):

* ``"index"`` (default, the authors' code): exactly the k1 nearest; at the
  k1-th distance the lower row index wins, so the result depends on the order
  of the rows. This ascent always stops at a fixed point: the sum of the
  distances to the k1 nearest never increases, and at an equal sum only tied
  bits change, all in one direction (`binms_teach.checks.check_descent`).
* ``"ball"``: the closed ball B(x, H_(k1)(x)) of the paper's formula, every
  data point within the k1-th distance (it may hold more than k1 points), with
  the same tie rules (a tie is exactly half of the ball's votes). Order-free,
  but the descent argument does not carry over: an ascent may return to an
  earlier iterate (five points and k1 = 2 suffice for a 2-cycle, see
  tests/test_descent.py). Such a cycle is detected, the candidate stops there
  with ``converged`` False, and an `AscentCycleWarning` is issued.

Stopping: the printed Algorithm 1 performs j_max + 1 updates and returns the
iterate before the last one computed. Here a candidate stops at a fixed point
(x_{j+1} == x_j), at a cycle ("ball"), or after ``max_iter`` updates, and the
last iterate is returned. Notebook 06 shows both.
"""

import warnings

import numpy as np

from ._validation import check_binary, check_int, check_neighbours, check_tie
from .hamming import ball_neighbours, nearest_neighbours
from .majority import majority_vote


class AscentCycleWarning(UserWarning):
    """A "ball" ascent came back to an earlier iterate that is not a fixed point (a cycle)."""


def warn_cycles(n_cycled, n_candidates, k1, tie):
    """Issue one `AscentCycleWarning` for ``n_cycled`` of ``n_candidates`` candidates."""
    warnings.warn(
        f"{n_cycled} of {n_candidates} candidate(s) of the 'ball' ascent (k1={k1}, tie={tie!r}) "
        "came back to an earlier iterate that is not a fixed point (a cycle) and were stopped "
        "there: their converged flag is False and their mode is the repeated iterate. "
        "Use neighbours='index', which always reaches a fixed point, or try another k1 or "
        "tie rule.",
        AscentCycleWarning,
        stacklevel=3,
    )


def bga_step(X, x, k1, tie="one", *, neighbours="index", check_input=True):
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
    check_input : bool, default True
        False: the caller has checked every argument (see `binms_teach.hamming`).

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
    if check_input:
        X, x, k1, tie, neighbours = _check(X, x, k1, tie, neighbours)
    if neighbours == "index":                                   # 1. who votes: NN_k1(x)
        members = nearest_neighbours(X, x[None, :], k1, check_input=False)[1][0]
    else:                                                       #    or B(x, H_(k1)(x))
        members = ball_neighbours(X, x[None, :], k1, check_input=False).indices[0]
    x_next = majority_vote(X[members], tie=tie, current=x,      # 2. their median centre
                           check_input=False)
    return x_next, members


def bga_path(X, x0, k1, max_iter=100, tie="one", *, neighbours="index", on_step=None,
             check_input=True):
    """The whole ascent path x_0, x_1, ..., x_J of one candidate.

    Stops when an update leaves the iterate unchanged (a fixed point, which is
    not stored twice), after ``max_iter`` updates, or, for "ball", when an
    update returns to an earlier iterate (a cycle: the repeated iterate is
    stored as the last row, and an `AscentCycleWarning` is issued).

    Parameters
    ----------
    X, x0, k1, max_iter, tie, neighbours
        As in `bga`, for the one candidate x0.
    on_step : callable, optional
        Called as ``on_step(x_j, members, x_next)`` after every update computed,
        the one that confirms a fixed point included: `binms_teach.trace`
        records the steps of the explorer with it.
    check_input : bool, default True
        False: the caller has checked every argument (see `binms_teach.hamming`).

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
    if check_input:
        X, x0, k1, tie, neighbours = _check(X, x0, k1, tie, neighbours)
        max_iter = check_int(max_iter, "max_iter", 0, 10**9)
    path, stop = _ascend(X, x0, k1, max_iter, tie, neighbours, on_step)
    if stop == "cycle":
        warn_cycles(1, 1, k1, tie)
    return path


def bga(X, candidates, k1, max_iter=100, tie="one", *, neighbours="index", check_input=True):
    """Run the binary gradient ascent of every candidate (Algorithm 1, the BGA task).

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
        code) or the closed ball B(x, H_(k1)(x)) (order-free).
    check_input : bool, default True
        False: the caller has checked every argument (see `binms_teach.hamming`);
        `BinNNMS.fit` checks its data once and passes False.

    Returns
    -------
    modes : ndarray of uint8, shape (m, d)
        The last iterate x*_l of every candidate.
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

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
    >>> modes, n_iter, converged = bga(X, X, k1=3)
    >>> modes.tolist(), n_iter.tolist()
    ([[0, 0, 1], [0, 0, 1], [0, 1, 1], [0, 1, 1]], [2, 1, 2, 1])
    """
    if check_input:
        X, _, k1, tie, neighbours = _check(X, None, k1, tie, neighbours)
        candidates = check_binary(candidates, "candidates")
        if candidates.shape[1] != X.shape[1]:
            raise ValueError(f"candidates have {candidates.shape[1]} features, "
                             f"X has {X.shape[1]}.")
        max_iter = check_int(max_iter, "max_iter", 0, 10**9)
    modes = np.empty_like(candidates)
    n_iter = np.zeros(len(candidates), dtype=np.int64)
    converged = np.zeros(len(candidates), dtype=bool)
    n_cycled = 0
    for ell, x in enumerate(candidates):             # for l := 1 to m
        path, stop = _ascend(X, x, k1, max_iter, tie, neighbours)
        modes[ell] = path[-1]                        # x*_l, the last iterate
        converged[ell] = stop == "fixed"
        n_iter[ell] = len(path) - 1 + converged[ell]  # the update that confirmed it counts
        n_cycled += stop == "cycle"
    if n_cycled:
        warn_cycles(n_cycled, len(candidates), k1, tie)
    return modes, n_iter, converged


def _ascend(X, x, k1, max_iter, tie, neighbours, on_step=None):
    """The path x_0, ..., x_J of one candidate and why it stopped: "fixed", "cycle", "max_iter".

    The one ascent loop of the readable layer: `bga` and `bga_path` run it, and
    the explorer's trace records it through ``on_step``.
    """
    path = [x]
    seen = {x.tobytes()}
    for _ in range(max_iter):
        x_next, members = bga_step(X, path[-1], k1, tie, neighbours=neighbours,
                                   check_input=False)
        if on_step is not None:
            on_step(path[-1], members, x_next)
        if np.array_equal(x_next, path[-1]):
            return np.array(path, dtype=np.uint8), "fixed"
        path.append(x_next)
        # "index" cannot cycle (see the module's docstring); "ball" can.
        if x_next.tobytes() in seen:
            return np.array(path, dtype=np.uint8), "cycle"
        seen.add(x_next.tobytes())
    return np.array(path, dtype=np.uint8), "max_iter"


def _check(X, x, k1, tie, neighbours="index"):
    X = check_binary(X)
    if x is not None:
        x = check_binary(x, "x", ndim=1)
        if x.shape[0] != X.shape[1]:
            raise ValueError(f"x has {x.shape[0]} features, X has {X.shape[1]}.")
    k1 = check_int(k1, "k1", 1, len(X), "k1 counts neighbours among the n data points.")
    return X, x, k1, check_tie(tie), check_neighbours(neighbours)
