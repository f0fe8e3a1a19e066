"""Figures that carry their own description: `describe`, `DescribedFigure`, `style`.

A reader who cannot see a figure reads its text alternative; a reader who wants the values
reads its numbers. `describe` binds both to the picture, so that displaying the result in a
notebook gives one ``display_data`` output:

- ``text/html``: ``<div class="binms-figure">`` holding the picture as
  ``<img src="data:image/png;base64,..." alt="...">``, the long description (if any) as a
  paragraph right under it (``<p class="binms-long">``, which the ``<img>``'s
  ``aria-describedby`` names), and the numbers (if any) as a table in a collapsed
  ``<details>`` block ("The numbers behind the figure"). JupyterLab, nbconvert and MyST-NB
  prefer ``text/html`` to ``image/png``, and JupyterLab's image renderer ignores an ``alt`` in
  the output's metadata: an ``<img>`` in HTML is the form that reaches a screen reader in all
  of them. JupyterLab sanitizes the HTML of a notebook it does not trust: the picture and its
  ``alt`` survive, the ``id`` and ``aria-describedby`` do not, and the long description is then
  the paragraph that follows the picture. It is visible, not inside the ``<details>``: Chromium
  computes no description from the content of a closed ``<details>``.
- ``text/plain``: the alt text, the long description and the numbers as a plain table (what a
  terminal, or a screen reader in one, gets).

The PNG is stored once, inside the HTML. Every text is built from rounded values only, so it
is the same on every machine (nbval compares ``text/html`` and ``text/plain``; the base64 of
the picture is replaced by a placeholder first, notebooks/sanitize.cfg).

`style` sets matplotlib's parameters for a lesson's figure or, with ``slide=True``, for a
figure projected in a deck (text inside the figure at least 20 px when the deck shows it at
most 960 px wide on a 1280 x 720 screen). `alt_text_problem` is the one rule every
accessibility test applies to a text alternative: at least 8 words, not a file path, not a
placeholder.

Examples
--------
>>> from matplotlib.figure import Figure
>>> fig = Figure(figsize=(3, 2))
>>> ax = fig.add_subplot()
>>> _ = ax.plot([1, 2, 3], [0.5, 0.88, 0.7], marker="o")
>>> described = describe(fig, "NMI against k2 for Digits: it rises to 0.88 at k2 = 2 "
...                           "and falls after.", numbers={"k2": [1, 2, 3],
...                                                       "NMI": [0.5, 0.88, 0.7]})
>>> described
NMI against k2 for Digits: it rises to 0.88 at k2 = 2 and falls after.
>>> print(described.numbers_text())
The numbers behind the figure:
k2    NMI
 1  0.500
 2  0.880
 3  0.700
>>> describe(fig, "a figure")
Traceback (most recent call last):
...
ValueError: the text alternative 'a figure' has 2 words; write at least 8 ...
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import html
import io
import math
import re
import struct
import sys
from collections.abc import Iterator, Mapping, Sequence
from numbers import Integral, Real

from .alt_text import alt_text_problem

__all__ = ["DescribedFigure", "alt_text_problem", "describe", "style"]

# The widest a deck shows a figure, in CSS pixels (issue 33): text must stay at least
# SLIDE_MIN_TEXT_PX tall at that width.
SLIDE_MAX_WIDTH_PX = 960
SLIDE_MIN_TEXT_PX = 20
NUMBERS_SUMMARY = "The numbers behind the figure"

def _cell(value, decimals):
    """One table cell as text: integers as they are, reals rounded, never a '-0.000'."""
    if value is None:
        return "-"
    if isinstance(value, bool | str):
        return str(value)
    if isinstance(value, Integral):
        return str(int(value))
    if isinstance(value, Real):
        v = float(value)
        if math.isnan(v):
            return "-"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        text = f"{v:.{decimals}f}"
        return text[1:] if re.fullmatch(r"-0\.?0*", text) else text
    return str(value)


def numbers_columns(numbers, decimals) -> dict[str, list[str]]:
    """The numbers as columns of text, checked: equal lengths, at least one column."""
    if not isinstance(numbers, Mapping):
        raise TypeError(f"numbers must be a dict of columns such as {{'k2': [...], 'NMI': "
                        f"[...]}}, or None; got {type(numbers).__name__}")
    if not numbers:
        raise ValueError("numbers is an empty dict; give the columns the figure plots, "
                         "or numbers=None for a picture that plots no numbers")
    columns = {}
    for name, column in numbers.items():
        if isinstance(column, str) or not isinstance(column, Sequence | Iterator) and not hasattr(
                column, "__array__"):
            raise TypeError(f"numbers[{name!r}] must be a list or array of values, "
                            f"not {type(column).__name__}")
        values = column.tolist() if hasattr(column, "tolist") else list(column)
        if any(isinstance(v, list) for v in values):
            raise ValueError(f"numbers[{name!r}] must be one-dimensional; give one column "
                             f"per plotted series")
        columns[str(name)] = [_cell(v, decimals) for v in values]
    lengths = {name: len(col) for name, col in columns.items()}
    if len(set(lengths.values())) > 1:
        raise ValueError(f"the columns of numbers must have equal lengths, got {lengths}; "
                         f"pad a shorter series with None")
    return columns


def _png_size(png: bytes) -> tuple[int, int]:
    """Width and height of a PNG, read from its IHDR chunk."""
    return struct.unpack(">II", png[16:24])


def close_in_pyplot(fig) -> None:
    """Forget the figure in pyplot, so the inline backend does not show it a second time at
    the end of the cell (a figure pyplot never knew is left alone)."""
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is not None:
        pyplot.close(fig)


class DescribedFigure:
    """A figure as a PNG with its text alternative and, optionally, the numbers it plots.

    Made by `describe`; displaying it in a notebook gives the picture with its ``alt`` and
    then the numbers (see the module's documentation).

    Attributes
    ----------
    png : bytes
        The picture.
    alt : str
        The text alternative (whitespace collapsed).
    long : str or None
        The long description: what the short ``alt`` leaves out (every panel, every turn).
    numbers : dict of str to list of str, or None
        The plotted data, rounded, as text columns.
    width, height : int
        The size of the picture in pixels.
    smallest_text_pt : float or None
        The smallest font size of the figure's visible text, in points (None without text).
    dpi : float
        The resolution the picture was drawn at.
    """

    def __init__(self, png, alt, numbers=None, *, smallest_text_pt=None, dpi=100.0,
                 long=None):
        self.png = png
        self.alt = alt
        self.long = long
        self.numbers = numbers
        self.width, self.height = _png_size(png)
        self.smallest_text_pt = smallest_text_pt
        self.dpi = float(dpi)

    def __repr__(self):
        return self.alt

    def smallest_text_px(self, shown_width=None) -> float | None:
        """Height in CSS pixels of the smallest text when the picture is shown ``shown_width``
        pixels wide (its own width if None or wider; a deck shows at most 960).

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> fig = Figure(figsize=(4, 2), dpi=100)
        >>> ax = fig.add_subplot()
        >>> _ = ax.set_title("a title", fontsize=12)
        >>> _ = ax.axis("off")  # no tick labels: the title is the only text
        >>> d = describe(fig, "An empty picture with a title and nothing else drawn in it.")
        >>> round(d.smallest_text_px(), 1), round(d.smallest_text_px(d.width / 2), 1)
        (16.7, 8.3)
        """
        if self.smallest_text_pt is None:
            return None
        scale = 1.0 if shown_width is None else min(1.0, shown_width / self.width)
        return self.smallest_text_pt * self.dpi / 72 * scale

    def numbers_text(self) -> str:
        """The numbers as a plain-text table (right-aligned columns), or '' without numbers."""
        if not self.numbers:
            return ""
        widths = {name: max([len(name)] + [len(v) for v in col])
                  for name, col in self.numbers.items()}
        rows = [[name.rjust(widths[name]) for name in self.numbers]]
        rows += [[col[i].rjust(widths[name]) for name, col in self.numbers.items()]
                 for i in range(len(next(iter(self.numbers.values()))))]
        return "\n".join([f"{NUMBERS_SUMMARY}:"] + ["  ".join(r).rstrip() for r in rows])

    def numbers_html(self) -> str:
        """The numbers as an HTML ``<table>``, or '' without numbers.

        The first column labels the rows (``<th scope="row">``), the others are data.
        """
        if not self.numbers:
            return ""
        names = list(self.numbers)
        head = "".join(f'<th scope="col">{html.escape(n)}</th>' for n in names)
        body = []
        for i in range(len(self.numbers[names[0]])):
            first, *rest = (self.numbers[n][i] for n in names)
            cells = f'<th scope="row">{html.escape(first)}</th>' + "".join(
                f"<td>{html.escape(v)}</td>" for v in rest)
            body.append(f"<tr>{cells}</tr>")
        return (f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n" + "\n".join(body)
                + "\n</tbody>\n</table>")

    def long_id(self) -> str:
        """The ``id`` of the long description: made from the texts only, so it is the same on
        every machine (nbval compares it) and differs between figures that say different
        things."""
        said = "\n".join([self.alt, self.long or "", self.numbers_text()])
        return "binms-figure-" + hashlib.sha256(said.encode("utf-8")).hexdigest()[:12]

    def html(self) -> str:
        """The `picture` (an ``<img>`` with its ``alt``), the long description in a paragraph
        right under it, the numbers in a collapsed ``<details>`` (see the module's text).

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> fig = Figure(figsize=(2, 1))
        >>> _ = fig.add_subplot().plot([0, 1], [1, 0])
        >>> d = describe(fig, "One line that falls from 1 at x = 0 to 0 at x = 1.",
        ...              long="A single straight line; nothing else is drawn.")
        >>> print(re.sub("base64,[^\\"]+", "base64,PNG", d.html()))  # doctest: +ELLIPSIS
        <div class="binms-figure">
        <img src="data:image/png;base64,PNG" alt="One line ... x = 1." aria-describedby="..." \
data-smallest-text-pt="..." data-dpi="100">
        <p class="binms-long" id="binms-figure-...">A single straight line; nothing else ...</p>
        </div>
        """
        parts = ['<div class="binms-figure">', self.picture()]
        if self.long:
            parts.append(f'<p class="binms-long" id="{self.long_id()}">'
                         f'{html.escape(self.long)}</p>')
        if self.numbers:
            parts.append(f"<details><summary>{NUMBERS_SUMMARY}</summary>\n{self.numbers_html()}"
                         f"\n</details>")
        return "\n".join(parts + ["</div>"])

    def picture(self) -> str:
        """The picture itself, tied to its long description: here an ``<img>`` of the PNG with
        its ``alt`` (a deck's `ProjectedFigure` draws an SVG instead)."""
        source = "data:image/png;base64," + base64.b64encode(self.png).decode("ascii")
        described = f' aria-describedby="{self.long_id()}"' if self.long else ""
        if self.smallest_text_pt is not None:  # what a deck's browser test checks the text by
            described += (f' data-smallest-text-pt="{round(self.smallest_text_pt, 2):g}"'
                          f' data-dpi="{self.dpi:g}"')
        return f'<img src="{source}" alt="{html.escape(self.alt)}"{described}>'

    def text(self) -> str:
        """The figure as plain text: the alt, the long description, the numbers."""
        return "\n\n".join(t for t in (self.alt, self.long, self.numbers_text()) if t)

    def _repr_mimebundle_(self, include=None, exclude=None):
        # No image/png beside the HTML: the picture would be stored twice, and every front end
        # that shows a picture (JupyterLab trusted or not, nbconvert, MyST-NB) prefers HTML.
        return {"text/html": self.html(), "text/plain": self.text()}

    def _ipython_display_(self):
        # A display_data output whether the figure is a cell's last value or displayed: the
        # stored notebook is the same either way.
        from IPython.display import display

        display(self._repr_mimebundle_(), raw=True)

    def save(self, path) -> None:
        """Write the PNG to ``path`` (e.g. for a deck or the README)."""
        with open(path, "wb") as f:
            f.write(self.png)


def figure_smallest_text_pt(fig) -> float | None:
    """The smallest font size (points) of the text the figure draws: tick and axis labels of
    axes drawn with ``axis("off")`` or hidden do not count."""
    from matplotlib.text import Text

    hidden = set()
    for ax in fig.axes:
        if not ax.get_visible():
            hidden.update(id(t) for t in ax.findobj(Text))
        elif not ax.axison:
            for axis in (ax.xaxis, ax.yaxis):
                hidden.update(id(t) for t in axis.findobj(Text))
    sizes = [t.get_fontsize() for t in fig.findobj(Text)
             if id(t) not in hidden and t.get_visible() and t.get_text().strip()]
    return min(sizes) if sizes else None


def describe(fig, alt, numbers=None, *, decimals=3, long=None) -> DescribedFigure:
    """Bind a text alternative (and the plotted numbers) to a matplotlib figure.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure, finished (drawn with `style` in effect). It is closed in pyplot, so the
        inline backend does not show it a second time.
    alt : str
        The text alternative: at least 8 words saying what the figure shows and what to see
        in it, with the numbers of the computation that drew it, rounded so that the text is
        the same on every machine ("NMI against k2 for Digits: it rises to 0.88 at k2 = 25
        and falls after"). See `alt_text_problem`.
    numbers : dict of str to sequence, optional
        The data the figure plots as equal-length columns (``{"k2": [...], "NMI": [...]}``;
        the first column labels the rows); None for a picture that plots no numbers (a digit
        image). Reals are rounded to ``decimals`` places, integers and strings kept, None and
        NaN shown as '-'.
    decimals : int, default 3
        Decimal places of the real numbers in the table.
    long : str, optional
        The long description: the rest of what the figure shows (every panel, every rise,
        fall and rebound), when the one-sentence ``alt`` cannot hold it.

    Returns
    -------
    DescribedFigure

    Raises
    ------
    ValueError
        When ``alt`` is too short, a path or a placeholder (the message says what to write),
        or the columns of ``numbers`` differ in length.
    TypeError
        When ``fig`` is not a matplotlib figure or ``numbers`` not a dict of columns.

    See Also
    --------
    style : the matplotlib parameters of a lesson's or a slide's figure.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> fig = Figure(figsize=(3, 2))
    >>> _ = fig.add_subplot().imshow([[0, 1], [1, 0]], cmap="gray_r")
    >>> d = describe(fig, "A two by two checkerboard: black on the diagonal from top right.")
    >>> d.numbers is None, d.png[:4] == b"\\x89PNG"
    (True, True)
    >>> describe(fig, "../_images/x.png")
    Traceback (most recent call last):
    ...
    ValueError: the text alternative '../_images/x.png' is a file path or file name; ...
    """
    from matplotlib.figure import Figure

    if not isinstance(fig, Figure):
        raise TypeError(f"fig must be a matplotlib Figure (e.g. from plt.subplots() or "
                        f"matplotlib.figure.Figure()), not {type(fig).__name__}")
    problem = alt_text_problem(alt)
    if problem:
        raise ValueError(problem)
    columns = None if numbers is None else numbers_columns(numbers, decimals)
    buffer = io.BytesIO()
    # No "Software" entry: the bytes depend only on the drawing.
    fig.savefig(buffer, format="png", dpi=fig.dpi, bbox_inches="tight",
                metadata={"Software": None})
    smallest = figure_smallest_text_pt(fig)
    close_in_pyplot(fig)
    return DescribedFigure(buffer.getvalue(), " ".join(alt.split()), columns,
                           smallest_text_pt=smallest, dpi=fig.dpi,
                           long=None if long is None else " ".join(long.split()))


def _rc(slide: bool) -> dict:
    from cycler import cycler

    from . import palette

    base = {
        # Drawn at 100 dpi on an opaque white ground: the picture's contrast is its own, in a
        # light or a dark page (the palette is checked against that white).
        "figure.dpi": 100,
        "savefig.dpi": "figure",
        "figure.facecolor": "white",
        "axes.facecolor": "white",
        "savefig.facecolor": "white",
        "savefig.transparent": False,
        "text.color": "black",
        "axes.labelcolor": "black",
        "axes.edgecolor": "black",
        "xtick.color": "black",
        "ytick.color": "black",
        "axes.prop_cycle": cycler(color=palette.colours(len(palette.COLOURS))),
        "image.cmap": palette.SEQUENTIAL_CMAP,
        "lines.linewidth": 2.0,
        "lines.markersize": 6,
        "legend.framealpha": 0.9,
    }
    if not slide:
        # 9 pt at 100 dpi is 12.5 px, the smallest text of a lesson's figure.
        return base | {"font.size": 10, "axes.titlesize": 11, "axes.labelsize": 10,
                       "xtick.labelsize": 9, "ytick.labelsize": 9, "legend.fontsize": 9,
                       "figure.titlesize": 12}
    # A deck shows a figure at most 960 px wide at its own size (100 dpi); reveal.js scales
    # its 960 x 700 slide by 0.987 on a 1280 x 720 screen, so the smallest text, 15 pt, is
    # 20.8 px drawn and 20.6 px projected (SLIDE_MIN_TEXT_PX: 20).
    return base | {"figure.figsize": (9.6, 5.4), "font.size": 16, "axes.titlesize": 17,
                   "axes.labelsize": 16, "xtick.labelsize": 15, "ytick.labelsize": 15,
                   "legend.fontsize": 15, "legend.title_fontsize": 15, "figure.titlesize": 18,
                   "lines.linewidth": 3.0, "lines.markersize": 10,
                   "axes.prop_cycle": cycler(color=palette.CLUSTER_COLOURS)}


@contextlib.contextmanager
def style(slide=False):
    """Matplotlib parameters for a lesson's figure, or with ``slide=True`` for projection.

    Use it around the code that draws a figure and calls `describe`; it changes nothing
    outside the ``with`` block. The lesson's style draws at 100 dpi on white with the
    palette's colours (`binms_teach.figures.palette`) and text of at least 9 pt (12.5 px); the
    slide's style draws a 9.6 x 5.4 in figure (960 x 540 px, the width a deck shows)
    with text of at least 15 pt (20.8 px) and ten distinct series colours. Never pass a
    smaller ``fontsize`` by hand.

    Parameters
    ----------
    slide : bool, default False
        True for a figure projected in a deck.

    Examples
    --------
    >>> import matplotlib
    >>> with style(slide=True):
    ...     matplotlib.rcParams["xtick.labelsize"] * 100 / 72 >= SLIDE_MIN_TEXT_PX
    True
    >>> with style():
    ...     matplotlib.rcParams["figure.facecolor"]
    'white'
    """
    import matplotlib

    with matplotlib.rc_context(_rc(bool(slide))):
        yield
