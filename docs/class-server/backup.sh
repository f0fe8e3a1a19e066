#!/usr/bin/env bash
# Back up what a term of the class server cannot lose (docs/class-server/runbook.md), as root:
#   sudo bash ROOT/backup.sh [FOLDER]      (default: ROOT/backups/YYYY-mm-ddTHHMMSSZ)
# Into FOLDER, readable by root only:
#   exchange.tar            nbgrader's exchange, owners and modes kept (releases, submissions,
#                           feedback)
#   course-TEACHER.tar      each teacher's ~/course (sources, submitted, autograded, feedback),
#                           without the gradebook, which comes apart:
#   gradebook-TEACHER.db    the gradebook, copied by sqlite's online backup: a consistent copy
#                           even while nbgrader writes to it (a plain copy of a database being
#                           written may be torn)
#   jupyterhub.sqlite       the hub's database (users, tokens), the same way
#   SHA256SUMS              restore.sh checks every file against it first
# Teachers are the members of the teachers' group (add-students.sh --teacher). Run it from cron
# during the term, e.g. hourly: 0 * * * * root bash /opt/binms-class/backup.sh
set -euo pipefail

ROOT="${BINMS_CLASS_ROOT:-/opt/binms-class}"
TEACHERS="${BINMS_CLASS_TEACHERS_GROUP:-binms-teachers}"
if [ "$(id -u)" -ne 0 ]; then
    echo "backup.sh: run me as root (sudo): I read every user's course and the hub's state" >&2
    exit 1
fi
umask 077
dest="${1:-$ROOT/backups/$(date -u +%Y-%m-%dT%H%M%SZ)}"
mkdir -p "$dest"
chmod 700 "$dest"

# sqlite's online backup API (Python's sqlite3.Connection.backup), the source opened read-only
sqlite_backup() {
    "$ROOT/venv/bin/python" - "$1" "$2" <<'PY'
import sqlite3, sys
source = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
with sqlite3.connect(sys.argv[2]) as target:
    source.backup(target)
source.close()
PY
}

[ ! -d "$ROOT/exchange" ] || tar --create --file "$dest/exchange.tar" -C "$ROOT" exchange
[ ! -f "$ROOT/jupyterhub.sqlite" ] || sqlite_backup "$ROOT/jupyterhub.sqlite" "$dest/jupyterhub.sqlite"
members="$(getent group "$TEACHERS" | cut -d: -f4 | tr ',' ' ')"
for teacher in $members; do
    home="$(getent passwd "$teacher" | cut -d: -f6)"
    [ -d "$home/course" ] || continue
    tar --create --file "$dest/course-$teacher.tar" -C "$home" \
        --exclude='course/gradebook.db' --exclude='course/gradebook.db-*' course
    [ ! -f "$home/course/gradebook.db" ] ||
        sqlite_backup "$home/course/gradebook.db" "$dest/gradebook-$teacher.db"
done
(cd "$dest" && find . -maxdepth 1 -type f ! -name SHA256SUMS -printf '%f\n' | sort |
    xargs --no-run-if-empty sha256sum >SHA256SUMS)
chmod 600 "$dest"/*
echo "backup.sh: $dest ($(du -sh "$dest" | cut -f1))"
