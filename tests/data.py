"""Data the tests share: tie-heavy rows (every distance shared by many pairs) and a mixture."""

import numpy as np


def tie_heavy(seed, n=300, d=7, patterns=12, flip=0.03, density=0.5):
    """n rows drawn from a few random patterns of d bits, a share ``flip`` of the bits flipped.

    ``seed``: an int or a numpy Generator.
    """
    rng = np.random.default_rng(seed)
    P = (rng.random((patterns, d)) < density).astype(np.uint8)
    X = P[rng.integers(0, patterns, n)]
    if flip:
        X[rng.random(X.shape) < flip] ^= 1
    return X


def mixture(n=120, d=16, k=3, flip=0.15, seed=0):
    """n noisy copies of k random prototypes of d bits (uint8)."""
    rng = np.random.default_rng(seed)
    prototypes = rng.random((k, d)) < 0.5
    return (prototypes[rng.integers(0, k, n)] ^ (rng.random((n, d)) < flip)).astype(np.uint8)
