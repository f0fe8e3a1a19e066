"""The closed-ball neighbourhood (neighbours="ball") against plain loops, and its order-freedom.

- `ball_neighbours` (fast and readable) against tests/reference_ball.py;
- the "ball" ascent (`bga`, `bga_path`, `ascent_trace`, `path_map`, `BinNNMS`)
  against the plain-Python reference, bit for bit, ties at the radius and
  every tie rule included;
- order-freedom: a row-permuted X gives the permuted modes and the same
  partition (hypothesis, and Zoo, Soybean, Votes), where "index" does not.

Real-data tests need the UCI files (BINMS_TEACH_DATA); under CI=true they must
run, elsewhere they are skipped when the files are missing.
"""

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binms_teach import BinNNMS, bga, bga_path, bga_step, datasets, experiments
from binms_teach.fast import search as fast_search
from binms_teach.fast.ascent import ascend as fast_ascend
from binms_teach.hamming import Ball, ball_neighbours
from binms_teach.trace import ascent_trace, path_map
from tests import reference_ball as ref
from tests.data import mixture
from tests.guards import missing
from tests.strategies import binary_matrices

TIES = ["one", "zero", "keep"]


def real(name):
    """The data of ``name``, or skip (fail under CI=true) when its files are missing."""
    try:
        return getattr(datasets, f"load_{name}")(download=False).data
    except (FileNotFoundError, OSError) as exc:
        missing(f"{name} data not found ({exc}); set BINMS_TEACH_DATA")


def canonical(labels):
    """Labels renumbered by first appearance: equal iff the partitions are equal."""
    names = {}
    return [names.setdefault(int(v), len(names)) for v in labels]


# ---------------------------------------------------------------- the ball itself


@settings(max_examples=80, deadline=None)
@given(binary_matrices(min_rows=1, max_rows=15, max_cols=5), binary_matrices(max_rows=6), st.data())
def test_ball_neighbours_equal_plain_python(X, Q, data):
    Q = np.resize(Q, (len(Q), X.shape[1]))
    k = data.draw(st.integers(1, len(X)))
    fast = Ball(*fast_search.ball_neighbours(X, Q.astype(np.uint8), k))
    readable = ball_neighbours(X, Q, k)
    for q, x in enumerate(Q):
        radius, members = ref.ball(X.tolist(), x.tolist(), k)
        for got in (fast, readable):
            assert got.radius[q] == radius
            assert got.indices[q].tolist() == members
            assert got.distances[q].tolist() == [ref.hamming(X[i].tolist(), x.tolist())
                                                 for i in members]
        assert len(members) >= k


def test_balls_hold_every_tie_at_the_radius():
    X = mixture(n=200, d=6, seed=3)  # 64 patterns: ties at the radius are the rule
    ball = ball_neighbours(X, X, 10)
    sizes = np.array([len(i) for i in ball.indices])
    assert (sizes > 10).mean() > 0.5  # the case the ball exists for
    for x, r, idx in zip(X, ball.radius, ball.indices, strict=True):
        D = (X != x).sum(axis=1)
        assert sorted(idx.tolist()) == np.flatnonzero(D <= r).tolist()
        assert np.sort(D)[9] == r


def test_chunked_balls_equal_unchunked(monkeypatch):
    X = mixture(n=150, d=6, seed=4)
    whole = ball_neighbours(X, X, 12)
    modes = bga(X, X, 12, neighbours="ball")[0]
    monkeypatch.setattr(fast_search, "CHUNK_BYTES", 4 * 150 * 7)  # 7 rows
    radius, _, indices = fast_search.ball_neighbours(X, X, 12)
    assert np.array_equal(whole.radius, radius)
    assert all(np.array_equal(a, b) for a, b in zip(whole.indices, indices, strict=True))
    assert np.array_equal(modes, fast_ascend(X, X.copy(), 12, 100, "one", neighbours="ball")[0])


# ---------------------------------------------------------------- the ascent


@settings(max_examples=80, deadline=None)
@given(binary_matrices(min_rows=1, max_rows=14, max_cols=6), st.data())
def test_ball_ascent_equals_plain_python(X, data):
    k1 = data.draw(st.integers(1, len(X)))
    tie = data.draw(st.sampled_from(TIES))
    max_iter = data.draw(st.sampled_from([0, 1, 2, 100]))
    modes, n_iter, converged = bga(X, X, k1, max_iter, tie, neighbours="ball")
    for i, x in enumerate(X):
        path, conv = ref.ascend(X.tolist(), x.tolist(), k1, max_iter, tie)
        assert modes[i].tolist() == path[-1]
        assert bool(converged[i]) == conv
        assert n_iter[i] == len(path) - 1 + conv  # the confirming update counts
        assert bga_path(X, x, k1, max_iter, tie, neighbours="ball").tolist() == path
        trace = ascent_trace(X, i, k1, max_iter, tie, neighbours="ball")
        assert trace.path.tolist() == path and trace.converged == conv


@settings(max_examples=60, deadline=None)
@given(binary_matrices(min_rows=2, max_rows=14, max_cols=6), st.data())
def test_ball_binnnms_equals_plain_python(X, data):
    n = len(X)
    k1, k2 = data.draw(st.integers(1, n)), data.draw(st.integers(1, n - 1))
    tie = data.draw(st.sampled_from(TIES))
    model = BinNNMS(k1=k1, k2=k2, tie=tie, neighbours="ball").fit(X)
    modes, epsilon, labels, converged = ref.binnnms(X.tolist(), k1, k2, 100, tie)
    assert model.modes_.tolist() == modes
    assert model.epsilon_ == pytest.approx(epsilon)
    assert model.labels_.tolist() == labels
    assert model.converged_.tolist() == converged


@pytest.mark.parametrize("tie", TIES)
@pytest.mark.parametrize("k1", [4, 9, 20])
def test_ball_binnnms_equals_plain_python_on_a_mixture(tie, k1):
    X = mixture(n=90, d=8, seed=k1)  # few patterns: ties at the radius in most balls
    model = BinNNMS(k1=k1, k2=5, tie=tie, neighbours="ball", record_paths=True).fit(X)
    modes, epsilon, labels, _ = ref.binnnms(X.tolist(), k1, 5, 100, tie)
    assert model.modes_.tolist() == modes
    assert model.labels_.tolist() == labels
    assert model.epsilon_ == pytest.approx(epsilon)
    index = BinNNMS(k1=k1, k2=5, tie=tie).fit(X)
    assert not np.array_equal(index.modes_, model.modes_)  # the two rules differ here
    for i in range(0, len(X), 10):
        path, _ = ref.ascend(X.tolist(), X[i].tolist(), k1, 100, tie)
        assert model.paths_[i].tolist() == path


def test_ball_step_votes_over_the_whole_ball():
    X = [[0, 0, 0], [0, 0, 0], [0, 1, 1], [0, 1, 1], [1, 1, 1]]
    x_next, nn = bga_step(X, [0, 0, 0], 3)
    assert nn.tolist() == [0, 1, 2] and x_next.tolist() == [0, 0, 0]
    for tie, expected in [("one", [0, 1, 1]), ("zero", [0, 0, 0]), ("keep", [0, 0, 0])]:
        x_next, members = bga_step(X, [0, 0, 0], 3, tie, neighbours="ball")
        assert members.tolist() == [0, 1, 2, 3]  # rows 2 and 3 tie at the radius
        assert x_next.tolist() == expected  # 2 of 4 votes: a tie


def test_path_map_follows_the_ball_paths():
    X = mixture(n=80, d=10, seed=5)
    pm = path_map(X, [0, 7, 33], 6, neighbours="ball")
    for s, p in zip([0, 7, 33], pm.paths, strict=True):
        assert np.array_equal(pm.points[p], bga_path(X, X[s], 6, neighbours="ball"))


def test_readable_ascent_uses_no_fast_kernel(monkeypatch):
    """bga_step / bga_path search with plain loops: an independent check of bga."""
    X = mixture(n=60, d=10, seed=6)
    expected = {rule: bga(X, X[:5], 7, neighbours=rule)[0] for rule in ("index", "ball")}

    def refuse(*args, **kwargs):
        raise AssertionError("the readable ascent called a fast kernel")

    for name in ("nearest_neighbours", "ball_neighbours", "ball_chunks", "hamming_block",
                 "searcher"):
        monkeypatch.setattr(fast_search, name, refuse)
    for rule, modes in expected.items():
        got = [bga_path(X, x, 7, neighbours=rule)[-1] for x in X[:5]]
        assert np.array_equal(np.array(got), modes)


# ---------------------------------------------------------------- order-freedom


def assert_order_free(X, perm, k1, k2, tie="one"):
    """Fit "ball" on X and on X[perm]: permuted modes, the same partition and epsilon."""
    a = BinNNMS(k1=k1, k2=k2, tie=tie, neighbours="ball").fit(X)
    b = BinNNMS(k1=k1, k2=k2, tie=tie, neighbours="ball").fit(X[perm])
    assert np.array_equal(b.modes_, a.modes_[perm])
    assert np.array_equal(b.converged_, a.converged_[perm])
    assert b.epsilon_ == a.epsilon_
    back = np.empty_like(b.labels_)
    back[perm] = b.labels_
    assert canonical(back) == canonical(a.labels_)
    # The same clusters have the same centres (numbered differently).
    centres = {tuple(c) for c in a.cluster_centers_.tolist()}
    assert centres == {tuple(c) for c in b.cluster_centers_.tolist()}
    # predict: the same training cluster for every query.
    Q = np.vstack([X[:5], 1 - X[:5]])
    members_a = [frozenset(np.flatnonzero(a.labels_ == v)) for v in a.predict(Q)]
    members_b = [frozenset(perm[np.flatnonzero(b.labels_ == v)]) for v in b.predict(Q)]
    assert members_a == members_b


@settings(max_examples=80, deadline=None)
@given(binary_matrices(min_rows=2, max_rows=14, max_cols=6), st.data())
def test_ball_is_order_free(X, data):
    n = len(X)
    perm = np.array(data.draw(st.permutations(range(n))))
    k1, k2 = data.draw(st.integers(1, n)), data.draw(st.integers(1, n - 1))
    assert_order_free(X, perm, k1, k2, data.draw(st.sampled_from(TIES)))


@pytest.mark.parametrize("name, k1, k2", [("zoo", 7, 20), ("soybean", 10, 10), ("votes", 10, 8)])
def test_ball_is_order_free_on_real_data(name, k1, k2):
    X = real(name)
    for seed in range(3):
        perm = np.random.default_rng(seed).permutation(len(X))
        for tie in TIES:
            assert_order_free(X, perm, k1, k2, tie)


def test_index_is_not_order_free_on_zoo():
    """The property tested above is real: "index" fails it on Zoo at (7, 20)."""
    X = real("zoo")
    a = BinNNMS(k1=7, k2=20).fit(X)
    changed = 0
    for seed in range(5):
        perm = np.random.default_rng(seed).permutation(len(X))
        b = BinNNMS(k1=7, k2=20).fit(X[perm])
        back = np.empty_like(b.labels_)
        back[perm] = b.labels_
        changed += canonical(back) != canonical(a.labels_)
    assert changed > 0


def test_ball_predict_settles_a_tie_by_the_smaller_mode():
    # Two clusters whose modes are [1,1,0,0] and [0,0,1,1]; the query [1,0,1,0]
    # is at distance 2 of both. The answer must not follow the row order.
    X = np.array([[1, 1, 0, 0]] * 3 + [[0, 0, 1, 1]] * 3, dtype=np.uint8)
    query = [[1, 0, 1, 0]]
    for rows in (X, X[::-1]):
        model = BinNNMS(k1=3, k2=1, neighbours="ball", max_iter=0).fit(rows)
        (label,) = model.predict(query)
        winner = model.modes_[model.labels_ == label][0]
        assert winner.tolist() == [0, 0, 1, 1]  # the lexicographically smaller mode


def test_bad_neighbour_rule_is_refused():
    X = mixture(n=20, d=5)
    calls = [lambda: bga(X, X, 3, neighbours="balls"),
             lambda: bga_step(X, X[0], 3, neighbours="knn"),
             lambda: bga_path(X, X[0], 3, neighbours=None),
             lambda: ascent_trace(X, 0, 3, neighbours="Ball"),
             lambda: BinNNMS(3, 3, neighbours="radius").fit(X)]
    for call in calls:
        with pytest.raises(ValueError, match="'index'.*'ball'"):
            call()
    with pytest.raises(ValueError, match="k=21 is outside"):
        ball_neighbours(X, X, 21)


def test_ball_warns_nothing_when_it_converges():
    X = mixture(n=100, d=12, seed=8)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model = BinNNMS(k1=8, k2=4, neighbours="ball").fit(X)
    assert model.converged_.all()


def test_sweep_under_ball_equals_fresh_fits():
    X = mixture(n=70, d=8, seed=9)
    y = np.arange(70) % 3
    s = experiments.sweep(X, y, (0, 4, 9), (2, 6), neighbours="ball", silhouette=False)
    for i, k1 in enumerate((0, 4, 9)):
        for j, k2 in enumerate((2, 6)):
            model = BinNNMS(k1=max(k1, 1), k2=k2, neighbours="ball").fit(X)
            assert canonical(s.labels[i, j]) == canonical(model.labels_)
