"""End-to-end: the Kubernetes route's exchange, ngshare, with one hub on this machine.

On Kubernetes every student's pod runs as the same Unix user (``jovyan``), so nbgrader's
shared-folder exchange cannot tell students apart; docs/class-server/kubernetes.md uses ngshare,
a JupyterHub service that files each submission under the user the hub names for the token
that came with it. This test plays a cluster on one machine, as close as one machine allows:

- the recipe's venv (``install.sh`` into its own ``BINMS_K8S_ROOT``) with the students' image's
  extra package (``kubernetes/requirements.txt``, ``pip install --no-deps``), and ngshare in a
  venv of its own (``kubernetes/ngshare-requirements.txt``), as in its own pod;
- a JupyterHub with no logins and the proxy on 127.0.0.1, ngshare beside it as an external
  service (as ngshare's own chart runs it, reached through the proxy at /services/ngshare);
- a teacher and two students, each given by the hub a token with the scopes of a server's own
  token, each with a home of their own ("their pod's volume"), and every nbgrader command run
  as one and the same unprivileged Unix user, ``binms-ng-jovyan``, with the students' nbgrader
  configuration taken from ``values.yaml`` (only the proxy's address changed).

Asserted: the teacher creates the course and releases an assignment; both students fetch and
submit it; the teacher collects each submission under its student's name. A student who
claims another's name (``JUPYTERHUB_USER``, what nbgrader's own commands believe) still has the
submission filed under their own; a student cannot download another's submission, release an
assignment or collect; a request without a valid token is refused. Not tried: helm, a cluster,
the images, storage classes (docs/class-server/kubernetes.md says so).

Needs root, npm, git, /usr/bin/python3 with venv; skipped (failed under ``CI=true``) otherwise.
The Unix user, the processes and the state it made are removed at the end; the venv stays.
Run it with ``pytest -m hub tests/e2e/test_class_server_k8s.py`` (about 1-2 minutes once the
venv exists).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import yaml

from tests import guards

pytestmark = [pytest.mark.e2e, pytest.mark.hub]

REPO = Path(__file__).resolve().parents[2]
RECIPE = REPO / "docs" / "class-server"
ROOT = Path(os.environ.get("BINMS_K8S_ROOT", "/opt/binms-k8s-test"))
NG_VENV = ROOT / "ngshare-venv"
JOVYAN = "binms-ng-jovyan"  # the one Unix user of every "pod"
TEACHER, ADA, BEN = "binms-ng-teacher", "binms-ng-ada", "binms-ng-ben"
COURSE, ASSIGNMENT = "binms-teach", "01_binary_data_and_hamming"
IN_CLUSTER_URL = "http://proxy-public/services/ngshare"
# ngshare listens on every interface of its pod; here, on loopback only
NGSHARE = """import sys
import tornado.httpserver
listen = tornado.httpserver.HTTPServer.listen
def loopback(self, port, address=""):
    return listen(self, port, "127.0.0.1")
tornado.httpserver.HTTPServer.listen = loopback
from ngshare.ngshare import main
main(sys.argv[1:])
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _run(cmd, *, env=None, cwd=None, timeout=600, ok=True):
    result = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True,
                            timeout=timeout)
    if ok:
        assert result.returncode == 0, f"{cmd} failed:\n{result.stdout}\n{result.stderr}"
    return result


def _wait(url, proc, log, timeout=120):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return  # 200: up, and the proxy's route to it is in place
        except OSError:  # refused, or 404 while the hub is still adding the proxy's routes
            pass
        assert proc.poll() is None, Path(log).read_text()[-3000:]
        time.sleep(0.5)
    raise AssertionError(f"{url} did not answer in {timeout} s")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # a redirect (to a login page) is an answer here, not a place to go


_OPENER = urllib.request.build_opener(_NoRedirect)


def _request(method, url, token=None, data=None):
    """(status, decoded JSON or text) of one HTTP request; redirects are not followed."""
    headers = {"Authorization": f"token {token}"} if token else {}
    body = None
    if data is not None:
        body = json.dumps(data).encode()
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(url, data=body, headers=headers, method=method)
    try:
        with _OPENER.open(request, timeout=60) as answer:
            status, text = answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode(errors="replace")
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


@pytest.fixture(scope="module")
def cluster():
    """The hub, the proxy and ngshare up; every person's token and home. Yields a dict."""
    if os.geteuid() != 0:
        guards.missing("the k8s exchange test creates a Unix user: run it as root")
    for tool in ("npm", "git", "useradd", "userdel", "runuser"):
        if shutil.which(tool) is None:
            guards.missing(f"{tool} is missing (Debian: apt-get install npm git passwd)")
    if subprocess.run(["id", JOVYAN], capture_output=True).returncode == 0:
        pytest.fail(f"a Unix user {JOVYAN} exists already: remove it first (userdel -r {JOVYAN})",
                    pytrace=False)
    env = dict(os.environ, BINMS_CLASS_ROOT=str(ROOT))
    _run(["bash", str(RECIPE / "install.sh")], env=env, timeout=1500)
    pip = ["-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    _run([str(ROOT / "venv/bin/python"), *pip, "--no-deps",
          "-r", str(RECIPE / "kubernetes/requirements.txt")])
    # ngshare in an environment of its own, as in its own pod (it needs SQLAlchemy 1.4)
    if not (NG_VENV / "bin/python").exists():
        _run(["/usr/bin/python3", "-m", "venv", str(NG_VENV)])
    _run([str(NG_VENV / "bin/python"), *pip, "-r",
          str(RECIPE / "kubernetes/ngshare-requirements.txt")])

    secret = Path(tempfile.mkdtemp(prefix="binms-k8s-"))  # root only: the hub's and ngshare's
    pods = Path(tempfile.mkdtemp(prefix="binms-pods-"))
    pods.chmod(0o755)
    procs, logs, made_user = [], [], False
    try:
        _run(["useradd", "--no-create-home", "--shell", "/usr/sbin/nologin", JOVYAN])
        made_user = True
        url = f"http://127.0.0.1:{_free_port()}"
        ng_port, admin_token, ng_token = _free_port(), secrets.token_hex(32), secrets.token_hex(32)
        (secret / "jupyterhub_config.py").write_text(f"""
c = get_config()  # noqa
c.JupyterHub.bind_url = {url!r}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {_free_port()}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{_free_port()}"
c.ConfigurableHTTPProxy.command = [{str(ROOT / "node/node_modules/.bin/configurable-http-proxy")!r}]
c.ConfigurableHTTPProxy.pid_file = {str(secret / "proxy.pid")!r}
c.JupyterHub.db_url = "sqlite:///{secret / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = {str(secret / "cookie_secret")!r}
c.JupyterHub.authenticator_class = "null"  # nobody logs in: the test holds the tokens
c.Authenticator.allowed_users = {{{TEACHER!r}, {ADA!r}, {BEN!r}}}
c.JupyterHub.services = [
    {{"name": "ngshare", "url": "http://127.0.0.1:{ng_port}", "api_token": {ng_token!r}}},
    {{"name": "binms-test", "api_token": {admin_token!r}}},
]
c.JupyterHub.load_roles = [{{"name": "binms-test", "services": ["binms-test"],
                             "scopes": ["admin:users", "tokens"]}}]
""")
        hub_log = secret / "jupyterhub.log"
        logs.append(hub_log)
        procs.append(subprocess.Popen(
            [str(ROOT / "venv/bin/jupyterhub"), "-f", str(secret / "jupyterhub_config.py")],
            cwd=secret, stdout=open(hub_log, "w"), stderr=subprocess.STDOUT,  # noqa: SIM115
            start_new_session=True))
        _wait(f"{url}/hub/health", procs[-1], hub_log)
        # ngshare as its chart runs it: an external service of the hub, with its token
        ng_log = secret / "ngshare.log"
        logs.append(ng_log)
        procs.append(subprocess.Popen(
            [str(NG_VENV / "bin/python"), "-c", NGSHARE,
             "--database", f"sqlite:///{secret / 'ngshare.db'}",
             "--storage", str(secret / "ngshare-files") + "/", "--admins", TEACHER],
            cwd=secret, stdout=open(ng_log, "w"), stderr=subprocess.STDOUT,  # noqa: SIM115
            start_new_session=True,
            env=dict(os.environ, JUPYTERHUB_API_URL=f"{url}/hub/api",
                     JUPYTERHUB_API_TOKEN=ng_token, JUPYTERHUB_CLIENT_ID="service-ngshare",
                     JUPYTERHUB_SERVICE_PREFIX="/services/ngshare/",
                     JUPYTERHUB_SERVICE_URL=f"http://127.0.0.1:{ng_port}")))
        _wait(f"{url}/services/ngshare/healthz", procs[-1], ng_log)

        # the students' nbgrader configuration, as values.yaml mounts it in every pod
        values = yaml.safe_load((RECIPE / "kubernetes/values.yaml").read_text())
        config = values["singleuser"]["extraFiles"]["nbgrader-config"]["stringData"]
        assert IN_CLUSTER_URL in config
        etc = pods / "etc-jupyter"
        etc.mkdir()
        (etc / "nbgrader_config.py").write_text(
            config.replace(IN_CLUSTER_URL, f"{url}/services/ngshare"))
        etc.chmod(0o755)

        people = {}
        for name in (TEACHER, ADA, BEN):
            # the scopes JupyterHub gives a server's own token (its `server` role)
            status, token = _request(
                "POST", f"{url}/hub/api/users/{name}/tokens", admin_token,
                {"scopes": [f"access:servers!user={name}", f"users:activity!user={name}"],
                 "note": "as the token of the user's server"})
            assert status in (200, 201), token
            home = pods / name
            home.mkdir()
            shutil.chown(home, JOVYAN, JOVYAN)
            home.chmod(0o700)
            people[name] = {"token": token["token"], "home": home}
        yield {"url": url, "people": people, "etc": etc, "logs": logs}
    except BaseException:
        for log in logs:  # what the hub and ngshare said, for the failure's report
            print(f"--- {log.name}\n{log.read_text()[-3000:]}")
        raise
    finally:
        for proc in reversed(procs):
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)
        if made_user:
            ps = subprocess.run(["ps", "-u", JOVYAN, "-o", "pid="], capture_output=True,
                                text=True)
            for pid in ps.stdout.split():
                try:
                    os.kill(int(pid), signal.SIGKILL)
                except ProcessLookupError:
                    pass
            subprocess.run(["userdel", JOVYAN], capture_output=True)
        shutil.rmtree(secret, ignore_errors=True)
        shutil.rmtree(pods, ignore_errors=True)


def _as(cluster, name, *cmd, claim=None, cwd=None, ok=True):
    """``cmd`` in ``name``'s "pod": the one Unix user, their home and their hub token;
    ``claim`` sets the user name the pod's environment states (a forger's)."""
    person = cluster["people"][name]
    env = {"PATH": f"{ROOT / 'venv/bin'}:/usr/bin:/bin", "HOME": str(person["home"]),
           "USER": "jovyan", "LANG": "C.UTF-8", "JUPYTERHUB_USER": claim or name,
           "JUPYTERHUB_API_TOKEN": person["token"],
           "JUPYTER_CONFIG_PATH": str(cluster["etc"])}
    return _run(["runuser", "-u", JOVYAN, "--", "env", "-i",
                 *(f"{k}={v}" for k, v in env.items()), *cmd],
                cwd=cwd or person["home"], ok=ok)


def _ngshare(cluster, method, path, name=None, token=None):
    token = token or (cluster["people"][name]["token"] if name else None)
    return _request(method, f"{cluster['url']}/services/ngshare{path}", token)


def _mark(notebook: Path, text: str):
    """Put ``text`` into the first answer of ``notebook`` (what a student typed)."""
    nb = json.loads(notebook.read_text())
    cell = next(c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("solution"))
    cell["source"] = f"# {text}\n"
    notebook.write_text(json.dumps(nb))


def _collected_text(cluster, student) -> str:
    folder = cluster["people"][TEACHER]["home"] / "course/submitted" / student / ASSIGNMENT
    return "".join(p.read_text() for p in sorted(folder.glob("*.ipynb")))


def test_ngshare_files_each_submission_under_the_hub_user(cluster):
    people = cluster["people"]
    course = people[TEACHER]["home"] / "course"
    _as(cluster, TEACHER, "binms-teach", "nbgrader", str(course))
    _as(cluster, TEACHER, "ngshare-course-management", "create_course", COURSE, TEACHER,
        cwd=course)
    for student in (ADA, BEN):
        _as(cluster, TEACHER, "ngshare-course-management", "add_student", COURSE, student,
            cwd=course)
    _as(cluster, TEACHER, "nbgrader", "generate_assignment", ASSIGNMENT, cwd=course)
    _as(cluster, TEACHER, "nbgrader", "release_assignment", ASSIGNMENT, cwd=course)

    # each student fetches, answers (a text of their own) and submits, from their own pod
    for student in (ADA, BEN):
        said = _as(cluster, student, "nbgrader", "fetch_assignment", ASSIGNMENT)
        fetched = sorted((people[student]["home"] / ASSIGNMENT).glob("*.ipynb"))
        assert fetched, (f"{student} fetched nothing: {said.stdout}{said.stderr}",
                         sorted(p.name for p in people[student]["home"].rglob("*")))
        _mark(fetched[0], f"answered by {student}")
        _as(cluster, student, "nbgrader", "submit", ASSIGNMENT)

    # Ben claims to be Ada: the environment says Ada, the token is Ben's
    forged = sorted((people[BEN]["home"] / ASSIGNMENT).glob("*.ipynb"))[0]
    _mark(forged, f"FORGED by {BEN}")
    time.sleep(1.1)  # a later timestamp than Ada's own submission, to the second
    _as(cluster, BEN, "nbgrader", "submit", ASSIGNMENT, claim=ADA)

    status, listing = _ngshare(cluster, "GET", f"/submissions/{COURSE}/{ASSIGNMENT}", TEACHER)
    assert status == 200, listing
    by_student = {}
    for entry in listing["submissions"]:
        by_student.setdefault(entry["student_id"], []).append(entry["timestamp"])
    # Ada submitted once; Ben twice (his own, and the one in Ada's name, filed as his)
    assert {s: len(t) for s, t in by_student.items()} == {ADA: 1, BEN: 2}

    _as(cluster, TEACHER, "nbgrader", "collect", ASSIGNMENT, cwd=course)
    ada, ben = _collected_text(cluster, ADA), _collected_text(cluster, BEN)
    assert f"answered by {ADA}" in ada and "FORGED" not in ada
    assert f"FORGED by {BEN}" in ben  # Ben's latest, under Ben's name


def test_a_student_reaches_nothing_of_another_or_of_the_teacher(cluster):
    """Run after the cycle above (same module): the submissions exist."""
    status, answer = _ngshare(cluster, "GET", f"/submission/{COURSE}/{ASSIGNMENT}/{ADA}", BEN)
    assert status == 403, answer  # another's submission: instructors only
    status, answer = _ngshare(cluster, "GET", f"/submissions/{COURSE}/{ASSIGNMENT}", BEN)
    assert status == 403, answer  # the class's submissions
    status, answer = _ngshare(cluster, "POST", f"/assignment/{COURSE}/{ASSIGNMENT}", BEN)
    assert status == 403, answer  # (re)release an assignment
    # ... and the same refusals through nbgrader's own commands in Ben's pod
    result = _as(cluster, BEN, "nbgrader", "collect", "--course", COURSE, ASSIGNMENT, ok=False)
    assert not (cluster["people"][BEN]["home"] / "submitted").exists(), result.stdout
    # no token, or a made-up one: nothing
    for token in (None, secrets.token_hex(32)):
        status, answer = _ngshare(cluster, "GET", "/courses", token=token)
        assert status in (302, 403) or (isinstance(answer, dict) and not answer.get("success"))
    # the teacher does see them, so the refusals above are about Ben, not the route
    status, answer = _ngshare(cluster, "GET", f"/submission/{COURSE}/{ASSIGNMENT}/{ADA}",
                              TEACHER)
    assert status == 200 and answer["success"], answer
