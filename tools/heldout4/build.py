"""Build data/heldout4/<name>.npz from the CSV files export.R writes.

    Rscript tools/heldout4/export.R /tmp/heldout4-raw
    .venv/bin/python tools/heldout4/build.py /tmp/heldout4-raw [out folder, default data/heldout4]

Documentation of provenance (data/heldout4/README.md), not run by CI. Deterministic: the
subsample uses numpy's legacy RandomState with a fixed seed (shuttle 4), and the npz files are
zip archives with a fixed timestamp, so a rerun with the same numpy and zlib rewrites them
byte for byte; the sha256 printed at the end must be those of the README.

Each npz holds exactly two arrays: ``data`` (uint8 0/1, shape (n, d)) and ``target``
(int64, 0..K-1, the k-th class name in sorted order).
"""

import hashlib
import sys
import zipfile
from pathlib import Path

import numpy as np
import pandas as pd

from binms_teach.experiments import ROUND4_SETS, quartile_code

SUBSAMPLE = {"shuttle": (4000, 4)}  # name: (rows kept, seed)
CLASS_COLUMN = {"promoters": "Class", "spam": "type", "vowel": "Class", "shuttle": "Class",
                "thyroid": "Diagnosis", "penguins": "species"}
PENGUIN_MEASUREMENTS = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]


def read(raw, name):
    # Everything as text: "" is a missing value (export.R writes NA as an empty field).
    return pd.read_csv(raw / f"{name}.csv", dtype=str, keep_default_na=False)


def stratified_subsample(y, m, seed):
    """Indices (sorted) of m rows, each class getting its share by largest remainder."""
    rs = np.random.RandomState(seed)
    classes, counts = np.unique(y, return_counts=True)
    exact = counts * m / len(y)
    quota = np.floor(exact).astype(int)
    extra = np.argsort(-(exact - quota), kind="stable")[: m - quota.sum()]
    quota[extra] += 1
    picks = [rs.choice(np.flatnonzero(y == c), q, replace=False)
             for c, q in zip(classes, quota, strict=True)]
    return np.sort(np.concatenate(picks))


def order_key(v):
    try:
        return (0, float(v), v)
    except ValueError:
        return (1, 0.0, v)


def labels(col):
    """Class numbers 0..K-1, the classes in sorted order (numbers by value)."""
    names = sorted(set(col), key=order_key)
    index = {v: i for i, v in enumerate(names)}
    return np.array([index[v] for v in col], dtype=np.int64)


def onehot_bits(col):
    """One bit per observed level (sorted); two levels and no missing value: one bit."""
    col = np.asarray(col)
    levels = sorted({v for v in col if v != ""}, key=order_key)
    if len(levels) == 2 and not (col == "").any():
        return (col == levels[1]).astype(np.uint8)[:, None]
    return np.stack([col == v for v in levels], axis=1).astype(np.uint8)


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


def save_npz(path, arrays):
    """np.savez_compressed with a fixed timestamp, so the bytes depend on the data only."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for key, arr in arrays.items():
            zi = zipfile.ZipInfo(f"{key}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            with zf.open(zi, "w", force_zip64=True) as f:
                np.lib.format.write_array(f, np.ascontiguousarray(arr), allow_pickle=False)


def main(argv):
    if len(argv) not in (1, 2):
        sys.exit("usage: build.py <folder of export.R's CSV files> [out folder]")
    raw = Path(argv[0])
    out = Path(argv[1]) if len(argv) == 2 else Path(__file__).resolve().parents[2] / "data/heldout4"
    out.mkdir(parents=True, exist_ok=True)
    for name in ROUND4_SETS:
        X, y = build(raw, name)
        X = X[:, X.min(axis=0) != X.max(axis=0)]  # constant columns carry nothing
        path = out / f"{name}.npz"
        save_npz(path, {"data": X, "target": y})
        print(f"{name:13s} n={X.shape[0]:5d} d={X.shape[1]:4d} K={y.max() + 1:2d} "
              f"distinct={len(np.unique(X, axis=0)):5d} sizes={np.bincount(y).tolist()} "
              f"sha256={hashlib.sha256(path.read_bytes()).hexdigest()}")


if __name__ == "__main__":
    main(sys.argv[1:])
