"""The tested versions agree: pyproject.toml, binms_teach/constraints.txt and environment.yml.

pyproject.toml gives the bounds; constraints.txt the exact versions the notebooks are executed
with (written by `make constraints`); environment.yml pins the same for conda users.
"""

import ast
import re
import sys
from pathlib import Path

import yaml
from packaging.requirements import Requirement
from packaging.version import Version

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]


def canonical(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def pyproject_requirements():
    """{name: Requirement} of the runtime list and every extra (course, dev, book, ...),
    without the course itself and without marker-only back-ports (tomli for Python 3.10)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    listed = [Requirement(r) for r in
              project["dependencies"] + [r for group in extras.values() for r in group]]
    return {canonical(r.name): r for r in listed if r.marker is None
            and canonical(r.name) != "binms-teach"}


def constraints():
    """{name: version} of binms_teach/constraints.txt, and the Python version of its header."""
    text = (ROOT / "binms_teach/constraints.txt").read_text(encoding="utf-8")
    pins = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            name, version = line.split("==")
            assert canonical(name) not in pins, f"{name} pinned twice"
            pins[canonical(name)] = version
    python = re.search(r"\(Python (\d+\.\d+)\)", text).group(1)
    return pins, python


def environment():
    """{name: version} pinned in environment.yml (conda and pip parts), and its Python."""
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    conda = [d for d in env["dependencies"] if isinstance(d, str)]
    pip = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    pins, python = {}, None
    for entry in conda + [p for p in pip if not p.startswith("-e")]:
        name, _, version = re.match(r"([A-Za-z0-9_.\-]+)\s*(==|=)?\s*(.*)", entry).groups()
        if name == "python":
            python = version
        elif name != "pip":
            assert version, f"environment.yml: {entry} has no pinned version"
            pins[canonical(name)] = version
    return pins, python


def test_every_dependency_is_pinned_within_its_bounds():
    pins, _ = constraints()
    for name, requirement in pyproject_requirements().items():
        assert name in pins, f"{name} is not in constraints.txt: run `make constraints`"
        assert Version(pins[name]) in requirement.specifier, (
            f"constraints.txt pins {name}=={pins[name]}, outside pyproject's {requirement}")


def test_environment_yml_pins_what_constraints_pins():
    pins, python = constraints()
    env_pins, env_python = environment()
    assert set(env_pins) == set(pyproject_requirements())
    assert {name: pins[name] for name in env_pins} == env_pins
    assert env_python == python


def test_tested_python_is_allowed_by_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    _, python = constraints()
    assert Version(python) in Requirement(f"python{project['requires-python']}").specifier


def test_the_checker_sees_a_disagreement(tmp_path, monkeypatch):
    # The comparison above must be able to fail: a hand-edited pin is caught.
    text = (ROOT / "environment.yml").read_text(encoding="utf-8")
    edited = re.sub(r"numpy==[\d.]+", "numpy==1.0.0", text)
    assert edited != text
    (tmp_path / "environment.yml").write_text(edited, encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    env_pins, _ = environment()
    monkeypatch.undo()
    pins, _ = constraints()
    assert env_pins["numpy"] == "1.0.0" != pins["numpy"]


def _text_io_without_encoding(path):
    """Line numbers in ``path`` that open, read or write a text file with no encoding named."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "attr", getattr(node.func, "id", None))
        keywords = {k.arg: k.value for k in node.keywords}
        if name not in ("open", "read_text", "write_text", "fdopen") or "encoding" in keywords:
            continue
        if isinstance(node.func, ast.Attribute) and name == "open" and not (
                isinstance(node.func.value, ast.Name) and node.func.value.id in ("io", "os")):
            continue  # zipfile/Image/archive .open(): binary by nature
        mode = keywords.get("mode", node.args[1] if len(node.args) > 1 else None)
        if isinstance(mode, ast.Constant) and "b" in str(mode.value):
            continue
        found.append(node.lineno)
    return found


def test_the_package_and_tools_read_and_write_utf8_explicitly(tmp_path):
    # Windows' default text encoding is not UTF-8: every text file names its encoding.
    files = sorted((ROOT / "binms_teach").rglob("*.py")) + sorted((ROOT / "tools").glob("*.py"))
    offenders = [f"{path.relative_to(ROOT)}:{line}" for path in files
                 for line in _text_io_without_encoding(path)]
    assert offenders == []
    sample = tmp_path / "sample.py"  # the checker can fail: it finds the first line only
    sample.write_text('open("x.txt")\nopen("y.bin", "rb")\nPath("z").read_text(encoding="utf-8")\n'
                      'Path("w").write_text("text")\n', encoding="utf-8")
    assert _text_io_without_encoding(sample) == [1, 4]


def test_readme_names_the_tested_versions():
    pins, python = constraints()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    tested = readme[readme.index("**Tested versions.**"):]
    tested = " ".join(tested.split())  # the paragraph may wrap anywhere
    assert f"(Python {python};" in tested
    for name in ("numpy", "scipy", "scikit-learn", "matplotlib", "ipywidgets", "JupyterLab"):
        assert f"{name} {pins[canonical(name)]}" in tested, f"README: update {name}"


def test_every_subpackage_is_in_the_wheel():
    """pyproject.toml lists the packages by hand (data/ and notebooks/ are mapped into the
    package): a new subpackage left off the list would be missing from the wheel."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(project["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for p in (ROOT / "binms_teach").rglob("__init__.py")}
    assert sorted(found - listed) == []
