"""BinNNMS: nearest-neighbour median shift clustering of binary data (Algorithm 1).

    1. BGA task: every sample ascends by x_{j+1} = maj(NN_k1(x_j)) to its mode.
    2. epsilon from k2: the mean distance to the k2-th nearest other mode.
    3. epsilon-proximity labelling: modes within epsilon share a cluster.
"""

import numpy as np
from sklearn.base import BaseEstimator, ClusterMixin
from sklearn.utils.validation import check_is_fitted

from ._validation import BinaryInputMixin, check_int, check_neighbours, check_tie
from .ascent import _bga, _unique_rows
from .hamming import _nearest_neighbours
from .labelling import check_epsilon, epsilon_from_k2, epsilon_proximity
from .majority import cluster_votes, decide


class BinNNMS(BinaryInputMixin, ClusterMixin, BaseEstimator):
    """Nearest-neighbour median shift clustering for binary data.

    Parameters
    ----------
    k1 : int, default 10
        Neighbours whose majority vote is the next iterate (BGA task).
    k2 : int, default 10
        Neighbour rank whose mean distance gives epsilon (labelling task).
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
    n_features_in_ : int
    paths_ : list of ndarray
        With ``record_paths=True``: ``paths_[l]`` holds x_{l,0}, ..., x*_l.

    See Also
    --------
    binms_teach.ascent.bga_path : one ascent path, written for reading.
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
    """

    def __init__(self, k1=10, k2=10, *, max_iter=100, tie="one", neighbours="index",
                 epsilon=None, epsilon_from="modes", record_paths=False):
        self.k1 = k1
        self.k2 = k2
        self.max_iter = max_iter
        self.tie = tie
        self.neighbours = neighbours
        self.epsilon = epsilon
        self.epsilon_from = epsilon_from
        self.record_paths = record_paths

    def fit(self, X, y=None):
        """Run the ascent of every sample and label the modes. Returns self."""
        X = self._validate(X, reset=True)
        n = len(X)
        if self.epsilon is None:
            if n < 2:
                raise ValueError("BinNNMS got 1 sample, but epsilon from k2 needs at least 2 "
                                 "samples: give more samples or an explicit epsilon.")
            check_int(self.k2, "k2", 1, n - 1,
                      f"k2 ranks the other samples, so at most n_samples - 1 = {n - 1}.")
        else:
            check_epsilon(self.epsilon)
        k1 = check_int(self.k1, "k1", 1, n, f"k1 counts neighbours among the n_samples = {n}.")
        if self.epsilon_from not in ("modes", "data"):
            raise ValueError(f"epsilon_from={self.epsilon_from!r}: use 'modes' or 'data'.")
        max_iter = check_int(self.max_iter, "max_iter", 0, 10**9)
        tie = check_tie(self.tie)
        neighbours = check_neighbours(self.neighbours)

        # 1. BGA task: every sample is a candidate and ascends on the data.
        modes, n_iter, converged, history = _bga(X, X.copy(), k1, max_iter, tie,
                                                 record=self.record_paths,
                                                 neighbours=neighbours)
        # 2. epsilon from k2, 3. epsilon-proximity labelling of the modes.
        if self.epsilon is None:
            self.epsilon_ = epsilon_from_k2(modes if self.epsilon_from == "modes" else X, self.k2)
        else:
            self.epsilon_ = float(self.epsilon)
        self.labels_ = epsilon_proximity(modes, self.epsilon_)

        self.modes_ = modes
        self.n_iter_ = int(n_iter.max(initial=0))
        self.converged_ = converged
        self.cluster_centers_ = _median_centres(X, self.labels_, modes, tie, neighbours)
        if self.record_paths:
            moves = n_iter - converged  # the confirming update is not a move
            self.paths_ = [history[: moves[i] + 1, i] for i in range(n)]
        self._fit_X = X
        return self

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
        neighbours = check_neighbours(self.neighbours)
        modes, _, _, _ = _bga(self._fit_X, Y, self.k1, self.max_iter, self.tie,
                              neighbours=neighbours)
        if neighbours == "index":
            _, nearest = _nearest_neighbours(self.modes_, modes, 1)
            return self.labels_[nearest[:, 0]]
        # The distinct modes in lexicographic order: the lower index wins = the smaller mode.
        distinct, inverse = _unique_rows(self.modes_)
        label_of = np.empty(len(distinct), dtype=self.labels_.dtype)
        label_of[inverse] = self.labels_  # equal modes are at distance 0: one cluster
        _, nearest = _nearest_neighbours(distinct, modes, 1)
        return label_of[nearest[:, 0]]


def _median_centres(X, labels, modes, tie, neighbours="index"):
    """The majority vote of each cluster's members.

    Tie "keep" keeps the bit of one mode of the cluster: its first mode under
    "index", its lexicographically smallest mode under "ball" (order-free).
    """
    k = labels.max() + 1
    ones, sizes = cluster_votes(X, labels, k)
    if neighbours == "ball":
        rank = _unique_rows(modes)[1]  # each mode's rank in lexicographic order
        order = np.lexsort((rank, labels))  # by cluster, then by mode
        first = order[np.unique(labels[order], return_index=True)[1]]
    else:
        first = np.unique(labels, return_index=True)[1]
    return decide(2 * ones, sizes, tie, modes[first])
