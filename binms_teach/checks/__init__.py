"""Executable checks of the paper's derivation: one function per claim.

The course checks eight claims of the paper (notebooks 01-06) and one claim of
its own (item 9, `check_descent`: the "index" ascent always terminates; the
paper does not state it). Each ``check_*`` function below computes both sides
numerically and returns a `CheckResult`; where the paper misprints, the result
shows the printed version failing beside the corrected one holding. `run_all`
runs the nine (a second or two) and `format_results` prints them as a table.

Three helpers are meant for real data in the notebooks: `zero_over_zero_rate`
(item 5), `algorithm1_bga_as_printed` (item 7, the printed loop kept only to
show what is wrong with it) and `descent_moves` (item 9).

One module per claim or pair of claims: `checks.distance` (1, Eq. 3; 8, Table 1),
`checks.kernel` (2-4, Eqs. 5-6 and the lam -> 1 step), `checks.median` (5-6, Eqs. 7 and
4), `checks.algorithm1` (7) and `checks.descent` (9); what they share in `checks.record`.
"""

from .algorithm1 import BGARun, algorithm1_bga_as_printed, check_algorithm1
from .descent import DESCENT_DATA as DESCENT_DATA
from .descent import DESCENT_K1 as DESCENT_K1
from .descent import DESCENT_TIES as DESCENT_TIES
from .descent import DescentMoves, check_descent, descent_moves
from .distance import ZOO_BOOLEAN as ZOO_BOOLEAN
from .distance import ZOO_LEGS_VALUES as ZOO_LEGS_VALUES
from .distance import check_hamming, check_zoo_dimension
from .kernel import check_aitchison_aitken, check_kde_gradient, check_lambda_one_step
from .median import RATE_CHUNK_BYTES as RATE_CHUNK_BYTES
from .median import check_kernel_L_ratio, check_majority_is_median, zero_over_zero_rate
from .record import EXACT_TOL as EXACT_TOL
from .record import FD_RTOL as FD_RTOL
from .record import CheckResult, format_results

CHECKS = (
    check_hamming,
    check_aitchison_aitken,
    check_kde_gradient,
    check_lambda_one_step,
    check_kernel_L_ratio,
    check_majority_is_median,
    check_algorithm1,
    check_zoo_dimension,
    check_descent,
)


def run_all(random_state=0):
    """Run the nine checks in order (the paper's eight, then the course's): a list of `CheckResult`.

    >>> [r.holds_corrected for r in run_all()] == [True] * 9
    True
    """
    return [check(random_state) for check in CHECKS]


# The functions and classes (the API reference documents them); CHECKS and the constants are
# importable too.
__all__ = [
    "CheckResult", "run_all", "format_results",
    "check_hamming", "check_aitchison_aitken", "check_kde_gradient", "check_lambda_one_step",
    "check_kernel_L_ratio", "check_majority_is_median", "check_algorithm1",
    "check_zoo_dimension", "check_descent",
    "zero_over_zero_rate", "BGARun", "algorithm1_bga_as_printed", "DescentMoves",
    "descent_moves",
]
