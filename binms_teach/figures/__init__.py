"""The course's figures: each drawn by a function that returns a described figure.

`describe` binds a text alternative (and the plotted numbers) to a matplotlib figure;
`style` sets the parameters of a lesson's figure or, with ``slide=True``, of a projected one.
The lessons' figure functions live beside this file (``nb01_05/``, ``nb06_07/``,
``nb08_12/``); each takes the data it draws and ``slide=False`` and returns a
`DescribedFigure`, so that a deck draws the same figure for the room.
"""

from .describe import DescribedFigure, alt_text_problem, describe, style

__all__ = ["DescribedFigure", "alt_text_problem", "describe", "style"]
