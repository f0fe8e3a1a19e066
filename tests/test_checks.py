"""binms_teach.checks: the outcome of each check, and its helpers against plain loops."""

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from binms_teach import checks
from binms_teach.checks import (
    CHECKS,
    CheckResult,
    algorithm1_bga_as_printed,
    check_zoo_dimension,
    format_results,
    run_all,
    zero_over_zero_rate,
)

# Item -> does the paper's printed version hold? (3: Eq. 6 is right; 6: maj is the median.)
AS_PRINTED = {1: False, 2: False, 3: True, 4: False, 5: False, 6: True, 7: False, 8: False,
              9: None}


@pytest.fixture(scope="module")
def results():
    return run_all(random_state=0)


def test_run_all_gives_the_nine_checks_in_order(results):
    assert [r.number for r in results] == list(range(1, 10))
    assert all(isinstance(r, CheckResult) for r in results)
    assert len(CHECKS) == 9


def test_every_corrected_claim_holds(results):
    assert [r.number for r in results if not r.holds_corrected] == []


def test_the_misprints_fail_as_printed(results):
    assert {r.number: r.holds_as_printed for r in results} == AS_PRINTED


@pytest.mark.parametrize("random_state", [1, 2, 12345])
def test_outcomes_do_not_depend_on_the_seed(random_state):
    got = run_all(random_state)
    assert all(r.holds_corrected for r in got)
    assert {r.number: r.holds_as_printed for r in got} == AS_PRINTED


def test_results_are_frozen_and_carry_numbers_and_an_explanation(results):
    with pytest.raises(dataclasses.FrozenInstanceError):
        results[0].holds_corrected = False
    for r in results:
        assert r.numbers and r.claim and r.equation
        assert len(r.explanation) > 100


def test_key_numbers(results):
    n = {r.number: r.numbers for r in results}
    assert n[1]["corrected_mismatches"] == 0 < n[1]["printed_mismatches"]
    assert n[2]["sentence_reading_K_1_at_0"] == 0.0
    assert n[3]["max_abs_err_Df"] < 1e-8 < 0.01 < n[3]["max_abs_err_Df_opposite_sign"]
    assert n[4]["DK_err_corrected_-2uK"] < 1e-8 < 0.01 < n[4]["DK_err_printed_+2uK"]
    assert n[4]["Df_err_corrected_delta^(-d-2)"] < 1e-9 < 1e-5 < n[4]["Df_err_printed_delta^(-d-1)"]
    rec = n[4]["recurrence_minus_ratio"]
    assert rec["A=delta^2/2, D f^ chain rule"] < 1e-12
    assert rec["A=delta/2 (printed), D f^ chain rule"] > 0.01
    assert n[4]["FH_err_A=delta^2/(d+2)"] < 1e-12 < 0.01 < n[4]["FH_err_A=delta/(d+2)_printed"]
    assert n[5]["rate_q0_by_k1"][1] == 0.0 and max(n[5]["rate_q0_by_k1"].values()) > 0
    assert n[6]["with_ties"] > 0
    assert n[7]["printed_updates"] == n[7]["j_max"] + 1
    assert n[7]["H(printed x*, last computed)"] > 0
    assert n[8]["d_from_attributes"] == 21 != n[8]["d_table_1"]


# --- format_results -------------------------------------------------------------------


def test_format_results_shows_both_verdicts(results):
    text = format_results(results)
    rows = text.splitlines()[2:11]
    for row, r in zip(rows, results, strict=True):
        verdicts = row.split()[-2:]
        assert verdicts[1] == "holds"
        assert verdicts[0] == {True: "holds", False: "fails", None: "-"}[AS_PRINTED[r.number]]
    assert "printed_updates = 2" in text
    assert results[0].explanation[:40] not in text
    assert results[0].explanation[:40] in format_results(results, explain=True)


def test_format_results_marks_missing_printed_versions():
    r = CheckResult(9, "example", "a claim", "Eq. (0)", None, True, {"x": 1}, "why")
    assert format_results([r], numbers=False).splitlines()[-1].split()[-2:] == ["-", "holds"]


# --- item 5: zero_over_zero_rate against a plain loop ---------------------------------


def nn_loop(X, x, k):
    """NN_k(x) as rows of X: sort by (Hamming distance, index), keep the first k."""
    order = sorted((sum(a != b for a, b in zip(row, x, strict=True)), i) for i, row in enumerate(X))
    return [X[i] for _, i in order[:k]]


def rate_loop(X, k1, tie):
    """The fraction of rows x with no neighbour in NN_k1(x) equal to maj(NN_k1(x))."""
    zeros = 0
    for x in X:
        nn = nn_loop(X, x, k1)
        maj = []
        for j in range(len(x)):
            ones = sum(row[j] for row in nn)
            if 2 * ones != k1:
                maj.append(int(2 * ones > k1))
            else:
                maj.append({"one": 1, "zero": 0, "keep": x[j]}[tie])
        zeros += not any(row == maj for row in nn)
    return zeros / len(X)


bits = st.integers(0, 1)


@settings(max_examples=60, deadline=None)
@given(
    X=arrays(np.uint8, st.tuples(st.integers(1, 14), st.integers(1, 5)), elements=bits),
    tie=st.sampled_from(["one", "zero", "keep"]),
    data=st.data(),
)
def test_zero_over_zero_rate_matches_the_loop(X, tie, data):
    k1_values = data.draw(st.lists(st.integers(1, len(X)), min_size=1, max_size=4))
    got = zero_over_zero_rate(X, k1_values, tie=tie)
    assert got == {k1: rate_loop(X.tolist(), k1, tie) for k1 in k1_values}


def test_zero_over_zero_rate_in_small_chunks(monkeypatch):
    rng = np.random.default_rng(3)
    X = rng.integers(0, 2, (50, 6), dtype=np.uint8)
    whole = zero_over_zero_rate(X, [2, 5, 9])
    monkeypatch.setattr(checks.median, "RATE_CHUNK_BYTES", 1)  # one row per chunk
    assert zero_over_zero_rate(X, [2, 5, 9]) == whole
    assert whole == {k1: rate_loop(X.tolist(), k1, "one") for k1 in (2, 5, 9)}


def test_zero_over_zero_rate_errors_say_what_to_do():
    with pytest.raises(ValueError, match="k1_values is empty"):
        zero_over_zero_rate([[0, 1], [1, 0]], [])
    with pytest.raises(ValueError, match=r"k1=3 is outside \[1, 2\]"):
        zero_over_zero_rate([[0, 1], [1, 0]], [3])


# --- item 7: the printed loop ----------------------------------------------------------


def path_loop(X, x, k1, steps):
    """x_0, ..., x_steps by maj(NN_k1(.)) with ties to 1, in plain Python."""
    path = [list(x)]
    for _ in range(steps):
        cur = path[-1]
        nn = nn_loop(X, cur, k1)
        path.append([int(2 * sum(row[j] for row in nn) >= k1) for j in range(len(cur))])
    return path


@pytest.mark.parametrize("j_max", [0, 1, 2, 5])
def test_printed_loop_does_j_max_plus_one_updates_and_returns_the_one_before(j_max):
    rng = np.random.default_rng(0)
    X = rng.integers(0, 2, (30, 8), dtype=np.uint8)
    for x in X[:5]:
        run = algorithm1_bga_as_printed(X, x, k1=7, j_max=j_max)
        expected = path_loop(X.tolist(), x.tolist(), 7, j_max + 1)
        assert run.n_updates == j_max + 1
        assert run.iterates.tolist() == expected
        assert run.x_star.tolist() == expected[j_max]


def test_printed_loop_checks_j_max():
    with pytest.raises(ValueError, match=r"j_max=-1 is outside"):
        algorithm1_bga_as_printed([[0, 1]], [0, 1], k1=1, j_max=-1)


# --- item 8: the Zoo loader is optional -------------------------------------------------


def test_zoo_check_uses_the_loader_when_it_works(monkeypatch):
    import binms_teach.datasets as datasets

    class Bunch:
        data = np.zeros((101, 21), dtype=np.uint8)

    monkeypatch.setattr(datasets, "load_zoo", lambda download=False: Bunch())
    r = check_zoo_dimension()
    assert r.numbers["loader"] == "101 x 21" and r.holds_corrected

    Bunch.data = np.zeros((101, 26), dtype=np.uint8)  # a loader that disagrees is reported
    assert not check_zoo_dimension().holds_corrected


def test_zoo_check_survives_a_missing_loader(monkeypatch):
    import binms_teach.datasets as datasets

    def missing(download=False):
        raise FileNotFoundError("zoo/zoo.data was not found")

    monkeypatch.setattr(datasets, "load_zoo", missing)
    r = check_zoo_dimension()
    assert r.numbers["loader"] == "unavailable (FileNotFoundError)"
    assert r.holds_corrected and r.holds_as_printed is False
