"""The notebooks' widgets: they only display the state that `binms_teach.trace` computes.

Model and view apart: every picture is a pure function of a state object
(`AscentStep`, `PathFrame`, `LabellingState`), and every widget holds its
current state in ``.state`` and its text in ``.readout.value``, so that tests
can drive the controls (``slider.value = ...``, ``button.click()``) and check
what is shown without a browser.

- `AscentExplorer`: one ascent x_{j+1} = maj(NN_k1(x_j)) on image data, step by step;
- `PathMapExplorer`: the paths of many points on an MDS map, over the updates;
- `LabellingExplorer`: epsilon(k2), the graph H <= epsilon among the modes, the clusters.

Readers without a kernel (GitHub, nbviewer, a static site) cannot run a
widget: each explorer's display bundle carries, beside the live widget view,
an ``image/png`` of its current view (`_Explorer.view`), which they show
instead of the text "VBox(...)"; JupyterLab still shows the live widget.

Speed: the explorer draws its pictures as small PNG images straight from the
0/1 arrays (nearest-neighbour upscaling, a few lines of numpy and zlib) and
caches one trace per (point, k1); an update takes a few milliseconds
(`benchmarks/widget_step.py` measures it). The two map widgets draw one
matplotlib figure once and then only update its artists' data.
"""

import base64
import html
import re
import struct
import textwrap
import zlib
from collections import OrderedDict

import ipywidgets as widgets
import numpy as np
from matplotlib import colormaps
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.markers import MarkerStyle
from scipy.sparse.csgraph import minimum_spanning_tree

from ._validation import check_binary, check_int, check_neighbours, check_tie
from .hamming import hamming
from .majority import majority_vote
from .palette import DIVERGING_CMAP, series_style
from .trace import LabellingModel, ascent_trace, classical_mds

# Colours (RGB): ink and paper of the 0/1 images, and the marks.
INK = (25, 25, 25)
PAPER = (255, 255, 255)
GRID = (222, 222, 222)
TURNED_ON = (213, 94, 0)      # a 0 that becomes 1 (vermillion)
TURNED_OFF = (86, 180, 233)   # a 1 that becomes 0 (sky blue)
CURRENT = (0, 114, 178)       # the frame of the current iterate (blue)
VOTES_CMAP = DIVERGING_CMAP   # 0 votes for 1: purple, half: white, all: orange


# ---------------------------------------------------------------- pictures (pure functions)

def png_bytes(rgb):
    """Encode an (h, w, 3) uint8 RGB array as PNG bytes (8-bit RGB, no filter).

    Examples
    --------
    >>> png_bytes(np.zeros((2, 3, 3), dtype=np.uint8))[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """
    rgb = np.ascontiguousarray(rgb, dtype=np.uint8)
    h, w, _ = rgb.shape
    raw = np.zeros((h, 3 * w + 1), dtype=np.uint8)  # each row: filter byte 0, then pixels
    raw[:, 1:] = rgb.reshape(h, 3 * w)

    def chunk(tag, data):
        return (struct.pack(">I", len(data)) + tag + data
                + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw.tobytes(), 1)) + chunk(b"IEND", b""))


def _upscale(cells, scale, grid):
    """(h, w, 3) cell colours -> (h*scale, w*scale, 3) pixels, with light cell borders."""
    img = np.repeat(np.repeat(cells, scale, axis=0), scale, axis=1)
    if grid and scale >= 4:
        img[::scale, :] = GRID
        img[:, ::scale] = GRID
    return img


def binary_image(x, shape, scale=10, grid=True):
    """A 0/1 vector drawn as an image: 1 is ink, 0 is paper, row-major in ``shape``.

    Examples
    --------
    >>> binary_image(np.array([1, 0]), (1, 2), scale=1)[0].tolist()
    [[25, 25, 25], [255, 255, 255]]
    """
    cells = np.where(np.asarray(x).reshape(shape)[..., None] == 1, INK, PAPER)
    return _upscale(cells.astype(np.uint8), scale, grid)


def next_image(x, x_next, shape, scale=10):
    """x_{j+1} drawn over x_j: unchanged bits in ink/paper, flips in colour.

    A 0 that becomes 1 is a filled vermillion cell, a 1 that becomes 0 a sky
    blue cell with a white ring: dark and filled against light and ringed, so
    the two are told apart without their colours.
    """
    x, x_next = np.asarray(x).reshape(shape), np.asarray(x_next).reshape(shape)
    cells = np.where(x_next[..., None] == 1, INK, PAPER).astype(np.uint8)
    cells[(x_next == 1) & (x == 0)] = TURNED_ON
    turned_off = (x_next == 0) & (x == 1)
    cells[turned_off] = TURNED_OFF
    img = _upscale(cells, scale, True)
    if scale >= 8:  # the ring: a one-pixel square inside the cell, clear of its centre
        ring = np.zeros((scale, scale), dtype=bool)
        ring[2, 2:-2] = ring[-3, 2:-2] = ring[2:-2, 2] = ring[2:-2, -3] = True
        img[np.kron(turned_off, ring).astype(bool)] = PAPER
    return img


_VOTES_CMAP = colormaps[VOTES_CMAP]  # colormaps[...] returns a copy: look it up once


def votes_lut(k1):
    """The colour of 0, 1, ..., k1 votes for a 1: purple (none), white (half), orange (all)."""
    return (_VOTES_CMAP(np.linspace(0, 1, k1 + 1))[:, :3] * 255).round().astype(np.uint8)


def votes_image(ones, ties, k1, shape, scale=10, lut=None):
    """The per-pixel vote counts as a heat map; tied pixels carry a black dot."""
    lut = votes_lut(k1) if lut is None else lut
    img = _upscale(lut[np.asarray(ones).reshape(shape)], scale, True)
    dot = np.zeros((scale, scale), dtype=bool)
    lo, hi = scale // 2 - max(1, scale // 5), scale // 2 + max(1, scale // 5)
    dot[lo:hi, lo:hi] = True
    img[np.kron(np.asarray(ties).reshape(shape), dot).astype(bool)] = (0, 0, 0)
    return img


def mosaic(images, ncols, gap=4, background=PAPER):
    """Lay equal-sized (h, w, 3) images out in a grid, left to right, top to bottom."""
    h, w, _ = images[0].shape
    nrows = -(-len(images) // ncols)
    ncols = min(ncols, len(images))
    out = np.empty((nrows * (h + gap) + gap, ncols * (w + gap) + gap, 3), dtype=np.uint8)
    out[:] = background
    for i, image in enumerate(images):
        r, c = divmod(i, ncols)
        out[gap + r * (h + gap): gap + r * (h + gap) + h,
            gap + c * (w + gap): gap + c * (w + gap) + w] = image
    return out


def _framed(image, colour, width=2):
    out = image.copy()
    out[:width], out[-width:], out[:, :width], out[:, -width:] = colour, colour, colour, colour
    return out


def _column(children, margin=None):
    """A VBox whose children keep their natural width (a VBox stretches images by default)."""
    layout = widgets.Layout(align_items="flex-start")
    if margin:
        layout.margin = margin
    return widgets.VBox(children, layout=layout)


def votes_key(k1, scale=10):
    """The colour key of the vote heat map: one cell per count 0, 1, ..., k1, left to right."""
    lut = votes_lut(k1)
    return _upscale(lut[np.arange(k1 + 1)][None, :, :], scale, True)


def _plain(text):
    """HTML of a caption as plain text: x<sub>j</sub> -> x_j, tags dropped."""
    text = re.sub(r"<sub>(.*?)</sub>", r"_\1", text)
    return html.unescape(re.sub(r"<[^>]+>", "", text))


TEXT_HEIGHT = 16  # pixels per line of 10-point text at 72 dots per inch


def view_picture(rows, pad=8, min_width=560):
    """Stack a view's text lines and pictures into one RGB image, top to bottom.

    Parameters
    ----------
    rows : list
        Each row is a str (a line of text, wrapped to the width) or a list of
        (caption, rgb) pairs laid out left to right, each rgb at its own size.

    Returns
    -------
    rgb : ndarray of uint8, shape (h, w, 3)
    places : list of (row, column)
        The top-left pixel of every picture, in the order given.

    Examples
    --------
    >>> rgb, places = view_picture(["a line", [("", np.zeros((4, 6, 3), np.uint8))]])
    >>> places, bool((rgb[places[0][0]:, 8:14][:4] == 0).all())
    ([(24, 8)], True)
    """
    widths = [pad + sum(im.shape[1] + pad for _, im in row) for row in rows
              if not isinstance(row, str)]
    W = max([min_width, *widths])
    chars = max(20, (W - 2 * pad) // 6)  # about 6 pixels per character at 10 points
    layout, y = [], pad
    for row in rows:
        if isinstance(row, str):
            for line in textwrap.wrap(row, chars) or [""]:
                layout.append(("text", line, y))
                y += TEXT_HEIGHT
        else:
            top = y + (TEXT_HEIGHT if any(c for c, _ in row) else 0)
            layout.append(("row", row, top))
            y = top + max(im.shape[0] for _, im in row) + pad
    H = y + pad
    fig = Figure(figsize=(W / 72, H / 72), dpi=72, facecolor="white")
    canvas = FigureCanvasAgg(fig)
    w, h = canvas.get_width_height()  # the pixels Agg really draws (W, H up to rounding)
    places = []
    for kind, item, top in layout:
        if kind == "text":
            fig.text(pad / w, 1 - (top + 12) / h, item, fontsize=10)
            continue
        x = pad
        for caption, im in item:
            if caption:
                room = (im.shape[1] + pad) // 5  # characters of 9 points over the picture
                fig.text(x / w, 1 - (top - 4) / h, textwrap.shorten(caption, max(room, 12)),
                         fontsize=9)
            fig.figimage(im, xo=x, yo=h - top - im.shape[0], origin="upper")
            places.append((top, x))
            x += im.shape[1] + pad
    canvas.draw()
    return np.asarray(canvas.buffer_rgba())[..., :3].copy(), places


def _plural(count, one, many):
    return f"{count} {one if count == 1 else many}"


def step_readout(step, n_steps, neighbours="index"):
    """The explorer's one-line summary of a step.

    Under ``neighbours="ball"`` it also says how many data points vote (the
    closed ball may hold more than k1).

    Examples
    --------
    >>> from binms_teach.trace import ascent_trace
    >>> trace = ascent_trace([[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]], 0, k1=3)
    >>> step_readout(trace.steps[0], trace.n_iter)
    'iteration 0 of 1 · k1 = 3 · 1 bit changes · 0 ties'
    >>> step_readout(trace.steps[1], trace.n_iter)
    'iteration 1 of 1 · k1 = 3 · 0 bits change · 0 ties · fixed point: x_1 is a mode'
    """
    text = f"iteration {step.j} of {n_steps - 1} · k1 = {step.k1} · "
    if neighbours == "ball":
        text += f"ball of {_plural(len(step.neighbours), 'point', 'points')} · "
    text += (f"{_plural(step.n_changed, 'bit changes', 'bits change')} · "
            f"{_plural(step.n_ties, 'tie', 'ties')}")
    if step.fixed:
        text += f" · fixed point: x_{step.j} is a mode"
    return text


# ---------------------------------------------------------------- the ascent explorer

class _Explorer:
    """What every explorer shares: Jupyter displays its ``ui``; ``state`` is what it shows.

    The display bundle holds the live widget view and an ``image/png`` of the
    current view (`view`), which a reader without a kernel sees instead.
    """

    def _repr_mimebundle_(self, **kwargs):
        bundle = self.ui._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["image/png"] = base64.b64encode(png_bytes(self.view()[0])).decode("ascii")
        data["text/plain"] = f"{type(self).__name__}: {self.readout.value}"
        return bundle

    def view(self):
        """The current view as one RGB picture, and where each of its pictures sits."""
        return view_picture(self._view_rows())

    @property
    def state(self):
        return self._state


class AscentExplorer(_Explorer):
    """Watch one binary gradient ascent on image data, one update at a time.

    Controls: ``point`` (the data index x_0 starts from), ``k1``, the
    ``neighbours`` rule ("index": the k1 nearest, the lower row index wins a
    tie; "ball": every data point within the k1-th smallest distance),
    ``play``, ``back`` and ``step`` (description "step"), and the
    ``iteration`` slider. For the current iteration j it shows x_j, its voters
    (nearest first), their votes for a 1 in every pixel (ties dotted), and
    x_{j+1} with the bits that changed marked, plus the whole path.

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
    start : int, default 0
        The data index of the first point shown.
    k1 : int, default 10
    tie : {"one", "zero", "keep"}, default "one"
    max_iter : int, default 100
    neighbours : {"index", "ball"}, default "index"
        The neighbour rule shown first.
    shape : (int, int), default (16, 15)
        Rows and columns of one image, row-major (Digits: 16 rows of 15 pixels).
    y : array-like of shape (n,), optional
        Labels, shown next to the point.
    k1_max : int, default 30
    scale : int, default 10
        Screen pixels per image pixel.

    Attributes
    ----------
    state : AscentStep
        The step on display.
    trace : AscentTrace
        The ascent on display.
    readout : ipywidgets.Label
        One line, e.g. "iteration 3 of 6 · k1 = 10 · 4 bits change · 2 ties".
    images : dict of ipywidgets.Image
        "iterate", "votes", "next", "neighbours", "path"; ``pixels`` holds the
        RGB arrays they show.

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
    >>> ex = AscentExplorer(X, k1=3, shape=(1, 3), k1_max=4)
    >>> ex.readout.value
    'iteration 0 of 1 · k1 = 3 · 1 bit changes · 0 ties'
    >>> ex.step.click()
    >>> ex.state.j, ex.state.x.tolist()
    (1, [0, 0, 1])
    """

    CACHE_SIZE = 256

    def __init__(self, X, *, start=0, k1=10, tie="one", max_iter=100, neighbours="index",
                 shape=(16, 15), y=None, k1_max=30, scale=10):
        self.X = check_binary(X)
        n, d = self.X.shape
        self.shape = tuple(int(s) for s in shape)
        if len(self.shape) != 2 or self.shape[0] * self.shape[1] != d:
            raise ValueError(f"shape={shape} does not hold the {d} features of a sample; "
                             f"give (rows, columns) with rows * columns = {d}.")
        self.tie = check_tie(tie)
        self.max_iter = check_int(max_iter, "max_iter", 1, 10**6,
                                  "The explorer shows at least one update.")
        k1_max = check_int(k1_max, "k1_max", 1, n, f"k1 counts neighbours among the {n} points.")
        check_int(k1, "k1", 1, k1_max, "Raise k1_max to explore a larger k1.")
        check_int(start, "start", 0, n - 1, "start is a data index.")
        self.y = None if y is None else np.asarray(y)
        self.scale = check_int(scale, "scale", 1, 64)
        self.thumb_scale = max(2, 2 * self.scale // 5)  # neighbours, 10 to a row
        self.path_scale = self.thumb_scale  # the path, 12 to a row
        self._cache = OrderedDict()
        self._luts = {}
        self._silent = False

        # controls
        self.point = widgets.BoundedIntText(value=start, min=0, max=n - 1, description="point",
                                            layout=widgets.Layout(width="170px"))
        self.k1 = widgets.IntSlider(value=k1, min=1, max=k1_max, description="k1",
                                    continuous_update=False)
        self.neighbours = widgets.ToggleButtons(
            options=["index", "ball"], value=check_neighbours(neighbours),
            description="neighbours",
            style={"button_width": "60px", "description_width": "initial"},
            tooltips=["the k1 nearest; at equal distance the lower row index wins",
                      "every data point within the k1-th smallest distance"])
        self.iteration = widgets.IntSlider(value=0, min=0, max=0, description="iteration")
        self.play = widgets.Play(value=0, min=0, max=0, interval=900, description="play")
        self.back = widgets.Button(description="back", icon="step-backward",
                                   tooltip="show the previous update", layout={"width": "90px"})
        self.step = widgets.Button(description="step", icon="step-forward",
                                   tooltip="show the next update", layout={"width": "90px"})
        self.readout = widgets.Label()
        self.readout.add_class("bga-readout")
        self.title = widgets.HTML()
        # pictures
        names = ("iterate", "votes", "next", "neighbours", "path")
        self.images = {name: widgets.Image(format="png") for name in names}
        for name, image in self.images.items():
            image.add_class(f"bga-{name}")
        self.pixels = {}
        self.captions = {name: widgets.HTML() for name in names}
        self.legend = widgets.HTML()

        widgets.link((self.play, "value"), (self.iteration, "value"))
        self.point.observe(self._on_start, "value")
        self.k1.observe(self._on_start, "value")
        self.neighbours.observe(self._on_start, "value")
        self.iteration.observe(self._on_iteration, "value")
        self.step.on_click(lambda _: self._move(+1))
        self.back.on_click(lambda _: self._move(-1))

        def panel(name):
            return _column([self.captions[name], self.images[name]], margin="0 16px 4px 0")

        self.ui = _column([
            self.title,
            widgets.HBox([self.point, self.k1, self.neighbours]),
            widgets.HBox([self.play, self.back, self.step, self.iteration]),
            self.readout,
            widgets.HBox([panel("iterate"), panel("votes"), panel("next")]),
            self.legend,
            panel("neighbours"),
            panel("path"),
        ])
        self._load()


    # model -----------------------------------------------------------------
    def trace_for(self, point, k1, neighbours="index"):
        """The (cached) `AscentTrace` of data point ``point`` with ``k1`` and a neighbour rule."""
        key = (int(point), int(k1), check_neighbours(neighbours))
        if key in self._cache:
            self._cache.move_to_end(key)
        else:
            self._cache[key] = ascent_trace(self.X, key[0], key[1], self.max_iter, self.tie,
                                            neighbours=key[2])
            if len(self._cache) > self.CACHE_SIZE:
                self._cache.popitem(last=False)
        return self._cache[key]

    @property
    def trace(self):
        return self._trace

    @property
    def state(self):
        return self._trace.steps[self.iteration.value]

    # controller ------------------------------------------------------------
    def _on_start(self, _change):
        self._load()

    def _on_iteration(self, _change):
        if not self._silent:
            self._render()

    def _move(self, delta):
        self.iteration.value = min(max(self.iteration.value + delta, 0), self.iteration.max)

    def _load(self):
        """A new point or k1: fetch its trace, go back to iteration 0, draw."""
        self._trace = self.trace_for(self.point.value, self.k1.value, self.neighbours.value)
        last = self._trace.n_iter - 1
        self._silent = True
        try:
            self.iteration.value = 0
            self.iteration.max = last
            self.play.max = last
            self.play.value = 0
        finally:
            self._silent = False
        self._render_trace()
        self._render()

    # view ------------------------------------------------------------------
    def _view_rows(self):
        step = self.state
        m = len(step.neighbours)
        c = {name: _plain(cap.value) for name, cap in self.captions.items()}
        ties = ("black dot: a tie (exactly half)" if m % 2 == 0
                else "odd number of voters: no ties")
        return [
            _plain(self.title.value), self.readout.value,
            [(c["iterate"], self.pixels["iterate"]), (c["votes"], self.pixels["votes"]),
             (c["next"], self.pixels["next"])],
            f"colour key of the votes for a 1: 0 (left) to {m} (right), {m} voters; {ties}",
            [("", votes_key(m, self.thumb_scale * 2))],
            f"in x_{step.j + 1}: filled vermillion, a 0 that becomes 1; sky blue with a white "
            "ring, a 1 that becomes 0",
            c["neighbours"], [("", self.pixels["neighbours"])],
            c["path"], [("", self.pixels["path"])],
        ]

    def _show(self, name, rgb):
        self.pixels[name] = rgb
        self.images[name].value = png_bytes(rgb)
        self.images[name].width = str(rgb.shape[1])  # one screen pixel per pixel drawn

    def _render_trace(self):
        """What changes only with the point or k1: title, legend."""
        tr = self._trace
        i = tr.start
        label = "" if self.y is None else f" (label {self.y[i]})"
        rule = getattr(tr, "neighbours", "index")
        cycled = (not tr.converged and len(tr.path) > 1
                  and any((tr.path[-1] == p).all() for p in tr.path[:-1]))
        end = ("a fixed point" if tr.converged
               else "an earlier iterate: a cycle, stopped there" if cycled
               else f"max_iter = {tr.max_iter} updates without a fixed point")
        self.title.value = (
            f"<b>point {i}</b>{label}: x<sub>0</sub> = X<sub>{i}</sub> moves "
            f"{_plural(len(tr.path) - 1, 'time', 'times')} and stops at {end}; "
            f"{_plural(tr.n_iter, 'update', 'updates')} computed; neighbours = {rule!r}.")

    def _lut(self, m):
        if m not in self._luts:
            self._luts[m] = votes_lut(m)
        return self._luts[m]

    def _render_legend(self, m):
        """The colour key of the votes of m voters (k1, or the ball's size)."""
        lut = self._lut(m)
        ink = ["white" if lut[v] @ (0.299, 0.587, 0.114) < 128 else "black" for v in range(m + 1)]
        swatches = "".join(
            f"<span style='background:rgb{tuple(int(c) for c in lut[v])};color:{ink[v]};"
            f"padding:0 5px;border:1px solid #ccc'>{v}</span>" for v in range(m + 1))
        ties = (f"black dot: a tie (exactly half), settled by tie = {self.tie!r}"
                if m % 2 == 0 else f"{m} voters, an odd number: no ties")
        self.legend.value = (
            f"<small>votes for a 1 among the {m} voters: {swatches} · {ties}"
            f" · in x<sub>j+1</sub>: <span style='color:rgb{TURNED_ON}'>■</span> (filled) a 0 "
            f"that becomes 1, <span style='color:rgb{TURNED_OFF}'>▣</span> (ringed) a 1 that "
            f"becomes 0</small>")

    def _render(self):
        step, tr, s = self.state, self._trace, self.scale
        j, m = step.j, len(step.neighbours)
        ball = getattr(tr, "neighbours", "index") == "ball"
        self._render_legend(m)
        self._show("iterate", binary_image(step.x, self.shape, s))
        self._show("votes", votes_image(step.ones, step.ties, m, self.shape, s, self._lut(m)))
        self._show("next", next_image(step.x, step.x_next, self.shape, s))
        thumbs = [binary_image(self.X[i], self.shape, self.thumb_scale, grid=False)
                  for i in step.neighbours]
        self._show("neighbours", mosaic(thumbs, ncols=10))
        path = [binary_image(x, self.shape, self.path_scale, grid=False) for x in tr.path]
        path = [np.pad(p, ((3, 3), (3, 3), (0, 0)), constant_values=255) for p in path]
        path[min(j, len(path) - 1)] = _framed(path[min(j, len(path) - 1)], CURRENT, 3)
        self._show("path", mosaic(path, ncols=12, gap=2))

        self.captions["iterate"].value = f"<b>x<sub>{j}</sub></b>, the iterate"
        voters = (f"B(x<sub>{j}</sub>, δ<sub>({step.k1})</sub>(x<sub>{j}</sub>))" if ball
                  else f"NN<sub>{step.k1}</sub>(x<sub>{j}</sub>)")
        self.captions["votes"].value = f"votes for a 1 among {voters}"
        self.captions["next"].value = f"<b>x<sub>{j + 1}</sub></b> = maj({voters})"
        shown = ", ".join(str(int(v)) for v in step.distances)
        self.captions["neighbours"].value = (
            f"{voters}{f', {m} points' if ball else ''}, nearest first: data points "
            f"{', '.join(str(int(v)) for v in step.neighbours[:10])}"
            f"{' …' if m > 10 else ''}; Hamming distances {shown}")
        self.captions["path"].value = (f"the path x<sub>0</sub>, …, x<sub>{len(tr.path) - 1}"
                                       f"</sub>; x<sub>{j}</sub> framed")
        self.readout.value = step_readout(step, tr.n_iter, "ball" if ball else "index")
        self.back.disabled = j == 0
        self.step.disabled = j == tr.n_iter - 1


# ---------------------------------------------------------------- the path map

class _Blitter:
    """A matplotlib figure drawn once; each update redraws only its animated artists.

    The static part (axes, labels, background points) is rendered once and kept
    as pixels; an update restores it, draws the artists marked ``animated=True``
    and encodes the canvas as PNG.
    """

    def __init__(self, size, ncols=1):
        self.fig = Figure(figsize=size, dpi=80)
        self.canvas = FigureCanvasAgg(self.fig)
        self.axes = self.fig.subplots(1, ncols)
        self.animated = []
        self._background = None

    def freeze(self):
        """Render the static part; call after every artist is added."""
        self.canvas.draw()  # artists with animated=True are left out
        self._background = self.canvas.copy_from_bbox(self.fig.bbox)

    def png(self):
        self.canvas.restore_region(self._background)
        for artist in self.animated:
            self.fig.draw_artist(artist)
        self.last_rgb = np.asarray(self.canvas.buffer_rgba())[..., :3].copy()
        return png_bytes(self.last_rgb)


def _marker_path(marker):
    """The outline of a matplotlib marker, ready for `PathCollection.set_paths`."""
    style = MarkerStyle(marker)
    return style.get_path().transformed(style.get_transform())


def _rgba(hex_colour):
    h = hex_colour.lstrip("#")
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)) + (1.0,)


def label_style(code):
    """Colour (RGBA), marker and line style of the label with code ``code`` (0, 1, ...).

    Okabe-Ito colours (`binms_teach.palette`); the colour repeats after 8 but
    the marker does not before 10, so no two digits look alike.
    """
    style = series_style(int(code))
    return _rgba(style["color"]), style["marker"], style["linestyle"]


GREY = (0.82, 0.82, 0.82, 1.0)


class PathMapExplorer(_Explorer):
    """The ascent paths of many points running into their modes, on an MDS map.

    Parameters
    ----------
    path_map : PathMap
        From `binms_teach.trace.path_map`.
    y : array-like of shape (n,), optional
        Labels of the whole data set; each path has the colour, marker and line
        style of its start's label (the i-th distinct label gets `label_style`
        (i)), and a legend names them.
    size : (float, float), default (7.5, 5)
        The figure size in inches.

    Attributes
    ----------
    updates : ipywidgets.IntSlider
        t, the number of updates applied (description "updates").
    state : PathFrame
        Where every path is after t updates.
    readout : ipywidgets.Label
    image : ipywidgets.Image
    figure : matplotlib.figure.Figure
        The figure drawn into ``image``; its artists ``trails`` (the paths up
        to t), ``moving_markers`` and ``arrived_markers`` (the iterates after t
        updates, in their start's label's colour and marker) hold what is on
        display.
    """

    def __init__(self, path_map, *, y=None, size=(7.5, 5)):
        self.map = pm = path_map
        self.updates = widgets.IntSlider(value=0, min=0, max=pm.n_steps, description="updates")
        self.play = widgets.Play(value=0, min=0, max=pm.n_steps, interval=700, description="play")
        widgets.link((self.play, "value"), (self.updates, "value"))
        self.readout = widgets.Label()
        self.readout.add_class("bga-pathmap-readout")
        self.image = widgets.Image(format="png")
        if y is None:
            names, codes = ["paths"], np.zeros(len(pm.starts), dtype=int)
            styles = [((0.3, 0.3, 0.3, 1.0), "o", "-")]
        else:
            # The i-th label of the whole data set gets the i-th style (digit d gets
            # label_style(d)), whichever labels the starts happen to have.
            names, inverse = np.unique(np.asarray(y), return_inverse=True)
            codes = inverse.reshape(-1)[pm.starts]
            styles = [label_style(i) for i in range(len(names))]
        colours = np.array([styles[c][0] for c in codes])
        self._colours = colours
        self._markers = [_marker_path(styles[c][1]) for c in codes]

        self._plot = plot = _Blitter(size)
        ax = plot.axes
        c = pm.coords
        ax.scatter(c[pm.background, 0], c[pm.background, 1], s=6, color="0.8", linewidths=0,
                   label="data points")
        ends = np.array([p[-1] for p in pm.paths])
        ax.scatter(c[ends, 0], c[ends, 1], s=150, marker="*", facecolors="none",
                   edgecolors="k", linewidths=0.6, label="modes reached")
        self.trails = LineCollection([], colors=colours, linewidths=1.0, alpha=0.8,
                                      linestyles=[styles[c][2] for c in codes], animated=True)
        ax.add_collection(self.trails)
        empty = np.zeros(0)
        self.moving_markers = ax.scatter(empty, empty, s=24, color="0.4", edgecolors="k",
                                         linewidths=0.4, animated=True, label="moving iterates")
        self.arrived_markers = ax.scatter(empty, empty, s=70, marker="o", color="0.4",
                                          edgecolors="k", linewidths=0.8, animated=True,
                                          label="iterates at their mode")
        plot.animated = [self.trails, self.moving_markers, self.arrived_markers]
        pad = 0.05 * (c.max(axis=0) - c.min(axis=0) + 1)
        ax.set_xlim(c[:, 0].min() - pad[0], c[:, 0].max() + pad[0])
        ax.set_ylim(c[:, 1].min() - pad[1], c[:, 1].max() + pad[1])
        ax.set_xlabel("MDS axis 1")
        ax.set_ylabel("MDS axis 2")
        ax.set_title(f"BGA paths of {len(pm.starts)} points (k1 = {pm.k1}); map: MDS of "
                     f"sqrt(H), {pm.shown:.0%} of the variance", fontsize=9)
        handles = [Line2D([], [], linestyle="none", marker="o", color="0.8", markersize=4,
                          label="data points"),
                   Line2D([], [], linestyle="none", marker="*", markerfacecolor="none",
                          markeredgecolor="k", markersize=10, label="modes reached")]
        shown = np.unique(codes)
        title = "start's label" if y is not None else None
        handles += [Line2D([], [], color=styles[c][0], marker=styles[c][1],
                           linestyle=styles[c][2], markeredgecolor="k", markeredgewidth=0.4,
                           label=str(names[c])) for c in shown]
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=7,
                  title=title, title_fontsize=7, frameon=False)
        self._legend_note = "small markers: still moving; large markers: at their mode"
        plot.fig.tight_layout()
        plot.freeze()
        self.figure = plot.fig
        self.updates.observe(lambda _: self._render(), "value")
        self.image.width = str(int(plot.fig.bbox.width))
        self.ui = _column([widgets.HBox([self.play, self.updates]), self.readout, self.image])
        self._render()


    def _render(self):
        t = self.updates.value
        frame = self._state = self.map.at(t)
        c = self.map.coords
        self.trails.set_segments([c[p[: min(t, len(p) - 1) + 1]] for p in self.map.paths])
        moving = frame.moving
        for markers, which in ((self.moving_markers, moving), (self.arrived_markers, ~moving)):
            markers.set_offsets(frame.coords[which].reshape(-1, 2))
            markers.set_facecolors(self._colours[which])
            markers.set_paths([m for m, w in zip(self._markers, which, strict=True) if w])
        self.image.value = self._plot.png()
        distinct = len(np.unique(frame.index))
        self.readout.value = (f"updates t = {t} of {self.map.n_steps} · "
                              f"{frame.n_moving} of {len(moving)} points still moving · "
                              f"{distinct} distinct iterates")

    def _view_rows(self):
        return [self.readout.value, self._legend_note,
                [("", np.asarray(self._plot.last_rgb))]]


# ---------------------------------------------------------------- the labelling task

class LabellingExplorer(_Explorer):
    """epsilon(k2), the graph H <= epsilon among the distinct modes, and its clusters.

    The distinct modes are placed once on a classical MDS map of their Hamming
    distances (marker area grows with the samples that reached them); the k2
    slider redraws the lines and colours the ten largest clusters; the bars give
    every cluster's size, largest first.

    The lines are not all the pairs within epsilon (thousands, a grey smear) but
    the edges of the minimum spanning tree of the distinct modes' Hamming
    distances with H <= epsilon (inclusive): single linkage, computed once.
    Their connected components are exactly those of the graph H <= epsilon, and
    they form a spanning forest of each cluster (u - c lines for u distinct
    modes in c clusters). The readout still counts every edge of the graph.

    Parameters
    ----------
    modes : array-like of shape (n, d), 0/1 values
        The final iterate of every sample, e.g. ``BinNNMS().fit(X).modes_``.
    k2 : int, default 10
    k2_max : int, default 50
    y : array-like of shape (n,), optional
        True labels: the readout adds NMI and ARI.
    X : array-like of shape (n, d), optional
        The data: adds the choice of measuring epsilon on the data, and (with
        ``shape``) the median centres of the largest clusters.
    shape : (int, int), optional
        The image shape (rows, columns) of a sample, to draw cluster centres.
    size : (float, float), default (9, 4)

    Attributes
    ----------
    k2 : ipywidgets.IntSlider
    epsilon_from : ipywidgets.ToggleButtons
        "modes" or "data" (the latter only when X is given).
    model : LabellingModel
    state : LabellingState
    readout : ipywidgets.Label
    image : ipywidgets.Image
    centres : ipywidgets.Image
        The median centres of the ten largest clusters (with X and shape).
    figure : matplotlib.figure.Figure
        The figure drawn into ``image``; its artists ``edge_lines`` (the
        minimum spanning tree's edges with H <= epsilon, a spanning forest of
        each cluster, one polyline broken by NaNs), ``nodes`` (the distinct
        modes, coloured by cluster) and ``bars`` hold what is on display.
    """

    N_COLOURED = 10
    N_BARS = 40

    def __init__(self, modes, *, k2=10, k2_max=50, y=None, X=None, shape=None, size=(9, 4)):
        self.model = model = LabellingModel(modes, X=X, y=y)
        n = model.n
        k2_max = check_int(k2_max, "k2_max", 1, n - 1, f"k2 ranks the other {n - 1} points.")
        check_int(k2, "k2", 1, k2_max, "Raise k2_max to explore a larger k2.")
        self.shape = None if shape is None else tuple(shape)
        self.k2 = widgets.IntSlider(value=k2, min=1, max=k2_max, description="k2")
        options = ["modes", "data"] if X is not None else ["modes"]
        self.epsilon_from = widgets.ToggleButtons(options=options, value="modes",
                                                  description="epsilon on",
                                                  style={"button_width": "70px"})
        self.readout = widgets.Label()
        self.readout.add_class("eps-readout")
        self.image = widgets.Image(format="png")
        self.image.add_class("eps-graph")
        self.centres = widgets.Image(format="png")
        self.centres.add_class("eps-centres")
        self.centres_caption = widgets.HTML()

        D = hamming(model.modes)
        # The map: MDS of sqrt(H), i.e. PCA of the modes (never stretches a distance).
        self._coords, _ = classical_mds(np.sqrt(D))
        c = self._coords
        # Single linkage: the tree's edges with H <= epsilon join exactly the
        # components of the graph H <= epsilon. Distinct modes lie at H >= 1, so
        # no edge is lost to the zeros that mean "no edge" to scipy.
        tree = minimum_spanning_tree(D).tocoo()
        by_weight = np.argsort(tree.data, kind="stable")
        a, b = tree.row[by_weight], tree.col[by_weight]
        self._tree_weights = tree.data[by_weight]
        # The tree's edges, lightest first, as one polyline broken by NaNs: the
        # edges within epsilon are a prefix of it, three points per edge.
        lines = np.full((len(a), 3, 2), np.nan)
        lines[:, 0], lines[:, 1] = c[a], c[b]
        self._tree_lines = lines.reshape(-1, 2)
        self._plot = plot = _Blitter(size, ncols=2)
        ax, bars = plot.axes
        (self.edge_lines,) = ax.plot([], [], color="0.45", linewidth=0.6, animated=True)
        self.nodes = ax.scatter(c[:, 0], c[:, 1], s=6 + 4 * np.sqrt(model.counts),
                                 edgecolors="k", linewidths=0.2, animated=True)
        pad = 0.05 * (c.max(axis=0) - c.min(axis=0) + 1)
        ax.set_xlim(c[:, 0].min() - pad[0], c[:, 0].max() + pad[0])
        ax.set_ylim(c[:, 1].min() - pad[1], c[:, 1].max() + pad[1])
        ax.set_xlabel("MDS axis 1")
        ax.set_ylabel("MDS axis 2")
        ax.set_title(f"the {len(model.modes)} distinct modes; lines: single-linkage tree\n"
                     "edges within epsilon (a spanning forest of each cluster)", fontsize=9)
        self.bars = bars.bar(np.arange(self.N_BARS), np.ones(self.N_BARS), width=0.8,
                             animated=True)
        bars.set_yscale("log")
        bars.set_ylim(0.8, n)
        bars.set_xlim(-0.8, self.N_BARS - 0.2)
        bars.set_xlabel(f"the {self.N_BARS} largest clusters")
        bars.set_ylabel("samples (log scale)")
        bars.set_title("cluster sizes, largest first", fontsize=9)
        self._rank_markers = [_marker_path(label_style(r)[1]) for r in range(self.N_COLOURED)]
        self._rank_markers.append(_marker_path("o"))  # every cluster past the tenth
        plot.animated = [self.edge_lines, self.nodes, *self.bars]
        plot.fig.tight_layout()
        plot.freeze()
        self.figure = plot.fig
        self.k2.observe(lambda _: self._render(), "value")
        self.epsilon_from.observe(lambda _: self._render(), "value")
        rows = [widgets.HBox([self.k2, self.epsilon_from]), self.readout, self.image]
        if X is not None and self.shape is not None:
            rows += [self.centres_caption, self.centres]
        self.image.width = str(int(plot.fig.bbox.width))
        self.ui = _column(rows)
        self._render()


    def _render(self):
        s = self._state = self.model.state(self.k2.value, epsilon_from=self.epsilon_from.value)
        drawn = self._tree_lines[: 3 * np.searchsorted(self._tree_weights, s.epsilon,
                                                       side="right")]
        self.edge_lines.set_data(drawn[:, 0], drawn[:, 1])
        sizes = s.sizes
        order = np.argsort(-sizes, kind="stable")      # clusters, largest first
        rank = np.empty(len(sizes), dtype=int)
        rank[order] = np.arange(len(sizes))
        palette = np.array([label_style(r)[0] if r < self.N_COLOURED else GREY
                            for r in range(len(sizes))])
        self.nodes.set_facecolors(palette[rank[s.components]])
        # colour and marker: the i-th largest cluster has label_style(i)'s marker
        node_rank = np.minimum(rank[s.components], self.N_COLOURED)
        self.nodes.set_paths([self._rank_markers[r] for r in node_rank])
        for b, bar in enumerate(self.bars):
            bar.set_height(sizes[order[b]] if b < len(order) else 0)
            bar.set_color(palette[b] if b < len(order) else "none")
        self.image.value = self._plot.png()
        if self.model.X is not None and self.shape is not None:
            top = order[: self.N_COLOURED]
            thumbs = []
            for r, m in enumerate(top):
                w = majority_vote(self.model.X[s.labels == m])
                thumb = np.pad(binary_image(w, self.shape, 4, grid=False),
                               ((3, 3), (3, 3), (0, 0)), constant_values=255)
                thumbs.append(_framed(thumb, tuple(int(255 * v) for v in palette[r][:3]), 3))
            strip = self._centres_rgb = mosaic(thumbs, ncols=self.N_COLOURED)
            self.centres.value = png_bytes(strip)
            self.centres.width = str(strip.shape[1])
            self.centres_caption.value = (
                "median centres (majority votes of the members) of the largest clusters, "
                "with their sizes: " + ", ".join(str(int(sizes[m])) for m in top))
        text = (f"k2 = {s.k2} · epsilon = {s.epsilon:.2f} (on the {s.epsilon_from}) · "
                f"{s.n_edges} edges among {len(s.modes)} distinct modes · "
                f"{s.n_clusters} clusters")
        if s.nmi is not None:
            text += f" · NMI = {s.nmi:.3f} · ARI = {s.ari:.3f}"
        self.readout.value = text

    def _view_rows(self):
        rows = [self.readout.value,
                "map: the distinct modes (MDS of sqrt(H)); the i-th largest cluster in the i-th "
                "colour and marker, the others grey dots",
                [("", np.asarray(self._plot.last_rgb))]]
        if self.model.X is not None and self.shape is not None:
            rows += [[(_plain(self.centres_caption.value), self._centres_rgb)]]
        return rows
