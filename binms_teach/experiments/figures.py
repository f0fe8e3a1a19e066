"""The figures: Figure 1 (the sweep), Figure 2 (quantization error), Figure 3 (prototypes),
and Table 3 as points with error bars.

Each figure comes in three layers:

* ``plot_*(data, axes)`` draws one panel group on axes you give it;
* ``draw_*(data, slide=False)`` returns the whole matplotlib figure, drawn in the style
  of a lesson or, with ``slide=True``, of a projected slide (`binms_teach.figures.style`);
* ``figure1``, ``figure2``, ``figure3`` and ``figure_results`` return it described
  (`binms_teach.figures.DescribedFigure`): the picture, a text alternative that says
  what it shows and what to see in it, with numbers from the data it was drawn from,
  and those numbers as a table. ``python -m binms_teach reproduce`` writes their PNG.

Every plot follows `binms_teach.palette`: colour-blind-safe colours, and a marker or
line style so that colour is never the only key. No font size is set by hand: the
style decides them, so that a slide's text stays readable.
"""

import numpy as np

from .. import palette, paper


def _describe(fig, alt, numbers):
    from ..figures import describe

    return describe(fig, alt, numbers)


def _style(slide):
    from ..figures import style

    return style(slide=slide)


def _r(x, places=3):
    """A number as text, rounded (the same on every machine), never '-0.000'."""
    text = f"{float(x):.{places}f}"
    return text[1:] if text.strip("-0.") == "" and text.startswith("-") else text


# ---------------------------------------------------------------- Figure 1


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
        step = 2 if len(s.k2s) > 10 else 1  # every other label when they would touch
        ax.set_xticks(range(0, len(s.k2s), step), [str(k) for k in s.k2s[::step]])
        ax.set_yticks(range(0, len(s.k1s), step), [str(k) for k in s.k1s[::step]])
        ax.set_xlabel(r"$k_2$")
        ax.set_ylabel(r"$k_1$ (0: no ascent)")
        i, j = s.index(*s.best(metric))
        ax.plot(j, i, marker="*", color="white", markeredgecolor="black", markersize=14)
        ax.set_title(f"{title} {metric.upper()}: best {values[i, j]:.3f} at "
                     f"({s.k1s[i]}, {s.k2s[j]})".strip())
        ax.figure.colorbar(im, ax=ax, label=metric.upper())


def draw_figure1(sweeps, slide=False):
    """Figure 1 as a matplotlib figure: a row of NMI and ARI heat maps per data set.

    ``sweeps``: a mapping name -> `Sweep`; Car is left out, as in the paper, unless it
    is the only one. For a slide, give one data set.
    """
    names = _figure1_names(sweeps)
    return _figure_rows(names, 3.6, slide, lambda row, name: plot_sweep(
        sweeps[name], row, paper.TITLES.get(name, name)))


def _figure1_names(sweeps):
    return [n for n in sweeps if n != "car"] or list(sweeps)


def figure1(sweeps, slide=False):
    """Figure 1, described: NMI and ARI over (k1, k2), the best settings in the text.

    Returns
    -------
    binms_teach.figures.DescribedFigure
        Its numbers: every setting of every data set (NMI, ARI, clusters).
    """
    names = _figure1_names(sweeps)
    with _style(slide):
        return _describe(draw_figure1(sweeps, slide), figure1_alt(sweeps),
                         _figure1_numbers(sweeps, names))


def figure1_alt(sweeps):
    """The text alternative of Figure 1, from the sweeps it draws.

    Examples
    --------
    >>> from binms_teach.experiments import Sweep
    >>> s = Sweep((0, 3), (1, 2), np.array([[0.2, 0.1], [0.6, 0.4]]),
    ...           np.array([[0.1, 0.0], [0.5, 0.3]]), np.array([[9, 5], [3, 2]]),
    ...           np.ones((2, 2)), np.full((2, 2), np.nan), np.zeros((2, 2, 4), dtype=int))
    >>> print(figure1_alt({"zoo": s}))  # doctest: +NORMALIZE_WHITESPACE
    Heat maps of the NMI (left) and the ARI (right) of BinNNMS over k1 (up, 0: no ascent)
    and k2 (across), one row for Zoo; brighter is better and a star marks the best. Zoo:
    best NMI 0.600 at (k1, k2) = (3, 1) with 3 clusters, best ARI 0.500 at (3, 1); without
    the ascent (k1 = 0) the NMI reaches 0.200.
    """
    names = _figure1_names(sweeps)
    listed = ", ".join(paper.TITLES.get(n, n) for n in names)
    parts = [f"Heat maps of the NMI (left) and the ARI (right) of BinNNMS over k1 (up, 0: no "
             f"ascent) and k2 (across), one row for {_and(listed)}; brighter is better and a "
             f"star marks the best."]
    for name in names:
        s = sweeps[name]
        bn, ba = s.scores(*s.best("nmi")), s.scores(*s.best("ari"))
        text = (f"{paper.TITLES.get(name, name)}: best NMI {_r(bn['nmi'])} at (k1, k2) = "
                f"({bn['k1']}, {bn['k2']}) with {bn['n_clusters']} clusters, best ARI "
                f"{_r(ba['ari'])} at ({ba['k1']}, {ba['k2']})")
        if 0 in s.k1s:
            text += (f"; without the ascent (k1 = 0) the NMI reaches "
                     f"{_r(np.max(s.nmi[s.k1s.index(0)]))}")
        ascents = [i for i, k1 in enumerate(s.k1s) if k1 > 0]
        if len(ascents) > 1:  # where the band of good settings starts and ends
            lo, hi = ascents[0], ascents[-1]
            text += (f"; the k2 of the best NMI is {s.k2s[int(np.argmax(s.nmi[lo]))]} at k1 = "
                     f"{s.k1s[lo]} and {s.k2s[int(np.argmax(s.nmi[hi]))]} at k1 = {s.k1s[hi]}")
        parts.append(text + ".")
    return " ".join(parts)


def _and(listed):
    """'a, b, c' -> 'a, b and c'."""
    head, _, last = listed.rpartition(", ")
    return f"{head} and {last}" if head else last


def _figure1_numbers(sweeps, names):
    """The heat maps as a table: one row per data set, score and k1, one column per k2."""
    k2s = sorted({int(k2) for name in names for k2 in sweeps[name].k2s})
    cols = {"data set": [], "score": [], "k1": []} | {f"k2 = {k2}": [] for k2 in k2s}
    for name in names:
        s = sweeps[name]
        for metric in ("nmi", "ari"):
            values = getattr(s, metric)
            for i, k1 in enumerate(s.k1s):
                cols["data set"].append(paper.TITLES.get(name, name))
                cols["score"].append(metric.upper())
                cols["k1"].append(int(k1))
                for k2 in k2s:
                    cols[f"k2 = {k2}"].append(float(values[i, s.k2s.index(k2)])
                                              if k2 in s.k2s else None)
    return cols


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
    one row per data set. For a slide, give one data set."""
    return _figure_rows(list(curves), 3.4, slide, lambda row, name: plot_curves(
        curves[name], row, paper.TITLES.get(name, name)))


def figure2(curves, slide=False):
    """Figure 2, described: the start and end of every curve in the text.

    Returns
    -------
    binms_teach.figures.DescribedFigure
        Its numbers: every point of every curve.
    """
    with _style(slide):
        return _describe(draw_figure2(curves, slide), figure2_alt(curves),
                         _figure2_numbers(curves))


def figure2_alt(curves):
    """The text alternative of Figure 2, from the curves it draws.

    Examples
    --------
    >>> from binms_teach.experiments import QuantizationCurves
    >>> c = QuantizationCurves(5, 20, np.array([1.6, 1.2, 1.26]), np.array([5.3, 1.4]),
    ...                        np.array([1.5, 1.1]), np.array([2, 5]))
    >>> print(figure2_alt({"zoo": [c]}))  # doctest: +NORMALIZE_WHITESPACE
    The quantization error along the ascent, one row for Zoo, one line per k1: left, the
    error of the iterates to the target prototypes (the median centres of the true
    classes); right, to the centres of the clusters found at each iteration (solid) and
    of the true classes (dashed). Zoo, error to the targets from the start to the end:
    1.60 to 1.26 bits for k1 = 5; to the clusters found: 5.30 to 1.40 (k2 = 20).
    """
    names = ", ".join(paper.TITLES.get(n, n) for n in curves)
    parts = [f"The quantization error along the ascent, one row for {_and(names)}, one line "
             f"per k1: left, the error of the iterates to the target prototypes (the median "
             f"centres of the true classes); right, to the centres of the clusters found at "
             f"each iteration (solid) and of the true classes (dashed)."]
    for name, cs in curves.items():
        target = "; ".join(f"{_r(c.target[0], 2)} to {_r(c.target[-1], 2)} bits for k1 = "
                           f"{c.k1}" for c in cs)
        found = "; ".join(f"{_r(c.found[0], 2)} to {_r(c.found[-1], 2)}" for c in cs)
        parts.append(f"{paper.TITLES.get(name, name)}, error to the targets from the start to "
                     f"the end: {target}; to the clusters found: {found} (k2 = {cs[0].k2}).")
    return " ".join(parts)


def _figure2_numbers(curves):
    cols = {"data set": [], "k1": [], "j": [], "target": [], "found": [], "true classes": [],
            "clusters found": []}
    for name, cs in curves.items():
        for c in cs:
            for j in range(len(c.target)):
                cols["data set"].append(paper.TITLES.get(name, name))
                cols["k1"].append(int(c.k1))
                cols["j"].append(j)
                cols["target"].append(float(c.target[j]))
                cols["found"].append(float(c.found[j]))
                cols["true classes"].append(float(c.true_intermediate[j]))
                cols["clusters found"].append(int(c.n_found[j]))
    return cols


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
    `palette.colours` and each series its own marker, so no two series differ
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
        ax.set_xticks(range(len(names)), [paper.TITLES.get(n, n) for n in names])
        ax.set_xlabel("data set")
        ax.set_ylabel(f"{metric.upper()} (mean \u00b1 std)")
        ax.axhline(0, color="black", linewidth=0.5)
        ax.set_title(f"Table 3: {metric.upper()}")
    axes[-1].legend(loc="center left", bbox_to_anchor=(1.01, 0.5))
    return drawn


def draw_figure_results(rows, slide=False):
    """Table 3 (the paper's results) with error bars as a matplotlib figure: NMI and ARI
    side by side (on a slide, one above the other)."""
    import matplotlib.pyplot as plt

    if slide:
        fig, axes = plt.subplots(2, 1, figsize=(9.6, 6.4), sharex=True)
    else:
        fig, axes = plt.subplots(1, 2, figsize=(13, 4))
    plot_results(rows, axes)
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
        return _describe(draw_figure_results(rows, slide), results_alt(rows),
                         _results_numbers(rows))


def _value(rows, dataset, series, metric):
    value = _result_value([r for r in rows if r["dataset"] == dataset
                           and _series_name(r) == series], metric)
    return None if value is None else value[0]


def results_alt(rows):
    """The text alternative of the results figure (Table 3), from its rows.

    It names, for each data set, the best BinNNMS setting in the file's order beside our
    k-modes and the paper's k-modes (NMI), and where the paper's k-modes lies lowest.
    """
    names = list(dict.fromkeys(r["dataset"] for r in rows))
    titles = ", ".join(paper.TITLES.get(n, n) for n in names)
    series = list(dict.fromkeys(_series_name(r) for r in rows))
    parts = [f"Table 3 as points with error bars of one standard deviation: the NMI (left) and "
             f"the ARI (right) of {len(series)} methods and rules on {_and(titles)}."]
    best = "BinNNMS best NMI (index, file order)"
    pairs, lowest = [], []
    for name in names:
        b, k, pk = (_value(rows, name, s, "nmi")
                    for s in (best, "k-modes", "paper k-modes"))
        if b is not None and k is not None:
            pairs.append(f"{paper.TITLES.get(name, name)} {_r(b)} against {_r(k)}")
        others = [_value(rows, name, s, "nmi") for s in series if s != "paper k-modes"]
        others = [v for v in others if v is not None]
        if pk is not None and others and pk < min(others):
            lowest.append(f"{paper.TITLES.get(name, name)} ({_r(pk)})")
    if pairs:
        parts.append("NMI of BinNNMS's best setting in the file's order against our k-modes: "
                     + "; ".join(pairs) + ".")
    if lowest:
        parts.append("The paper's k-modes lies below every other point on "
                     + _and(", ".join(lowest)) + ".")
    return " ".join(parts)


def _results_numbers(rows):
    cols = {"data set": [], "series": [], "NMI": [], "NMI std": [], "ARI": [], "ARI std": []}
    names = list(dict.fromkeys(r["dataset"] for r in rows))
    series = list(dict.fromkeys(_series_name(r) for r in rows))
    for name in names:
        for s in series:
            mine = [r for r in rows if r["dataset"] == name and _series_name(r) == s]
            if not mine:
                continue
            n, a = _result_value(mine, "nmi"), _result_value(mine, "ari")
            if n is None and a is None:
                continue
            cols["data set"].append(paper.TITLES.get(name, name))
            cols["series"].append(s)
            for metric, v in (("NMI", n), ("ARI", a)):
                cols[metric].append(None if v is None else float(v[0]))
                cols[f"{metric} std"].append(None if v is None else float(v[1]))
    return cols


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
    fig.suptitle("Top: k-modes (k = 10). Bottom: the ten largest BinNNMS clusters. "
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
        return _describe(draw_figure3(protos, slide), figure3_alt(protos),
                         _figure3_numbers(protos))


def figure3_alt(protos):
    """The text alternative of Figure 3, from the prototypes it draws.

    Examples
    --------
    >>> p = [{"majority": d, "size": 200, "purity": 1.0} for d in (0, 1, 1, 3, 4, 5, 6, 7, 8, 9)]
    >>> q = [{"majority": d, "size": 190, "purity": 0.98} for d in range(10)]
    >>> print(figure3_alt({"kmodes": p, "kmodes_nmi": 0.6851, "binnnms": q, "k1": 10,
    ...                    "k2": 25, "binnnms_nmi": 0.88, "binnnms_clusters": 40}))
    ... # doctest: +NORMALIZE_WHITESPACE
    Figure 3: the Digits prototypes (median centres) as 16 x 15 black and white images, each
    titled with its majority digit and cluster size. Top row, k-modes with k = 10 (NMI
    0.685): its prototypes stand for the digits 0 1 1 3 4 5 6 7 8 9, two for the 1 and none
    for the 2. Bottom row, the ten largest of the 40 clusters of BinNNMS with (k1, k2) = (10,
    25) (NMI 0.880): one prototype for each digit from 0 to 9.
    """
    def reading(ps):
        digits = [int(p["majority"]) for p in ps]
        if sorted(digits) == list(range(10)):
            return "one prototype for each digit from 0 to 9"
        twice = sorted({d for d in digits if digits.count(d) > 1})
        missing = sorted(set(range(10)) - set(digits))
        text = "its prototypes stand for the digits " + " ".join(str(d) for d in digits)
        if twice:
            text += ", two for the " + _and(", ".join(str(d) for d in twice))
        if missing:
            text += " and none for the " + _and(", ".join(str(d) for d in missing))
        return text

    return (f"Figure 3: the Digits prototypes (median centres) as 16 x 15 black and white "
            f"images, each titled with its majority digit and cluster size. Top row, k-modes "
            f"with k = 10 (NMI {_r(protos['kmodes_nmi'])}): {reading(protos['kmodes'])}. "
            f"Bottom row, the ten largest of the {protos['binnnms_clusters']} clusters of "
            f"BinNNMS with (k1, k2) = ({protos['k1']}, {protos['k2']}) (NMI "
            f"{_r(protos['binnnms_nmi'])}): {reading(protos['binnnms'])}.")


def _figure3_numbers(protos):
    cols = {"method": [], "majority digit": [], "cluster size": [], "purity": []}
    for method, key in (("k-modes", "kmodes"), ("BinNNMS", "binnnms")):
        for p in protos[key]:
            cols["method"].append(method)
            cols["majority digit"].append(int(p["majority"]))
            cols["cluster size"].append(int(p["size"]))
            cols["purity"].append(float(p["purity"]))
    return cols
