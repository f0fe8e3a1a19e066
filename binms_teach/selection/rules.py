"""The rules that choose one candidate from the scores of `choose_parameters`.

``"rank_mean"`` (the default): among the *admissible* candidates (`substantial`), the BIC
vetoes its worst quarter (``BIC_VETO``, `Selection.ranked`), and the best mean rank of
silhouette and stability wins (`rank_mean`). ``"stable_silhouette"`` and ``"stable_bic"``,
and each single criterion, are there to compare with (`choose`, `Selection.choice`).
"""

import numpy as np

from .criteria import check_labels

# "Stable": a mean ARI to the subsamples' partitions at least this high.
STABLE_ARI = 0.8
# A cluster counts as "substantial" from this share of the points (at least 2 points);
# a candidate is admissible when it has 2 substantial clusters holding half the points.
MIN_SHARE = 0.02
MIN_COVERED = 0.5
# rank_mean does not rank the admissible candidates whose BIC is among the worst quarter of
# the admissible ones (the BIC vetoes partitions it finds far too costly).
BIC_VETO = 0.25
CRITERIA = ("rank_mean", "stable_silhouette", "stable_bic", "silhouette", "stability", "plateau",
            "bic")
# For each single criterion: +1 if higher is better, -1 if lower is better.
DIRECTION = {"silhouette": 1, "stability": 1, "plateau": 1, "bic": -1}


def substantial(labels, row_id=None):
    """(the number of substantial clusters, the share of the points they hold).

    A cluster is substantial when it holds at least ``MIN_SHARE`` of the n points
    (and at least 2) and, given ``row_id`` (`distinct_rows`), at least 2 distinct
    rows. One big cluster beside a few strays is a collapse in disguise: it has 2
    clusters or more, but one substantial cluster. Copies of one row are not a
    cluster either: the data repeat, they do not group.

    Examples
    --------
    >>> substantial([0] * 97 + [1, 2, 3])
    (1, 0.97)
    >>> substantial([0] * 50 + [1] * 48 + [2, 3])
    (2, 0.98)
    >>> substantial([0, 0, 0, 1, 1, 1], row_id=[0, 0, 0, 1, 2, 1])  # cluster 0: one row, 3 times
    (1, 0.5)
    """
    labels = np.asarray(labels)
    classes, sizes = np.unique(labels, return_counts=True)
    ok = sizes >= max(2, MIN_SHARE * len(labels))
    if row_id is not None:
        row_id = check_labels(row_id, len(labels), "row_id")
        cluster_of_pair = np.unique(np.stack([labels, row_id]), axis=1)[0]
        ok &= np.bincount(np.searchsorted(classes, cluster_of_pair), minlength=len(classes)) >= 2
    big = sizes[ok]
    return len(big), float(big.sum() / len(labels))


def argbest(values, mask, direction):
    """(i, j) of the best value under ``mask``; ties go to the first in grid order."""
    v = np.where(mask & np.isfinite(values), direction * values, -np.inf)
    return np.unravel_index(np.argmax(v), v.shape)


def rank_mean(sel, mask, criteria=("silhouette", "stability")):
    """Each candidate's mean rank (1 best) over ``criteria``, among the ``mask`` candidates.

    Ties share no rank: the first candidate in grid order ranks first.
    """
    ranks = []
    for name in criteria:
        v = np.nan_to_num(DIRECTION[name] * sel.scores[name], nan=-np.inf)
        r = np.full(v.shape, np.nan)
        r[mask] = (-v[mask]).argsort(kind="stable").argsort(kind="stable") + 1.0
        ranks.append(r)
    return np.mean(ranks, axis=0)


def choose(sel, criterion):
    """((k1, k2), reason) for ``criterion`` on the scores of ``sel``."""
    ok = sel.admissible
    stability = sel.scores["stability"]
    if not ok.any():
        several = sel.n_clusters >= 2
        if several.any() and np.nanmax(np.where(several, stability, np.nan)) >= STABLE_ARI:
            i, j = argbest(stability, several, 1)
            return ((sel.k1s[i], sel.k2s[j]), "no candidate has 2 substantial clusters: the "
                    "most stable candidate with 2+ clusters")
        i, j = argbest(stability, ~several if (~several).any() else several, 1)
        return ((sel.k1s[i], sel.k2s[j]), "no candidate has 2 substantial clusters or a stable "
                "split: no structure found")
    if criterion in ("stable_bic", "stable_silhouette"):
        name = criterion.split("_")[1]
        stable = ok & (stability >= STABLE_ARI)
        if not stable.any():
            i, j = argbest(stability, ok, 1)
            return ((sel.k1s[i], sel.k2s[j]),
                    f"no admissible candidate reaches stability {STABLE_ARI}: the most "
                    f"stable one ({stability[i, j]:.2f})")
        i, j = argbest(sel.scores[name], stable, DIRECTION[name])
        word = "lowest BIC" if name == "bic" else "highest silhouette"
        return ((sel.k1s[i], sel.k2s[j]), f"{word} among the {int(stable.sum())} admissible "
                f"candidates with stability >= {STABLE_ARI}")
    if criterion == "rank_mean":
        ranked = sel.ranked
        i, j = argbest(rank_mean(sel, ranked), ranked, -1)
        return ((sel.k1s[i], sel.k2s[j]), f"best mean rank of silhouette and stability among "
                f"the {int(ranked.sum())} of {int(ok.sum())} admissible candidates outside the "
                f"BIC's worst {BIC_VETO:.0%}")
    i, j = argbest(sel.scores[criterion], ok, DIRECTION[criterion])
    word = "highest" if DIRECTION[criterion] > 0 else "lowest"
    return ((sel.k1s[i], sel.k2s[j]),
            f"{word} {criterion} among the {int(ok.sum())} admissible candidates")
