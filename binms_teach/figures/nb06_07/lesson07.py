"""The figures of lesson 07: the cluster centres and the sweep over k2."""

from __future__ import annotations

import numpy as np

from .. import palette
from ..common import listed, new_figure
from ..projection import describe, style
from ..shape import shape, tolerance
from .panels import DIGITS_SHAPE, draw_image, frame_panel, image_panels, small_text

__all__ = ["cluster_centres", "k2_sweep"]


def cluster_centres(centres, labels, y, *, n=10, shape=DIGITS_SHAPE, setting=None, slide=False):
    """The median centres of the n largest clusters, titled with their size and purity (07).

    ``centres[c]`` is the median centre of cluster c (``BinNNMS.cluster_centers_``),
    ``labels`` the cluster of every row, ``y`` its class.

    Examples
    --------
    >>> centres = np.array([[1, 0, 0, 1], [0, 1, 1, 0]])
    >>> d = cluster_centres(centres, [0, 0, 0, 1], [4, 4, 9, 9], n=2, shape=(2, 2))
    >>> d
    The median centres (majority votes) of the 2 largest of the 2 clusters, drawn as images: \
they show the classes 4 and 9, one cluster per class, each cluster 67% to 100% its most common \
class.
    >>> d.long
    "Each image is titled with its cluster's size and how many of its images are of its most \
common class: 3 images, 2 of them 4; 1 images, 1 of them 9. The other 0 clusters hold 0 images."
    """
    labels, y = np.asarray(labels), np.asarray(y)
    sizes = np.bincount(labels)
    largest = np.argsort(-sizes, kind="stable")[:n]
    common = [int(np.bincount(y[labels == c]).argmax()) for c in largest]
    agree = [int((y[labels == c] == k).sum()) for c, k in zip(largest, common, strict=True)]
    share = [a / sizes[c] for a, c in zip(agree, largest, strict=True)]
    with style(slide):
        fig = new_figure((9.6, 4.2) if slide else (10, 2.0))
        axes = image_panels(fig, len(largest), slide)
        for ax, c, k, a in zip(axes, largest, common, agree, strict=True):
            draw_image(ax, centres[c], shape)
            frame_panel(ax, False)
            ax.set_title(f"{sizes[c]} images\n{a} are {k}", fontsize=small_text())
        at = "" if setting is None else f" at (k1, k2) = ({setting[0]}, {setting[1]})"
        distinct = sorted(set(common))
        each = (", one cluster per class" if len(distinct) == len(common) else
                f" ({len(common) - len(distinct)} classes appear twice or more)")
        rest = len(sizes) - len(largest)
        alt = (f"The median centres (majority votes) of the {len(largest)} largest of the "
               f"{len(sizes)} clusters{at}, drawn as images: they show the classes "
               f"{listed(distinct)}{each}, each cluster {min(share):.0%} to {max(share):.0%} "
               f"its most common class.")
        long = ("Each image is titled with its cluster's size and how many of its images are "
                "of its most common class: " + "; ".join(
                    f"{sizes[c]} images, {a} of them {k}"
                    for c, k, a in zip(largest, common, agree, strict=True))
                + f". The other {rest} clusters hold {len(labels) - sizes[largest].sum()} "
                f"images.")
        numbers = {"cluster (by size)": list(range(1, len(largest) + 1)),
                   "images": sizes[largest], "most common class": common,
                   "images of it": agree, "share": [f"{s:.1%}" for s in share]}
        return describe(fig, alt, numbers, long=long)


def k2_sweep(k2, nmi, ami, ari, n_clusters, *, n_classes=10, setting=None, slide=False):
    """NMI, AMI and ARI against k2 (left), and the number of clusters (right, log scale) (07).

    Examples
    --------
    >>> d = k2_sweep([1, 5, 9], [0.5, 0.9, 0.4], [0.2, 0.85, 0.38], [0.1, 0.8, 0.3],
    ...              [40, 12, 3], n_classes=10)
    >>> d
    NMI, AMI and ARI all peak at k2 = 5 (NMI 0.900), while the number of clusters falls from \
40 at k2 = 1 to 3 at k2 = 9, passing the 10 classes between k2 = 5 and k2 = 9.
    >>> print(d.long)  # doctest: +NORMALIZE_WHITESPACE
    Left, the agreement of the clusters with the classes against k2 from 1 to 9: the NMI rises
    from 0.500 at k2 = 1 to 0.900 at k2 = 5, then falls back to 0.400 at k2 = 9; the AMI rises
    from 0.200 at k2 = 1 to 0.850 at k2 = 5, then falls back to 0.380 at k2 = 9; the ARI rises
    from 0.100 at k2 = 1 to 0.800 at k2 = 5, then falls back to 0.300 at k2 = 9. At k2 = 1, with
    40 clusters, the NMI is 0.500 but the AMI, which subtracts what chance alone scores, only
    0.200. Right, the number of clusters on a log scale falls from 40 at k2 = 1 to 3 at k2 = 9; a
    dashed line marks the 10 classes.
    """
    k2 = np.asarray(k2)
    scores = {"NMI": np.asarray(nmi, float), "AMI": np.asarray(ami, float),
              "ARI": np.asarray(ari, float)}
    n_clusters = np.asarray(n_clusters)
    with style(slide):
        fig = new_figure((9.6, 4.2) if slide else (9, 3.2))
        left, right = fig.subplots(1, 2)
        for i, (label, values) in enumerate(scores.items()):
            left.plot(k2, values, label=label, **palette.series_style(i))
        left.set_xlabel("$k_2$")
        left.set_ylabel("agreement with the classes")
        left.legend()
        right.semilogy(k2, n_clusters, **palette.series_style(4))
        right.axhline(n_classes, color=palette.GREY, linestyle="--")
        right.set_xlabel("$k_2$")
        right.set_ylabel("clusters (log scale)")
        best = {label: int(k2[np.argmax(v)]) for label, v in scores.items()}
        at = "" if setting is None else f" (k1 = {setting})"
        if len(set(best.values())) == 1:
            b = int(np.argmax(scores["NMI"]))
            peak = (f"NMI, AMI and ARI{at} all peak at k2 = {k2[b]} (NMI "
                    f"{scores['NMI'][b]:.3f})")
        else:
            peak = ("NMI, AMI and ARI" + at + " peak at k2 = "
                    + listed([str(best[label]) for label in scores]) + " in that order")
        below = np.flatnonzero(n_clusters < n_classes)
        cross = ("" if len(below) == 0 or below[0] == 0 else
                 f", passing the {n_classes} classes between k2 = {k2[below[0] - 1]} and "
                 f"k2 = {k2[below[0]]}")
        alt = (f"{peak}, while the number of clusters falls from {n_clusters[0]} at "
               f"k2 = {k2[0]} to {n_clusters[-1]} at k2 = {k2[-1]}{cross}.")
        fmt = lambda v: f"{v:.3f}"  # noqa: E731 (the scores' three places, as the table)
        tol = tolerance(*scores.values())
        left_words = "; ".join(f"the {label} {shape(k2, v, tol=tol, name='k2', fmt=fmt)}"
                               for label, v in scores.items())
        counts = shape(k2, n_clusters, tol=tolerance(n_clusters), name="k2",
                       fmt=lambda v: f"{v:.0f}")
        long = (f"Left, the agreement of the clusters with the classes against k2 from {k2[0]} "
                f"to {k2[-1]}: {left_words}. At k2 = {k2[0]}, with {n_clusters[0]} clusters, "
                f"the NMI is {scores['NMI'][0]:.3f} but the AMI, which subtracts what chance "
                f"alone scores, only {scores['AMI'][0]:.3f}. Right, the number of clusters on "
                f"a log scale {counts}; a dashed line marks the {n_classes} classes.")
        numbers = {"k2": k2, "clusters": n_clusters} | scores
        return describe(fig, alt, numbers, long=long)
