"""The paper's UCI data sets (and two more), coded as in the paper.

Every loader finds its file as `fetch_file` says (``data_home``, then
``BINMS_TEACH_DATA``, then the copy shipped with the course, ``~/binms_teach_data``,
then a checked download) and returns a `sklearn.utils.Bunch`. ``bunch.decode(x)`` reads
a binary row, such as a cluster mode, back as categorical values (see
`binms_teach.datasets.coding` for modes that are the code of no class).
"""

from typing import NamedTuple

import numpy as np

from .._validation import check_binary
from ._base import UCI_CITATION, check_rectangular, make_bunch, number_classes, read_rows
from ._fetch import fetch_file
from .coding import Codebook, encode

ZOO_FEATURES = ["hair", "feathers", "eggs", "milk", "airborne", "aquatic", "predator",
                "toothed", "backbone", "breathes", "venomous", "fins", "legs", "tail",
                "domestic", "catsize"]
# zoo.data numbers the classes 1..7; these are the animals each number holds.
ZOO_CLASSES = ["mammal", "bird", "reptile", "fish", "amphibian", "insect", "invertebrate"]
SOYBEAN_FEATURES = ["date", "plant-stand", "precip", "temp", "hail", "crop-hist",
                    "area-damaged", "severity", "seed-tmt", "germination", "plant-growth",
                    "leaves", "leafspots-halo", "leafspots-marg", "leafspot-size", "leaf-shread",
                    "leaf-malf", "leaf-mild", "stem", "lodging", "stem-cankers", "canker-lesion",
                    "fruiting-bodies", "external-decay", "mycelium", "int-discolor", "sclerotia",
                    "fruit-pods", "fruit-spots", "seed", "mold-growth", "seed-discolor",
                    "seed-size", "shriveling", "roots"]
# Car's attributes and their values, lowest first (car.names), and its classes.
CAR_FEATURES = {"buying": ["low", "med", "high", "vhigh"], "maint": ["low", "med", "high", "vhigh"],
                "doors": ["2", "3", "4", "5more"], "persons": ["2", "4", "more"],
                "lug_boot": ["small", "med", "big"], "safety": ["low", "med", "high"]}
CAR_CLASSES = ["unacc", "acc", "good", "vgood"]
VOTES_FEATURES = ["handicapped-infants", "water-project-cost-sharing",
                  "adoption-of-the-budget-resolution", "physician-fee-freeze", "el-salvador-aid",
                  "religious-groups-in-schools", "anti-satellite-test-ban",
                  "aid-to-nicaraguan-contras", "mx-missile", "immigration",
                  "synfuels-corporation-cutback", "education-spending", "superfund-right-to-sue",
                  "crime", "duty-free-exports", "export-administration-act-south-africa"]
MUSHROOM_FEATURES = ["cap-shape", "cap-surface", "cap-color", "bruises", "odor",
                     "gill-attachment", "gill-spacing", "gill-size", "gill-color", "stalk-shape",
                     "stalk-root", "stalk-surface-above-ring", "stalk-surface-below-ring",
                     "stalk-color-above-ring", "stalk-color-below-ring", "veil-type", "veil-color",
                     "ring-number", "ring-type", "spore-print-color", "population", "habitat"]


def _read_table(relpath, n_fields, data_home, download):
    """The rows of a comma-separated UCI file, checked to have ``n_fields`` fields each."""
    path = fetch_file(relpath, data_home=data_home, download=download)
    rows, lines = read_rows(path)
    if not rows:
        raise ValueError(f"{path} is empty; delete it and load again to download it afresh.")
    check_rectangular(rows, lines, path)
    if len(rows[0]) != n_fields:
        raise ValueError(
            f"{path} has {len(rows[0])} fields per row, but the UCI file has {n_fields}: "
            "it is not the expected file; delete it and load again."
        )
    return rows


def _split(rows, target_column):
    labels = [r[target_column] for r in rows]
    features = [r[:target_column] + r[target_column + 1 :] for r in rows]
    return labels, features


def _describe(title, files, shape, coding, creators, page, notes=""):
    return (
        f"{title}\n{'=' * len(title)}\n\n"
        f"Source: UCI Machine Learning Repository, file(s) {', '.join(files)}.\n"
        f"Shape: {shape}.\nCoding: {coding}\n{notes}\n"
        + UCI_CITATION.format(creators=creators, page=page)
        + "\n"
    )


def load_zoo(*, data_home=None, download=True):
    """Zoo: 101 animals, 21 binary columns, 7 classes.

    The 15 boolean attributes are kept as one bit each; ``legs`` (0, 2, 4, 5,
    6 or 8) is coded disjunctively: "legs=4".

    Parameters
    ----------
    data_home : str or Path, default None
        A folder searched first for ``zoo/zoo.data`` (see `fetch_file`).
    download : bool, default True
        Download UCI's archive if the file is nowhere (it ships with the course, so
        only a deleted file is); False never uses the network.

    Returns
    -------
    Bunch
        ``data`` (101, 21) uint8, ``target`` 0..6, ``target_names`` (mammal, bird,
        ...), ``feature_names``, ``sample_names`` (the animals), ``codebook``,
        ``decode``, ``DESCR``.

    Examples
    --------
    >>> zoo = load_zoo()
    >>> zoo.decode(zoo.data[0])["legs"]
    '4'
    """
    rows = _read_table("zoo/zoo.data", 18, data_home, download)
    labels, features = _split([r[1:] for r in rows], 16)
    codings = ["disjunctive" if f == "legs" else "binary" for f in ZOO_FEATURES]
    X, _, book = encode(features, codings, names=ZOO_FEATURES)
    target, _ = number_classes(labels, [str(t) for t in range(1, 8)])
    descr = _describe(
        "Zoo", ["zoo/zoo.data"], "101 animals x 21 binary columns, 7 classes",
        "the 15 boolean attributes as one bit each, legs disjunctive over its 6 values "
        "(0, 2, 4, 5, 6, 8): 15 + 6 = 21 columns.",
        "Richard Forsyth (creator and donor), 1990", "https://archive.ics.uci.edu/dataset/111/zoo",
        "The paper's text describes this 101 x 21 matrix; its Table 1 says d = 26. "
        "The class numbers 1..7 of zoo.data are named by the animals they hold; "
        "'frog' appears twice, as zoo.names says.",
    )
    return make_bunch(X, target, np.array(ZOO_CLASSES), book, descr,
                      sample_names=np.array([r[0] for r in rows]))


def image_decoder(shape):
    """A decoder of binary rows into images of ``shape`` (height, width)."""

    def decode(x):
        """The binary row(s) as image(s): ``x.reshape(height, width)``, checked."""
        ndim = np.ndim(x)
        X = check_binary(np.reshape(x, (1, -1)) if ndim == 1 else x, "x")
        if X.shape[1] != shape[0] * shape[1]:
            raise ValueError(f"x has {X.shape[1]} columns; an image has {shape[0] * shape[1]}.")
        images = X.reshape(-1, *shape)
        return images[0] if ndim == 1 else images

    return decode


def pixel_codebook(height, width):
    """A binary codebook named pixel_<row>_<column>, row by row."""
    return Codebook.binary([f"pixel_{r}_{c}" for r in range(height) for c in range(width)])


def load_digits(*, data_home=None, download=True):
    """Digits (UCI Multiple Features, mfeat-pix) binarised: 2000 x 240, classes 0..9.

    Each row is a 16 x 15 image of pixel averages 0..6; a pixel is 1 where its
    value is above 0. This reproduces the authors' own binarised file element
    for element. The rows are 10 blocks of 200, digits 0 to 9.

    Parameters
    ----------
    data_home : str or Path, default None
    download : bool, default True

    Returns
    -------
    Bunch
        ``data`` (2000, 240) uint8, ``target``, ``target_names`` "0".."9",
        ``feature_names`` "pixel_<row>_<column>", ``images`` (2000, 16, 15),
        ``decode`` (a row to its 16 x 15 image), ``DESCR``.
    """
    path = fetch_file("mfeat/mfeat-pix", data_home=data_home, download=download)
    values = np.array(path.read_text(encoding="ascii").split(), dtype=np.int64)
    if values.size != 2000 * 240:
        raise ValueError(f"{path} holds {values.size} numbers, not 2000 x 240: delete it "
                         "and load again.")
    X = (values.reshape(2000, 240) > 0).astype(np.uint8)
    descr = _describe(
        "Digits (Multiple Features, pixel averages)", ["mfeat/mfeat-pix"],
        "2000 images x 240 binary pixels (16 rows x 15 columns), 10 classes of 200",
        "pixel average (0..6) > 0 gives 1; this equals the paper authors' binarised file.",
        "Robert P.W. Duin, Delft University of Technology",
        "https://archive.ics.uci.edu/dataset/72/multiple+features",
    )
    return make_bunch(X, np.repeat(np.arange(10), 200), np.array([str(d) for d in range(10)]),
                      pixel_codebook(16, 15), descr, decode=image_decoder((16, 15)),
                      images=X.reshape(-1, 16, 15))


class _Table(NamedTuple):
    """How one UCI file becomes a binary data set, and what its DESCR says."""

    files: tuple
    n_fields: int
    target_column: int
    coding: str
    categories: list | None
    names: list
    classes: list | None  # the order of the classes (None: natural order)
    target_names: list | None  # names for the classes when the file's codes are letters
    title: str
    shape: str  # "{d}": the number of columns, "{coding}": the coding used
    coding_text: str
    creators: str
    page: str
    notes: str = ""


# The UCI files read the same way: one row per sample, the class in one column.
TABLES = {
    "spect": _Table(
        ("spect/SPECT.train", "spect/SPECT.test"), 23, 0, "binary", [["0", "1"]] * 22,
        [f"F{j}" for j in range(1, 23)], ["0", "1"], None, "SPECT Heart",
        "267 patients (80 + 187) x 22 binary features, 2 classes",
        "the features are already 0/1 (one bit each); the label is the first column.",
        "Krzysztof J. Cios and Lukasz A. Kurgan (University of Colorado at Denver), "
        "Lucy S. Goodenday (Medical College of Ohio); donors Kurgan and Cios, 2001",
        "https://archive.ics.uci.edu/dataset/95/spect+heart",
        "SPECT.names: the patients are classified as normal or abnormal."),
    "soybean": _Table(
        ("soybean/soybean-large.data",), 36, 0, "disjunctive", None, SOYBEAN_FEATURES, None,
        None, "Soybean (large)", "307 plants x 98 binary columns, 19 classes",
        "the 35 attributes disjunctive over the values present; '?' sets no bit.",
        "R.S. Michalski and R.L. Chilausky; donors Ming Tan and Jeff Schlimmer, 1988",
        "https://archive.ics.uci.edu/dataset/90/soybean+large",
        "The paper gives 97 columns and 18 classes for this file. The values are the "
        "file's codes; soybean-large.names gives their meaning."),
    "car": _Table(
        ("car/car.data",), 7, 6, "additive", list(CAR_FEATURES.values()), list(CAR_FEATURES),
        CAR_CLASSES, None, "Car Evaluation", "1728 cars x {d} binary columns, 4 classes",
        "{coding}, each attribute's values ordered lowest first "
        "(buying, maint: low < med < high < vhigh; doors 2 < 3 < 4 < 5more; persons "
        "2 < 4 < more; lug_boot small < med < big; safety low < med < high){dropped}",
        "Marko Bohanec (creator); donors Marko Bohanec and Blaz Zupan, 1997",
        "https://archive.ics.uci.edu/dataset/19/car+evaluation"),
    "votes": _Table(
        ("voting-records/house-votes-84.data",), 17, 0, "disjunctive", [["y", "n"]] * 16,
        VOTES_FEATURES, ["democrat", "republican"], None, "Congressional Voting Records",
        "435 members of the US House x 32 binary columns, 2 classes",
        "each vote disjunctive over (y, n); '?' (not yea nor nay) sets no bit.",
        "Congressional Quarterly Almanac, 98th Congress, 2nd session 1984; "
        "donor Jeff Schlimmer, 1987",
        "https://archive.ics.uci.edu/dataset/105/congressional+voting+records"),
    "mushroom": _Table(
        ("mushroom/agaricus-lepiota.data",), 23, 0, "disjunctive", None, MUSHROOM_FEATURES,
        ["e", "p"], ["edible", "poisonous"], "Mushroom",
        "8124 mushrooms x {d} binary columns, 2 classes (e = edible, p = poisonous)",
        "the 22 attributes disjunctive over the values present; '?' sets no bit.",
        "records drawn from The Audubon Society Field Guide to North American Mushrooms "
        "(1981), G. H. Lincoff (Pres.); donor Jeff Schlimmer, 1987",
        "https://archive.ics.uci.edu/dataset/73/mushroom"),
}


def _load_table(name, data_home, download, coding=None):
    """The Bunch of a data set of `TABLES`, coded with ``coding`` (default: the table's)."""
    s = TABLES[name]
    coding = coding or s.coding
    rows = [r for file in s.files for r in _read_table(file, s.n_fields, data_home, download)]
    labels, features = _split(rows, s.target_column)
    X, _, book = encode(features, coding, s.categories, names=s.names)
    target, target_names = number_classes(labels, s.classes)
    dropped = "; the constant first bit is dropped: 15 columns." if coding == "additive" else "."
    descr = _describe(s.title, list(s.files), s.shape.format(d=X.shape[1]),
                      s.coding_text.format(coding=coding, dropped=dropped), s.creators, s.page,
                      s.notes)
    names = target_names if s.target_names is None else np.array(s.target_names)
    return make_bunch(X, target, names, book, descr)


def load_spect(*, data_home=None, download=True):
    """SPECT Heart: 267 patients (SPECT.train then SPECT.test), 22 binary features, 2 classes.

    Returns a Bunch: ``data`` (267, 22) uint8 (F1..F22), ``target`` the OVERALL_DIAGNOSIS
    0/1 (the first column of the files), ``codebook``, ``decode``, ``DESCR``; the file is
    found as `fetch_file` says (``data_home``, ``download``).
    """
    return _load_table("spect", data_home, download)


def load_soybean(*, data_home=None, download=True):
    """Soybean (large), soybean-large.data: 307 plants, 98 binary columns, 19 classes.

    The 35 attributes are coded disjunctively over the values present; a missing value
    ('?') sets no bit. Returns a Bunch: ``data`` (307, 98) uint8, ``target``,
    ``target_names`` (the diseases), ``feature_names`` such as "date=3", ``codebook``,
    ``decode``, ``DESCR``.
    """
    return _load_table("soybean", data_home, download)


def load_car(coding="additive", *, data_home=None, download=True):
    """Car Evaluation: 1728 cars, 4 classes, 15 columns (additive) or 21 (disjunctive).

    ``coding="additive"`` keeps the order of each attribute's values and drops the constant
    first bit, as the paper: 3+3+3+2+2+2 = 15 columns ("buying>=high"). Returns a Bunch:
    ``data`` (1728, 15 or 21) uint8, ``target`` (unacc, acc, good, vgood), ``codebook``,
    ``decode``, ``DESCR``.
    """
    if coding not in ("additive", "disjunctive"):
        raise ValueError(f"coding={coding!r}: load_car codes 'additive' or 'disjunctive'.")
    return _load_table("car", data_home, download, coding)


def load_votes(*, data_home=None, download=True):
    """Congressional Voting Records (1984): 435 members, 32 binary columns, 2 parties.

    Each of the 16 votes is coded disjunctively over y and n ("crime=y", "crime=n"), so '?'
    (neither yea nor nay) sets no bit. Returns a Bunch: ``data`` (435, 32) uint8,
    ``target`` (democrat, republican), ``codebook``, ``decode``, ``DESCR``.
    """
    return _load_table("votes", data_home, download)


def load_mushroom(*, data_home=None, download=True):
    """Mushroom: 8124 mushrooms, 116 binary columns, edible or poisonous.

    The 22 attributes are coded disjunctively over the values present (letters, explained
    in agaricus-lepiota.names); the 2480 '?' of stalk-root set no bit. Returns a Bunch:
    ``data`` (8124, 116) uint8, ``target`` (edible, poisonous), ``codebook``, ``decode``,
    ``DESCR``.
    """
    return _load_table("mushroom", data_home, download)
