"""The automatic choice of (k1, k2) against the supervised best of the same grid.

``BinNNMS(k1="auto", k2="auto")``: `binms_teach.selection.choose_parameters` on
its default grid, no label used (notebook 12), gives Table 3's "BinNNMS auto"
rows. `auto_study` compares it with the supervised best of the same grid on the
seven real data sets and on Bernoulli mixtures.
"""

from dataclasses import dataclass, field

import numpy as np
from sklearn.utils import Bunch
from threadpoolctl import threadpool_limits
from tqdm.auto import tqdm

from .. import datasets
from ..evaluation.metrics import ari, nmi
from ..selection import choose_parameters
from .protocol import load

AUTO_DATASETS = ("zoo", "digits", "soybean", "spect", "car", "votes", "mushroom")
# Mixtures "mixture-<seed>": 300 samples x 40 bits, 4 + seed % 3 clusters, flip 0.15 for
# seeds 0-4 and 0.3 beyond (`load_any`).
MIXTURE_SEEDS = tuple(range(10))
# The data sets the rule of `binms_teach.selection` was designed on (the role "design" of
# `auto_rows`; every other set is "held out"): Zoo, Soybean, the mixtures of seeds 0-7, and
# mixtures with repeated rows ("copies-<seed>") or on few bits ("fewbits-<seed>"), seeds 0-3,
# which the study of the rule generates (studies/README.md).
DESIGN_SETS = (("zoo", "soybean") + tuple(f"mixture-{seed}" for seed in range(8))
               + tuple(f"copies-{seed}" for seed in range(4))
               + tuple(f"fewbits-{seed}" for seed in range(4)))
# Four data sets bundled with scikit-learn (no download), coded as bits (`load_any`).
SKLEARN_SETS = ("sk-digits", "wine", "cancer", "iris")
# A data set whose supervised-best ARI on the grid is below this has no structure to learn.
LEARNABLE_ARI = 0.1


def quartile_code(X):
    """Continuous features as bits: each feature's quartile class in additive coding.

    A value gets its class 1 to 4 by the feature's quartiles, and the class the
    additive coding of the paper's Table 1 without its constant first bit: bit q
    (q = 1, 2, 3) is 1 when the value lies above the q-th quartile. Nearby values
    differ in few bits, far ones in up to 3 per feature.

    Examples
    --------
    >>> quartile_code(np.array([[1.0], [2.0], [3.0], [4.0], [5.0]])).tolist()
    [[0, 0, 0], [0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]]
    """
    X = np.asarray(X, dtype=float)
    quartiles = np.quantile(X, (0.25, 0.5, 0.75), axis=0)       # shape (3, d)
    bits = X[:, :, None] > quartiles.T[None, :, :]              # shape (n, d, 3)
    return bits.reshape(len(X), -1).astype(np.uint8)


def _scikit_learn_set(name):
    from sklearn import datasets as sk

    if name == "sk-digits":  # 8 x 8 images, ink 0 to 16: a pixel is 1 from half ink on
        bunch = sk.load_digits()
        return Bunch(data=(bunch.data >= 8).astype(np.uint8), target=bunch.target)
    loader = {"wine": sk.load_wine, "cancer": sk.load_breast_cancer, "iris": sk.load_iris}[name]
    bunch = loader()
    return Bunch(data=quartile_code(bunch.data), target=bunch.target)


def seed_of(name):
    """The seed of a synthetic set's name such as "mixture-3": a whole number >= 0.

    >>> seed_of("mixture-3")
    3
    """
    kind, _, seed = name.partition("-")
    if not seed.isdigit():
        raise ValueError(f"Unknown data set {name!r}: a synthetic set is {kind}-<seed>, the seed "
                         f"a whole number >= 0 (e.g. {kind}-0).")
    return int(seed)


def load_any(name):
    """A data set of the automatic-choice study: one of `AUTO_DATASETS`, "mixture-<seed>"
    (`binms_teach.datasets.make_bernoulli_mixture`) or one of `SKLEARN_SETS`
    (scikit-learn's digits, wine, breast cancer and iris, coded as bits).

    Examples
    --------
    >>> load_any("mixture-1").data.shape, len(set(load_any("mixture-1").target))
    ((300, 40), 5)
    >>> load_any("wine").data.shape
    (178, 39)
    >>> load_any("wnie")
    Traceback (most recent call last):
    ...
    ValueError: Unknown data set 'wnie': choose from zoo, digits, soybean, spect, car, \
votes, mushroom, sk-digits, wine, cancer, iris, or mixture-<seed>.
    """
    if name in SKLEARN_SETS:
        return _scikit_learn_set(name)
    if name.startswith("mixture-"):
        seed = seed_of(name)
        return datasets.make_bernoulli_mixture(300, 40, 4 + seed % 3,
                                               flip=0.15 if seed < 5 else 0.3, random_state=seed)
    if name in ("votes", "mushroom"):
        return getattr(datasets, f"load_{name}")()
    if str(name).lower() not in AUTO_DATASETS:
        known = ", ".join(AUTO_DATASETS + SKLEARN_SETS)
        raise ValueError(f"Unknown data set {name!r}: choose from {known}, or mixture-<seed>.")
    return load(name)


@dataclass
class AutoResult:
    """`choose_parameters` on one data set, scored afterwards against the true labels.

    ``grid_nmi`` and ``grid_ari`` score every candidate of the selection's grid,
    so the supervised best of the same grid is at hand for comparison. The
    chosen ``k1``, ``k2`` and ``n_clusters`` are read from ``selection``, which
    holds them (one source, so they cannot disagree).
    """

    name: str
    nmi: float
    ari: float
    reason: str
    grid_nmi: np.ndarray
    grid_ari: np.ndarray
    selection: object = field(repr=False)

    @property
    def k1(self):
        """The chosen k1 (``selection.k1``)."""
        return self.selection.k1

    @property
    def k2(self):
        """The chosen k2 (``selection.k2``)."""
        return self.selection.k2

    @property
    def n_clusters(self):
        """The number of clusters chosen (one when no structure was found)."""
        return int(self.selection.labels_.max()) + 1

    def scores(self):
        """The chosen setting's scores, as `Sweep.scores` gives them."""
        return {"k1": self.k1, "k2": self.k2, "n_clusters": self.n_clusters,
                "nmi": self.nmi, "ari": self.ari}

    def share(self, criterion=None):
        """(ARI, share of the grid's best ARI, number of clusters) at the choice of ``criterion``.

        ``criterion``: any name of `binms_teach.selection.CRITERIA`; default, the
        one the selection was made with.
        """
        sel = self.selection
        i, j = sel.index(*sel.choice(criterion or sel.criterion))
        return (float(self.grid_ari[i, j]), float(self.grid_ari[i, j] / self.grid_ari.max()),
                int(sel.n_clusters[i, j]))

    def best(self, metric="ari"):
        """(k1, k2) of the selection's grid with the best ``metric`` against the labels."""
        values = self.grid_ari if metric == "ari" else self.grid_nmi
        i, j = np.unravel_index(np.argmax(values), values.shape)
        return self.selection.k1s[i], self.selection.k2s[j]


def auto_result(name, X, y, *, criterion="rank_mean", n_jobs=None):
    """Choose (k1, k2) on X without labels, then score the choice and the grid with y."""
    sel = choose_parameters(X, criterion=criterion, n_jobs=n_jobs)
    grid_nmi = np.array([[nmi(y, lab) for lab in row] for row in sel.labels])
    grid_ari = np.array([[ari(y, lab) for lab in row] for row in sel.labels])
    # sel.labels_, not the grid's: one cluster when no structure was found.
    return AutoResult(name, float(nmi(y, sel.labels_)), float(ari(y, sel.labels_)), sel.reason,
                      grid_nmi, grid_ari, sel)


def auto_study(names=AUTO_DATASETS, *, n_jobs=None, progress=False, load=load_any):
    """`auto_result` on every data set of ``names``: name -> AutoResult.

    ``load`` gives a data set's Bunch from its name (default `load_any`).
    """
    out = {}
    with threadpool_limits(limits=1, user_api="blas"):  # as in `reproduce`
        for name in tqdm(names, desc="automatic choice", disable=not progress):
            bunch = load(name)
            out[name] = auto_result(name, bunch.data, bunch.target, n_jobs=n_jobs)
    return out


AUTO_COLUMNS = ("dataset", "role", "k1", "k2", "n_clusters", "substantial", "nmi", "ari",
                "best_k1", "best_k2", "best_n_clusters", "best_nmi", "best_ari", "nmi_ratio",
                "ari_ratio", "learnable")


def design_role(name):
    """"design" for a data set the rule was designed on (`DESIGN_SETS`), else "held out"."""
    return "design" if name in DESIGN_SETS else "held out"


def auto_rows(results, role=design_role):
    """One dict of `AUTO_COLUMNS` per data set: the automatic choice beside the supervised best.

    The supervised best is the best ARI (and, apart, the best NMI) over the same
    grid. ``role``: a data set's role, from its name (default `design_role`).
    ``substantial``: the chosen partition's substantial clusters
    (`binms_teach.selection.substantial`: at least 2% of the points, 2 distinct
    rows). ``learnable``: the best ARI reaches `LEARNABLE_ARI`; the ratios are
    auto / best.
    """
    rows = []
    for name, r in results.items():
        sel = r.selection
        k1, k2 = r.best("ari")
        i, j = sel.index(k1, k2)
        best_nmi = float(r.grid_nmi.max())
        best_ari = float(r.grid_ari[i, j])
        rows.append({"dataset": name, "role": role(name),
                     "k1": r.k1, "k2": r.k2, "n_clusters": r.n_clusters,
                     "substantial": (int(sel.n_substantial[sel.index(r.k1, r.k2)])
                                     if sel.structure else 1),
                     "nmi": r.nmi, "ari": r.ari, "best_k1": k1, "best_k2": k2,
                     "best_n_clusters": int(sel.n_clusters[i, j]), "best_nmi": best_nmi,
                     "best_ari": best_ari, "nmi_ratio": r.nmi / best_nmi if best_nmi else None,
                     "ari_ratio": r.ari / best_ari if best_ari > 0 else None,
                     "learnable": best_ari >= LEARNABLE_ARI})
    return rows


def format_auto(rows):
    """`auto_rows` as text, one line per data set."""
    w = max([11] + [len(r["dataset"]) + 1 for r in rows])     # "breastcancer" needs 13
    lines = [f"{'dataset':<{w}}{'role':<9}{'k1':>4}{'k2':>4}{'clus':>6}{'ARI':>7}{'NMI':>7}   "
             f"{'best':>9}{'clus':>6}{'ARI':>7}{'NMI':>7}   {'ARI ratio':>9}{'NMI ratio':>10}"]
    for r in rows:
        ratio = "no structure" if not r["learnable"] else f"{r['ari_ratio']:.2f}"
        lines.append(f"{r['dataset']:<{w}}{r['role']:<9}{r['k1']:>4}{r['k2']:>4}"
                     f"{r['n_clusters']:>6}{r['ari']:>7.3f}{r['nmi']:>7.3f}   "
                     f"{'(' + str(r['best_k1']) + ', ' + str(r['best_k2']) + ')':>9}"
                     f"{r['best_n_clusters']:>6}{r['best_ari']:>7.3f}{r['best_nmi']:>7.3f}   "
                     f"{ratio:>9}{r['nmi_ratio']:>10.2f}")
    return "\n".join(lines)


def auto_targets(rows, share=0.9):
    """The targets of the automatic choice, on the seven real data sets (`AUTO_DATASETS`).

    Returns a dict: ``learnable`` (names), ``met`` (learnable names whose ARI
    ratio reaches ``share``), ``collapsed`` (learnable names whose choice has
    fewer than 2 substantial clusters).
    """
    learnable = [r for r in rows if r["dataset"] in AUTO_DATASETS and r["learnable"]]
    return {"learnable": [r["dataset"] for r in learnable],
            "met": [r["dataset"] for r in learnable if r["ari_ratio"] >= share],
            "collapsed": [r["dataset"] for r in learnable if r["substantial"] < 2]}
