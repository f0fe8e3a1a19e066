"""Fixtures shared by several test modules."""

import numpy as np
import pytest

from binms_teach import experiments
from binms_teach.datasets import make_bernoulli_mixture


@pytest.fixture(scope="module")
def images():
    """150 noisy 16 x 15 'images' around 3 prototypes: ties happen with an even k1."""
    mix = make_bernoulli_mixture(150, 240, 3, flip=0.25, random_state=0)
    return mix.data, mix.target


@pytest.fixture(scope="module")
def mixture():
    """60 rows of 12 bits from 3 Bernoulli prototypes, and their labels: the experiments' data."""
    mix = make_bernoulli_mixture(60, 12, 3, flip=0.15, random_state=3)
    return mix.data, mix.target


@pytest.fixture
def made_up_table3():
    """Table 3's rows for Spect and Car from made-up runs: k-modes at two k, one sweep cell."""
    runs = experiments.KModesRuns(2, (0, 1), np.array([0.2, 0.4]), np.array([0.1, 0.3]),
                                  np.array([2, 2]))
    sweep = experiments.Sweep((1,), (1,), np.full((1, 1), 0.5), np.full((1, 1), 0.25),
                              np.ones((1, 1), dtype=int), np.ones((1, 1)),
                              np.full((1, 1), np.nan), np.zeros((1, 1, 4), dtype=int))
    kmodes = {("spect", 47): runs, ("spect", 2): runs, ("car", 4): runs}
    return experiments.table3(("spect", "car"), kmodes, {"spect": sweep, "car": sweep})
