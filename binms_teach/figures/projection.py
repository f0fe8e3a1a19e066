"""Figures for a projector: vector pictures whose text stays text, sized for the back row.

A deck (docs/slides, ``make slides``) draws the lessons' figures with ``slide=True``. Inside
`style` with ``slide=True`` this module's `describe` writes the figure as SVG with its text
kept as ``<text>`` (matplotlib's ``svg.fonttype: "none"``): sharp at any size, found by the
browser's search, read by a screen reader. The result, a `ProjectedFigure`, shows as an inline
``<svg role="img">`` named by the short text alternative (``aria-label`` and ``<title>``),
described by the long one (``<desc>`` and the paragraph ``aria-describedby`` names), with the
numbers in a ``<details>`` under it, as `binms_teach.figures.describe` does for a PNG.
Outside a slide's style both are `binms_teach.figures.describe`'s own: a lesson's figures do
not change.

The deck's slide is 1280 x 720 CSS pixels (16:9); a figure fills its width (1228 px) or the
height left under a heading (`SLIDE_FIGURE_HEIGHT`). The slide's text sizes below keep every
text at least `SLIDE_MIN_TEXT_PX` tall on a 1280 x 720 screen when a figure 9.6 in wide is
shown that way (tests/e2e/test_slides.py measures each ``<text>`` in Chromium).

Examples
--------
>>> from matplotlib.figure import Figure
>>> with style(slide=True):
...     fig = Figure(figsize=(9.6, 4.2))
...     _ = fig.add_subplot().plot([1, 2, 3], [0.5, 0.88, 0.7], label="NMI")
...     d = describe(fig, "NMI against k2 for Digits: it rises to 0.88 at k2 = 2 and falls.")
>>> type(d).__name__, "<text" in d.svg, 'role="img"' in d.html()
('ProjectedFigure', True, True)
>>> with style():
...     fig = Figure(figsize=(3, 2))
...     type(describe(fig, "An empty lesson figure, drawn as a PNG picture as before.")).__name__
'DescribedFigure'
"""

from __future__ import annotations

import contextlib
import html
import io
import itertools
import re

from .alt_text import alt_text_problem
from .describe import (
    DescribedFigure,
    close_in_pyplot,
    figure_smallest_text_pt,
    numbers_columns,
)
from .describe import describe as _describe_png
from .describe import style as _style_png

__all__ = ["ProjectedFigure", "describe", "style", "SLIDE_MIN_TEXT_PX"]

SLIDE_WIDTH, SLIDE_HEIGHT = 1280, 720  # the deck's canvas (tools/slides_render.py)
SLIDE_MIN_TEXT_PX = 24  # the smallest text of a projected figure, on a 1280 x 720 screen
SLIDE_FIGURE_HEIGHT = 590  # the tallest a figure is shown under a heading (deck.css)
# 17 pt on a 9.6 in (691 pt) figure shown 590 px tall at most: at least 25 px on the slide,
# 24 px once reveal.js fits the slide and its margin to the screen (scale 0.96).
_SLIDE_RC = {"svg.fonttype": "none", "font.size": 18, "axes.titlesize": 19,
             "axes.labelsize": 18, "xtick.labelsize": 17, "ytick.labelsize": 17,
             "legend.fontsize": 17, "legend.title_fontsize": 17, "figure.titlesize": 20,
             "lines.markersize": 14, "lines.linewidth": 3.5, "axes.linewidth": 1.5,
             # maths in DejaVu Sans, the font the browser draws the rest with: the default
             # fontset takes \mathcal from STIX's private-use glyphs, which the browser draws
             # as empty boxes
             "mathtext.fontset": "custom", "mathtext.rm": "DejaVu Sans",
             "mathtext.it": "DejaVu Sans:italic", "mathtext.bf": "DejaVu Sans:bold",
             "mathtext.cal": "DejaVu Sans:italic", "mathtext.sf": "DejaVu Sans",
             "mathtext.tt": "DejaVu Sans Mono", "mathtext.fallback": "stixsans"}
_IDS = itertools.count()


class ProjectedFigure(DescribedFigure):
    """A described figure drawn as SVG for a slide (the PNG-free sibling of
    `binms_teach.figures.DescribedFigure`).

    Attributes
    ----------
    svg : str
        The ``<svg>`` element, its text as ``<text>``.
    """

    def __init__(self, svg, alt, numbers=None, *, smallest_text_pt=None, long=None):
        self.svg = svg
        self.png = b""
        self.alt, self.long, self.numbers = alt, long, numbers
        self.smallest_text_pt = smallest_text_pt
        self.dpi = 72.0  # SVG's user unit is the point
        size = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
        self.width, self.height = (round(float(v)) for v in size.groups()) if size else (0, 0)

    def picture(self) -> str:
        """The inline ``<svg role="img">`` (its text kept as text), named by the alt; `html`
        adds the long description and the numbers as for any described figure."""
        label = html.escape(self.alt, quote=True)
        described = f' aria-describedby="{self.long_id()}"' if self.long else ""
        inner = f"<title>{html.escape(self.alt)}</title>"
        if self.long:
            inner += f"<desc>{html.escape(self.long)}</desc>"
        return re.sub(r"<svg\b([^>]*)>", lambda m: (
            f'<svg{_sized(m[1])} role="img" aria-label="{label}"{described}'
            f' class="binms-svg">{inner}'), self.svg, count=1)

    def save(self, path) -> None:
        """Write the SVG to ``path``."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.svg)


def _sized(attributes):
    """The ``<svg>``'s attributes without its fixed size: the deck's CSS sizes it."""
    return re.sub(r'\s(?:width|height)="[^"]*"', "", attributes)


def _projecting() -> bool:
    import matplotlib

    return matplotlib.rcParams["svg.fonttype"] == "none"


def describe(fig, alt, numbers=None, *, decimals=3, long=None):
    """`binms_teach.figures.describe`, drawn as SVG inside ``style(slide=True)``.

    Returns a `ProjectedFigure` there, a `binms_teach.figures.DescribedFigure` elsewhere;
    the same checks of ``alt`` and ``numbers``.
    """
    if not _projecting():
        return _describe_png(fig, alt, numbers, decimals=decimals, long=long)
    import matplotlib

    problem = alt_text_problem(alt)
    if problem:
        raise ValueError(problem)
    columns = None if numbers is None else numbers_columns(numbers, decimals)
    buffer = io.StringIO()
    # ids unique in a page that shows several figures (their clip paths would clash)
    with matplotlib.rc_context({"svg.hashsalt": f"binms-{next(_IDS)}"}):
        fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    smallest = figure_smallest_text_pt(fig)
    close_in_pyplot(fig)
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg"):]  # no XML prolog or DOCTYPE inside a page
    svg = re.sub(r"<metadata>.*?</metadata>\s*", "", svg, flags=re.S)
    return ProjectedFigure(svg, " ".join(alt.split()), columns, smallest_text_pt=smallest,
                           long=None if long is None else " ".join(long.split()))


@contextlib.contextmanager
def style(slide=False):
    """`binms_teach.figures.style`, and with ``slide=True`` the projection's text sizes and
    SVG text (`describe` then draws SVG)."""
    import matplotlib

    with _style_png(slide):
        if not slide:
            yield
            return
        with matplotlib.rc_context(_SLIDE_RC):
            yield
