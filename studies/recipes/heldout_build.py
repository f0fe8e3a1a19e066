"""What studies/recipes/heldout3/, heldout4/ and heldout5/build.py share: reading the exported
CSV files, the codings common to the rounds, the class numbers and the deterministic npz writer.

Not run by itself: each round's build.py puts studies/recipes/ on sys.path and imports it, and
keeps what is its own (the class columns, the rows and columns dropped, which coding each
attribute gets).
Every npz holds exactly two arrays: ``data`` (uint8 0/1, shape (n, d), no constant column) and
``target`` (int64, 0..K-1, the k-th class name in sorted order, numbers by value).
"""

import hashlib
import sys
import zipfile
from pathlib import Path

import numpy as np
import pandas as pd

DATA = Path(__file__).resolve().parents[1] / "data"  # studies/data/


def read(raw, name):
    """The CSV file ``<raw>/<name>.csv`` as a data frame of text."""
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
    """Sort key of a level or class name: numbers by value first, then text."""
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


def save_npz(path, arrays):
    """np.savez_compressed with a fixed timestamp, so the bytes depend on the data only."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for key, arr in arrays.items():
            zi = zipfile.ZipInfo(f"{key}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            with zf.open(zi, "w", force_zip64=True) as f:
                np.lib.format.write_array(f, np.ascontiguousarray(arr), allow_pickle=False)


def write_sets(build, raw, out, names):
    """Build, drop constant columns, write ``<out>/<name>.npz`` and print its figures, for each
    name; ``build(raw, name)`` gives (data before dropping constant columns, target)."""
    out.mkdir(parents=True, exist_ok=True)
    for name in names:
        X, y = build(raw, name)
        X = X[:, X.min(axis=0) != X.max(axis=0)]  # constant columns carry nothing
        path = out / f"{name}.npz"
        save_npz(path, {"data": X, "target": y})
        print(f"{name:13s} n={X.shape[0]:5d} d={X.shape[1]:4d} K={y.max() + 1:2d} "
              f"distinct={len(np.unique(X, axis=0)):5d} sizes={np.bincount(y).tolist()} "
              f"sha256={hashlib.sha256(path.read_bytes()).hexdigest()}")


def main(argv, build, names, folder):
    """The command line of studies/recipes/heldout3/ and heldout4/build.py: ``<raw folder>
    [out folder]``, the out folder ``studies/data/<folder>`` unless given."""
    if len(argv) not in (1, 2):
        sys.exit("usage: build.py <folder of export.R's CSV files> [out folder]")
    raw = Path(argv[0])
    out = Path(argv[1]) if len(argv) == 2 else DATA / folder
    write_sets(build, raw, out, names)
