"""binms_teach.trace against independent computations: plain loops, the estimator, geometry."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import normalized_mutual_info_score

from binms_teach import BinNNMS, bga, bga_path, epsilon_from_k2, epsilon_proximity
from binms_teach.datasets import make_bernoulli_mixture
from binms_teach.trace import (
    LabellingModel,
    ascent_trace,
    classical_mds,
    labelling_state,
    path_map,
)
from tests import reference_impl as ref
from tests.strategies import binary_matrices


@pytest.fixture(scope="module")
def mixture():
    return make_bernoulli_mixture(80, 24, 3, flip=0.2, random_state=3).data


def step_by_loops(X, x, k1, tie):
    """One step by the definitions, in plain Python: distances, NN_k1, votes, ties, maj."""
    rows = [[int(v) for v in row] for row in X]
    x = [int(v) for v in x]
    dist = [sum(int(a != b) for a, b in zip(x, row, strict=True)) for row in rows]
    order = sorted(range(len(rows)), key=lambda i: (dist[i], i))[:k1]
    ones = [sum(rows[i][c] for i in order) for c in range(len(x))]
    ties = [2 * o == k1 for o in ones]
    nxt = ref.maj([rows[i] for i in order], tie, x)
    return order, [dist[i] for i in order], ones, ties, nxt


@pytest.mark.parametrize("tie", ["one", "zero", "keep"])
@pytest.mark.parametrize("k1", [1, 4, 7, 10])
def test_every_step_matches_plain_loops(mixture, k1, tie):
    X = mixture
    for start in (0, 17, 55):
        trace = ascent_trace(X, start, k1, tie=tie)
        for step in trace.steps:
            order, dist, ones, ties, nxt = step_by_loops(X, step.x, k1, tie)
            assert step.neighbours.tolist() == order
            assert step.distances.tolist() == dist
            assert step.ones.tolist() == ones
            assert step.ties.tolist() == ties
            assert step.x_next.tolist() == nxt
            assert step.changed.tolist() == [a != b for a, b in zip(step.x, nxt, strict=True)]
            assert step.n_changed == sum(a != b for a, b in zip(step.x, nxt, strict=True))
            assert step.n_ties == sum(ties)
            assert (step.k1, step.tie) == (k1, tie)


def test_steps_chain_into_the_path(mixture):
    trace = ascent_trace(mixture, 5, k1=6)
    assert [s.j for s in trace.steps] == list(range(trace.n_iter))
    assert np.array_equal(trace.steps[0].x, mixture[5])
    for a, b in zip(trace.steps, trace.steps[1:], strict=False):
        assert np.array_equal(a.x_next, b.x)
    for j, step in enumerate(trace.steps[:-1]):
        assert np.array_equal(trace.path[j + 1], step.x_next) and not step.fixed
    assert trace.converged and trace.steps[-1].fixed
    assert np.array_equal(trace.steps[-1].x, trace.mode)


@pytest.mark.parametrize("k1", [3, 8, 15])
def test_last_iterate_is_the_estimators_mode(mixture, k1):
    model = BinNNMS(k1=k1, k2=3).fit(mixture)
    _, n_iter, converged = bga(mixture, mixture, k1)
    for i in range(0, len(mixture), 7):
        trace = ascent_trace(mixture, i, k1)
        assert np.array_equal(trace.mode, model.modes_[i])
        assert np.array_equal(trace.path, bga_path(mixture, mixture[i], k1))
        assert trace.n_iter == n_iter[i] and trace.converged == converged[i]
        assert trace.mode.tolist() == ref.ascend(mixture.tolist(), mixture[i].tolist(), k1,
                                                 100, "one")


@settings(max_examples=40, deadline=None)
@given(X=binary_matrices(min_rows=2, max_rows=10, max_cols=6), data=st.data())
def test_small_data_paths_match_the_reference(X, data):
    k1 = data.draw(st.integers(1, len(X)))
    tie = data.draw(st.sampled_from(["one", "zero", "keep"]))
    max_iter = data.draw(st.integers(1, 6))
    start = data.draw(st.integers(0, len(X) - 1))
    trace = ascent_trace(X, start, k1, max_iter=max_iter, tie=tie)
    assert trace.mode.tolist() == ref.ascend(X.tolist(), X[start].tolist(), k1, max_iter, tie)
    assert np.array_equal(trace.path, bga_path(X, X[start], k1, max_iter, tie))
    assert trace.n_iter <= max_iter


def test_a_vector_start_is_the_same_as_its_index(mixture):
    by_index = ascent_trace(mixture, 9, k1=5)
    by_vector = ascent_trace(mixture, mixture[9].tolist(), k1=5)
    assert by_index.start == 9 and by_vector.start is None
    assert np.array_equal(by_index.path, by_vector.path)


def test_max_iter_caps_the_updates(mixture):
    full = ascent_trace(mixture, 0, k1=2, tie="zero")
    assert full.n_iter >= 2, "the test needs a path with at least one move"
    capped = ascent_trace(mixture, 0, k1=2, tie="zero", max_iter=1)
    assert capped.n_iter == 1 and not capped.converged
    assert np.array_equal(capped.path, full.path[:2])
    assert ascent_trace(mixture, 0, k1=2, max_iter=0).n_iter == 0


def test_state_is_read_only_and_data_untouched(mixture):
    X = mixture.copy()
    step = ascent_trace(X, 0, k1=4).steps[0]
    assert np.array_equal(X, mixture)
    with pytest.raises(ValueError):
        step.x_next[0] = 1
    with pytest.raises(AttributeError):
        step.k1 = 3


@pytest.mark.parametrize("bad, error", [
    (dict(x0=80), ValueError), (dict(x0=[0, 1]), ValueError), (dict(k1=0), ValueError),
    (dict(k1=81), ValueError), (dict(tie="half"), ValueError), (dict(max_iter=-1), ValueError),
    (dict(k1=2.5), TypeError),
])
def test_bad_input_is_refused(mixture, bad, error):
    args = dict(x0=0, k1=3) | bad
    with pytest.raises(error):
        ascent_trace(mixture, **args)


# ---------------------------------------------------------------- classical MDS

def distances(P):
    return np.sqrt(((P[:, None, :] - P[None, :, :]) ** 2).sum(axis=2))


@pytest.mark.parametrize("seed", range(5))
def test_mds_reproduces_planar_distances(seed):
    P = np.random.default_rng(seed).normal(size=(30, 2)) * [5.0, 1.0] + 7.0
    coords, eigenvalues = classical_mds(distances(P))
    assert np.allclose(distances(coords), distances(P), atol=1e-8)
    # The spread of a planar cloud lives in two eigenvalues: the sums of squares
    # along its principal axes; a third axis carries nothing.
    centred = P - P.mean(axis=0)
    axes = np.sort(np.linalg.eigvalsh(centred.T @ centred))[::-1]
    assert np.allclose(eigenvalues, axes)
    _, three = classical_mds(distances(P), n_components=3)
    assert np.allclose(three, [*axes, 0], atol=1e-8)
    assert np.isclose(eigenvalues.sum(), (distances(P) ** 2).sum() / (2 * len(P)))


def test_mds_of_points_on_a_line_and_in_one_dimension():
    t = np.array([0.0, 1.0, 3.0, 7.0])
    coords, _ = classical_mds(np.abs(t[:, None] - t[None, :]), n_components=1)
    assert np.allclose(np.abs(coords[:, 0] - coords[0, 0]), t)


def test_mds_signs_are_fixed():
    P = np.random.default_rng(0).normal(size=(10, 2))
    coords, _ = classical_mds(distances(P))
    for c in range(2):
        assert coords[np.argmax(np.abs(coords[:, c])), c] > 0


def test_mds_of_square_root_hamming_is_pca(mixture):
    # For 0/1 vectors H = squared Euclidean distance, so MDS of sqrt(H) is PCA.
    X = mixture[:25].astype(float)
    H = (X[:, None, :] != X[None, :, :]).sum(axis=2)
    coords, _ = classical_mds(np.sqrt(H))
    centred = X - X.mean(axis=0)
    _, _, vt = np.linalg.svd(centred, full_matrices=False)
    pca = centred @ vt[:2].T
    # Equal up to the sign of each axis (an eigenvector's sign is arbitrary).
    signs = np.sign((coords * pca).sum(axis=0))
    assert np.all(signs != 0)
    assert np.allclose(coords, pca * signs, atol=1e-8)


def test_mds_of_hamming_itself_is_not_euclidean():
    # Why path_map uses sqrt(H): H is not a Euclidean distance, so B has a
    # negative eigenvalue and the map of H can stretch a pair beyond H.
    # The four vectors of weight 1 in {0,1}^4 plus the zero vector: H = 1 from
    # the centre, H = 2 between the others (a star that no plane holds).
    X = np.vstack([np.zeros(4), np.eye(4)])
    H = (X[:, None, :] != X[None, :, :]).sum(axis=2).astype(float)
    n = len(H)
    J = np.eye(n) - np.ones((n, n)) / n
    assert np.linalg.eigvalsh(-0.5 * J @ H**2 @ J).min() < -1e-9
    assert np.linalg.eigvalsh(-0.5 * J @ H @ J).min() > -1e-9   # sqrt(H): PSD


def test_the_path_map_never_stretches_a_distance(mixture):
    pm = path_map(mixture, [3, 10, 40, 41], k1=6, background=range(0, 80, 2))
    H = (pm.points[:, None, :] != pm.points[None, :, :]).sum(axis=2)
    on_map = distances(pm.coords)
    assert np.all(on_map <= np.sqrt(H) + 1e-9)
    # and the map is the first two principal components of the centred rows
    centred = pm.points - pm.points.mean(axis=0)
    _, sv, vt = np.linalg.svd(centred, full_matrices=False)
    pca = centred @ vt[:2].T
    assert np.allclose(np.abs(pm.coords), np.abs(pca), atol=1e-8)
    assert pm.shown == pytest.approx((sv[:2] ** 2).sum() / (sv**2).sum())


def test_mds_refuses_non_distance_matrices():
    with pytest.raises(ValueError, match="square"):
        classical_mds(np.zeros((3, 2)))
    with pytest.raises(ValueError, match="symmetric"):
        classical_mds([[0, 1], [2, 0]])


# ---------------------------------------------------------------- the path map

def test_path_map_paths_are_the_ascent_paths(mixture):
    starts, background = [3, 10, 40, 41], [0, 1, 2, 10]
    pm = path_map(mixture, starts, k1=6, background=background)
    assert len(np.unique(pm.points, axis=0)) == len(pm.points), "points must be distinct"
    for s, p in zip(starts, pm.paths, strict=True):
        assert np.array_equal(pm.points[p], bga_path(mixture, mixture[s], 6))
    assert np.array_equal(pm.points[pm.background], mixture[background])
    longest = max(len(bga_path(mixture, mixture[s], 6)) for s in starts) - 1
    assert pm.n_steps == longest
    H = (pm.points[:, None, :] != pm.points[None, :, :]).sum(axis=2)
    assert np.allclose(pm.coords, classical_mds(np.sqrt(H))[0])


def test_path_frames_follow_the_paths(mixture):
    starts = [3, 10, 40]
    pm = path_map(mixture, starts, k1=6)
    paths = [bga_path(mixture, mixture[s], 6) for s in starts]
    for t in range(pm.n_steps + 2):
        frame = pm.at(t)
        for i, path in enumerate(paths):
            assert np.array_equal(pm.points[frame.index[i]], path[min(t, len(path) - 1)])
            assert frame.moving[i] == (t < len(path) - 1)
        assert np.allclose(frame.coords, pm.coords[frame.index])
        assert frame.n_moving == sum(t < len(p) - 1 for p in paths)


def test_path_map_refuses_bad_indices(mixture):
    with pytest.raises(ValueError, match="outside"):
        path_map(mixture, [0, 80], k1=3)
    with pytest.raises(TypeError):
        path_map(mixture, [0.5], k1=3)
    with pytest.raises(ValueError, match="empty"):
        path_map(mixture, [], k1=3)


# ---------------------------------------------------------------- the labelling state

def components_by_search(n, edges):
    """Connected components by depth-first search, numbered by first appearance."""
    neighbours = [[] for _ in range(n)]
    for a, b in edges:
        neighbours[a].append(b)
        neighbours[b].append(a)
    label = [-1] * n
    count = 0
    for s in range(n):
        if label[s] < 0:
            stack, label[s] = [s], count
            while stack:
                for v in neighbours[stack.pop()]:
                    if label[v] < 0:
                        label[v] = count
                        stack.append(v)
            count += 1
    return label


@pytest.fixture(scope="module")
def modes(mixture):
    return BinNNMS(k1=4, k2=3).fit(mixture).modes_


@pytest.mark.parametrize("k2", [1, 2, 5, 12])
def test_labelling_state_matches_loops(mixture, modes, k2):
    target = make_bernoulli_mixture(80, 24, 3, flip=0.2, random_state=3).target
    s = labelling_state(modes, k2, y=target)
    rows = modes.tolist()
    eps = ref.epsilon_from_k2(rows, k2)
    assert s.epsilon == pytest.approx(eps)
    # the distinct modes, in order of first appearance, and who reached which
    distinct = []
    for row in rows:
        if row not in distinct:
            distinct.append(row)
    assert s.modes.tolist() == distinct
    assert s.inverse.tolist() == [distinct.index(r) for r in rows]
    assert s.counts.tolist() == [rows.count(r) for r in distinct]
    # the graph H <= epsilon (inclusive) among the distinct modes
    edges = [(a, b) for a in range(len(distinct)) for b in range(a + 1, len(distinct))
             if ref.hamming(distinct[a], distinct[b]) <= eps]
    assert [tuple(e) for e in s.edges.tolist()] == edges
    assert s.edge_distances.tolist() == [ref.hamming(distinct[a], distinct[b]) for a, b in edges]
    # its components are the clusters, on the modes and on the samples
    assert s.components.tolist() == components_by_search(len(distinct), edges)
    assert s.labels.tolist() == ref.components(rows, eps)
    assert s.n_clusters == len(set(s.labels.tolist()))
    assert s.sizes.tolist() == [s.labels.tolist().count(c) for c in range(s.n_clusters)]
    assert s.nmi == pytest.approx(normalized_mutual_info_score(target, s.labels,
                                                               average_method="geometric"))


def test_labelling_state_epsilon_on_the_data(mixture, modes):
    s = labelling_state(modes, 4, epsilon_from="data", X=mixture)
    assert s.epsilon == pytest.approx(ref.epsilon_from_k2(mixture.tolist(), 4))
    assert s.labels.tolist() == ref.components(modes.tolist(), s.epsilon)
    assert s.epsilon_from == "data" and s.nmi is None


def test_the_merge_test_is_inclusive():
    modes = [[0, 0, 0, 0], [0, 0, 1, 1], [1, 1, 1, 1]]
    s = labelling_state(modes, epsilon=2)
    assert s.edges.tolist() == [[0, 1], [1, 2]] and s.n_clusters == 1
    assert labelling_state(modes, epsilon=1.999).n_clusters == 3
    assert s.k2 is None and s.epsilon_from == "given"


def test_labelling_state_refuses_bad_input(modes):
    with pytest.raises(ValueError, match="exactly one"):
        labelling_state(modes)
    with pytest.raises(ValueError, match="exactly one"):
        labelling_state(modes, 3, epsilon=2.0)
    with pytest.raises(ValueError, match="pass X"):
        labelling_state(modes, 3, epsilon_from="data")
    with pytest.raises(ValueError, match="'modes' or 'data'"):
        labelling_state(modes, 3, epsilon_from="everything")


def test_the_model_agrees_with_the_core_for_every_k2(mixture, modes):
    model = LabellingModel(modes, X=mixture)
    for k2 in range(1, len(modes)):
        for where, data in (("modes", modes), ("data", mixture)):
            s = model.state(k2, epsilon_from=where)
            assert s.epsilon == pytest.approx(epsilon_from_k2(data, k2))
            assert np.array_equal(s.labels, epsilon_proximity(modes, s.epsilon))


def test_path_map_shows_the_share_of_the_spread(mixture):
    pm = path_map(mixture, [3, 10, 40], k1=6, background=range(0, 80, 4))
    H = (pm.points[:, None, :] != pm.points[None, :, :]).sum(axis=2).astype(float)
    n = len(H)
    J = np.eye(n) - np.ones((n, n)) / n
    values = np.sort(np.linalg.eigvalsh(-0.5 * J @ H @ J))[::-1]   # D**2 = sqrt(H)**2 = H
    assert values.min() > -1e-9
    assert pm.shown == pytest.approx(values[:2].sum() / values.sum())
    assert 0 < pm.shown < 1
