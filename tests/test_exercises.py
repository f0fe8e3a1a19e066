"""binms_teach.exercises: every id answers back both ways, every checked number is computed a
second way, and an optimum accepts every answer that ties with it.

* The student versions below are plain loops written here, independently of the package; the
  buggy ones each carry one planted bug.
* Each kind of exercise (`Choice`, `Number`, `Implement`) is tested once for the answers of a
  wrong type; every id is of one of those kinds, and every id is tested both ways (its right
  answer passes, wrong ones fail with a hint).
* Every number a check holds is recomputed here from its definition (`SECOND_WAY`): by brute
  force, plain loops, or another route through the package's public functions than the one
  the solutions notebook takes (its own NMI, ARI, epsilon and labelling are written out here;
  the Digits modes of k1 = 10 come from a plain ascent written here). Where the answer is an
  optimum (`OPTIMA`) the recomputation returns every optimum that ties, and the test fails
  unless the check accepts exactly those: a tie the check would reject cannot go unnoticed.
"""

import itertools
import json
import math
from functools import cached_property
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
        right = exercise.answers()
        step = max(10 * exercise.tol, 1 if float(right[0]).is_integer() else 0.05)
        wrong = [max(right) + step, min(right) - step]
        # between two right answers that do not touch: still wrong
        wrong += [a + step for a, b in zip(sorted(right), sorted(right)[1:], strict=False)
                  if b - a > 2 * step]
        return wrong
    return [lambda *args, **kwargs: 0, lambda *args, **kwargs: np.zeros((2, 2, 2))]



ALL = exercises.list()
KINDS = (Choice, Number, Implement)


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


# -- every id, both ways ----------------------------------------------------------------------

def test_every_id_is_of_a_kind_tested_here():
    """The wrong-type tests below run once per kind: every id must be of one of those kinds."""
    assert {type(exercise) for exercise in EXERCISES.values()} <= set(KINDS)
    assert {type(exercise) for exercise in EXERCISES.values()} == set(KINDS)


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
        assert not verdict.correct, (exercise_id, answer)
        assert "\n" not in verdict.message
        # a hint or the differing input: more than the id and a bare "wrong"
        assert len(verdict.message) > len(exercise_id) + 20, verdict.message


def test_every_tied_answer_passes_and_says_which_others_tie():
    """A Number with several right answers accepts each one and names the others; a value
    between two of them is not right, and says so."""
    for exercise_id in ALL:
        exercise = EXERCISES[exercise_id]
        if not isinstance(exercise, Number) or len(exercise.answers()) == 1:
            continue
        for value in exercise.answers():
            verdict = check(exercise_id, value)
            others = [v for v in exercise.answers() if v != value]
            assert verdict.correct and all(str(v) in verdict.message for v in others), verdict
            assert "any of them is right" in verdict.message
    verdict = check("06.2", 1500)  # between 1056 and 1919
    assert not verdict.correct and "not one of them" in verdict.message


def test_the_placeholder_is_not_answered_yet_for_every_id():
    for exercise_id in ALL:
        verdict = check(exercise_id, ...)
        assert not verdict.correct and verdict.message == f"{exercise_id}: not answered yet."


# -- each kind once: answers of a wrong type --------------------------------------------------

WRONG_TYPES = [None, "zzz", 3.5, [1, 2], {"a": 1}, True, float("nan")]


def _one_of_each_kind():
    """A small instance of each kind, and the first id of that kind in the course."""
    made = {
        Choice: Choice("Which? (a) this, (b) that.", {"a": "this", "b": "that"}, "a",
                       {"b": "not that."}),
        Number: Number("How many?", (2, 3), 0, "count them."),
        Implement: Implement("Write double(x).", "double", lambda x: 2 * x,
                             lambda: [dict(x=np.array([1, 2]))]),
    }
    first = {kind: next(i for i in ALL if type(EXERCISES[i]) is kind) for kind in KINDS}
    return [(kind, made[kind], first[kind]) for kind in KINDS]


@pytest.mark.parametrize("kind, made, exercise_id", _one_of_each_kind(),
                         ids=[kind.__name__ for kind in KINDS])
@pytest.mark.parametrize("answer", WRONG_TYPES, ids=repr)
def test_an_answer_of_a_wrong_type_gives_a_one_line_verdict(kind, made, exercise_id, answer):
    correct, message, *details = made.judge(answer)
    assert not correct and "\n" not in message and not details, message
    verdict = check(exercise_id, answer)
    assert isinstance(verdict, Verdict) and not verdict.correct, verdict
    assert "\n" not in verdict.message and not verdict.details


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
    assert "yours fails" in verdict.details and "raised ValueError" in verdict.details


def test_student_may_not_mutate_the_checks_inputs():
    def label(M, epsilon):
        M[:] = 0  # vandalise the input: later cases must be unaffected
        return label_ok(M, epsilon)
    assert not check("07.label", label).correct
    assert check("07.label", label_ok).correct


# -- the counterexample: whole, and code a student can paste ----------------------------------

def _run_details(details, **functions):
    """Run the pasted code of a verdict with the student's function defined: its last line is
    the call, whose value is returned."""
    lines = details.split("\n")
    assert lines[0].startswith("The input where yours") and lines[1] == "import numpy as np"
    code = [line for line in lines[1:] if not line.startswith("#")]
    namespace = dict(functions)
    exec("\n".join(code[:-1]), namespace)  # noqa: S102 - the verdict's own code, on purpose
    return eval(code[-1], namespace)  # noqa: S307


@pytest.mark.parametrize("exercise_id, bug", [
    ("06.bga_step", lambda X, x, k1, tie: (2 * np.asarray(X)[
        np.argsort((np.asarray(X) != x).sum(axis=1), kind="quicksort")[:k1]].sum(axis=0)
        >= k1).astype(np.uint8)),
    ("01.1", lambda A, B: (np.asarray(A)[:, None, :] != np.asarray(B)[None, :, :]).sum(axis=2)),
    ("07.label", lambda M, epsilon: np.arange(len(M))),
    ("12.null_model", lambda X, seed: np.asarray(X)[::-1]),
], ids=["06.bga_step", "01.1", "07.label", "12.null_model"])
def test_a_counterexample_is_printed_whole_and_reproduces_when_pasted(exercise_id, bug):
    exercise = EXERCISES[exercise_id]
    verdict = check(exercise_id, bug)
    assert not verdict.correct and verdict.details and "..." not in verdict.details
    assert repr(verdict) == f"{verdict.message}\n{verdict.details}"
    assert "<pre>" in verdict._repr_html_()
    got = _run_details(verdict.details, **{exercise.name: bug})
    # the pasted call gives the student's output, and it differs from the package's there
    case = next(c for c in exercise.cases()
                if not (exercise.same or exercise_kinds_same_array)(
                    exercise.reference(**{k: v for k, v in c.items() if k != "_code"}),
                    bug(**{k: v for k, v in c.items() if k != "_code"}))[0])
    args = {k: v for k, v in case.items() if k != "_code"}
    assert np.array_equal(np.asarray(got), np.asarray(bug(**args)))
    if exercise.show_expected:
        assert f"# expected: {np.asarray(exercise.reference(**args)).tolist()}" in verdict.details


def exercise_kinds_same_array(expected, got):
    from binms_teach.exercises.kinds import same_array
    return same_array(expected, got)


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



# -- every checked number, a second way ---------------------------------------------------------
# exercises.nb01_05 computes its numbers with plain code or one package route, nb06_11 and nb12
# hold the numbers the solutions notebooks print. Here each one comes from another route: the
# package functions the notebooks use where nb01_05 uses plain code, plain loops or plain numpy
# where the notebooks use the package (NMI, ARI, epsilon(k2), the labelling and the quantization
# error are written out below, never taken from binms_teach.evaluation.metrics or
# binms_teach.labelling).
# An optimum returns every value that ties (a tuple).

def plain_distances(A, B):
    """Hamming distances by the third formula of 01, sum(x) + sum(y) - 2 x.y, in float64
    (exact for whole numbers this small)."""
    A, B = np.asarray(A, dtype=np.float64), np.asarray(B, dtype=np.float64)
    return np.rint(A.sum(axis=1)[:, None] + B.sum(axis=1)[None, :] - 2 * A @ B.T).astype(int)


def plain_nmi(a, b):
    """NMI from the contingency table, normalised by the geometric mean of the entropies."""
    _, a = np.unique(a, return_inverse=True)
    _, b = np.unique(b, return_inverse=True)
    n = len(a)
    table = np.zeros((a.max() + 1, b.max() + 1))
    np.add.at(table, (a, b), 1)
    p = table / n
    pa, pb = p.sum(axis=1), p.sum(axis=0)
    nz = p > 0
    mi = float(np.sum(p[nz] * np.log(p[nz] / np.outer(pa, pb)[nz])))
    ha, hb = (max(0.0, -float(np.sum(q * np.log(q)))) for q in (pa, pb))
    if len(pa) == len(pb) == 1:
        return 1.0
    return 0.0 if ha * hb == 0 else max(mi, 0.0) / math.sqrt(ha * hb)


def plain_ari(a, b):
    """Adjusted Rand index from pair counts."""
    _, a = np.unique(a, return_inverse=True)
    _, b = np.unique(b, return_inverse=True)
    table = np.zeros((a.max() + 1, b.max() + 1))
    np.add.at(table, (a, b), 1)
    pairs = lambda v: float(np.sum(v * (v - 1) / 2))  # noqa: E731
    index, rows, cols = pairs(table), pairs(table.sum(axis=1)), pairs(table.sum(axis=0))
    expected = rows * cols / pairs(np.array([len(a)]))
    return (index - expected) / ((rows + cols) / 2 - expected)


def plain_majority(rows, tie="one"):
    """The majority vote by counting; an exact half goes to 1 (tie='one') or 0."""
    rows = np.asarray(rows)
    twice = 2 * rows.sum(axis=0).astype(int)
    return ((twice > len(rows)) | ((twice == len(rows)) & (tie == "one"))).astype(np.uint8)


def plain_ascent(X, k1, tie="one"):
    """Every point's ascent at once, written here: x <- the majority vote of its k1 nearest
    rows of X (at equal distance the lower row index first), until nothing moves. Returns the
    modes and the number of moves of each point."""
    X = np.asarray(X, dtype=np.uint8)
    x, moves = X.copy(), np.zeros(len(X), dtype=int)
    active = np.arange(len(X))
    while len(active):
        H = plain_distances(x[active], X)
        nearest = np.argsort(H, axis=1, kind="stable")[:, :k1]
        twice = 2 * X[nearest].sum(axis=1, dtype=int)
        kept = x[active] if tie == "keep" else np.full_like(x[active], tie == "one")
        new = np.where(twice > k1, 1, np.where(twice < k1, 0, kept)).astype(np.uint8)
        moved = (new != x[active]).any(axis=1)
        x[active[moved]] = new[moved]
        moves[active[moved]] += 1
        active = active[moved]
    return x, moves


class Labelling:
    """epsilon(k2) and the epsilon-proximity clusters of final iterates M, written out: the
    mean over the points of the distance to their k2-th nearest other point, and the connected
    components of H <= epsilon by a search over the distinct rows."""

    def __init__(self, M):
        self.M = np.asarray(M, dtype=np.uint8)
        self.distinct, self.inverse = np.unique(self.M, axis=0, return_inverse=True)
        self.inverse = self.inverse.reshape(-1)
        counts = np.bincount(self.inverse)
        self.H = plain_distances(self.distinct, self.distinct)
        # each point's distances to all the points, sorted; column 0 is itself
        order = np.argsort(self.H, axis=1, kind="stable")
        self.sorted = [np.repeat(self.H[r, order[r]], counts[order[r]])
                       for r in range(len(self.distinct))]

    def epsilon(self, k2):
        return float(np.mean([self.sorted[r][k2] for r in self.inverse]))

    def labels(self, epsilon, strict=False):
        near = self.H < epsilon if strict else self.H <= epsilon
        label = np.full(len(self.distinct), -1)
        for start in range(len(self.distinct)):
            if label[start] < 0:
                label[start], todo = start, [start]
                while todo:
                    new = np.flatnonzero(near[todo.pop()] & (label < 0))
                    label[new] = start
                    todo.extend(new.tolist())
        return label[self.inverse]


def ties(values, keys, tol=1e-12):
    """Every key whose value is within ``tol`` of the largest."""
    values = np.asarray(values, dtype=float)
    return tuple(k for k, v in zip(keys, values, strict=True) if v >= values.max() - tol)


def error_to(M, groups, centres=None):
    """Eq. (8) by a loop over the points: the mean distance to the centre of one's group
    (the group's majority vote unless ``centres`` are given)."""
    M, groups = np.asarray(M), np.asarray(groups)
    centres = centres or {g: plain_majority(M[groups == g]) for g in np.unique(groups)}
    return sum(int(np.sum(m != centres[g])) for m, g in zip(M, groups, strict=True)) / len(M)


def majority_digits(y, labels):
    """Per cluster, every digit that is most common in it (more than one on a tie)."""
    return [set(np.flatnonzero(c == c.max()).tolist())
            for c in (np.bincount(y[labels == g], minlength=10) for g in np.unique(labels))]


class Data:
    """What the second computations share, each computed once for the module."""

    @cached_property
    def zoo(self):
        from binms_teach.datasets import load_zoo
        return load_zoo()

    @cached_property
    def digits(self):
        from binms_teach.datasets import load_digits
        return load_digits()

    @cached_property
    def soybean(self):
        from binms_teach.datasets import load_soybean
        return load_soybean()

    @cached_property
    def spect(self):
        from binms_teach.datasets import load_spect
        return load_spect()

    @cached_property
    def blobs(self):
        from sklearn.datasets import make_blobs
        return make_blobs(n_samples=200, centers=[[-2, 0], [2, 0.5], [0, 3]], cluster_std=0.7,
                          random_state=0)[0]

    @cached_property
    def ascent_10(self):
        """Digits, k1 = 10: the modes and moves of the plain ascent above."""
        return plain_ascent(self.digits.data, 10)

    def modes(self, k1):
        """Digits modes for k1 = 10 from the plain ascent; other k1 from the fast engine
        (tests/test_layers.py holds it equal to the readable ascent)."""
        if k1 == 10:
            return self.ascent_10[0]
        return self._fast_modes(k1)

    def _fast_modes(self, k1):
        cache = self.__dict__.setdefault("_modes", {})
        if k1 not in cache:
            from binms_teach import BinNNMS
            cache[k1] = BinNNMS(k1=k1).fit(self.digits.data).modes_
        return cache[k1]

    def labelling(self, k1):
        cache = self.__dict__.setdefault("_labellings", {})
        if k1 not in cache:
            cache[k1] = Labelling(self.modes(k1))
        return cache[k1]

    def nmi_k2(self, k1, k2):
        lab = self.labelling(k1)
        return plain_nmi(self.digits.target, lab.labels(lab.epsilon(k2)))

    def mean_shift(self, x, k, steps=None, printed_A=False):
        """Plain loops: the mean of the k nearest (stable order), until it stops."""
        blobs = self.blobs
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

    @cached_property
    def mean_shift_ends(self):
        return {k: [self.mean_shift(x, k) for x in self.blobs] for k in (5, 20)}


SURVEY = np.array([[1, 0, 1, 0], [1, 0, 1, 1], [1, 1, 0, 0], [0, 0, 1, 0], [1, 0, 1, 0],
                   [1, 1, 1, 1], [0, 0, 0, 0]], dtype=np.uint8)
SIX = np.array([[1, 1, 0, 0], [1, 0, 1, 0], [0, 1, 1, 0], [0, 0, 1, 1], [0, 0, 1, 1],
                [0, 0, 0, 1]], dtype=np.uint8)
EIGHT = np.array([[1, 1, 0, 0, 0], [1, 1, 1, 0, 0], [1, 0, 0, 0, 0], [0, 1, 0, 0, 1],
                  [1, 1, 0, 1, 0], [0, 0, 1, 1, 1], [0, 0, 1, 1, 0], [0, 1, 1, 1, 1]],
                 dtype=np.uint8)


def cube(d):
    return np.array(list(itertools.product((0, 1), repeat=d)), dtype=np.uint8)


def q_zero_rate(X, k1, tie="one"):
    """The share of points x with q = 0: no one of its k1 nearest (lower index first) equals
    their majority vote (tie 'keep': an exact half keeps x's bit), written with plain numpy."""
    X = np.asarray(X, dtype=np.uint8)
    nearest = np.argsort(plain_distances(X, X), axis=1, kind="stable")[:, :k1]
    voters = X[nearest]
    twice = 2 * voters.sum(axis=1, dtype=int)
    kept = X if tie == "keep" else np.full_like(X, tie == "one")
    maj = np.where(twice > k1, 1, np.where(twice < k1, 0, kept))
    q = np.all(voters == maj[:, None, :], axis=2).sum(axis=1)
    return float(np.mean(q == 0))


def _01_05():
    from scipy.stats import binom

    from binms_teach import bga_path, hamming, inertia, majority_vote, nearest_neighbours
    from binms_teach.datasets import load_car
    from binms_teach.datasets.coding import additive_code, disjunctive_code
    from binms_teach.hamming import hamming_reference
    from binms_teach.kernels import aitchison_aitken, kde, median_shift_ratio
    from binms_teach.majority import median_centres_brute_force

    def bear_penguin(s):
        names = s.zoo.sample_names.tolist()
        bear, penguin = (s.zoo.data[names.index(a)] for a in ("bear", "penguin"))
        return int(hamming_reference([bear], [penguin])[0, 0])

    def own_nn(s):
        _, nn1 = nearest_neighbours(s.zoo.data, s.zoo.data, 1)
        return int(np.sum(nn1[:, 0] != np.arange(len(s.zoo.data))))

    def local_modes(lam):
        f, near = kde(SIX, cube(4), lam), hamming(cube(4)) == 1
        return sum(np.all(f[j] >= f[near[j]]) for j in range(16))

    def smallest_lam(s):
        for lam in np.linspace(0.5, 1.0, 51):
            f = np.sort(kde(SIX, cube(4), lam))[::-1]
            if f[0] >= 1.6 * f[1]:
                return float(lam)

    def boundary_weight(s):
        for w in range(1, 11):
            weights = np.ones(7)
            weights[5] = w
            if len(median_centres_brute_force(SURVEY, weights)) > 1:
                return w

    def printed_A_differs(s):
        count = 0
        for k in range(2, 7):
            for x in EIGHT:
                r, m = median_shift_ratio(EIGHT, x, k)
                delta = math.sqrt(np.sort((EIGHT != x).sum(axis=1))[k - 1])
                count += m >= 1 and not np.allclose(x + (r - x) / delta, r)
        return count

    def spect_modes(s):
        D = s.spect.data
        modes = {tuple(bga_path(D, x, 10)[-1]) for x in D}
        return len(modes & {tuple(x) for x in D})

    def nn_falls(s):
        falls = 0
        for path in s.mean_shift_ends[20]:
            h = [np.sort(((s.blobs - p) ** 2).sum(axis=1))[19] for p in path]
            falls += sum(b > a for a, b in zip(h[:-1], h[1:], strict=True))
        return falls

    def printed_A_gap(s):
        end = s.mean_shift(s.blobs[26], 20, steps=30, printed_A=True)[-1]
        return float(np.linalg.norm(end - s.mean_shift(s.blobs[26], 20)[-1]))

    cube6 = cube(6)
    return {
        "01.bear_penguin": bear_penguin,
        "01.disjunctive": lambda s: int(hamming(disjunctive_code(["a", "b"]))[0, 1]),
        "01.sphere": lambda s: int(np.sum(hamming(cube(4), [np.zeros(4)])[:, 0] == 2)),
        "01.own_nn": own_nn,
        "02.inertia": lambda s: inertia(SURVEY, np.ones(4, dtype=np.uint8)),
        "02.ties": lambda s: len(median_centres_brute_force(SURVEY[[0, 2, 5, 6]])),
        "03.nn_falls": nn_falls,
        "03.modes_k20": lambda s: len({tuple(p[-1]) for p in s.mean_shift_ends[20]}),
        "04.mean_H": lambda s: float(np.sum(cube(4).sum(axis=1)
                                            * aitchison_aitken(cube(4), .75))),
        "04.kde_0011": lambda s: float(kde(SIX, np.array([0, 0, 1, 1]), 0.75)),
        "05.girl_q": lambda s: median_shift_ratio(s.zoo.data, s.zoo.data[29], 5).q,
        "05.zoo_q0_k40": lambda s: q_zero_rate(s.zoo.data, 40),
        "01.2": lambda s: int(hamming(additive_code(list("123456"), categories=list("123456")))
                              .sum()),
        "01.3": lambda s: load_car().data.shape[1],
        "01.4": lambda s: int(np.sum(hamming(cube6, [cube6[0]])[:, 0] == 3)),
        "02.1": lambda s: sum(majority_vote(np.array(t)).tolist() not in np.array(t).tolist()
                              for t in itertools.product(list(cube(3)), repeat=3)),
        "02.2": boundary_weight,
        "02.3": lambda s: float(binom.pmf(10, 20, 0.5)),
        "03.1": lambda s: len(s.mean_shift(s.blobs[26], 80)) - 1,
        "03.2": lambda s: max(len(p) - 1 for p in s.mean_shift_ends[20]),
        "03.3": printed_A_gap,
        "03.4": lambda s: len({tuple(p[-1]) for p in s.mean_shift_ends[5]}),
        "04.1": lambda s: float(aitchison_aitken(cube6, 0.7)[cube6.sum(axis=1) == 2].sum()),
        "04.2": lambda s: float(aitchison_aitken(np.zeros(10, dtype=np.uint8), 0.9)),
        "04.3": smallest_lam,
        "04.4": lambda s: local_modes(0.7),
        "05.1": printed_A_differs,
        "05.2": lambda s: q_zero_rate(s.spect.data, 4, "keep"),
        "05.3": lambda s: q_zero_rate(load_car(coding="disjunctive").data, 5),
        "05.4": spect_modes,
    }


def _06_12():
    from binms_teach import BinNNMS, KModes, bga_step
    from binms_teach.datasets import load_car, load_votes
    from binms_teach.experiments import GRID

    def steps_from(X, x, k1, n):
        """n readable BGA steps from x: x_0, ..., x_n."""
        out = [np.asarray(x)]
        for _ in range(n):
            out.append(bga_step(X, out[-1], k1)[0])
        return out

    def mode_of(X, x, k1):
        path = [np.asarray(x)]
        while True:
            nxt = bga_step(X, path[-1], k1)[0]
            if np.array_equal(nxt, path[-1]):
                return nxt
            path.append(nxt)

    def first_step_ties(s, k1):
        X = s.digits.data
        nearest = np.argsort(plain_distances(X, X), axis=1, kind="stable")[:, :k1]
        return int(np.max((2 * X[nearest].sum(axis=1, dtype=int) == k1).sum(axis=1)))

    def own_copy_voters(s):
        # the only voter of X_i under k1 = 1 and the lower-index rule: the first equal row
        X = s.digits.data
        return sum(int(np.flatnonzero((X == X[i]).all(axis=1))[0] < i) for i in range(len(X)))

    def longest(s):
        moves = s.ascent_10[1]
        return tuple(np.flatnonzero(moves == moves.max()).tolist())

    def keep_modes(s):
        return len(np.unique(plain_ascent(s.digits.data, 10, tie="keep")[0], axis=0))

    def printed_loop(s):
        # the printed loop with j_max = 3 returns x_3 and has computed x_4
        x = steps_from(s.digits.data, s.digits.data[1056], 10, 4)
        return int(np.sum(x[3] != x[4]))

    def authors_best(s):
        return ties([s.nmi_k2(10, k2 + 1) for k2 in range(1, 41)], range(1, 41))

    def diameter(s):
        lab = s.labelling(10)
        labels = lab.labels(lab.epsilon(25))
        sizes = np.bincount(labels)
        assert (sizes == sizes.max()).sum() == 1, "two largest clusters: the question is not exact"
        members = np.unique(s.modes(10)[labels == sizes.argmax()], axis=0)
        return int(plain_distances(members, members).max())

    def best_k2_at_20(s):
        return ties([s.nmi_k2(20, k2) for k2 in range(1, 81)], range(1, 81))

    def best_epsilon(s):
        lab = s.labelling(10)
        return ties([plain_nmi(s.digits.target, lab.labels(e)) for e in range(10, 41)],
                    range(10, 41))

    def random_nmi(s):
        values = [plain_nmi(s.digits.target, np.random.default_rng(seed).integers(0, 1000, 2000))
                  for seed in range(RANDOM_SEEDS)]
        return float(np.mean(values))

    def bin_nmi(X, y, k1, k2, order=None):
        """BinNNMS(k1, k2) in the reference layer on the rows in ``order``, scored here."""
        order = np.arange(len(X)) if order is None else order
        labels = BinNNMS(k1=k1, k2=k2, algorithm="reference").fit(X[order]).labels_
        return plain_nmi(y[order], labels)

    def digits_orders(s):
        X, y = s.digits.data, s.digits.target
        scores = []
        for seed in range(10):
            order = np.random.default_rng(seed).permutation(len(X))
            lab = Labelling(BinNNMS(k1=10).fit(X[order]).modes_)
            scores.append(plain_nmi(y[order], lab.labels(lab.epsilon(25))))
        return float(np.mean(scores))

    def zoo_orders(s):
        X, y = s.zoo.data, s.zoo.target
        return float(np.mean([bin_nmi(X, y, 7, 20, np.random.default_rng(seed).permutation(len(X)))
                              for seed in range(10)]))

    def kmodes_zoo(s):
        X, y = s.zoo.data, s.zoo.target
        return float(np.mean([plain_nmi(y, KModes(n_clusters=8, n_init=10, random_state=seed)
                                         .fit(X).labels_) for seed in range(10)]))

    def car_nearest(s):
        X = load_car(coding="disjunctive").data
        H = plain_distances(X, X)
        np.fill_diagonal(H, X.shape[1] + 1)
        return int(H.min())

    def zoo_data_epsilon(s):
        """The grid of 09 with epsilon measured on the data: the k2 of every best setting."""
        X, y = s.zoo.data, s.zoo.target
        on_data = Labelling(X)
        scores, keys = [], []
        for k1 in GRID[0]:
            modes = X if k1 == 0 else BinNNMS(k1=k1, algorithm="reference").fit(X).modes_
            lab = Labelling(modes)
            for k2 in GRID[1]:
                scores.append(plain_nmi(y, lab.labels(on_data.epsilon(k2))))
                keys.append(k2)
        return tuple(sorted(set(ties(scores, keys))))

    def soybean_forty(s):
        X, y = s.soybean.data, s.soybean.target
        found = []
        for k1 in range(2, 11):
            lab = Labelling(BinNNMS(k1=k1, tie="zero", algorithm="reference").fit(X).modes_)
            for k2 in range(2, 13):
                labels = lab.labels(lab.epsilon(k2))
                if len(np.unique(labels)) == 40:
                    found.append((abs(plain_nmi(y, labels) - 0.743)
                                  + abs(plain_ari(y, labels) - 0.331), plain_nmi(y, labels)))
        distances = [d for d, _ in found]
        assert distances.count(min(distances)) == 1, "two closest settings: not exact"
        return min(found)[1]

    def digits_setting(s, k1, k2):
        lab = s.labelling(k1)
        return lab.labels(lab.epsilon(k2))

    def zoo_first_step(s):
        X = s.zoo.data
        x1 = np.array([bga_step(X, x, 7)[0] for x in X])
        lab = Labelling(x1)
        return error_to(x1, lab.labels(lab.epsilon(20)))

    def targets_error(X, y, M):
        return error_to(M, y, {c: plain_majority(X[y == c]) for c in np.unique(y)})

    def digits_found_end(s):
        M = s.modes(10)
        lab = s.labelling(10)
        return error_to(M, lab.labels(lab.epsilon(50)))

    def soybean_target_end(s):
        X, y = s.soybean.data, s.soybean.target
        return targets_error(X, y, np.array([mode_of(X, x, 20) for x in X]))

    def fives(s):
        labels = digits_setting(s, 10, 25)
        majority = majority_digits(s.digits.target, labels)
        assert not any(5 in m and len(m) > 1 for m in majority), "5 tied in a cluster: not exact"
        return sum(m == {5} for m in majority)

    def kmodes_40(s):
        X, y = s.digits.data, s.digits.target
        return plain_nmi(y, KModes(n_clusters=40, n_init=1, random_state=0).fit(X).labels_)

    def kmodes_misses(s):
        X, y = s.digits.data, s.digits.target
        misses = 0
        for seed in range(10):
            majority = majority_digits(y, KModes(n_clusters=10, n_init=1, random_state=seed)
                                       .fit(X).labels_)
            surely = set().union(*(m for m in majority if len(m) == 1))
            maybe = set().union(*majority)
            assert (surely == set(range(10))) == (maybe == set(range(10))), "a tie decides it"
            misses += maybe != set(range(10))
        return misses

    def votes_stable_bic(s):
        from binms_teach import selection
        votes = load_votes()
        chosen = selection.choose_parameters(votes.data, criterion="stable_bic")
        return plain_ari(votes.target, chosen.labels_)

    def zoo_bic(s):
        X, y = s.zoo.data, s.zoo.target
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
        return -2 * log_l + (k * d + k - 1) * math.log(n)

    def zoo_stability(s):
        from binms_teach import selection
        ten = selection.choose_parameters(s.zoo.data, k1s=(12,), k2s=(12,), n_subsamples=10,
                                          random_state=0)
        return float(ten.scores["stability"][0, 0])

    return {
        "06.odd_k1_ties": lambda s: first_step_ties(s, 11),
        "06.1": lambda s: int(np.sum(mode_of(s.digits.data, s.digits.data[882], 10)
                                     != mode_of(s.digits.data, s.digits.data[882], 11))),
        "06.2": longest,
        "06.3": own_copy_voters,
        "06b.1": keep_modes,
        "06b.2": printed_loop,
        "07.eps_k2_20": lambda s: round(s.labelling(10).epsilon(20), 1),
        "07.strict_clusters": lambda s: len(np.unique(s.labelling(10).labels(18, strict=True))),
        "07.random_nmi": random_nmi,
        "07.1": authors_best,
        "07.2": diameter,
        "07.3": best_k2_at_20,
        "07.4": best_epsilon,
        "08.digits_nmi": lambda s: plain_nmi(s.digits.target, digits_setting(s, 10, 25)),
        "08.order_mean": digits_orders,
        "08.1": kmodes_zoo,
        "08.2": lambda s: bin_nmi(s.zoo.data, s.zoo.target, 10, 25),
        "08.3": car_nearest,
        "08.4": lambda s: plain_nmi(s.spect.target, np.random.default_rng(0).integers(
            150, size=len(s.spect.target))),
        "09.best_k2_k1_20": best_k2_at_20,
        "09.zoo_orders": zoo_orders,
        "09.1": zoo_data_epsilon,
        "09.2": soybean_forty,
        "09.3": lambda s: plain_nmi(s.digits.target, digits_setting(s, 5, 30)),
        "10.toy_error": lambda s: error_to(TOY, [0, 0, 0, 1, 1]),
        "10.soybean_k1_20": soybean_target_end,
        "10.1": zoo_first_step,
        "10.2": lambda s: targets_error(s.zoo.data, s.zoo.target, s.zoo.data),
        "10.3": digits_found_end,
        "11.bin_clusters": lambda s: len(np.unique(digits_setting(s, 10, 25))),
        "11.kmodes_misses": kmodes_misses,
        "11.1": fives,
        "11.2": kmodes_40,
        "11.3": lambda s: len(np.unique(digits_setting(s, 15, 50))),
        "12.1": votes_stable_bic,
        "12.2": zoo_bic,
        "12.3": zoo_stability,
    }



# -- the letters a computation decides, a second way ----------------------------------------------
# A concept question whose right letter follows from a number is answered here by computing the
# number and reading the letter off the options; the others ask for a reason (CONCEPTUAL).

def _option(exercise_id, text):
    """The letter of the option whose short name is ``text``."""
    options = EXERCISES[exercise_id].options
    return next(letter for letter, name in options.items() if name == text)


def _letters():
    from binms_teach import BinNNMS, bga_step, checks, epsilon_proximity, majority_vote
    from binms_teach.kernels import (
        aitchison_aitken,
        kth_distance,
        nn_density,
        nn_density_gradient,
        uniform_kernel,
    )

    def eq3_printed(s):
        rng = np.random.default_rng(0)
        a, b = rng.integers(0, 2, size=(2, 50))
        printed = len(a) - int((a - b) @ (a - b))
        return _option("01.eq3_printed", {int(np.sum(a != b)): "differ",
                                          int(np.sum(a == b)): "agree"}[printed])

    def weighted(s):
        cost = (cube(4)[:, None, :] != SURVEY[None]).sum(axis=2) @ np.array([1, 1, 1, 1, 1, 5, 1])
        best = cube(4)[cost == cost.min()]
        assert len(best) == 1
        return _option("02.weighted", "".join(map(str, best[0])))

    def odd_k1(s):
        ties = [2 * ones == k1 for k1 in range(1, 40, 2) for ones in range(k1 + 1)]
        return _option("02.odd_k1", "never" if not any(ties) else "half")

    def rounding(s):
        X = np.random.default_rng(1).integers(0, 2, size=(6, 30), dtype=np.uint8)
        down = (X.mean(axis=0) > 0.5).astype(np.uint8)
        same = [tie for tie in ("one", "zero") if np.array_equal(majority_vote(X, tie=tie), down)]
        return _option("02.4", same[0])

    def nn_step(s):
        X, k = s.blobs, 20
        x = X[26]
        delta = (kth_distance(X, x, k) + kth_distance(X, x, k + 1)) / 2
        mean = X[np.argsort(((X - x) ** 2).sum(axis=1), kind="stable")[:k]].mean(axis=0)
        shift = nn_density_gradient(X, x, delta) / nn_density(X, x, delta, uniform_kernel)
        d = X.shape[1]
        factors = {"printed": delta / (d + 2), "squared": delta**2 / (d + 2),
                   "binary": delta**2 / 2}
        return _option("03.A", next(n for n, a in factors.items()
                                    if np.allclose(x + a * shift, mean)))

    def k1_mass(s):
        mass = aitchison_aitken(cube(4), 1.0)
        return _option("04.K1", "0" if mass[0] == 1 else ("uniform" if np.allclose(mass, 1 / 16)
                                                          else "1"))

    def printed_updates(s):
        X = s.zoo.data
        run = checks.algorithm1_bga_as_printed(X, X[0], 5, j_max=3)
        steps = [X[0]]
        for _ in range(4):
            steps.append(bga_step(X, steps[-1], 5)[0])
        assert run.n_updates == 4 and np.array_equal(run.x_star, steps[3])
        return _option("06b.printed_updates", "jmax+1-before")

    def row_order(s):
        X = s.zoo.data
        changed = {}
        for rule in ("index", "ball"):
            base = BinNNMS(k1=7, k2=20, neighbours=rule).fit(X).labels_
            moved = False
            for seed in range(10):
                order = np.random.default_rng(seed).permutation(len(X))
                labels = BinNNMS(k1=7, k2=20, neighbours=rule).fit(X[order]).labels_
                back = np.empty_like(labels)
                back[order] = labels
                moved |= plain_ari(base, back) < 1
            changed[rule] = moved
        return _option("06b.row_order", {(True, True): "both", (True, False): "index",
                                         (False, False): "neither"}[changed["index"],
                                                                     changed["ball"]])

    def inclusive(s):
        M = np.array([[0, 0, 0], [1, 1, 0]], dtype=np.uint8)  # H = 2
        return _option("07.inclusive", "inclusive" if epsilon_proximity(M, 2).max() == 0
                       else "strict")

    def chance(s):
        y = s.spect.target
        grow = {}
        for name, score in (("NMI", plain_nmi), ("ARI", plain_ari)):
            values = [score(y, np.random.default_rng(0).integers(c, size=len(y)))
                      for c in (2, 150)]
            grow[name] = values[1] > values[0] + 0.1
        assert grow == {"NMI": True, "ARI": False}
        return _option("08.chance", "NMI")

    def floor(s):
        lab = s.labelling(10)
        same = np.array_equal(lab.labels(18.2), lab.labels(18.9))
        return _option("09.floor", "same" if same else "different")

    def cheap(s):
        k1s, subsamples = 12, 3
        ascents = (k1s - 1) * (1 + subsamples)  # k1 = 1 needs none; the data and each subsample
        return _option("12.cheap", str(ascents))

    return {"01.eq3_printed": eq3_printed, "02.weighted": weighted, "02.odd_k1": odd_k1,
            "02.4": rounding, "03.A": nn_step, "04.K1": k1_mass,
            "06b.printed_updates": printed_updates, "06b.row_order": row_order,
            "07.inclusive": inclusive, "08.chance": chance, "09.floor": floor, "12.cheap": cheap}


LETTERS = _letters()
# Questions that ask for a reason or a reading of the paper, not for a number.
CONCEPTUAL = {"02.split", "03.climbs", "04.exponent", "04.eq6", "05.sign", "05.A", "05.car",
              "06.update", "06.ball_self", "06.density", "06b.map", "07.chaining", "08.car",
              "09.sweep_cost", "10.which_points", "10.claim", "11.reshape", "11.fixed_k",
              "12.one_cluster", "12.held_out", "12.no_structure"}


def test_every_letter_is_computed_or_a_reason():
    choices = {i for i in ALL if isinstance(EXERCISES[i], Choice)}
    assert choices == set(LETTERS) | CONCEPTUAL and not set(LETTERS) & CONCEPTUAL


@pytest.mark.parametrize("exercise_id", sorted(LETTERS))
def test_a_letter_a_computation_decides_is_the_one_the_check_accepts(exercise_id, data):
    letter = LETTERS[exercise_id](data)
    assert letter == EXERCISES[exercise_id].answer and check(exercise_id, letter).correct


# notebook 10's toy example, section 1
TOY = np.array([[1, 1, 0, 0], [1, 1, 1, 0], [1, 0, 0, 0], [0, 0, 1, 1], [0, 0, 1, 1]],
               dtype=np.uint8)
RANDOM_SEEDS = 100  # 07.random_nmi: every one of these seeds gives an accepted answer
SECOND_WAY = {**_01_05(), **_06_12()}
# The answers that are an optimum over a grid or a set: their second computation returns every
# value that ties, and the check must accept exactly those.
OPTIMA = ("02.2", "03.2", "04.3", "04.4", "06.2", "07.1", "07.2", "07.3", "07.4", "09.1", "09.2",
          "09.best_k2_k1_20", "11.1", "11.kmodes_misses")


@pytest.fixture(scope="module")
def data():
    return Data()


def test_every_checked_number_has_a_second_computation():
    numbers = {i for i in ALL if isinstance(EXERCISES[i], Number)}
    assert numbers == set(SECOND_WAY), (numbers ^ set(SECOND_WAY))


@pytest.mark.parametrize("exercise_id", sorted(SECOND_WAY))
def test_every_checked_number_agrees_with_a_second_computation(exercise_id, data):
    """The second computation's value is accepted, and, for an optimum, every value that ties
    is accepted and nothing else: ``answers()`` and the recomputed ties are the same set."""
    exercise = EXERCISES[exercise_id]
    value = SECOND_WAY[exercise_id](data)
    values = value if isinstance(value, tuple) else (value,)
    for v in values:
        assert check(exercise_id, v).correct, (exercise_id, v, check(exercise_id, v))
    right = exercise.answers()
    assert len(right) == len(values), (exercise_id, right, values)
    assert all(any(abs(r - v) <= max(exercise.tol, 1e-12) for v in values) for r in right)


def test_an_optimum_is_stated_with_its_grid_and_its_ties():
    for exercise_id in OPTIMA:
        exercise = EXERCISES[exercise_id]
        assert isinstance(exercise, Number)
        if len(exercise.answers()) > 1:
            assert "any of them" in exercise.question, exercise_id
    assert EXERCISES["07.3"].answers() == EXERCISES["09.best_k2_k1_20"].answers()  # asked twice


def test_a_random_answer_is_right_whatever_the_seed(data):
    """07.random_nmi names no seed: the labelling of every seed is accepted, rounded to 0.01
    as the question asks too."""
    y = data.digits.target
    for seed in range(RANDOM_SEEDS):
        value = plain_nmi(y, np.random.default_rng(seed).integers(0, 1000, size=len(y)))
        assert check("07.random_nmi", value).correct, (seed, value)
        assert check("07.random_nmi", round(value, 2)).correct, (seed, value)


PRINTED = {
    "01.bear_penguin": ("01_binary_data_and_hamming", "H(bear, penguin) = {:d}"),
    "01.sphere": ("01_binary_data_and_hamming",
                  "the spheres at distances 0 to 4 hold 1, 4, {:d}, 4 and 1 points"),
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
    # printed text, and the text/plain of displays (a described figure's text alternative)
    return "\n".join("".join(o.get("text", "") or o.get("data", {}).get("text/plain", ""))
                     for c in nb["cells"] if c["cell_type"] == "code" for o in c.get("outputs", []))


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


# -- narrow accumulators: right on small inputs, wrong at the lessons' scale ----------------
# Each answer below is correct on every input of a few rows (its counts stay under 256) and
# wraps at the size the lessons feed it: hundreds of rows (07 votes over about 200 images),
# Digits' d = 240, k1 above 255.

def _uint8_twice_vote(X, tie):  # 2 * 150 = 300 is 44 in uint8
    X = np.asarray(X)
    twice = 2 * X.sum(axis=0, dtype=np.uint8)
    return ((twice > len(X)) | ((twice == len(X)) & (tie == "one"))).astype(np.uint8)


def _uint8_step(count_dtype=np.int64, distance_dtype=np.int64):
    def step(X, x, k1, tie):
        X = np.asarray(X)
        distances = (X != np.asarray(x)).sum(axis=1, dtype=distance_dtype)
        nearest = np.argsort(distances, kind="stable")[:k1]
        twice = 2 * X[nearest].sum(axis=0, dtype=count_dtype)
        return ((twice > k1) | ((twice == k1) & (tie == "one"))).astype(np.uint8)
    return step


def _uint8_label(M, epsilon):
    M = np.asarray(M)
    H = (M[:, None, :] != M[None, :, :]).sum(axis=2, dtype=np.uint8)  # 300 is 44
    labels = -np.ones(len(M), dtype=int)
    for start in range(len(M)):
        if labels[start] < 0:
            labels[start], stack = start, [start]
            while stack:
                i = stack.pop()
                for j in np.flatnonzero((H[i] <= epsilon) & (labels < 0)):
                    labels[j] = start
                    stack.append(j)
    return labels


@pytest.mark.parametrize("exercise_id, bug", [
    ("01.hamming", lambda a, b: int(np.sum(np.asarray(a) != np.asarray(b), dtype=np.uint8))),
    ("01.hamming", lambda a, b: int((np.asarray(a) ^ np.asarray(b)).sum(dtype=np.uint8))),
    ("02.majority_vote", _uint8_twice_vote),
    ("06.bga_step", _uint8_step(count_dtype=np.uint8)),
    ("06.bga_step", _uint8_step(distance_dtype=np.uint8)),
    ("07.label", _uint8_label),
], ids=["hamming-sum", "hamming-xor", "vote-twice", "step-votes", "step-distances", "label"])
def test_a_narrow_accumulator_is_caught_at_the_lessons_scale(exercise_id, bug):
    verdict = check(exercise_id, bug)
    assert not verdict.correct, f"{exercise_id}: a uint8 accumulator passed"
    assert "expected" in verdict.message or "as partitions" in verdict.message, verdict.message
    # the input it fails on is shown by the line that builds it, not as 300 pasted rows
    assert len(verdict.details.splitlines()) < 10, verdict.details[:300]


def test_the_narrow_accumulators_are_right_on_small_inputs():
    """So the cases at scale, not the small ones, are what catch them."""
    rng = np.random.default_rng(0)
    for _ in range(20):
        X = rng.integers(0, 2, size=(9, 6), dtype=np.uint8)
        for tie in ("one", "zero"):
            assert np.array_equal(_uint8_twice_vote(X, tie), majority_ok(X, tie))
            for k1 in (1, 4, 9):
                for bug in (_uint8_step(count_dtype=np.uint8),
                            _uint8_step(distance_dtype=np.uint8)):
                    assert np.array_equal(bug(X, X[0], k1, tie), step_ok(X, X[0], k1, tie))
        assert (np.equal.outer(_uint8_label(X, 2), _uint8_label(X, 2))
                == np.equal.outer(label_ok(X, 2), label_ok(X, 2))).all()


@pytest.mark.parametrize("exercise_id", ["01.hamming", "02.majority_vote", "06.bga_step",
                                         "07.label"])
def test_every_implement_check_has_cases_at_the_lessons_scale(exercise_id):
    cases = EXERCISES[exercise_id].cases()
    arrays = [v for c in cases for k, v in c.items() if k != "_code" and isinstance(v, np.ndarray)]
    assert any(a.dtype == np.uint8 and a.ndim == 2 and len(a) >= 200 for a in arrays) or (
        exercise_id == "01.hamming" and any(a.dtype == np.uint8 and a.size > 255 for a in arrays))
    if exercise_id == "06.bga_step":
        assert any(c["k1"] > 255 for c in cases)
