import numpy as np
import pandas as pd
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from binms_teach import BinNNMS, bga, bga_path, majority_vote
from binms_teach.hamming import nearest_neighbours
from tests import reference_ball as ref_ball
from tests import reference_impl as ref
from tests.data import mixture
from tests.strategies import binary_matrices


@settings(max_examples=80, deadline=None)
@given(binary_matrices(min_rows=2, max_rows=14, max_cols=6), st.data())
def test_fit_equals_an_independent_implementation(X, data):
    n = len(X)
    k1 = data.draw(st.integers(1, n))
    k2 = data.draw(st.integers(1, n - 1))
    tie = data.draw(st.sampled_from(["one", "zero", "keep"]))
    max_iter = data.draw(st.sampled_from([0, 1, 2, 100]))
    epsilon_from = data.draw(st.sampled_from(["modes", "data"]))
    model = BinNNMS(k1=k1, k2=k2, tie=tie, max_iter=max_iter, epsilon_from=epsilon_from).fit(X)
    modes, epsilon, labels = ref.binnnms(X.tolist(), k1, k2, max_iter, tie,
                                         epsilon_from=epsilon_from)
    assert model.modes_.tolist() == modes
    assert model.epsilon_ == pytest.approx(epsilon)
    assert model.labels_.tolist() == labels


@pytest.mark.parametrize("tie", ["one", "zero", "keep"])
@pytest.mark.parametrize("k1", [4, 7, 20])
def test_fit_equals_the_independent_implementation_on_a_mixture(tie, k1):
    X = mixture(n=90, d=12, seed=k1)
    model = BinNNMS(k1=k1, k2=5, tie=tie).fit(X)
    modes, epsilon, labels = ref.binnnms(X.tolist(), k1, 5, 100, tie)
    assert model.modes_.tolist() == modes
    assert model.labels_.tolist() == labels
    assert model.epsilon_ == pytest.approx(epsilon)


@pytest.mark.parametrize("neighbours", ["index", "ball"])
def test_converged_exactly_when_the_ascent_confirmed_a_fixed_point(neighbours):
    """Both directions, for every model: converged implies a fixed point; not converged
    implies the last of the max_iter updates still moved the iterate (or closed a cycle),
    so the mode is not a fixed point, except when that very move landed on one."""
    X = mixture(n=200, d=24, seed=1)
    rows = X.tolist()

    def vote(x):
        near = (ref.nn_k(rows, x, 8) if neighbours == "index"
                else ref_ball.ball(rows, x, 8)[1])
        return ref.maj([rows[i] for i in near], "one", x)

    def is_fixed(x):
        return vote(x) == x

    # Updates that change the iterate before it reaches a fixed point, by plain loops;
    # infinite for an ascent that comes back to an earlier iterate (a "ball" cycle).
    moves = []
    for x in rows:
        path = [x]
        while not is_fixed(path[-1]) and path[-1] not in path[:-1]:
            path.append(vote(path[-1]))
        moves.append(len(path) - 1 if is_fixed(path[-1]) else float("inf"))
    for max_iter in (1, 2, 3, 100):
        model = BinNNMS(k1=8, k2=4, max_iter=max_iter, neighbours=neighbours).fit(X)
        for mode, converged, m in zip(model.modes_.tolist(), model.converged_, moves,
                                      strict=True):
            assert converged == (m < max_iter)  # the confirming update fits in max_iter
            assert is_fixed(mode) == (m <= max_iter)
            if converged:
                assert is_fixed(mode)
            else:
                assert not is_fixed(mode) or m == max_iter
        assert model.n_iter_ == max(min(m + 1, max_iter) for m in moves)
        if max_iter < max(moves):  # the cap bites: both kinds of candidate are there
            assert not model.converged_.all() and model.converged_.any()
            assert any(not is_fixed(mode) for mode in model.modes_.tolist())
    assert 3 <= max(moves) < 100 and model.converged_.all()


def test_paths_follow_the_recurrence_and_end_at_the_modes():
    X = mixture(n=60, d=10, seed=2)
    model = BinNNMS(k1=6, k2=3, record_paths=True).fit(X)
    for i in (0, 17, 59):
        path = model.paths_[i]
        assert np.array_equal(path, bga_path(X, X[i], 6))
        assert np.array_equal(path[0], X[i]) and np.array_equal(path[-1], model.modes_[i])
        for x, x_next in zip(path[:-1], path[1:], strict=True):
            _, nn = nearest_neighbours(X, x[None], 6)
            assert np.array_equal(majority_vote(X[nn[0]]), x_next)


def test_bga_counts_updates_and_convergence():
    X = mixture(n=50, d=10, seed=3)
    modes, n_iter, converged = bga(X, X, k1=5, max_iter=100)
    for i in range(len(X)):
        path = bga_path(X, X[i], 5)
        # One update per move, plus the one that confirmed the fixed point.
        assert n_iter[i] == len(path) and converged[i]
    capped, n_iter1, converged1 = bga(X, X, k1=5, max_iter=1)
    assert (n_iter1 == 1).all()
    assert np.array_equal(converged1, n_iter == 1)


@pytest.mark.parametrize("tie", ["one", "zero", "keep"])
@pytest.mark.parametrize("neighbours", ["index", "ball"])
def test_no_iterate_is_searched_twice_and_the_modes_stay_those_of_bga_path(
        neighbours, tie, monkeypatch):
    """The ascent remembers every iterate's update (in any round, of any candidate): each
    distinct iterate is searched once, and every candidate still ends where bga_path does."""
    import sys
    import warnings
    ascent = sys.modules["binms_teach.fast.ascent"]
    X = mixture(n=150, d=14, k=4, flip=0.2, seed=5)
    searched = []
    name = "_majority_of_neighbours" if neighbours == "index" else "_majority_of_ball"
    kernel = getattr(ascent, name)

    def recorded(*args):
        searched.extend(map(bytes, args[-3]))  # Q, the rows whose update is computed
        return kernel(*args)

    monkeypatch.setattr(ascent, name, recorded)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "ball" may cycle
        modes, n_iter, _, _ = ascent.ascend(X, X.copy(), 6, 100, tie, neighbours=neighbours)
        monkeypatch.setattr(ascent, name, kernel)
        paths = [bga_path(X, x, 6, tie=tie, neighbours=neighbours) for x in X]
    assert len(searched) == len(set(searched))
    # Every iterate a candidate updated was searched: x_0, ..., and the confirming one.
    iterates = {bytes(row) for path in paths for row in path}
    assert iterates <= set(searched) | {bytes(m) for m in modes}
    assert [path[-1].tolist() for path in paths] == modes.tolist()
    assert max(n_iter) > 2  # the ascent took several rounds: the table had work to do


def test_the_estimator_is_deterministic_and_leaves_the_input_alone():
    X = mixture(seed=4)
    before = X.copy()
    a = BinNNMS(k1=6, k2=6).fit(X)
    b = BinNNMS(k1=6, k2=6).fit(X)
    assert np.array_equal(X, before)
    assert np.array_equal(a.labels_, b.labels_) and np.array_equal(a.modes_, b.modes_)
    assert a.modes_.dtype == np.uint8 and a.modes_.shape == X.shape


def test_cluster_centres_are_the_median_centres_of_the_members():
    X = mixture(n=150, seed=5)
    model = BinNNMS(k1=10, k2=10).fit(X)
    assert len(model.cluster_centers_) == model.labels_.max() + 1
    for c, centre in enumerate(model.cluster_centers_):
        assert np.array_equal(centre, majority_vote(X[model.labels_ == c]))


def test_labels_appear_in_order():
    model = BinNNMS(k1=5, k2=3).fit(mixture(seed=6))
    first = [np.flatnonzero(model.labels_ == c)[0] for c in range(model.labels_.max() + 1)]
    assert first == sorted(first)


@pytest.mark.parametrize("convert", [
    lambda X: X.astype(bool), lambda X: X.astype(np.int64), lambda X: X.astype(np.float32),
    lambda X: X.tolist(), lambda X: pd.DataFrame(X), sp.csr_matrix, sp.csr_array,
])
def test_accepted_input_types_give_the_same_clustering(convert):
    X = mixture(n=60, seed=7)
    expected = BinNNMS(k1=5, k2=5).fit(X)
    got = BinNNMS(k1=5, k2=5).fit(convert(X))
    assert np.array_equal(got.labels_, expected.labels_)
    assert np.array_equal(got.modes_, expected.modes_)


def test_explicit_epsilon_and_epsilon_from_data():
    X = mixture(n=80, seed=8)
    model = BinNNMS(k1=6, epsilon=0).fit(X)
    assert model.epsilon_ == 0
    # epsilon 0 joins only equal modes: one cluster per distinct mode.
    assert model.labels_.max() + 1 == len(np.unique(model.modes_, axis=0))
    data_eps = BinNNMS(k1=6, k2=4, epsilon_from="data").fit(X).epsilon_
    assert data_eps == pytest.approx(ref.epsilon_from_k2(X.tolist(), 4))


def test_predict_on_training_data_gives_the_training_labels():
    X = mixture(n=100, seed=9)
    model = BinNNMS(k1=7, k2=5).fit(X)
    assert np.array_equal(model.predict(X), model.labels_)
    assert np.array_equal(model.fit_predict(X), model.labels_)


def test_predict_ascends_new_points_to_the_nearest_training_mode():
    X = mixture(n=100, seed=10)
    Y = mixture(n=20, seed=11)
    model = BinNNMS(k1=7, k2=5).fit(X)
    for y, label in zip(Y, model.predict(Y), strict=True):
        mode = ref.ascend(X.tolist(), y.tolist(), 7, 100, "one")
        distances = [ref.hamming(mode, m) for m in model.modes_.tolist()]
        assert label == model.labels_[int(np.argmin(distances))]
