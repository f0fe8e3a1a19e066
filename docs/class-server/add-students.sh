#!/usr/bin/env bash
# Give each person a Unix user with a password of their own and let them into the hub
# (docs/class-server.md). Run as root, after install.sh:
#   sudo bash docs/class-server/add-students.sh --teacher NAME   # the teacher (hub admin),
#                                              # with the nbgrader course in ~NAME/course
#   sudo bash docs/class-server/add-students.sh NAME...          # students
#   sudo bash docs/class-server/add-students.sh < class-list.txt # students, one name a line
# Names are Unix user names: lower-case letters, digits, '-' and '_', starting with a letter.
# A new user's password is printed once, as "NAME PASSWORD", to hand out; a user who already
# exists keeps theirs. Each name joins the Unix group of the class (students, or with --teacher
# the teachers, the hub's admins), which the hub checks at each login: a new student logs in
# at once, with no restart of the hub (BINMS_CLASS_STUDENTS_GROUP, BINMS_CLASS_TEACHERS_GROUP
# name other groups; the hub must be started with the same).
set -euo pipefail

ROOT="${BINMS_CLASS_ROOT:-/opt/binms-class}"
if [ "$(id -u)" -ne 0 ]; then
    echo "add-students.sh: run me as root (sudo): I create Unix users" >&2
    exit 1
fi
[ -x "$ROOT/venv/bin/binms-teach" ] || {
    echo "add-students.sh: $ROOT/venv is missing: run install.sh first" >&2
    exit 1
}

group="${BINMS_CLASS_STUDENTS_GROUP:-binms-students}"
teacher=""
if [ "${1:-}" = "--teacher" ]; then
    [ "$#" -eq 2 ] || { echo "add-students.sh: --teacher takes one name" >&2; exit 1; }
    group="${BINMS_CLASS_TEACHERS_GROUP:-binms-teachers}"
    teacher="$2"
    shift
fi
if [ "$#" -gt 0 ]; then names=("$@"); else mapfile -t names; fi

for name in "${names[@]}"; do
    name="${name//[[:space:]]/}"
    [ -n "$name" ] || continue
    if ! [[ "$name" =~ ^[a-z][a-z0-9_-]{0,30}$ ]]; then
        echo "add-students.sh: '$name' is not a Unix user name (a-z, 0-9, - and _)" >&2
        exit 1
    fi
    if ! id "$name" >/dev/null 2>&1; then
        useradd --create-home --shell /bin/bash "$name"
        chmod 700 "$(getent passwd "$name" | cut -d: -f6)"   # nobody reads another's work
        password="$("$ROOT/venv/bin/python" -c 'import secrets; print(secrets.token_urlsafe(9))')"
        echo "$name:$password" | chpasswd
        echo "$name $password"
    fi
    groupadd -f "$group"
    usermod --append --groups "$group" "$name"   # the hub lets them in from now on
done

if [ -n "$teacher" ]; then
    # The nbgrader course (`binms-teach nbgrader`) in the teacher's home, and nbgrader told
    # where it is, so that the Formgrader tab of the teacher's JupyterLab finds it too.
    home="$(getent passwd "$teacher" | cut -d: -f6)"
    runuser -u "$teacher" -- "$ROOT/venv/bin/binms-teach" nbgrader "$home/course" >/dev/null
    runuser -u "$teacher" -- mkdir -p "$home/.jupyter"
    printf 'c = get_config()\nc.CourseDirectory.root = "%s/course"\n' "$home" |
        runuser -u "$teacher" -- tee "$home/.jupyter/nbgrader_config.py" >/dev/null
fi

# --- grading no student can game (docs/class-server.md, "What a student cannot do") ---------
if [ -n "$teacher" ]; then
    # the course's folders in the exchange (made by install.sh) now belong to the teacher
    bash "$ROOT/grader/course-exchange.sh" "$ROOT" "$teacher"
    # autograde's kernel runs as binms-grader: the teacher may start it, and nothing else
    sudoers="/etc/sudoers.d/binms-class$(echo "$ROOT" | tr -c 'a-zA-Z0-9_\n-' '-')"
    rule="$teacher ALL=(binms-grader) NOPASSWD: $ROOT/grader/sandbox-kernel.sh"
    if ! grep -qxF -- "$rule" "$sudoers"; then
        { cat "$sudoers"; echo "$rule"; } >"$sudoers.new"
        chmod 440 "$sudoers.new"
        visudo -cqf "$sudoers.new" && mv "$sudoers.new" "$sudoers"
    fi
    spec="$home/.local/share/jupyter/kernels/binms-grader"
    runuser -u "$teacher" -- mkdir -p "$spec"
    printf '{"argv": ["%s", "{connection_file}"],\n "display_name": "%s",\n %s}\n' \
        "$ROOT/grader/grade-kernel.sh" "Python 3 (grading sandbox)" \
        '"language": "python", "interrupt_mode": "message"' |
        runuser -u "$teacher" -- tee "$spec/kernel.json" >/dev/null
    printf 'c.Execute.kernel_name = "binms-grader"  # autograde: the sandbox\n' |
        runuser -u "$teacher" -- tee -a "$home/.jupyter/nbgrader_config.py" >/dev/null
fi
# --- end of grading ------------------------------------------------------------------------
