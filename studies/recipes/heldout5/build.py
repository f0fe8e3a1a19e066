"""Build studies/data/heldout5/<name>.npz from the CSV files export.R and export_river.py write.

    Rscript studies/recipes/heldout5/export.R /tmp/heldout5-raw
    python studies/recipes/heldout5/export_river.py /tmp/heldout5-raw   # river 0.26.1
    .venv/bin/python studies/recipes/heldout5/build.py /tmp/heldout5-raw [out folder [name ...]]

The out folder defaults to studies/data/heldout5 and the names to `ROUND5_SETS` (the sets kept
there); the sets prepared but not kept (`NOT_SHIPPED`) are built only when named. Documentation
of provenance (studies/data/heldout5/README.md), not run by CI. Deterministic: no random number
is drawn (no set of this round is subsampled) and the npz files are zip archives with a fixed
timestamp, so a rerun with the same numpy and zlib rewrites them byte for byte; the sha256
printed at the end must be those of the README.

The helpers every round shares (reading, class numbers, the npz writer) are in
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
from heldout_build import labels, onehot_bits, read, write_sets  # noqa: E402

from studies.heldout import ROUND5_SETS  # noqa: E402

NOT_SHIPPED = ("microbov", "nancycats", "h3n2", "olive", "fish")  # licences unclear
CLASS_COLUMN = {"germancredit": "Class", "mpg": "class", "segment": "category",
                "microbov": "pop", "nancycats": "pop", "h3n2": "pop", "olive": "region",
                "fish": "Species"}
# Columns dropped before coding, and why.
DROPPED = {"mpg": ["model"],   # the model's name: an identifier of the car, not an attribute
           "olive": ["area"]}  # the nine areas subdivide the three regions: a finer label
# Categorical columns (one-hot); every other attribute is numeric (quartile_code), except the
# 0/1 indicators of germancredit and the allele counts of microbov and nancycats.
CATEGORICAL = {"mpg": ["manufacturer", "year", "trans", "drv", "fl"]}
GENOTYPES = ("microbov", "nancycats", "h3n2")


def is_indicator(col):
    return set(col) <= {"0", "1"}


def build(raw, name):
    """(data before dropping constant columns, target) of one set."""
    df = read(raw, name)
    cls = CLASS_COLUMN[name]
    df = df.drop(columns=DROPPED.get(name, []))
    if name == "fish":  # one fish without its weight
        df = df[(df != "").all(axis=1).to_numpy()].reset_index(drop=True)
    features = df.drop(columns=cls)
    if name in GENOTYPES:  # allele counts 0, 1, 2 or missing: a bit says the allele is there
        X = np.stack([features[c].isin(["1", "2"]).to_numpy() for c in features.columns], axis=1)
    else:  # column by column, in the data's order
        blocks = []
        for c in features.columns:
            if c in CATEGORICAL.get(name, []):
                blocks.append(onehot_bits(features[c]))
            elif name == "germancredit" and is_indicator(features[c]):
                blocks.append(features[[c]].to_numpy(dtype=np.uint8))  # already a bit
            else:
                blocks.append(quartile_code(features[[c]].to_numpy(dtype=float)))
        X = np.concatenate(blocks, axis=1)
    return X.astype(np.uint8), labels(df[cls])


def main(argv):
    if not argv:
        sys.exit("usage: build.py <folder of the CSV files> [out folder [name ...]]")
    raw = Path(argv[0])
    out = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[2] / "data/heldout5"
    names = argv[2:] or ROUND5_SETS
    unknown = sorted(set(names) - set(CLASS_COLUMN))
    if unknown:
        sys.exit(f"unknown set(s) {', '.join(unknown)}: choose from {', '.join(CLASS_COLUMN)}")
    write_sets(build, raw, out, names)


if __name__ == "__main__":
    main(sys.argv[1:])
