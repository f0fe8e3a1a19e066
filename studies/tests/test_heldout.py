"""The held-out rounds 3 to 5 (studies/data/heldout3/ to heldout5/), each test run on every
round: the kept files against their README, the loaders, their errors, and the role
`studies.auto_rows` gives the sets. What is a round's own (its codings' structure) is in
studies/tests/test_heldout_codings.py.

The expected shapes, class sizes, distinct rows, sizes and sha256 are parsed from each round's
README, so the READMEs and the files cannot drift apart. No clustering is run here (the
study of the rule on these rounds is notebooks/appendix/12a_how_the_rule_was_found.ipynb).
"""

import hashlib
import re
import types
import warnings
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

import studies
from binms_teach import experiments
from studies.heldout import ROUND3_SHA256, ROUND4_SHA256, ROUND5_SHA256

REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Round:
    """One held-out round: what the package says (`sets`, `digests`, `load`) beside what the
    tests expect (`names`, the README), and the sets the tests try."""

    number: int
    names: tuple  # the sets shipped, in order: expected, not read from the package
    sets: tuple  # studies.ROUND<number>_SETS
    digests: dict  # ROUND<number>_SHA256
    load: object  # studies.load_round<number>
    not_shipped: tuple  # prepared once, not redistributed: their licences are unclear
    sample: str  # the set the loader's errors and own copies are tried on...
    shape: tuple  # ... and its (n, d)
    other: str  # a second set, looked for through load_any
    stranger: str  # a set of another held-out round, unknown to this round's loader
    pair: tuple  # two sets given to auto_rows
    chosen_by_size: bool  # chosen beforehand by 100 <= n <= 6000 and d <= 400

    @property
    def folder(self):
        return REPO / f"studies/data/heldout{self.number}"

    @property
    def readme(self):
        return (self.folder / "README.md").read_text(encoding="utf-8")

    def sets_table(self):
        """{name: (n, d, K, class sizes, distinct rows)} from the README's table of the sets."""
        rows = re.findall(r"^\| `(\w+)` \| (\d+) \| (\d+) \| (\d+) \| ([^|]+) \| (\d+) \|",
                          self.readme, re.M)
        table = {}
        for name, n, d, k, sizes, distinct in rows:
            # "ei 767, ie 765", "+ 53, - 53" or "cotton crop 437": the count is the last word
            counts = [int(item.split()[-1]) for item in sizes.split(",")]
            table[name] = (int(n), int(d), int(k), counts, int(distinct))
        return table

    def files_table(self):
        """{file name: (bytes, sha256)} from the README's table of the files."""
        rows = re.findall(rf"^\| `heldout{self.number}/([^`]+)` \| (\d+) \| `([0-9a-f]{{64}})` \|",
                          self.readme, re.M)
        return {name: (int(size), sha) for name, size, sha in rows}


ROUNDS = (
    Round(3, ("dna", "breastcancer", "glass", "vehicle", "satellite", "ionosphere", "sonar",
              "letter"), studies.ROUND3_SETS, ROUND3_SHA256, studies.load_round3,
          not_shipped=("avimedi", "income"), sample="glass", shape=(214, 27), other="sonar",
          stranger="promoters", pair=("dna", "letter"), chosen_by_size=False),
    Round(4, ("promoters", "spam", "vowel", "shuttle", "thyroid", "penguins"),
          studies.ROUND4_SETS, ROUND4_SHA256, studies.load_round4,
          not_shipped=("pima", "crabs", "banknote"), sample="thyroid", shape=(215, 15),
          other="spam", stranger="glass", pair=("penguins", "shuttle"), chosen_by_size=True),
    Round(5, ("germancredit", "mpg", "segment"), studies.ROUND5_SETS, ROUND5_SHA256,
          studies.load_round5, not_shipped=("microbov", "nancycats", "h3n2", "olive", "fish"),
          sample="mpg", shape=(234, 45), other="segment", stranger="penguins",
          pair=("mpg", "segment"), chosen_by_size=True),
)
by_round = pytest.mark.parametrize("rnd", [pytest.param(r, id=f"round{r.number}")
                                           for r in ROUNDS])
by_set = pytest.mark.parametrize("rnd, name", [pytest.param(r, name, id=f"round{r.number}-{name}")
                                               for r in ROUNDS for name in r.names])


@by_round
def test_the_readme_tables_list_the_sets_in_order(rnd):
    files = rnd.files_table()
    assert rnd.sets == rnd.names
    assert tuple(rnd.sets_table()) == rnd.names
    assert tuple(files) == tuple(f"{name}.npz" for name in rnd.names)
    total = sum(size for size, _ in files.values())
    assert f"{total} bytes in all" in rnd.readme


@by_round
def test_the_folder_holds_the_files_and_nothing_else(rnd):
    assert sorted(p.name for p in rnd.folder.iterdir()) == sorted([*rnd.files_table(),
                                                                   "README.md"])
    for name in rnd.not_shipped:  # named in the README, unknown to the loaders
        assert f"`{name}`" in rnd.readme
        with pytest.raises(ValueError, match="Unknown data set"):
            studies.load_any(name)


@by_round
def test_a_round_shares_no_name_with_the_other_rounds(rnd):
    others = [r for r in ROUNDS if r is not rnd]
    names = (experiments.AUTO_DATASETS + studies.ROUND2_SETS + experiments.DESIGN_SETS
             + sum((r.sets for r in others), ()))
    assert not set(rnd.names) & {name.lower() for name in names}
    assert not set(rnd.digests.values()) & {sha for r in others for sha in r.digests.values()}


@by_set
def test_shipped_file_has_the_readme_size_and_sha256(rnd, name):
    content = (rnd.folder / f"{name}.npz").read_bytes()
    size, sha = rnd.files_table()[f"{name}.npz"]
    assert (len(content), hashlib.sha256(content).hexdigest()) == (size, sha)
    assert rnd.digests[name] == sha  # the loader checks the README's digest


@by_set
def test_every_set_loads_as_documented(rnd, name):
    n, d, k, sizes, distinct = rnd.sets_table()[name]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a checksum warning would fail here
        bunch = studies.load_any(name)
    X, y = bunch.data, bunch.target
    assert X.dtype == np.uint8 and X.shape == (n, d)
    assert y.dtype == np.int64 and y.shape == (n,)
    assert set(np.unique(X).tolist()) == {0, 1}
    assert ((X.min(axis=0) == 0) & (X.max(axis=0) == 1)).all(), "a constant column"
    assert np.array_equal(np.unique(y), np.arange(k))
    assert np.bincount(y).tolist() == sizes and len(sizes) == k
    assert len({row.tobytes() for row in X}) == distinct  # a plain set, not np.unique
    if rnd.chosen_by_size:
        assert 100 <= n <= 6000 and d <= 400  # the criteria the sets were chosen by
    with zipfile.ZipFile(rnd.folder / f"{name}.npz") as z:  # exactly the two arrays, no pickle
        assert sorted(z.namelist()) == ["data.npy", "target.npy"]


@by_round
def test_load_any_and_load_round_name_the_choices_for_an_unknown_name(rnd):
    last_two = ", ".join(rnd.names[-2:])
    for name in rnd.not_shipped:
        with pytest.raises(ValueError, match=rf"Unknown data set '{name}': choose from .*"
                                             rf"{last_two}"):
            studies.load_any(name)
    first_two = ", ".join(rnd.names[:2])
    with pytest.raises(ValueError,
                       match=rf"Unknown round {rnd.number} data set 'zoo': .*{first_two}"):
        rnd.load("zoo")
    with pytest.raises(ValueError, match=rf"Unknown round {rnd.number} data set '{rnd.stranger}'"):
        rnd.load(rnd.stranger)  # another round's set is not this round's


def test_load_any_keeps_the_papers_names_beside_the_held_out_ones():
    with pytest.raises(ValueError, match=r"mixture-<seed>"):
        studies.load_any("Sonar ")
    assert studies.load_any("Zoo").data.shape == (101, 21)  # the paper's names as before


@by_round
def test_a_missing_file_says_where_it_belongs(rnd, tmp_path):
    name, folder = rnd.sample, f"heldout{rnd.number}"
    with pytest.raises(FileNotFoundError) as info:
        rnd.load(name, data_home=tmp_path)
    message = str(info.value)
    assert str(tmp_path / folder / f"{name}.npz") in message and "never downloaded" in message
    assert f"round {rnd.number} data set '{name}'" in message
    assert rnd.digests[name] in message and f"studies/data/{folder}/README.md" in message
    assert f"studies/recipes/{folder}/" in message  # how to rebuild it
    assert list(tmp_path.iterdir()) == []  # nothing was created


@by_round
def test_an_own_copy_is_read_and_a_changed_one_is_loaded_with_a_warning(rnd, tmp_path):
    name, folder = rnd.sample, f"heldout{rnd.number}"
    (tmp_path / folder).mkdir()
    (tmp_path / folder / f"{name}.npz").write_bytes((rnd.folder / f"{name}.npz").read_bytes())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert rnd.load(name, data_home=tmp_path).data.shape == rnd.shape
    # The same arrays, cut and written again (np.savez: other zip bytes).
    original = rnd.load(name)
    np.savez(tmp_path / folder / f"{name}.npz", data=original.data[:10],
             target=original.target[:10])
    with pytest.warns(UserWarning, match="not byte for byte the study's file"):
        changed = rnd.load(name, data_home=tmp_path)
    assert changed.data.shape == (10, rnd.shape[1])


def _fake_result(name):
    """An `AutoResult` on a 2 x 2 grid, built by hand: `auto_rows` without a clustering."""
    k1s, k2s = (1, 2), (3, 4)
    selection = types.SimpleNamespace(
        k1=1, k2=3, k1s=k1s, k2s=k2s, n_clusters=np.array([[3, 2], [4, 2]]),
        n_substantial=np.array([[3, 2], [3, 2]]), structure=True,
        labels_=np.array([0, 1, 2, 0]),
        index=lambda k1, k2: (k1s.index(k1), k2s.index(k2)))
    grid_ari = np.array([[0.5, 0.2], [0.8, 0.1]])
    return experiments.AutoResult(name, 0.6, 0.5, "hand-made", grid_ari + 0.05, grid_ari,
                                  selection)


@by_round
def test_auto_rows_gives_the_sets_their_role(rnd):
    # Two sets of this round, one of each other held-out round, then round 2, design, held out.
    others = [r for r in ROUNDS if r is not rnd]
    names = (*rnd.pair, *(r.pair[0] for r in others), "wine", "zoo", "mixture-9")
    rows = studies.auto_rows({name: _fake_result(name) for name in names})
    assert [r["role"] for r in rows] == [f"round {rnd.number}"] * 2 + [
        f"round {r.number}" for r in others] + ["round 2", "design", "held out"]
    assert rows[0]["best_ari"] == 0.8 and rows[0]["ari_ratio"] == pytest.approx(0.5 / 0.8)
    assert f"round {rnd.number}" in experiments.format_auto(rows)


def test_the_package_knows_no_round():
    """The rounds are the study's: the package neither loads nor checks them."""
    from binms_teach import datasets
    from binms_teach.cli import doctor

    names = {name for r in ROUNDS for name in r.names}
    for name in names:
        with pytest.raises(ValueError, match="Unknown data set"):
            experiments.load_any(name)
    assert not any(n.startswith(("load_round", "ROUND")) for n in dir(datasets) + dir(experiments))
    checked = {line[6:].split()[1] for _, line in doctor.check_datasets()}
    assert checked and not checked & names


def test_synthetic_set_names_need_a_whole_number_seed():
    for bad in ("mixture-x", "fewbits--2", "copies-", "copies-1.5"):
        with pytest.raises(ValueError, match="the seed a whole number"):
            studies.load_any(bad)
    # The design sets with repeated rows: as many distinct rows as the rows are few.
    copies = studies.load_any("copies-1")
    assert len(np.unique(copies.data, axis=0)) < len(copies.data) / 2
    assert studies.load_any("fewbits-0").data.shape == (300, 8)
