"""BinNNMS, Algorithm 1: nearest-neighbour median shift clustering of binary data.

    1. BGA task: every sample ascends by x_{j+1} = maj(NN_k1(x_j)) to its mode (`ascent`).
    2. epsilon from k2: the mean distance to the k2-th nearest other mode (`labelling`).
    3. epsilon-proximity labelling: modes within epsilon share a cluster (`labelling`).

``algorithm="reference"`` runs these readable functions and nothing else; the default
"exact" gets the same result from `binms_teach.fast`.
"""

import numpy as np
from sklearn.base import BaseEstimator, ClusterMixin
from sklearn.utils.validation import check_is_fitted

from ._validation import (
    ALGORITHM,
    EPSILON,
    K1,
    K2,
    MAX_ITER,
    NEIGHBOURS,
    TIE,
    BinaryInputMixin,
    Options,
    check_binnnms,
    checked_already,
    is_auto,
)
from .ascent import bga
from .hamming import nearest_neighbours
from .labelling import epsilon_from_k2, epsilon_proximity
from .majority import majority_vote


class BinNNMS(BinaryInputMixin, ClusterMixin, BaseEstimator):
    """Nearest-neighbour median shift clustering for binary data (Algorithm 1).

    Parameters
    ----------
    k1 : int or "auto", default 10
        The neighbours who vote (step 1); "auto": chosen without labels (notebook 12).
    k2 : int or "auto", default 10
        The rank whose mean distance is epsilon (step 2); "auto" as k1. When no structure
        is found (``selection_.structure`` False) epsilon is d: one cluster.
    max_iter : int, default 100
        The most updates a sample makes (the paper's j_max).
    tie : {"one", "zero", "keep"}, default "one"
        The bit at exactly half of the votes: 1 (the authors' code), 0, or the current bit.
    neighbours : {"index", "ball"}, default "index"
        Who votes: the k1 nearest, the lower row index winning a tie (the authors' code), or
        the closed ball B(x, delta_(k1)(x)) (order-free; it may cycle, with a warning).
    epsilon : float, default None
        An explicit merge threshold instead of epsilon(k2).
    epsilon_from : {"modes", "data"}, default "modes"
        Where epsilon(k2) is measured: the modes (the authors' code) or the data.
    record_paths : bool, default False
        Keep every iterate of every sample in ``paths_``.
    algorithm : {"exact", "reference", "hnsw"}, default "exact"
        "reference": the readable functions; "exact": the same result from
        `binms_teach.fast`; "hnsw": approximate neighbours (faiss) for very large n.
    n_jobs : int, default None
        Processes for the ascent (joblib, or Dask); the result does not change.

    Attributes
    ----------
    modes_, labels_, cluster_centers_ : the mode x*_l of every sample (n, d); cluster numbers
        in order of first appearance (n,); each cluster's majority vote (n_clusters, d).
    n_iter_, converged_, epsilon_, k1_, k2_, selection_, paths_ : the most updates of a
        sample; each sample's fixed-point flag; the threshold; the k1 and k2 used (``k2_`` None
        with an explicit epsilon); the automatic choice (or None); the recorded iterates.

    Examples
    --------
    >>> X = [[1, 1, 1, 0, 0, 0], [1, 1, 1, 0, 0, 1], [1, 1, 0, 0, 0, 0], [0, 1, 1, 0, 0, 0],
    ...      [0, 0, 0, 1, 1, 1], [1, 0, 0, 1, 1, 1], [0, 0, 0, 0, 1, 1], [0, 0, 0, 1, 1, 0]]
    >>> BinNNMS(k1=3, k2=2).fit(X).labels_.tolist()
    [0, 0, 0, 0, 1, 1, 1, 1]
    >>> BinNNMS(k1="auto", k2="auto").fit(X).cluster_centers_.tolist()
    [[1, 1, 1, 0, 0, 0], [0, 0, 0, 1, 1, 1]]
    """

    # What each parameter may be (`binms_teach._validation`); k1 and k2 are bounded by the
    # data's n_samples, "auto" asks `choose_parameters`.
    _parameter_constraints = {
        "k1": [K1, Options(("auto",))], "k2": [K2, Options(("auto",))],
        "max_iter": MAX_ITER, "tie": TIE, "neighbours": NEIGHBOURS, "epsilon": [None, EPSILON],
        "epsilon_from": Options(("modes", "data")), "algorithm": ALGORITHM,
    }

    def __init__(self, k1=10, k2=10, *, max_iter=100, tie="one", neighbours="index",
                 epsilon=None, epsilon_from="modes", record_paths=False, algorithm="exact",
                 n_jobs=None):
        self.k1, self.k2, self.max_iter, self.tie = k1, k2, max_iter, tie
        self.neighbours, self.epsilon, self.epsilon_from = neighbours, epsilon, epsilon_from
        self.record_paths, self.algorithm, self.n_jobs = record_paths, algorithm, n_jobs

    def fit(self, X, y=None):
        """Ascend every sample to its mode and label the modes. Returns self."""
        X = self._validate(X, reset=True)             # the edge: X and every parameter, once
        p = check_binnnms(self.get_params(), len(X), self._parameter_constraints)
        k1, k2 = self._choose(X, p)
        if self.selection_ is not None and not self.selection_.structure:
            p["epsilon"] = float(X.shape[1])          # no structure found: one cluster
        with checked_already():
            if p["algorithm"] == "reference":
                # 1. BGA task: every sample is a candidate and ascends on the data.
                modes, n_iter, converged, paths = bga(X, X, k1, p["max_iter"], p["tie"],
                                                      neighbours=p["neighbours"], record=True)
                # 2. epsilon from k2 (unless given).
                if p["epsilon"] is None:
                    p["epsilon"] = epsilon_from_k2(modes if p["epsilon_from"] == "modes"
                                                   else X, k2)
                # 3. epsilon-proximity labelling of the modes.
                labels = epsilon_proximity(modes, p["epsilon"])
                self._index = None                    # no search index to reuse in predict
            else:  # the same three steps, fast
                steps = {n: p[n] for n in ("max_iter", "tie", "neighbours", "epsilon",
                                           "epsilon_from", "algorithm")}
                modes, n_iter, converged, paths, p["epsilon"], labels, self._index = \
                    _fast_layer().fit(X, k1, k2, record=self.record_paths,
                                      n_jobs=self.n_jobs, **steps)
            self.cluster_centers_ = _median_centres(X, labels, modes, p["tie"],
                                                    p["neighbours"])
        self.modes_, self.epsilon_, self.labels_ = modes, float(p["epsilon"]), labels
        self.k1_, self.k2_ = k1, (k2 if self.epsilon is None else None)  # k2 unused then
        self.n_iter_, self.converged_ = int(n_iter.max(initial=0)), converged
        if self.record_paths:
            self.paths_ = paths
        self._fit_X = X  # predict ascends on X as the fit did:
        self._ascent = {n: p[n] for n in ("max_iter", "tie", "neighbours", "algorithm")}
        return self

    def _choose(self, X, p):
        """(k1, k2): the checked values, or for "auto" those `choose_parameters` picks."""
        self.selection_ = None
        if not (is_auto(p["k1"]) or is_auto(p["k2"])):
            return p["k1"], p["k2"]
        from .selection import choose_parameters  # a teaching tool, imported when asked

        grid = {name: None if is_auto(p[name]) else (p[name],) for name in ("k1", "k2")}
        with checked_already():
            self.selection_ = choose_parameters(
                X, grid["k1"], grid["k2"], tie=p["tie"], max_iter=p["max_iter"],
                neighbours=p["neighbours"], n_jobs=self.n_jobs, algorithm=p["algorithm"])
        return self.selection_.k1, self.selection_.k2

    def predict(self, X):
        """Ascend each row of X on the training data; the label of the nearest training mode
        (a tie: the lowest training index, or for "ball" the smallest mode: order-free)."""
        check_is_fitted(self, "modes_")
        Y, p = self._validate(X, reset=False), self._ascent
        with checked_already():
            if p["algorithm"] == "reference":
                modes = bga(self._fit_X, Y, self.k1_, p["max_iter"], p["tie"],
                            neighbours=p["neighbours"])[0]
            else:
                modes = _fast_layer().bga(self._fit_X, Y, self.k1_, p["max_iter"], p["tie"],
                                          neighbours=p["neighbours"], index=self._index)[0]
            distinct, label_of = self.modes_, self.labels_
            if p["neighbours"] == "ball":  # distinct modes, sorted: the smaller mode wins
                distinct, inverse = np.unique(self.modes_, axis=0, return_inverse=True)
                label_of = np.empty(len(distinct), dtype=self.labels_.dtype)
                label_of[inverse.reshape(-1)] = self.labels_
            return label_of[nearest_neighbours(distinct, modes, 1)[1][:, 0]]


def _fast_layer():
    """`binms_teach.fast`, imported only when the engine is not "reference"."""
    from . import fast

    return fast


def _median_centres(X, labels, modes, tie, neighbours="index"):
    """The majority vote of each cluster; "keep" keeps the bit of the cluster's first mode
    ("index") or of its smallest mode as a 0/1 vector ("ball": order-free)."""
    centres = []
    for c in range(labels.max() + 1):
        members = labels == c
        kept = (np.unique(modes[members], axis=0)[0] if neighbours == "ball"
                else modes[np.argmax(members)])
        centres.append(majority_vote(X[members], tie=tie, current=kept))
    return np.array(centres, dtype=np.uint8)
