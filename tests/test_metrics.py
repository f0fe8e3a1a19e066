import math
from collections import Counter

import numpy as np
import pytest

from binms_teach import ari, nmi, quantization_error
from tests.test_binnnms import mixture


def entropy(labels):
    n = len(labels)
    return -sum(c / n * math.log(c / n) for c in Counter(labels).values())


def test_nmi_uses_the_geometric_mean_of_the_entropies():
    rng = np.random.default_rng(0)
    a, b = rng.integers(0, 3, 200).tolist(), rng.integers(0, 4, 200).tolist()
    mutual = entropy(a) + entropy(b) - entropy(list(zip(a, b, strict=True)))
    assert nmi(a, b) == pytest.approx(mutual / math.sqrt(entropy(a) * entropy(b)))


def test_ari_of_a_relabelled_partition_is_one_and_of_a_shuffled_one_near_zero():
    assert ari([0, 0, 1, 1, 2], [5, 5, 3, 3, 9]) == 1.0
    rng = np.random.default_rng(1)
    assert abs(ari(rng.integers(0, 5, 2000), rng.integers(0, 5, 2000))) < 0.01


def test_quantization_error_by_plain_loops():
    X = mixture(n=80, d=10, seed=3)
    labels = np.arange(80) % 4
    total = 0
    for c in range(4):
        members = X[labels == c].tolist()
        centre = [int(2 * sum(col) >= len(members)) for col in zip(*members, strict=True)]
        total += sum(sum(int(u != v) for u, v in zip(m, centre, strict=True)) for m in members)
    assert quantization_error(X, labels) == pytest.approx(total / 80)


def test_quantization_error_with_given_centres():
    X = [[1, 1], [1, 0], [0, 0]]
    assert quantization_error(X, [0, 0, 1], centres={0: [0, 0], 1: [1, 1]}) == pytest.approx(5 / 3)
    with pytest.raises(ValueError, match="one label per sample"):
        quantization_error(X, [0, 1])
