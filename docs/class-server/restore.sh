#!/usr/bin/env bash
# Put back what backup.sh saved (docs/class-server/runbook.md), as root:
#   sudo bash ROOT/restore.sh FOLDER [exchange] [courses] [hub]   (default: exchange and courses)
# Stop grading first (no nbgrader command running, nobody submitting: e.g. stop the hub).
# What is there now is not deleted: it is moved aside, to NAME.before-restore-STAMP, beside it.
#   exchange  ROOT/exchange from exchange.tar, owners and modes as they were
#   courses   each teacher's ~/course from course-TEACHER.tar, and its gradebook.db from
#             gradebook-TEACHER.db (only for teachers who exist on this server)
#   hub       ROOT/jupyterhub.sqlite (the hub stopped: it holds the file open)
set -euo pipefail

ROOT="${BINMS_CLASS_ROOT:-/opt/binms-class}"
if [ "$(id -u)" -ne 0 ]; then
    echo "restore.sh: run me as root (sudo): I restore every user's files" >&2
    exit 1
fi
[ "$#" -ge 1 ] && [ -f "$1/SHA256SUMS" ] || {
    echo "restore.sh: give the folder of a backup (ROOT/backups/...), with its SHA256SUMS" >&2
    exit 1
}
src="$(cd "$1" && pwd)"
shift
parts=("$@")
[ "${#parts[@]}" -gt 0 ] || parts=(exchange courses)
(cd "$src" && sha256sum --quiet --check SHA256SUMS) || {
    echo "restore.sh: $src is damaged (a file differs from SHA256SUMS): take another backup" >&2
    exit 1
}
stamp="$(date -u +%Y-%m-%dT%H%M%SZ)"
aside() { [ ! -e "$1" ] || mv "$1" "$1.before-restore-$stamp"; }

for part in "${parts[@]}"; do
    case "$part" in
    exchange)
        [ -f "$src/exchange.tar" ] || { echo "restore.sh: no exchange.tar in $src" >&2; exit 1; }
        aside "$ROOT/exchange"
        tar --extract --same-owner --same-permissions --file "$src/exchange.tar" -C "$ROOT"
        echo "restore.sh: $ROOT/exchange restored"
        ;;
    courses)
        for archive in "$src"/course-*.tar; do
            [ -e "$archive" ] || continue
            teacher="$(basename "$archive" .tar)"
            teacher="${teacher#course-}"
            home="$(getent passwd "$teacher" | cut -d: -f6)" || {
                echo "restore.sh: $teacher is not a user here: skipped" >&2
                continue
            }
            aside "$home/course"
            tar --extract --same-owner --same-permissions --file "$archive" -C "$home"
            if [ -f "$src/gradebook-$teacher.db" ]; then
                install -o "$teacher" -g "$(id -gn "$teacher")" -m 644 \
                    "$src/gradebook-$teacher.db" "$home/course/gradebook.db"
            fi
            echo "restore.sh: $home/course restored, with its gradebook"
        done
        ;;
    hub)
        install -m 600 "$src/jupyterhub.sqlite" "$ROOT/jupyterhub.sqlite.new"
        aside "$ROOT/jupyterhub.sqlite"
        mv "$ROOT/jupyterhub.sqlite.new" "$ROOT/jupyterhub.sqlite"
        echo "restore.sh: $ROOT/jupyterhub.sqlite restored"
        ;;
    *)
        echo "restore.sh: '$part' is none of exchange, courses, hub" >&2
        exit 1
        ;;
    esac
done
