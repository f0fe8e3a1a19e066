"""Every figure of the course says what its picture shows (issue 38's description test).

For every figure function a lesson, an exercise or a deck calls, the figure is built on small
data (or on a lesson's own numbers given as input), its plotted data are read back from the
matplotlib artists (`tests/figure_reading.py`: every Axes a panel, the lines, bars, images
and scatter series), and the test fails when the description (the alt and the long
description) misses a turn, an end, a reference line or a panel that the data show, or when
the alt is more than one sentence of 60 words. The planted cases at the end show that a
description missing a turn or a panel is caught.
"""

import itertools

import matplotlib
import numpy as np
import pytest
from matplotlib.figure import Figure

from binms_teach import BinNNMS, experiments
from binms_teach.datasets import make_bernoulli_mixture
from binms_teach.experiments import QuantizationCurves
from binms_teach.figures import describe, nb01_05, nb06_07, nb08_12, style
from binms_teach.figures.shape import shape, tolerance
from binms_teach.trace import ascent_trace, path_map

from .figure_reading import MAX_ALT_WORDS, capture, description_problems, numbers_in, said

matplotlib.use("Agg")

# The share of points with q = 0 in lesson 05, as its table prints them (the input here).
K1_VALUES = [1, 2, 5, 10, 20, 40]
ZERO_RATES = {"Zoo": [0.0, 0.089, 0.099, 0.139, 0.149, 0.396],
              "Spect": [0.0, 0.318, 0.397, 0.442, 0.404, 0.337],
              "Soybean": [0.0, 0.967, 0.792, 0.860, 0.997, 1.0],
              "Digits": [0.0, 0.991, 1.0, 0.999, 1.0, 1.0],
              "Car": [0.0] * 6}


def _curves(k1, k2, target, found, true):
    target, found, true = (np.array(v, dtype=float) for v in (target, found, true))
    return QuantizationCurves(k1, k2, target, found, true, np.arange(len(target)) + 2)


# Lesson 10's Zoo and Soybean curves (target, found, true classes) for k1 = 5, 10, 20.
FIGURE2_CURVES = {
    "zoo": [_curves(5, 20, [1.634, 1.208, 1.228, 1.248, 1.257], [5.287, 4.267, 1.416, 1.416,
                                                                   1.426],
                    [1.634, 1.208, 1.228, 1.248, 1.257]),
            _curves(10, 20, [1.634, 1.079, 1.030], [5.287, 2.069, 0.812], [1.634, 0.990, 0.921]),
            _curves(20, 20, [1.634, 0.832, 0.941, 0.950], [5.287, 1.792, 0.515, 0.505],
                    [1.634, 0.663, 0.772, 0.782])],
    "soybean": [_curves(20, 6, [10.508, 8.821, 9.147, 9.257, 9.309, 9.394, 9.430, 9.427],
                        [7.932, 3.225, 2.062, 0.557, 0.567, 0.570, 0.573, 0.570],
                        [10.508, 6.544, 5.752, 5.505, 5.362, 5.336, 5.345, 5.342])],
}


@pytest.fixture(scope="module")
def digits_like():
    """90 noisy 16 x 15 'images' of 10 made-up digits (bars and rings), labels 0 to 9."""
    rng = np.random.default_rng(0)
    protos = np.zeros((10, 16, 15), dtype=np.uint8)
    for d in range(10):
        if d % 2:  # a bar
            protos[d, 2:14, 3 + d // 2: 6 + d // 2] = 1
        else:  # a ring with a hole
            protos[d, 2 + d // 4:14, 3:12] = 1
            protos[d, 5 + d // 4:11, 6:9] = 0
    y = np.repeat(np.arange(10), 9)
    X = protos[y].reshape(90, 240)
    flip = rng.random(X.shape) < 0.01
    flip[::9] = False  # the first image of each digit is its clean shape
    X = X ^ flip
    return X.astype(np.uint8), y


def figure_cases(mixture, digits_like):
    """(name, build) for every figure function of the course: build(slide) draws it."""
    X, y = mixture
    D, dy = digits_like
    cube = np.array(list(itertools.product((0, 1), repeat=3)))
    blobs = np.vstack([np.random.default_rng(1).normal(c, 0.3, (8, 2))
                       for c in ((0, 0), (3, 0), (0, 3))])
    groups = np.repeat([0, 1, 2], 8)
    frame = {"j": 2, "x": blobs[0], "x_next": blobs[:5].mean(axis=0),
             "neighbours": [0, 1, 2, 3, 4], "radius": 0.6, "path": blobs[:3], "last": False}
    panels = [{"labels": groups, "centres": [[0, 0], [3, 0], [0, 3]], "title": "a",
               "name": "method A", "centre_name": "modes"},
              {"labels": np.r_[np.zeros(16, int), np.ones(8, int)],
               "centres": [[1.5, 0], [0, 3]], "title": "b", "name": "method B"}]
    trace = ascent_trace(D, 4, 6)
    pm = path_map(D, [0, 9, 18, 27, 40], 6, background=np.arange(0, 90, 2))
    modes = BinNNMS(k1=6, k2=3).fit(D).modes_
    model = BinNNMS(k1=6, k2=3).fit(D)
    k2 = [1, 2, 4, 8, 16]
    sweeps = {"zoo": experiments.sweep(X, y, (0, 3, 6), (2, 5, 10)),
              "spect": experiments.sweep(X, y, (0, 3), (1, 4))}
    auto_rows = [{"dataset": "zoo", "ari": 0.866, "best_ari": 0.926, "n_clusters": 6,
                  "best_n_clusters": 6, "ari_ratio": 0.866 / 0.926, "learnable": True},
                 {"dataset": "votes", "ari": 0.498, "best_ari": 0.632, "n_clusters": 28,
                  "best_n_clusters": 17, "ari_ratio": 0.498 / 0.632, "learnable": True}]
    mix = make_bernoulli_mixture(90, 16, 3, flip=0.1, random_state=2)
    result = experiments.auto_result("mixture", mix.data, mix.target)
    protos = experiments.digit_prototypes(D, dy, model.labels_, 6, 3)
    runs = experiments.KModesRuns(2, (0, 1), np.array([0.2, 0.4]), np.array([0.1, 0.3]),
                                  np.array([2, 2]))
    cell = experiments.Sweep((1,), (1,), np.full((1, 1), 0.5), np.full((1, 1), 0.25),
                             np.ones((1, 1), dtype=int), np.ones((1, 1)),
                             np.full((1, 1), np.nan), np.zeros((1, 1, 4), dtype=int))
    table = experiments.table3(("spect", "car"), {("spect", 47): runs, ("spect", 2): runs,
                                                  ("car", 4): runs}, {"spect": cell, "car": cell})
    lams = {0.5: [0.125] * 4, 0.75: [0.4219, 0.1406, 0.0469, 0.0156],
            0.9: [0.729, 0.081, 0.009, 0.001]}
    return {
        "sphere_figure": lambda s: nb01_05.sphere_figure(cube, slide=s),
        "inertia_figure": lambda s: nb01_05.inertia_figure(cube, [3, 2, 2, 1, 4, 3, 3, 2],
                                                           slide=s),
        "blobs_figure": lambda s: nb01_05.blobs_figure(blobs, groups, slide=s),
        "ascent_frame_figure": lambda s: nb01_05.ascent_frame_figure(blobs, frame, 5, slide=s),
        "two_clusterings_figure": lambda s: nb01_05.two_clusterings_figure(blobs, groups,
                                                                           panels, slide=s),
        "kernel_by_distance_figure": lambda s: nb01_05.kernel_by_distance_figure(3, lams,
                                                                                 slide=s),
        "kernel_explorer_figure": lambda s: nb01_05.kernel_explorer_figure(
            0.75, lams[0.75], [0.4219, 0.4219, 0.1406, 0.0156],
            ["".join(map(str, c)) for c in cube], np.linspace(0.3, 0.02, 8),
            [True, False, True, False, False, True, False, False], slide=s),
        "zero_ratio_figure": lambda s: nb01_05.zero_ratio_figure(
            K1_VALUES, {n: dict(zip(K1_VALUES, v, strict=True)) for n, v in ZERO_RATES.items()},
            slide=s),
        "first_images": lambda s: nb06_07.first_images(D, dy, slide=s),
        "ascent_figure": lambda s: nb06_07.ascent_figure(trace, slide=s),
        "moves_histogram": lambda s: nb06_07.moves_histogram(
            {1: np.array([0, 0, 1, 1, 1, 2, 5]), 4: np.array([1, 2, 2, 3, 3, 3, 7])}, slide=s),
        "largest_basins": lambda s: nb06_07.largest_basins(D, dy, modes, slide=s),
        "path_map_figure": lambda s: nb06_07.path_map_figure(pm, dy, slide=s),
        "row_order_figure": lambda s: nb06_07.row_order_figure(
            0.9, [0.7, 0.8, 0.75, 0.72], [0.85] * 5, name="Zoo", setting=(7, 20), slide=s),
        "cluster_centres": lambda s: nb06_07.cluster_centres(
            model.cluster_centers_, model.labels_, dy, setting=(6, 3), slide=s),
        "k2_sweep": lambda s: nb06_07.k2_sweep(
            k2, [0.6, 0.8, 0.9, 0.7, 0.75], [0.3, 0.7, 0.88, 0.65, 0.7],
            [0.2, 0.6, 0.85, 0.5, 0.55], [80, 30, 12, 6, 3], setting=6, slide=s),
        "reshape_figure": lambda s: nb08_12.reshape_figure(D, dy, slide=s),
        "auto_figure": lambda s: nb08_12.auto_figure(auto_rows, slide=s),
        "criteria_figure": lambda s: nb08_12.criteria_figure(result, slide=s),
        "sweep_figure": lambda s: nb08_12.sweep_figure(sweeps["zoo"], (0, 6), slide=s),
        "decrease_figure": lambda s: nb08_12.decrease_figure(
            [{"dataset": name, "k1": k1, "relative": r, "ari": a}
             for name, k1, r, a in (("zoo", 5, 0.23, 0.79), ("zoo", 10, 0.37, 0.85),
                                    ("spect", 5, 0.11, -0.01), ("spect", 10, 0.13, -0.02))],
            slide=s),
        "purity_figure": lambda s: nb08_12.purity_figure(protos["kmodes"], protos["binnnms"],
                                                         slide=s),
        "figure1": lambda s: experiments.figure1({"zoo": sweeps["zoo"]} if s else sweeps,
                                                 slide=s),
        "figure2": lambda s: experiments.figure2(
            {"zoo": FIGURE2_CURVES["zoo"]} if s else FIGURE2_CURVES, slide=s),
        "figure3": lambda s: experiments.figure3(protos, slide=s),
        "figure_results": lambda s: experiments.figure_results(table, slide=s),
    }


FIGURES = ["sphere_figure", "inertia_figure", "blobs_figure", "ascent_frame_figure",
           "two_clusterings_figure", "kernel_by_distance_figure", "kernel_explorer_figure",
           "zero_ratio_figure", "first_images", "ascent_figure", "moves_histogram",
           "largest_basins", "path_map_figure", "row_order_figure", "cluster_centres",
           "k2_sweep", "reshape_figure", "auto_figure", "criteria_figure", "sweep_figure",
           "decrease_figure", "purity_figure", "figure1",
           "figure2", "figure3", "figure_results"]


@pytest.fixture(scope="module")
def cases(mixture, digits_like):
    return figure_cases(mixture, digits_like)


def test_every_figure_function_is_listed(cases):
    """A figure function added to the course is added here too."""
    from binms_teach.figures import experiments as paper

    functions = set(nb01_05.__all__) | set(nb06_07.__all__) | set(nb08_12.__all__) | {
        name for name in ("figure1", "figure2", "figure3", "figure_results")
        if hasattr(paper, name)}
    assert functions == set(cases) == set(FIGURES)


# A deck draws the same figure with the same description, but for these, which show less
# on a slide (one data set, three basins).
ON_SLIDES = ["largest_basins", "figure1", "figure2"]


@pytest.mark.parametrize(("name", "slide"), [(name, False) for name in FIGURES]
                         + [(name, True) for name in ON_SLIDES])
def test_the_description_says_what_the_picture_shows(cases, monkeypatch, name, slide):
    seen = capture(monkeypatch)
    d = cases[name](slide)
    assert len(seen) == 1 and seen[0][1] is d
    fig = seen[0][0]
    problems = description_problems(fig, d.alt, d.long)
    assert not problems, "\n".join([d.alt, d.long or "", *problems])


# ---------------------------------------------------------------- what the issue names


def _text(d):
    return d.alt + " " + (d.long or "")


def test_05_says_spect_falls_back_and_soybean_falls_and_rebounds(cases):
    d = cases["zero_ratio_figure"](False)
    text = _text(d)
    assert "to 0.442 at k1 = 10, then falls back to 0.337 at k1 = 40" in text
    assert "to 0.967 at k1 = 2, falls back to 0.792 at k1 = 5" in text


def test_10_says_the_rebounds_and_the_dashed_lines(cases):
    d = cases["figure2"](False)
    text = _text(d)
    assert len(d.alt.split()) <= MAX_ALT_WORDS
    assert "0.83 at j = 1, then rebounds to 0.95 at j = 3" in text  # Zoo, k1 = 20
    assert "8.82 at j = 1, then rebounds to 9.43" in text  # Soybean, k1 = 20
    assert "dashed" in text


def test_first_images_say_which_digit_and_where_the_ink_is(cases, digits_like):
    """The made-up digits: even ones are rings (a hole), odd ones upright bars (no hole) whose
    side is that of the bar's middle column among the thirds of the 15 columns."""
    d = cases["first_images"](False)
    parts = dict(part.split(": ", 1) for part in d.long.split(". ")[0].split("; "))
    assert sorted(parts) == [str(k) for k in range(10)]
    for digit in range(10):
        words = parts[str(digit)]
        if digit % 2 == 0:
            assert "around one hole" in words, (digit, words)
        else:
            middle = 4 + digit // 2  # the bar covers columns 3 + d // 2 to 5 + d // 2
            side = "left" if middle < 5 else "centre" if middle < 10 else "right"
            assert "no hole" in words and f"{side} of the middle" in words, (digit, words)
    assert "the 0, 2, 4, 6 and 8 drawn around an enclosed hole" in d.alt


# ---------------------------------------------------------------- the test can fail


def _planted_figure():
    """Two panels: a curve that rises, peaks and falls back (left), bars (right)."""
    with style():
        fig = Figure()
        left, right = fig.subplots(1, 2)
        left.plot([1, 2, 5, 10, 20, 40], [0.0, 0.318, 0.397, 0.442, 0.404, 0.337], label="Spect")
        right.bar(["a", "b", "c"], [3, 7, 5], label="counts")
        right.set_title("counts")
    return fig


def test_a_description_missing_the_turn_is_caught():
    fig = _planted_figure()
    alt = "Spect's share rises from 0 at k1 = 1 to 0.337 at k1 = 40, and bars from 3 to 7."
    problems = description_problems(fig, alt)
    assert any("turn at x = 10" in p for p in problems), problems
    assert not description_problems(fig, alt, "It peaks at 0.442 at k1 = 10 first.")


def test_a_description_missing_a_panel_is_caught():
    fig = _planted_figure()
    alt = "Spect's share rises from 0 at k1 = 1 to 0.442 at k1 = 10 and falls back to 0.337."
    problems = description_problems(fig, alt)
    assert problems and all("panel 2" in p for p in problems), problems


def test_a_long_alt_or_two_sentences_are_caught():
    fig = _planted_figure()
    long_alt = "Spect rises from 0 to 0.442 at k1 = 10 and falls back to 0.337, bars 3 to 7 " \
               + "and more words " * 20 + "end."
    assert any("words" in p for p in description_problems(fig, long_alt))
    two = "Spect rises from 0 to 0.442 at k1 = 10 and falls back to 0.337. Bars 3 to 7."
    assert any("one sentence" in p for p in description_problems(fig, two))


def test_numbers_are_matched_at_the_precision_they_are_written():
    numbers = numbers_in("falls to 0.83 at j = 1 and to 9.43, 12 clusters")
    assert said(0.832, numbers) and said(9.4301, numbers) and said(12, numbers)
    assert not said(0.95, numbers) and not said(1.2, numbers) and not said(0.5, numbers)


def test_the_figures_own_shape_words_pass_the_reading():
    """`shape` (the figures' helper) and the test's reading agree on a noisy curve."""
    rng = np.random.default_rng(4)
    x = np.arange(30)
    y = np.sin(x / 4) + rng.normal(0, 0.02, 30)
    with style():
        fig = Figure()
        fig.subplots().plot(x, y)
    words = shape(x, y, tol=tolerance(y), name="j", fmt=lambda v: f"{v:.2f}")
    d = describe(fig, f"A curve that {words}.") if len(words.split()) < 55 else None
    assert d is not None and not description_problems(fig, d.alt), words


# The descriptions the course had before (lesson 05's, and lesson 08's that told only the NMI
# panel): the test must reject them on the same figures.
OLD_05 = ("The share of the data points whose ratio of Eq. (7) is 0/0 (q = 0) against k1 from 1 "
          "to 40, one line per data set: Zoo 0 at k1 = 1, then from 0.089 to 0.396; Spect 0 at "
          "k1 = 1, then from 0.318 to 0.442; Soybean 0 at k1 = 1, then from 0.792 to 1; Digits 0 "
          "at k1 = 1, then from 0.991 to 1; Car never.")


def test_the_old_description_of_05_is_caught(cases, monkeypatch):
    seen = capture(monkeypatch)
    cases["zero_ratio_figure"](False)
    problems = description_problems(seen[0][0], OLD_05)
    said_wrong = "\n".join(problems)
    assert "73 words" in said_wrong
    # the old text gives 0.442 as the top of a range, not as a turn at k1 = 10, and never
    # the fall back to 0.337
    assert "Spect: its turn at x = 10, value 0.442 is not said" in said_wrong
    assert "Spect: its last value 0.337 is not said" in said_wrong
    assert "Soybean: its turn at x = 2, value 0.967 is not said" in said_wrong


def test_a_description_of_the_nmi_panel_only_is_caught(cases, monkeypatch):
    seen = capture(monkeypatch)
    d = cases["figure_results"](False)
    nmi_only = d.long.split(" Right, the ARI.")[0]
    problems = description_problems(seen[0][0], d.alt, nmi_only)
    assert problems and all("panel 2 (Table 3: ARI)" in p for p in problems), problems
