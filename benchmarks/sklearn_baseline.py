"""A straightforward BinNNMS built on scikit-learn, the baseline of `make bench`.

The same three tasks as `binms_teach.BinNNMS`, written the way a user of
scikit-learn would write them:

1. BGA task: every sample ascends by x <- maj(NN_k1(x)), the k1 nearest data
   points found by ``NearestNeighbors(metric="hamming", algorithm="brute")``;
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
* scikit-learn's Hamming distance is the *fraction* of differing coordinates,
  so distances are multiplied by d (and rounded) to get counts.

Examples
--------
>>> import numpy as np
>>> X = np.array([[1, 1, 1, 0, 0, 0], [1, 1, 1, 0, 0, 1], [1, 1, 0, 0, 0, 0],
...               [0, 0, 0, 1, 1, 1], [1, 0, 0, 1, 1, 1], [0, 0, 0, 0, 1, 1]])
>>> SklearnBinNNMS(k1=3, k2=2).fit(X).labels_.tolist()
[0, 0, 0, 1, 1, 1]
"""

import numpy as np
from scipy.sparse.csgraph import connected_components
from sklearn.neighbors import NearestNeighbors, radius_neighbors_graph


def _brute_hamming(n_neighbors):
    return NearestNeighbors(n_neighbors=n_neighbors, metric="hamming", algorithm="brute")


class SklearnBinNNMS:
    """BinNNMS on scikit-learn's NearestNeighbors (see the module docstring).

    Parameters and attributes have the names and meanings of
    `binms_teach.BinNNMS`: k1, k2, max_iter, tie ("one" or "zero"); after
    ``fit``: ``modes_``, ``labels_``, ``epsilon_``, ``n_iter_``, ``converged_``.
    """

    def __init__(self, k1=10, k2=10, *, max_iter=100, tie="one"):
        self.k1 = k1
        self.k2 = k2
        self.max_iter = max_iter
        self.tie = tie

    def fit(self, X):
        """Ascend every sample, derive epsilon, label the modes. Returns self."""
        X = np.asarray(X, dtype=np.uint8)
        if self.tie not in ("one", "zero"):
            raise ValueError(f"tie={self.tie!r}: the baseline knows 'one' and 'zero'.")
        n, d = X.shape

        # 1. BGA task.
        knn = _brute_hamming(self.k1).fit(X)
        current = X.copy()
        active = np.arange(n)
        n_iter = 0
        while active.size and n_iter < self.max_iter:
            idx = knn.kneighbors(current[active], return_distance=False)
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
        dist, _ = _brute_hamming(self.k2 + 1).fit(modes).kneighbors(modes)
        self.epsilon_ = float(np.rint(dist[:, self.k2] * d).mean())

        # 3. epsilon-proximity: H <= epsilon, with H an integer, is
        # H / d < (floor(epsilon) + 0.5) / d, safe from rounding.
        radius = (np.floor(self.epsilon_) + 0.5) / d
        graph = radius_neighbors_graph(modes, radius, metric="hamming")
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
