"""What the lessons' figure modules share: a figure outside pyplot, numbers and lists in
sentences."""

from __future__ import annotations

__all__ = ["area", "bits", "coords", "dataset_title", "listed", "new_figure", "num", "rounded"]


def new_figure(figsize, layout="constrained"):
    """A figure outside pyplot (the inline backend never shows it by itself; a widget callback
    on another thread can draw it). Grids of many images pass ``layout=None`` (much faster)."""
    from matplotlib.figure import Figure

    return Figure(figsize=figsize, layout=layout)


def listed(values, last="and"):
    """'a, b and c' (a list in a sentence)."""
    values = [str(v) for v in values]
    if len(values) <= 1:
        return "".join(values)
    return ", ".join(values[:-1]) + f" {last} " + values[-1]


def bits(vector):
    return "".join(str(int(b)) for b in vector)


def num(x, digits=3):
    """A real rounded for a sentence: 0.985, 1.28, 8 (no trailing zeros, no '-0')."""
    text = f"{float(x):.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def rounded(x, places=3):
    """A number as text with ``places`` decimals, never '-0.000' (the same on every machine).

    >>> rounded(0.98512), rounded(-0.0001), rounded(2, 1)
    ('0.985', '0.000', '2.0')
    """
    text = f"{float(x):.{places}f}"
    return text[1:] if text.startswith("-") and text.strip("-0.") == "" else text


def area(size, slide):
    """A scatter marker's area: larger on a slide, seen from the back of a room."""
    return size * 2.5 if slide else size


def coords(p, digits=2):
    return "(" + ", ".join(num(v, digits) for v in p) + ")"


def dataset_title(name):
    """A data set's name as a sentence writes it: "Zoo", "Votes", "Mixture-5"."""
    from ..evaluation import paper  # here, not at the top: figures.common stays light

    return paper.TITLES.get(name, name[:1].upper() + name[1:])
