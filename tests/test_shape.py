"""`binms_teach.figures.shape`: the turns of a series, checked against a second reading.

The second reading is scipy's `find_peaks` with a prominence: a maximum whose prominence is
more than the tolerance is a visible turn, and `turns` must report it (and nothing that the
series does not do).
"""

import numpy as np
import pytest
from scipy.signal import find_peaks

from binms_teach.figures.shape import crossings, shape, tolerance, turns


def _prominent(y, tol):
    peaks, _ = find_peaks(y, prominence=tol * 1.0001)
    valleys, _ = find_peaks(-y, prominence=tol * 1.0001)
    return set(peaks.tolist()) | set(valleys.tolist())


@pytest.mark.parametrize("seed", range(40))
def test_every_prominent_turn_is_found_and_every_move_is_real(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 40))
    y = np.cumsum(rng.normal(0, 1, n)).round(3)
    tol = tolerance(y)
    pivots = turns(y, tol)
    assert pivots[0] == 0 and pivots[-1] == n - 1
    assert pivots == sorted(set(pivots))
    interior = set(pivots[1:-1])
    # every turn scipy sees is reported, or an equal value at another index of the same run
    for i in _prominent(y, tol):
        assert i in interior or any(y[j] == y[i] for j in interior), (i, pivots, y.tolist())
    # consecutive pivots alternate between rises and falls larger than tol (the last may be
    # a small move after the last turn)
    moves = np.diff(y[pivots])
    assert all(abs(m) > tol for m in moves[:-1]), (moves, tol)
    assert all(a * b < 0 for a, b in zip(moves[:-1], moves[1:], strict=False)), moves
    # each pivot is the extreme of the values between its neighbours
    for a, p, b in zip(pivots, pivots[1:], pivots[2:], strict=False):
        segment = y[a:b + 1]
        assert y[p] in (segment.max(), segment.min())


def test_the_words_say_each_turn_with_its_x_and_value():
    k1 = [1, 2, 5, 10, 20, 40]
    words = shape(k1, [0.0, 0.967, 0.792, 0.860, 0.997, 1.0], tol=0.05, name="k1")
    assert words == ("rises from 0 at k1 = 1 to 0.967 at k1 = 2, falls back to 0.792 at "
                     "k1 = 5, then rebounds to 1 at k1 = 40")
    # a wiggle smaller than the tolerance is not narrated
    assert shape(k1, [0, 0.5, 0.49, 0.5, 0.5, 0.5], tol=0.05, name="k1") == (
        "rises from 0 at k1 = 1 to 0.5 at k1 = 40, levelling off from k1 = 2")
    assert "falls again" in shape(range(5), [0, 1, 0, 1, 0], tol=0.1)


def test_nan_points_are_left_out_and_bad_input_is_named():
    words = shape([1, 2, 3], [0.1, np.nan, 0.9], tol=0.05)
    assert words == "rises from 0.1 at x = 1 to 0.9 at x = 3"
    with pytest.raises(ValueError, match="same length"):
        shape([1, 2], [0.1, 0.2, 0.3], tol=0.1)
    with pytest.raises(ValueError, match="NaN"):
        turns([0.1, np.nan], 0.1)
    with pytest.raises(ValueError, match="tol"):
        turns([0.1, 0.2], -1)


def test_crossings_need_a_change_of_sides_larger_than_the_tolerance():
    x = [1, 2, 3, 4]
    assert crossings(x, [0, 1, 2, 3], [3, 2, 1, 0]) == [(2, 3)]
    assert crossings(x, [0, 1, 1.01, 3], [0.5, 1.005, 1.0, 4], tol=0.02) == []
    assert crossings(x, [1, 1, 1, 1], [1, 1, 1, 1]) == []
