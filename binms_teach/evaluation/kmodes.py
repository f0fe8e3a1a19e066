"""k-modes for binary data: the baseline of the paper's Section 3.

Like k-means with two steps: (a) assign each sample to the nearest centre under
the Hamming distance, (b) move each centre to the median centre (majority
vote) of its members. Both steps can only lower the inertia
sum_i H(X_i, w_c(i)), so the loop stops when nothing changes.

The rules where the paper is silent:

* an assignment tie goes to the lower centre index;
* a tied vote (exactly half of the members have a 1) keeps the centre's bit,
  so an empty cluster keeps its centre;
* one round is (a) then (b); the run stops when (b) leaves every centre
  unchanged, or after ``max_iter`` rounds. On such a cut the last vote is
  dropped, so the centres, labels and inertia returned always belong together:
  each label is the nearest centre and the inertia is their cost;
* of ``n_init`` restarts the one with the lowest inertia is kept (the first
  of equal ones).
"""

import numbers

import numpy as np
from sklearn.base import BaseEstimator, ClusterMixin
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from .._validation import (
    Binary,
    BinaryInputMixin,
    Interval,
    Rows,
    check_binary,
    check_params,
    validate_params,
)
from ..hamming import hamming, nearest_neighbours
from ..majority import decide
from .votes import cluster_votes

INITS = ("huang", "random")
# k-modes' rounds: each assigns, so at least one (BinNNMS's max_iter may be 0).
MAX_ROUNDS = Interval(numbers.Integral, 1, 10**9, "Each round assigns the samples: give 1 or more.")


@validate_params({"X": Binary(), "max_iter": MAX_ROUNDS})
def kmodes_single_run(X, centres, max_iter=100):
    """One k-modes run from given centres; returns (centres, labels, inertias).

    ``inertias[t]`` is the inertia after the assignment step of round t, so a
    teacher can watch it fall; ``len(inertias)`` is the number of rounds.
    The returned labels are the nearest of the returned centres (ties: the
    lower centre index) and ``inertias[-1]`` is their cost; a tied vote keeps
    the centre's bit, so an empty cluster keeps its centre.

    Examples
    --------
    >>> X = [[1, 1, 0], [1, 1, 1], [0, 0, 1], [0, 0, 0]]
    >>> centres, labels, inertias = kmodes_single_run(X, [[1, 0, 0], [0, 0, 1]])
    >>> centres.tolist(), labels.tolist(), inertias
    ([[1, 1, 0], [0, 0, 1]], [0, 0, 1, 1], [4, 2])
    """
    W = check_binary(centres, "centres")
    if W.shape[1] != X.shape[1]:
        raise ValueError(f"centres have {W.shape[1]} features, X has {X.shape[1]}: give one "
                         "centre per row with the features of X.")
    inertias = []
    for _ in range(max_iter):
        labels, cost = _assign(X, W)             # (a) the nearest centre
        inertias.append(cost)
        W_next = _vote(X, labels, W)             # (b) the majority vote per cluster
        if np.array_equal(W_next, W) or len(inertias) == max_iter:
            break  # converged; or cut, and the last vote is dropped so labels fit W
        W = W_next
    return W, labels, inertias


def _assign(X, W):
    """Labels (ties: the lower centre index) and their inertia."""
    D = hamming(X, W)
    labels = np.argmin(D, axis=1)  # argmin returns the first of equal minima
    return labels, int(D[np.arange(len(X)), labels].sum())


def _vote(X, labels, W):
    """The majority vote of each cluster's members; a tied vote keeps the bit of W."""
    ones, sizes = cluster_votes(X, labels, len(W))
    return decide(2 * ones, sizes, "keep", W)


def _best_run(runs):
    """The run with the lowest final inertia, the first of equal ones."""
    return min(runs, key=lambda run: run[2][-1])


def init_centres(X, n_clusters, init, rng):
    """Initial centres. "huang": draw each bit with its frequency in the data,
    then replace each draw by its nearest data point whose row is not a centre
    yet (Huang 1997; the kmodes package also keeps its centres unique where it
    can); "random": distinct random samples.

    Two identical starting centres would waste a cluster: the first takes every
    point the second could, which leaves the second empty. So a row equal to a
    chosen centre is skipped, as long as enough distinct rows remain; with fewer
    than ``n_clusters`` distinct rows a repeat cannot be avoided.

    >>> X = np.array([[0, 0], [0, 0], [0, 0], [1, 1]], dtype=np.uint8)
    >>> init_centres(X, 2, "huang", np.random.RandomState(0)).tolist()
    [[0, 0], [1, 1]]
    """
    n = len(X)
    if init == "random":
        return X[rng.choice(n, n_clusters, replace=False)].copy()
    draws = (rng.random_sample((n_clusters, X.shape[1])) < X.mean(axis=0)).astype(np.uint8)
    _, order = nearest_neighbours(X, draws, n)
    # Rows numbered by their distinct value: equal rows share a number.
    _, value = np.unique(X, axis=0, return_inverse=True)
    value = value.ravel()
    n_distinct = value.max() + 1
    taken = np.zeros(n, dtype=bool)
    used = np.zeros(n_distinct, dtype=bool)
    chosen = []
    for row in order:
        free = row[~taken[row]]
        fresh = free[~used[value[free]]]
        i = fresh[0] if len(fresh) else free[0]
        taken[i] = used[value[i]] = True
        chosen.append(i)
    return X[chosen].copy()


class KModes(BinaryInputMixin, ClusterMixin, BaseEstimator):
    """k-modes clustering of binary data, best of ``n_init`` restarts.

    Parameters
    ----------
    n_clusters : int, default 8
    init : {"huang", "random"} or array of shape (n_clusters, n_features), default "huang"
    n_init : int, default 10
        Restarts; the one with the lowest inertia is kept (the first of equal
        ones). Ignored when ``init`` is an array.
    max_iter : int, default 100
        The most rounds of (a) assignment and (b) vote in one run.
    random_state : int, RandomState or None, default None

    Attributes
    ----------
    cluster_centers_ : ndarray of uint8, shape (n_clusters, n_features)
    labels_ : ndarray of int, shape (n_samples,)
    inertia_ : int
        sum_i H(X_i, cluster_centers_[labels_[i]]).
    n_iter_ : int
        Rounds of the best run (each with an assignment step).
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

    # n_clusters is bounded by the data's n_samples; an array init is checked in
    # `_initial_centres` against (n_clusters, n_features).
    _parameter_constraints = {
        "n_clusters": Interval(numbers.Integral, 1, Rows("X"),
                               "k-modes cannot make more clusters than n_samples = {high}."),
        "n_init": Interval(numbers.Integral, 1, 10**6), "max_iter": MAX_ROUNDS,
    }

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
        max_iter = check_params(self._parameter_constraints,
                                {"X": X, "max_iter": self.max_iter})["max_iter"]
        runs = (kmodes_single_run(X, start, max_iter) for start in self._initial_centres(X))
        self.cluster_centers_, self.labels_, inertias = _best_run(runs)
        self.inertia_ = inertias[-1]
        self.n_iter_ = len(inertias)
        return self

    def _initial_centres(self, X):
        """The initial centres of every restart, drawn from ``random_state``.

        ``X`` is validated 0/1 data. With an array ``init`` there is one
        restart, from that array. `fit` runs from exactly these, so a test can
        rerun each restart on its own (with an int ``random_state`` every call
        draws the same centres).
        """
        p = check_params(self._parameter_constraints,
                         {"X": X, "n_clusters": self.n_clusters, "n_init": self.n_init})
        k, n_init = p["n_clusters"], p["n_init"]
        if not isinstance(self.init, str):
            given = check_binary(self.init, "init")
            if given.shape != (k, X.shape[1]):
                raise ValueError(f"init has shape {given.shape}; give (n_clusters, n_features) "
                                 f"= ({k}, {X.shape[1]}).")
            return [given]
        if self.init not in INITS:
            raise ValueError(f"init={self.init!r} is unknown; use 'huang', 'random' or an array "
                             "of initial centres.")
        rng = check_random_state(self.random_state)
        return [init_centres(X, k, self.init, rng) for _ in range(n_init)]

    def predict(self, X):
        """The nearest centre of each row (ties: the lower centre index)."""
        check_is_fitted(self, "cluster_centers_")
        Y = self._validate(X, reset=False)
        labels, _ = _assign(Y, self.cluster_centers_)
        return labels
