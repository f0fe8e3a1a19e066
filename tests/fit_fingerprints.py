"""sha256 fingerprints of BinNNMS fits on every shipped data set, every neighbour and tie rule.

The engine's speed work (issue 27) must not change a single bit of the modes,
labels or epsilon: ``tests/fixtures/fit_fingerprints.json`` holds the
fingerprints computed by the code before that work (commit e3cf3b6), and
tests/test_fit_fingerprints.py checks that today's code reproduces them.

Re-create the fixture (only when a change of results is intended and explained):
``PYTHONPATH=$PWD .venv/bin/python -m tests.fit_fingerprints --write``.
"""

import hashlib
import json
import sys
import warnings
from pathlib import Path

import numpy as np

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "fit_fingerprints.json"
DATASETS = ("zoo", "digits", "soybean", "spect", "car", "votes", "mushroom")
NEIGHBOURS = ("index", "ball")
TIES = ("one", "zero", "keep")
K1S = (3, 10)
K2 = 25
# Both engines where the numpy kernels are quick; the popcount engine everywhere.
NUMPY_MAX_POINTS = 2000


def load(name):
    from binms_teach import datasets
    return getattr(datasets, f"load_{name}")().data


def cases():
    """(data set, engine, neighbours, tie, k1) of every fingerprint."""
    from binms_teach.fast.popcount import popcount_available
    for name in DATASETS:
        n = len(load(name))
        engines = (("faiss",) if popcount_available() else ()) + (
            ("numpy",) if n <= NUMPY_MAX_POINTS else ())
        for eng in engines:
            for neighbours in NEIGHBOURS:
                for tie in TIES:
                    for k1 in K1S:
                        yield name, eng, neighbours, tie, k1


def key(name, eng, neighbours, tie, k1):
    return f"{name}/{eng}/{neighbours}/{tie}/k1={k1}/k2={K2}"


def fingerprint(name, eng, neighbours, tie, k1, X=None):
    """sha256 of the modes, the labels and epsilon of one fit, and its cycle count."""
    from binms_teach import BinNNMS
    from binms_teach.fast.popcount import engine
    X = load(name) if X is None else X
    with engine(eng), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "ball" cycles warn; their flags are hashed
        model = BinNNMS(k1=k1, k2=K2, neighbours=neighbours, tie=tie).fit(X)
    digest = hashlib.sha256()
    digest.update(np.ascontiguousarray(model.modes_, dtype=np.uint8).tobytes())
    digest.update(np.ascontiguousarray(model.labels_, dtype=np.int64).tobytes())
    digest.update(np.ascontiguousarray(model.converged_, dtype=bool).tobytes())
    digest.update(repr((float(model.epsilon_), int(model.n_iter_))).encode())
    return digest.hexdigest()


def compute():
    data = {name: load(name) for name in DATASETS}
    return {key(*case): fingerprint(*case, X=data[case[0]]) for case in cases()}


if __name__ == "__main__":
    values = compute()
    if "--write" in sys.argv:
        FIXTURE.write_text(json.dumps(values, indent=1, sort_keys=True) + "\n")
        print(f"wrote {len(values)} fingerprints to {FIXTURE}")
    else:
        print(json.dumps(values, indent=1, sort_keys=True))
