"""The sizing table of docs/class-server/sizing.md, computed from a fixed benchmark result."""

import math

from tests.by_path import load_module
from tests.test_benchmark_baseline import BENCHMARKS

sizing = load_module(BENCHMARKS / "hub_sizing.py")

RUN = {"students": 4, "when": "t", "lesson_wall_s": 50.0, "lesson_errors": [],
       "machine": {"cores": 2, "cpu": "x", "ram_gib": 24},
       "load_before": [1.0, 1.0, 1.0], "load_during": {"mean": 2.0, "max": 3.0},
       "hub_peak_mib": {"rss": 200.0, "pss": 180.0},
       "per_student": {"cpu_start_s": [4.0, 4.0, 6.0, 6.0],
                       "cpu_lesson_s": [8.0, 10.0, 10.0, 12.0],
                       "student_rss_mib": [300.0, 310.0, 320.0, 400.0]}}


def test_per_student_figures_by_hand():
    f = sizing.per_student(RUN)
    assert f["cpu_s"] == 5.0 + 10.0  # the means of starts and of lessons
    # the 95th percentile of four values: 320 + 0.85 * (400 - 320)
    assert math.isclose(f["mib"], 388.0)


def test_class_sizes_at_once_and_staggered():
    rows = {r["class"]: r for r in sizing.sizing_rows(RUN)}
    # 120 at once: 120 * 15 CPU-s within 120 s; 120 * 388 MiB + 200 + 1024 MiB
    assert rows[120]["at_once"] == {"cores": 15, "gib": math.ceil((120 * 388 + 1224) / 1024)}
    # staggered: a quarter of 30 is 8 students (rounded up)
    assert rows[30]["staggered"] == {"cores": 1, "gib": math.ceil((8 * 388 + 1224) / 1024)}
    assert rows[300]["at_once"]["cores"] == 38  # ceil(300 * 15 / 120) = ceil(37.5)


def test_the_markdown_carries_the_machine_and_its_load():
    table = sizing.sizing_table({"4": RUN})
    assert "2 cores" in table and "load average 1.0 before" in table
    assert "| 120 | 15 |" in table
