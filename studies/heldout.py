"""The held-out rounds 3 to 5 of the automatic choice, coded as bits (studies/data/heldout3/ to 5/).

Round 3: eight UCI data sets from Debian's R package mlbench, coded as bits by
``studies/recipes/heldout3/``. Round 4: five UCI data sets and the Palmer penguins, from
Debian's R packages kernlab, mlbench, mclust and palmerpenguins, coded by
``studies/recipes/heldout4/``. Round 5: the UCI Statlog German credit data and image
segments, and the EPA's fuel economy cars, from Debian's R packages caret and ggplot2 and
Python's river, coded by ``studies/recipes/heldout5/``. Each folder's README gives the
sources, codings, licences and checksums. They are kept ready coded, with ``data`` and
``target`` only, in this repository (not in the package's wheel), and are never downloaded.
"""

import hashlib
import warnings
from pathlib import Path

import numpy as np
from sklearn.utils import Bunch

# Where the rounds' files are: studies/data/heldout<number>/<name>.npz.
DATA = Path(__file__).resolve().parent / "data"


# A third round of held-out data: eight UCI data sets as Debian's R package mlbench holds them,
# coded as bits and kept in studies/data/heldout3/ (its README says how; `load_round3`).
ROUND3_SETS = ("dna", "breastcancer", "glass", "vehicle", "satellite", "ionosphere", "sonar",
               "letter")
# sha256 of studies/data/heldout3/<name>.npz, as studies/data/heldout3/README.md lists them.
ROUND3_SHA256 = {
    "dna": "23ce1c6dfe6c47b063a3fe3af41b3dff81fa89ffdcebc194b45d619a873957b3",
    "breastcancer": "90cbbf505611841770a4b55370f6a556a3fa1bc92ec294c16439615fffc734aa",
    "glass": "f2974173c384d53da4a2faa19c6001dcc0a0dddcacba7b8c5a71a3cd5896ed61",
    "vehicle": "0b11839761859952a84e5a75814d0bc6de71484852e3b02433e85ba7f75cf3ce",
    "satellite": "b97eb05da3d3c160f12890f4b0941b99f6329005203cc4735f4e9ce3c7a4ffc2",
    "ionosphere": "f66d44de6827e0c8c0f13e92aa956284799a7d7938293647c63676360500d85c",
    "sonar": "5f8133f3ad3a302b3fe78a8fd896daa9cc61bdcf05be3ead9b47fe847aa70179",
    "letter": "9480052797cca0c4f91a29d3ccb1e6ca2fc7c51a30ac57f2e4d2010521986591",
}
# A fourth round of held-out data: version 2 was run on it, then version 3 designed with it;
# kept in studies/data/heldout4/ (its README says how; `load_round4`): UCI sets from kernlab,
# mlbench and mclust, and the Palmer penguins (CC0).
ROUND4_SETS = ("promoters", "spam", "vowel", "shuttle", "thyroid", "penguins")
# sha256 of studies/data/heldout4/<name>.npz, as studies/data/heldout4/README.md lists them.
ROUND4_SHA256 = {
    "promoters": "25f478533a896f05f887a5ac6e016fa8b495261155719880eb4f39504ee216b9",
    "spam": "cd6703da4a27c6b360a83b44fea684448e6ffcc0031bd5c3a26d5a76388e508a",
    "vowel": "daf859b88b485bac1d010e7d7c1de9b74f6610abc5a34b60ab15d1ebfb3c82f4",
    "shuttle": "bcee1338675765fea08031795b961f0c21789f3f48beb20ca72f834a3f0280ce",
    "thyroid": "30c1389ead7ba502dc34ae66049f82f919ffc5df02e9dc85dda1c40fab424a6c",
    "penguins": "5476491507a5a5cf6e51b50797675d9b1fa6e06df804cbf2891dd338be9a761f",
}
# A fifth round of held-out data, prepared for rule version 3 and kept in studies/data/heldout5/
# (its README says how; `load_round5`): two UCI sets (caret, river) and the EPA's cars
# (ggplot2's mpg, public domain).
ROUND5_SETS = ("germancredit", "mpg", "segment")
# sha256 of studies/data/heldout5/<name>.npz, as studies/data/heldout5/README.md lists them.
ROUND5_SHA256 = {
    "germancredit": "f37b5dfba3331fc2621f7aab5150d0d65fdd40ee657fa474006920001eea7941",
    "mpg": "f45f98d6bef2ac00ffc0392e01a0ef460a7105edeeee939156e9e923298c9ef0",
    "segment": "8c917dc0adc191e16f7eb7f3037ca8b839d7b85d0dcb61eca9d151b13f73582b",
}


def load_round3(name, *, data_home=None):
    """A data set of the third held-out round (`ROUND3_SETS`), as kept in studies/data/heldout3/.

    The file ``heldout3/<name>.npz`` is read from ``data_home``, default
    studies/data/; a copy whose sha256 differs is loaded with a warning. It is
    never downloaded.

    Parameters
    ----------
    name : str
        One of `ROUND3_SETS`.
    data_home : str or Path, default None
        A folder read instead of studies/data/; it holds ``heldout3/<name>.npz``.

    Returns
    -------
    Bunch
        ``data`` (uint8 0/1, shape (n, d)) and ``target`` (int64, 0..K-1, the
        classes in the order studies/data/heldout3/README.md lists them).

    Examples
    --------
    >>> glass = load_round3("glass")
    >>> glass.data.shape, glass.data.dtype, glass.target.dtype, int(glass.target.max()) + 1
    ((214, 27), dtype('uint8'), dtype('int64'), 6)
    """
    return _load_heldout(3, ROUND3_SETS, ROUND3_SHA256, name, data_home)


def load_round4(name, *, data_home=None):
    """As `load_round3`, for the fourth round (`ROUND4_SETS`, studies/data/heldout4/).

    Examples
    --------
    >>> penguins = load_round4("penguins")
    >>> penguins.data.shape, penguins.data.dtype, penguins.target.dtype
    ((333, 16), dtype('uint8'), dtype('int64'))
    >>> np.bincount(penguins.target).tolist()  # Adelie, Chinstrap, Gentoo
    [146, 68, 119]
    """
    return _load_heldout(4, ROUND4_SETS, ROUND4_SHA256, name, data_home)


def load_round5(name, *, data_home=None):
    """As `load_round3`, for the fifth round (`ROUND5_SETS`, studies/data/heldout5/).

    Examples
    --------
    >>> mpg = load_round5("mpg")
    >>> mpg.data.shape, mpg.data.dtype, mpg.target.dtype
    ((234, 45), dtype('uint8'), dtype('int64'))
    >>> np.bincount(mpg.target).tolist()  # 2seater, compact, ..., suv
    [5, 47, 41, 11, 33, 35, 62]
    """
    return _load_heldout(5, ROUND5_SETS, ROUND5_SHA256, name, data_home)


def _load_heldout(round_number, names, digests, name, data_home):
    """The npz ``heldout<round_number>/<name>.npz``, checked and loaded (see `load_round3`)."""
    if name not in names:
        raise ValueError(f"Unknown round {round_number} data set {name!r}: choose from "
                         f"{', '.join(names)}.")
    relpath = f"heldout{round_number}/{name}.npz"
    path = Path(DATA if data_home is None else data_home) / relpath
    sha256 = digests[name]
    if not path.is_file():
        raise FileNotFoundError(
            f"{path} (the round {round_number} data set {name!r}) was not found. It is part of "
            f"the repository (studies/data/{relpath}), never downloaded: check it out again "
            f"(git checkout -- studies/data), or rebuild it with studies/recipes/"
            f"heldout{round_number}/ (sha256 {sha256}, see studies/data/"
            f"heldout{round_number}/README.md).")
    if hashlib.sha256(path.read_bytes()).hexdigest() != sha256:
        warnings.warn(f"{path} is not byte for byte the study's file (sha256 {sha256}, "
                      f"studies/data/heldout{round_number}/README.md): loaded as it is.",
                      UserWarning, stacklevel=3)
    with np.load(path, allow_pickle=False) as npz:
        return Bunch(data=npz["data"], target=npz["target"])
