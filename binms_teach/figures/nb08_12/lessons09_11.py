"""The slide and lesson figures of lessons 09 to 11 that are not the paper's own: `sweep_figure`
(09), `decrease_figure` (10), `reshape_figure` and `purity_figure` (11)."""

import numpy as np

from .. import palette
from ..common import dataset_title, listed, rounded
from ..projection import describe, style

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
                    markeredgecolor="black", label=dataset_title(name))
        ax.axhline(0, color="black", linewidth=0.5)
        ax.set_xlabel("relative decrease of the target error")
        ax.set_ylabel("ARI")
        ax.set_title(f"rank correlation {rounded(rho, 2)}")
        ax.legend(loc="center left", bbox_to_anchor=(1.0, 0.5), frameon=False)
        fig.tight_layout()
        best = max(pairs, key=lambda p: p["relative"])
        alt = (f"The ARI against the relative decrease of the target error, {len(pairs)} settings "
               f"of {listed(dataset_title(n) for n in names)}: rank correlation {rounded(rho, 2)}.")
        long = (f"The relative decrease runs from {rounded(min(relative), 2)} to "
                f"{rounded(max(relative), 2)}, largest on {dataset_title(best['dataset'])} at "
                f"k1 = {best['k1']}; the ARI from {rounded(min(aris), 2)} to "
                f"{rounded(max(aris), 2)}; a thin line marks an ARI of 0 (chance).")
        return describe(fig, alt, long=long, numbers={
            "data set": [dataset_title(p["dataset"]) for p in pairs],
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
