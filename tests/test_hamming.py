
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binms_teach import hamming, nearest_neighbours
from binms_teach.fast import search as fast_search
from binms_teach.hamming import hamming_reference
from tests import reference_impl as ref
from tests.strategies import binary_matrices


@settings(max_examples=60, deadline=None)
@given(binary_matrices(), binary_matrices())
def test_fast_and_readable_hamming_agree_with_plain_python(A, B):
    B = B[:, : A.shape[1]] if B.shape[1] >= A.shape[1] else np.resize(B, (len(B), A.shape[1]))
    expected = [[ref.hamming(a.tolist(), b.tolist()) for b in B] for a in A]
    assert hamming(A, B).tolist() == expected
    assert hamming_reference(A, B).tolist() == expected


@settings(max_examples=60, deadline=None)
@given(binary_matrices(min_rows=1, max_rows=15, max_cols=4), st.data())
def test_nearest_neighbours_break_ties_by_lower_index(X, data):
    k = data.draw(st.integers(1, len(X)))
    D, idx = nearest_neighbours(X, X, k)
    D_ref, idx_ref = fast_search.nearest_neighbours(X, X, k)
    expected = [ref.nn_k(X.tolist(), x.tolist(), k) for x in X]
    assert idx.tolist() == expected
    assert idx_ref.tolist() == expected
    assert np.array_equal(D, D_ref)


def test_chunked_nearest_neighbours_equal_unchunked(monkeypatch):
    rng = np.random.default_rng(0)
    X = (rng.random((300, 6)) < 0.5).astype(np.uint8)  # 64 patterns: many exact ties
    D1, idx1 = fast_search.nearest_neighbours(X, X, 25)
    # 7 query rows a chunk
    monkeypatch.setattr(fast_search, "CHUNK_BYTES", 8 * 300 * 7)
    D2, idx2 = fast_search.nearest_neighbours(X, X, 25)
    assert np.array_equal(idx1, idx2) and np.array_equal(D1, D2)
    assert idx1[:5].tolist() == [ref.nn_k(X.tolist(), x, 25) for x in X[:5].tolist()]


def test_several_key_blocks_merge_to_the_same_neighbours(monkeypatch):
    rng = np.random.default_rng(1)
    X = (rng.random((200, 5)) < 0.5).astype(np.uint8)  # 32 patterns: ties across blocks
    Q = (rng.random((30, 5)) < 0.5).astype(np.uint8)
    module = fast_search
    monkeypatch.setattr(module, "EXACT_FLOAT32", 21 * 40)  # blocks of 39 rows
    assert len(module.key_factors(X)) == 6
    for k in (1, 7, 39, 40, 200):
        D, idx = fast_search.nearest_neighbours(X, Q, k)
        assert idx.tolist() == [ref.nn_k(X.tolist(), q, k) for q in Q.tolist()]
        assert D.tolist() == [[ref.hamming(q, X[i].tolist()) for i in row]
                              for q, row in zip(Q.tolist(), idx.tolist(), strict=True)]


def test_a_data_point_is_its_own_nearest_neighbour():
    X = np.array([[0, 1, 1], [1, 1, 1], [0, 1, 1]])
    D, idx = nearest_neighbours(X, X, 1)
    # Row 2 equals row 0: the lower index wins the tie at distance 0.
    assert idx[:, 0].tolist() == [0, 1, 0] and D[:, 0].tolist() == [0, 0, 0]


def test_hamming_rejects_different_widths():
    with pytest.raises(ValueError, match="3 and 2 features"):
        hamming([[0, 1, 1]], [[0, 1]])


def test_nearest_neighbours_rejects_k_larger_than_n():
    with pytest.raises(ValueError, match=r"k=4 is outside \[1, 3\]"):
        nearest_neighbours([[0], [1], [1]], [[0]], 4)
