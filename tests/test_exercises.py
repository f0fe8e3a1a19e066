"""binms_teach.exercises: every id answers back, and the implement-it-yourself checks catch bugs.

The student versions below are plain loops written here, independently of the package; the
buggy ones each carry one planted bug.
"""

import numpy as np
import pytest

from binms_teach import exercises
from binms_teach.exercises import EXERCISES, Choice, Implement, Number, Verdict, check

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


REFERENCE_FUNCTIONS = {"01.hamming": hamming_ok, "02.majority_vote": majority_ok,
                       "06.bga_step": step_ok, "07.label": label_ok}


def reference_answer(exercise_id):
    exercise = EXERCISES[exercise_id]
    if isinstance(exercise, Implement):
        return REFERENCE_FUNCTIONS[exercise_id]
    return exercise.answer


def wrong_answers(exercise_id):
    """At least two wrong answers for every id."""
    exercise = EXERCISES[exercise_id]
    if isinstance(exercise, Choice):
        # every wrong option, and a letter that is not an option
        return [letter for letter in exercise.options if letter != exercise.answer] + ["z"]
    if isinstance(exercise, Number):
        step = max(10 * exercise.tol, 1 if float(exercise.answer).is_integer() else 0.05)
        return [exercise.answer + step, exercise.answer - step]
    return [lambda *args, **kwargs: 0, lambda *args, **kwargs: np.zeros((2, 2, 2))]


ALL = exercises.list()


def test_list_gives_every_id_for_notebooks_06_to_11():
    assert ALL == sorted(EXERCISES)
    for nb in ("06", "07", "08", "09", "10", "11"):
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
        assert isinstance(EXERCISES[exercise_id], Number) and EXERCISES[exercise_id].answer == 3.5
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
    verdict = check("06.nope", "a")
    assert not verdict.correct
    assert "06.bga_step" in verdict.message and "07.label" in verdict.message
    assert not check(6, "a").correct


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


def test_notebook_12_has_its_results_and_concept_questions():
    mine = [i for i in ALL if i.startswith("12.")]
    concept = [i for i in mine if not i.split(".")[1].isdigit()]
    results = [i for i in mine if i.split(".")[1].isdigit()]
    assert 3 <= len(concept) <= 5 and 2 <= len(results) <= 4, mine
    assert all(isinstance(EXERCISES[i], Choice) for i in concept)
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
    one = selection.choose_parameters(X, k1s=(10,), k2s=(10,), n_subsamples=10)
    assert check("12.3", one.scores["stability"][0, 0]).correct
