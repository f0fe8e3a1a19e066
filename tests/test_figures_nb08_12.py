"""The figures of lessons 08-12, described (issue 32).

`binms_teach.experiments` (the paper's Figures 1-3 and Table 3 as points) and
`binms_teach.figures.nb08_12` (the lessons' other figures): each returns a
`DescribedFigure` whose text alternative passes the course's rule, states numbers that a
second computation here finds in the data, and whose numbers table holds what it plots;
with ``slide=True`` its text stays readable at the width a deck shows it, and the picture
fits below a slide's heading (at most 960 x 480 px). The matplotlib
figures behind them (``figures.experiments.draw_*``) have the panels a reader is told of.
"""

import html
import re

import matplotlib
import numpy as np
import pytest

from binms_teach import BinNNMS, experiments, selection
from binms_teach.datasets import make_bernoulli_mixture
from binms_teach.figures import DescribedFigure, alt_text_problem, nb08_12
from binms_teach.figures import experiments as paper_figures
from binms_teach.figures.nb08_12.lessons09_11 import row_jump
from binms_teach.figures.projection import ProjectedFigure

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def sweeps(mixture):
    X, y = mixture
    return {"zoo": experiments.sweep(X, y, (0, 3, 6), (2, 5, 10)),
            "spect": experiments.sweep(X, y, (0, 3), (1, 4))}


def check_described(d, slide):
    assert isinstance(d, DescribedFigure)
    assert alt_text_problem(d.alt) is None, d.alt
    if slide:  # projected: SVG whose text is text, 17 pt and up (figures/projection.py)
        assert isinstance(d, ProjectedFigure) and "<text" in d.svg and not d.png
        assert d.smallest_text_pt >= 17, d.smallest_text_pt
        assert 'role="img"' in d.html() and f"<title>{html.escape(d.alt)}" in d.html()
    else:
        assert d.png.startswith(b"\x89PNG")
    if d.numbers is not None:
        lengths = {len(column) for column in d.numbers.values()}
        assert len(lengths) == 1 and lengths.pop() > 0


def said(d):
    """All a figure says: its alt and its long description."""
    return d.alt + " " + (d.long or "")


def number_in(text, value, places=3):
    return f"{value:.{places}f}" in text


# ---------------------------------------------------------------- the paper's figures


@pytest.mark.parametrize("slide", [False, True])
def test_figure1_states_the_best_settings(sweeps, slide):
    shown = {"zoo": sweeps["zoo"]} if slide else sweeps
    d = experiments.figure1(shown, slide=slide)
    check_described(d, slide)
    for s in shown.values():
        # the best NMI, found again by a plain loop over the grid
        best = max((s.nmi[i, j], s.k1s[i], s.k2s[j]) for i in range(len(s.k1s))
                   for j in range(len(s.k2s)))
        assert number_in(said(d), best[0]), (best, said(d))
        assert f"({best[1]}, {best[2]})" in said(d)
    # the numbers as the maps show them: a row per data set, score and k1, a column per k2
    s = shown["zoo"]
    assert len(d.numbers["k1"]) == sum(2 * len(x.k1s) for x in shown.values())
    assert d.numbers["score"][:2] == ["NMI", "NMI"] and d.numbers["k1"][0] == "0"
    assert d.numbers[f"k2 = {s.k2s[0]}"][0] == f"{s.nmi[0, 0]:.3f}"
    if not slide:  # Spect's grid has k2 = 1, Zoo's has not: Zoo's cell is empty
        assert d.numbers["k2 = 1"][0] == "-"


@pytest.mark.parametrize("slide", [False, True])
def test_figure2_states_where_each_curve_starts_and_ends(mixture, slide):
    X, y = mixture
    curves = {"zoo": [experiments.quantization_curves(X, y, k1, 5) for k1 in (3, 6)]}
    d = experiments.figure2(curves, slide=slide)
    check_described(d, slide)
    for c in curves["zoo"]:
        assert f"k1 = {c.k1} falls from {c.target[0]:.2f} at j = 0" in said(d)
    assert len(d.numbers["j"]) == sum(len(c.target) for c in curves["zoo"])


@pytest.mark.parametrize("slide", [False, True])
def test_figure3_names_the_digits_of_the_prototypes(slide):
    images = make_bernoulli_mixture(60, 240, 10, flip=0.05, random_state=0)
    labels = BinNNMS(k1=3, k2=2).fit(images.data).labels_
    protos = experiments.digit_prototypes(images.data, images.target, labels, 3, 2)
    d = experiments.figure3(protos, slide=slide)
    check_described(d, slide)
    digits = [int(p["majority"]) for p in protos["kmodes"]]
    missing = sorted(set(range(10)) - set(digits))
    if missing:
        assert f"none for the {missing[0]}" in d.alt
        assert f"prototypes for {len(set(digits))} of the 10 digits" in d.alt
    else:
        assert "one prototype for each digit from 0 to 9" in d.alt
    assert d.numbers["majority digit"][:10] == [str(x) for x in digits]


@pytest.mark.parametrize("slide", [False, True])
def test_results_figure_pairs_binnnms_with_kmodes(slide, made_up_table3):
    rows = made_up_table3
    d = experiments.figure_results(rows, slide=slide)
    check_described(d, slide)
    assert "Spect 0.500 against 0.300" in said(d) and "Car 0.500 against 0.300" in said(d)
    # the paper's Car "single class" plots no point, so it has no row of numbers
    assert ("Car", "paper BinNNMS") not in zip(d.numbers["data set"], d.numbers["series"],
                                               strict=True)


def test_the_drawn_figures_have_the_panels_the_lessons_describe(sweeps, mixture):
    fig1 = paper_figures.draw_figure1(sweeps)
    heatmaps = [ax for ax in fig1.axes if ax.images]
    assert len(heatmaps) == 4 and len(fig1.axes) == 8  # each heat map has its colour bar
    for ax in heatmaps:
        assert ax.images[0].colorbar.ax.get_ylabel() in ("NMI", "ARI")
        assert ax.get_xlabel() == "$k_2$" and ax.get_ylabel().startswith("$k_1$")
    X, y = mixture
    fig2 = paper_figures.draw_figure2(
        {"zoo": [experiments.quantization_curves(X, y, k1, 5) for k1 in (3, 6)]})
    left, right = fig2.axes
    assert len(left.lines) == 2 and len(right.lines) == 4
    assert left.lines[0].get_marker() != left.lines[1].get_marker()  # never colour alone
    assert right.lines[0].get_linestyle() != right.lines[1].get_linestyle()
    import matplotlib.pyplot as plt

    plt.close("all")


def test_no_font_size_is_set_by_hand():
    """The style decides the text sizes, so that a slide's text stays readable."""
    import inspect

    for module in (paper_figures, nb08_12):
        assert not re.search(r"fontsize\s*=", inspect.getsource(module)), module.__name__


# ---------------------------------------------------------------- the lessons' figures


@pytest.mark.parametrize("slide", [False, True])
def test_reshape_figure_measures_the_shear(slide):
    rng = np.random.default_rng(0)
    # ten "digits": vertical bars, smooth from row to row when read 16 x 15
    images = np.zeros((20, 16, 15), dtype=np.uint8)
    for i in range(20):
        images[i, :, i % 10 + 2] = 1
    X = images.reshape(20, 240)
    X[rng.random(X.shape) < 0.02] ^= 1
    y = np.arange(20) % 10
    d = nb08_12.reshape_figure(X, y, slide=slide)
    check_described(d, slide)
    assert d.numbers is None
    right = np.mean([row_jump(X[y == k].mean(axis=0).reshape(16, 15)) for k in range(10)])
    wrong = np.mean([row_jump(X[y == k].mean(axis=0).reshape(15, 16)) for k in range(10)])
    assert right < wrong
    assert f"differ by {right:.2f}" in said(d) and f"by {wrong:.2f}" in said(d)


def auto_rows():
    return [{"dataset": "zoo", "ari": 0.866, "best_ari": 0.926, "n_clusters": 6,
             "best_n_clusters": 6, "ari_ratio": 0.866 / 0.926, "learnable": True},
            {"dataset": "votes", "ari": 0.498, "best_ari": 0.632, "n_clusters": 28,
             "best_n_clusters": 17, "ari_ratio": 0.498 / 0.632, "learnable": True},
            {"dataset": "spect", "ari": -0.059, "best_ari": 0.021, "n_clusters": 17,
             "best_n_clusters": 2, "ari_ratio": None, "learnable": False}]


@pytest.mark.parametrize("slide", [False, True])
def test_auto_figure_gives_each_pair_and_the_share_range(slide):
    d = nb08_12.auto_figure(auto_rows(), slide=slide)
    check_described(d, slide)
    assert "Votes 0.498 against 0.632 with 28 clusters against 17" in said(d)
    assert "reaches 0.79 to 0.94 of the best" in d.alt  # Spect, not learnable, left out
    assert d.numbers["ratio"] == ["0.935", "0.788", "-"]


@pytest.mark.parametrize("slide", [False, True])
def test_criteria_figure_says_where_each_criterion_peaks(slide):
    mix = make_bernoulli_mixture(90, 16, 3, flip=0.1, random_state=2)
    result = experiments.auto_result("mixture", mix.data, mix.target)
    d = nb08_12.criteria_figure(result, slide=slide)
    check_described(d, slide)
    sel = result.selection
    i = sel.k1s.index(sel.k1)
    silhouette = sel.scores["silhouette"][i]
    j = int(np.nanargmax(silhouette))  # the first of the highest, as the text says
    assert f"silhouette is highest at k2 = {sel.k2s[j]} ({silhouette[j]:.2f})" in said(d)
    assert f"the rule chose k2 = {sel.k2}" in d.alt
    assert d.numbers["k2"] == [str(k) for k in sel.k2s]
    assert all(re.fullmatch(r"-?\d+\.\d", v) for v in d.numbers["bic"])  # one decimal
    assert selection.K2S[0] == sel.k2s[0]
