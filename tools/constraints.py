"""Write the tested versions: binms_teach/constraints.txt and environment.yml (`make constraints`).

Run with the Python of the venv the notebooks are executed with (``.venv/bin/python
tools/constraints.py``). It records that venv's exact versions (``pip freeze``) in
``binms_teach/constraints.txt``, the course's own dependencies first, then what they pull in,
and rewrites ``environment.yml`` from ``pyproject.toml`` with the same pins, so that conda
users get what pip users get. tests/test_packaging.py checks that the three agree.

Adding a dependency: put it in pyproject.toml, then ``make constraints`` (which installs it
into .venv and runs this script).
"""

import re
import subprocess
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
CONSTRAINTS = ROOT / "binms_teach" / "constraints.txt"
ENVIRONMENT = ROOT / "environment.yml"
# Installed with pip inside the conda environment: not on conda-forge under this name.
PIP_ONLY = {"playwright", "kmodes", "sphinx-mathjax-offline", "axe-playwright-python"}


def canonical(name):
    """The comparable form of a distribution name (PEP 503): 'PyYAML' -> 'pyyaml'."""
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(requirement):
    """'numpy>=2.0' -> 'numpy'; None for the course itself and for marker-only back-ports."""
    if ";" in requirement:  # e.g. tomli for Python 3.10: not part of the tested set
        return None
    name = re.match(r"[A-Za-z0-9_.\-]+", requirement.strip()).group(0)
    return None if canonical(name) == "binms-teach" else name


def direct_dependencies():
    """{"runtime": [...], "course": [...], "dev": [...]} as pyproject.toml lists them."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    groups = {"runtime": project["dependencies"], **extras}
    return {group: [n for n in map(requirement_name, reqs) if n] for group, reqs in groups.items()}


def frozen():
    """{canonical name: (name as pip spells it, version)} of the running venv."""
    out = subprocess.run([sys.executable, "-m", "pip", "freeze", "--exclude-editable"],
                         check=True, capture_output=True, text=True, encoding="utf-8").stdout
    pins = {}
    for line in out.splitlines():
        if "==" in line and not line.startswith("#"):
            name, version = line.split("==", 1)
            pins[canonical(name)] = (name, version.strip())
    return pins


def constraints_text(pins, groups):
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    direct = {canonical(n) for names in groups.values() for n in names}
    missing = sorted(direct - set(pins))
    if missing:
        sys.exit(f"Not installed in this venv: {', '.join(missing)}. Run `make dev` first.")
    lines = [
        f"# The exact versions the notebooks are executed with (Python {python}).",
        "# Written by `make constraints` (tools/constraints.py) from .venv; do not edit by hand.",
        "# Used as `pip install -c binms_teach/constraints.txt ...` by every make target.",
        "",
        "# the course's own dependencies (pyproject.toml)",
    ]
    lines += [f"{pins[c][0]}=={pins[c][1]}" for c in sorted(direct)]
    lines += ["", "# what they pull in"]
    lines += [f"{name}=={version}" for c, (name, version) in sorted(pins.items())
              if c not in direct]
    return "\n".join(lines) + "\n"


def environment_text(pins, groups):
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    lines = [
        "# conda env create -f environment.yml && conda activate binms-teach",
        "# Written by `make constraints` (tools/constraints.py): the packages of pyproject.toml",
        "# (runtime, the \"course\" extra and the \"dev\" extra) at the versions of",
        "# binms_teach/constraints.txt; tests/test_packaging.py checks that they agree.",
        "name: binms-teach",
        "channels:",
        "  - conda-forge",
        "dependencies:",
        f"  - python={python}",
        "  - pip",
    ]
    pip_lines = []
    for group, names in groups.items():
        conda = [n for n in names if canonical(n) not in PIP_ONLY]
        pip_lines += [n for n in names if canonical(n) in PIP_ONLY]
        if conda:
            lines.append(f"  # {group}")
            lines += [f"  - {n}=={pins[canonical(n)][1]}" for n in conda]
    lines.append("  - pip:")
    lines += [f"      - {n}=={pins[canonical(n)][1]}" for n in pip_lines]
    lines.append("      - -e .")
    return "\n".join(lines) + "\n"


def main():
    pins, groups = frozen(), direct_dependencies()
    CONSTRAINTS.write_text(constraints_text(pins, groups), encoding="utf-8")
    ENVIRONMENT.write_text(environment_text(pins, groups), encoding="utf-8")
    print(f"Wrote {CONSTRAINTS.relative_to(ROOT)} ({len(pins)} packages) and "
          f"{ENVIRONMENT.relative_to(ROOT)}.")


if __name__ == "__main__":
    main()
