"""The whole reproduction: every table and figure, as ``python -m binms_teach reproduce`` runs it.

Everything is seeded and deterministic; long loops show a tqdm.auto progress bar
(a widget in Jupyter, text in a terminal) when ``progress=True``.
"""

from dataclasses import dataclass, field

from threadpoolctl import threadpool_limits
from tqdm.auto import tqdm

from ..evaluation import paper
from .auto import auto_result
from .orders import ORDER_SEEDS, QUICK_ORDER_SEEDS, order_runs
from .protocol import DATASETS, QUICK_DATASETS, QUICK_SEEDS, SEEDS, check_datasets, grid, load
from .quantization import CURVE_K1, QUICK_CURVE_K1, digit_prototypes, quantization_curves
from .sweeps import sweep
from .table3 import kmodes_runs, table3_settings


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
    orders: dict = field(default_factory=dict)  # name -> OrderRuns (Table 3's spread)
    autos: dict = field(default_factory=dict)   # name -> AutoResult ("BinNNMS auto")


def reproduce(names=None, *, quick=False, progress=True):
    """Run the paper's experiments on ``names`` (default: all five; quick: three small ones).

    Tables 2 (data sets) and 3 (results) and Figures 1-3, in the PDF's numbering.

    ``quick`` uses small grids, three k-modes seeds, three row orders and two k1
    values for Figure 2. Table 3's settings (best NMI, best ARI, silhouette) are
    chosen on the sweep in the file's order and re-run over the row orders and
    with "ball" (`order_runs`).
    """
    names = check_datasets(names if names is not None else
                           (QUICK_DATASETS if quick else DATASETS))
    # Many small matrix products: one BLAS thread does them with less CPU than several,
    # and far faster on a busy machine (the full run: 18 s of CPU against 40 s, measured
    # at a load of 10 on 2 cores). The results are the same: the products are exact.
    with threadpool_limits(limits=1, user_api="blas"):
        return _reproduce(names, quick, progress)


def _reproduce(names, quick, progress):
    seeds = QUICK_SEEDS if quick else SEEDS
    data = {name: load(name) for name in names}
    kmodes, sweeps, curves, orders, autos = {}, {}, {}, {}, {}
    digits = None
    for name in names:
        X, y = data[name].data, data[name].target
        for k in paper.kmodes_ks(name):
            kmodes[name, k] = kmodes_runs(X, y, k, seeds, progress=progress,
                                          desc=f"{name}: k-modes k={k}")
        k1s, k2s = grid(name, quick)
        sweeps[name] = sweep(X, y, k1s, k2s, progress=progress, desc=f"{name}: sweep")
        autos[name] = auto_result(name, X, y, n_jobs=2 if name == "digits" else None)
        settings = [s for s in table3_settings(sweeps[name]).values() if s is not None]
        settings.append((autos[name].k1, autos[name].k2))
        orders[name] = order_runs(X, y, settings, QUICK_ORDER_SEEDS if quick else ORDER_SEEDS,
                                  progress=progress, desc=f"{name}: row orders")
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
    return Reproduction(names, quick, data, kmodes, sweeps, curves, digits, orders, autos)


