"""The parameters, declared once: what each may be, checked at the public edge.

`CONSTRAINTS` maps each argument name of the readable functions to its check (as
scikit-learn's ``_parameter_constraints``); `validate_params` applies it before a public
function runs, so the functions themselves hold only their equations. Each check raises
before any work starts, with a message that names the problem and the fix, and never
modifies the caller's array (a checked array is a fresh ``uint8`` copy).
"""

import contextlib
import contextvars
import functools
import inspect
import numbers

import numpy as np
import scipy.sparse as sp
from sklearn.utils.validation import validate_data

# scikit-learn's words for a 1-D array where a 2-D one is needed; its own checks look for them.
RESHAPE_HINT = (" Reshape your data: x.reshape(1, -1) if it holds a single sample, "
                "x.reshape(-1, 1) if it holds a single feature.")


def check_binary(X, name="X", ndim=2):
    """Return ``X`` as a new C-contiguous uint8 array of 0/1 values.

    Accepts numpy arrays (bool, integer, float, or object arrays of numbers),
    nested lists, pandas DataFrames and scipy sparse matrices.

    Parameters
    ----------
    X : array-like or sparse matrix
        The data to check.
    name : str
        The name used in error messages.
    ndim : {1, 2}
        The number of dimensions required.

    Returns
    -------
    ndarray of uint8
        A copy of ``X`` holding only 0 and 1.

    Examples
    --------
    >>> check_binary([[0, 1], [1.0, 0.0]]).tolist()
    [[0, 1], [1, 0]]
    >>> check_binary([[0, 0.5]])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: X[0, 1] = 0.5, but binary data may only hold 0 and 1: binarise it first ...
    """
    if sp.issparse(X):
        X = X.toarray()
    if hasattr(X, "to_numpy") and not isinstance(X, np.ndarray):  # pandas
        X = X.to_numpy()
    try:
        A = np.asarray(X)
    except ValueError as exc:  # ragged nested lists
        raise ValueError(
            f"{name} could not be read as an array ({exc}); "
            "give a rectangular array of 0/1 values, one row per sample."
        ) from None
    if A.dtype == object:
        A = _object_as_numbers(A, name)
    if A.dtype.kind in "USV":
        raise TypeError(
            f"{name} has dtype {A.dtype}, but binary data must be numeric 0/1 values: "
            "encode categories first with binms_teach.datasets.coding.disjunctive_code."
        )
    if A.dtype.kind == "c":
        raise ValueError(f"Complex data not supported: {name} is complex; give real 0/1 values.")
    if A.ndim != ndim:
        shape = "a 2-D array (n_samples, n_features)" if ndim == 2 else "a 1-D vector"
        hint = RESHAPE_HINT if A.ndim == 1 else ""
        raise ValueError(f"{name} must be {shape}, but it has {A.ndim} dimension(s).{hint}")
    if ndim == 2 and A.shape[0] == 0:
        raise ValueError(f"{name} has 0 sample(s) (shape={A.shape}) while a minimum of 1 is "
                         "required: give at least one row.")
    if A.shape[-1] == 0:
        raise ValueError(f"{name} has 0 feature(s) (shape={A.shape}) while a minimum of 1 is "
                         "required: give at least one column.")
    if A.dtype.kind == "f":
        bad = ~np.isfinite(A)
        if bad.any():
            where = tuple(int(i) for i in np.argwhere(bad)[0])
            value = A[where]
            what = "NaN" if np.isnan(value) else "inf"
            raise ValueError(
                f"{name} contains {what} at {name}[{', '.join(map(str, where))}]; "
                "binary data must be 0 or 1: impute or drop the missing values first."
            )
    if A.dtype != bool:
        bad = (A != 0) & (A != 1)
        if bad.any():
            where = tuple(int(i) for i in np.argwhere(bad)[0])
            value = A[where].item()
            raise ValueError(
                f"{name}[{', '.join(map(str, where))}] = {value}, but binary data may only "
                "hold 0 and 1: binarise it first (for example X > threshold, or "
                "binms_teach.datasets.coding.disjunctive_code for categories)."
            )
    return np.ascontiguousarray(A, dtype=np.uint8).copy()


def _object_as_numbers(A, name):
    """An object array of numbers as floats, as scikit-learn treats object dtype; else TypeError.

    >>> _object_as_numbers(np.array([[0, 1.0]], dtype=object), "X").dtype
    dtype('float64')
    """
    text = next((v for v in A.flat if isinstance(v, (str, bytes))), None)
    if text is not None:
        raise TypeError(f"{name} holds text ({text!r}), but binary data must be numeric 0/1 "
                        "values: encode categories first with "
                        "binms_teach.datasets.coding.disjunctive_code.")
    try:
        return A.astype(np.float64)
    except (TypeError, ValueError) as exc:  # a dict, None, a list...
        raise TypeError(f"{name} has dtype object with a value that is not a number ({exc}); "
                        "binary data must be numeric 0/1 values.") from None


def check_int(value, name, low, high, hint=""):
    """Return ``value`` as an int after checking ``low <= value <= high``.

    Examples
    --------
    >>> check_int(3, "k1", 1, 10)
    3
    >>> check_int(0, "k1", 1, 10, "k1 counts neighbours.")
    Traceback (most recent call last):
    ...
    ValueError: k1=0 is outside [1, 10]. k1 counts neighbours.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {value!r} of type {type(value).__name__}.")
    value = int(value)
    if not low <= value <= high:
        raise ValueError(f"{name}={value} is outside [{low}, {high}]. {hint}".rstrip())
    return value


TIES = ("one", "zero", "keep")


def check_tie(tie):
    """Check the tie rule of the majority vote."""
    if tie not in TIES:
        raise ValueError(
            f"tie={tie!r} is not a tie rule; use 'one' (the authors' choice), "
            "'zero', or 'keep' (keep the current bit)."
        )
    return tie


NEIGHBOURS = ("index", "ball")


def check_neighbours(neighbours):
    """Check the neighbour rule of the ascent: "index" (NN_k1) or "ball" (the closed ball)."""
    if neighbours not in NEIGHBOURS:
        raise ValueError(
            f"neighbours={neighbours!r} is not a neighbour rule; use 'index' (the k1 nearest, "
            "the lower row index wins a tie: the authors' code) or 'ball' (every point within "
            "the k1-th distance: order-free)."
        )
    return neighbours


def check_k1(k1, n, low=1, name="k1"):
    """k1 counts neighbours among the n data points: a whole number in [low, n] (0: no ascent).

    >>> check_k1(5, 4)
    Traceback (most recent call last):
    ...
    ValueError: k1=5 is outside [1, 4]. k1 counts neighbours among the n_samples = 4.
    """
    return check_int(k1, name, low, n, f"k1 counts neighbours among the n_samples = {n}."
                     + (" (0: no ascent)" if low == 0 else ""))


def check_k2(k2, n):
    """k2 ranks the n - 1 other points: a whole number in [1, n - 1], which needs n >= 2."""
    if n < 2:
        raise ValueError("epsilon from k2 needs at least 2 samples, but got 1 sample: "
                         "give more samples or an explicit epsilon.")
    return check_int(k2, "k2", 1, n - 1,
                     f"k2 ranks the other points, so it must be at most n_samples - 1 = {n - 1}.")


def check_epsilon(epsilon):
    """epsilon must be a finite number >= 0 (a Hamming distance)."""
    try:
        value = float(epsilon)
    except (TypeError, ValueError):
        raise TypeError(f"epsilon must be a number, got {epsilon!r}.") from None
    if not np.isfinite(value) or value < 0:
        raise ValueError(f"epsilon={epsilon} must be a finite number >= 0 (a Hamming distance).")
    return value


def check_weights(weights, n):
    """The weights pi_i as n finite non-negative floats (None: every weight 1)."""
    if weights is None:
        return np.ones(n)
    w = np.asarray(weights, dtype=float)
    if w.shape != (n,):
        raise ValueError(f"weights has shape {w.shape}; give one weight per sample, shape ({n},).")
    if not np.all(np.isfinite(w)) or np.any(w < 0):
        raise ValueError("weights must be finite and non-negative.")
    return w


def _rows(name, ndim=2, like=None):
    """The check of a 0/1 array argument; ``like``: the argument whose width it must have."""
    def check(value, args):
        A = check_binary(value, name, ndim)
        if like is not None and A.shape[-1] != args[like].shape[1]:
            raise ValueError(f"{like} and {name} have {args[like].shape[1]} and {A.shape[-1]} "
                             f"features; Hamming distances need vectors of the same length.")
        return A
    return check


def _current(value, args):
    if value is None and args.get("tie") == "keep":
        raise ValueError("tie='keep' keeps the bit of `current`: pass current=<the iterate>.")
    return value if value is None else _rows("current", 1, "X")(value, args)


def check_max_iter(value):
    """``max_iter`` as an int from 0 (no update) to 10**9."""
    return check_int(value, "max_iter", 0, 10**9)


def _alone(check):
    """A check that needs no other argument, in the form of `CONSTRAINTS`."""
    return lambda value, args: check(value)


# Every argument of the readable functions, checked in this order (a check may use the
# arguments checked before it: k1 is bounded by the rows of X).
CONSTRAINTS = {
    "X": _rows("X"),
    "A": _rows("A"),
    "B": lambda v, a: v if v is None else _rows("B", like="A")(v, a),
    "M": _rows("M"),
    "queries": _rows("queries", like="X"),
    "candidates": _rows("candidates", like="X"),
    "x": _rows("x", 1, "X"),
    "x0": _rows("x0", 1, "X"),
    "tie": _alone(check_tie),
    "current": _current,
    "k": lambda v, a: check_int(v, "k", 1, len(a["X"]),
                                "k counts neighbours among the data points."),
    "k1": lambda v, a: check_k1(v, len(a["X"])),
    "k2": lambda v, a: check_k2(v, len(a["M"])),
    "weights": lambda v, a: check_weights(v, len(a["X"])),
    "max_iter": _alone(check_max_iter),
    "neighbours": _alone(check_neighbours),
    "epsilon": _alone(check_epsilon),
}

_checked = contextvars.ContextVar("binms_teach_checked", default=False)


def trusted():
    """Whether the caller checked the arguments already (inside a checked call)."""
    return _checked.get()


@contextlib.contextmanager
def checked_already():
    """Inside: the public functions trust their arguments (a caller that checked them)."""
    token = _checked.set(True)
    try:
        yield
    finally:
        _checked.reset(token)


def validate_params(function):
    """Check a public function's arguments by `CONSTRAINTS` before it runs.

    A call from inside another checked call (or `checked_already`) is trusted: the data
    are checked once, at the edge, however many readable functions a fit calls.
    """
    signature = inspect.signature(function)

    @functools.wraps(function)
    def checked(*args, **kwargs):
        if _checked.get():
            return function(*args, **kwargs)
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        values = bound.arguments
        for name, check in CONSTRAINTS.items():
            if name in values:
                values[name] = check(values[name], values)
        with checked_already():
            return function(*bound.args, **bound.kwargs)

    return checked


ALGORITHMS = ("exact", "hnsw", "reference")


def check_choice(value, name, options):
    """``value`` if it is one of ``options``; else a ValueError listing them."""
    if value not in options:
        choices = ", ".join(repr(o) for o in options[:-1]) + f" or {options[-1]!r}"
        raise ValueError(f"{name}={value!r}: use {choices}.")
    return value


def is_auto(value):
    """Whether a k1 or k2 asks to be chosen; a string other than "auto" is an error."""
    if isinstance(value, str):
        if value == "auto":
            return True
        raise ValueError(f"{value!r} is not a value for k1 or k2: give a whole number, or "
                         "'auto' to choose it without labels.")
    return False


# BinNNMS's parameters beside k1 and k2, which are bounded by the data (`check_binnnms`).
ESTIMATOR_CONSTRAINTS = {
    "max_iter": check_max_iter,
    "tie": check_tie,
    "neighbours": check_neighbours,
    "epsilon": lambda v: None if v is None else check_epsilon(v),
    "epsilon_from": lambda v: check_choice(v, "epsilon_from", ("modes", "data")),
    "algorithm": lambda v: check_choice(v, "algorithm", ALGORITHMS),
}


def check_binnnms(params, n):
    """BinNNMS's parameters (``get_params()``) checked for n samples; k1, k2 may stay "auto".

    Raises before any work on a bad value or a combination that cannot run.
    """
    p = dict(params) | {name: check(params[name])
                        for name, check in ESTIMATOR_CONSTRAINTS.items()}
    if auto := [name for name in ("k1", "k2") if is_auto(p[name])]:
        what = f"{' and '.join(auto)}='auto'"
        if p["epsilon"] is not None:
            raise ValueError(f"{what} scores partitions with epsilon from k2, but an explicit "
                             "epsilon was given: leave epsilon=None, or give numbers.")
        if p["epsilon_from"] != "modes":
            raise ValueError(f"{what} chooses on epsilon measured on the modes: use "
                             "epsilon_from='modes' with it, or give numbers.")
        if p["algorithm"] == "hnsw":
            raise ValueError(f"{what} compares exact partitions: use algorithm='exact' (or "
                             "'reference') with it, or give numbers.")
        if n < 4:
            raise ValueError(f"k1 or k2 = 'auto' needs at least 4 samples, got {n} "
                             f"sample{'s' if n != 1 else ''}: give more samples, or numbers "
                             "for k1 and k2.")
    if p["epsilon"] is None and "k2" not in auto:
        p["k2"] = check_k2(p["k2"], n)
    if "k1" not in auto:
        p["k1"] = check_k1(p["k1"], n)
    if p["algorithm"] == "hnsw" and p["neighbours"] == "ball":
        raise ValueError("algorithm='hnsw' finds approximate k nearest neighbours, not "
                         "closed balls: use neighbours='index' with it, or "
                         "algorithm='exact' with neighbours='ball'.")
    return p


class BinaryInputMixin:
    """Input handling shared by the estimators: our 0/1 checks, then scikit-learn's.

    `check_binary` gives the clear messages and the uint8 copy; sklearn's
    `validate_data` keeps its bookkeeping (n_features_in_, feature names, and
    its standard message for a wrong number of features in predict).
    """

    def _validate(self, X, reset):
        binary = check_binary(X)
        validate_data(self, X, reset=reset, accept_sparse=True, dtype=None,
                      ensure_all_finite=False)
        return binary

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.sparse = True
        return tags
