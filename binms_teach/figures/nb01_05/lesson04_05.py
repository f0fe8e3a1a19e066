"""The figures of lessons 04 (the kernel, the widget's picture) and 05 (when the ratio is 0/0)."""

from __future__ import annotations

import itertools

import numpy as np

from .. import palette
from ..common import listed, new_figure, num
from ..projection import describe, style
from ..shape import crossings, shape, tolerance

__all__ = ["kernel_by_distance_figure", "kernel_explorer_figure", "zero_ratio_figure"]


# ----------------------------------------------------------------------------------------------
# Lesson 04
# ----------------------------------------------------------------------------------------------

def kernel_by_distance_figure(d, masses, *, slide=False):
    """The mass of one point of {0,1}^d against its distance from 0, one line per lambda (04).

    ``masses`` maps each lambda to the masses at distances 0, 1, ..., d.

    Examples
    --------
    >>> d = kernel_by_distance_figure(2, {0.5: [0.25, 0.25, 0.25], 0.9: [0.81, 0.09, 0.01]})
    >>> d
    The mass K_lambda(x) of one point of {0,1}^2 against its Hamming distance from 00, one \
line per lambda: the larger lambda, the faster the mass falls, from 0.81 to 0.01 for lambda = 0.9.
    >>> d.long
    'One line per lambda: for lambda = 0.5 it is flat at 0.25; for lambda = 0.9 it falls from \
0.81 at distance 0 to 0.01 at distance 2.'

    """
    lams = list(masses)
    with style(slide):
        fig = new_figure((9.6, 4.6) if slide else (5.5, 2.8))
        ax = fig.subplots()
        for i, lam in enumerate(lams):
            ax.plot(range(d + 1), masses[lam], label=rf"$\lambda = {lam}$",
                    **palette.series_style(i))
        ax.set_xticks(range(d + 1))
        ax.set_xlabel(r"distance from $\mathbf{0}$, $\mathcal{H}(\mathbf{x}, \mathbf{0})$")
        ax.set_ylabel(r"$K_\lambda(\mathbf{x})$")
        ax.set_title(rf"the mass of one point of $\{{0,1\}}^{d}$, by its distance from "
                     r"$\mathbf{0}$")
        ax.legend()
        parts, falls = [], []
        for lam in lams:
            m = np.asarray(masses[lam], dtype=float)
            if np.allclose(m, m[0]):
                parts.append(f"for lambda = {lam} it is flat at {num(m[0], 4)}")
            else:
                falls.append(lam)
                parts.append(f"for lambda = {lam} it falls from {num(m[0], 4)} at distance 0 "
                             f"to {num(m[-1], 4)} at distance {d}")
        steep = max(falls) if falls else None
        message = ("the larger lambda, the more mass stays near the point" if steep is None
                   else f"the larger lambda, the faster the mass falls, from "
                        f"{num(masses[steep][0], 4)} to {num(masses[steep][-1], 4)} for "
                        f"lambda = {steep}")
        alt = (f"The mass K_lambda(x) of one point of {{0,1}}^{d} against its Hamming distance "
               f"from {'0' * d}, one line per lambda: {message}.")
        long = "One line per lambda: " + "; ".join(parts) + "."
        numbers = {"distance": list(range(d + 1))}
        numbers |= {f"lambda = {lam}": list(masses[lam]) for lam in lams}
        return describe(fig, alt, numbers, decimals=4, long=long)


def kernel_explorer_figure(lam, point, shell, names, density, in_data, *, slide=False):
    """The kernel on {0,1}^d by distance, and the density estimate at every point (04's widget).

    ``point`` and ``shell``: the mass of one point and of the whole shell at each distance
    0, ..., d; ``names``, ``density``, ``in_data``: every point of {0,1}^d as bits, the
    estimate there, and whether it is a data point.

    Examples
    --------
    >>> d = kernel_explorer_figure(0.75, [0.5625, 0.1875, 0.0625], [0.5625, 0.375, 0.0625],
    ...                            ["00", "01", "10", "11"], [0.4, 0.3, 0.2, 0.1],
    ...                            [True, False, False, False])
    >>> d
    Left, the Aitchison-Aitken kernel on {0,1}^2 at lambda = 0.75: one point holds 0.5625 of \
the mass at distance 0; right, the density estimate of the data at each of the 4 points of \
{0,1}^2, highest at 00 (0.4).
    >>> d.long
    'Left, by Hamming distance from 00: the mass of one point falls from 0.5625 at distance 0 to \
0.0625 at distance 2 (plain bars); the mass of the whole shell (hatched bars) is 0.5625, 0.375 \
and 0.0625. Right: the data point is hatched; the estimate is highest at 00 (0.4), 01 (0.3) \
and 10 (0.2) and lowest at 11 (0.1).'
    """
    point, shell = np.asarray(point, dtype=float), np.asarray(shell, dtype=float)
    density, in_data = np.asarray(density, dtype=float), np.asarray(in_data, dtype=bool)
    d = len(point) - 1
    one, whole, data, other = (palette.series_style(1), palette.series_style(7),
                               palette.series_style(0), palette.series_style(7))
    from matplotlib.patches import Patch

    with style(slide):
        fig = new_figure((9.6, 4.4) if slide else (8, 3.2))
        left, right = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1, 2]})
        rho = np.arange(d + 1)
        left.bar(rho - 0.2, shell, width=0.4, color=whole["color"], hatch="//",
                 edgecolor="white", label="whole shell")
        left.bar(rho + 0.2, point, width=0.4, color=one["color"], label="one point")
        left.set_xticks(rho)
        left.set_ylim(0, 1)
        left.set_xlabel(r"$\mathcal{H}(\mathbf{x}, \mathbf{0})$")
        left.set_ylabel("mass")
        left.set_title(rf"$K_\lambda$, $\lambda = {lam:.2f}$")
        left.legend()
        right.bar(names, density, color=np.where(in_data, data["color"], other["color"]),
                  edgecolor="white", hatch=["xx" if c else "" for c in in_data])
        right.set_ylim(0, max(0.35, float(density.max()) * 1.1))
        right.tick_params(axis="x", rotation=90)
        right.set_xlabel(rf"$\mathbf{{x}} \in \{{0,1\}}^{d}$")
        right.set_ylabel(r"$\tilde f(\mathbf{x}; \lambda)$")
        right.set_title(r"the density estimate $\tilde f$ of the data")
        right.legend(handles=[Patch(facecolor=data["color"], hatch="xx", edgecolor="white",
                                    label="a data point"),
                              Patch(facecolor=other["color"], label="not in the data")])
        best = np.argsort(-density, kind="stable")[:3]
        low = int(np.argsort(density, kind="stable")[0])
        n_data = int(in_data.sum())
        alt = (f"Left, the Aitchison-Aitken kernel on {{0,1}}^{d} at lambda = {lam:.2f}: one "
               f"point holds {num(point[0], 4)} of the mass at distance 0; right, the density "
               f"estimate of the data at each of the {len(names)} points of {{0,1}}^{d}, "
               f"highest at {names[best[0]]} ({num(density[best[0]], 4)}).")
        long = (f"Left, by Hamming distance from {'0' * d}: the mass of one point falls from "
                f"{num(point[0], 4)} at distance 0 to {num(point[-1], 4)} at distance {d} "
                f"(plain bars); the mass of the whole shell (hatched bars) is "
                f"{listed([num(v, 4) for v in shell])}. Right: "
                + ("the data point is" if n_data == 1 else f"the {n_data} data points are")
                + " hatched; the estimate is highest at "
                + listed([f"{names[j]} ({num(density[j], 4)})" for j in best])
                + f" and lowest at {names[low]} ({num(density[low], 4)}).")
        numbers = {"x": list(names), "estimate": density,
                   "a data point": ["yes" if c else "" for c in in_data]}
        return describe(fig, alt, numbers, decimals=4, long=long)


# ----------------------------------------------------------------------------------------------
# Lesson 05
# ----------------------------------------------------------------------------------------------

def zero_ratio_figure(k1_values, rates, *, slide=False):
    """The share of the points where the ratio of Eq. (7) is 0/0 (q = 0), against k1 (05).

    ``rates`` maps each data set's name to {k1: share}.

    Examples
    --------
    >>> d = zero_ratio_figure([1, 2, 5, 10], {"A": {1: 0.0, 2: 0.5, 5: 0.75, 10: 0.5},
    ...                                       "B": {1: 0.0, 2: 0.0, 5: 0.0, 10: 0.0}})
    >>> d
    The share of the data points whose ratio of Eq. (7) is 0/0 (q = 0) against k1, one line \
per data set: 0 for every data set at k1 = 1, then highest for A (up to 0.75) and lowest for B (0 \
at every k1).
    >>> d.long
    'Against k1 from 1 to 10 (log scale): A rises from 0 at k1 = 1 to 0.75 at k1 = 5, then falls \
back to 0.5 at k1 = 10; B stays at 0. A turn smaller than 0.038 is not described.'
    """
    names = list(rates)
    with style(slide):
        fig = new_figure((9.6, 4.6) if slide else (6, 3))
        ax = fig.subplots()
        for i, name in enumerate(names):
            ax.plot(k1_values, [rates[name][k1] for k1 in k1_values], label=name,
                    **palette.series_style(i))
        ax.set_xscale("log")
        ax.set_xticks(k1_values, [str(k1) for k1 in k1_values])
        ax.minorticks_off()
        ax.set_ylim(-0.03, 1.03)
        ax.set_xlabel(r"$k_1$, the number of neighbours")
        ax.set_ylabel(r"share of the points with $q = 0$")
        ax.set_title(r"how often the ratio of Eq. (7) is $0/0$")
        ax.legend(loc="center left", bbox_to_anchor=(1.02, 0.5))
        series = {name: [rates[name][k1] for k1 in k1_values] for name in names}
        tol = tolerance(*series.values())
        parts = [f"{name} {shape(k1_values, v, tol=tol, name='k1')}" for name, v in series.items()]
        crossed = [f"{a} and {b} cross between k1 = {lo} and k1 = {hi}"
                   for a, b in itertools.combinations(names, 2)
                   for lo, hi in crossings(k1_values, series[a], series[b], tol=tol / 5)]
        # the message: which data sets meet 0/0 most and least once k1 > the first value
        later = {name: float(np.mean(v[1:])) if len(v) > 1 else float(v[0])
                 for name, v in series.items()}
        most, least = max(later, key=later.get), min(later, key=later.get)
        first = ("0 for every data set" if all(v[0] == 0 for v in series.values())
                 else "from " + num(min(v[0] for v in series.values())))
        alt = (f"The share of the data points whose ratio of Eq. (7) is 0/0 (q = 0) against k1, "
               f"one line per data set: {first} at k1 = {k1_values[0]}, then highest for {most} "
               f"(up to {num(max(series[most]))}) and lowest for {least} ("
               + ("0 at every k1" if max(series[least]) == 0 else
                  f"at most {num(max(series[least]))}") + ").")
        long = ("Against k1 from " f"{k1_values[0]} to {k1_values[-1]} (log scale): "
                + "; ".join(parts) + "." + (" " + "; ".join(crossed) + "." if crossed else "")
                + " A turn smaller than " + num(tol) + " is not described.")
        numbers = {"k1": list(k1_values)}
        numbers |= {name: [rates[name][k1] for k1 in k1_values] for name in names}
        return describe(fig, alt, numbers, long=long)
