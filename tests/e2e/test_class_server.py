"""End-to-end: the class server of docs/class-server.md, set up by its own scripts, used by a class.

As root, the test runs ``docs/class-server/install.sh`` and ``add-students.sh`` (one Unix user
and password per student), starts JupyterHub from the recipe's ``jupyterhub_config.py`` on
127.0.0.1, and then, in headless Chromium, three students each:

1. log in with their own password (PAM, the recipe's authenticator) and get their JupyterLab,
   running as their own Unix user;
2. open lesson 06 through an nbgitpuller link (the lessons' git repository on the server),
   run it (Run > Run All Cells) and see the ascent explorer's slider render;
3. fetch the teacher's assignment, answer it and submit it, through their own server
   (nbgrader's assignment list service and the contents API, called from the page, as that
   student, through the hub): one with the worked solutions, one with nothing, one with a
   planted mistake (a Hamming distance that counts the agreements).

The teacher (a Unix user too) releases, collects, autogrades and releases the feedback with
nbgrader's own commands; the students fetch their feedback. Asserted: three submissions filed
under the three names, and the autograded scores full marks, 0, and full marks less the points
of the planted question, each computed from the assignment's source; each student's feedback
page carries their own score.

Needs root (useradd), npm, git, /usr/bin/python3 with venv, Chromium and Playwright: where one
is missing the test is skipped with the reason, and under ``CI=true`` it fails. Every user,
process and state file it made is removed at the end, also on failure; the recipe's venv under
``BINMS_CLASS_ROOT`` (default /opt/binms-class-test) stays for the next run (install.sh
updates it). Run it with ``pytest -m hub tests/e2e/test_class_server.py`` (``make test-hub``).
"""

from __future__ import annotations

import json
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests import guards

pytestmark = [pytest.mark.e2e, pytest.mark.hub]

REPO = Path(__file__).resolve().parents[2]
RECIPE = REPO / "docs" / "class-server"
ROOT = Path(os.environ.get("BINMS_CLASS_ROOT", "/opt/binms-class-test"))
TEACHER = "binms-teacher"
# who answers how: the worked solutions, nothing, the solutions with one planted mistake
STUDENTS = {"binms-ada": "full", "binms-ben": "blank", "binms-cyd": "slip"}
COURSE_ID = "binms-teach"
ASSIGNMENT = "01_binary_data_and_hamming"
PLANTED = "01.hamming"  # the question the "slip" student gets wrong
GRADER = "binms-grader"  # install.sh's sandbox user, the one autograde runs answers as
ATTACKER = "binms-ben"  # the student who also tries every attack (and still scores 0)
LESSON = "06_binary_gradient_ascent.ipynb"  # the lesson with the ascent explorer
SPAWN_TIMEOUT = 240  # s: a JupyterLab on two busy cores
# s: lesson 06, Run All Cells, on two busy cores
RUN_TIMEOUT = int(os.environ.get("BINMS_CLASS_RUN_TIMEOUT", 300))


# --- helpers ----------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _run(cmd, *, user=None, cwd=None, env=None, timeout=900) -> str:
    """Run ``cmd`` (as ``user`` through runuser when given); its output; fail with it."""
    if user is not None:
        cmd = ["runuser", "-u", user, "--", *cmd]
    result = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=timeout)
    assert result.returncode == 0, f"{cmd} failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout + result.stderr


# Groups of the test's own, so that its users never join a real class's on the same machine.
GROUPS = {"BINMS_CLASS_STUDENTS_GROUP": "binms-cs-students",
          "BINMS_CLASS_TEACHERS_GROUP": "binms-cs-teachers"}


def _recipe_env() -> dict:
    return dict(os.environ, BINMS_CLASS_ROOT=str(ROOT), **GROUPS)


def _nbgrader(*args) -> str:
    """An nbgrader command as the teacher, in the course folder, from the recipe's venv."""
    env = {"PATH": f"{ROOT / 'venv/bin'}:/usr/bin:/bin", "HOME": f"/home/{TEACHER}",
           "LANG": "C.UTF-8"}
    return _run(["env", *(f"{k}={v}" for k, v in env.items()), "nbgrader", *args],
                user=TEACHER, cwd=f"/home/{TEACHER}/course")


def _require_everything():
    if os.geteuid() != 0:
        guards.missing("the class-server test creates Unix users: run it as root "
                       "(sudo .venv/bin/pytest -m hub tests/e2e/test_class_server.py)")
    for tool in ("npm", "git", "useradd", "userdel", "runuser", "chpasswd"):
        if shutil.which(tool) is None:
            guards.missing(f"{tool} is missing (Debian: apt-get install npm git passwd util-linux)")
    if subprocess.run(["/usr/bin/python3", "-c", "import venv, ensurepip"],
                      capture_output=True).returncode != 0:
        guards.missing("/usr/bin/python3 with venv is missing (apt-get install python3-venv)")
    if not os.access("/usr/bin/chromium", os.X_OK):
        guards.missing("/usr/bin/chromium is missing: bash tools/install_chromium.sh")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        guards.missing("the Python package playwright is missing: pip install -e '.[dev]'")
    for name in (TEACHER, *STUDENTS):
        if subprocess.run(["id", name], capture_output=True).returncode == 0:
            pytest.fail(f"a Unix user {name} exists already: the test would take it over and "
                        f"delete it; remove it first (userdel -r {name})", pytrace=False)


def _stop(pids):
    """SIGTERM, then SIGKILL, the given process ids (the test's own processes only)."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        alive = []
        for pid in pids:
            try:
                os.kill(pid, sig)
                alive.append(pid)
            except ProcessLookupError:
                pass
        if not alive:
            return
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(_alive(p) for p in alive):
            time.sleep(0.2)
        pids = [p for p in alive if _alive(p)]


def _alive(pid) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie of ours counts as gone
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


def _pids_of(user) -> list[int]:
    out = subprocess.run(["ps", "-u", user, "-o", "pid="], capture_output=True, text=True)
    return [int(p) for p in out.stdout.split()]


# --- the server -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def class_server():
    """The recipe installed, the users created, the hub running: yields a dict of facts."""
    _require_everything()
    # the logs and the pages of a failure, where the other e2e tests keep theirs
    logs = REPO / "tests/e2e/artifacts/class-server"
    shutil.rmtree(logs, ignore_errors=True)
    logs.mkdir(parents=True)
    created, hub = [], None
    facts = {"logs": logs}
    try:
        t0 = time.monotonic()
        (logs / "install.log").write_text(
            _run(["bash", str(RECIPE / "install.sh")], env=_recipe_env(), timeout=1500))
        facts["install_s"] = time.monotonic() - t0
        created.append(TEACHER)
        out = _run(["bash", str(RECIPE / "add-students.sh"), "--teacher", TEACHER],
                   env=_recipe_env())
        created.extend(STUDENTS)
        out += _run(["bash", str(RECIPE / "add-students.sh"), *STUDENTS], env=_recipe_env())
        passwords = dict(line.split() for line in out.splitlines() if line.strip())
        assert sorted(passwords) == sorted([TEACHER, *STUDENTS]), out
        facts["passwords"] = passwords

        port = _free_port()
        facts["url"] = url = f"http://127.0.0.1:{port}"
        log = open(logs / "jupyterhub.log", "w")  # noqa: SIM115 (closed in finally)
        facts["hub_log"] = logs / "jupyterhub.log"
        hub = subprocess.Popen(
            [str(ROOT / "venv/bin/jupyterhub"), "-f", str(ROOT / "jupyterhub_config.py"),
             f"--JupyterHub.hub_port={_free_port()}",
             f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{_free_port()}"],
            cwd=ROOT, env=dict(os.environ, BINMS_CLASS_URL=url, **GROUPS), stdout=log,
            stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"{url}/hub/health", timeout=5) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            assert hub.poll() is None, (logs / "jupyterhub.log").read_text()[-4000:]
            assert time.monotonic() < deadline, "the hub did not answer in 120 s"
            time.sleep(1)
        facts["hub_up_s"] = time.monotonic() - t0 - facts["install_s"]
        yield facts
    finally:
        if hub is not None:
            hub.send_signal(signal.SIGTERM)  # the hub stops the users' servers and the proxy
            try:
                hub.wait(timeout=60)
            except subprocess.TimeoutExpired:
                _stop([hub.pid])
            log.close()
        # anything still running as one of the test's users (a kernel, a proxy) is the test's
        for name in created:
            _stop(_pids_of(name))
        for name in created:
            subprocess.run(["userdel", "--remove", name], capture_output=True)
        for group in GROUPS.values():
            subprocess.run(["groupdel", group], capture_output=True)
        # install.sh's sandbox user and its sudoers file (the venv stays; install.sh remakes them)
        _stop(_pids_of(GRADER))
        subprocess.run(["userdel", GRADER], capture_output=True)
        sudoers = "binms-class" + re.sub(r"[^a-zA-Z0-9_-]", "-", str(ROOT))
        Path("/etc/sudoers.d", sudoers).unlink(missing_ok=True)
        # the state the run left under ROOT; the venv and the proxy stay for the next run
        for state in ("exchange", "jupyterhub.sqlite", "jupyterhub_cookie_secret",
                      "jupyterhub-proxy.pid", "students.txt", "teachers.txt"):
            path = ROOT / state
            if path.is_dir():
                shutil.rmtree(path, ignore_errors=True)
            elif path.exists():
                path.unlink()


# --- the browser ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def browser(class_server):
    import lab_driver
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        b = lab_driver.launch_chromium(pw)
        try:
            yield b
        finally:
            b.close()
    finally:
        pw.stop()


def _login(browser, hub, name, password):
    """A fresh browser context, logged in as ``name``, on their running JupyterLab."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(60_000)
    page = context.new_page()
    page.goto(f"{hub}/hub/login")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(rf"/user/{re.escape(name)}/lab"), timeout=SPAWN_TIMEOUT * 1000)
    page.locator(".jp-LabShell").wait_for(timeout=SPAWN_TIMEOUT * 1000)
    return context, page


def _api(page, method, path, body=None):
    """Call the student's own server from their page (their hub cookie and XSRF token)."""
    result = page.evaluate(
        """async ([method, path, body]) => {
            const xsrf = (document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1] || '';
            const r = await fetch(path, {method, credentials: 'same-origin',
              headers: {'X-XSRFToken': decodeURIComponent(xsrf),
                        'Content-Type': 'application/json'},
              body: body === null ? undefined : JSON.stringify(body)});
            return {status: r.status, text: await r.text()};
        }""",
        [method, path, body],
    )
    assert 200 <= result["status"] < 300, (method, path, result)
    return json.loads(result["text"]) if result["text"] else None


def _run_lesson_through_nbgitpuller(page, hub, name):
    """nbgitpuller link -> the lesson opens in the student's home -> Run All -> explorer."""
    link = (f"{hub}/hub/user-redirect/git-pull?repo=file://{ROOT}/lessons.git&branch=main"
            f"&targetpath=lessons&urlpath=lab/tree/lessons/{LESSON}")
    page.goto(link)
    page.wait_for_url(re.compile(rf"/user/{re.escape(name)}/lab/tree/lessons/"),
                      timeout=120_000)
    panel = page.locator(".jp-NotebookPanel")
    panel.first.wait_for()
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first.wait_for(
        timeout=SPAWN_TIMEOUT * 1000)

    # The lesson's kernel: JupyterLab may ask which one to start (the venv's Python 3 is
    # preselected); then wait until the server reports it idle.
    select = page.locator(".jp-Dialog").get_by_role("button", name="Select")
    deadline = time.monotonic() + SPAWN_TIMEOUT
    while True:
        if select.is_visible():
            select.click()
        sessions = _api(page, "GET", f"/user/{name}/api/sessions")
        if any(s["path"] == f"lessons/{LESSON}" and s["kernel"]["execution_state"] == "idle"
               for s in sessions):
            break
        assert time.monotonic() < deadline, f"no idle kernel for the lesson: {sessions}"
        time.sleep(1)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    page.locator(".jp-NotebookPanel .widget-slider").first.wait_for(timeout=RUN_TIMEOUT * 1000)
    errors = page.locator(".jp-NotebookPanel [data-mime-type='application/vnd.jupyter.error']")
    # the lesson ran to its explorer and beyond without an error
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first.wait_for(
        timeout=RUN_TIMEOUT * 1000)
    assert errors.count() == 0, errors.first.inner_text()
    # it is the student's own copy, in their home
    listing = _api(page, "GET", f"/user/{name}/api/contents/lessons")
    assert LESSON in {item["name"] for item in listing["content"]}


def _answers(released, source, how):
    """The released notebook answered as ``how`` says (the cycle test's helpers)."""
    from tests.test_nbgrader_cycle import MISTAKES, _submission

    if how == "blank":
        return _with_attack(released)
    if how == "full":
        return _submission(released, source)
    return _submission(released, source, replace={PLANTED: MISTAKES[PLANTED]})


# An answer that, run by autograde, tries what a student's code must not do as the teacher:
# read the sources (solutions, future assignments), others' submissions, the gradebook and the
# notebook being graded (its hidden tests), and write into the teacher's home. It prints what
# it managed; it raises nothing, so the blank answers still score 0.
ATTACK = f"""
import json as _json, os as _os
_home, _tries = "/home/{TEACHER}", {{}}
def _try(what, act):
    try:
        act()
        _tries[what] = "done"
    except Exception as error:
        _tries[what] = type(error).__name__
_try("list the sources", lambda: _os.listdir(_home + "/course/source"))
_try("read a source notebook", lambda: open(_home + "/course/source/{ASSIGNMENT}/"
     "{ASSIGNMENT}_exercises.ipynb").read())
_try("list the submissions", lambda: _os.listdir(_home + "/course/submitted"))
_try("read ada's submission", lambda: open(_home + "/course/submitted/binms-ada/{ASSIGNMENT}/"
     "{ASSIGNMENT}_exercises.ipynb").read())
_try("list the inbound", lambda: _os.listdir("{ROOT}/exchange/{COURSE_ID}/inbound"))
_try("write the gradebook", lambda: open(_home + "/course/gradebook.db", "r+b").close())
_try("read the notebook being graded", lambda: open("{ASSIGNMENT}_exercises.ipynb").read())
_try("write the teacher's home", lambda: open(_home + "/binms-was-here", "w").close())
print("BINMS-ATTACK", _json.dumps(_tries))
"""


def _with_attack(notebook):
    """``notebook`` with :data:`ATTACK` written before its first answer cell's stub."""
    notebook = json.loads(json.dumps(notebook))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code" and cell["metadata"].get("nbgrader", {}).get("solution"):
            text = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
            cell["source"] = ATTACK + "\n" + text
            return notebook
    raise AssertionError("no answer cell to put the attack in")


def _points(source):
    """{check id: points} of the assignment's locked graded test cells."""
    points = {}
    for cell in source["cells"]:
        meta = cell["metadata"].get("nbgrader", {})
        if cell["cell_type"] == "code" and meta.get("grade") and not meta.get("solution"):
            text = "".join(cell["source"])
            exercise = re.search(r"""graded\(["']([^"']+)["']""", text).group(1)
            points[exercise] = meta["points"]
    return points


def _scores():
    """{student: (autograded score, autograded maximum)} read from the teacher's gradebook
    by the recipe's own nbgrader, as the teacher."""
    code = (
        "import json\nfrom nbgrader.api import Gradebook\n"
        "out = {}\n"
        "with Gradebook('sqlite:///gradebook.db') as gb:\n"
        f"    for s in gb.find_assignment('{ASSIGNMENT}').submissions:\n"
        "        grades = [g for nb in s.notebooks for g in nb.grades "
        "if g.name.startswith('test_')]\n"
        "        out[s.student.id] = (sum(g.score for g in grades), "
        "sum(g.max_score for g in grades))\n"
        "print(json.dumps(out))\n")
    out = _run([str(ROOT / "venv/bin/python"), "-c", code], user=TEACHER,
               cwd=f"/home/{TEACHER}/course")
    return json.loads(out.strip().splitlines()[-1])


def _as(user, *cmd) -> bool:
    """``cmd`` as ``user`` (runuser): whether it succeeded."""
    return subprocess.run(["runuser", "-u", user, "--", *cmd], capture_output=True,
                          timeout=120).returncode == 0


def _teacher_rc(*args):
    """An nbgrader command as the teacher: (exit code, output), not asserted."""
    env = [f"PATH={ROOT / 'venv/bin'}:/usr/bin:/bin", f"HOME=/home/{TEACHER}", "LANG=C.UTF-8"]
    r = subprocess.run(["runuser", "-u", TEACHER, "--", "env", *env, "nbgrader", *args],
                       cwd=f"/home/{TEACHER}/course", capture_output=True, text=True,
                       timeout=900)
    return r.returncode, r.stdout + r.stderr


def _stamp(when):
    """A time as nbgrader writes it into a submission's name."""
    return when.strftime("%Y-%m-%d %H:%M:%S.%f") + " UTC"


# --- the test ---------------------------------------------------------------------------
def test_a_class_of_three_is_graded_exactly(class_server, browser):
    hub, passwords = class_server["url"], class_server["passwords"]
    t0 = time.monotonic()

    # the teacher releases the assignment (nbgrader's commands, as the teacher's Unix user)
    # Every attack below is tried as the student's own Unix user; one that works is a breach.
    breaches = []

    def breach(what):
        print(f"class-server test: BREACH: {what}")
        breaches.append(what)

    _nbgrader("generate_assignment", ASSIGNMENT, "--force")
    # Exchange takeover: before the first release, a student makes the course's folders theirs.
    course_x = ROOT / "exchange" / COURSE_ID
    for what, cmd in {
        "made the course's exchange folder": ["mkdir", str(course_x)],
        "made the assignment's outbound folder": ["mkdir", "-p", str(
            course_x / "outbound" / ASSIGNMENT)],
        "made a folder in the feedback": ["mkdir", "-p", str(course_x / "feedback/x")],
        "moved the inbound away": ["mv", str(course_x / "inbound"), str(course_x / "in2")],
        "moved the course folder away": ["mv", str(course_x), f"{course_x}.old"],
        "removed the course folder": ["rm", "-rf", str(course_x)],
    }.items():
        if _as(ATTACKER, *cmd):
            breach(f"exchange takeover: {ATTACKER} {what}")
    if course_x.exists() and course_x.stat().st_uid != pwd.getpwnam(TEACHER).pw_uid:
        shutil.rmtree(course_x)  # the old recipe's repair (root), so that the test goes on
    rc, out = _teacher_rc("release_assignment", ASSIGNMENT, "--force")
    if rc:
        breach(f"exchange takeover: release_assignment failed: {out[-500:]}")
        _nbgrader("release_assignment", ASSIGNMENT, "--force")
    course = Path(f"/home/{TEACHER}/course")
    (source_path,) = (course / "source" / ASSIGNMENT).glob("*.ipynb")
    source = json.loads(source_path.read_text(encoding="utf-8"))
    points = _points(source)
    assert PLANTED in points and sum(points.values()) > points[PLANTED]

    for name, how in STUDENTS.items():
        context, page = _login(browser, hub, name, passwords[name])
        try:
            # the server runs as the student's own Unix user
            assert _pids_of(name), f"no process runs as {name}"
            _run_lesson_through_nbgitpuller(page, hub, name)
            base = f"/user/{name}"
            query = f"course_id={COURSE_ID}&assignment_id={ASSIGNMENT}"
            listed = _api(page, "POST", f"{base}/assignments/fetch?{query}")
            assert any(a["assignment_id"] == ASSIGNMENT and a["status"] == "fetched"
                       for a in listed["value"]), listed
            path = f"{base}/api/contents/{ASSIGNMENT}/{source_path.name}"
            released = _api(page, "GET", path)["content"]
            answered = _answers(released, source, how)
            _api(page, "PUT", path, {"type": "notebook", "format": "json",
                                     "content": answered})
            listed = _api(page, "POST", f"{base}/assignments/submit?{query}")
            assert any(a["assignment_id"] == ASSIGNMENT and a["status"] == "submitted"
                       for a in listed["value"]), listed
            if name == ATTACKER:
                attacker_submitted = time.monotonic()
        except Exception:
            shot = class_server["logs"] / f"{name}.png"
            page.screenshot(path=str(shot))
            print(f"class-server test: {name}'s page when it failed: {shot}")
            raise
        finally:
            context.close()

    # Forged submissions, filed by the attacker into the inbound before the collect: in ada's
    # name (the blank notebook, a day later than any), a link in cyd's name to the teacher's
    # sources, a name that does not parse, and one of their own whose notebook is a link to
    # the teacher's source notebook. Each would change a score or stop the collect.
    inbound = course_x / "inbound"
    later = _stamp(datetime.now(timezone.utc) + timedelta(days=1))
    notebook = f"{ASSIGNMENT}_exercises.ipynb"
    sources = f"/home/{TEACHER}/course/source/{ASSIGNMENT}"
    forged = inbound / f"binms-ada+{ASSIGNMENT}+{later}+forged"
    own = inbound / f"{ATTACKER}+{ASSIGNMENT}+{later}+own"
    for cmd in (["mkdir", str(forged)],
                ["cp", str(course_x / "outbound" / ASSIGNMENT / notebook), str(forged)],
                ["chmod", "755", str(forged)],  # readable: a takeover, not only a stop
                ["ln", "-s", sources, str(inbound / f"binms-cyd+{ASSIGNMENT}+{later}+link")],
                ["mkdir", str(inbound / f"{ATTACKER}+{ASSIGNMENT}+junk+x+y")],
                ["mkdir", str(own)], ["ln", "-s", f"{sources}/{notebook}", str(own)]):
        assert _as(ATTACKER, *cmd), cmd  # the inbound takes anything: collect must sort it

    # the teacher collects, autogrades and gives the feedback back
    rc, out = _teacher_rc("collect", ASSIGNMENT)
    print(f"class-server test: collect said:\n{out}")
    if rc:
        breach(f"forged submissions: collect stopped: {out[-500:]}")
        shutil.rmtree(inbound / f"{ATTACKER}+{ASSIGNMENT}+junk+x+y")  # root, to go on
        _nbgrader("collect", ASSIGNMENT)
    # A submission replaced after the collect: the attacker writes the worked answers into
    # their filed submission and renames it a microsecond later (still before any due date);
    # the teacher collects again with --update, as for a late resubmission.
    (filed,) = [p for p in inbound.iterdir() if p.name.startswith(f"{ATTACKER}+{ASSIGNMENT}+")
                and later not in p.name and "+junk+" not in p.name]
    stamp = datetime.strptime(filed.name.split("+")[2], "%Y-%m-%d %H:%M:%S.%f %Z")
    # past the collect's slack (60 s) since the submission, so that the change shows
    time.sleep(max(0.0, attacker_submitted + 65 - time.monotonic()))
    worked = json.dumps(_answers(json.loads((filed / notebook).read_text()), source, "full"))
    subprocess.run(["runuser", "-u", ATTACKER, "--", "tee", str(filed / notebook)],
                   input=worked, text=True, capture_output=True, check=True)
    renamed = filed.name.replace(filed.name.split("+")[2],
                                 _stamp(stamp + timedelta(microseconds=1)))
    assert _as(ATTACKER, "mv", str(filed), str(inbound / renamed))
    assert (inbound / renamed).is_dir(), sorted(p.name for p in inbound.iterdir())
    rc, out = _teacher_rc("collect", ASSIGNMENT, "--update")
    print(f"class-server test: collect --update said:\n{out}")
    _nbgrader("autograde", ASSIGNMENT, "--create", "--force")
    # Autograde ran the attacker's answer cell: it must have managed none of its tries.
    graded = json.loads((course / "autograded" / ATTACKER / ASSIGNMENT / notebook).read_text())
    printed = "".join("".join(o.get("text", "")) for c in graded["cells"]
                      for o in c.get("outputs", []))
    match = re.search(r"BINMS-ATTACK (\{.*\})", printed)
    if not match:  # nbgrader's own collect took the attacker's link to the teacher's source
        breach("autograde graded another notebook than the attacker's (the attack never ran)")
    tries = json.loads(match.group(1)) if match else {}
    print(f"class-server test: the answer cell under autograde: {tries}")
    for what, outcome in tries.items():
        if outcome == "done":
            breach(f"autograde: student code could {what}")
    if Path(f"/home/{TEACHER}/binms-was-here").exists():
        breach("autograde: student code wrote into the teacher's home")
    _nbgrader("generate_feedback", ASSIGNMENT, "--force")
    _nbgrader("release_feedback", ASSIGNMENT)

    full = sum(points.values())
    expected = {"full": full, "blank": 0, "slip": full - points[PLANTED]}
    scores = _scores()
    print(f"class-server scores: {scores}; install {class_server['install_s']:.0f} s, "
          f"hub up {class_server['hub_up_s']:.0f} s, class {time.monotonic() - t0:.0f} s")
    assert sorted(scores) == sorted(STUDENTS)  # three submissions, three names
    got = {name: score for name, (score, _) in scores.items()}
    if got != {name: expected[how] for name, how in STUDENTS.items()}:
        breach(f"forged submissions: scores {got}, not {expected} ({STUDENTS})")
    assert {maximum for _, maximum in scores.values()} == {full}

    # each student fetches the feedback through their server and finds their own score in it
    for name in STUDENTS:
        context, page = _login(browser, hub, name, passwords[name])
        try:
            base = f"/user/{name}"
            query = f"course_id={COURSE_ID}&assignment_id={ASSIGNMENT}"
            _api(page, "POST", f"{base}/assignments/fetch_feedback?{query}")
            (stamp,) = _api(page, "GET", f"{base}/api/contents/{ASSIGNMENT}/feedback")["content"]
            html_path = f"{stamp['path']}/{source_path.stem}.html"
            page_text = _api(page, "GET", f"{base}/api/contents/{html_path}?type=file&format=text")
            match = re.search(r"Score:\s*([\d.]+)\s*/\s*([\d.]+)", page_text["content"])
            assert match, f"no score in {name}'s feedback page"
        finally:
            context.close()
    assert not breaches, "attacks that worked:\n" + "\n".join(breaches)
