"""epsilon-proximity labelling, the second task of Algorithm 1: modes within epsilon of each
other share a cluster, epsilon from k2 (notebook 07). `binms_teach.fast.labelling` computes
the same on the distinct modes.
"""

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components

from ._validation import EPSILON, K2, Binary, validate_params
from .hamming import hamming


@validate_params({"M": Binary(), "k2": K2})
def epsilon_from_k2(M, k2):
    """epsilon(k2): the mean over the rows of M (n, d) of the distance to their k2-th nearest
    *other* row (a copy counts, at distance 0), as the authors' code does.

    >>> epsilon_from_k2([[0, 0], [0, 0], [1, 1]], k2=1)
    0.6666666666666666
    """
    # Each row sorted: column 0 is the point itself, so column k2 is its k2-th nearest other.
    return float(np.sort(hamming(M), axis=1)[:, k2].mean())


@validate_params({"M": Binary(), "epsilon": EPSILON})
def epsilon_proximity(M, epsilon):
    """Labels (n,) of the connected components of the graph H(M_i, M_j) <= epsilon, numbered
    in order of first appearance. The printed double loop can split a chain a - b - c; the
    components are what its words say (notebook 07).

    >>> epsilon_proximity([[1, 1], [0, 0], [1, 0], [0, 0]], epsilon=0).tolist()
    [0, 1, 2, 1]
    """
    graph = csr_matrix(hamming(M) <= epsilon)  # an edge where H <= epsilon (inclusive)
    return first_appearance(connected_components(graph, directed=False)[1])


def first_appearance(labels):
    """Labels renumbered 0, 1, ... in order of first appearance.

    >>> first_appearance([5, 5, 2, 7, 2]).tolist()
    [0, 0, 1, 2, 1]
    """
    _, first, inverse = np.unique(np.asarray(labels), return_index=True, return_inverse=True)
    rank = np.empty(len(first), dtype=np.int64)
    rank[np.argsort(first)] = np.arange(len(first))
    return rank[inverse.reshape(-1)]
