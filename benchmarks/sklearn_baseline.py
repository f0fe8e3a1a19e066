"""A straightforward BinNNMS built on scikit-learn, the baseline of `make bench`.

The same three tasks as `binms_teach.BinNNMS`, written the way a user of
scikit-learn would write them:

1. BGA task: every sample ascends by x <- maj(NN_k1(x)), the k1 nearest data
   points found by ``NearestNeighbors(algorithm="brute")`` with
   ``metric="euclidean"`` (the default: scikit-learn's fastest configuration,
   a matrix product; on 0/1 vectors the squared Euclidean distance *is* the
   Hamming distance, so the ranking is the same) or ``metric="hamming"``
   (scikit-learn computes it without a matrix product, several times slower);
   a sample stops at a fixed point or after ``max_iter`` updates (samples that
   stopped are not queried again).
2. epsilon from k2: the mean distance from each mode to its k2-th nearest
   other mode (the (k2 + 1)-th nearest mode, counting itself).
3. epsilon-proximity labelling: connected components (scipy) of the graph
   H(mode_i, mode_j) <= epsilon, built with ``radius_neighbors_graph``.

Differences from `binms_teach.BinNNMS`, by design of scikit-learn:

* its kNN breaks ties at equal distance arbitrarily (``argpartition``), where
  ours takes the lower data index, so an iterate whose k1-th and (k1 + 1)-th
  nearest points are at the same distance may get a different neighbour set,
  hence a different vote; ``benchmarks/run.py`` measures how often the modes
  differ;
* distances come back as the Euclidean distance (squared, then rounded, to get
  counts) or, with ``metric="hamming"``, as the *fraction* of differing
  coordinates (multiplied by d and rounded).

Examples
--------
>>> import numpy as np
>>> X = np.array([[1, 1, 1, 0, 0, 0], [1, 1, 1, 0, 0, 1], [1, 1, 0, 0, 0, 0],
...               [0, 0, 0, 1, 1, 1], [1, 0, 0, 1, 1, 1], [0, 0, 0, 0, 1, 1]])
>>> SklearnBinNNMS(k1=3, k2=2).fit(X).labels_.tolist()
[0, 0, 0, 1, 1, 1]
>>> SklearnBinNNMS(k1=3, k2=2, metric="hamming").fit(X).labels_.tolist()
[0, 0, 0, 1, 1, 1]
"""

import numpy as np
from scipy.sparse.csgraph import connected_components
from sklearn.neighbors import NearestNeighbors, radius_neighbors_graph


def _brute(n_neighbors, metric):
    return NearestNeighbors(n_neighbors=n_neighbors, metric=metric, algorithm="brute")


def _counts(dist, metric, d):
    """Hamming counts from scikit-learn's distances."""
    return np.rint(dist * dist if metric == "euclidean" else dist * d)


class SklearnBinNNMS:
    """BinNNMS on scikit-learn's NearestNeighbors (see the module docstring).

    Parameters and attributes have the names and meanings of
    `binms_teach.BinNNMS`: k1, k2, max_iter, tie ("one" or "zero"); after
    ``fit``: ``modes_``, ``labels_``, ``epsilon_``, ``n_iter_``, ``converged_``.
    ``metric``: "euclidean" (default, fastest) or "hamming".
    """

    def __init__(self, k1=10, k2=10, *, max_iter=100, tie="one", metric="euclidean"):
        self.k1 = k1
        self.k2 = k2
        self.max_iter = max_iter
        self.tie = tie
        self.metric = metric

    def fit(self, X):
        """Ascend every sample, derive epsilon, label the modes. Returns self."""
        X = np.asarray(X, dtype=np.uint8)
        if self.tie not in ("one", "zero"):
            raise ValueError(f"tie={self.tie!r}: the baseline knows 'one' and 'zero'.")
        if self.metric not in ("euclidean", "hamming"):
            raise ValueError(f"metric={self.metric!r}: use 'euclidean' or 'hamming'.")
        metric = self.metric
        n, d = X.shape
        # float32 0/1 data: the Euclidean route is then one float32 matrix product.
        data = X.astype(np.float32) if metric == "euclidean" else X

        # 1. BGA task.
        knn = _brute(self.k1, metric).fit(data)
        current = X.copy()
        active = np.arange(n)
        n_iter = 0
        while active.size and n_iter < self.max_iter:
            queries = current[active].astype(data.dtype)
            idx = knn.kneighbors(queries, return_distance=False)
            twice_ones = 2 * X[idx].sum(axis=1, dtype=np.int64)
            nxt = twice_ones > self.k1
            if self.tie == "one":
                nxt |= twice_ones == self.k1
            nxt = nxt.astype(np.uint8)
            moved = np.any(nxt != current[active], axis=1)
            current[active] = nxt
            active = active[moved]
            n_iter += 1
        modes = current

        # 2. epsilon from k2: column k2 skips the mode itself (a tie with an
        # equal mode gives the same distance, 0, either way).
        M = modes.astype(data.dtype)
        dist, _ = _brute(self.k2 + 1, metric).fit(M).kneighbors(M)
        self.epsilon_ = float(_counts(dist[:, self.k2], metric, d).mean())

        # 3. epsilon-proximity: H <= epsilon, with H an integer, is
        # H < floor(epsilon) + 0.5, safe from rounding: sqrt of that (Euclidean)
        # or that over d (scikit-learn's Hamming fraction).
        bound = np.floor(self.epsilon_) + 0.5
        radius = np.sqrt(bound) if metric == "euclidean" else bound / d
        graph = radius_neighbors_graph(M, radius, metric=metric)
        _, components = connected_components(graph, directed=False)
        # Renumber clusters in order of first appearance, as BinNNMS does.
        _, first, inverse = np.unique(components, return_index=True, return_inverse=True)
        rank = np.argsort(np.argsort(first))
        self.labels_ = rank[inverse.reshape(-1)]

        self.modes_ = modes
        self.n_iter_ = n_iter
        self.converged_ = np.ones(n, dtype=bool)
        self.converged_[active] = False
        return self
