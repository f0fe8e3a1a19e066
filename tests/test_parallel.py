"""n_jobs and Dask: the candidates (and the k1 values of a sweep) run in chunks through
joblib, with the results of the single-process run, bit for bit.

The Dask tests start a LocalCluster of two worker processes on 127.0.0.1 (about
ten seconds); they need the "dev" extra (dask, distributed).
"""


import importlib.util

import joblib
import numpy as np
import pytest

from binms_teach import BinNNMS
from binms_teach.datasets import make_bernoulli_mixture
from binms_teach.experiments import sweep
from binms_teach.fast.parallel import bga_chunks
from tests.guards import missing


@pytest.fixture(scope="module")
def data():
    mix = make_bernoulli_mixture(900, 40, 5, 0.15, random_state=3)
    return mix.data, mix.target


def assert_same_fit(a, b):
    assert np.array_equal(a.modes_, b.modes_)
    assert np.array_equal(a.labels_, b.labels_)
    assert np.array_equal(a.converged_, b.converged_)
    assert a.epsilon_ == b.epsilon_ and a.n_iter_ == b.n_iter_
    assert np.array_equal(a.cluster_centers_, b.cluster_centers_)


def test_chunks_of_candidates_give_the_single_process_modes(data):
    X, _ = data
    one = BinNNMS(k1=9, k2=5, record_paths=True).fit(X)
    with joblib.parallel_backend("threading", n_jobs=2):  # 4 chunks, in this process
        chunked = BinNNMS(k1=9, k2=5, record_paths=True).fit(X)
    assert_same_fit(one, chunked)
    assert all(np.array_equal(p, q) for p, q in zip(one.paths_, chunked.paths_, strict=True))


def test_n_jobs_2_with_processes_gives_the_same_fit(data):
    X, _ = data
    assert_same_fit(BinNNMS(k1=8, k2=8).fit(X), BinNNMS(k1=8, k2=8, n_jobs=2).fit(X))


def test_chunk_results_do_not_depend_on_the_split(data):
    X, _ = data
    X = X.astype(np.uint8)
    whole = bga_chunks(X, 6, 100, "keep")
    for jobs in (2, 3, 7):
        with joblib.parallel_backend("threading", n_jobs=jobs):
            parts = bga_chunks(X, 6, 100, "keep")
        for a, b in zip(whole[:3], parts[:3], strict=True):
            assert np.array_equal(a, b)


@pytest.fixture(scope="module")
def client():
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        missing("dask.distributed is not installed: pip install -e '.[engine]'.")
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                           dashboard_address=None, processes=True)
    with Client(cluster) as c:
        yield c
    cluster.close()


def test_fit_on_a_dask_cluster_equals_the_single_process_fit(data, client):
    X, _ = data
    from distributed import get_task_stream
    expected = BinNNMS(k1=10, k2=10).fit(X)
    with get_task_stream(client) as stream, joblib.parallel_backend("dask"):
        on_dask = BinNNMS(k1=10, k2=10).fit(X)
    assert_same_fit(expected, on_dask)
    # The chunks did run on the cluster, on both workers.
    assert len(stream.data) >= 2
    assert len({task["worker"] for task in stream.data}) == 2


def test_sweep_on_a_dask_cluster_equals_the_single_process_sweep(data, client):
    X, y = data
    expected = sweep(X, y, [0, 4, 10], [2, 10], silhouette=False)
    with joblib.parallel_backend("dask"):
        on_dask = sweep(X, y, [0, 4, 10], [2, 10], silhouette=False)
    assert np.array_equal(expected.labels, on_dask.labels)
    assert np.array_equal(expected.epsilon, on_dask.epsilon)
    assert np.array_equal(expected.nmi, on_dask.nmi)


def test_ball_in_chunks_gives_the_same_fit(data):
    X, _ = data
    one = BinNNMS(k1=7, k2=5, neighbours="ball").fit(X)
    with joblib.parallel_backend("threading", n_jobs=2):
        assert_same_fit(one, BinNNMS(k1=7, k2=5, neighbours="ball").fit(X))


def test_the_cycles_of_all_chunks_make_one_warning(monkeypatch):
    """A stand-in vote that flips the first bit: every candidate cycles, in every chunk."""
    import sys

    from binms_teach.ascent import AscentCycleWarning

    def flip_first_bit(Xf, index, Q, k1, tie):
        out = Q.copy()
        out[:, 0] ^= 1
        return out

    monkeypatch.setattr(sys.modules["binms_teach.fast.ascent"], "_majority_of_ball", flip_first_bit)
    X = np.tile(np.eye(8, dtype=np.uint8), (5, 1))  # 40 rows: 4 chunks of 10 under 2 jobs
    with joblib.parallel_backend("threading", n_jobs=2):
        with pytest.warns(AscentCycleWarning) as record:
            model = BinNNMS(k1=2, k2=1, neighbours="ball").fit(X)
    assert [str(w.message).split(" candidate")[0] for w in record] == ["40 of 40"]
    assert not model.converged_.any()


def test_hnsw_refuses_the_ball():
    X = make_bernoulli_mixture(50, 16, 2, 0.1, random_state=0).data
    with pytest.raises(ValueError, match="neighbours='index' with it"):
        BinNNMS(k1=5, k2=5, neighbours="ball", algorithm="hnsw").fit(X)


def test_hnsw_chunks_in_processes_search_the_parent_graph(data):
    """The graph is built once and pickled to the workers: the same fit as one process."""
    if importlib.util.find_spec("faiss") is None:
        missing("faiss is not installed: pip install -e '.[engine]'")
    X, _ = data
    one = BinNNMS(k1=10, k2=10, algorithm="hnsw").fit(X)  # small n: a single-thread build
    assert_same_fit(one, BinNNMS(k1=10, k2=10, algorithm="hnsw", n_jobs=2).fit(X))
