"""Memory and CPU of the class server's users, read from /proc while the hub load runs.

`hub_load.py` starts a :class:`Sampler` beside the hub: every ``period`` seconds it reads every
process of the benchmark's Unix users and of the hub, sorts each into a kind (the JupyterLab,
a kernel, anything else) and keeps, per user and kind, the peak of the summed resident memory
(RSS, and PSS, which shares a library's pages among the processes that map it), and per
process the last CPU time it saw, so that a process that has ended still counts up to its last
sample. The machine's load average is sampled too.
"""

from __future__ import annotations

import os
import threading
from collections import defaultdict
from pathlib import Path

PAGE = os.sysconf("SC_PAGE_SIZE")
TICKS = os.sysconf("SC_CLK_TCK")
MIB = 1024 * 1024


def kind_of(cmdline: str) -> str:
    """The kind of one of a student's processes, from its command line.

    >>> kind_of("/opt/x/venv/bin/python /opt/x/venv/bin/jupyterhub-singleuser")
    'lab'
    >>> kind_of("/opt/x/venv/bin/python -m ipykernel_launcher -f /tmp/k.json")
    'kernel'
    >>> kind_of("git fetch")
    'other'
    """
    if "jupyterhub-singleuser" in cmdline:
        return "lab"
    if "ipykernel_launcher" in cmdline or "ipykernel" in cmdline:
        return "kernel"
    return "other"


def machine() -> dict:
    """Cores, memory and load average of this machine, now."""
    mem = dict(line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines())
    model = next((line.split(":", 1)[1].strip() for line in
                  Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("model name")), "unknown")
    return {"cores": os.cpu_count(), "cpu": model,
            "ram_gib": round(int(mem["MemTotal"].split()[0]) / 1024 ** 2, 1),
            "available_gib": round(int(mem["MemAvailable"].split()[0]) / 1024 ** 2, 1),
            "loadavg": load()}


def load() -> list[float]:
    """The 1, 5 and 15 minute load averages."""
    return [float(x) for x in Path("/proc/loadavg").read_text().split()[:3]]


def _read(pid: int):
    """(uid, cmdline, cpu seconds, rss MiB, pss MiB) of ``pid``; None when it is gone."""
    try:
        base = Path(f"/proc/{pid}")
        uid = int(next(line for line in (base / "status").read_text().splitlines()
                       if line.startswith("Uid:")).split()[1])
        cmd = (base / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        # the command name may hold spaces: the fields follow the last ')'
        stat = (base / "stat").read_text().rsplit(")", 1)[1].split()
        cpu = (int(stat[11]) + int(stat[12])) / TICKS  # utime + stime
        rss = int(stat[21]) * PAGE / MIB
        pss = rss
        for line in (base / "smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                pss = int(line.split()[1]) / 1024
                break
    except (OSError, StopIteration, ValueError, IndexError):
        return None
    return uid, cmd, cpu, rss, pss


class Sampler:
    """Samples the processes of ``users`` ({uid: name}) and of ``root_pids`` (the hub's).

    Parameters
    ----------
    users : dict
        {Unix uid: user name} of the students.
    period : float
        Seconds between two samples.
    """

    def __init__(self, users: dict[int, str], period: float = 0.5):
        self.users = users
        self.period = period
        self.hub_pids: set[int] = set()
        self.cpu: dict[int, tuple[str, str, float]] = {}  # pid -> (user, kind, last cpu s)
        self.peak = defaultdict(float)  # (user, kind, "rss"|"pss") -> MiB
        self.peak_total = defaultdict(float)  # (user, "rss"|"pss") -> MiB, all kinds at once
        self.hub_peak = {"rss": 0.0, "pss": 0.0}
        self.hub_cpu: dict[int, float] = {}
        self.loads: list[float] = []
        self.samples = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def start(self):
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        self._thread.join(timeout=10)

    def _loop(self):
        while not self._stop.is_set():
            self.sample()
            self._stop.wait(self.period)

    def sample(self):
        """One pass over /proc."""
        sums = defaultdict(float)
        hub = {"rss": 0.0, "pss": 0.0}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            pid = int(entry)
            seen = _read(pid)
            if seen is None:
                continue
            uid, cmd, cpu, rss, pss = seen
            if pid in self.hub_pids or self._is_hub_child(pid):
                self.hub_cpu[pid] = cpu
                hub["rss"] += rss
                hub["pss"] += pss
                continue
            name = self.users.get(uid)
            if name is None:
                continue
            kind = kind_of(cmd)
            self.cpu[pid] = (name, kind, cpu)
            for measure, value in (("rss", rss), ("pss", pss)):
                sums[(name, kind, measure)] += value
                sums[(name, measure)] += value
        for key, value in sums.items():
            store = self.peak if len(key) == 3 else self.peak_total
            store[key] = max(store[key], value)
        for measure in hub:
            self.hub_peak[measure] = max(self.hub_peak[measure], hub[measure])
        self.loads.append(load()[0])
        self.samples += 1

    def _is_hub_child(self, pid: int) -> bool:
        """The proxy is a child of the hub; the users' servers are the users' (not the hub's)."""
        try:
            ppid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
            uid = int(next(line for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                           if line.startswith("Uid:")).split()[1])
        except (OSError, StopIteration, ValueError, IndexError):
            return False
        if ppid in self.hub_pids and uid == 0:
            self.hub_pids.add(pid)
            return True
        return False

    def cpu_of(self, user: str) -> float:
        """CPU seconds of every process of ``user`` seen so far (ended ones up to their last
        sample)."""
        return sum(cpu for name, _, cpu in self.cpu.values() if name == user)

    def cpu_by_kind(self, user: str) -> dict[str, float]:
        out = defaultdict(float)
        for name, kind, cpu in self.cpu.values():
            if name == user:
                out[kind] += cpu
        return dict(out)

    def hub_cpu_total(self) -> float:
        return sum(self.hub_cpu.values())
