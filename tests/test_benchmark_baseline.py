"""The scikit-learn baseline of `make bench` is a fair comparison.

scikit-learn's kNN breaks distance ties arbitrarily, so the baseline can only
be expected to match BinNNMS where the k1-th and (k1 + 1)-th nearest points of
every iterate are at different distances. The data below is built so: points
on a line (prefix vectors), at positions no one of which is the midpoint of
two others, so every point sees all others at distinct distances; the majority
vote of prefix vectors is the prefix vector of their (upper) median, a data
point again, so every iterate has distinct distances too. Shuffled rows and
coordinates and a flipped bit mask (for odd k1) hide the line. The test
checks this no-tie property by brute force before it compares.
"""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from binms_teach import BinNNMS
from tests.by_path import load_module

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def _load(name):
    return load_module(BENCHMARKS / f"{name}.py")


SklearnBinNNMS = _load("sklearn_baseline").SklearnBinNNMS


def line_data(flip, seed=0, n=32):
    """Prefix vectors at positions with no digit 2 in base 3 (no 3-term progression)."""
    positions = np.array([p for p in range(3**6) if "2" not in np.base_repr(p, 3)][:n])
    d = int(positions.max()) + 8
    rng = np.random.default_rng(seed)
    X = (np.arange(d)[None, :] < positions[:, None]).astype(np.uint8)
    X = X[rng.permutation(n)][:, rng.permutation(d)]
    if flip:
        X ^= rng.integers(0, 2, d, dtype=np.uint8)
    return X


def assert_no_tie_at_kth(X, paths, k1):
    """Every iterate's k1-th and (k1 + 1)-th distances to the data differ (brute force)."""
    iterates = np.unique(np.concatenate(paths), axis=0)
    D = np.sort([[int(np.sum(x != y)) for y in X] for x in iterates], axis=1)
    assert np.all(D[:, k1 - 1] < D[:, k1]), "the test data has a tie at the k1-th neighbour"


@pytest.mark.parametrize("metric", ["euclidean", "hamming"])
@pytest.mark.parametrize(("k1", "k2", "flip"), [(5, 3, True), (4, 6, False), (3, 8, True)])
def test_baseline_matches_binnnms_without_ties(k1, k2, flip, metric):
    X = line_data(flip)
    ours = BinNNMS(k1=k1, k2=k2, record_paths=True).fit(X)
    assert_no_tie_at_kth(X, ours.paths_, k1)
    assert ours.labels_.max() > 0  # a real clustering, not one blob

    base = SklearnBinNNMS(k1=k1, k2=k2, metric=metric).fit(X)
    np.testing.assert_array_equal(base.modes_, ours.modes_)
    assert base.epsilon_ == ours.epsilon_
    np.testing.assert_array_equal(base.labels_, ours.labels_)
    assert base.n_iter_ == ours.n_iter_


def test_baseline_tie_rule_matters():
    """A negative control: with the other tie rule the baseline's modes differ."""
    X = line_data(flip=False)
    ours = BinNNMS(k1=4, k2=6).fit(X)
    other = SklearnBinNNMS(k1=4, k2=6, tie="zero").fit(X)
    assert not np.array_equal(other.modes_, ours.modes_)


def test_run_help():
    result = subprocess.run([sys.executable, str(BENCHMARKS / "run.py"), "--help"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "--quick" in result.stdout and "--full" in result.stdout
