"""binms_teach.exercises: every id answers back, and the implement-it-yourself checks catch bugs.

The student versions below are plain loops written here, independently of the package; the
buggy ones each carry one planted bug.
"""

import json
from pathlib import Path

import numpy as np
import pytest

from binms_teach import exercises
from binms_teach.exercises import EXERCISES, Choice, Implement, Number, Verdict, check

ROOT = Path(__file__).resolve().parents[1]

# -- correct student solutions, plain loops -------------------------------------------------

def hamming_ok(a, b):
    return sum(int(u != v) for u, v in zip(a, b, strict=True))


def majority_ok(X, tie):
    X = np.asarray(X)
    out = []
    for j in range(X.shape[1]):
        ones = sum(int(row[j]) for row in X)
        if 2 * ones > len(X) or (2 * ones == len(X) and tie == "one"):
            out.append(1)
        else:
            out.append(0)
    return np.array(out)


def nearest(X, x, k1, exclude_self=False, last_index_wins=False):
    order = sorted(range(len(X)), key=lambda i: (hamming_ok(X[i], x),
                                                 -i if last_index_wins else i))
    if exclude_self:
        order = [i for i in order if hamming_ok(X[i], x) > 0]
    return order[:k1]


def step_ok(X, x, k1, tie):
    return majority_ok(np.asarray(X)[nearest(X, x, k1)], tie)


def label_ok(M, epsilon):
    labels = [-1] * len(M)
    for start in range(len(M)):
        if labels[start] >= 0:
            continue
        labels[start], stack = start + 100, [start]  # other names than the package's 0, 1, ...
        while stack:
            i = stack.pop()
            for j in range(len(M)):
                if labels[j] < 0 and hamming_ok(M[i], M[j]) <= epsilon:
                    labels[j] = start + 100
                    stack.append(j)
    return labels


def third_formula_ok(A, B):
    # the formula of exercise 01.1 by plain loops: sum(x) + sum(y) - 2 x.y, in Python ints
    return [[sum(int(u) for u in x) + sum(int(v) for v in y)
             - 2 * sum(int(u) * int(v) for u, v in zip(x, y, strict=True)) for y in B]
            for x in A]


def independence_ok(X, seed):
    """Each column shuffled on its own, by a loop of swaps (Fisher-Yates)."""
    rng = np.random.default_rng(seed)
    out = np.array(X, copy=True)
    for c in range(out.shape[1]):
        for i in range(len(out) - 1, 0, -1):
            j = int(rng.integers(0, i + 1))
            out[i, c], out[j, c] = out[j, c], out[i, c]
    return out


REFERENCE_FUNCTIONS = {"01.1": third_formula_ok, "01.hamming": hamming_ok,
                       "02.majority_vote": majority_ok, "06.bga_step": step_ok,
                       "07.label": label_ok, "12.null_model": independence_ok}


def reference_answer(exercise_id):
    exercise = EXERCISES[exercise_id]
    if isinstance(exercise, Implement):
        return REFERENCE_FUNCTIONS[exercise_id]
    if isinstance(exercise, Number):
        return exercise.expected()
    return exercise.answer


def wrong_answers(exercise_id):
    """At least two wrong answers for every id."""
    exercise = EXERCISES[exercise_id]
    if isinstance(exercise, Choice):
        # every wrong option, and a letter that is not an option
        return [letter for letter in exercise.options if letter != exercise.answer] + ["z"]
    if isinstance(exercise, Number):
        expected = exercise.expected()
        step = max(10 * exercise.tol, 1 if float(expected).is_integer() else 0.05)
        return [expected + step, expected - step]
    return [lambda *args, **kwargs: 0, lambda *args, **kwargs: np.zeros((2, 2, 2))]


ALL = exercises.list()


def test_list_gives_every_id_for_notebooks_01_to_11():
    assert ALL == sorted(EXERCISES)
    for nb in ("01", "02", "03", "04", "05", "06", "06b", "07", "08", "09", "10", "11"):
        mine = [i for i in ALL if i.startswith(nb + ".")]
        concept = [i for i in mine if not isinstance(EXERCISES[i], Implement)
                   and not i.split(".")[1].isdigit()]
        assert 3 <= len(concept) <= 5, (nb, concept)
        assert any(i.split(".")[1].isdigit() for i in mine), f"no results of {nb}'s exercises"
    for name in ("01.hamming", "02.majority_vote", "06.bga_step", "07.label"):
        assert isinstance(EXERCISES[name], Implement)


@pytest.mark.parametrize("exercise_id", ALL)
def test_reference_answer_passes(exercise_id):
    verdict = check(exercise_id, reference_answer(exercise_id))
    assert verdict.correct, verdict.message
    assert verdict.message.startswith(f"{exercise_id}: correct")
    assert repr(verdict) == verdict.message and "correct" in verdict._repr_html_()


@pytest.mark.parametrize("exercise_id", ALL)
def test_wrong_answers_fail_with_a_hint(exercise_id):
    wrong = wrong_answers(exercise_id)
    assert len(wrong) >= 2
    for answer in wrong:
        verdict = check(exercise_id, answer)
        assert not verdict.correct
        assert "\n" not in verdict.message
        # a hint or the differing input: more than the id and a bare "wrong"
        assert len(verdict.message) > len(exercise_id) + 20, verdict.message


@pytest.mark.parametrize("exercise_id", ALL)
@pytest.mark.parametrize("answer", [None, "zzz", 3.5, [1, 2], {"a": 1}, True, float("nan")])
def test_wrong_type_gives_a_verdict(exercise_id, answer):
    verdict = check(exercise_id, answer)
    assert isinstance(verdict, Verdict)
    if verdict.correct:  # only a number exercise whose answer is 3.5 could pass
        exercise = EXERCISES[exercise_id]
        assert isinstance(exercise, Number) and abs(exercise.expected() - 3.5) <= exercise.tol
    assert "\n" not in verdict.message


@pytest.mark.parametrize("exercise_id", ALL)
def test_placeholder_is_not_answered_yet(exercise_id):
    verdict = check(exercise_id, ...)
    assert not verdict.correct and verdict.message == f"{exercise_id}: not answered yet."


def test_unfinished_scaffold_is_not_answered_yet():
    def bga_step(X, x, k1, tie):
        raise NotImplementedError("write the update here")
    assert check("06.bga_step", bga_step).message == "06.bga_step: not answered yet."


def test_unknown_id_names_the_valid_ids():
    verdict = check("06.nope", "a")  # a known notebook: its own ids
    assert not verdict.correct and "the ids of notebook 06 are" in verdict.message
    assert "06.bga_step" in verdict.message and "07.label" not in verdict.message
    verdict = check("6.bga_step", "a")  # no such notebook: every id
    assert "01.hamming" in verdict.message and "07.label" in verdict.message
    assert not check(6, "a").correct and "01.hamming" in check(6, "a").message


def test_choice_accepts_upper_case_and_spaces():
    assert check("07.inclusive", " B ").correct


def test_student_exception_gives_its_one_line_message():
    def label(M, epsilon):
        raise ValueError("oops, line one\nline two")
    verdict = check("07.label", label)
    assert not verdict.correct
    assert "raised ValueError: oops, line one" in verdict.message
    assert "line two" not in verdict.message


def test_student_may_not_mutate_the_checks_inputs():
    def label(M, epsilon):
        M[:] = 0  # vandalise the input: later cases must be unaffected
        return label_ok(M, epsilon)
    assert not check("07.label", label).correct
    assert check("07.label", label_ok).correct


# -- planted bugs ---------------------------------------------------------------------------

def test_bga_step_catches_off_by_one_in_k():
    def fewer(X, x, k1, tie):
        return majority_ok(np.asarray(X)[nearest(X, x, max(k1 - 1, 1))], tie)

    def more(X, x, k1, tie):
        return majority_ok(np.asarray(X)[nearest(X, x, k1 + 1)], tie)
    for bug in (fewer, more):
        verdict = check("06.bga_step", bug)
        assert not verdict.correct and "expected" in verdict.message and "got" in verdict.message


def test_bga_step_catches_the_wrong_tie_rule():
    def always_one(X, x, k1, tie):
        return majority_ok(np.asarray(X)[nearest(X, x, k1)], "one")

    def strict(X, x, k1, tie):
        return majority_ok(np.asarray(X)[nearest(X, x, k1)], "zero")
    for bug in (always_one, strict):
        verdict = check("06.bga_step", bug)
        assert not verdict.correct and "tie=" in verdict.message


def test_bga_step_catches_self_excluded_and_the_wrong_index_tie_break():
    def no_self(X, x, k1, tie):
        return majority_ok(np.asarray(X)[nearest(X, x, k1, exclude_self=True)], tie)

    def last_wins(X, x, k1, tie):
        return majority_ok(np.asarray(X)[nearest(X, x, k1, last_index_wins=True)], tie)
    for bug in (no_self, last_wins):
        assert not check("06.bga_step", bug).correct


def _numpy_step(kind, tie_of=lambda tie: tie, skip=0, vote=">"):
    """A student's vectorised step: argsort of the distances (``kind``), its first k1 after
    ``skip``, then the vote 2 * ones ``vote`` k1 with the tie rule ``tie_of(tie)``."""
    def step(X, x, k1, tie):
        X = np.asarray(X)
        distances = (X != np.asarray(x)).sum(axis=1)
        if kind == "argpartition":
            nearest = np.argpartition(distances, k1 - 1)[:k1]
        else:
            nearest = np.argsort(distances, kind=kind)[skip:skip + k1]
        twice = 2 * X[nearest].sum(axis=0)
        above = twice > k1 if vote == ">" else twice >= k1
        return (above | ((twice == k1) & (tie_of(tie) == "one"))).astype(np.uint8)
    return step


def test_bga_step_accepts_a_stable_vectorised_version():
    assert check("06.bga_step", _numpy_step("stable")).correct


@pytest.mark.parametrize("kind", ["quicksort", "heapsort", "argpartition"])
def test_bga_step_catches_a_sort_that_is_not_stable(kind):
    # numpy keeps equal keys in order for n <= 16 even with quicksort: the check needs larger
    # inputs with distinct rows tied at the k1-th distance to tell the voters apart.
    verdict = check("06.bga_step", _numpy_step(kind))
    assert not verdict.correct and "expected" in verdict.message, verdict.message


def test_bga_step_cases_have_distinct_rows_tied_at_the_kth_distance():
    from binms_teach.exercises.implement import _step_cases
    tied = 0
    for case in _step_cases():
        X, x, k1 = case["X"], case["x"], case["k1"]
        distances = np.sort((X != x).sum(axis=1))
        at_k = (X != x).sum(axis=1) == distances[k1 - 1]
        if (len(X) >= 17 and k1 < len(X) and distances[k1] == distances[k1 - 1]
                and len(np.unique(X[at_k], axis=0)) == at_k.sum()):
            tied += 1
    assert tied >= 10


@pytest.mark.parametrize("bug", [
    _numpy_step("stable", vote=">="),                                   # >= instead of >
    _numpy_step("stable", tie_of=lambda tie: {"one": "zero", "zero": "one"}[tie]),  # swapped
    _numpy_step("stable", skip=1),                                      # skips itself
])
def test_bga_step_catches_vote_and_neighbour_slips(bug):
    verdict = check("06.bga_step", bug)
    assert not verdict.correct and "expected" in verdict.message, verdict.message


def test_bga_step_accepts_the_packages_return_shape():
    from binms_teach import bga_step
    assert check("06.bga_step", lambda X, x, k1, tie: bga_step(X, x, k1, tie=tie)).correct


def test_majority_vote_catches_the_wrong_tie_rule():
    assert not check("02.majority_vote", lambda X, tie: majority_ok(X, "one")).correct
    assert not check("02.majority_vote", lambda X, tie: majority_ok(X, "zero")).correct


def test_hamming_catches_counting_agreements():
    verdict = check("01.hamming", lambda a, b: len(a) - hamming_ok(a, b))
    assert not verdict.correct and "expected 0, got 4" in verdict.message


def test_label_catches_a_strict_epsilon_test():
    def strict(M, epsilon):
        return label_ok(M, epsilon - 1e-9)
    verdict = check("07.label", strict)
    # the first input where H < epsilon and H <= epsilon differ: the equal rows at epsilon 0
    assert not verdict.correct and "epsilon=0): expected [0, 0, 1, 2, 3]" in verdict.message


def test_label_catches_no_chaining_and_compares_up_to_renaming():
    def direct_only(M, epsilon):  # joins to the first point within epsilon, no chains
        labels = []
        for i in range(len(M)):
            labels.append(next(j for j in range(len(M)) if hamming_ok(M[i], M[j]) <= epsilon))
        return labels
    assert not check("07.label", direct_only).correct
    assert check("07.label", lambda M, epsilon: [-v for v in label_ok(M, epsilon)]).correct


def test_label_epsilon_zero_joins_only_equal_rows():
    def never_join(M, epsilon):
        return list(range(len(M)))
    verdict = check("07.label", never_join)
    assert not verdict.correct and "epsilon=0" in verdict.message


def test_hamming_catches_unsigned_wrap_and_cancelling_signs():
    def wraps(a, b):  # uint8: 0 - 1 = 255
        return int(np.abs(a - b).sum())

    def cancels(a, b):  # signed, but +1 and -1 cancel
        return int((a.astype(int) - b.astype(int)).sum())
    for bug in (wraps, cancels):
        verdict = check("01.hamming", bug)
        assert not verdict.correct and "expected 4" in verdict.message, verdict.message
    assert check("01.hamming", lambda a, b: int(np.sum(a != b))).correct


def test_third_formula_checks_the_formula_not_the_distance():
    # 01.1 once took H3.sum(), which hamming(Z).sum() gave as well: the formula went unchecked
    from binms_teach import hamming

    def signed(A, B):
        A, B = np.asarray(A).astype(int), np.asarray(B).astype(int)
        return A.sum(axis=1)[:, None] + B.sum(axis=1)[None, :] - 2 * A @ B.T

    def unsigned(A, B):  # uint8 rows: A @ B.T wraps past 255
        return A.sum(axis=1)[:, None] + B.sum(axis=1)[None, :] - 2 * A @ B.T

    def once(A, B):  # 2 forgotten: counts the shared ones once
        return signed(A, B) + np.asarray(A).astype(int) @ np.asarray(B).astype(int).T

    def counting(A, B):  # the distance itself, not the formula
        return (np.asarray(A)[:, None, :] != np.asarray(B)[None, :, :]).sum(axis=2)

    def agreements(A, B):  # d minus the formula: the misprint of Eq. (3)
        return np.asarray(A).shape[1] - signed(A, B)

    def total(A, B):  # the old answer, a number
        return int(hamming(A, B).sum())
    assert check("01.1", signed).correct
    for bug in (unsigned, once, counting, agreements, total, hamming):
        verdict = check("01.1", bug)
        assert not verdict.correct and "third_formula(" in verdict.message, verdict.message


def test_majority_vote_catches_ties_at_exactly_half_mishandled():
    def round_half_even(X, tie):  # np.round sends 0.5 to 0 whatever the tie rule
        return np.round(np.asarray(X).mean(axis=0)).astype(int)

    def integer_half(X, tie):  # 2 * ones >= n written as ones >= n // 2: wrong for odd n
        X = np.asarray(X)
        ones = X.sum(axis=0)
        return (ones >= len(X) // 2 if tie == "one" else ones > len(X) // 2).astype(int)
    for bug in (round_half_even, integer_half):
        verdict = check("02.majority_vote", bug)
        assert not verdict.correct and "expected" in verdict.message, verdict.message


def test_majority_vote_catches_the_wrong_axis_and_shows_the_shapes():
    def by_rows(X, tie):
        X = np.asarray(X)
        return (2 * X.sum(axis=1) >= X.shape[1]).astype(int)
    verdict = check("02.majority_vote", by_rows)
    assert not verdict.correct and "shape (1,), expected (3,)" in verdict.message


def test_majority_vote_accepts_a_correct_vectorised_version():
    def vectorised(X, tie):
        X = np.asarray(X)
        twice = 2 * X.sum(axis=0)
        return np.where(twice == len(X), int(tie == "one"), twice > len(X)).astype(np.uint8)
    assert check("02.majority_vote", vectorised).correct


# -- notebooks 01-05: the expected numbers, a second way -------------------------------------
# exercises.nb01_05 computes its numbers with plain code or one package route; here they come
# from the package functions the notebooks use, or from plain loops where nb01_05 uses the
# package.

def _second_way():
    import itertools
    import math

    from scipy.stats import binom
    from sklearn.datasets import make_blobs

    from binms_teach import bga_path, hamming, inertia, majority_vote, nearest_neighbours
    from binms_teach.coding import additive_code
    from binms_teach.datasets import load_car, load_spect, load_zoo
    from binms_teach.hamming import hamming_reference
    from binms_teach.kernels import aitchison_aitken, kde, median_shift_ratio
    from binms_teach.majority import median_centres_brute_force

    zoo = load_zoo()
    names = zoo.sample_names.tolist()
    survey = np.array([[1, 0, 1, 0], [1, 0, 1, 1], [1, 1, 0, 0], [0, 0, 1, 0], [1, 0, 1, 0],
                       [1, 1, 1, 1], [0, 0, 0, 0]], dtype=np.uint8)
    six = np.array([[1, 1, 0, 0], [1, 0, 1, 0], [0, 1, 1, 0], [0, 0, 1, 1], [0, 0, 1, 1],
                    [0, 0, 0, 1]], dtype=np.uint8)
    eight = np.array([[1, 1, 0, 0, 0], [1, 1, 1, 0, 0], [1, 0, 0, 0, 0], [0, 1, 0, 0, 1],
                      [1, 1, 0, 1, 0], [0, 0, 1, 1, 1], [0, 0, 1, 1, 0], [0, 1, 1, 1, 1]],
                     dtype=np.uint8)
    blobs, _ = make_blobs(n_samples=200, centers=[[-2, 0], [2, 0.5], [0, 3]],
                          cluster_std=0.7, random_state=0)

    def cube(d):
        return np.array(list(itertools.product((0, 1), repeat=d)), dtype=np.uint8)

    def mean_shift(x, k, steps=None, printed_A=False):
        """Plain loops: the mean of the k nearest (stable order), until it stops."""
        path = [np.asarray(x, dtype=float)]
        while steps is None or len(path) <= steps:
            dist = np.sqrt(((blobs - path[-1]) ** 2).sum(axis=1))
            order = np.argsort(dist ** 2, kind="stable")
            mean = blobs[np.sort(order[:k])].mean(axis=0)
            if printed_A:  # x + (mean - x) / delta, delta between the k-th and (k+1)-th
                delta = (dist[order[k - 1]] + dist[order[k]]) / 2
                mean = path[-1] + (mean - path[-1]) / delta
            if steps is None and np.array_equal(mean, path[-1]):
                break
            path.append(mean)
        return path

    def plain_m(X, x, k1, tie="one"):
        order = sorted(range(len(X)), key=lambda i: (int(np.sum(X[i] != x)), i))[:k1]
        voters = X[order]
        twice = 2 * voters.sum(axis=0)
        tied_value = {"one": 1, "zero": 0}.get(tie)
        maj = np.where(twice == k1, x if tied_value is None else tied_value, twice > k1)
        return int(np.all(voters == maj, axis=1).sum())

    def rate(X, k1, tie="one"):
        return np.mean([plain_m(X, x, k1, tie) == 0 for x in X])

    def local_modes(lam):
        f, near = kde(six, cube(4), lam), hamming(cube(4)) == 1
        return sum(np.all(f[j] >= f[near[j]]) for j in range(16))

    def smallest_lam():
        for lam in np.linspace(0.5, 1.0, 51):
            f = np.sort(kde(six, cube(4), lam))[::-1]
            if f[0] >= 1.6 * f[1]:
                return lam

    def boundary_weight():
        for w in range(1, 11):
            weights = np.ones(7)
            weights[5] = w
            if len(median_centres_brute_force(survey, weights)) > 1:
                return w

    def printed_A_differs():
        count = 0
        for k in range(2, 7):
            for x in eight:
                r, m = median_shift_ratio(eight, x, k)
                delta = math.sqrt(np.sort((eight != x).sum(axis=1))[k - 1])
                count += m >= 1 and not np.allclose(x + (r - x) / delta, r)
        return count

    def spect_modes():
        D = load_spect().data
        modes = {tuple(bga_path(D, x, 10)[-1]) for x in D}
        rows = {tuple(x) for x in D}
        return len(modes & rows)

    def nn_falls():
        falls = 0
        for x in blobs:
            path = mean_shift(x, 20)
            h = [np.sort(((blobs - p) ** 2).sum(axis=1))[19] for p in path]
            falls += sum(b > a for a, b in zip(h[:-1], h[1:], strict=True))
        return falls

    bear, penguin = (zoo.data[names.index(a)] for a in ("bear", "penguin"))
    cube6 = cube(6)
    _, nn1 = nearest_neighbours(zoo.data, zoo.data, 1)
    return {
        "01.bear_penguin": lambda: hamming_reference([bear], [penguin])[0, 0],
        "01.sphere": lambda: int(np.sum(hamming(cube(4), [np.zeros(4)])[:, 0] == 2)),
        "01.own_nn": lambda: int(np.sum(nn1[:, 0] != np.arange(len(zoo.data)))),
        "02.inertia": lambda: inertia(survey, np.ones(4, dtype=np.uint8)),
        "02.ties": lambda: len(median_centres_brute_force(survey[[0, 2, 5, 6]])),
        "03.nn_falls": nn_falls,
        "03.modes_k20": lambda: len({tuple(mean_shift(x, 20)[-1]) for x in blobs}),
        "04.mean_H": lambda: float(np.sum(cube(4).sum(axis=1) * aitchison_aitken(cube(4), .75))),
        "04.kde_0011": lambda: float(kde(six, np.array([0, 0, 1, 1]), 0.75)),
        "05.girl_q": lambda: median_shift_ratio(zoo.data, zoo.data[29], 5).m,
        "05.zoo_q0_k40": lambda: rate(zoo.data, 40),
        "01.2": lambda: int(hamming(additive_code(list("123456"), categories=list("123456")))
                            .sum()),
        "01.3": lambda: load_car().data.shape[1],
        "01.4": lambda: int(np.sum(hamming(cube6, [cube6[0]])[:, 0] == 3)),
        "02.1": lambda: sum(majority_vote(np.array(t)).tolist() not in np.array(t).tolist()
                            for t in itertools.product(list(cube(3)), repeat=3)),
        "02.2": boundary_weight,
        "02.3": lambda: float(binom.pmf(10, 20, 0.5)),
        "03.1": lambda: len(mean_shift(blobs[26], 80)) - 1,
        "03.2": lambda: max(len(mean_shift(x, 20)) - 1 for x in blobs),
        "03.3": lambda: float(np.linalg.norm(mean_shift(blobs[26], 20, steps=30, printed_A=True)
                                             [-1] - mean_shift(blobs[26], 20)[-1])),
        "03.4": lambda: len({tuple(mean_shift(x, 5)[-1]) for x in blobs}),
        "04.1": lambda: float(aitchison_aitken(cube6, 0.7)[cube6.sum(axis=1) == 3].sum()),
        "04.2": lambda: float(aitchison_aitken(np.zeros(10, dtype=np.uint8), 0.9)),
        "04.3": smallest_lam,
        "04.4": lambda: local_modes(0.7),
        "05.1": printed_A_differs,
        "05.2": lambda: rate(load_spect().data, 4, "keep"),
        "05.3": lambda: rate(load_car(coding="disjunctive").data, 5),
        "05.4": spect_modes,
    }


SECOND_WAY = _second_way()


def test_every_number_of_01_to_05_has_a_second_computation():
    numbers = {i for i in ALL if i[:2] in {"01", "02", "03", "04", "05"}
               and isinstance(EXERCISES[i], Number) and not isinstance(EXERCISES[i].answer, int)}
    assert numbers <= set(SECOND_WAY), numbers - set(SECOND_WAY)


@pytest.mark.parametrize("exercise_id", sorted(SECOND_WAY))
def test_expected_number_agrees_with_a_second_computation(exercise_id):
    exercise, value = EXERCISES[exercise_id], SECOND_WAY[exercise_id]()
    assert check(exercise_id, value).correct
    assert abs(exercise.expected() - value) <= max(exercise.tol, 1e-12)


# The concept numbers of 01-05 as the stored lesson notebooks print them: the question is
# answered by the notebook (a text of its stored outputs).
PRINTED = {
    "01.bear_penguin": ("01_binary_data_and_hamming", "H(bear, penguin) = {:d}"),
    "01.sphere": ("01_binary_data_and_hamming", "from 0000: [1, 4, {:d}, 4, 1]"),
    "01.own_nn": ("01_binary_data_and_hamming", " 1 {:>23d}   True"),
    "02.inertia": ("02_median_centre", "I(x) = {:.1f}"),
    "02.ties": ("02_median_centre", "[[1, 0, 0, 0], [1, 0, 1, 0], [1, 1, 0, 0], [1, 1, 1, 0]]"),
    "03.nn_falls": ("03_mean_shift_continuous", "{:d} of 918"),
    "03.modes_k20": ("03_mean_shift_continuous", "k = 20: {:d} modes"),
    "04.mean_H": ("04_aitchison_aitken_kernel", "0.75    0.3164    0.1055     1.0000      "
                                                "       {:.4f}"),
    "04.kde_0011": ("04_aitchison_aitken_kernel", "0011      2        {:.4f}"),
    "05.girl_q": ("05_kernel_to_median_shift", "q = {:d}"),
    "05.zoo_q0_k40": ("05_kernel_to_median_shift", "0.149   {:.3f}"),
}


def _stored_text(stem):
    nb = json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))
    return "\n".join("".join(o.get("text", "")) for c in nb["cells"] if c["cell_type"] == "code"
                     for o in c.get("outputs", []))


@pytest.mark.parametrize("exercise_id", sorted(PRINTED))
def test_concept_number_is_printed_in_its_lesson(exercise_id):
    stem, template = PRINTED[exercise_id]
    value = EXERCISES[exercise_id].expected()
    assert template.format(value) in _stored_text(stem), (exercise_id, template.format(value))


def test_the_wheel_carries_the_exercises_package():
    """pyproject.toml lists its packages one by one: a sub-package left out is not installed."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    packages = pyproject.split("packages = [", 1)[1].split("]", 1)[0]
    assert '"binms_teach.exercises"' in packages
def test_notebook_12_has_its_results_and_concept_questions():
    mine = [i for i in ALL if i.startswith("12.")]
    concept = [i for i in mine if not i.split(".")[1].isdigit()]
    results = [i for i in mine if i.split(".")[1].isdigit()]
    assert 3 <= len(concept) <= 5 and 2 <= len(results) <= 4, mine
    assert all(isinstance(EXERCISES[i], Choice) for i in concept if i != "12.null_model")
    assert isinstance(EXERCISES["12.null_model"], Implement)
    assert all(isinstance(EXERCISES[i], Number) for i in results)


def test_notebook_12_numbers_against_fresh_computations():
    """The answers of 12.1-12.3, computed here independently of the stored values."""
    import math

    from binms_teach import ari, selection
    from binms_teach.datasets import load_votes, load_zoo

    zoo = load_zoo()
    X, y = zoo.data, zoo.target
    n, d = X.shape
    log_l = 0.0  # the BIC of the true classes by a loop over classes and bits
    for c in np.unique(y):
        members = X[y == c]
        log_l += len(members) * math.log(len(members) / n)
        for j in range(d):
            ones = int(members[:, j].sum())
            theta = (ones + 0.5) / (len(members) + 1)
            log_l += ones * math.log(theta) + (len(members) - ones) * math.log(1 - theta)
    k = len(np.unique(y))
    assert check("12.2", -2 * log_l + (k * d + k - 1) * math.log(n)).correct
    votes = load_votes()
    sel = selection.choose_parameters(votes.data, criterion="stable_bic")
    assert check("12.1", ari(votes.target, sel.labels_)).correct
    one = selection.choose_parameters(X, k1s=(12,), k2s=(12,), n_subsamples=10)
    assert check("12.3", one.scores["stability"][0, 0]).correct


def test_null_model_check_rejects_what_keeps_the_dependence_or_moves_the_means():
    """12.null_model: the rows reordered (together), the data themselves, Bernoulli draws at
    the column means, a flat shuffle and one permutation of the columns are all wrong."""
    rng = np.random.default_rng

    def rows_shuffled(X, seed):
        return rng(seed).permutation(np.asarray(X))

    def bernoulli_draws(X, seed):
        return (rng(seed).random(np.shape(X)) < np.mean(X, axis=0)).astype(np.uint8)

    def flat_shuffle(X, seed):
        return rng(seed).permutation(np.ravel(X)).reshape(np.shape(X))

    def columns_swapped(X, seed):
        return np.asarray(X)[:, rng(seed).permutation(np.shape(X)[1])]

    for wrong, words in ((rows_shuffled, "the data's rows"), (lambda X, seed: X, "data's rows"),
                         (bernoulli_draws, "ones"), (flat_shuffle, "ones"),
                         (columns_swapped, "ones")):
        verdict = check("12.null_model", wrong)
        assert not verdict.correct and words in verdict.message, verdict.message
    assert check("12.null_model", independence_ok).correct
