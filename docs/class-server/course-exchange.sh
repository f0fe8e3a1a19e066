#!/usr/bin/env bash
# The course's folders in nbgrader's exchange, made by root before any student can touch them
# (docs/class-server.md, "What a student cannot do"). install.sh runs it with ROOT, and
# add-students.sh --teacher with ROOT and the teacher, who then owns them:
#   bash course-exchange.sh ROOT [TEACHER]
# The exchange itself stays writable by everyone (nbgrader checks that on every command) and
# sticky (nobody renames or removes what is not theirs); the course folder and its inbound,
# outbound and feedback belong to root, then to the teacher, with nbgrader's modes. The inbound
# is sticky too: a student may file there but never move or remove another's entry.
set -euo pipefail
ROOT="$1"
teacher="${2:-}"
COURSE="binms-teach"   # c.CourseDirectory.course_id of nbgrader_config.py
exchange="$ROOT/exchange"
course="$exchange/$COURSE"

if [ -L "$exchange" ] || { [ -e "$exchange" ] && [ ! -d "$exchange" ]; }; then
    echo "course-exchange.sh: $exchange is not a folder: move it away and run me again" >&2
    exit 1
fi
install -d -o root -g root "$exchange"
chown root:root "$exchange"
chmod 1777 "$exchange"

# Whoever may own the course's folders: root (before the teacher is added) and the teachers.
trusted() {
    local owner
    owner="$(stat -c %U "$1")"
    [ "$owner" = root ] || grep -qx -- "$owner" "$ROOT/teachers.txt" 2>/dev/null
}
for dir in "$course" "$course/inbound" "$course/outbound" "$course/feedback"; do
    if [ -L "$dir" ] || { [ -e "$dir" ] && { [ ! -d "$dir" ] || ! trusted "$dir"; }; }; then
        # made by someone else before this run (an older install's world-writable exchange)
        aside="$exchange/.taken-$(date +%Y%m%d%H%M%S)-$(basename "$dir")"
        mv -- "$dir" "$aside"
        echo "course-exchange.sh: $dir was not made by root or a teacher: moved to $aside" >&2
    fi
    [ -d "$dir" ] || install -d -o root -g root -m 755 "$dir"
    [ -z "$teacher" ] || chown "$teacher:$(id -gn "$teacher")" "$dir"
done
chmod 755 "$course" "$course/outbound"
chmod 3733 "$course/inbound"   # nbgrader's 2733 (drop only, group kept), and sticky
chmod 711 "$course/feedback"
