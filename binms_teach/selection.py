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
"""

from dataclasses import dataclass, field

import numpy as np
from joblib import Parallel, delayed, effective_n_jobs
from sklearn.metrics import silhouette_samples
from threadpoolctl import threadpool_limits

from ._validation import check_binary, check_int, check_neighbours, check_tie
from .fast.ascent import ascend, unique_rows
from .fast.labelling import epsilons, proximity_labels
from .hamming import hamming
from .labelling import first_appearance
from .majority import cluster_votes
from .metrics import ari

# The default grid (k1 = 1 is the labelling of the data themselves: maj(NN_1(x)) = x).
K1S = (1, 2, 3, 4, 5, 7, 10, 12, 15, 20, 25, 30)
K2S = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50)
# Stability: subsamples of this fraction of the rows, without replacement.
FRACTION = 0.8
N_SUBSAMPLES = 3
# "Stable": a mean ARI to the subsamples' partitions at least this high.
STABLE_ARI = 0.8
# Bernoulli parameters of a cluster: (ones + SMOOTHING) / (size + 2 SMOOTHING) (Jeffreys).
SMOOTHING = 0.5
# A cluster counts as "substantial" from this share of the points (at least 2 points);
# a candidate is admissible when it has 2 substantial clusters holding half the points.
MIN_SHARE = 0.02
MIN_COVERED = 0.5
# rank_mean does not rank the admissible candidates whose BIC is among the worst quarter of
# the admissible ones (the BIC vetoes partitions it finds far too costly).
BIC_VETO = 0.25
# The dependence route declares structure when the columns' dependence lies more than this many
# standard deviations above its mean on independence models, estimated from DEPENDENCE_DRAWS
# draws. Strict on purpose: on 93 structureless sets the margin stayed below 5, on the
# structured ones (noisy planted mixtures included) it was 19 or more (benchmarks/SELECTION.md).
DEPENDENCE_MARGIN = 10.0
DEPENDENCE_DRAWS = 9

# Above this many rows the silhouette is measured on a seeded sample of this many rows
# (its n x n distances would not fit in memory: Mushroom's 8124 rows need 264 MB).
SILHOUETTE_ROWS = 3000
CRITERIA = ("rank_mean", "stable_silhouette", "stable_bic", "silhouette", "stability", "plateau",
            "bic")
# For each single criterion: +1 if higher is better, -1 if lower is better.
DIRECTION = {"silhouette": 1, "stability": 1, "plateau": 1, "bic": -1}


# ---------------------------------------------------------------- the criteria


def hamming_silhouette(X, labels, D=None):
    """The mean silhouette of a partition, with the Hamming distance on the data.

    s(i) = (b(i) - a(i)) / max(a(i), b(i)), a(i) the mean distance from i to the
    other members of its cluster, b(i) the smallest mean distance from i to the
    members of another cluster; s(i) = 0 for a member of a one-point cluster
    (Rousseeuw 1987). NaN when there is one cluster or n clusters.

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
    labels : array-like of shape (n,)
    D : ndarray of shape (n, n), optional
        The Hamming distances of X, if already computed.

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [1, 1, 0]]
    >>> round(hamming_silhouette(X, [0, 0, 1, 1]), 3)  # a = 1, b = 2.5 for every point
    0.6
    """
    X = check_binary(X)
    labels = _check_labels(labels, len(X))
    k = len(np.unique(labels))
    if not 2 <= k < len(X):
        return float("nan")
    D = hamming(X) if D is None else D
    return float(np.mean(silhouette_samples(D, labels, metric="precomputed")))


def bernoulli_bic(X, labels, smoothing=SMOOTHING):
    """BIC of the Bernoulli mixture whose components are the clusters of ``labels``.

    The mixture is fitted to the partition: weight pi_c = n_c / n and bit
    probabilities theta_cj = (ones_cj + s) / (n_c + 2 s), s = ``smoothing``
    (s = 1/2, Jeffreys, keeps every log finite). With K clusters and d
    features it has p = K d + K - 1 free parameters, and ::

        log L = sum_i [ log pi_c(i) + sum_j x_ij log theta_c(i)j
                        + (1 - x_ij) log(1 - theta_c(i)j) ],
        BIC = -2 log L + p log n        (lower is better).

    This is the classification likelihood (each point counted in its own
    cluster only): it scores the partition itself, not a mixture fitted anew.

    Examples
    --------
    >>> X = [[0, 0, 0, 0]] * 10 + [[1, 1, 1, 1]] * 10
    >>> round(bernoulli_bic(X, [0] * 10 + [1] * 10), 1), round(bernoulli_bic(X, [0] * 20), 1)
    (62.1, 122.9)
    """
    X = check_binary(X)
    labels = _check_labels(labels, len(X))
    if not smoothing > 0:
        raise ValueError(f"smoothing={smoothing!r} must be > 0 (it keeps log(theta) finite).")
    n, d = X.shape
    inverse = np.unique(labels, return_inverse=True)[1].reshape(-1)
    k = int(inverse.max()) + 1
    ones, sizes = cluster_votes(X, inverse, k)             # sizes: shape (k, 1)
    theta = (ones + smoothing) / (sizes + 2 * smoothing)
    # The members' bit log-likelihoods summed per cluster, from the counts alone.
    bits = ones * np.log(theta) + (sizes - ones) * np.log1p(-theta)
    log_l = float(bits.sum() + sizes[:, 0] @ np.log(sizes[:, 0] / n))
    return float(-2 * log_l + (k * d + k - 1) * np.log(n))


def subsamples(n, n_subsamples=N_SUBSAMPLES, fraction=FRACTION, random_state=0):
    """Row indices of ``n_subsamples`` random subsamples (without replacement), each sorted.

    Sorted, so that a subsample keeps the file's order (the "index" rule depends on it).

    Examples
    --------
    >>> [s.tolist() for s in subsamples(5, 2, 0.6, random_state=0)]
    [[2, 3, 4], [0, 3, 4]]
    """
    n = check_int(n, "n", 2, 2**40)
    n_subsamples = check_int(n_subsamples, "n_subsamples", 1, 10**6)
    if not 0 < fraction < 1:
        raise ValueError(f"fraction={fraction!r} must lie strictly between 0 and 1.")
    m = max(2, int(round(fraction * n)))
    rng = np.random.default_rng(random_state)
    return [np.sort(rng.choice(n, m, replace=False)) for _ in range(n_subsamples)]


def distinct_rows(X):
    """Each row's distinct-row number, the distinct rows numbered in order of first appearance.

    Without repeated rows this is ``0, 1, ..., n - 1``.

    Examples
    --------
    >>> distinct_rows([[1, 0], [0, 0], [1, 0], [1, 1]]).tolist()
    [0, 1, 0, 2]
    """
    return first_appearance(unique_rows(check_binary(X))[1])


def distinct_subsamples(row_id, n_subsamples=N_SUBSAMPLES, fraction=FRACTION, random_state=0):
    """`subsamples` of the distinct rows, each with every copy of its rows (row indices, sorted).

    A subsample that drew rows would keep most rows' copies when rows repeat, and so
    a partition of the copies would look perfectly stable. Without repeated rows
    (``row_id = 0, ..., n - 1``) these are exactly ``subsamples(n, ...)``.

    Examples
    --------
    >>> [s.tolist() for s in distinct_subsamples([0, 1, 0, 2, 3, 4], 2, 0.6)]  # ids 2-4; 0, 3, 4
    [[3, 4, 5], [0, 2, 4, 5]]
    """
    row_id = np.asarray(row_id)
    if (row_id.ndim != 1 or not len(row_id) or not np.issubdtype(row_id.dtype, np.integer)
            or row_id.min() < 0):
        raise ValueError("row_id must be a non-empty 1-D array of whole numbers >= 0, one per "
                         "row, as distinct_rows(X) gives it.")
    n_distinct = int(row_id.max()) + 1
    # One distinct row (all rows equal): draw from 2 ids, so that the subsample is every row.
    return [np.flatnonzero(np.isin(row_id, ids))
            for ids in subsamples(max(n_distinct, 2), n_subsamples, fraction, random_state)]


def scaled(k, fraction, low):
    """A neighbour count k scaled to a subsample: round(fraction * k), at least ``low``.

    >>> scaled(10, 0.8, 1), scaled(1, 0.8, 1)
    (8, 1)
    """
    return max(low, int(round(fraction * k)))


def partition_stability(labels, sub_labels, subsets):
    """The mean ARI between a partition and the partitions of subsamples, on the shared points.

    Parameters
    ----------
    labels : array-like of shape (n,)
        The partition of the whole data.
    sub_labels : sequence of arrays
        ``sub_labels[b]`` partitions the rows ``subsets[b]``.
    subsets : sequence of index arrays

    Examples
    --------
    >>> partition_stability([0, 0, 1, 1], [[0, 1, 1], [5, 7, 7]], [[0, 2, 3], [0, 1, 2]])
    0.25
    """
    labels = np.asarray(labels)
    if len(sub_labels) != len(subsets) or not subsets:
        raise ValueError("Give one partition per subsample (and at least one subsample).")
    return float(np.mean([ari(labels[np.asarray(s)], np.asarray(b))
                          for b, s in zip(sub_labels, subsets, strict=True)]))


def plateau_widths(n_clusters, k2s):
    """For each k2: the width, in log k2, of the run of k2 values with its number of clusters.

    A run is a maximal stretch of consecutive grid values of k2 (at one k1) with
    the same number of clusters; its width is log(last k2 / first k2), so a run of
    one value has width 0. A structure that is really there persists while
    epsilon grows: its number of clusters is a wide plateau.

    Examples
    --------
    >>> plateau_widths([5, 3, 3, 3, 1], [1, 2, 4, 8, 16]).round(3).tolist()
    [0.0, 1.386, 1.386, 1.386, 0.0]
    """
    n_clusters = np.asarray(n_clusters)
    k2s = np.asarray(k2s, dtype=float)
    if n_clusters.shape != k2s.shape:
        raise ValueError("Give one number of clusters per k2.")
    out = np.zeros(len(k2s))
    start = 0
    for j in range(1, len(k2s) + 1):
        if j == len(k2s) or n_clusters[j] != n_clusters[start]:
            out[start:j] = np.log(k2s[j - 1] / k2s[start])
            start = j
    return out


# ---------------------------------------------------------------- the grid


def labellings(X, k1s, k2s, *, tie="one", max_iter=100, neighbours="index"):
    """The BinNNMS labels of every (k1, k2): one ascent per k1 serves every k2.

    Returns labels of shape (len(k1s), len(k2s), n), equal to
    ``BinNNMS(k1, k2, ...).fit(X).labels_``, and epsilon of shape (len(k1s), len(k2s)).
    """
    n = len(X)
    labels = np.zeros((len(k1s), len(k2s), n), dtype=np.int64)
    eps = np.zeros((len(k1s), len(k2s)))
    for i, k1 in enumerate(k1s):
        modes = X if k1 <= 1 else ascend(X, X.copy(), k1, max_iter, tie, neighbours=neighbours)[0]
        eps[i] = epsilons(modes, k2s)
        # H <= epsilon is H <= floor(epsilon): one labelling per distinct floor.
        floors = np.floor(eps[i]).astype(np.int64)
        done = proximity_labels(modes, floors)
        labels[i] = [done[f] for f in floors]
    return labels, eps


def _k1_block(X, k1, k2s, subsets, fraction, tie, max_iter, neighbours):
    """One k1: the labels on the whole data for every k2, and on every subsample."""
    full, eps = labellings(X, (k1,), k2s, tie=tie, max_iter=max_iter, neighbours=neighbours)
    subs = []
    for s in subsets:
        m = len(s)
        sub_k2s = tuple(dict.fromkeys(min(m - 1, scaled(k2, fraction, 1)) for k2 in k2s))
        # min(m, ...): a subsample of distinct rows can hold fewer than fraction * n rows.
        sub, _ = labellings(X[s], (min(m, scaled(k1, fraction, 1)),), sub_k2s, tie=tie,
                            max_iter=max_iter, neighbours=neighbours)
        where = {k2: j for j, k2 in enumerate(sub_k2s)}
        subs.append([sub[0, where[min(m - 1, scaled(k2, fraction, 1))]] for k2 in k2s])
    return full[0], eps[0], subs


# ---------------------------------------------------------------- the result


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
        return _choose(self, criterion)[0]

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


def choose_parameters(X, k1s=None, k2s=None, *, criterion="rank_mean", random_state=0,
                      n_jobs=None, n_subsamples=N_SUBSAMPLES, fraction=FRACTION,
                      tie="one", max_iter=100, neighbours="index"):
    """Choose BinNNMS's (k1, k2) from the data alone.

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
    k1s, k2s : sequences of int, default `K1S`, `K2S` (cut at n and n - 1)
        The grid of candidates; k1 in [1, n], k2 in [1, n - 1].
    criterion : str, default "rank_mean"
        One of `CRITERIA`: the rules "rank_mean", "stable_silhouette" and "stable_bic", or a
        single criterion ("silhouette", "stability", "plateau", "bic").
    random_state : int, default 0
        Seeds the subsamples of the stability criterion, the independence models of
        `dependence_score` (and the rows of the silhouette, when there are more than
        `SILHOUETTE_ROWS` distinct rows).
    n_jobs : int, default None
        The k1 values run through joblib (None: one process).
    n_subsamples, fraction : int, float
        The stability criterion's subsamples.
    tie, max_iter, neighbours : as in `BinNNMS`

    Returns
    -------
    Selection

    Examples
    --------
    >>> from binms_teach.datasets import make_bernoulli_mixture
    >>> mix = make_bernoulli_mixture(90, 30, 3, flip=0.1, random_state=0)
    >>> sel = choose_parameters(mix.data, k1s=(3, 10), k2s=(5, 20))
    >>> sel.k1, sel.k2, np.bincount(sel.labels_).tolist()  # the 3 classes and 2 strays
    (10, 5, [30, 28, 30, 2])
    >>> from binms_teach import ari
    >>> round(ari(mix.target, sel.labels_), 3)
    0.968
    """
    X = check_binary(X)
    n = len(X)
    if n < 4:
        raise ValueError(f"choose_parameters got {n} samples; choosing k1 and k2 needs at "
                         "least 4 (subsamples must still have 2 points and a neighbour).")
    k1s = _check_grid(K1S if k1s is None else k1s, "k1s", n, n, k1s is None)
    k2s = _check_grid(K2S if k2s is None else k2s, "k2s", n, n - 1, k2s is None)
    if criterion not in CRITERIA:
        raise ValueError(f"criterion={criterion!r}: use one of {', '.join(CRITERIA)}.")
    tie, neighbours = check_tie(tie), check_neighbours(neighbours)
    max_iter = check_int(max_iter, "max_iter", 0, 10**9)
    row_id = distinct_rows(X)
    subsets = distinct_subsamples(row_id, n_subsamples, fraction, random_state)

    args = (k2s, subsets, fraction, tie, max_iter, neighbours)
    if effective_n_jobs(n_jobs) > 1:
        blocks = Parallel(n_jobs=n_jobs)(delayed(_k1_block)(X, k1, *args) for k1 in k1s)
    else:
        blocks = [_k1_block(X, k1, *args) for k1 in k1s]
    labels = np.stack([b[0] for b in blocks])
    eps = np.stack([b[1] for b in blocks])
    n_clusters = labels.max(axis=2) + 1

    rows = np.unique(row_id, return_index=True)[1]       # the first copy of each distinct row
    if len(rows) > SILHOUETTE_ROWS:
        rows = np.sort(np.random.default_rng(random_state).choice(rows, SILHOUETTE_ROWS, False))
    D = hamming(X[rows])
    shape = (len(k1s), len(k2s))
    scores = {name: np.full(shape, np.nan) for name in DIRECTION}
    cache = {}                                     # the same partition is scored once
    for i in range(len(k1s)):
        scores["plateau"][i] = plateau_widths(n_clusters[i], k2s)
        for j in range(len(k2s)):
            key = labels[i, j].tobytes()
            if key not in cache:
                cache[key] = (hamming_silhouette(X[rows], labels[i, j][rows], D),
                              bernoulli_bic(X, labels[i, j]))
            scores["silhouette"][i, j], scores["bic"][i, j] = cache[key]
            scores["stability"][i, j] = partition_stability(
                labels[i, j], [sub[j] for sub in blocks[i][2]], subsets)
    big = np.array([[substantial(lab, row_id) for lab in row] for row in labels])
    sel = Selection(0, 0, criterion, "", k1s, k2s, n_clusters, big[..., 0].astype(np.int64),
                    big[..., 1], eps, scores, labels)
    (sel.k1, sel.k2), sel.reason = _choose(sel, criterion)
    sel.bic_null = null_bic(X)
    sel.dependence, sel.dependence_null, sel.dependence_margin = dependence_score(
        X, random_state=random_state)
    if not sel.structure:
        sel.reason = null_reason(sel)
    sel.reason += _edge_note(sel, n)
    return sel


# ---------------------------------------------------------------- the null: no structure


def null_bic(X):
    """BIC of the independence model: independent Bernoulli columns with the data's column means.

    It is the one-class Bernoulli mixture (the one-class latent class model), so its
    BIC is `bernoulli_bic` of one cluster. Where no candidate's partition has a lower
    BIC (`Selection.beats_null_bic`) and `dependence_score` finds no structure either,
    `choose_parameters` answers one cluster, "no structure found". The BIC is
    conservative: on small noisy mixtures (300 x 40, flip 0.3) even the planted classes
    lie above it, which is why the dependence is the second route. The chosen partition's
    BIC alone and a parametric bootstrap of the silhouette were measured beside them
    (``benchmarks/null_model.py``, ``benchmarks/SELECTION.md``).

    Examples
    --------
    >>> X = [[0, 0, 0, 0]] * 10 + [[1, 1, 1, 0]] * 10
    >>> round(null_bic(X), 1), round(bernoulli_bic(X, [0] * 10 + [1] * 10), 1)
    (96.1, 62.1)
    """
    X = check_binary(X)
    return bernoulli_bic(X, np.zeros(len(X), dtype=np.int64))


def dependence_score(X, n_draws=DEPENDENCE_DRAWS, random_state=0):
    """How far the columns' dependence lies above its value on independence models.

    The dependence is T = n * (the sum of r^2 over the pairs of columns), r the
    correlation of two columns. On an independence model of X (each column
    permuted on its own: the same column means, no dependence) a pair's r^2 has
    mean 1 / (n - 1) exactly, so T has mean n P / (n - 1), P the number of pairs.
    Its standard deviation is estimated from ``n_draws`` independence models, and
    the margin is (T - mean) / sd: near 0 for independent columns, far above
    ``DEPENDENCE_MARGIN`` when clusters (or anything else) tie the columns together.
    Constant columns have no correlation and are left out; with fewer than 2
    other columns there is no pair, and T and the margin are 0.

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
    n_draws : int, default `DEPENDENCE_DRAWS`
    random_state : int, default 0
        Seeds the permutations.

    Returns
    -------
    (T, its mean on independence models, the margin in standard deviations)

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> X = (rng.random((200, 6)) < 0.5).astype(np.uint8)
    >>> abs(dependence_score(X)[2]) < 3                       # independent columns
    True
    >>> X[:, 1] = X[:, 0] ^ (rng.random(200) < 0.2)           # column 1 copies 0, 20% flipped
    >>> dependence_score(X)[2] > DEPENDENCE_MARGIN
    True
    """
    X = check_binary(X).astype(float)
    n_draws = check_int(n_draws, "n_draws", 2, 10**6)
    X = X[:, X.std(axis=0) > 0]
    n, d = X.shape
    if d < 2:
        return 0.0, 0.0, 0.0
    Z = (X - X.mean(axis=0)) / X.std(axis=0)           # then Z.T @ Z / n holds the r's

    def statistic(Z):
        return float(n * np.sum(np.triu(Z.T @ Z / n, 1) ** 2))

    rng = np.random.default_rng(random_state)
    # One BLAS thread: these products are small, and several threads on a busy machine made
    # Mushroom's figure 10 times slower (2.3 s against 0.22 s, benchmarks/SELECTION.md).
    with threadpool_limits(limits=1, user_api="blas"):
        t = statistic(Z)
        sd = np.std([statistic(rng.permuted(Z, axis=0)) for _ in range(n_draws)], ddof=1)
    mean = n * d * (d - 1) / 2 / (n - 1)
    return t, mean, float((t - mean) / sd) if sd > 0 else 0.0


def null_reason(sel):
    """The reason of a choice where neither route finds structure (`Selection.structure`)."""
    i, j = np.unravel_index(np.nanargmin(sel.scores["bic"]), sel.scores["bic"].shape)
    return (f"no structure found: no candidate's BIC is below the independence model's "
            f"({sel.bic_null:.1f}; the best, {sel.scores['bic'][i, j]:.1f}, at (k1, k2) = "
            f"({sel.k1s[i]}, {sel.k2s[j]})), and the columns' dependence lies "
            f"{sel.dependence_margin:.1f} sd from its value on independence models (structure "
            f"from {DEPENDENCE_MARGIN:.0f}): one cluster")


def _edge_note(sel, n):
    """A note when the choice is the grid's largest k1 or k2 (and the data allow larger)."""
    edges = (("k1", sel.k1, sel.k1s, n), ("k2", sel.k2, sel.k2s, n - 1))
    return "".join(f"; {name} = {value} is the grid's largest value: a larger {name} may score "
                   "better" for name, value, grid, high in edges
                   if len(grid) > 1 and value == max(grid) < high)


# ---------------------------------------------------------------- the rules


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
        row_id = _check_labels(row_id, len(labels), "row_id")
        cluster_of_pair = np.unique(np.stack([labels, row_id]), axis=1)[0]
        ok &= np.bincount(np.searchsorted(classes, cluster_of_pair), minlength=len(classes)) >= 2
    big = sizes[ok]
    return len(big), float(big.sum() / len(labels))


def _argbest(values, mask, direction):
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


def _choose(sel, criterion):
    """((k1, k2), reason) for ``criterion`` on the scores of ``sel``."""
    ok = sel.admissible
    stability = sel.scores["stability"]
    if not ok.any():
        several = sel.n_clusters >= 2
        if several.any() and np.nanmax(np.where(several, stability, np.nan)) >= STABLE_ARI:
            i, j = _argbest(stability, several, 1)
            return ((sel.k1s[i], sel.k2s[j]), "no candidate has 2 substantial clusters: the "
                    "most stable candidate with 2+ clusters")
        i, j = _argbest(stability, ~several if (~several).any() else several, 1)
        return ((sel.k1s[i], sel.k2s[j]), "no candidate has 2 substantial clusters or a stable "
                "split: no structure found")
    if criterion in ("stable_bic", "stable_silhouette"):
        name = criterion.split("_")[1]
        stable = ok & (stability >= STABLE_ARI)
        if not stable.any():
            i, j = _argbest(stability, ok, 1)
            return ((sel.k1s[i], sel.k2s[j]),
                    f"no admissible candidate reaches stability {STABLE_ARI}: the most "
                    f"stable one ({stability[i, j]:.2f})")
        i, j = _argbest(sel.scores[name], stable, DIRECTION[name])
        word = "lowest BIC" if name == "bic" else "highest silhouette"
        return ((sel.k1s[i], sel.k2s[j]), f"{word} among the {int(stable.sum())} admissible "
                f"candidates with stability >= {STABLE_ARI}")
    if criterion == "rank_mean":
        ranked = sel.ranked
        i, j = _argbest(rank_mean(sel, ranked), ranked, -1)
        return ((sel.k1s[i], sel.k2s[j]), f"best mean rank of silhouette and stability among "
                f"the {int(ranked.sum())} of {int(ok.sum())} admissible candidates outside the "
                f"BIC's worst {BIC_VETO:.0%}")
    i, j = _argbest(sel.scores[criterion], ok, DIRECTION[criterion])
    word = "highest" if DIRECTION[criterion] > 0 else "lowest"
    return ((sel.k1s[i], sel.k2s[j]),
            f"{word} {criterion} among the {int(ok.sum())} admissible candidates")


def _check_grid(values, name, n, high, default):
    low = 1
    try:
        values = [int(v) for v in values] if not isinstance(values, (str, bytes)) else None
    except (TypeError, ValueError):
        values = None
    if values is None:
        raise TypeError(f"{name} must be a sequence of whole numbers, e.g. (1, 5, 10).")
    if default:                                    # the default grid is cut to the data's size
        values = [v for v in values if v <= high] or [high]
    out = tuple(check_int(v, name[:-1], low, high, f"with n_samples = {n} the largest {name[:-1]}"
                          f" is {high}.") for v in values)
    if not out:
        raise ValueError(f"{name} is empty: give at least one value, e.g. (1, 5, 10).")
    if len(set(out)) < len(out):
        raise ValueError(f"{name} repeats a value: give each value once.")
    return out


def _check_labels(labels, n, name="labels"):
    labels = np.asarray(labels)
    if labels.shape != (n,):
        raise ValueError(f"{name} has shape {labels.shape}; give one value per sample, "
                         f"shape ({n},).")
    return labels
