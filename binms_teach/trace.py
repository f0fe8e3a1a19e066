"""The state of every step of BinNNMS, for watching it: plain functions, no drawing.

The notebooks' widgets (`binms_teach.widgets`) only display what these
functions compute from the core:

- `ascent_trace`: one binary gradient ascent (Eq. 7), step by step. Step j holds
  the iterate x_j, its k1 nearest neighbours NN_k1(x_j), their votes for a 1 in
  every coordinate, the ties (2 * ones == k1), the next iterate
  x_{j+1} = maj(NN_k1(x_j)) and the bits that changed;
- `classical_mds` and `path_map`: a 2-D map of Hamming space (classical MDS of
  sqrt(H), i.e. PCA of the 0/1 rows) on which the paths of many points run
  into their modes;
- `labelling_state` and `LabellingModel`: the labelling task for one k2
  (epsilon, the graph H <= epsilon among the distinct modes, its connected
  components), the model answering many k2 quickly.
"""

from dataclasses import dataclass

import numpy as np
from scipy.linalg import eigh

from . import ascent
from ._validation import check_binary, check_int, check_neighbours, check_tie
from .ascent import warn_cycles
from .fast.ascent import ascend, unique_rows
from .fast.labelling import epsilon_proximity, epsilons
from .hamming import hamming
from .labelling import check_epsilon
from .metrics import ari, nmi


def _frozen(a):
    a = np.asarray(a)
    a.setflags(write=False)
    return a


@dataclass(frozen=True, eq=False)
class AscentStep:
    """One update x_j -> x_{j+1} = maj(NN_k1(x_j)) and everything it used.

    Attributes
    ----------
    j : int
        The index of the iterate that moves (0 for the starting point).
    x : ndarray of uint8, shape (d,)
        The iterate x_j.
    neighbours : ndarray of intp, shape (k1,) or longer
        Who votes, data indices sorted by (distance, index): NN_k1(x_j) (the
        lower index wins a tie) under "index"; the closed ball
        B(x_j, delta_(k1)(x_j)), at least k1 points, under "ball".
    distances : ndarray of int, same shape
        Their Hamming distances to x_j.
    ones : ndarray of int, shape (d,)
        Per coordinate, how many of the voters have a 1.
    ties : ndarray of bool, shape (d,)
        Coordinates where exactly half of the votes are 1
        (2 * ones == len(neighbours)).
    x_next : ndarray of uint8, shape (d,)
        x_{j+1}, the majority vote, ties settled by the tie rule.
    changed : ndarray of bool, shape (d,)
        The bits where x_{j+1} differs from x_j.
    k1 : int
    tie : str
    """

    j: int
    x: np.ndarray
    neighbours: np.ndarray
    distances: np.ndarray
    ones: np.ndarray
    ties: np.ndarray
    x_next: np.ndarray
    changed: np.ndarray
    k1: int
    tie: str

    @property
    def n_changed(self):
        """How many bits change, H(x_j, x_{j+1})."""
        return int(self.changed.sum())

    @property
    def n_ties(self):
        """How many coordinates are tied."""
        return int(self.ties.sum())

    @property
    def fixed(self):
        """True when x_{j+1} == x_j: x_j is a fixed point, a mode."""
        return self.n_changed == 0


@dataclass(frozen=True, eq=False)
class AscentTrace:
    """The whole ascent of one starting point, step by step.

    Attributes
    ----------
    start : int or None
        The data index of x_0, or None when x_0 was given as a vector.
    k1, max_iter : int
    tie : str
    path : ndarray of uint8, shape (J + 1, d)
        x_0, ..., x_J without repeats, as `binms_teach.bga_path` returns it.
    steps : tuple of AscentStep
        Every update computed, the last one included: when the ascent stops at
        a fixed point, the last step confirms it (x_{J+1} == x_J), so there are
        J + 1 steps; after ``max_iter`` updates without one there are J.
    converged : bool
        Whether the ascent stopped at a fixed point.
    neighbours : str
        The neighbour rule, "index" or "ball". A "ball" ascent that returns to
        an earlier iterate stops there (the repeated iterate is the last row
        of ``path``; ``converged`` is False) with an `AscentCycleWarning`.
    """

    start: object
    k1: int
    tie: str
    max_iter: int
    path: np.ndarray
    steps: tuple
    converged: bool
    neighbours: str = "index"

    @property
    def mode(self):
        """The last iterate, x*."""
        return self.path[-1]

    @property
    def n_iter(self):
        """The updates computed, as `binms_teach.bga` counts them."""
        return len(self.steps)


def ascent_trace(X, x0, k1, max_iter=100, tie="one", *, neighbours="index"):
    """Every step of the binary gradient ascent of one point (Eq. 7).

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
        The data; neighbours are always taken from here (non-blurring).
    x0 : int or array-like of shape (d,)
        The starting point: a data index, or a 0/1 vector.
    k1 : int in [1, n]
    max_iter : int, default 100
        The most updates computed.
    tie : {"one", "zero", "keep"}, default "one"
    neighbours : {"index", "ball"}, default "index"
        The k1 nearest (the lower index wins a tie) or the closed ball.

    Returns
    -------
    AscentTrace

    See Also
    --------
    binms_teach.bga_path : the same path, without the steps' details.

    Examples
    --------
    >>> from binms_teach.trace import ascent_trace
    >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
    >>> trace = ascent_trace(X, 0, k1=3)
    >>> trace.path.tolist(), trace.converged
    ([[0, 0, 0], [0, 0, 1]], True)
    >>> step = trace.steps[0]
    >>> step.neighbours.tolist(), step.distances.tolist(), step.ones.tolist()
    ([0, 1, 3], [0, 1, 2], [0, 1, 2])
    >>> step.x_next.tolist(), step.n_changed, trace.steps[1].fixed
    ([0, 0, 1], 1, True)
    """
    X = check_binary(X)
    x0, start = _start(X, x0)
    k1 = check_int(k1, "k1", 1, len(X), "k1 counts neighbours among the n data points.")
    max_iter = check_int(max_iter, "max_iter", 0, 10**9)
    return _ascent_trace(X, x0, start, k1, max_iter, check_tie(tie),
                         check_neighbours(neighbours))


def _start(X, x0):
    """The starting vector and its data index (None for a vector)."""
    if isinstance(x0, (int, np.integer)) and not isinstance(x0, bool):
        start = check_int(x0, "x0", 0, len(X) - 1,
                          "An integer x0 is a data index; pass a 0/1 vector for another start.")
        return X[start].copy(), start
    x = check_binary(x0, "x0", ndim=1)
    if x.shape[0] != X.shape[1]:
        raise ValueError(f"x0 has {x.shape[0]} features, X has {X.shape[1]}.")
    return x, None


def _ascent_trace(X, x, start, k1, max_iter, tie, neighbours="index"):
    """Unchecked part of `ascent_trace`: each step is `binms_teach.ascent.bga_step` itself."""
    path, steps, seen = [x], [], {x.tobytes()}
    for j in range(max_iter):
        x_next, idx = ascent.bga_step(X, x, k1, tie, neighbours=neighbours)  # the core's step
        distances = np.count_nonzero(X[idx] != x, axis=1)   # H(x_j, X_i) of the voters
        ones = X[idx].sum(axis=0, dtype=np.int64)           # their votes for a 1
        changed = x_next != x
        steps.append(AscentStep(j, _frozen(x), _frozen(idx), _frozen(distances.astype(np.int32)),
                                _frozen(ones), _frozen(2 * ones == len(idx)), _frozen(x_next),
                                _frozen(changed), k1, tie))
        if not changed.any():  # a fixed point: x_{j+1} == x_j
            break
        path.append(x_next)
        if x_next.tobytes() in seen:  # a cycle (only "ball" can come back)
            warn_cycles(1, 1, k1, tie)
            break
        seen.add(x_next.tobytes())
        x = x_next
    converged = bool(steps) and steps[-1].fixed
    return AscentTrace(start, k1, tie, max_iter, _frozen(np.array(path, dtype=np.uint8)),
                       tuple(steps), converged, neighbours)


def classical_mds(D, n_components=2):
    """Classical (Torgerson) multidimensional scaling of a distance matrix.

    Double-centre the squared distances, B = -1/2 J D^2 J with J = I - 11^T/n,
    and place the points at the top eigenvectors of B scaled by the square
    roots of their eigenvalues. When D holds Euclidean distances between
    points of R^p (p <= n_components), the map reproduces them exactly.

    Parameters
    ----------
    D : array-like of shape (n, n)
        Symmetric distances, zero diagonal.
    n_components : int, default 2

    Returns
    -------
    coords : ndarray of float, shape (n, n_components)
        Each column's sign is fixed so that its largest absolute entry is
        positive, which makes the map reproducible.
    eigenvalues : ndarray of float, shape (n_components,)
        The top eigenvalues of B, largest first. All eigenvalues add up to
        trace(B) = sum(D**2) / (2 n), the total spread, so
        ``eigenvalues.sum() / trace(B)`` is the share of it that the map shows.

    Notes
    -----
    When D is not Euclidean, B has negative eigenvalues: the share
    ``eigenvalues.sum() / trace(B)`` then overstates what the map shows, and
    some pairs may lie farther apart on the map than in D. The Hamming distance
    H itself is such a D. For 0/1 vectors H is the *squared* Euclidean
    distance, so sqrt(H) is Euclidean and classical MDS of sqrt(H) is principal
    component analysis of the centred rows (as `path_map` uses it): B is then
    positive semi-definite, the share is the explained variance of the axes,
    and no distance on the map exceeds sqrt(H).

    Examples
    --------
    >>> import numpy as np
    >>> P = np.array([[0.0, 0.0], [3.0, 0.0], [0.0, 4.0]])
    >>> D = np.sqrt(((P[:, None] - P[None]) ** 2).sum(axis=2))
    >>> coords, eigenvalues = classical_mds(D)
    >>> Dmap = np.sqrt(((coords[:, None] - coords[None]) ** 2).sum(axis=2))
    >>> bool(np.allclose(Dmap, D))
    True
    """
    D = np.asarray(D, dtype=float)
    if D.ndim != 2 or D.shape[0] != D.shape[1]:
        raise ValueError(f"D has shape {D.shape}; give a square (n, n) distance matrix.")
    if not np.allclose(D, D.T):
        raise ValueError("D is not symmetric; give the distances between every pair of points.")
    n = len(D)
    n_components = check_int(n_components, "n_components", 1, n,
                             f"A map of {n} points has at most {n} dimensions.")
    D2 = D**2                                       # 1. squared distances
    # 2. B = -1/2 J D^2 J: subtracting row and column means is multiplying by J.
    B = -0.5 * (D2 - D2.mean(axis=0) - D2.mean(axis=1)[:, None] + D2.mean())
    # 3. The top eigenpairs only (LAPACK returns them in increasing order).
    values, vectors = eigh(B, subset_by_index=[n - n_components, n - 1])
    values, vectors = values[::-1], vectors[:, ::-1]
    coords = vectors * np.sqrt(np.clip(values, 0, None))  # 4. scaled top eigenvectors
    rows = np.argmax(np.abs(coords), axis=0)
    signs = np.sign(coords[rows, np.arange(n_components)])
    return coords * np.where(signs == 0, 1, signs), values


@dataclass(frozen=True, eq=False)
class PathFrame:
    """Where every path is after t updates (paths that ended stay at their mode).

    Attributes
    ----------
    t : int
    index : ndarray of int, shape (m,)
        Row of `PathMap.points` where each path is.
    coords : ndarray of float, shape (m, 2)
    moving : ndarray of bool, shape (m,)
        Whether the path still moves after step t (it has more iterates).
    """

    t: int
    index: np.ndarray
    coords: np.ndarray
    moving: np.ndarray

    @property
    def n_moving(self):
        return int(self.moving.sum())


@dataclass(frozen=True, eq=False)
class PathMap:
    """The ascent paths of many starting points on a 2-D MDS map of Hamming space.

    Attributes
    ----------
    points : ndarray of uint8, shape (u, d)
        The distinct vectors on the map: background data points and every iterate.
    coords : ndarray of float, shape (u, 2)
        Their places, by classical MDS of sqrt(H), the Euclidean distance
        between 0/1 vectors: the first two principal components of the
        centred rows. No pair lies farther apart on the map than sqrt(H).
    shown : float
        The explained variance of the two map axes: their eigenvalues over the
        total variance of the points (trace of the double-centred matrix).
    starts : ndarray of int, shape (m,)
        The data indices whose paths are drawn.
    paths : tuple of ndarray of int
        ``paths[i]`` lists the rows of `points` visited by start i, x_0 first.
    background : ndarray of int
        Rows of `points` holding the background data points.
    k1, max_iter : int
    tie : str
    """

    points: np.ndarray
    coords: np.ndarray
    shown: float
    starts: np.ndarray
    paths: tuple
    background: np.ndarray
    k1: int
    tie: str
    max_iter: int

    @property
    def n_steps(self):
        """The longest path's number of moves."""
        return max(len(p) for p in self.paths) - 1

    def at(self, t):
        """The `PathFrame` after t updates.

        Examples
        --------
        >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
        >>> pm = path_map(X, [0, 2], k1=3)
        >>> [p.tolist() for p in pm.paths], pm.at(0).moving.tolist(), pm.at(1).n_moving
        ([[0, 1], [3, 2]], [True, True], 0)
        """
        t = check_int(t, "t", 0, 10**9)
        index = np.array([p[min(t, len(p) - 1)] for p in self.paths])
        moving = np.array([t < len(p) - 1 for p in self.paths])
        return PathFrame(t, _frozen(index), _frozen(self.coords[index]), _frozen(moving))


def path_map(X, starts, k1, max_iter=100, tie="one", background=None, *, neighbours="index"):
    """Run the ascent of the given data points and place their paths on an MDS map.

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
    starts : array-like of int, shape (m,)
        Data indices whose ascent paths are drawn.
    k1 : int in [1, n]
    max_iter : int, default 100
    tie : {"one", "zero", "keep"}, default "one"
    background : array-like of int, default None
        More data indices to place on the map (e.g. a sample of the data). The
        MDS takes O(u^3) time in the number u of distinct vectors: keep u below
        about 1500.
    neighbours : {"index", "ball"}, default "index"
        The neighbour rule of the ascent (see `binms_teach.ascent`).

    Returns
    -------
    PathMap

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
    >>> pm = path_map(X, [0, 2], k1=3, background=[1, 3])
    >>> pm.points.tolist()
    [[0, 0, 0], [0, 0, 1], [0, 1, 1], [1, 1, 1]]
    >>> [p.tolist() for p in pm.paths], pm.background.tolist(), pm.n_steps
    ([[0, 1], [3, 2]], [1, 2], 1)
    """
    X = check_binary(X)
    n = len(X)
    starts = _indices(starts, n, "starts")
    background = _indices([] if background is None else background, n, "background")
    k1 = check_int(k1, "k1", 1, n, "k1 counts neighbours among the n data points.")
    max_iter = check_int(max_iter, "max_iter", 0, 10**9)
    tie = check_tie(tie)
    if len(starts) == 0:
        raise ValueError("starts is empty; give the data indices whose paths to draw.")

    # 1. The ascent of every start at once, with every round recorded.
    _, n_iter, converged, history = ascend(X, X[starts], k1, max_iter, tie, record=True,
                                         neighbours=check_neighbours(neighbours))
    moves = n_iter - converged  # the confirming update is not a move
    # 2. Every distinct vector to place: the background points and every iterate.
    visited = [history[: moves[i] + 1, i] for i in range(len(starts))]
    everything = np.concatenate([X[background], *visited])
    points, inverse = unique_rows(everything)
    # 3. Classical MDS of sqrt(H), the Euclidean distance between 0/1 vectors:
    #    that is PCA of the centred rows, so the map never stretches a distance
    #    and the share shown is the explained variance (MDS of H itself is not).
    H = hamming(points)
    coords, eigenvalues = classical_mds(np.sqrt(H))
    shown = float(eigenvalues.sum() / (H.sum() / (2 * len(H))))  # trace(B) = total variance
    ends = np.cumsum([len(background)] + [len(v) for v in visited])
    paths = tuple(_frozen(inverse[a:b]) for a, b in zip(ends[:-1], ends[1:], strict=True))
    return PathMap(_frozen(points), _frozen(coords), shown, _frozen(starts),
                   paths, _frozen(inverse[: len(background)]), k1, tie, max_iter)


def _indices(values, n, name):
    idx = np.asarray(values)
    if idx.size and idx.dtype.kind not in "iu":
        raise TypeError(f"{name} must hold integer data indices, got dtype {idx.dtype}.")
    idx = idx.astype(np.intp).reshape(-1)
    if idx.size and (idx.min() < 0 or idx.max() >= n):
        raise ValueError(f"{name} holds indices outside [0, {n - 1}]; give data row numbers.")
    return idx


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
        if n < 2:
            raise ValueError("The labelling task needs at least 2 samples, got 1.")
        if X is not None:
            X = check_binary(X)
            if X.shape != M.shape:
                raise ValueError(f"X has shape {X.shape} but modes {M.shape}: "
                                 "give one mode per sample.")
        if y is not None and len(y) != n:
            raise ValueError(f"y has {len(y)} labels for {n} samples.")
        U, inverse = unique_rows(M)
        order = np.argsort(np.unique(inverse, return_index=True)[1])  # first appearance
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        self.n, self.X, self.y, self._M = n, X, y, M
        self.modes, self.inverse = _frozen(U[order]), _frozen(rank[inverse])
        self.counts = _frozen(np.bincount(self.inverse, minlength=len(U)))
        D = hamming(self.modes)
        # For the drawing of the graph: every pair a < b of distinct modes, nearest first.
        a, b = np.triu_indices(len(U), k=1)
        dist = D[a, b]
        near = np.argsort(dist, kind="stable")
        self._pairs = (a[near].astype(np.int32), b[near].astype(np.int32), dist[near])
        self._epsilon = {}

    def epsilon(self, k2, epsilon_from="modes"):
        """epsilon(k2): the mean distance to the k2-th nearest other mode (or data point)."""
        k2 = check_int(k2, "k2", 1, self.n - 1,
                       f"k2 ranks the other samples, so at most n - 1 = {self.n - 1}.")
        if epsilon_from not in ("modes", "data"):
            raise ValueError(f"epsilon_from={epsilon_from!r}: use 'modes' or 'data'.")
        if epsilon_from == "data" and self.X is None:
            raise ValueError("epsilon_from='data' measures epsilon on the data: pass X=<data>.")
        if (k2, epsilon_from) not in self._epsilon:  # the labeller the sweep uses, cached
            points = self._M if epsilon_from == "modes" else self.X
            self._epsilon[k2, epsilon_from] = float(epsilons(points, [k2])[0])
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
        components = epsilon_proximity(self.modes, epsilon)  # 2. its components
        labels = components[self.inverse]                   # 3. every sample's cluster
        scores = (None, None) if self.y is None else (nmi(self.y, labels), ari(self.y, labels))
        return LabellingState(
            k2 if epsilon_from != "given" else None, float(epsilon), epsilon_from, self.modes,
            self.counts, self.inverse, _frozen(np.stack([a, b], axis=1).astype(np.intp)),
            _frozen(dist), _frozen(components), _frozen(labels), *scores)


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
