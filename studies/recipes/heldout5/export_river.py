"""Copy the UCI image segments as Python's river package ships them to <out>/segment.csv.

    python studies/recipes/heldout5/export_river.py /tmp/heldout5-raw

Run with a Python that has river 0.26.1 installed (pip install river==0.26.1); only the data
file river ships (river/datasets/segment.csv.zip, a zip archive of one CSV file) is read, no
river code is run and nothing is downloaded. Documentation of provenance
(studies/data/heldout5/README.md), not run by CI.
"""

import sys
import zipfile
from importlib.metadata import version
from importlib.resources import files
from pathlib import Path


def main(argv):
    if len(argv) != 1:
        sys.exit("usage: export_river.py <folder for the CSV file>")
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(files("river.datasets") / "segment.csv.zip") as archive:
        (member,) = archive.namelist()
        (out / "segment.csv").write_bytes(archive.read(member))
    print(f"river {version('river')}: segment.csv written to {out}")


if __name__ == "__main__":
    main(sys.argv[1:])
