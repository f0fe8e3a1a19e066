"""The loaders against the real UCI files, and load_categorical_csv against made-up files.

The expected shapes, counts and checksums come from shared/data/uci/SOURCES.md and
PAPER-NOTES.md, or are recomputed here from the raw files by plain loops.

Real-data tests read the UCI files shipped in the repository's data/ (or, when it is
set, the folder BINMS_TEACH_DATA names, in the UCI layout).
"""

import csv
import hashlib
import os
import re
import warnings
from pathlib import Path

import numpy as np
import pytest

from binms_teach.datasets import (
    _fetch,
    fetch_file,
    load_car,
    load_categorical_csv,
    load_digits,
    load_mushroom,
    load_sklearn_digits,
    load_soybean,
    load_spect,
    load_votes,
    load_zoo,
    make_bernoulli_mixture,
)
from tests.guards import missing

SHA256 = {  # from SOURCES.md
    "zoo/zoo.data": "cddc71c26ab9bc82795b8f4ff114cade41885d92720c6af29ffb69bcf73f0315",
    "mfeat/mfeat-pix": "70a1cd033add46614464a8740ddc23c3693765985bde52ccb6b702bff23b64f1",
    "spect/SPECT.train": "0fd0258bfc8eb986623a45890676465ee92e738a95fdc01a6aef893d9c920115",
    "spect/SPECT.test": "a152d1812a84da3ad18e759ac3433e57f407a6871c2f2fe0dda6779c90d58b82",
    "soybean/soybean-large.data":
        "04b99f2728ded9f544022d2b4f6cce0ebe11ef5c9d44f10e21acd7093876507e",
    "car/car.data": "b703a9ac69f11e64ce8c223c0a40de4d2e9d769f7fb20be5f8f2e8a619893d83",
    "voting-records/house-votes-84.data":
        "c87c14110a5ba91d4a1e313ec7392824458152bf071fa5f5452340488337936e",
    "mushroom/agaricus-lepiota.data":
        "e65d082030501a3ebcbcd7c9f7c71aa9d28fdfff463bf4cf4716a3fe13ac360e",
}
AUTHORS_DIGITS_SHA256 = "d60cf6c7114f7011579883e27de0e1f6f392263ad3d69170d5340dfe6c3afb86"
REPO = Path(__file__).resolve().parents[1]
HOW = ("the UCI files ship in the repository's data/ folder (see data/README.md); a "
       "BINMS_TEACH_DATA folder must hold them all in UCI's layout")


def _missing(what):
    missing(f"{what} was not found: {HOW}.")


@pytest.fixture(scope="module")
def uci():
    """The folder holding the real UCI files (BINMS_TEACH_DATA, else the repository's data/)."""
    for folder in (os.environ.get("BINMS_TEACH_DATA"), REPO / "data"):
        if folder and all((Path(folder) / f).is_file() for f in SHA256):
            return Path(folder)
    _missing("the UCI data files " + ", ".join(SHA256))


@pytest.fixture(scope="module")
def authors_digits(uci):
    """The authors' digits-binary.csv: BINMS_TEACH_AUTHORS_DATA, next to the UCI folder, or
    shared/data/authors beside the repository."""
    env = os.environ.get("BINMS_TEACH_AUTHORS_DATA")
    candidates = [Path(env) if env else None, uci.parent / "authors",
                  REPO.parent / "shared/data/authors"]
    for c in candidates:
        if c is not None:
            path = c if c.is_file() else c / "digits-binary.csv"
            if path.is_file():
                return path
    _missing("the authors' file digits-binary.csv (set BINMS_TEACH_AUTHORS_DATA)")


def _raw_rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [row for row in csv.reader(f) if row]


def _sha256(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


# loader, files, (n, d), class counts in target order (SOURCES.md / PAPER-NOTES.md)
CASES = {
    "zoo": (load_zoo, ["zoo/zoo.data"], (101, 21), [41, 20, 5, 13, 4, 8, 10]),
    "digits": (load_digits, ["mfeat/mfeat-pix"], (2000, 240), [200] * 10),
    "spect": (load_spect, ["spect/SPECT.train", "spect/SPECT.test"], (267, 22),
              [40 + 15, 40 + 172]),
    "soybean": (load_soybean, ["soybean/soybean-large.data"], (307, 98), None),
    "car": (load_car, ["car/car.data"], (1728, 15), [1210, 384, 69, 65]),
    "car-disjunctive": (lambda **kw: load_car("disjunctive", **kw), ["car/car.data"],
                        (1728, 21), [1210, 384, 69, 65]),
    "votes": (load_votes, ["voting-records/house-votes-84.data"], (435, 32), [267, 168]),
    "mushroom": (load_mushroom, ["mushroom/agaricus-lepiota.data"], (8124, 116), [4208, 3916]),
}


@pytest.mark.parametrize("name", CASES)
def test_real_loader_shape_classes_values_and_source(uci, name):
    load, files, shape, counts = CASES[name]
    for f in files:
        assert _sha256(uci / f) == SHA256[f], f
    bunch = load(data_home=uci, download=False)
    assert bunch.data.shape == shape
    assert bunch.data.dtype == np.uint8
    assert set(np.unique(bunch.data).tolist()) == {0, 1}
    assert np.issubdtype(bunch.target.dtype, np.integer)
    if counts is not None:
        assert np.bincount(bunch.target).tolist() == counts
    assert len(bunch.target_names) == bunch.target.max() + 1
    assert len(bunch.feature_names) == shape[1] == len(set(bunch.feature_names))
    assert "CC BY 4.0" in bunch.DESCR and "UCI" in bunch.DESCR
    assert "frame" not in bunch


def test_soybean_has_19_classes_and_98_columns_from_the_raw_file(uci):
    rows = _raw_rows(uci / "soybean/soybean-large.data")
    # Disjunctive over the values present, '?' no bit: count them by hand.
    d = sum(len({r[j] for r in rows} - {"?"}) for j in range(1, 36))
    bunch = load_soybean(data_home=uci, download=False)
    assert bunch.data.shape == (307, d) == (307, 98)
    assert len(bunch.target_names) == len({r[0] for r in rows}) == 19


def test_mushroom_columns_from_the_raw_file(uci):
    rows = _raw_rows(uci / "mushroom/agaricus-lepiota.data")
    d = sum(len({r[j] for r in rows} - {"?"}) for j in range(1, 23))
    assert load_mushroom(data_home=uci, download=False).data.shape[1] == d


def _empty_blocks(bunch):
    """How many (row, feature) blocks have no bit set: the coded '?'."""
    starts = np.cumsum([0] + [b.width for b in bunch.codebook.blocks])
    return sum(int((bunch.data[:, a:b].sum(axis=1) == 0).sum())
               for a, b in zip(starts[:-1], starts[1:], strict=True))


def test_missing_values_set_no_bit(uci):
    # SOURCES.md: 712 '?' in soybean-large.data, 2480 in agaricus-lepiota.data, 392 in votes.
    assert _empty_blocks(load_soybean(data_home=uci, download=False)) == 712
    assert _empty_blocks(load_mushroom(data_home=uci, download=False)) == 2480
    votes = load_votes(data_home=uci, download=False)
    assert _empty_blocks(votes) == 392
    yes = [j for j, n in enumerate(votes.feature_names) if n.endswith("=y")]
    no = [j for j, n in enumerate(votes.feature_names) if n.endswith("=n")]
    assert (int(votes.data[:, yes].sum()), int(votes.data[:, no].sum())) == (3421, 3147)


def test_digits_equal_the_authors_file(uci, authors_digits):
    assert _sha256(authors_digits) == AUTHORS_DIGITS_SHA256
    theirs = np.loadtxt(authors_digits, delimiter=",", dtype=np.uint8)
    digits = load_digits(data_home=uci, download=False)
    assert theirs.shape == (2000, 240)
    assert np.array_equal(digits.data, theirs)
    assert digits.target.tolist() == [d for d in range(10) for _ in range(200)]
    assert np.array_equal(digits.decode(digits.data[5]), digits.data[5].reshape(16, 15))
    assert digits.images.shape == (2000, 16, 15)


def test_zoo_names_and_legs(uci):
    zoo = load_zoo(data_home=uci, download=False)
    kind = dict(zip(zoo.sample_names, zoo.target_names[zoo.target], strict=True))
    assert (kind["aardvark"], kind["chicken"], kind["pitviper"], kind["bass"], kind["frog"],
            kind["flea"], kind["clam"]) == ("mammal", "bird", "reptile", "fish", "amphibian",
                                            "insect", "invertebrate")
    assert zoo.feature_names[12:18] == ["legs=0", "legs=2", "legs=4", "legs=5", "legs=6",
                                        "legs=8"]
    assert zoo.feature_names[0] == "hair"
    assert list(zoo.sample_names).count("frog") == 2


def test_car_is_the_full_factorial_and_additive_blocks_are_monotone(uci):
    for coding in ("additive", "disjunctive"):
        X = load_car(coding, data_home=uci, download=False).data
        assert len(np.unique(X, axis=0)) == 1728  # SOURCES.md: every combination once
    car = load_car(data_home=uci, download=False)
    start = 0
    for block in car.codebook.blocks:
        bits = car.data[:, start : start + block.width].astype(int)
        assert (np.diff(bits, axis=1) <= 0).all()  # 1..10..0, never 0 then 1
        start += block.width


# Raw columns that hold the features, per loader: (files, columns to drop).
RAW = {
    "zoo": (["zoo/zoo.data"], [0, 17]),
    "spect": (["spect/SPECT.train", "spect/SPECT.test"], [0]),
    "soybean": (["soybean/soybean-large.data"], [0]),
    "car": (["car/car.data"], [6]),
    "car-disjunctive": (["car/car.data"], [6]),
    "votes": (["voting-records/house-votes-84.data"], [0]),
    "mushroom": (["mushroom/agaricus-lepiota.data"], [0]),
}


@pytest.mark.parametrize("name", RAW)
def test_decoding_the_data_gives_back_the_raw_rows(uci, name):
    files, drop = RAW[name]
    raw = [[v for j, v in enumerate(r) if j not in drop]
           for f in files for r in _raw_rows(uci / f)]
    bunch = CASES[name][0](data_home=uci, download=False)
    assert [list(d.values()) for d in bunch.decode(bunch.data)] == raw


def test_sklearn_digits_threshold():
    from sklearn.datasets import load_digits as sk_load_digits

    raw = sk_load_digits()
    digits = load_sklearn_digits()
    assert digits.data.shape == (1797, 64) and digits.data.dtype == np.uint8
    assert np.array_equal(digits.target, raw.target)
    # The documented default: a pixel is 1 when it is at least half dark (8..16 of 0..16).
    assert np.array_equal(digits.data == 1, raw.data >= 8)
    lighter = load_sklearn_digits(threshold=12).data
    assert (lighter <= digits.data).all() and lighter.sum() < digits.data.sum()
    assert np.array_equal(digits.decode(digits.data[:3]), digits.images[:3])
    with pytest.raises(ValueError, match="threshold=16 is outside"):
        load_sklearn_digits(threshold=16)


def test_bernoulli_mixture_flips_bits_at_the_given_rate():
    mix = make_bernoulli_mixture(3000, 50, 3, flip=0.2, random_state=1)
    assert mix.data.shape == (3000, 50) and mix.data.dtype == np.uint8
    assert mix.prototypes.shape == (3, 50)
    assert np.bincount(mix.target).tolist() == [1000, 1000, 1000]
    rate = (mix.data != mix.prototypes[mix.target]).mean()
    assert abs(rate - 0.2) < 0.01  # 150,000 Bernoulli(0.2) draws: sd 0.001


def test_bernoulli_mixture_is_seeded():
    a = make_bernoulli_mixture(random_state=0)
    b = make_bernoulli_mixture(random_state=np.random.default_rng(0))
    c = make_bernoulli_mixture(random_state=1)
    assert np.array_equal(a.data, b.data) and np.array_equal(a.prototypes, b.prototypes)
    assert not np.array_equal(a.data, c.data)
    tiny = make_bernoulli_mixture(8, 2, 4, flip=0.0, random_state=0)
    assert len(np.unique(tiny.prototypes, axis=0)) == 4  # all of {0,1}^2, distinct
    assert np.array_equal(tiny.data, tiny.prototypes[tiny.target])


@pytest.mark.parametrize("kwargs, message", [
    ({"flip": 0.7}, "flip=0.7 must be a probability"),
    ({"n_clusters": 5, "n_features": 2}, "5 distinct prototypes need more than 2 features"),
    ({"n_samples": 2, "n_clusters": 3}, "n_samples=2 is outside"),
])
def test_bernoulli_mixture_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        make_bernoulli_mixture(**kwargs)


# ---- load_categorical_csv -------------------------------------------------------------


def _write(tmp_path, text, name="table.csv", newline="\n"):
    path = tmp_path / name
    path.write_bytes(text.replace("\n", newline).encode("utf-8"))
    return path


PETS = """legs,fur,size,kind
4,yes,big,dog
2,no,small,bird
4,yes,small,cat
4,?,big,dog
"""


def test_csv_with_header_by_name_or_position(tmp_path):
    path = _write(tmp_path, PETS)
    by_name = load_categorical_csv(path, "kind")
    by_last = load_categorical_csv(path, -1)  # header inferred: "legs" never recurs
    for pets in (by_name, by_last):
        assert pets.feature_names == ["legs=2", "legs=4", "fur=no", "fur=yes", "size=big",
                                      "size=small"]
        assert pets.data.tolist() == [[0, 1, 0, 1, 1, 0], [1, 0, 1, 0, 0, 1],
                                      [0, 1, 0, 1, 0, 1], [0, 1, 0, 0, 1, 0]]
        assert pets.target_names.tolist() == ["bird", "cat", "dog"]
        assert pets.target.tolist() == [2, 0, 1, 2]
        assert pets.decode(pets.data[3]) == {"legs": "4", "fur": "?", "size": "big"}


def test_csv_without_header_crlf_bom_semicolons_and_blank_lines(tmp_path):
    body = "\ufeffdog ; 4;yes\r\nbird;2 ;no\r\n\r\ncat;4;yes\r\n\r\n"
    path = tmp_path / "raw.csv"
    path.write_bytes(body.encode("utf-8"))
    pets = load_categorical_csv(path, 0, sep=";")
    assert pets.feature_names == ["x1=2", "x1=4", "x2=no", "x2=yes"]
    assert pets.target_names.tolist() == ["bird", "cat", "dog"]
    assert pets.data.tolist() == [[0, 1, 0, 1], [1, 0, 1, 0], [0, 1, 0, 1]]
    assert "without a header" in pets.DESCR


def test_csv_additive_coding_categories_and_drop_columns(tmp_path):
    path = _write(tmp_path, "id,size,colour,kind\n1,small,red,a\n2,big,blue,b\n3,medium,NA,a\n")
    data = load_categorical_csv(
        path, "kind", missing="NA", coding={"size": "additive"},
        categories={"size": ["small", "medium", "big"]}, drop_columns=["id"],
    )
    assert data.feature_names == ["size>=medium", "size>=big", "colour=blue", "colour=red"]
    assert data.data.tolist() == [[0, 0, 0, 1], [1, 1, 1, 0], [1, 0, 0, 0]]
    assert data.decode([0, 1, 0, 0]) == {"size": ("small", "big"), "colour": "NA"}


@pytest.mark.parametrize("text, kwargs, error, message", [
    ("a,b,c\nx,y,z\nx,y\n", {"target_column": 0}, ValueError,
     r"line 3 has 2 fields, but line 1 has 3"),
    ("", {"target_column": 0}, ValueError, "is empty: it has no rows"),
    ("\n\n", {"target_column": 0}, ValueError, "is empty"),
    ("a,b,kind\n", {"target_column": "kind"}, ValueError, "header row but no data rows"),
    (PETS, {"target_column": "class"}, ValueError,
     r"target_column='class' is not a column of .*its columns are \['legs', 'fur'"),
    (PETS, {"target_column": 4}, ValueError, r"target_column=4 is outside the 4 columns"),
    ("x,1\ny,2\n", {"target_column": "kind", "header": False}, ValueError,
     "is a column name, but .* without a header row"),
    ("a,b,k\n?,1,x\n?,2,y\n", {"target_column": "k"}, ValueError,
     "column 'a' holds only missing values.*drop_columns=\\['a'\\]"),
    ("a,k\n1,x\n2,?\n", {"target_column": "k"}, ValueError,
     "line 3 has no class in the target column 'k'"),
    ("a,a,k\n1,2,x\n", {"target_column": "k"}, ValueError, r"names \['a'\] more than once"),
    ("a;b;k\n1;2;x\n", {"target_column": 0}, ValueError, "single column with sep=','"),
    ("s,k\nlow,x\nhuge,y\n", {"target_column": "k", "coding": {"s": "additive"},
                            "categories": {"s": ["low", "high"]}}, ValueError,
     "line 3: column 's' holds 'huge', which is not among its categories"),
    ("s,k\nlow,x\n?,y\n", {"target_column": "k", "coding": "additive"}, ValueError,
     "line 3: column 's' has a missing value, but additive coding"),
    ("s,k\nlow,x\n", {"target_column": "k", "coding": "onehot"}, ValueError,
     "coding='onehot' is not a coding"),
    ("s,k\nlow,x\n", {"target_column": 1.0}, TypeError, "give a column position"),
])
def test_csv_errors_say_what_is_wrong(tmp_path, text, kwargs, error, message):
    path = _write(tmp_path, text)
    with pytest.raises(error, match=message):
        load_categorical_csv(path, **kwargs)


def test_csv_missing_file(tmp_path):
    with pytest.raises(FileNotFoundError, match="nope.csv does not exist"):
        load_categorical_csv(tmp_path / "nope.csv", 0)


def test_a_made_up_csv_loads_and_clusters(tmp_path):
    from binms_teach import BinNNMS  # the estimator; imported here so this file loads without it

    # Three kinds of fruit, each row its kind's prototype with at most one field changed.
    prototypes = {
        "apple": ["red", "round", "small", "sweet", "tree", "thin"],
        "melon": ["green", "oval", "big", "mild", "vine", "thick"],
        "lemon": ["yellow", "pointed", "medium", "sour", "bush", "waxy"],
    }
    others = {0: "brown", 1: "flat", 2: "tiny", 3: "bitter", 4: "ground", 5: "hairy"}
    lines = ["colour,shape,size,taste,grows_on,skin,fruit"]
    expected = []
    for kind, proto in prototypes.items():
        for i in range(12):
            row = list(proto)
            if i < 6:
                row[i] = others[i]  # each field changed in one row only
            lines.append(",".join(row + [kind]))
            expected.append(kind)
    path = _write(tmp_path, "\n".join(lines) + "\n", name="fruit.csv")

    fruit = load_categorical_csv(path, "fruit")
    assert fruit.data.shape == (36, 3 * 6 + 6)  # 3 prototype values + 1 other per column
    model = BinNNMS(k1=10, k2=10).fit(fruit.data)
    # Every row must land in the cluster of its kind, and the clusters are the kinds.
    labels = model.labels_
    assert len(set(labels.tolist())) == 3
    for kind in prototypes:
        members = {int(lab) for lab, k in zip(labels, expected, strict=True) if k == kind}
        assert len(members) == 1
    # The mode of each row decodes to its kind's prototype.
    for mode, kind in zip(model.modes_, expected, strict=True):
        assert list(fruit.decode(mode).values()) == prototypes[kind]


def test_fetch_finds_the_repository_data_folder_in_a_checkout():
    # This test file lives in the source checkout, so the shipped files are REPO/data.
    assert _fetch.SHIPPED_DATA_DIR == REPO / "data"


def test_every_loader_finds_its_shipped_file_with_no_setting(monkeypatch):
    # A fresh clone: no BINMS_TEACH_DATA, no data_home, no network (download=False).
    monkeypatch.delenv("BINMS_TEACH_DATA", raising=False)
    assert _fetch.SHA256 == SHA256  # the code checks the digests SOURCES.md gives
    for relpath, sha in SHA256.items():
        path = fetch_file(relpath, download=False)
        assert path == REPO / "data" / relpath
        assert _sha256(path) == sha, relpath
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a checksum warning would fail here
        for name, (load, _, shape, _) in CASES.items():
            assert load(download=False).data.shape == shape, name


def test_a_changed_shipped_file_is_noticed(monkeypatch, tmp_path):
    # The same search with a doctored copy in the shipped folder's place: loaded, but warned.
    (tmp_path / "zoo").mkdir()
    (tmp_path / "zoo/zoo.data").write_bytes((REPO / "data/zoo/zoo.data").read_bytes()
                                            .replace(b"frog", b"toad"))
    monkeypatch.delenv("BINMS_TEACH_DATA", raising=False)
    monkeypatch.setattr(_fetch, "SHIPPED_DATA_DIR", tmp_path)
    with pytest.warns(UserWarning, match="not byte for byte the UCI file"):
        assert load_zoo(download=False).data.shape == (101, 21)


def test_data_readme_lists_every_shipped_file_with_its_size_and_sha256():
    readme = (REPO / "data/README.md").read_text(encoding="utf-8")
    rows = dict((m[0], (int(m[1]), m[2])) for m in
                re.findall(r"^\| `([^`]+)` \| (\d+) \| `([0-9a-f]{64})` \|", readme, re.M))
    shipped = sorted(str(p.relative_to(REPO / "data")).replace(os.sep, "/")
                     for p in (REPO / "data").rglob("*") if p.is_file() and p.name != "README.md")
    assert sorted(rows) == shipped
    for relpath, (size, sha) in rows.items():
        content = (REPO / "data" / relpath).read_bytes()
        assert (len(content), hashlib.sha256(content).hexdigest()) == (size, sha), relpath
    assert set(SHA256) <= set(rows)
    assert "machine-learning-databases/" not in readme.replace(
        "(`ml/machine-learning-databases/...`)", "")
