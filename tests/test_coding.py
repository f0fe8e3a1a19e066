"""Tests of binms_teach.datasets.coding against the paper's Table 1 and a brute-force decoder."""

import itertools

import numpy as np
import pytest

from binms_teach.datasets.coding import (
    Block,
    Codebook,
    additive_code,
    decode,
    disjunctive_code,
    encode,
    natural_order,
)

CAR_ORDERS = [  # from car.names, lowest first
    ["low", "med", "high", "vhigh"],
    ["low", "med", "high", "vhigh"],
    ["2", "3", "4", "5more"],
    ["2", "4", "more"],
    ["small", "med", "big"],
    ["low", "med", "high"],
]


def test_table_1_of_the_paper():
    classes = ["1", "2", "3"]
    assert additive_code(classes, classes, drop_first=False).tolist() == [
        [1, 0, 0],
        [1, 1, 0],
        [1, 1, 1],
    ]
    assert disjunctive_code(classes).tolist() == [[1, 0, 0], [0, 1, 0], [0, 0, 1]]


def test_drop_first_drops_the_constant_column_only():
    values = ["b", "a", "c", "c", "a"]
    full = additive_code(values, "abc", drop_first=False)
    assert full[:, 0].tolist() == [1] * 5
    assert np.array_equal(additive_code(values, "abc"), full[:, 1:])


def test_additive_code_keeps_the_order_as_hamming_distance():
    # |i - j| classes apart is |i - j| bits apart: the point of additive coding.
    cats = ["low", "med", "high", "vhigh"]
    X = additive_code(cats, cats)
    for i, j in itertools.product(range(4), repeat=2):
        assert int((X[i] != X[j]).sum()) == abs(i - j)


def test_missing_values_set_no_bit_in_disjunctive_coding():
    X = disjunctive_code(["a", "?", "b", ""])
    assert X.tolist() == [[1, 0], [0, 0], [0, 1], [0, 0]]


def test_missing_values_are_refused_by_additive_coding():
    with pytest.raises(ValueError, match="missing in row 1.*impute it, or use disjunctive"):
        additive_code(["low", "?"], ["low", "high"])


def test_unknown_value_is_named():
    with pytest.raises(ValueError, match="value 'z' in row 1.*add it to the categories"):
        disjunctive_code(["a", "z"], categories=["a", "b"])


def test_natural_order_sorts_numbers_by_value():
    assert natural_order(["8", "10", "0", "?", "2"]) == ["0", "2", "8", "10"]
    assert natural_order(["b", "a", "10", "9"]) == ["9", "10", "a", "b"]


def test_car_column_counts_match_the_paper():
    # PAPER-NOTES: additive without the first bit is 3+3+3+2+2+2 = 15; disjunctive 21.
    rows = list(itertools.product(*CAR_ORDERS))
    X, names, _ = encode(rows, "additive", CAR_ORDERS)
    assert X.shape == (4 * 4 * 4 * 3 * 3 * 3, 15)
    assert names[:3] == ["x0>=med", "x0>=high", "x0>=vhigh"]
    X, names, _ = encode(rows, "disjunctive", CAR_ORDERS)
    assert X.shape[1] == 21
    assert set(X.sum(axis=1).tolist()) == {6}  # one bit per feature


def test_feature_names_are_readable():
    rows = [["4", "high", "1", "y"], ["2", "low", "0", "n"]]
    _, names, book = encode(
        rows,
        ["disjunctive", "additive", "binary", "binary"],
        [None, ["low", "high"], None, ["n", "y"]],
        names=["legs", "buying", "hair", "vote"],
    )
    assert names == ["legs=2", "legs=4", "buying>=high", "hair", "vote=y"]
    assert book.features == ["legs", "buying", "hair", "vote"]


def _hand_codes(coding, k):
    """Code of each class written out as in Table 1, independently of the module."""
    if coding == "disjunctive":
        return [tuple(int(j == i) for j in range(k)) for i in range(k)]
    return [tuple(int(j < i) for j in range(k - 1)) for i in range(k)]  # additive, no 1st bit


@pytest.mark.parametrize("coding, k", [("disjunctive", 3), ("disjunctive", 4), ("additive", 4),
                                       ("additive", 5)])
def test_decode_every_bit_pattern_matches_brute_force(coding, k):
    cats = tuple(f"c{i}" for i in range(k))
    block = Block("f", coding, cats)
    codes = _hand_codes(coding, k)
    for bits in itertools.product((0, 1), repeat=len(codes[0])):
        got = block.decode_bits(bits)
        dist = [sum(a != b for a, b in zip(bits, c, strict=True)) for c in codes]
        if coding == "disjunctive" and not any(bits):
            assert got == "?"
        elif min(dist) == 0:
            assert got == cats[dist.index(0)]
        else:
            assert got == tuple(c for c, d in zip(cats, dist, strict=True) if d == min(dist))
        if coding == "disjunctive" and sum(bits) >= 2:  # the documented special case
            assert got == tuple(c for c, b in zip(cats, bits, strict=True) if b)


def test_decode_round_trips_random_tables():
    rng = np.random.default_rng(0)
    for _ in range(20):
        n, p = rng.integers(1, 30), rng.integers(1, 6)
        k = rng.integers(2, 6, size=p)
        codings = rng.choice(["disjunctive", "additive"], size=p).tolist()
        rows = []
        for _ in range(n):
            row = [f"v{rng.integers(k[j])}" for j in range(p)]
            # Missing values only where the coding has a code for them.
            rows.append([("?" if c == "disjunctive" and rng.random() < 0.2 else v)
                         for v, c in zip(row, codings, strict=True)])
        X, _, book = encode(rows, codings, [[f"v{i}" for i in range(kj)] for kj in k])
        assert X.dtype == np.uint8 and set(np.unique(X)) <= {0, 1}
        assert [list(d.values()) for d in decode(X, book)] == rows


def test_decode_of_a_mode_that_is_no_data_row():
    X, _, book = encode([["2", "low"], ["4", "high"], ["8", "med"]],
                        ["disjunctive", "additive"], [None, ["low", "med", "high"]],
                        names=["legs", "buying"])
    assert book.decode([0, 1, 1, 1, 1]) == {"legs": ("4", "8"), "buying": "high"}
    assert book.decode([0, 0, 0, 0, 1]) == {"legs": "?", "buying": ("low", "high")}
    both = book.decode([[1, 0, 0, 0, 0], [0, 0, 1, 1, 0]])
    assert both == [{"legs": "2", "buying": "low"}, {"legs": "8", "buying": "med"}]


def test_codebook_encode_equals_the_functions():
    rows = [["a", "low"], ["b", "high"], ["?", "low"]]
    X, _, book = encode(rows, ["disjunctive", "additive"], [None, ["low", "high"]])
    expected = np.hstack([disjunctive_code([r[0] for r in rows]),
                          additive_code([r[1] for r in rows], ["low", "high"])])
    assert np.array_equal(X, expected)
    assert np.array_equal(book.encode(rows), X)


def test_binary_codebook_names_and_decode():
    book = Codebook.binary(["F1", "F2"])
    assert book.feature_names == ["F1", "F2"]
    assert book.decode([1, 0]) == {"F1": "1", "F2": "0"}


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: encode([["a", "b"], ["a"]]), "Row 1 has 1 values, but 2 features"),
        (lambda: encode([]), "no rows"),
        (lambda: encode([["?"], ["?"]]), "holds only missing values"),
        (lambda: encode([["a"], ["b"], ["c"]], "binary"), "binary coding needs exactly two"),
        (lambda: encode([["a"]], "onehot"), "coding='onehot'.*is not a coding"),
        (lambda: encode([["a", "b"]], names=["x", "x"]), "must be unique"),
        (lambda: encode([["a"]])[2].decode([1, 0]), "X has 2 columns, but this codebook codes 1"),
        (lambda: encode([["a"]])[2].decode([2]), "binary data may only hold 0 and 1"),
    ],
)
def test_errors_name_the_problem(call, message):
    with pytest.raises(ValueError, match=message):
        call()
