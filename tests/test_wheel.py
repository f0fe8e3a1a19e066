"""The self-study route, end to end: build the wheel, install it with the course extra into a
fresh venv, and use it from a folder outside the checkout, with a fresh HOME and no
BINMS_TEACH_DATA: every data set loads with download=False (from the files inside the wheel),
`binms-teach course DIR` brings every notebook and solution, `binms-teach doctor` is happy.

It installs the tested versions (binms_teach/constraints.txt) from pip's cache or index;
it takes a minute or two (marker `slow`, part of `make test`).
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from binms_teach.datasets import _fetch

REPO = Path(__file__).resolve().parents[1]
# What the wheel is built from: pyproject.toml's package-dir mapping takes data/ and notebooks/.
SOURCES = ["pyproject.toml", "setup.py", "README.md", "binms_teach", "data", "notebooks",
           "jupyter-settings"]
HIDE = ("BINMS_TEACH_DATA", "BINMS_TEACH_AUTHORS_DATA", "PYTHONPATH", "VIRTUAL_ENV",
        "PYTHONHOME", "PIP_REQUIRE_VIRTUALENV")
BIN = "Scripts" if os.name == "nt" else "bin"
pytestmark = pytest.mark.slow

LOAD_EVERYTHING = """
import hashlib, json, sys
from pathlib import Path
import binms_teach
from binms_teach import datasets
from binms_teach.datasets import _fetch
shapes = {name: getattr(datasets, "load_" + name)(download=False).data.shape
          for name in ("zoo", "digits", "spect", "soybean", "car", "votes", "mushroom")}
files = {}
for relpath, sha in _fetch.SHA256.items():
    path = _fetch.fetch_file(relpath, download=False)
    files[relpath] = [str(path), hashlib.sha256(path.read_bytes()).hexdigest() == sha]
print(json.dumps({"package": binms_teach.__file__, "shapes": shapes, "files": files}))
"""


def _run(args, **kwargs):
    result = subprocess.run(args, capture_output=True, text=True, encoding="utf-8",
                            timeout=600, **kwargs)
    assert result.returncode == 0, f"{args}\n{result.stdout}\n{result.stderr}"
    return result.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """The wheel built from a copy of the checkout (pip wheel --no-deps, as `make wheel`)."""
    root = tmp_path_factory.mktemp("wheel")
    src = root / "src"  # a copy, so that the build leaves nothing in the checkout
    src.mkdir()
    for name in SOURCES:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, src / name,
                            ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints"))
        else:
            shutil.copy2(REPO / name, src / name)
    env = {k: v for k, v in os.environ.items() if k not in HIDE}
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(root / "dist"),
          str(src)], env=env)
    return next((root / "dist").glob("binms_teach-*.whl"))


@pytest.fixture(scope="module")
def installed(wheel):
    """A fresh venv with the built wheel and its course extra; (venv, a fresh HOME, a workdir)."""
    root = wheel.parent.parent
    env = {k: v for k, v in os.environ.items() if k not in HIDE}
    venv = root / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], env=env)
    python = venv / BIN / "python"
    # --no-compile: Python compiles what it imports, not all of JupyterLab up front.
    _run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
          "--no-compile", "-c", str(REPO / "binms_teach/constraints.txt"), f"{wheel}[course]"],
         env=env)
    home, work = root / "home", root / "work"
    home.mkdir()
    work.mkdir()
    env.update(HOME=str(home), USERPROFILE=str(home), JUPYTER_CONFIG_DIR=str(home / ".jupyter"))
    return venv, env, work


def test_every_data_set_loads_offline_from_the_wheel(installed):
    venv, env, work = installed
    out = _run([str(venv / BIN / "python"), "-c", LOAD_EVERYTHING], cwd=work, env=env)
    report = json.loads(out)
    assert Path(report["package"]).is_relative_to(venv)  # the wheel's copy, not the checkout
    assert report["shapes"] == {"zoo": [101, 21], "digits": [2000, 240], "spect": [267, 22],
                                "soybean": [307, 98], "car": [1728, 15], "votes": [435, 32],
                                "mushroom": [8124, 116]}
    assert len(report["files"]) == len(_fetch.SHA256)
    for relpath, (path, sha_ok) in report["files"].items():
        assert Path(path).is_relative_to(venv) and path.endswith(relpath), path
        assert sha_ok, relpath
        shipped = (REPO / "data" / relpath).read_bytes()
        assert hashlib.sha256(Path(path).read_bytes()).digest() == hashlib.sha256(
            shipped).digest()


def test_course_brings_every_notebook_exercise_and_solution(installed):
    venv, env, work = installed
    out = _run([str(venv / BIN / "binms-teach"), "course", "my-course"], cwd=work, env=env)
    expected = [p.relative_to(REPO / "notebooks")
                for p in sorted((REPO / "notebooks").glob("*.ipynb"))
                + sorted((REPO / "notebooks/exercises").glob("*.ipynb"))
                + sorted((REPO / "notebooks/solutions").glob("*.ipynb"))]
    assert len(expected) >= 29
    for relpath in expected:
        copied = work / "my-course" / relpath
        assert copied.read_bytes() == (REPO / "notebooks" / relpath).read_bytes(), relpath
    assert "jupyter lab" in out and "00_index.ipynb" in out


def test_doctor_is_happy(installed):
    venv, env, work = installed
    result = subprocess.run([str(venv / BIN / "binms-teach"), "doctor"], capture_output=True,
                            text=True, encoding="utf-8", timeout=300, cwd=work, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "FAIL" not in result.stdout and result.stdout.strip().endswith("All is well.")
    assert "data: mushroom" in result.stdout and "JupyterLab widgets" in result.stdout
    assert "heldout" not in result.stdout and "data: letter" not in result.stdout


def test_the_wheel_installs_the_course_jupyterlab_settings(installed):
    """JupyterLab reads {prefix}/share/jupyter/lab/settings/overrides.d/ (windowing that keeps
    every cell in the accessibility tree): the self-study route gets the same file as the clone."""
    venv, _, _ = installed
    got = venv / "share" / "jupyter" / "lab" / "settings" / "overrides.d" / "binms-teach.json"
    assert got.read_bytes() == (REPO / "jupyter-settings" / "binms-teach.json").read_bytes()


def test_the_wheel_holds_no_study_and_no_held_out_data(wheel):
    """The study of the rule (studies/) and its held-out rounds stay in the repository: the
    wheel holds the package, the files of data/ (the UCI files and their README) and the
    notebooks, nothing else."""
    import zipfile

    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        contents = {hashlib.sha256(z.read(n)).hexdigest() for n in names}
    assert not [n for n in names if n.split("/")[0] == "studies" or "heldout" in n
                or n.endswith(".npz") or "study" in n.lower()]
    # No study file under another name either (empty files aside).
    study = {p: hashlib.sha256(p.read_bytes()).hexdigest()
             for p in (REPO / "studies").rglob("*") if p.is_file() and p.stat().st_size
             and "__pycache__" not in p.parts}
    assert len(study) > 20  # the study is there, in the checkout
    assert not [p for p, sha in study.items() if sha in contents]
    data = {n.split("/", 2)[2] for n in names if n.startswith("binms_teach/_data/")}
    assert data == {str(p.relative_to(REPO / "data")).replace(os.sep, "/")
                    for p in (REPO / "data").rglob("*") if p.is_file()}
    assert set(_fetch.SHA256) < data
    modules = {n for n in names if n.endswith(".py")}
    assert {"binms_teach/experiments/table3.py", "binms_teach/selection/__init__.py"} <= modules
