"""End-to-end: the class server of docs/class-server.md run as a term needs it (runbook.md).

As root, from the recipe's own scripts (install.sh, add-students.sh, backup.sh, restore.sh and
jupyterhub_config.py), with the hub on HTTPS (a self-signed certificate made by openssl in
ROOT/tls), the test checks, through the hub's REST API and as the students' Unix users:

1. limits: with a memory limit of 768 MiB per student, one student allocates without end: their
   kernel, and only it, is stopped (their JupyterLab is the same process), and the first cell
   they run next prints why; meanwhile a second student's lesson 06 runs to its end in a kernel
   of their own server; both servers sit in cgroups with the memory and CPU quotas;
2. HTTPS: the login (a token asked for with the password) works over https; plain http on the
   same port gets no page;
3. a student added by add-students.sh logs in at once, and the first student's server is the
   same process (no restart);
4. the hub's state and the backups are readable by root only;
5. backup.sh and restore.sh: the exchange and the gradebook backed up, lost, restored equal;
6. a restart of the hub leaves the students' servers running, and the idle culler (a short
   timeout for the test) stops an idle server.

Its own folder (BINMS_CLASS_ROOT, default /opt/binms-ops-test), users binms-op-* and groups
binms-op-*, all removed at the end (the venv stays for the next run), so it runs beside
tests/e2e/test_class_server.py. Needs root, cgroup v1 or v2 with the memory and cpu
controllers, npm, git, openssl and /usr/bin/python3 with venv; where one is missing it skips
(fails under CI=true). ``pytest -m hub tests/e2e/test_class_server_ops.py``.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import ssl
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests import guards
from tests.e2e.test_class_server import _alive, _free_port, _pids_of, _run, _stop

pytestmark = [pytest.mark.e2e, pytest.mark.hub]

REPO = Path(__file__).resolve().parents[2]
RECIPE = REPO / "docs" / "class-server"
ROOT = Path(os.environ.get("BINMS_CLASS_ROOT_OPS", "/opt/binms-ops-test"))
TEACHER = "binms-op-teacher"
HOG, CALM, LATE = "binms-op-ada", "binms-op-ben", "binms-op-cyd"
GROUPS = {"BINMS_CLASS_STUDENTS_GROUP": "binms-op-students",
          "BINMS_CLASS_TEACHERS_GROUP": "binms-op-teachers"}
MEM_LIMIT = 768 * 2**20
LESSON = REPO / "notebooks" / "06_binary_gradient_ascent.ipynb"
CGROUP = Path("/sys/fs/cgroup")


def _env(**more):
    return dict(os.environ, BINMS_CLASS_ROOT=str(ROOT), BINMS_CLASS_MEM_LIMIT=str(MEM_LIMIT),
                BINMS_CLASS_CPU_LIMIT="1", **GROUPS, **more)


def _require():
    if os.geteuid() != 0:
        guards.missing("the class-server ops test creates Unix users and cgroups: run it as root")
    for tool in ("npm", "git", "openssl", "useradd", "groupdel", "runuser", "tar", "sha256sum"):
        if shutil.which(tool) is None:
            guards.missing(f"{tool} is missing (Debian: apt-get install npm git openssl)")
    v1 = (CGROUP / "memory/memory.limit_in_bytes").exists() and (CGROUP / "cpu").exists()
    if not (v1 or (CGROUP / "cgroup.controllers").exists()):
        guards.missing("no cgroup memory and cpu controllers under /sys/fs/cgroup")
    for name in (TEACHER, HOG, CALM, LATE):
        if subprocess.run(["id", name], capture_output=True).returncode == 0:
            pytest.fail(f"a Unix user {name} exists already: remove it first (userdel -r {name})",
                        pytrace=False)


class Hub:
    """The recipe's hub on https://127.0.0.1:PORT, started (and restarted) by the test."""

    def __init__(self, logs):
        self.logs, self.proc = logs, None
        self.port = _free_port()
        self.url = f"https://127.0.0.1:{self.port}"
        self.tls = ssl.create_default_context(cafile=str(ROOT / "tls/fullchain.pem"))
        self.hub_port, self.api_port = _free_port(), _free_port()

    def start(self, **env):
        log = open(self.logs / "jupyterhub.log", "a")  # noqa: SIM115 (closed in stop)
        self.proc = subprocess.Popen(
            [str(ROOT / "venv/bin/jupyterhub"), "-f", str(ROOT / "jupyterhub_config.py"),
             f"--JupyterHub.hub_port={self.hub_port}",
             f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{self.api_port}"],
            cwd=ROOT, env=_env(BINMS_CLASS_URL=self.url, **env), stdout=log,
            stderr=subprocess.STDOUT, start_new_session=True)
        self._log = log
        deadline = time.monotonic() + 120
        while True:
            try:
                if self.request("GET", "/hub/health")[0] == 200:
                    return
            except OSError:
                pass
            assert self.proc.poll() is None, (self.logs / "jupyterhub.log").read_text()[-4000:]
            assert time.monotonic() < deadline, "the hub did not answer in 120 s"
            time.sleep(1)

    def stop(self):
        if self.proc is not None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                _stop([self.proc.pid])
            self._log.close()
            self.proc = None

    def request(self, method, path, body=None, token=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        if token:
            request.add_header("Authorization", f"token {token}")
        try:
            with urllib.request.urlopen(request, timeout=60, context=self.tls) as r:
                text = r.read().decode()
                return r.status, (json.loads(text) if text.strip()[:1] in ("[", "{") else text)
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    def login(self, name, password):
        """A token of ``name``'s own, asked for with their password (PAM), over https: the
        login form first (as a browser would; it makes the user known to the hub), then the
        token API with the password."""
        import http.cookiejar
        import urllib.parse

        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar),
                                             urllib.request.HTTPSHandler(context=self.tls))
        opener.open(f"{self.url}/hub/login", timeout=60).read()
        xsrf = next(c.value for c in jar if c.name == "_xsrf")
        form = urllib.parse.urlencode({"username": name, "password": password, "_xsrf": xsrf})
        with opener.open(f"{self.url}/hub/login?next=/hub/home", data=form.encode(),
                         timeout=60) as page:
            assert "/hub/home" in page.url or "/hub/spawn" in page.url or "/user/" in page.url, (
                name, page.url)
        status, reply = self.request("POST", f"/hub/api/users/{name}/tokens",
                                     {"auth": {"username": name, "password": password}})
        assert status in (200, 201), (name, status, reply)
        return reply["token"]

    def spawn(self, name, token):
        status, reply = self.request("POST", f"/hub/api/users/{name}/server", token=token)
        assert status in (201, 202), (status, reply)
        self.wait_ready(name, token)

    def wait_ready(self, name, token, timeout=240):
        deadline = time.monotonic() + timeout
        while True:
            status, user = self.request("GET", f"/hub/api/users/{name}", token=token)
            server = user.get("servers", {}).get("", {}) if status == 200 else {}
            if server.get("ready"):
                return
            assert time.monotonic() < deadline, f"{name}'s server was not ready: {user}"
            time.sleep(1)


def _server_pid(name):
    """The process id of ``name``'s jupyterhub-singleuser (their JupyterLab)."""
    out = subprocess.run(["pgrep", "-u", name, "-f", "jupyterhub-singleuser"],
                         capture_output=True, text=True).stdout.split()
    assert len(out) == 1, f"{name}: singleuser processes {out}"
    return int(out[0])


def _groups_of(pid):
    """{controller or 'unified': the group's folder} of a process."""
    groups = {}
    for line in Path(f"/proc/{pid}/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if controllers == "":
            groups["unified"] = CGROUP / path.lstrip("/")
        for controller in ("memory", "cpu"):
            if controller in controllers.split(","):
                groups[controller] = CGROUP / controller / path.lstrip("/")
    if "memory" in groups:  # v1 (a "0::/" line of a hybrid layout names no controller)
        groups.pop("unified", None)
    return groups


def _oom_kills(pid):
    groups = _groups_of(pid)
    if "memory" in groups:
        text = (groups["memory"] / "memory.oom_control").read_text()
    else:
        text = (groups["unified"] / "memory.events").read_text()
    return int(dict(line.split() for line in text.splitlines())["oom_kill"])


def _kernel(hub, name, token):
    """A new kernel in ``name``'s server (its REST API, through the hub), and a client to it
    (as root, from its connection file in the student's runtime folder)."""

    status, kernel = hub.request("POST", f"/user/{name}/api/kernels", {"name": "python3"},
                                 token=token)
    assert status == 201, (status, kernel)
    return kernel["id"], _connect(name, kernel["id"])


def _connect(name, kernel_id):
    """A client to a kernel of ``name``'s, once it answers."""
    from jupyter_client import BlockingKernelClient

    home = Path(f"/home/{name}")
    (connection,) = home.glob(f".local/share/jupyter/runtime/kernel-{kernel_id}.json")
    client = BlockingKernelClient()
    client.load_connection_file(str(connection))
    client.start_channels(hb=False)  # (a heartbeat not yet beating reads as a dead kernel)
    deadline = time.monotonic() + 180
    while True:  # the kernel answers kernel_info once it is up
        client.kernel_info()
        try:
            if client.get_shell_msg(timeout=2)["msg_type"] == "kernel_info_reply":
                break
        except Exception:  # queue.Empty: not up yet
            assert time.monotonic() < deadline, f"{name}'s kernel did not answer in 180 s"
    return client


def _execute(client, code, timeout=300):
    """Run ``code``; (reply status, every text the cell printed, its error if any)."""
    texts = []

    def hook(msg):
        content = msg["content"]
        if msg["msg_type"] == "stream":
            texts.append(content["text"])
        elif msg["msg_type"] == "error":
            texts.append("\n".join(content["traceback"]))

    reply = client.execute_interactive(code, timeout=timeout, output_hook=hook)
    return reply["content"]["status"], "".join(texts)


def _run_lesson(hub, name, token, result):
    """Every code cell of lesson 06 in a kernel of ``name``'s server; ``result`` gets the
    seconds and the first error (None if none)."""
    try:
        t0 = time.monotonic()
        _, client = _kernel(hub, name, token)
        cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            if cell["cell_type"] != "code":
                continue
            status, text = _execute(client, "".join(cell["source"]))
            if status != "ok":
                result["error"] = text[-2000:]
                return
        result["error"], result["seconds"] = None, time.monotonic() - t0
        client.stop_channels()
    except Exception as e:  # reported by the test's assertion, with the lesson's name
        result["error"] = repr(e)


def _tree(folder):
    """{relative path: (mode, uid, gid, sha256 or None)} of everything under ``folder``."""
    import hashlib

    out = {}
    for path in sorted([folder, *folder.rglob("*")]):
        st = path.lstat()
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None
        out[str(path.relative_to(folder))] = (st.st_mode, st.st_uid, st.st_gid, digest)
    return out


def _dump(database):
    import sqlite3

    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        return list(db.iterdump())


# --- the server -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def server():
    _require()
    logs = REPO / "tests/e2e/artifacts/class-server-ops"
    shutil.rmtree(logs, ignore_errors=True)
    logs.mkdir(parents=True)
    created, hub = [], None
    try:
        t0 = time.monotonic()
        (logs / "install.log").write_text(
            _run(["bash", str(RECIPE / "install.sh")], env=_env(), timeout=1500))
        install_s = time.monotonic() - t0
        tls = ROOT / "tls"
        _run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
              "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
              "-keyout", str(tls / "privkey.pem"), "-out", str(tls / "fullchain.pem")])
        created.extend([TEACHER, HOG, CALM])
        out = _run(["bash", str(RECIPE / "add-students.sh"), "--teacher", TEACHER], env=_env())
        out += _run(["bash", str(RECIPE / "add-students.sh"), HOG, CALM], env=_env())
        passwords = dict(line.split() for line in out.splitlines() if line.strip())
        hub = Hub(logs)
        hub.start()
        print(f"class-server-ops: install {install_s:.0f} s, hub up "
              f"{time.monotonic() - t0 - install_s:.0f} s, load {os.getloadavg()[0]:.1f}")
        yield {"hub": hub, "passwords": passwords, "created": created, "logs": logs}
    finally:
        if hub is not None:
            hub.stop()
        for name in created:  # cleanup_servers is off: the servers outlive the hub
            _stop(_pids_of(name))
        for name in created:
            subprocess.run(["userdel", "--remove", name], capture_output=True)
        for group in GROUPS.values():
            subprocess.run(["groupdel", group], capture_output=True)
        users = sorted(CGROUP.glob("**/binms-class/binms-op-*"))
        # the users' groups, then their parent if no other hub test uses it
        for folder in [*users, *{f.parent for f in users}]:
            try:
                folder.rmdir()
            except OSError:
                pass
        for state in ("exchange", "jupyterhub.sqlite", "jupyterhub_cookie_secret",
                      "jupyterhub-proxy.pid", "backups", "tls", *(
                          p.name for p in ROOT.glob("*.before-restore-*"))):
            path = ROOT / state
            if path.is_dir():
                shutil.rmtree(path, ignore_errors=True)
            elif path.exists():
                path.unlink()


# --- the tests, in this order (they share the hub and its students) --------------------
def test_over_the_limit_the_kernel_stops_with_a_message_and_the_others_go_on(server):
    hub, passwords = server["hub"], server["passwords"]
    tokens = server["tokens"] = {n: hub.login(n, passwords[n]) for n in (HOG, CALM)}
    for name in (HOG, CALM):
        hub.spawn(name, tokens[name])
    lab = server["lab_pid"] = _server_pid(HOG)
    # each JupyterLab in a group of its own, with the limits of the configuration
    groups = {name: _groups_of(_server_pid(name)) for name in (HOG, CALM)}
    assert groups[HOG] != groups[CALM]
    for name, group in groups.items():
        assert all(g.name == name for g in group.values()), group
        if "memory" in group:
            assert int((group["memory"] / "memory.limit_in_bytes").read_text()) == MEM_LIMIT
            assert (group["cpu"] / "cpu.cfs_quota_us").read_text().strip() == str(
                int((group["cpu"] / "cpu.cfs_period_us").read_text()))
        else:
            assert int((group["unified"] / "memory.max").read_text()) == MEM_LIMIT
    kills = _oom_kills(lab)

    # the second student's lesson runs while the first fills their memory
    lesson = {}
    calm = threading.Thread(target=_run_lesson, args=(hub, CALM, tokens[CALM], lesson))
    calm.start()
    kernel_id, client = _kernel(hub, HOG, tokens[HOG])
    (kernel_pid,) = [int(p) for p in subprocess.run(
        ["pgrep", "-u", HOG, "-f", f"kernel-{kernel_id}"], capture_output=True,
        text=True).stdout.split()]
    assert _groups_of(kernel_pid) == groups[HOG]  # the kernel shares the student's group
    client.execute("import numpy as np\nblocks = []\n"
                   "while True:\n    blocks.append(np.ones(2**24))  # 128 MiB at a time\n")
    deadline = time.monotonic() + 120
    while _alive(kernel_pid):
        assert time.monotonic() < deadline, "the kernel over the limit was not stopped"
        time.sleep(0.5)
    assert _oom_kills(lab) > kills  # the OOM killer of the student's group took it
    assert _alive(lab) and _server_pid(HOG) == lab  # not their JupyterLab
    # the server restarts the kernel (JupyterLab: "The kernel ... appears to have died. It
    # will restart automatically."); the first cell run in it says what happened
    deadline = time.monotonic() + 180
    while True:
        again = subprocess.run(["pgrep", "-u", HOG, "-f", f"kernel-{kernel_id}"],
                               capture_output=True, text=True).stdout.split()
        if again:
            break
        assert time.monotonic() < deadline, "the server did not restart the kernel"
        time.sleep(1)
    client.stop_channels()
    client = _connect(HOG, kernel_id)
    status, text = _execute(client, "1 + 1")
    assert status == "ok" and "ran out of memory" in text and "0.75 GiB" in text, text
    print(f"class-server-ops: the student's next cell printed:\n{text}")
    assert "ran out of memory" not in _execute(client, "2 + 2")[1]
    client.stop_channels()

    calm.join(timeout=600)
    assert not calm.is_alive() and lesson.get("error", "no result") is None, lesson
    assert _oom_kills(_server_pid(CALM)) == 0
    print(f"class-server-ops: lesson 06 beside the stopped kernel {lesson['seconds']:.0f} s, "
          f"load {os.getloadavg()[0]:.1f}")


def test_https_only(server):
    hub = server["hub"]
    assert hub.request("GET", "/hub/health")[0] == 200  # https, checked against the cert
    plain = f"http://127.0.0.1:{hub.port}/hub/login"
    with pytest.raises((urllib.error.URLError, ConnectionError, OSError)):
        with urllib.request.urlopen(plain, timeout=20) as r:
            assert r.status != 200


def test_a_new_student_logs_in_without_a_restart(server):
    hub = server["hub"]
    hub_pid, lab = hub.proc.pid, server["lab_pid"]
    server["created"].append(LATE)
    out = _run(["bash", str(RECIPE / "add-students.sh"), LATE], env=_env())
    name, password = out.split()
    token = hub.login(name, password)
    hub.spawn(name, token)
    assert hub.proc.pid == hub_pid and hub.proc.poll() is None
    assert _alive(lab) and _server_pid(HOG) == lab
    # someone outside the class's groups is not let in, even with the right password
    subprocess.run(["gpasswd", "-d", LATE, GROUPS["BINMS_CLASS_STUDENTS_GROUP"]],
                   capture_output=True, check=True)
    status, _ = hub.request("POST", f"/hub/api/users/{LATE}/tokens",
                            {"auth": {"username": LATE, "password": password}})
    assert status == 403


def test_state_is_root_only(server):
    for state in ("jupyterhub.sqlite", "jupyterhub_cookie_secret", "jupyterhub-proxy.pid",
                  "tls/privkey.pem"):
        assert (ROOT / state).stat().st_mode & 0o077 == 0, state
    for folder in ("backups", "tls"):
        assert (ROOT / folder).stat().st_mode & 0o777 == 0o700, folder
    denied = subprocess.run(["runuser", "-u", HOG, "--", "cat", str(ROOT / "jupyterhub.sqlite")],
                            capture_output=True)
    assert denied.returncode != 0


def test_backup_and_restore(server):
    # a gradebook with a student in it (nbgrader's own command, as the teacher) ...
    course = Path(f"/home/{TEACHER}/course")
    env = ["env", f"PATH={ROOT / 'venv/bin'}:/usr/bin:/bin", f"HOME=/home/{TEACHER}"]
    _run([*env, "nbgrader", "db", "student", "add", HOG, "--first-name=Ada"], user=TEACHER,
         cwd=course)
    # ... and an exchange with a release and a submission, each file its owner's
    exchange = ROOT / "exchange"
    files = {"binms-teach/outbound/a1/a1.ipynb": TEACHER,
             f"binms-teach/inbound/{HOG}+a1+2026-01-01 10:00:00.000000 UTC/a1.ipynb": HOG}
    for relative, owner in files.items():
        path = exchange / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"owner": owner}))
        shutil.chown(path, owner, owner)
        shutil.chown(path.parent, owner, owner)
    before_exchange, before_gradebook = _tree(exchange), _dump(course / "gradebook.db")
    before_course = _tree(course)

    out = _run(["bash", str(ROOT / "backup.sh")], env=_env())
    (backup,) = list((ROOT / "backups").iterdir())
    assert backup.stat().st_mode & 0o777 == 0o700, out
    assert all(p.stat().st_mode & 0o077 == 0 for p in backup.iterdir())
    # lost: the exchange removed, the gradebook's student gone, a course file damaged
    shutil.rmtree(exchange)
    _run([*env, "nbgrader", "db", "student", "remove", HOG, "--force"], user=TEACHER, cwd=course)
    assert _dump(course / "gradebook.db") != before_gradebook
    (course / "nbgrader_config.py").write_text("# damaged\n")
    # a damaged backup is refused, and nothing is touched
    damaged = ROOT / "backups" / "damaged"
    shutil.copytree(backup, damaged)
    (damaged / "exchange.tar").write_bytes((damaged / "exchange.tar").read_bytes()[:-512])
    refused = subprocess.run(["bash", str(ROOT / "restore.sh"), str(damaged)], env=_env(),
                             capture_output=True, text=True)
    assert refused.returncode != 0 and "damaged" in refused.stderr, refused
    assert not exchange.exists()
    # the good one restores both as they were
    _run(["bash", str(ROOT / "restore.sh"), str(backup)], env=_env())
    assert _tree(exchange) == before_exchange
    assert _dump(course / "gradebook.db") == before_gradebook

    def without_gradebook(tree):
        return {k: v for k, v in tree.items() if not k.startswith("gradebook.db")}

    assert without_gradebook(_tree(course)) == without_gradebook(before_course)
    assert (course / "gradebook.db").stat().st_uid == before_course["gradebook.db"][1]


def test_restart_keeps_the_servers_and_the_culler_stops_an_idle_one(server):
    hub, lab = server["hub"], server["lab_pid"]
    log_path = server["logs"] / "jupyterhub.log"
    found = f"{HOG} still running"  # what JupyterHub logs when it resumes a running server
    seen_before = log_path.read_text().count(found)
    hub.stop()
    assert _alive(lab) and _server_pid(HOG) == lab  # the servers outlive the hub
    hub.start(BINMS_CLASS_CULL_TIMEOUT="20", BINMS_CLASS_CULL_EVERY="5")
    token = server["tokens"][HOG]
    # The hub found the server again: read from its log (written before it answers), not from
    # the API, which on a loaded machine may already show the server culled (idle > 20 s).
    assert log_path.read_text().count(found) > seen_before, log_path.read_text()[-4000:]
    deadline = time.monotonic() + 150
    while _alive(lab):
        assert time.monotonic() < deadline, "the idle culler did not stop the idle server"
        time.sleep(2)
    while True:  # and the hub has it stopped (pending "stop" a moment first)
        status, user = hub.request("GET", f"/hub/api/users/{HOG}", token=token)
        if status == 200 and "" not in user.get("servers", {}):
            break
        assert time.monotonic() < deadline + 30, user
        time.sleep(1)
    assert "idle-culler" in log_path.read_text()
