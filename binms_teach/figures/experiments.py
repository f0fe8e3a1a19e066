"""The figures: Figure 1 (the sweep), Figure 2 (quantization error), Figure 3 (prototypes),
and Table 3 as points with error bars.

Each figure comes in three layers:

* ``plot_*(data, axes)`` draws one panel group on axes you give it;
* ``draw_*(data, slide=False)`` returns the whole matplotlib figure, drawn in the style
  of a lesson or, with ``slide=True``, of a projected slide (`binms_teach.figures.style`);
* ``figure1``, ``figure2``, ``figure3`` and ``figure_results`` return it described
  (`binms_teach.figures.DescribedFigure`): the picture, a text alternative that says
  what it shows and what to see in it, with numbers from the data it was drawn from,
  and those numbers as a table (both written by `binms_teach.figures.experiments_text`).
  ``python -m binms_teach reproduce`` writes their PNG.

With ``slide=True`` a figure is at most 9.6 x 4.8 inches as saved (960 x 480 px, what a
slide holds below its heading); give Figures 1 and 2 one data set then.

Every plot follows `binms_teach.figures.palette`: colour-blind-safe colours, and a marker or
line style so that colour is never the only key. No font size is set by hand: the
style decides them, so that a slide's text stays readable.
"""

import numpy as np

from ..evaluation import paper
from . import palette
from .experiments_text import (
    figure1_names,
    figure1_numbers,
    figure1_text,
    figure2_numbers,
    figure2_text,
    figure3_numbers,
    figure3_text,
    result_value,
    results_numbers,
    results_text,
    series_name,
)


def _describe(fig, text, numbers):
    """Describe ``fig`` with ``text`` = (alt, long) from `experiments_text`."""
    from .projection import describe

    alt, long = text
    return describe(fig, alt, numbers, long=long)


def _style(slide):
    from .projection import style

    return style(slide=slide)


# ---------------------------------------------------------------- Figure 1


def plot_sweep(s, axes, title="", *, wrap=False):
    """Figure 1 for one data set: heatmaps of NMI and ARI over (k1, k2) on two axes.

    Each heat map has its colour bar; a white star outlined in black marks the
    best setting (the title gives its value), visible on every colour of the map.
    ``wrap=True`` (a slide's large type) writes each title on two lines, within its panel.
    """
    for ax, metric in zip(axes, ("nmi", "ari"), strict=True):
        values = getattr(s, metric)
        im = ax.imshow(values, origin="lower", aspect="auto", cmap=palette.SEQUENTIAL_CMAP,
                       vmin=0 if metric == "nmi" else min(0.0, float(np.nanmin(values))),
                       vmax=1)
        # every other label when they would touch (sooner in a slide's large type)
        step = 2 if len(s.k2s) > (5 if wrap else 10) else 1
        ax.set_xticks(range(0, len(s.k2s), step), [str(k) for k in s.k2s[::step]])
        ax.set_yticks(range(0, len(s.k1s), step), [str(k) for k in s.k1s[::step]])
        ax.set_xlabel(r"$k_2$")
        ax.set_ylabel(r"$k_1$ (0: no ascent)")
        i, j = s.index(*s.best(metric))
        ax.plot(j, i, marker="*", color="white", markeredgecolor="black", markersize=14)
        ax.set_title((f"{title} {metric.upper()}: best {values[i, j]:.3f}"
                      + ("\n" if wrap else " ") + f"at ({s.k1s[i]}, {s.k2s[j]})").strip())
        ax.figure.colorbar(im, ax=ax, label=metric.upper())


def draw_figure1(sweeps, slide=False):
    """Figure 1 as a matplotlib figure: a row of NMI and ARI heat maps per data set.

    ``sweeps``: a mapping name -> `Sweep`; Car is left out, as in the paper, unless it
    is the only one. For a slide, give one data set.
    """
    names = figure1_names(sweeps)
    return _figure_rows(names, 3.6, slide, lambda row, name: plot_sweep(
        sweeps[name], row, paper.TITLES.get(name, name), wrap=slide))


def figure1(sweeps, slide=False):
    """Figure 1, described: NMI and ARI over (k1, k2), the best settings in the text.

    Returns
    -------
    binms_teach.figures.DescribedFigure
        Its numbers: every setting of every data set (NMI, ARI, clusters).
    """
    names = figure1_names(sweeps)
    with _style(slide):
        return _describe(draw_figure1(sweeps, slide), figure1_text(sweeps),
                         figure1_numbers(sweeps, names))


# ---------------------------------------------------------------- Figure 2


def plot_curves(curves, axes, title=""):
    """Figure 2 for one data set: left the target error, right the intermediate error.

    One k1 per series, told apart by colour and marker (`palette.series_style`);
    on the right, solid lines are the clusters found and dashed lines the true classes.
    """
    from matplotlib.ticker import MaxNLocator

    left, right = axes
    for i, c in enumerate(curves):
        style = palette.series_style(i)
        color, marker = style["color"], style["marker"]
        steps = np.arange(len(c.target))
        left.plot(steps, c.target, marker=marker, color=color, label=rf"$k_1$ = {c.k1}")
        right.plot(steps, c.found, marker=marker, color=color,
                   label=rf"$k_1$ = {c.k1}: clusters found")
        right.plot(steps, c.true_intermediate, marker=marker, markerfacecolor="none",
                   linestyle="--", color=color, label=rf"$k_1$ = {c.k1}: true classes")
    left.set_title(f"{title}: error to the target prototypes".strip(": "))
    right.set_title(f"{title}: to the centres at $j$ ($k_2$ = {curves[0].k2})".strip(": "))
    for ax in axes:
        ax.set_xlabel(r"iteration $j$")
        ax.set_ylabel("error (bits)")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.legend()


def draw_figure2(curves, slide=False):
    """Figure 2 as a matplotlib figure, from a mapping name -> list of QuantizationCurves:
    one row per data set. For a slide, give one data set: its panels are not titled with its
    name (the slide's heading says it; in the slide's type the two titles would run into each
    other)."""
    fig = _figure_rows(list(curves), 3.4, slide, lambda row, name: plot_curves(
        curves[name], row, "" if slide else paper.TITLES.get(name, name)))
    if slide:  # one legend below the panels, never on a curve: colour is k1, dashes the classes
        from matplotlib.lines import Line2D

        for ax in fig.axes:
            ax.get_legend().remove()
        handles = fig.axes[0].get_legend_handles_labels()[0] + [
            Line2D([], [], color="black", marker="o", label="clusters found"),
            Line2D([], [], color="black", marker="o", markerfacecolor="none", linestyle="--",
                   label="true classes")]
        fig.legend(handles=handles, loc="lower center", ncol=3, frameon=False)
        fig.tight_layout(rect=(0, 0.19, 1, 1))
    return fig


def figure2(curves, slide=False):
    """Figure 2, described: the start and end of every curve in the text.

    Returns
    -------
    binms_teach.figures.DescribedFigure
        Its numbers: every point of every curve.
    """
    with _style(slide):
        return _describe(draw_figure2(curves, slide), figure2_text(curves),
                         figure2_numbers(curves))


def _figure_rows(names, height, slide, draw):
    """A figure with one row of two panels per data set, each drawn by ``draw(row, name)``."""
    import matplotlib.pyplot as plt

    width, height = (9.6, 4.6) if slide else (12, height)
    fig, axes = plt.subplots(len(names), 2, figsize=(width, height * len(names)),
                             squeeze=False)
    for row, name in zip(axes, names, strict=True):
        draw(row, name)
    fig.tight_layout()
    return fig


# ---------------------------------------------------------------- Table 3


# The series colours a slide's results figure takes (orange, blue, green, purple, red, grey):
# no two of them alike when projected (the green and the olive are, beside each other).
SLIDE_SERIES = (0, 1, 2, 6, 5, 7)
# Markers beyond `palette.MARKERS`, for the results figure's many series (up to 15).
RESULT_MARKERS = ("h", "p", "d", "H", "8")


def plot_results(rows, axes, *, slide=False):
    """Table 3 (the paper's results; `table3` here) as points with error bars.

    Parameters
    ----------
    rows : list of dict
        The rows of `table3`.
    axes : two matplotlib axes
        NMI on the first, ARI on the second.

    Each data set is a group along the horizontal axis; each series (a method,
    with its neighbour rule and row orders for BinNNMS) is a point at its mean
    with a bar of plus or minus its standard deviation (over k-modes seeds, or
    over row orders where a row averages several). A method has one colour of
    `palette.colours` and each series its own marker, so no two series differ
    by colour alone. Rows without a value (the paper's Car "single class") are
    left out. On a slide (``slide=True``) each series has a colour of its own, its markers
    are 14 pt and its bars thick.

    Returns
    -------
    dict
        series name -> the ErrorbarContainer of each axis, ``{name: [nmi, ari]}``.
    """
    names = list(dict.fromkeys(r["dataset"] for r in rows))
    series = list(dict.fromkeys(series_name(r) for r in rows))
    # Colour by method (the rules of one setting share it), and a marker of its own for
    # every series, so that no two series differ by colour alone.
    methods = list(dict.fromkeys(r["method"] for r in rows))
    colour_of = {series_name(r): palette.colours(len(methods))[methods.index(r["method"])]
                 for r in rows}
    if slide and len(series) <= len(SLIDE_SERIES):  # projected: no two series share a colour
        colour_of = {name: palette.COLOURS[SLIDE_SERIES[i]] for i, name in enumerate(series)}
    shapes = palette.MARKERS + RESULT_MARKERS
    markers = [shapes[i % len(shapes)] for i in range(len(series))]
    width = 0.8 / max(len(series), 1)
    drawn = {}
    for ax, metric in zip(axes, ("nmi", "ari"), strict=True):
        for i, name in enumerate(series):
            x, mean, std = [], [], []
            for g, dataset in enumerate(names):
                value = result_value([r for r in rows if r["dataset"] == dataset
                                       and series_name(r) == name], metric)
                if value is not None:
                    x.append(g - 0.4 + width * (i + 0.5))
                    mean.append(value[0])
                    std.append(value[1])
            if not x:
                continue
            bars = ax.errorbar(x, mean, yerr=std, fmt=markers[i], color=colour_of[name],
                               capsize=7 if slide else 3, markersize=14 if slide else 5,
                               elinewidth=3 if slide else None, markeredgecolor="black"
                               if slide else None, label=name)
            drawn.setdefault(name, []).append(bars)
        ax.set_xticks(range(len(names)), [paper.TITLES.get(n, n) for n in names])
        ax.set_xlabel("data set")
        ax.set_ylabel(f"{metric.upper()} (mean \u00b1 std)")
        ax.axhline(0, color="black", linewidth=0.5)
        ax.set_title(f"Table 3: {metric.upper()}")
    axes[-1].legend(loc="center left", bbox_to_anchor=(1.01, 0.5))
    return drawn


def draw_figure_results(rows, slide=False):
    """Table 3 (the paper's results) with error bars as a matplotlib figure: NMI and ARI
    side by side (on a slide, larger, with the legend below the two panels)."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(9.6, 4.8) if slide else (13, 4))
    plot_results(rows, axes, slide=slide)
    if slide:  # the legend below the two panels, in columns: the panels keep the width
        for ax in axes:  # the names say "data set"; every other one lower: none touches
            ax.set_xlabel("")
            labels = [tick.get_text() for tick in ax.get_xticklabels()]
            ax.set_xticks(ax.get_xticks(), [("\n" if i % 2 else "") + name
                                            for i, name in enumerate(labels)])
        axes[-1].get_legend().remove()
        handles, labels = axes[0].get_legend_handles_labels()
        fig.legend(handles, labels, loc="lower center", ncol=2, frameon=False)
        fig.tight_layout(rect=(0, 0.02 + 0.05 * -(-len(labels) // 2), 1, 1))
    else:
        fig.tight_layout()
    return fig


def figure_results(rows, slide=False):
    """Table 3 (the paper's results) with error bars, described.

    Returns
    -------
    binms_teach.figures.DescribedFigure
        Its numbers: the mean and standard deviation of every point it plots.
    """
    with _style(slide):
        return _describe(draw_figure_results(rows, slide), results_text(rows),
                         results_numbers(rows))


# ---------------------------------------------------------------- Figure 3


def plot_prototypes(protos, axes, shape=(16, 15)):
    """Figure 3: each prototype as a 16 x 15 image, titled with its majority digit and size."""
    axes = list(axes)  # may be an iterator such as ``axes.flat``
    for ax, p in zip(axes, protos, strict=False):
        ax.imshow(p["centre"].reshape(shape), cmap="gray_r", vmin=0, vmax=1)
        ax.set_title(f"{p['majority']}\n{p['size']}")
    for ax in axes:
        ax.set_axis_off()


def draw_figure3(protos, slide=False):
    """Figure 3 as a matplotlib figure: the Digits prototypes of k-modes (top) and of
    BinNNMS (bottom)."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(2, 10, figsize=(9.6, 4.4) if slide else (12, 3.6))
    plot_prototypes(protos["kmodes"], axes[0])
    plot_prototypes(protos["binnnms"], axes[1])
    fig.suptitle("Top: k-modes. Bottom: BinNNMS. Each: majority digit, cluster size" if slide
                 else "Top: k-modes (k = 10). Bottom: the ten largest BinNNMS clusters. "
                 "Each image: majority digit, cluster size")
    fig.tight_layout()
    return fig


def figure3(protos, slide=False):
    """Figure 3, described: which digit each prototype stands for, in the text.

    Returns
    -------
    binms_teach.figures.DescribedFigure
        Its numbers: each prototype's majority digit, cluster size and purity.
    """
    with _style(slide):
        return _describe(draw_figure3(protos, slide), figure3_text(protos),
                         figure3_numbers(protos))


