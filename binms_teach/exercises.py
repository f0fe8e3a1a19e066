"""Exercises that answer back: ``check(exercise_id, answer)`` gives a one-line verdict.

Three kinds of exercise (the ids are ``"NN.name"``, NN the notebook):

* a multiple-choice question: answer with the letter, ``check("06.voters", "b")``;
* a number, right within a tolerance: ``check("07.eps_k2_20", 18.6)``;
* implement it yourself: answer with your function; ``check`` calls it and the package's
  version on small adversarial inputs (ties, duplicate rows, k at its bounds, epsilon 0)
  and random ones, and reports the first input where they differ.

``check`` never raises on a wrong answer: a wrong value, type or shape, an unknown id or a
function that raises all give a `Verdict`. The placeholder ``...`` (and a function that
raises ``NotImplementedError``) gives "not answered yet".

Examples
--------
>>> from binms_teach.exercises import check
>>> check("06.odd_k1_ties", 0)
06.odd_k1_ties: correct.
>>> check("06.odd_k1_ties", ...)
06.odd_k1_ties: not answered yet.
>>> check("06.odd_k1_ties", "zero").correct
False
"""

import html
from dataclasses import dataclass, field

import numpy as np

from .ascent import bga_step as _bga_step
from .hamming import hamming as _hamming
from .labelling import epsilon_proximity as _epsilon_proximity
from .majority import majority_vote as _majority_vote

__all__ = ["Verdict", "check", "list", "question"]


@dataclass(frozen=True)
class Verdict:
    """The result of `check`: ``correct`` and a one-line ``message``; shown as the message."""

    correct: bool
    message: str

    def __repr__(self):
        return self.message

    def _repr_html_(self):
        # Okabe-Ito green / vermillion; grey for a question not answered yet
        colour = "#009E73" if self.correct else "#D55E00"
        if self.message.endswith("not answered yet."):
            colour = "#666666"
        return f'<span style="color:{colour}">{html.escape(self.message)}</span>'


@dataclass(frozen=True)
class Choice:
    """A multiple-choice question; ``hints`` maps a wrong letter to why it is wrong."""

    question: str
    options: dict
    answer: str
    hints: dict = field(default_factory=dict)

    def judge(self, answer):
        if not isinstance(answer, str) or answer.strip().lower() not in self.options:
            return False, (f"answer with one letter of {sorted(self.options)} (a string), "
                           f"not {_short(answer)}.")
        letter = answer.strip().lower()
        if letter == self.answer:
            return True, "correct."
        return False, f"not ({letter}): {self.hints.get(letter, 'read the question again.')}"


@dataclass(frozen=True)
class Number:
    """A question whose answer is a number, right within ``tol``; ``hint`` says where to look."""

    question: str
    answer: float
    tol: float
    hint: str

    def judge(self, answer):
        if isinstance(answer, bool) or not isinstance(answer, (int, float, np.integer,
                                                               np.floating)):
            return False, f"answer with a number, not {_short(answer)}."
        if not np.isfinite(answer):
            return False, f"answer with a finite number, not {answer}."
        if abs(answer - self.answer) <= self.tol:
            return True, "correct."
        side = "too small" if answer < self.answer else "too large"
        return False, f"{_short(answer)} is {side}; hint: {self.hint}"


@dataclass(frozen=True)
class Implement:
    """Write ``name`` yourself; ``cases`` are (kwargs) inputs, ``reference`` the package."""

    question: str
    name: str
    reference: object
    cases: object  # a function returning the list of inputs, smallest and trickiest first
    same: object = None  # how to compare two outputs; default: equal arrays

    def judge(self, answer):
        if not callable(answer):
            return False, f"answer with your function {self.name} itself, not {_short(answer)}."
        for kwargs in self.cases():
            expected = self.reference(**kwargs)
            shown = ", ".join(f"{k}={_short(v)}" for k, v in kwargs.items())
            try:
                got = answer(**{k: _copy(v) for k, v in kwargs.items()})
            except NotImplementedError:
                return False, "not answered yet."
            except Exception as error:  # noqa: BLE001 - any error of the student's code
                first = str(error).splitlines()[0] if str(error) else ""
                return False, (f"{self.name}({shown}) raised {type(error).__name__}: {first}")
            ok, why = (self.same or _same_array)(expected, got)
            if not ok:
                return False, (f"{self.name}({shown}): expected {_short(expected)}, "
                               f"got {_short(got)}{why}")
        return True, "correct (same as the package on every test input)."


def _copy(value):
    return value.copy() if isinstance(value, np.ndarray) else value


def _short(value, limit=90):
    """A one-line, short text of a value (arrays as nested lists)."""
    if isinstance(value, np.ndarray):
        value = value.tolist()
    text = repr(value) if not isinstance(value, float) else f"{value:g}"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _same_array(expected, got):
    """Equal values and shape; integers compare equal to bools and floats of equal value."""
    try:
        got = np.asarray(got)
    except Exception:  # noqa: BLE001 - a ragged or odd return value
        return False, " (not an array)"
    if got.shape != np.shape(expected):
        return False, f" (shape {got.shape}, expected {np.shape(expected)})"
    if got.dtype == object or not np.array_equal(got, expected):
        return False, ""
    return True, ""


def _same_partition(expected, got):
    """Equal up to renaming the labels: the same pairs of points share a cluster."""
    ok, why = _same_array(expected, got)
    if why:  # a shape or type problem
        return ok, why
    got = np.asarray(got)
    same = np.equal.outer(expected, expected) == np.equal.outer(got, got)
    return bool(same.all()), "" if same.all() else " (as partitions, up to renaming labels)"


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
    return _same_array(expected, got)


# -- the exercises -------------------------------------------------------------------------

EXERCISES = {
    # Implement it yourself (01 and 02 are wired into their notebooks by a later session).
    "01.hamming": Implement(
        "Write hamming(a, b): the number of coordinates where the 0/1 vectors a and b differ.",
        "hamming", lambda a, b: int(_hamming(a[None, :], b[None, :])[0, 0]), _hamming_cases),
    "02.majority_vote": Implement(
        "Write majority_vote(X, tie): the component-wise majority of the rows of X; where "
        "exactly half vote 1, tie='one' gives 1 and tie='zero' gives 0.",
        "majority_vote", lambda X, tie: _majority_vote(X, tie=tie), _vote_cases),
    "06.bga_step": Implement(
        "Write bga_step(X, x, k1, tie): one update x -> maj(NN_k1(x)); the k1 nearest rows of "
        "X (a data point is its own neighbour at distance 0; at equal distance the lower row "
        "index first), then their majority vote with the tie rule.",
        "bga_step", _step_reference, _step_cases, _same_step),
    "07.label": Implement(
        "Write label(M, epsilon): cluster labels, the connected components of the graph that "
        "joins rows of M at Hamming distance H <= epsilon.",
        "label", lambda M, epsilon: _epsilon_proximity(M, epsilon), _label_cases,
        _same_partition),
    # Notebook 06: the binary gradient ascent.
    "06.update": Choice(
        "x_{j+1} of the BGA task (Eq. 7) is: (a) the mean of NN_k1(x_j), (b) maj(NN_k1(x_j)) "
        "taken among the iterates, (c) maj(NN_k1(x_j)) taken among the original data X.",
        {"a": "mean", "b": "iterates", "c": "data"}, "c",
        {"a": "a mean of 0/1 vectors is not binary; the median centre is the majority vote.",
         "b": "the ascent is non-blurring: the neighbours always come from the data."}),
    "06.odd_k1_ties": Number(
        "With k1 = 11, how many tied bits can one update have?", 0, 0,
        "a tie needs exactly half of the k1 votes, 2 * ones = k1."),
    "06.ball_self": Choice(
        "Is a data point always among its own voters? (a) yes, under both rules, (b) under "
        "'ball' always, under 'index' unless k1 or more lower-index copies of it exist, "
        "(c) never: it is excluded.",
        {"a": "both", "b": "ball", "c": "never"}, "b",
        {"a": "under 'index' k1 lower-index copies at distance 0 fill NN_k1 first.",
         "c": "x is at distance 0 from itself: NN_k1 includes it (section 2 of notebook 06)."}),
    "06.printed_updates": Choice(
        "As printed, Algorithm 1 with the cap j_max computes how many updates and returns "
        "which iterate? (a) j_max, the last, (b) j_max + 1, the one before the last, "
        "(c) j_max + 1, the last.",
        {"a": "jmax-last", "b": "jmax+1-before", "c": "jmax+1-last"}, "b",
        {"a": "count the loop's passes again: the printed loop runs once more.",
         "c": "the printed algorithm throws its last update away (the package does not)."}),
    "06.density": Choice(
        "The ascent of a 4 drawn like a 9 ends at: (a) a mode of fours, because the ascent "
        "uses the labels, (b) a mode of nines, because it follows the density of the data.",
        {"a": "labels", "b": "density"}, "b",
        {"a": "the ascent never sees the labels y; look at the nines around it."}),
    # Notebook 07: epsilon-proximity labelling.
    "07.inclusive": Choice(
        "The merge test of Algorithm 1 and of the package joins two final iterates when "
        "(a) H < epsilon, (b) H <= epsilon.",
        {"a": "strict", "b": "inclusive"}, "b",
        {"a": "the package follows the paper and the authors' code (section 5 of 07)."}),
    "07.eps_k2_20": Number(
        "epsilon(k2 = 20) on the Digits modes of BinNNMS(k1=10): its value, to 0.1.",
        18.6, 0.05, "notebook 07, sections 2 and 4."),
    "07.strict_clusters": Number(
        "With epsilon = 18 given explicitly, the strict test H < 18 gives how many clusters "
        "on the Digits modes?", 64, 0, "the strict test is the inclusive test at 17 (section 5)."),
    "07.random_nmi": Number(
        "A random labelling of the 2000 digits into 1000 clusters: its NMI, to 0.01.",
        0.372, 0.005, "NMI grows with the number of clusters (section 3 of 07)."),
    "07.chaining": Choice(
        "Two modes in one cluster are: (a) always within epsilon of each other, (b) linked by "
        "a chain of modes, each within epsilon of the next (single linkage).",
        {"a": "within", "b": "chain"}, "b",
        {"a": "clusters are connected components: one chain of short hops is enough."}),
    # Notebook 08: Table 3.
    "08.digits_nmi": Number(
        "BinNNMS on Digits with (k1, k2) = (10, 25) in the file's row order: its NMI, to 0.001.",
        0.880, 0.0005, "the take-aways of notebook 08 (the paper's figure)."),
    "08.order_mean": Number(
        "The same setting over ten random row orders: the mean NMI, to 0.001.",
        0.857, 0.0005, "the file's order is a favourable one (take-aways of 08)."),
    "08.chance": Choice(
        "Which score grows with the number of clusters even when nothing is found (Spect, "
        "Car)? (a) NMI, (b) AMI, (c) ARI.",
        {"a": "NMI", "b": "AMI", "c": "ARI"}, "a",
        {"b": "AMI is corrected for chance.", "c": "ARI is corrected for chance."}),
    "08.car": Choice(
        "Why does Car collapse to one cluster? (a) k1 is too small, (b) its data are a complete "
        "grid of attribute values, so no car is in a denser place than another, (c) a bug in "
        "the labelling.",
        {"a": "k1", "b": "grid", "c": "bug"}, "b",
        {"a": "no setting of the sweep separates the classes.",
         "c": "the labelling is checked against a plain loop; look at the data."}),
    # Notebook 09: Figure 1, the (k1, k2) sweep.
    "09.floor": Choice(
        "Two values of k2 with epsilon(k2) = 18.2 and 18.9 give: (a) the same clustering, "
        "(b) different clusterings.",
        {"a": "same", "b": "different"}, "a",
        {"b": "Hamming distances are whole numbers: H <= 18.2 and H <= 18.9 are H <= 18."}),
    "09.best_k2_k1_20": Number(
        "On Digits, the best k2 at k1 = 20 (the band of notebook 09).", 50, 0,
        "the best k2 grows with k1: 2 at k1 = 0, 25 at k1 = 10."),
    "09.zoo_orders": Number(
        "Zoo's best NMI over ten random row orders (the mean), to 0.001.", 0.791, 0.0005,
        "the take-aways of notebook 09 (0.901 is the file's order)."),
    "09.sweep_cost": Choice(
        "A sweep over 8 values of k1 and 9 values of k2 needs how many ascents? (a) 72, (b) 8, "
        "(c) 9.",
        {"a": "72", "b": "8", "c": "9"}, "b",
        {"a": "only epsilon(k2) and the labelling change with k2.",
         "c": "the ascent depends on k1, not on k2."}),
    # Notebook 10: Figure 2, the quantization error.
    "10.toy_error": Number(
        "The toy example of section 1: the quantization error to the median centres.",
        0.4, 1e-9, "(0 + 1 + 1 + 0 + 0) / 5."),
    "10.which_points": Choice(
        "Figure 2's errors are measured on: (a) the data points, (b) the iterates x_{l,j}.",
        {"a": "data", "b": "iterates"}, "b",
        {"a": "the data do not move: their error to fixed prototypes is a flat line."}),
    "10.soybean_k1_20": Number(
        "On Soybean, the target error at the end of the ascent with k1 = 20, to 0.01.",
        9.43, 0.005, "section 4 of notebook 10 (it ends farther than k1 = 10)."),
    "10.claim": Choice(
        "On these four data sets the relative decrease of the error and the ARI are: "
        "(a) inversely related, as the paper says, (b) positively rank-correlated, "
        "(c) unrelated.",
        {"a": "inverse", "b": "positive", "c": "unrelated"}, "b",
        {"a": "the rank correlation is +0.80 at each k1 and +0.64 overall.",
         "c": "the rank correlation is +0.80 at each k1 and +0.64 overall."}),
    # Notebook 11: Figure 3, the prototypes.
    "11.reshape": Choice(
        "A Digits row as an image is: (a) x.reshape(15, 16), (b) x.reshape(16, 15), "
        "(c) x.reshape(12, 20).",
        {"a": "15x16", "b": "16x15", "c": "12x20"}, "b",
        {"a": "the images are 16 rows of 15 pixels, read row by row.",
         "c": "240 = 12 x 20 too, but the images are 16 x 15."}),
    "11.bin_clusters": Number(
        "How many clusters does BinNNMS(k1=10, k2=25) find on Digits?", 40, 0,
        "ten large ones and a tail of small ones (notebook 11)."),
    "11.kmodes_misses": Number(
        "In how many of the ten seeded k-modes runs (k = 10) is at least one digit left "
        "without a prototype?", 5, 0, "half of the runs (notebook 11)."),
    "11.fixed_k": Choice(
        "Why does BinNNMS keep every digit apart while k-modes with k = 10 often does not? "
        "(a) BinNNMS uses the labels, (b) k-modes must place exactly ten centres; BinNNMS can "
        "afford extra small clusters for unusual images.",
        {"a": "labels", "b": "fixed k"}, "b",
        {"a": "neither method sees the labels while clustering."}),
}

# The results of the notebooks' own exercises (what the solutions notebooks print): "NN.k" is
# exercise k of notebook NN.
_RESULTS = {
    "06.1": ("Exercise 1: the Hamming distance between the modes of image 882 with k1 = 10 and "
             "k1 = 11.", 13, 0, "ascent_trace(X, 882, k) for both, then hamming of the two modes."),
    "06.2": ("Exercise 2: the number of distinct modes with tie='keep' (k1 = 10, all images).",
             1901, 0, "np.unique(modes, axis=0) on the modes of bga(X, X, 10, tie='keep')."),
    "06.3": ("Exercise 3: the row index of the image with the most moves for k1 = 10.", 1056, 0,
             "moves = n_iter - converged from bga(X, X, 10); then np.argmax."),
    "06.4": ("Exercise 4: with k1 = 1, how many images have another row (a copy) as their only "
             "voter?", 6, 0, "nearest_neighbours(X, X, 1): where is the index not the row itself?"),
    "06.5": ("Exercise 5: the Hamming distance between the point the printed loop returns "
             "(j_max = 3) and the last point it computed.", 7, 0,
             "compare bga(..., max_iter=3) with bga(..., max_iter=4)."),
    "07.1": ("Exercise 1: the best k2 when epsilon is the authors' epsilon(k2 + 1).", 24, 0,
             "the authors' curve is the package's moved one step of k2."),
    "07.2": ("Exercise 2: the diameter (largest Hamming distance between two of its modes) of "
             "the largest cluster at k2 = 25.", 85, 0,
             "hamming(distinct modes of the cluster).max(); it is far above epsilon."),
    "07.3": ("Exercise 3: the best k2 (best NMI) for the modes of k1 = 20.", 59, 0,
             "LabellingModel on the k1 = 20 modes, NMI for k2 up to about 80."),
    "07.4": ("Exercise 4: the whole-number epsilon between 10 and 40 with the best NMI "
             "(k1 = 10 modes).", 21, 0, "labelling.state(epsilon=e) for e in range(10, 41)."),
    "08.1": ("Exercise 1: Zoo, k = 8, n_init=10: the mean NMI over the ten runs, to 0.001.",
             0.798, 0.0005, "experiments.kmodes_runs(..., n_init=10) on Zoo with k = 8."),
    "08.2": ("Exercise 2: the NMI of BinNNMS(k1=10, k2=25) on Zoo, to 0.001.", 0.854, 0.0005,
             "fit BinNNMS(k1=10, k2=25) on Zoo and score with nmi."),
    "08.3": ("Exercise 3: Car in disjunctive coding: the distance from a car to its nearest "
             "other car.", 2, 0, "one attribute changed moves one bit off and another on."),
    "08.4": ("Exercise 4: Spect: the NMI of a random labelling into 150 clusters (seed 0), to "
             "0.001.", 0.155, 0.0005, "np.random.default_rng(0).integers(150, size=n)."),
    "09.1": ("Exercise 1: Zoo with epsilon_from='data': the k2 of the best setting.", 15, 0,
             "epsilon on the data is larger at the same k2, so the best k2 moves down."),
    "09.2": ("Exercise 2: Soybean, tie='zero': the NMI of the 40-cluster setting closest to the "
             "paper, to 0.001.", 0.740, 0.0005, "two settings give exactly 40 clusters."),
    "09.3": ("Exercise 3: Digits, k1 = 5, k2 = 30 (11 clusters): its NMI, to 0.01.", 0.05,
             0.005, "about ten clusters here means one giant cluster and a few small ones."),
    "10.1": ("Exercise 1: the found-cluster error at j = 1 by loops, to 0.001.", 4.267, 0.0005,
             "it equals curves.found[1]."),
    "10.2": ("Exercise 2: the error of the data to the target prototypes (Zoo), to 0.001.",
             1.634, 0.0005, "it is the same at every iteration: the data do not move."),
    "10.3": ("Exercise 3: Digits, k1 = 10, k2 = 50: the found-cluster error at the end, to 0.1.",
             52.5, 0.05, "quantization_curves(X, y, 10, 50).found[-1]."),
    "11.1": ("Exercise 1: into how many of the 40 clusters (by majority digit) is the digit 5 "
             "split?", 9, 0, "experiments.prototypes(X, y, labels, n=40): count majority 5."),
    "11.2": ("Exercise 2: the NMI of k-modes with k = 40 (seed 0, n_init=1), to 0.001.", 0.692,
             0.0005, "it stays far below BinNNMS's 0.880 with the same number of clusters."),
    "11.3": ("Exercise 3: how many clusters does (k1, k2) = (15, 50) give?", 19, 0,
             "fewer than the 40 of (10, 25)."),
}
EXERCISES.update({i: Number(*args) for i, args in _RESULTS.items()})


def list():  # noqa: A001 - the name the notebooks use: exercises.list()
    """Every exercise id, in notebook order.

    Examples
    --------
    >>> from binms_teach import exercises
    >>> "06.bga_step" in exercises.list()
    True
    """
    return sorted(EXERCISES)


def question(exercise_id):
    """The text of an exercise (its options included).

    Examples
    --------
    >>> question("06.odd_k1_ties")
    'With k1 = 11, how many tied bits can one update have?'
    """
    return EXERCISES[exercise_id].question


def check(exercise_id, answer):
    """Check an answer; returns a `Verdict` (``.correct``, ``.message``), never raises.

    Parameters
    ----------
    exercise_id : str
        One of `list()`, e.g. ``"06.bga_step"``.
    answer : str, number or function
        A letter for a multiple-choice question, a number, or your function for an
        implement-it-yourself exercise. ``...`` means "not answered yet".

    Examples
    --------
    >>> check("07.inclusive", "b")
    07.inclusive: correct.
    >>> check("07.inclusive", "a")
    07.inclusive: not (a): the package follows the paper and the authors' code (section 5 of 07).
    >>> check("07.nope", 1).correct
    False
    """
    exercise = EXERCISES.get(exercise_id) if isinstance(exercise_id, str) else None
    if exercise is None:
        return Verdict(False, f"unknown exercise id {_short(exercise_id)}; the ids are: "
                              f"{', '.join(sorted(EXERCISES))}.")
    if answer is ...:
        return Verdict(False, f"{exercise_id}: not answered yet.")
    try:
        correct, message = exercise.judge(answer)
    except Exception as error:  # noqa: BLE001 - a verdict, never an exception
        correct, message = False, f"could not check {_short(answer)}: {error}"
    return Verdict(bool(correct), f"{exercise_id}: {message}")


# ---------------------------------------------------------------- notebook 12 (issue 16)
# Choosing k1 and k2 without labels: the exercises' results and the concept questions.
EXERCISES.update({
    "12.1": Number(
        "Exercise 1: Votes: the ARI of the setting the rule 'stable_bic' chooses, to 0.001.",
        0.519, 0.0005, "choose_parameters(X, criterion='stable_bic'), then ari(y, sel.labels_)."),
    "12.2": Number(
        "Exercise 2: Zoo: the BIC of the Bernoulli mixture fitted to the seven true classes, "
        "to 0.1.", 1897.6, 0.05,
        "p = K d + K - 1 with K = 7, d = 21; theta smoothed by 1/2; natural logarithms."),
    "12.3": Number(
        "Exercise 3: Zoo at (k1, k2) = (10, 10): the stability over 10 subsamples "
        "(random_state=0), to 0.001.", 0.816, 0.0005,
        "choose_parameters(X, k1s=(10,), k2s=(10,), n_subsamples=10).scores['stability']."),
    "12.one_cluster": Choice(
        "Why may the rule never choose a one-cluster candidate while another is admissible? "
        "(a) its BIC is always the largest; (b) its stability is 1 on any data, so stability "
        "cannot tell it from a real structure; (c) its silhouette is always the largest.",
        {"a": "BIC", "b": "stability", "c": "silhouette"}, "b",
        {"a": "with many features one cluster can have the lowest BIC (section 2.4 of 12).",
         "c": "the silhouette of one cluster is not even defined."}),
    "12.cheap": Choice(
        "How many ascents does choose_parameters run on a grid of 12 k1 x 15 k2 with 3 "
        "subsamples? (a) 720; (b) 180; (c) 48.",
        {"a": "720", "b": "180", "c": "48"}, "c",
        {"a": "the modes do not depend on k2: one ascent per k1 serves every k2.",
         "b": "the modes do not depend on k2, and each k1 needs the data and 3 subsamples."}),
    "12.held_out": Choice(
        "Why does notebook 12 report the held-out data sets apart from the design sets? "
        "(a) the held-out sets are larger; (b) a figure on the data a rule was tuned on is "
        "optimistic; (c) the design sets have no labels.",
        {"a": "larger", "b": "optimistic", "c": "no labels"}, "b",
        {"a": "size has nothing to do with it: Zoo (design) is small, Digits (held out) not.",
         "c": "every data set has labels; the rule just does not use them."}),
    "12.no_structure": Choice(
        "Spect's supervised-best ARI on the grid is 0.021. What does the ratio auto / best "
        "mean there? (a) nothing: there is no structure to recover, a ratio to a best near 0 "
        "is noise; (b) that the rule failed; (c) that the rule beat the best.",
        {"a": "nothing", "b": "failed", "c": "beat"}, "a",
        {"b": "no setting recovers Spect's classes: there was nothing to find.",
         "c": "the ratio is negative there: the two ARIs are both noise around 0."}),
})
