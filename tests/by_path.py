"""Load a script of the repository (tools/, benchmarks/, another test file) as a module.

These files are not in a package; the tests import them by their path.
"""

import importlib.util


def load_module(path, name=None):
    """The module defined by the file at ``path`` (named ``name``, default its stem)."""
    spec = importlib.util.spec_from_file_location(name or path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
