"""The codings of the held-out rounds 4 and 5, set by set: the structure each README describes
(thermometers of quartile bits, one level per attribute, counts known from the sources).
What every round shares (files, loaders, errors) is in studies/tests/test_heldout.py.
"""

import numpy as np
import pytest

import studies

# Sets coded by quartile_code alone: 3 bits per numeric attribute, none dropped as constant.
QUARTILE_ONLY = {"spam": 57, "vowel": 9, "shuttle": 9, "thyroid": 5,  # round 4
                 "segment": 18}  # round 5


def _blocks(X, widths):
    """X cut into consecutive column blocks of the given widths (all columns used)."""
    assert sum(widths) == X.shape[1]
    edges = np.cumsum([0, *widths])
    return [X[:, a:b] for a, b in zip(edges[:-1], edges[1:], strict=True)]


def _is_thermometer(block):
    """Quartile bits: bit 3 implies bit 2 implies bit 1 (a block of 1 to 3 such bits)."""
    return bool((np.diff(block.astype(int), axis=1) <= 0).all())


@pytest.mark.parametrize("name", sorted(QUARTILE_ONLY))
def test_quartile_codings_are_thermometers(name):
    # Bit q of an attribute is "above the q-th quartile": bit 3 implies bit 2 implies bit 1.
    X = studies.load_any(name).data.astype(int)
    triples = X.reshape(len(X), QUARTILE_ONLY[name], 3)
    assert (np.diff(triples, axis=2) <= 0).all()
    # Above the median: at most half the rows (fewer when the attribute ties at its median).
    shares = triples[:, :, 1].mean(axis=0)
    assert (shares <= 0.5 + 1e-9).all()


def test_promoters_is_one_hot_per_position():
    # 57 positions x (a, c, g, t): exactly one base per position, every base seen at each.
    X = studies.load_any("promoters").data.reshape(106, 57, 4)
    assert (X.sum(axis=2) == 1).all()
    assert (X.sum(axis=0) > 0).all()


def test_penguins_coding():
    X = studies.load_any("penguins").data.astype(int)
    island, measurements, sex = X[:, :3], X[:, 3:15].reshape(-1, 4, 3), X[:, 15]
    assert (island.sum(axis=1) == 1).all()  # one island per bird
    assert (np.diff(measurements, axis=2) <= 0).all()
    # The palmerpenguins data have 168 male and 165 female birds among the 333 complete rows.
    assert sex.sum() == 168


def test_germancredit_coding():
    # The README's coding, column by column: 7 numeric attributes (two lost their constant
    # third-quartile bit), Telephone, ForeignWorker, then caret's indicators of the 11
    # remaining categorical attributes (Purpose and Personal each lost a level never seen).
    X = studies.load_any("germancredit").data
    quartile_widths = [3, 3, 2, 2, 3, 3, 3]
    level_widths = [4, 5, 10, 5, 5, 4, 3, 4, 3, 3, 4]
    blocks = _blocks(X, quartile_widths + [1, 1] + level_widths)
    assert all(_is_thermometer(b) for b in blocks[:7])
    for block in blocks[9:]:  # every applicant has exactly one level of each attribute
        assert (block.sum(axis=1) == 1).all()
    people = blocks[6]  # NumberPeopleMaintenance: 1 or 2, quartiles all 1
    assert (people == people[:, :1]).all() and people[:, 0].sum() == 155


def test_mpg_coding():
    X = studies.load_any("mpg").data
    # manufacturer, displ, year, cyl (its third bit, cyl > 8, dropped), trans, drv, cty, hwy, fl
    blocks = _blocks(X, [15, 3, 1, 2, 10, 3, 3, 3, 5])
    for i in (0, 4, 5, 8):
        assert (blocks[i].sum(axis=1) == 1).all()  # one level per car
    for i in (1, 3, 6, 7):
        assert _is_thermometer(blocks[i])
    assert blocks[2].sum() == 117  # ggplot2's mpg: 117 cars of 1999, 117 of 2008
