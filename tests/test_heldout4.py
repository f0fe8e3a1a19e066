"""The fourth held-out round (data/heldout4/): the shipped files against their README, the
codings' structure, the loader, its errors, and the role `auto_rows` gives them.

The expected shapes, class sizes, distinct rows, sizes and sha256 are parsed from
data/heldout4/README.md, so the README and the files cannot drift apart. No clustering is run
here: these sets are held out for the rule's next version.
"""

import hashlib
import re
import types
import urllib.request
import warnings
import zipfile
from pathlib import Path

import numpy as np
import pytest

from binms_teach import experiments
from binms_teach.datasets import DataNotFoundError, _fetch
from binms_teach.datasets._heldout import ROUND3_SHA256, ROUND4_SHA256

REPO = Path(__file__).resolve().parents[1]
FOLDER = REPO / "data/heldout4"
README = (FOLDER / "README.md").read_text(encoding="utf-8")
EXPECTED_NAMES = ("promoters", "spam", "vowel", "shuttle", "thyroid", "penguins")
# Sets coded by quartile_code alone: 3 bits per numeric attribute, none dropped as constant.
QUARTILE_ONLY = {"spam": 57, "vowel": 9, "shuttle": 9, "thyroid": 5}


def _sets_table():
    """{name: (n, d, K, class sizes, distinct rows)} from the README's table of the sets."""
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \| (\d+) \| (\d+) \| ([^|]+) \| (\d+) \|",
                      README, re.M)
    table = {}
    for name, n, d, k, sizes, distinct in rows:
        # "hAd 90, hEd 90" or "+ 53, - 53": the count is the last word of each item
        counts = [int(item.split()[-1]) for item in sizes.split(",")]
        table[name] = (int(n), int(d), int(k), counts, int(distinct))
    return table


def _files_table():
    """{file name: (bytes, sha256)} from the README's table of the files."""
    rows = re.findall(r"^\| `heldout4/([^`]+)` \| (\d+) \| `([0-9a-f]{64})` \|", README, re.M)
    return {name: (int(size), sha) for name, size, sha in rows}


SETS = _sets_table()
FILES = _files_table()


def test_the_readme_tables_list_the_six_sets_in_order():
    assert experiments.ROUND4_SETS == EXPECTED_NAMES
    assert tuple(SETS) == EXPECTED_NAMES
    assert tuple(FILES) == tuple(f"{name}.npz" for name in EXPECTED_NAMES)
    total = sum(size for size, _ in FILES.values())
    assert f"{total} bytes in all" in README


def test_the_folder_holds_the_six_files_and_nothing_else():
    # pima, crabs and banknote are not shipped: their licences are unclear.
    assert sorted(p.name for p in FOLDER.iterdir()) == sorted([*FILES, "README.md"])
    for name in ("pima", "crabs", "banknote"):
        assert name in README
        with pytest.raises(ValueError, match="Unknown data set"):
            experiments.load_any(name)


def test_round_4_shares_no_name_with_the_other_rounds():
    others = (experiments.AUTO_DATASETS + experiments.ROUND2_SETS + experiments.ROUND3_SETS
              + experiments.DESIGN_SETS)
    assert not set(EXPECTED_NAMES) & {name.lower() for name in others}
    assert not set(ROUND4_SHA256.values()) & set(ROUND3_SHA256.values())


@pytest.mark.parametrize("name", EXPECTED_NAMES)
def test_shipped_file_has_the_readme_size_and_sha256(name):
    content = (FOLDER / f"{name}.npz").read_bytes()
    size, sha = FILES[f"{name}.npz"]
    assert (len(content), hashlib.sha256(content).hexdigest()) == (size, sha)
    assert ROUND4_SHA256[name] == sha  # the loader checks the README's digest


@pytest.mark.parametrize("name", EXPECTED_NAMES)
def test_every_set_loads_as_documented(name):
    n, d, k, sizes, distinct = SETS[name]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a checksum warning would fail here
        bunch = experiments.load_any(name)
    X, y = bunch.data, bunch.target
    assert X.dtype == np.uint8 and X.shape == (n, d)
    assert y.dtype == np.int64 and y.shape == (n,)
    assert set(np.unique(X).tolist()) == {0, 1}
    assert ((X.min(axis=0) == 0) & (X.max(axis=0) == 1)).all(), "a constant column"
    assert np.array_equal(np.unique(y), np.arange(k))
    assert np.bincount(y).tolist() == sizes and len(sizes) == k
    assert len({row.tobytes() for row in X}) == distinct  # a plain set, not np.unique
    assert 100 <= n <= 6000 and d <= 400  # the criteria the sets were chosen by
    with zipfile.ZipFile(FOLDER / f"{name}.npz") as z:  # exactly the two arrays, no pickle
        assert sorted(z.namelist()) == ["data.npy", "target.npy"]


@pytest.mark.parametrize("name", sorted(QUARTILE_ONLY))
def test_quartile_codings_are_thermometers(name):
    # Bit q of an attribute is "above the q-th quartile": bit 3 implies bit 2 implies bit 1.
    X = experiments.load_any(name).data.astype(int)
    triples = X.reshape(len(X), QUARTILE_ONLY[name], 3)
    assert (np.diff(triples, axis=2) <= 0).all()
    # Above the median: about half the rows, unless the attribute ties at its median.
    shares = triples[:, :, 1].mean(axis=0)
    assert (shares <= 0.5 + 1e-9).all()


def test_promoters_is_one_hot_per_position():
    # 57 positions x (a, c, g, t): exactly one base per position, every base seen at each.
    X = experiments.load_any("promoters").data.reshape(106, 57, 4)
    assert (X.sum(axis=2) == 1).all()
    assert (X.sum(axis=0) > 0).all()


def test_penguins_coding():
    X = experiments.load_any("penguins").data.astype(int)
    island, measurements, sex = X[:, :3], X[:, 3:15].reshape(-1, 4, 3), X[:, 15]
    assert (island.sum(axis=1) == 1).all()  # one island per bird
    assert (np.diff(measurements, axis=2) <= 0).all()
    # The palmerpenguins data have 168 male and 165 female birds among the 333 complete rows.
    assert sex.sum() == 168


def test_load_any_and_load_round4_name_the_choices_for_an_unknown_name():
    with pytest.raises(ValueError, match=r"Unknown data set 'pima': choose from .*penguins"):
        experiments.load_any("pima")
    with pytest.raises(ValueError, match=r"Unknown round 4 data set 'zoo': .*promoters, spam"):
        experiments.load_round4("zoo")
    with pytest.raises(ValueError, match=r"Unknown round 4 data set 'glass'"):
        experiments.load_round4("glass")  # a round 3 set is not a round 4 set


@pytest.fixture
def no_data(monkeypatch, tmp_path):
    """No shipped files, an empty user folder, no BINMS_TEACH_DATA, no network."""
    monkeypatch.delenv(_fetch.ENV_VAR, raising=False)
    monkeypatch.setattr(_fetch, "SHIPPED_DATA_DIR", tmp_path / "shipped")
    monkeypatch.setattr(_fetch, "USER_DATA_DIR", tmp_path / "user")

    def no_network(*args, **kwargs):
        raise AssertionError("the round 4 loader must not download")

    monkeypatch.setattr(urllib.request, "urlopen", no_network)
    return tmp_path


def test_a_missing_file_says_where_to_put_it(no_data):
    mine = no_data / "mine"
    with pytest.raises(DataNotFoundError) as info:
        experiments.load_round4("thyroid", data_home=mine)
    message = str(info.value)
    assert isinstance(info.value, FileNotFoundError)
    assert "heldout4/thyroid.npz" in message and "never downloaded" in message
    assert "round 4 data set 'thyroid'" in message
    assert str(mine / "heldout4" / "thyroid.npz") in message  # where to put it
    assert str(no_data / "shipped") in message and "BINMS_TEACH_DATA" in message
    assert ROUND4_SHA256["thyroid"] in message and "data/heldout4/README.md" in message
    with pytest.raises(DataNotFoundError, match="heldout4/spam.npz"):
        experiments.load_any("spam")
    assert not mine.exists()  # nothing was created


def test_own_copies_come_first_and_a_changed_one_is_loaded_with_a_warning(no_data, monkeypatch):
    env = no_data / "env"
    (env / "heldout4").mkdir(parents=True)
    (env / "heldout4/thyroid.npz").write_bytes((FOLDER / "thyroid.npz").read_bytes())
    monkeypatch.setenv(_fetch.ENV_VAR, str(env))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert experiments.load_round4("thyroid").data.shape == (215, 15)
    # The same arrays written again (np.savez: other zip bytes) in data_home, searched first.
    original = experiments.load_round4("thyroid")
    mine = no_data / "mine"
    (mine / "heldout4").mkdir(parents=True)
    np.savez(mine / "heldout4/thyroid.npz", data=original.data[:10], target=original.target[:10])
    with pytest.warns(UserWarning, match="not byte for byte the course's file"):
        changed = experiments.load_round4("thyroid", data_home=mine)
    assert changed.data.shape == (10, 15)


def _fake_result(name):
    """An `AutoResult` on a 2 x 2 grid, built by hand: `auto_rows` without a clustering."""
    k1s, k2s = (1, 2), (3, 4)
    selection = types.SimpleNamespace(
        k1=1, k2=3, k1s=k1s, k2s=k2s, n_clusters=np.array([[3, 2], [4, 2]]),
        n_substantial=np.array([[3, 2], [3, 2]]),
        index=lambda k1, k2: (k1s.index(k1), k2s.index(k2)))
    grid_ari = np.array([[0.5, 0.2], [0.8, 0.1]])
    return experiments.AutoResult(name, 0.6, 0.5, "hand-made", grid_ari + 0.05, grid_ari,
                                  selection)


def test_auto_rows_gives_the_round_4_sets_their_role():
    names = ("penguins", "shuttle", "dna", "wine", "zoo", "mixture-9")
    rows = experiments.auto_rows({name: _fake_result(name) for name in names})
    assert [r["role"] for r in rows] == ["round 4", "round 4", "round 3", "round 2", "design",
                                         "held out"]
    assert "round 4" in experiments.format_auto(rows)


def test_the_doctor_checks_the_round_4_sets(no_data):
    from binms_teach import doctor

    lines = [line for _, line in doctor.check_datasets()]
    for name in EXPECTED_NAMES:
        (line,) = [line for line in lines if line[6:].split()[:2] == ["data:", name]]
        assert line.startswith("FAIL") and f"heldout4/{name}.npz" in line, line
        assert "-> fix: pip install --force-reinstall binms-teach" in line


def test_the_doctor_loads_the_shipped_round_4_sets():
    from binms_teach import doctor

    results = {line[6:].split()[1]: (ok, line) for ok, line in doctor.check_datasets()}
    for name in EXPECTED_NAMES:
        ok, line = results[name]
        assert ok, line
