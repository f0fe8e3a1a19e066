"""The figures of lessons 01 (the spheres of {0,1}^d) and 02 (the inertia of every candidate)."""

from __future__ import annotations

import numpy as np

from .. import palette
from ..common import bits, listed, new_figure, num
from ..projection import describe, style

__all__ = ["inertia_figure", "sphere_figure"]


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
    The 4 points of {0,1}^2 placed by their Hamming distance from 00: the spheres at distances \
0 to 2 hold 1, 2 and 1 points, the middle one the largest.
    """
    from ...hamming import hamming

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
        fig = new_figure((9.6, 5.0) if slide else (7, 4))
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
                ax.annotate(bits(points[i]), place[i], xytext=(0, 8),
                            textcoords="offset points", ha="center")
        half = (sizes.max() - 1) / 2
        ax.set_xticks(range(d + 1))
        ax.set_yticks([])
        ax.set_xlim(-0.5, d + 1.9)
        ax.set_ylim(-half - 0.7, half + 0.9)
        ax.set_xlabel(rf"Hamming distance $\rho$ from {bits(centre)}")
        ax.set_ylabel("the points of one sphere")
        ax.legend(title=r"sphere of radius $\rho$", loc="center right")
        ax.set_title(rf"$\{{0,1\}}^{d}$ around {bits(centre)}; grey lines join points at "
                     "distance 1")
        biggest = [int(x) for x in np.flatnonzero(sizes == sizes.max())]
        middle = ("the middle one the largest" if len(biggest) == 1
                  else "the middle two the largest")
        alt = (f"The {len(points)} points of {{0,1}}^{d} placed by their Hamming distance from "
               f"{bits(centre)}: the spheres at distances 0 to {d} hold "
               f"{listed(sizes.tolist())} points, {middle}.")
        long = ("Each point is labelled with its bits and drawn with the marker of its sphere; a "
                "grey line joins every two points that differ in one bit, so the distance "
                "between two points is the number of lines on a shortest path between them.")
        numbers = {"distance from " + bits(centre): list(range(d + 1)),
                   "points": sizes.tolist()}
        return describe(fig, alt, numbers, long=long)


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
    labels = [bits(c) for c in candidates]
    other, low = palette.series_style(7), palette.series_style(0)
    with style(slide):
        fig = new_figure((9.6, 4.2) if slide else (8, 2.8))
        ax = fig.subplots()
        # the minimisers differ by colour *and* by hatching: the chart reads without colour
        ax.bar(labels, np.where(best, 0, costs), color=other["color"], label="other candidates")
        ax.bar(labels, np.where(best, costs, 0), color=low["color"], hatch="//",
               edgecolor="white", label="minimiser" if best.sum() == 1 else "minimisers")
        ax.set_xlabel(r"candidate centre $\mathbf{x}$")
        ax.set_ylabel(r"inertia $\mathcal{I}(\mathbf{x})$")
        if title:
            ax.set_title(title)
        ax.tick_params(axis="x", rotation=90)
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1))
        winners = [lab for lab, b in zip(labels, best, strict=True) if b]
        which = (f"one candidate, {winners[0]}" if len(winners) == 1 else
                 f"{len(winners)} candidates, {listed(winners)}")
        rest = costs[~best]
        others = (f"; the others range from {num(rest.min())} to {num(rest.max())}"
                  if len(rest) else "")
        alt = (f"Bar chart of the inertia of each of the {len(labels)} candidate centres x of "
               f"{{0,1}}^{candidates.shape[1]}: the smallest, {num(costs.min())}, is reached by "
               f"{which} (hatched){others}.")
        long = ("One bar per candidate centre, labelled with its bits, its height the inertia; "
                "the minimisers are hatched and coloured apart from the others.")
        numbers = {"candidate": labels, "inertia": [num(c) for c in costs],
                   "minimiser": ["yes" if b else "" for b in best]}
        return describe(fig, alt, numbers, long=long)


