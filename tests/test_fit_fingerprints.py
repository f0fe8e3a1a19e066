"""Today's fits reproduce, bit for bit, those of the code before the engine's speed work.

The fixture (tests/fixtures/fit_fingerprints.json) was written by
tests/fit_fingerprints.py on commit e3cf3b6: sha256 of the modes, labels,
converged flags, epsilon and rounds of ``BinNNMS(k1, k2=25)`` on every shipped
data set, both neighbour rules, every tie rule, both engines (the numpy one up
to 2,000 points). Its numpy and faiss fingerprints agree with each other, so
the fixture is also a check that the engines agree.
"""

import json

import pytest

from binms_teach.fast.popcount import popcount_available
from tests import fit_fingerprints as fp
from tests.guards import missing

EXPECTED = json.loads(fp.FIXTURE.read_text())
CASES = list(fp.cases())
# Without faiss only the numpy engine runs, and only on data sets of up to 2,000 points.
NO_FAISS = "faiss is not installed (pip install -e '.[fast]'), so {} has no case to fit"


def test_the_fixture_covers_every_case():
    assert {fp.key(*case) for case in CASES} <= set(EXPECTED)
    covered = {case[0] for case in CASES}
    if not popcount_available() and covered < set(fp.DATASETS):
        missing(NO_FAISS.format(", ".join(sorted(set(fp.DATASETS) - covered))))
    assert covered == set(fp.DATASETS)


@pytest.mark.slow
@pytest.mark.parametrize("name", fp.DATASETS)
def test_fits_are_bit_identical_to_the_base_commit(name):
    if not any(case[0] == name for case in CASES):
        missing(NO_FAISS.format(name))
    X = fp.load(name)
    for case in CASES:
        if case[0] == name:
            assert fp.fingerprint(*case, X=X) == EXPECTED[fp.key(*case)], fp.key(*case)
