"""Start and stop a private JupyterLab server for the end-to-end tests.

The server runs from the current interpreter's environment (``sys.executable -m
jupyterlab``), listens on 127.0.0.1 only, on a free port, with a fresh random token,
and keeps every piece of state it writes (config, user settings, workspaces, runtime
files, notebook signatures, IPython history) in a temporary folder. The venv's
kernelspec (python3) and lab extensions (the ipywidgets manager) are still found,
because they live under ``sys.prefix/share/jupyter``, which Jupyter searches whatever
``JUPYTER_DATA_DIR`` says.

Nothing in here reaches the network: the server's news feed, update check and PyPI
extension manager are switched off.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import psutil

LOOPBACK = "127.0.0.1"
# Where the course finds the UCI files (binms_teach.datasets); the kernels need it too.
DATA_VARIABLE = "BINMS_TEACH_DATA"

# User settings written into the temporary JUPYTERLAB_SETTINGS_DIR.
# Autosave off: the tests execute committed notebooks in place, and an executed
# notebook must never be written back into the repository.
LAB_SETTINGS: dict[str, dict] = {
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
    "@jupyterlab/apputils-extension/notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/extensionmanager-extension/plugin": {"enabled": False},
}
# No notebook settings of the tests' own: the server reads the course's shipped ones
# (jupyter-settings/binms-teach.json, installed by the package into
# sys.prefix/share/jupyter/lab/settings/overrides.d/), so the tests see what a student gets.
# Its windowingMode "none" keeps every cell in the DOM, so locators find all of them;
# test_shipped_settings.py checks that the file is there and that it does this.
SHIPPED_SETTINGS = Path(sys.prefix) / "share/jupyter/lab/settings/overrides.d/binms-teach.json"

# Server-side configuration (a jupyter_server_config.json in the temporary config dir).
SERVER_CONFIG: dict[str, dict] = {
    "LabApp": {
        "news_url": None,
        "check_for_updates_class": "jupyterlab.handlers.announcements.NeverCheckForUpdate",
        "extension_manager": "readonly",
        # window.jupyterapp: lets the driver read the notebook model (error outputs,
        # execution counts), which the DOM alone does not tell apart from stderr
        "expose_app_in_browser": True,
    },
    # Safety net if pytest itself gets SIGKILLed and cannot shut the server down:
    # idle kernels are culled, then the idle server stops by itself.
    "MappingKernelManager": {"cull_idle_timeout": 900, "cull_interval": 60},
    "ServerApp": {"shutdown_no_activity_timeout": 1200},
}


class JupyterStartError(RuntimeError):
    """The server did not come up; the message carries the end of its log."""


@dataclass
class JupyterLab:
    """A running JupyterLab server started by :func:`start_jupyter_lab`."""

    process: subprocess.Popen
    port: int
    token: str
    root_dir: Path
    state_dir: Path
    log_path: Path
    env: dict[str, str] = field(repr=False)
    server_info: dict = field(default_factory=dict)

    @property
    def base_url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}/"

    def url(self, path: str = "", **query: str) -> str:
        """Absolute URL of ``path`` on this server, with the token in the query."""
        params = {"token": self.token, **query}
        qs = "&".join(f"{k}={urllib.request.quote(str(v))}" for k, v in params.items())
        return f"{self.base_url}{path.lstrip('/')}?{qs}"

    def relpath(self, notebook: str | os.PathLike) -> str:
        """``notebook`` as a POSIX path relative to ``root_dir`` (as the server names it)."""
        rel = Path(notebook)
        if rel.is_absolute():
            rel = rel.resolve().relative_to(self.root_dir)
        return rel.as_posix()

    def notebook_url(self, notebook: str | os.PathLike, workspace: str | None = None) -> str:
        """``/lab/tree/<path>?token=...`` for a notebook, or
        ``/lab/workspaces/<workspace>/tree/<path>`` to open it in a workspace of its own
        (a fresh workspace name means no tab of an earlier test is restored)."""
        tree = "tree/" + urllib.request.quote(self.relpath(notebook))
        if workspace:
            return self.url(f"lab/workspaces/{urllib.request.quote(workspace)}/{tree}")
        return self.url(f"lab/{tree}")

    def api(self, path: str, method: str = "GET", timeout: float = 5.0):
        """Call the REST API (``/api/...``, ``/lab/api/...``); returns decoded JSON or None."""
        req = urllib.request.Request(
            self.base_url + path.lstrip("/"),
            method=method,
            headers={"Authorization": f"token {self.token}"},
            data=b"" if method == "POST" else None,
        )
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            body = resp.read()
        return json.loads(body) if body else None

    def shutdown_sessions(self, notebook: str | os.PathLike | None = None) -> int:
        """End the kernel sessions of ``notebook`` (all sessions if None); returns how many.
        Opening a notebook that still has a session would reuse its old kernel."""
        path = None if notebook is None else self.relpath(notebook)
        n = 0
        for s in self.api("api/sessions") or []:
            if path is None or s.get("path") == path:
                self.api(f"api/sessions/{s['id']}", method="DELETE", timeout=15)
                n += 1
        return n

    def log_tail(self, n: int = 60) -> str:
        try:
            lines = self.log_path.read_text(errors="replace").splitlines()
        except OSError:
            return "(no server log)"
        return "\n".join(lines[-n:])

    def process_tree(self) -> list[psutil.Process]:
        """The server process and all its descendants (the kernels)."""
        try:
            root = psutil.Process(self.process.pid)
            return [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def listening_addresses(self) -> list[tuple[str, int, int]]:
        """``(ip, port, pid)`` of every listening TCP socket and bound UDP socket
        of the server and its kernels."""
        found = []
        for proc in self.process_tree():
            try:
                conns = proc.net_connections(kind="inet")
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                continue
            for c in conns:
                if not c.laddr:
                    continue
                if c.type == socket.SOCK_STREAM and c.status != psutil.CONN_LISTEN:
                    continue
                if c.type == socket.SOCK_DGRAM and c.raddr:
                    continue
                found.append((c.laddr.ip, c.laddr.port, proc.pid))
        return found


def find_free_port(host: str = LOOPBACK) -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def _write_state(state_dir: Path, user_settings: dict[str, dict] | None = None) -> dict[str, str]:
    """Create the temporary Jupyter folders and return the environment pointing at them;
    ``user_settings`` (default :data:`LAB_SETTINGS`) go into the user settings folder."""
    dirs = {
        "JUPYTER_CONFIG_DIR": state_dir / "config",
        "JUPYTERLAB_SETTINGS_DIR": state_dir / "lab-settings",
        "JUPYTERLAB_WORKSPACES_DIR": state_dir / "lab-workspaces",
        "JUPYTER_RUNTIME_DIR": state_dir / "runtime",
        "JUPYTER_DATA_DIR": state_dir / "data",
        "IPYTHONDIR": state_dir / "ipython",
    }
    for d in dirs.values():
        d.mkdir(parents=True, exist_ok=True)
    for plugin, values in (LAB_SETTINGS if user_settings is None else user_settings).items():
        path = dirs["JUPYTERLAB_SETTINGS_DIR"] / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values, indent=2))
    config = json.loads(json.dumps(SERVER_CONFIG))
    # JupyterLab makes a checkpoint of every notebook it opens; by default that is a
    # .ipynb_checkpoints folder next to the notebook, i.e. in the repository.
    checkpoints = state_dir / "checkpoints"
    checkpoints.mkdir(exist_ok=True)
    config["FileCheckpoints"] = {"checkpoint_dir": str(checkpoints)}
    (dirs["JUPYTER_CONFIG_DIR"] / "jupyter_server_config.json").write_text(
        json.dumps(config, indent=2)
    )
    env = dict(os.environ)
    env.update({k: str(v) for k, v in dirs.items()})
    # The server and kernels must not write into the repository or the user's home.
    env.pop("JUPYTER_PATH", None)
    env.pop("JUPYTERLAB_DIR", None)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    # The course's data folder reaches the kernels (the whole environment is passed on);
    # a relative path is made absolute here, since kernels run in the notebook's folder.
    if env.get(DATA_VARIABLE):
        env[DATA_VARIABLE] = os.path.abspath(env[DATA_VARIABLE])
    # An exported proxy must not catch requests to the loopback server.
    env["NO_PROXY"] = env["no_proxy"] = ",".join(
        filter(None, [LOOPBACK, "localhost", env.get("NO_PROXY", "")])
    )
    return env


def start_jupyter_lab(
    root_dir: str | os.PathLike,
    state_dir: str | os.PathLike,
    timeout: float = 60.0,
    extra_args: list[str] | None = None,
    user_settings: dict[str, dict] | None = None,
) -> JupyterLab:
    """Start JupyterLab serving ``root_dir``; wait until its API answers.

    ``state_dir`` is an empty temporary folder for Jupyter's own files and the
    server log. Always pair with :func:`stop_jupyter_lab` in a ``finally``.
    ``user_settings`` replaces :data:`LAB_SETTINGS` (``{}``: a student's first start).
    """
    root = Path(root_dir).resolve()
    state = Path(state_dir).resolve()
    env = _write_state(state, user_settings)
    token = secrets.token_hex(24)
    port = find_free_port()
    log_path = state / "jupyter-server.log"
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        f"--ServerApp.ip={LOOPBACK}",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        "--ServerApp.open_browser=False",
        "--no-browser",
        "--allow-root",
        *(extra_args or []),
    ]
    log = open(log_path, "wb")  # noqa: SIM115 - closed by stop_jupyter_lab via the process
    try:
        proc = subprocess.Popen(
            cmd,
            cwd=root,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            # own process group: a Ctrl+C in the terminal reaches pytest (which then
            # shuts the server down cleanly), not the server's interactive SIGINT prompt
            start_new_session=True,
        )
    finally:
        log.close()
    lab = JupyterLab(proc, port, token, root, state, log_path, env)
    try:
        _wait_until_ready(lab, timeout)
    except BaseException:
        stop_jupyter_lab(lab)
        raise
    return lab


def _wait_until_ready(lab: JupyterLab, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    last_error: Exception | None = None
    while time.monotonic() < deadline:
        if lab.process.poll() is not None:
            raise JupyterStartError(
                f"JupyterLab exited with code {lab.process.returncode} while starting.\n"
                f"--- server log ---\n{lab.log_tail()}"
            )
        try:
            lab.api("api/status", timeout=2)
            break
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError) as exc:
            last_error = exc
            time.sleep(0.2)
    else:
        raise JupyterStartError(
            f"JupyterLab did not answer on {lab.base_url} within {timeout:.0f} s "
            f"(last error: {last_error}).\n--- server log ---\n{lab.log_tail()}"
        )
    # The server's own record of where it listens (runtime/jpserver-<pid>.json).
    runtime = Path(lab.env["JUPYTER_RUNTIME_DIR"])
    for _ in range(50):
        infos = sorted(runtime.glob("jpserver-*.json"))
        if infos:
            lab.server_info = json.loads(infos[0].read_text())
            break
        time.sleep(0.1)


def stop_jupyter_lab(lab: JupyterLab, timeout: float = 10.0) -> None:
    """Shut the server and its kernels down: the shutdown API first, then SIGTERM,
    then SIGKILL after ``timeout``; kernels left behind are ended the same way."""
    procs = lab.process_tree()
    children = procs[1:]
    if lab.process.poll() is None:
        try:
            lab.api("api/shutdown", method="POST", timeout=3)
        except Exception:  # noqa: BLE001 - fall through to signals
            pass
        try:
            lab.process.wait(timeout=timeout / 2)
        except subprocess.TimeoutExpired:
            pass
    if lab.process.poll() is None:
        lab.process.send_signal(signal.SIGTERM)
        try:
            lab.process.wait(timeout=timeout / 2)
        except subprocess.TimeoutExpired:
            lab.process.kill()
            lab.process.wait(timeout=5)
    # kernels the server started and did not stop (only these, by pid)
    alive = [p for p in children if p.is_running()]
    for p in alive:
        try:
            p.terminate()
        except psutil.NoSuchProcess:
            pass
    _, still = psutil.wait_procs(alive, timeout=3)
    for p in still:
        try:
            p.kill()
        except psutil.NoSuchProcess:
            pass
