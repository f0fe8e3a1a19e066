"""Claim 7, Algorithm 1: how many updates the printed loop makes, and which iterate it returns."""

from typing import NamedTuple

import numpy as np

from .._validation import MAX_ITER, check_binary
from ..ascent import bga, bga_step
from .record import bernoulli_mixture, result


class BGARun(NamedTuple):
    """One candidate's binary gradient ascent: the returned point, the iterates, the updates."""

    x_star: np.ndarray
    iterates: np.ndarray
    n_updates: int


def algorithm1_bga_as_printed(X, x, k1, j_max, tie="one"):
    """AS PRINTED, for demonstration only: the BGA task of Algorithm 1, lines 2-8, literally.

    It performs j_max + 1 updates and returns x_{l, j}, the iterate *before*
    the last one computed; it never stops at a fixed point. Use
    `binms_teach.ascent` instead.

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
    >>> run = algorithm1_bga_as_printed(X, [0, 0, 0], k1=3, j_max=0)
    >>> run.n_updates, run.x_star.tolist(), run.iterates[-1].tolist()
    (1, [0, 0, 0], [0, 0, 1])
    """
    X = check_binary(X)
    x = check_binary(x, "x", ndim=1)
    j_max = MAX_ITER.check(j_max, "j_max", {})  # the paper's j_max is max_iter
    iterates = {}
    j = 0
    iterates[0] = x  # line 2: j := 0; x_{l,0} := x_l
    iterates[1] = bga_step(X, iterates[0], k1, tie)[0]  # line 3
    n_updates = 1
    while j < j_max:  # line 4
        j = j + 1  # line 5
        iterates[j + 1] = bga_step(X, iterates[j], k1, tie)[0]  # line 6
        n_updates += 1
    x_star = iterates[j]  # line 8: x_l^* := x_{l,j}
    return BGARun(x_star, np.array([iterates[i] for i in sorted(iterates)]), n_updates)


def check_algorithm1(random_state=0):
    """Item 7: Algorithm 1 as printed against "at most max_iter updates, return the last".

    >>> check_algorithm1().numbers["printed_updates"]
    2
    """
    rng = np.random.default_rng(random_state)
    X = bernoulli_mixture(rng, n=120, d=16)
    k1 = 10
    # The corrected loop is the package's: binms_teach.ascent.bga returns the last
    # iterate and counts the updates (the one that confirms a fixed point included).
    _, n_iter, converged = bga(X, X, k1, max_iter=50)
    moves = n_iter - converged  # updates that changed the iterate
    # The start with the longest path, so that a cap of 1 or 2 updates binds.
    x0 = X[int(np.argmax(moves))]
    j_max = 1
    printed = algorithm1_bga_as_printed(X, x0, k1, j_max)
    last_computed = printed.iterates[-1]
    (same_cap,), (same_cap_updates,), _ = bga(X, x0[None, :], k1, max_iter=j_max)
    (same_work,), _, _ = bga(X, x0[None, :], k1, max_iter=j_max + 1)
    zero = algorithm1_bga_as_printed(X, x0, k1, 0)
    long_printed = algorithm1_bga_as_printed(X, x0, k1, 50)
    (long_corrected,), (long_updates,), _ = bga(X, x0[None, :], k1, max_iter=50)
    as_printed = printed.n_updates <= j_max and np.array_equal(printed.x_star, last_computed)
    corrected = (
        same_cap_updates <= j_max
        and np.array_equal(same_cap, printed.iterates[j_max])
        and np.array_equal(same_work, last_computed)
        and np.array_equal(long_printed.x_star, long_corrected)
    )
    return result(
        7,
        "Algorithm 1 loop",
        "the BGA task performs at most j_max updates and returns the last iterate",
        "Algorithm 1, lines 2-8",
        as_printed,
        corrected,
        {
            "k1": k1,
            "moves_of_start": int(moves.max()),
            "j_max": j_max,
            "printed_updates": printed.n_updates,
            "printed_returns_index": j_max,
            "printed_last_computed_index": len(printed.iterates) - 1,
            "H(printed x*, last computed)": int(np.sum(printed.x_star != last_computed)),
            "corrected_updates": same_cap_updates,
            "H(corrected x*, printed x*)": int(np.sum(same_cap != printed.x_star)),
            "j_max=0: H(returned x_0, discarded x_1)": int(np.sum(zero.iterates[1] != x0)),
            "j_max=50: printed_updates": long_printed.n_updates,
            "j_max=50: corrected_updates": long_updates,
        },
        """Line 3 computes x_1 before the loop, and the loop then computes x_2, ...,
        x_{j_max+1}: j_max + 1 updates. Line 8 returns x_{l,j} = x_{j_max}, the iterate
        before the last one computed, so the last update is wasted (with j_max = 0 the
        start point is returned unmoved), and the loop never stops at a fixed point. The
        corrected loop stops when x_{j+1} = x_j or after max_iter updates and returns the
        last iterate: at the same cap it returns the same point with one update fewer; at
        the same work it returns the iterate one step further. Once a path has reached its
        fixed point both return the same mode: the misprint bites only when the cap binds.""",
    )
