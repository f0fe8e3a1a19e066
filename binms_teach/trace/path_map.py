"""A 2-D map of Hamming space on which the ascent paths of many points run into their modes.

`classical_mds` (Torgerson's MDS; of sqrt(H) it is PCA of the 0/1 rows) places
the points; `path_map` runs the ascents and places every iterate.
`binms_teach.widgets.PathMapExplorer` displays it.
"""

from dataclasses import dataclass
from numbers import Integral

import numpy as np
from scipy.linalg import eigh

from .. import fast
from .._validation import (
    K1,
    MAX_ITER,
    NEIGHBOURS,
    TIE,
    Binary,
    Interval,
    check_int,
    validate_params,
)
from ..datasets.rows import unique_rows
from ..hamming import hamming
from ._arrays import frozen


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

    @validate_params({"t": Interval(Integral, 0, 10**9)})
    def at(self, t):
        """The `PathFrame` after t updates.

        Examples
        --------
        >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
        >>> pm = path_map(X, [0, 2], k1=3)
        >>> [p.tolist() for p in pm.paths], pm.at(0).moving.tolist(), pm.at(1).n_moving
        ([[0, 1], [3, 2]], [True, True], 0)
        """
        index = np.array([p[min(t, len(p) - 1)] for p in self.paths])
        moving = np.array([t < len(p) - 1 for p in self.paths])
        return PathFrame(t, frozen(index), frozen(self.coords[index]), frozen(moving))


@validate_params({"X": Binary(), "k1": K1, "max_iter": MAX_ITER, "tie": TIE,
                  "neighbours": NEIGHBOURS})
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
    n = len(X)
    starts = _indices(starts, n, "starts")  # index arrays into X: checked against its rows
    background = _indices([] if background is None else background, n, "background")
    if len(starts) == 0:
        raise ValueError("starts is empty; give the data indices whose paths to draw.")

    # 1. The ascent of every start at once, with every round recorded.
    _, n_iter, converged, history = fast.bga(X, X[starts], k1, max_iter, tie, record=True,
                                             neighbours=neighbours)
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
    paths = tuple(frozen(inverse[a:b]) for a, b in zip(ends[:-1], ends[1:], strict=True))
    return PathMap(frozen(points), frozen(coords), shown, frozen(starts),
                   paths, frozen(inverse[: len(background)]), k1, tie, max_iter)


def _indices(values, n, name):
    idx = np.asarray(values)
    if idx.size and idx.dtype.kind not in "iu":
        raise TypeError(f"{name} must hold integer data indices, got dtype {idx.dtype}.")
    idx = idx.astype(np.intp).reshape(-1)
    if idx.size and (idx.min() < 0 or idx.max() >= n):
        raise ValueError(f"{name} holds indices outside [0, {n - 1}]; give data row numbers.")
    return idx
