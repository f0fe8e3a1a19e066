"""What a student's kernel does about the memory limit of the class server (docs/class-server.md).

An IPython extension, loaded by every kernel of the server (install.sh writes
``venv/etc/ipython/ipython_kernel_config.py``). It

1. makes the kernel the process that the kernel's OOM killer takes first (``oom_score_adj``
   1000, which any process may set for itself): when a student's work passes their memory
   limit (binms_class_spawner), it is the kernel that stops, never their JupyterLab;
2. at the first cell the student runs after such a stop (JupyterLab has by then shown "The
   kernel ... appears to have died. It will restart automatically." and started a new kernel),
   prints what happened and what to do, read from the count of kills of the student's group.
"""

import os
import sys
from pathlib import Path

CGROUP = Path("/sys/fs/cgroup")
SEEN = Path.home() / ".cache" / "binms-class" / "oom-kills"  # the count already explained

MESSAGE = """\
Your previous kernel was stopped because it ran out of memory: this server gives each student
{limit} in all (every notebook you have open shares it). The variables of the cells you ran
before are gone. Run the notebook again from the top (Run > Run All Cells). If it stops again,
close the notebooks you are not using (File > Close and Shut Down Notebook) or use smaller data;
if the lesson itself stops, tell your teacher."""


def _oom_kills():
    """How many times the OOM killer has stopped a process of this kernel's group (or None)."""
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if controllers == "":  # v2: memory.events of the unified group
            file, key = CGROUP / path.lstrip("/") / "memory.events", "oom_kill"
        elif "memory" in controllers.split(","):  # v1: the memory controller's group
            file, key = CGROUP / "memory" / path.lstrip("/") / "memory.oom_control", "oom_kill"
        else:
            continue
        try:
            for entry in file.read_text().splitlines():
                if entry.startswith(key + " "):
                    return int(entry.split()[1])
        except OSError:
            continue
    return None


def _limit():
    memory = int(os.environ.get("MEM_LIMIT") or 0)  # set by JupyterHub from Spawner.mem_limit
    return f"{memory / 2**30:.3g} GiB of memory" if memory else "a fixed amount of memory"


def load_ipython_extension(ip):
    try:
        Path("/proc/self/oom_score_adj").write_text("1000\n")
    except OSError:
        pass
    kills = _oom_kills()
    if kills is None:
        return  # no memory group: nothing to explain
    try:
        seen = int(SEEN.read_text())
    except (OSError, ValueError):
        seen = None

    def remember():
        try:
            SEEN.parent.mkdir(parents=True, exist_ok=True)
            SEEN.write_text(f"{kills}\n")
        except OSError:
            pass

    if seen is None or kills <= seen:
        remember()  # a first kernel, or a new group since (its count starts at 0)
        return

    def explain(info=None):
        ip.events.unregister("pre_run_cell", explain)
        print(MESSAGE.format(limit=_limit()), file=sys.stderr)
        remember()

    ip.events.register("pre_run_cell", explain)
