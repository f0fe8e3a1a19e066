"""The held-out rounds 3 to 5 of the automatic choice, coded as bits (data/heldout3/ to 5/).

Round 3 (notebook 12): eight UCI data sets from Debian's R package mlbench, coded as
bits by ``tools/heldout3/``. Round 4 (issue 16): five UCI data sets and the Palmer
penguins, from Debian's R packages kernlab, mlbench, mclust and palmerpenguins, coded
by ``tools/heldout4/``. Round 5 (issue 16): the UCI Statlog German credit data and
image segments, and the EPA's fuel economy cars, from Debian's R packages caret and ggplot2
and Python's river, coded by ``tools/heldout5/``. Each folder's README gives the
sources, codings, licences and checksums. Unlike the paper's data sets they ship ready
coded, with ``data`` and ``target`` only, and are never downloaded.
"""

import numpy as np
from sklearn.utils import Bunch

from ._fetch import ENV_VAR, DataNotFoundError, data_dirs, fetch_file

# A third round of held-out data: eight UCI data sets as Debian's R package mlbench holds them,
# coded as bits and shipped in data/heldout3/ (its README says how; `load_round3`).
ROUND3_SETS = ("dna", "breastcancer", "glass", "vehicle", "satellite", "ionosphere", "sonar",
               "letter")
# sha256 of data/heldout3/<name>.npz, as data/heldout3/README.md lists them.
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
# shipped in data/heldout4/ (its README says how; `load_round4`): UCI sets from kernlab, mlbench
# and mclust, and the Palmer penguins (CC0).
ROUND4_SETS = ("promoters", "spam", "vowel", "shuttle", "thyroid", "penguins")
# sha256 of data/heldout4/<name>.npz, as data/heldout4/README.md lists them.
ROUND4_SHA256 = {
    "promoters": "25f478533a896f05f887a5ac6e016fa8b495261155719880eb4f39504ee216b9",
    "spam": "cd6703da4a27c6b360a83b44fea684448e6ffcc0031bd5c3a26d5a76388e508a",
    "vowel": "daf859b88b485bac1d010e7d7c1de9b74f6610abc5a34b60ab15d1ebfb3c82f4",
    "shuttle": "bcee1338675765fea08031795b961f0c21789f3f48beb20ca72f834a3f0280ce",
    "thyroid": "30c1389ead7ba502dc34ae66049f82f919ffc5df02e9dc85dda1c40fab424a6c",
    "penguins": "5476491507a5a5cf6e51b50797675d9b1fa6e06df804cbf2891dd338be9a761f",
}
# A fifth round of held-out data, prepared for rule version 3 and shipped in data/heldout5/
# (its README says how; `load_round5`): two UCI sets (caret, river) and the EPA's cars
# (ggplot2's mpg, public domain).
ROUND5_SETS = ("germancredit", "mpg", "segment")
# sha256 of data/heldout5/<name>.npz, as data/heldout5/README.md lists them.
ROUND5_SHA256 = {
    "germancredit": "f37b5dfba3331fc2621f7aab5150d0d65fdd40ee657fa474006920001eea7941",
    "mpg": "f45f98d6bef2ac00ffc0392e01a0ef460a7105edeeee939156e9e923298c9ef0",
    "segment": "8c917dc0adc191e16f7eb7f3037ca8b839d7b85d0dcb61eca9d151b13f73582b",
}


def load_round3(name, *, data_home=None):
    """A data set of the third held-out round (`ROUND3_SETS`), as shipped in data/heldout3/.

    The file ``heldout3/<name>.npz`` is looked for where every data file is
    (`binms_teach.datasets.fetch_file`: ``data_home``, ``BINMS_TEACH_DATA``, the
    shipped files, ``~/binms_teach_data``); a copy whose sha256 differs is loaded
    with a warning. It is never downloaded.

    Parameters
    ----------
    name : str
        One of `ROUND3_SETS`.
    data_home : str or Path, default None
        A folder searched first; it holds ``heldout3/<name>.npz``.

    Returns
    -------
    Bunch
        ``data`` (uint8 0/1, shape (n, d)) and ``target`` (int64, 0..K-1, the
        classes in the order data/heldout3/README.md lists them).

    Examples
    --------
    >>> glass = load_round3("glass")
    >>> glass.data.shape, glass.data.dtype, glass.target.dtype, int(glass.target.max()) + 1
    ((214, 27), dtype('uint8'), dtype('int64'), 6)
    """
    return _load_heldout(3, ROUND3_SETS, ROUND3_SHA256, name, data_home)


def load_round4(name, *, data_home=None):
    """As `load_round3`, for the fourth round (`ROUND4_SETS`, data/heldout4/).

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
    """As `load_round3`, for the fifth round (`ROUND5_SETS`, data/heldout5/).

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
    sha256 = digests[name]
    try:
        path = fetch_file(relpath, sha256, data_home=data_home, download=False)
    except DataNotFoundError:
        dirs = data_dirs(data_home)
        searched = ", ".join(str(d) for d in dirs) or "(no folder)"
        raise DataNotFoundError(
            f"{relpath} (the round {round_number} data set {name!r}) was not found; searched "
            f"{searched}. It ships with binms-teach and is never downloaded: reinstall "
            f"binms-teach (pip install --force-reinstall binms-teach), or put the file at "
            f"{dirs[0] / relpath if dirs else relpath} (or set {ENV_VAR} to a folder "
            f"holding {relpath}); sha256 {sha256}, see data/heldout{round_number}/README.md."
        ) from None
    with np.load(path, allow_pickle=False) as npz:
        return Bunch(data=npz["data"], target=npz["target"])
