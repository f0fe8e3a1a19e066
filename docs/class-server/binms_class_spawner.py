"""Per-student memory and CPU limits for the class server (docs/class-server.md).

``CgroupSpawner`` is JupyterHub's ``LocalProcessSpawner`` (each user's JupyterLab as that Unix
user) that first puts the new server in a control group of that user's own, limited to
``Spawner.mem_limit`` bytes of memory (no swap beyond it) and ``Spawner.cpu_limit`` cores. The
server's kernels and terminals are its children, so they stay in the group: everything one
student runs shares one limit, and no student can take another's memory or more than their
share of the cores. When the group is full the kernel's OOM killer stops a process of that
group only; ``binms_class_kernel`` (loaded by every kernel) makes it the kernel, not the
student's JupyterLab, and tells the student at their next cell.

Both cgroup layouts are handled: v1 (``/sys/fs/cgroup/memory/...``, ``/sys/fs/cgroup/cpu/...``,
tried by tests/e2e/test_class_server_ops.py) and the unified v2 of current distributions
(``memory.max``, ``cpu.max``; written to the same plan, not tried). The groups go below the
hub's own group (``/proc/self/cgroup``), so that a hub started by systemd with ``Delegate=yes``
keeps its students inside its own slice. install.sh copies this file into the server's venv.
"""

import os
from pathlib import Path

from jupyterhub.spawner import LocalProcessSpawner

CGROUP = Path("/sys/fs/cgroup")
GROUP = "binms-class"  # the folder that holds one group per user
PERIOD = 100_000  # µs: the CPU quota's period (the kernel's default)


def _own_path(controller=None):
    """This process's group, relative to the hierarchy of ``controller`` (v1) or unified (v2)."""
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if controller is None and controllers == "":
            return path.lstrip("/")
        if controller is not None and controller in controllers.split(","):
            return path.lstrip("/")
    return ""


def _write(path, value):
    path.write_text(f"{value}\n")


class CgroupSpawner(LocalProcessSpawner):
    """LocalProcessSpawner with a memory and CPU limit per user, enforced by a cgroup."""

    def _groups(self):
        """{controller: folder} of this user's group(s), made if missing, limits written."""
        name = self.user.name
        memory, cpus = int(self.mem_limit or 0), float(self.cpu_limit or 0)
        if (CGROUP / "cgroup.controllers").exists():  # v2, the unified hierarchy
            own = CGROUP / _own_path()
            if own != CGROUP and (own / "cgroup.procs").read_text().split():
                # a group with processes may not hand controllers down: move them to a leaf
                leaf = own / "hub"
                leaf.mkdir(exist_ok=True)
                for pid in (own / "cgroup.procs").read_text().split():
                    _write(leaf / "cgroup.procs", pid)
            parent = own / GROUP
            parent.mkdir(exist_ok=True)
            for folder in (own, parent):
                _write(folder / "cgroup.subtree_control", "+memory +cpu")
            group = parent / name
            group.mkdir(exist_ok=True)
            _write(group / "memory.max", memory or "max")
            if (group / "memory.swap.max").exists():
                _write(group / "memory.swap.max", 0 if memory else "max")
            _write(group / "cpu.max", f"{int(cpus * PERIOD)} {PERIOD}" if cpus else "max")
            return {"unified": group}
        groups = {}
        for controller in ("memory", "cpu"):
            group = CGROUP / controller / _own_path(controller) / GROUP / name
            group.mkdir(parents=True, exist_ok=True)
            groups[controller] = group
        mem = groups["memory"]
        limit = memory or -1
        if (mem / "memory.memsw.limit_in_bytes").exists():
            # memory+swap must stay >= memory: lower memory first, raise memsw first
            order = ("memory.limit_in_bytes", "memory.memsw.limit_in_bytes")
            current = int((mem / order[0]).read_text())
            if limit == -1 or limit > current:
                order = order[::-1]
            for file in order:
                _write(mem / file, limit)
        else:
            _write(mem / "memory.limit_in_bytes", limit)
        cpu = groups["cpu"]
        _write(cpu / "cpu.cfs_period_us", PERIOD)
        _write(cpu / "cpu.cfs_quota_us", int(cpus * PERIOD) if cpus else -1)
        return groups

    async def start(self):
        # readable by the student (their kernel reads its group's count of OOM kills), which
        # the hub's own umask (077) would not give
        umask = os.umask(0o022)
        try:
            self._cgroups = self._groups()
        finally:
            os.umask(umask)
        for group in self._cgroups.values():  # also folders an older start made 700
            group.chmod(0o755)
            group.parent.chmod(0o755)
        self.log.info("%s's server in %s (memory %s bytes, %s cores)", self.user.name,
                      ", ".join(map(str, self._cgroups.values())), self.mem_limit,
                      self.cpu_limit)
        return await super().start()

    def make_preexec_fn(self, name):
        drop_privileges = super().make_preexec_fn(name)
        procs = [group / "cgroup.procs" for group in self._cgroups.values()]

        def preexec():
            # still root, in the new process: join the user's group(s) before anything runs
            for path in procs:
                _write(path, os.getpid())
            os.umask(0o022)  # the hub's own umask (077, for its state) is not the students'
            drop_privileges()

        return preexec

    async def stop(self, now=False):
        await super().stop(now=now)
        for group in getattr(self, "_cgroups", {}).values():
            try:
                group.rmdir()  # empty once the server and its kernels are gone
            except OSError:
                pass  # a process is still in it (or it is gone): the next start reuses it
