"""The hub load benchmark's figures as tables: the runs, and the server a class needs.

``python benchmarks/hub_sizing.py`` reads benchmarks/hub_load.json (written by hub_load.py) and
rewrites the tables between the markers of docs/class-server/sizing.md and benchmarks/HUB_LOAD.md.

The sizing, for a class of S students of whom k work at the same moment:

- **CPU.** Each working student costs C CPU-seconds: a JupyterLab start and one run of the
  lesson (the mean over the students of the run with the most CPU-seconds per student).
  For everyone's lesson to be done within T seconds of starting (T = 120 s: two minutes of a
  lesson's time), the server needs ``ceil(k * C / T)`` cores.
- **Memory.** Each working student holds their JupyterLab and one kernel at its peak, M MiB
  (the 95th percentile over the students of the summed resident memory, RSS: an upper bound, as
  it counts shared library pages once per process). The server needs
  ``k * M + hub + 1 GiB`` (the hub and proxy at their peak, and 1 GiB for the system).
- **At once**: k = S, every student starts and runs the lesson in the same minutes (a lecture
  in which everyone runs the lesson). **Staggered**: k = ceil(S / 4), a quarter of the class has
  a server at any moment (students who come at different times, the idle culler stopping the
  servers of those who left).
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SIZES = (30, 120, 300)
DEADLINE_S = 120.0  # T above
SYSTEM_MIB = 1024.0


def per_student(run: dict) -> dict:
    """C (CPU-seconds) and M (MiB) of one working student, from one benchmark run.

    >>> r = {"per_student": {"cpu_start_s": [8.0, 10.0], "cpu_lesson_s": [20.0, 22.0],
    ...      "student_rss_mib": [400.0, 420.0]}, "hub_peak_mib": {"rss": 150.0}}
    >>> per_student(r)
    {'cpu_s': 30.0, 'mib': 419.0, 'hub_mib': 150.0}
    """
    ps = run["per_student"]
    cpu = sum(ps["cpu_start_s"]) / len(ps["cpu_start_s"]) + \
        sum(ps["cpu_lesson_s"]) / len(ps["cpu_lesson_s"])
    mem = sorted(ps["student_rss_mib"])
    # the 95th percentile, linear between ranks (numpy's default), without numpy
    pos = 0.95 * (len(mem) - 1)
    low = math.floor(pos)
    m95 = mem[low] + (mem[min(low + 1, len(mem) - 1)] - mem[low]) * (pos - low)
    return {"cpu_s": round(cpu, 2), "mib": round(m95, 1), "hub_mib": run["hub_peak_mib"]["rss"]}


def server_for(students: int, figures: dict, deadline_s: float = DEADLINE_S) -> dict:
    """Cores and GiB for ``students`` working at the same moment.

    >>> server_for(120, {"cpu_s": 30.0, "mib": 419.0, "hub_mib": 150.0})
    {'cores': 30, 'gib': 51}
    """
    cores = math.ceil(students * figures["cpu_s"] / deadline_s)
    mib = students * figures["mib"] + figures["hub_mib"] + SYSTEM_MIB
    return {"cores": cores, "gib": math.ceil(mib / 1024)}


def sizing_rows(run: dict, sizes=SIZES) -> list[dict]:
    """One row per class size: the server at once and staggered."""
    figures = per_student(run)
    return [{"class": s, "at_once": server_for(s, figures),
             "staggered": server_for(math.ceil(s / 4), figures)} for s in sizes]


def _basis(runs: dict) -> dict:
    """The run with the most CPU-seconds per student: the sampler reads a process's CPU time
    until its last sample, so under heavy load (samples far apart) it misses the last moments
    of short-lived kernels and counts low; the largest figure is the safest."""
    return max(runs.values(), key=lambda run: per_student(run)["cpu_s"])


def _machine(run: dict) -> str:
    m = run["machine"]
    return f"{m['cores']} cores ({m['cpu']}), {m['ram_gib']} GiB"


def sizing_table(runs: dict) -> str:
    """The Markdown of docs/class-server/sizing.md's table, from the safest run."""
    run = _basis(runs)
    f = per_student(run)
    lines = [
        f"From the run with {run['students']} students at once ({run['when']}, on "
        f"{_machine(run)}; load average {run['load_before'][0]} before, "
        f"{run['load_during']['mean']} on average during it): per working student "
        f"C = {f['cpu_s']} CPU-seconds (a JupyterLab start and one lesson run), "
        f"M = {f['mib']:.0f} MiB at peak (JupyterLab and kernel, RSS); the hub and proxy "
        f"{f['hub_mib']:.0f} MiB; everyone's lesson done within {DEADLINE_S:.0f} s.",
        "",
        "| class | at once: cores | at once: GiB | staggered (a quarter at once): cores "
        "| staggered: GiB |",
        "|---|---|---|---|---|",
    ]
    for row in sizing_rows(run):
        a, s = row["at_once"], row["staggered"]
        lines.append(f"| {row['class']} | {a['cores']} | {a['gib']} | {s['cores']} | "
                     f"{s['gib']} |")
    return "\n".join(lines) + "\n"


def load_table(runs: dict) -> str:
    """The Markdown of benchmarks/HUB_LOAD.md: one row per number of students."""
    def pair(stats, key, fmt="{:.0f}"):
        s = stats[key]
        return f"{fmt.format(s['p50'])} / {fmt.format(s['p95'])}"

    lines = [
        "# The class server under load (benchmarks/hub_load.py)",
        "",
        "Written by `make bench-hub N=...` (root). N students start JupyterLab through the "
        "hub's REST API at once, then run lesson 06 at once in their own JupyterLab (its code "
        "cells sent on the kernel's websocket through the proxy). p50 / p95 over the students; "
        "memory is each student's peak, RSS (PSS in brackets: shared pages divided among "
        "the processes that share them); CPU in CPU-seconds. The load average is the machine's "
        "(1 minute), which others shared while these ran.",
        "",
        "| N | JupyterLab start s | lesson s | JupyterLab MiB | kernel MiB | CPU-s per start "
        "| CPU-s per lesson | load before / during (mean, max) | machine | when |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for n, run in runs.items():
        st = run["stats"]
        mem = {k: f"{pair(st, f'{k}_rss_mib')} ({pair(st, f'{k}_pss_mib')})"
               for k in ("lab", "kernel")}
        errors = f" ({len(run['lesson_errors'])} failed)" if run["lesson_errors"] else ""
        lines.append(
            f"| {n} | {pair(st, 'start_s')} | {pair(st, 'lesson_s')}{errors} | {mem['lab']} | "
            f"{mem['kernel']} | {pair(st, 'cpu_start_s', '{:.1f}')} | "
            f"{pair(st, 'cpu_lesson_s', '{:.1f}')} | {run['load_before'][0]} / "
            f"{run['load_during']['mean']}, {run['load_during']['max']} | "
            f"{_machine(run)} | {run['when']} |")
    lines += ["", "The model of docs/class-server/sizing.md against each run: N students' "
              "CPU-seconds over the machine's cores, beside the measured wall time of the "
              "lesson phase (all N lessons).", "",
              "| N | N * C / cores s | measured wall s (lessons) |", "|---|---|---|"]
    for n, run in runs.items():
        lesson = sum(run["per_student"]["cpu_lesson_s"])
        lines.append(f"| {n} | {lesson / run['machine']['cores']:.0f} | "
                     f"{run['lesson_wall_s']:.0f} |")
    return "\n".join(lines) + "\n"


def rewrite(path: Path, table: str):
    """Put ``table`` between the sizing markers of ``path``."""
    text = path.read_text(encoding="utf-8")
    pattern = re.compile(r"(<!-- sizing table -->\n).*?(<!-- end of sizing table -->)", re.S)
    if not pattern.search(text):
        raise SystemExit(f"{path}: the markers <!-- sizing table --> ... are missing")
    path.write_text(pattern.sub(lambda m: m.group(1) + table + m.group(2), text),
                    encoding="utf-8")


def main(argv=None):
    source = Path((argv or sys.argv[1:] or [HERE / "hub_load.json"])[0])
    runs = json.loads(source.read_text())["runs"]
    (HERE / "HUB_LOAD.md").write_text(load_table(runs))
    rewrite(REPO / "docs/class-server/sizing.md", sizing_table(runs))
    print(sizing_table(runs))


if __name__ == "__main__":
    main()
