"""Fixtures shared by several test modules."""

import pytest

from binms_teach.datasets import make_bernoulli_mixture


@pytest.fixture(scope="module")
def images():
    """150 noisy 16 x 15 'images' around 3 prototypes: ties happen with an even k1."""
    mix = make_bernoulli_mixture(150, 240, 3, flip=0.25, random_state=0)
    return mix.data, mix.target
