"""The figures of lesson 06: the first images of Digits, one ascent step by step."""

from __future__ import annotations

import numpy as np

from .. import palette
from ..common import listed, new_figure
from ..projection import describe, style
from .panels import DIGITS_SHAPE, draw_image, frame_panel, image_panels, ink_words, small_text

__all__ = ["ascent_figure", "first_images"]


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
        axes = image_panels(fig, len(classes), slide)
        for ax, c, r in zip(axes, classes, rows, strict=True):
            draw_image(ax, X[r], shape)
            ax.set_title(str(c))
            frame_panel(ax, False)
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
            draw_image(top, s.x, shape)
            top.set_title(rf"$\mathbf{{x}}_{{{s.j}}}$")
            votes = draw_image(bottom, s.ones, shape, cmap=palette.DIVERGING_CMAP, vmin=0, vmax=k1)
            rows, cols = np.nonzero(np.asarray(s.ties).reshape(shape))
            if slide:  # a black dot ringed in white, seen from the back on every colour
                bottom.plot(cols, rows, "o", color="k", markeredgecolor="white",
                            linestyle="none", markersize=7, markeredgewidth=1.2)
            else:
                bottom.plot(cols, rows, "k.", markersize=4)
            bottom.set_title(f"{s.n_changed} changed", fontsize=small_text())
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
