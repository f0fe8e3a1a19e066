"""What the figures of lessons 06, 06b and 07 share: image panels, whole-number ticks, and the
words for what a 0/1 image looks like (`ink_words`)."""

from __future__ import annotations

import numpy as np

from ..common import listed

INK = "gray_r"  # a 0/1 image: 0 white, 1 black (black and white are not series colours)
DIGITS_SHAPE = (16, 15)  # a Digits image: 16 rows of 15 pixels


def small_text():
    """The smallest text size of the current style (titles of small image panels)."""
    import matplotlib

    return matplotlib.rcParams["xtick.labelsize"]


def draw_image(ax, vector, shape, cmap=INK, **kwargs):
    art = ax.imshow(np.asarray(vector).reshape(shape), cmap=cmap, **kwargs)
    ax.set_xticks([])
    ax.set_yticks([])
    return art


def frame_panel(ax, on=True):
    """Show (or hide) the panel's border: a framed panel is a mode, not a data point."""
    for spine in ax.spines.values():
        spine.set_visible(on)
        spine.set_linewidth(2.5)


def image_panels(fig, count, slide):
    """``count`` image panels: one row in a lesson, two rows on a slide when there are many."""
    rows = 2 if slide and count > 6 else 1
    cols = -(-count // rows)
    axes = fig.subplots(rows, cols, squeeze=False).ravel()
    for ax in axes[count:]:
        ax.set_axis_off()
    return axes[:count]


def whole_ticks(*axes):
    """Whole-number ticks on axes that count (moves, points, clusters)."""
    from matplotlib.ticker import MaxNLocator

    for axis in axes:
        axis.set_major_locator(MaxNLocator(integer=True))


def median_text(values):
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
