"""Build studies/data/heldout4/<name>.npz from the CSV files export.R writes.

    Rscript studies/recipes/heldout4/export.R /tmp/heldout4-raw
    .venv/bin/python studies/recipes/heldout4/build.py /tmp/heldout4-raw [out folder]

The out folder defaults to studies/data/heldout4.

Documentation of provenance (studies/data/heldout4/README.md), not run by CI. Deterministic: the
subsample uses numpy's legacy RandomState with a fixed seed (shuttle 4), and the npz files are
zip archives with a fixed timestamp, so a rerun with the same numpy and zlib rewrites them
byte for byte; the sha256 printed at the end must be those of the README.

The helpers the rounds share (reading, class numbers, the npz writer, this command line) are in
studies/recipes/heldout_build.py, which this script imports from beside its folder.

Each npz holds exactly two arrays: ``data`` (uint8 0/1, shape (n, d)) and ``target``
(int64, 0..K-1, the k-th class name in sorted order).
"""

import sys
from pathlib import Path

import numpy as np

from binms_teach.experiments import quartile_code

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parents[3]))  # the repository's root, for studies
sys.path.insert(0, str(HERE.parents[1]))  # studies/recipes/, for heldout_build
from heldout_build import labels, main, onehot_bits, read, stratified_subsample  # noqa: E402

from studies.heldout import ROUND4_SETS  # noqa: E402

SUBSAMPLE = {"shuttle": (4000, 4)}  # name: (rows kept, seed)
CLASS_COLUMN = {"promoters": "Class", "spam": "type", "vowel": "Class", "shuttle": "Class",
                "thyroid": "Diagnosis", "penguins": "species"}
PENGUIN_MEASUREMENTS = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]


def build(raw, name):
    """(data before dropping constant columns, target) of one set."""
    df = read(raw, name)
    cls = CLASS_COLUMN[name]
    if name == "penguins":  # 11 rows with a missing value; year is the sampling season
        df = df.drop(columns="year")
        df = df[(df != "").all(axis=1).to_numpy()].reset_index(drop=True)
    if name == "vowel":
        df = df.drop(columns="V1")  # the speaker's number, not a measurement
    if name in SUBSAMPLE:
        m, seed = SUBSAMPLE[name]
        df = df.iloc[stratified_subsample(df[cls].to_numpy(), m, seed)].reset_index(drop=True)
    features = df.drop(columns=cls)
    if name == "promoters":  # 57 positions in a/c/g/t
        X = np.concatenate([onehot_bits(features[c]) for c in features.columns], axis=1)
    elif name == "penguins":  # island (3 levels), four measurements, sex (2 levels)
        X = np.concatenate([onehot_bits(features["island"]),
                            quartile_code(features[PENGUIN_MEASUREMENTS].to_numpy(float)),
                            onehot_bits(features["sex"])], axis=1)
    else:  # spam, vowel, shuttle, thyroid: all attributes numeric
        X = quartile_code(features.to_numpy(dtype=float))
    return X.astype(np.uint8), labels(df[cls])


if __name__ == "__main__":
    main(sys.argv[1:], build, ROUND4_SETS, "heldout4")
