"""The (k1, k2) sweep: BinNNMS scored over a grid, the data of Figure 1 and Table 3.

The sweep runs ONE ascent per k1 and labels its modes for every k2. k1 = 0 is
the paper's "labelling without the ascent": epsilon-proximity on the data
themselves (the same as k1 = 1, where maj(NN_1(x)) = x). Hamming distances are
whole numbers, so H <= epsilon is H <= floor(epsilon): the k2 values whose
epsilon has the same floor share one labelling, computed once.

Two ways of choosing (k1, k2) from a sweep:

(a) *best of the sweep* (`Sweep.best`): the setting with the highest NMI (or
    ARI) against the true labels. This is what the paper's Figure 1 suggests it
    did; it is optimistic, since the labels are not known when clustering for real.
(b) *silhouette* (`Sweep.honest`), an honest choice: the setting whose clusters
    have the largest mean silhouette (Hamming distance on the data), among the
    settings with at least 2 and at most n/4 clusters (on average at least four
    samples per cluster; more clusters than that is a fragmentation, not a
    clustering). No label is used.
"""

from dataclasses import dataclass, field

import numpy as np
from joblib import Parallel, delayed, effective_n_jobs
from sklearn.metrics import silhouette_score
from tqdm.auto import tqdm

from .. import fast
from .._validation import check_binary, check_k1, check_k2, check_neighbours, check_tie
from ..evaluation.metrics import ari, nmi
from ..hamming import hamming
from .protocol import check_target

# The honest choice considers settings with 2 to n/4 clusters (see the module docstring).
HONEST_MAX_FRACTION = 0.25


@dataclass
class Sweep:
    """BinNNMS scored over a grid of (k1, k2): the data of Figure 1.

    Arrays are indexed ``[i, j]`` for ``k1s[i]``, ``k2s[j]``; ``labels[i, j]``
    holds the cluster of every sample. ``silhouette`` is NaN outside the
    settings `honest` considers (2 to n/4 clusters).
    """

    k1s: tuple
    k2s: tuple
    nmi: np.ndarray
    ari: np.ndarray
    n_clusters: np.ndarray
    epsilon: np.ndarray
    silhouette: np.ndarray
    labels: np.ndarray = field(repr=False)

    def index(self, k1, k2):
        return self.k1s.index(k1), self.k2s.index(k2)

    def scores(self, k1, k2):
        """The scores of one setting, as a dict."""
        i, j = self.index(k1, k2)
        return {"k1": k1, "k2": k2, "n_clusters": int(self.n_clusters[i, j]),
                "epsilon": float(self.epsilon[i, j]), "nmi": float(self.nmi[i, j]),
                "ari": float(self.ari[i, j]), "silhouette": float(self.silhouette[i, j])}

    def best(self, metric="nmi"):
        """(k1, k2) with the highest ``metric`` ("nmi" or "ari") against the true labels.

        Optimistic: the true labels choose the parameters. Ties go to the first
        setting in grid order (smaller k1, then smaller k2).
        """
        if metric not in ("nmi", "ari"):
            raise ValueError(f"metric={metric!r}: use 'nmi' or 'ari'.")
        i, j = np.unravel_index(np.argmax(getattr(self, metric)), self.nmi.shape)
        return self.k1s[i], self.k2s[j]

    def honest(self):
        """(k1, k2) with the largest silhouette, among the settings with 2 to n/4 clusters.

        No label is used. Ties go to the first setting in grid order. Returns
        None when no setting qualifies (or the silhouette was not computed).
        """
        ok = np.isfinite(self.silhouette)
        if not ok.any():
            return None
        score = np.where(ok, self.silhouette, -np.inf)
        i, j = np.unravel_index(np.argmax(score), score.shape)
        return self.k1s[i], self.k2s[j]


def ascent_modes(X, k1, tie="one", max_iter=100, neighbours="index"):
    """The final iterates of the ascent of every sample; k1 = 0 means no ascent (X itself)."""
    if k1 == 0:
        return X.copy()
    return fast.bga(X, X, k1, max_iter, tie, neighbours=neighbours)[0]


def sweep(X, y, k1s, k2s, *, tie="one", epsilon_from="modes", max_iter=100,
          neighbours="index", silhouette=True, progress=False, desc="sweep", n_jobs=None):
    """Score BinNNMS(k1, k2) for every k1 in ``k1s`` and k2 in ``k2s``.

    One ascent per k1 serves every k2: epsilon_from_k2 and epsilon_proximity
    are all that change with k2, computed for the whole k2 grid at once as
    `binms_teach.selection` does (`fast.epsilons`, `fast.proximity_labels`:
    one labelling per floor(epsilon)). The labels equal those of
    ``BinNNMS(k1, k2, tie=tie, epsilon_from=epsilon_from, neighbours=neighbours).fit(X)``
    (k1 = 0: no ascent, the same as k1 = 1).

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
    y : array-like of shape (n,)
        The true classes, for NMI and ARI only.
    k1s : sequence of int in [0, n]
    k2s : sequence of int in [1, n - 1]
    tie, epsilon_from, max_iter, neighbours : as in `BinNNMS`
    silhouette : bool, default True
        Also compute the silhouette (Hamming distance on the data) of every
        labelling with 2 to n/4 clusters, for `Sweep.honest`.
    progress : bool, default False
        Show a progress bar over k1.
    n_jobs : int, default None
        The ascents of the k1 values run through joblib, as in `BinNNMS`: one
        process unless inside ``joblib.parallel_backend(...)`` (e.g. "dask");
        the same result for every n_jobs.

    Returns
    -------
    Sweep

    Examples
    --------
    >>> X = [[1, 1, 1, 0, 0, 0], [1, 1, 1, 0, 0, 1], [1, 1, 0, 0, 0, 0], [0, 1, 1, 0, 0, 0],
    ...      [0, 0, 0, 1, 1, 1], [1, 0, 0, 1, 1, 1], [0, 0, 0, 0, 1, 1], [0, 0, 0, 1, 1, 0]]
    >>> s = sweep(X, [0, 0, 0, 0, 1, 1, 1, 1], k1s=[0, 3], k2s=[1, 2])
    >>> s.n_clusters.tolist(), s.nmi.tolist(), s.best("nmi")
    ([[2, 2], [2, 2]], [[1.0, 1.0], [1.0, 1.0]], (0, 1))
    """
    X = check_binary(X)
    n = len(X)
    y = check_target(y, n)
    k1s = tuple(check_k1(k, n, low=0) for k in k1s)
    k2s = tuple(check_k2(k, n) for k in k2s)
    if not k1s or not k2s:
        raise ValueError("k1s and k2s must each hold at least one value.")
    if len(set(k1s)) < len(k1s) or len(set(k2s)) < len(k2s):
        raise ValueError("k1s and k2s must not repeat a value.")
    tie = check_tie(tie)
    neighbours = check_neighbours(neighbours)
    if epsilon_from not in ("modes", "data"):
        raise ValueError(f"epsilon_from={epsilon_from!r}: use 'modes' or 'data'.")
    D = hamming(X) if silhouette else None
    shape = (len(k1s), len(k2s))
    out = {name: np.full(shape, np.nan) for name in ("nmi", "ari", "epsilon", "silhouette")}
    n_clusters = np.zeros(shape, dtype=np.int64)
    labels = np.zeros(shape + (n,), dtype=np.int64)
    if effective_n_jobs(n_jobs) > 1:                        # 1. one ascent per k1, in parallel
        ascents = Parallel(n_jobs=n_jobs)(delayed(ascent_modes)(X, k1, tie, max_iter, neighbours)
                                          for k1 in k1s)
    else:                                                   # or one at a time, when needed
        ascents = (ascent_modes(X, k1, tie, max_iter, neighbours) for k1 in k1s)
    # epsilon from the data is the same for every k1: one search, once.
    data_eps = fast.epsilons(X, k2s) if epsilon_from == "data" else None
    for i, modes in enumerate(tqdm(ascents, total=len(k1s), desc=desc, disable=not progress)):
        # 2. epsilon for every k2 from one search; 3. H <= epsilon is H <= floor(epsilon):
        # one epsilon-proximity labelling per distinct floor, from one range search.
        out["epsilon"][i] = fast.epsilons(modes, k2s) if data_eps is None else data_eps
        floors = np.floor(out["epsilon"][i]).astype(np.int64)
        by_floor = fast.proximity_labels(modes, floors)
        done = {}                                           # floor(epsilon) -> j
        for j, key in enumerate(floors.tolist()):
            if key in done:
                jj = done[key]
                labels[i, j], n_clusters[i, j] = labels[i, jj], n_clusters[i, jj]
                for name in ("nmi", "ari", "silhouette"):
                    out[name][i, j] = out[name][i, jj]
                continue
            done[key] = j
            labels[i, j] = by_floor[key]
            n_clusters[i, j] = labels[i, j].max() + 1
            out["nmi"][i, j], out["ari"][i, j] = nmi(y, labels[i, j]), ari(y, labels[i, j])
            if D is not None and 2 <= n_clusters[i, j] <= HONEST_MAX_FRACTION * n:
                out["silhouette"][i, j] = silhouette_score(D, labels[i, j], metric="precomputed")
    return Sweep(k1s, k2s, out["nmi"], out["ari"], n_clusters, out["epsilon"],
                 out["silhouette"], labels)

