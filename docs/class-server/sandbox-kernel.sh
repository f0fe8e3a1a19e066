#!/usr/bin/env bash
# Run by sudo as binms-grader for grade-kernel.sh (the only command the sudoers rule of
# install.sh lets the teachers run as that user): a Python kernel for one notebook being
# graded, in a fresh private folder, reading its connection file and the submission's files
# from standard input (a tar stream). binms-grader owns nothing and is in no group: it reads
# only what every user may read, and writes nowhere but its own temporary folders.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# Nothing of the kernel graded before this one survives into this one: every other process of
# binms-grader (a kernel left running, anything an answer started) is killed, and the folders
# of the earlier kernels are removed.
kill -KILL -1 2>/dev/null || true
find /tmp -maxdepth 1 -name 'binms-grader.*' -user "$(id -un)" -exec rm -rf {} + 2>/dev/null || true
ulimit -u 256   # processes of binms-grader at a time: an answer cannot fork without end
umask 077
work="$(mktemp -d /tmp/binms-grader.XXXXXXXX)"
mkdir "$work/nb" "$work/home" "$work/tmp"
tar -C "$work/nb" -xf - --no-same-owner --no-same-permissions
mv "$work/nb/.kernel.json" "$work/kernel.json"
cd "$work/nb"
export HOME="$work/home" TMPDIR="$work/tmp" MPLCONFIGDIR="$work/tmp"
export PATH="$ROOT/venv/bin:/usr/bin:/bin"
# the one variable sudo keeps (sudoers: env_keep): nbgrader's "autograde" or "validate"
case "${NBGRADER_EXECUTION:-}" in autograde | validate | "") ;; *) unset NBGRADER_EXECUTION ;; esac
# -s: no user site-packages (a later kernel must not import what an earlier answer left)
exec "$ROOT/venv/bin/python" -s -m ipykernel_launcher -f "$work/kernel.json" "$@"
