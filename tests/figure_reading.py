"""Read what a matplotlib figure plots and check that its description says it.

Used by ``tests/test_figure_descriptions.py`` and, with ``capture``, by a script that executes
the notebooks and checks every figure they describe. The reading is the test's own: it looks
at the Figure's artists (every visible Axes but a colour bar is a panel) and finds the turns
with `scipy.signal.find_peaks`, not with `binms_teach.figures.shape`, so that the two can
disagree.

What a description (the alt and the long description together) must say:

* the alt is one sentence of at most `MAX_ALT_WORDS` words;
* a curve (a line drawn with a line style over increasing x, three points or more, in a panel
  where no line goes back in x, which would make it a map of paths): its first
  and its last value and, for every maximum or minimum whose prominence is more than
  `TOLERANCE` of its panel's value range, the value and its x;
* a reference line (``axhline``, ``axvline``): its value;
* markers without a line (in the legend, or the means of error bars): the smallest and the largest
  value of the panel (on the axis along which they vary);
* bars: the smallest and the largest non-zero bar of each series; a histogram outline
  (``stairs``): as a curve;
* a scatter series in the legend: its number of points;
* an image panel: every number of its title.

A number is said when the text holds it rounded to the places the text writes it with.
"""

from __future__ import annotations

import re
import sys

import numpy as np
from matplotlib.collections import PathCollection
from matplotlib.container import BarContainer, ErrorbarContainer
from matplotlib.patches import StepPatch
from scipy.signal import find_peaks

MAX_ALT_WORDS = 60
TOLERANCE = 0.05  # of the panel's value range; the figures' own rule (figures.shape)

_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?")


def numbers_in(text):
    """Every number written in ``text``, with its decimal places: [(value, places)]."""
    found = []
    for token in _NUMBER.findall(text.replace("\u2212", "-")):
        places = len(token.split(".")[1]) if "." in token else 0
        found.append((float(token), places))
    return found


def said(value, numbers):
    """Whether ``value`` is among ``numbers``, at the precision each is written with."""
    value = float(value)
    for shown, places in numbers:
        if places == 0:
            if abs(value - shown) < 1e-9 or (abs(value) >= 10 and abs(value - shown) <= 0.5):
                return True
        elif abs(value - shown) <= 0.5 * 10 ** -places + 1e-9:
            return True
        elif places >= 2 and abs(abs(value) - abs(shown)) <= 0.5 * 10 ** -places + 1e-9:
            return True  # "-0.010" written as "0.010 below zero" is rare; the sign is prose
    return False


def _tick_text(axis, value):
    """What the reader sees at ``value`` on an axis: the text of the tick there, if any
    (read from the formatter: a shared axis hides its labels but keeps them)."""
    locs = list(axis.get_majorticklocs())
    for loc, label in zip(locs, axis.get_major_formatter().format_ticks(locs), strict=False):
        text = re.sub(r"[$\\{}]|mathbf|mathdefault", "", label).strip().replace("\u2212", "-")
        if abs(loc - value) < 1e-9 and text and "^" not in text:  # not a log axis's 10^k
            return text
    return None


def _positional(axis):
    """Whether the axis's ticks are labelled with other values than their positions (a
    plot against the index of k2, labelled with k2 at every other tick)."""
    locs = list(axis.get_majorticklocs())
    for loc, label in zip(locs, axis.get_major_formatter().format_ticks(locs), strict=False):
        try:
            if abs(float(label.replace("\u2212", "-")) - loc) > 1e-9:
                return True
        except ValueError:
            return True
    return False


def _x_said(ax, x, numbers, text):
    label = _tick_text(ax.xaxis, x)
    if label is None and _positional(ax.xaxis):
        return True  # no tick tells the reader this x: the value is what they can read
    if label is not None and not re.fullmatch(r"-?\d+(\.\d+)?", label):
        return label in text
    return said(float(label) if label is not None else x, numbers)


def is_colorbar(ax):
    return ax.get_label() == "<colorbar>" or hasattr(ax, "_colorbar")


def panels(fig):
    """The data panels of a figure: visible Axes that draw data, colour bars left out."""
    out = []
    for ax in fig.axes:
        if not ax.get_visible() or is_colorbar(ax):
            continue
        if ax.lines or ax.images or ax.patches or ax.collections or ax.containers:
            out.append(ax)
    return out


def _curves(ax):
    """(label, x, y) of every line with a line style over increasing x, 3 points or more,
    plus every histogram outline."""
    curves, drawn = [], []
    for line in ax.lines:
        if line.get_transform() != ax.transData:
            continue
        if line.get_linestyle() in ("None", "none", "", " "):
            continue
        x = np.asarray(line.get_xdata(), dtype=float)
        y = np.asarray(line.get_ydata(), dtype=float)
        keep = np.isfinite(x) & np.isfinite(y)
        drawn.append((line.get_label(), x[keep], y[keep]))
    # A panel where a line goes back in x draws paths in a plane (a map, an ascent), not
    # values against x: none of its lines is a curve with turns.
    if not any(len(x) > 1 and np.any(np.diff(x) < 0) for _, x, _ in drawn):
        curves = [(label, x, y) for label, x, y in drawn
                  if len(x) >= 3 and np.all(np.diff(x) > 0)]
    for patch in ax.patches:
        if isinstance(patch, StepPatch):
            values, edges, _ = patch.get_data()
            centres = (np.asarray(edges[1:]) + np.asarray(edges[:-1])) / 2
            curves.append((patch.get_label(), centres, np.asarray(values, dtype=float)))
    return curves


def _turns(y, tol):
    """Indices of the maxima and minima whose prominence is more than tol (scipy's reading)."""
    if tol <= 0:
        return []
    # pad with -inf/+inf: an end point is a start or an end, not a turn
    peaks, _ = find_peaks(y, prominence=tol * 1.0001)
    valleys, _ = find_peaks(-y, prominence=tol * 1.0001)
    return sorted(set(peaks.tolist()) | set(valleys.tolist()))


def panel_requirements(ax):
    """What a description must say about one panel: a list of (what, check) where check is a
    function of (numbers, text) returning True when said."""
    needs = []
    if ax.images:
        title = re.sub(r"\$[^$]*\$", lambda m: " ".join(re.findall(r"\d+", m.group())),
                       ax.get_title())
        for value, _ in numbers_in(title):
            needs.append((f"the number {value:g} of the image panel titled {ax.get_title()!r}",
                          lambda n, t, v=value: said(v, n)))
        return needs
    curves = _curves(ax)
    if curves:
        span = np.concatenate([y for _, _, y in curves])
        tol = TOLERANCE * float(span.max() - span.min())
        for label, x, y in curves:
            name = label if not label.startswith("_") else "a curve"
            for i, what in ((0, "first"), (len(y) - 1, "last")):
                needs.append((f"{name}: its {what} value {y[i]:.4g}",
                              lambda n, t, v=y[i]: said(v, n)))
            for i in _turns(y, tol):
                needs.append((f"{name}: its turn at x = {x[i]:g}, value {y[i]:.4g}",
                              lambda n, t, v=y[i], xv=x[i]: said(v, n) and _x_said(ax, xv, n, t)))
    for line in ax.lines:
        if line.get_transform() == ax.transData:
            continue  # axhline and axvline draw in axes coordinates along one side
        x, y = np.asarray(line.get_xdata(), float), np.asarray(line.get_ydata(), float)
        if len(set(y.tolist())) == 1 and list(x) == [0, 1]:
            needs.append((f"the reference line at y = {y[0]:g}",
                          lambda n, t, v=y[0]: said(v, n)))
        elif len(set(x.tolist())) == 1 and list(y) == [0, 1]:
            needs.append((f"the reference line at x = {x[0]:g}",
                          lambda n, t, v=x[0]: _x_said(ax, v, n, t)))
    points = []
    for line in ax.lines:
        if line.get_linestyle() in ("None", "none", "", " ") and \
                not line.get_label().startswith("_") and len(line.get_xdata()) >= 1:
            points.append((np.asarray(line.get_xdata(), float),
                           np.asarray(line.get_ydata(), float)))
    for container in ax.containers:
        if isinstance(container, ErrorbarContainer) and container.lines[0] is not None:
            line = container.lines[0]  # the markers at the means (the legend is the container's)
            points.append((np.asarray(line.get_xdata(), float),
                           np.asarray(line.get_ydata(), float)))
    if points:
        xs = np.concatenate([p[0] for p in points])
        ys = np.concatenate([p[1] for p in points])
        values = ys if any(np.ptp(p[1]) > 0 for p in points) else xs
        values = values[np.isfinite(values)]
        for v, what in ((values.min(), "smallest"), (values.max(), "largest")):
            needs.append((f"the {what} value of the points, {v:.4g}",
                          lambda n, t, v=v: said(v, n)))
    for container in ax.containers:
        if isinstance(container, BarContainer):
            heights = np.array([p.get_height() for p in container.patches], dtype=float)
            heights = heights[heights != 0]
            if len(heights):
                for v, what in ((heights.min(), "smallest"), (heights.max(), "largest")):
                    needs.append((f"the {what} bar of {container.get_label()!r}, {v:.4g}",
                                  lambda n, t, v=v: said(v, n)))
    for collection in ax.collections:
        if isinstance(collection, PathCollection) and not collection.get_label().startswith("_"):
            count = len(collection.get_offsets())
            needs.append((f"the {count} points of the scatter series "
                          f"{collection.get_label()!r}",
                          lambda n, t, v=count: said(v, n)))
    return needs


def description_problems(fig, alt, long=None):
    """Everything the description of ``fig`` fails to say, as sentences ([] when none)."""
    text = alt + " " + (long or "")
    numbers = numbers_in(text)
    problems = []
    words = len(alt.split())
    if words > MAX_ALT_WORDS:
        problems.append(f"the alt has {words} words, more than {MAX_ALT_WORDS}: keep the "
                        f"message in one sentence and move the rest to the long description")
    if re.search(r"[.!?]\s+[A-Z0-9]", alt):
        problems.append("the alt has more than one sentence: one sentence, the rest in long")
    for p, ax in enumerate(panels(fig)):
        needs = panel_requirements(ax)
        missed = [what for what, check in needs if not check(numbers, text)]
        problems += [f"panel {p + 1} ({ax.get_title() or 'untitled'}): {m} is not said"
                     for m in missed]
    return problems


def capture(monkeypatch=None):
    """Make every `describe` of the package record (figure, described figure) in a list.

    With pytest's ``monkeypatch`` the patch is undone after the test; without, it stays (for
    a script).
    """
    import importlib

    from binms_teach.figures.describe import describe as real
    from binms_teach.figures.projection import describe as projected  # PNG or, on a slide, SVG

    for name in ("binms_teach.figures", "binms_teach.figures.nb01_05.lesson01_02",
                 "binms_teach.figures.nb01_05.lesson03", "binms_teach.figures.nb01_05.lesson04_05",
                 "binms_teach.figures.nb06_07", "binms_teach.figures.nb08_12",
                 "binms_teach.figures.experiments"):
        importlib.import_module(name)  # so that each module's `describe` is patched below

    seen = []

    def recorder(original):
        def recording(fig, alt, numbers=None, **kwargs):
            d = original(fig, alt, numbers, **kwargs)
            seen.append((fig, d))
            return d
        return recording

    for name, module in list(sys.modules.items()):
        original = getattr(module, "describe", None) if name.startswith("binms_teach") else None
        if original is real or original is projected:
            if monkeypatch is None:
                module.describe = recorder(original)
            else:
                monkeypatch.setattr(module, "describe", recorder(original))
    return seen
