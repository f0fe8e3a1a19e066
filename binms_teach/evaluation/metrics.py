"""Clustering quality: the paper's quantization error, NMI and ARI (and AMI beside NMI)."""

import numpy as np
from sklearn.metrics import (
    adjusted_mutual_info_score,
    adjusted_rand_score,
    normalized_mutual_info_score,
)

from .._validation import check_binary
from ..majority import decide
from .votes import cluster_votes


def quantization_error(X, labels, centres=None):
    """Error = (1/n) sum_m sum_{x in C_m} H(x, w_m), the paper's Eq. (8).

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
    labels : array-like of shape (n,)
        Cluster of each sample (any hashable values).
    centres : mapping or None
        ``centres[label]`` is w_m; by default each cluster's median centre
        (its majority vote), which makes the error as small as it can be.

    Examples
    --------
    >>> quantization_error([[1, 1], [1, 0], [0, 0]], [0, 0, 1])
    0.3333333333333333
    """
    X = check_binary(X)
    labels = np.asarray(labels)
    if labels.shape != (len(X),):
        raise ValueError(f"labels has shape {labels.shape}; give one label per sample, "
                         f"shape ({len(X)},).")
    names, inverse = np.unique(labels, return_inverse=True)
    inverse = inverse.reshape(-1)
    if centres is None:
        ones, sizes = cluster_votes(X, inverse, len(names))
        W = decide(2 * ones, sizes, "one")
    else:
        W = np.array([check_binary(centres[name], "centre", ndim=1) for name in names])
    return int((X != W[inverse]).sum()) / len(X)


def nmi(labels_true, labels_pred):
    """NMI normalised by the geometric mean of the entropies (Strehl & Ghosh 2002).

    The paper and its authors' code use the geometric mean; scikit-learn's
    default is the arithmetic mean, so the method is passed explicitly.

    Examples
    --------
    >>> round(nmi([0, 0, 1, 1], [1, 1, 0, 0]), 3)
    1.0
    """
    return float(normalized_mutual_info_score(labels_true, labels_pred,
                                              average_method="geometric"))


def ari(labels_true, labels_pred):
    """Adjusted Rand index (Hubert & Arabie 1985), the paper's ARAND.

    Examples
    --------
    >>> ari([0, 0, 1, 1], [0, 0, 1, 1])
    1.0
    """
    return float(adjusted_rand_score(labels_true, labels_pred))


def ami(labels_true, labels_pred):
    """Adjusted mutual information, geometric normalisation as `nmi`.

    NMI grows with the number of clusters even for random labels; AMI
    subtracts the mutual information expected by chance, so a random
    partition scores about 0 whatever its number of clusters.

    Examples
    --------
    >>> round(ami([0, 0, 1, 1], [1, 1, 0, 0]), 3)
    1.0
    """
    return float(adjusted_mutual_info_score(labels_true, labels_pred,
                                            average_method="geometric"))
