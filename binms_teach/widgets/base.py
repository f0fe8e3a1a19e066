"""What the explorers share: the display bundle, a column layout, a blitted matplotlib figure.

`Explorer` gives every explorer its display bundle (the live widget and a PNG
of its current view for readers without a kernel); `Blitter` draws a
matplotlib figure once and then only its moving artists; `label_style` gives
the i-th label its colour, marker and line style.
"""

import ipywidgets as widgets
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.markers import MarkerStyle

from ..figures.describe import DescribedFigure
from ..figures.palette import GREY as GREY_HEX
from ..figures.palette import series_style
from .pictures import png_bytes, view_picture


def column(children, margin=None):
    """A VBox whose children keep their natural width (a VBox stretches images by default)."""
    layout = widgets.Layout(align_items="flex-start")
    if margin:
        layout.margin = margin
    return widgets.VBox(children, layout=layout)


class Explorer:
    """What every explorer shares: Jupyter displays its ``ui``; ``state`` is what it shows.

    The display bundle holds the live widget view and, for a reader without a kernel,
    the current view (`view`) as ``text/html``: an ``<img>`` whose ``alt`` is its text
    alternative (`description`), the form `binms_teach.figures.describe` gives a figure
    (JupyterLab shows it when the widget cannot be, e.g. in a notebook it does not trust).
    """

    def _repr_mimebundle_(self, **kwargs):
        bundle = self.ui._repr_mimebundle_(**kwargs)
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        snapshot = DescribedFigure(png_bytes(self.view()[0]), self.description())
        data["text/html"] = snapshot.html()
        data["text/plain"] = f"{type(self).__name__}: {self.readout.value}"
        return data, metadata or {}

    def description(self):
        """The text alternative of the current view (each explorer says more)."""
        return f"{type(self).__name__}, as it was when the notebook ran: {self.readout.value}"

    def view(self):
        """The current view as one RGB picture, and where each of its pictures sits."""
        return view_picture(self._view_rows())

    @property
    def state(self):
        return self._state


class Blitter:
    """A matplotlib figure drawn once; each update redraws only its animated artists.

    The static part (axes, labels, background points) is rendered once and kept
    as pixels; an update restores it, draws the artists marked ``animated=True``
    and encodes the canvas as PNG.
    """

    def __init__(self, size, ncols=1):
        self.fig = Figure(figsize=size, dpi=80)
        self.canvas = FigureCanvasAgg(self.fig)
        self.axes = self.fig.subplots(1, ncols)
        self.animated = []
        self._background = None

    def freeze(self):
        """Render the static part; call after every artist is added."""
        self.canvas.draw()  # artists with animated=True are left out
        self._background = self.canvas.copy_from_bbox(self.fig.bbox)

    def png(self):
        self.canvas.restore_region(self._background)
        for artist in self.animated:
            self.fig.draw_artist(artist)
        self.last_rgb = np.asarray(self.canvas.buffer_rgba())[..., :3].copy()
        return png_bytes(self.last_rgb)


def marker_path(marker):
    """The outline of a matplotlib marker, ready for `PathCollection.set_paths`."""
    style = MarkerStyle(marker)
    return style.get_path().transformed(style.get_transform())


def rgba(hex_colour):
    h = hex_colour.lstrip("#")
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)) + (1.0,)


def label_style(code):
    """Colour (RGBA), marker and line style of the label with code ``code`` (0, 1, ...).

    The palette's colours (`binms_teach.figures.palette`); the colour repeats after 8 but
    the marker does not before 10, so no two digits look alike.
    """
    style = series_style(int(code))
    return rgba(style["color"]), style["marker"], style["linestyle"]


# Every cluster past the coloured ones: the palette's reference grey (4.5:1 on white).
GREY = rgba(GREY_HEX)


def plural(count, one, many):
    """``count`` and the noun that agrees with it.

    >>> plural(1, "cluster", "clusters"), plural(3, "cluster", "clusters")
    ('1 cluster', '3 clusters')
    """
    return f"{count} {one if count == 1 else many}"
