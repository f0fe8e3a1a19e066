"""The lessons' explorers as the book shows them: stepped without a kernel.

Each function below builds an explorer as its lesson does (the same data and parameters,
named after the lesson's cell) and steps its main control with
`binms_teach.widgets.stepper.explorer_frames`; `tools/build_book.py` puts the HTML of the
result in the lesson's page in place of the explorer's one picture. The first frame shown is
the lesson's own starting view, which the notebook stores as the explorer's snapshot (a test
compares the two, so the parameters here cannot drift from the lesson's).

The frames are chosen to keep each page under 1 MB: every iteration of the ascent, the path
map's early updates (where the points move) and its last, six values of k2 around the
lesson's, and lambda in steps of 0.05.
"""

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .stepper import explorer_frames, stepper_html


@dataclass(frozen=True)
class LessonStepper:
    """The frames of one lesson's explorer and how the stepper names them.

    Attributes
    ----------
    notebook : str
        The lesson's file name without ``.ipynb``.
    explorer : str
        The explorer's class name, as the lesson's cell calls it (how the book finds the cell).
    name, label : str
        The stepper's name and its control's label (`stepper_html`).
    frames : list of Frame
    start : int
        The frame of the lesson's starting view.
    """

    notebook: str
    explorer: str
    name: str
    label: str
    frames: list
    start: int

    def html(self):
        """The stepper's HTML (`stepper_html`), its ids taken from the explorer's name."""
        ident = "stepper-" + self.explorer.lower()
        return stepper_html(self.frames, ident=ident, name=self.name, label=self.label,
                            start=self.start)


@lru_cache(maxsize=1)
def digits():
    """The Digits data of notebooks 06, 06b and 07: (X, y)."""
    from ..datasets import load_digits

    bunch = load_digits()
    return bunch.data, bunch.target


@lru_cache(maxsize=1)
def digits_modes(k1=10):
    """The final iterates of every Digits image at k1 = 10 (06b's ``models[k1].modes_``,
    07's ``model.modes_``; k2 does not change them)."""
    from ..binnnms import BinNNMS

    X, _ = digits()
    return BinNNMS(k1=k1).fit(X).modes_


# 06, section 5: explorer = AscentExplorer(X, start=p, k1=k1, y=y), with p = 882, k1 = 10.
ASCENT = {"start": 882, "k1": 10}


def ascent_explorer():
    """Notebook 06's explorer, as its cell builds it."""
    from .ascent import AscentExplorer

    X, y = digits()
    return AscentExplorer(X, start=ASCENT["start"], k1=ASCENT["k1"], y=y)


def ascent_stepper():
    """Every iteration of the ascent of notebook 06 (point 882, k1 = 10)."""
    ex = ascent_explorer()
    last = ex.iteration.max
    values = list(range(last + 1))
    frames = explorer_frames(ex, ex.iteration, values,
                             [f"iteration {j} of {last}" for j in values])
    return LessonStepper("06_binary_gradient_ascent", "AscentExplorer", "Ascent explorer",
                         "iteration", frames, 0)


# 06b, section 4: up to 12 starts in each of the six largest basins at k1 = 10, 300 data
# points behind them, all drawn with rng = np.random.default_rng(0) in this order.
PATH_MAP = {"k1": 10, "basins": 6, "per_basin": 12, "background": 300, "seed": 0}


def path_map_explorer():
    """Notebook 06b's explorer, as its cells build it: PathMapExplorer(pm, y=y)."""
    from ..trace import path_map
    from .path_map import PathMapExplorer

    X, y = digits()
    p = PATH_MAP
    modes = digits_modes(p["k1"])
    _, basin, size = np.unique(modes, axis=0, return_inverse=True, return_counts=True)
    basin = basin.reshape(-1)
    largest = np.argsort(-size, kind="stable")[: p["basins"]]
    rng = np.random.default_rng(p["seed"])
    starts = np.concatenate([rng.permutation(np.flatnonzero(basin == b))[: p["per_basin"]]
                             for b in largest])
    background = rng.choice(len(X), size=p["background"], replace=False)
    return PathMapExplorer(path_map(X, starts, p["k1"], background=background), y=y)


def path_map_updates(n_steps, first=8):
    """The updates a stepper shows: each of the first ``first`` (where most points move),
    then every other one, and the last.

    Examples
    --------
    >>> path_map_updates(14)
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14]
    >>> path_map_updates(3)
    [0, 1, 2, 3]
    """
    return sorted(set(range(min(first, n_steps) + 1)) | set(range(first, n_steps + 1, 2))
                  | {n_steps})


def path_map_stepper():
    """The paths of notebook 06b after t updates, t from 0 to the last."""
    ex = path_map_explorer()
    last = ex.map.n_steps
    values = path_map_updates(last)
    frames = explorer_frames(ex, ex.updates, values,
                             [f"t = {t} of {last} updates" for t in values])
    return LessonStepper("06b_algorithm1_on_data", "PathMapExplorer", "Path map",
                         "updates", frames, 0)


# 07, section 7: LabellingExplorer(modes, k2=20, k2_max=60, y=y, X=X, shape=(16, 15)).
LABELLING = {"k2": 20, "k2_max": 60, "shape": (16, 15)}
# Six values of the lesson's sweep (section 6): many small clusters, the lesson's k2 = 20,
# the paper's scores at 25, and clusters chained together at 60.
LABELLING_K2 = (1, 5, 10, 20, 25, 60)


def labelling_explorer():
    """Notebook 07's explorer, as its cell builds it."""
    from .labelling import LabellingExplorer

    X, y = digits()
    p = LABELLING
    return LabellingExplorer(digits_modes(10), k2=p["k2"], k2_max=p["k2_max"], y=y, X=X,
                             shape=p["shape"])


def labelling_stepper():
    """The clusters of notebook 07 at six values of k2, starting at the lesson's 20."""
    ex = labelling_explorer()
    values = list(LABELLING_K2)
    frames = explorer_frames(ex, ex.k2, values, [f"k2 = {k}" for k in values])
    return LessonStepper("07_epsilon_proximity", "LabellingExplorer", "Labelling explorer",
                         "k2", frames, values.index(LABELLING["k2"]))


# 04, section 5: the six data points of {0,1}^4 (0011 twice); section 7 starts at lambda = 0.75.
KERNEL_X = np.array([[1, 1, 0, 0], [1, 0, 1, 0], [0, 1, 1, 0], [0, 0, 1, 1], [0, 0, 1, 1],
                     [0, 0, 0, 1]], dtype=np.uint8)
KERNEL_LAM = 0.75
# lambda from 1/2 (the uniform kernel) to 1 (the point mass) in steps of 0.05.
KERNEL_LAMS = tuple(round(0.5 + 0.05 * i, 2) for i in range(11))


def kernel_frame(lam):
    """What notebook 04's explorer shows when it starts at ``lam``: a `Frame`.

    Started at lam, as the lesson starts it at 0.75: its readout then names no earlier value.
    """
    from .kernel import KernelExplorer

    ex = KernelExplorer(KERNEL_X, lam=lam)
    return explorer_frames(ex, ex.lam, [lam], [f"lambda = {lam:.2f}"])[0]


def kernel_stepper():
    """Notebook 04's kernel and density estimate for lambda = 0.50, 0.55, ..., 1.00."""
    frames = [kernel_frame(lam) for lam in KERNEL_LAMS]
    return LessonStepper("04_aitchison_aitken_kernel", "KernelExplorer", "Kernel explorer",
                         "lambda", frames, KERNEL_LAMS.index(KERNEL_LAM))


STEPPERS = {
    "04_aitchison_aitken_kernel": kernel_stepper,
    "06_binary_gradient_ascent": ascent_stepper,
    "06b_algorithm1_on_data": path_map_stepper,
    "07_epsilon_proximity": labelling_stepper,
}
"""Each lesson with an explorer, and the function that builds its stepper."""
