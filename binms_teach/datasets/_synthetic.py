"""Data that needs no file: scikit-learn's bundled digits, and a Bernoulli mixture."""

import numbers

import numpy as np
from sklearn import datasets as sk_datasets

from .._validation import check_int
from ._base import make_bunch
from ._uci import image_decoder, pixel_codebook
from .coding import Codebook


def load_sklearn_digits(threshold=7):
    """scikit-learn's 8 x 8 digits (1797 images, classes 0..9), binarised.

    Parameters
    ----------
    threshold : int in [0, 15], default 7
        A pixel (intensity 0..16) is 1 where it is above the threshold. The
        default 7 keeps the pixels at least half dark (8 and up).

    Returns
    -------
    Bunch
        ``data`` (1797, 64) uint8, ``target``, ``target_names`` "0".."9",
        ``feature_names`` "pixel_<row>_<column>", ``images`` (1797, 8, 8),
        ``decode`` (a row to its 8 x 8 image), ``DESCR``.

    Examples
    --------
    >>> digits = load_sklearn_digits()
    >>> digits.data.shape, str(digits.target_names[digits.target[0]])
    ((1797, 64), '0')
    >>> print(digits.decode(digits.data[0]))
    [[0 0 0 1 1 0 0 0]
     [0 0 1 1 1 1 0 0]
     [0 0 1 0 0 1 1 0]
     [0 0 1 0 0 1 1 0]
     [0 0 1 0 0 1 1 0]
     [0 0 1 0 0 1 0 0]
     [0 0 1 0 1 1 0 0]
     [0 0 0 1 1 0 0 0]]
    """
    threshold = check_int(threshold, "threshold", 0, 15, "Pixel intensities run from 0 to 16.")
    raw = sk_datasets.load_digits()
    X = (raw.data > threshold).astype(np.uint8)
    descr = (
        "Digits (scikit-learn's bundled copy), binarised\n"
        "===============================================\n\n"
        "Source: sklearn.datasets.load_digits, 1797 images of 8 x 8 pixels with "
        "intensities 0..16, classes 0..9; from the UCI data set 'Optical Recognition of "
        "Handwritten Digits' (E. Alpaydin and C. Kaynak).\n"
        f"Coding: a pixel is 1 where its intensity is above {threshold}.\n"
    )
    return make_bunch(X, raw.target.astype(np.intp), np.array([str(d) for d in range(10)]),
                      pixel_codebook(8, 8), descr, decode=image_decoder((8, 8)),
                      images=X.reshape(-1, 8, 8))


def make_bernoulli_mixture(n_samples=300, n_features=20, n_clusters=3, flip=0.1, *,
                           random_state=None):
    """Binary data around random prototypes: each bit of a prototype flips with probability flip.

    Parameters
    ----------
    n_samples : int, default 300
        Split as evenly as possible between the clusters, in random order.
    n_features : int, default 20
    n_clusters : int, default 3
        The prototypes are distinct binary vectors drawn uniformly.
    flip : float in [0, 0.5], default 0.1
        The probability that a sample's bit differs from its prototype's.
    random_state : None, int or numpy.random.Generator

    Returns
    -------
    Bunch
        ``data`` (n_samples, n_features) uint8, ``target`` (the cluster of each
        sample), ``prototypes`` (n_clusters, n_features) uint8,
        ``target_names``, ``feature_names`` "x0".., ``decode``, ``DESCR``.

    Examples
    --------
    >>> mix = make_bernoulli_mixture(6, 4, 2, flip=0.0, random_state=0)
    >>> bool((mix.data == mix.prototypes[mix.target]).all())
    True
    """
    n_clusters = check_int(n_clusters, "n_clusters", 1, 2**31, "Give at least one cluster.")
    n_samples = check_int(n_samples, "n_samples", n_clusters, 2**31,
                          "Each cluster needs at least one sample.")
    n_features = check_int(n_features, "n_features", 1, 2**31)
    if n_features < 63 and n_clusters > 2**n_features:
        raise ValueError(f"{n_clusters} distinct prototypes need more than {n_features} features.")
    if not isinstance(flip, numbers.Real) or not 0 <= flip <= 0.5:
        raise ValueError(f"flip={flip!r} must be a probability in [0, 0.5].")
    rng = np.random.default_rng(random_state)
    prototypes = rng.integers(0, 2, size=(n_clusters, n_features), dtype=np.uint8)
    while len(np.unique(prototypes, axis=0)) < n_clusters:  # redraw until distinct
        prototypes = rng.integers(0, 2, size=(n_clusters, n_features), dtype=np.uint8)
    target = rng.permutation(np.arange(n_samples) % n_clusters)
    noise = (rng.random((n_samples, n_features)) < flip).astype(np.uint8)
    X = prototypes[target] ^ noise
    descr = (
        "Bernoulli mixture\n=================\n\n"
        f"{n_samples} samples x {n_features} bits in {n_clusters} clusters: a sample is its "
        f"cluster's prototype with each bit flipped with probability {flip}.\n"
    )
    names = [f"x{j}" for j in range(n_features)]
    return make_bunch(X, target.astype(np.intp), np.array([str(c) for c in range(n_clusters)]),
                      Codebook.binary(names), descr, prototypes=prototypes)
