"""Notebook 12 (issue 16), choosing k1 and k2 without labels: the results of its exercises
(``12.k``) and its concept questions (``12.name``)."""

import numpy as np

from .kinds import Choice, Implement, Number


def _null_cases():
    """Zoo (repeated rows) and a planted mixture: data whose columns depend on each other."""
    from ..datasets import load_zoo, make_bernoulli_mixture
    return [dict(X=load_zoo().data, seed=0,
                 _code={"X": ("load_zoo().data", "from binms_teach.datasets import load_zoo")}),
            dict(X=make_bernoulli_mixture(60, 12, 3, flip=0.1, random_state=3).data, seed=1,
                 _code={"X": ("make_bernoulli_mixture(60, 12, 3, flip=0.1, random_state=3).data",
                              "from binms_teach.datasets import make_bernoulli_mixture")})]


def _same_margins_no_dependence(X, got):
    """An independence model of X: X's shape, each column's ones kept, the rows not X's rows."""
    got = np.asarray(got)
    if got.shape != X.shape:
        return False, f" (shape {got.shape}, expected {X.shape}, the data's)"
    if not np.isin(got, (0, 1)).all():
        return False, " (not 0/1 values)"
    moved = np.flatnonzero(got.sum(axis=0) != X.sum(axis=0))
    if len(moved):
        c = moved[0]
        return False, (f" (column {c} has {int(got[:, c].sum())} ones, the data's "
                       f"{int(X[:, c].sum())}: permute each column, so that its ones are kept)")
    if np.array_equal(np.unique(got, axis=0, return_counts=True)[1],
                      np.unique(X, axis=0, return_counts=True)[1]) and np.array_equal(
            np.unique(got, axis=0), np.unique(X, axis=0)):
        return False, (" (these are the data's rows, in some order: a row keeps its bits "
                       "together, so the columns still depend on each other; permute each "
                       "column on its own)")
    return True, ""

EXERCISES = {
    "12.null_model": Implement(
        "Write independence_model(X, seed): a copy of X whose every column is permuted on its "
        "own (numpy.random.default_rng(seed)): each column keeps its ones, the columns no "
        "longer depend on each other.",
        "independence_model", lambda X, seed: X, _null_cases,
        lambda X, got: _same_margins_no_dependence(X, got), show_expected=False),
    "12.1": Number(
        "Exercise 1: Votes: the ARI of the setting the rule 'stable_bic' chooses, to 0.001.",
        0.519, 0.0005, "choose_parameters(X, criterion='stable_bic'), then ari(y, sel.labels_)."),
    "12.2": Number(
        "Exercise 2: Zoo: the BIC of the Bernoulli mixture fitted to the seven true classes, "
        "to 0.1.", 1897.6, 0.05,
        "nu = M d + M - 1 free parameters with M = 7 clusters and d = 21; theta smoothed by 1/2; "
        "natural logarithms (notebook 12, section 2.4)."),
    "12.3": Number(
        "Exercise 3: Zoo at (k1, k2) = (12, 12): the stability over 10 subsamples "
        "(random_state=0), to 0.001.", 0.798, 0.0005,
        "choose_parameters(X, k1s=(12,), k2s=(12,), n_subsamples=10).scores['stability']."),
    "12.one_cluster": Choice(
        "Why may the rule never choose a one-cluster candidate while another is admissible? "
        "(a) its BIC is always the largest; (b) its stability is 1 on any data, so stability "
        "cannot tell it from a real structure; (c) its silhouette is always the largest.",
        {"a": "BIC", "b": "stability", "c": "silhouette"}, "b",
        {"a": "with many features one cluster can have the lowest BIC (section 2.4 of 12).",
         "c": "the silhouette of one cluster is not even defined."}),
    "12.cheap": Choice(
        "How many ascents does choose_parameters run on a grid of 12 k1 (one of them k1 = 1, "
        "which needs no ascent) x 15 k2 with 3 subsamples? (a) 720; (b) 180; (c) 44.",
        {"a": "720", "b": "180", "c": "44"}, "c",
        {"a": "the modes do not depend on k2: one ascent per k1 serves every k2.",
         "b": "the modes do not depend on k2, and each k1 > 1 needs the data and 3 subsamples."}),
    "12.held_out": Choice(
        "Why is the rule's share of the supervised best on Zoo and Soybean (0.93 and 0.99) not "
        "the figure to expect on a new data set? (a) these data sets are small; (b) the rule "
        "was tuned by looking at its results on them, and a figure on the data a rule was "
        "tuned on is optimistic; (c) they have no labels.",
        {"a": "small", "b": "optimistic", "c": "no labels"}, "b",
        {"a": "size has nothing to do with it: the figure to expect comes from data sets the "
              "rule met after it was fixed (section 7 of 12).",
         "c": "both have labels (the supervised best needs them); the rule just does not use "
              "them."}),
    "12.no_structure": Choice(
        "Spect's supervised-best ARI on the grid is 0.021. What does the ratio auto / best "
        "mean there? (a) nothing: there is no structure to recover, a ratio to a best near 0 "
        "is noise; (b) that the rule failed; (c) that the rule beat the best.",
        {"a": "nothing", "b": "failed", "c": "beat"}, "a",
        {"b": "no setting recovers Spect's classes: there was nothing to find.",
         "c": "the ratio is negative there: the two ARIs are both noise around 0."}),
}
