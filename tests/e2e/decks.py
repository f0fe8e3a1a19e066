"""The decks of docs/slides built once per test session, by the command a teacher runs.

``build_decks(tmp_path_factory)`` runs ``tools/slides.py --notes --out <tmp>`` the first time
(every deck executed, its HTML page, its handout PDF and its notes PDF) and returns the folder
every later time: tests/e2e/test_slides.py and the accessibility tests (axe-core over every
slide) read the same build. Serve it with ``offline.served(folder)``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lab_driver import in_ci

from tests.by_path import load_module

REPO_ROOT = Path(__file__).resolve().parents[2]
_BUILT: dict[str, Path] = {}


def build_decks(tmp_path_factory) -> Path:
    """The folder of the built decks (built on the first call of the session)."""
    if "out" in _BUILT:
        return _BUILT["out"]
    slides = load_module(REPO_ROOT / "tools" / "slides.py")
    cached = all((slides.CACHE / f"{p}-{v}.tgz").is_file() for p, v, _, _ in slides.ASSETS)
    if not cached and shutil.which("npm") is None:
        msg = "npm is needed once to fetch reveal.js and MathJax (install Node.js)"
        if in_ci():
            pytest.fail(msg, pytrace=False)
        pytest.skip(msg)
    out = tmp_path_factory.mktemp("slides")
    done = subprocess.run([sys.executable, str(REPO_ROOT / "tools" / "slides.py"), "--notes",
                           "--out", str(out)], capture_output=True, text=True, cwd=REPO_ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    _BUILT["out"] = out
    return out
