"""`LabellingExplorer`: epsilon(k2), the graph H <= epsilon among the distinct modes, its clusters.

It displays the `binms_teach.trace.LabellingState` of the chosen k2.
"""

from numbers import Integral

import ipywidgets as widgets
import numpy as np
from scipy.sparse.csgraph import minimum_spanning_tree

from .._validation import Arg, Binary, Interval, Rows, validate_params
from ..figures import palette
from ..hamming import hamming
from ..majority import majority_vote
from ..trace import LabellingModel, classical_mds
from .access import EXPLORER_CLASS, DescribedImage, live, named_controls
from .base import GREY, Blitter, Explorer, column, label_style, marker_path, plural, rgba
from .pictures import binary_image, framed, mosaic, number_mask, plain_text, png_bytes, write_number

NUMBER_BAND = 14  # white rows above each centre, where its number is written (10 px tall)


class LabellingExplorer(Explorer):
    """epsilon(k2), the graph H <= epsilon among the distinct modes, and its clusters.

    The distinct modes are placed once on a classical MDS map of their Hamming
    distances (marker area grows with the samples that reached them); the k2
    slider redraws the lines and colours the ten largest clusters; the bars give
    every cluster's size, largest first. Colour is never the only key: the i-th
    largest cluster carries the number i on the map (beside its most visited
    mode), under its bar and over its median centre, and its own marker.

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
    image : DescribedImage
        The map and the bars, with their text alternative.
    centres : DescribedImage
        The median centres of the ten largest clusters (with X and shape).
    figure : matplotlib.figure.Figure
        The figure drawn into ``image``; its artists ``edge_lines`` (the
        minimum spanning tree's edges with H <= epsilon, a spanning forest of
        each cluster, one polyline broken by NaNs), ``nodes`` (the distinct
        modes, coloured by cluster) and ``bars`` hold what is on display.
    """

    N_COLOURED = 10
    N_BARS = 40

    @validate_params({
        "modes": Binary(),
        "k2_max": Interval(Integral, 1, Rows("modes", minus=1), "k2 ranks the other {high} points.",
                           empty="The labelling task needs at least 2 modes, got 1."),
        "k2": Interval(Integral, 1, Arg("k2_max"), "Raise k2_max to explore a larger k2.")})
    def __init__(self, modes, *, k2=10, k2_max=50, y=None, X=None, shape=None, size=(9, 4)):
        self.model = model = LabellingModel(modes, X=X, y=y)
        self.shape = None if shape is None else tuple(shape)
        self.k2 = widgets.IntSlider(value=k2, min=1, max=k2_max, description="k2")
        options = ["modes", "data"] if X is not None else ["modes"]
        self.epsilon_from = widgets.ToggleButtons(options=options, value="modes",
                                                  description="epsilon on",
                                                  style={"button_width": "70px"})
        self.readout = live(widgets.Label())  # announced by a screen reader when it changes
        self.readout.add_class("eps-readout")
        self.image = DescribedImage("eps-graph")
        self.centres = DescribedImage("eps-centres")
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
        self._plot = plot = Blitter(size, ncols=2)
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
        bars.set_ylim(0.8, model.n)
        bars.set_xlim(-0.8, self.N_BARS - 0.2)
        bars.set_xlabel(f"the {self.N_BARS} largest clusters")
        bars.set_ylabel("samples (log scale)")
        bars.set_title("cluster sizes, largest first", fontsize=9)
        bars.set_xticks(np.arange(self.N_COLOURED), [str(r + 1) for r in range(self.N_COLOURED)],
                        fontsize=6)
        # the number of each coloured cluster on the map, beside its most visited mode
        self.numbers = [ax.annotate(str(r + 1), xy=(0, 0), xytext=(3, 3),
                                    textcoords="offset points", fontsize=8, fontweight="bold",
                                    ha="left", va="bottom", animated=True, visible=False,
                                    bbox={"boxstyle": "round,pad=0.15", "facecolor": "white",
                                          "edgecolor": "0.3", "linewidth": 0.5})
                        for r in range(self.N_COLOURED)]
        self._rank_markers = [marker_path(label_style(r)[1]) for r in range(self.N_COLOURED)]
        self._rank_markers.append(marker_path("o"))  # every cluster past the tenth
        plot.animated = [self.edge_lines, self.nodes, *self.bars, *self.numbers]
        plot.fig.tight_layout()
        plot.freeze()
        self.figure = plot.fig
        self.k2.observe(lambda _: self._render(), "value")
        self.epsilon_from.observe(lambda _: self._render(), "value")
        rows = [widgets.HBox([self.k2, self.epsilon_from]), self.readout, self.image.widget]
        if X is not None and self.shape is not None:
            rows += [self.centres_caption, self.centres.widget]
        self.image.width = str(int(plot.fig.bbox.width))
        self.ui = column(rows + [named_controls()])
        self.ui.add_class(EXPLORER_CLASS)
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
        # one colour per coloured cluster; where the palette has fewer colours than clusters
        # a colour repeats, and the numbers and markers still tell the clusters apart
        colours = [rgba(c) for c in palette.colours(self.N_COLOURED)]
        palette_ = np.array([colours[r] if r < self.N_COLOURED else GREY
                             for r in range(len(sizes))])
        self.nodes.set_facecolors(palette_[rank[s.components]])
        # colour and marker: the i-th largest cluster has label_style(i)'s marker
        node_rank = np.minimum(rank[s.components], self.N_COLOURED)
        self.nodes.set_paths([self._rank_markers[r] for r in node_rank])
        for b, bar in enumerate(self.bars):
            bar.set_height(sizes[order[b]] if b < len(order) else 0)
            bar.set_color(palette_[b] if b < len(order) else "none")
        visits = self.model.counts
        for r, number in enumerate(self.numbers):
            number.set_visible(r < len(order))
            if r < len(order):
                members = np.flatnonzero(s.components == order[r])
                where = members[np.argmax(visits[members])]  # the most visited mode
                number.xy = tuple(self._coords[where])
        if self.model.X is not None and self.shape is not None:
            top = order[: self.N_COLOURED]
            thumbs = []
            for r, m in enumerate(top):
                w = majority_vote(self.model.X[s.labels == m])
                thumb = np.pad(binary_image(w, self.shape, 4, grid=False),
                               ((3 + NUMBER_BAND, 3), (3, 3), (0, 0)), constant_values=255)
                # the cluster's number, black on white above the centre, inside its frame
                width = number_mask(r + 1, 2).shape[1]
                write_number(thumb, r + 1, 3, (thumb.shape[1] - width) // 2, (0, 0, 0), 2)
                thumbs.append(framed(thumb, tuple(int(255 * v) for v in palette_[r][:3]), 3))
            strip = self._centres_rgb = mosaic(thumbs, ncols=self.N_COLOURED)
            self.centres_caption.value = (
                "median centres (majority votes of the members) of the largest clusters, "
                "numbered as on the map and the bars, with their sizes: "
                + ", ".join(f"{r + 1}: {int(sizes[m])}" for r, m in enumerate(top)))
            rows, cols = self.shape
            self.centres.show(png_bytes(strip), (
                f"The median centres of the {len(top)} largest clusters at k2 = {s.k2}, as "
                f"{rows} by {cols} images framed in their clusters' colours and numbered 1 to "
                f"{len(top)}, largest first; their sizes: "
                f"{', '.join(str(int(sizes[m])) for m in top)}."),
                width=strip.shape[1])
        text = (f"k2 = {s.k2} · epsilon = {s.epsilon:.2f} (on the {s.epsilon_from}) · "
                f"{plural(s.n_edges, 'edge', 'edges')} among {len(s.modes)} distinct modes · "
                f"{plural(s.n_clusters, 'cluster', 'clusters')}")
        if s.nmi is not None:
            text += f" · NMI = {s.nmi:.3f} · ARI = {s.ari:.3f}"
        self.readout.value = text
        self.image.show(self._plot.png(), self.description(), self.image.width)

    def description(self):
        """The text alternative of the map and the bars at the k2 on display."""
        s = self._state
        sizes = np.sort(s.sizes)[::-1]
        largest = ", ".join(str(int(v)) for v in sizes[:5]) + (", ..." if len(sizes) > 5
                                                               else "")
        scores = (f"; against the true labels NMI {s.nmi:.3f}, ARI {s.ari:.3f}"
                  if s.nmi is not None else "")
        return (f"Left, a map of the {len(s.modes)} distinct modes (first two MDS axes of the "
                f"Hamming distances) with the single-linkage edges within epsilon = "
                f"{s.epsilon:.2f} (k2 = {s.k2}, measured on the {s.epsilon_from}): "
                f"{plural(s.n_clusters, 'cluster', 'clusters')}, the ten largest in their "
                f"own colour and marker and numbered 1 to 10 from the largest, the others "
                f"grey. Right, the cluster sizes, largest first, the bars of the ten largest "
                f"numbered: {largest}{scores}.")

    def _view_rows(self):
        rows = [self.readout.value,
                "map: the distinct modes (MDS of sqrt(H)); the i-th largest cluster in the i-th "
                "colour and marker, numbered i on the map, the bars and the centres; the others "
                "grey dots",
                [("", np.asarray(self._plot.last_rgb))]]
        if self.model.X is not None and self.shape is not None:
            rows += [[(plain_text(self.centres_caption.value), self._centres_rgb)]]
        return rows
