"""The course's descent claim (checks item 9) and the cycle guard of the "ball" ascent.

- Along an "index" ascent S(x), the sum of the distances to the k1 nearest data
  points, never increases; at an equal sum only tied bits change, all one way
  (tie "one": 0 -> 1, "zero": 1 -> 0, "keep": none). Checked with plain loops on
  random data and with `checks.descent_moves` on real data, every tie rule.
- The "ball" ascent carries no such argument (S does increase along it): a
  repeated iterate stops the candidate with an `AscentCycleWarning` and
  converged False, in `bga`, `bga_path`, `ascent_trace` and `BinNNMS`.
"""

import sys
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binms_teach import BinNNMS, bga, bga_path, checks, datasets
from binms_teach.ascent import AscentCycleWarning
from binms_teach.fast.ascent import ascend
from binms_teach.trace import ascent_trace
from tests import reference_ball as ref_ball
from tests import reference_impl as ref
from tests.guards import in_ci, missing
from tests.strategies import binary_matrices

TIES = ["one", "zero", "keep"]
# Under each tie rule, which way a bit may move at an equal sum: (0 -> 1, 1 -> 0).
DIRECTION = {"one": (True, False), "zero": (False, True), "keep": (False, False)}


def real(name, rows=None):
    try:
        X = getattr(datasets, f"load_{name}")(download=False).data
    except (FileNotFoundError, OSError) as exc:
        missing(f"{name} data not found ({exc}); set BINMS_TEACH_DATA")
    if rows is not None:
        X = X[np.sort(np.random.default_rng(0).choice(len(X), rows, replace=False))]
    return X


def plain_moves(X, k1, tie, max_iter=100):
    """Every move of every data point's "index" ascent, by plain loops.

    Returns (S before, S after, changed bits, and per changed bit: its vote
    was tied, it went 0 -> 1).
    """
    X = [[int(v) for v in row] for row in X]
    moves = []
    for x in X:
        for _ in range(max_iter):
            nn = ref.nn_k(X, x, k1)
            nxt = ref.maj([X[i] for i in nn], tie, x)
            if nxt == x:
                break
            before = sum(ref.hamming(x, X[i]) for i in nn)
            after = sum(sorted(ref.hamming(nxt, row) for row in X)[:k1])
            bits = [(2 * sum(X[i][j] for i in nn) == k1, nxt[j] == 1)
                    for j in range(len(x)) if nxt[j] != x[j]]
            moves.append((before, after, bits))
            x = nxt
    return moves


def assert_claim(moves, tie):
    up_ok, down_ok = DIRECTION[tie]
    for before, after, bits in moves:
        assert after <= before
        if after == before:
            assert all(tied for tied, _ in bits)
            assert all(up_ok if up else down_ok for _, up in bits)


@settings(max_examples=80, deadline=None)
@given(binary_matrices(min_rows=1, max_rows=14, max_cols=7), st.data())
def test_descent_claim_with_plain_loops(X, data):
    k1 = data.draw(st.integers(1, len(X)))
    tie = data.draw(st.sampled_from(TIES))
    moves = plain_moves(X, k1, tie)
    assert_claim(moves, tie)
    # The package's measurement of the same moves agrees.
    m = checks.descent_moves(X, k1, tie)
    assert sorted(zip(m.before.tolist(), m.after.tolist(), strict=True)) == \
        sorted((b, a) for b, a, _ in moves)


@pytest.mark.parametrize("tie", TIES)
def test_descent_claim_on_a_mixture_with_plain_loops(tie):
    rng = np.random.default_rng(2)
    X = (rng.random((40, 5)) < 0.4).astype(np.uint8)  # 32 patterns: many tied votes
    moves = [m for k1 in (2, 4, 6, 8) for m in plain_moves(X, k1, tie)]
    assert_claim(moves, tie)
    plateau = sum(after == before for before, after, _ in moves)
    assert plateau == 0 if tie == "keep" else plateau > 0  # the equal-sum case is exercised


@pytest.mark.parametrize("tie", TIES)
def test_descent_claim_on_zoo_with_plain_loops(tie):
    X = real("zoo")
    for k1 in (4, 7, 10):
        assert_claim(plain_moves(X, k1, tie), tie)


@pytest.mark.parametrize("name, rows", [("zoo", None), ("soybean", None), ("digits", 400),
                                        ("votes", None), ("spect", None)])
@pytest.mark.parametrize("tie", TIES)
def test_descent_claim_on_real_data(name, rows, tie):
    X = real(name, rows)
    up_ok, down_ok = DIRECTION[tie]
    for k1 in (3, 6, 10, 15):
        m = checks.descent_moves(X, k1, tie)
        equal = m.after == m.before
        assert np.all(m.after <= m.before)
        assert np.all(m.untied[equal] == 0)
        assert up_ok or np.all(m.up[equal] == 0)
        assert down_ok or np.all(m.down[equal] == 0)
        # No cycle, so no cap is needed: every ascent ends at a fixed point.
        assert bga(X, X, k1, max_iter=10**6, tie=tie)[2].all()


def test_the_claim_does_not_hold_for_the_ball():
    """The measurement can fail: along "ball" ascents S does increase."""
    X = real("votes")
    increases = sum(int(np.sum(m.after > m.before))
                    for k1 in (4, 10) for tie in TIES
                    for m in [checks.descent_moves(X, k1, tie, neighbours="ball")])
    assert increases > 0


def test_check_descent_is_the_course_claim_and_holds():
    r = checks.check_descent()
    assert r.number == 9 and r.source == "course" and "not the paper" in r.equation
    assert r.holds_corrected and r.holds_as_printed is None
    assert r.numbers["increases"] == r.numbers["untied_at_equal"] == 0
    assert r.numbers["wrong_direction"] == 0
    assert r.numbers["moves"] > 1000 and r.numbers["equal"] > 0
    assert r.numbers["ball_increases"] > 0
    if r.numbers["missing data"] != "none" and in_ci():
        pytest.fail(f"check_descent ran without {r.numbers['missing data']}")


def test_all_paper_checks_are_marked_as_the_papers():
    assert [r.source for r in checks.run_all()] == ["paper"] * 8 + ["course"]


# ---------------------------------------------------------------- the cycle guard


def _rows(*supports, d=11):
    return np.array([[int(j in bits) for j in range(d)] for bits in supports], dtype=np.uint8)


# A constructed 2-cycle of the "ball" ascent, k1 = 2, tie "zero". Five points:
# p = {9} near x = 0, and q, o1, o2, o3 of weight 6 (q holds y = {0, 1, 2}, each o
# two of y's bits; every other bit is in exactly two of the five).
#   at x = 0: distances 1, 6, 6, 6, 6, so the ball is all five; maj = y;
#   at y:     distances q 3, p 4, o's 5, so the ball is {q, p}: one vote each on
#             q's other bits, a tie, "zero": x_2 = q AND p = 0 = x_0.
# The complement of everything cycles under tie "one" (complementing swaps the rules).
CYCLE_X = _rows({0, 1, 2, 3, 4, 5}, {0, 1, 3, 6, 7, 9}, {1, 2, 4, 6, 8, 10},
                {0, 2, 5, 7, 8, 10}, {9})
CYCLE_START = np.zeros(11, dtype=np.uint8)
CYCLE_Y = _rows({0, 1, 2})[0]


def test_the_constructed_cycle_is_a_cycle_by_plain_loops():
    path, converged = ref_ball.ascend(CYCLE_X.tolist(), CYCLE_START.tolist(), 2, 100, "zero")
    assert path == [CYCLE_START.tolist(), CYCLE_Y.tolist(), CYCLE_START.tolist()]
    assert not converged
    path, converged = ref_ball.ascend((1 - CYCLE_X).tolist(), (1 - CYCLE_START).tolist(), 2,
                                      100, "one")
    assert len(path) == 3 and path[0] == path[2] and not converged


@pytest.mark.parametrize("tie, flip", [("zero", 0), ("one", 1)])
def test_cycle_guard_stops_bga_with_a_warning(tie, flip):
    X, x0 = CYCLE_X ^ flip, CYCLE_START ^ flip
    with pytest.warns(AscentCycleWarning, match=r"1 of 1 candidate.*neighbours='index'"):
        modes, n_iter, converged = bga(X, x0[None, :], 2, max_iter=1000, tie=tie,
                                       neighbours="ball")
    assert not converged[0]
    assert n_iter[0] == 2  # x_0 -> y -> x_0: stopped at once, not at max_iter
    assert np.array_equal(modes[0], x0)  # the repeated iterate
    with pytest.warns(AscentCycleWarning, match="1 of 1 candidate"):
        path = bga_path(X, x0, 2, max_iter=1000, tie=tie, neighbours="ball")
    assert path.tolist() == [x0.tolist(), (CYCLE_Y ^ flip).tolist(), x0.tolist()]
    with pytest.warns(AscentCycleWarning):
        trace = ascent_trace(X, x0, 2, max_iter=1000, tie=tie, neighbours="ball")
    assert not trace.converged and len(trace.steps) == 2
    assert np.array_equal(trace.path, path)
    # "index" on the same data: no cycle, no warning.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert bga(X, x0[None, :], 2, max_iter=1000, tie=tie)[2].all()


def test_cycle_guard_in_binnnms():
    """The first data point's ascent enters the same cycle; the others converge."""
    with pytest.warns(AscentCycleWarning, match=r"1 of 5 candidate"):
        model = BinNNMS(k1=2, k2=1, tie="zero", neighbours="ball", record_paths=True,
                        max_iter=1000).fit(CYCLE_X)
    expected = [ref_ball.ascend(CYCLE_X.tolist(), x, 2, 1000, "zero")
                for x in CYCLE_X.tolist()]
    assert model.converged_.tolist() == [c for _, c in expected] == [False] + [True] * 4
    assert [p.tolist() for p in model.paths_] == [p for p, _ in expected]
    assert model.n_iter_ < 10


def test_cycle_guard_catches_longer_cycles(monkeypatch):
    """A stand-in vote with a 3-cycle (x -> x + e0 -> x + e0 + e1 -> x): any earlier iterate."""

    def three_cycle(Xf, index, Q, k1, tie):
        out = Q.copy()
        first, second = Q[:, 0] == 1, Q[:, 1] == 1
        out[:, 0] = ~first | ~second        # 00 -> 10 -> 11 -> 00
        out[:, 1] = first & ~second
        return out.astype(np.uint8)

    monkeypatch.setattr(sys.modules["binms_teach.fast.ascent"], "_majority_of_ball", three_cycle)
    X = np.zeros((4, 3), dtype=np.uint8)
    with pytest.warns(AscentCycleWarning, match="4 of 4"):
        modes, n_iter, converged, _ = ascend(X, X.copy(), 2, 1000, "one", neighbours="ball")
    assert n_iter.tolist() == [3] * 4 and not converged.any()
    assert np.array_equal(modes, X)
