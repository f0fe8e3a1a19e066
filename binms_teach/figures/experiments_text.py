"""What the figures say: their text alternatives and the numbers behind them.

Each function reads the data a figure of `binms_teach.figures.experiments` draws and writes
it out as text: the alternative a reader gets in place of the picture (what it shows, what to
see in it, the numbers of the computation, rounded so the text is the same on every machine)
and the table of the plotted numbers. The rows of Table 3 are read here too
(`result_value`, `series_name`), so that the picture and its text cannot disagree.
"""

import numpy as np

from ..evaluation import paper
from .common import listed, rounded


def figure1_names(sweeps):
    return [n for n in sweeps if n != "car"] or list(sweeps)


def figure1_alt(sweeps):
    """The text alternative of Figure 1, from the sweeps it draws.

    Examples
    --------
    >>> from binms_teach.experiments import Sweep
    >>> s = Sweep((0, 3), (1, 2), np.array([[0.2, 0.1], [0.6, 0.4]]),
    ...           np.array([[0.1, 0.0], [0.5, 0.3]]), np.array([[9, 5], [3, 2]]),
    ...           np.ones((2, 2)), np.full((2, 2), np.nan), np.zeros((2, 2, 4), dtype=int))
    >>> print(figure1_alt({"zoo": s}))  # doctest: +NORMALIZE_WHITESPACE
    Heat maps of the NMI (left) and the ARI (right) of BinNNMS over k1 (up, 0: no ascent)
    and k2 (across), one row for Zoo; brighter is better and a star marks the best. Zoo:
    best NMI 0.600 at (k1, k2) = (3, 1) with 3 clusters, best ARI 0.500 at (3, 1); without
    the ascent (k1 = 0) the NMI reaches 0.200.
    """
    names = figure1_names(sweeps)
    titles = [paper.TITLES.get(n, n) for n in names]
    parts = [f"Heat maps of the NMI (left) and the ARI (right) of BinNNMS over k1 (up, 0: no "
             f"ascent) and k2 (across), one row for {listed(titles)}; brighter is better and a "
             f"star marks the best."]
    for name in names:
        s = sweeps[name]
        bn, ba = s.scores(*s.best("nmi")), s.scores(*s.best("ari"))
        text = (f"{paper.TITLES.get(name, name)}: best NMI {rounded(bn['nmi'])} at (k1, k2) = "
                f"({bn['k1']}, {bn['k2']}) with {bn['n_clusters']} clusters, best ARI "
                f"{rounded(ba['ari'])} at ({ba['k1']}, {ba['k2']})")
        if 0 in s.k1s:
            text += (f"; without the ascent (k1 = 0) the NMI reaches "
                     f"{rounded(np.max(s.nmi[s.k1s.index(0)]))}")
        ascents = [i for i, k1 in enumerate(s.k1s) if k1 > 0]
        if len(ascents) > 1:  # where the band of good settings starts and ends
            lo, hi = ascents[0], ascents[-1]
            text += (f"; the k2 of the best NMI is {s.k2s[int(np.argmax(s.nmi[lo]))]} at k1 = "
                     f"{s.k1s[lo]} and {s.k2s[int(np.argmax(s.nmi[hi]))]} at k1 = {s.k1s[hi]}")
        parts.append(text + ".")
    return " ".join(parts)


def figure1_numbers(sweeps, names):
    """The heat maps as a table: one row per data set, score and k1, one column per k2."""
    k2s = sorted({int(k2) for name in names for k2 in sweeps[name].k2s})
    cols = {"data set": [], "score": [], "k1": []} | {f"k2 = {k2}": [] for k2 in k2s}
    for name in names:
        s = sweeps[name]
        for metric in ("nmi", "ari"):
            values = getattr(s, metric)
            for i, k1 in enumerate(s.k1s):
                cols["data set"].append(paper.TITLES.get(name, name))
                cols["score"].append(metric.upper())
                cols["k1"].append(int(k1))
                for k2 in k2s:
                    cols[f"k2 = {k2}"].append(float(values[i, s.k2s.index(k2)])
                                              if k2 in s.k2s else None)
    return cols


def figure2_alt(curves):
    """The text alternative of Figure 2, from the curves it draws.

    Examples
    --------
    >>> from binms_teach.experiments import QuantizationCurves
    >>> c = QuantizationCurves(5, 20, np.array([1.6, 1.2, 1.26]), np.array([5.3, 1.4]),
    ...                        np.array([1.5, 1.1]), np.array([2, 5]))
    >>> print(figure2_alt({"zoo": [c]}))  # doctest: +NORMALIZE_WHITESPACE
    The quantization error along the ascent, one row for Zoo, one line per k1: left, the
    error of the iterates to the target prototypes (the median centres of the true
    classes); right, to the centres of the clusters found at each iteration (solid) and
    of the true classes (dashed). Zoo, error to the targets from the start to the end:
    1.60 to 1.26 bits for k1 = 5; to the clusters found: 5.30 to 1.40 (k2 = 20).
    """
    titles = [paper.TITLES.get(n, n) for n in curves]
    parts = [f"The quantization error along the ascent, one row for {listed(titles)}, one line "
             f"per k1: left, the error of the iterates to the target prototypes (the median "
             f"centres of the true classes); right, to the centres of the clusters found at "
             f"each iteration (solid) and of the true classes (dashed)."]
    for name, cs in curves.items():
        target = "; ".join(f"{rounded(c.target[0], 2)} to {rounded(c.target[-1], 2)} bits for k1 = "
                           f"{c.k1}" for c in cs)
        found = "; ".join(f"{rounded(c.found[0], 2)} to {rounded(c.found[-1], 2)}" for c in cs)
        parts.append(f"{paper.TITLES.get(name, name)}, error to the targets from the start to "
                     f"the end: {target}; to the clusters found: {found} (k2 = {cs[0].k2}).")
    return " ".join(parts)


def figure2_numbers(curves):
    cols = {"data set": [], "k1": [], "j": [], "target": [], "found": [], "true classes": [],
            "clusters found": []}
    for name, cs in curves.items():
        for c in cs:
            for j in range(len(c.target)):
                cols["data set"].append(paper.TITLES.get(name, name))
                cols["k1"].append(int(c.k1))
                cols["j"].append(j)
                cols["target"].append(float(c.target[j]))
                cols["found"].append(float(c.found[j]))
                cols["true classes"].append(float(c.true_intermediate[j]))
                cols["clusters found"].append(int(c.n_found[j]))
    return cols


def result_value(rows, metric):
    """The (mean, std) of ``metric`` from the rows of one data set and one series.

    Spect has two k for k-modes (47 for the NMI, 2 for the ARI, as the paper):
    where a series has several rows, the one with the paper's k for ``metric`` wins.
    """
    rows = [r for r in rows if r[f"{metric}_mean"] is not None]
    if len(rows) > 1:
        k = paper.kmodes_k(rows[0]["dataset"], metric)
        rows = [r for r in rows if r["k"] == k] or rows[:1]
    if not rows:
        return None
    return rows[0][f"{metric}_mean"], rows[0][f"{metric}_std"] or 0.0


def series_name(r):
    """A row's series in the results figure: its method, neighbour rule and row orders if any.

    Examples
    --------
    >>> rows = [{"method": "BinNNMS best NMI", "neighbours": rule, "orders": orders}
    ...         for rule, orders in (("index", 1), ("index", 10), ("ball", 1))]
    >>> [series_name(r) for r in rows]
    ['BinNNMS best NMI (index, file order)', 'BinNNMS best NMI (index, 10 orders)', \
'BinNNMS best NMI (ball)']
    >>> series_name({"method": "k-modes"})
    'k-modes'
    """
    rule, orders = r.get("neighbours"), r.get("orders")
    if not rule:
        return r["method"]
    if rule == "index":
        rule += ", file order" if not orders or int(orders) == 1 else f", {int(orders)} orders"
    return f"{r['method']} ({rule})"


def _value(rows, dataset, series, metric):
    value = result_value([r for r in rows if r["dataset"] == dataset
                           and series_name(r) == series], metric)
    return None if value is None else value[0]


def results_alt(rows):
    """The text alternative of the results figure (Table 3), from its rows.

    It names, for each data set, the best BinNNMS setting in the file's order beside our
    k-modes and the paper's k-modes (NMI), and where the paper's k-modes lies lowest.
    """
    names = list(dict.fromkeys(r["dataset"] for r in rows))
    titles = [paper.TITLES.get(n, n) for n in names]
    series = list(dict.fromkeys(series_name(r) for r in rows))
    parts = [f"Table 3 as points with error bars of one standard deviation: the NMI (left) and "
             f"the ARI (right) of {len(series)} methods and rules on {listed(titles)}."]
    best = "BinNNMS best NMI (index, file order)"
    pairs, lowest = [], []
    for name in names:
        b, k, pk = (_value(rows, name, s, "nmi")
                    for s in (best, "k-modes", "paper k-modes"))
        if b is not None and k is not None:
            pairs.append(f"{paper.TITLES.get(name, name)} {rounded(b)} against {rounded(k)}")
        others = [_value(rows, name, s, "nmi") for s in series if s != "paper k-modes"]
        others = [v for v in others if v is not None]
        if pk is not None and others and pk < min(others):
            lowest.append(f"{paper.TITLES.get(name, name)} ({rounded(pk)})")
    if pairs:
        parts.append("NMI of BinNNMS's best setting in the file's order against our k-modes: "
                     + "; ".join(pairs) + ".")
    if lowest:
        parts.append("The paper's k-modes lies below every other point on "
                     + listed(lowest) + ".")
    return " ".join(parts)


def results_numbers(rows):
    cols = {"data set": [], "series": [], "NMI": [], "NMI std": [], "ARI": [], "ARI std": []}
    names = list(dict.fromkeys(r["dataset"] for r in rows))
    series = list(dict.fromkeys(series_name(r) for r in rows))
    for name in names:
        for s in series:
            mine = [r for r in rows if r["dataset"] == name and series_name(r) == s]
            if not mine:
                continue
            n, a = result_value(mine, "nmi"), result_value(mine, "ari")
            if n is None and a is None:
                continue
            cols["data set"].append(paper.TITLES.get(name, name))
            cols["series"].append(s)
            for metric, v in (("NMI", n), ("ARI", a)):
                cols[metric].append(None if v is None else float(v[0]))
                cols[f"{metric} std"].append(None if v is None else float(v[1]))
    return cols


def figure3_alt(protos):
    """The text alternative of Figure 3, from the prototypes it draws.

    Examples
    --------
    >>> p = [{"majority": d, "size": 200, "purity": 1.0} for d in (0, 1, 1, 3, 4, 5, 6, 7, 8, 9)]
    >>> q = [{"majority": d, "size": 190, "purity": 0.98} for d in range(10)]
    >>> print(figure3_alt({"kmodes": p, "kmodes_nmi": 0.6851, "binnnms": q, "k1": 10,
    ...                    "k2": 25, "binnnms_nmi": 0.88, "binnnms_clusters": 40}))
    ... # doctest: +NORMALIZE_WHITESPACE
    Figure 3: the Digits prototypes (median centres) as 16 x 15 black and white images, each
    titled with its majority digit and cluster size. Top row, k-modes with k = 10 (NMI
    0.685): its prototypes stand for the digits 0 1 1 3 4 5 6 7 8 9, two for the 1 and none
    for the 2. Bottom row, the ten largest of the 40 clusters of BinNNMS with (k1, k2) = (10,
    25) (NMI 0.880): one prototype for each digit from 0 to 9.
    """
    def reading(ps):
        digits = [int(p["majority"]) for p in ps]
        if sorted(digits) == list(range(10)):
            return "one prototype for each digit from 0 to 9"
        twice = sorted({d for d in digits if digits.count(d) > 1})
        missing = sorted(set(range(10)) - set(digits))
        text = "its prototypes stand for the digits " + " ".join(str(d) for d in digits)
        if twice:
            text += ", two for the " + listed(twice)
        if missing:
            text += " and none for the " + listed(missing)
        return text

    return (f"Figure 3: the Digits prototypes (median centres) as 16 x 15 black and white "
            f"images, each titled with its majority digit and cluster size. Top row, k-modes "
            f"with k = 10 (NMI {rounded(protos['kmodes_nmi'])}): {reading(protos['kmodes'])}. "
            f"Bottom row, the ten largest of the {protos['binnnms_clusters']} clusters of "
            f"BinNNMS with (k1, k2) = ({protos['k1']}, {protos['k2']}) (NMI "
            f"{rounded(protos['binnnms_nmi'])}): {reading(protos['binnnms'])}.")


def figure3_numbers(protos):
    cols = {"method": [], "majority digit": [], "cluster size": [], "purity": []}
    for method, key in (("k-modes", "kmodes"), ("BinNNMS", "binnnms")):
        for p in protos[key]:
            cols["method"].append(method)
            cols["majority digit"].append(int(p["majority"]))
            cols["cluster size"].append(int(p["size"]))
            cols["purity"].append(float(p["purity"]))
    return cols
