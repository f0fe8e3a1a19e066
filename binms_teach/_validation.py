"""The parameters, declared once beside their owner, checked by one machinery.

As in scikit-learn (``sklearn/utils/_param_validation.py``): each public function declares
what its arguments may be in its own decorator, ``@validate_params({"k1": K1, ...})``, and
each estimator in its own table, ``_parameter_constraints``; `check_params` reads either.
The bounds that several functions share (k1 in [1, n], max_iter, the tie and neighbour
rules, epsilon, the engines) are declared once here, as objects (`Interval`, `Options`,
`Binary`, `Weights`), and a bound that depends on the data names the argument it reads
(``Rows("X")``; another argument's value: ``Arg("k1_max")``), so a function that takes k1
without X is refused when it is declared.

A check raises before any work starts, with a message that names the problem and the fix.
It never changes what the function computes: a default (``weights=None``) reaches the
function as it is, and the only conversion is of 0/1 data to a fresh ``uint8`` array (the
caller's array is never modified) and of whole numbers to ``int``.
"""

import contextlib
import contextvars
import functools
import inspect
import numbers

import numpy as np
from sklearn.utils.validation import validate_data

from ._binary import RESHAPE_HINT, check_binary  # noqa: F401  (imported from here too)


def check_int(value, name, low, high, hint=""):
    """Return ``value`` as an int after checking ``low <= value <= high`` (`Interval`'s test).

    Examples
    --------
    >>> check_int(3, "k1", 1, 10)
    3
    >>> check_int(0, "k1", 1, 10, "k1 counts neighbours.")
    Traceback (most recent call last):
    ...
    ValueError: k1=0 is outside [1, 10]. k1 counts neighbours.
    """
    return Interval(numbers.Integral, low, high, hint).check(value, name, {})


class Rows:
    """A bound read from the data: the number of rows of argument ``of``, minus ``minus``."""

    def __init__(self, of, minus=0):
        self.of, self.minus = of, minus

    def __call__(self, args):
        return len(args[self.of]) - self.minus


class Arg(Rows):
    """A bound read from another argument: its checked value minus ``minus`` (k1 <= k1_max)."""

    def __call__(self, args):
        return args[self.of] - self.minus


class Interval:
    """A number of ``kind`` (`numbers.Integral` or `numbers.Real`) in [low, high].

    A bound may be a `Rows` (read from the checked data); ``hint`` ends the message and may
    name ``{high}``; ``empty``: the message when the data leave no value (high < low);
    ``open``: the bounds themselves are outside, (low, high).

    >>> Interval(numbers.Integral, 1, Rows("X")).check(3, "k1", {"X": [[0], [1]]})
    Traceback (most recent call last):
    ...
    ValueError: k1=3 is outside [1, 2].
    """

    def __init__(self, kind, low, high, hint="", empty=None, message=None, open=False):
        self.kind, self.low, self.high, self.hint = kind, low, high, hint
        self.empty, self.message, self.open = empty, message, open

    def reads(self):
        """The arguments whose checked values the bounds read."""
        return {b.of for b in (self.low, self.high) if isinstance(b, Rows)}

    def check(self, value, name, args):
        low, high = (b(args) if isinstance(b, Rows) else b for b in (self.low, self.high))
        if self.empty is not None and high is not None and high < low:
            raise ValueError(self.empty)
        if self.kind is numbers.Integral:
            if isinstance(value, bool) or not isinstance(value, numbers.Integral):
                raise TypeError(f"{name} must be an integer, got {value!r} of type "
                                f"{type(value).__name__}.")
            value = int(value)
        else:
            try:
                value = float(value)
            except (TypeError, ValueError):
                raise TypeError(f"{name} must be a number, got {value!r}.") from None
            if not np.isfinite(value) and self.message:
                raise ValueError(self.message.format(name=name, value=value))
            if not np.isfinite(value):
                raise ValueError(f"{name}={value} must be a finite number. "
                                 f"{self.hint}".rstrip())
        if (not (low is None or low <= value) or not (high is None or value <= high)
                or self.open and value in (low, high)):
            if self.message:
                raise ValueError(self.message.format(name=name, value=_short(value)))
            shown = value if self.kind is numbers.Integral else _short(value)
            raise ValueError(f"{name}={shown} is outside [{low}, "
                             f"{'inf' if high is None else high}]. "
                             f"{self.hint.format(high=high)}".rstrip())
        return value


def _short(value):
    return int(value) if float(value).is_integer() else value


class Options:
    """One of a few values; ``message`` (with ``{value!r}``) says what each means."""

    def __init__(self, options, message=None):
        self.options, self.message = tuple(options), message

    def reads(self):
        return set()

    def check(self, value, name, args):
        if isinstance(value, str) and value in self.options:
            return value
        if self.message:
            raise ValueError(self.message.format(name=name, value=value))
        choices = ", ".join(repr(o) for o in self.options[:-1]) + f" or {self.options[-1]!r}"
        raise ValueError(f"{name}={value!r}: use {choices}.")


class Binary:
    """0/1 data, `check_binary`: ``ndim`` 2 (rows) or 1 (a vector); ``like``: the argument
    whose number of features it must have."""

    def __init__(self, ndim=2, like=None):
        self.ndim, self.like = ndim, like

    def reads(self):
        return {self.like} - {None}

    def check(self, value, name, args):
        A = check_binary(value, name, self.ndim)
        if self.like is not None and A.shape[-1] != args[self.like].shape[1]:
            raise ValueError(f"{self.like} and {name} have {args[self.like].shape[1]} and "
                             f"{A.shape[-1]} features; Hamming distances need vectors of the "
                             "same length.")
        return A


class Weights:
    """The weights pi_i: one finite non-negative float per row of ``of``."""

    def __init__(self, of="X"):
        self.of = of

    def reads(self):
        return {self.of}

    def check(self, value, name, args):
        n = len(args[self.of])
        w = np.asarray(value, dtype=float)
        if w.shape != (n,):
            raise ValueError(f"{name} has shape {w.shape}; give one weight per sample, "
                             f"shape ({n},).")
        if not np.all(np.isfinite(w)) or np.any(w < 0):
            raise ValueError(f"{name} must be finite and non-negative.")
        return w


# ---- the bounds several functions share, each declared once

TIES = ("one", "zero", "keep")
TIE = Options(TIES, "tie={value!r} is not a tie rule; use 'one' (the authors' choice), "
                    "'zero', or 'keep' (keep the current bit).")
NEIGHBOURS = Options(("index", "ball"), (
    "neighbours={value!r} is not a neighbour rule; use 'index' (the k1 nearest, the lower row "
    "index wins a tie: the authors' code) or 'ball' (every point within the k1-th distance: "
    "order-free)."))
ALGORITHMS = ("exact", "hnsw", "reference")
ALGORITHM = Options(ALGORITHMS)


class Current:
    """The iterate whose bits tie="keep" keeps: a 0/1 vector like a row of X; None otherwise."""

    def reads(self):
        return {"X", "tie"}

    def check(self, value, name, args):
        if value is None and args["tie"] == "keep":
            raise ValueError("tie='keep' keeps the bit of `current`: pass current=<the "
                             "iterate>.")
        return value if value is None else Binary(1, like="X").check(value, name, args)


CURRENT = Current()


def k_bound(name="k1", of="X", low=1):
    """k1 (or k, k1_max) counts neighbours among the rows of ``of``: a whole number in
    [low, n] (low 0: no ascent)."""
    what = "k1" if name.startswith("k1") else name
    return Interval(numbers.Integral, low, Rows(of), f"{what} counts neighbours among the "
                    "n_samples = {high}." + (" (0: no ascent)" if low == 0 else ""))


K1 = k_bound()
K = k_bound("k")
K2 = Interval(numbers.Integral, 1, Rows("M", minus=1),
              "k2 ranks the other points, so it must be at most n_samples - 1 = {high}.",
              empty="epsilon from k2 needs at least 2 samples, but got 1 sample: give more "
                    "samples or an explicit epsilon.")
MAX_ITER = Interval(numbers.Integral, 0, 10**9, "max_iter counts updates (0: none).")
EPSILON = Interval(numbers.Real, 0, None, message="{name}={value} must be a finite number >= 0 "
                   "(a Hamming distance).")


def _of(constraint, of):
    """A shared bound read from another argument than X (the data of another name)."""
    if isinstance(constraint, Interval):
        bounds = [Rows(of, b.minus) if isinstance(b, Rows) else b
                  for b in (constraint.low, constraint.high)]
        return Interval(constraint.kind, *bounds, constraint.hint, constraint.empty,
                        constraint.message)
    return constraint


def _one(constraints, value, name, args):
    """``value`` checked by one constraint, or a list of them (None in it: None allowed)."""
    if not isinstance(constraints, list):
        return constraints.check(value, name, args)
    if value is None and None in constraints:
        return None
    if isinstance(value, str):  # a string option first: "auto" is not a number
        for c in constraints:
            if isinstance(c, Options) and value in c.options:
                return value
    errors = []
    for c in (c for c in constraints if c is not None):
        try:
            return c.check(value, name, args)
        except (TypeError, ValueError) as exc:
            errors.append(exc)
    options = [o for c in constraints if isinstance(c, Options) for o in c.options]
    if options and isinstance(errors[0], TypeError):  # name the word it also takes ("auto")
        raise TypeError(f"{errors[0]} {name} may also be "
                        f"{' or '.join(repr(o) for o in options)}.") from None
    raise errors[0]


def _order(table):
    """The names of ``table`` in an order where each check comes after those it reads."""
    done, order = set(), []
    while len(order) < len(table):
        ready = [n for n in table if n not in done and _reads(table[n]) <= done | _outside(table)]
        if not ready:
            raise ValueError(f"constraints that read each other: {sorted(set(table) - done)}")
        order += ready
        done |= set(ready)
    return order


def _reads(constraints):
    items = constraints if isinstance(constraints, list) else [constraints]
    return set().union(*(c.reads() for c in items if c is not None))


def _outside(table):
    return {r for c in table.values() for r in _reads(c)} - set(table)


def check_params(table, values):
    """``values`` (a dict) checked by ``table`` (a function's or an estimator's declarations);
    returns the checked values. The data come first: a bound read from X reads checked X."""
    out = dict(values)
    for name in _order(table):
        if name in out and not (out[name] is None and _none_is_default(table[name])):
            out[name] = _one(table[name], out[name], name, out)
    return out


def _none_is_default(constraints):
    """None passes a `Weights` or a data argument unchanged: the function decides what it means."""
    items = constraints if isinstance(constraints, list) else [constraints]
    return None in items or any(isinstance(c, Weights) for c in items)


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


def validate_params(table):
    """The decorator of a public function: check its arguments by ``table`` before it runs.

    Every name in ``table`` must be an argument of the function, and every argument a bound
    reads (``Rows("X")``) too: a mistake shows when the module is imported, not at a call.
    A call from inside another checked call (or `checked_already`) is trusted: the data are
    checked once, at the edge, however many readable functions a fit calls.
    """
    def decorate(function):
        signature = inspect.signature(function)
        unknown = (set(table) | _outside(table)) - set(signature.parameters)
        if unknown:
            raise TypeError(f"{function.__qualname__} declares or reads {sorted(unknown)}, "
                            "which it does not take: declare its own bound for it.")
        _order(table)

        @functools.wraps(function)
        def checked(*args, **kwargs):
            if _checked.get():
                return function(*args, **kwargs)
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            bound.arguments.update(check_params(table, bound.arguments))
            with checked_already():
                return function(*bound.args, **bound.kwargs)

        checked.parameter_constraints = table
        return checked
    return decorate


# The named checks, for callers that check one value (the traces, the experiments): each
# applies the shared declaration above, so the bound itself stays in one place.

def check_tie(tie):
    """Check the tie rule of the majority vote."""
    return TIE.check(tie, "tie", {})


def check_neighbours(neighbours):
    """Check the neighbour rule of the ascent: "index" (NN_k1) or "ball" (the closed ball)."""
    return NEIGHBOURS.check(neighbours, "neighbours", {})


def check_k1(k1, n, low=1, name="k1"):
    """k1 counts neighbours among the n data points: a whole number in [low, n] (0: no ascent).

    >>> check_k1(5, 4)
    Traceback (most recent call last):
    ...
    ValueError: k1=5 is outside [1, 4]. k1 counts neighbours among the n_samples = 4.
    """
    return k_bound(name, low=low).check(k1, name, {"X": range(n)})


def check_k2(k2, n):
    """k2 ranks the n - 1 other points: a whole number in [1, n - 1], which needs n >= 2."""
    return K2.check(k2, "k2", {"M": range(n)})


def check_epsilon(epsilon):
    """epsilon must be a finite number >= 0 (a Hamming distance)."""
    return EPSILON.check(epsilon, "epsilon", {})


def check_max_iter(value):
    """``max_iter`` as an int from 0 (no update) to 10**9."""
    return MAX_ITER.check(value, "max_iter", {})


def check_choice(value, name, options):
    """``value`` if it is one of ``options``; else a ValueError listing them."""
    return Options(options).check(value, name, {})


def is_auto(value):
    """Whether a k1 or k2 asks to be chosen; another string is refused by `K1` or `K2`, with
    the message any other caller of k1 gets."""
    return isinstance(value, str) and value == "auto"


def check_binnnms(params, n, constraints):
    """BinNNMS's parameters (``get_params()``) checked by its table for n samples; k1, k2 may
    stay "auto". Then the combinations that cannot run. Raises before any work."""
    auto = [name for name in ("k1", "k2") if is_auto(params[name])]
    unused = auto + (["k2"] if params["epsilon"] is not None else [])  # k2 unused then
    p = check_params({name: c for name, c in constraints.items() if name not in unused},
                     dict(params, X=range(n), M=range(n)))
    del p["X"], p["M"]
    if auto:
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
