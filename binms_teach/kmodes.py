"""k-modes for binary data: the baseline of the paper's Section 3.

Like k-means with two steps: (a) assign each sample to the nearest centre under
the Hamming distance, (b) move each centre to the median centre (majority
vote) of its members. Both steps can only lower the inertia
sum_i H(X_i, w_c(i)), so the loop stops when nothing changes.
"""

import numpy as np
from sklearn.base import BaseEstimator, ClusterMixin
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from ._validation import BinaryInputMixin, check_binary, check_int
from .hamming import _hamming_block, _nearest_neighbours
from .majority import cluster_votes, decide

INITS = ("huang", "random")


def kmodes_single_run(X, centres, max_iter=100):
    """One k-modes run from given centres; returns (centres, labels, inertias).

    ``inertias[t]`` is the inertia after the assignment step of round t, so a
    teacher can watch it fall. Ties in the assignment go to the lower centre
    index; a tied vote keeps the centre's bit, so an empty cluster keeps its
    centre.

    Examples
    --------
    >>> X = [[1, 1, 0], [1, 1, 1], [0, 0, 1], [0, 0, 0]]
    >>> centres, labels, inertias = kmodes_single_run(X, [[1, 0, 0], [0, 0, 1]])
    >>> centres.tolist(), labels.tolist(), inertias
    ([[1, 1, 0], [0, 0, 1]], [0, 0, 1, 1], [4, 2])
    """
    X = check_binary(X)
    W = check_binary(centres, "centres")
    Xf = X.astype(np.float32)
    inertias = []
    for _ in range(max(1, max_iter)):
        D = _hamming_block(Xf, W.astype(np.float32))   # (a) assignment
        labels = np.argmin(D, axis=1)
        inertias.append(int(D[np.arange(len(X)), labels].sum()))
        ones, sizes = cluster_votes(X, labels, len(W))  # (b) majority vote per cluster
        W_next = decide(2 * ones, sizes, "keep", W)
        if np.array_equal(W_next, W):
            break
        W = W_next
    return W, labels, inertias


def init_centres(X, n_clusters, init, rng):
    """Initial centres. "huang": draw each bit with its frequency in the data,
    then replace each draw by its nearest data point not taken yet (Huang 1997,
    as the kmodes package); "random": distinct random samples.
    """
    n = len(X)
    if init == "random":
        return X[rng.choice(n, n_clusters, replace=False)].copy()
    draws = (rng.random_sample((n_clusters, X.shape[1])) < X.mean(axis=0)).astype(np.uint8)
    _, order = _nearest_neighbours(X, draws, n)
    taken = np.zeros(n, dtype=bool)
    chosen = []
    for row in order:
        i = row[~taken[row]][0]
        taken[i] = True
        chosen.append(i)
    return X[chosen].copy()


class KModes(BinaryInputMixin, ClusterMixin, BaseEstimator):
    """k-modes clustering of binary data, best of ``n_init`` restarts.

    Parameters
    ----------
    n_clusters : int, default 8
    init : {"huang", "random"} or array of shape (n_clusters, n_features), default "huang"
    n_init : int, default 10
        Restarts; the one with the lowest inertia is kept.
    max_iter : int, default 100
    random_state : int, RandomState or None, default None

    Attributes
    ----------
    cluster_centers_ : ndarray of uint8, shape (n_clusters, n_features)
    labels_ : ndarray of int, shape (n_samples,)
    inertia_ : int
        sum_i H(X_i, cluster_centers_[labels_[i]]).
    n_iter_ : int
        Rounds of the best run.
    n_features_in_ : int

    See Also
    --------
    BinNNMS : the median shift, which needs no number of clusters.

    Examples
    --------
    >>> from binms_teach import KModes
    >>> X = [[1, 1, 0], [1, 1, 1], [0, 0, 1], [0, 0, 0]]
    >>> model = KModes(n_clusters=2, random_state=0).fit(X)
    >>> model.inertia_, sorted(model.cluster_centers_.tolist())
    (2, [[0, 0, 0], [1, 1, 0]])
    """

    def __init__(self, n_clusters=8, *, init="huang", n_init=10, max_iter=100,
                 random_state=None):
        self.n_clusters = n_clusters
        self.init = init
        self.n_init = n_init
        self.max_iter = max_iter
        self.random_state = random_state

    def fit(self, X, y=None):
        """Run k-modes ``n_init`` times and keep the best. Returns self."""
        X = self._validate(X, reset=True)
        k = check_int(self.n_clusters, "n_clusters", 1, len(X),
                      f"k-modes cannot make more clusters than n_samples = {len(X)}.")
        n_init = check_int(self.n_init, "n_init", 1, 10**6)
        max_iter = check_int(self.max_iter, "max_iter", 1, 10**9)
        given = None
        if not isinstance(self.init, str):
            given = check_binary(self.init, "init")
            if given.shape != (k, X.shape[1]):
                raise ValueError(f"init has shape {given.shape}; give (n_clusters, n_features) "
                                 f"= ({k}, {X.shape[1]}).")
        elif self.init not in INITS:
            raise ValueError(f"init={self.init!r} is unknown; use 'huang', 'random' or an array "
                             "of initial centres.")
        rng = check_random_state(self.random_state)
        best = None
        for _ in range(1 if given is not None else n_init):
            start = given if given is not None else init_centres(X, k, self.init, rng)
            W, labels, inertias = kmodes_single_run(X, start, max_iter)
            if best is None or inertias[-1] < best[2][-1]:
                best = (W, labels, inertias)
        self.cluster_centers_, self.labels_, inertias = best
        self.inertia_ = inertias[-1]
        self.n_iter_ = len(inertias)
        return self

    def predict(self, X):
        """The nearest centre of each row (ties: the lower centre index)."""
        check_is_fitted(self, "cluster_centers_")
        Y = self._validate(X, reset=False)
        D = _hamming_block(Y.astype(np.float32), self.cluster_centers_.astype(np.float32))
        return np.argmin(D, axis=1)
