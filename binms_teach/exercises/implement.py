"""Implement it yourself: the student's function against the package's on small inputs.

The inputs come adversarial first (ties at the k1-th distance, exact halves in a vote,
duplicate rows, k1 = 1 and k1 = n, epsilon 0 and epsilon equal to a distance), then random;
`Implement.judge` reports the first input where the two functions differ.
"""

import numpy as np

from ..ascent import bga_step as _bga_step
from ..hamming import hamming as _hamming
from ..labelling import epsilon_proximity as _epsilon_proximity
from ..majority import majority_vote as _majority_vote
from .kinds import Implement, same_array, same_partition

# -- inputs of the implement-it-yourself checks: adversarial first, then random -----------

def _random_binary(rng, n, d):
    return rng.integers(0, 2, size=(n, d)).astype(np.uint8)


def _hamming_cases():
    a = np.array([0, 1, 1, 0], dtype=np.uint8)
    cases = [dict(a=a, b=a.copy()), dict(a=a, b=1 - a), dict(a=a[:1], b=1 - a[:1])]
    rng = np.random.default_rng(0)
    for d in (2, 3, 5, 8, 20):
        A = _random_binary(rng, 2, d)
        cases.append(dict(a=A[0], b=A[1]))
    return cases


def _vote_cases():
    cases = []
    for tie in ("one", "zero"):
        cases += [
            dict(X=np.array([[1, 0, 1]], dtype=np.uint8), tie=tie),          # one row
            dict(X=np.array([[1, 0], [0, 1]], dtype=np.uint8), tie=tie),     # all ties
            dict(X=np.array([[1, 1, 0], [1, 0, 0], [0, 1, 0], [0, 1, 1]], dtype=np.uint8),
                 tie=tie),                                                   # ties and not
            dict(X=np.array([[1, 0], [1, 0], [0, 1]], dtype=np.uint8), tie=tie),  # duplicates
        ]
    rng = np.random.default_rng(1)
    for n, d in ((2, 3), (4, 5), (5, 4), (6, 8), (10, 6)):
        cases.append(dict(X=_random_binary(rng, n, d), tie=("one", "zero")[n % 2]))
    return cases


def _step_cases():
    # Rows 2 and 3 tie at the 3rd distance from x = 000: the lower index (2) must win.
    T = np.array([[0, 0, 0], [0, 0, 0], [0, 1, 1], [0, 1, 1], [1, 1, 1]], dtype=np.uint8)
    D = np.array([[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 1, 1], [1, 0, 1, 0]], dtype=np.uint8)
    cases = []
    for tie in ("one", "zero"):
        cases += [
            dict(X=T, x=T[0], k1=1, tie=tie),               # k1 = 1: only the nearest votes
            dict(X=T, x=T[4], k1=1, tie=tie),               # x is a data point: it votes itself
            dict(X=T, x=T[0], k1=3, tie=tie),               # a tie at the k1-th distance
            dict(X=T, x=T[0], k1=2, tie=tie),               # duplicate rows, an even k1
            dict(X=T, x=T[2], k1=2, tie=tie),
            dict(X=T, x=np.array([1, 0, 1], dtype=np.uint8), k1=4, tie=tie),
            dict(X=T, x=T[3], k1=5, tie=tie),               # k1 = n: everybody votes
            dict(X=D, x=D[0], k1=2, tie=tie),
            dict(X=D, x=D[3], k1=4, tie=tie),
        ]
    rng = np.random.default_rng(2)
    for n, d in ((4, 3), (6, 4), (8, 5), (10, 6), (12, 8)):
        X = _random_binary(rng, n, d)
        x = X[rng.integers(n)] if n % 4 == 0 else _random_binary(rng, 1, d)[0]
        for k1 in (1, 2, n // 2, n - 1, n):
            cases.append(dict(X=X, x=x, k1=k1, tie=("one", "zero")[k1 % 2]))
    return cases


def _label_cases():
    M = np.array([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 1, 1], [1, 1, 1, 1], [0, 0, 0, 1]],
                 dtype=np.uint8)
    chain = np.array([[0, 0, 0, 0], [1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 1, 0], [1, 1, 1, 1]],
                     dtype=np.uint8)
    cases = [
        dict(M=M[:1], epsilon=0),                  # one point
        dict(M=M, epsilon=0),                      # epsilon 0: only equal rows are joined
        dict(M=M, epsilon=1),                      # H = epsilon exactly: joined (inclusive)
        dict(M=M, epsilon=1.5),
        dict(M=M, epsilon=2),
        dict(M=chain, epsilon=1),                  # a chain: far ends joined through the middle
        dict(M=chain[::-1].copy(), epsilon=0.5),
        dict(M=M, epsilon=4),                      # everything joined
    ]
    rng = np.random.default_rng(3)
    for n, d in ((5, 4), (8, 5), (10, 6), (15, 8)):
        X = _random_binary(rng, n, d)
        for epsilon in (0, 1, 2, 2.5):
            cases.append(dict(M=X, epsilon=epsilon))
    return cases


def _step_reference(X, x, k1, tie):
    return _bga_step(X, x, k1, tie=tie)[0]


def _same_step(expected, got):
    if isinstance(got, tuple) and len(got) == 2:  # (x_next, members), as the package returns
        got = got[0]
    return same_array(expected, got)


# -- the exercises -------------------------------------------------------------------------

EXERCISES = {
    "01.hamming": Implement(
        "Write hamming_distance(a, b): the number of coordinates where the 0/1 vectors a and b "
        "differ.",
        "hamming_distance", lambda a, b: int(_hamming(a[None, :], b[None, :])[0, 0]),
        _hamming_cases),
    "02.majority_vote": Implement(
        "Write majority(X, tie): the component-wise majority vote of the rows of X; where "
        "exactly half of the rows vote 1, tie='one' gives 1 and tie='zero' gives 0.",
        "majority", lambda X, tie: _majority_vote(X, tie=tie), _vote_cases),
    "06.bga_step": Implement(
        "Write bga_step(X, x, k1, tie): one update x -> maj(NN_k1(x)); the k1 nearest rows of "
        "X (a data point is its own neighbour at distance 0; at equal distance the lower row "
        "index first), then their majority vote with the tie rule.",
        "bga_step", _step_reference, _step_cases, _same_step),
    "07.label": Implement(
        "Write label(M, epsilon): cluster labels, the connected components of the graph that "
        "joins rows of M at Hamming distance H <= epsilon.",
        "label", lambda M, epsilon: _epsilon_proximity(M, epsilon), _label_cases,
        same_partition),
}
