"""The four criteria that score a partition without labels, and what they are computed from.

* `hamming_silhouette`: the mean Hamming silhouette of the partition, higher is better;
* `partition_stability`: the mean ARI between the partition and those of random
  subsamples (`subsamples`, `distinct_subsamples`) on the points they share, higher;
* `plateau_widths`: how far, in log k2, the number of clusters stays the same, wider;
* `bernoulli_bic`: the BIC of the Bernoulli mixture whose components are the clusters,
  lower.
"""

from numbers import Integral, Real

import numpy as np
from sklearn.metrics import silhouette_samples

from .._validation import Interval, check_binary, checked_already, validate_params
from ..evaluation.metrics import ari
from ..evaluation.votes import cluster_votes
from ..hamming import hamming

# Stability: subsamples of this fraction of the rows, without replacement.
FRACTION = 0.8
N_SUBSAMPLES = 3
# Bernoulli parameters of a cluster: (ones + SMOOTHING) / (size + 2 SMOOTHING) (Jeffreys).
SMOOTHING = 0.5
# Their bounds, declared once for `subsamples`, `distinct_subsamples` and `choose_parameters`.
N_SUBSAMPLES_RANGE = Interval(Integral, 1, 10**6)
FRACTION_RANGE = Interval(Real, 0, 1, open=True,
                          message="{name}={value} must lie strictly between 0 and 1.")


def hamming_silhouette(X, labels, D=None, *, check_input=True):
    """The mean silhouette of a partition, with the Hamming distance on the data.

    s(i) = (b(i) - a(i)) / max(a(i), b(i)), a(i) the mean distance from i to the
    other members of its cluster, b(i) the smallest mean distance from i to the
    members of another cluster; s(i) = 0 for a member of a one-point cluster
    (Rousseeuw 1987). NaN when there is one cluster or n clusters.

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
    labels : array-like of shape (n,)
    D : ndarray of shape (n, n), optional
        The Hamming distances of X, if already computed.
    check_input : bool, default True
        False: the caller has checked X and labels (see `binms_teach.hamming`).

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [1, 1, 0]]
    >>> round(hamming_silhouette(X, [0, 0, 1, 1]), 3)  # a = 1, b = 2.5 for every point
    0.6
    """
    if check_input:
        X, labels = check_binary(X), check_labels(labels, len(X))
    k = len(np.unique(labels))
    if not 2 <= k < len(X):
        return float("nan")
    with checked_already():
        D = hamming(X) if D is None else D
    return float(np.mean(silhouette_samples(D, labels, metric="precomputed")))


def bernoulli_bic(X, labels, smoothing=SMOOTHING, *, check_input=True):
    """BIC of the Bernoulli mixture whose components are the clusters of ``labels``.

    The mixture is fitted to the partition: weight pi_c = n_c / n and bit
    probabilities theta_cj = (ones_cj + s) / (n_c + 2 s), s = ``smoothing``
    (s = 1/2, Jeffreys, keeps every log finite). With K clusters and d
    features it has p = K d + K - 1 free parameters, and ::

        log L = sum_i [ log pi_c(i) + sum_j x_ij log theta_c(i)j
                        + (1 - x_ij) log(1 - theta_c(i)j) ],
        BIC = -2 log L + p log n        (lower is better).

    This is the classification likelihood (each point counted in its own
    cluster only): it scores the partition itself, not a mixture fitted anew.

    Examples
    --------
    >>> X = [[0, 0, 0, 0]] * 10 + [[1, 1, 1, 1]] * 10
    >>> round(bernoulli_bic(X, [0] * 10 + [1] * 10), 1), round(bernoulli_bic(X, [0] * 20), 1)
    (62.1, 122.9)
    """
    if check_input:
        X, labels = check_binary(X), check_labels(labels, len(X))
    if not smoothing > 0:
        raise ValueError(f"smoothing={smoothing!r} must be > 0 (it keeps log(theta) finite).")
    n, d = X.shape
    inverse = np.unique(labels, return_inverse=True)[1].reshape(-1)
    k = int(inverse.max()) + 1
    ones, sizes = cluster_votes(X, inverse, k)             # sizes: shape (k, 1)
    theta = (ones + smoothing) / (sizes + 2 * smoothing)
    # The members' bit log-likelihoods summed per cluster, from the counts alone.
    bits = ones * np.log(theta) + (sizes - ones) * np.log1p(-theta)
    log_l = float(bits.sum() + sizes[:, 0] @ np.log(sizes[:, 0] / n))
    return float(-2 * log_l + (k * d + k - 1) * np.log(n))


@validate_params({"n": Interval(Integral, 2, 2**40), "n_subsamples": N_SUBSAMPLES_RANGE,
                  "fraction": FRACTION_RANGE})
def subsamples(n, n_subsamples=N_SUBSAMPLES, fraction=FRACTION, random_state=0):
    """Row indices of ``n_subsamples`` random subsamples (without replacement), each sorted.

    Sorted, so that a subsample keeps the file's order (the "index" rule depends on it).

    Examples
    --------
    >>> [s.tolist() for s in subsamples(5, 2, 0.6, random_state=0)]
    [[2, 3, 4], [0, 3, 4]]
    """
    m = max(2, int(round(fraction * n)))
    rng = np.random.default_rng(random_state)
    return [np.sort(rng.choice(n, m, replace=False)) for _ in range(n_subsamples)]


@validate_params({"n_subsamples": N_SUBSAMPLES_RANGE, "fraction": FRACTION_RANGE})
def distinct_subsamples(row_id, n_subsamples=N_SUBSAMPLES, fraction=FRACTION, random_state=0):
    """`subsamples` of the distinct rows, each with every copy of its rows (row indices, sorted).

    A subsample that drew rows would keep most rows' copies when rows repeat, and so
    a partition of the copies would look perfectly stable. Without repeated rows
    (``row_id = 0, ..., n - 1``) these are exactly ``subsamples(n, ...)``.

    Examples
    --------
    >>> [s.tolist() for s in distinct_subsamples([0, 1, 0, 2, 3, 4], 2, 0.6)]  # ids 2-4; 0, 3, 4
    [[3, 4, 5], [0, 2, 4, 5]]
    """
    row_id = np.asarray(row_id)
    if (row_id.ndim != 1 or not len(row_id) or not np.issubdtype(row_id.dtype, np.integer)
            or row_id.min() < 0):
        raise ValueError("row_id must be a non-empty 1-D array of whole numbers >= 0, one per "
                         "row, as distinct_rows(X) gives it.")
    n_distinct = int(row_id.max()) + 1
    # One distinct row (all rows equal): draw from 2 ids, so that the subsample is every row.
    return [np.flatnonzero(np.isin(row_id, ids))
            for ids in subsamples(max(n_distinct, 2), n_subsamples, fraction, random_state)]


def scaled(k, fraction, low):
    """A neighbour count k scaled to a subsample: round(fraction * k), at least ``low``.

    >>> scaled(10, 0.8, 1), scaled(1, 0.8, 1)
    (8, 1)
    """
    return max(low, int(round(fraction * k)))


def partition_stability(labels, sub_labels, subsets):
    """The mean ARI between a partition and the partitions of subsamples, on the shared points.

    Parameters
    ----------
    labels : array-like of shape (n,)
        The partition of the whole data.
    sub_labels : sequence of arrays
        ``sub_labels[b]`` partitions the rows ``subsets[b]``.
    subsets : sequence of index arrays

    Examples
    --------
    >>> partition_stability([0, 0, 1, 1], [[0, 1, 1], [5, 7, 7]], [[0, 2, 3], [0, 1, 2]])
    0.25
    """
    labels = np.asarray(labels)
    if len(sub_labels) != len(subsets) or not subsets:
        raise ValueError("Give one partition per subsample (and at least one subsample).")
    return float(np.mean([ari(labels[np.asarray(s)], np.asarray(b))
                          for b, s in zip(sub_labels, subsets, strict=True)]))


def plateau_widths(n_clusters, k2s):
    """For each k2: the width, in log k2, of the run of k2 values with its number of clusters.

    A run is a maximal stretch of consecutive grid values of k2 (at one k1) with
    the same number of clusters; its width is log(last k2 / first k2), so a run of
    one value has width 0. A structure that is really there persists while
    epsilon grows: its number of clusters is a wide plateau.

    Examples
    --------
    >>> plateau_widths([5, 3, 3, 3, 1], [1, 2, 4, 8, 16]).round(3).tolist()
    [0.0, 1.386, 1.386, 1.386, 0.0]
    """
    n_clusters = np.asarray(n_clusters)
    k2s = np.asarray(k2s, dtype=float)
    if n_clusters.shape != k2s.shape:
        raise ValueError("Give one number of clusters per k2.")
    out = np.zeros(len(k2s))
    start = 0
    for j in range(1, len(k2s) + 1):
        if j == len(k2s) or n_clusters[j] != n_clusters[start]:
            out[start:j] = np.log(k2s[j - 1] / k2s[start])
            start = j
    return out


def check_labels(labels, n, name="labels"):
    """``labels`` as an array of one value per sample (shape (n,)), else a ValueError.

    >>> check_labels([0, 1, 1], 3).tolist()
    [0, 1, 1]
    """
    labels = np.asarray(labels)
    if labels.shape != (n,):
        raise ValueError(f"{name} has shape {labels.shape}; give one value per sample, "
                         f"shape ({n},).")
    return labels
