"""`KernelExplorer`: the Aitchison-Aitken kernel K_lambda on {0,1}^d and the density estimate
of a small data set, as lambda moves (notebook 04).

Everything it shows for one lambda is computed by a plain function, `kernel_state`, from the
package's `aitchison_aitken` and `kde`; the course's figure function
`kernel_explorer_figure` draws it and describes it in words; the widget only links the
slider to them.
"""

import itertools
from dataclasses import dataclass
from numbers import Real

import ipywidgets as widgets
import numpy as np

from .._validation import Binary, Interval, check_binary, validate_params
from ..figures.nb01_05 import kernel_explorer_figure
from ..kernels import aitchison_aitken, kde
from .access import EXPLORER_CLASS, DescribedImage, live, named_controls
from .base import Explorer, column
from .pictures import decode_png

MAX_D = 8  # {0,1}^8 has 256 points: the right panel has a bar for each


@dataclass(frozen=True, eq=False)
class KernelState:
    """What the explorer shows for one lambda.

    Attributes
    ----------
    lam : float
    point : ndarray of shape (d + 1,)
        K_lambda of one point at Hamming distance 0, 1, ..., d from 0.
    shell : ndarray of shape (d + 1,)
        The mass of the whole shell at each distance (the point's mass times C(d, h)).
    density : ndarray of shape (2**d,)
        The density estimate f~(x; lambda) of the data at every point x of {0,1}^d.
    """

    lam: float
    point: np.ndarray
    shell: np.ndarray
    density: np.ndarray


def all_points(d):
    """Every point of {0,1}^d, in binary counting order (0...0 first, 1...1 last).

    Examples
    --------
    >>> all_points(2).tolist()
    [[0, 0], [0, 1], [1, 0], [1, 1]]
    """
    return np.array(list(itertools.product((0, 1), repeat=d)), dtype=np.uint8)


def kernel_state(X, lam, points=None):
    """The kernel by distance and the density estimate of ``X`` at every point, for one lambda.

    Examples
    --------
    >>> s = kernel_state([[0, 0], [1, 1]], 0.75)
    >>> s.point.tolist(), s.shell.tolist()
    ([0.5625, 0.1875, 0.0625], [0.5625, 0.375, 0.0625])
    >>> s.density.tolist()  # (0.75^2 + 0.25^2) / 2 at 00 and 11, 0.1875 between
    [0.3125, 0.1875, 0.1875, 0.3125]
    """
    X = check_binary(X)
    d = X.shape[1]
    points = all_points(d) if points is None else points
    K = aitchison_aitken(points, lam)  # K_lambda(x) for every x: its distance from 0 decides
    H = points.sum(axis=1)             # H(x, 0), the number of ones
    point = np.array([K[H == h][0] for h in range(d + 1)])
    shell = np.array([K[H == h].sum() for h in range(d + 1)])
    return KernelState(float(lam), point, shell, kde(X, points, lam))


class KernelExplorer(Explorer):
    """Move lambda between 1/2 and 1 and watch the kernel and the density estimate change.

    Left, K_lambda on {0,1}^d by distance from 0: the mass of one point and of its whole
    shell; right, the density estimate of the data at each of the 2^d points, the data
    points hatched (`kernel_explorer_figure`). The readout (a live region) says what the
    move changed; a table under the picture holds every number.

    Parameters
    ----------
    X : array-like of shape (n, d), 0/1 values, d <= 8
    lam : float, default 0.75
        The lambda shown first, in [0.5, 1].
    step : float, default 0.01
        The slider's step.

    Attributes
    ----------
    lam : ipywidgets.FloatSlider
        lambda (description "lambda").
    state : KernelState
        What is on display.
    readout : ipywidgets.Label
        One line, announced when it changes: lambda, and what moved with it.
    image : DescribedImage
        The figure, with its text alternative.
    numbers : ipywidgets.HTML
        The estimate at every point, as a table.

    Examples
    --------
    >>> ex = KernelExplorer([[1, 1, 0], [0, 0, 1], [0, 0, 1]], lam=0.75)
    >>> ex.readout.value
    'lambda = 0.75 · one point at distance 0 holds 0.4219 · highest estimate at 001 (0.2865)'
    >>> ex.lam.value = 0.9  # at 001: (2 * 0.9^3 + 0.1^3) / 3
    >>> ex.readout.value
    'lambda 0.75 → 0.90 · one point at distance 0 holds 0.4219 → 0.7290 · highest \
estimate at 001 (0.2865 → 0.4863)'
    """

    @validate_params({"X": Binary(), "lam": Interval(Real, 0.5, 1.0, message=(
        "lam = {value} is outside [0.5, 1]: the kernel is defined for 1/2 <= lambda <= 1."))})
    def __init__(self, X, *, lam=0.75, step=0.01):
        self.X = X
        n, d = self.X.shape
        if d > MAX_D:
            raise ValueError(f"X has d = {d} features: the explorer draws a bar for each of the "
                             f"2^d points of {{0,1}}^d; give at most d = {MAX_D}.")
        self.points = all_points(d)
        self.names = ["".join(map(str, p)) for p in self.points]
        self.in_data = (self.points[:, None, :] == self.X[None, :, :]).all(axis=2).any(axis=1)
        self.lam = widgets.FloatSlider(value=lam, min=0.5, max=1.0, step=step,
                                       description="lambda", readout_format=".2f",
                                       continuous_update=False)
        self.readout = live(widgets.Label())  # announced by a screen reader when it changes
        self.readout.add_class("kernel-readout")
        self.image = DescribedImage("kernel-figure")
        self.numbers = widgets.HTML()
        self._state = None
        self.lam.observe(lambda _: self._render(), "value")
        self.ui = column([self.lam, self.readout, self.image.widget, self.numbers,
                          named_controls()])
        self.ui.add_class(EXPLORER_CLASS)
        self._render()

    def _render(self):
        before = self._state
        s = self._state = kernel_state(self.X, self.lam.value, self.points)
        self._figure = shown = kernel_explorer_figure(s.lam, s.point, s.shell, self.names,
                                                      s.density, self.in_data)
        self._rgb = decode_png(shown.png)
        self.readout.value = self.readout_text(s, before)
        self.image.show(shown.png, shown.alt, width=shown.width)
        self.numbers.value = shown.numbers_html()

    def readout_text(self, state, before=None):
        """What the live region says: lambda and, after a move, what it changed."""
        best = int(np.argmax(state.density))

        def moved(now, was, fmt):
            return f"{was:{fmt}} → {now:{fmt}}" if before is not None else f"{now:{fmt}}"

        if before is None:
            lam = f"lambda = {state.lam:.2f}"
            old_best = None
        else:
            lam = f"lambda {before.lam:.2f} → {state.lam:.2f}"
            old_best = before.density[best]
        return (f"{lam} · one point at distance 0 holds "
                f"{moved(state.point[0], before.point[0] if before else 0, '.4f')} · "
                f"highest estimate at {self.names[best]} "
                f"({moved(state.density[best], old_best or 0, '.4f')})")

    def description(self):
        """The text alternative of the figure on display (computed from its numbers)."""
        return f"Kernel explorer at lambda = {self._state.lam:.2f}. {self._figure.alt}"

    def _view_rows(self):
        return [self.readout.value, [("", self._rgb)]]
