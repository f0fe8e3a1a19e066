"""Data sets for the course, in the style of `sklearn.datasets`.

Every loader returns a `sklearn.utils.Bunch` with ``data`` (uint8 0/1),
``target`` (ints 0..M-1), ``target_names``, ``feature_names``, ``DESCR``
(source, coding and citation), ``codebook`` and ``decode``, which reads a binary
row such as a cluster mode back as categorical values (or, for digits, as an image).

* The paper's data sets, coded as in the paper: `load_zoo`, `load_digits`,
  `load_spect`, `load_soybean`, `load_car`; and `load_votes`, `load_mushroom`.
  Their files ship with the course and are found as `fetch_file` describes (see
  also the repository's ``data/README.md``).
* Any categorical CSV file: `load_categorical_csv`.
* No file needed: `load_sklearn_digits`, `make_bernoulli_mixture`.
"""

from ._csv import load_categorical_csv
from ._fetch import DataNotFoundError, DownloadError, archive_url, data_dirs, fetch_file
from ._synthetic import load_sklearn_digits, make_bernoulli_mixture
from ._uci import (
    load_car,
    load_digits,
    load_mushroom,
    load_soybean,
    load_spect,
    load_votes,
    load_zoo,
)

__all__ = [
    "DataNotFoundError",
    "DownloadError",
    "archive_url",
    "data_dirs",
    "fetch_file",
    "load_car",
    "load_categorical_csv",
    "load_digits",
    "load_mushroom",
    "load_sklearn_digits",
    "load_soybean",
    "load_spect",
    "load_votes",
    "load_zoo",
    "make_bernoulli_mixture",
]
