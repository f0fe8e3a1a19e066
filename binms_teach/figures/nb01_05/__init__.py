"""The figures of lessons 01 to 05, each described for a reader who cannot see it.

Every function takes the data it draws and ``slide=False`` (``True``: drawn for projection in a
deck) and returns a `~binms_teach.figures.DescribedFigure`: the picture, its text alternative
(what it shows and what to see in it, with the numbers of the computation that drew it, rounded
so that the text is the same on every machine) and, where it plots numbers, those numbers as a
table. A lesson and its deck call the same function, so the two cannot drift apart.

One module per lesson or two (``lesson01_02``, ``lesson03``, ``lesson04_05``), with the
helpers of every lesson's figures in ``binms_teach.figures.common``; every name is imported
from here. Lesson 01: `sphere_figure`. Lesson 02: `inertia_figure`. Lesson 03: `blobs_figure`,
`ascent_frame_figure` (the picture of the ascent widget), `two_clusterings_figure`. Lesson 04:
`kernel_by_distance_figure`, `kernel_explorer_figure` (the picture of the kernel widget).
Lesson 05: `zero_ratio_figure`.

Series take their colour, marker and line style from `binms_teach.figures.palette.series_style`;
context marks (lines between points, the data behind a highlight) take `palette.GREY`.
"""

from .lesson01_02 import inertia_figure, sphere_figure
from .lesson03 import ascent_frame_figure, blobs_figure, two_clusterings_figure
from .lesson04_05 import kernel_by_distance_figure, kernel_explorer_figure, zero_ratio_figure

__all__ = [
    "ascent_frame_figure", "blobs_figure", "inertia_figure", "kernel_by_distance_figure",
    "kernel_explorer_figure", "sphere_figure", "two_clusterings_figure", "zero_ratio_figure",
]
