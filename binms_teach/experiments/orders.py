"""Row orders and the "ball" rule: what the order of the rows changes in Table 3.

With the authors' neighbour rule ("index": the k1 nearest, the lower row index
winning a tie at the k1-th distance) the clustering depends on the order of the
rows. Table 3 therefore reports, at each setting chosen on the sweep in the
file's order, the "index" rule in the file's order beside its mean +- std over
`ORDER_SEEDS` (10) seeded random row orders, and the "ball" rule (every point
within the k1-th distance), which is order-free: one run (`order_runs`). The
setting is held fixed, chosen once in the file's order, and re-run per order,
rather than chosen anew for each order: this isolates what the order alone
changes, at the setting the table reports, and does not add the optimism of
picking the best of a noisy grid again for every order. (Part of the file
order's lead is that optimism: its setting was chosen as the best in that order.)

`ball_cycle_census` counts the "ball" ascents that cycle (notebook 06).
"""

import warnings
from dataclasses import dataclass

import numpy as np
from threadpoolctl import threadpool_limits
from tqdm.auto import tqdm

from .. import fast
from .._validation import check_binary, check_k1, check_k2, check_tie
from ..ascent import AscentCycleWarning
from ..evaluation.metrics import ari, nmi
from .protocol import DATASETS, check_datasets, check_target, grid, load
from .sweeps import ascent_modes
from .table3 import Spread

# Seeds of the random row orders over which the "index" rule is averaged in Table 3.
ORDER_SEEDS = tuple(range(10))
QUICK_ORDER_SEEDS = (0, 1, 2)


@dataclass
class OrderScores(Spread):
    """Scores of BinNNMS at one (k1, k2), one entry per run (per row order, or one run)."""

    k1: int
    k2: int
    nmi: np.ndarray
    ari: np.ndarray
    n_clusters: np.ndarray


@dataclass
class OrderRuns:
    """BinNNMS at fixed settings: "index" over random row orders, and "ball" (order-free).

    ``index[(k1, k2)]``: `OrderScores` over the row orders `row_order(n, seed)`,
    one per seed of ``seeds``, under the "index" rule. ``ball[(k1, k2)]``:
    `OrderScores` of the one run of the "ball" rule (in the file's order; any
    order gives the same partition).
    """

    seeds: tuple
    index: dict
    ball: dict


def row_order(n, seed):
    """Random row order number ``seed`` of n rows: a permutation, seeded.

    >>> row_order(5, 0).tolist()
    [2, 4, 3, 0, 1]
    """
    return np.random.default_rng(seed).permutation(n)


def order_runs(X, y, settings, seeds=ORDER_SEEDS, *, tie="one", max_iter=100, progress=False,
               desc="row orders"):
    """BinNNMS at each (k1, k2) of ``settings`` over random row orders, and with "ball".

    For every seed the rows of X (and y) are shuffled by `row_order`, the
    "index" ascent runs once per k1 and its modes are labelled for every k2 of
    that k1 (as in `sweep`). The "ball" rule runs once per k1, in the file's
    order: it does not depend on the order.

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values
    y : array-like of shape (n,)
    settings : sequence of (k1, k2)
        k1 in [0, n] (0: no ascent), k2 in [1, n - 1].
    seeds : sequence of int, default `ORDER_SEEDS` (ten orders)
    tie, max_iter : as in `BinNNMS`
    progress : bool, default False

    Returns
    -------
    OrderRuns

    Examples
    --------
    >>> X = [[1, 1, 1, 0, 0, 0], [1, 1, 1, 0, 0, 1], [1, 1, 0, 0, 0, 0], [0, 1, 1, 0, 0, 0],
    ...      [0, 0, 0, 1, 1, 1], [1, 0, 0, 1, 1, 1], [0, 0, 0, 0, 1, 1], [0, 0, 0, 1, 1, 0]]
    >>> runs = order_runs(X, [0, 0, 0, 0, 1, 1, 1, 1], [(3, 2)], seeds=(0, 1, 2))
    >>> runs.index[3, 2].nmi.tolist(), runs.ball[3, 2].nmi.tolist()
    ([1.0, 1.0, 1.0], [1.0])
    """
    X = check_binary(X)
    n = len(X)
    y = check_target(y, n)
    settings = tuple(dict.fromkeys(
        (check_k1(k1, n, low=0), check_k2(k2, n))
        for k1, k2 in settings))
    seeds = tuple(int(s) for s in seeds)
    if not settings or not seeds:
        raise ValueError("settings and seeds must each hold at least one value.")
    tie = check_tie(tie)
    k2s_of = {}
    for k1, k2 in settings:
        k2s_of.setdefault(k1, []).append(k2)

    def label(modes, target, k1, runs, r):
        for k2 in k2s_of[k1]:  # as BinNNMS.fit labels its modes
            labels = fast.epsilon_proximity(modes, fast.epsilon_from_k2(modes, k2))
            runs[k1, k2][:, r] = nmi(target, labels), ari(target, labels), labels.max() + 1

    index = {s: np.zeros((3, len(seeds))) for s in settings}
    for r, seed in enumerate(tqdm(seeds, desc=desc, disable=not progress)):
        order = row_order(n, seed)
        for k1 in k2s_of:  # one ascent per k1 and order, reused for every k2
            label(ascent_modes(X[order], k1, tie, max_iter), y[order], k1, index, r)
    ball = {s: np.zeros((3, 1)) for s in settings}
    for k1 in k2s_of:
        label(ascent_modes(X, k1, tie, max_iter, "ball"), y, k1, ball, 0)

    def wrap(runs):
        return {(k1, k2): OrderScores(k1, k2, a[0], a[1], a[2].astype(np.int64))
                for (k1, k2), a in runs.items()}

    return OrderRuns(seeds, wrap(index), wrap(ball))


def ball_cycle_census(names=None, *, ties=("one",), quick=False, max_iter=1000,
                      progress=False):
    """For every data set and every k1 of its sweep grid: do "ball" ascents cycle?

    Runs the "ball" ascent of every sample (`AscentCycleWarning` silenced: the
    count is the answer) and counts the samples stopped at a cycle and those
    stopped by ``max_iter`` without a fixed point.

    Parameters
    ----------
    names : sequence of data set names, default all five
    ties : sequence of tie rules, default ("one",)
    quick : bool, default False
        The quick grids.
    max_iter : int, default 1000
        Far above the longest ascent seen (26 updates).

    Returns
    -------
    list of dict
        ``dataset``, ``k1``, ``tie``, ``samples``, ``cycled``, ``capped``,
        ``max_updates`` (the most updates any sample computed).
    """
    names = check_datasets(names if names is not None else DATASETS)
    ties = tuple(check_tie(t) for t in ties)
    with threadpool_limits(limits=1, user_api="blas"):  # as in `reproduce`
        return _ball_cycle_census(names, ties, quick, max_iter, progress)


def _ball_cycle_census(names, ties, quick, max_iter, progress):
    rows = []
    for name in names:
        X = load(name).data
        k1s = [k1 for k1 in grid(name, quick)[0] if k1 > 0]
        for k1 in tqdm(k1s, desc=f"{name}: ball census", disable=not progress):
            for tie in ties:
                cycled = np.zeros(len(X), dtype=bool)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", AscentCycleWarning)
                    _, n_iter, converged, _ = fast.bga(X, X, k1, max_iter, tie,
                                                       neighbours="ball", cycled=cycled)
                rows.append({"dataset": name, "k1": k1, "tie": tie, "samples": len(X),
                             "cycled": int(cycled.sum()),
                             "capped": int(np.sum(~converged & ~cycled)),
                             "max_updates": int(n_iter.max())})
    return rows


def format_census(rows):
    """`ball_cycle_census` rows as text, one line per data set and tie rule.

    Examples
    --------
    >>> print(format_census([{"dataset": "zoo", "k1": k1, "tie": "one", "samples": 101,
    ...                       "cycled": 0, "capped": 0, "max_updates": 5} for k1 in (2, 30)]))
    dataset  tie   k1           ascents  cycled  capped  most updates
    zoo      one   2..30 (2)        202       0       0             5
    """
    groups = {}
    for r in rows:
        groups.setdefault((r["dataset"], r["tie"]), []).append(r)
    lines = [f"{'dataset':<9}{'tie':<6}{'k1':<13}{'ascents':>7}{'cycled':>8}"
             f"{'capped':>8}{'most updates':>14}"]
    for (name, tie), rs in groups.items():
        k1s = f"{rs[0]['k1']}..{rs[-1]['k1']} ({len(rs)})"
        lines.append(f"{name:<9}{tie:<6}{k1s:<13}{sum(r['samples'] for r in rs):>7}"
                     f"{sum(r['cycled'] for r in rs):>8}{sum(r['capped'] for r in rs):>8}"
                     f"{max(r['max_updates'] for r in rs):>14}")
    return "\n".join(lines)

