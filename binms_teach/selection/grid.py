"""`choose_parameters`: every (k1, k2) of a grid labelled, scored and one chosen.

One ascent per k1 (and per subsample) serves every k2, and k2 values whose epsilon has the
same floor share one labelling, as in `binms_teach.experiments.sweep`; the k1 values run in
parallel with ``n_jobs``. ``algorithm="reference"`` labels the grid with the readable
functions (`binms_teach.bga`, `epsilon_from_k2`, `epsilon_proximity`) and never imports the
fast layer; ``"exact"`` (the default) gives the same labels through `binms_teach.fast`.
"""

import numpy as np
from joblib import Parallel, delayed, effective_n_jobs

from .._validation import (
    K1,
    K2,
    MAX_ITER,
    NEIGHBOURS,
    TIE,
    Binary,
    Options,
    checked_already,
    validate_params,
)
from ..ascent import bga
from ..datasets.rows import distinct_rows
from ..hamming import hamming
from ..labelling import epsilon_from_k2, epsilon_proximity
from .criteria import (
    FRACTION,
    FRACTION_RANGE,
    N_SUBSAMPLES,
    N_SUBSAMPLES_RANGE,
    bernoulli_bic,
    distinct_subsamples,
    hamming_silhouette,
    partition_stability,
    plateau_widths,
    scaled,
)
from .record import Selection
from .rules import CRITERIA, DIRECTION, choose, substantial
from .structure import dependence_score, null_bic, null_reason

# The default grid (k1 = 1 is the labelling of the data themselves: maj(NN_1(x)) = x).
K1S = (1, 2, 3, 4, 5, 7, 10, 12, 15, 20, 25, 30)
K2S = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50)

# Above this many rows the silhouette is measured on a seeded sample of this many rows
# (its n x n distances would not fit in memory: Mushroom's 8124 rows need 264 MB).
SILHOUETTE_ROWS = 3000


def labellings(X, k1s, k2s, *, tie="one", max_iter=100, neighbours="index",
               algorithm="exact"):
    """The BinNNMS labels of every (k1, k2): one ascent per k1 serves every k2.

    Returns labels of shape (len(k1s), len(k2s), n), equal to
    ``BinNNMS(k1, k2, ...).fit(X).labels_``, and epsilon of shape (len(k1s), len(k2s)).
    X is a checked uint8 0/1 array, the parameters checked. ``algorithm="reference"``
    runs the readable functions, one k2 at a time; ``"exact"`` the fast layer, every k2
    of a k1 at once: the same labels and epsilons.
    """
    n = len(X)
    labels = np.zeros((len(k1s), len(k2s), n), dtype=np.int64)
    eps = np.zeros((len(k1s), len(k2s)))
    for i, k1 in enumerate(k1s):
        if algorithm == "reference":
            with checked_already():  # X and the parameters are checked
                modes = X if k1 <= 1 else bga(X, X, k1, max_iter, tie, neighbours=neighbours)[0]
                eps[i] = [epsilon_from_k2(modes, k2) for k2 in k2s]
                labels[i] = [epsilon_proximity(modes, e) for e in eps[i]]
            continue
        fast = _fast_layer()
        modes = X if k1 <= 1 else fast.bga(X, X, k1, max_iter, tie, neighbours=neighbours)[0]
        eps[i] = fast.epsilons(modes, k2s)
        # H <= epsilon is H <= floor(epsilon): one labelling per distinct floor.
        floors = np.floor(eps[i]).astype(np.int64)
        done = fast.proximity_labels(modes, floors)
        labels[i] = [done[f] for f in floors]
    return labels, eps


def _fast_layer():
    """`binms_teach.fast`, imported only when the grid is labelled fast (not "reference")."""
    from .. import fast

    return fast


def _k1_block(X, k1, k2s, subsets, fraction, tie, max_iter, neighbours, algorithm):
    """One k1: the labels on the whole data for every k2, and on every subsample."""
    full, eps = labellings(X, (k1,), k2s, tie=tie, max_iter=max_iter, neighbours=neighbours,
                           algorithm=algorithm)
    subs = []
    for s in subsets:
        m = len(s)
        sub_k2s = tuple(dict.fromkeys(min(m - 1, scaled(k2, fraction, 1)) for k2 in k2s))
        # min(m, ...): a subsample of distinct rows can hold fewer than fraction * n rows.
        sub, _ = labellings(X[s], (min(m, scaled(k1, fraction, 1)),), sub_k2s, tie=tie,
                            max_iter=max_iter, neighbours=neighbours, algorithm=algorithm)
        where = {k2: j for j, k2 in enumerate(sub_k2s)}
        subs.append([sub[0, where[min(m - 1, scaled(k2, fraction, 1))]] for k2 in k2s])
    return full[0], eps[0], subs

class Grid:
    """A grid of k1 (or k2) candidates: a sequence of distinct values, each checked as BinNNMS
    checks its k1 (``K1``) or k2 (``K2`` on the rows of X), so 2.5 is refused here as there."""

    def __init__(self, bound):
        self.bound = bound

    def reads(self):
        return {"X"}

    def check(self, values, name, args):
        if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
            raise TypeError(f"{name} must be a sequence of whole numbers, e.g. (1, 5, 10).")
        out = tuple(self.bound.check(v, name[:2], {"X": args["X"], "M": args["X"]})
                    for v in values)
        if not out:
            raise ValueError(f"{name} is empty: give at least one value, e.g. (1, 5, 10).")
        if len(set(out)) < len(out):
            raise ValueError(f"{name} repeats a value: give each value once.")
        return out


class GridData(Binary):
    """0/1 rows, at least 4: subsamples must still have 2 points and a neighbour."""

    def check(self, value, name, args):
        X = super().check(value, name, args)
        if len(X) < 4:
            raise ValueError(f"choose_parameters got {len(X)} samples; choosing k1 and k2 needs "
                             "at least 4 (subsamples must still have 2 points and a neighbour).")
        return X


@validate_params({
    "X": GridData(), "k1s": [None, Grid(K1)], "k2s": [None, Grid(K2)],
    "criterion": Options(CRITERIA, "criterion={value!r}: use one of " + ", ".join(CRITERIA)
                         + "."),
    "n_subsamples": N_SUBSAMPLES_RANGE, "fraction": FRACTION_RANGE,
    "tie": TIE, "neighbours": NEIGHBOURS, "max_iter": MAX_ITER,
    "algorithm": Options(("exact", "reference"), (
        "algorithm={value!r}: choosing k1 and k2 compares exact partitions: use 'exact' or "
        "'reference' ('hnsw' gives approximate ones)."))})
def choose_parameters(X, k1s=None, k2s=None, *, criterion="rank_mean", random_state=0,
                      n_jobs=None, n_subsamples=N_SUBSAMPLES, fraction=FRACTION,
                      tie="one", max_iter=100, neighbours="index", algorithm="exact"):
    """Choose BinNNMS's (k1, k2) from the data alone.

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
    k1s, k2s : sequences of int, default `K1S`, `K2S` (cut at n and n - 1)
        The grid of candidates; k1 in [1, n], k2 in [1, n - 1].
    criterion : str, default "rank_mean"
        One of `CRITERIA`: the rules "rank_mean", "stable_silhouette" and "stable_bic", or a
        single criterion ("silhouette", "stability", "plateau", "bic").
    random_state : int, default 0
        Seeds the subsamples of the stability criterion, the independence models of
        `dependence_score` (and the rows of the silhouette, when there are more than
        `SILHOUETTE_ROWS` distinct rows).
    n_jobs : int, default None
        The k1 values run through joblib (None: one process).
    n_subsamples, fraction : int, float
        The stability criterion's subsamples.
    tie, max_iter, neighbours : as in `BinNNMS`
    algorithm : {"exact", "reference"}, default "exact"
        How the grid is labelled: "reference" with the readable functions only (the fast
        layer is never imported; slower), "exact" through `binms_teach.fast`. The same
        choice either way.

    Returns
    -------
    Selection

    Examples
    --------
    >>> from binms_teach.datasets import make_bernoulli_mixture
    >>> mix = make_bernoulli_mixture(90, 30, 3, flip=0.1, random_state=0)
    >>> sel = choose_parameters(mix.data, k1s=(3, 10), k2s=(5, 20))
    >>> sel.k1, sel.k2, np.bincount(sel.labels_).tolist()  # the 3 classes and 2 strays
    (10, 5, [30, 28, 30, 2])
    >>> from binms_teach import ari
    >>> round(ari(mix.target, sel.labels_), 3)
    0.968
    """
    n = len(X)  # X and the parameters are checked (or BinNNMS(k1="auto") checked them)
    k1s = _default_grid(K1S, n) if k1s is None else k1s
    k2s = _default_grid(K2S, n - 1) if k2s is None else k2s
    row_id = distinct_rows(X, check_input=False)
    subsets = distinct_subsamples(row_id, n_subsamples, fraction, random_state)

    args = (k2s, subsets, fraction, tie, max_iter, neighbours, algorithm)
    if effective_n_jobs(n_jobs) > 1:
        blocks = Parallel(n_jobs=n_jobs)(delayed(_k1_block)(X, k1, *args) for k1 in k1s)
    else:
        blocks = [_k1_block(X, k1, *args) for k1 in k1s]
    labels = np.stack([b[0] for b in blocks])
    eps = np.stack([b[1] for b in blocks])
    n_clusters = labels.max(axis=2) + 1

    rows = np.unique(row_id, return_index=True)[1]       # the first copy of each distinct row
    if len(rows) > SILHOUETTE_ROWS:
        rows = np.sort(np.random.default_rng(random_state).choice(rows, SILHOUETTE_ROWS, False))
    with checked_already():
        D = hamming(X[rows])
    shape = (len(k1s), len(k2s))
    scores = {name: np.full(shape, np.nan) for name in DIRECTION}
    cache = {}                                     # the same partition is scored once
    for i in range(len(k1s)):
        scores["plateau"][i] = plateau_widths(n_clusters[i], k2s)
        for j in range(len(k2s)):
            key = labels[i, j].tobytes()
            if key not in cache:
                cache[key] = (hamming_silhouette(X[rows], labels[i, j][rows], D,
                                                 check_input=False),
                              bernoulli_bic(X, labels[i, j], check_input=False))
            scores["silhouette"][i, j], scores["bic"][i, j] = cache[key]
            scores["stability"][i, j] = partition_stability(
                labels[i, j], [sub[j] for sub in blocks[i][2]], subsets)
    big = np.array([[substantial(lab, row_id) for lab in row] for row in labels])
    sel = Selection(0, 0, criterion, "", k1s, k2s, n_clusters, big[..., 0].astype(np.int64),
                    big[..., 1], eps, scores, labels)
    (sel.k1, sel.k2), sel.reason = choose(sel, criterion)
    sel.bic_null = null_bic(X, check_input=False)
    sel.dependence, sel.dependence_null, sel.dependence_margin = dependence_score(
        X, random_state=random_state, check_input=False)
    if not sel.structure:
        sel.reason = null_reason(sel)
    sel.reason += _edge_note(sel, n)
    return sel


def _edge_note(sel, n):
    """A note when the choice is the grid's largest k1 or k2 (and the data allow larger)."""
    edges = (("k1", sel.k1, sel.k1s, n), ("k2", sel.k2, sel.k2s, n - 1))
    return "".join(f"; {name} = {value} is the grid's largest value: a larger {name} may score "
                   "better" for name, value, grid, high in edges
                   if len(grid) > 1 and value == max(grid) < high)


def _default_grid(values, high):
    """The default grid cut to the data's size (at least its largest allowed value)."""
    return tuple(v for v in values if v <= high) or (high,)
