import numpy as np
import pytest

from binms_teach import KModes, hamming, majority_vote
from binms_teach.kmodes import init_centres, kmodes_single_run
from tests.test_binnnms import mixture


@pytest.mark.parametrize("seed", range(5))
def test_inertia_never_increases(seed):
    X = mixture(n=300, d=20, k=5, flip=0.25, seed=seed)
    rng = np.random.RandomState(seed)
    start = init_centres(X, 6, "random", rng)
    centres, labels, inertias = kmodes_single_run(X, start, max_iter=100)
    assert len(inertias) >= 2
    assert all(b <= a for a, b in zip(inertias, inertias[1:], strict=False))
    # The last inertia is the cost of the returned labels and centres, recomputed by loops.
    cost = sum(int(np.sum(x != centres[c])) for x, c in zip(X, labels, strict=True))
    assert inertias[-1] == cost


def test_fit_is_a_fixed_point_of_both_steps():
    X = mixture(n=200, d=16, k=4, seed=1)
    model = KModes(n_clusters=4, random_state=0).fit(X)
    D = hamming(X, model.cluster_centers_)
    assert np.array_equal(D[np.arange(len(X)), model.labels_], D.min(axis=1))
    for c in np.unique(model.labels_):
        members = X[model.labels_ == c]
        ones = members.sum(axis=0)
        decided = 2 * ones != len(members)
        assert np.array_equal(majority_vote(members)[decided], model.cluster_centers_[c][decided])
    assert model.inertia_ == int(D.min(axis=1).sum())


def test_best_of_n_init_is_no_worse_than_each_run():
    X = mixture(n=200, d=16, k=4, flip=0.3, seed=2)
    best = KModes(n_clusters=5, n_init=8, random_state=3).fit(X).inertia_
    singles = [KModes(n_clusters=5, n_init=1, random_state=s).fit(X).inertia_ for s in range(3)]
    assert best <= max(singles)


def test_same_seed_same_result_and_predict_matches_labels():
    X = mixture(n=150, seed=3)
    a = KModes(n_clusters=3, random_state=7).fit(X)
    b = KModes(n_clusters=3, random_state=7).fit(X)
    assert np.array_equal(a.cluster_centers_, b.cluster_centers_)
    assert np.array_equal(a.predict(X), a.labels_)


def test_huang_init_picks_distinct_data_rows():
    X = mixture(n=100, seed=4)
    centres = init_centres(X, 10, "huang", np.random.RandomState(0))
    rows = {tuple(r) for r in X.tolist()}
    assert all(tuple(c) in rows for c in centres.tolist())


def test_recovers_well_separated_prototypes():
    X = mixture(n=300, d=40, k=3, flip=0.05, seed=5)
    model = KModes(n_clusters=3, random_state=0).fit(X)
    from binms_teach import ari
    truth = np.argmin(hamming(X, model.cluster_centers_), axis=1)
    assert ari(truth, model.labels_) == 1.0
    assert model.inertia_ < 0.1 * X.size
