"""The figures of lessons 06, 06b and 07, each described for a reader who cannot see it.

Each function takes the data it draws and ``slide=False`` (``True``: for projection in a deck)
and returns a `~binms_teach.figures.DescribedFigure`: the picture, its text alternative (what it
shows and what to see in it, with rounded numbers of the computation that drew it) and the
numbers it plots as a table. Lesson and deck call the same function, so they cannot drift.
06: `first_images`, `ascent_figure`; 06b: `moves_histogram`, `largest_basins`,
`path_map_figure`, `row_order_figure`; 07: `cluster_centres`, `k2_sweep`. Binary images: ink (1)
black on white (``INK``); series: `binms_teach.figures.palette.series_style`, context marks
palette.GREY.
"""

from __future__ import annotations

import numpy as np

from . import describe, palette, style
from .common import listed, new_figure
from .shape import shape, tolerance

__all__ = [
    "ascent_figure", "cluster_centres", "first_images", "k2_sweep", "largest_basins",
    "moves_histogram", "path_map_figure", "row_order_figure",
]

INK = "gray_r"  # a 0/1 image: 0 white, 1 black (black and white are not series colours)
DIGITS_SHAPE = (16, 15)  # a Digits image: 16 rows of 15 pixels


def _small():
    """The smallest text size of the current style (titles of small image panels)."""
    import matplotlib

    return matplotlib.rcParams["xtick.labelsize"]


def _image(ax, vector, shape, cmap=INK, **kwargs):
    art = ax.imshow(np.asarray(vector).reshape(shape), cmap=cmap, **kwargs)
    ax.set_xticks([])
    ax.set_yticks([])
    return art


def _frame(ax, on=True):
    """Show (or hide) the panel's border: a framed panel is a mode, not a data point."""
    for spine in ax.spines.values():
        spine.set_visible(on)
        spine.set_linewidth(2.5)


def _panels(fig, count, slide):
    """``count`` image panels: one row in a lesson, two rows on a slide when there are many."""
    rows = 2 if slide and count > 6 else 1
    cols = -(-count // rows)
    axes = fig.subplots(rows, cols, squeeze=False).ravel()
    for ax in axes[count:]:
        ax.set_axis_off()
    return axes[:count]


def _median(values):
    m = float(np.median(values))
    return f"{m:.0f}" if m == int(m) else f"{m:.1f}"


def _band_words(band, name):
    """Where the ink of one horizontal band of an image is: across it, on one side, or in
    separate strokes (a column counts when a quarter of the band's rows are inked in it)."""
    height, width = band.shape
    inked = band.sum(axis=0) >= max(1, height / 4)
    runs, start = [], None
    for j, on in enumerate([*inked.tolist(), False]):
        if on and start is None:
            start = j
        elif not on and start is not None:
            runs.append((start, j - 1))
            start = None
    if not runs:
        return f"no ink in the {name}"
    if len(runs) == 1 and runs[0][1] - runs[0][0] + 1 >= 0.7 * width:
        return f"across the {name}"

    def side(run):
        centre = (run[0] + run[1]) / 2
        return "left" if centre < width / 3 else "right" if centre >= 2 * width / 3 else "centre"

    sides = list(dict.fromkeys(side(r) for r in runs))
    if sides == ["centre"]:
        return f"in the centre of the {name}"
    return f"on the {listed(sides)} of the {name}"


def ink_words(image):
    """What a 0/1 image looks like, in words: where the ink is in its top, middle and bottom
    thirds, and the holes the ink closes off.

    A hole is a region of at least 3 blank pixels that the ink separates from the border
    (4-connected), as in a 0, a 6, an 8 or a 9.

    Examples
    --------
    >>> ring = np.zeros((9, 9), dtype=int)
    >>> ring[1:8, 1:8] = 1
    >>> ring[3:6, 3:6] = 0
    >>> ink_words(ring)
    'across the top, on the left and right of the middle, across the bottom, around one hole \
of 9 pixels'
    >>> bar = np.zeros((9, 9), dtype=int)
    >>> bar[:, 6:8] = 1
    >>> ink_words(bar)
    'on the right of the top, on the right of the middle, on the right of the bottom, no hole'
    """
    from scipy import ndimage

    image = np.asarray(image) > 0
    h = image.shape[0]
    cuts = [0, round(h / 3), round(2 * h / 3), h]
    bands = [_band_words(image[a:b], name) for a, b, name in
             zip(cuts, cuts[1:], ("top", "middle", "bottom"), strict=False)]
    # a stroke that slants: the ink of the top third sits far left or right of the bottom's
    top, bottom = image[: cuts[1]], image[cuts[2]:]
    if top.any() and bottom.any():
        shift = np.nonzero(bottom)[1].mean() - np.nonzero(top)[1].mean()
        if abs(shift) >= image.shape[1] / 4:
            bands.append("slanting from the top " + ("left to the bottom right" if shift > 0
                                                     else "right to the bottom left"))
    blank, count = ndimage.label(~image)
    border = set(np.unique(np.concatenate([blank[0], blank[-1], blank[:, 0], blank[:, -1]])))
    holes = sorted((int((blank == i).sum()) for i in range(1, count + 1) if i not in border),
                   reverse=True)
    holes = [size for size in holes if size >= 3]
    hole = ("no hole" if not holes else f"around one hole of {holes[0]} pixels"
            if len(holes) == 1 else f"around {len(holes)} holes of {listed(holes)} pixels")
    return ", ".join([*bands, hole])


def first_images(X, y, *, shape=DIGITS_SHAPE, slide=False):
    """The first image of each class, side by side (lesson 06, section 1).

    The long description says, for each, where its ink is (`ink_words`).

    Examples
    --------
    >>> X = np.zeros((3, 9, 9), dtype=int)
    >>> X[0, 1:8, 1:8] = 1; X[0, 3:6, 3:6] = 0   # a ring
    >>> X[2, :, 4] = 1                           # a bar
    >>> d = first_images(X.reshape(3, 81), [0, 0, 1], shape=(9, 9))
    >>> d
    The first image of each of the 2 classes, 0 to 1, in black ink on white: the 0 drawn \
around an enclosed hole, the 1 without one.
    >>> d.long
    '0: across the top, on the left and right of the middle, across the bottom, around one hole \
of 9 pixels; 1: in the centre of the top, in the centre of the middle, in the centre of the \
bottom, no hole. Each image is a row of 81 bits drawn as 9 rows of 9 pixels; they have 9 to 40 \
inked pixels.'
    """
    X, y = np.asarray(X), np.asarray(y)
    classes = np.unique(y)
    rows = [int(np.flatnonzero(y == c)[0]) for c in classes]
    inked = X[rows].sum(axis=1)
    with style(slide):
        fig = new_figure((9.6, 4.2) if slide else (10, 1.6))
        axes = _panels(fig, len(classes), slide)
        for ax, c, r in zip(axes, classes, rows, strict=True):
            _image(ax, X[r], shape)
            ax.set_title(str(c))
            _frame(ax, False)
        words = [ink_words(X[r].reshape(shape)) for r in rows]
        holed = [str(c) for c, w in zip(classes, words, strict=True) if "around" in w]
        plain = [str(c) for c in classes if str(c) not in holed]
        if holed and plain:
            holes = (f"the {listed(holed)} drawn around an enclosed hole, the "
                     f"{listed(plain)} without one")
        else:
            holes = "each drawn around an enclosed hole" if holed else "none with an enclosed hole"
        alt = (f"The first image of each of the {len(classes)} classes, {classes[0]} to "
               f"{classes[-1]}, in black ink on white: {holes}.")
        long = ("; ".join(f"{c}: {w}" for c, w in zip(classes, words, strict=True))
                + f". Each image is a row of {X.shape[1]} bits drawn as {shape[0]} rows of "
                f"{shape[1]} pixels; they have {inked.min()} to {inked.max()} inked pixels.")
        # a picture, no numbers table (as before): the long description holds the counts
        return describe(fig, alt, long=long)


def ascent_figure(trace, *, shape=DIGITS_SHAPE, slide=False):
    """Every update of one ascent: the iterates above, the votes and ties below (lesson 06).

    ``trace`` is a `binms_teach.trace.AscentTrace`. Column j shows the iterate x_j (top) and
    the votes for a 1 of its k1 nearest data points in every pixel (bottom; a dot marks a tie),
    titled with the number of bits the update changes.
    """
    steps = trace.steps
    k1 = trace.k1
    changed = [int(s.n_changed) for s in steps]
    ties = [int(s.n_ties) for s in steps]
    with style(slide):
        width = 1.6 * len(steps) + 1.2
        fig = new_figure((min(width, 9.6), 4.2) if slide else (width, 3.9))
        axes = fig.subplots(2, len(steps), squeeze=False)
        for s, top, bottom in zip(steps, axes[0], axes[1], strict=True):
            _image(top, s.x, shape)
            top.set_title(rf"$\mathbf{{x}}_{{{s.j}}}$")
            votes = _image(bottom, s.ones, shape, cmap=palette.DIVERGING_CMAP, vmin=0, vmax=k1)
            rows, cols = np.nonzero(np.asarray(s.ties).reshape(shape))
            bottom.plot(cols, rows, "k.", markersize=4 if not slide else 6)
            bottom.set_title(f"{s.n_changed} changed", fontsize=_small())
        bar = fig.colorbar(votes, ax=list(axes[1]), shrink=0.9,
                           ticks=range(0, k1 + 1, 2 if k1 > 5 else 1))
        bar.set_label("votes for a 1 (dot: tie)")
        start = "the given point" if trace.start is None else f"image {trace.start}"
        last = len(steps) - 1
        ending = (f"the last update changes nothing, so x_{last} is a fixed point, the mode"
                  if trace.converged and changed[-1] == 0 else
                  f"the ascent is stopped after {len(steps)} updates")
        first = ("the first changes the most, and " if len(changed) > 1 and
                 changed[0] == max(changed) else "")
        alt = (f"The ascent of {start} with k1 = {k1} in {len(steps)} updates, j = 0 to {last}: "
               f"they change {listed(changed)} pixels; {first}{ending}.")
        long = (f"One column per update j = {listed(range(len(steps)))}. Top row: the iterate "
                f"x_j as an image, ink black. Bottom row, titled with the pixels the update "
                f"changes: in every pixel, how many of the {k1} nearest data points vote for a 1 "
                f"(purple few, white half, orange most; a dot marks a tie, and the updates "
                f"have {listed(ties)} ties). The mean distance of x_j to its {k1} nearest data "
                f"points is, update by update, "
                + listed([f"{s.distances.mean():.1f}" for s in steps]) + " bits.")
        numbers = {"j": [s.j for s in steps], "bits changed": changed, "ties": ties,
                   f"mean distance to the {k1} nearest": [f"{s.distances.mean():.1f}"
                                                          for s in steps]}
        return describe(fig, alt, numbers, long=long)


def moves_histogram(moves, *, slide=False):
    """How many moves the points make before their fixed point, one outline per k1 (06b).

    ``moves`` maps each k1 to the array of the moves of every point.

    Examples
    --------
    >>> d = moves_histogram({1: np.array([0, 0, 1]), 3: np.array([1, 2, 2])})
    >>> d
    Histogram of the moves each of the 3 points makes before it reaches its fixed point, one \
outline per k1: the more voters, the longer the ascents, with a median of 0 and 2 moves for \
k1 = 1 and 3.
    >>> d.long
    'k1 = 1: the number of points falls from 2 at moves = 0 to 0 at moves = 2 (median 0, at most \
1 moves); k1 = 3: the number of points rises from 0 at moves = 0 to 2 at moves = 2 (median 2, at \
most 2 moves).'
    """
    ks = list(moves)
    top = max(int(np.max(m)) for m in moves.values())
    counts = {k: np.bincount(np.asarray(moves[k]), minlength=top + 1) for k in ks}
    n_points = len(next(iter(moves.values())))
    with style(slide):
        fig = new_figure((9.6, 4.2) if slide else (7, 2.8))
        ax = fig.subplots()
        edges = np.arange(top + 2) - 0.5
        for i, k in enumerate(ks):
            s = palette.series_style(i)
            ax.stairs(counts[k], edges, color=s["color"], linestyle=s["linestyle"],
                      linewidth=2.0, label=f"$k_1 = {k}$")
        ax.set_xlabel("moves until the fixed point")
        ax.set_ylabel("points")
        ax.legend()
        medians = [float(np.median(moves[k])) for k in sorted(ks)]
        longer = medians == sorted(medians) and medians[0] < medians[-1]
        trend = ("the more voters, the longer the ascents" if longer else
                 "the ascents are as long with more voters" if len(set(medians)) == 1 else
                 "more voters do not always make longer ascents")
        alt = (f"Histogram of the moves each of the {n_points} points makes before it reaches "
               f"its fixed point, one outline per k1: {trend}, with a median of "
               f"{listed([_median(moves[k]) for k in ks])} moves for k1 = {listed(ks)}.")
        tol = tolerance(*counts.values())
        moves_at = list(range(top + 1))
        long = "; ".join(
            f"k1 = {k}: the number of points {shape(moves_at, counts[k], tol=tol, name='moves')}"
            f" (median {_median(moves[k])}, at most {int(np.max(moves[k]))} moves)"
            for k in ks) + "."
        numbers = {"moves": list(range(top + 1))}
        numbers |= {f"points, k1 = {k}": counts[k] for k in ks}
        return describe(fig, alt, numbers, long=long)


def largest_basins(X, y, modes, *, n_basins=None, n_members=5, shape=DIGITS_SHAPE, slide=False):
    """The largest basins of attraction: each mode (framed) and some of its images (06b).

    ``modes`` holds the final iterate of every row of X (e.g. ``BinNNMS(...).modes_``). A
    basin is the set of rows that reach the same mode; row i of the figure shows the i-th
    largest (ties: the mode that sorts first), then its first ``n_members`` images with their
    row index and class. ``n_basins``: 6 in a lesson, 3 on a slide unless given.

    Examples
    --------
    >>> X = np.array([[1, 1, 0, 0], [1, 1, 1, 0], [0, 0, 1, 1]])
    >>> d = largest_basins(X, [7, 7, 3], X[[0, 0, 2]], n_basins=2, n_members=2, shape=(2, 2))
    >>> d
    The 2 largest basins of attraction, one per row, each mode framed before the first images \
that climbed to it: the basins hold 2 and 1 images, and every image in them is of its basin's \
most common class (7 and 3).
    >>> d.long
    'Each image after the mode is titled with its row index and, in brackets, its class. row 1: \
the mode of 2 images, then images 0 (7) and 1 (7); row 2: the mode of 1 images, then images 2 (3).'

    """
    X, y = np.asarray(X), np.asarray(y)
    distinct, basin, size = np.unique(np.asarray(modes), axis=0, return_inverse=True,
                                      return_counts=True)
    basin = basin.ravel()
    if n_basins is None:
        n_basins = 3 if slide else 6
    largest = np.argsort(-size, kind="stable")[:n_basins]
    members = [np.flatnonzero(basin == b) for b in largest]
    common = [np.bincount(y[m]).argmax() for m in members]
    agree = [int((y[m] == c).sum()) for m, c in zip(members, common, strict=True)]
    with style(slide):
        cols = n_members + 1
        fig = new_figure((9.6, 4.2) if slide else (1.3 * cols, 1.65 * len(largest)), layout=None)
        axes = fig.subplots(len(largest), cols, squeeze=False,
                            gridspec_kw={"wspace": 0.1, "hspace": 0.45 if slide else 0.35})
        for row, b, m in zip(axes, largest, members, strict=True):
            _image(row[0], distinct[b], shape)
            _frame(row[0])
            row[0].set_title(f"mode: {size[b]}", fontsize=_small())
            for j, ax in enumerate(row[1:]):
                if j < len(m):
                    _image(ax, X[m[j]], shape)
                    _frame(ax, False)
                    ax.set_title(f"{m[j]} ({y[m[j]]})", fontsize=_small())
                else:
                    ax.set_axis_off()
        total, pure = sum(len(m) for m in members), sum(agree)
        purity = (f"every image in them is of its basin's most common class "
                  f"({listed(common)})" if pure == total else
                  f"{pure} of their {total} images are of their basin's most common class "
                  f"({listed(common)})")
        alt = (f"The {len(largest)} largest basins of attraction, one per row, each mode framed "
               f"before the first images that climbed to it: the basins hold "
               f"{listed(size[largest])} images, and {purity}.")
        rows_text = []
        for n, (b, m) in enumerate(zip(largest, members, strict=True), start=1):
            shown = listed([f"{i} ({y[i]})" for i in m[:n_members]])
            rows_text.append(f"row {n}: the mode of {size[b]} images, then images {shown}")
        long = ("Each image after the mode is titled with its row index and, in brackets, its "
                "class. " + "; ".join(rows_text) + ".")
        numbers = {"basin": list(range(1, len(largest) + 1)), "images": size[largest],
                   "most common class": common, "images of it": agree}
        return describe(fig, alt, numbers, long=long)


def path_map_figure(pm, y, *, slide=False):
    """Many ascent paths on the 2-D map of Hamming space, each in its start's class style (06b).

    ``pm`` is a `binms_teach.trace.PathMap` (`binms_teach.trace.path_map`), ``y`` the classes
    of the data rows.
    """
    from matplotlib.lines import Line2D

    y = np.asarray(y)
    digits = y[pm.starts]
    hops = [np.count_nonzero(pm.points[p[1:]] != pm.points[p[:-1]], axis=1) for p in pm.paths]
    first = np.array([h[0] for h in hops if len(h)])
    later = np.concatenate([h[1:] for h in hops if len(h) > 1] or [np.zeros(0, int)])
    ends = np.array([p[-1] for p in pm.paths])
    with style(slide):
        fig = new_figure((9.6, 4.2) if slide else (7.2, 4.6))
        ax = fig.subplots()
        ax.scatter(*pm.coords[pm.background].T, s=8 if not slide else 14, color=palette.GREY,
                   label="data points")
        for digit, visited in zip(digits, pm.paths, strict=True):
            s = palette.series_style(int(digit))
            ax.plot(*pm.coords[visited].T, color=s["color"], linestyle=s["linestyle"],
                    linewidth=1.2)
            ax.plot(*pm.coords[visited[-1]], marker=s["marker"], color=s["color"],
                    markeredgecolor="k", markersize=9, linestyle="none")
        handles = [Line2D([], [], label=str(d), markeredgecolor="k", **palette.series_style(d))
                   for d in np.unique(digits).tolist()]
        handles.append(Line2D([], [], marker="o", color=palette.GREY, linestyle="none",
                              label="data points"))
        ax.legend(handles=handles, title="start's class", loc="upper left",
                  bbox_to_anchor=(1.01, 1))
        ax.set_xlabel("map axis 1 (first principal axis)")
        ax.set_ylabel("map axis 2")
        ax.set_title(f"{len(pm.paths)} BGA paths ($k_1 = {pm.k1}$) and their modes")
        shown = f"{100 * pm.shown:.1f}%"
        alt = (f"{len(pm.paths)} ascent paths with k1 = {pm.k1} on a map of Hamming space end at "
               f"{len(np.unique(ends))} modes, and the first move is the long one: "
               f"{first.mean():.1f} bits on average, against "
               f"{later.mean() if len(later) else 0:.1f} for each later move.")
        long = (f"The map is the classical MDS of the square root of H (the first two principal "
                f"axes, which carry {shown} of the variance), over {len(pm.background)} data "
                f"points in grey. Each path has the colour and line style of its start's class "
                f"({listed(np.unique(digits).tolist())}) and ends at its mode, marked with the "
                f"class's marker; paths from one basin arrive at one mode from several "
                f"directions.")
        numbers = {"start": pm.starts, "class": digits,
                   "moves": [len(p) - 1 for p in pm.paths],
                   "bits of the first move": [int(h[0]) if len(h) else 0 for h in hops],
                   "bits of the later moves": [int(h[1:].sum()) for h in hops]}
        return describe(fig, alt, numbers, long=long)


def row_order_figure(file_order, orders, ball, *, name="the data", setting=None, slide=False):
    """One setting's NMI in the file's row order, in random row orders, and with the ball (06b).

    ``file_order``: the NMI of the "index" rule in the file's order of the rows; ``orders``: its
    NMI in each random order (seeds 0, 1, ...); ``ball``: the NMI of the "ball" rule, one value
    or one per order (it is the same in every order).

    Examples
    --------
    >>> row_order_figure(0.9, [0.7, 0.8, 0.75], [0.85, 0.85, 0.85], name="Zoo", setting=(7, 20))
    NMI of Zoo at (k1, k2) = (7, 20) under the two neighbour rules: the index rule scores 0.900 \
in the file's order of the rows, above every one of its 3 random orders (0.700 to 0.800), and \
the ball rule 0.850 in every order.
    """
    orders = np.asarray(orders, dtype=float)
    ball = np.atleast_1d(np.asarray(ball, dtype=float))
    where = ("above every one of" if file_order > orders.max() else
             "within the spread of" if file_order >= orders.min() else "below every one of")
    if np.ptp(np.round(ball, 3)) == 0:  # one partition in every order (NMI equal to rounding)
        ball_text = f"the ball rule {ball[0]:.3f} in every order"
    else:
        ball_text = f"the ball rule from {ball.min():.3f} to {ball.max():.3f}"
    with style(slide):
        fig = new_figure((9.6, 3.0) if slide else (7, 2.0))
        ax = fig.subplots()
        index_style, file_style, ball_style = (palette.series_style(i) for i in range(3))
        ax.plot(orders, np.ones(len(orders)), linestyle="none", marker=index_style["marker"],
                color=index_style["color"], markersize=10, fillstyle="none",
                markeredgewidth=2, label=f"{len(orders)} random orders")
        ax.plot([file_order], [1], linestyle="none", marker=file_style["marker"],
                color=file_style["color"], markersize=11, markeredgecolor="k",
                label="the file's order")
        ax.plot(ball, np.zeros(len(ball)), linestyle="none", marker=ball_style["marker"],
                color=ball_style["color"], markersize=11, markeredgecolor="k",
                label="ball, any order")
        ax.set_yticks([0, 1], ["ball", "index"])
        ax.set_ylim(-0.6, 1.6)
        ax.set_xlabel("NMI")
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1))
        at = "" if setting is None else f" at (k1, k2) = ({setting[0]}, {setting[1]})"
        ax.set_title(f"{name}{at}")
        alt = (f"NMI of {name}{at} under the two neighbour rules: the index rule scores "
               f"{file_order:.3f} in the file's order of the rows, {where} its {len(orders)} "
               f"random orders ({orders.min():.3f} to {orders.max():.3f}), and {ball_text}.")
        long = (f"One row per rule, the NMI across. Top row, the index rule: open markers for "
                f"the {len(orders)} random orders (mean {orders.mean():.3f}), a filled marker "
                f"for the file's order. Bottom row, the ball rule, which does not depend on the "
                f"order of the rows.")
        runs = ["the file's"] + [f"random, seed {i}" for i in range(len(orders))]
        numbers = {"row order": runs, "NMI, index": [file_order, *orders.tolist()]}
        if len(ball) == len(orders) + 1:
            numbers["NMI, ball"] = ball.tolist()
        return describe(fig, alt, numbers, long=long)


def cluster_centres(centres, labels, y, *, n=10, shape=DIGITS_SHAPE, setting=None, slide=False):
    """The median centres of the n largest clusters, titled with their size and purity (07).

    ``centres[c]`` is the median centre of cluster c (``BinNNMS.cluster_centers_``),
    ``labels`` the cluster of every row, ``y`` its class.

    Examples
    --------
    >>> centres = np.array([[1, 0, 0, 1], [0, 1, 1, 0]])
    >>> d = cluster_centres(centres, [0, 0, 0, 1], [4, 4, 9, 9], n=2, shape=(2, 2))
    >>> d
    The median centres (majority votes) of the 2 largest of the 2 clusters, drawn as images: \
they show the classes 4 and 9, one cluster per class, each cluster 67% to 100% its most common \
class.
    >>> d.long
    "Each image is titled with its cluster's size and how many of its images are of its most \
common class: 3 images, 2 of them 4; 1 images, 1 of them 9. The other 0 clusters hold 0 images."
    """
    labels, y = np.asarray(labels), np.asarray(y)
    sizes = np.bincount(labels)
    largest = np.argsort(-sizes, kind="stable")[:n]
    common = [int(np.bincount(y[labels == c]).argmax()) for c in largest]
    agree = [int((y[labels == c] == k).sum()) for c, k in zip(largest, common, strict=True)]
    share = [a / sizes[c] for a, c in zip(agree, largest, strict=True)]
    with style(slide):
        fig = new_figure((9.6, 4.2) if slide else (10, 2.0))
        axes = _panels(fig, len(largest), slide)
        for ax, c, k, a in zip(axes, largest, common, agree, strict=True):
            _image(ax, centres[c], shape)
            _frame(ax, False)
            ax.set_title(f"{sizes[c]} images\n{a} are {k}", fontsize=_small())
        at = "" if setting is None else f" at (k1, k2) = ({setting[0]}, {setting[1]})"
        distinct = sorted(set(common))
        each = (", one cluster per class" if len(distinct) == len(common) else
                f" ({len(common) - len(distinct)} classes appear twice or more)")
        rest = len(sizes) - len(largest)
        alt = (f"The median centres (majority votes) of the {len(largest)} largest of the "
               f"{len(sizes)} clusters{at}, drawn as images: they show the classes "
               f"{listed(distinct)}{each}, each cluster {min(share):.0%} to {max(share):.0%} "
               f"its most common class.")
        long = ("Each image is titled with its cluster's size and how many of its images are "
                "of its most common class: " + "; ".join(
                    f"{sizes[c]} images, {a} of them {k}"
                    for c, k, a in zip(largest, common, agree, strict=True))
                + f". The other {rest} clusters hold {len(labels) - sizes[largest].sum()} "
                f"images.")
        numbers = {"cluster (by size)": list(range(1, len(largest) + 1)),
                   "images": sizes[largest], "most common class": common,
                   "images of it": agree, "share": [f"{s:.1%}" for s in share]}
        return describe(fig, alt, numbers, long=long)


def k2_sweep(k2, nmi, ami, ari, n_clusters, *, n_classes=10, setting=None, slide=False):
    """NMI, AMI and ARI against k2 (left), and the number of clusters (right, log scale) (07).

    Examples
    --------
    >>> d = k2_sweep([1, 5, 9], [0.5, 0.9, 0.4], [0.2, 0.85, 0.38], [0.1, 0.8, 0.3],
    ...              [40, 12, 3], n_classes=10)
    >>> d
    NMI, AMI and ARI all peak at k2 = 5 (NMI 0.900), while the number of clusters falls from \
40 at k2 = 1 to 3 at k2 = 9, passing the 10 classes between k2 = 5 and k2 = 9.
    >>> print(d.long)  # doctest: +NORMALIZE_WHITESPACE
    Left, the agreement of the clusters with the classes against k2 from 1 to 9: the NMI rises
    from 0.500 at k2 = 1 to 0.900 at k2 = 5, then falls back to 0.400 at k2 = 9; the AMI rises
    from 0.200 at k2 = 1 to 0.850 at k2 = 5, then falls back to 0.380 at k2 = 9; the ARI rises
    from 0.100 at k2 = 1 to 0.800 at k2 = 5, then falls back to 0.300 at k2 = 9. At k2 = 1, with
    40 clusters, the NMI is 0.500 but the AMI, which subtracts what chance alone scores, only
    0.200. Right, the number of clusters on a log scale falls from 40 at k2 = 1 to 3 at k2 = 9; a
    dashed line marks the 10 classes.
    """
    k2 = np.asarray(k2)
    scores = {"NMI": np.asarray(nmi, float), "AMI": np.asarray(ami, float),
              "ARI": np.asarray(ari, float)}
    n_clusters = np.asarray(n_clusters)
    with style(slide):
        fig = new_figure((9.6, 4.2) if slide else (9, 3.2))
        left, right = fig.subplots(1, 2)
        for i, (label, values) in enumerate(scores.items()):
            left.plot(k2, values, label=label, **palette.series_style(i))
        left.set_xlabel("$k_2$")
        left.set_ylabel("agreement with the classes")
        left.legend()
        right.semilogy(k2, n_clusters, **palette.series_style(4))
        right.axhline(n_classes, color=palette.GREY, linestyle="--")
        right.set_xlabel("$k_2$")
        right.set_ylabel("clusters (log scale)")
        best = {label: int(k2[np.argmax(v)]) for label, v in scores.items()}
        at = "" if setting is None else f" (k1 = {setting})"
        if len(set(best.values())) == 1:
            b = int(np.argmax(scores["NMI"]))
            peak = (f"NMI, AMI and ARI{at} all peak at k2 = {k2[b]} (NMI "
                    f"{scores['NMI'][b]:.3f})")
        else:
            peak = ("NMI, AMI and ARI" + at + " peak at k2 = "
                    + listed([str(best[label]) for label in scores]) + " in that order")
        below = np.flatnonzero(n_clusters < n_classes)
        cross = ("" if len(below) == 0 or below[0] == 0 else
                 f", passing the {n_classes} classes between k2 = {k2[below[0] - 1]} and "
                 f"k2 = {k2[below[0]]}")
        alt = (f"{peak}, while the number of clusters falls from {n_clusters[0]} at "
               f"k2 = {k2[0]} to {n_clusters[-1]} at k2 = {k2[-1]}{cross}.")
        fmt = lambda v: f"{v:.3f}"  # noqa: E731 (the scores' three places, as the table)
        tol = tolerance(*scores.values())
        left_words = "; ".join(f"the {label} {shape(k2, v, tol=tol, name='k2', fmt=fmt)}"
                               for label, v in scores.items())
        counts = shape(k2, n_clusters, tol=tolerance(n_clusters), name="k2",
                       fmt=lambda v: f"{v:.0f}")
        long = (f"Left, the agreement of the clusters with the classes against k2 from {k2[0]} "
                f"to {k2[-1]}: {left_words}. At k2 = {k2[0]}, with {n_clusters[0]} clusters, "
                f"the NMI is {scores['NMI'][0]:.3f} but the AMI, which subtracts what chance "
                f"alone scores, only {scores['AMI'][0]:.3f}. Right, the number of clusters on "
                f"a log scale {counts}; a dashed line marks the {n_classes} classes.")
        numbers = {"k2": k2, "clusters": n_clusters} | scores
        return describe(fig, alt, numbers, long=long)
