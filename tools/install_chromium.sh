#!/usr/bin/env bash
# Install Debian's chromium for the end-to-end tests (tests/e2e), only if it is missing.
# Safe to re-run: does nothing when /usr/bin/chromium is already there.
# Playwright never downloads a browser in this project; it drives this one.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
    echo "install_chromium: $CHROMIUM already present"
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    else
        echo "install_chromium: need root (or sudo) to run apt-get" >&2
        exit 1
    fi
fi

export DEBIAN_FRONTEND=noninteractive
echo "install_chromium: installing chromium with apt-get"
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null

if [ ! -x "$CHROMIUM" ]; then
    echo "install_chromium: apt-get finished but $CHROMIUM is still missing" >&2
    exit 1
fi
echo "install_chromium: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM installed")"
