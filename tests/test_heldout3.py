"""The third held-out round (data/heldout3/): the shipped files against their README, the loader,
its errors, and the role `auto_rows` gives them.

The expected shapes, class sizes, distinct rows, sizes and sha256 are parsed from
data/heldout3/README.md, so the README and the files cannot drift apart. No clustering is run
here (the lead runs the study).
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
from binms_teach.datasets._heldout import ROUND3_SHA256

REPO = Path(__file__).resolve().parents[1]
FOLDER = REPO / "data/heldout3"
README = (FOLDER / "README.md").read_text(encoding="utf-8")
EXPECTED_NAMES = ("dna", "breastcancer", "glass", "vehicle", "satellite", "ionosphere", "sonar",
                  "letter")


def _sets_table():
    """{name: (n, d, K, class sizes, distinct rows)} from the README's table of the sets."""
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \| (\d+) \| (\d+) \| ([^|]+) \| (\d+) \|",
                      README, re.M)
    table = {}
    for name, n, d, k, sizes, distinct in rows:
        # "ei 767, ie 765" or "cotton crop 437, ...": the count is the last word of each item
        counts = [int(item.split()[-1]) for item in sizes.split(",")]
        table[name] = (int(n), int(d), int(k), counts, int(distinct))
    return table


def _files_table():
    """{file name: (bytes, sha256)} from the README's table of the files."""
    rows = re.findall(r"^\| `heldout3/([^`]+)` \| (\d+) \| `([0-9a-f]{64})` \|", README, re.M)
    return {name: (int(size), sha) for name, size, sha in rows}


SETS = _sets_table()
FILES = _files_table()


def test_the_readme_tables_list_the_eight_sets_in_order():
    assert experiments.ROUND3_SETS == EXPECTED_NAMES
    assert tuple(SETS) == EXPECTED_NAMES
    assert tuple(FILES) == tuple(f"{name}.npz" for name in EXPECTED_NAMES)


def test_the_folder_holds_the_eight_files_and_nothing_else():
    # avimedi (ade4) and income (kernlab) are not shipped: their licences are unclear.
    assert sorted(p.name for p in FOLDER.iterdir()) == sorted([*FILES, "README.md"])
    assert "avimedi" in README and "income" in README


@pytest.mark.parametrize("name", EXPECTED_NAMES)
def test_shipped_file_has_the_readme_size_and_sha256(name):
    content = (FOLDER / f"{name}.npz").read_bytes()
    size, sha = FILES[f"{name}.npz"]
    assert (len(content), hashlib.sha256(content).hexdigest()) == (size, sha)
    assert ROUND3_SHA256[name] == sha  # the loader checks the README's digest


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
    with zipfile.ZipFile(FOLDER / f"{name}.npz") as z:  # exactly the two arrays, no pickle
        assert sorted(z.namelist()) == ["data.npy", "target.npy"]


def test_load_any_and_load_round3_name_the_choices_for_an_unknown_name():
    with pytest.raises(ValueError, match=r"Unknown data set 'avimedi': choose from .*letter"):
        experiments.load_any("avimedi")
    with pytest.raises(ValueError, match=r"mixture-<seed>"):
        experiments.load_any("Sonar ")
    with pytest.raises(ValueError, match=r"Unknown round 3 data set 'zoo': .*dna, breastcancer"):
        experiments.load_round3("zoo")
    assert experiments.load_any("Zoo").data.shape == (101, 21)  # the paper's names as before


@pytest.fixture
def no_data(monkeypatch, tmp_path):
    """No shipped files, an empty user folder, no BINMS_TEACH_DATA, no network."""
    monkeypatch.delenv(_fetch.ENV_VAR, raising=False)
    monkeypatch.setattr(_fetch, "SHIPPED_DATA_DIR", tmp_path / "shipped")
    monkeypatch.setattr(_fetch, "USER_DATA_DIR", tmp_path / "user")

    def no_network(*args, **kwargs):
        raise AssertionError("the round 3 loader must not download")

    monkeypatch.setattr(urllib.request, "urlopen", no_network)
    return tmp_path


def test_a_missing_file_says_where_to_put_it(no_data):
    mine = no_data / "mine"
    with pytest.raises(DataNotFoundError) as info:
        experiments.load_round3("glass", data_home=mine)
    message = str(info.value)
    assert isinstance(info.value, FileNotFoundError)
    assert "heldout3/glass.npz" in message and "never downloaded" in message
    assert str(mine / "heldout3" / "glass.npz") in message  # where to put it
    assert str(no_data / "shipped") in message and "BINMS_TEACH_DATA" in message
    assert ROUND3_SHA256["glass"] in message
    with pytest.raises(DataNotFoundError, match="heldout3/sonar.npz"):
        experiments.load_any("sonar")
    assert not mine.exists()  # nothing was created


def test_own_copies_come_first_and_a_changed_one_is_loaded_with_a_warning(no_data, monkeypatch):
    env = no_data / "env"
    (env / "heldout3").mkdir(parents=True)
    (env / "heldout3/glass.npz").write_bytes((FOLDER / "glass.npz").read_bytes())
    monkeypatch.setenv(_fetch.ENV_VAR, str(env))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert experiments.load_round3("glass").data.shape == (214, 27)
    # The same arrays written again (np.savez: other zip bytes) in data_home, searched first.
    original = experiments.load_round3("glass")
    mine = no_data / "mine"
    (mine / "heldout3").mkdir(parents=True)
    np.savez(mine / "heldout3/glass.npz", data=original.data[:10], target=original.target[:10])
    with pytest.warns(UserWarning, match="not byte for byte the course's file"):
        changed = experiments.load_round3("glass", data_home=mine)
    assert changed.data.shape == (10, 27)


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


def test_auto_rows_gives_the_round_3_sets_their_role():
    names = ("dna", "letter", "wine", "zoo", "mixture-9")
    rows = experiments.auto_rows({name: _fake_result(name) for name in names})
    assert [r["role"] for r in rows] == ["round 3", "round 3", "round 2", "design", "held out"]
    assert rows[0]["best_ari"] == 0.8 and rows[0]["ari_ratio"] == pytest.approx(0.5 / 0.8)
    assert "round 3" in experiments.format_auto(rows)


def test_the_doctor_checks_the_round_3_sets(no_data):
    from binms_teach import doctor

    lines = [line for _, line in doctor.check_datasets()]
    for name in EXPECTED_NAMES:
        (line,) = [line for line in lines if line[6:].split()[:2] == ["data:", name]]
        assert line.startswith("FAIL") and f"heldout3/{name}.npz" in line, line
        assert "-> fix: pip install --force-reinstall binms-teach" in line
