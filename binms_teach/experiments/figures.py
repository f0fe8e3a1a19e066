"""The figures: Figure 1 (the sweep), Figure 2 (quantization error), Figure 3 (prototypes),
and Table 3 as points with error bars.

Every plot follows `binms_teach.palette`: colour-blind-safe colours, and a marker
or line style so that colour is never the only key.
"""

import numpy as np

from .. import palette, paper


def plot_sweep(s, axes, title=""):
    """Figure 1 for one data set: heatmaps of NMI and ARI over (k1, k2) on two axes.

    Each heat map has its colour bar; a white star outlined in black marks the
    best setting (the title gives its value), visible on every colour of the map.
    """
    for ax, metric in zip(axes, ("nmi", "ari"), strict=True):
        values = getattr(s, metric)
        im = ax.imshow(values, origin="lower", aspect="auto", cmap=palette.SEQUENTIAL_CMAP,
                       vmin=0 if metric == "nmi" else min(0.0, float(np.nanmin(values))),
                       vmax=1)
        ax.set_xticks(range(len(s.k2s)), [str(k) for k in s.k2s], fontsize=7)
        ax.set_yticks(range(len(s.k1s)), [str(k) for k in s.k1s], fontsize=7)
        ax.set_xlabel(r"$k_2$")
        ax.set_ylabel(r"$k_1$ (0: no ascent)")
        i, j = s.index(*s.best(metric))
        ax.plot(j, i, marker="*", color="white", markeredgecolor="black", markersize=12)
        ax.set_title(f"{title} {metric.upper()} (\u2605 best {values[i, j]:.3f} at "
                     f"$k_1$ = {s.k1s[i]}, $k_2$ = {s.k2s[j]})".strip(), fontsize=9)
        ax.figure.colorbar(im, ax=ax, label=metric.upper())


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
    left.set_title(f"{title}: error to the target prototypes".strip(": "), fontsize=9)
    right.set_title(f"{title}: error to the intermediate centres ($k_2$ = {curves[0].k2})"
                    .strip(": "), fontsize=9)
    for ax in axes:
        ax.set_xlabel(r"iteration $j$")
        ax.set_ylabel("quantization error (bits)")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.legend(fontsize=7)


# Markers beyond `palette.MARKERS`, for the results figure's many series (up to 15).
RESULT_MARKERS = ("h", "p", "d", "H", "8")


def _result_value(rows, metric):
    """The (mean, std) of ``metric`` from the rows of one data set and one series.

    Spect has two k for k-modes (47 for the NMI, 2 for the ARI, as the paper):
    where a series has several rows, the one with the paper's k for ``metric`` wins.
    """
    rows = [r for r in rows if r[f"{metric}_mean"] is not None]
    if len(rows) > 1:
        ref = paper.TABLE3[rows[0]["dataset"]]
        k = ref.kmodes_nmi_k if metric == "nmi" else ref.kmodes_ari_k
        rows = [r for r in rows if r["k"] == k] or rows[:1]
    if not rows:
        return None
    return rows[0][f"{metric}_mean"], rows[0][f"{metric}_std"] or 0.0


def _series_name(r):
    """A row's series in the results figure: its method, neighbour rule and row orders if any.

    Examples
    --------
    >>> rows = [{"method": "BinNNMS best NMI", "neighbours": rule, "orders": orders}
    ...         for rule, orders in (("index", 1), ("index", 10), ("ball", 1))]
    >>> [_series_name(r) for r in rows]
    ['BinNNMS best NMI (index, file order)', 'BinNNMS best NMI (index, 10 orders)', \
'BinNNMS best NMI (ball)']
    >>> _series_name({"method": "k-modes"})
    'k-modes'
    """
    rule, orders = r.get("neighbours"), r.get("orders")
    if not rule:
        return r["method"]
    if rule == "index":
        rule += ", file order" if not orders or int(orders) == 1 else f", {int(orders)} orders"
    return f"{r['method']} ({rule})"


def plot_results(rows, axes):
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
    `palette.OKABE_ITO` and each series its own marker, so no two series differ
    by colour alone. Rows without a value (the paper's Car "single class") are
    left out.

    Returns
    -------
    dict
        series name -> the ErrorbarContainer of each axis, ``{name: [nmi, ari]}``.
    """
    names = list(dict.fromkeys(r["dataset"] for r in rows))
    series = list(dict.fromkeys(_series_name(r) for r in rows))
    # Colour by method (the rules of one setting share it), and a marker of its own for
    # every series, so that no two series differ by colour alone.
    methods = list(dict.fromkeys(r["method"] for r in rows))
    colour_of = {_series_name(r): palette.colours(len(methods))[methods.index(r["method"])]
                 for r in rows}
    shapes = palette.MARKERS + RESULT_MARKERS
    markers = [shapes[i % len(shapes)] for i in range(len(series))]
    width = 0.8 / max(len(series), 1)
    drawn = {}
    for ax, metric in zip(axes, ("nmi", "ari"), strict=True):
        for i, name in enumerate(series):
            x, mean, std = [], [], []
            for g, dataset in enumerate(names):
                value = _result_value([r for r in rows if r["dataset"] == dataset
                                       and _series_name(r) == name], metric)
                if value is not None:
                    x.append(g - 0.4 + width * (i + 0.5))
                    mean.append(value[0])
                    std.append(value[1])
            if not x:
                continue
            bars = ax.errorbar(x, mean, yerr=std, fmt=markers[i], color=colour_of[name],
                               capsize=3, markersize=5, label=name)
            drawn.setdefault(name, []).append(bars)
        ax.set_xticks(range(len(names)), [paper.TITLES[n] for n in names])
        ax.set_xlabel("data set")
        ax.set_ylabel(f"{metric.upper()} (mean \u00b1 std)")
        ax.axhline(0, color="black", linewidth=0.5)
        ax.set_title(f"Table 3: {metric.upper()}", fontsize=9)
    axes[-1].legend(fontsize=7, loc="center left", bbox_to_anchor=(1.01, 0.5))
    return drawn


def figure_results(rows):
    """Table 3 (the paper's results) with error bars: NMI and ARI side by side."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(13, 4))
    plot_results(rows, axes)
    fig.tight_layout()
    return fig


def plot_prototypes(protos, axes, shape=(16, 15)):
    """Figure 3: each prototype as a 16 x 15 image, titled with its majority digit and size."""
    axes = list(axes)  # may be an iterator such as ``axes.flat``
    for ax, p in zip(axes, protos, strict=False):
        ax.imshow(p["centre"].reshape(shape), cmap="gray_r", vmin=0, vmax=1)
        ax.set_title(f"{p['majority']} (n={p['size']})", fontsize=8)
    for ax in axes:
        ax.set_axis_off()


def figure1(sweeps):
    """Figure 1: rows of NMI and ARI heatmaps, from a mapping name -> Sweep (Car left out,
    as in the paper, unless it is the only one)."""
    names = [n for n in sweeps if n != "car"] or list(sweeps)
    return _figure_rows(names, 3.6, lambda row, name: plot_sweep(sweeps[name], row,
                                                                 paper.TITLES[name]))


def figure2(curves):
    """Figure 2, from a mapping name -> list of QuantizationCurves: one row per data set."""
    return _figure_rows(list(curves), 3.4, lambda row, name: plot_curves(curves[name], row,
                                                                         paper.TITLES[name]))


def _figure_rows(names, height, draw):
    """A figure with one row of two panels per data set, each drawn by ``draw(row, name)``."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(len(names), 2, figsize=(12, height * len(names)), squeeze=False)
    for row, name in zip(axes, names, strict=True):
        draw(row, name)
    fig.tight_layout()
    return fig


def figure3(protos):
    """Figure 3: the Digits prototypes of k-modes (top) and of BinNNMS (bottom)."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(2, 10, figsize=(12, 3.2))
    plot_prototypes(protos["kmodes"], axes[0])
    plot_prototypes(protos["binnnms"], axes[1])
    fig.text(0.01, 0.75, f"k-modes\nk=10\nNMI {protos['kmodes_nmi']:.3f}", fontsize=8)
    fig.text(0.01, 0.25, f"BinNNMS\nk1={protos['k1']}, k2={protos['k2']}\n"
                         f"{protos['binnnms_clusters']} clusters\nNMI "
                         f"{protos['binnnms_nmi']:.3f}", fontsize=8)
    fig.subplots_adjust(left=0.09)
    return fig


