"""Choosing k1 and k2 without labels: the paper's first open problem (notebook 12).

The paper reports the best (k1, k2) scored against the true labels, which a user does not
have. `choose_parameters` scores every (k1, k2) of a grid (`K1S` x `K2S`) by four criteria
computed from the data alone, and a rule picks one:

* ``silhouette``: the mean Hamming silhouette of the partition (`hamming_silhouette`), higher
  is better; ``stability``: the mean ARI between the partition and those of random subsamples,
  on the points they share (`partition_stability`), higher; ``plateau``: how far, in log k2,
  the number of clusters stays the same (`plateau_widths`), wider; ``bic``: the BIC of the
  Bernoulli mixture whose components are the clusters (`bernoulli_bic`), lower.
* No structure: the data are compared with the independence model (independent columns with
  the data's column means) in two ways: some candidate's BIC below the model's (`null_bic`,
  one Bernoulli cluster), or columns far more correlated than on the model's draws
  (`dependence_score`). When neither finds structure the choice is one cluster ("no structure
  found", `Selection.structure`).
* The rule, ``"rank_mean"`` (the default): among the *admissible* candidates (at least 2
  substantial clusters, each holding ``MIN_SHARE`` of the points and 2 distinct rows, together
  ``MIN_COVERED`` of them: `substantial`), the BIC vetoes its worst quarter (``BIC_VETO``,
  `Selection.ranked`), and the best mean rank of silhouette and stability wins (`rank_mean`).
  ``"stable_silhouette"`` and ``"stable_bic"`` (the highest silhouette or lowest BIC among the
  admissible candidates with stability >= ``STABLE_ARI``), and each single criterion, are
  there to compare with (`Selection.choice`).
* Repeated rows are not structure: copies of a row look like a perfect cluster, so the
  silhouette, the stability subsamples and admissibility read the distinct rows.
* Never a collapse: when no candidate is admissible, the most stable candidate with 2 clusters
  or more is chosen if its stability reaches ``STABLE_ARI``, else one cluster ("no structure
  found").

One ascent per k1 (and per subsample) serves every k2, and k2 values whose epsilon has the same
floor share one labelling, as in `binms_teach.experiments.sweep`; the k1 values run in parallel
with ``n_jobs``. With ``neighbours="index"`` the choice may depend on the order of the rows
(notebook 06); with ``"ball"`` only the stability does, through its seeded subsamples. How the
rule was found (its versions, the design sets, the held-out rounds) is
told in the repository's studies/RULE_HISTORY.md, outside the package.

One module per part: `selection.criteria` (the four criteria), `selection.structure` (the
no-structure test), `selection.rules` (admissibility and the rules), `selection.record` (the
`Selection` record), `selection.grid` (`choose_parameters`: the grid labelled and scored).
"""

from ..datasets.rows import distinct_rows

# The constants are imported with an alias: they are re-exported, beside __all__.
from .criteria import FRACTION as FRACTION
from .criteria import N_SUBSAMPLES as N_SUBSAMPLES
from .criteria import SMOOTHING as SMOOTHING
from .criteria import (
    bernoulli_bic,
    check_labels,
    distinct_subsamples,
    hamming_silhouette,
    partition_stability,
    plateau_widths,
    scaled,
    subsamples,
)
from .grid import K1S as K1S
from .grid import K2S as K2S
from .grid import SILHOUETTE_ROWS as SILHOUETTE_ROWS
from .grid import choose_parameters, labellings
from .record import Selection
from .rules import BIC_VETO as BIC_VETO
from .rules import CRITERIA as CRITERIA
from .rules import DIRECTION as DIRECTION
from .rules import MIN_COVERED as MIN_COVERED
from .rules import MIN_SHARE as MIN_SHARE
from .rules import STABLE_ARI as STABLE_ARI
from .rules import argbest, choose, rank_mean, substantial
from .structure import DEPENDENCE_DRAWS as DEPENDENCE_DRAWS
from .structure import DEPENDENCE_MARGIN as DEPENDENCE_MARGIN
from .structure import dependence_score, null_bic, null_reason

# The functions and classes (the API reference documents them); the constants are importable.
__all__ = [
    "choose_parameters", "Selection", "labellings",
    "hamming_silhouette", "bernoulli_bic", "partition_stability", "plateau_widths",
    "subsamples", "distinct_subsamples", "distinct_rows", "scaled", "check_labels",
    "null_bic", "dependence_score", "null_reason",
    "substantial", "rank_mean", "argbest", "choose",
]
