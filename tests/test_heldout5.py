"""The fifth held-out round (data/heldout5/): the shipped files against their README, the
codings' structure, the loader, its errors, and the role `auto_rows` gives them.

The expected shapes, class sizes, distinct rows, sizes and sha256 are parsed from
data/heldout5/README.md, so the README and the files cannot drift apart. No clustering is run
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
from binms_teach.datasets._heldout import ROUND3_SHA256, ROUND4_SHA256, ROUND5_SHA256

REPO = Path(__file__).resolve().parents[1]
FOLDER = REPO / "data/heldout5"
README = (FOLDER / "README.md").read_text(encoding="utf-8")
EXPECTED_NAMES = ("germancredit", "mpg", "segment")
NOT_SHIPPED = ("microbov", "nancycats", "h3n2", "olive", "fish")  # licences unclear


def _sets_table():
    """{name: (n, d, K, class sizes, distinct rows)} from the README's table of the sets."""
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \| (\d+) \| (\d+) \| ([^|]+) \| (\d+) \|",
                      README, re.M)
    table = {}
    for name, n, d, k, sizes, distinct in rows:
        # "Bad 300, Good 700": the count is the last word of each item
        counts = [int(item.split()[-1]) for item in sizes.split(",")]
        table[name] = (int(n), int(d), int(k), counts, int(distinct))
    return table


def _files_table():
    """{file name: (bytes, sha256)} from the README's table of the files."""
    rows = re.findall(r"^\| `heldout5/([^`]+)` \| (\d+) \| `([0-9a-f]{64})` \|", README, re.M)
    return {name: (int(size), sha) for name, size, sha in rows}


SETS = _sets_table()
FILES = _files_table()


def _blocks(X, widths):
    """X cut into consecutive column blocks of the given widths (all columns used)."""
    assert sum(widths) == X.shape[1]
    edges = np.cumsum([0, *widths])
    return [X[:, a:b] for a, b in zip(edges[:-1], edges[1:], strict=True)]


def _is_thermometer(block):
    """Quartile bits: bit 3 implies bit 2 implies bit 1 (a block of 1 to 3 such bits)."""
    return bool((np.diff(block.astype(int), axis=1) <= 0).all())


def test_the_readme_tables_list_the_three_sets_in_order():
    assert experiments.ROUND5_SETS == EXPECTED_NAMES
    assert tuple(SETS) == EXPECTED_NAMES
    assert tuple(FILES) == tuple(f"{name}.npz" for name in EXPECTED_NAMES)
    total = sum(size for size, _ in FILES.values())
    assert f"{total} bytes in all" in README


def test_the_folder_holds_the_three_files_and_nothing_else():
    assert sorted(p.name for p in FOLDER.iterdir()) == sorted([*FILES, "README.md"])
    for name in NOT_SHIPPED:
        assert f"`{name}`" in README
        with pytest.raises(ValueError, match="Unknown data set"):
            experiments.load_any(name)


def test_round_5_shares_no_name_with_the_other_rounds():
    others = (experiments.AUTO_DATASETS + experiments.ROUND2_SETS + experiments.ROUND3_SETS
              + experiments.ROUND4_SETS + experiments.DESIGN_SETS)
    assert not set(EXPECTED_NAMES) & {name.lower() for name in others}
    assert not set(ROUND5_SHA256.values()) & (set(ROUND3_SHA256.values())
                                              | set(ROUND4_SHA256.values()))


@pytest.mark.parametrize("name", EXPECTED_NAMES)
def test_shipped_file_has_the_readme_size_and_sha256(name):
    content = (FOLDER / f"{name}.npz").read_bytes()
    size, sha = FILES[f"{name}.npz"]
    assert (len(content), hashlib.sha256(content).hexdigest()) == (size, sha)
    assert ROUND5_SHA256[name] == sha  # the loader checks the README's digest


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


def test_segment_is_quartile_coded():
    # 18 numeric attributes, 3 bits each, none dropped: thermometers of three bits.
    X = experiments.load_any("segment").data.astype(int)
    triples = X.reshape(len(X), 18, 3)
    assert (np.diff(triples, axis=2) <= 0).all()
    # Above the median: at most half the rows (fewer when the attribute ties at its median).
    assert (triples[:, :, 1].mean(axis=0) <= 0.5 + 1e-9).all()


def test_germancredit_coding():
    # The README's coding, column by column: 7 numeric attributes (two lost their constant
    # third-quartile bit), Telephone, ForeignWorker, then caret's indicators of the 11
    # remaining categorical attributes (Purpose and Personal each lost a level never seen).
    X = experiments.load_any("germancredit").data
    quartile_widths = [3, 3, 2, 2, 3, 3, 3]
    level_widths = [4, 5, 10, 5, 5, 4, 3, 4, 3, 3, 4]
    blocks = _blocks(X, quartile_widths + [1, 1] + level_widths)
    assert all(_is_thermometer(b) for b in blocks[:7])
    for block in blocks[9:]:  # every applicant has exactly one level of each attribute
        assert (block.sum(axis=1) == 1).all()
    people = blocks[6]  # NumberPeopleMaintenance: 1 or 2, quartiles all 1
    assert (people == people[:, :1]).all() and people[:, 0].sum() == 155


def test_mpg_coding():
    X = experiments.load_any("mpg").data
    # manufacturer, displ, year, cyl (its third bit, cyl > 8, dropped), trans, drv, cty, hwy, fl
    blocks = _blocks(X, [15, 3, 1, 2, 10, 3, 3, 3, 5])
    for i in (0, 4, 5, 8):
        assert (blocks[i].sum(axis=1) == 1).all()  # one level per car
    for i in (1, 3, 6, 7):
        assert _is_thermometer(blocks[i])
    assert blocks[2].sum() == 117  # ggplot2's mpg: 117 cars of 1999, 117 of 2008


def test_load_any_and_load_round5_name_the_choices_for_an_unknown_name():
    with pytest.raises(ValueError, match=r"Unknown data set 'olive': choose from .*mpg, segment"):
        experiments.load_any("olive")
    with pytest.raises(ValueError, match=r"Unknown round 5 data set 'zoo': .*germancredit, mpg"):
        experiments.load_round5("zoo")
    with pytest.raises(ValueError, match=r"Unknown round 5 data set 'penguins'"):
        experiments.load_round5("penguins")  # a round 4 set is not a round 5 set


@pytest.fixture
def no_data(monkeypatch, tmp_path):
    """No shipped files, an empty user folder, no BINMS_TEACH_DATA, no network."""
    monkeypatch.delenv(_fetch.ENV_VAR, raising=False)
    monkeypatch.setattr(_fetch, "SHIPPED_DATA_DIR", tmp_path / "shipped")
    monkeypatch.setattr(_fetch, "USER_DATA_DIR", tmp_path / "user")

    def no_network(*args, **kwargs):
        raise AssertionError("the round 5 loader must not download")

    monkeypatch.setattr(urllib.request, "urlopen", no_network)
    return tmp_path


def test_a_missing_file_says_where_to_put_it(no_data):
    mine = no_data / "mine"
    with pytest.raises(DataNotFoundError) as info:
        experiments.load_round5("mpg", data_home=mine)
    message = str(info.value)
    assert isinstance(info.value, FileNotFoundError)
    assert "heldout5/mpg.npz" in message and "never downloaded" in message
    assert "round 5 data set 'mpg'" in message
    assert str(mine / "heldout5" / "mpg.npz") in message  # where to put it
    assert str(no_data / "shipped") in message and "BINMS_TEACH_DATA" in message
    assert ROUND5_SHA256["mpg"] in message and "data/heldout5/README.md" in message
    with pytest.raises(DataNotFoundError, match="heldout5/segment.npz"):
        experiments.load_any("segment")
    assert not mine.exists()  # nothing was created


def test_own_copies_come_first_and_a_changed_one_is_loaded_with_a_warning(no_data, monkeypatch):
    env = no_data / "env"
    (env / "heldout5").mkdir(parents=True)
    (env / "heldout5/mpg.npz").write_bytes((FOLDER / "mpg.npz").read_bytes())
    monkeypatch.setenv(_fetch.ENV_VAR, str(env))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert experiments.load_round5("mpg").data.shape == (234, 45)
    # The same arrays written again (np.savez: other zip bytes) in data_home, searched first.
    original = experiments.load_round5("mpg")
    mine = no_data / "mine"
    (mine / "heldout5").mkdir(parents=True)
    np.savez(mine / "heldout5/mpg.npz", data=original.data[:10], target=original.target[:10])
    with pytest.warns(UserWarning, match="not byte for byte the course's file"):
        changed = experiments.load_round5("mpg", data_home=mine)
    assert changed.data.shape == (10, 45)


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


def test_auto_rows_gives_the_round_5_sets_their_role():
    names = ("mpg", "segment", "penguins", "dna", "wine", "zoo", "mixture-9")
    rows = experiments.auto_rows({name: _fake_result(name) for name in names})
    assert [r["role"] for r in rows] == ["round 5", "round 5", "round 4", "round 3", "round 2",
                                         "design", "held out"]
    assert "round 5" in experiments.format_auto(rows)


def test_the_doctor_checks_the_round_5_sets(no_data):
    from binms_teach import doctor

    lines = [line for _, line in doctor.check_datasets()]
    for name in EXPECTED_NAMES:
        (line,) = [line for line in lines if line[6:].split()[:2] == ["data:", name]]
        assert line.startswith("FAIL") and f"heldout5/{name}.npz" in line, line
        assert "-> fix: pip install --force-reinstall binms-teach" in line


def test_the_doctor_loads_the_shipped_round_5_sets():
    from binms_teach import doctor

    results = {line[6:].split()[1]: (ok, line) for ok, line in doctor.check_datasets()}
    for name in EXPECTED_NAMES:
        ok, line = results[name]
        assert ok, line
