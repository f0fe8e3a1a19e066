"""``binms-teach doctor``: what spoils a student's first hour, checked, each with its fix.

One line per check: ``ok``, ``note`` (works, but not as tested: outputs may differ in
the last digits) or ``FAIL`` followed by the fix. `run` returns ``(ok, lines)`` so a
notebook can show the same report; the command exits with status 0 when ``ok``, else 1.
"""

import importlib.metadata as metadata
import io
import re
import sys
from pathlib import Path

from packaging.requirements import Requirement
from packaging.version import Version

MIN_PYTHON = (3, 10)  # pyproject.toml: requires-python
CONSTRAINTS = Path(__file__).resolve().parent.parent / "constraints.txt"
INSTALL = "pip install 'binms-teach[course]'"
# The data sets every notebook and `binms-teach reproduce` may load.
DATASETS = ("zoo", "digits", "spect", "soybean", "car", "votes", "mushroom")


def pinned_versions(path=CONSTRAINTS):
    """{canonical name: version} and the Python "X.Y" of the constraints file.

    Examples
    --------
    >>> pins, python = pinned_versions()
    >>> "numpy" in pins and python.count(".") == 1
    True
    """
    text = Path(path).read_text(encoding="utf-8")
    pins = {}
    for line in text.splitlines():
        if "==" in line and not line.startswith("#"):
            name, version = line.split("==", 1)
            pins[_canonical(name)] = version.strip()
    python = re.search(r"\(Python (\d+\.\d+)\)", text)
    return pins, python.group(1) if python else None


def _canonical(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def _line(status, what, detail, fix=None):
    return f"{status:<4}  {what:<20} {detail}" + (f"  -> fix: {fix}" if fix else "")


def check_python(tested):
    """The running Python against pyproject's minimum and the tested version: (ok, line)."""
    version = ".".join(map(str, sys.version_info[:3]))
    if sys.version_info[:2] < MIN_PYTHON:
        need = ".".join(map(str, MIN_PYTHON))
        return False, _line("FAIL", "Python", f"{version} is older than {need}",
                            f"install Python {tested or need} or newer and make a new venv")
    if tested and f"{sys.version_info.major}.{sys.version_info.minor}" != tested:
        return True, _line("note", "Python", f"{version} (the course is tested on {tested})")
    return True, _line("ok", "Python", version)


def _requirements():
    """binms-teach's own requirements: the runtime ones and the "course" extra."""
    try:
        listed = metadata.requires("binms-teach") or []
    except metadata.PackageNotFoundError:  # imported from a folder, never installed
        return None
    out = []
    for text in listed:
        requirement = Requirement(text)
        if requirement.marker is None or requirement.marker.evaluate({"extra": "course"}):
            if _canonical(requirement.name) != "binms-teach":
                out.append(requirement)
    return out


def check_packages(pins):
    """Each runtime and course requirement: installed, within its bounds, as tested.

    A version other than the tested one is a ``note`` (it works; outputs may differ in
    the last digits), not a failure. Returns a list of (ok, line).
    """
    requirements = _requirements()
    if requirements is None:
        return [(False, _line("FAIL", "binms-teach", "is not installed (no package metadata)",
                              "pip install -e '.[course]' in the checkout"))]
    results = []
    for requirement in requirements:
        name = requirement.name
        try:
            version = metadata.version(name)
        except metadata.PackageNotFoundError:
            results.append((False, _line("FAIL", name, "is not installed", INSTALL)))
            continue
        tested = pins.get(_canonical(name))
        if Version(version) not in requirement.specifier:
            results.append((False, _line("FAIL", name, f"{version} is outside {requirement}",
                                         f"pip install '{requirement}'")))
        elif tested and version != tested:
            results.append((True, _line(
                "note", name, f"{version} (tested: {tested}; outputs may differ slightly)",
                f"pip install -c {CONSTRAINTS} '{name}' for the tested one")))
        else:
            results.append((True, _line("ok", name, version)))
    return results


def check_datasets():
    """Every data set loads with ``download=False``: a list of (ok, line)."""
    from .. import datasets

    loaders = [(name, lambda name=name: getattr(datasets, f"load_{name}")(download=False))
               for name in DATASETS]
    results = []
    for name, load in loaders:
        try:
            bunch = load()
        except Exception as exc:  # any failure is the finding this check reports
            first = str(exc).split(". ")[0]
            results.append((False, _line(
                "FAIL", f"data: {name}", f"does not load ({type(exc).__name__}: {first})",
                "pip install --force-reinstall binms-teach (the files ship with it)")))
        else:
            n, d = bunch.data.shape
            results.append((True, _line("ok", f"data: {name}", f"loads, {n} x {d}")))
    return results


def _labextension_found():
    """Whether JupyterLab will find the widgets front end (jupyterlab_widgets' extension)."""
    try:
        from jupyter_core.paths import jupyter_path
    except ImportError:
        return False
    return any((Path(p) / "@jupyter-widgets/jupyterlab-manager/package.json").is_file()
               for p in jupyter_path("labextensions"))


def check_jupyterlab():
    """JupyterLab, and a widgets front end (jupyterlab_widgets) that matches ipywidgets."""
    try:
        lab = metadata.version("jupyterlab")
    except metadata.PackageNotFoundError:
        return False, _line("FAIL", "JupyterLab", "is not installed", INSTALL)
    try:
        front = metadata.version("jupyterlab_widgets")
        ipywidgets_requires = metadata.requires("ipywidgets") or []
    except metadata.PackageNotFoundError as exc:
        return False, _line("FAIL", "JupyterLab widgets", f"{exc.name} is not installed",
                            "pip install ipywidgets jupyterlab_widgets")
    wanted = [Requirement(r) for r in ipywidgets_requires
              if _canonical(Requirement(r).name) == "jupyterlab-widgets"]
    for requirement in wanted:
        if Version(front) not in requirement.specifier:
            return False, _line(
                "FAIL", "JupyterLab widgets",
                f"jupyterlab_widgets {front} does not match ipywidgets "
                f"{metadata.version('ipywidgets')} (needs {requirement.specifier})",
                f"pip install '{requirement}'")
    if not _labextension_found():
        return False, _line(
            "FAIL", "JupyterLab widgets", "the widgets front end is not where JupyterLab looks",
            "pip install --force-reinstall jupyterlab_widgets (in the venv that runs JupyterLab)")
    return True, _line("ok", "JupyterLab widgets",
                       f"JupyterLab {lab}, jupyterlab_widgets {front} matches ipywidgets "
                       f"{metadata.version('ipywidgets')}")


def check_matplotlib():
    """matplotlib draws a figure to PNG with the Agg backend, as the widgets do."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        fig = Figure(figsize=(2, 2))
        FigureCanvasAgg(fig)
        fig.add_subplot().plot([0, 1], [1, 0])
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png")
    except Exception as exc:  # any failure is the finding this check reports
        return False, _line("FAIL", "matplotlib", f"cannot draw ({type(exc).__name__}: {exc})",
                            "pip install --force-reinstall matplotlib")
    if not buffer.getvalue().startswith(b"\x89PNG"):
        return False, _line("FAIL", "drawing", "matplotlib drew no PNG",
                            "pip install --force-reinstall matplotlib")
    return True, _line("ok", "drawing", "matplotlib draws (Agg)")


def run():
    """Run every check: ``(all ok, the report's lines)``, one line per check.

    Examples
    --------
    >>> ok, lines = run()  # doctest: +SKIP
    >>> print("\\n".join(lines))  # doctest: +SKIP
    ok    Python               3.11.7
    ok    numpy                2.4.6
    ...
    """
    try:
        pins, python = pinned_versions()
    except FileNotFoundError:
        pins, python = {}, None
    results = [check_python(python), *check_packages(pins), *check_datasets(),
               check_jupyterlab(), check_matplotlib()]
    ok = all(passed for passed, _ in results)
    lines = [line for _, line in results]
    lines.append("All is well." if ok else "Fix the FAIL lines above, then run "
                 "`binms-teach doctor` again.")
    return ok, lines


def report():
    """The doctor's report as one string (for a notebook cell: ``print(report())``)."""
    return "\n".join(run()[1])
