"""The figures of lessons 08-12 that are not the paper's own (those are in
`binms_teach.figures.experiments`: Figures 1-3 and Table 3 as points).

Each function takes the data it draws and ``slide=False`` and returns a
`~binms_teach.figures.DescribedFigure`: the picture, a text alternative that says what it
shows and what to see in it (its numbers come from the data, rounded, so the text is the same
on every machine), and, where it plots numbers, those numbers as a table. With
``slide=True`` the same figure is drawn for projection (`style`).

* `reshape_figure` (lesson 11): the mean image of each digit, reshaped two ways.
* `sweep_figure` (lesson 09, its slides): the NMI of a sweep against k2, one line per k1.
* `decrease_figure` (lesson 10, its slides): the ascent's relative decrease against the ARI.
* `purity_figure` (lesson 11, its slides): each prototype's majority digit and purity.
* `auto_figure` (lesson 12): the automatic choice of (k1, k2) beside the supervised best.
* `criteria_figure` (lesson 12): the criteria of the choice over k2, at one k1.

One module for lessons 09 to 11 (``lessons09_11``) and one for lesson 12 (``lesson12``); every
name is imported from here.
"""

from .lesson12 import auto_figure, criteria_figure
from .lessons09_11 import decrease_figure, purity_figure, reshape_figure, sweep_figure

__all__ = ["auto_figure", "criteria_figure", "decrease_figure", "purity_figure",
           "reshape_figure", "sweep_figure"]
