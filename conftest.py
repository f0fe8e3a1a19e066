"""What every test run shares, set before pytest collects anything.

- The package is imported first. With ``--import-mode=importlib``, pytest imports a module
  file given on the command line (``pytest binms_teach/hamming.py``, for its doctests) as a
  second module object and sets it as an attribute of its package: ``binms_teach.hamming``
  would then be the module, not the function the package exports. Once the package is
  imported, pytest reuses the module already in ``sys.modules``.
- No timing assertion in the tests (CONTRIBUTING): hypothesis's per-example deadline is one,
  and on a busy machine (CI on shared cores) it fails examples that pass in a few ms alone.
"""

from hypothesis import settings

import binms_teach  # noqa: F401

settings.register_profile("binms-teach", deadline=None)
settings.load_profile("binms-teach")
