"""The paper's Tables 2 (data sets) and 3 (results): k-modes against BinNNMS.

The PDF numbers its tables 1 (coding), 2 (data sets) and 3 (results); the
names here follow the PDF: `table2` (data sets, file ``table2.csv``) and
`table3` (results, file ``table3.csv``). k-modes ("10 runs"): ten runs with
``random_state`` 0..9, each a single start (``n_init=1``, Huang initialisation),
so the spread over the runs is the spread over initialisations; mean and
population std (ddof 0). k is the paper's, per data set and metric (Spect:
k = 47 for NMI, k = 2 for ARI). BinNNMS: the settings chosen on the sweep
(`table3_settings`), re-run over row orders (`binms_teach.experiments.orders`).
"""

from dataclasses import dataclass

import numpy as np
from tqdm.auto import tqdm

from .._validation import check_binary
from ..evaluation import paper
from ..evaluation.kmodes import KModes
from ..evaluation.metrics import ari, nmi
from .protocol import SEEDS, check_target

TABLE2_COLUMNS = ("dataset", "n", "d", "M", "paper_n", "paper_d", "paper_M")
TABLE3_COLUMNS = ("dataset", "method", "k", "k1", "k2", "n_clusters",
                  "nmi_mean", "nmi_std", "ari_mean", "ari_std", "neighbours", "orders")
# The methods of the paper's Table 3 (results), in the order printed for each data set.
METHODS = ("paper k-modes", "kmodes pkg recorded", "k-modes", "paper BinNNMS",
           "BinNNMS best NMI", "BinNNMS best ARI", "BinNNMS silhouette", "BinNNMS auto")


def table2(data):
    """The paper's Table 2 (data sets; file ``table2.csv``): our n, d, M beside the paper's.

    One dict per data set.

    Parameters
    ----------
    data : mapping name -> Bunch
    """
    rows = []
    for name, bunch in data.items():
        n, d = bunch.data.shape
        shape = paper.TABLE2[name]
        rows.append({"dataset": name, "n": n, "d": d, "M": len(np.unique(bunch.target)),
                     "paper_n": shape.n, "paper_d": shape.d, "paper_M": shape.M})
    return rows


class Spread:
    """Mean and population std (ddof 0) of the ``nmi`` and ``ari`` arrays of a set of runs."""

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


@dataclass
class KModesRuns(Spread):
    """Scores of k-modes runs, one per seed (``n_init`` starts each)."""

    k: int
    seeds: tuple
    nmi: np.ndarray
    ari: np.ndarray
    n_clusters: np.ndarray  # non-empty clusters of each run


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
    y = check_target(y, len(X))
    seeds = tuple(int(s) for s in seeds)
    if not seeds:
        raise ValueError("seeds is empty: give at least one seed, e.g. range(10).")
    scores = []
    for seed in tqdm(seeds, desc=desc or f"k-modes k={k}", disable=not progress):
        labels = KModes(n_clusters=k, n_init=n_init, random_state=seed).fit(X).labels_
        scores.append((nmi(y, labels), ari(y, labels), len(np.unique(labels))))
    a = np.array(scores)
    return KModesRuns(int(k), seeds, a[:, 0], a[:, 1], a[:, 2].astype(int))



def table3_settings(s):
    """The (k1, k2) of Table 3's BinNNMS rows, chosen on a `Sweep`: method -> setting or None."""
    return {"BinNNMS best NMI": s.best("nmi"), "BinNNMS best ARI": s.best("ari"),
            "BinNNMS silhouette": s.honest()}


def table3(names, kmodes, sweeps, orders=None, autos=None):
    """The paper's Table 3 (results; file ``table3.csv``) as rows of `TABLE3_COLUMNS`.

    The paper's figures beside ours. Each BinNNMS setting (best NMI, best ARI,
    silhouette, chosen on the sweep in the file's order) gives up to three rows:
    the "index" rule in the file's order (``orders`` 1), with ``orders`` given
    the "index" rule as mean +- std over the random row orders at the same
    setting (``orders``: how many; ``n_clusters``: their mean, to 1 decimal),
    and the "ball" rule at the same setting (order-free, one run).

    Parameters
    ----------
    names : sequence of data set names
    kmodes : mapping (name, k) -> KModesRuns, for every k of `paper.kmodes_ks`
    sweeps : mapping name -> Sweep
    orders : mapping name -> OrderRuns, optional
    autos : mapping name -> AutoResult, optional
        Adds the "BinNNMS auto" rows (the setting chosen without labels, on
        its own grid), with the same three rules as the other BinNNMS rows.

    Missing values are None: the paper gives no ARI for its Spect k = 47 row,
    no score for Car's "single class", no n_clusters for its BinNNMS;
    ``neighbours`` and ``orders`` are None for the k-modes and the paper's rows.
    """
    rows = []
    for name in names:
        ref = paper.TABLE3[name]
        for k in paper.kmodes_ks(name):
            rows.append(_row(name, "paper k-modes", k=k, nmi=paper.kmodes_score(name, "nmi", k),
                             ari=paper.kmodes_score(name, "ari", k)))
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
        runs = None if orders is None else orders.get(name)
        settings = table3_settings(s)
        auto = None if autos is None else autos.get(name)
        if auto is not None:
            settings["BinNNMS auto"] = (auto.k1, auto.k2)
        for method, setting in settings.items():
            if setting is None:
                continue
            k1, k2 = setting
            sc = auto.scores() if method == "BinNNMS auto" else s.scores(k1, k2)
            rows.append(_row(name, method, k1=k1, k2=k2, n_clusters=sc["n_clusters"],
                             nmi=paper.Score(sc["nmi"]), ari=paper.Score(sc["ari"]),
                             neighbours="index", orders=1))
            if runs is None:
                continue
            for rule, r in (("index", runs.index[setting]), ("ball", runs.ball[setting])):
                clusters = r.n_clusters[0] if rule == "ball" else \
                    round(float(np.mean(r.n_clusters)), 1)
                rows.append(_row(name, method, k1=k1, k2=k2, n_clusters=clusters,
                                 nmi=paper.Score(r.nmi_mean, r.nmi_std),
                                 ari=paper.Score(r.ari_mean, r.ari_std),
                                 neighbours=rule, orders=len(r.nmi)))
    return rows


def _row(dataset, method, k=None, k1=None, k2=None, n_clusters=None, nmi=None, ari=None,
         neighbours=None, orders=None):
    return {"dataset": dataset, "method": method, "k": k, "k1": k1, "k2": k2,
            "n_clusters": n_clusters,
            "nmi_mean": None if nmi is None else nmi.mean,
            "nmi_std": None if nmi is None else nmi.std,
            "ari_mean": None if ari is None else ari.mean,
            "ari_std": None if ari is None else ari.std,
            "neighbours": neighbours, "orders": orders}

