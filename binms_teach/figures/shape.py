"""Plotted data in words about its shape: rises, peaks, falls back, rebounds, levels off, crosses.

A figure's text alternative must say what the picture shows, and a curve's range ("from 0.318
to 0.442") hides what a reader sees: where it turns. `turns` finds the turning points of a
series, ignoring wiggles no larger than a tolerance (so that noise is not narrated); `shape`
writes the series as a sentence with the x and the value of every turn; `crossings` says
where two series change places. Every number in the words is rounded by the caller's
``fmt``, so the text is the same on every machine.

The tolerance of a panel is `TOLERANCE` of its value range (`tolerance`): a turn smaller
than that is invisible at the size a lesson draws the figure. The description test
(``tests/test_figure_descriptions.py``) applies the same rule, computed its own way.

Examples
--------
>>> k1 = [1, 2, 5, 10, 20, 40]
>>> spect = [0.0, 0.318, 0.397, 0.442, 0.404, 0.337]
>>> shape(k1, spect, tol=0.05, name="k1")
'rises from 0 at k1 = 1 to 0.442 at k1 = 10, then falls back to 0.337 at k1 = 40'
>>> shape(k1, [0.0, 0.967, 0.792, 0.860, 0.997, 1.0], tol=0.05, name="k1")
'rises from 0 at k1 = 1 to 0.967 at k1 = 2, falls back to 0.792 at k1 = 5, then rebounds \
to 1 at k1 = 40'
"""

from __future__ import annotations

import numpy as np

from .common import num

__all__ = ["TOLERANCE", "crossings", "shape", "tolerance", "turns"]

# A turn is narrated when the curve moves back by more than this share of the panel's value
# range (5 % of a panel 5 cm tall is 2.5 mm: visible; less is the width of the line).
TOLERANCE = 0.05


def tolerance(*series, share=TOLERANCE):
    """The smallest turn worth a word in a panel that plots ``series``: a share of its range.

    >>> tolerance([0.0, 0.5], [0.2, 1.0])
    0.05
    """
    values = np.concatenate([np.asarray(s, dtype=float).ravel() for s in series])
    values = values[np.isfinite(values)]
    if values.size == 0:
        return 0.0
    return share * float(values.max() - values.min())


def turns(y, tol):
    """The indices of a series' turning points, first and last point included.

    A maximum (minimum) counts when the series falls (rises) from it by more than ``tol``
    before it passes it; among equal extreme values the first is taken. The result
    alternates between maxima and minima, so consecutive indices bound a rise or a fall.

    Parameters
    ----------
    y : sequence of float
        The values in plotting order (NaN not allowed: drop them first).
    tol : float
        The largest move that is not a turn (>= 0).

    Returns
    -------
    list of int

    Examples
    --------
    >>> turns([0, 3, 2.9, 3.1, 1, 4], tol=0.5)
    [0, 3, 4, 5]
    >>> turns([1, 1, 1], tol=0.1)
    [0, 2]
    """
    y = np.asarray(y, dtype=float)
    if y.ndim != 1 or len(y) == 0:
        raise ValueError(f"y must be a non-empty 1-D series, got shape {y.shape}")
    if not np.all(np.isfinite(y)):
        raise ValueError("y has NaN or infinite values; drop them before asking for its turns")
    if tol < 0:
        raise ValueError(f"tol must be >= 0, got {tol}")
    pivots = [0]
    direction = 0  # +1 rising, -1 falling, 0 not yet known
    extreme = 0  # index of the running extreme since the last pivot
    for i in range(1, len(y)):
        if direction >= 0 and y[i] > y[extreme]:
            extreme = i
        if direction <= 0 and y[i] < y[extreme]:
            extreme = i
        if direction == 0:
            # the first move larger than tol sets the direction
            if y[extreme] - y[0] > tol:
                direction = 1
            elif y[0] - y[extreme] > tol:
                direction = -1
            else:
                continue
        if direction == 1 and y[extreme] - y[i] > tol:
            pivots.append(extreme)
            direction, extreme = -1, i
        elif direction == -1 and y[i] - y[extreme] > tol:
            pivots.append(extreme)
            direction, extreme = 1, i
        # keep the running extreme in the current direction
        if direction == 1 and y[i] > y[extreme]:
            extreme = i
        if direction == -1 and y[i] < y[extreme]:
            extreme = i
    last = len(y) - 1
    # The last run ends at the last point: a move back of at most tol after its extreme is
    # not a turn (the words say where it levels off instead).
    if pivots[-1] != last:
        pivots.append(last)
    return pivots


def _level_from(y, start, end, tol):
    """The first index of y[start:end + 1] from which the series stays within tol of y[end]."""
    i = end
    while i > start and abs(y[i - 1] - y[end]) <= tol:
        i -= 1
    return i


def shape(x, y, *, tol, name="x", fmt=num, level=True):
    """The shape of one series in words: every rise and fall larger than ``tol``.

    Parameters
    ----------
    x : sequence
        The x of every point (numbers or labels), written as ``f"{x} = {value}"``.
    y : sequence of float
        The values; NaN points are left out.
    tol : float
        The largest move that is not narrated (see `tolerance`).
    name : str, default "x"
        The name of the horizontal variable ("k1", "j").
    fmt : callable, default `binms_teach.figures.common.num`
        Writes a value (rounded: the text must be the same on every machine).
    level : bool, default True
        Say where the last rise or fall levels off, when the series then stays within
        ``tol`` of its last value for two points or more.

    Returns
    -------
    str
        A clause without subject or full stop: "rises from A at k1 = 1 to B at k1 = 10,
        then falls back to C at k1 = 40".

    Examples
    --------
    >>> shape([0, 1, 2, 3, 4], [46.5, 40.1, 39.4, 39.4, 39.4], tol=0.5, name="j")
    'falls from 46.5 at j = 0 to 39.4 at j = 4, levelling off from j = 2'
    >>> shape([1, 2, 3], [0.5, 0.51, 0.5], tol=0.05, name="k2")
    'stays between 0.5 and 0.51'
    >>> shape([1, 2, 3, 4], [1.63, 0.83, 0.95, 0.95], tol=0.05, name="j")
    'falls from 1.63 at j = 1 to 0.83 at j = 2, then rebounds to 0.95 at j = 4'
    """
    xs = [v.item() if hasattr(v, "item") else v for v in x]
    y = np.asarray(y, dtype=float)
    if len(xs) != len(y):
        raise ValueError(f"x and y must have the same length, got {len(xs)} and {len(y)}")
    keep = np.isfinite(y)
    xs = [v for v, k in zip(xs, keep, strict=True) if k]
    y = y[keep]
    if len(y) == 0:
        return "has no values"
    at = [f"{name} = {v}" for v in xs]
    pivots = turns(y, tol)
    if len(pivots) == 2 and abs(y[pivots[1]] - y[0]) <= tol:
        low, high = fmt(y.min()), fmt(y.max())
        return f"stays at {low}" if low == high else f"stays between {low} and {high}"
    words = []
    rises = 0
    for n, (a, b) in enumerate(zip(pivots, pivots[1:], strict=False)):
        up = y[b] > y[a]
        if n == 0:
            verb = "rises" if up else "falls"
            words.append(f"{verb} from {fmt(y[a])} at {at[a]} to {fmt(y[b])} at {at[b]}")
        else:
            verb = ("rebounds" if rises == 0 else "rises again") if up else (
                "falls back" if n == 1 else "falls again")
            words.append(f"{verb} to {fmt(y[b])} at {at[b]}")
        rises += bool(up) and n > 0
    a, b = pivots[-2], pivots[-1]
    if level and abs(y[b] - y[a]) > tol:
        start = _level_from(y, a, b, tol)
        if b - start >= 2 and start > a:
            words[-1] += f", levelling off from {at[start]}"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + ", then " + words[-1]


def crossings(x, y1, y2, tol=0.0):
    """Where two series change places: a list of (x before, x after) pairs.

    A crossing counts when the gap ``y1 - y2`` changes sign and is larger than ``tol`` on
    both sides (touching is not crossing).

    Examples
    --------
    >>> k1 = [1, 2, 5, 10, 20, 40]
    >>> crossings(k1, [0, .089, .099, .139, .149, .396], [0, .318, .397, .442, .404, .337])
    [(20, 40)]
    """
    gap = np.asarray(y1, dtype=float) - np.asarray(y2, dtype=float)
    xs = list(x)
    found, side, where = [], 0, 0
    for i, g in enumerate(gap):
        if not np.isfinite(g) or abs(g) <= tol:
            continue
        s = 1 if g > 0 else -1
        if side and s != side:
            found.append((xs[where], xs[i]))
        side, where = s, i
    return found
