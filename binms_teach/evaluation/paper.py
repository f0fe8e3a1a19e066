"""The paper's published numbers, as data, and a standard k-modes measured for comparison.

Provenance
----------
``TABLE2`` and ``TABLE3`` are typed in by hand from the paper's Section 4
(G. Beck, T. Duong, M. Lebbah, H. Azzag, "Nearest Neighbor Median Shift
Clustering for Binary Data", arXiv:1902.04181, 2019), numbered as in its PDF (whose
Table 1 is the coding table): Table 2 ("Overview of experimental datasets") and Table 3
("Comparison of clustering quality indices (NMI and ARAND) for k-modes and BinNNMS").
Nothing was recomputed: these are the printed values, misprints included (Zoo d = 26
where the text says 21 columns).

The paper reports k-modes as mean +- std "after 10 runs" and BinNNMS with
+- 0.000 (one deterministic run). It does not say which k1, k2 gave the BinNNMS
figures; Figure 1 suggests they are the best of a sweep scored against the true
labels. For k-modes it picks k per data set *and per metric*: for Spect the NMI
row uses k = 47 but the ARI row k = 2. For Car the paper's BinNNMS found a
single cluster ("Single class"), so no score is given: ``None`` below.

``KMODES_PACKAGE`` holds figures recorded by the project with the ``kmodes``
package 0.12.2, not rerun here (10 runs on Digits take minutes; `make bench`
times the package): init "Huang", n_init=1, random_state 0..9, on the binary matrices of
`binms_teach.datasets`, geometric NMI. They show that a standard k-modes scores
well above the paper's k-modes column (Digits NMI 0.684 against 0.360).
"""

from dataclasses import dataclass

# The paper's order of Table 3; Table 2 lists Zoo, Digits, Spect, Soybean, Car.
DATASETS = ("digits", "zoo", "soybean", "spect", "car")

TITLES = {"zoo": "Zoo", "digits": "Digits", "spect": "Spect", "soybean": "Soybean",
          "car": "Car"}


@dataclass(frozen=True)
class Shape:
    """One row of Table 2: samples n, binary features d, classes M."""

    n: int
    d: int
    M: int


@dataclass(frozen=True)
class Score:
    """A mean +- std over runs (std 0.0 for a single deterministic run)."""

    mean: float
    std: float = 0.0


@dataclass(frozen=True)
class Table3Row:
    """One data set of Table 3. A score of ``None`` means the paper gives none."""

    kmodes_nmi: Score
    kmodes_nmi_k: int
    binnnms_nmi: Score | None
    kmodes_ari: Score
    kmodes_ari_k: int
    binnnms_ari: Score | None
    note: str = ""


# Table 2 (data sets), as printed.
TABLE2 = {
    "zoo": Shape(101, 26, 7),
    "digits": Shape(2000, 240, 10),
    "spect": Shape(267, 22, 2),
    "soybean": Shape(307, 97, 18),
    "car": Shape(1728, 15, 4),
}

# Table 3 (results), as printed (NMI block, then ARAND block, merged per data set).
TABLE3 = {
    "digits": Table3Row(Score(0.360, 0.011), 40, Score(0.880), Score(0.166, 0.021), 40,
                        Score(0.876)),
    "zoo": Table3Row(Score(0.789, 0.023), 8, Score(0.945), Score(0.675, 0.032), 8,
                     Score(0.904)),
    "soybean": Table3Row(Score(0.556, 0.000), 40, Score(0.743), Score(0.178, 0.000), 40,
                         Score(0.331)),
    "spect": Table3Row(Score(0.135, 0.000), 47, Score(0.145), Score(-0.009, 0.055), 2,
                       Score(-0.019), note="k-modes: k = 47 for NMI, k = 2 for ARI"),
    "car": Table3Row(Score(0.039, 0.019), 4, None, Score(0.016, 0.039), 4, None,
                     note="BinNNMS: single class"),
}

# A standard k-modes (kmodes 0.12.2, Huang, n_init=1, seeds 0..9), recorded by the project.
# (k, NMI, ARI, seconds for the 10 runs).
KMODES_PACKAGE = {
    "digits": (40, Score(0.684, 0.008), Score(0.362, 0.019), 143.0),
    "zoo": (8, Score(0.761, 0.051), Score(0.600, 0.091), 0.3),
    "soybean": (40, Score(0.700, 0.015), Score(0.359, 0.050), 5.4),
    "spect": (47, Score(0.156, 0.007), Score(0.003, 0.003), 1.4),
    "car": (4, Score(0.070, 0.032), Score(0.024, 0.043), 1.5),
}


def kmodes_ks(name):
    """The k values the paper used for k-modes on a data set, without repeats.

    Examples
    --------
    >>> kmodes_ks("spect"), kmodes_ks("zoo")
    ((47, 2), (8,))
    """
    return tuple(dict.fromkeys(kmodes_k(name, metric) for metric in ("nmi", "ari")))


def kmodes_k(name, metric):
    """The k of the paper's k-modes score for ``metric`` ("nmi" or "ari") on a data set.

    >>> kmodes_k("spect", "nmi"), kmodes_k("spect", "ari")
    (47, 2)
    """
    return getattr(TABLE3[name], f"kmodes_{metric}_k")


def kmodes_score(name, metric, k):
    """The paper's k-modes `Score` for ``metric`` at ``k``, or None where it reports none.

    >>> kmodes_score("spect", "ari", 47) is None, kmodes_score("spect", "ari", 2).mean
    (True, -0.009)
    """
    return getattr(TABLE3[name], f"kmodes_{metric}") if k == kmodes_k(name, metric) else None
