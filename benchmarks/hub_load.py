"""The class server under a class: N students start JupyterLab and run a lesson at once.

``make bench-hub N=10`` (as root) runs it. It sets up the recipe of docs/class-server.md with
its own scripts into a folder of its own (``install.sh`` with ``BINMS_CLASS_ROOT=/opt/binms-load``),
adds N students ``binms-ld-01`` ... with ``add-students.sh``, starts the hub from the recipe's
``jupyterhub_config.py`` on free loopback ports, and then, through the hub's proxy, as a class
would:

1. starts the N JupyterLabs at once with the hub's REST API (a benchmark service holds an admin
   token) and times each until the hub calls it ready;
2. pulls the lessons into each home with nbgitpuller (the link of the page, called as its API);
3. runs lesson 06 in every student's JupyterLab at once: a session on the lesson, its code cells
   sent in order on the kernel's websocket, as JupyterLab's Run All does, and times each run.

The lesson runs through the hub and each student's own JupyterLab, not with nbclient beside it
(as the teaching assistant's first figures were taken): the kernel is then the JupyterLab's child,
started by the JupyterLab's kernel manager as in class, and the proxy, the hub and the JupyterLab
carry the messages they carry in class. Meanwhile `hub_sampler` reads /proc twice a second: the
memory of each student's JupyterLab and kernel at their peak, and the CPU seconds of each start
and each lesson run. It writes benchmarks/hub_load.json (one entry per N, the latest kept) and
benchmarks/HUB_LOAD.md. The students, their processes and the hub's state are removed at the end,
also on failure or Ctrl-C; the recipe's venv stays for the next run. Bounded everywhere: each
start and each lesson has a deadline, and nothing but 127.0.0.1 is used.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import hub_client
import hub_sampler
import hub_sizing
import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
RECIPE = REPO / "docs" / "class-server"
LESSON = "06_binary_gradient_ascent.ipynb"
STATE = ("exchange", "jupyterhub.sqlite", "jupyterhub_cookie_secret", "jupyterhub-proxy.pid",
         "students.txt", "teachers.txt")
# The recipe's configuration, unchanged, plus one service: the benchmark, with the scopes to
# start the students' servers and to reach them (an admin's, in JupyterHub's terms).
WRAPPER = """import os
c = get_config()  # noqa: F821
load_subconfig(os.environ["BINMS_LOAD_RECIPE_CONFIG"])  # noqa: F821
c.JupyterHub.services = [{"name": "binms-load", "api_token": os.environ["BINMS_LOAD_TOKEN"]}]
c.JupyterHub.load_roles = [{"name": "binms-load", "services": ["binms-load"], "scopes": [
    "admin:users", "admin:servers", "read:servers", "read:users", "access:servers"]}]
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values, q):
    """The ``q``-th percentile (linear between ranks); None for no values.

    >>> percentile([10, 20, 30, 40], 50)
    25.0
    >>> percentile([15.0], 95)
    15.0
    """
    return None if not values else round(float(np.percentile(values, q)), 2)


def _run(cmd, env=None, timeout=1500) -> str:
    result = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        raise RuntimeError(f"{cmd} failed:\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    return result.stdout


def _check(args, names):
    if os.geteuid() != 0:
        sys.exit("hub_load.py creates Unix users: run it as root (sudo make bench-hub N=...)")
    for tool in ("npm", "git", "useradd", "userdel", "runuser", "chpasswd"):
        if shutil.which(tool) is None:
            sys.exit(f"hub_load.py: {tool} is missing (Debian: apt-get install npm git passwd)")
    taken = [n for n in names if subprocess.run(["id", n], capture_output=True).returncode == 0]
    if taken:
        sys.exit(f"hub_load.py: the users {taken} exist already (a run that was killed?): "
                 f"remove them first (userdel --remove NAME) so that nobody's home is taken")


def _pids_of(user) -> list[int]:
    out = subprocess.run(["ps", "-u", user, "-o", "pid="], capture_output=True, text=True)
    return [int(p) for p in out.stdout.split()]


def _kill(pids, grace=10.0):
    """SIGTERM, then SIGKILL after ``grace`` seconds, to the given process ids only."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in pids:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and any(Path(f"/proc/{p}").exists() for p in pids):
            time.sleep(0.2)


def _wait_health(url, hub, log, timeout=180):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/hub/health", timeout=5) as answer:
                if answer.status == 200:
                    return
        except OSError:
            pass
        if hub.poll() is not None:
            raise RuntimeError("the hub stopped:\n" + Path(log).read_text()[-3000:])
        time.sleep(1)
    raise TimeoutError(f"the hub did not answer in {timeout} s")


async def _class(hub, names, root, args, sampler) -> dict:
    """The three phases, all students at once in each; their figures."""
    out = {}
    hub_cpu0 = sampler.hub_cpu_total()
    t0 = time.monotonic()
    out["start_s"] = [round(s, 2) for s in await asyncio.gather(
        *(hub.start_server(n, args.start_timeout) for n in names))]
    out["start_wall_s"] = round(time.monotonic() - t0, 2)
    await asyncio.sleep(2 * sampler.period)  # one more sample of every JupyterLab
    out["cpu_start_s"] = [round(sampler.cpu_of(n), 2) for n in names]
    out["hub_cpu_start_s"] = round(sampler.hub_cpu_total() - hub_cpu0, 2)

    repo = f"file://{root}/lessons.git"
    t0 = time.monotonic()
    await asyncio.gather(*(hub.pull_lessons(n, repo, args.lesson_timeout) for n in names))
    out["pull_wall_s"] = round(time.monotonic() - t0, 2)
    await asyncio.sleep(2 * sampler.period)

    cpu0 = {n: sampler.cpu_by_kind(n) for n in names}
    hub_cpu0 = sampler.hub_cpu_total()
    out["load_before_lesson"] = hub_sampler.load()
    t0 = time.monotonic()
    runs = await asyncio.gather(
        *(hub.run_notebook(n, f"lessons/{LESSON}", args.lesson_timeout) for n in names),
        return_exceptions=True)
    out["lesson_wall_s"] = round(time.monotonic() - t0, 2)
    await asyncio.sleep(2 * sampler.period)
    out["lesson_s"] = [round(r["seconds"], 2) for r in runs if isinstance(r, dict)]
    out["lesson_errors"] = [str(r) if not isinstance(r, dict) else r["error"]
                            for r in runs if not isinstance(r, dict) or r["error"]]
    out["cells"] = next((r["cells"] for r in runs if isinstance(r, dict)), None)
    cpu1 = {n: sampler.cpu_by_kind(n) for n in names}
    delta = {n: {k: cpu1[n].get(k, 0.0) - cpu0[n].get(k, 0.0) for k in cpu1[n]} for n in names}
    out["cpu_lesson_s"] = [round(sum(d.values()), 2) for d in delta.values()]
    out["cpu_lesson_kernel_s"] = [round(d.get("kernel", 0.0), 2) for d in delta.values()]
    out["cpu_lesson_lab_s"] = [round(d.get("lab", 0.0), 2) for d in delta.values()]
    out["hub_cpu_lesson_s"] = round(sampler.hub_cpu_total() - hub_cpu0, 2)
    await asyncio.gather(*(hub.stop_server(n) for n in names))
    return out


def _summary(figures, sampler, names) -> dict:
    """Per-student lists turned into p50/p95; memory peaks from the sampler."""
    mem = {}
    for kind in ("lab", "kernel"):
        for measure in ("rss", "pss"):
            mem[f"{kind}_{measure}"] = [round(sampler.peak[(n, kind, measure)], 1) for n in names]
    for measure in ("rss", "pss"):
        mem[f"student_{measure}"] = [round(sampler.peak_total[(n, measure)], 1) for n in names]
    stats = {}
    for key in ("start_s", "lesson_s", "cpu_start_s", "cpu_lesson_s", "cpu_lesson_kernel_s",
                "cpu_lesson_lab_s"):
        stats[key] = {"p50": percentile(figures[key], 50), "p95": percentile(figures[key], 95)}
    for key, values in mem.items():
        stats[f"{key}_mib"] = {"p50": percentile(values, 50), "p95": percentile(values, 95)}
    return {"per_student": {**{k: figures[k] for k in stats if k in figures},
                            **{f"{k}_mib": v for k, v in mem.items()}},
            "stats": stats,
            "hub_peak_mib": {k: round(v, 1) for k, v in sampler.hub_peak.items()},
            "load_during": {"mean": round(float(np.mean(sampler.loads)), 2),
                            "max": max(sampler.loads)} if sampler.loads else None,
            "samples": sampler.samples}


def run(args) -> dict:
    root = Path(args.root)
    names = [f"{args.prefix}{i:02d}" for i in range(1, args.students + 1)]
    _check(args, names)
    env = dict(os.environ, BINMS_CLASS_ROOT=str(root))
    result = {"students": args.students, "lesson": LESSON,
              "when": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
              "machine": hub_sampler.machine(),
              "how": "through the hub: REST API starts, lesson cells on the kernel websocket"}
    created, hub, log, work = [], None, None, Path(tempfile.mkdtemp(prefix="binms-load-"))
    try:
        t0 = time.monotonic()
        _run(["bash", str(RECIPE / "install.sh")], env=env)
        result["install_s"] = round(time.monotonic() - t0, 1)
        created = names
        _run(["bash", str(RECIPE / "add-students.sh"), *names], env=env)
        users = {pwd.getpwnam(n).pw_uid: n for n in names}

        token = secrets.token_hex(32)
        (work / "config.py").write_text(WRAPPER)
        url = f"http://127.0.0.1:{_free_port()}"
        log = open(work / "jupyterhub.log", "w")  # noqa: SIM115 (closed in finally)
        hub = subprocess.Popen(
            [str(root / "venv/bin/jupyterhub"), "-f", str(work / "config.py"),
             f"--JupyterHub.hub_port={_free_port()}",
             f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{_free_port()}"],
            cwd=root, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            env=dict(os.environ, BINMS_CLASS_URL=url, BINMS_LOAD_TOKEN=token,
                     BINMS_LOAD_RECIPE_CONFIG=str(root / "jupyterhub_config.py")))
        sampler = hub_sampler.Sampler(users, period=args.period)
        sampler.hub_pids.add(hub.pid)
        _wait_health(url, hub, work / "jupyterhub.log")
        result["load_before"] = hub_sampler.load()
        sampler.start()
        try:
            figures = asyncio.run(_class(hub_client.Hub(url, token), names, root, args, sampler))
        finally:
            sampler.stop()
        result.update(figures)
        result.update(_summary(figures, sampler, names))
        result["load_after"] = hub_sampler.load()
        return result
    except BaseException:
        if log is not None:
            log.flush()
            print((work / "jupyterhub.log").read_text()[-4000:], file=sys.stderr)
        raise
    finally:
        if hub is not None:
            hub.send_signal(signal.SIGTERM)  # it stops the students' servers and the proxy
            try:
                hub.wait(timeout=60)
            except subprocess.TimeoutExpired:
                _kill([hub.pid])
            log.close()
        for name in created:
            _kill(_pids_of(name))
        for name in created:
            subprocess.run(["userdel", "--remove", name], capture_output=True)
        for state in STATE:
            path = root / state
            if path.is_dir():
                shutil.rmtree(path, ignore_errors=True)
            elif path.exists():
                path.unlink()
        shutil.rmtree(work, ignore_errors=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", "-n", type=int, default=1)
    parser.add_argument("--root", default="/opt/binms-load")
    parser.add_argument("--prefix", default="binms-ld-")
    parser.add_argument("--start-timeout", type=float, default=600)
    parser.add_argument("--lesson-timeout", type=float, default=900)
    parser.add_argument("--period", type=float, default=0.5, help="seconds between samples")
    parser.add_argument("--out", default=str(HERE / "hub_load.json"))
    args = parser.parse_args(argv)
    if not 1 <= args.students <= 99:
        parser.error("--students: from 1 to 99 (the user names have two digits)")

    # a kill of the benchmark still removes its users (the finally clause of run)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("hub_load.py: stopped (SIGTERM)"))
    result = run(args)
    out = Path(args.out)
    runs = json.loads(out.read_text())["runs"] if out.exists() else {}
    runs[str(args.students)] = result
    runs = dict(sorted(runs.items(), key=lambda kv: int(kv[0])))
    out.write_text(json.dumps({"runs": runs}, indent=1) + "\n")
    (HERE / "HUB_LOAD.md").write_text(hub_sizing.load_table(runs))
    print(hub_sizing.load_table(runs))
    if result["lesson_errors"]:
        sys.exit(f"hub_load.py: {len(result['lesson_errors'])} lesson runs failed: "
                 f"{result['lesson_errors'][:3]}")


if __name__ == "__main__":
    main()
