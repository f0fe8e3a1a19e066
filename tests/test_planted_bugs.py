"""The suite fails on each planted bug: the tests can fail.

Each test plants one bug in the package at run time (monkeypatch; nothing is left in
the package), runs the comparison that the real test uses, and asserts that it
reports the bug. Each also runs the comparison on the package as shipped, which
must report nothing.
"""

import numpy as np
import pytest
from sklearn.utils.estimator_checks import check_fit2d_predict1d

from binms_teach import KModes, _validation, kmodes
from binms_teach.datasets import make_bernoulli_mixture
from binms_teach.hamming import hamming
from tests.test_kmodes import kmodes_mismatches, restart_mismatches, tie_cases
from tests.test_sklearn_api import ThresholdedBinNNMS, ThresholdedKModes


def keep_the_worst_restart(runs):
    return max(runs, key=lambda run: run[2][-1])


def assignment_ties_to_the_higher_centre(X, W):
    D = hamming(X, W)
    labels = D.shape[1] - 1 - np.argmin(D[:, ::-1], axis=1)
    return labels, int(D[np.arange(len(X)), labels].sum())


def vote_ties_to_one(X, labels, W):
    ones, sizes = kmodes.cluster_votes(X, labels, len(W))
    return kmodes.decide(2 * ones, sizes, "one", W)


def vote_ties_to_zero(X, labels, W):
    ones, sizes = kmodes.cluster_votes(X, labels, len(W))
    return kmodes.decide(2 * ones, sizes, "zero", W)


def test_keeping_the_worst_restart_is_caught(monkeypatch):
    X = make_bernoulli_mixture(150, 16, 5, flip=0.3, random_state=3).data
    model = KModes(n_clusters=5, n_init=8, random_state=3)
    assert restart_mismatches(X, model) == []
    monkeypatch.setattr(kmodes, "_best_run", keep_the_worst_restart)
    assert restart_mismatches(X, model) != []


@pytest.mark.parametrize(("name", "bug"), [("_assign", assignment_ties_to_the_higher_centre),
                                           ("_vote", vote_ties_to_one),
                                           ("_vote", vote_ties_to_zero)])
def test_a_swapped_tie_rule_is_caught(monkeypatch, name, bug):
    cases = tie_cases()
    assert all(kmodes_mismatches(*case) == [] for case in cases)
    monkeypatch.setattr(kmodes, name, bug)
    assert any(kmodes_mismatches(*case) != [] for case in cases)


@pytest.mark.parametrize("estimator", [ThresholdedBinNNMS(k1=3, k2=3),
                                       ThresholdedKModes(n_clusters=3, n_init=2,
                                                         random_state=0)])
def test_a_wrong_1d_message_is_caught(monkeypatch, estimator):
    name = type(estimator).__name__
    check_fit2d_predict1d(name, estimator)
    # The message before the fix: clear, but without scikit-learn's "Reshape your data".
    monkeypatch.setattr(_validation, "RESHAPE_HINT",
                        " Reshape a single sample with x.reshape(1, -1).")
    with pytest.raises(AssertionError, match="Reshape your data"):
        check_fit2d_predict1d(name, estimator)
