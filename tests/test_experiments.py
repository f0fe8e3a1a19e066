"""binms_teach.experiments against independent computations.

- the sweep (one ascent per k1, reused for every k2) against a fresh
  BinNNMS(k1, k2) fit for every (k1, k2);
- Figure 2's quantization errors against plain loops (one ascent path per point,
  the reference labelling, median centres and Hamming distances by hand);
- k-modes runs, prototypes, best / honest choices and Table 2 against loops
  and against the paper's numbers as typed in `binms_teach.evaluation.paper`.

Real-data tests need the UCI files (BINMS_TEACH_DATA, as tests/test_datasets.py);
under CI=true they must run, elsewhere they are skipped when the files are missing.
"""

import itertools

import numpy as np
import pytest
from sklearn.metrics import silhouette_score

from binms_teach import BinNNMS, KModes, ari, experiments, nmi
from binms_teach.ascent import bga_path
from binms_teach.datasets import fetch_file, make_bernoulli_mixture
from binms_teach.evaluation import paper
from binms_teach.figures import experiments as paper_figures
from binms_teach.labelling import epsilon_from_k2, epsilon_proximity
from tests.guards import missing

FILES = {
    "zoo": ["zoo/zoo.data"],
    "digits": ["mfeat/mfeat-pix"],
    "spect": ["spect/SPECT.train", "spect/SPECT.test"],
    "soybean": ["soybean/soybean-large.data"],
    "car": ["car/car.data"],
}


def real(name):
    """The data set ``name``, or skip (fail under CI=true) when its files are missing."""
    for relpath in FILES[name]:
        try:
            fetch_file(relpath, download=False)
        except FileNotFoundError:
            message = (f"{relpath} not found: set BINMS_TEACH_DATA to a folder with the UCI "
                       "files in UCI's layout")
            missing(message)
    return experiments.load(name)


# ---------------------------------------------------------------- the sweep


def check_sweep_against_fresh_fits(X, y, k1s, k2s, epsilon_from="modes", tie="one",
                                   neighbours="index"):
    s = experiments.sweep(X, y, k1s, k2s, epsilon_from=epsilon_from, tie=tie,
                          neighbours=neighbours)
    for (i, k1), (j, k2) in itertools.product(enumerate(k1s), enumerate(k2s)):
        # k1 = 0 is "no ascent": BinNNMS with k1 = 1 leaves every point where it is.
        model = BinNNMS(k1=max(k1, 1), k2=k2, epsilon_from=epsilon_from, tie=tie,
                        neighbours=neighbours).fit(X)
        where = f"k1={k1}, k2={k2}"
        assert np.array_equal(s.labels[i, j], model.labels_), where
        assert s.n_clusters[i, j] == model.labels_.max() + 1, where
        assert s.epsilon[i, j] == pytest.approx(model.epsilon_), where
        assert s.nmi[i, j] == pytest.approx(nmi(y, model.labels_)), where
        assert s.ari[i, j] == pytest.approx(ari(y, model.labels_)), where
        if 2 <= s.n_clusters[i, j] <= experiments.HONEST_MAX_FRACTION * len(X):
            D = (X[:, None, :] != X[None, :, :]).sum(axis=2)
            expected = silhouette_score(D, model.labels_, metric="precomputed")
            assert s.silhouette[i, j] == pytest.approx(expected), where
        else:
            assert np.isnan(s.silhouette[i, j]), where
    return s


@pytest.mark.parametrize("epsilon_from", ["modes", "data"])
def test_sweep_reuses_one_ascent_and_matches_fresh_fits(mixture, epsilon_from):
    X, y = mixture
    check_sweep_against_fresh_fits(X, y, (0, 1, 2, 3, 5, 8), (1, 2, 4, 7, 15), epsilon_from)


@pytest.mark.parametrize("neighbours", ["index", "ball"])
@pytest.mark.parametrize("epsilon_from", ["modes", "data"])
def test_sweep_with_duplicates_and_ties_matches_fresh_fits(epsilon_from, neighbours):
    # Few features and repeated rows: many equal distances (ties among the k1 and k2
    # nearest), equal rows (distance 0) and several k2 sharing one floor(epsilon).
    rng = np.random.default_rng(7)
    base = rng.integers(0, 2, size=(18, 5))
    X = np.concatenate([base, base[:9], base[:3]])
    y = rng.integers(0, 3, size=len(X))
    s = check_sweep_against_fresh_fits(X, y, (0, 1, 2, 4, 9, 20), (1, 2, 3, 6, 12, 29),
                                       epsilon_from, neighbours=neighbours)
    assert len(np.unique(np.floor(s.epsilon[0]))) < len(s.k2s)  # some k2 share a labelling


def test_sweep_with_tie_zero_matches_fresh_fits(mixture):
    X, y = mixture
    check_sweep_against_fresh_fits(X, y, (2, 4, 6), (1, 3, 9), tie="zero")


def test_sweep_on_zoo_matches_fresh_fits():
    zoo = real("zoo")
    check_sweep_against_fresh_fits(zoo.data, zoo.target, (0, 3, 7, 12), (2, 10, 20, 40))


def test_best_is_the_first_maximum_in_grid_order(mixture):
    X, y = mixture
    s = experiments.sweep(X, y, (0, 2, 4, 8), (1, 3, 6, 12))
    for metric in ("nmi", "ari"):
        best_value, best_setting = -np.inf, None
        for (i, k1), (j, k2) in itertools.product(enumerate(s.k1s), enumerate(s.k2s)):
            value = getattr(s, metric)[i, j]
            if value > best_value:
                best_value, best_setting = value, (k1, k2)
        assert s.best(metric) == best_setting


def test_honest_choice_maximises_the_silhouette_without_labels(mixture):
    X, y = mixture
    s = experiments.sweep(X, y, (0, 2, 4, 8), (1, 3, 6, 12))
    D = (X[:, None, :] != X[None, :, :]).sum(axis=2)
    best_value, best_setting = -np.inf, None
    for k1, k2 in itertools.product(s.k1s, s.k2s):
        labels = BinNNMS(k1=max(k1, 1), k2=k2).fit(X).labels_
        if 2 <= labels.max() + 1 <= len(X) / 4:
            value = silhouette_score(D, labels, metric="precomputed")
            if value > best_value + 1e-12:
                best_value, best_setting = value, (k1, k2)
    assert s.honest() == best_setting
    # The labels are not used: shuffled true classes choose the same setting.
    shuffled = experiments.sweep(X, np.random.default_rng(0).permutation(y), s.k1s, s.k2s)
    assert shuffled.honest() == best_setting


def test_sweep_rejects_bad_grids(mixture):
    X, y = mixture
    with pytest.raises(ValueError, match="k2=60 is outside"):
        experiments.sweep(X, y, (1,), (60,))
    with pytest.raises(ValueError, match="k1=-1 is outside"):
        experiments.sweep(X, y, (-1,), (2,))
    with pytest.raises(ValueError, match="repeat"):
        experiments.sweep(X, y, (1, 1), (2,))
    with pytest.raises(ValueError, match="one true class per sample"):
        experiments.sweep(X, y[:-1], (1,), (2,))


def test_sweep_is_deterministic(mixture):
    X, y = mixture
    a = experiments.sweep(X, y, (0, 3, 6), (2, 5))
    b = experiments.sweep(X, y, (0, 3, 6), (2, 5))
    for name in ("labels", "nmi", "ari", "epsilon", "n_clusters", "silhouette"):
        assert np.array_equal(getattr(a, name), getattr(b, name), equal_nan=True), name


# ---------------------------------------------------------------- Figure 2


def _median(rows):
    """Majority vote by hand, ties to 1 (the package default)."""
    return [1 if 2 * sum(column) >= len(rows) else 0 for column in zip(*rows, strict=True)]


def _h(a, b):
    return sum(int(u != v) for u, v in zip(a, b, strict=True))


def plain_curves(X, y, k1, k2):
    """Figure 2's errors with loops: one ascent path per point, labels by the reference."""
    n = len(X)
    paths = [bga_path(X, x, k1) for x in X]
    steps = max(len(p) for p in paths)
    rows = [[int(v) for v in x] for x in X]
    targets = {c: _median([rows[i] for i in range(n) if y[i] == c]) for c in set(y.tolist())}
    target, found, true_inter = [], [], []
    for j in range(steps):
        it = [[int(v) for v in p[min(j, len(p) - 1)]] for p in paths]
        target.append(sum(_h(it[i], targets[y[i]]) for i in range(n)) / n)
        labels = epsilon_proximity(it, epsilon_from_k2(it, k2))
        for groups, out in ((labels, found), (y, true_inter)):
            centres = {g: _median([it[i] for i in range(n) if groups[i] == g]) for g in set(groups)}
            out.append(sum(_h(it[i], centres[groups[i]]) for i in range(n)) / n)
    return target, found, true_inter


@pytest.mark.parametrize("k1, k2", [(3, 2), (6, 5), (10, 1)])
def test_quantization_curves_against_plain_loops(k1, k2):
    mix = make_bernoulli_mixture(30, 8, 3, flip=0.2, random_state=1)
    X, y = mix.data, mix.target
    curves = experiments.quantization_curves(X, y, k1, k2)
    target, found, true_inter = plain_curves(X, y, k1, k2)
    assert len(curves.target) == len(target) > 1
    assert curves.target.tolist() == pytest.approx(target)
    assert curves.found.tolist() == pytest.approx(found)
    assert curves.true_intermediate.tolist() == pytest.approx(true_inter)


# ---------------------------------------------------------------- k-modes, prototypes


def test_kmodes_runs_are_single_start_runs_with_each_seed(mixture):
    X, y = mixture
    runs = experiments.kmodes_runs(X, y, k=3, seeds=(0, 4, 7))
    for r, seed in enumerate((0, 4, 7)):
        labels = KModes(n_clusters=3, n_init=1, random_state=seed).fit(X).labels_
        assert runs.nmi[r] == pytest.approx(nmi(y, labels))
        assert runs.ari[r] == pytest.approx(ari(y, labels))
        assert runs.n_clusters[r] == len(set(labels.tolist()))
    assert runs.nmi_mean == pytest.approx(sum(runs.nmi) / 3)
    assert runs.nmi_std == pytest.approx(np.sqrt(np.mean((runs.nmi - runs.nmi_mean) ** 2)))
    again = experiments.kmodes_runs(X, y, k=3, seeds=(0, 4, 7))
    assert np.array_equal(runs.nmi, again.nmi) and np.array_equal(runs.ari, again.ari)


def test_prototypes_against_loops():
    rng = np.random.default_rng(5)
    X = rng.integers(0, 2, size=(40, 6), dtype=np.uint8)
    y = rng.integers(0, 3, size=40)
    labels = rng.integers(0, 6, size=40)
    sizes = {c: int((labels == c).sum()) for c in set(labels.tolist())}
    largest = sorted(sizes, key=lambda c: (-sizes[c], c))[:4]  # ties: the lower label
    expected = []
    for c in largest:
        members = [i for i in range(40) if labels[i] == c]
        classes = [int(y[i]) for i in members]
        top = max(classes.count(m) for m in classes)
        expected.append((min(m for m in classes if classes.count(m) == top), -len(members),
                         _median([X[i].tolist() for i in members]), top / len(members)))
    expected.sort(key=lambda e: e[:2])
    protos = experiments.prototypes(X, y, labels, n=4)
    got = [(p["majority"], -p["size"], p["centre"].tolist(), p["purity"]) for p in protos]
    assert got == expected


# ---------------------------------------------------------------- tables


def test_check_datasets_names_the_choices():
    assert experiments.check_datasets(["Digits", "zoo", "digits"]) == ("digits", "zoo")
    with pytest.raises(ValueError, match="Unknown data set 'mnist': choose from digits"):
        experiments.check_datasets(["mnist"])
    with pytest.raises(ValueError, match="No data set"):
        experiments.check_datasets([])


def test_paper_rows_of_table2_are_the_printed_values():
    fake = experiments.KModesRuns(2, (0,), np.array([0.5]), np.array([0.1]), np.array([2]))
    sweep = experiments.Sweep((1,), (1,), np.ones((1, 1)), np.ones((1, 1)),
                              np.ones((1, 1), dtype=int), np.ones((1, 1)), np.full((1, 1), np.nan),
                              np.zeros((1, 1, 4), dtype=int))
    kmodes = {("spect", 47): fake, ("spect", 2): fake, ("car", 4): fake}
    table = experiments.table3(("spect", "car"), kmodes, {"spect": sweep, "car": sweep})
    rows = {(r["dataset"], r["method"], r["k"]): r for r in table}
    assert rows["spect", "paper k-modes", 47]["nmi_mean"] == 0.135
    assert rows["spect", "paper k-modes", 47]["ari_mean"] is None
    assert rows["spect", "paper k-modes", 2]["ari_mean"] == -0.009
    assert rows["spect", "paper k-modes", 2]["ari_std"] == 0.055
    assert rows["spect", "paper BinNNMS", None]["nmi_mean"] == 0.145
    assert rows["car", "paper BinNNMS", None]["n_clusters"] == 1
    assert rows["car", "paper BinNNMS", None]["nmi_mean"] is None
    assert rows["car", "kmodes pkg recorded", 4]["nmi_mean"] == 0.070
    # No silhouette was computed, so there is no honest row.
    assert ("car", "BinNNMS silhouette", None) not in rows


def test_table1_on_the_real_data():
    data = {name: real(name) for name in paper.DATASETS}
    rows = {r["dataset"]: r for r in experiments.table2(data)}
    ours = {name: (r["n"], r["d"], r["M"]) for name, r in rows.items()}
    assert ours == {"digits": (2000, 240, 10), "zoo": (101, 21, 7), "soybean": (307, 98, 19),
                    "spect": (267, 22, 2), "car": (1728, 15, 4)}
    for name, r in rows.items():
        assert (r["paper_n"], r["paper_d"], r["paper_M"]) == tuple(vars(paper.TABLE2[name])
                                                                   .values())


def test_the_papers_digits_figures_are_reproduced():
    """BinNNMS(k1=10, k2=25) on Digits in the UCI file's row order: 40 clusters, NMI 0.880 and
    ARI 0.876 as printed (other row orders differ: see the row-order tests below)."""
    digits = real("digits")
    model = BinNNMS(k1=10, k2=25).fit(digits.data)
    assert model.labels_.max() + 1 == 40  # the paper's k = 40 for k-modes on Digits
    assert round(nmi(digits.target, model.labels_), 3) == paper.TABLE3["digits"].binnnms_nmi.mean
    assert round(ari(digits.target, model.labels_), 3) == paper.TABLE3["digits"].binnnms_ari.mean


# ---------------------------------------------------------------- row orders and the ball


def check_order_runs_against_fresh_fits(X, y, settings, seeds):
    runs = experiments.order_runs(X, y, settings, seeds)
    assert runs.seeds == tuple(seeds)
    for k1, k2 in settings:
        index, ball = runs.index[k1, k2], runs.ball[k1, k2]
        for r, seed in enumerate(seeds):
            order = experiments.row_order(len(X), seed)
            assert sorted(order.tolist()) == list(range(len(X)))
            model = BinNNMS(k1=max(k1, 1), k2=k2).fit(X[order])
            where = f"k1={k1}, k2={k2}, seed={seed}"
            assert index.nmi[r] == pytest.approx(nmi(y[order], model.labels_)), where
            assert index.ari[r] == pytest.approx(ari(y[order], model.labels_)), where
            assert index.n_clusters[r] == model.labels_.max() + 1, where
        # "ball": one run, the same in the file's order and in any other.
        assert len(ball.nmi) == 1
        for order in (np.arange(len(X)), experiments.row_order(len(X), 99)):
            model = BinNNMS(k1=max(k1, 1), k2=k2, neighbours="ball").fit(X[order])
            assert ball.nmi[0] == pytest.approx(nmi(y[order], model.labels_))
            assert ball.ari[0] == pytest.approx(ari(y[order], model.labels_))
            assert ball.n_clusters[0] == model.labels_.max() + 1
    return runs


def test_order_runs_match_fresh_fits_on_shuffled_rows(mixture):
    X, y = mixture
    check_order_runs_against_fresh_fits(X, y, [(0, 3), (4, 3), (4, 8), (9, 5)], (0, 1, 5))


def test_order_runs_on_zoo_show_the_spread_of_the_index_rule():
    zoo = real("zoo")
    X, y = zoo.data, zoo.target
    runs = check_order_runs_against_fresh_fits(X, y, [(7, 20), (4, 10)], range(4))
    # The measurement: the file order's 0.901 at (7, 20) is not what shuffled rows give.
    full = experiments.order_runs(X, y, [(7, 20)])
    assert full.seeds == experiments.ORDER_SEEDS and len(full.seeds) >= 10
    assert full.index[7, 20].nmi_std > 0.01
    assert full.index[7, 20].nmi_mean < nmi(y, BinNNMS(k1=7, k2=20).fit(X).labels_)
    assert np.array_equal(full.index[7, 20].nmi[:4], runs.index[7, 20].nmi)


def test_order_runs_use_one_ascent_per_k1_and_order(mixture, monkeypatch):
    X, y = mixture
    calls = []
    real_modes = experiments.ascent_modes

    def counting(X, k1, *args):
        calls.append(k1)
        return real_modes(X, k1, *args)

    # order_runs calls the ascent of its own module (binms_teach/experiments/orders.py)
    monkeypatch.setattr(experiments.orders, "ascent_modes", counting)
    experiments.order_runs(X, y, [(3, 2), (3, 5), (3, 9), (6, 2)], seeds=(0, 1, 2))
    assert sorted(calls) == [3] * 4 + [6] * 4  # 3 orders + 1 ball run, per distinct k1


def test_order_runs_reject_bad_input(mixture):
    X, y = mixture
    with pytest.raises(ValueError, match="k2=60 is outside"):
        experiments.order_runs(X, y, [(3, 60)])
    with pytest.raises(ValueError, match="at least one"):
        experiments.order_runs(X, y, [(3, 2)], seeds=())


def table3_rows(X, y, seeds=(0, 1, 2)):
    s = experiments.sweep(X, y, (0, 3, 6), (2, 5))
    settings = [v for v in experiments.table3_settings(s).values() if v is not None]
    runs = experiments.order_runs(X, y, settings, seeds)
    fake = experiments.KModesRuns(3, (0,), np.array([0.5]), np.array([0.1]), np.array([3]))
    rows = experiments.table3(("zoo",), {("zoo", 8): fake}, {"zoo": s}, {"zoo": runs})
    return s, runs, rows


def test_table3_has_index_over_orders_and_ball_beside_the_file_order(mixture):
    X, y = mixture
    s, runs, rows = table3_rows(X, y)
    for r in rows:
        if r["method"].startswith("BinNNMS "):
            continue
        assert r["neighbours"] is None and r["orders"] is None, r
    for method, setting in experiments.table3_settings(s).items():
        mine = [r for r in rows if r["method"] == method]
        assert [(r["neighbours"], r["orders"]) for r in mine] == [("index", 1), ("index", 3),
                                                                 ("ball", 1)]
        assert all((r["k1"], r["k2"]) == setting for r in mine)
        file, shuffled, ball = mine
        assert file["nmi_mean"] == s.scores(*setting)["nmi"] and file["nmi_std"] == 0
        assert shuffled["nmi_mean"] == pytest.approx(np.mean(runs.index[setting].nmi))
        assert shuffled["ari_std"] == pytest.approx(np.std(runs.index[setting].ari))
        assert shuffled["n_clusters"] == round(float(np.mean(runs.index[setting].n_clusters)), 1)
        assert ball["nmi_mean"] == runs.ball[setting].nmi[0] and ball["nmi_std"] == 0
    text = experiments.format_table3(rows)
    assert "3 random" in text and " any " in text and " file " in text
    csv_text = experiments.to_csv(rows, experiments.TABLE3_COLUMNS)
    assert csv_text.splitlines()[0].endswith(",neighbours,orders")
    assert ",index,3" in csv_text and ",ball,1" in csv_text and csv_text.count(",,\n") > 0


def test_ball_cycle_census_on_zoo():
    real("zoo")
    rows = experiments.ball_cycle_census(["zoo"], ties=("one", "zero"), quick=True)
    k1s = [k for k in experiments.grid("zoo", quick=True)[0] if k > 0]
    assert [(r["k1"], r["tie"]) for r in rows] == [(k, t) for k in k1s for t in ("one", "zero")]
    assert all(r["samples"] == 101 and r["cycled"] == 0 == r["capped"] for r in rows)
    assert "zoo" in experiments.format_census(rows)


def test_ball_cycle_census_counts_a_real_cycle(monkeypatch):
    """The constructed 2-cycle of tests/test_descent.py, served as a data set."""
    from sklearn.utils import Bunch

    from tests.test_descent import CYCLE_X

    census = experiments.orders  # the module of ball_cycle_census, which it reads the data from
    monkeypatch.setattr(census, "load", lambda name: Bunch(data=CYCLE_X))
    monkeypatch.setattr(census, "grid", lambda name, quick=False: ((0, 2, 3), (1,)))
    rows = experiments.ball_cycle_census(["zoo"], ties=("zero", "one"))
    counts = {(r["k1"], r["tie"]): r["cycled"] for r in rows}
    assert counts[2, "zero"] == 1 and counts[2, "one"] == 0
    assert all(r["capped"] == 0 for r in rows)


# ---------------------------------------------------------------- figures


def test_figures_have_the_expected_panels(mixture):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    X, y = mixture
    s = experiments.sweep(X, y, (0, 3), (2, 5))
    fig1 = paper_figures.draw_figure1({"zoo": s, "spect": s})
    assert len(fig1.axes) == 2 * 2 * 2  # two rows of NMI and ARI, each with a colour bar
    heatmaps = [ax for ax in fig1.axes if ax.images]
    assert len(heatmaps) == 4
    for ax in heatmaps:
        # every heat map has its colour bar, labelled with the metric it shows
        colorbar = ax.images[0].colorbar
        assert colorbar is not None and colorbar.ax.get_ylabel() in ("NMI", "ARI")
        assert ax.get_xlabel() == "$k_2$" and ax.get_ylabel().startswith("$k_1$")
    curves = [experiments.quantization_curves(X, y, k1, 5) for k1 in (3, 6)]
    fig2 = paper_figures.draw_figure2({"zoo": curves})
    assert len(fig2.axes) == 2 and len(fig2.axes[0].lines) == 2 and len(fig2.axes[1].lines) == 4
    for ax in fig2.axes:
        assert ax.get_xlabel() and ax.get_ylabel() and ax.get_legend() is not None
    # No two k1 are told apart by colour alone: each has its own marker as well.
    left = fig2.axes[0].lines
    assert left[0].get_marker() != left[1].get_marker()
    assert left[0].get_color() != left[1].get_color()
    found, true = fig2.axes[1].lines[:2]
    assert found.get_linestyle() != true.get_linestyle()  # found solid, true classes dashed
    images = make_bernoulli_mixture(60, 240, 10, flip=0.05, random_state=0)
    labels = BinNNMS(k1=3, k2=2).fit(images.data).labels_
    protos = experiments.digit_prototypes(images.data, images.target, labels, 3, 2)
    fig3 = paper_figures.draw_figure3(protos)
    shown = [ax for ax in fig3.axes if ax.images]
    assert len(shown) == 20 and not any(ax.axison for ax in fig3.axes)
    assert shown[0].images[0].get_array().shape == (16, 15)
    plt.close("all")


def test_results_figure_draws_each_row_with_its_error_bar(made_up_table3):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = made_up_table3
    fig = paper_figures.draw_figure_results(rows)
    nmi_ax, ari_ax = fig.axes
    assert nmi_ax.get_xlabel() == "data set" and nmi_ax.get_ylabel().startswith("NMI")
    assert ari_ax.get_ylabel().startswith("ARI")
    assert [t.get_text() for t in nmi_ax.get_xticklabels()] == ["Spect", "Car"]
    drawn = experiments.plot_results(rows, plt.subplots(1, 2)[1])

    def points(name, axis):
        """(x, mean, bar bottom, bar top) of every point of one series, by hand."""
        container = drawn[name][axis]
        x, mean = container[0].get_data()
        segments = container[2][0].get_segments()
        return [(round(float(a), 6), round(float(m), 6), round(float(s[0][1]), 6),
                 round(float(s[1][1]), 6)) for a, m, s in zip(x, mean, segments, strict=True)]

    # our k-modes: mean 0.3 +- 0.1 (NMI), 0.2 +- 0.1 (ARI), on both data sets
    nmi_points = points("k-modes", 0)
    assert [p[1:] for p in nmi_points] == [(0.3, 0.2, 0.4)] * 2
    assert [p[1:] for p in points("k-modes", 1)] == [(0.2, 0.1, 0.3)] * 2
    # the two points sit in the groups of Spect (x near 0) and Car (x near 1)
    assert -0.4 < nmi_points[0][0] < 0.4 and 0.6 < nmi_points[1][0] < 1.4
    # Spect's paper k-modes: NMI at k = 47 (0.135 +- 0), ARI at k = 2 (-0.009 +- 0.055)
    assert points("paper k-modes", 0)[0][1:] == (0.135, 0.135, 0.135)
    assert points("paper k-modes", 1)[0][1:] == (-0.009, -0.064, 0.046)
    # the paper's Car "single class" has no score: one point only (Spect)
    assert len(points("paper BinNNMS", 0)) == 1
    # every series has its own marker, so colour is not the only key
    markers = [drawn[name][0][0].get_marker() for name in drawn]
    assert len(set(markers)) == len(markers)
    # one colour per method: a method's rules share it, other methods differ
    colours = {name: drawn[name][0][0].get_color() for name in drawn}
    assert len(set(colours.values())) == len(colours)
    assert nmi_ax.get_legend() is None and ari_ax.get_legend() is not None
    # Rows over row orders (issue 11) are series of their own, beside the file-order row.
    over_orders = [dict(r, neighbours="index", orders=10, nmi_mean=0.4, nmi_std=0.05)
                   for r in rows if r["method"] == "BinNNMS best NMI"]
    drawn = experiments.plot_results(rows + over_orders, plt.subplots(1, 2)[1])
    assert [p[1:] for p in points("BinNNMS best NMI (index, 10 orders)", 0)] == [
        (0.4, 0.35, 0.45)] * 2
    assert [p[1] for p in points("BinNNMS best NMI (index, file order)", 0)] == [0.5, 0.5]
    assert (drawn["BinNNMS best NMI (index, 10 orders)"][0][0].get_color()
            == drawn["BinNNMS best NMI (index, file order)"][0][0].get_color())
    names = list(drawn)
    assert len({drawn[n][0][0].get_marker() for n in names}) == len(names)
    plt.close("all")


def test_table3_text_without_row_orders_keeps_its_old_columns(mixture):
    X, y = mixture
    s, _, with_orders = table3_rows(X, y)
    fake = experiments.KModesRuns(3, (0,), np.array([0.5]), np.array([0.1]), np.array([3]))
    plain = experiments.table3(("zoo",), {("zoo", 8): fake}, {"zoo": s})
    assert {(r["neighbours"], r["orders"]) for r in plain if r["k1"] is not None} == {("index", 1)}
    assert "rule" not in experiments.format_table3(plain).splitlines()[0]
    assert experiments.format_table3(with_orders).splitlines()[0].split()[2:4] == ["rule",
                                                                                   "orders"]
