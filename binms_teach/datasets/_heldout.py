"""The third held-out round of notebook 12: eight UCI data sets coded as bits (data/heldout3/).

They come from Debian's R package mlbench, coded as bits by ``tools/heldout3/``
(data/heldout3/README.md gives the sources, codings and checksums). Unlike the
paper's data sets they ship ready coded, with ``data`` and ``target`` only, and
are never downloaded.
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
    if name not in ROUND3_SETS:
        raise ValueError(f"Unknown round 3 data set {name!r}: choose from "
                         f"{', '.join(ROUND3_SETS)}.")
    relpath = f"heldout3/{name}.npz"
    sha256 = ROUND3_SHA256[name]
    try:
        path = fetch_file(relpath, sha256, data_home=data_home, download=False)
    except DataNotFoundError:
        dirs = data_dirs(data_home)
        searched = ", ".join(str(d) for d in dirs) or "(no folder)"
        raise DataNotFoundError(
            f"{relpath} (the round 3 data set {name!r}) was not found; searched {searched}. "
            f"It ships with binms-teach and is never downloaded: reinstall binms-teach "
            f"(pip install --force-reinstall binms-teach), or put the file at "
            f"{dirs[0] / relpath if dirs else relpath} (or set {ENV_VAR} to a folder "
            f"holding {relpath}); sha256 {sha256}, see data/heldout3/README.md.") from None
    with np.load(path, allow_pickle=False) as npz:
        return Bunch(data=npz["data"], target=npz["target"])
