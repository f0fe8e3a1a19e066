"""`PathMapExplorer`: the ascent paths of many points running into their modes, on an MDS map.

It displays a `binms_teach.trace.PathMap` over the updates t = 0, 1, ...
"""

import ipywidgets as widgets
import numpy as np
from matplotlib.collections import LineCollection
from matplotlib.lines import Line2D

from ..figures.palette import GREY
from .access import EXPLORER_CLASS, DescribedImage, PlayButton, live, named_controls
from .base import Blitter, Explorer, column, label_style, marker_path


class PathMapExplorer(Explorer):
    """The ascent paths of many points running into their modes, on an MDS map.

    Parameters
    ----------
    path_map : PathMap
        From `binms_teach.trace.path_map`.
    y : array-like of shape (n,), optional
        Labels of the whole data set; each path has the colour, marker and line
        style of its start's label (the i-th distinct label gets `label_style`
        (i)), and a legend names them; beside every iterate its start's label is written
        (the labels of all the paths at one iterate, "3, 5"), so that colour is not the
        only key where the palette has fewer colours than labels.
    size : (float, float), default (7.5, 5)
        The figure size in inches.

    Attributes
    ----------
    updates : ipywidgets.IntSlider
        t, the number of updates applied (description "updates").
    state : PathFrame
        Where every path is after t updates.
    readout : ipywidgets.Label
    image : DescribedImage
        The map, with its text alternative (`binms_teach.widgets.access`).
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
        self.readout = live(widgets.Label())  # announced by a screen reader when it changes
        self.readout.add_class("bga-pathmap-readout")
        self.play_button = PlayButton(self.play, "the updates", readout=self.readout)
        self.image = DescribedImage("bga-pathmap")
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
        self._tags_text = None if y is None else [str(names[c]) for c in codes]
        self._colours = colours
        self._markers = [marker_path(styles[c][1]) for c in codes]

        self._plot = plot = Blitter(size)
        ax = plot.axes
        c = pm.coords
        # The data behind the paths, light but at least 3:1 on white (WCAG 2.1, 1.4.11).
        ax.scatter(c[pm.background, 0], c[pm.background, 1], s=6, color=GREY, linewidths=0,
                   alpha=0.6, label="data points")
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
        # the start's label beside each iterate (one tag per place, preallocated)
        self.tags = [] if y is None else [
            ax.annotate("", xy=(0, 0), xytext=(5, 3), textcoords="offset points", fontsize=7,
                        animated=True, visible=False) for _ in pm.paths]
        plot.animated = [self.trails, self.moving_markers, self.arrived_markers, *self.tags]
        pad = 0.05 * (c.max(axis=0) - c.min(axis=0) + 1)
        ax.set_xlim(c[:, 0].min() - pad[0], c[:, 0].max() + pad[0])
        ax.set_ylim(c[:, 1].min() - pad[1], c[:, 1].max() + pad[1])
        ax.set_xlabel("MDS axis 1")
        ax.set_ylabel("MDS axis 2")
        ax.set_title(f"BGA paths of {len(pm.starts)} points (k1 = {pm.k1}); map: MDS of "
                     f"sqrt(H), {pm.shown:.0%} of the variance", fontsize=9)
        handles = [Line2D([], [], linestyle="none", marker="o", color=GREY, markersize=4,
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
        self.ui = column([widgets.HBox([self.play, self.play_button.button, self.updates]),
                          self.readout, self.play_button.announcer, self.image.widget,
                          named_controls()])
        self.ui.add_class(EXPLORER_CLASS)
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
        if self.tags:
            places = {}
            for i, label in zip(frame.index, self._tags_text, strict=True):
                places.setdefault(int(i), set()).add(label)
            for tag, (i, labels) in zip(self.tags, places.items(), strict=False):
                tag.xy = tuple(self.map.coords[i])
                tag.set_text(", ".join(sorted(labels)))
            for k, tag in enumerate(self.tags):
                tag.set_visible(k < len(places))
        distinct = len(np.unique(frame.index))
        self.readout.value = (f"updates t = {t} of {self.map.n_steps} · "
                              f"{frame.n_moving} of {len(moving)} points still moving · "
                              f"{distinct} distinct iterates")
        self.image.show(self._plot.png(), self.description(), self.image.width)

    def description(self):
        """The map's text alternative after t updates: how many points still move, how far
        they are from the modes they reach."""
        pm, frame = self.map, self._state
        points = pm.points
        far = [int(np.count_nonzero(points[i] != points[p[-1]]))
               for i, p, m in zip(frame.index, pm.paths, frame.moving, strict=True) if m]
        away = (f"; those still moving are {np.mean(far):.1f} bits from their mode on average"
                if far else "; every point has reached its mode")
        return (f"Map of the ascent paths of {len(pm.starts)} points (k1 = {pm.k1}), on the "
                f"first two MDS axes of the Hamming distances: after {frame.t} of {pm.n_steps} "
                f"updates, {frame.n_moving} points still move and "
                f"{len(np.unique(frame.index))} distinct iterates remain{away}. Each path has "
                f"the colour, marker and line style of its start's label, and the label is "
                f"written beside each iterate; stars mark the modes.")

    def _view_rows(self):
        return [self.readout.value, self._legend_note,
                [("", np.asarray(self._plot.last_rgb))]]
