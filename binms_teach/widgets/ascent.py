"""`AscentExplorer`: one ascent x_{j+1} = maj(NN_k1(x_j)) on image data, step by step: x_j, its
voters, their votes in every pixel, x_{j+1} with the bits that changed, and the whole path."""

from collections import OrderedDict
from numbers import Integral

import ipywidgets as widgets
import numpy as np

from .._validation import NEIGHBOURS, TIE, Arg, Binary, Interval, Rows, k_bound, validate_params
from ..trace import ascent_trace
from .access import EXPLORER_CLASS, DescribedImage, PlayButton, live, named_controls
from .base import Explorer, column, plural
from .pictures import (
    CURRENT,
    TURNED_OFF,
    TURNED_ON,
    binary_image,
    framed,
    mosaic,
    next_image,
    plain_text,
    png_bytes,
    votes_image,
    votes_key,
    votes_lut,
)


def regions(mask, shape):
    """Where the True pixels of ``mask`` lie, counted by ninths of the image, in reading order.

    The rows are cut into top, middle and bottom thirds and the columns into left, centre
    and right (a side shorter than 3 pixels is not cut); a listener hears where a digit
    grew or shrank without a list of pixel positions.

    Examples
    --------
    >>> mask = np.zeros((6, 6), dtype=bool)
    >>> mask[0, 0] = mask[0, 1] = mask[3, 3] = True
    >>> regions(mask.ravel(), (6, 6))
    [('top left', 2), ('centre', 1)]
    """
    grid = np.asarray(mask, dtype=bool).reshape(shape)
    h, w = grid.shape

    def thirds(n, names):
        return ([(names[i], part) for i, part in enumerate(np.array_split(np.arange(n), 3))]
                if n >= 3 else [("", np.arange(n))])

    found = []
    for row_name, rows in thirds(h, ("top", "middle", "bottom")):
        for col_name, cols in thirds(w, ("left", "centre", "right")):
            count = int(grid[np.ix_(rows, cols)].sum())
            name = " ".join(p for p in (row_name, col_name) if p) or "the image"
            if count:
                found.append(("centre" if name == "middle centre" else name, count))
    return found


def _flips(count, where, how, most=3):
    """"27 on (top right 6, bottom right 4, centre 3, 14 elsewhere)": the ``most`` regions
    with the most pixels (reading order among equals), then the rest as one number."""
    if not count or not where:
        return f"{count} {how}"
    top = sorted(where, key=lambda place: -place[1])[:most]
    places = [f"{name} {n}" for name, n in top]
    rest = count - sum(n for _, n in top)
    if rest:
        places.append(f"{rest} elsewhere")
    return f"{count} {how} ({', '.join(places)})"


def step_readout(step, n_steps, neighbours="index", shape=None, mode=None, goal="the mode"):
    """The explorer's one-line summary of a step: what changed and how far the mode is.

    It says how many bits change, how many turn on and off (and, given the image
    ``shape``, where: the three `regions` with the most, and how many elsewhere), how many
    coordinates tie, and, given ``mode`` (the iterate the ascent stops at, called
    ``goal``), the Hamming distance from x_j and from x_{j+1} to it. Under
    ``neighbours="ball"`` it also says how many data points vote (the closed ball may hold
    more than k1).

    Examples
    --------
    >>> from binms_teach.trace import ascent_trace
    >>> trace = ascent_trace([[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]], 0, k1=3)
    >>> step_readout(trace.steps[0], trace.n_iter)
    'iteration 0 of 1 · k1 = 3 · 1 bit changes: 1 on, 0 off · 0 ties'
    >>> step_readout(trace.steps[0], trace.n_iter, shape=(1, 3), mode=trace.path[-1])
    'iteration 0 of 1 · k1 = 3 · 1 bit changes: 1 on (right 1), 0 off · 0 ties · \
distance to the mode: 1 bit, then 0'
    >>> step_readout(trace.steps[1], trace.n_iter, mode=trace.path[-1])
    'iteration 1 of 1 · k1 = 3 · 0 bits change · 0 ties · fixed point: x_1 is a mode'
    """
    text = f"iteration {step.j} of {n_steps - 1} · k1 = {step.k1} · "
    if neighbours == "ball":
        text += f"ball of {plural(len(step.neighbours), 'point', 'points')} · "
    text += plural(step.n_changed, "bit changes", "bits change")
    if step.n_changed:
        on = (step.x_next == 1) & (step.x == 0)
        off = (step.x_next == 0) & (step.x == 1)
        where_on = regions(on, shape) if shape is not None else []
        where_off = regions(off, shape) if shape is not None else []
        text += (f": {_flips(int(on.sum()), where_on, 'on')}, "
                 f"{_flips(int(off.sum()), where_off, 'off')}")
    text += f" · {plural(step.n_ties, 'tie', 'ties')}"
    if step.fixed:
        text += f" · fixed point: x_{step.j} is a mode"
    elif mode is not None:
        far = int(np.count_nonzero(step.x != mode))
        far_next = int(np.count_nonzero(step.x_next != mode))
        text += f" · distance to {goal}: {plural(far, 'bit', 'bits')}, then {far_next}"
    return text


def _end(trace):
    """Where an ascent stops, in words."""
    cycled = (not trace.converged and len(trace.path) > 1
              and any((trace.path[-1] == p).all() for p in trace.path[:-1]))
    return ("a fixed point" if trace.converged
            else "an earlier iterate: a cycle, stopped there" if cycled
            else f"max_iter = {trace.max_iter} updates without a fixed point")


class AscentExplorer(Explorer):
    """Watch one binary gradient ascent on image data, one update at a time.

    Controls: ``point`` (the data index x_0 starts from), ``k1``, the
    ``neighbours`` rule ("index": the k1 nearest, the lower row index wins a
    tie; "ball": every data point within the k1-th smallest distance),
    ``play``, ``back`` and ``step`` (description "step"), and the
    ``iteration`` slider. For the current iteration j it shows x_j, its voters
    (nearest first), their votes for a 1 in every pixel (coloured, each count written in
    its pixel, ties underlined), and
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
        One line, announced when it changes (a live region), e.g. "iteration 3 of 6 ·
        k1 = 10 · 4 bits change: 3 on (top right 3), 1 off (centre 1) · 2 ties · distance
        to the mode: 7 bits, then 3" (`step_readout`).
    images : dict of ipywidgets.Image
        "iterate", "votes", "next", "neighbours", "path"; ``pixels`` holds the
        RGB arrays they show.

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
    >>> ex = AscentExplorer(X, k1=3, shape=(1, 3), k1_max=4)
    >>> ex.readout.value
    'iteration 0 of 1 · k1 = 3 · 1 bit changes: 1 on (right 1), 0 off · 0 ties · \
distance to the mode: 1 bit, then 0'
    >>> ex.step.click()
    >>> ex.state.j, ex.state.x.tolist()
    (1, [0, 0, 1])
    """

    CACHE_SIZE = 256

    @validate_params({
        "X": Binary(), "tie": TIE, "neighbours": NEIGHBOURS, "k1_max": k_bound("k1_max"),
        "k1": Interval(Integral, 1, Arg("k1_max"), "Raise k1_max to explore a larger k1."),
        "start": Interval(Integral, 0, Rows("X", minus=1), "start is a data index."),
        "max_iter": Interval(Integral, 1, 10**6, "The explorer shows at least one update."),
        "scale": Interval(Integral, 1, 64)})
    def __init__(self, X, *, start=0, k1=10, tie="one", max_iter=100, neighbours="index",
                 shape=(16, 15), y=None, k1_max=30, scale=10):
        self.X = X
        n, d = self.X.shape
        self.shape = tuple(int(s) for s in shape)
        if len(self.shape) != 2 or self.shape[0] * self.shape[1] != d:
            raise ValueError(f"shape={shape} does not hold the {d} features of a sample; "
                             f"give (rows, columns) with rows * columns = {d}.")
        self.tie, self.max_iter, self.scale = tie, max_iter, scale
        self.y = None if y is None else np.asarray(y)
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
            options=["index", "ball"], value=neighbours,
            description="neighbours",
            style={"button_width": "60px", "description_width": "initial"},
            tooltips=["the k1 nearest; at equal distance the lower row index wins",
                      "every data point within the k1-th smallest distance"])
        self.iteration = widgets.IntSlider(value=0, min=0, max=0, description="iteration")
        self.play = widgets.Play(value=0, min=0, max=0, interval=900, description="play")
        self.readout = live(widgets.Label())  # announced by a screen reader when it changes
        self.readout.add_class("bga-readout")
        self.play_button = PlayButton(self.play, "the iterations", readout=self.readout)
        self.back = widgets.Button(description="back", icon="step-backward",
                                   tooltip="show the previous update", layout={"width": "90px"})
        self.step = widgets.Button(description="step", icon="step-forward",
                                   tooltip="show the next update", layout={"width": "90px"})
        self.title = widgets.HTML()
        # pictures, each with a text alternative rewritten at every step
        names = ("iterate", "votes", "next", "neighbours", "path")
        self.images = {name: DescribedImage(f"bga-{name}") for name in names}
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
            return column([self.captions[name], self.images[name].widget],
                          margin="0 16px 4px 0")

        self.ui = column([
            self.title,
            widgets.HBox([self.point, self.k1, self.neighbours]),
            widgets.HBox([self.play, self.play_button.button, self.back, self.step,
                          self.iteration]),
            self.readout,
            self.play_button.announcer,
            widgets.HBox([panel("iterate"), panel("votes"), panel("next")]),
            self.legend,
            panel("neighbours"),
            panel("path"),
            named_controls(),
        ])
        self.ui.add_class(EXPLORER_CLASS)
        self._load()


    # model -----------------------------------------------------------------
    @validate_params({"neighbours": NEIGHBOURS})
    def trace_for(self, point, k1, neighbours="index"):
        """The (cached) `AscentTrace` of data point ``point`` with ``k1`` and a neighbour rule."""
        key = (int(point), int(k1), neighbours)
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
    def picture_texts(self):
        """The text alternative of each picture at the step on display: which iteration,
        how many bits change, how far the iterate is from the mode it reaches."""
        step, tr = self.state, self._trace
        j, last, m, d = step.j, tr.n_iter - 1, len(step.neighbours), len(step.x)
        rows, cols = self.shape
        goal = "the mode it reaches" if tr.converged else "the last iterate computed"
        far = plural(int(np.count_nonzero(step.x != tr.path[-1])), "bit", "bits")
        far_next = plural(int(np.count_nonzero(step.x_next != tr.path[-1])), "bit", "bits")
        on = int(np.count_nonzero((step.x_next == 1) & (step.x == 0)))
        off = int(np.count_nonzero((step.x_next == 0) & (step.x == 1)))
        voters = ("data points of the ball" if getattr(tr, "neighbours", "index") == "ball"
                  else "nearest neighbours")
        shown = ", ".join(str(int(i)) for i in step.neighbours[:10]) + (" and more" if m > 10
                                                                        else "")
        moves = len(tr.path) - 1
        return {
            "iterate": (f"x_{j}, the iterate at iteration {j} of {last}: a {rows} by {cols} "
                        f"image with {int(step.x.sum())} of its {d} pixels black; it is {far} "
                        f"from {goal}."),
            "votes": (f"Votes for a 1 among the {m} {voters} of x_{j}, pixel by pixel, from "
                      f"purple (no vote) through white (half) to orange (every vote), each "
                      f"pixel's count written in it; "
                      f"{plural(step.n_ties, 'pixel ties', 'pixels tie')}, underlined in "
                      f"black."),
            "next": (f"x_{j + 1}, their majority vote: "
                     f"{plural(step.n_changed, 'bit changes', 'bits change')} from x_{j} "
                     f"({on} turned on, filled orange; {off} turned off, ringed sky blue); "
                     f"x_{j + 1} is {far_next} from {goal}."),
            "neighbours": (f"The {m} {voters} of x_{j}, nearest first, as small images: data "
                           f"points {shown}; Hamming distances from "
                           f"{int(min(step.distances))} to {int(max(step.distances))}."),
            "path": (f"The path of the ascent, x_0 to x_{moves} "
                     f"({plural(moves, 'move', 'moves')}) as small images from left to "
                     f"right, x_{min(j, moves)} framed in blue; it stops at {_end(tr)}."),
        }

    def description(self):
        """The text alternative of the whole view (the picture a reader without a kernel
        sees): the point, the step, and what the iterate and the next one show."""
        alt = self.picture_texts()
        return (f"Ascent explorer: {plain_text(self.title.value)} Now "
                f"{self.readout.value}. {alt['iterate']} {alt['next']}")

    def _view_rows(self):
        step = self.state
        m = len(step.neighbours)
        c = {name: plain_text(cap.value) for name, cap in self.captions.items()}
        ties = ("each pixel's count written in it; underlined: a tie (exactly half)"
                if m % 2 == 0
                else "each pixel's count written in it; odd number of voters: no ties")
        return [
            plain_text(self.title.value), self.readout.value,
            [(c["iterate"], self.pixels["iterate"]), (c["votes"], self.pixels["votes"]),
             (c["next"], self.pixels["next"])],
            f"colour key of the votes for a 1: 0 (left) to {m} (right), {m} voters; {ties}",
            [("", votes_key(m, self.thumb_scale * 2))],
            f"in x_{step.j + 1}: filled orange, a 0 that becomes 1; sky blue with a white "
            "ring, a 1 that becomes 0",
            c["neighbours"], [("", self.pixels["neighbours"])],
            c["path"], [("", self.pixels["path"])],
        ]

    def _show(self, name, rgb, alt):
        self.pixels[name] = rgb
        # one screen pixel per pixel drawn
        self.images[name].show(png_bytes(rgb), alt, width=rgb.shape[1])

    def _render_trace(self):
        """What changes only with the point or k1: title, legend."""
        tr = self._trace
        i = tr.start
        label = "" if self.y is None else f" (label {self.y[i]})"
        rule = getattr(tr, "neighbours", "index")
        end = _end(tr)
        self.title.value = (
            f"<b>point {i}</b>{label}: x<sub>0</sub> = X<sub>{i}</sub> moves "
            f"{plural(len(tr.path) - 1, 'time', 'times')} and stops at {end}; "
            f"{plural(tr.n_iter, 'update', 'updates')} computed; neighbours = {rule!r}.")

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
        ties = (f"the count is written in each pixel; underlined: a tie (exactly half), "
                f"settled by tie = {self.tie!r}"
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
        alt = self.picture_texts()
        self._show("iterate", binary_image(step.x, self.shape, s), alt["iterate"])
        self._show("votes", votes_image(step.ones, step.ties, m, self.shape, s, self._lut(m)),
                   alt["votes"])
        self._show("next", next_image(step.x, step.x_next, self.shape, s), alt["next"])
        thumbs = [binary_image(self.X[i], self.shape, self.thumb_scale, grid=False)
                  for i in step.neighbours]
        self._show("neighbours", mosaic(thumbs, ncols=10), alt["neighbours"])
        path = [binary_image(x, self.shape, self.path_scale, grid=False) for x in tr.path]
        path = [np.pad(p, ((3, 3), (3, 3), (0, 0)), constant_values=255) for p in path]
        path[min(j, len(path) - 1)] = framed(path[min(j, len(path) - 1)], CURRENT, 3)
        self._show("path", mosaic(path, ncols=12, gap=2), alt["path"])

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
        goal = "the mode" if tr.converged else "the last iterate"
        self.readout.value = step_readout(step, tr.n_iter, "ball" if ball else "index",
                                          shape=self.shape, mode=tr.path[-1], goal=goal)
        self.back.disabled = j == 0
        self.step.disabled = j == tr.n_iter - 1
