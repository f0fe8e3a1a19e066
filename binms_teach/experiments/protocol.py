"""The protocol shared by every experiment: the data sets, their grids, the seeds.

`load` codes each data set as the paper's text describes (Car: additive coding);
`grid` gives the (k1, k2) values swept on it (`binms_teach.experiments.sweeps`).
"""

import numpy as np

from .. import datasets
from ..evaluation import paper

DATASETS = paper.DATASETS
QUICK_DATASETS = ("zoo", "soybean", "spect")
SEEDS = tuple(range(10))
QUICK_SEEDS = (0, 1, 2)

# The (k1, k2) grid of the sweep. It holds the paper's Digits setting (10, 25) and
# the best settings found on a much wider grid (k1 up to 400, k2 up to 400).
GRID = ((0, 2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20, 25, 30),
        (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50))
# Digits, where an ascent costs most: a coarser grid that still holds its best settings.
DIGITS_GRID = ((0, 3, 5, 8, 10, 12, 15, 20), (2, 5, 10, 15, 20, 25, 30, 40, 50))
# Car's modes barely move and its labellings are slow (1728 distinct modes): a small grid.
SMALL_GRID = ((0, 2, 5, 10, 20), (1, 2, 5, 10, 20))
QUICK_GRID = ((0, 3, 5, 7, 10), (2, 5, 10, 20))


def check_datasets(names):
    """The data set names as a tuple, checked against the paper's five.

    Examples
    --------
    >>> check_datasets(["zoo", "Car"])
    ('zoo', 'car')
    >>> check_datasets(["iris"])
    Traceback (most recent call last):
    ...
    ValueError: Unknown data set 'iris': choose from digits, zoo, soybean, spect, car.
    """
    if isinstance(names, str):
        names = [names]
    out = []
    for name in names:
        key = str(name).lower()
        if key not in DATASETS:
            raise ValueError(f"Unknown data set {name!r}: choose from {', '.join(DATASETS)}.")
        if key not in out:
            out.append(key)
    if not out:
        raise ValueError(f"No data set given: choose from {', '.join(DATASETS)}.")
    return tuple(out)


def load(name):
    """The data set ``name`` as the paper codes it (a `sklearn.utils.Bunch`)."""
    (name,) = check_datasets([name])
    if name == "car":
        return datasets.load_car(coding="additive")
    return getattr(datasets, f"load_{name}")()


def grid(name, quick=False):
    """The (k1 values, k2 values) swept on data set ``name``.

    Examples
    --------
    >>> grid("zoo", quick=True)
    ((0, 3, 5, 7, 10), (2, 5, 10, 20))
    """
    if quick:
        return QUICK_GRID
    return {"digits": DIGITS_GRID, "car": SMALL_GRID}.get(name, GRID)



def check_target(y, n):
    """The true classes ``y`` as an array of shape (n,), or a clear error.

    >>> check_target([0, 1, 1], 2)
    Traceback (most recent call last):
    ...
    ValueError: y has shape (3,); give one true class per sample, shape (2,).
    """
    y = np.asarray(y)
    if y.shape != (n,):
        raise ValueError(f"y has shape {y.shape}; give one true class per sample, shape ({n},).")
    return y
