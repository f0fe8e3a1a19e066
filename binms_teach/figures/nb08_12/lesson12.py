"""The figures of lesson 12, the automatic choice of (k1, k2): `auto_figure` beside the
supervised best, `criteria_figure` over k2 at one k1 (and their texts)."""

import numpy as np

from .. import palette
from ..common import dataset_title, listed, rounded
from ..projection import describe, style
from ..shape import shape, tolerance

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

    names = [dataset_title(r["dataset"]) for r in rows]
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
    names = [dataset_title(r["dataset"]) for r in rows]
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
        fig.suptitle(f"{dataset_title(result.name)}, $k_1$ = {k1}" + (
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
    name = dataset_title(result.name)
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
