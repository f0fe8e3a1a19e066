"""What every test run shares, set before pytest collects anything.

- The package is imported first. With ``--import-mode=importlib``, pytest imports a module
  file given on the command line (``pytest binms_teach/hamming.py``, for its doctests) as a
  second module object and sets it as an attribute of its package: ``binms_teach.hamming``
  would then be the module, not the function the package exports. Once the package is
  imported, pytest reuses the module already in ``sys.modules``.
- No timing assertion in the tests (CONTRIBUTING): hypothesis's per-example deadline is one,
  and on a busy machine (CI on shared cores) it fails examples that pass in a few ms alone.
"""

import importlib.util
import os

from hypothesis import settings

import binms_teach  # noqa: F401

settings.register_profile("binms-teach", deadline=None)
settings.load_profile("binms-teach")

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
