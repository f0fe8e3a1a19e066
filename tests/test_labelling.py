
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.sparse.csgraph import connected_components

from binms_teach import epsilon_from_k2, epsilon_proximity
from binms_teach.fast import labelling as fast_labelling
from tests import reference_impl as ref
from tests.strategies import binary_matrices


@settings(max_examples=80, deadline=None)
@given(binary_matrices(min_rows=2, max_rows=15, max_cols=5), st.data())
def test_epsilon_from_k2_matches_plain_loops(M, data):
    k2 = data.draw(st.integers(1, len(M) - 1))
    expected = ref.epsilon_from_k2(M.tolist(), k2)
    assert epsilon_from_k2(M, k2) == pytest.approx(expected)
    assert fast_labelling.epsilon_from_k2(M, k2) == pytest.approx(expected)


@settings(max_examples=80, deadline=None)
@given(binary_matrices(min_rows=1, max_rows=15, max_cols=6),
       st.sampled_from([0, 0.5, 1, 1.5, 2, 3, 10]))
def test_labels_are_the_components_of_the_inclusive_graph(M, epsilon):
    expected = ref.components(M.tolist(), epsilon)
    assert epsilon_proximity(M, epsilon).tolist() == expected
    assert fast_labelling.epsilon_proximity(M, epsilon).tolist() == expected


def test_chunked_components_equal_scipy_on_the_full_graph(monkeypatch):
    rng = np.random.default_rng(0)
    M = (rng.random((400, 12)) < 0.3).astype(np.uint8)
    for epsilon in (1, 2, 3, 12):
        D = (M[:, None, :] != M[None, :, :]).sum(axis=2)
        n, comp = connected_components(D <= epsilon, directed=False)
        monkeypatch.setattr(fast_labelling, "CHUNK_PAIRS", 400 * 9)
        labels = fast_labelling.epsilon_proximity(M, epsilon)
        monkeypatch.undo()
        assert labels.max() + 1 == n
        # The same partition: a bijection between the two labelings.
        assert len(set(zip(labels.tolist(), comp.tolist(), strict=True))) == n


def test_chunked_epsilon_equals_unchunked(monkeypatch):
    rng = np.random.default_rng(1)
    M = (rng.random((300, 8)) < 0.5).astype(np.uint8)
    expected = epsilon_from_k2(M, 7)
    monkeypatch.setattr(fast_labelling, "CHUNK_PAIRS", 3 * 256)
    got = fast_labelling.epsilon_from_k2(M, 7)
    assert got == expected == pytest.approx(ref.epsilon_from_k2(M.tolist(), 7))


def test_merge_test_is_inclusive():
    M = [[0, 0, 0], [1, 1, 0]]  # at distance 2
    assert epsilon_proximity(M, 2).tolist() == [0, 0]
    assert epsilon_proximity(M, 1.999).tolist() == [0, 1]
