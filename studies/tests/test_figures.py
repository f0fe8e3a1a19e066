"""studies/figures.json, which the appendix notebook reads, against the code that writes it."""

import pytest

import studies
from binms_teach import selection
from studies import figures


@pytest.fixture(scope="module")
def stored():
    return figures.load()


def test_every_set_and_every_rule_is_stored(stored):
    assert list(stored) == list(figures.SETS)
    for group, names in figures.SETS.items():
        assert list(stored[group]) == list(names), group
        for name, f in stored[group].items():
            assert list(f["rules"]) == [*selection.CRITERIA, "version 2"]
            assert f["row"]["dataset"] == name and f["row"]["role"] == studies.role(name)
            # The package's rule is the row's choice; no rule beats the supervised best.
            assert f["rules"]["rank_mean"]["setting"] == [f["row"]["k1"], f["row"]["k2"]]
            assert all(r["ari"] <= f["row"]["best_ari"] + 1e-12 for r in f["rules"].values())


@pytest.mark.parametrize(("group", "name"), [("design", "copies-0"), ("round 2", "iris")])
def test_a_fresh_run_gives_the_stored_figures(stored, group, name):
    fresh = figures.figures_of(studies.auto_study([name]))[name]
    assert figures.agree(fresh, stored[group][name])
    fresh["rules"]["version 2"]["share"] += 0.01
    assert not figures.agree(fresh, stored[group][name])
