"""BinNNMS: nearest-neighbour median shift clustering of binary data (Algorithm 1).

    1. BGA task: every sample ascends by x_{j+1} = maj(NN_k1(x_j)) to its mode.
    2. epsilon from k2: the mean distance to the k2-th nearest other mode.
    3. epsilon-proximity labelling: modes within epsilon share a cluster.

With ``algorithm="reference"`` the fit runs the readable functions and
nothing else: `binms_teach.ascent` (bga, bga_step), `binms_teach.hamming`
(hamming, nearest_neighbours, ball_neighbours), `binms_teach.majority`
(majority_vote) and `binms_teach.labelling` (epsilon_from_k2,
epsilon_proximity). The default "exact" gives the same result through
`binms_teach.fast`, which `_fast_layer` imports only then (the selection's
grid imports it the same way).
"""

import numpy as np
from sklearn.base import BaseEstimator, ClusterMixin
from sklearn.utils.validation import check_is_fitted

from ._validation import BinaryInputMixin, check_int, check_neighbours, check_tie
from .ascent import bga, bga_path
from .hamming import nearest_neighbours
from .labelling import check_epsilon, check_k2, epsilon_from_k2, epsilon_proximity
from .majority import majority_vote

ALGORITHMS = ("exact", "hnsw", "reference")


class BinNNMS(BinaryInputMixin, ClusterMixin, BaseEstimator):
    """Nearest-neighbour median shift clustering for binary data.

    To read the algorithm, start from the README's "Read the algorithm": the
    files in reading order; ``algorithm="reference"`` runs exactly them.

    Parameters
    ----------
    k1 : int or "auto", default 10
        Neighbours whose majority vote is the next iterate (BGA task). "auto":
        chosen without labels by `binms_teach.selection.choose_parameters`.
    k2 : int or "auto", default 10
        Neighbour rank whose mean distance gives epsilon (labelling task).
        "auto": chosen as k1 (both "auto": chosen together on the grid of
        `choose_parameters`; one "auto": chosen with the other held fixed).
        When the data do not differ from the independence model (no candidate's
        BIC below its BIC, and the columns' dependence not far above its:
        ``selection_.structure`` is False), epsilon is d: every mode within it,
        one cluster.
    max_iter : int, default 100
        The most updates a sample makes (the paper's j_max).
    tie : {"one", "zero", "keep"}, default "one"
        The bit where exactly half of the votes are 1: "one" as the authors'
        code, "zero", or "keep" the current bit.
    neighbours : {"index", "ball"}, default "index"
        Who votes in the ascent. "index": the k1 nearest data points, the lower
        row index winning a tie at the k1-th distance (the authors' code; the
        result depends on the order of the rows). "ball": every data point
        within the k1-th smallest distance, the closed ball B(x, delta_(k1)(x))
        of the paper's formula (order-free: permuting the rows permutes the
        modes and keeps the partition). A "ball" ascent that returns to an
        earlier iterate stops there with an `AscentCycleWarning`.
    epsilon : float, default None
        An explicit merge threshold; None derives it from k2.
    epsilon_from : {"modes", "data"}, default "modes"
        Where epsilon(k2) is measured: on the final iterates (the authors'
        code) or on the data points.
    record_paths : bool, default False
        Keep every iterate of every sample in ``paths_``.
    algorithm : {"exact", "reference", "hnsw"}, default "exact"
        How the fit is computed. "reference": the readable functions of the
        package, one candidate and one step at a time (read them first: the
        README's "Read the algorithm"). "exact": the same result, fast
        (`binms_teach.fast`: packed bits through faiss when installed, else
        float32 products, all candidates at once). "hnsw": approximate
        neighbours from faiss's IndexBinaryHNSW graph, for n in the hundreds
        of thousands and more; the labelling stays exact.
    n_jobs : int, default None
        Candidates ascend in chunks through joblib: None is one process unless
        inside ``joblib.parallel_backend(...)`` (e.g. "dask", to run on a Dask
        cluster); -1 all cores. The result is the same for every n_jobs.

    Attributes
    ----------
    modes_ : ndarray of uint8, shape (n_samples, n_features)
        The final iterate x*_l of every training sample.
    labels_ : ndarray of int, shape (n_samples,)
        Cluster numbers in order of first appearance.
    cluster_centers_ : ndarray of uint8, shape (n_clusters, n_features)
        The median centre (majority vote) of each cluster's member samples.
    n_iter_ : int
        The most updates any sample computed.
    converged_ : ndarray of bool, shape (n_samples,)
        Whether each sample stopped at a fixed point rather than at max_iter
        (or, with "ball", at a cycle).
    epsilon_ : float
        The merge threshold used.
    k1_ : int
        The k1 used: the given one, or the chosen one for "auto".
    k2_ : int or None
        The k2 used, likewise; None when an explicit epsilon replaces k2.
    selection_ : Selection or None
        With "auto": what `choose_parameters` found (every candidate's scores
        and the reason for the choice); None otherwise.
    n_features_in_ : int
    paths_ : list of ndarray
        With ``record_paths=True``: ``paths_[l]`` holds x_{l,0}, ..., x*_l.

    See Also
    --------
    binms_teach.ascent.bga : the BGA task, written for reading (with bga_step, bga_path).
    KModes : the k-modes baseline of the paper's Section 4.

    References
    ----------
    G. Beck, T. Duong, M. Lebbah, H. Azzag. Nearest neighbor median shift
    clustering for binary data. arXiv:1902.04181, 2019.

    Examples
    --------
    >>> from binms_teach import BinNNMS
    >>> X = [[1, 1, 1, 0, 0, 0], [1, 1, 1, 0, 0, 1], [1, 1, 0, 0, 0, 0], [0, 1, 1, 0, 0, 0],
    ...      [0, 0, 0, 1, 1, 1], [1, 0, 0, 1, 1, 1], [0, 0, 0, 0, 1, 1], [0, 0, 0, 1, 1, 0]]
    >>> model = BinNNMS(k1=3, k2=2).fit(X)
    >>> model.labels_.tolist()
    [0, 0, 0, 0, 1, 1, 1, 1]
    >>> model.cluster_centers_.tolist()
    [[1, 1, 1, 0, 0, 0], [0, 0, 0, 1, 1, 1]]
    >>> auto = BinNNMS(k1="auto", k2="auto").fit(X)
    >>> auto.labels_.tolist()
    [0, 0, 0, 0, 1, 1, 1, 1]
    """

    def __init__(self, k1=10, k2=10, *, max_iter=100, tie="one", neighbours="index",
                 epsilon=None, epsilon_from="modes", record_paths=False, algorithm="exact",
                 n_jobs=None):
        self.k1 = k1
        self.k2 = k2
        self.max_iter = max_iter
        self.tie = tie
        self.neighbours = neighbours
        self.epsilon = epsilon
        self.epsilon_from = epsilon_from
        self.record_paths = record_paths
        self.algorithm = algorithm
        self.n_jobs = n_jobs

    # Each parameter's check, declared once (as scikit-learn's _parameter_constraints):
    # `_checked` applies them, so that `fit` starts with step 1 of the algorithm.
    _parameter_checks = {
        "max_iter": lambda v: check_int(v, "max_iter", 0, 10**9),
        "tie": check_tie,
        "neighbours": check_neighbours,
        "epsilon": lambda v: None if v is None else check_epsilon(v),
        "epsilon_from": lambda v: _check_choice(v, "epsilon_from", ("modes", "data")),
        "algorithm": lambda v: _check_choice(v, "algorithm", ALGORITHMS),
    }

    def fit(self, X, y=None):
        """Run the ascent of every sample and label the modes. Returns self."""
        X = self._validate(X, reset=True)  # the one check of X: what follows trusts it
        k1, k2, p = self._checked(X)
        # what predict ascends with: the fit's checked parameters, not a later set_params
        self._ascent_params = {name: p[name] for name in ("max_iter", "tie", "neighbours",
                                                          "algorithm")}
        if self.selection_ is not None and not self.selection_.structure:
            p["epsilon"] = float(X.shape[1])  # no structure found: one cluster

        if p["algorithm"] == "reference":
            # 1. BGA task: every sample is a candidate and ascends on the data.
            modes, n_iter, converged = bga(X, X, k1, p["max_iter"], p["tie"],
                                           neighbours=p["neighbours"], check_input=False)
            # 2. epsilon from k2 (unless given), 3. epsilon-proximity labelling of the modes.
            if p["epsilon"] is None:
                p["epsilon"] = epsilon_from_k2(modes if p["epsilon_from"] == "modes" else X, k2,
                                               check_input=False)
            labels = epsilon_proximity(modes, p["epsilon"], check_input=False)
            paths = ([bga_path(X, x, k1, p["max_iter"], p["tie"], neighbours=p["neighbours"],
                               check_input=False)
                      for x in X] if self.record_paths else None)
            self._index = None
        else:  # the same steps, fast
            modes, n_iter, converged, paths, p["epsilon"], labels, self._index = \
                _fast_layer().fit(X, k1, k2, record=self.record_paths, n_jobs=self.n_jobs, **p)

        self.modes_, self.epsilon_, self.labels_ = modes, float(p["epsilon"]), labels
        self.k1_, self.k2_ = k1, (k2 if self.epsilon is None else None)  # k2 unused then
        self.n_iter_ = int(n_iter.max(initial=0))
        self.converged_ = converged
        self.cluster_centers_ = _median_centres(X, labels, modes, p["tie"], p["neighbours"])
        if self.record_paths:
            self.paths_ = paths
        self._fit_X = X
        return self

    def _checked(self, X):
        """(k1, k2, the other parameters checked): raises before any work on a bad value."""
        n = len(X)
        p = {name: check(getattr(self, name)) for name, check in self._parameter_checks.items()}
        k1, k2 = self._choose(X, p)
        if self.epsilon is None:
            check_k2(k2, n)
        k1 = _check_k1(k1, n)
        if p["algorithm"] == "hnsw" and p["neighbours"] == "ball":
            raise ValueError("algorithm='hnsw' finds approximate k nearest neighbours, not "
                             "closed balls: use neighbours='index' with it, or "
                             "algorithm='exact' with neighbours='ball'.")
        return k1, k2, p

    def _choose(self, X, p):
        """(k1, k2) to fit with: the given values, or those `choose_parameters` picks for "auto"
        (``p``: the other parameters, checked).

        Sets ``selection_``. Raises before any work when "auto" cannot apply.
        """
        auto = [name for name in ("k1", "k2") if _is_auto(getattr(self, name))]
        self.selection_ = None
        if not auto:
            return self.k1, self.k2
        if p["epsilon"] is not None:
            raise ValueError(f"{' and '.join(auto)}='auto' scores partitions with epsilon from "
                             "k2, but an explicit epsilon was given: leave epsilon=None, or "
                             "give numbers.")
        if p["epsilon_from"] != "modes":
            raise ValueError(f"{' and '.join(auto)}='auto' chooses on epsilon measured on the "
                             "modes: use epsilon_from='modes' with it, or give numbers.")
        if p["algorithm"] == "hnsw":
            raise ValueError(f"{' and '.join(auto)}='auto' compares exact partitions: use "
                             "algorithm='exact' (or 'reference') with it, or give numbers.")
        n = len(X)
        if n < 4:
            raise ValueError(f"k1 or k2 = 'auto' needs at least 4 samples, got {n} "
                             f"sample{'s' if n != 1 else ''}: give more samples, or numbers "
                             "for k1 and k2.")
        # The automatic choice (a teaching tool, notebook 12): with algorithm="reference" it
        # labels its grid with the readable functions and never imports the fast layer.
        from .selection import choose_parameters

        # A fixed k1 or k2 is a grid of one value; an "auto" one takes the default grid.
        k1s = None if "k1" in auto else (_check_k1(self.k1, n),)
        k2s = None if "k2" in auto else (check_k2(self.k2, n),)
        self.selection_ = choose_parameters(
            X, k1s, k2s, tie=p["tie"], max_iter=p["max_iter"], neighbours=p["neighbours"],
            n_jobs=self.n_jobs, algorithm=p["algorithm"])
        return self.selection_.k1, self.selection_.k2

    def predict(self, X):
        """Ascend from each row of X on the training data; label of the nearest training mode.

        Under "index" a tie between equally near training modes goes to the
        training sample with the lowest row index. Under "ball" the answer
        does not depend on the order of the training rows: a tie goes to the
        lexicographically smallest of the equally near modes (as a 0/1
        vector), whose label all its copies share.
        """
        check_is_fitted(self, "modes_")
        Y = self._validate(X, reset=False)
        p = self._ascent_params
        neighbours = p["neighbours"]
        if p["algorithm"] == "reference":
            modes = bga(self._fit_X, Y, self.k1_, p["max_iter"], p["tie"],
                        neighbours=neighbours, check_input=False)[0]
        else:
            modes = _fast_layer().bga(self._fit_X, Y, self.k1_, p["max_iter"], p["tie"],
                                      neighbours=neighbours, index=self._index)[0]
        if neighbours == "index":
            distinct, label_of = self.modes_, self.labels_
        else:
            # The distinct modes in lexicographic order: the lower index wins = the smaller mode.
            distinct, inverse = np.unique(self.modes_, axis=0, return_inverse=True)
            label_of = np.empty(len(distinct), dtype=self.labels_.dtype)
            label_of[inverse.reshape(-1)] = self.labels_  # equal modes: distance 0, one cluster
        return label_of[nearest_neighbours(distinct, modes, 1, check_input=False)[1][:, 0]]


def _fast_layer():
    """`binms_teach.fast`, imported only when the engine is not "reference"."""
    from . import fast

    return fast


def _check_k1(k1, n):
    return check_int(k1, "k1", 1, n, f"k1 counts neighbours among the n_samples = {n}.")


def _check_choice(value, name, options):
    if value not in options:
        choices = ", ".join(repr(o) for o in options[:-1]) + f" or {options[-1]!r}"
        raise ValueError(f"{name}={value!r}: use {choices}.")
    return value


def _is_auto(value):
    """Whether a k1 or k2 asks to be chosen; a string other than "auto" is an error."""
    if isinstance(value, str):
        if value == "auto":
            return True
        raise ValueError(f"{value!r} is not a value for k1 or k2: give a whole number, or "
                         "'auto' to choose it without labels.")
    return False


def _median_centres(X, labels, modes, tie, neighbours="index"):
    """The majority vote of each cluster's members (`majority_vote`).

    Tie "keep" keeps the bit of one mode of the cluster: its first mode under
    "index", its lexicographically smallest mode under "ball" (order-free).
    """
    centres = []
    for c in range(labels.max() + 1):
        members = labels == c
        if neighbours == "ball":
            kept = np.unique(modes[members], axis=0)[0]   # the smallest, as a 0/1 vector
        else:
            kept = modes[np.argmax(members)]               # the first
        centres.append(majority_vote(X[members], tie=tie, current=kept, check_input=False))
    return np.array(centres, dtype=np.uint8)
