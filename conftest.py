"""What every test run shares, set before pytest collects anything.

- The package is imported first. With ``--import-mode=importlib``, pytest imports a module
  file given on the command line (``pytest binms_teach/hamming.py``, for its doctests) as a
  second module object and sets it as an attribute of its package: ``binms_teach.hamming``
  would then be the module, not the function the package exports. Once the package is
  imported, pytest reuses the module already in ``sys.modules``.
- The `core` marker (``pytest -m core``, CONTRIBUTING): the readable layer, its doctests and
  the planted-bug tests, about half a minute on 2 cores, run first by a maintainer. It is
  given here by path, so that a new test file of the readable layer joins it by being listed.
- No timing assertion in the tests (CONTRIBUTING): hypothesis's per-example deadline is one,
  and on a busy machine (CI on shared cores) it fails examples that pass in a few ms alone.
"""

import importlib.util
import os
from pathlib import Path

import pytest
from hypothesis import settings

import binms_teach  # noqa: F401

settings.register_profile("binms-teach", deadline=None)
settings.load_profile("binms-teach")


# The readable layer (Algorithm 1 in plain numpy, the kernels) with its doctests, and the tests
# that compare it with independent computations or plant bugs in it.
ROOT = Path(__file__).parent
CORE = {ROOT / p for p in (
    "binms_teach/_validation.py", "binms_teach/_binary.py", "binms_teach/hamming.py",
    "binms_teach/majority.py", "binms_teach/ascent.py", "binms_teach/labelling.py",
    "binms_teach/binnnms.py",
    "tests/test_hamming.py", "tests/test_majority.py", "tests/test_labelling.py",
    "tests/test_binnnms.py", "tests/test_ball.py", "tests/test_oracles.py",
    "tests/test_kernels.py", "tests/test_bad_input.py", "tests/test_validation.py",
    "tests/test_planted_bugs.py",
)}
CORE_FOLDERS = (ROOT / "binms_teach" / "kernels",)


def is_core(path):
    """Whether a file belongs to the `core` marker's readable layer."""
    path = Path(path)
    return path in CORE or any(folder in path.parents for folder in CORE_FOLDERS)


def pytest_ignore_collect(collection_path, config):
    """Under ``-m core`` alone, the other files are not even imported: collecting the whole
    suite (e2e, notebooks' helpers, the book) only to deselect it would double the time."""
    if config.getoption("markexpr") == "core" and collection_path.suffix == ".py":
        return None if is_core(collection_path) or collection_path.name == "conftest.py" else True
    return None


def pytest_collection_modifyitems(config, items):
    """Mark the readable layer's tests and doctests `core`."""
    for item in items:
        if is_core(item.path):
            item.add_marker(pytest.mark.core)
# Modules of the package that import an optional extra at their top: their doctests are not
# collected where the extra is absent (README's pip route installs only `.[dev]`), and the
# header of the run says so. Under CI=true everything is installed and everything collected.
_IN_CI = os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}  # as tests/guards.py
OPTIONAL_MODULES = {"binms_teach/exercises/feedback.py": ("nbgrader", "teach")}
collect_ignore = [
    path for path, (module, _) in OPTIONAL_MODULES.items()
    if importlib.util.find_spec(module) is None and not _IN_CI
]


def pytest_report_header(config):
    return [
        f"not collected: {path} (needs {OPTIONAL_MODULES[path][0]}: "
        f"pip install -e '.[{OPTIONAL_MODULES[path][1]}]')"
        for path in collect_ignore
    ]
