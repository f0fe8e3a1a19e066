"""`python -m binms_teach reproduce --quick` end to end, in a temporary folder.

The files written, the CSV schema, the values in range, the printed tables
against the CSV, determinism, clear errors, and no half-written file on failure.
Needs the UCI files of the quick data sets (Zoo, Soybean, Spect); under CI=true
the tests must run, elsewhere they are skipped when the files are missing.
"""

import contextlib
import csv
import io
import os
import subprocess
import sys

import numpy as np
import pytest

from binms_teach import experiments
from binms_teach.cli.main import main
from binms_teach.datasets import fetch_file
from tests.guards import missing

# Each test runs the reproduction (--quick) or part of it: tens of seconds; CI runs them.
pytestmark = pytest.mark.slow

QUICK_FILES = ["zoo/zoo.data", "soybean/soybean-large.data", "spect/SPECT.train",
               "spect/SPECT.test"]
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def quick_data():
    for relpath in QUICK_FILES:
        try:
            fetch_file(relpath, download=False)
        except FileNotFoundError:
            message = f"{relpath} not found: set BINMS_TEACH_DATA to a folder with the UCI files"
            missing(message)


def run(*args):
    """main(args) with stdout captured: (exit status, printed text)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["reproduce", *args, "--no-progress"])
    return status, out.getvalue()


@pytest.fixture(scope="module")
def quick_run(quick_data, tmp_path_factory):
    folder = tmp_path_factory.mktemp("quick")
    status, printed = run("--quick", "--out", str(folder))
    assert status == 0
    return folder, printed


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_quick_run_writes_the_tables_and_figures(quick_run):
    folder, _ = quick_run
    assert sorted(p.name for p in folder.iterdir()) == [
        "auto.csv", "figure1.png", "figure2.png", "table2.csv", "table3.csv"]  # no Digits: no fig 3
    for name in ("figure1.png", "figure2.png"):
        assert (folder / name).read_bytes().startswith(PNG)


def test_csv_schemas(quick_run):
    folder, _ = quick_run
    with open(folder / "table3.csv") as f:
        assert f.readline().strip() == ("dataset,method,k,k1,k2,n_clusters,nmi_mean,nmi_std,"
                                        "ari_mean,ari_std,neighbours,orders")
    with open(folder / "table2.csv") as f:
        assert f.readline().strip() == "dataset,n,d,M,paper_n,paper_d,paper_M"
    rows = read_csv(folder / "table3.csv")
    assert {r["dataset"] for r in rows} == set(experiments.QUICK_DATASETS)
    assert {r["method"] for r in rows} == set(experiments.METHODS)
    table1 = {r["dataset"]: r for r in read_csv(folder / "table2.csv")}
    assert table1["zoo"] == {"dataset": "zoo", "n": "101", "d": "21", "M": "7",
                             "paper_n": "101", "paper_d": "26", "paper_M": "7"}


def test_values_are_in_range(quick_run):
    folder, _ = quick_run
    rows = read_csv(folder / "table3.csv")
    for r in rows:
        if r["nmi_mean"]:
            assert 0 <= float(r["nmi_mean"]) <= 1 and float(r["nmi_std"]) >= 0, r
        if r["ari_mean"]:
            assert -0.5 <= float(r["ari_mean"]) <= 1 and float(r["ari_std"]) >= 0, r
        if r["method"].startswith("BinNNMS "):
            assert r["k1"] and r["k2"] and float(r["n_clusters"]) >= 1, r
            assert r["neighbours"] in ("index", "ball") and int(r["orders"]) >= 1, r
            if r["orders"] == "1":  # one deterministic run
                assert float(r["nmi_std"]) == 0 and float(r["ari_std"]) == 0, r
                assert int(r["n_clusters"]) >= 1, r
        else:
            assert r["neighbours"] == "" and r["orders"] == "", r
        if r["method"] == "k-modes":
            assert r["k"] and 1 <= float(r["n_clusters"]) <= int(r["k"]), r


def test_printed_tables_match_the_csv(quick_run):
    folder, printed = quick_run
    lines = printed.splitlines()
    for r in read_csv(folder / "table3.csv"):
        nmi = "-" if not r["nmi_mean"] else f"{r['nmi_mean']} ± {r['nmi_std']}"
        ari = "-" if not r["ari_mean"] else f"{r['ari_mean']} ± {r['ari_std']}"
        orders = experiments.order_text(r["neighbours"] or None,
                                        int(r["orders"]) if r["orders"] else None)
        expected = [r["dataset"], *r["method"].split(), r["neighbours"], *orders.split(), r["k"],
                    r["k1"], r["k2"], r["n_clusters"], *nmi.split(), *ari.split()]
        expected = [e for e in expected if e]
        assert any(line.split() == expected for line in lines), (r, expected)
    for r in read_csv(folder / "table2.csv"):
        expected = [r[c] for c in ("dataset", "n", "d", "M", "paper_n", "paper_d", "paper_M")]
        assert any(line.replace("*", " ").split() == expected for line in lines), expected


def test_binnnms_rows_give_the_row_orders_and_the_ball(quick_run):
    folder, printed = quick_run
    rows = read_csv(folder / "table3.csv")
    n_orders = str(len(experiments.QUICK_ORDER_SEEDS))
    for name in experiments.QUICK_DATASETS:
        for method in ("BinNNMS best NMI", "BinNNMS best ARI", "BinNNMS silhouette",
                       "BinNNMS auto"):
            mine = [r for r in rows if r["dataset"] == name and r["method"] == method]
            if not mine:
                continue
            assert [(r["neighbours"], r["orders"]) for r in mine] == [
                ("index", "1"), ("index", n_orders), ("ball", "1")], (name, method)
            assert len({(r["k1"], r["k2"]) for r in mine}) == 1  # the same setting
    assert "Table 2: data sets" in printed and "Table 3: results" in printed
    assert "table2.csv (Table 2)" in printed and "table3.csv (Table 3)" in printed
    assert f"mean ± std over {n_orders} random row orders" in printed


def test_binnnms_rows_match_fresh_fits(quick_run):
    """The three rules of every BinNNMS row against BinNNMS fitted afresh (Zoo)."""
    from binms_teach import BinNNMS, ari, nmi

    folder, _ = quick_run
    zoo = experiments.load("zoo")
    X, y = zoo.data, zoo.target
    for r in read_csv(folder / "table3.csv"):
        if r["dataset"] != "zoo" or not r["method"].startswith("BinNNMS "):
            continue
        k1, k2 = max(int(r["k1"]), 1), int(r["k2"])
        if r["neighbours"] == "index" and r["orders"] != "1":
            seeds = experiments.QUICK_ORDER_SEEDS
            orders = [experiments.row_order(len(X), seed) for seed in seeds]
        else:
            orders = [slice(None)]
        scores = [(nmi(y[o], labels), ari(y[o], labels)) for o in orders
                  for labels in [BinNNMS(k1=k1, k2=k2, neighbours=r["neighbours"])
                                 .fit(X[o]).labels_]]
        assert float(r["nmi_mean"]) == pytest.approx(np.mean([s[0] for s in scores]), abs=6e-4)
        assert float(r["ari_std"]) == pytest.approx(np.std([s[1] for s in scores]), abs=6e-4)


def test_two_runs_give_identical_files(quick_run, tmp_path):
    folder, printed = quick_run
    status, again = run("--quick", "--out", str(tmp_path))
    assert status == 0
    for name in ("table2.csv", "table3.csv"):
        assert (tmp_path / name).read_bytes() == (folder / name).read_bytes(), name
    strip = [line for line in printed.splitlines() if not line.startswith("Wrote")]
    assert [line for line in again.splitlines() if not line.startswith("Wrote")] == strip


def test_datasets_option_selects_the_rows(quick_data, tmp_path):
    status, printed = run("--quick", "--datasets", "zoo", "--out", str(tmp_path))
    assert status == 0
    assert {r["dataset"] for r in read_csv(tmp_path / "table3.csv")} == {"zoo"}
    assert "soybean" not in printed


def test_unknown_dataset_is_a_clear_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["reproduce", "--datasets", "zoo", "iris", "--out", str(tmp_path / "out")])
    assert exit_info.value.code == 2
    assert "Unknown data set 'iris': choose from digits, zoo, soybean, spect, car" in (
        capsys.readouterr().err)
    assert not (tmp_path / "out").exists()


def test_a_failure_writes_nothing(quick_data, tmp_path, monkeypatch):
    def broken(curves):
        raise RuntimeError("figure 2 failed")

    monkeypatch.setattr(experiments, "figure2", broken)
    with pytest.raises(RuntimeError, match="figure 2 failed"):
        run("--quick", "--datasets", "zoo", "--out", str(tmp_path))
    assert list(tmp_path.iterdir()) == []


def test_a_failed_write_leaves_no_partial_file(quick_data, tmp_path, monkeypatch):
    import binms_teach.cli.course as files  # reproduce writes through course.write_atomic

    real_replace, calls = os.replace, []

    def replace_fails_second_time(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise OSError("disk full")
        real_replace(src, dst)

    monkeypatch.setattr(files.os, "replace", replace_fails_second_time)
    with pytest.raises(OSError, match="disk full"):
        run("--quick", "--datasets", "zoo", "--out", str(tmp_path))
    # The first file is complete, the second was never half-written, no temp file is left.
    assert [p.name for p in tmp_path.iterdir()] == ["table2.csv"]
    assert read_csv(tmp_path / "table2.csv")[0]["dataset"] == "zoo"


def test_module_entry_point_runs(tmp_path):
    """``python -m binms_teach`` is wired up (its help needs no data)."""
    result = subprocess.run([sys.executable, "-m", "binms_teach", "reproduce", "--help"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "--quick" in result.stdout and "--out" in result.stdout


def test_auto_rows_are_binnnms_auto(quick_run):
    """The "BinNNMS auto" rows and auto.csv give what BinNNMS(k1="auto", k2="auto") chooses."""
    from binms_teach import BinNNMS, ari

    folder, printed = quick_run
    zoo = experiments.load("zoo")
    model = BinNNMS(k1="auto", k2="auto").fit(zoo.data)
    auto = {r["dataset"]: r for r in read_csv(folder / "auto.csv")}
    assert set(auto) == set(experiments.QUICK_DATASETS)
    assert (int(auto["zoo"]["k1"]), int(auto["zoo"]["k2"])) == (model.k1_, model.k2_)
    assert float(auto["zoo"]["ari"]) == pytest.approx(ari(zoo.target, model.labels_), abs=6e-4)
    assert float(auto["zoo"]["best_ari"]) >= float(auto["zoo"]["ari"])
    row = [r for r in read_csv(folder / "table3.csv")
           if r["dataset"] == "zoo" and r["method"] == "BinNNMS auto" and r["orders"] == "1"
           and r["neighbours"] == "index"]
    assert [(int(r["k1"]), int(r["k2"])) for r in row] == [(model.k1_, model.k2_)]
    assert "BinNNMS auto (k1, k2 chosen without labels" in printed
