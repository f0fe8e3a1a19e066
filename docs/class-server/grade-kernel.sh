#!/usr/bin/env bash
# The teacher's kernel for nbgrader (autograde): the Python kernel runs as the sandbox user
# binms-grader, not as the teacher (docs/class-server.md, "What a student cannot do").
# The kernel spec "binms-grader" (add-students.sh --teacher) starts it as
#   grade-kernel.sh CONNECTION_FILE [KERNEL ARGUMENTS...]
# in the folder of the notebook being graded. The sandbox user cannot read the teacher's files,
# so this side (the teacher) hands over, on the kernel's standard input as a tar stream, the
# connection file and, when that folder is a submission being autograded (.../autograded/
# STUDENT/ASSIGNMENT), its files but the notebooks (the notebook holds the hidden tests).
set -euo pipefail
connection="$1"
shift
here="$(cd "$(dirname "$0")" && pwd)"
files=()
case "$PWD/" in
    */autograded/*/*/) files=(--exclude='*.ipynb' --exclude='*/.kernel.json' -C "$PWD" .) ;;
esac
exec sudo -n -u binms-grader "$here/sandbox-kernel.sh" "$@" < <(
    tar -cf - "${files[@]}" -C "$(dirname "$connection")" \
        --transform="s|^$(basename "$connection")\$|.kernel.json|" "$(basename "$connection")")
