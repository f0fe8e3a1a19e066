"""The palette against WCAG 2.1's contrast and a simulation of colour-vision deficiencies.

Run with ``-s`` to see the table: every colour's contrast ratio (on white, and as the book's
dark mode shows a picture) and, per vision, the closest pair of series colours.

Thresholds, and why:

* **3:1** against the figure's ground, for every series colour and the reference grey, on
  white and in dark mode: WCAG 2.1, 1.4.11 (graphical objects needed to understand content).
* **CIEDE2000 distance at least 10** between every two series colours, and between each of
  them and black (text, axes) and the reference grey, for normal vision and under simulated
  protanopia, deuteranopia and tritanopia (Machado et al. 2009, severity 1): at 10 and above
  two colours read as different colours at a glance, not shades of one. The Okabe-Ito palette
  the course used before reaches 6.2 under deuteranopia (its reddish purple against its grey).
* **15** between the first two series (the pair most figures show) and **12** among the
  first four, under every vision.

The colour science itself is checked against published values (the CIEDE2000 test data of
Sharma, Wu & Dalal 2005, WCAG's own example ratios), not against its own output.
"""

import math
import re
from itertools import combinations

import numpy as np
import pytest

from binms_teach.figures import palette
from binms_teach.figures.palette import (
    CLUSTER_COLOURS,
    COLOURS,
    GREY,
    cluster_style,
    contrast_ratio,
    cvd_distance,
    dark_mode,
    delta_e_2000,
    series_style,
    simulate,
)

VISIONS = ("normal", "protanopia", "deuteranopia", "tritanopia")
MIN_CONTRAST = 3.0
MIN_DISTANCE = 10.0
MIN_DISTANCE_FIRST_TWO = 15.0
MIN_DISTANCE_FIRST_FOUR = 12.0
WHITE = "#ffffff"


def closest(colours, vision):
    """The smallest CIEDE2000 distance between two of ``colours`` under ``vision``, and the
    pair."""
    return min((cvd_distance(a, b, vision), a, b) for a, b in combinations(colours, 2))


def test_the_table(capsys):
    """Print every ratio and every closest pair (``pytest -s tests/test_palette.py``)."""
    lines = ["colour   name      on white  in dark mode"]
    for colour, name in zip(COLOURS + (GREY,), palette.NAMES + ("reference grey",),
                            strict=True):
        lines.append(f"{colour}  {name:<9} {contrast_ratio(colour, WHITE):5.2f}:1"
                     f"   {contrast_ratio(dark_mode(colour), dark_mode(WHITE)):5.2f}:1")
    lines.append("vision         closest pair (CIEDE2000)     first two  first four")
    for vision in VISIONS:
        d, a, b = closest(COLOURS, vision)
        lines.append(f"{vision:<13} {d:5.1f} ({a} / {b})"
                     f"   {cvd_distance(COLOURS[0], COLOURS[1], vision):5.1f}"
                     f"     {closest(COLOURS[:4], vision)[0]:5.1f}")
    with capsys.disabled():
        print("\n" + "\n".join(lines))
    # A row for every colour and every vision, each figure a finite number.
    assert len(lines) == 2 + len(COLOURS) + 1 + len(VISIONS)
    figures = [float(f) for line in lines[1:] for f in re.findall(r"\d+\.\d+", line)]
    assert len(figures) == 2 * (len(COLOURS) + 1) + 3 * len(VISIONS)
    assert all(math.isfinite(f) and f > 0 for f in figures)


@pytest.mark.parametrize("colour", COLOURS + (GREY,))
def test_contrast_with_the_ground(colour):
    assert contrast_ratio(colour, WHITE) >= MIN_CONTRAST
    assert contrast_ratio(dark_mode(colour), dark_mode(WHITE)) >= MIN_CONTRAST


@pytest.mark.parametrize("vision", VISIONS)
def test_every_two_series_stay_apart(vision):
    d, a, b = closest(COLOURS, vision)
    assert d >= MIN_DISTANCE, f"{vision}: {a} and {b} are {d:.1f} apart"
    for colour in COLOURS:
        for ink in ("#000000", GREY):
            assert cvd_distance(colour, ink, vision) >= MIN_DISTANCE, (vision, colour, ink)
    assert cvd_distance(COLOURS[0], COLOURS[1], vision) >= MIN_DISTANCE_FIRST_TWO
    assert closest(COLOURS[:4], vision)[0] >= MIN_DISTANCE_FIRST_FOUR


@pytest.mark.parametrize("colour", CLUSTER_COLOURS[len(COLOURS):])
def test_the_two_cluster_colours_beyond_the_eight_keep_the_contrast(colour):
    assert contrast_ratio(colour, WHITE) >= MIN_CONTRAST
    assert contrast_ratio(dark_mode(colour), dark_mode(WHITE)) >= MIN_CONTRAST


@pytest.mark.parametrize("vision", VISIONS)
def test_ten_cluster_colours_stay_apart(vision):
    """A slide's ten digits (06b's path map) each get a colour of their own."""
    assert CLUSTER_COLOURS[:len(COLOURS)] == COLOURS
    assert len(set(CLUSTER_COLOURS)) == 10 == len(palette.CLUSTER_NAMES)
    d, a, b = closest(CLUSTER_COLOURS, vision)
    assert d >= MIN_DISTANCE, f"{vision}: {a} and {b} are {d:.1f} apart"
    for colour in CLUSTER_COLOURS:
        for ink in ("#000000", GREY):
            assert cvd_distance(colour, ink, vision) >= MIN_DISTANCE, (vision, colour, ink)


def test_cluster_style_repeats_no_colour_below_ten_and_no_look_at_all():
    looks = [cluster_style(i) for i in range(30)]
    assert len({look["color"] for look in looks[:10]}) == 10
    pairs = {(look["color"], look["marker"]) for look in looks}
    assert len(pairs) == 30  # past ten a colour returns with another marker


def test_the_okabe_ito_palette_fails_both():
    """The thresholds tell the old palette's faults: faint on white, close under
    deuteranopia (the figures of the issue)."""
    okabe_ito = ("#E69F00", "#56B4E9", "#009E73", "#F0E442",
                 "#0072B2", "#D55E00", "#CC79A7", "#999999")
    ratios = [round(contrast_ratio(c, WHITE), 2) for c in okabe_ito]
    assert ratios == [2.25, 2.31, 3.42, 1.32, 5.19, 3.87, 3.06, 2.85]
    assert closest(okabe_ito, "deuteranopia")[0] < MIN_DISTANCE


def test_series_style_and_colours_cycle():
    assert [series_style(i)["color"] for i in range(10)] == list(COLOURS) + list(COLOURS[:2])
    assert palette.colours(9) == list(COLOURS) + [COLOURS[0]]
    # Two series that share a colour differ in marker (periods 8 and 10).
    for i in range(40):
        same_colour = [j for j in range(40) if j != i and j % 8 == i % 8]
        assert all(series_style(j)["marker"] != series_style(i)["marker"] for j in same_colour
                   if (j - i) % 40 != 0 and (j - i) % 10 != 0)
    assert palette.OKABE_ITO == COLOURS  # the former name still works


# --- the colour science, against published values -------------------------------------------

@pytest.mark.parametrize(("lab1", "lab2", "expected"), [
    # Sharma, Wu & Dalal (2005), Table 1: pairs 1, 7, 17, 25 and 30.
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
])
def test_ciede2000_against_the_published_pairs(lab1, lab2, expected):
    assert delta_e_2000(lab1, lab2) == pytest.approx(expected, abs=5e-5)
    assert delta_e_2000(lab2, lab1) == pytest.approx(expected, abs=5e-5)


@pytest.mark.parametrize(("a", "b", "ratio"), [
    ("#000000", "#ffffff", 21.0), ("#767676", "#ffffff", 4.54), ("#777777", "#ffffff", 4.48),
    ("#ffffff", "#ffffff", 1.0),
])
def test_contrast_ratio_against_wcag_examples(a, b, ratio):
    assert round(contrast_ratio(a, b), 2) == ratio


def test_simulation_keeps_greys_and_merges_red_and_green():
    for grey in ("#000000", "#404040", "#808080", "#ffffff"):
        for vision in VISIONS:
            assert np.allclose(simulate(grey, vision), simulate(grey, "normal"), atol=0.01)
    # Red and green, far apart for normal vision, nearly merge for a deuteranope.
    assert cvd_distance("#d62728", "#2ca02c") > 50
    assert cvd_distance("#c0392b", "#808000", "deuteranopia") < cvd_distance(
        "#c0392b", "#808000")
    with pytest.raises(ValueError, match="deficiency"):
        simulate("#808080", "achromatopsia")


def test_dark_mode_is_the_theme_filter():
    """brightness(0.8) then contrast(1.2) in sRGB: x -> (0.8 x - 0.5) 1.2 + 0.5."""
    for value in (0, 32, 128, 200, 255):
        x = value / 255
        want = min(1, max(0, (0.8 * x - 0.5) * 1.2 + 0.5))
        assert dark_mode(f"#{value:02x}{value:02x}{value:02x}") == pytest.approx([want] * 3)


@pytest.mark.parametrize(("correct", "message"), [
    (True, "correct."), (False, "not (b): read the question again."),
    (False, "06.2: not answered yet."),
])
def test_check_messages_are_readable_text(correct, message):
    """`check()`'s message: text at least 7:1 on its own ground (WCAG AAA, beyond 1.4.3's
    4.5:1), so it reads the same on a light page, in the book's dark mode and in
    JupyterLab's dark theme."""
    import re

    from binms_teach.exercises.kinds import Verdict

    shown = Verdict(correct, message)._repr_html_()
    colour = re.search(r"(?<![-\w])color:(#[0-9A-Fa-f]{6})", shown).group(1)
    ground = re.search(r"background-color:(#[0-9A-Fa-f]{6})", shown).group(1)
    assert contrast_ratio(colour, ground) >= 7.0, (colour, ground)
    assert message in shown
