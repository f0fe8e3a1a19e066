"""The paper's experiments (Section 4): Tables 2 and 3, Figures 1-3, the quantization error.

``python -m binms_teach reproduce`` runs them all (`reproduce`); notebooks 08-11
run them step by step and explain every difference from the paper. The paper
leaves the protocol open; the choices made here (each notebook says why) are
described in the module that makes them:

* `protocol`: the data sets, as the paper's text codes them (Car: additive
  coding), their (k1, k2) grids and the seeds;
* `table3`: Tables 2 (data sets) and 3 (results): k-modes ("10 runs": ten
  single starts, seeds 0..9) beside BinNNMS;
* `sweeps`: BinNNMS over a grid of (k1, k2) (Figure 1), one ascent per k1, and
  two ways of choosing the setting: the best against the labels (optimistic) and
  the silhouette (honest);
* `auto`: a third way, ``BinNNMS(k1="auto", k2="auto")`` (notebook 12), against
  the supervised best of its own grid;
* `orders`: the "index" rule over random row orders and the order-free "ball"
  rule at Table 3's settings; how often "ball" ascents cycle;
* `quantization`: Figure 2 (the quantization error along the ascent) and the
  prototypes of Figure 3;
* `figures`: the plots; `formatting`: the tables as text and CSV;
* `reproduction`: everything at once.

Everything is seeded and deterministic; long loops show a tqdm.auto progress bar
(a widget in Jupyter, text in a terminal) when ``progress=True``. Every public
name of these modules is importable from here (``experiments.sweep``).
"""

# The constants are imported with an alias: they are re-exported, beside __all__.
from ..figures.experiments import RESULT_MARKERS as RESULT_MARKERS
from ..figures.experiments import (
    figure1,
    figure2,
    figure3,
    figure_results,
    plot_curves,
    plot_prototypes,
    plot_results,
    plot_sweep,
)
from .auto import AUTO_COLUMNS as AUTO_COLUMNS
from .auto import AUTO_DATASETS as AUTO_DATASETS
from .auto import DESIGN_SETS as DESIGN_SETS
from .auto import LEARNABLE_ARI as LEARNABLE_ARI
from .auto import MIXTURE_SEEDS as MIXTURE_SEEDS
from .auto import SKLEARN_SETS as SKLEARN_SETS
from .auto import (
    AutoResult,
    auto_result,
    auto_rows,
    auto_study,
    auto_targets,
    design_role,
    format_auto,
    load_any,
    quartile_code,
)
from .formatting import (
    cell,
    csv_cell,
    format_score,
    format_table2,
    format_table3,
    order_text,
    to_csv,
)
from .orders import ORDER_SEEDS as ORDER_SEEDS
from .orders import QUICK_ORDER_SEEDS as QUICK_ORDER_SEEDS
from .orders import OrderRuns, OrderScores, ball_cycle_census, format_census, order_runs, row_order
from .protocol import DATASETS as DATASETS
from .protocol import DIGITS_GRID as DIGITS_GRID
from .protocol import GRID as GRID
from .protocol import QUICK_DATASETS as QUICK_DATASETS
from .protocol import QUICK_GRID as QUICK_GRID
from .protocol import QUICK_SEEDS as QUICK_SEEDS
from .protocol import SEEDS as SEEDS
from .protocol import SMALL_GRID as SMALL_GRID
from .protocol import check_datasets, check_target, grid, load
from .quantization import CURVE_K1 as CURVE_K1
from .quantization import QUICK_CURVE_K1 as QUICK_CURVE_K1
from .quantization import QuantizationCurves, digit_prototypes, prototypes, quantization_curves
from .reproduction import Reproduction, reproduce
from .sweeps import HONEST_MAX_FRACTION as HONEST_MAX_FRACTION
from .sweeps import Sweep, ascent_modes, sweep
from .table3 import METHODS as METHODS
from .table3 import TABLE2_COLUMNS as TABLE2_COLUMNS
from .table3 import TABLE3_COLUMNS as TABLE3_COLUMNS
from .table3 import KModesRuns, Spread, kmodes_runs, table2, table3, table3_settings

# The functions and classes (the API reference documents them); the constants are importable
# too (experiments.GRID, ...).
__all__ = [
    "AutoResult", "KModesRuns", "OrderRuns", "OrderScores", "QuantizationCurves", "Reproduction",
    "Spread", "Sweep", "ascent_modes", "auto_result", "auto_rows", "auto_study", "auto_targets",
    "ball_cycle_census", "cell", "check_datasets", "check_target", "csv_cell", "design_role",
    "digit_prototypes", "figure1", "figure2", "figure3", "figure_results", "format_auto",
    "format_census", "format_score", "format_table2", "format_table3", "grid", "kmodes_runs",
    "load", "load_any", "order_runs", "order_text", "plot_curves",
    "plot_prototypes", "plot_results", "plot_sweep", "prototypes", "quantization_curves",
    "quartile_code", "reproduce", "row_order", "sweep", "table2", "table3", "table3_settings",
    "to_csv",
]
