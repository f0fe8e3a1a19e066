"""The figures of lessons 06, 06b and 07, each described for a reader who cannot see it.

Each function takes the data it draws and ``slide=False`` (``True``: for projection in a deck)
and returns a `~binms_teach.figures.DescribedFigure`: the picture, its text alternative (what it
shows and what to see in it, with rounded numbers of the computation that drew it) and the
numbers it plots as a table. Lesson and deck call the same function, so they cannot drift.
06: `first_images`, `ascent_figure`; 06b: `moves_histogram`, `largest_basins`,
`path_map_figure`, `row_order_figure`; 07: `cluster_centres`, `k2_sweep`. Binary images: ink (1)
black on white (``INK``); series: `binms_teach.figures.palette.series_style`, context marks
palette.GREY.

One module per lesson (``lesson06``, ``lesson06b``, ``lesson07``), with what they share in
``panels``; every name is imported from here.
"""

from .lesson06 import ascent_figure, first_images
from .lesson06b import largest_basins, moves_histogram, path_map_figure, row_order_figure
from .lesson07 import cluster_centres, k2_sweep

__all__ = [
    "ascent_figure", "cluster_centres", "first_images", "k2_sweep", "largest_basins",
    "moves_histogram", "path_map_figure", "row_order_figure",
]
