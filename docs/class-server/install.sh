#!/usr/bin/env bash
# Set up the class server of docs/class-server.md on one Linux machine, as root, from a clone
# of the course:  sudo bash docs/class-server/install.sh
# Safe to re-run (it updates what is there). Everything goes under one folder, ROOT:
#   ROOT/venv      JupyterHub, nbgitpuller and the course (JupyterLab, nbgrader) in a venv
#   ROOT/node      configurable-http-proxy (npm)
#   ROOT/exchange  nbgrader's exchange, shared by the teacher and every student
#   ROOT/grader    the exchange's folders, and the sandbox autograde runs student code in
#   ROOT/lessons.git  the lessons as a git repository that nbgitpuller links pull from
#   ROOT/jupyterhub_config.py  the hub's configuration (a copy of the one beside this script)
# The teacher and the students are added by add-students.sh.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
ROOT="${BINMS_CLASS_ROOT:-/opt/binms-class}"
# A Python that every user can read (not one under /root, such as pyenv's): the students'
# servers run as the students.
PYTHON="${BINMS_CLASS_PYTHON:-/usr/bin/python3}"

if [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run me as root (sudo): I create Unix users and $ROOT" >&2
    exit 1
fi
for tool in "$PYTHON" npm git useradd runuser tar; do
    command -v "$tool" >/dev/null 2>&1 || {
        echo "install.sh: $tool is missing (Debian/Ubuntu: apt-get install python3-venv npm git)" >&2
        exit 1
    }
done

step() { echo "install.sh: $*"; }
t0=$(date +%s)

step "1/5 Python environment in $ROOT/venv"
mkdir -p "$ROOT"
chmod 755 "$ROOT"
[ -x "$ROOT/venv/bin/python" ] || "$PYTHON" -m venv "$ROOT/venv"
pip() { "$ROOT/venv/bin/python" -m pip --disable-pip-version-check "$@"; }
# Every package at the version requirements.lock names, each file checked against its sha256
# there (lock.sh writes it): nothing to resolve, so Debian's old pip does it as well, and brings
# pip 26.3 with the rest. The course itself comes from this clone, which has no hash: it goes in
# last, with --no-deps (its dependencies are all in the lock) and built by the lock's setuptools.
pip install --quiet --no-compile --require-hashes --no-deps -r "$HERE/requirements.lock"
pip install --quiet --no-compile --no-deps --no-build-isolation "$REPO"
pip check >/dev/null || { pip check >&2; echo "install.sh: requirements.lock is incomplete" >&2; exit 1; }

step "2/5 configurable-http-proxy in $ROOT/node"
# exactly the tree of proxy/package-lock.json, each package checked against its integrity hash
mkdir -p "$ROOT/node"
install -m 644 "$HERE/proxy/package.json" "$HERE/proxy/package-lock.json" "$ROOT/node/"
npm ci --silent --no-audit --no-fund --prefix "$ROOT/node"

step "3/5 configuration: the hub's, and nbgrader's for every user"
install -m 644 "$HERE/jupyterhub_config.py" "$ROOT/jupyterhub_config.py"
mkdir -p "$ROOT/venv/etc/jupyter"
install -m 644 "$HERE/nbgrader_config.py" "$ROOT/venv/etc/jupyter/nbgrader_config.py"
# every JupyterLab of the server: no news feed, no update check, no extension manager (a class
# server reaches nothing outside, and a student cannot install into the shared venv anyway)
mkdir -p "$ROOT/venv/etc/jupyter/jupyter_server_config.d" "$ROOT/venv/share/jupyter/lab/settings"
install -m 644 "$HERE/jupyter_server_config.json" \
    "$ROOT/venv/etc/jupyter/jupyter_server_config.d/binms-class.json"
install -m 644 "$HERE/lab-overrides.json" "$ROOT/venv/share/jupyter/lab/settings/overrides.json"

# --- grading no student can game (docs/class-server.md, "What a student cannot do") ---------
step "4/5 nbgrader exchange in $ROOT/exchange, the collect that checks who filed what, the sandbox"
# The exchange (1777: nbgrader wants it writable by all) and the course's folders in it, made
# by root now, before any student exists; add-students.sh --teacher hands them to the teacher.
install -d -m 755 "$ROOT/grader"
for script in course-exchange.sh grade-kernel.sh sandbox-kernel.sh; do
    install -m 755 -o root -g root "$HERE/$script" "$ROOT/grader/$script"
done
bash "$ROOT/grader/course-exchange.sh" "$ROOT"
# nbgrader's collect, replaced (nbgrader_config.py: c.ExchangeFactory.collect) by one that
# counts a submission only for the Unix user who filed it
site="$("$ROOT/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
install -m 644 "$HERE/binms_class_collect.py" "$site/binms_class_collect.py"
# autograde runs the students' code as binms-grader, a user that owns nothing: the sudoers
# file below lets each teacher (add-students.sh --teacher adds the line) start exactly one
# command as it, the sandbox's kernel
if ! command -v sudo >/dev/null 2>&1; then
    command -v apt-get >/dev/null 2>&1 || { echo "install.sh: sudo is missing" >&2; exit 1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sudo >/dev/null
fi
id binms-grader >/dev/null 2>&1 ||
    useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin \
        --user-group binms-grader
sudoers="/etc/sudoers.d/binms-class$(echo "$ROOT" | tr -c 'a-zA-Z0-9_\n-' '-')"
[ -f "$sudoers" ] || {
    # nbgrader tells the kernel it grades (NBGRADER_EXECUTION): the graded cells need it
    printf '%s\n' "# $ROOT/grader/grade-kernel.sh: nbgrader autograde's kernel as binms-grader" \
        "Defaults!$ROOT/grader/sandbox-kernel.sh env_keep += \"NBGRADER_EXECUTION\"" >"$sudoers"
    chmod 440 "$sudoers"
}
# --- end of grading ------------------------------------------------------------------------

step "5/5 the lessons as a git repository: $ROOT/lessons.git"
work="$(mktemp -d)"
"$ROOT/venv/bin/binms-teach" course --no-solutions "$work/lessons" >/dev/null
git -C "$work/lessons" init --quiet --initial-branch=main
git -C "$work/lessons" add -A
git -C "$work/lessons" -c user.name=binms-class -c user.email=binms-class@localhost \
    commit --quiet -m "The lessons, from binms-teach $("$ROOT/venv/bin/binms-teach" --version)"
if [ -d "$ROOT/lessons.git" ]; then
    git -C "$work/lessons" push --quiet --force "$ROOT/lessons.git" main
else
    git clone --quiet --bare "$work/lessons" "$ROOT/lessons.git"
fi
rm -rf "$work"
chmod -R a+rX "$ROOT/lessons.git"
# git refuses a repository owned by another user unless told it is safe
git config --system --get-all safe.directory | grep -qx "$ROOT/lessons.git" ||
    git config --system --add safe.directory "$ROOT/lessons.git"

# --- hub-ops: limits, state readable by root only, groups (docs/class-server/runbook.md) ---
step "limits per student, the hub's state, the class's groups"
# the spawner with a memory and CPU limit per student, and what their kernels do about it
site="$("$ROOT/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_path("purelib"))')"
install -m 644 "$HERE/binms_class_spawner.py" "$HERE/binms_class_kernel.py" "$site/"
mkdir -p "$ROOT/venv/etc/ipython"
printf 'c = get_config()\nc.InteractiveShellApp.extensions = ["binms_class_kernel"]\n' \
    >"$ROOT/venv/etc/ipython/ipython_kernel_config.py"
chmod 644 "$ROOT/venv/etc/ipython/ipython_kernel_config.py"
# the hub's state and the backups: root's alone (the hub keeps new files so: umask 077)
for state in jupyterhub.sqlite jupyterhub_cookie_secret jupyterhub-proxy.pid; do
    [ ! -e "$ROOT/$state" ] || chmod 600 "$ROOT/$state"
done
for private in backups tls; do
    mkdir -p "$ROOT/$private"
    chmod 700 "$ROOT/$private"
done
install -m 755 "$HERE/backup.sh" "$HERE/restore.sh" "$ROOT/"
# who may log in: the members of these groups (add-students.sh adds them)
groupadd -f "${BINMS_CLASS_STUDENTS_GROUP:-binms-students}"
groupadd -f "${BINMS_CLASS_TEACHERS_GROUP:-binms-teachers}"
# --- end of hub-ops ---

echo "install.sh: done in $(( $(date +%s) - t0 )) s. Next: add-students.sh --teacher NAME, then"
echo "add-students.sh NAME..., then start the hub: cd $ROOT && venv/bin/jupyterhub -f jupyterhub_config.py"
