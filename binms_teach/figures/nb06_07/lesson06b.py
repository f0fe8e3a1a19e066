"""The figures of lesson 06b: the moves, the largest basins, the path map, the row orders."""

from __future__ import annotations

import numpy as np

from .. import palette
from ..common import listed, new_figure
from ..projection import describe, style
from ..shape import shape, tolerance
from .panels import DIGITS_SHAPE, draw_image, frame_panel, median_text, small_text, whole_ticks

__all__ = ["largest_basins", "moves_histogram", "path_map_figure", "row_order_figure"]


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
        whole_ticks(ax.xaxis, ax.yaxis)  # counts: no half a move, no half a point
        ax.legend()
        medians = [float(np.median(moves[k])) for k in sorted(ks)]
        longer = medians == sorted(medians) and medians[0] < medians[-1]
        trend = ("the more voters, the longer the ascents" if longer else
                 "the ascents are as long with more voters" if len(set(medians)) == 1 else
                 "more voters do not always make longer ascents")
        alt = (f"Histogram of the moves each of the {n_points} points makes before it reaches "
               f"its fixed point, one outline per k1: {trend}, with a median of "
               f"{listed([median_text(moves[k]) for k in ks])} moves for k1 = {listed(ks)}.")
        tol = tolerance(*counts.values())
        moves_at = list(range(top + 1))
        long = "; ".join(
            f"k1 = {k}: the number of points {shape(moves_at, counts[k], tol=tol, name='moves')}"
            f" (median {median_text(moves[k])}, at most {int(np.max(moves[k]))} moves)"
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
            draw_image(row[0], distinct[b], shape)
            frame_panel(row[0])
            row[0].set_title(f"mode: {size[b]}", fontsize=small_text())
            for j, ax in enumerate(row[1:]):
                if j < len(m):
                    draw_image(ax, X[m[j]], shape)
                    frame_panel(ax, False)
                    ax.set_title(f"{m[j]} ({y[m[j]]})", fontsize=small_text())
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
        # one colour per digit, and the digits written at the mode their paths reach: a 0 that
        # climbs into an 8's mode shows as a "0" beside the 8's marker. Projected, the classes
        # present take the eight series colours (no two alike; indigo beside blue and gold
        # beside orange are, in a hall) and the labels are black on white, moved apart.
        present = np.unique(digits).tolist()
        looks = {d: palette.cluster_style(d) for d in present}
        if slide and len(present) <= len(palette.COLOURS):
            looks = {d: looks[d] | {"color": palette.COLOURS[i]} for i, d in enumerate(present)}
        written = {}
        for digit, visited in zip(digits, pm.paths, strict=True):
            s = looks[int(digit)]
            ax.plot(*pm.coords[visited].T, color=s["color"], linestyle=s["linestyle"],
                    linewidth=2.0 if slide else 1.2)
            ax.plot(*pm.coords[visited[-1]], marker=s["marker"], color=s["color"],
                    markeredgecolor="k", markersize=14 if slide else 9, linestyle="none")
            written.setdefault(int(visited[-1]), {}).setdefault(int(digit), s["color"])
        if slide:
            _label_modes(ax, pm.coords, written)
        else:
            for end, classes in written.items():
                for j, (digit, colour) in enumerate(sorted(classes.items())):
                    ax.annotate(str(digit), pm.coords[end], xytext=(8 + 14 * j, 6),
                                textcoords="offset points", color=colour, fontweight="bold")
        handles = [Line2D([], [], label=str(d), markeredgecolor="k", **looks[d])
                   for d in present]
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


def _label_modes(ax, coords, written):
    """Each mode's classes ("0 1 8") beside it, black on white, none over another: a label
    that would touch one already placed moves down a line until it is clear."""
    ax.autoscale_view()
    to_axes = ax.transData + ax.transAxes.inverted()
    placed = []
    for end, classes in sorted(written.items(), key=lambda e: -coords[e[0]][1]):
        x, y = to_axes.transform(coords[end])
        x, y = min(x + 0.03, 0.82), min(y, 0.92)  # under the title
        while any(abs(x - u) < 0.16 and abs(y - v) < 0.09 for u, v in placed):
            y -= 0.09
        placed.append((x, y))
        ax.text(x, y, " ".join(str(d) for d in sorted(classes)), transform=ax.transAxes,
                va="center", fontweight="bold",
                bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "alpha": 0.85,
                      "edgecolor": "none"})


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
