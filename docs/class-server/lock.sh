#!/usr/bin/env bash
# Rewrite the class server's locks after a change to requirements.txt, constraints.txt, the
# course's dependencies (pyproject.toml) or proxy/package.json (docs/class-server/runbook.md,
# "Upgrading"). Not run by install.sh, which only installs what the locks name:
#   requirements.lock       every Python package of the server at one version, with the sha256
#                           of each of its files on the index (pip --require-hashes)
#   proxy/package-lock.json configurable-http-proxy and its npm tree, with integrity hashes (npm ci)
# Needs the registries; uv comes into a temporary venv and goes with it.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

python3 -m venv "$tmp/uv"
"$tmp/uv/bin/python" -m pip install --quiet uv==0.13.9
echo "pip==26.3" >"$tmp/pip.in"   # the venv's pip too, so that it is hash-checked like the rest
cd "$REPO"
"$tmp/uv/bin/uv" pip compile --quiet --generate-hashes --python-version 3.11 --no-header \
    --custom-compile-command "bash docs/class-server/lock.sh" \
    -c docs/class-server/constraints.txt docs/class-server/requirements.txt "$tmp/pip.in" \
    pyproject.toml --extra teach -o "$tmp/requirements.lock"
{
    echo "# Written by docs/class-server/lock.sh: every package of the class server's venv, one"
    echo "# version each, with the hashes of its files. install.sh installs it with"
    echo "# pip --require-hashes --no-deps, then the course itself (from the clone) with --no-deps."
    sed "s|$tmp/pip.in|lock.sh (pip)|" "$tmp/requirements.lock"
} >"$HERE/requirements.lock"
(cd "$HERE/proxy" && npm install --package-lock-only --no-audit --no-fund --silent)
echo "lock.sh: wrote $HERE/requirements.lock and $HERE/proxy/package-lock.json"
