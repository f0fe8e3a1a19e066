"""The suite fails on each planted bug: the tests can fail.

Each test plants one bug in the package at run time (monkeypatch; nothing is left in
the package), runs the comparison that the real test uses, and asserts that it
reports the bug. Each also runs the comparison on the package as shipped, which
must report nothing.
"""

import importlib

import numpy as np
import pytest
from sklearn.utils.estimator_checks import check_fit2d_predict1d

from binms_teach import (
    KModes,
    _binary,
    ascent,
    ball_neighbours,
    labelling,
    majority,
    majority_vote,
    nearest_neighbours,
)
from binms_teach.datasets import make_bernoulli_mixture
from binms_teach.evaluation import kmodes
from binms_teach.fast import ascent as fast_ascent
from binms_teach.fast import labelling as fast_labelling
from binms_teach.fast import lists as fast_lists
from binms_teach.fast import search as fast_search
from binms_teach.hamming import hamming
from tests import test_oracles as oracles
from tests.test_kmodes import kmodes_mismatches, restart_mismatches, tie_cases
from tests.test_sklearn_api import ThresholdedBinNNMS, ThresholdedKModes

# The module, not the function of the same name that the package exports.
hamming_module = importlib.import_module("binms_teach.hamming")
DECIDE = majority.decide


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
    monkeypatch.setattr(_binary, "RESHAPE_HINT",
                        " Reshape a single sample with x.reshape(1, -1).")
    with pytest.raises(AssertionError, match="Reshape your data"):
        check_fit2d_predict1d(name, estimator)


# ---------------------------------------------------------------- bugs in what both layers share
# Comparing the readable layer with the fast one cannot see these: both call the same code
# (`majority.decide`, `labelling.first_appearance`, `hamming.within`) or a branch no
# tie-heavy comparison reaches. Each is planted where every layer reads it, and the oracle
# tests of tests/test_oracles.py must see it (the detectors named beside each bug).

def strict_majority_as_at_least_half(twice_ones, total, tie, current=None):
    """The vote threshold ``>`` written ``>=``: a tie becomes a 1 whatever the tie rule."""
    w = (twice_ones >= total).astype(np.uint8)
    if tie == "one":
        w |= (twice_ones == total).astype(np.uint8)
    elif tie == "keep":
        at_tie = twice_ones == total
        w[at_tie] = np.broadcast_to(current, w.shape)[at_tie]
    return w


def keep_flipped(twice_ones, total, tie, current=None):
    """tie="keep" keeps the opposite of the current bit."""
    w = (twice_ones > total).astype(np.uint8)
    if tie == "one":
        w |= (twice_ones == total).astype(np.uint8)
    elif tie == "keep":
        at_tie = twice_ones == total
        w[at_tie] = 1 - np.broadcast_to(current, w.shape)[at_tie]
    return w


def one_and_zero_swapped(twice_ones, total, tie, current=None):
    """tie="one" settles a tie to 0 and tie="zero" to 1."""
    swapped = {"one": "zero", "zero": "one"}.get(tie, tie)
    return DECIDE(twice_ones, total, swapped, current)


def sorted_instead_of_first_appearance(labels):
    """Labels numbered in sorted order (np.unique's) instead of order of first appearance."""
    return np.unique(np.asarray(labels), return_inverse=True)[1].reshape(-1)


def open_ball(distances, radius):
    """The ball without its boundary: points at exactly the k-th distance left out."""
    inside = np.flatnonzero(distances < radius)
    return inside[np.argsort(distances[inside], kind="stable")]


def uint16_whatever_k1(X, idx):
    """The fast vote counts always in uint16: 2 * ones wraps past 2**15 voters."""
    ones = X[idx[:, 0]].astype(np.uint16)
    for j in range(1, idx.shape[1]):
        ones += X[idx[:, j]]
    return ones


def bound_without_the_move(self, next_keys, nxt):
    """`NeighbourLists.hand_on` handing the parent's bound on unchanged (no ``- delta``)."""
    if not self.useful:
        return
    Q, self.lists, self.bounds = self._pending
    self.held = dict(zip(next_keys, range(len(Q)), strict=True))


def epsilon_counting_the_point_itself(M, k2):
    """epsilon(k2) from the k2-th nearest point counting the point itself (column k2 - 1)."""
    M = np.asarray(M, dtype=np.uint8)
    return float(np.sort(hamming(M), axis=1)[:, k2 - 1].mean())


def keep_the_first_voters_bit(X, x, k1, tie="one", *, neighbours="index"):
    """`bga_step` whose tie rule "keep" keeps the bit of the nearest voter, not of x: the same
    wherever x is a data point (it is its own nearest voter), wrong off the data."""
    X, x = np.asarray(X, dtype=np.uint8), np.asarray(x, dtype=np.uint8)
    if neighbours == "index":
        members = nearest_neighbours(X, x[None, :], k1)[1][0]
    else:
        members = ball_neighbours(X, x[None, :], k1).indices[0]
    return majority_vote(X[members], tie=tie, current=X[members[0]]), members


# Every module that holds `decide` under its own name: a bug in it reaches them all.
DECIDERS = [(majority, "decide"), (fast_ascent, "decide"), (oracles, "decide")]

SHARED_BUGS = {
    # name: (where it is planted, the bug, the detectors that must see it)
    "vote threshold >=": (DECIDERS,
                          strict_majority_as_at_least_half,
                          [oracles.vote_mismatches, oracles.majority_mismatches,
                           oracles.step_mismatches]),
    "keep tie flipped": (DECIDERS, keep_flipped,
                         [oracles.vote_mismatches, oracles.majority_mismatches,
                          oracles.step_mismatches]),
    "one and zero swapped": (DECIDERS,
                             one_and_zero_swapped,
                             [oracles.vote_mismatches, oracles.majority_mismatches,
                              oracles.step_mismatches]),
    "labels in sorted order": ([(labelling, "first_appearance"),
                                (fast_labelling, "first_appearance"),
                                (oracles, "first_appearance")],
                               sorted_instead_of_first_appearance,
                               [oracles.first_appearance_mismatches]),
    "open ball": ([(hamming_module, "within"), (fast_search, "within")], open_ball,
                  [oracles.ball_mismatches]),
    "vote counts in uint16": ([(fast_ascent, "_ones")], uint16_whatever_k1,
                              [oracles.wide_count_mismatches]),
    "list bound without - delta": ([(fast_lists.NeighbourLists, "hand_on")],
                                   bound_without_the_move, [oracles.list_bound_mismatches]),
    "keep keeps the first voter's bit": ([(ascent, "bga_step"), (oracles, "bga_step")],
                                         keep_the_first_voters_bit,
                                         [oracles.off_data_step_mismatches,
                                          oracles.ascent_mismatches]),
    "epsilon counts the point itself": ([(labelling, "epsilon_from_k2"),
                                         (oracles, "epsilon_from_k2")],
                                        epsilon_counting_the_point_itself,
                                        [oracles.epsilon_mismatches]),
}


@pytest.mark.parametrize("name", list(SHARED_BUGS))
def test_a_bug_in_shared_code_is_caught_by_its_oracles(monkeypatch, name):
    places, bug, detectors = SHARED_BUGS[name]
    assert all(detect() == [] for detect in detectors)  # the package as shipped
    for owner, attribute in places:
        monkeypatch.setattr(owner, attribute, bug)
    missed = [detect.__name__ for detect in detectors if detect() == []]
    assert missed == [], f"{name}: not seen by {missed}"
