"""Build studies/data/heldout3/<name>.npz from the CSV files export.R writes.

    Rscript studies/recipes/heldout3/export.R /tmp/heldout3-raw
    .venv/bin/python studies/recipes/heldout3/build.py /tmp/heldout3-raw [out folder]

The out folder defaults to studies/data/heldout3.

Documentation of provenance (studies/data/heldout3/README.md), not run by CI. Deterministic: the
subsamples use numpy's legacy RandomState with fixed seeds (letter 1, satellite 2), and the
npz files are zip archives with a fixed timestamp, so a rerun with the same numpy and zlib
rewrites them byte for byte; the sha256 printed at the end must be those of the README.

The helpers the rounds share (reading, class numbers, the npz writer, this command line) are in
studies/recipes/heldout_build.py, which this script imports from beside its folder.

Each npz holds exactly two arrays: ``data`` (uint8 0/1, shape (n, d)) and ``target``
(int64, 0..K-1, the k-th class name in sorted order, numbers by value).
"""

import sys
from pathlib import Path

import numpy as np

from binms_teach.experiments import quartile_code

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parents[3]))  # the repository's root, for studies
sys.path.insert(0, str(HERE.parents[1]))  # studies/recipes/, for heldout_build
from heldout_build import labels, main, read, stratified_subsample  # noqa: E402

from studies.heldout import ROUND3_SETS  # noqa: E402

SUBSAMPLE = {"letter": (4000, 1), "satellite": (4000, 2)}  # name: (rows kept, seed)
CLASS_COLUMN = {"dna": "Class", "breastcancer": "Class", "glass": "Type", "vehicle": "Class",
                "satellite": "classes", "ionosphere": "Class", "sonar": "Class",
                "letter": "lettr"}


def binary_bits(frame):
    values = frame.to_numpy()
    assert set(np.unique(values)) <= {"0", "1"}, "a binary column holds other values"
    return (values == "1").astype(np.uint8)


def additive_bits(col):
    """Thermometer coding over the observed levels l_1 < ... < l_k: bit q is 1 when the value
    is above l_q (q = 1..k-1); the constant first bit of the paper's Table 1 is dropped."""
    x = np.asarray(col, dtype=float)
    assert np.isfinite(x).all(), "missing values in an additive block"
    levels = np.unique(x)
    return (x[:, None] > levels[None, :-1]).astype(np.uint8)


def build(raw, name):
    """(data before dropping constant columns, target) of one set."""
    df = read(raw, name)
    cls = CLASS_COLUMN[name]
    if name == "breastcancer":
        df = df.drop(columns="Id")
        df = df[(df != "").all(axis=1).to_numpy()].reset_index(drop=True)  # 16 rows with NA
    if name in SUBSAMPLE:
        m, seed = SUBSAMPLE[name]
        df = df.iloc[stratified_subsample(df[cls].to_numpy(), m, seed)].reset_index(drop=True)
    features = df.drop(columns=cls)
    if name == "dna":  # 180 indicators, as they are
        X = binary_bits(features)
    elif name == "breastcancer":  # 9 grades 1..10
        X = np.concatenate([additive_bits(features[c]) for c in features.columns], axis=1)
    elif name == "ionosphere":  # V1, V2 binary (V2 is constant, dropped below), V3..V34 numeric
        X = np.concatenate([binary_bits(features[["V1", "V2"]]),
                            quartile_code(features.drop(columns=["V1", "V2"]).to_numpy(float))],
                           axis=1)
    else:  # glass, vehicle, satellite, sonar, letter: all attributes numeric
        X = quartile_code(features.to_numpy(dtype=float))
    return X.astype(np.uint8), labels(df[cls])


if __name__ == "__main__":
    main(sys.argv[1:], build, ROUND3_SETS, "heldout3")
