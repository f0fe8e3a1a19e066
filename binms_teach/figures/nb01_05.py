"""The figures of lessons 01 to 05, each described for a reader who cannot see it.

Every function takes the data it draws and ``slide=False`` (``True``: drawn for projection in a
deck) and returns a `~binms_teach.figures.DescribedFigure`: the picture, its text alternative
(what it shows and what to see in it, with the numbers of the computation that drew it, rounded
so that the text is the same on every machine) and, where it plots numbers, those numbers as a
table. A lesson and its deck call the same function, so the two cannot drift apart.

Lesson 01: `sphere_figure`. Lesson 02: `inertia_figure`. Lesson 03: `blobs_figure`,
`ascent_frame_figure` (the picture of the ascent widget), `two_clusterings_figure`. Lesson 04:
`kernel_by_distance_figure`, `kernel_explorer_figure` (the picture of the kernel widget).
Lesson 05: `zero_ratio_figure`.

Series take their colour, marker and line style from `binms_teach.palette.series_style`;
context marks (lines between points, the data behind a highlight) take `palette.GREY`.
"""

from __future__ import annotations

import numpy as np

from .. import palette
from . import describe, style

__all__ = [
    "ascent_frame_figure", "blobs_figure", "inertia_figure", "kernel_by_distance_figure",
    "kernel_explorer_figure", "sphere_figure", "two_clusterings_figure", "zero_ratio_figure",
]


def _figure(figsize):
    """A figure outside pyplot (the inline backend never shows it by itself; a widget callback
    on another thread can draw it)."""
    from matplotlib.figure import Figure

    return Figure(figsize=figsize, layout="constrained")


def _words(values, last="and"):
    """'a, b and c' (a list in a sentence)."""
    values = [str(v) for v in values]
    if len(values) <= 1:
        return "".join(values)
    return ", ".join(values[:-1]) + f" {last} " + values[-1]


def _bits(vector):
    return "".join(str(int(b)) for b in vector)


def _num(x, digits=3):
    """A real rounded for a sentence: 0.985, 1.28, 8 (no trailing zeros, no '-0')."""
    text = f"{float(x):.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _area(size, slide):
    """A scatter marker's area: larger on a slide, seen from the back of a room."""
    return size * 2.5 if slide else size


def _point(p, digits=2):
    return "(" + ", ".join(_num(v, digits) for v in p) + ")"


# ----------------------------------------------------------------------------------------------
# Lesson 01
# ----------------------------------------------------------------------------------------------

def sphere_figure(points, centre=None, *, slide=False):
    """The points of a small cube {0,1}^d, sphere by sphere around ``centre`` (lesson 01).

    Each point is placed at x = its Hamming distance from the centre (default the zero
    vector), spread along y within its sphere and labelled by its bits; a grey line joins
    every two points at distance 1, so that the distance between two points is the number of
    lines on a shortest path between them.

    Examples
    --------
    >>> import itertools
    >>> cube = np.array(list(itertools.product((0, 1), repeat=2)))
    >>> sphere_figure(cube)
    The 4 points of {0,1}^2 placed by their Hamming distance from 00, with a grey line \
joining every two points that differ in one bit: the spheres at distances 0 to 2 hold 1, 2 \
and 1 points, the middle one the largest.
    """
    from ..hamming import hamming

    points = np.asarray(points, dtype=np.uint8)
    d = points.shape[1]
    centre = np.zeros(d, dtype=np.uint8) if centre is None else np.asarray(centre, np.uint8)
    r = hamming(points, [centre])[:, 0]
    sizes = np.bincount(r, minlength=d + 1)
    place = {}
    for radius in range(d + 1):
        members = np.flatnonzero(r == radius)
        for rank, i in enumerate(members):
            place[i] = (radius, rank - (len(members) - 1) / 2)
    with style(slide):
        fig = _figure((9.6, 5.0) if slide else (7, 4))
        ax = fig.subplots()
        for i, j in zip(*np.nonzero(np.triu(hamming(points) == 1)), strict=True):
            ax.plot(*zip(place[i], place[j], strict=True), color=palette.GREY, lw=0.8,
                    zorder=1)
        for radius in range(d + 1):
            members = np.flatnonzero(r == radius)
            s = palette.series_style(radius)
            ax.scatter([place[i][0] for i in members], [place[i][1] for i in members], s=70,
                       color=s["color"], marker=s["marker"], zorder=2,
                       label=rf"$\rho = {radius}$: {len(members)} "
                             f"point{'s' * (len(members) > 1)}")
            for i in members:
                ax.annotate(_bits(points[i]), place[i], xytext=(0, 8),
                            textcoords="offset points", ha="center")
        half = (sizes.max() - 1) / 2
        ax.set_xticks(range(d + 1))
        ax.set_yticks([])
        ax.set_xlim(-0.5, d + 1.9)
        ax.set_ylim(-half - 0.7, half + 0.9)
        ax.set_xlabel(rf"Hamming distance $\rho$ from {_bits(centre)}")
        ax.set_ylabel("the points of one sphere")
        ax.legend(title=r"sphere of radius $\rho$", loc="center right")
        ax.set_title(rf"$\{{0,1\}}^{d}$ around {_bits(centre)}; grey lines join points at "
                     "distance 1")
        biggest = [int(x) for x in np.flatnonzero(sizes == sizes.max())]
        middle = ("the middle one the largest" if len(biggest) == 1
                  else "the middle two the largest")
        alt = (f"The {len(points)} points of {{0,1}}^{d} placed by their Hamming distance from "
               f"{_bits(centre)}, with a grey line joining every two points that differ in one "
               f"bit: the spheres at distances 0 to {d} hold {_words(sizes.tolist())} points, "
               f"{middle}.")
        numbers = {"distance from " + _bits(centre): list(range(d + 1)),
                   "points": sizes.tolist()}
        return describe(fig, alt, numbers)


# ----------------------------------------------------------------------------------------------
# Lesson 02
# ----------------------------------------------------------------------------------------------

def inertia_figure(candidates, costs, title="", *, slide=False):
    """A bar of the inertia I(x) of every candidate centre, the minimisers hatched (lesson 02).

    Examples
    --------
    >>> inertia_figure([[0, 0], [0, 1], [1, 0], [1, 1]], [3, 2, 2, 3])
    Bar chart of the inertia of each of the 4 candidate centres x of {0,1}^2: the smallest, \
2, is reached by 2 candidates, 01 and 10 (hatched); the others range from 3 to 3.
    """
    candidates = np.asarray(candidates)
    costs = np.asarray(costs, dtype=float)
    best = np.isclose(costs, costs.min())
    labels = [_bits(c) for c in candidates]
    other, low = palette.series_style(7), palette.series_style(0)
    with style(slide):
        fig = _figure((9.6, 4.2) if slide else (8, 2.8))
        ax = fig.subplots()
        # the minimisers differ by colour *and* by hatching: the chart reads without colour
        ax.bar(labels, np.where(best, 0, costs), color=other["color"], label="other candidates")
        ax.bar(labels, np.where(best, costs, 0), color=low["color"], hatch="//",
               edgecolor="white", label="minimiser(s)")
        ax.set_xlabel(r"candidate centre $\mathbf{x}$")
        ax.set_ylabel(r"inertia $\mathcal{I}(\mathbf{x})$")
        if title:
            ax.set_title(title)
        ax.tick_params(axis="x", rotation=90)
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1))
        winners = [lab for lab, b in zip(labels, best, strict=True) if b]
        which = (f"one candidate, {winners[0]}" if len(winners) == 1 else
                 f"{len(winners)} candidates, {_words(winners)}")
        rest = costs[~best]
        others = (f"; the others range from {_num(rest.min())} to {_num(rest.max())}"
                  if len(rest) else "")
        alt = (f"Bar chart of the inertia of each of the {len(labels)} candidate centres x of "
               f"{{0,1}}^{candidates.shape[1]}: the smallest, {_num(costs.min())}, is reached by "
               f"{which} (hatched){others}.")
        numbers = {"candidate": labels, "inertia": [_num(c) for c in costs],
                   "minimiser": ["yes" if b else "" for b in best]}
        return describe(fig, alt, numbers)


# ----------------------------------------------------------------------------------------------
# Lesson 03
# ----------------------------------------------------------------------------------------------

def blobs_figure(X, y, *, slide=False):
    """The 2-D example of lesson 03, one colour and marker per true group.

    Examples
    --------
    >>> blobs_figure([[0, 0], [0, 2], [4, 4], [4, 6]], [0, 0, 1, 1])
    Scatter plot of the 4 points of the 2-D example, one marker per true group: group 0 has 2 \
points around (0, 1) and group 1 has 2 points around (4, 5).
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    groups = np.unique(y)
    with style(slide):
        fig = _figure((9.6, 5.0) if slide else (4.5, 3.8))
        ax = fig.subplots()
        for g in groups:
            s = palette.series_style(int(g))
            ax.scatter(X[y == g, 0], X[y == g, 1], s=_area(14, slide), color=s["color"],
                       marker=s["marker"],
                       label=f"group {g}")
        ax.set_aspect("equal")
        ax.set_xlabel("first coordinate")
        ax.set_ylabel("second coordinate")
        ax.legend(loc="upper right")
        ax.set_title("the data, by true group")
        sizes = [int((y == g).sum()) for g in groups]
        means = [X[y == g].mean(axis=0) for g in groups]
        parts = [f"group {g} has {n} points around {_point(m, 1)}"
                 for g, n, m in zip(groups, sizes, means, strict=True)]
        alt = (f"Scatter plot of the {len(X)} points of the 2-D example, one marker per true "
               f"group: {_words(parts)}.")
        numbers = {"group": [int(g) for g in groups], "points": sizes,
                   "mean, first coordinate": [m[0] for m in means],
                   "mean, second coordinate": [m[1] for m in means]}
        return describe(fig, alt, numbers, decimals=2)


def ascent_frame_figure(X, frame, k, *, slide=False):
    """One iteration of a nearest-neighbour mean shift (the picture of lesson 03's widget).

    ``frame`` is a dict with the iteration ``j``, the iterate ``x``, the next iterate
    ``x_next``, the indices ``neighbours`` of its ``k`` nearest data points, the ``radius``
    of the ball that holds them, the ``path`` so far and whether it is the ``last`` iterate.

    Examples
    --------
    >>> X = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [5.0, 5.0]])
    >>> frame = {"j": 0, "x": X[0], "x_next": X[:3].mean(axis=0), "neighbours": [0, 1, 2],
    ...          "radius": 1.0, "path": X[:1], "last": False}
    >>> ascent_frame_figure(X, frame, 3)
    Iteration 0 of a nearest-neighbour mean shift with k = 3 among the 4 data points: the \
iterate x_j at (0, 0), its 3 nearest neighbours inside the dashed circle of radius 1, and the \
next iterate at their mean, (0.33, 0.33), 0.471 away.
    """
    X = np.asarray(X, dtype=float)
    from matplotlib.patches import Circle

    near, path, step = (palette.series_style(0),
                        palette.series_style(1), palette.series_style(5))
    with style(slide):
        fig = _figure((9.6, 5.4) if slide else (4.6, 4.0))
        ax = fig.subplots()
        ax.scatter(X[:, 0], X[:, 1], s=_area(8, slide), color=palette.GREY, label="data")
        nb = X[np.asarray(frame["neighbours"])]
        ax.scatter(nb[:, 0], nb[:, 1], s=_area(18, slide), color=near["color"],
                   marker=near["marker"], label=rf"$\mathrm{{NN}}_{{{k}}}(\mathbf{{x}}_j)$")
        ax.add_patch(Circle(frame["x"], frame["radius"], fill=False, color=near["color"],
                            linestyle="--"))
        trail = np.asarray(frame["path"])
        ax.plot(trail[:, 0], trail[:, 1], "-o", color=path["color"], ms=3, lw=1.2,
                label=r"path $\mathbf{x}_0, \dots, \mathbf{x}_j$")
        ax.plot(*frame["x_next"], "X", color=step["color"], ms=10, label=r"$\mathbf{x}_{j+1}$")
        ax.set_xlim(X[:, 0].min() - 0.5, X[:, 0].max() + 0.5)
        ax.set_ylim(X[:, 1].min() - 0.5, X[:, 1].max() + 0.5)
        ax.set_aspect("equal")
        ax.set_xlabel("first coordinate")
        ax.set_ylabel("second coordinate")
        ax.legend(loc="upper left")
        ax.set_title(rf"iteration $j = {frame['j']}$")
        length = float(np.linalg.norm(np.asarray(frame["x_next"]) - np.asarray(frame["x"])))
        end = ("it is a fixed point: the next iterate is the same point" if frame["last"]
               else f"the next iterate at their mean, {_point(frame['x_next'])}, "
                    f"{_num(length)} away")
        alt = (f"Iteration {frame['j']} of a nearest-neighbour mean shift with k = {k} among "
               f"the {len(X)} data points: the iterate x_j at {_point(frame['x'])}, its {k} "
               f"nearest neighbours inside the dashed circle of radius "
               f"{_num(frame['radius'])}, and {end}.")
        return describe(fig, alt)


def two_clusterings_figure(X, y, panels, *, slide=False):
    """Two clusterings of the same 2-D data side by side (lesson 03, section 8).

    ``panels`` holds two dicts: ``labels`` (one cluster per point, 0, 1, ...), ``centres``
    (the modes or centres, drawn as crosses), ``centre_name`` ("modes", "centres"), ``title``
    and ``name`` (of the method, for the text). ``y`` holds the true groups, to give each
    clustering's ARI.

    Examples
    --------
    >>> X = np.array([[0.0, 0.0], [0.0, 1.0], [5.0, 5.0], [5.0, 6.0]])
    >>> one = {"labels": [0, 0, 1, 1], "centres": [[0, 0.5], [5, 5.5]], "title": "a",
    ...        "name": "method A", "centre_name": "modes"}
    >>> two = {"labels": [0, 0, 0, 1], "centres": [[1.7, 2], [5, 6]], "title": "b",
    ...        "name": "method B", "centre_name": "centres"}
    >>> two_clusterings_figure(X, [0, 0, 1, 1], [one, two])
    Two clusterings of the 4 points side by side, each cluster with its own marker. Left, \
method A: 2 clusters of 2 and 2 points, its 2 modes as crosses, ARI 1 with the true groups. \
Right, method B: 2 clusters of 3 and 1 points, its 2 centres as crosses, ARI 0.
    """
    from ..metrics import ari

    X, y = np.asarray(X, dtype=float), np.asarray(y)
    numbers = {"panel": [], "cluster": [], "points": [], "mean of its points": []}
    parts = []
    with style(slide):
        fig = _figure((9.6, 4.6) if slide else (9, 3.9))
        axes = fig.subplots(1, len(panels), sharey=True)
        for side, ax, panel in zip(("Left", "Right"), axes, panels, strict=True):
            labels = np.asarray(panel["labels"])
            centres = np.asarray(panel["centres"], dtype=float)
            name = panel.get("centre_name", "centres")
            for c in range(labels.max() + 1):
                s = palette.series_style(c)
                ax.scatter(X[labels == c, 0], X[labels == c, 1], s=_area(12, slide),
                           color=s["color"], marker=s["marker"], label=f"cluster {c}")
                numbers["panel"].append(side.lower())
                numbers["cluster"].append(c)
                numbers["points"].append(int((labels == c).sum()))
                numbers["mean of its points"].append(_point(X[labels == c].mean(axis=0)))
            ax.scatter(centres[:, 0], centres[:, 1], marker="x", color=palette.GREY,
                       s=_area(40, slide), linewidths=2, label=name)
            ax.set_aspect("equal")
            ax.set_xlabel("first coordinate")
            ax.set_title(panel["title"])
            ax.legend(loc="upper right")
            sizes = np.bincount(labels).tolist()
            score = f"ARI {_num(ari(y, labels))}" + (" with the true groups" if not parts else "")
            parts.append(f"{side}, {panel['name']}: {len(sizes)} clusters of {_words(sizes)} "
                         f"points, its {len(centres)} {name} as crosses, {score}")
        axes[0].set_ylabel("second coordinate")
        alt = (f"Two clusterings of the {len(X)} points side by side, each cluster with its own "
               f"marker. " + ". ".join(parts) + ".")
        return describe(fig, alt, numbers)


# ----------------------------------------------------------------------------------------------
# Lesson 04
# ----------------------------------------------------------------------------------------------

def kernel_by_distance_figure(d, masses, *, slide=False):
    """The mass of one point of {0,1}^d against its distance from 0, one line per lambda (04).

    ``masses`` maps each lambda to the masses at distances 0, 1, ..., d.

    Examples
    --------
    >>> kernel_by_distance_figure(2, {0.5: [0.25, 0.25, 0.25], 0.9: [0.81, 0.09, 0.01]})
    The mass K_lambda(x) of one point of {0,1}^2 against its Hamming distance from 00, one \
line per lambda: flat at 0.25 for lambda = 0.5; for lambda = 0.9 it falls from 0.81 at \
distance 0 to 0.01 at distance 2. The larger lambda, the faster the mass falls.
    """
    lams = list(masses)
    with style(slide):
        fig = _figure((9.6, 4.6) if slide else (5.5, 2.8))
        ax = fig.subplots()
        for i, lam in enumerate(lams):
            ax.plot(range(d + 1), masses[lam], label=rf"$\lambda = {lam}$",
                    **palette.series_style(i))
        ax.set_xticks(range(d + 1))
        ax.set_xlabel(r"distance from $\mathbf{0}$, $\mathcal{H}(\mathbf{x}, \mathbf{0})$")
        ax.set_ylabel(r"$K_\lambda(\mathbf{x})$")
        ax.set_title(rf"the mass of one point of $\{{0,1\}}^{d}$, by its distance from "
                     r"$\mathbf{0}$")
        ax.legend()
        parts = []
        for lam in lams:
            m = np.asarray(masses[lam], dtype=float)
            if np.allclose(m, m[0]):
                parts.append(f"flat at {_num(m[0], 4)} for lambda = {lam}")
            else:
                parts.append(f"for lambda = {lam} it falls from {_num(m[0], 4)} at distance 0 "
                             f"to {_num(m[-1], 4)} at distance {d}")
        alt = (f"The mass K_lambda(x) of one point of {{0,1}}^{d} against its Hamming distance "
               f"from {'0' * d}, one line per lambda: " + "; ".join(parts)
               + ". The larger lambda, the faster the mass falls.")
        numbers = {"distance": list(range(d + 1))}
        numbers |= {f"lambda = {lam}": list(masses[lam]) for lam in lams}
        return describe(fig, alt, numbers, decimals=4)


def kernel_explorer_figure(lam, point, shell, names, density, in_data, *, slide=False):
    """The kernel on {0,1}^d by distance, and the density estimate at every point (04's widget).

    ``point`` and ``shell``: the mass of one point and of the whole shell at each distance
    0, ..., d; ``names``, ``density``, ``in_data``: every point of {0,1}^d as bits, the
    estimate there, and whether it is a data point.

    Examples
    --------
    >>> kernel_explorer_figure(0.75, [0.5625, 0.1875, 0.0625], [0.5625, 0.375, 0.0625],
    ...                        ["00", "01", "10", "11"], [0.4, 0.3, 0.2, 0.1],
    ...                        [True, False, False, False])
    Left: the Aitchison-Aitken kernel on {0,1}^2 at lambda = 0.75, by distance from 00: one \
point holds 0.5625 at distance 0 down to 0.0625 at distance 2, a whole shell 0.5625, 0.375 and \
0.0625. Right: the density estimate of the data at each of the 4 points of {0,1}^2, the 1 \
that are data points hatched, highest at 00 (0.4), 01 (0.3) and 10 (0.2).
    """
    point, shell = np.asarray(point, dtype=float), np.asarray(shell, dtype=float)
    density, in_data = np.asarray(density, dtype=float), np.asarray(in_data, dtype=bool)
    d = len(point) - 1
    one, whole, data, other = (palette.series_style(1), palette.series_style(7),
                               palette.series_style(0), palette.series_style(7))
    from matplotlib.patches import Patch

    with style(slide):
        fig = _figure((9.6, 4.4) if slide else (8, 3.2))
        left, right = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1, 2]})
        rho = np.arange(d + 1)
        left.bar(rho - 0.2, shell, width=0.4, color=whole["color"], hatch="//",
                 edgecolor="white", label="whole shell")
        left.bar(rho + 0.2, point, width=0.4, color=one["color"], label="one point")
        left.set_xticks(rho)
        left.set_ylim(0, 1)
        left.set_xlabel(r"$\mathcal{H}(\mathbf{x}, \mathbf{0})$")
        left.set_ylabel("mass")
        left.set_title(rf"$K_\lambda$, $\lambda = {lam:.2f}$")
        left.legend()
        right.bar(names, density, color=np.where(in_data, data["color"], other["color"]),
                  edgecolor="white", hatch=["xx" if c else "" for c in in_data])
        right.set_ylim(0, max(0.35, float(density.max()) * 1.1))
        right.tick_params(axis="x", rotation=90)
        right.set_xlabel(rf"$\mathbf{{x}} \in \{{0,1\}}^{d}$")
        right.set_ylabel(r"$\tilde f(\mathbf{x}; \lambda)$")
        right.set_title(r"the density estimate $\tilde f$ of the data")
        right.legend(handles=[Patch(facecolor=data["color"], hatch="xx", edgecolor="white",
                                    label="a data point"),
                              Patch(facecolor=other["color"], label="not in the data")])
        best = np.argsort(-density, kind="stable")[:3]
        n_data = int(in_data.sum())
        alt = (f"Left: the Aitchison-Aitken kernel on {{0,1}}^{d} at lambda = {lam:.2f}, by "
               f"distance from {'0' * d}: one point holds {_num(point[0], 4)} at distance 0 down "
               f"to {_num(point[-1], 4)} at distance {d}, a whole shell "
               f"{_words([_num(s, 4) for s in shell])}. Right: the density estimate of the data "
               f"at each of the {len(names)} points of {{0,1}}^{d}, the {n_data} that are data "
               f"points hatched, highest at "
               + _words([f"{names[j]} ({_num(density[j], 4)})" for j in best]) + ".")
        numbers = {"x": list(names), "estimate": density,
                   "a data point": ["yes" if c else "" for c in in_data]}
        return describe(fig, alt, numbers, decimals=4)


# ----------------------------------------------------------------------------------------------
# Lesson 05
# ----------------------------------------------------------------------------------------------

def zero_ratio_figure(k1_values, rates, *, slide=False):
    """The share of the points where the ratio of Eq. (7) is 0/0 (q = 0), against k1 (05).

    ``rates`` maps each data set's name to {k1: share}.

    Examples
    --------
    >>> zero_ratio_figure([1, 2, 5], {"A": {1: 0.0, 2: 0.5, 5: 0.75},
    ...                               "B": {1: 0.0, 2: 0.0, 5: 0.0}})
    The share of the data points whose ratio of Eq. (7) is 0/0 (q = 0) against k1 from 1 to \
5, one line per data set: A 0 at k1 = 1, then from 0.5 to 0.75; B never.
    """
    names = list(rates)
    with style(slide):
        fig = _figure((9.6, 4.6) if slide else (6, 3))
        ax = fig.subplots()
        for i, name in enumerate(names):
            ax.plot(k1_values, [rates[name][k1] for k1 in k1_values], label=name,
                    **palette.series_style(i))
        ax.set_xscale("log")
        ax.set_xticks(k1_values, [str(k1) for k1 in k1_values])
        ax.minorticks_off()
        ax.set_ylim(-0.03, 1.03)
        ax.set_xlabel(r"$k_1$, the number of neighbours")
        ax.set_ylabel(r"share of the points with $q = 0$")
        ax.set_title(r"how often the ratio of Eq. (7) is $0/0$")
        ax.legend(loc="center left", bbox_to_anchor=(1.02, 0.5))
        parts = []
        for name in names:
            values = [rates[name][k1] for k1 in k1_values]
            rest = values[1:]
            if max(values) == 0:
                parts.append(f"{name} never")
            elif values[0] == 0 and rest:
                parts.append(f"{name} 0 at k1 = {k1_values[0]}, then from {_num(min(rest))} to "
                             f"{_num(max(rest))}")
            else:
                parts.append(f"{name} from {_num(min(values))} to {_num(max(values))}")
        alt = (f"The share of the data points whose ratio of Eq. (7) is 0/0 (q = 0) against k1 "
               f"from {k1_values[0]} to {k1_values[-1]}, one line per data set: "
               + "; ".join(parts) + ".")
        numbers = {"k1": list(k1_values)}
        numbers |= {name: [rates[name][k1] for k1 in k1_values] for name in names}
        return describe(fig, alt, numbers)
