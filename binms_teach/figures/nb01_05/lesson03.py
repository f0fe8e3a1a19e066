"""The figures of lesson 03: the 2-D example, one ascent (the widget's picture), two clusterings."""

from __future__ import annotations

import numpy as np

from .. import palette
from ..common import area, coords, listed, new_figure, num
from ..projection import describe, style

__all__ = ["ascent_frame_figure", "blobs_figure", "two_clusterings_figure"]


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
        fig = new_figure((9.6, 5.0) if slide else (4.5, 3.8))
        ax = fig.subplots()
        for g in groups:
            s = palette.series_style(int(g))
            ax.scatter(X[y == g, 0], X[y == g, 1], s=area(14, slide), color=s["color"],
                       marker=s["marker"],
                       label=f"group {g}")
        ax.set_aspect("equal")
        ax.set_xlabel("first coordinate")
        ax.set_ylabel("second coordinate")
        ax.legend(loc="upper right")
        ax.set_title("the data, by true group")
        sizes = [int((y == g).sum()) for g in groups]
        means = [X[y == g].mean(axis=0) for g in groups]
        parts = [f"group {g} has {n} points around {coords(m, 1)}"
                 for g, n, m in zip(groups, sizes, means, strict=True)]
        alt = (f"Scatter plot of the {len(X)} points of the 2-D example, one marker per true "
               f"group: {listed(parts)}.")
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

    near, path = palette.series_style(0), palette.series_style(1)
    with style(slide):
        fig = new_figure((9.6, 5.1) if slide else (4.6, 4.0))
        ax = fig.subplots()
        ax.scatter(X[:, 0], X[:, 1], s=area(8, slide), color=palette.GREY, label="data")
        nb = X[np.asarray(frame["neighbours"])]
        ax.scatter(nb[:, 0], nb[:, 1], s=area(18, slide), color=near["color"],
                   marker=near["marker"], label=rf"$\mathrm{{NN}}_{{{k}}}(\mathbf{{x}}_j)$")
        ax.add_patch(Circle(frame["x"], frame["radius"], fill=False, color=near["color"],
                            linestyle="--"))
        trail = np.asarray(frame["path"])
        ax.plot(trail[:, 0], trail[:, 1], "-o", color=path["color"], ms=3, lw=1.2,
                label=r"path $\mathbf{x}_0, \dots, \mathbf{x}_j$")
        # black with a white rim and larger than any neighbour: seen on top of them
        ax.plot(*frame["x_next"], "X", color="black", markeredgecolor="white",
                markeredgewidth=1.5, ms=18 if slide else 11, label=r"$\mathbf{x}_{j+1}$")
        ax.set_xlim(X[:, 0].min() - 0.5, X[:, 0].max() + 0.5)
        ax.set_ylim(X[:, 1].min() - 0.5, X[:, 1].max() + 0.5)
        ax.set_aspect("equal")
        ax.set_xlabel("first coordinate")
        ax.set_ylabel("second coordinate")
        if slide:  # beside the data, never on it
            ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1))
        else:
            ax.legend(loc="upper left")
        ax.set_title(rf"iteration $j = {frame['j']}$")
        length = float(np.linalg.norm(np.asarray(frame["x_next"]) - np.asarray(frame["x"])))
        end = ("it is a fixed point: the next iterate is the same point" if frame["last"]
               else f"the next iterate at their mean, {coords(frame['x_next'])}, "
                    f"{num(length)} away")
        alt = (f"Iteration {frame['j']} of a nearest-neighbour mean shift with k = {k} among "
               f"the {len(X)} data points: the iterate x_j at {coords(frame['x'])}, its {k} "
               f"nearest neighbours inside the dashed circle of radius "
               f"{num(frame['radius'])}, and {end}.")
        long = (f"The data points are small grey dots; the {k} nearest neighbours of x_j are "
                f"larger coloured markers inside the dashed circle; the path x_0, ..., x_j so far "
                f"is a line with dots, and the next iterate x_(j+1) a cross.")
        return describe(fig, alt, long=long)


def _matched_looks(labels, earlier=None, earlier_looks=None):
    """A style index per cluster of ``labels``. Given the previous panel's labels and style
    indices, each cluster takes the style of the earlier cluster it shares most points with,
    so that one group keeps its colour from panel to panel; the rest take unused styles.

    >>> _matched_looks(np.array([1, 1, 0, 0]), np.array([0, 0, 1, 1]), {0: 0, 1: 1})
    {1: 0, 0: 1}
    """
    labels = np.asarray(labels)
    clusters = range(labels.max() + 1)
    if earlier is None:
        return {c: c for c in clusters}
    shared = sorted(((int(np.sum((labels == c) & (earlier == e))), c, e)
                     for c in clusters for e in earlier_looks), reverse=True)
    looks, taken = {}, set()
    for count, c, e in shared:
        if count and c not in looks and earlier_looks[e] not in taken:
            looks[c] = earlier_looks[e]
            taken.add(earlier_looks[e])
    spare = (i for i in range(len(labels) + len(taken) + 1) if i not in taken)
    return looks | {c: next(spare) for c in clusters if c not in looks}


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
    >>> d = two_clusterings_figure(X, [0, 0, 1, 1], [one, two])
    >>> d
    Two clusterings of the same 4 points side by side: method A (left) finds 2 clusters with ARI \
1 against the true groups, while method B (right) finds 2 clusters with ARI 0.
    >>> d.long
    'Left, method A: 2 clusters of 2 and 2 points, each with its own marker, and its 2 modes as \
crosses; ARI 1 with the true groups. Right, method B: 2 clusters of 3 and 1 points, each with its \
own marker, and its 2 centres as crosses; ARI 0 with the true groups.'

    """
    from ...evaluation.metrics import ari

    X, y = np.asarray(X, dtype=float), np.asarray(y)
    numbers = {"panel": [], "cluster": [], "points": [], "mean of its points": []}
    parts, found, scores = [], [], []
    with style(slide):
        fig = new_figure((9.6, 4.9) if slide else (9, 3.9))
        axes = fig.subplots(1, len(panels), sharey=True)
        earlier = looks = None  # cluster -> style index; the right panel's follow the left's
        for side, ax, panel in zip(("Left", "Right"), axes, panels, strict=True):
            labels = np.asarray(panel["labels"])
            centres = np.asarray(panel["centres"], dtype=float)
            name = panel.get("centre_name", "centres")
            looks = _matched_looks(labels, earlier, looks)
            earlier = labels
            for c in range(labels.max() + 1):
                s = palette.series_style(looks[c])
                ax.scatter(X[labels == c, 0], X[labels == c, 1], s=area(12, slide),
                           color=s["color"], marker=s["marker"], label=f"cluster {c}")
                numbers["panel"].append(side.lower())
                numbers["cluster"].append(c)
                numbers["points"].append(int((labels == c).sum()))
                numbers["mean of its points"].append(coords(X[labels == c].mean(axis=0)))
            ax.scatter(centres[:, 0], centres[:, 1], marker="x", color=palette.GREY,
                       s=area(40, slide), linewidths=2, label=name)
            ax.set_aspect("equal")
            ax.set_xlabel("first coordinate")
            ax.set_title(panel["title"])
            if slide:  # under the panel, off the points
                ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2,
                          frameon=False, handletextpad=0.2, columnspacing=0.8)
            else:
                ax.legend(loc="upper right")
            sizes = np.bincount(labels).tolist()
            scores.append(num(ari(y, labels)))
            found.append(f"{panel['name']} ({side.lower()}) finds {len(sizes)} clusters with "
                         f"ARI {scores[-1]}" + (" against the true groups" if not found else ""))
            parts.append(f"{side}, {panel['name']}: {len(sizes)} clusters of {listed(sizes)} "
                         f"points, each with its own marker, and its {len(centres)} {name} as "
                         f"crosses; ARI {scores[-1]} with the true groups")
        axes[0].set_ylabel("second coordinate")
        alt = (f"Two clusterings of the same {len(X)} points side by side: "
               + ", while ".join(found) + ".")
        return describe(fig, alt, numbers, long=". ".join(parts) + ".")


