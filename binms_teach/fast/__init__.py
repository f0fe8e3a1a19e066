"""The fast layer: what exists only for speed, beside the readable functions it equals.

Nothing here changes a result. Each function names the readable function of
`binms_teach` that it equals, bit for bit (tests/test_layers.py checks it on
tie-heavy data, both neighbour rules and every tie rule):

- `search`: NN_k and the closed ball on float32 sort keys or, through faiss,
  on packed bits (`popcount`: XOR and popcount, the HNSW graph); `searcher` is
  the one place where the engine is chosen;
- `ascent`: the BGA task of all candidates at once, each distinct iterate
  searched once; `lists` reads most of its NN_k from the parent iterate's
  neighbour list, where the triangle inequality shows the list holds them;
- `labelling`: epsilon(k2) and the connected components on the distinct modes,
  and the labeller of every k2 at once used by the sweep and the automatic
  choice;
- `parallel`: chunks of candidates through joblib (hence Dask).

This package is the one door to the fast layer: the rest of the package imports
the names below (`from binms_teach import fast`, then ``fast.bga(...)``), never
its modules (tests and benchmarks may reach a module). Nothing here checks its
input: the callers pass checked uint8 0/1 arrays and checked parameters.
`BinNNMS` calls `fit` and `bga`, the selection's grid its labellers; the
readable functions (`ascent`, `hamming`, `majority`, `labelling`) never import it.
"""

from .ascent import ascend
from .labelling import epsilon_from_k2, epsilon_proximity, epsilons, proximity_labels
from .parallel import bga_chunks
from .popcount import check_algorithm
from .search import ball_neighbours, nearest_neighbours, searcher

__all__ = ["fit", "bga", "nearest_neighbours", "ball_neighbours", "searcher",
           "epsilon_from_k2", "epsilon_proximity", "epsilons", "proximity_labels"]


def fit(X, k1, k2, *, max_iter, tie, neighbours, epsilon, epsilon_from, algorithm, record,
        n_jobs):
    """The three steps of `BinNNMS.fit`, fast: (modes, n_iter, converged, paths, epsilon,
    labels, index). X is checked uint8; the parameters are checked."""
    algorithm = check_algorithm(algorithm)  # "hnsw" needs faiss
    # 1. BGA task: every sample is a candidate and ascends on the data.
    index = searcher(X, algorithm) if algorithm != "exact" else None
    modes, n_iter, converged, paths = bga_chunks(
        X, k1, max_iter, tie, neighbours=neighbours, algorithm=algorithm, index=index,
        n_jobs=n_jobs, record=record)
    # 2. epsilon from k2, 3. epsilon-proximity labelling of the modes.
    if epsilon is None:
        epsilon = epsilon_from_k2(modes if epsilon_from == "modes" else X, k2)
    labels = epsilon_proximity(modes, epsilon)
    return modes, n_iter, converged, paths, float(epsilon), labels, index


def bga(X, candidates, k1, max_iter, tie, *, neighbours="index", record=False, index=None,
        cycled=None, cycles=None):
    """Every candidate's ascent at once: equals `binms_teach.bga` (modes, n_iter, converged),
    plus the iterates of every round with ``record`` (else None).

    ``candidates`` is not modified. ``index``: X prepared by `searcher`; ``cycled``: a bool
    array of shape (m,) set True for the candidates of a "ball" ascent stopped at a cycle;
    ``cycles``: a list to receive their number instead of the warning.
    """
    return ascend(X, candidates.copy(), k1, max_iter, tie, record=record,
                  neighbours=neighbours, index=index, cycled=cycled, cycles=cycles)
