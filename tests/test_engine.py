"""The popcount engine (faiss on packed bits) gives the numpy engine's results, bit for bit.

Every comparison is with an independent brute force (a stable sort of all
distances, or the plain loops of tests/reference_impl.py) on tie-heavy data:
few features, many repeated rows, so that the k-th distance is shared by many
points. One test hands the engine a faiss that returns tied points in the
worst order (highest index first) to show that the result does not depend on
how faiss orders ties.
"""

import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binms_teach import BinNNMS
from binms_teach.fast.labelling import epsilon_from_k2, epsilon_proximity
from binms_teach.fast.popcount import engine, popcount_available
from binms_teach.fast.search import nearest_neighbours, searcher
from tests import data
from tests import reference_impl as ref
from tests.guards import in_ci
from tests.strategies import binary_matrices

if not popcount_available():
    if in_ci():
        pytest.fail("CI=true but faiss is not installed: pip install -e '.[engine]'.",
                    pytrace=False)
    pytest.skip("faiss is not installed (pip install -e '.[engine]')", allow_module_level=True)

import faiss  # noqa: E402

ENGINE = sys.modules["binms_teach.fast.popcount"]


def brute_knn(X, Q, k):
    """NN_k by a stable sort of every distance: lower index first at a tie."""
    D = (Q[:, None, :] != X[None, :, :]).sum(axis=2)
    idx = np.argsort(D, axis=1, kind="stable")[:, :k]
    return np.take_along_axis(D, idx, axis=1), idx


def adversarial_faiss(monkeypatch):
    """Make faiss's exact binary index return tied points highest index first (the worst
    order for a caller that trusts it); returns the class."""
    real = faiss.IndexBinaryFlat

    class Adversarial(real):
        def search(self, x, k):
            D, J = real.search(self, x, self.ntotal)
            order = np.lexsort((-J, D), axis=1)  # by distance, then highest index
            return (np.take_along_axis(D, order, axis=1)[:, :k],
                    np.take_along_axis(J, order, axis=1)[:, :k])

    monkeypatch.setattr(faiss, "IndexBinaryFlat", Adversarial)
    return Adversarial


def count_rows(monkeypatch, owner, name):
    """Replace ``owner.name`` by a wrapper that records how many rows each call is given
    (its first argument after ``self``); returns the list of counts."""
    calls = []
    real = getattr(owner, name)
    bound = not isinstance(owner, type)  # an instance's method is bound already

    def counted(*args):
        calls.append(len(args[0] if bound else args[1]))
        return real(*args)

    monkeypatch.setattr(owner, name, counted)
    return calls


def tie_heavy(rng, n, d, distinct):
    """n rows drawn from ``distinct`` random patterns of d bits, unflipped: ties everywhere."""
    return data.tie_heavy(rng, n, d, distinct, flip=0, density=rng.uniform(0.2, 0.8))


@pytest.mark.parametrize("seed", range(6))
def test_knn_equals_stable_brute_force_on_tie_heavy_data(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(300, 1500))
    d = int(rng.choice([3, 7, 12, 33, 100]))
    X = tie_heavy(rng, n, d, int(rng.integers(2, 60)))
    Q = np.vstack([X[rng.integers(0, n, 40)], tie_heavy(rng, 20, d, 5)])
    for k in (1, 2, 10, 37, n - 1, n):
        with engine("faiss"):
            D, idx = nearest_neighbours(X, Q, k)
        D_ref, idx_ref = brute_knn(X, Q, k)
        assert np.array_equal(idx, idx_ref), (n, d, k)
        assert np.array_equal(D, D_ref)
        assert D.dtype == np.int32 and idx.dtype == np.intp


@pytest.mark.parametrize("seed", range(2))
def test_knn_with_faiss_heap_equals_stable_brute_force(seed, monkeypatch):
    """The heap k-selection (above COUNTING_MAX_POINTS) and its own number of spare
    neighbours give the same exact answer."""
    monkeypatch.setattr(ENGINE, "COUNTING_MAX_POINTS", 0)
    rng = np.random.default_rng(seed)
    X = tie_heavy(rng, 1200, int(rng.choice([12, 40])), 80)
    X[rng.random(X.shape) < 0.1] ^= 1
    for k in (1, 10, 40):
        with engine("faiss"):
            index = searcher(X)
            D, idx = index.search(X, k)
        assert index.index.use_heap
        D_ref, idx_ref = brute_knn(X, X, k)
        assert np.array_equal(idx, idx_ref) and np.array_equal(D, D_ref), k


@settings(max_examples=80, deadline=None)
@given(binary_matrices(min_rows=1, max_rows=40, max_cols=10), st.data())
def test_knn_equals_plain_loops(X, data):
    k = data.draw(st.integers(1, len(X)))
    with engine("faiss"):
        _, idx = nearest_neighbours(X, X, k)
    assert idx.tolist() == [ref.nn_k(X.tolist(), x, k) for x in X.tolist()]


def test_the_exact_pass_is_taken_and_does_not_trust_faiss_tie_order(monkeypatch):
    """A faiss that returns tied points highest index first: results stay exact."""
    rng = np.random.default_rng(7)
    X = tie_heavy(rng, 900, 9, 12)  # ~75 copies of each pattern: ties past 2k
    Adversarial = adversarial_faiss(monkeypatch)
    calls = count_rows(monkeypatch, ENGINE.PopcountIndex, "_stable_within")
    for k in (1, 5, 30, 200):
        with engine("faiss"):
            D, idx = nearest_neighbours(X, X, k)
        assert np.array_equal(idx, brute_knn(X, X, k)[1]), k
    assert sum(calls) > 0  # the range-search pass ran
    # And the adversary does reorder ties: its own answer is not NN_k.
    fake = Adversarial(16)
    fake.add(np.packbits(X, axis=1))
    assert not np.array_equal(fake.search(np.packbits(X, axis=1), 5)[1], brute_knn(X, X, 5)[1])


@pytest.mark.parametrize("heap", [False, True])
@pytest.mark.parametrize("spare", [1, 4, 8])
def test_the_second_pass_runs_exactly_when_the_spare_neighbours_run_out(monkeypatch, spare,
                                                                         heap):
    """A tie at the k-th distance that fills the last spare place, or runs past it, is redone
    by the range search; one that ends before it is not; the answer is exact every time,
    with a faiss that returns tied points highest index first."""
    adversarial_faiss(monkeypatch)
    calls = count_rows(monkeypatch, ENGINE.PopcountIndex, "_stable_within")
    monkeypatch.setattr(ENGINE, "SPARE_NEIGHBOURS", spare if not heap else 99)
    monkeypatch.setattr(ENGINE, "SPARE_NEIGHBOURS_HEAP", spare if heap else 99)
    monkeypatch.setattr(ENGINE, "COUNTING_MAX_POINTS", 0 if heap else 10**6)
    k, d = 5, 8
    query = np.zeros((1, d), dtype=np.uint8)
    rng = np.random.default_rng(spare)
    for tied in (k - 2 + spare - 1, k - 2 + spare, k - 2 + spare + 1):
        # 2 copies of the query, `tied` points at distance 1, 30 at distance 4:
        # the k-th nearest is at distance 1, and 2 + tied points lie within it.
        X = np.zeros((2 + tied + 30, d), dtype=np.uint8)
        X[2 : 2 + tied, 0] = 1
        X[2 + tied :, 4:] = 1
        X = X[rng.permutation(len(X))]
        calls.clear()
        with engine("faiss"):
            D, idx = searcher(X).search(query, k)
        expected = brute_knn(X, query, k)
        assert np.array_equal(idx, expected[1]) and np.array_equal(D, expected[0]), tied
        runs_out = 2 + tied >= k + spare  # the (k + spare)-th distance equals the k-th
        assert sum(calls) == (1 if runs_out else 0), (tied, calls)


def test_chunks_give_the_same_neighbours(monkeypatch):
    rng = np.random.default_rng(3)
    X = tie_heavy(rng, 700, 6, 20)
    expected = brute_knn(X, X, 50)
    monkeypatch.setattr(ENGINE, "CHUNK_PAIRS", 500)  # ~9 query rows a search, 1 a range search
    with engine("faiss"):
        D, idx = nearest_neighbours(X, X, 50)
    assert np.array_equal(idx, expected[1]) and np.array_equal(D, expected[0])


def test_the_searcher_pickles_to_the_same_index():
    import pickle
    rng = np.random.default_rng(4)
    X = tie_heavy(rng, 400, 20, 30)
    with engine("faiss"):
        index = searcher(X)
    assert type(index).__name__ == "PopcountIndex"
    copy = pickle.loads(pickle.dumps(index))
    for a, b in zip(index.search(X, 12), copy.search(X, 12), strict=True):
        assert np.array_equal(a, b)


@settings(max_examples=60, deadline=None)
@given(binary_matrices(min_rows=2, max_rows=40, max_cols=9), st.data())
def test_epsilon_from_k2_equals_plain_loops(M, data):
    k2 = data.draw(st.integers(1, len(M) - 1))
    with engine("faiss"):
        eps = epsilon_from_k2(M, k2)
    assert eps == pytest.approx(ref.epsilon_from_k2(M.tolist(), k2), abs=1e-12)


@pytest.mark.parametrize("seed", range(4))
def test_labelling_engines_agree_on_tie_heavy_data(seed, monkeypatch):
    rng = np.random.default_rng(seed)
    M = tie_heavy(rng, 1200, int(rng.choice([5, 16, 40])), int(rng.integers(20, 300)))
    M[rng.random(M.shape) < 0.05] ^= 1  # some singletons among the repeats
    # Many chunks of rows (tens), so that the components carry across them.
    monkeypatch.setattr(sys.modules["binms_teach.fast.labelling"], "CHUNK_PAIRS", 20000)
    epsilons = {0, 2.5, M.shape[1], 1e6}
    for k2 in (1, 3, 10, 100):
        with engine("numpy"):
            eps_numpy = epsilon_from_k2(M, k2)
        with engine("faiss"):
            eps_faiss = epsilon_from_k2(M, k2)
        assert eps_faiss == eps_numpy
        epsilons.add(eps_numpy)
    for eps in sorted(epsilons):  # each threshold labelled once per engine
        with engine("numpy"):
            expected = epsilon_proximity(M, eps)
        with engine("faiss"):
            assert np.array_equal(epsilon_proximity(M, eps), expected)


@settings(max_examples=40, deadline=None)
@given(binary_matrices(min_rows=1, max_rows=30, max_cols=8),
       st.floats(0, 10, allow_nan=False))
def test_epsilon_proximity_equals_plain_loops(M, eps):
    with engine("faiss"):
        labels = epsilon_proximity(M, eps)
    assert labels.tolist() == ref.components(M.tolist(), eps)


def test_binnnms_fit_is_identical_on_both_engines():
    from binms_teach.datasets import make_bernoulli_mixture
    X = make_bernoulli_mixture(1500, 48, 6, 0.15, random_state=0).data
    fits = {}
    for name in ("numpy", "faiss"):
        with engine(name):
            fits[name] = BinNNMS(k1=10, k2=10).fit(X)
    a, b = fits["numpy"], fits["faiss"]
    assert np.array_equal(a.modes_, b.modes_)
    assert np.array_equal(a.labels_, b.labels_)
    assert a.epsilon_ == b.epsilon_ and a.n_iter_ == b.n_iter_
    assert np.array_equal(a.converged_, b.converged_)


def test_auto_uses_faiss_above_the_threshold_only():
    rng = np.random.default_rng(0)
    small = tie_heavy(rng, ENGINE.AUTO_MIN_POINTS - 1, 8, 4)
    large = tie_heavy(rng, ENGINE.AUTO_MIN_POINTS, 8, 4)
    with engine("auto"):
        assert type(searcher(small)).__name__ == "FloatIndex"
        assert type(searcher(large)).__name__ == "PopcountIndex"
    with engine("numpy"):
        assert type(searcher(large)).__name__ == "FloatIndex"


def test_hnsw_returns_sorted_neighbours_close_to_exact():
    from binms_teach.datasets import make_bernoulli_mixture
    X = make_bernoulli_mixture(3000, 64, 8, 0.1, random_state=1).data
    D, idx = searcher(X, "hnsw").search(X, 10)
    D_exact, idx_exact = brute_knn(X, X, 10)
    key = D.astype(np.int64) * len(X) + idx
    assert np.all(np.diff(key, axis=1) > 0)  # sorted by (distance, index), no repeats
    assert np.array_equal(D, (X[idx] != X[:, None, :]).sum(axis=2))  # true distances
    assert np.all(D >= D_exact)  # never closer than the true k-th nearest
    recall = np.mean([len(set(a) & set(b)) / 10 for a, b in zip(idx, idx_exact, strict=True)])
    assert recall > 0.8


def test_bad_engine_and_algorithm_are_named():
    with pytest.raises(ValueError, match="use one of auto, faiss, numpy"):
        with engine("fast"):
            pass
    with pytest.raises(ValueError, match="algorithm='approx'"):
        BinNNMS(k1=2, k2=2, algorithm="approx").fit(np.eye(4, dtype=np.uint8))


@pytest.mark.parametrize("seed", range(4))
def test_ball_equals_plain_loops_on_tie_heavy_data(seed):
    from binms_teach.fast.search import ball_neighbours as fast_ball
    from binms_teach.hamming import ball_neighbours
    rng = np.random.default_rng(seed)
    X = tie_heavy(rng, 300, int(rng.choice([4, 9, 30])), int(rng.integers(3, 40)))
    Q = np.vstack([X[:15], tie_heavy(rng, 5, X.shape[1], 3)])
    for k in (1, 4, 25, 300):
        with engine("faiss"):
            radius, distances, indices = fast_ball(X, Q, k)
        expected = ball_neighbours(X, Q, k)
        assert np.array_equal(radius, expected.radius)
        for got, want in zip(list(indices) + list(distances),
                             expected.indices + expected.distances, strict=True):
            assert np.array_equal(got, want) and got.dtype == want.dtype


@pytest.mark.parametrize("tie", ["one", "keep"])
def test_ball_fit_is_identical_on_both_engines(tie):
    import warnings

    from binms_teach.datasets import make_bernoulli_mixture
    X = make_bernoulli_mixture(800, 12, 4, 0.2, random_state=2).data  # 12 bits: big balls
    fits = {}
    for name in ("numpy", "faiss"):
        with engine(name), warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            fits[name] = (BinNNMS(k1=8, k2=5, neighbours="ball", tie=tie).fit(X),
                          [str(w.message) for w in caught])
    (a, wa), (b, wb) = fits["numpy"], fits["faiss"]
    assert np.array_equal(a.modes_, b.modes_) and np.array_equal(a.labels_, b.labels_)
    assert np.array_equal(a.converged_, b.converged_) and wa == wb


def test_cluster_votes_in_row_chunks_equal_a_direct_count(monkeypatch):
    from binms_teach.evaluation.votes import cluster_votes
    rng = np.random.default_rng(9)
    X = (rng.random((500, 13)) < 0.4).astype(np.uint8)
    labels = rng.integers(0, 7, 500)
    monkeypatch.setattr(sys.modules["binms_teach.evaluation.votes"], "VOTE_ROWS", 37)
    ones, sizes = cluster_votes(X, labels, 8)
    assert ones.tolist() == [X[labels == c].sum(axis=0).tolist() for c in range(8)]
    assert sizes.ravel().tolist() == np.bincount(labels, minlength=8).tolist()


LISTS = sys.modules["binms_teach.fast.lists"]


@pytest.mark.parametrize("engine_name", ["faiss", "numpy"])
@pytest.mark.parametrize("size", [6, 7, 40])
def test_neighbour_lists_give_nn_k_round_after_round(monkeypatch, engine_name, size):
    """Rows read from a parent's list and rows searched alike equal a stable brute force,
    on tie-heavy data, whatever order faiss gives ties; each round's next rows are the rows
    with a few bits flipped (the bound holds for any next row)."""
    adversarial_faiss(monkeypatch)
    monkeypatch.setattr(LISTS, "LIST_SIZE", size)  # 6: the list is k + 1, every tie reaches it
    rng = np.random.default_rng(size)
    X = tie_heavy(rng, 400, 10, 30)
    k = 5
    with engine(engine_name):
        index = searcher(X)
        searched = count_rows(monkeypatch, index, "search_any_order")
        lists = LISTS.NeighbourLists(X, index, k)
        Q, total = X[:200], 0
        for _ in range(6):
            D, idx = lists.search(Q, k)
            expected = brute_knn(X, Q, k)
            assert np.array_equal(idx, expected[1]) and np.array_equal(D, expected[0])
            total += len(Q)
            flips = rng.random(Q.shape) < rng.choice([0.0, 0.05, 0.3], size=(len(Q), 1))
            nxt = Q ^ flips.astype(np.uint8)
            lists.hand_on(LISTS.row_keys(nxt), nxt)
            Q = np.unique(nxt, axis=0)
    assert sum(searched) > len(X[:200])  # some lists could not answer
    if size == 40:  # lists long enough to pass the ties: some rows were read from one
        assert sum(searched) < total


def test_a_list_whose_tie_runs_to_its_end_is_searched_exactly(monkeypatch):
    """40 copies of the query and k = 5 with lists of 6: the 6th place ties with the 5th,
    so the list cannot answer and the exact search does."""
    adversarial_faiss(monkeypatch)
    monkeypatch.setattr(LISTS, "LIST_SIZE", 6)
    X = np.zeros((60, 8), dtype=np.uint8)
    X[40:, :4] = 1
    with engine("faiss"):
        index = searcher(X)
        exact = count_rows(monkeypatch, index, "search")
        D, idx = LISTS.NeighbourLists(X, index, 5).search(X[:1], 5)
    assert idx.tolist() == [[0, 1, 2, 3, 4]] and D.tolist() == [[0] * 5]
    assert exact == [1]


@pytest.mark.parametrize("size", [6, 128])
def test_the_ascent_with_lists_ends_where_bga_does(monkeypatch, size):
    from binms_teach import bga
    from binms_teach.fast.ascent import ascend
    adversarial_faiss(monkeypatch)
    monkeypatch.setattr(LISTS, "LIST_SIZE", size)
    X = tie_heavy(np.random.default_rng(3), 300, 12, 40)
    with engine("faiss"):
        modes, n_iter, converged, _ = ascend(X, X.copy(), 5, 100, "one")
    expected = bga(X, X, k1=5, max_iter=100)
    assert np.array_equal(modes, expected[0]) and np.array_equal(n_iter, expected[1])


def test_lists_that_cannot_answer_are_given_up_and_the_search_stays_exact(monkeypatch):
    """Uniform bits in 64 dimensions: distances crowd together, so a parent's list almost
    never holds NN_k of its next iterate; after one round of trying, plain searches."""
    monkeypatch.setattr(LISTS, "LIST_SIZE", 8)
    rng = np.random.default_rng(11)
    X = (rng.random((500, 64)) < 0.5).astype(np.uint8)
    with engine("faiss"):
        lists = LISTS.NeighbourLists(X, searcher(X), 5)
        Q = X[:100]
        for round_ in range(3):
            D, idx = lists.search(Q, 5)
            assert np.array_equal(idx, brute_knn(X, Q, 5)[1])
            assert lists.useful == (round_ == 0)
            nxt = Q ^ (rng.random(Q.shape) < 0.1).astype(np.uint8)
            lists.hand_on(LISTS.row_keys(nxt), nxt)
            Q = nxt
