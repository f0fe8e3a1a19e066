"""environment.yml and pyproject.toml list the same packages with the same bounds."""

import re
import sys
from pathlib import Path

import yaml

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]


def parse(requirement):
    """'numpy>=2.0' -> ('numpy', '>=2.0'); markers are dropped."""
    requirement = requirement.split(";")[0].strip()
    name, spec = re.match(r"([A-Za-z0-9_.\-]+)\s*(.*)", requirement).groups()
    return name.lower().replace("_", "-"), spec.replace(" ", "")


def pyproject_packages():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    listed = project["dependencies"] + extras["course"] + extras["dev"] + extras["book"]
    # The course's own extra and the Python 3.10 back-port are not conda packages.
    skip = ("binms-teach", "tomli")
    return {parse(r) for r in listed if not r.startswith(skip)}


def environment_packages():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda = [d for d in env["dependencies"] if isinstance(d, str)]
    pip = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    listed = [d for d in conda if not d.startswith(("python", "pip"))]
    listed += [d for d in pip if not d.startswith("-e")]
    return {parse(r) for r in listed}


def test_environment_yml_and_pyproject_agree():
    assert pyproject_packages() == environment_packages()


def test_python_bound_agrees():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert f"python{project['requires-python']}" in env["dependencies"]
