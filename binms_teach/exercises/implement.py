"""Implement it yourself: the student's function against the package's.

The inputs come adversarial first (ties at the k1-th distance, exact halves in a vote,
duplicate rows, k1 = 1 and k1 = n, epsilon 0 and epsilon equal to a distance), then random,
then at the scale the lessons use (hundreds of uint8 rows, d and k1 above 255), where a
narrow accumulator wraps: a vote counted in uint8 (a column of 300 ones counts 44), a
distance counted in uint8, or a product ``a @ b`` of uint8 vectors that share 256 or more
ones (300 shared ones give 44, so two equal all-ones vectors of 300 bits come out 512
apart). Each check also gets bool inputs (``a @ b`` of bools is a bool, ``a - b`` raises).
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


# Inputs at the lessons' scale, each shown to the student by the line that builds it.
# uint8 counts wrap past 255: 150 ones voted twice is 300 = 44 (mod 256), a distance of 300
# is 44. The lessons vote over hundreds of rows (07: about 200 images) and Digits has d = 240.
DIGITS = "from binms_teach.datasets import load_digits"


def _digits(rows):
    """Rows of Digits (d = 240) and the code that loads them, e.g. ``_digits("[:200]")``."""
    from ..datasets import load_digits
    return eval(f"load_digits().data{rows}", {"load_digits": load_digits}), (  # noqa: S307
        f"load_digits().data{rows}", DIGITS)


def _built(code):
    """An array from a line of numpy code, and that line to show the student."""
    return eval(code, {"np": np}), (code, "")  # noqa: S307 - our own fixed expressions


def _stacked(ones, zeros, d):
    """Rows of ones then rows of zeros: every column holds ``ones`` ones."""
    return _built(f"np.repeat(np.array([[1] * {d}, [0] * {d}], dtype=np.uint8), "
                  f"[{ones}, {zeros}], axis=0)")


def _hamming_cases():
    a = np.array([0, 1, 1, 0], dtype=np.uint8)
    cases = [dict(a=a, b=a.copy()), dict(a=a, b=1 - a), dict(a=a[:1], b=1 - a[:1])]
    rng = np.random.default_rng(0)
    for d in (2, 3, 5, 8, 20):
        A = _random_binary(rng, 2, d)
        cases.append(dict(a=A[0], b=A[1]))
    # d = 300, every bit differs (300 counted in uint8 is 44); two Digits images (d = 240)
    (a, show_a), (b, show_b) = _built("np.ones(300, dtype=np.uint8)"), _built(
        "np.zeros(300, dtype=np.uint8)")
    cases.append(dict(a=a, b=b, _code={"a": show_a, "b": show_b}))
    (a, show_a), (b, show_b) = _digits("[0]"), _digits("[1000]")
    cases.append(dict(a=a, b=b, _code={"a": show_a, "b": show_b}))
    # 300 shared ones: a @ b in uint8 is 44, so sum(a) + sum(b) - 2 a @ b gives 512, not 0;
    # then 280 shared ones and 20 differences; then the same as bools
    for code_b in ("np.ones(300, dtype=np.uint8)",
                   "np.repeat(np.array([0, 1], dtype=np.uint8), [20, 280])"):
        (a, show_a), (b, show_b) = _built("np.ones(300, dtype=np.uint8)"), _built(code_b)
        cases.append(dict(a=a, b=b, _code={"a": show_a, "b": show_b}))
    (a, show_a), (b, show_b) = _built("np.ones(300, dtype=bool)"), _built(
        "np.repeat(np.array([False, True]), [20, 280])")
    cases.append(dict(a=a, b=b, _code={"a": show_a, "b": show_b}))
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
    # 200 rows, 150 ones a column: twice 150 is 300, 44 in uint8; 300 rows, 150 ones: a tie
    # then 300 ones over 100 zeros: a uint8 counter holds 44 and votes 0; 256 ones over 256
    # zeros, a tie whose count is 0 in uint8; 280 ones over 300 zeros (24 in uint8)
    for ones, zeros, tie in ((150, 50, "zero"), (150, 150, "one"), (150, 150, "zero"),
                             (300, 100, "zero"), (300, 100, "one"), (256, 256, "one"),
                             (256, 256, "zero"), (280, 300, "one")):
        X, show = _stacked(ones, zeros, 8)
        cases.append(dict(X=X, tie=tie, _code={"X": show}))
    X, show = _digits("[:200]")
    cases.append(dict(X=X, tie="one", _code={"X": show}))
    X, show = _digits("[:600]")
    cases.append(dict(X=X, tie="zero", _code={"X": show}))
    X, show = _built("np.repeat(np.array([[True, False, True], [False, False, True]]), "
                     "[300, 100], axis=0)")
    cases.append(dict(X=X, tie="one", _code={"X": show}))
    return cases


def _tied_rows():
    """23 distinct rows of {0,1}^6, shuffled: the 15 with two ones (all at distance 2 from
    000000), 2 with one, 6 with four or more. From x = 000000 the k1-th distance is tied among
    distinct rows for 4 <= k1 <= 16, so which rows vote depends on the lower-index rule; a
    sort that is not stable (numpy's default quicksort, heapsort, argpartition: for n > 16
    numpy's introsort stops keeping equal keys in order) picks other voters and, for k1 = 5
    and 6, another majority."""
    cube = np.array([[(v >> (5 - c)) & 1 for c in range(6)] for v in range(64)], dtype=np.uint8)
    ones = cube.sum(axis=1)
    rng = np.random.default_rng(1)
    far = cube[ones >= 4][rng.choice(int((ones >= 4).sum()), 6, replace=False)]
    rows = np.concatenate([cube[ones == 2], far, cube[ones == 1][:2]])
    return rows[rng.permutation(len(rows))]


def _step_cases():
    # Distinct rows tied at the k1-th distance, n >= 17: only the lower-index rule (a stable
    # sort) gives the package's voters.
    T = _tied_rows()
    x0 = np.zeros(6, dtype=np.uint8)
    # Small inputs: duplicate rows, k1 = 1 and k1 = n.
    D = np.array([[0, 0, 0], [0, 0, 0], [0, 1, 1], [1, 0, 1], [1, 1, 1]], dtype=np.uint8)
    cases = []
    for tie in ("one", "zero"):
        cases += [dict(X=T, x=x0, k1=k1, tie=tie) for k1 in (5, 6, 4, 8, 16)]
        cases += [
            dict(X=T, x=T[3], k1=6, tie=tie),               # x a data point among tied rows
            dict(X=T, x=T[0], k1=7, tie=tie),
            dict(X=D, x=D[0], k1=1, tie=tie),               # k1 = 1: only the nearest votes
            dict(X=D, x=D[4], k1=1, tie=tie),               # x is a data point: it votes itself
            dict(X=D, x=D[1], k1=2, tie=tie),               # x and its copy both vote
            dict(X=D, x=D[2], k1=2, tie=tie),               # an even k1: ties in the vote
            dict(X=D, x=np.array([1, 0, 0], dtype=np.uint8), k1=4, tie=tie),
            dict(X=D, x=D[3], k1=5, tie=tie),               # k1 = n: everybody votes
        ]
    rng = np.random.default_rng(2)
    for n, d in ((17, 5), (20, 6), (24, 6), (40, 7)):
        X = np.unique(_random_binary(rng, 3 * n, d), axis=0)[:n]  # distinct rows, then shuffled
        X = X[rng.permutation(len(X))]
        for x in (X[rng.integers(len(X))], _random_binary(rng, 1, d)[0]):
            for k1 in (1, 2, 5, 6, len(X) // 2, len(X)):
                cases.append(dict(X=X, x=x, k1=k1, tie=("one", "zero")[k1 % 2]))
    # k1 above 255 on uint8 rows: 400 random rows of d = 300, then 300 ones over 100 zeros
    # (k1 = 400: 600 counted twice in uint8 is 88), then Digits
    random_rows = "np.random.default_rng(4).integers(0, 2, size=(400, 300), dtype=np.uint8)"
    (X, show), (x, show_x) = _built(random_rows), _built(random_rows + "[7]")
    cases += [dict(X=X, x=x, k1=k1, tie=tie, _code={"X": show, "x": show_x})
              for k1, tie in ((300, "one"), (256, "zero"), (400, "one"))]
    (X, show), (x, show_x) = _stacked(300, 100, 4), _built("np.zeros(4, dtype=np.uint8)")
    cases.append(dict(X=X, x=x, k1=400, tie="zero", _code={"X": show, "x": show_x}))
    # distances past 255: 200 rows at distance 300 from x (44 in uint8), 200 at distance 200
    (X, show), (x, show_x) = _built(
        "np.repeat(np.array([[1] * 300, [0] * 100 + [1] * 200], dtype=np.uint8), [200, 200], "
        "axis=0)"), _built("np.zeros(300, dtype=np.uint8)")
    cases.append(dict(X=X, x=x, k1=260, tie="one", _code={"X": show, "x": show_x}))
    (X, show), (x, show_x) = _digits("[:300]"), _digits("[0]")
    cases.append(dict(X=X, x=x, k1=260, tie="one", _code={"X": show, "x": show_x}))
    # rows sharing 256 or more ones with x (a distance by sum(a) + sum(b) - 2 a @ b in uint8
    # goes wrong), k1 below and above 255; then the same rows as bools
    dense = "(np.random.default_rng(6).random((300, 300)) < 0.9)"
    for dtype, k1, tie in (("np.uint8", 5, "one"), ("np.uint8", 280, "zero"), ("bool", 6, "one"),
                           ("bool", 260, "zero")):
        (X, show), (x, show_x) = _built(f"{dense}.astype({dtype})"), _built(
            f"{dense}.astype({dtype})[3]")
        cases.append(dict(X=X, x=x, k1=k1, tie=tie, _code={"X": show, "x": show_x}))
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
    # rows at distance 300 (44 in uint8) must stay apart at epsilon 50; hundreds of rows
    M, show = _built("np.array([[0] * 300, [1] * 300, [0] * 300], dtype=np.uint8)")
    cases.append(dict(M=M, epsilon=50, _code={"M": show}))
    M, show = _built("np.random.default_rng(5).integers(0, 2, size=(200, 12), dtype=np.uint8)")
    cases.append(dict(M=M, epsilon=2, _code={"M": show}))
    # rows sharing 290 ones, 10 apart (a distance through a @ b in uint8 makes them 522
    # apart), and the same as bools
    for dtype in ("np.uint8", "bool"):
        M, show = _built(f"np.repeat(np.array([[1] * 300, [0] * 10 + [1] * 290, [0] * 300], "
                         f"dtype={dtype}), [2, 2, 1], axis=0)")
        cases.append(dict(M=M, epsilon=20, _code={"M": show}))
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
