"""The majority votes of many clusters at once (k-modes, the scores, the selection's BIC)."""

import numpy as np
from scipy.sparse import csr_matrix

# Rows of X per chunk in `cluster_votes`.
VOTE_ROWS = 65536


def cluster_votes(X, labels, n_clusters):
    """Votes for a 1 and member counts of every cluster, in one sparse product.

    Returns
    -------
    ones : ndarray of shape (n_clusters, d)
        ``ones[c, j]`` is how many members of cluster c have a 1 in coordinate j.
    sizes : ndarray of shape (n_clusters, 1)

    Examples
    --------
    >>> ones, sizes = cluster_votes(np.array([[1, 0], [1, 1], [0, 1]]), np.array([0, 0, 1]), 2)
    >>> ones.tolist(), sizes.ravel().tolist()
    ([[2, 1], [0, 1]], [2, 1])
    """
    n = len(X)
    ones = np.zeros((n_clusters, np.shape(X)[1]), dtype=np.int64)
    # In row chunks: an int64 copy of all of X would take 8 bytes a bit (2 GiB at n = 10^6).
    for s in range(0, n, VOTE_ROWS):
        rows = np.arange(s, min(s + VOTE_ROWS, n))
        members = csr_matrix((np.ones(len(rows), dtype=np.int64), (labels[rows], rows - s)),
                             shape=(n_clusters, len(rows)))
        ones += members @ np.asarray(X[rows], dtype=np.int64)
    return ones, np.bincount(labels, minlength=n_clusters)[:, None]
