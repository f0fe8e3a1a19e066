"""Colours and markers that every reader can tell apart.

The Okabe-Ito palette (Okabe & Ito, *Color Universal Design*, 2008) stays
distinct under the common colour-vision deficiencies; each series also gets
its own marker and line style, so that colour is never the only key.

Examples
--------
>>> len(OKABE_ITO), series_style(9)["marker"] == series_style(1)["marker"]
(8, False)
"""

from itertools import cycle, islice

# Okabe-Ito, without its black (kept for text and outlines), as hex strings.
OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#F0E442",
             "#0072B2", "#D55E00", "#CC79A7", "#999999")
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "<", ">")
LINESTYLES = ("-", "--", "-.", ":")
# Heat maps: a perceptually uniform map that reads in grey too; diverging votes.
SEQUENTIAL_CMAP = "viridis"
DIVERGING_CMAP = "PuOr_r"


def series_style(i):
    """Colour, marker and line style of the i-th series (a colour repeats only after 8).

    Marker and line style cycle with other periods (10 and 4), so two series
    that share a colour differ in marker.

    Examples
    --------
    >>> series_style(0)
    {'color': '#E69F00', 'marker': 'o', 'linestyle': '-'}
    """
    return {"color": OKABE_ITO[i % len(OKABE_ITO)], "marker": MARKERS[i % len(MARKERS)],
            "linestyle": LINESTYLES[i % len(LINESTYLES)]}


def colours(n):
    """The first n palette colours, repeating after 8.

    Examples
    --------
    >>> colours(2)
    ['#E69F00', '#56B4E9']
    """
    return list(islice(cycle(OKABE_ITO), n))
