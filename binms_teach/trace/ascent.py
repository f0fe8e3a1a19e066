"""The state of every step of one binary gradient ascent (Eq. 7), for watching it.

`ascent_trace` records, for every step j, the iterate x_j, its k1 nearest
neighbours NN_k1(x_j), their votes for a 1 in every coordinate, the ties
(2 * ones == k1), the next iterate x_{j+1} = maj(NN_k1(x_j)) and the bits that
changed. `binms_teach.widgets.AscentExplorer` displays it.
"""

from dataclasses import dataclass

import numpy as np

from .. import ascent
from .._validation import (
    K1,
    MAX_ITER,
    NEIGHBOURS,
    TIE,
    Binary,
    check_binary,
    check_int,
    validate_params,
)
from ._arrays import frozen


@dataclass(frozen=True, eq=False)
class AscentStep:
    """One update x_j -> x_{j+1} = maj(NN_k1(x_j)) and everything it used.

    Attributes
    ----------
    j : int
        The index of the iterate that moves (0 for the starting point).
    x : ndarray of uint8, shape (d,)
        The iterate x_j.
    neighbours : ndarray of intp, shape (k1,) or longer
        Who votes, data indices sorted by (distance, index): NN_k1(x_j) (the
        lower index wins a tie) under "index"; the closed ball
        B(x_j, delta_(k1)(x_j)), at least k1 points, under "ball".
    distances : ndarray of int, same shape
        Their Hamming distances to x_j.
    ones : ndarray of int, shape (d,)
        Per coordinate, how many of the voters have a 1.
    ties : ndarray of bool, shape (d,)
        Coordinates where exactly half of the votes are 1
        (2 * ones == len(neighbours)).
    x_next : ndarray of uint8, shape (d,)
        x_{j+1}, the majority vote, ties settled by the tie rule.
    changed : ndarray of bool, shape (d,)
        The bits where x_{j+1} differs from x_j.
    k1 : int
    tie : str
    """

    j: int
    x: np.ndarray
    neighbours: np.ndarray
    distances: np.ndarray
    ones: np.ndarray
    ties: np.ndarray
    x_next: np.ndarray
    changed: np.ndarray
    k1: int
    tie: str

    @property
    def n_changed(self):
        """How many bits change, H(x_j, x_{j+1})."""
        return int(self.changed.sum())

    @property
    def n_ties(self):
        """How many coordinates are tied."""
        return int(self.ties.sum())

    @property
    def fixed(self):
        """True when x_{j+1} == x_j: x_j is a fixed point, a mode."""
        return self.n_changed == 0


@dataclass(frozen=True, eq=False)
class AscentTrace:
    """The whole ascent of one starting point, step by step.

    Attributes
    ----------
    start : int or None
        The data index of x_0, or None when x_0 was given as a vector.
    k1, max_iter : int
    tie : str
    path : ndarray of uint8, shape (J + 1, d)
        x_0, ..., x_J without repeats, as `binms_teach.bga_path` returns it.
    steps : tuple of AscentStep
        Every update computed, the last one included: when the ascent stops at
        a fixed point, the last step confirms it (x_{J+1} == x_J), so there are
        J + 1 steps; after ``max_iter`` updates without one there are J.
    converged : bool
        Whether the ascent stopped at a fixed point.
    neighbours : str
        The neighbour rule, "index" or "ball". A "ball" ascent that returns to
        an earlier iterate stops there (the repeated iterate is the last row
        of ``path``; ``converged`` is False) with an `AscentCycleWarning`.
    """

    start: object
    k1: int
    tie: str
    max_iter: int
    path: np.ndarray
    steps: tuple
    converged: bool
    neighbours: str = "index"

    @property
    def mode(self):
        """The last iterate, x*."""
        return self.path[-1]

    @property
    def n_iter(self):
        """The updates computed, as `binms_teach.bga` counts them."""
        return len(self.steps)


@validate_params({"X": Binary(), "k1": K1, "max_iter": MAX_ITER, "tie": TIE,
                  "neighbours": NEIGHBOURS})
def ascent_trace(X, x0, k1, max_iter=100, tie="one", *, neighbours="index"):
    """Every step of the binary gradient ascent of one point (Eq. 7).

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
        The data; neighbours are always taken from here (non-blurring).
    x0 : int or array-like of shape (d,)
        The starting point: a data index, or a 0/1 vector.
    k1 : int in [1, n]
    max_iter : int, default 100
        The most updates computed.
    tie : {"one", "zero", "keep"}, default "one"
    neighbours : {"index", "ball"}, default "index"
        The k1 nearest (the lower index wins a tie) or the closed ball.

    Returns
    -------
    AscentTrace

    See Also
    --------
    binms_teach.bga_path : the same path, without the steps' details.

    Examples
    --------
    >>> from binms_teach.trace import ascent_trace
    >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
    >>> trace = ascent_trace(X, 0, k1=3)
    >>> trace.path.tolist(), trace.converged
    ([[0, 0, 0], [0, 0, 1]], True)
    >>> step = trace.steps[0]
    >>> step.neighbours.tolist(), step.distances.tolist(), step.ones.tolist()
    ([0, 1, 3], [0, 1, 2], [0, 1, 2])
    >>> step.x_next.tolist(), step.n_changed, trace.steps[1].fixed
    ([0, 0, 1], 1, True)
    """
    x0, start = _start(X, x0)  # an index or a vector: checked as what it is
    return _ascent_trace(X, x0, start, k1, max_iter, tie, neighbours)


def _start(X, x0):
    """The starting vector and its data index (None for a vector)."""
    if isinstance(x0, (int, np.integer)) and not isinstance(x0, bool):
        start = check_int(x0, "x0", 0, len(X) - 1,
                          "An integer x0 is a data index; pass a 0/1 vector for another start.")
        return X[start].copy(), start
    x = check_binary(x0, "x0", ndim=1)
    if x.shape[0] != X.shape[1]:
        raise ValueError(f"x0 has {x.shape[0]} features, X has {X.shape[1]}.")
    return x, None


def _ascent_trace(X, x, start, k1, max_iter, tie, neighbours="index"):
    """Unchecked part of `ascent_trace`: the readable ascent itself (`binms_teach.bga_path`),
    each of its steps recorded with what it used."""
    steps = []

    def record(x, members, x_next):
        distances = np.count_nonzero(X[members] != x, axis=1)   # H(x_j, X_i) of the voters
        ones = X[members].sum(axis=0, dtype=np.int64)           # their votes for a 1
        steps.append(AscentStep(len(steps), frozen(x), frozen(members),
                                frozen(distances.astype(np.int32)), frozen(ones),
                                frozen(2 * ones == len(members)), frozen(x_next),
                                frozen(x_next != x), k1, tie))

    path = ascent.bga_path(X, x, k1, max_iter, tie, neighbours=neighbours, on_step=record)
    converged = bool(steps) and steps[-1].fixed
    return AscentTrace(start, k1, tie, max_iter, frozen(path), tuple(steps), converged,
                       neighbours)
