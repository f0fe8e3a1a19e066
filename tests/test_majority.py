import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binms_teach import inertia, majority_vote, vote_counts
from tests.strategies import binary_matrices


def brute_force_argmins(X, weights):
    """All minimisers of sum_i w_i H(X_i, x) over {0,1}^d, by trying every x."""
    d = X.shape[1]
    costs = {}
    for x in itertools.product((0, 1), repeat=d):
        costs[x] = sum(w * sum(int(a != b) for a, b in zip(row, x, strict=True))
                       for row, w in zip(X.tolist(), weights, strict=True))
    best = min(costs.values())
    return {x for x, c in costs.items() if np.isclose(c, best)}


@settings(max_examples=80, deadline=None)
@given(binary_matrices(max_rows=7, max_cols=6), st.data())
def test_majority_vote_is_the_median_centre_ties_included(X, data):
    weights = data.draw(st.lists(st.integers(0, 3), min_size=len(X), max_size=len(X)))
    if sum(weights) == 0:
        weights[0] = 1
    argmins = brute_force_argmins(X, weights)
    ones, total = vote_counts(X, weights)
    tied = np.flatnonzero(2 * ones == total)
    # Every completion of the tied coordinates is a median centre, and nothing else is.
    base = majority_vote(X, weights, tie="zero")
    completions = set()
    for bits in itertools.product((0, 1), repeat=len(tied)):
        x = base.copy()
        x[tied] = bits
        completions.add(tuple(int(v) for v in x))
    assert completions == argmins
    for tie in ("one", "zero"):
        assert tuple(majority_vote(X, weights, tie=tie).tolist()) in argmins
    current = data.draw(st.lists(st.integers(0, 1), min_size=X.shape[1], max_size=X.shape[1]))
    kept = majority_vote(X, weights, tie="keep", current=current)
    assert tuple(kept.tolist()) in argmins
    assert [kept[j] for j in tied] == [current[j] for j in tied]


def test_tie_rules_on_an_even_vote():
    X = [[1, 1, 0], [0, 1, 0]]  # coordinate 0 is a 1-1 tie
    assert majority_vote(X, tie="one").tolist() == [1, 1, 0]
    assert majority_vote(X, tie="zero").tolist() == [0, 1, 0]
    assert majority_vote(X, tie="keep", current=[0, 0, 1]).tolist() == [0, 1, 0]
    assert majority_vote(X, tie="keep", current=[1, 0, 1]).tolist() == [1, 1, 0]


def test_weights_change_the_vote():
    X = [[1, 0], [0, 1], [0, 1]]
    assert majority_vote(X).tolist() == [0, 1]
    assert majority_vote(X, weights=[3, 1, 1]).tolist() == [1, 0]
    assert inertia(X, [1, 0], weights=[3, 1, 1]) == 4.0


def test_majority_vote_errors_name_the_fix():
    with pytest.raises(ValueError, match="pass current="):
        majority_vote([[1], [0]], tie="keep")
    with pytest.raises(ValueError, match="tie='half' is not a tie rule"):
        majority_vote([[1], [0]], tie="half")
    with pytest.raises(ValueError, match="one weight per sample"):
        majority_vote([[1], [0]], weights=[1, 2, 3])
