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
from .shape import shape, tolerance


def _title(name):
    return paper.TITLES.get(name, name)


def figure1_names(sweeps):
    return [n for n in sweeps if n != "car"] or list(sweeps)


def figure1_text(sweeps):
    """The text alternative and the long description of Figure 1, from the sweeps it draws.

    Returns
    -------
    (str, str)
        The alt (one sentence: the best NMI of every data set) and the long description
        (for each data set its best NMI and ARI, the score without the ascent, how the best
        NMI of a row changes with k1 and where the best k2 moves).

    Examples
    --------
    >>> from binms_teach.experiments import Sweep
    >>> s = Sweep((0, 3), (1, 2), np.array([[0.2, 0.1], [0.6, 0.4]]),
    ...           np.array([[0.1, 0.0], [0.5, 0.3]]), np.array([[9, 5], [3, 2]]),
    ...           np.ones((2, 2)), np.full((2, 2), np.nan), np.zeros((2, 2, 4), dtype=int))
    >>> alt, long = figure1_text({"zoo": s})
    >>> print(alt)  # doctest: +NORMALIZE_WHITESPACE
    Heat maps of the NMI (left) and the ARI (right) of BinNNMS over k1 and k2, one row per
    data set, a star on the best: the best NMI is 0.600 for Zoo at (k1, k2) = (3, 1).
    >>> print(long)  # doctest: +NORMALIZE_WHITESPACE
    k1 runs up (0: no ascent) and k2 across; brighter is better. Zoo: best NMI 0.600 at
    (k1, k2) = (3, 1) with 3 clusters, best ARI 0.500 at (3, 1); without the ascent (k1 = 0)
    the NMI reaches 0.200; the best NMI of a row rises from 0.200 at k1 = 0 to 0.600 at
    k1 = 3.
    """
    names = figure1_names(sweeps)
    bests = []
    parts = ["k1 runs up (0: no ascent) and k2 across; brighter is better."]
    for name in names:
        s = sweeps[name]
        bn, ba = s.scores(*s.best("nmi")), s.scores(*s.best("ari"))
        bests.append(f"{rounded(bn['nmi'])} for {_title(name)} at "
                     + ("(k1, k2) = " if not bests else "") + f"({bn['k1']}, {bn['k2']})")
        text = (f"{_title(name)}: best NMI {rounded(bn['nmi'])} at (k1, k2) = "
                f"({bn['k1']}, {bn['k2']}) with {bn['n_clusters']} clusters, best ARI "
                f"{rounded(ba['ari'])} at ({ba['k1']}, {ba['k2']})")
        if 0 in s.k1s:
            text += (f"; without the ascent (k1 = 0) the NMI reaches "
                     f"{rounded(np.max(s.nmi[s.k1s.index(0)]))}")
        rows = np.nanmax(s.nmi, axis=1)
        if len(s.k1s) > 2:
            text += "; the best NMI of a row " + shape(s.k1s, rows, tol=tolerance(rows),
                                                       name="k1", fmt=rounded)
        elif len(s.k1s) == 2:
            text += ("; the best NMI of a row "
                     + ("rises" if rows[1] > rows[0] else "falls")
                     + f" from {rounded(rows[0])} at k1 = {s.k1s[0]} to {rounded(rows[1])} at "
                     f"k1 = {s.k1s[1]}")
        ascents = [i for i, k1 in enumerate(s.k1s) if k1 > 0]
        if len(ascents) > 1:  # where the band of good settings starts and ends
            lo, hi = ascents[0], ascents[-1]
            text += (f"; the k2 of the best NMI is {s.k2s[int(np.argmax(s.nmi[lo]))]} at k1 = "
                     f"{s.k1s[lo]} and {s.k2s[int(np.argmax(s.nmi[hi]))]} at k1 = {s.k1s[hi]}")
        parts.append(text + ".")
    alt = (f"Heat maps of the NMI (left) and the ARI (right) of BinNNMS over k1 and k2, one row "
           f"per data set, a star on the best: the best NMI is {listed(bests)}.")
    return alt, " ".join(parts)


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


def _two(v):
    return rounded(v, 2)


def figure2_text(curves):
    """The text alternative and the long description of Figure 2, from the curves it draws.

    The alt says whether the error to the targets falls and which curves rebound after
    their lowest point; the long description gives the shape of every curve of every panel
    (`binms_teach.figures.shape`, turns larger than 5 % of the panel's range).

    Examples
    --------
    >>> from binms_teach.experiments import QuantizationCurves
    >>> c = QuantizationCurves(5, 20, np.array([1.6, 1.2, 1.26]), np.array([5.3, 1.4, 1.4]),
    ...                        np.array([1.5, 1.1, 1.1]), np.array([2, 5, 5]))
    >>> alt, long = figure2_text({"zoo": [c]})
    >>> print(alt)  # doctest: +NORMALIZE_WHITESPACE
    The quantization error along the ascent, one row per data set and one line per k1: on Zoo
    the error to the target prototypes falls in the first iteration, then rebounds for Zoo
    (k1 = 5).
    >>> print(long)  # doctest: +NORMALIZE_WHITESPACE
    Left, the error of the iterates to the target prototypes (the median centres of the true
    classes); right, to the centres of the clusters found at each iteration (solid lines) and
    of the true classes (dashed lines). Zoo, k2 = 20. Left: k1 = 5 falls from 1.60 at j = 0 to
    1.20 at j = 1, then rebounds to 1.26 at j = 2. Right, clusters found (solid): k1 = 5 falls
    from 5.30 at j = 0 to 1.40 at j = 2; true classes (dashed): k1 = 5 falls from 1.50 at
    j = 0 to 1.10 at j = 2.
    """
    titles = [_title(n) for n in curves]
    parts = ["Left, the error of the iterates to the target prototypes (the median centres of "
             "the true classes); right, to the centres of the clusters found at each iteration "
             "(solid lines) and of the true classes (dashed lines)."]
    rebounds, falls = [], True
    for name, cs in curves.items():
        left_tol = tolerance(*[c.target for c in cs])
        right_tol = tolerance(*[c.found for c in cs], *[c.true_intermediate for c in cs])

        def said(values, tol, k1):
            return f"k1 = {k1} " + shape(range(len(values)), values, tol=tol, name="j", fmt=_two)

        up = [c.k1 for c in cs if len(c.target) > 1
              and np.max(c.target[int(np.argmin(c.target)):]) - np.min(c.target) > left_tol]
        if up:
            rebounds.append(f"{_title(name)} (k1 = {listed(up)})")
        falls &= all(len(c.target) > 1 and c.target[1] < c.target[0] for c in cs)
        parts.append(
            f"{_title(name)}, k2 = {cs[0].k2}. Left: "
            + "; ".join(said(c.target, left_tol, c.k1) for c in cs)
            + ". Right, clusters found (solid): "
            + "; ".join(said(c.found, right_tol, c.k1) for c in cs)
            + "; true classes (dashed): "
            + "; ".join(said(c.true_intermediate, right_tol, c.k1) for c in cs) + ".")
    verb = "falls in the first iteration" if falls else "does not always fall at first"
    alt = (f"The quantization error along the ascent, one row per data set and one line per k1: "
           f"on {listed(titles)} the error to the target prototypes {verb}"
           + (f", then rebounds for {listed(rebounds)}" if rebounds else
              ", and never rebounds by more than 5 % of its range") + ".")
    return alt, " ".join(parts)


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


def results_text(rows):
    """The text alternative and the long description of the results figure (Table 3).

    The alt says on how many data sets BinNNMS's best setting in the file's order beats our
    k-modes on the NMI; the long description gives, for each panel (NMI, then ARI), the pairs
    and the lowest and highest point, and where the paper's k-modes lies lowest.
    """
    names = list(dict.fromkeys(r["dataset"] for r in rows))
    titles = [_title(n) for n in names]
    series = list(dict.fromkeys(series_name(r) for r in rows))
    parts = []
    wins = {}
    for metric, best in (("nmi", "BinNNMS best NMI (index, file order)"),
                         ("ari", "BinNNMS best ARI (index, file order)")):
        label = metric.upper()
        pairs, lowest, points = [], [], []
        for name in names:
            b, k, pk = (_value(rows, name, s, metric)
                        for s in (best, "k-modes", "paper k-modes"))
            if b is not None and k is not None:
                pairs.append(f"{_title(name)} {rounded(b)} against {rounded(k)}")
                wins.setdefault(metric, []).append(b > k)
            others = [_value(rows, name, s, metric) for s in series if s != "paper k-modes"]
            others = [v for v in others if v is not None]
            if pk is not None and others and pk < min(others):
                lowest.append(f"{_title(name)} ({rounded(pk)})")
            points += [(v, s, name) for s in series
                       if (v := _value(rows, name, s, metric)) is not None]
        side = "Left" if metric == "nmi" else "Right"
        text = f"{side}, the {label}."
        if pairs:
            text += (" BinNNMS's best setting in the file's order against our k-modes: "
                     + "; ".join(pairs) + ".")
        if points:
            lo, hi = min(points), max(points)
            text += (f" The points run from {rounded(lo[0])} ({lo[1]} on {_title(lo[2])}) to "
                     f"{rounded(hi[0])} ({hi[1]} on {_title(hi[2])}).")
        if lowest:
            text += " The paper's k-modes lies below every other point on " + listed(lowest) + "."
        parts.append(text)
    won = wins.get("nmi", [])
    if won:
        verdict = ("on every one" if all(won) else
                   f"on {sum(won)} of the {len(won)}" if any(won) else "on none")
        message = (f"BinNNMS's best setting scores a higher NMI than our k-modes {verdict}")
    else:
        message = "each method a point at its mean"
    alt = (f"Table 3 as points with error bars, the NMI (left) and the ARI (right) of "
           f"{len(series)} methods and rules on {listed(titles)}: {message}.")
    return alt, ("Error bars are one standard deviation; a thin line marks 0 in each panel. "
                 + " ".join(parts))


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


def figure3_text(protos):
    """The text alternative and the long description of Figure 3, from its prototypes.

    Examples
    --------
    >>> p = [{"majority": d, "size": 200, "purity": 1.0} for d in (0, 1, 1, 3, 4, 5, 6, 7, 8, 9)]
    >>> q = [{"majority": d, "size": 190, "purity": 0.98} for d in range(10)]
    >>> alt, long = figure3_text({"kmodes": p, "kmodes_nmi": 0.6851, "binnnms": q, "k1": 10,
    ...                           "k2": 25, "binnnms_nmi": 0.88, "binnnms_clusters": 40})
    >>> print(alt)  # doctest: +NORMALIZE_WHITESPACE
    Figure 3, the Digits prototypes (median centres) as images: those of k-modes with k = 10
    (top, NMI 0.685) give prototypes for 9 of the 10 digits, none for the 2, while the ten
    largest BinNNMS clusters (bottom, NMI 0.880) give one prototype for each digit from 0 to 9.
    >>> print(long.split(". ")[1][:60])
    Top row, k-modes: 0 (200 images), 1 (200 images), 1 (200 ima
    """
    def reading(ps, verb):
        digits = [int(p["majority"]) for p in ps]
        if sorted(digits) == list(range(10)):
            return f"{verb} one prototype for each digit from 0 to 9"
        missing = sorted(set(range(10)) - set(digits))
        text = f"{verb} prototypes for {len(set(digits))} of the 10 digits"
        return text + (", none for the " + listed(missing) if missing else "")

    def repeats(ps, row):
        digits = [int(p["majority"]) for p in ps]
        twice = sorted({d for d in digits if digits.count(d) > 1})
        return (f" The {row} row has several prototypes for the {listed(twice)}."
                if twice else "")

    def titles(ps):
        return ", ".join(f"{int(p['majority'])} ({int(p['size'])} image"
                         f"{'s' * (int(p['size']) != 1)})" for p in ps)

    alt = (f"Figure 3, the Digits prototypes (median centres) as images: those of k-modes with "
           f"k = 10 (top, NMI {rounded(protos['kmodes_nmi'])}) "
           f"{reading(protos['kmodes'], 'give')}, while the ten largest BinNNMS clusters "
           f"(bottom, NMI {rounded(protos['binnnms_nmi'])}) {reading(protos['binnnms'], 'give')}.")
    long = (f"Each image is a 16 x 15 black and white picture titled with its majority digit "
            f"and its cluster's size. Top row, k-modes: {titles(protos['kmodes'])}. Bottom row, "
            f"the ten largest of the {protos['binnnms_clusters']} clusters of BinNNMS with "
            f"(k1, k2) = ({protos['k1']}, {protos['k2']}): {titles(protos['binnnms'])}."
            + repeats(protos["kmodes"], "top") + repeats(protos["binnnms"], "bottom"))
    return alt, long


def figure3_numbers(protos):
    cols = {"method": [], "majority digit": [], "cluster size": [], "purity": []}
    for method, key in (("k-modes", "kmodes"), ("BinNNMS", "binnnms")):
        for p in protos[key]:
            cols["method"].append(method)
            cols["majority digit"].append(int(p["majority"]))
            cols["cluster size"].append(int(p["size"]))
            cols["purity"].append(float(p["purity"]))
    return cols
