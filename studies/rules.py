"""The rules kept only for comparison with the package's rule (RULE_HISTORY.md).

Each is computed from the public attributes of a `binms_teach.selection.Selection` (the scores
of every candidate), so that the versions of the rule are compared on the same scores.
"""

import numpy as np

from binms_teach import selection


def version2_choice(sel):
    """((k1, k2), reason): version 2 of the rule, the best mean rank of silhouette and
    stability among every admissible candidate (no BIC veto).

    Version 3 (the package's ``"rank_mean"``) ranks only the admissible candidates outside the
    BIC's worst quarter (`Selection.ranked`). When no candidate is admissible both versions
    take the same fallback, that of `Selection.choice`.

    Examples
    --------
    >>> from binms_teach.datasets import make_bernoulli_mixture
    >>> mix = make_bernoulli_mixture(90, 30, 3, flip=0.1, random_state=0)
    >>> sel = selection.choose_parameters(mix.data, k1s=(3, 10), k2s=(5, 20))
    >>> version2_choice(sel)[0], (sel.k1, sel.k2)
    ((10, 5), (10, 5))
    """
    ok = sel.admissible
    if not ok.any():
        return sel.choice("rank_mean"), "no admissible candidate: the fallback of every rule"
    rank = np.where(ok, selection.rank_mean(sel, ok), np.inf)
    i, j = np.unravel_index(np.argmin(rank), rank.shape)  # ties: the first in grid order
    return ((sel.k1s[i], sel.k2s[j]), f"best mean rank of silhouette and stability among the "
            f"{int(ok.sum())} admissible candidates (no BIC veto)")


def share(result, setting):
    """(ARI, share of the grid's best ARI, number of clusters) of an `AutoResult` at ``setting``.

    As `binms_teach.experiments.AutoResult.share`, for a setting chosen by a rule of this module.
    """
    i, j = result.selection.index(*setting)
    return (float(result.grid_ari[i, j]), float(result.grid_ari[i, j] / result.grid_ari.max()),
            int(result.selection.n_clusters[i, j]))


def version2_share(result):
    """`share` at version 2's choice on the selection of ``result`` (an `AutoResult`)."""
    return share(result, version2_choice(result.selection)[0])
