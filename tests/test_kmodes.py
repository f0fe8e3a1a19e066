"""k-modes against the plain-loop reference (tests/reference_impl.py), bit for bit.

`kmodes_mismatches` and `restart_mismatches` are the comparisons; the planted-bug
tests in tests/test_planted_bugs.py run them against mutated estimators and
check that they report a difference.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kmodes.kmodes import KModes as PackageKModes

from binms_teach import KModes, ari, hamming, majority_vote
from binms_teach.datasets import load_spect, make_bernoulli_mixture
from binms_teach.evaluation.kmodes import init_centres, kmodes_single_run
from tests import reference_impl as ref
from tests.strategies import binary_matrices


def kmodes_mismatches(X, start, max_iter):
    """What `kmodes_single_run` and `KModes(init=start)` report differently from the reference.

    An empty list means labels, centres, inertia and rounds all agree, bit for bit.
    """
    W, labels, inertia, rounds = ref.kmodes(X.tolist(), start.tolist(), max_iter)
    found = []
    centres, got_labels, inertias = kmodes_single_run(X, start, max_iter)
    model = KModes(n_clusters=len(start), init=start, max_iter=max_iter).fit(X)
    for who, got in [("kmodes_single_run", (centres, got_labels, inertias[-1], len(inertias))),
                     ("KModes", (model.cluster_centers_, model.labels_, model.inertia_,
                                 model.n_iter_))]:
        for what, mine, theirs in zip(("centres", "labels", "inertia", "rounds"), got,
                                      (W, labels, inertia, rounds), strict=True):
            mine = mine.tolist() if isinstance(mine, np.ndarray) else mine
            if mine != theirs:
                found.append(f"{who} {what}: {mine} != reference {theirs}")
    return found


def restart_mismatches(X, model):
    """What `model.fit(X)` keeps differently from the best of its own restarts, rerun by loops."""
    starts = model._initial_centres(X)
    W, labels, inertia, rounds = ref.best_of(X.tolist(), [s.tolist() for s in starts],
                                             model.max_iter)
    model.fit(X)
    got = (model.cluster_centers_.tolist(), model.labels_.tolist(), model.inertia_, model.n_iter_)
    return [f"{what}: {mine} != best restart {theirs}"
            for what, mine, theirs in zip(("centres", "labels", "inertia", "rounds"), got,
                                          (W, labels, inertia, rounds), strict=True)
            if mine != theirs]


def tie_cases(count=150, seed=0):
    """Small cases (X, start, max_iter) with few features, where ties abound; seeded."""
    rng = np.random.default_rng(seed)
    cases = []
    for _ in range(count):
        n, d = rng.integers(2, 12), rng.integers(1, 5)
        k = rng.integers(1, min(n, 4) + 1)
        X = rng.integers(0, 2, (n, d), dtype=np.uint8)
        start = rng.integers(0, 2, (k, d), dtype=np.uint8)  # repeated centres tie by design
        cases.append((X, start, int(rng.choice([1, 2, 3, 100]))))
    return cases


def ties_in(X, start):
    """(an assignment tie happened, a vote tie happened) in the reference's first round."""
    X, W = X.tolist(), start.tolist()
    assignment_tie = vote_tie = False
    labels = []
    for x in X:
        distances = [ref.hamming(x, w) for w in W]
        assignment_tie |= distances.count(min(distances)) > 1
        labels.append(distances.index(min(distances)))
    for c in range(len(W)):
        members = [x for x, label in zip(X, labels, strict=True) if label == c]
        vote_tie |= any(2 * sum(col) == len(members) for col in zip(*members, strict=True))
    return assignment_tie, vote_tie


@settings(max_examples=150, deadline=None)
@given(binary_matrices(min_rows=1, max_rows=14, max_cols=6), st.data())
def test_kmodes_equals_the_reference_from_the_same_centres(X, data):
    k = data.draw(st.integers(1, len(X)))
    # Any centres, data rows or not, repeated or not: repeated centres force assignment ties.
    start = data.draw(st.lists(st.lists(st.integers(0, 1), min_size=X.shape[1],
                                        max_size=X.shape[1]), min_size=k, max_size=k))
    max_iter = data.draw(st.sampled_from([1, 2, 3, 100]))
    assert kmodes_mismatches(X, np.array(start, dtype=np.uint8), max_iter) == []


def test_kmodes_equals_the_reference_on_cases_full_of_ties():
    cases = tie_cases()
    ties = [ties_in(X, start) for X, start, _ in cases]
    # The cases exercise both tie rules, so a swapped rule shows up here.
    assert sum(a for a, _ in ties) > 20 and sum(v for _, v in ties) > 20
    for X, start, max_iter in cases:
        assert kmodes_mismatches(X, start, max_iter) == []


@pytest.mark.parametrize("seed", range(3))
def test_kmodes_equals_the_reference_on_a_mixture(seed):
    X = make_bernoulli_mixture(120, 12, 4, flip=0.3, random_state=seed).data
    start = init_centres(X, 5, "random", np.random.RandomState(seed))
    assert kmodes_mismatches(X, start, 100) == []
    assert kmodes_mismatches(X, start, 2) == []  # a cut run


@pytest.mark.parametrize("seed", range(5))
def test_inertia_never_increases(seed):
    X = make_bernoulli_mixture(300, 20, 5, flip=0.25, random_state=seed).data
    start = init_centres(X, 6, "random", np.random.RandomState(seed))
    centres, labels, inertias = kmodes_single_run(X, start, max_iter=100)
    assert len(inertias) >= 2
    assert all(b <= a for a, b in zip(inertias, inertias[1:], strict=False))
    # The last inertia is the cost of the returned labels and centres, recomputed by loops.
    cost = sum(ref.hamming(x, centres[c].tolist()) for x, c in zip(X.tolist(), labels,
                                                                    strict=True))
    assert inertias[-1] == cost


def test_fit_is_a_fixed_point_of_both_steps():
    X = make_bernoulli_mixture(200, 16, 4, flip=0.15, random_state=1).data
    model = KModes(n_clusters=4, random_state=0).fit(X)
    D = hamming(X, model.cluster_centers_)
    assert np.array_equal(D[np.arange(len(X)), model.labels_], D.min(axis=1))
    for c in np.unique(model.labels_):
        members = X[model.labels_ == c]
        ones = members.sum(axis=0)
        decided = 2 * ones != len(members)
        assert np.array_equal(majority_vote(members)[decided], model.cluster_centers_[c][decided])
    assert model.inertia_ == int(D.min(axis=1).sum())


@pytest.mark.parametrize(("init", "seed"), [("huang", 3), ("random", 4), ("huang", 5)])
def test_fit_keeps_the_best_of_its_own_restarts(init, seed):
    X = make_bernoulli_mixture(150, 16, 5, flip=0.3, random_state=seed).data
    model = KModes(n_clusters=5, init=init, n_init=8, random_state=seed)
    starts = model._initial_centres(X)
    assert len(starts) == 8
    inertias = [ref.kmodes(X.tolist(), s.tolist())[2] for s in starts]
    # The restarts differ, so keeping any but the best changes the result.
    assert len(set(inertias)) > 1
    assert restart_mismatches(X, model) == []
    assert model.inertia_ == min(inertias)


def test_the_restarts_are_reproducible_and_distinct_data_rows():
    X = make_bernoulli_mixture(100, 12, 3, random_state=4).data
    model = KModes(n_clusters=10, n_init=4, random_state=0)
    first, again = model._initial_centres(X), model._initial_centres(X)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    rows = X.tolist()
    for centres in first:
        indices = [rows.index(c) for c in centres.tolist()]  # ValueError if not a data row
        assert len({tuple(c) for c in centres.tolist()}) == len(indices)


def test_same_seed_same_result_and_predict_matches_labels():
    X = make_bernoulli_mixture(150, 16, 3, random_state=3).data
    a = KModes(n_clusters=3, random_state=7).fit(X)
    b = KModes(n_clusters=3, random_state=7).fit(X)
    assert np.array_equal(a.cluster_centers_, b.cluster_centers_)
    assert np.array_equal(a.predict(X), a.labels_)


def test_huang_init_picks_distinct_data_rows():
    X = make_bernoulli_mixture(100, 16, 3, random_state=4).data
    centres = init_centres(X, 10, "huang", np.random.RandomState(0))
    rows = {tuple(r) for r in X.tolist()}
    assert all(tuple(c) in rows for c in centres.tolist())
    assert len({tuple(c) for c in centres.tolist()}) == 10


@pytest.mark.parametrize("seed", range(10))
def test_huang_init_never_repeats_a_row_while_distinct_rows_remain(seed):
    # Many copies of few rows: the nearest free data point is often a copy of a
    # centre already chosen (Spect at k = 47 did this for 8 of 10 seeds).
    rng = np.random.RandomState(seed)
    base = rng.randint(0, 2, size=(12, 6)).astype(np.uint8)
    X = base[rng.randint(0, 12, size=80)]
    n_distinct = len(np.unique(X, axis=0))
    for k in (2, n_distinct // 2, n_distinct):
        centres = init_centres(X, k, "huang", np.random.RandomState(seed))
        assert len(np.unique(centres, axis=0)) == k
    # With fewer distinct rows than centres a repeat is unavoidable: every
    # distinct row is used once before any is used again.
    centres = init_centres(X, n_distinct + 3, "huang", np.random.RandomState(seed))
    assert len(np.unique(centres, axis=0)) == n_distinct


def test_huang_init_leaves_no_cluster_empty_on_spect():
    # The symptom of repeated centres: fewer clusters than asked for.
    X = load_spect().data
    for seed in range(10):
        assert len(np.unique(KModes(n_clusters=47, n_init=1, random_state=seed)
                             .fit(X).labels_)) == 47


@pytest.mark.parametrize("seed", range(3))
def test_recovers_the_planted_clusters_of_a_mixture(seed):
    mix = make_bernoulli_mixture(300, 40, 3, flip=0.05, random_state=seed)
    model = KModes(n_clusters=3, random_state=seed).fit(mix.data)
    assert ari(mix.target, model.labels_) == 1.0
    # The centres are the planted prototypes, in some order.
    assert sorted(model.cluster_centers_.tolist()) == sorted(mix.prototypes.tolist())


@pytest.mark.parametrize("seed", range(5))
def test_agrees_with_the_kmodes_package_from_the_same_centres(seed):
    """The kmodes package (Huang's online updates: a point moves, its two centres follow at
    once; tied votes pick 0; an emptied cluster takes a random point) reaches the same
    partition as our batch rounds from the same initial centres on clustered data."""
    mix = make_bernoulli_mixture(200, 30, 4, flip=0.1, random_state=seed)
    X = mix.data
    start = X[[int(np.flatnonzero(mix.target == c)[0]) for c in range(4)]]
    theirs = PackageKModes(n_clusters=4, init=start.copy(), n_init=1, max_iter=100,
                           random_state=seed).fit(X)
    ours = KModes(n_clusters=4, init=start).fit(X)
    assert ours.labels_.tolist() == theirs.labels_.tolist()
    assert ours.cluster_centers_.tolist() == theirs.cluster_centroids_.tolist()
    assert ours.inertia_ == theirs.cost_
