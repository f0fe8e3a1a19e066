"""`Selection`: what `choose_parameters` found, every candidate's scores and the reason."""

from dataclasses import dataclass, field

import numpy as np

from .rules import BIC_VETO, MIN_COVERED, choose
from .structure import DEPENDENCE_MARGIN


@dataclass
class Selection:
    """What `choose_parameters` found: the chosen (k1, k2), every candidate's scores, why.

    Arrays are indexed ``[i, j]`` for ``k1s[i]``, ``k2s[j]``.
    """

    k1: int
    k2: int
    criterion: str
    reason: str
    k1s: tuple
    k2s: tuple
    n_clusters: np.ndarray
    n_substantial: np.ndarray
    covered: np.ndarray
    epsilon: np.ndarray
    scores: dict                                   # criterion name -> array
    labels: np.ndarray = field(repr=False)         # (len(k1s), len(k2s), n)
    bic_null: float = float("nan")                 # the independence model's BIC (`null_bic`)
    dependence: float = float("nan")               # `dependence_score`: the data's figure,
    dependence_null: float = float("nan")          # its mean on independence models,
    dependence_margin: float = float("nan")        # and the distance in standard deviations

    def index(self, k1, k2):
        return self.k1s.index(k1), self.k2s.index(k2)

    @property
    def admissible(self):
        """The candidates every rule chooses among: 2 substantial clusters or more, holding
        ``MIN_COVERED`` of the points (`substantial`); a boolean array like the scores."""
        return (self.n_substantial >= 2) & (self.covered >= MIN_COVERED)

    @property
    def ranked(self):
        """The candidates ``"rank_mean"`` ranks: the admissible ones whose BIC is at most the
        r-th smallest of the m admissible candidates' BICs, r = floor((1 - BIC_VETO)(m - 1)) + 1
        (as many as "at most the 75% quantile" keeps); a boolean array like the scores. Ties
        keep more than three quarters: k2 values that share a labelling share its BIC."""
        ok = self.admissible
        if not ok.any():
            return ok
        bic = self.scores["bic"]
        cut = np.sort(bic[ok])[int(np.floor((1 - BIC_VETO) * (ok.sum() - 1)))]
        return ok & (bic <= cut)

    @property
    def beats_null_bic(self):
        """Whether some candidate's BIC is below the independence model's (`null_bic`)."""
        return bool(np.nanmin(self.scores["bic"]) < self.bic_null)

    @property
    def structure(self):
        """Whether the data differ from the independence model: some candidate's BIC is below
        its BIC (`beats_null_bic`) or the columns' dependence lies more than
        ``DEPENDENCE_MARGIN`` standard deviations above its value on independence models
        (`dependence_score`). The BIC is conservative on noisy clusters (it pays for every
        parameter), the dependence sees them; if neither finds structure, one cluster."""
        return self.beats_null_bic or bool(self.dependence_margin > DEPENDENCE_MARGIN)

    @property
    def labels_(self):
        """The labels at the chosen (k1, k2); one cluster when no structure was found."""
        labels = self.labels[self.index(self.k1, self.k2)]
        return labels if self.structure else np.zeros_like(labels)

    def choice(self, criterion):
        """The (k1, k2) that ``criterion`` would choose (any name of `CRITERIA`)."""
        return choose(self, criterion)[0]

    def table(self):
        """One dict per candidate: k1, k2, n_clusters, epsilon, every score, and the null's
        figures: ``bic_null`` (the independence model's BIC), ``beats_null`` (BIC below it)
        and ``dependence_margin`` (the same for every candidate: `dependence_score`)."""
        return [{"k1": k1, "k2": k2, "n_clusters": int(self.n_clusters[i, j]),
                 "epsilon": float(self.epsilon[i, j]),
                 **{name: float(a[i, j]) for name, a in self.scores.items()},
                 "bic_null": self.bic_null, "beats_null": bool(self.scores["bic"][i, j]
                                                              < self.bic_null),
                 "dependence_margin": self.dependence_margin}
                for i, k1 in enumerate(self.k1s) for j, k2 in enumerate(self.k2s)]
