"""Notebooks 01 to 05: concept questions (``NN.name``) and the results of the exercises
(``NN.k``).

Every expected number that is cheap to get is computed when first checked (and cached): by
plain code beside the package where the exercise is about the package (a Hamming distance
by ``!=``, a majority vote by counting), otherwise by the package function the solution uses.
Each concept question is answered by its lesson notebook's text or outputs; the hint names
the section.
"""

import itertools
import math
from functools import cache

import numpy as np

from .kinds import Choice, Implement, Number

# -- the data of the lessons (as the notebooks build them) ---------------------------------

# notebook 02's survey: seven people, four yes/no questions
_SURVEY = np.array([[1, 0, 1, 0], [1, 0, 1, 1], [1, 1, 0, 0], [0, 0, 1, 0], [1, 0, 1, 0],
                    [1, 1, 1, 1], [0, 0, 0, 0]], dtype=np.uint8)
# notebook 04's six answers, in two groups
_SIX = np.array([[1, 1, 0, 0], [1, 0, 1, 0], [0, 1, 1, 0], [0, 0, 1, 1], [0, 0, 1, 1],
                 [0, 0, 0, 1]], dtype=np.uint8)
# notebook 05's eight answers
_EIGHT = np.array([[1, 1, 0, 0, 0], [1, 1, 1, 0, 0], [1, 0, 0, 0, 0], [0, 1, 0, 0, 1],
                   [1, 1, 0, 1, 0], [0, 0, 1, 1, 1], [0, 0, 1, 1, 0], [0, 1, 1, 1, 1]],
                  dtype=np.uint8)


def _cube(d):
    """Every point of {0,1}^d, in binary counting order."""
    return np.array(list(itertools.product((0, 1), repeat=d)), dtype=np.uint8)


def _distances(A, B):
    """Hamming distances by counting the differing coordinates (no matrix products)."""
    return (np.asarray(A)[:, None, :] != np.asarray(B)[None, :, :]).sum(axis=2)


def _majority(rows):
    """The majority vote by counting, a tie (exactly half) going to 1: tie='one'."""
    rows = np.asarray(rows)
    return (2 * rows.sum(axis=0) >= len(rows)).astype(np.uint8)


@cache
def _zoo():
    from ..datasets import load_zoo
    return load_zoo()


@cache
def _blobs():
    from sklearn.datasets import make_blobs
    X, _ = make_blobs(n_samples=200, centers=[[-2, 0], [2, 0.5], [0, 3]], cluster_std=0.7,
                      random_state=0)
    return X


@cache
def _mean_shift_ends(k):
    """Where the nearest-neighbour mean shift of every blob point ends, and its updates."""
    from ..kernels import nn_mean_shift_path
    paths = [nn_mean_shift_path(_blobs(), x, k) for x in _blobs()]
    return np.array([p[-1] for p in paths]), np.array([len(p) - 1 for p in paths])


def _kde_aa(X, P, lam):
    """Eq. (5) written out: the mean over the data of lam^(d - H) (1 - lam)^H."""
    H = _distances(P, X)
    return np.mean(lam ** (X.shape[1] - H) * (1 - lam) ** H, axis=1)


# -- notebook 01 ---------------------------------------------------------------------------

@cache
def _bear_penguin():
    names = _zoo().sample_names.tolist()
    bear, penguin = (_zoo().data[names.index(a)] for a in ("bear", "penguin"))
    return int(np.sum(bear != penguin))


@cache
def _missing_from_own_nn1():
    # a row is outside its own NN_1 under "index" exactly when an equal row comes before it
    X = _zoo().data
    return sum(any(np.array_equal(X[i], X[j]) for j in range(i)) for i in range(len(X)))


@cache
def _car_columns():
    # one bit per value (disjunctive) minus the constant first bit of each additive block
    from ..datasets import load_car
    car = load_car(coding="disjunctive")
    return car.data.shape[1] - len({name.split("=")[0] for name in car.feature_names})


# -- notebook 02 ---------------------------------------------------------------------------

@cache
def _triples_outside():
    cube = [tuple(p) for p in _cube(3)]
    return sum(tuple(_majority(t)) not in t for t in itertools.product(cube, repeat=3))


def _boundary_weight():
    # coordinate 1: X[5] votes 1 with weight w, the other rows give ones and zeros votes
    others = np.delete(_SURVEY, 5, axis=0)[:, 1]
    return int((others == 0).sum() - (others == 1).sum())


def _minimisers(X):
    cube = _cube(X.shape[1])
    cost = _distances(cube, X).sum(axis=1)
    return int(np.sum(cost == cost.min()))


# -- notebook 03 ---------------------------------------------------------------------------

@cache
def _printed_A_gap():
    """Exercise 3 of 03: 30 steps with the printed A = delta/(d+2), from X[26]."""
    from ..kernels import kth_distance, nn_density, nn_density_gradient, uniform_kernel
    X, k = _blobs(), 20
    d = X.shape[1]
    x = X[26].astype(float)
    for _ in range(30):
        delta = (kth_distance(X, x, k) + kth_distance(X, x, k + 1)) / 2
        x = x + delta / (d + 2) * nn_density_gradient(X, x, delta) / nn_density(
            X, x, delta, uniform_kernel)
    return float(np.linalg.norm(x - _mean_shift_ends(k)[0][26]))


@cache
def _nn_estimate_falls():
    """Section 5 of 03: the moves in which f_NN(x; k) falls, i.e. delta_(k) grows."""
    from ..kernels import kth_distance, nn_mean_shift_path
    X, k = _blobs(), 20
    falls = 0
    for start in X:
        path = nn_mean_shift_path(X, start, k)
        h = [kth_distance(X, p, k) for p in path]
        falls += sum(b > a for a, b in zip(h[:-1], h[1:], strict=True))
    return falls


# -- notebook 04 ---------------------------------------------------------------------------

def _mean_distance(d, lam):
    """sum over {0,1}^d of H(x, 0) K_lam(x), K_lam written out."""
    H = _cube(d).sum(axis=1)
    return float(np.sum(H * lam ** (d - H) * (1 - lam) ** H))


def _shell(d, rho, lam):
    """The mass of the shell at distance rho: comb(d, rho) points of lam^(d - rho)
    (1 - lam)^rho each."""
    return math.comb(d, rho) * lam ** (d - rho) * (1 - lam) ** rho


def _smallest_peaked_lam():
    """The first lam of the scan whose largest f~ is at least 1.6 times the second largest."""
    for lam in np.linspace(0.5, 1.0, 51):
        f = np.sort(_kde_aa(_SIX, _cube(4), lam))
        if f[-1] >= 1.6 * f[-2]:
            return float(lam)
    raise ValueError("no lam of the scan peaks f~ 1.6 times above the rest")


def _local_modes(lam):
    cube = _cube(4)
    f = _kde_aa(_SIX, cube, lam)
    neighbours = _distances(cube, cube) == 1
    return int(sum(np.all(f[j] >= f[neighbours[j]]) for j in range(len(cube))))


# -- notebook 05 ---------------------------------------------------------------------------

@cache
def _printed_A_differs():
    """Exercise 1 of 05: the (point, k) cases where x + (r - x)/delta is not r, q >= 1."""
    from ..kernels import kth_distance, median_shift_ratio
    differ = 0
    for k in range(2, 7):
        for x in _EIGHT:
            r, q = median_shift_ratio(_EIGHT, x, k)
            if q >= 1:
                differ += not np.allclose(x + (r - x) / kth_distance(_EIGHT, x, k), r)
    return differ


@cache
def _m0_rate(name, k1, tie="one", coding=None):
    from .. import checks, datasets
    loader = getattr(datasets, f"load_{name}")
    X = (loader(coding=coding) if coding else loader()).data
    return float(checks.zero_over_zero_rate(X, [k1], tie=tie)[k1])


@cache
def _girl_q():
    from ..hamming import nearest_neighbours
    Z = _zoo().data
    _, idx = nearest_neighbours(Z, Z[29:30], 5)
    voters = Z[idx[0]]
    return int(np.all(voters == _majority(voters), axis=1).sum())


@cache
def _spect_modes_that_are_data():
    from .. import bga
    from ..datasets import load_spect
    D = load_spect().data
    modes = np.unique(bga(D, D, 10)[0], axis=0)
    return int(np.sum(_distances(modes, D).min(axis=1) == 0))


# -- the exercises -------------------------------------------------------------------------

EXERCISES = {
    # Notebook 01: binary data and the Hamming distance.
    "01.eq3_printed": Choice(
        "The paper prints H(x1, x2) = d - (x1 - x2)^T (x1 - x2). For 0/1 vectors this counts: "
        "(a) the coordinates that differ, (b) the coordinates that agree, (c) twice the "
        "coordinates that differ.",
        {"a": "differ", "b": "agree", "c": "twice"}, "b",
        {"a": "(x1 - x2)^T (x1 - x2) alone counts the differences; d minus it (section 4).",
         "c": "each coordinate of x1 - x2 is -1, 0 or 1: its square is 1 or 0 (section 4)."}),
    "01.bear_penguin": Number(
        "The Hamming distance between the bear and the penguin of Zoo.", _bear_penguin, 0,
        "section 3: count the columns where their bits differ (legs counts twice)."),
    "01.disjunctive": Number(
        "Under disjunctive coding, in how many bits do the codes of two different classes "
        "differ?", 2, 0, "section 2, 'What each coding does to distances'."),
    "01.sphere": Number(
        "How many points of {0,1}^4 are at Hamming distance exactly 2 from 0000?",
        lambda: math.comb(4, 2), 0, "section 3, 'Spheres around a point' (and the figure)."),
    "01.own_nn": Number(
        "Under neighbours='index', how many Zoo animals are not in their own NN_1?",
        _missing_from_own_nn1, 0,
        "section 5: those with a duplicate of lower index; the table's row k = 1."),
    # Notebook 02: the median centre is the majority vote.
    "02.inertia": Number(
        "The inertia I(1111) of the survey (seven rows, all weights 1).",
        lambda: int(_distances(_SURVEY, [[1, 1, 1, 1]]).sum()), 0,
        "section 2: add up H(X_i, 1111) over the seven rows."),
    "02.split": Choice(
        "Why can the median centre be found one coordinate at a time? (a) the inertia is a sum "
        "of terms that each depend on one bit x_j, (b) the rows of X are independent, "
        "(c) the mean of the rows is binary.",
        {"a": "sum", "b": "independent", "c": "mean"}, "a",
        {"b": "no probability is involved: the argument is about the sum (section 4).",
         "c": "the mean is 0.714 in a coordinate: not binary (section 1)."}),
    "02.weighted": Choice(
        "With weight 5 on X[5] = 1111 and 1 on the other rows, the median centre is: "
        "(a) 1010, (b) 1111, (c) 1011.",
        {"a": "1010", "b": "1111", "c": "1011"}, "b",
        {"a": "1010 is the unweighted centre; the heavy row now wins coordinates 1 and 3.",
         "c": "coordinates 1 and 3 are decided the same way (section 5)."}),
    "02.ties": Number(
        "The four rows T = X[[0, 2, 5, 6]] tie in two coordinates: how many minimisers of "
        "the inertia do they have?", lambda: _minimisers(_SURVEY[[0, 2, 5, 6]]), 0,
        "section 6: each tied coordinate can be completed with 0 or 1."),
    "02.odd_k1": Choice(
        "With an odd number k1 of votes, all of weight 1, a tie: (a) happens in about half of "
        "the coordinates, (b) cannot happen, (c) happens only with duplicate rows.",
        {"a": "half", "b": "never", "c": "duplicates"}, "b",
        {"a": "a tie needs exactly half of the votes: 2 * ones = k1 (section 6).",
         "c": "a tie needs 2 * ones = k1, impossible for an odd k1 (section 6)."}),
    # Notebook 03: mean shift on continuous data.
    "03.A": Choice(
        "Which A turns Eq. (1) with the nearest-neighbour estimates into Eq. (2)? "
        "(a) delta/(d + 2) I, as printed, (b) delta^2/(d + 2) I, (c) delta^2/2 I.",
        {"a": "printed", "b": "squared", "c": "binary"}, "b",
        {"a": "section 4: the printed A misses the mean unless delta = 1.",
         "c": "delta^2/2 is the binary case of notebook 05; here the factor is d + 2."}),
    "03.climbs": Choice(
        "Each step of Eq. (2) is guaranteed to raise: (a) the nearest-neighbour estimate "
        "f_NN at its own bandwidth, (b) the Epanechnikov estimate with the bandwidth frozen "
        "at delta_(k)(x_j), (c) every kernel estimate.",
        {"a": "f_NN", "b": "frozen", "c": "every"}, "b",
        {"a": "section 5: f_NN fell in some of the 918 moves.",
         "c": "section 5: only the frozen-bandwidth Epanechnikov estimate is proven to rise."}),
    "03.nn_falls": Number(
        "In how many of the 918 moves of the 200 ascents (k = 20) does f_NN(x; k) fall?",
        _nn_estimate_falls, 0, "section 5, the counts below the first step."),
    "03.modes_k20": Number(
        "With k = 20, how many distinct fixed points do the 200 ascents reach (modes not "
        "joined)?", lambda: len(np.unique(_mean_shift_ends(20)[0], axis=0)), 0,
        "section 7, the table of k, modes and ARI."),
    # Notebook 04: the Aitchison-Aitken kernel.
    "04.exponent": Choice(
        "In K_lam(x) = lam^(d - x'x) (1 - lam)^(x'x), the Hamming distance H(x, 0) = x'x is "
        "the exponent of: (a) lam, as the paper's sentence says, (b) 1 - lam.",
        {"a": "lam", "b": "1-lam"}, "b",
        {"a": "the exponent of lam is d - x'x, the bits that agree with 0 (section 4)."}),
    "04.K1": Choice(
        "At lam = 1 the kernel K_1 puts all its mass on: (a) 0000, (b) 1111, (c) every point "
        "equally.",
        {"a": "0", "b": "1", "c": "uniform"}, "a",
        {"b": "that is the misreading of the sentence (section 4); 0^0 = 1 keeps 0000.",
         "c": "that is lam = 1/2 (section 3)."}),
    "04.mean_H": Number(
        "For d = 4 and lam = 0.75, the mean distance from 0 under K_lam, sum H K_lam.",
        lambda: _mean_distance(4, 0.75), 1e-9,
        "section 2: the mean of a binomial, d (1 - lam)."),
    "04.kde_0011": Number(
        "The estimate f~(0011; 0.75) of the six points, to 0.0001.",
        lambda: float(_kde_aa(_SIX, np.array([[0, 0, 1, 1]]), 0.75)[0]), 5e-5,
        "section 5, the table of f~ at every point of {0,1}^4."),
    "04.eq6": Choice(
        "Eq. (6), the gradient of f~ as printed, is: (a) correct, it matches finite "
        "differences, (b) wrong in sign, (c) wrong by a power of delta.",
        {"a": "correct", "b": "sign", "c": "power"}, "a",
        {"b": "section 6: the flipped sign misses the finite differences by 0.114.",
         "c": "there is no delta in Eq. (6); that slip is in notebook 05."}),
    # Notebook 05: from the kernel to the median shift.
    "05.sign": Choice(
        "With the convention log(lam / (1 - lam)) = 1, D K_1(u) is: (a) +2u K_1(u), as "
        "printed, (b) -2u K_1(u).",
        {"a": "printed", "b": "corrected"}, "b",
        {"a": "the factor of D K_lam is log((1 - lam)/lam) = -1 (section 4)."}),
    "05.A": Choice(
        "Which A turns Eq. (1) with the chain-rule D f^ into x_{j+1} = r(x_j)? "
        "(a) delta/2 I, as printed, (b) delta^2/2 I, (c) delta^2/(d + 2) I.",
        {"a": "printed", "b": "squared", "c": "section2"}, "b",
        {"a": "section 6: with the chain-rule gradient it stops short of r(x).",
         "c": "d + 2 belongs to the Epanechnikov kernel of Section 2 (notebook 05, section 1)."}),
    "05.girl_q": Number(
        "On Zoo with k1 = 5, starting at the girl: q, the number of neighbours equal to "
        "their majority vote.", _girl_q, 0, "section 9: the aardvark and the bear."),
    "05.zoo_q0_k40": Number(
        "The share of Zoo's points with q = 0 at k1 = 40, to 0.001.",
        lambda: _m0_rate("zoo", 40), 5e-4, "section 8, the table of the five data sets."),
    "05.car": Choice(
        "Why is q = 0 never seen on Car (additive coding)? (a) k1 is too small, (b) the "
        "majority vote of additive codes is a run of ones in every block, the code of a car, "
        "and in every case measured that car was among the neighbours, (c) Car has no "
        "duplicate rows.",
        {"a": "k1", "b": "runs", "c": "duplicates"}, "b",
        {"a": "section 8: the rate is 0 at every k1 measured, from 1 to 40.",
         "c": "duplicates make q = 0 rarer, not impossible; read section 8 on Car."}),
}

# The results of the notebooks' own exercises, as the solutions compute them.
_RESULTS = {
    "01.2": ("Exercise 2: the sum of the 6 x 6 matrix of distances between the additive codes "
             "of six ordered classes.",
             lambda: int(np.abs(np.subtract.outer(range(6), range(6))).sum()), 0,
             "H(class i, class j) = |i - j|; add up the whole matrix."),
    "01.3": ("Exercise 3: the number of columns of Car.", _car_columns, 0,
             "additive coding without the constant first bit: one fewer than the values."),
    "01.4": ("Exercise 4: the number of points of {0,1}^6 at distance exactly 3 from a point.",
             lambda: math.comb(6, 3), 0, "choose the 3 coordinates that differ."),
    "02.1": ("Exercise 1: of the 512 ordered triples of points of {0,1}^3, how many have a "
             "majority vote that is none of the three?", _triples_outside, 0,
             "itertools.product(cube, repeat=3), then test maj(t) against each of t."),
    "02.2": ("Exercise 2: the weight w of X[5] at which the median centre is not unique (a "
             "tie in coordinates 1 and 3).",
             _boundary_weight, 0, "in coordinates 1 and 3, weigh w + 1 votes against 5.",
             ((lambda: _boundary_weight() + 1, "that is the smallest whole weight with X[5] the "
               "only centre; the question asks for the weight of the tie, where w + 1 votes "
               "for 1 equal the 5 votes for 0 and both bits minimise."),)),
    "02.3": ("Exercise 3: the exact probability of a tie with k = 20 fair votes, to 0.001.",
             lambda: math.comb(20, 10) / 2**20, 5e-4,
             "math.comb(k, k // 2) / 2**k (the exact value, not the simulation)."),
    "03.1": ("Exercise 1: the number of updates from X[26] with k = 80.",
             lambda: int(_mean_shift_ends(80)[1][26]), 0,
             "len(nn_mean_shift_path(X, X[26], 80)) - 1."),
    "03.2": ("Exercise 2: the most updates of any of the 200 ascents with k = 20.",
             lambda: int(_mean_shift_ends(20)[1].max()), 0,
             "len(path) - 1 for every start, then the maximum."),
    "03.3": ("Exercise 3: the distance between where the printed A ends after 30 steps and "
             "where the path of Eq. (2) ends, to 0.01.", _printed_A_gap, 0.005,
             "np.linalg.norm of the difference of the two end points."),
    "03.4": ("Exercise 4: the number of modes of the nearest-neighbour mean shift with k = 5.",
             lambda: len(np.unique(_mean_shift_ends(5)[0], axis=0)), 0,
             "np.unique of the end points of all 200 ascents, axis=0."),
    # at distance 2, not d/2 = 3: there the misprint's lam^H (1 - lam)^(d - H) is the same
    "04.1": ("Exercise 1: with lam = 0.7, the mass of the shell at distance 2 from 0 in "
             "{0,1}^6, to 0.0001.", lambda: _shell(6, 2, 0.7), 5e-5,
             "15 points, each with the product of four lam and two 1 - lam.",
             ((lambda: _shell(6, 2, 0.3), "that is the misprinted kernel, lam^H (1 - lam)^(d - "
               "H); the distance is the exponent of 1 - lam (section 4 of 04)."),
              (lambda: _shell(6, 2, 0.7) / 15, "that is one point; the shell holds "
               "comb(6, 2) = 15 of them."))),
    "04.2": ("Exercise 2: for d = 10 and the lam that puts the mass one bit from 0 on "
             "average, the share of the mass at 0 itself, to 0.001.", lambda: 0.9**10, 5e-4,
             "d (1 - lam) = 1 gives lam = 0.9; then K_lam(0) = lam^d."),
    "04.3": ("Exercise 3: the smallest lam of the grid 0.50, 0.51, ..., 1.00 "
             "(np.linspace(0.5, 1.0, 51)) at which f~(0011) is at least 1.6 times every other "
             "value, to 0.01 (a point of the grid).",
             _smallest_peaked_lam, 0.005,
             "scan np.linspace(0.5, 1.0, 51); compare the two largest values of kde (the exact "
             "threshold lies between two points of the grid: the answer is the grid's)."),
    "04.4": ("Exercise 4: the number of local modes of f~ at lam = 0.7.",
             lambda: _local_modes(0.7), 0, "one per group of the data at this lam."),
    "05.1": ("Exercise 1: over k = 2..6 and the eight points, how many updates "
             "x + (r(x) - x)/delta differ from r(x) (cases with q = 0 left out)?",
             _printed_A_differs, 0, "they agree only where delta = 1 or r(x) = x."),
    "05.2": ("Exercise 2: Spect, k1 = 4, tie='keep': the share of points with q = 0, to "
             "0.001.", lambda: _m0_rate("spect", 4, "keep"), 5e-4,
             "checks.zero_over_zero_rate(spect, [4], tie='keep')."),
    "05.3": ("Exercise 3: Car coded disjunctively, k1 = 5: the share of points with q = 0, "
             "to 0.001.", lambda: _m0_rate("car", 5, coding="disjunctive"), 5e-4,
             "load_car(coding='disjunctive'), then checks.zero_over_zero_rate."),
    "05.4": ("Exercise 4: Spect, k1 = 10: how many of the distinct modes are data points?",
             _spect_modes_that_are_data, 0,
             "np.unique of the modes of bga(D, D, 10), then their nearest data point."),
}


EXERCISES.update({i: Number(*args) for i, args in _RESULTS.items()})


def _third_formula(A, B):
    """sum(x) + sum(y) - 2 x.y for every row x of A and y of B, on signed integers."""
    A, B = np.asarray(A, dtype=np.int64), np.asarray(B, dtype=np.int64)
    return A.sum(axis=1)[:, None] + B.sum(axis=1)[None, :] - 2 * A @ B.T


def _third_formula_cases():
    """Inputs for 01.1: vectors of counts first, where the formula is no Hamming distance
    (so counting the differing coordinates fails), then long uint8 rows (a product of
    uint8 arrays wraps past 255), then Zoo."""
    counts = np.array([[2, 0, 1], [1, 1, 1], [0, 3, 0]], dtype=np.int64)
    ones = np.ones((2, 300), dtype=np.uint8)
    ones[1, :100] = 0
    zoo = _zoo().data
    load = "from binms_teach.datasets import load_zoo"
    return [dict(A=counts, B=counts[:2]), dict(A=ones, B=ones),
            dict(A=zoo[:12], B=zoo, _code={"A": ("load_zoo().data[:12]", load),
                                           "B": ("load_zoo().data", load)})]


EXERCISES["01.1"] = Implement(
    "Exercise 1: third_formula(A, B), the matrix of sum(x) + sum(y) - 2 x.y for every row x "
    "of A and y of B, written with sums and one matrix product (it is checked on vectors of "
    "counts too, where it is not the Hamming distance, and on rows of 300 uint8 bits).",
    "third_formula", _third_formula, _third_formula_cases)
EXERCISES["02.4"] = Choice(
    "Exercise 4: which tie rule makes the majority vote the mean rounded half down? "
    "(a) tie='one', (b) tie='zero', (c) tie='keep'.",
    {"a": "one", "b": "zero", "c": "keep"}, "b",
    {"a": "tie='one' sends a mean of exactly 1/2 to 1: that is rounding half up.",
     "c": "tie='keep' rounds 1/2 towards the current bit, up or down."})
