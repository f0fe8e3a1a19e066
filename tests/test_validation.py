"""The one machinery of the parameter checks: per-function tables, nothing changed."""

import numbers

import numpy as np
import pytest

from binms_teach import BinNNMS, majority
from binms_teach._validation import K1, Interval, checked_already, validate_params
from binms_teach.selection import choose_parameters


def test_a_new_function_declares_its_own_k1_bound():
    # A global table keyed by argument name raised KeyError for k1 without X.
    @validate_params({"k1": Interval(numbers.Integral, 1, 50)})
    def f(k1):
        return k1

    assert f(3) == 3
    with pytest.raises(ValueError, match=r"k1=0 is outside \[1, 50\]"):
        f(0)


def test_a_bound_read_from_an_absent_argument_is_refused_when_declared():
    with pytest.raises(TypeError, match=r"declares or reads \['X'\]"):
        @validate_params({"k1": K1})
        def f(k1):
            return k1


def test_weights_none_is_the_functions_own_default():
    X = np.array([[1, 0, 1], [1, 1, 0]], dtype=np.uint8)
    expected = (majority.inertia(X, np.array([1, 1, 1], np.uint8)),
                majority.median_centres_brute_force(X).tolist())
    with checked_already():  # no decorator turns None into ones here
        got = (majority.inertia(X, np.array([1, 1, 1], np.uint8)),
               majority.median_centres_brute_force(X).tolist())
    assert got == expected == (2.0, [[1, 0, 0], [1, 0, 1], [1, 1, 0], [1, 1, 1]])


def test_a_non_integer_k1_is_refused_alike_by_the_estimator_and_the_grid():
    X = np.array([[0, 1, 1], [1, 1, 0], [0, 0, 1], [1, 0, 0]] * 2, dtype=np.uint8)
    with pytest.raises(TypeError, match="k1 must be an integer, got 2.5"):
        BinNNMS(k1=2.5).fit(X)
    with pytest.raises(TypeError, match="k1 must be an integer, got 2.5"):
        choose_parameters(X, k1s=(2.5,), k2s=(2,))


NOT_INTEGERS = [3.0, 2.5, True, "3"]


@pytest.mark.parametrize("k1", NOT_INTEGERS, ids=repr)
def test_a_non_integer_k1_gets_one_message_everywhere(k1):
    """The estimator, a widget and a selection grid refuse a k1 that is not a whole number
    with the very same words (one declaration, `K1`), whatever its type."""
    from binms_teach.widgets import AscentExplorer

    X = np.array([[0, 1, 1], [1, 1, 0], [0, 0, 1], [1, 0, 0]] * 2, dtype=np.uint8)
    callers = {
        "BinNNMS": lambda: BinNNMS(k1=k1, k2=2).fit(X),
        "AscentExplorer": lambda: AscentExplorer(X, k1=k1, shape=(1, 3), k1_max=4),
        "choose_parameters": lambda: choose_parameters(X, k1s=(k1,), k2s=(2,)),
    }
    messages = {}
    for name, call in callers.items():
        with pytest.raises(TypeError) as refused:
            call()
        messages[name] = str(refused.value)
    expected = f"k1 must be an integer, got {k1!r} of type {type(k1).__name__}."
    # BinNNMS also takes "auto", and says so after the same words
    assert messages == {**dict.fromkeys(callers, expected),
                        "BinNNMS": f"{expected} k1 may also be 'auto'."}


def test_choose_parameters_declares_its_own_bounds():
    """The grid's table: its data need 4 rows (said before any grid value is read), and it
    takes the exact algorithms only."""
    X = np.array([[0, 1, 1], [1, 1, 0], [0, 0, 1], [1, 0, 0]] * 2, dtype=np.uint8)
    assert choose_parameters.parameter_constraints["k1s"][1].bound is K1
    with pytest.raises(ValueError, match="choose_parameters got 3 samples; .* at least 4"):
        choose_parameters(X[:3], k1s=(5,))
    with pytest.raises(ValueError, match="algorithm='hnsw': choosing k1 and k2 compares exact"):
        choose_parameters(X, algorithm="hnsw")


def test_an_open_interval_refuses_its_bounds_and_keeps_what_lies_inside():
    from binms_teach.selection.criteria import FRACTION_RANGE

    assert FRACTION_RANGE.check(0.5, "fraction", {}) == 0.5
    for edge in (0, 1.0):
        with pytest.raises(ValueError, match=r"fraction=\d must lie strictly between 0 and 1"):
            FRACTION_RANGE.check(edge, "fraction", {})
