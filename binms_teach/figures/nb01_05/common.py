"""What the figures of lessons 01-05 share: a figure outside pyplot, numbers in sentences."""

from __future__ import annotations

__all__ = ["area", "bits", "coords", "listed", "new_figure", "num"]


def new_figure(figsize):
    """A figure outside pyplot (the inline backend never shows it by itself; a widget callback
    on another thread can draw it)."""
    from matplotlib.figure import Figure

    return Figure(figsize=figsize, layout="constrained")


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


def area(size, slide):
    """A scatter marker's area: larger on a slide, seen from the back of a room."""
    return size * 2.5 if slide else size


def coords(p, digits=2):
    return "(" + ", ".join(num(v, digits) for v in p) + ")"
