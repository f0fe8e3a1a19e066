"""The rules kept for comparison (studies/rules.py) against plain loops, and against the
package's rule on the same scores."""

import numpy as np
import pytest

from binms_teach import selection
from binms_teach.datasets import make_bernoulli_mixture
from studies.rules import share, version2_choice, version2_share
from tests.test_selection import plain_rank_mean_choice


def random_selection(seed, admissible_share=0.7):
    """A `Selection` on a 5 x 4 grid with random scores, few distinct values (many ties)."""
    rng = np.random.default_rng(seed)
    k1s, k2s = (1, 2, 3, 5, 8), (1, 2, 4, 6)
    shape = (len(k1s), len(k2s))
    silhouette = rng.integers(-3, 4, shape) / 4
    silhouette[rng.random(shape) < 0.1] = np.nan        # one cluster or all singletons
    scores = {"silhouette": silhouette, "stability": rng.integers(0, 5, shape) / 4,
              "bic": rng.integers(0, 6, shape) * 10.0, "plateau": np.zeros(shape)}
    n_substantial = np.where(rng.random(shape) < admissible_share, 2, 1)
    return selection.Selection(0, 0, "rank_mean", "", k1s, k2s, rng.integers(1, 5, shape),
                               n_substantial, np.ones(shape), np.zeros(shape), scores,
                               np.zeros(shape + (4,), int))


@pytest.mark.parametrize("seed", range(25))
def test_version2_is_the_mean_rank_without_the_veto_by_plain_loops(seed):
    sel = random_selection(seed)
    sel.n_substantial.flat[seed % sel.n_substantial.size] = 2     # at least one admissible
    (k1, k2), reason = version2_choice(sel)
    admissible = (sel.n_substantial >= 2).tolist()
    expected, kept, m = plain_rank_mean_choice(
        sel.k1s, sel.k2s, sel.scores["silhouette"].tolist(), sel.scores["stability"].tolist(),
        sel.scores["bic"].tolist(), admissible, 0.0)
    assert (k1, k2) == expected and kept == m
    assert f"the {m} admissible candidates (no BIC veto)" in reason


def test_version2_takes_what_the_veto_sets_aside():
    shape = (1, 8)
    bic = np.arange(8, dtype=float)[None] * 10                # admissible BICs 0, 10, ..., 70
    # Silhouette and stability grow with the BIC: the best of both are the costliest partitions.
    sel = selection.Selection(0, 0, "rank_mean", "", (1,), tuple(range(1, 9)), np.full(shape, 3),
                              np.full(shape, 2), np.ones(shape), np.zeros(shape),
                              {"silhouette": bic / 100, "stability": bic / 100, "bic": bic,
                               "plateau": np.zeros(shape)}, np.zeros(shape + (4,), int))
    assert sel.choice("rank_mean") == (1, 6)   # version 3: 60 and 70 vetoed
    assert version2_choice(sel)[0] == (1, 8)   # version 2: the costliest


def test_without_an_admissible_candidate_both_versions_fall_back_alike():
    sel = random_selection(3, admissible_share=0.0)
    assert not sel.admissible.any()
    assert version2_choice(sel)[0] == sel.choice("rank_mean")


def test_share_is_the_ari_over_the_grids_best():
    from binms_teach import experiments

    mix = make_bernoulli_mixture(90, 20, 3, flip=0.1, random_state=4)
    result = experiments.auto_result("mixture-x", mix.data, mix.target)
    sel = result.selection
    assert share(result, (sel.k1, sel.k2)) == result.share()
    i, j = sel.index(*version2_choice(sel)[0])
    ari, ratio, n_clusters = version2_share(result)
    assert ari == result.grid_ari[i, j] and n_clusters == sel.n_clusters[i, j]
    assert ratio == pytest.approx(ari / result.grid_ari.max())
