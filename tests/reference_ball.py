"""A plain-Python "ball" ascent and BinNNMS, written from the definition alone.

The neighbourhood of x is the closed ball B(x, delta_(k)(x)): every row of X whose
Hamming distance to x is at most the k-th smallest distance. No numpy and nothing
from binms_teach: lists of ints, loops, sorted(). Only the neighbour search
differs from tests/reference_impl.py, whose labelling it reuses.
"""

from tests.reference_impl import components, epsilon_from_k2, hamming, maj


def ball(X, x, k):
    """(radius, indices of the ball sorted by (distance, index))."""
    pairs = sorted((hamming(x, row), i) for i, row in enumerate(X))
    radius = pairs[k - 1][0]
    return radius, [i for d, i in pairs if d <= radius]


def ascend(X, x, k1, max_iter, tie):
    """The path of one "ball" ascent: stops at a fixed point, a repeated iterate, or max_iter.

    Returns (path, converged): path[-1] is the last iterate; on a cycle it repeats
    an earlier one.
    """
    path = [x]
    for _ in range(max_iter):
        nxt = maj([X[i] for i in ball(X, path[-1], k1)[1]], tie, path[-1])
        if nxt == path[-1]:
            return path, True
        path.append(nxt)
        if nxt in path[:-1]:
            return path, False
    return path, False


def binnnms(X, k1, k2, max_iter=100, tie="one"):
    X = [[int(v) for v in row] for row in X]
    runs = [ascend(X, row, k1, max_iter, tie) for row in X]
    modes = [path[-1] for path, _ in runs]
    epsilon = epsilon_from_k2(modes, k2)
    return modes, epsilon, components(modes, epsilon), [c for _, c in runs]
