"""Choosing k1 and k2 without labels (binms_teach.selection), against plain computations."""

import itertools
import math
import types
import warnings

import numpy as np
import pytest

from binms_teach import BinNNMS, experiments, selection
from binms_teach.datasets import make_bernoulli_mixture
from binms_teach.evaluation.metrics import ari
from binms_teach.fast import labelling as fast_labelling
from binms_teach.labelling import epsilon_from_k2


def plain_silhouette(X, labels):
    """Rousseeuw's silhouette with the Hamming distance, one point at a time."""
    X = np.asarray(X)
    labels = list(labels)
    n = len(X)
    total = 0.0
    for i in range(n):
        own = [j for j in range(n) if labels[j] == labels[i] and j != i]
        if not own:
            continue  # s(i) = 0 for a one-point cluster
        a = sum(int(np.sum(X[i] != X[j])) for j in own) / len(own)
        b = min(sum(int(np.sum(X[i] != X[j])) for j in range(n) if labels[j] == c)
                / labels.count(c) for c in set(labels) if c != labels[i])
        total += (b - a) / max(a, b) if max(a, b) > 0 else 0.0
    return total / n


def plain_bic(X, labels, s=0.5):
    """-2 log L + p log n by a loop over the points and bits."""
    X = np.asarray(X)
    n, d = X.shape
    names = sorted(set(labels))
    log_l = 0.0
    for i in range(n):
        members = [j for j in range(n) if labels[j] == labels[i]]
        log_l += math.log(len(members) / n)
        for b in range(d):
            theta = (sum(X[j, b] for j in members) + s) / (len(members) + 2 * s)
            log_l += math.log(theta if X[i, b] == 1 else 1 - theta)
    k = len(names)
    return -2 * log_l + (k * d + k - 1) * math.log(n)


@pytest.fixture(scope="module")
def mixture():
    return make_bernoulli_mixture(60, 12, 3, flip=0.1, random_state=3)


def test_silhouette_against_a_plain_loop(mixture):
    rng = np.random.default_rng(0)
    X = mixture.data
    for labels in (mixture.target, rng.integers(0, 4, len(X)),
                   np.r_[np.zeros(59, int), 1]):  # a one-point cluster: s = 0 there
        assert selection.hamming_silhouette(X, labels) == pytest.approx(
            plain_silhouette(X, labels), abs=1e-12)
    assert math.isnan(selection.hamming_silhouette(X, np.zeros(len(X))))
    assert math.isnan(selection.hamming_silhouette(X, np.arange(len(X))))


def test_bic_against_a_plain_loop(mixture):
    X = mixture.data[:30]
    rng = np.random.default_rng(1)
    for labels in (mixture.target[:30], rng.integers(0, 5, 30), np.zeros(30, int)):
        assert selection.bernoulli_bic(X, labels) == pytest.approx(plain_bic(X, list(labels)),
                                                                   rel=1e-12)
    assert selection.bernoulli_bic(X, mixture.target[:30], smoothing=1.0) == pytest.approx(
        plain_bic(X, list(mixture.target[:30]), s=1.0), rel=1e-12)


def test_bic_prefers_the_planted_partition_to_one_cluster_and_to_singletons(mixture):
    X, y = mixture.data, mixture.target
    bic = selection.bernoulli_bic
    assert bic(X, y) < bic(X, np.zeros(len(X))) and bic(X, y) < bic(X, np.arange(len(X)))


@pytest.mark.parametrize("engine_name", ["numpy", "faiss"])
def test_epsilons_equal_epsilon_from_k2(engine_name):
    from binms_teach.fast.popcount import engine, popcount_available

    from .guards import missing

    if engine_name == "faiss" and not popcount_available():
        missing("faiss is not installed (pip install -e '.[fast]')")
    rng = np.random.default_rng(2)
    M = rng.integers(0, 2, (300, 10)).astype(np.uint8)  # many equal rows and ties
    k2s = (1, 2, 3, 5, 10, 40, 299)
    with engine(engine_name):
        got = fast_labelling.epsilons(M, k2s).tolist()
    assert got == [epsilon_from_k2(M, k) for k in k2s]


def test_grid_labels_equal_binnnms_fits(mixture):
    X = mixture.data
    labels, eps = selection.labellings(X, (1, 4, 9), (1, 3, 8))
    for i, k1 in enumerate((1, 4, 9)):
        for j, k2 in enumerate((1, 3, 8)):
            model = BinNNMS(k1=k1, k2=k2).fit(X)
            assert np.array_equal(labels[i, j], model.labels_) and eps[i, j] == model.epsilon_


def test_stability_against_ari_on_explicit_subsamples(mixture):
    X = mixture.data
    sel = selection.choose_parameters(X, (2, 6), (2, 5), random_state=7, n_subsamples=2,
                                      fraction=0.7)
    # The subsamples draw distinct rows and keep every copy (this mixture repeats rows).
    first = {}
    ids = [first.setdefault(tuple(row), len(first)) for row in X.tolist()]
    assert len(first) < len(X)
    subsets = [[r for r in range(len(X)) if ids[r] in set(chosen.tolist())]
               for chosen in selection.subsamples(len(first), 2, 0.7, random_state=7)]
    for i, k1 in enumerate(sel.k1s):
        for j, k2 in enumerate(sel.k2s):
            full = BinNNMS(k1=k1, k2=k2).fit(X).labels_
            scores = []
            for s in subsets:  # the subsample's k1, k2: round(0.7 k), at least 1
                sub = BinNNMS(k1=max(1, round(0.7 * k1)), k2=max(1, round(0.7 * k2))).fit(X[s])
                scores.append(ari(full[s], sub.labels_))
            assert sel.scores["stability"][i, j] == pytest.approx(np.mean(scores), abs=1e-12)


def test_subsamples_are_seeded_sorted_and_without_repeats():
    a = selection.subsamples(50, 3, 0.8, random_state=1)
    b = selection.subsamples(50, 3, 0.8, random_state=1)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    for s in a:
        assert len(s) == 40 and np.all(np.diff(s) > 0)


def test_plateau_widths_by_hand():
    widths = selection.plateau_widths([9, 4, 4, 4, 2, 2], [1, 2, 3, 6, 10, 20])
    assert widths.tolist() == pytest.approx([0, math.log(3), math.log(3), math.log(3),
                                             math.log(2), math.log(2)])


def test_substantial_clusters():
    assert selection.substantial([0] * 97 + [1, 2, 3]) == (1, 0.97)
    assert selection.substantial([0] * 60 + [1] * 40) == (2, 1.0)


def test_row_order_ball_rule_changes_only_the_subsamples(mixture):
    """Under "ball" (order-free) every criterion but stability is a function of the partition,
    which a permutation of the rows only permutes: they are unchanged. Stability depends on
    which points the seeded subsamples hold; it is unchanged when the subsamples follow the
    permutation."""
    X = mixture.data
    perm = np.random.default_rng(5).permutation(len(X))
    grid = ((2, 5), (2, 6))
    a = selection.choose_parameters(X, *grid, neighbours="ball")
    b = selection.choose_parameters(X[perm], *grid, neighbours="ball")
    assert np.array_equal(a.n_clusters, b.n_clusters)
    for name in ("silhouette", "bic", "plateau"):
        assert np.allclose(a.scores[name], b.scores[name], equal_nan=True), name
    for i in range(2):
        for j in range(2):
            assert ari(a.labels[i, j][perm], b.labels[i, j]) == 1.0
    # Stability with the subsamples carried through the permutation: the same value.
    where = np.argsort(perm)                # row r of X is row where[r] of X[perm]
    subsets = selection.subsamples(len(X), 2, 0.8, random_state=0)
    moved = [np.sort(where[s]) for s in subsets]
    full = BinNNMS(k1=5, k2=6, neighbours="ball").fit(X).labels_
    sub = [BinNNMS(k1=4, k2=5, neighbours="ball").fit(X[s]).labels_ for s in subsets]
    sub_moved = [BinNNMS(k1=4, k2=5, neighbours="ball").fit(X[perm][s]).labels_ for s in moved]
    assert selection.partition_stability(full, sub, subsets) == pytest.approx(
        selection.partition_stability(full[perm], sub_moved, moved))


@pytest.mark.parametrize("seed, n_clusters, flip", [(0, 3, 0.1), (1, 4, 0.15), (2, 5, 0.1)])
def test_planted_mixtures_are_recovered_without_collapse(seed, n_clusters, flip):
    mix = make_bernoulli_mixture(240, 40, n_clusters, flip=flip, random_state=seed + 100)
    sel = selection.choose_parameters(mix.data)
    i, j = sel.index(sel.k1, sel.k2)
    assert sel.n_substantial[i, j] >= 2 and sel.n_clusters[i, j] > 1
    assert ari(mix.target, sel.labels_) > 0.9, sel.reason


def test_every_single_criterion_avoids_one_cluster_on_planted_data():
    mix = make_bernoulli_mixture(200, 30, 3, flip=0.1, random_state=11)
    sel = selection.choose_parameters(mix.data, (1, 5, 15), (2, 10, 150))
    assert (sel.n_clusters == 1).any()      # a collapse was on offer ...
    for criterion in selection.CRITERIA:    # ... and no criterion took it
        assert sel.n_clusters[sel.index(*sel.choice(criterion))] > 1, criterion


def test_no_structure_gives_one_cluster_with_its_reason():
    X = np.zeros((20, 5), dtype=np.uint8)
    sel = selection.choose_parameters(X, (1, 3), (1, 5))
    assert sel.n_clusters[sel.index(sel.k1, sel.k2)] == 1
    assert "no structure" in sel.reason


def test_table_has_a_row_per_candidate_with_every_score(mixture):
    sel = selection.choose_parameters(mixture.data, (2, 5), (3, 6, 9))
    rows = sel.table()
    assert len(rows) == 6 and set(rows[0]) == {"k1", "k2", "n_clusters", "epsilon",
                                               "silhouette", "stability", "plateau", "bic",
                                               "bic_null", "beats_null",
                                               "dependence_margin"}
    assert {r["bic_null"] for r in rows} == {selection.null_bic(mixture.data)}
    assert all(r["beats_null"] == (r["bic"] < r["bic_null"]) for r in rows)
    assert sel.reason and (sel.k1, sel.k2) in {(r["k1"], r["k2"]) for r in rows}


def test_n_jobs_and_the_caller_array(mixture):
    X = mixture.data.copy()
    one = selection.choose_parameters(X, (2, 5), (3, 6))
    two = selection.choose_parameters(X, (2, 5), (3, 6), n_jobs=2)
    assert np.array_equal(X, mixture.data)
    assert (one.k1, one.k2) == (two.k1, two.k2) and np.array_equal(one.labels, two.labels)
    for name in one.scores:
        assert np.allclose(one.scores[name], two.scores[name], equal_nan=True)


def test_default_grid_is_cut_to_small_data():
    X = make_bernoulli_mixture(12, 8, 2, flip=0.05, random_state=0).data
    sel = selection.choose_parameters(X)
    assert max(sel.k1s) <= 12 and max(sel.k2s) <= 11


@pytest.mark.parametrize("kwargs, message", [
    ({"k1s": (0, 3)}, "k1=0 is outside"),
    ({"k1s": (3, 3)}, "repeats a value"),
    ({"k2s": (40,)}, r"at most n_samples - 1 = 29"),
    ({"k2s": ()}, "is empty"),
    ({"k1s": "abc"}, "sequence of whole numbers"),
    ({"criterion": "aic"}, "criterion='aic': use one of rank_mean"),
    ({"fraction": 1.0}, "strictly between 0 and 1"),
])
def test_bad_input_names_the_problem(kwargs, message):
    X = make_bernoulli_mixture(30, 6, 2, random_state=0).data
    with pytest.raises((ValueError, TypeError), match=message):
        selection.choose_parameters(X, **kwargs)


def test_too_few_samples():
    with pytest.raises(ValueError, match="at least 4"):
        selection.choose_parameters([[0, 1], [1, 0], [1, 1]])


def test_binnnms_auto_equals_binnnms_at_the_chosen_setting(mixture):
    X = mixture.data
    auto = BinNNMS(k1="auto", k2="auto").fit(X)
    fixed = BinNNMS(k1=auto.k1_, k2=auto.k2_).fit(X)
    assert (auto.k1_, auto.k2_) == (auto.selection_.k1, auto.selection_.k2)
    assert np.array_equal(auto.labels_, fixed.labels_)
    assert np.array_equal(auto.modes_, fixed.modes_)
    assert np.array_equal(auto.predict(X[:7]), fixed.predict(X[:7]))
    assert np.array_equal(auto.labels_, auto.selection_.labels_)


def test_binnnms_one_auto_holds_the_other_fixed(mixture):
    X = mixture.data
    model = BinNNMS(k1=5, k2="auto").fit(X)
    assert model.k1_ == 5 and model.selection_.k1s == (5,)
    model = BinNNMS(k1="auto", k2=7).fit(X)
    assert model.k2_ == 7 and model.selection_.k2s == (7,)
    plain = BinNNMS(k1=5, k2=7).fit(X)
    assert (plain.k1_, plain.k2_, plain.selection_) == (5, 7, None)


def test_binnnms_auto_keeps_its_parameters_for_clone():
    from sklearn.base import clone

    model = BinNNMS(k1="auto", k2="auto", neighbours="ball")
    assert clone(model).get_params() == model.get_params()
    assert model.get_params()["k1"] == "auto"


@pytest.mark.parametrize("kwargs, message", [
    ({"k2": "auto", "epsilon": 2.0}, "explicit epsilon was given: leave epsilon=None"),
    ({"k1": "auto", "epsilon_from": "data"}, "use epsilon_from='modes'"),
    ({"k1": "auto", "algorithm": "hnsw"}, "use algorithm='exact'"),
])
def test_binnnms_auto_bad_input(kwargs, message):
    X = make_bernoulli_mixture(30, 6, 2, random_state=0).data
    with pytest.raises(ValueError, match=message):
        BinNNMS(**kwargs).fit(X)


def test_binnnms_refuses_another_string_as_any_k1_is_refused():
    X = make_bernoulli_mixture(30, 6, 2, random_state=0).data
    for name in ("k1", "k2"):
        with pytest.raises(TypeError, match=f"{name} must be an integer, got 'best' of type str"):
            BinNNMS(**{name: "best"}).fit(X)


def test_binnnms_auto_too_few_samples():
    with pytest.raises(ValueError, match="at least 4 samples"):
        BinNNMS(k1="auto", k2="auto").fit([[0, 1], [1, 0], [1, 1]])


def test_auto_study_rows_against_fresh_fits():
    from binms_teach import experiments, nmi

    mix = make_bernoulli_mixture(90, 20, 3, flip=0.1, random_state=4)
    result = experiments.auto_result("mixture-x", mix.data, mix.target)
    sel = result.selection
    for k1, k2 in [(sel.k1, sel.k2), (sel.k1s[0], sel.k2s[-1]), result.best("ari")]:
        labels = BinNNMS(k1=k1, k2=k2).fit(mix.data).labels_
        i, j = sel.index(k1, k2)
        assert result.grid_ari[i, j] == ari(mix.target, labels)
        assert result.grid_nmi[i, j] == nmi(mix.target, labels)
    # The chosen setting is the selection's, read from it (and cannot be set apart from it).
    chosen = sel.labels[sel.index(sel.k1, sel.k2)]
    assert (result.k1, result.k2, result.n_clusters) == (sel.k1, sel.k2, chosen.max() + 1)
    assert result.scores() == {"k1": sel.k1, "k2": sel.k2, "n_clusters": chosen.max() + 1,
                               "nmi": nmi(mix.target, chosen), "ari": ari(mix.target, chosen)}
    for name in ("k1", "k2", "n_clusters"):
        with pytest.raises(AttributeError):
            setattr(result, name, 1)
    # share(criterion): a fresh fit at that criterion's choice, over the grid's best.
    for criterion in ("silhouette", "bic", None):
        k1, k2 = sel.choice(criterion or "rank_mean")
        labels = BinNNMS(k1=k1, k2=k2).fit(mix.data).labels_
        best = max(ari(mix.target, lab) for row in sel.labels for lab in row)
        assert result.share(criterion) == pytest.approx(
            (ari(mix.target, labels), ari(mix.target, labels) / best, labels.max() + 1))
    (row,) = experiments.auto_rows({"mixture-x": result})
    assert row["ari"] == result.ari and row["best_ari"] == result.grid_ari.max()
    assert row["ari_ratio"] == pytest.approx(result.ari / result.grid_ari.max())
    assert row["role"] == "held out" and row["learnable"]
    targets = experiments.auto_targets([row, {**row, "dataset": "zoo", "ari_ratio": 0.5},
                                        {**row, "dataset": "car", "learnable": False},
                                        {**row, "dataset": "wine", "ari_ratio": 0.95}])
    assert targets == {"learnable": ["zoo"], "met": [], "collapsed": []}
    assert "mixture-x" in experiments.format_auto([row])


@pytest.mark.parametrize("engine_name", ["numpy", "faiss"])
def test_proximity_labels_equal_epsilon_proximity(engine_name, monkeypatch):
    from binms_teach.fast.popcount import engine, popcount_available
    from binms_teach.labelling import epsilon_proximity

    from .guards import missing

    if engine_name == "faiss" and not popcount_available():
        missing("faiss is not installed (pip install -e '.[fast]')")
    rng = np.random.default_rng(3)
    M = rng.integers(0, 2, (400, 9)).astype(np.uint8)  # n >= 256: faiss under "auto" too
    floors = [0, 1, 2, 3, 5]
    with engine(engine_name):
        got = fast_labelling.proximity_labels(M, floors)
        monkeypatch.setattr(fast_labelling, "MAX_PAIRS", 10)  # too many pairs: one at a time
        fallback = fast_labelling.proximity_labels(M, floors)
    for f in floors:
        expected = epsilon_proximity(M, f)
        assert np.array_equal(got[f], expected) and np.array_equal(fallback[f], expected), f


# ---------------------------------------------------------------- the second held-out round


def test_quartile_code_counts_the_quartiles_each_value_exceeds():
    from binms_teach.experiments import quartile_code

    rng = np.random.default_rng(0)
    X = rng.normal(size=(60, 4))
    X[:, 2] = rng.integers(0, 3, size=60)  # many equal values, as in iris
    bits = quartile_code(X).reshape(60, 4, 3)
    for j in range(4):
        q = np.quantile(X[:, j], (0.25, 0.5, 0.75))
        for i in range(60):
            expected = [int(X[i, j] > q[0]), int(X[i, j] > q[1]), int(X[i, j] > q[2])]
            assert bits[i, j].tolist() == expected
    # Additive coding: the bits of a feature never switch back on after a 0.
    assert (np.diff(bits.astype(int), axis=2) <= 0).all()


@pytest.mark.parametrize(("name", "shape", "classes"), [
    ("sk-digits", (1797, 64), 10), ("wine", (178, 39), 3), ("cancer", (569, 90), 2),
    ("iris", (150, 12), 3)])
def test_round2_sets_are_binary_with_their_classes(name, shape, classes):
    from binms_teach.experiments import load_any

    bunch = load_any(name)
    assert bunch.data.shape == shape
    assert set(np.unique(bunch.data)) == {0, 1}
    assert len(np.unique(bunch.target)) == classes


# ---------------------------------------------------------------- repeated rows


def test_distinct_subsamples_keep_copies_together_and_reduce_to_subsamples():
    plain = selection.subsamples(30, 3, 0.8, random_state=4)
    same = selection.distinct_subsamples(np.arange(30), 3, 0.8, random_state=4)
    assert all(np.array_equal(a, b) for a, b in zip(plain, same, strict=True))
    row_id = np.array([0, 1, 0, 2, 1, 3, 4, 0, 5, 6])
    for s in selection.distinct_subsamples(row_id, 4, 0.5, random_state=1):
        kept = set(row_id[s].tolist())
        assert sorted(s.tolist()) == [r for r in range(10) if row_id[r] in kept]
        assert len(kept) == round(0.5 * 7)


def test_distinct_rows_by_plain_loop(mixture):
    first = {}
    expected = [first.setdefault(tuple(row), len(first)) for row in mixture.data.tolist()]
    assert selection.distinct_rows(mixture.data).tolist() == expected


@pytest.mark.parametrize("seed", range(5))
def test_substantial_needs_two_distinct_rows_by_plain_loop(seed):
    rng = np.random.default_rng(seed)
    labels, row_id = rng.integers(0, 4, 60), rng.integers(0, 8, 60)
    labels[row_id == 0] = 9                 # a cluster made of copies of one row
    count, covered = 0, 0
    for c in set(labels.tolist()):
        members = labels == c
        if members.sum() >= max(2, selection.MIN_SHARE * 60) and len(set(row_id[members])) >= 2:
            count, covered = count + 1, covered + members.sum()
    assert selection.substantial(labels, row_id) == (count, covered / 60)
    assert selection.substantial(labels, row_id)[0] < selection.substantial(labels)[0]


def test_silhouette_is_taken_over_the_distinct_rows(mixture):
    X = np.concatenate([mixture.data, mixture.data[:25]])       # 25 rows twice
    sel = selection.choose_parameters(X, (3, 8), (2, 6))
    first = np.unique(selection.distinct_rows(X), return_index=True)[1]
    for i in range(2):
        for j in range(2):
            labels = sel.labels[i, j]
            expected = selection.hamming_silhouette(X[first], labels[first])
            assert sel.scores["silhouette"][i, j] == pytest.approx(expected, nan_ok=True)
            every_row = selection.hamming_silhouette(X, labels)
            assert not np.isclose(sel.scores["silhouette"][i, j], every_row)  # copies count less


def test_a_partition_of_copies_is_never_chosen():
    """Few distinct rows, each repeated: k1 = k2 = 1 groups the copies of each row (silhouette
    near 1 and stability 1 on the rows): not admissible, and not the choice."""
    base = make_bernoulli_mixture(45, 12, 3, flip=0.1, random_state=21)
    rng = np.random.default_rng(21)
    rows = rng.permutation(np.repeat(np.arange(45), rng.integers(1, 7, 45)))
    X, y = base.data[rows], base.target[rows]
    sel = selection.choose_parameters(X)
    row_id = selection.distinct_rows(X)
    copies = selection.labellings(X, (1,), (1,))[0][0, 0]
    assert ari(copies, row_id) == 1.0                          # (1, 1): one cluster per row
    assert selection.substantial(copies, row_id)[0] == 0
    assert not sel.admissible[0, 0]
    assert sel.n_clusters[sel.index(sel.k1, sel.k2)] < row_id.max() + 1
    assert ari(y, sel.labels_) > 0.8, sel.reason


def test_the_reason_notes_a_choice_on_the_grids_edge(mixture):
    n = len(mixture.data)
    seen = set()
    for k1s, k2s in (((2, 4), (1, 3)), ((4, 12), (2, 20)), ((1,), (2, 40)), ((1,), (1, 2)),
                     ((4, n), (2, n - 1))):
        sel = selection.choose_parameters(mixture.data, k1s, k2s)
        for name, value, grid, high in (("k1", sel.k1, k1s, n), ("k2", sel.k2, k2s, n - 1)):
            # No note when the grid's largest value is already the largest the data allow.
            on_edge = value == max(grid) < high and len(grid) > 1
            assert (f"{name} = {value} is the grid's largest" in sel.reason) == on_edge
            seen.add((name, on_edge, value == max(grid)))
    # The cases above reach: a note for k1 and for k2, none off the edge, none at n or n - 1.
    assert {("k1", True, True), ("k2", True, True), ("k2", False, False)} <= seen
    # At the largest value the data allow (k1 = n, k2 = n - 1) there is nothing larger to try.
    at_limit = types.SimpleNamespace(k1=n, k2=n - 1, k1s=(4, n), k2s=(2, n - 1))
    assert selection.grid._edge_note(at_limit, n) == ""
    inside = types.SimpleNamespace(k1=30, k2=50, k1s=(4, 30), k2s=(2, 50))
    assert selection.grid._edge_note(inside, n).count("is the grid's largest value") == 2


def test_the_silhouette_sample_draws_distinct_rows(mixture, monkeypatch):
    X = np.concatenate([mixture.data, mixture.data[:30]])
    monkeypatch.setattr(selection.grid, "SILHOUETTE_ROWS", 10)
    sel = selection.choose_parameters(X, (3,), (2, 6), random_state=5)
    first = np.unique(selection.distinct_rows(X), return_index=True)[1]
    rows = np.sort(np.random.default_rng(5).choice(first, 10, replace=False))
    for j in range(2):
        labels = sel.labels[0, j]
        assert sel.scores["silhouette"][0, j] == pytest.approx(
            selection.hamming_silhouette(X[rows], labels[rows]), nan_ok=True)


def test_distinct_subsamples_and_substantial_refuse_bad_row_ids():
    for bad in ([], [0, 1, -1], [[0, 1], [1, 0]], [0.5, 1.0]):
        with pytest.raises(ValueError, match="row_id must be a non-empty 1-D array"):
            selection.distinct_subsamples(np.asarray(bad))
    with pytest.raises(ValueError, match="row_id has shape"):
        selection.substantial([0, 0, 1], row_id=[0, 1])
    # All rows equal: the subsample is every row.
    every_row = [s.tolist() for s in selection.distinct_subsamples([0, 0, 0, 0], 2)]
    assert every_row == [[0, 1, 2, 3]] * 2


def test_synthetic_set_names_need_a_whole_number_seed():
    for bad in ("mixture-x", "mixture--2", "mixture-"):
        with pytest.raises(ValueError, match="the seed a whole number"):
            experiments.load_any(bad)


def plain_rank_mean_choice(k1s, k2s, silhouette, stability, bic, admissible, veto):
    """Version 3 of the rule by plain loops: keep the admissible candidates whose BIC is at
    most the r-th smallest admissible BIC, r = floor((1 - veto)(m - 1)) + 1; rank them by
    silhouette and by stability (1 best, a NaN last; ties to the first in grid order); take
    the best mean rank."""
    cells = [(i, j) for i in range(len(k1s)) for j in range(len(k2s)) if admissible[i][j]]
    values = sorted(bic[i][j] for i, j in cells)
    cut = values[int(math.floor((1 - veto) * (len(values) - 1)))]
    kept = [c for c in cells if bic[c[0]][c[1]] <= cut]

    def ranks(score):
        # Sorting by (-score, grid position) gives ties to the first candidate in grid order.
        def key(c):
            value = score[c[0]][c[1]]
            return (math.inf if math.isnan(value) else -value, c)
        order = sorted(kept, key=key)
        return {c: r + 1 for r, c in enumerate(order)}

    r_sil, r_stab = ranks(silhouette), ranks(stability)
    best = min(kept, key=lambda c: ((r_sil[c] + r_stab[c]) / 2, c))
    return (k1s[best[0]], k2s[best[1]]), len(kept), len(cells)


@pytest.mark.parametrize("seed", range(25))
def test_rank_mean_with_the_bic_veto_against_plain_loops(seed):
    rng = np.random.default_rng(seed)
    k1s, k2s = (1, 2, 3, 5, 8), (1, 2, 4, 6)
    shape = (len(k1s), len(k2s))
    # Few distinct values, so that ties in every score (and at the BIC's cut) are common.
    silhouette = rng.integers(-3, 4, shape) / 4
    silhouette[rng.random(shape) < 0.1] = np.nan        # one cluster or all singletons
    scores = {"silhouette": silhouette,
              "stability": rng.integers(0, 5, shape) / 4,
              "bic": rng.integers(0, 6, shape) * 10.0, "plateau": np.zeros(shape)}
    n_substantial = np.where(rng.random(shape) < 0.7, 2, 1)
    n_substantial.flat[rng.integers(len(n_substantial.flat))] = 2      # at least one admissible
    sel = selection.Selection(0, 0, "rank_mean", "", k1s, k2s, np.full(shape, 3), n_substantial,
                              np.ones(shape), np.zeros(shape), scores, np.zeros(shape + (4,), int))
    (k1, k2), reason = selection.choose(sel, "rank_mean")
    expected, kept, admissible = plain_rank_mean_choice(
        k1s, k2s, scores["silhouette"].tolist(), scores["stability"].tolist(),
        scores["bic"].tolist(), (n_substantial >= 2).tolist(), selection.BIC_VETO)
    assert (k1, k2) == expected
    assert int(sel.ranked.sum()) == kept and f"the {kept} of {admissible} admissible" in reason
    assert sel.ranked.sum() <= sel.admissible.sum()


def test_the_bic_veto_sets_aside_the_worst_quarter():
    shape = (1, 8)
    bic = np.arange(8, dtype=float)[None] * 10                # admissible BICs 0, 10, ..., 70
    # Silhouette and stability grow with the BIC: the best of both are the costliest partitions.
    sel = selection.Selection(0, 0, "rank_mean", "", (1,), tuple(range(1, 9)), np.full(shape, 3),
                              np.full(shape, 2), np.ones(shape), np.zeros(shape),
                              {"silhouette": bic / 100, "stability": bic / 100, "bic": bic,
                               "plateau": np.zeros(shape)}, np.zeros(shape + (4,), int))
    assert selection.BIC_VETO == 0.25
    # r = floor(0.75 * 7) + 1 = 6: the BICs above the 6th smallest (60, 70) are vetoed.
    assert sel.ranked.tolist() == [[True] * 6 + [False] * 2]
    assert selection.choose(sel, "rank_mean")[0] == (1, 6)
    sel.n_substantial[0, 7] = 1            # 0..60 admissible: r = floor(0.75 * 6) + 1 = 5
    assert sel.ranked.tolist() == [[True] * 5 + [False] * 3]
    assert selection.choose(sel, "rank_mean")[0] == (1, 5)


# ---------------------------------------------------------------- the null: no structure


def independence(X, seed):
    """Each column permuted on its own: the column means of X, no dependence between columns."""
    rng = np.random.default_rng(seed)
    return np.column_stack([rng.permutation(column) for column in np.asarray(X).T])


def test_null_bic_is_the_one_class_mixture_by_loops(mixture):
    X = mixture.data
    n, d = X.shape
    log_l = 0.0  # independent columns with the smoothed column means, bit by bit
    for c in range(d):
        theta = (X[:, c].sum() + 0.5) / (n + 1)
        log_l += sum(math.log(theta if x else 1 - theta) for x in X[:, c])
    assert selection.null_bic(X) == pytest.approx(-2 * log_l + d * math.log(n))
    assert selection.null_bic(X) == pytest.approx(plain_bic(X, [0] * n))


@pytest.mark.parametrize("seed, n, d, density", [(0, 100, 8, 0.5), (1, 300, 64, 0.5),
                                                 (2, 200, 256, 0.1), (3, 400, 16, 0.1)])
def test_uniform_bits_have_no_structure(seed, n, d, density):
    X = (np.random.default_rng(seed).random((n, d)) < density).astype(np.uint8)
    sel = selection.choose_parameters(X, k1s=(1, 2, 5, 12), k2s=(1, 3, 8, 20, 50))
    assert not sel.structure and sel.reason.startswith("no structure found"), sel.reason
    assert (sel.scores["bic"] >= sel.bic_null).all()       # the definition, candidate by candidate
    assert not sel.labels_.any()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_independence_models_of_real_data_have_no_structure(seed):
    from binms_teach.datasets import load_soybean, load_zoo
    for X in (load_zoo().data, load_soybean().data):
        sel = selection.choose_parameters(independence(X, seed), k1s=(1, 2, 5, 12),
                                          k2s=(1, 3, 8, 20))
        assert not sel.structure, sel.reason


@pytest.mark.parametrize("seed, n_clusters, flip", [(0, 3, 0.1), (1, 5, 0.2), (2, 4, 0.15)])
def test_planted_mixtures_have_structure(seed, n_clusters, flip):
    # (At flip 0.3 the BIC of the planted classes themselves can lie above the null's:
    # benchmarks/SELECTION.md counts those mixtures.)
    mix = make_bernoulli_mixture(300, 40, n_clusters, flip=flip, random_state=seed + 200)
    sel = selection.choose_parameters(mix.data, k1s=(2, 12, 30), k2s=(3, 8, 20))
    assert sel.structure and "no structure" not in sel.reason
    assert np.nanmin(sel.scores["bic"]) < sel.bic_null
    assert np.array_equal(sel.labels_, sel.labels[sel.index(sel.k1, sel.k2)])


def plain_dependence(X):
    """n * the sum over pairs of non-constant columns of their squared correlation, pair by pair."""
    X = np.asarray(X, dtype=float)
    keep = [c for c in range(X.shape[1]) if X[:, c].min() < X[:, c].max()]
    return len(X) * sum(np.corrcoef(X[:, a], X[:, b])[0, 1] ** 2
                        for a, b in itertools.combinations(keep, 2))


def test_dependence_score_by_loops_and_its_null_mean(mixture):
    X = mixture.data
    t, mean, margin = selection.dependence_score(X)
    assert t == pytest.approx(plain_dependence(X))
    n, d = X.shape
    assert mean == pytest.approx(n * d * (d - 1) / 2 / (n - 1))
    # The mean is exact on independence models: the average of 300 draws comes close.
    draws = [plain_dependence(independence(X, seed)) for seed in range(300)]
    assert np.mean(draws) == pytest.approx(mean, rel=0.03)
    assert margin > selection.DEPENDENCE_MARGIN
    assert selection.dependence_score(X) == (t, mean, margin)           # seeded: the same again
    assert abs(selection.dependence_score(independence(X, 0))[2]) < 4


def test_dependence_score_skips_constant_columns_without_warnings():
    X = np.random.default_rng(0).integers(0, 2, size=(50, 6)).astype(np.uint8)
    X[:, 2] = 1
    X[:, 4] = 0
    with warnings.catch_warnings():
        warnings.simplefilter("error")                     # a 0/0 correlation would warn
        t, mean, _ = selection.dependence_score(X)
        assert selection.dependence_score(X[:, [2, 4, 0]]) == (0.0, 0.0, 0.0)   # no pair left
    assert t == pytest.approx(plain_dependence(X))
    assert mean == pytest.approx(50 * 6 / 49)             # 4 columns left: 6 pairs


def test_dependence_score_leaves_the_caller_array_and_rejects_bad_input():
    X = np.random.default_rng(1).integers(0, 2, size=(40, 5)).astype(np.uint8)
    copy = X.copy()
    selection.dependence_score(X)
    assert np.array_equal(X, copy)
    with pytest.raises(ValueError, match="0/1|binary"):
        selection.dependence_score(X * 2)
    with pytest.raises(ValueError, match="n_draws"):
        selection.dependence_score(X, n_draws=1)


@pytest.mark.parametrize("seed", [5, 8])
def test_noisy_planted_mixture_keeps_the_rules_choice(seed):
    """Fails without the dependence route: at flip 0.3 no candidate's BIC beats the null's."""
    mix = experiments.load_any(f"mixture-{seed}")                   # 300 x 40, flip 0.3
    sel = selection.choose_parameters(mix.data, k1s=(2, 5, 12, 30), k2s=(3, 8, 20, 50))
    assert not sel.beats_null_bic                        # the BIC alone would say no structure
    assert sel.dependence_margin > selection.DEPENDENCE_MARGIN and sel.structure
    assert "no structure" not in sel.reason
    assert sel.labels_.max() > 0 and ari(mix.target, sel.labels_) > 0.3


def test_binnnms_auto_on_uniform_bits_is_one_cluster_because_of_the_null():
    """Fails if the null were skipped: the rule alone picks a partition of many clusters."""
    X = np.random.default_rng(0).integers(0, 2, size=(300, 64)).astype(np.uint8)
    model = BinNNMS(k1="auto", k2="auto").fit(X)
    sel = model.selection_
    assert sel.n_clusters[sel.index(sel.k1, sel.k2)] > 10      # what the rule alone would give
    assert not model.labels_.any() and model.epsilon_ == X.shape[1]
    assert not model.predict(X[:5]).any()
    figure = f"{sel.bic_null:.1f}"                               # the figure that decided it
    assert sel.reason.startswith("no structure found") and figure in sel.reason
    assert f"{np.min(sel.scores['bic']):.1f}" in sel.reason
    assert f"{sel.dependence_margin:.1f} sd" in sel.reason           # the other route's figure
    assert sel.dependence_margin < selection.DEPENDENCE_MARGIN
    rows = sel.table()
    assert all(r["bic_null"] == sel.bic_null and not r["beats_null"] for r in rows)
    assert all(r["dependence_margin"] == sel.dependence_margin for r in rows)
