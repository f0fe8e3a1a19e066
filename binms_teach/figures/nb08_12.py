"""The figures of lessons 08-12 that are not the paper's own (those are in
`binms_teach.figures.experiments`: Figures 1-3 and Table 3 as points).

Each function takes the data it draws and ``slide=False`` and returns a
`DescribedFigure`: the picture, a text alternative that says what it shows and what
to see in it (its numbers come from the data, rounded, so the text is the same on
every machine), and, where it plots numbers, those numbers as a table. With
``slide=True`` the same figure is drawn for projection (`style`).

* `reshape_figure` (lesson 11): the mean image of each digit, reshaped two ways.
* `sweep_figure` (lesson 09, its slides): the NMI of a sweep against k2, one line per k1.
* `decrease_figure` (lesson 10, its slides): the ascent's relative decrease against the ARI.
* `purity_figure` (lesson 11, its slides): each prototype's majority digit and purity.
* `auto_figure` (lesson 12): the automatic choice of (k1, k2) beside the supervised best.
* `criteria_figure` (lesson 12): the criteria of the choice over k2, at one k1.
"""

import numpy as np

from ..evaluation import paper
from . import palette
from .common import listed, rounded
from .projection import describe, style
from .shape import shape, tolerance

__all__ = ["auto_figure", "criteria_figure", "decrease_figure", "purity_figure",
           "reshape_figure", "sweep_figure"]


def _title(name):
    """A data set's name as a sentence writes it: "Zoo", "Votes", "Mixture-5"."""
    return paper.TITLES.get(name, name[:1].upper() + name[1:])


# ---------------------------------------------------------------- lesson 09


def sweep_figure(sweep, k1s, slide=False):
    """The NMI of a sweep against k2, one line per k1, each line's best marked in the text.

    Parameters
    ----------
    sweep : Sweep
        `binms_teach.experiments.sweep` (its ``k1s``, ``k2s``, ``nmi``, ``n_clusters``).
    k1s : sequence of int
        The rows of the sweep to draw.
    slide : bool, default False

    Returns
    -------
    DescribedFigure
        Its numbers: NMI and clusters at every (k1, k2) drawn.
    """
    import matplotlib.pyplot as plt

    rows = [sweep.k1s.index(k1) for k1 in k1s]
    best = {k1: int(np.argmax(sweep.nmi[i])) for k1, i in zip(k1s, rows, strict=True)}
    with style(slide):
        fig, ax = plt.subplots(figsize=(9.6, 4.8) if slide else (7, 4))
        for s, (k1, i) in enumerate(zip(k1s, rows, strict=True)):
            look = palette.series_style(s)
            ax.plot(sweep.k2s, sweep.nmi[i], marker=look["marker"], color=look["color"],
                    linestyle=look["linestyle"], markersize=12 if slide else 6,
                    label=f"$k_1$ = {k1}")
        ax.set_xlabel("$k_2$")
        ax.set_ylabel("NMI")
        ax.set_ylim(0, 1)
        ax.legend(loc="center left", bbox_to_anchor=(1.0, 0.5), frameon=False)
        fig.tight_layout()
        peaks = [f"k1 = {k1}: {rounded(sweep.nmi[i, best[k1]], 2)} at k2 = "
                 f"{sweep.k2s[best[k1]]}" for k1, i in zip(k1s, rows, strict=True)]
        alt = f"The NMI against k2, one line per k1, each peaking once: {listed(peaks)}."
        long = (f"k2 runs over {listed(sweep.k2s)}. At each line's peak the clusters number "
                + listed(f"{int(sweep.n_clusters[i, best[k1]])} (k1 = {k1})"
                         for k1, i in zip(k1s, rows, strict=True)) + ".")
        return describe(fig, alt, long=long, numbers={
            "k1": [k1 for k1 in k1s for _ in sweep.k2s],
            "k2": [int(k2) for _ in k1s for k2 in sweep.k2s],
            "NMI": [float(v) for i in rows for v in sweep.nmi[i]],
            "clusters": [int(v) for i in rows for v in sweep.n_clusters[i]]})


# ---------------------------------------------------------------- lesson 10


def decrease_figure(pairs, slide=False):
    """The relative decrease of the target error along the ascent against the ARI.

    Parameters
    ----------
    pairs : list of dict
        One per data set and k1: ``dataset``, ``k1``, ``relative`` (the target error's
        decrease over its start) and ``ari`` (of `BinNNMS` with the same setting).
    slide : bool, default False

    Returns
    -------
    DescribedFigure
        Its numbers: each pair, and in the text their rank (Spearman) correlation.
    """
    import matplotlib.pyplot as plt
    from scipy.stats import spearmanr

    relative = [float(p["relative"]) for p in pairs]
    aris = [float(p["ari"]) for p in pairs]
    rho = float(spearmanr(relative, aris).statistic)
    names = list(dict.fromkeys(p["dataset"] for p in pairs))
    with style(slide):
        fig, ax = plt.subplots(figsize=(9.6, 4.8) if slide else (7, 4))
        for s, name in enumerate(names):
            look = palette.series_style(s)
            mine = [p for p in pairs if p["dataset"] == name]
            ax.plot([p["relative"] for p in mine], [p["ari"] for p in mine], linestyle="none",
                    marker=look["marker"], color=look["color"], markersize=16 if slide else 8,
                    markeredgecolor="black", label=_title(name))
        ax.axhline(0, color="black", linewidth=0.5)
        ax.set_xlabel("relative decrease of the target error")
        ax.set_ylabel("ARI")
        ax.set_title(f"rank correlation {rounded(rho, 2)}")
        ax.legend(loc="center left", bbox_to_anchor=(1.0, 0.5), frameon=False)
        fig.tight_layout()
        best = max(pairs, key=lambda p: p["relative"])
        alt = (f"The ARI against the relative decrease of the target error, {len(pairs)} settings "
               f"of {listed(_title(n) for n in names)}: rank correlation {rounded(rho, 2)}.")
        long = (f"The relative decrease runs from {rounded(min(relative), 2)} to "
                f"{rounded(max(relative), 2)}, largest on {_title(best['dataset'])} at "
                f"k1 = {best['k1']}; the ARI from {rounded(min(aris), 2)} to "
                f"{rounded(max(aris), 2)}; a thin line marks an ARI of 0 (chance).")
        return describe(fig, alt, long=long, numbers={
            "data set": [_title(p["dataset"]) for p in pairs],
            "k1": [int(p["k1"]) for p in pairs],
            "relative decrease": relative,
            "ARI": aris})


# ---------------------------------------------------------------- lesson 11


def row_jump(image):
    """The mean absolute difference between adjacent rows of an image (0: smooth).

    An image reshaped with the wrong row length is sheared: each row is shifted
    against the next, and adjacent rows differ more.

    Examples
    --------
    >>> row_jump(np.array([[0, 1, 0], [0, 1, 0]]))
    0.0
    >>> round(row_jump(np.array([[0, 1, 0], [1, 0, 0]])), 3)
    0.667
    """
    image = np.asarray(image, dtype=float)
    return float(np.abs(np.diff(image, axis=0)).mean())


def reshape_figure(X, y, slide=False):
    """The mean image of each digit, reshaped as 16 rows of 15 (top) and 15 rows of 16.

    Parameters
    ----------
    X : (n, 240) array of 0/1
        The Digits data.
    y : (n,) array
        The digit of each row, 0 to 9.
    slide : bool, default False

    Returns
    -------
    DescribedFigure
        A picture: no numbers table. The text gives how much adjacent rows of the mean
        images differ under each reshape, the measure of the shear one can see.
    """
    import matplotlib.pyplot as plt

    X, y = np.asarray(X), np.asarray(y)
    means = [X[y == digit].mean(axis=0) for digit in range(10)]
    shapes = ((16, 15), (15, 16))
    jumps = [np.mean([row_jump(m.reshape(shape)) for m in means]) for shape in shapes]
    with style(slide):
        fig, axes = plt.subplots(2, 10, figsize=(9.6, 3.4) if slide else (10, 3.0))
        for digit, mean in enumerate(means):
            for row, shape in enumerate(shapes):
                axes[row, digit].imshow(mean.reshape(shape), cmap="gray_r")
            axes[0, digit].set_title(str(digit))
        for ax in axes.flat:
            ax.set_axis_off()
        fig.suptitle("Top: reshape(16, 15). Bottom: reshape(15, 16)")
        fig.tight_layout()
        smooth = jumps[0] < jumps[1]
        alt = ("The mean image of each digit reshaped two ways: as 16 rows of 15 pixels (top) "
               + ("the strokes run smoothly from row to row, as 15 rows of 16 (bottom) each row "
                  "shifts one pixel against the one above and the digits shear into slanted "
                  "smears." if smooth else
                  "adjacent rows differ more than as 15 rows of 16 (bottom)."))
        long = (f"One column per digit, {listed(range(10))}. Adjacent rows of the mean images "
                f"differ by {rounded(jumps[0], 2)} on average in the top row (16 rows of 15) "
                f"and by {rounded(jumps[1], 2)} in the bottom row (15 rows of 16).")
        return describe(fig, alt, long=long)


def purity_figure(kmodes, binnnms, slide=False):
    """Each prototype as a point: its majority digit across, its purity up; one series a method.

    A digit without a point has no prototype; a digit with two points has two.

    Parameters
    ----------
    kmodes, binnnms : list of dict
        `binms_teach.experiments.prototypes` of each method (``majority``, ``purity``,
        ``size``).
    slide : bool, default False

    Returns
    -------
    DescribedFigure
        Its numbers: each prototype's method, majority digit, purity and cluster size.
    """
    import matplotlib.pyplot as plt

    series = (("k-modes", kmodes), ("BinNNMS", binnnms))
    missing = {name: sorted(set(range(10)) - {int(p["majority"]) for p in protos})
               for name, protos in series}
    with style(slide):
        fig, ax = plt.subplots(figsize=(9.6, 4.8) if slide else (8, 4))
        for s, (name, protos) in enumerate(series):
            look = palette.series_style(s)
            # the two series side by side at each digit, so that their markers never cover
            ax.plot([int(p["majority"]) + (0.15 if s else -0.15) for p in protos],
                    [float(p["purity"]) for p in protos], linestyle="none",
                    marker=look["marker"], color=look["color"], markersize=16 if slide else 8,
                    markerfacecolor="none" if s == 0 else look["color"], markeredgewidth=2,
                    label=f"{name}, no prototype: {listed(missing[name], 'or') or 'none'}")
        ax.set_xticks(range(10))
        ax.set_xlim(-0.5, 9.5)
        ax.set_ylim(0.5, 1.02)
        ax.set_xlabel("majority digit of the cluster")
        ax.set_ylabel("purity")
        ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=1, frameon=False)
        fig.tight_layout()
        purities = {name: [float(p["purity"]) for p in protos] for name, protos in series}
        alt = (f"The purity of each prototype against its majority digit: k-modes "
               f"{rounded(min(purities['k-modes']), 2)} to {rounded(max(purities['k-modes']), 2)}"
               f", BinNNMS {rounded(min(purities['BinNNMS']), 2)} to "
               f"{rounded(max(purities['BinNNMS']), 2)}.")
        twice = {name: [d for d in range(10)
                        if sum(int(p["majority"]) == d for p in protos) > 1]
                 for name, protos in series}
        long = " ".join(f"{name}: digits without a prototype {listed(missing[name]) or 'none'}, "
                        f"with two or more {listed(twice[name]) or 'none'}."
                        for name, _ in series)
        return describe(fig, alt, long=long, numbers={
            "method": [name for name, protos in series for _ in protos],
            "majority digit": [int(p["majority"]) for _, protos in series for p in protos],
            "purity": [float(p["purity"]) for _, protos in series for p in protos],
            "cluster size": [int(p["size"]) for _, protos in series for p in protos]})


# ---------------------------------------------------------------- lesson 12


def auto_figure(rows, slide=False):
    """The ARI of the automatic choice beside the supervised best of the same grid.

    Parameters
    ----------
    rows : list of dict
        `binms_teach.experiments.auto_rows`: one per data set.
    slide : bool, default False

    Returns
    -------
    DescribedFigure
        Its numbers: for each data set, the two ARI, their ratio and the clusters.
    """
    import matplotlib.pyplot as plt

    names = [_title(r["dataset"]) for r in rows]
    with style(slide):
        fig, ax = plt.subplots(figsize=(9.6, 5.0) if slide else (8, 4))
        x = np.arange(len(rows))
        series = (("best_ari", "best_n_clusters", "supervised best (the labels choose)"),
                  ("ari", "n_clusters", "automatic choice (no labels)"))
        for s, (key, _, label) in enumerate(series):
            look = palette.series_style(s)
            ax.plot(x, [r[key] for r in rows], linestyle="none", marker=look["marker"],
                    color=look["color"], markersize=16 if s == 0 else 9,
                    markerfacecolor="none" if s == 0 else look["color"], markeredgewidth=2,
                    label=label)
        ax.set_xticks(x, [f"{name}\n{r['n_clusters']} / {r['best_n_clusters']}"
                          for name, r in zip(names, rows, strict=True)])
        ax.set_xlabel("data set; clusters: automatic / best")
        ax.set_xlim(-0.5, len(rows) - 0.5)
        ax.axhline(0, color="black", linewidth=0.5)
        ax.set_ylim(min(-0.05, min(r["ari"] for r in rows) - 0.05), 1.05)
        ax.set_ylabel("ARI against the true classes")
        if slide:  # above the data, where no point is
            ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2, frameon=False)
        else:
            ax.legend(loc="lower left")
        fig.tight_layout()
        alt, long = auto_text(rows)
        return describe(fig, alt, long=long, numbers={
            "data set": names,
            "automatic ARI": [float(r["ari"]) for r in rows],
            "best ARI": [float(r["best_ari"]) for r in rows],
            "ratio": [None if r["ari_ratio"] is None or not r["learnable"]
                      else float(r["ari_ratio"]) for r in rows],
            "automatic clusters": [int(r["n_clusters"]) for r in rows],
            "best clusters": [int(r["best_n_clusters"]) for r in rows]})


def auto_text(rows):
    """The text alternative and the long description of `auto_figure`, from its rows.

    Examples
    --------
    >>> rows = [{"dataset": "zoo", "ari": 0.866, "best_ari": 0.926, "n_clusters": 6,
    ...          "best_n_clusters": 6, "ari_ratio": 0.935, "learnable": True}]
    >>> alt, long = auto_text(rows)
    >>> print(alt)  # doctest: +NORMALIZE_WHITESPACE
    The ARI of the automatic choice of (k1, k2) (filled markers) beside the best of the same
    grid chosen with the labels (open markers), on Zoo: the automatic choice reaches 0.94 of
    the best.
    >>> print(long)  # doctest: +NORMALIZE_WHITESPACE
    The ARI against the true classes, automatic against best: Zoo 0.866 against 0.926 with 6
    clusters against 6. Under each data set, its clusters, automatic / best; a thin line marks
    an ARI of 0 (chance).
    """
    names = [_title(r["dataset"]) for r in rows]
    pairs = "; ".join(f"{name} {rounded(r['ari'])} against {rounded(r['best_ari'])} with "
                      f"{r['n_clusters']} clusters against {r['best_n_clusters']}"
                      for name, r in zip(names, rows, strict=True))
    ratios = [r["ari_ratio"] for r in rows if r["learnable"] and r["ari_ratio"] is not None]
    if len(ratios) == 1:
        reach = f"the automatic choice reaches {rounded(ratios[0], 2)} of the best"
    elif ratios:
        reach = (f"the automatic choice reaches {rounded(min(ratios), 2)} to "
                 f"{rounded(max(ratios), 2)} of the best")
    else:
        reach = "no data set has a best worth a ratio"
    alt = (f"The ARI of the automatic choice of (k1, k2) (filled markers) beside the best of "
           f"the same grid chosen with the labels (open markers), on {listed(names)}: {reach}.")
    long = (f"The ARI against the true classes, automatic against best: {pairs}. Under each "
            f"data set, its clusters, automatic / best; a thin line marks an ARI of 0 (chance).")
    unlearnable = [n for n, r in zip(names, rows, strict=True) if not r["learnable"]]
    if unlearnable:
        long += (f" No setting of the grid learns {listed(unlearnable)}, so no ratio is given "
                 f"for it.")
    return alt, long


# The criteria of the choice, as `criteria_figure` draws them: (key, axis label).
CRITERIA_PANELS = (("silhouette", "silhouette (higher is better)"),
                   ("stability", "stability (higher is better)"),
                   ("plateau", "plateau width (wider is better)"),
                   ("bic", "BIC (lower is better)"))


def criteria_figure(result, k1=None, slide=False):
    """The criteria of the automatic choice over k2 at one k1, with the ARI.

    Six panels sharing the k2 axis: silhouette, stability, plateau width, BIC, the
    number of clusters (all and substantial) and the ARI against the true labels; a
    grey line marks the chosen k2 when ``k1`` is the chosen k1.

    Parameters
    ----------
    result : binms_teach.experiments.AutoResult
        One data set of `binms_teach.experiments.auto_study`.
    k1 : int, optional
        The k1 to show (default: the chosen one).
    slide : bool, default False

    Returns
    -------
    DescribedFigure
        Its numbers: every criterion, the clusters and the ARI for each k2.
    """
    import matplotlib.pyplot as plt

    sel = result.selection
    k1 = sel.k1 if k1 is None else k1
    i = sel.k1s.index(k1)
    k2s = list(sel.k2s)
    x = np.arange(len(k2s))
    chosen = sel.k2s.index(sel.k2) if k1 == sel.k1 else None
    with style(slide):
        fig, axes = plt.subplots(2, 3, figsize=(9.6, 4.8) if slide else (12, 6.4),
                                 sharex=True)
        axes = axes.ravel()
        for p, (name, label) in enumerate(CRITERIA_PANELS):
            look = palette.series_style(p)
            axes[p].plot(x, sel.scores[name][i], marker=look["marker"], color=look["color"])
            axes[p].set_ylabel(label.split(" (")[0] if slide else label)  # short on a slide
        look = palette.series_style(4)
        axes[4].plot(x, sel.n_clusters[i], marker=look["marker"], color=look["color"],
                     label="all")
        look = palette.series_style(5)
        axes[4].plot(x, sel.n_substantial[i], marker=look["marker"], color=look["color"],
                     linestyle="--", label="substantial")
        axes[4].set_yscale("log")
        axes[4].set_ylabel("clusters")
        # above its panel, not on its curves
        axes[4].legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2, frameon=False,
                       borderaxespad=0.1, handlelength=1.5, columnspacing=0.8)
        axes[5].plot(x, result.grid_ari[i], marker="x", linestyle="--", color="black")
        axes[5].set_ylabel("ARI" if slide else "ARI (the true labels)")
        # a slide's 15 pt labels need room: about four per panel
        step = -(-len(k2s) // 4) if slide else 2 if len(k2s) > 8 else 1
        for ax in axes:
            ax.set_xticks(x[::step], [str(k) for k in k2s[::step]])
            if chosen is not None:
                ax.axvline(chosen, color="black", linewidth=0.8, linestyle=":")
        for ax in axes[3:]:
            ax.set_xlabel(r"$k_2$")
        fig.suptitle(f"{_title(result.name)}, $k_1$ = {k1}" + (
            "" if chosen is None else f" (dotted line: the chosen $k_2$ = {sel.k2})"))
        fig.tight_layout()
        numbers = {"k2": [int(k) for k in k2s]}
        for name, _ in CRITERIA_PANELS:
            # The BIC runs to tens of thousands: one decimal is what every machine agrees on.
            numbers[name] = [f"{v:.1f}" if name == "bic" else float(v)
                             for v in sel.scores[name][i]]
        numbers["clusters"] = [int(v) for v in sel.n_clusters[i]]
        numbers["substantial"] = [int(v) for v in sel.n_substantial[i]]
        numbers["ARI"] = [float(v) for v in result.grid_ari[i]]
        alt, long = criteria_text(result, k1)
        return describe(fig, alt, numbers, long=long)


def criteria_text(result, k1=None):
    """The text alternative and the long description of `criteria_figure`.

    The alt says which k2 the rule chose (or, at another k1, where the criteria peak) against
    the k2 of the best ARI; the long description gives each panel's best and its shape
    (`binms_teach.figures.shape`). Ties go to the smallest k2, as the figure's numbers show.
    """
    sel = result.selection
    k1 = sel.k1 if k1 is None else k1
    i = sel.k1s.index(k1)
    k2s = list(sel.k2s)

    def at(values, best):
        values = np.asarray(values, dtype=float)
        if np.all(np.isnan(values)):
            return "undefined everywhere"
        j = int(np.nanargmax(values) if best == "max" else np.nanargmin(values))
        return f"k2 = {k2s[j]} ({rounded(values[j], 2 if best == 'max' else 1)})"

    def curve(values, places):
        values = np.asarray(values, dtype=float)
        keep = np.isfinite(values)
        if not keep.any():
            return "is undefined everywhere"
        return shape([k for k, ok in zip(k2s, keep, strict=True) if ok], values[keep],
                     tol=tolerance(values[keep]), name="k2", fmt=lambda v: rounded(v, places))

    silhouette, stability = sel.scores["silhouette"][i], sel.scores["stability"][i]
    ari = result.grid_ari[i]
    name = _title(result.name)
    if k1 == sel.k1:
        message = (f"the rule chose k2 = {sel.k2} (dotted line), while the ARI against the true "
                   f"labels is highest at {at(ari, 'max')}")
    else:
        message = (f"the silhouette is highest at {at(silhouette, 'max')} and the ARI against "
                   f"the true labels at {at(ari, 'max')}")
    alt = f"Six panels of the criteria over k2 on {name} at k1 = {k1}: {message}."
    clusters = sel.n_clusters[i]
    substantial = sel.n_substantial[i]
    long = (f"k2 runs from {k2s[0]} to {k2s[-1]}. The silhouette is highest at "
            f"{at(silhouette, 'max')} and {curve(silhouette, 2)}; the stability is highest at "
            f"{at(stability, 'max')} and {curve(stability, 2)}; the plateau is widest at "
            f"{at(sel.scores['plateau'][i], 'max')} and {curve(sel.scores['plateau'][i], 2)}; "
            f"the BIC is lowest at {at(sel.scores['bic'][i], 'min')} and "
            f"{curve(sel.scores['bic'][i], 1)}. The clusters (log scale) "
            f"{curve(clusters, 0)}, the substantial ones (dashed) {curve(substantial, 0)}. "
            f"The ARI against the true labels is highest at {at(ari, 'max')} and "
            f"{curve(ari, 2)}.")
    if k1 == sel.k1:
        long += f" A dotted line in every panel marks the chosen k2 = {sel.k2}."
    return alt, long
