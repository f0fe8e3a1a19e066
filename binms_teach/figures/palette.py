"""Colours and markers that every reader can tell apart, on a light or a dark page.

Eight series colours, each at least 3:1 against white (WCAG 2.1, 1.4.11: graphics that carry
meaning), chosen so that every pair stays apart (CIEDE2000 distance at least 10) for normal
vision and under simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira &
Fernandes 2009, severity 1). They keep the roles of the Okabe-Ito palette the course used
before (orange first, then blue, ...), darkened where Okabe-Ito's orange, sky blue, yellow and
grey were too faint on white (2.3:1, 2.3:1, 1.3:1, 2.9:1) and moved apart where darkening
alone made them collide. Each series also gets its own marker and line style, so that colour
is never the only key. ``tests/test_palette.py`` prints every ratio and distance.

A figure is drawn on an opaque white ground (`binms_teach.figures.style`). In the book's dark
mode the theme dims a picture with the CSS filter ``brightness(0.8) contrast(1.2)``, which
maps each sRGB channel x to 0.96 x - 0.1 (measured in Chromium): `dark_mode` applies it, and
the ratios hold there too.

Examples
--------
>>> len(COLOURS), series_style(9)["marker"] == series_style(1)["marker"]
(8, False)
>>> round(contrast_ratio(COLOURS[0], "#ffffff"), 2) >= 3
True
"""

from itertools import cycle, islice

import numpy as np

# The series colours, in the order series take them (hex strings).
COLOURS = ("#A45E10", "#3C6FAF", "#245D3A", "#7E9461",
           "#4893C1", "#8F3602", "#704270", "#5A5A5A")
# What a sentence may call them ("the orange line"); the same order.
NAMES = ("orange", "blue", "green", "olive", "sky blue", "red", "purple", "grey")
# The former name of COLOURS (the Okabe-Ito palette), kept for code that imports it.
OKABE_ITO = COLOURS
# A reference line, a threshold, the clusters beyond the coloured ones: 4.5:1 on white.
GREY = "#767676"
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
    {'color': '#A45E10', 'marker': 'o', 'linestyle': '-'}
    """
    return {"color": COLOURS[i % len(COLOURS)], "marker": MARKERS[i % len(MARKERS)],
            "linestyle": LINESTYLES[i % len(LINESTYLES)]}


def colours(n):
    """The first n palette colours, repeating after 8.

    Examples
    --------
    >>> colours(2)
    ['#A45E10', '#3C6FAF']
    """
    return list(islice(cycle(COLOURS), n))


# --- checking colours: contrast, dark mode, colour-vision deficiency, CIEDE2000 ------------

def _rgb(colour):
    """An sRGB triple in [0, 1] from '#rrggbb' or a sequence of three floats in [0, 1]."""
    if isinstance(colour, str):
        text = colour.lstrip("#")
        if len(text) != 6:
            raise ValueError(f"a colour is '#rrggbb' or three numbers in [0, 1], not {colour!r}")
        return np.array([int(text[i:i + 2], 16) / 255 for i in (0, 2, 4)])
    return np.asarray(colour, dtype=float)[..., :3]


def _linear(srgb):
    srgb = np.asarray(srgb, dtype=float)
    return np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)


def _encode(linear):
    linear = np.clip(linear, 0, 1)
    return np.where(linear <= 0.0031308, 12.92 * linear, 1.055 * linear ** (1 / 2.4) - 0.055)


def relative_luminance(colour):
    """WCAG's relative luminance of an sRGB colour (0 black, 1 white).

    Examples
    --------
    >>> relative_luminance("#ffffff"), relative_luminance("#000000")
    (1.0, 0.0)
    """
    return float(_linear(_rgb(colour)) @ np.array([0.2126, 0.7152, 0.0722]))


def contrast_ratio(a, b):
    """WCAG's contrast ratio of two colours, from 1 (same) to 21 (black on white).

    Examples
    --------
    >>> round(contrast_ratio("#767676", "#ffffff"), 2)
    4.54
    """
    la, lb = sorted((relative_luminance(a), relative_luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def dark_mode(colour):
    """The colour as the book's dark mode shows it inside a picture: the theme's filter
    ``brightness(0.8) contrast(1.2)``, x -> 0.96 x - 0.1 per sRGB channel (clipped).

    Examples
    --------
    >>> [round(255 * v) for v in dark_mode("#ffffff")]
    [219, 219, 219]
    """
    return np.clip(0.96 * _rgb(colour) - 0.1, 0, 1)


# Machado, Oliveira & Fernandes (2009), severity 1.0, on linear sRGB.
CVD_MATRICES = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779],
                            [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}


def simulate(colour, deficiency):
    """The sRGB colour as seen with a colour-vision deficiency (Machado et al. 2009).

    ``deficiency`` is "protanopia", "deuteranopia", "tritanopia" or "normal".

    Examples
    --------
    >>> [round(255 * v) for v in simulate("#ff0000", "normal")]
    [255, 0, 0]
    >>> bool(np.allclose(simulate("#808080", "deuteranopia"), _rgb("#808080"), atol=0.01))
    True
    """
    rgb = _rgb(colour)
    if deficiency == "normal":
        return rgb
    if deficiency not in CVD_MATRICES:
        raise ValueError(f"deficiency must be 'normal' or one of {sorted(CVD_MATRICES)}, "
                         f"not {deficiency!r}")
    return _encode(_linear(rgb) @ CVD_MATRICES[deficiency].T)


# sRGB (D65) -> CIE XYZ, normalised so that white is (1, 1, 1).
_XYZ = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
_XYZ = _XYZ / _XYZ.sum(axis=1, keepdims=True)


def cielab(colour):
    """CIE L*a*b* (D65) of an sRGB colour.

    Examples
    --------
    >>> [round(float(v), 1) for v in cielab("#ffffff")]
    [100.0, 0.0, 0.0]
    """
    xyz = _linear(_rgb(colour)) @ _XYZ.T
    d = 6 / 29
    f = np.where(xyz > d ** 3, np.cbrt(xyz), xyz / (3 * d * d) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def delta_e_2000(lab1, lab2):
    """The CIEDE2000 colour difference of two CIE L*a*b* colours (Sharma, Wu & Dalal 2005).

    About 1 is just noticeable side by side; 10 and more, clearly different colours.

    Examples
    --------
    >>> round(delta_e_2000((50, 2.6772, -79.7751), (50, 0, -82.7485)), 4)
    2.0425
    """
    L1, a1, b1 = (float(v) for v in lab1)
    L2, a2, b2 = (float(v) for v in lab2)
    c_mean = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_mean ** 7 / (c_mean ** 7 + 25.0 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = np.hypot(a1, b1), np.hypot(a2, b2)
    h1 = np.degrees(np.arctan2(b1, a1)) % 360
    h2 = np.degrees(np.arctan2(b2, a2)) % 360
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_big_h = 2 * np.sqrt(c1 * c2) * np.sin(np.radians(dh / 2))
    l_mean, c_mean = (L1 + L2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * np.cos(np.radians(h_mean - 30)) + 0.24 * np.cos(np.radians(2 * h_mean))
         + 0.32 * np.cos(np.radians(3 * h_mean + 6)) - 0.20 * np.cos(np.radians(4 * h_mean - 63)))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / np.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * c_mean
    s_h = 1 + 0.015 * c_mean * t
    r_c = 2 * np.sqrt(c_mean ** 7 / (c_mean ** 7 + 25.0 ** 7))
    r_t = -np.sin(np.radians(60 * np.exp(-(((h_mean - 275) / 25) ** 2)))) * r_c
    dl, dc, dhh = (L2 - L1) / s_l, (c2 - c1) / s_c, d_big_h / s_h
    return float(np.sqrt(dl ** 2 + dc ** 2 + dhh ** 2 + r_t * dc * dhh))


def cvd_distance(a, b, deficiency="normal"):
    """CIEDE2000 distance of two sRGB colours as seen with ``deficiency`` (see `simulate`).

    Examples
    --------
    >>> cvd_distance("#A45E10", "#3C6FAF", "deuteranopia") > 10
    True
    """
    return delta_e_2000(cielab(simulate(a, deficiency)), cielab(simulate(b, deficiency)))
