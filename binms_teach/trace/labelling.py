"""The labelling task for one k2: epsilon, the graph H <= epsilon among the modes, its components.

`labelling_state` computes it once; `LabellingModel` answers many k2 quickly.
`binms_teach.widgets.LabellingExplorer` displays it.
"""

from dataclasses import dataclass

import numpy as np

from .. import fast
from .._validation import check_binary, check_epsilon, check_k2
from ..datasets.rows import distinct_rows
from ..evaluation.metrics import ari, nmi
from ..hamming import hamming
from ._arrays import frozen


@dataclass(frozen=True, eq=False)
class LabellingState:
    """The epsilon-proximity labelling of the final iterates, for one k2 (or epsilon).

    Attributes
    ----------
    k2 : int or None
        None when epsilon was given explicitly.
    epsilon : float
    epsilon_from : str
        "modes", "data" or "given".
    modes : ndarray of uint8, shape (u, d)
        The distinct final iterates (the graph's vertices), in order of first
        appearance among the samples.
    counts : ndarray of int, shape (u,)
        How many samples reached each distinct mode.
    inverse : ndarray of int, shape (n,)
        The distinct mode of every sample.
    edges : ndarray of int, shape (E, 2)
        Pairs (a, b), a < b, of distinct modes with H <= epsilon (inclusive).
    edge_distances : ndarray of int, shape (E,)
    components : ndarray of int, shape (u,)
        The connected component (cluster) of every distinct mode.
    labels : ndarray of int, shape (n,)
        The cluster of every sample (as `binms_teach.epsilon_proximity`).
    nmi, ari : float or None
        Against the true labels, when they were given.
    """

    k2: object
    epsilon: float
    epsilon_from: str
    modes: np.ndarray
    counts: np.ndarray
    inverse: np.ndarray
    edges: np.ndarray
    edge_distances: np.ndarray
    components: np.ndarray
    labels: np.ndarray
    nmi: object
    ari: object

    @property
    def n_clusters(self):
        return int(self.components.max()) + 1

    @property
    def n_edges(self):
        return len(self.edges)

    @property
    def sizes(self):
        """Samples per cluster, cluster 0 first."""
        return np.bincount(self.labels, minlength=self.n_clusters)


class LabellingModel:
    """The labelling task for any k2, quickly: what does not depend on k2 is computed once.

    The distinct modes, how many samples reached each, and the Hamming
    distances between them are computed once; each `state` then costs a few
    array operations, so a k2 slider answers at once. Memory grows as u**2 for
    u distinct modes: fine for a few thousand.

    Parameters
    ----------
    modes : array-like of shape (n, d), 0/1 values
        The final iterate of every sample (e.g. ``BinNNMS().fit(X).modes_``).
    X : array-like of shape (n, d), optional
        The data, to measure epsilon on it (``epsilon_from="data"``).
    y : array-like of shape (n,), optional
        True labels, to score each clustering (NMI, ARI).

    Examples
    --------
    >>> model = LabellingModel([[0, 0, 0], [0, 0, 0], [0, 0, 1], [1, 1, 1], [1, 1, 1]])
    >>> [model.epsilon(k2) for k2 in (1, 2, 3)]
    [0.2, 1.4, 2.8]
    >>> model.state(2).labels.tolist()
    [0, 0, 0, 1, 1]
    """

    def __init__(self, modes, *, X=None, y=None):
        M = check_binary(modes, "modes")
        n = len(M)
        if n < 2:  # one mode has no other to measure epsilon or a link against
            raise ValueError("The labelling task needs at least 2 modes, got 1.")
        if X is not None:
            X = check_binary(X)
            if X.shape != M.shape:
                raise ValueError(f"X has shape {X.shape} but modes {M.shape}: "
                                 "give one mode per sample.")
        if y is not None and len(y) != n:
            raise ValueError(f"y has {len(y)} labels for {n} samples.")
        inverse = distinct_rows(M, check_input=False)  # distinct modes by first appearance
        first = np.unique(inverse, return_index=True)[1]
        self.n, self.X, self.y, self._M = n, X, y, M
        self.modes, self.inverse = frozen(M[first]), frozen(inverse)
        self.counts = frozen(np.bincount(inverse, minlength=len(first)))
        D = hamming(self.modes)
        # For the drawing of the graph: every pair a < b of distinct modes, nearest first.
        a, b = np.triu_indices(len(first), k=1)
        dist = D[a, b]
        near = np.argsort(dist, kind="stable")
        self._pairs = (a[near].astype(np.int32), b[near].astype(np.int32), dist[near])
        self._epsilon = {}

    def epsilon(self, k2, epsilon_from="modes"):
        """epsilon(k2): the mean distance to the k2-th nearest other mode (or data point)."""
        k2 = check_k2(k2, self.n)
        if epsilon_from not in ("modes", "data"):
            raise ValueError(f"epsilon_from={epsilon_from!r}: use 'modes' or 'data'.")
        if epsilon_from == "data" and self.X is None:
            raise ValueError("epsilon_from='data' measures epsilon on the data: pass X=<data>.")
        if (k2, epsilon_from) not in self._epsilon:  # the labeller the sweep uses, cached
            points = self._M if epsilon_from == "modes" else self.X
            self._epsilon[k2, epsilon_from] = fast.epsilon_from_k2(points, k2)
        return self._epsilon[k2, epsilon_from]

    def state(self, k2=None, *, epsilon=None, epsilon_from="modes"):
        """The `LabellingState` for k2 (or for an explicit epsilon)."""
        if (k2 is None) == (epsilon is None):
            raise ValueError("Give exactly one of k2 (epsilon is derived from it) and epsilon.")
        if epsilon is None:
            epsilon = self.epsilon(k2, epsilon_from)
        else:
            epsilon, epsilon_from = check_epsilon(epsilon), "given"
        a, b, dist = self._pairs
        m = np.searchsorted(dist, epsilon, side="right")    # 1. the edges H <= epsilon
        u = len(self.modes)
        order = np.argsort(a[:m].astype(np.int64) * u + b[:m])
        a, b, dist = a[:m][order], b[:m][order], dist[:m][order]
        components = fast.epsilon_proximity(self.modes, epsilon)  # 2. its components
        labels = components[self.inverse]                   # 3. every sample's cluster
        scores = (None, None) if self.y is None else (nmi(self.y, labels), ari(self.y, labels))
        return LabellingState(
            k2 if epsilon_from != "given" else None, float(epsilon), epsilon_from, self.modes,
            self.counts, self.inverse, frozen(np.stack([a, b], axis=1).astype(np.intp)),
            frozen(dist), frozen(components), frozen(labels), *scores)


def labelling_state(modes, k2=None, *, epsilon=None, epsilon_from="modes", X=None, y=None):
    """The labelling task's state: epsilon(k2), the graph H <= epsilon, its components.

    Parameters
    ----------
    modes : array-like of shape (n, d), 0/1 values
        The final iterate of every sample (e.g. ``BinNNMS().fit(X).modes_``).
    k2 : int in [1, n - 1], optional
        epsilon is the mean distance to the k2-th nearest other point.
    epsilon : float >= 0, optional
        An explicit threshold instead of k2.
    epsilon_from : {"modes", "data"}, default "modes"
        Where epsilon(k2) is measured; "data" needs ``X``.
    X : array-like of shape (n, d), optional
    y : array-like of shape (n,), optional
        True labels, to score the clustering (NMI, ARI).

    Returns
    -------
    LabellingState

    See Also
    --------
    LabellingModel : the same for many k2, without recomputing the distances.
    binms_teach.epsilon_from_k2, binms_teach.epsilon_proximity : the core functions
        whose results these are.

    Examples
    --------
    >>> modes = [[0, 0, 0], [0, 0, 0], [0, 0, 1], [1, 1, 1], [1, 1, 1]]
    >>> s = labelling_state(modes, k2=1)
    >>> s.epsilon, s.modes.tolist(), s.counts.tolist()
    (0.2, [[0, 0, 0], [0, 0, 1], [1, 1, 1]], [2, 1, 2])
    >>> s.edges.tolist(), s.labels.tolist(), s.n_clusters
    ([], [0, 0, 1, 2, 2], 3)
    >>> labelling_state(modes, epsilon=1).labels.tolist()
    [0, 0, 0, 1, 1]
    """
    return LabellingModel(modes, X=X, y=y).state(k2, epsilon=epsilon, epsilon_from=epsilon_from)
