"""The paper's experiments (Section 4): Table 1, Table 2, Figures 1-3, the quantization error.

``python -m binms_teach reproduce`` runs them all; notebooks 08-11 run them step by
step and explain every difference from the paper. The paper leaves the protocol
open; the choices made here (each notebook says why):

* Data: `binms_teach.datasets`, coded as the paper's text describes (Car: additive coding).
* k-modes ("10 runs"): ten runs with ``random_state`` 0..9, each a single start
  (``n_init=1``, Huang initialisation), so the spread over the runs is the spread
  over initialisations; mean and population std (ddof 0). k is the paper's, per
  data set and metric (Spect: k = 47 for NMI, k = 2 for ARI).
* BinNNMS: the package defaults (tie "one", epsilon measured on the modes), one
  deterministic run per (k1, k2), scored on a grid (the sweep of Figure 1), and
  two ways of choosing (k1, k2) from it:

  (a) *best of the sweep*: the setting with the highest NMI (or ARI) against the
      true labels. This is what the paper's Figure 1 suggests it did; it is
      optimistic, since the labels are not known when clustering for real.
  (b) *silhouette*, an honest choice: the setting whose clusters have the largest
      mean silhouette (Hamming distance on the data), among the settings with at
      least 2 and at most n/4 clusters (on average at least four samples per
      cluster; more clusters than that is a fragmentation, not a clustering).
      No label is used.

* The sweep runs ONE ascent per k1 and labels its modes for every k2. k1 = 0 is
  the paper's "labelling without the ascent": epsilon-proximity on the data
  themselves (the same as k1 = 1, where maj(NN_1(x)) = x). Hamming distances are
  whole numbers, so H <= epsilon is H <= floor(epsilon): the k2 values whose
  epsilon has the same floor share one labelling, computed once.
* Figure 2 (quantization error along the ascent), see `quantization_curves`.
* Figure 3: the Digits images are 16 rows x 15 columns, row-major
  (``x.reshape(16, 15)``); the paper calls them "15 x 16".

Everything is seeded and deterministic; long loops show a tqdm.auto progress bar
(a widget in Jupyter, text in a terminal) when ``progress=True``.
"""

import math
from dataclasses import dataclass, field

import numpy as np
from sklearn.metrics import silhouette_score
from tqdm.auto import tqdm

from . import datasets, paper
from ._validation import check_binary, check_int, check_neighbours, check_tie
from .ascent import _bga
from .hamming import hamming
from .kmodes import KModes
from .labelling import epsilon_from_k2, epsilon_proximity
from .majority import majority_vote
from .metrics import ari, nmi, quantization_error
from .trace import LabellingModel

DATASETS = paper.DATASETS
QUICK_DATASETS = ("zoo", "soybean", "spect")
SEEDS = tuple(range(10))
QUICK_SEEDS = (0, 1, 2)

# The (k1, k2) grid of the sweep. It holds the paper's Digits setting (10, 25) and
# the best settings found on a much wider grid (k1 up to 400, k2 up to 400).
GRID = ((0, 2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20, 25, 30),
        (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50))
# Digits, where an ascent costs most: a coarser grid that still holds its best settings.
DIGITS_GRID = ((0, 3, 5, 8, 10, 12, 15, 20), (2, 5, 10, 15, 20, 25, 30, 40, 50))
# Car's modes barely move and its labellings are slow (1728 distinct modes): a small grid.
SMALL_GRID = ((0, 2, 5, 10, 20), (1, 2, 5, 10, 20))
QUICK_GRID = ((0, 3, 5, 7, 10), (2, 5, 10, 20))
# The honest choice considers settings with 2 to n/4 clusters (see the module docstring).
HONEST_MAX_FRACTION = 0.25
# k1 values of Figure 2.
CURVE_K1 = (5, 10, 20)
QUICK_CURVE_K1 = (5, 10)

TABLE1_COLUMNS = ("dataset", "n", "d", "M", "paper_n", "paper_d", "paper_M")
TABLE2_COLUMNS = ("dataset", "method", "k", "k1", "k2", "n_clusters",
                  "nmi_mean", "nmi_std", "ari_mean", "ari_std")
# The methods of Table 2, in the order printed for each data set.
METHODS = ("paper k-modes", "kmodes pkg recorded", "k-modes", "paper BinNNMS",
           "BinNNMS best NMI", "BinNNMS best ARI", "BinNNMS silhouette")


def check_datasets(names):
    """The data set names as a tuple, checked against the paper's five.

    Examples
    --------
    >>> check_datasets(["zoo", "Car"])
    ('zoo', 'car')
    >>> check_datasets(["iris"])
    Traceback (most recent call last):
    ...
    ValueError: Unknown data set 'iris': choose from digits, zoo, soybean, spect, car.
    """
    if isinstance(names, str):
        names = [names]
    out = []
    for name in names:
        key = str(name).lower()
        if key not in DATASETS:
            raise ValueError(f"Unknown data set {name!r}: choose from {', '.join(DATASETS)}.")
        if key not in out:
            out.append(key)
    if not out:
        raise ValueError(f"No data set given: choose from {', '.join(DATASETS)}.")
    return tuple(out)


def load(name):
    """The data set ``name`` as the paper codes it (a `sklearn.utils.Bunch`)."""
    (name,) = check_datasets([name])
    if name == "car":
        return datasets.load_car(coding="additive")
    return getattr(datasets, f"load_{name}")()


def grid(name, quick=False):
    """The (k1 values, k2 values) swept on data set ``name``.

    Examples
    --------
    >>> grid("zoo", quick=True)
    ((0, 3, 5, 7, 10), (2, 5, 10, 20))
    """
    if quick:
        return QUICK_GRID
    return {"digits": DIGITS_GRID, "car": SMALL_GRID}.get(name, GRID)


# ---------------------------------------------------------------- Table 1


def table1(data):
    """Table 1: our n, d, M beside the paper's, one dict per data set.

    Parameters
    ----------
    data : mapping name -> Bunch
    """
    rows = []
    for name, bunch in data.items():
        n, d = bunch.data.shape
        shape = paper.TABLE1[name]
        rows.append({"dataset": name, "n": n, "d": d, "M": len(np.unique(bunch.target)),
                     "paper_n": shape.n, "paper_d": shape.d, "paper_M": shape.M})
    return rows


# ---------------------------------------------------------------- k-modes


@dataclass
class KModesRuns:
    """Scores of k-modes runs, one per seed (``n_init`` starts each)."""

    k: int
    seeds: tuple
    nmi: np.ndarray
    ari: np.ndarray
    n_clusters: np.ndarray  # non-empty clusters of each run

    @property
    def nmi_mean(self):
        return float(np.mean(self.nmi))

    @property
    def nmi_std(self):
        return float(np.std(self.nmi))

    @property
    def ari_mean(self):
        return float(np.mean(self.ari))

    @property
    def ari_std(self):
        return float(np.std(self.ari))


def kmodes_runs(X, y, k, seeds=SEEDS, *, n_init=1, progress=False, desc=None):
    """k-modes ``len(seeds)`` times, ``random_state`` = each seed, scored against ``y``.

    Examples
    --------
    >>> X = [[1, 1, 0], [1, 1, 1], [0, 0, 1], [0, 0, 0]]
    >>> runs = kmodes_runs(X, [0, 0, 1, 1], k=2, seeds=(0, 1))
    >>> runs.nmi.tolist(), runs.n_clusters.tolist()  # seed 1 starts badly and stays there
    ([1.0, 0.0], [2, 2])
    """
    X = check_binary(X)
    y = _check_target(y, len(X))
    seeds = tuple(int(s) for s in seeds)
    if not seeds:
        raise ValueError("seeds is empty: give at least one seed, e.g. range(10).")
    scores = []
    for seed in tqdm(seeds, desc=desc or f"k-modes k={k}", disable=not progress):
        labels = KModes(n_clusters=k, n_init=n_init, random_state=seed).fit(X).labels_
        scores.append((nmi(y, labels), ari(y, labels), len(np.unique(labels))))
    a = np.array(scores)
    return KModesRuns(int(k), seeds, a[:, 0], a[:, 1], a[:, 2].astype(int))


# ---------------------------------------------------------------- the (k1, k2) sweep


@dataclass
class Sweep:
    """BinNNMS scored over a grid of (k1, k2): the data of Figure 1.

    Arrays are indexed ``[i, j]`` for ``k1s[i]``, ``k2s[j]``; ``labels[i, j]``
    holds the cluster of every sample. ``silhouette`` is NaN outside the
    settings `honest` considers (2 to n/4 clusters).
    """

    k1s: tuple
    k2s: tuple
    nmi: np.ndarray
    ari: np.ndarray
    n_clusters: np.ndarray
    epsilon: np.ndarray
    silhouette: np.ndarray
    labels: np.ndarray = field(repr=False)

    def index(self, k1, k2):
        return self.k1s.index(k1), self.k2s.index(k2)

    def scores(self, k1, k2):
        """The scores of one setting, as a dict."""
        i, j = self.index(k1, k2)
        return {"k1": k1, "k2": k2, "n_clusters": int(self.n_clusters[i, j]),
                "epsilon": float(self.epsilon[i, j]), "nmi": float(self.nmi[i, j]),
                "ari": float(self.ari[i, j]), "silhouette": float(self.silhouette[i, j])}

    def best(self, metric="nmi"):
        """(k1, k2) with the highest ``metric`` ("nmi" or "ari") against the true labels.

        Optimistic: the true labels choose the parameters. Ties go to the first
        setting in grid order (smaller k1, then smaller k2).
        """
        if metric not in ("nmi", "ari"):
            raise ValueError(f"metric={metric!r}: use 'nmi' or 'ari'.")
        i, j = np.unravel_index(np.argmax(getattr(self, metric)), self.nmi.shape)
        return self.k1s[i], self.k2s[j]

    def honest(self):
        """(k1, k2) with the largest silhouette, among the settings with 2 to n/4 clusters.

        No label is used. Ties go to the first setting in grid order. Returns
        None when no setting qualifies (or the silhouette was not computed).
        """
        ok = np.isfinite(self.silhouette)
        if not ok.any():
            return None
        score = np.where(ok, self.silhouette, -np.inf)
        i, j = np.unravel_index(np.argmax(score), score.shape)
        return self.k1s[i], self.k2s[j]


def ascent_modes(X, k1, tie="one", max_iter=100, neighbours="index"):
    """The final iterates of the ascent of every sample; k1 = 0 means no ascent (X itself)."""
    if k1 == 0:
        return X.copy()
    return _bga(X, X.copy(), k1, max_iter, tie, neighbours=neighbours)[0]


def sweep(X, y, k1s, k2s, *, tie="one", epsilon_from="modes", max_iter=100,
          neighbours="index", silhouette=True, progress=False, desc="sweep"):
    """Score BinNNMS(k1, k2) for every k1 in ``k1s`` and k2 in ``k2s``.

    One ascent per k1 serves every k2: epsilon_from_k2 and epsilon_proximity
    are all that change with k2. The labels equal those of
    ``BinNNMS(k1, k2, tie=tie, epsilon_from=epsilon_from, neighbours=neighbours).fit(X)``
    (k1 = 0: no ascent, the same as k1 = 1).

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
    y : array-like of shape (n,)
        The true classes, for NMI and ARI only.
    k1s : sequence of int in [0, n]
    k2s : sequence of int in [1, n - 1]
    tie, epsilon_from, max_iter, neighbours : as in `BinNNMS`
    silhouette : bool, default True
        Also compute the silhouette (Hamming distance on the data) of every
        labelling with 2 to n/4 clusters, for `Sweep.honest`.
    progress : bool, default False
        Show a progress bar over k1.

    Returns
    -------
    Sweep

    Examples
    --------
    >>> X = [[1, 1, 1, 0, 0, 0], [1, 1, 1, 0, 0, 1], [1, 1, 0, 0, 0, 0], [0, 1, 1, 0, 0, 0],
    ...      [0, 0, 0, 1, 1, 1], [1, 0, 0, 1, 1, 1], [0, 0, 0, 0, 1, 1], [0, 0, 0, 1, 1, 0]]
    >>> s = sweep(X, [0, 0, 0, 0, 1, 1, 1, 1], k1s=[0, 3], k2s=[1, 2])
    >>> s.n_clusters.tolist(), s.nmi.tolist(), s.best("nmi")
    ([[2, 2], [2, 2]], [[1.0, 1.0], [1.0, 1.0]], (0, 1))
    """
    X = check_binary(X)
    n = len(X)
    y = _check_target(y, n)
    k1s = tuple(check_int(k, "k1", 0, n, f"k1 counts neighbours among the {n} samples "
                                         "(0: no ascent).") for k in k1s)
    k2s = tuple(check_int(k, "k2", 1, n - 1, f"k2 ranks the other samples, so at most "
                                            f"n - 1 = {n - 1}.") for k in k2s)
    if not k1s or not k2s:
        raise ValueError("k1s and k2s must each hold at least one value.")
    if len(set(k1s)) < len(k1s) or len(set(k2s)) < len(k2s):
        raise ValueError("k1s and k2s must not repeat a value.")
    tie = check_tie(tie)
    neighbours = check_neighbours(neighbours)
    if epsilon_from not in ("modes", "data"):
        raise ValueError(f"epsilon_from={epsilon_from!r}: use 'modes' or 'data'.")
    D = hamming(X) if silhouette else None
    shape = (len(k1s), len(k2s))
    out = {name: np.full(shape, np.nan) for name in ("nmi", "ari", "epsilon", "silhouette")}
    n_clusters = np.zeros(shape, dtype=np.int64)
    labels = np.zeros(shape + (n,), dtype=np.int64)
    for i, k1 in enumerate(tqdm(k1s, desc=desc, disable=not progress)):
        modes = ascent_modes(X, k1, tie, max_iter, neighbours)  # 1. one ascent per k1
        # The distances between the distinct modes, computed once for every k2.
        model = LabellingModel(modes, X=X if epsilon_from == "data" else None, y=y)
        done = {}                                           # floor(epsilon) -> j
        for j, k2 in enumerate(k2s):
            eps = model.epsilon(k2, epsilon_from)           # 2. epsilon from k2
            out["epsilon"][i, j] = eps
            key = math.floor(eps)
            if key not in done:
                done[key] = j
                state = model.state(epsilon=eps)            # 3. epsilon-proximity labelling
                labels[i, j], n_clusters[i, j] = state.labels, state.n_clusters
                out["nmi"][i, j], out["ari"][i, j] = state.nmi, state.ari
                if D is not None and 2 <= state.n_clusters <= HONEST_MAX_FRACTION * n:
                    out["silhouette"][i, j] = silhouette_score(D, state.labels,
                                                               metric="precomputed")
                continue
            jj = done[key]
            labels[i, j], n_clusters[i, j] = labels[i, jj], n_clusters[i, jj]
            for name in ("nmi", "ari", "silhouette"):
                out[name][i, j] = out[name][i, jj]
    return Sweep(k1s, k2s, out["nmi"], out["ari"], n_clusters, out["epsilon"],
                 out["silhouette"], labels)


# ---------------------------------------------------------------- Figure 2


@dataclass
class QuantizationCurves:
    """The quantization error (Eq. 8) of the iterates x_{l,j} at every iteration j.

    ``target[j]``: with respect to the target prototypes, the median centres of
    the true classes computed on the data (fixed). ``found[j]``: with respect to
    the intermediate median centres of the clusters found at iteration j
    (epsilon-proximity with epsilon from k2, both on the iterates).
    ``true_intermediate[j]``: with respect to the median centres of the true
    classes computed on the iterates at j (the paper's "M modes ... using
    ground truth"). ``n_found[j]``: the clusters found at j.
    """

    k1: int
    k2: int
    target: np.ndarray
    found: np.ndarray
    true_intermediate: np.ndarray
    n_found: np.ndarray


def quantization_curves(X, y, k1, k2, *, tie="one", max_iter=100, neighbours="index"):
    """Figure 2: the quantization error along the ascent, for one k1.

    The paper's caption and text disagree on which column is which, and leave
    open whether the "data points" are the original samples (then the error
    with respect to fixed prototypes would not change) or the iterates. Here
    both errors are measured on the iterates x_{l,j} (the recorded history of
    the ascent), iteration j = 0 being the data:

    * left, ``target``: (1/n) sum_l H(x_{l,j}, w_{y_l}), w_m the median centre
      of true class m in the data;
    * right, ``found``: (1/n) sum_l H(x_{l,j}, w_{c_l}), where c is the
      labelling of the iterates at j (epsilon from k2 on those iterates) and w_c
      the median centre of the iterates in cluster c. ``true_intermediate``
      is the other reading: the same with the true classes as the groups.

    Iteration j runs from 0 to the last move of any sample.

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
    >>> c = quantization_curves(X, [0, 0, 1, 1], k1=3, k2=1)
    >>> c.target.tolist(), c.found.tolist(), c.n_found.tolist()
    ([0.5, 0.5], [1.0, 0.0], [1, 2])
    """
    X = check_binary(X)
    y = _check_target(y, len(X))
    k1 = check_int(k1, "k1", 1, len(X), f"k1 counts neighbours among the {len(X)} samples.")
    k2 = check_int(k2, "k2", 1, len(X) - 1, f"k2 is at most n - 1 = {len(X) - 1}.")
    tie = check_tie(tie)
    history = _bga(X, X.copy(), k1, max_iter, tie, record=True,
                   neighbours=check_neighbours(neighbours))[3]
    # The last recorded round only confirms the fixed points: drop repeated states.
    last = len(history) - 1
    while last > 0 and np.array_equal(history[last], history[last - 1]):
        last -= 1
    history = history[: last + 1]
    targets = {c: majority_vote(X[y == c]) for c in np.unique(y)}
    target, found, true_inter, n_found = [], [], [], []
    for Xj in history:
        target.append(quantization_error(Xj, y, targets))
        true_inter.append(quantization_error(Xj, y))
        labels = epsilon_proximity(Xj, epsilon_from_k2(Xj, k2))
        found.append(quantization_error(Xj, labels))
        n_found.append(labels.max() + 1)
    return QuantizationCurves(k1, k2, np.array(target), np.array(found), np.array(true_inter),
                              np.array(n_found))


# ---------------------------------------------------------------- Figure 3


def prototypes(X, y, labels, n=10):
    """The median centres of the ``n`` largest clusters, ordered by their majority class.

    Returns
    -------
    list of dict
        ``centre`` (d,), ``majority`` (the most common true class, lowest on
        ties), ``size``, ``purity`` (share of the majority class), ordered by
        majority class, then by decreasing size.

    Examples
    --------
    >>> X = [[1, 1], [1, 0], [0, 0]]
    >>> [(p["centre"].tolist(), p["size"]) for p in prototypes(X, [0, 0, 1], [0, 0, 1], n=1)]
    [([1, 1], 2)]
    """
    X = check_binary(X)
    y = _check_target(y, len(X))
    labels = np.asarray(labels)
    names, sizes = np.unique(labels, return_counts=True)
    order = np.argsort(-sizes, kind="stable")[:n]
    out = []
    for c in names[order]:
        members = labels == c
        classes, counts = np.unique(y[members], return_counts=True)
        out.append({"centre": majority_vote(X[members]), "majority": classes[np.argmax(counts)],
                    "size": int(members.sum()), "purity": float(counts.max() / members.sum())})
    out.sort(key=lambda p: (p["majority"], -p["size"]))
    return out


# ---------------------------------------------------------------- the whole reproduction


@dataclass
class Reproduction:
    """Everything `reproduce` computed, per data set."""

    names: tuple
    quick: bool
    data: dict
    kmodes: dict                 # (name, k) -> KModesRuns
    sweeps: dict                 # name -> Sweep
    curves: dict                 # name -> list of QuantizationCurves
    digits: dict | None = None   # Figure 3: prototypes of k-modes and of BinNNMS


def reproduce(names=None, *, quick=False, progress=True):
    """Run the paper's experiments on ``names`` (default: all five; quick: three small ones).

    ``quick`` uses small grids, three k-modes seeds and two k1 values for Figure 2.
    """
    names = check_datasets(names if names is not None else
                           (QUICK_DATASETS if quick else DATASETS))
    seeds = QUICK_SEEDS if quick else SEEDS
    data = {name: load(name) for name in names}
    kmodes, sweeps, curves = {}, {}, {}
    digits = None
    for name in names:
        X, y = data[name].data, data[name].target
        for k in paper.kmodes_ks(name):
            kmodes[name, k] = kmodes_runs(X, y, k, seeds, progress=progress,
                                          desc=f"{name}: k-modes k={k}")
        k1s, k2s = grid(name, quick)
        sweeps[name] = sweep(X, y, k1s, k2s, progress=progress, desc=f"{name}: sweep")
        if name == "car":
            continue  # the paper has no Figure 2 for Car
        k2 = sweeps[name].best("nmi")[1]
        curves[name] = [quantization_curves(X, y, k1, k2)
                        for k1 in tqdm(QUICK_CURVE_K1 if quick else CURVE_K1,
                                       desc=f"{name}: Figure 2", disable=not progress)]
        if name == "digits":
            k1, k2 = sweeps[name].best("nmi")
            i, j = sweeps[name].index(k1, k2)
            digits = digit_prototypes(X, y, sweeps[name].labels[i, j], k1, k2)
    return Reproduction(names, quick, data, kmodes, sweeps, curves, digits)


def digit_prototypes(X, y, binnnms_labels, k1, k2, *, seed=0):
    """Figure 3: ten prototypes of k-modes (k = 10, best of 10 starts) and of BinNNMS.

    ``binnnms_labels`` are the labels of BinNNMS(k1, k2) on X; its prototypes
    are the median centres of its ten largest clusters.
    """
    model = KModes(n_clusters=10, n_init=10, random_state=seed).fit(X)
    return {"kmodes": prototypes(X, y, model.labels_), "kmodes_nmi": nmi(y, model.labels_),
            "binnnms": prototypes(X, y, binnnms_labels), "k1": k1, "k2": k2,
            "binnnms_nmi": nmi(y, binnnms_labels),
            "binnnms_clusters": len(np.unique(binnnms_labels))}


def table2(names, kmodes, sweeps):
    """Table 2 as rows of `TABLE2_COLUMNS`: the paper's figures beside ours.

    Parameters
    ----------
    names : sequence of data set names
    kmodes : mapping (name, k) -> KModesRuns, for every k of `paper.kmodes_ks`
    sweeps : mapping name -> Sweep

    Missing values are None: the paper gives no ARI for its Spect k = 47 row,
    no score for Car's "single class", no n_clusters for its BinNNMS.
    """
    rows = []
    for name in names:
        ref = paper.TABLE2[name]
        for k in paper.kmodes_ks(name):
            s_nmi = ref.kmodes_nmi if k == ref.kmodes_nmi_k else None
            s_ari = ref.kmodes_ari if k == ref.kmodes_ari_k else None
            rows.append(_row(name, "paper k-modes", k=k, nmi=s_nmi, ari=s_ari))
        k, s_nmi, s_ari, _ = paper.KMODES_PACKAGE[name]
        rows.append(_row(name, "kmodes pkg recorded", k=k, nmi=s_nmi, ari=s_ari))
        for k in paper.kmodes_ks(name):
            r = kmodes[name, k]
            # The mean number of non-empty clusters over the runs, to 1 decimal.
            clusters = round(float(np.mean(r.n_clusters)), 1)
            rows.append(_row(name, "k-modes", k=k, n_clusters=clusters,
                             nmi=paper.Score(r.nmi_mean, r.nmi_std),
                             ari=paper.Score(r.ari_mean, r.ari_std)))
        rows.append(_row(name, "paper BinNNMS", n_clusters=1 if ref.binnnms_nmi is None else None,
                         nmi=ref.binnnms_nmi, ari=ref.binnnms_ari))
        s = sweeps[name]
        for method, setting in (("BinNNMS best NMI", s.best("nmi")),
                                ("BinNNMS best ARI", s.best("ari")),
                                ("BinNNMS silhouette", s.honest())):
            if setting is None:
                continue
            sc = s.scores(*setting)
            rows.append(_row(name, method, k1=setting[0], k2=setting[1],
                             n_clusters=sc["n_clusters"], nmi=paper.Score(sc["nmi"]),
                             ari=paper.Score(sc["ari"])))
    return rows


def _row(dataset, method, k=None, k1=None, k2=None, n_clusters=None, nmi=None, ari=None):
    return {"dataset": dataset, "method": method, "k": k, "k1": k1, "k2": k2,
            "n_clusters": n_clusters,
            "nmi_mean": None if nmi is None else nmi.mean,
            "nmi_std": None if nmi is None else nmi.std,
            "ari_mean": None if ari is None else ari.mean,
            "ari_std": None if ari is None else ari.std}


# ---------------------------------------------------------------- text and CSV


def cell(value):
    """A table value as text: '' for None, integers as such, other numbers with 3 decimals.

    Examples
    --------
    >>> cell(None), cell(0.87951), cell(7)
    ('', '0.880', '7')
    """
    if value is None:
        return ""
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    return f"{value:.3f}"


def csv_cell(column, value):
    """The CSV text of one value: scores with 3 decimals, like the paper and the printout."""
    if column == "n_clusters" and value is not None:
        return f"{value:g}"
    return cell(value)


def format_table1(rows):
    """Table 1 as text; a '*' marks a value that differs from the paper's."""
    lines = [f"{'dataset':<9}{'n':>6}{'d':>6}{'M':>5}   {'paper n':>8}{'paper d':>8}"
             f"{'paper M':>8}"]
    for r in rows:
        marks = {c: ("*" if r[c] != r[f"paper_{c}"] else " ") for c in ("n", "d", "M")}
        lines.append(f"{r['dataset']:<9}{r['n']:>5}{marks['n']}{r['d']:>5}{marks['d']}"
                     f"{r['M']:>4}{marks['M']}   {r['paper_n']:>8}{r['paper_d']:>8}"
                     f"{r['paper_M']:>8}")
    return "\n".join(lines)


def format_score(mean, std):
    """'0.880 ± 0.011', or '-' when there is no score."""
    return "-" if mean is None else f"{mean:.3f} ± {std:.3f}"


def format_table2(rows):
    """Table 2 as text, one line per row of `table2` (the paper's rows beside ours)."""
    head = (f"{'dataset':<9}{'method':<20}{'k':>4}{'k1':>5}{'k2':>5}{'clusters':>9}"
            f"   {'NMI':<15}ARI")
    lines = [head]
    for r in rows:
        nc = "" if r["n_clusters"] is None else f"{r['n_clusters']:g}"
        lines.append(f"{r['dataset']:<9}{r['method']:<20}{cell(r['k']):>4}{cell(r['k1']):>5}"
                     f"{cell(r['k2']):>5}{nc:>9}   "
                     f"{format_score(r['nmi_mean'], r['nmi_std']):<15}"
                     f"{format_score(r['ari_mean'], r['ari_std']):<15}".rstrip())
    return "\n".join(lines)


def to_csv(rows, columns):
    """Rows as CSV text with exactly ``columns`` (no value here needs quoting)."""
    lines = [",".join(columns)]
    lines += [",".join(csv_cell(c, r[c]) if c not in ("dataset", "method") else r[c]
                       for c in columns) for r in rows]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- figures


def plot_sweep(s, axes, title=""):
    """Figure 1 for one data set: heatmaps of NMI and ARI over (k1, k2) on two axes."""
    for ax, metric in zip(axes, ("nmi", "ari"), strict=True):
        values = getattr(s, metric)
        im = ax.imshow(values, origin="lower", aspect="auto", cmap="viridis",
                       vmin=0 if metric == "nmi" else min(0.0, float(np.nanmin(values))),
                       vmax=1)
        ax.set_xticks(range(len(s.k2s)), [str(k) for k in s.k2s], fontsize=7)
        ax.set_yticks(range(len(s.k1s)), [str(k) for k in s.k1s], fontsize=7)
        ax.set_xlabel("k2")
        ax.set_ylabel("k1 (0: no ascent)")
        i, j = s.index(*s.best(metric))
        ax.plot(j, i, marker="*", color="red", markersize=10)
        ax.set_title(f"{title} {metric.upper()} (best {values[i, j]:.3f} at k1={s.k1s[i]}, "
                     f"k2={s.k2s[j]})".strip(), fontsize=9)
        ax.figure.colorbar(im, ax=ax)


def plot_curves(curves, axes, title=""):
    """Figure 2 for one data set: left the target error, right the intermediate error."""
    left, right = axes
    for c, color in zip(curves, ("C0", "C1", "C2", "C3", "C4"), strict=False):
        steps = np.arange(len(c.target))
        left.plot(steps, c.target, marker=".", color=color, label=f"k1={c.k1}")
        right.plot(steps, c.found, marker=".", color=color, label=f"k1={c.k1}: clusters found")
        right.plot(steps, c.true_intermediate, linestyle="--", color=color,
                   label=f"k1={c.k1}: true classes")
    left.set_title(f"{title}: error to the target prototypes".strip(": "), fontsize=9)
    right.set_title(f"{title}: error to the intermediate centres (k2={curves[0].k2})"
                    .strip(": "), fontsize=9)
    from matplotlib.ticker import MaxNLocator

    for ax in axes:
        ax.set_xlabel("iteration j")
        ax.set_ylabel("quantization error")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.legend(fontsize=7)


def plot_prototypes(protos, axes, shape=(16, 15)):
    """Figure 3: each prototype as a 16 x 15 image, titled with its majority digit and size."""
    axes = list(axes)  # may be an iterator such as ``axes.flat``
    for ax, p in zip(axes, protos, strict=False):
        ax.imshow(p["centre"].reshape(shape), cmap="gray_r", vmin=0, vmax=1)
        ax.set_title(f"{p['majority']} (n={p['size']})", fontsize=8)
    for ax in axes:
        ax.set_axis_off()


def figure1(sweeps):
    """Figure 1: rows of NMI and ARI heatmaps, from a mapping name -> Sweep (Car left out,
    as in the paper, unless it is the only one)."""
    names = [n for n in sweeps if n != "car"] or list(sweeps)
    return _figure_rows(names, 3.6, lambda row, name: plot_sweep(sweeps[name], row,
                                                                 paper.TITLES[name]))


def figure2(curves):
    """Figure 2, from a mapping name -> list of QuantizationCurves: one row per data set."""
    return _figure_rows(list(curves), 3.4, lambda row, name: plot_curves(curves[name], row,
                                                                         paper.TITLES[name]))


def _figure_rows(names, height, draw):
    """A figure with one row of two panels per data set, each drawn by ``draw(row, name)``."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(len(names), 2, figsize=(12, height * len(names)), squeeze=False)
    for row, name in zip(axes, names, strict=True):
        draw(row, name)
    fig.tight_layout()
    return fig


def figure3(protos):
    """Figure 3: the Digits prototypes of k-modes (top) and of BinNNMS (bottom)."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(2, 10, figsize=(12, 3.2))
    plot_prototypes(protos["kmodes"], axes[0])
    plot_prototypes(protos["binnnms"], axes[1])
    fig.text(0.01, 0.75, f"k-modes\nk=10\nNMI {protos['kmodes_nmi']:.3f}", fontsize=8)
    fig.text(0.01, 0.25, f"BinNNMS\nk1={protos['k1']}, k2={protos['k2']}\n"
                         f"{protos['binnnms_clusters']} clusters\nNMI "
                         f"{protos['binnnms_nmi']:.3f}", fontsize=8)
    fig.subplots_adjust(left=0.09)
    return fig


def _check_target(y, n):
    y = np.asarray(y)
    if y.shape != (n,):
        raise ValueError(f"y has shape {y.shape}; give one true class per sample, shape ({n},).")
    return y
