"""The decks of docs/slides built once, by the command a teacher runs, and reused while fresh.

``build_decks(tmp_path_factory)`` returns ``build/slides/`` (what ``make slides`` writes): if
every deck's page, handout and notes PDF there is newer than everything they are made from
(the deck sources, tools/slides.py, its parts and templates, the package), it is used as it is;
otherwise ``tools/slides.py`` rebuilds it first, once a session. tests/e2e/test_slides.py and
the accessibility tests (axe-core over every slide) read the same build, and a CI run that has
already run ``make slides`` builds nothing again. Serve it with ``offline.served(folder)``.
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
OUT = REPO_ROOT / "build" / "slides"
PRODUCTS = (".slides.html", ".slides.ipynb", ".pdf", "-notes.pdf")
_BUILT: dict[str, Path] = {}


def _inputs(slides):
    """Every file a deck is made from."""
    return [*slides.sources(), Path(slides.__file__), *slides.PARTS,
            *slides.TEMPLATES.iterdir(),
            *(REPO_ROOT / "binms_teach").rglob("*.py")]


def fresh(slides, out=OUT) -> bool:
    """Whether ``out`` holds every deck's products, each newer than every input."""
    newest = max(p.stat().st_mtime for p in _inputs(slides))
    products = [out / f"{path.stem}{suffix}" for path in slides.sources() for suffix in PRODUCTS]
    return all(p.is_file() and p.stat().st_mtime > newest for p in products)


def build_decks(tmp_path_factory=None) -> Path:
    """The folder of the built decks, built first (once a session) unless it is fresh."""
    if "out" in _BUILT:
        return _BUILT["out"]
    slides = load_module(REPO_ROOT / "tools" / "slides.py")
    if not fresh(slides):
        cached = all((slides.CACHE / f"{p}-{v}.tgz").is_file() for p, v, _, _ in slides.ASSETS)
        if not cached and shutil.which("npm") is None:
            msg = "npm is needed once to fetch reveal.js and MathJax (install Node.js)"
            if in_ci():
                pytest.fail(msg, pytrace=False)
            pytest.skip(msg)
        done = subprocess.run([sys.executable, str(REPO_ROOT / "tools" / "slides.py"),
                               "--out", str(OUT)], capture_output=True, text=True,
                              cwd=REPO_ROOT)
        assert done.returncode == 0, done.stdout + done.stderr
        assert fresh(slides), "tools/slides.py ran but build/slides/ is not complete"
    _BUILT["out"] = OUT
    return OUT
