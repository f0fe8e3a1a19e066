"""epsilon(k2) and epsilon-proximity labelling, for speed: `binms_teach.labelling`, faster.

* `epsilon_from_k2` and `epsilon_proximity` equal the readable functions of
  `binms_teach.labelling` bit for bit; they work on the distinct rows only
  (final iterates repeat a lot), with histograms of float32 distances or
  faiss's searches on packed bits, in chunks so that memory stays bounded.
* `epsilons` and `proximity_labels`: the labeller of every k2 at once (one
  search for every epsilon(k2), one range search for every epsilon), shared
  by the parameter sweep and the automatic choice (`binms_teach.selection`).
"""

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from ..datasets.rows import unique_rows
from ..labelling import first_appearance
from .search import searcher

# Pairs (rows x columns) of distances computed at once.
CHUNK_PAIRS = 4 * 2**20
# The most pairs of modes kept at once to label every epsilon from one search (about 1 GB).
MAX_PAIRS = 50_000_000


def epsilon_from_k2(M, k2):
    """Equals `binms_teach.labelling.epsilon_from_k2` (M uint8, k2 checked): `epsilons`."""
    return float(epsilons(M, [k2])[0])


def epsilon_proximity(M, epsilon):
    """Equals `binms_teach.labelling.epsilon_proximity` (M uint8, epsilon checked)."""
    U, inverse = unique_rows(M)  # equal rows are always in one component
    return first_appearance(_components(U, epsilon)[inverse])


def _components(U, epsilon):
    """Connected components of H <= epsilon among distinct rows, a chunk of rows at a time.

    Each chunk's graph holds its own edges and one edge from every row to the
    first row of its component so far, which carries the earlier chunks: memory
    stays bounded however large epsilon is.
    """
    u = len(U)
    labels = np.arange(u)
    for rows, cols, _ in edges(U, epsilon):
        first = np.empty(u, dtype=np.intp)
        first[labels[::-1]] = np.arange(u)[::-1]  # the lowest row of each component
        a = np.concatenate([rows, np.arange(u)])
        b = np.concatenate([cols, first[labels]])
        graph = coo_matrix((np.ones(len(a), dtype=np.int8), (a, b)), shape=(u, u))
        _, labels = connected_components(graph, directed=False)
    return labels


def edges(U, epsilon):
    """Yield (rows, cols, distances) of the pairs H(U_row, U_col) <= epsilon, a chunk of rows
    at a time."""
    u = len(U)
    step = max(1, CHUNK_PAIRS // u)
    index = searcher(U)
    for s in range(0, u, step):
        yield from index.pairs_within(U[s : s + step], epsilon, offset=s)


def epsilons(modes, k2s):
    """epsilon(k2) for every k2 of ``k2s`` from one search: `epsilon_from_k2` for each, at once.

    The distinct modes are searched once for their k + 1 nearest distinct modes,
    k = max(k2s). The k2-th other point of a mode is its (k2 + 1)-th nearest point
    counting itself; every distinct row stands for at least one point, so the
    k2 + 1 nearest distinct rows hold it: it lies at the first distance where
    their counts add up to k2 + 1. Which of several tied rows comes last changes
    no distance before that place, so the value is exact.

    ``modes`` is checked (uint8 0/1), each k2 in [1, n - 1].

    Examples
    --------
    >>> M = np.array([[0, 0], [0, 0], [1, 1], [1, 0]], dtype=np.uint8)
    >>> epsilons(M, [1, 2]).tolist()
    [0.5, 1.25]
    """
    U, inverse = unique_rows(modes)
    counts = np.bincount(inverse, minlength=len(U))
    kk = min(max(k2s) + 1, len(U))
    # Only the distances matter (their order among tied rows does not): faiss's own order
    # suffices, and spares the tie-breaking second pass of an exact NN_k.
    D, idx = searcher(U, k=kk).search_any_order(U, kk)
    cum = np.cumsum(counts[idx], axis=1)
    rows = np.arange(len(U))
    return np.array([counts @ D[rows, np.argmax(cum >= k2 + 1, axis=1)] / len(modes)
                     for k2 in k2s], dtype=float)


def proximity_labels(modes, floors):
    """`epsilon_proximity` of ``modes`` at every whole-number epsilon of ``floors``, at once.

    The pairs of distinct modes within the largest epsilon are found once, with
    their distances; each smaller epsilon keeps the pairs within it. Above
    `MAX_PAIRS` pairs it labels each epsilon on its own instead (memory).

    ``modes`` is checked (uint8 0/1), every floor a whole number >= 0.

    Returns
    -------
    dict floor -> labels, each equal to ``epsilon_proximity(modes, floor)``.

    Examples
    --------
    >>> M = np.array([[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 0, 0]], dtype=np.uint8)
    >>> {f: lab.tolist() for f, lab in proximity_labels(M, [0, 1, 2]).items()}
    {0: [0, 1, 2, 0], 1: [0, 0, 1, 0], 2: [0, 0, 0, 0]}
    """
    floors = sorted({int(f) for f in floors})
    U, inverse = unique_rows(modes)
    pairs = _pairs_within(U, floors[-1])
    if pairs is None:
        return {f: epsilon_proximity(modes, f) for f in floors}
    a, b, dist = pairs
    out = {}
    for f in floors:
        keep = dist <= f
        graph = coo_matrix((np.ones(int(keep.sum()), dtype=np.int8), (a[keep], b[keep])),
                           shape=(len(U), len(U)))
        component = connected_components(graph, directed=False)[1]
        out[f] = first_appearance(component[inverse])
    return out


def _pairs_within(U, radius):
    """(rows, cols, distances) of the pairs of rows of U within ``radius``; None past MAX_PAIRS."""
    parts, total = [], 0
    for rows, cols, dist in edges(U, radius):
        total += len(rows)
        if total > MAX_PAIRS:
            return None
        parts.append((rows.astype(np.int64), cols.astype(np.int64), dist.astype(np.int32)))
    return tuple(np.concatenate([p[k] for p in parts]) for k in range(3))


