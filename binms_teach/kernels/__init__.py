"""The kernels and estimators behind the derivation of BinNNMS (Sections 2 and 3).

Nothing here is needed to *run* BinNNMS (that is `binms_teach.ascent`): this is
the paper's derivation made executable, so that `binms_teach.checks` and the
notebooks can test every step with numbers.

Section 2, continuous data
    the uniform and Epanechnikov kernels, the nearest-neighbour estimators
    f^_NN and D f^_NN, and the nearest-neighbour mean shift of Eq. (2).
Section 3, binary data
    the Aitchison-Aitken kernel K_lam and its continuous extension, the kernel
    density estimate f~ (Eq. 5) and its gradient (Eq. 6), the modified kernel
    L, the estimators f^ and D f^ built with it, and the ratio that the paper
    simplifies to maj(NN_k(x)) (Eq. 7).

Where the paper misprints, the code follows the corrected formula and its
docstring says so; `binms_teach.checks` computes both sides.

One module per kernel: `kernels.continuous` (Section 2), `kernels.aitchison_aitken` (K_lam,
Eqs. 5-6) and `kernels.median_shift` (the kernel L, Eq. 7); their shared input checks in
`kernels.inputs`.
"""

from .aitchison_aitken import LAM_CONVENTION as LAM_CONVENTION
from .aitchison_aitken import (
    aitchison_aitken,
    aitchison_aitken_continuous,
    aitchison_aitken_gradient,
    kde,
    kde_gradient,
)
from .continuous import (
    epanechnikov_gradient,
    epanechnikov_kernel,
    kth_distance,
    nn_density,
    nn_density_gradient,
    nn_mean_shift_path,
    nn_mean_shift_step,
    uniform_kernel,
    unit_ball_volume,
)
from .median_shift import (
    Ratio,
    kernel_L,
    median_shift_density,
    median_shift_gradient,
    median_shift_ratio,
)

__all__ = [
    "unit_ball_volume",
    "uniform_kernel",
    "epanechnikov_kernel",
    "epanechnikov_gradient",
    "kth_distance",
    "nn_density",
    "nn_density_gradient",
    "nn_mean_shift_step",
    "nn_mean_shift_path",
    "aitchison_aitken",
    "aitchison_aitken_continuous",
    "aitchison_aitken_gradient",
    "kde",
    "kde_gradient",
    "Ratio",
    "kernel_L",
    "median_shift_density",
    "median_shift_gradient",
    "median_shift_ratio",
]
