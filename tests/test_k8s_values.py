"""docs/class-server/kubernetes/values.yaml: settings the Zero to JupyterHub chart knows.

Offline and without the chart: every key of the values file is checked against the table of
the chart's settings in tests/fixtures/z2jh_values_keys.json (written by tools/z2jh_keys.py
from the chart's own values.schema.yaml, release 4.4.0): a key under a part of the chart that
refuses unknown keys must be one the chart lists, with a value of a type it accepts. The Python
the values carry (the hub's extraConfig, the students' nbgrader configuration) must compile, and
the hub's snippet does what its comment says. What helm, a cluster and the images would show is
not tested here (docs/class-server/kubernetes.md, "What was not tried").
"""

from __future__ import annotations

import json
import types
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
VALUES = REPO / "docs" / "class-server" / "kubernetes" / "values.yaml"
KEYS = json.loads((REPO / "tests" / "fixtures" / "z2jh_values_keys.json").read_text())["keys"]
JSON_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string",
              type(None): "null", list: "array", dict: "object"}


@pytest.fixture(scope="module")
def values():
    return yaml.safe_load(VALUES.read_text(encoding="utf-8"))


def _entry(path: str):
    """The table's entry for ``path``, a ``*`` in the table matching any one name."""
    if path in KEYS:
        return KEYS[path]
    parts = path.split(".")
    for i in range(len(parts) - 1, -1, -1):
        candidate = ".".join(parts[:i] + ["*"] + parts[i + 1:])
        if candidate in KEYS:
            return KEYS[candidate]
    return None


def unknown_settings(node: dict, path: str = "") -> list[str]:
    """The settings of ``node`` the chart would refuse: unknown keys under a closed part, and
    values of a type the chart does not accept."""
    problems = []
    parent = _entry(path)
    for key, value in node.items():
        sub = f"{path}.{key}" if path else key
        entry = _entry(sub)
        if entry is None:
            if parent is not None and parent["closed"]:
                problems.append(f"{sub}: not a setting of z2jh")
            continue  # below an open part (traitlets, snippets): the chart passes it on
        kind = JSON_TYPES[type(value)]
        # JSON schema: an integer is also a number
        kinds = {kind, "number"} if kind == "integer" else {kind}
        if entry["type"] and not kinds & set(entry["type"]):
            problems.append(f"{sub}: {kind}, the chart takes {entry['type']}")
        if isinstance(value, dict):
            problems.extend(unknown_settings(value, sub))
    return problems


def test_every_setting_is_one_the_chart_knows(values):
    assert unknown_settings(values) == []
    # the top-level parts the course sets are all there
    assert {"hub", "singleuser", "cull", "scheduling", "proxy"} <= set(values)


def test_the_check_refuses_a_misspelt_or_mistyped_setting(values):
    """The check above can fail: a typo and a wrong type, as a teacher might write them."""
    assert unknown_settings({"singleuser": {"memory": {"limt": "1G"}}}) == [
        "singleuser.memory.limt: not a setting of z2jh"]
    assert unknown_settings({"cull": {"timeout": "one hour"}}) == [
        "cull.timeout: string, the chart takes ['integer', 'null']"]
    assert unknown_settings({"singleuser": {"extraFiles": {"x": {"mountpath": "/a"}}}}) == [
        "singleuser.extraFiles.x.mountpath: not a setting of z2jh"]


def test_services_and_files_are_complete(values):
    service_keys = {k.rsplit(".", 1)[1] for k in KEYS if k.startswith("hub.services.")}
    for name, service in values["hub"]["services"].items():
        assert set(service) <= service_keys, (name, set(service) - service_keys)
        assert service["url"].startswith("http://")
    for part in ("hub", "singleuser"):
        for name, spec in values[part].get("extraFiles", {}).items():
            assert "mountPath" in spec, name
            # the chart takes exactly one of them
            assert len({"data", "stringData", "binaryData"} & set(spec)) == 1, name


def test_the_students_exchange_is_the_hub_service(values):
    """The nbgrader configuration compiles and points at the service the hub declares."""
    config = values["singleuser"]["extraFiles"]["nbgrader-config"]
    assert config["mountPath"] == "/etc/jupyter/nbgrader_config.py"
    source = config["stringData"]
    compile(source, "nbgrader_config.py", "exec")
    assert "configureExchange(c, " in source
    (service,) = values["hub"]["services"]
    assert f'"http://proxy-public/services/{service}"' in source
    assert 'course_id = "binms-teach"' in source


def test_the_hub_snippet_compiles_and_gives_the_teacher_room(values):
    from traitlets.config import Config

    snippets = values["hub"]["extraConfig"]
    assert snippets
    for name, source in snippets.items():
        compile(source, f"extraConfig.{name}", "exec")
    c = Config()
    exec(snippets["binms-teacher-room"], {"c": c})  # noqa: S102 (our own file)
    hook = c.KubeSpawner.pre_spawn_hook

    def spawner(admin):
        return types.SimpleNamespace(user=types.SimpleNamespace(admin=admin),
                                     mem_limit=None, mem_guarantee=None,
                                     cpu_limit=None, cpu_guarantee=None)

    teacher, student = spawner(True), spawner(False)
    hook(teacher)
    hook(student)
    assert (teacher.mem_limit, teacher.cpu_limit) == ("4G", 2.0)
    # a student keeps singleuser.memory / singleuser.cpu (the hook leaves them alone)
    assert (student.mem_limit, student.cpu_limit) == (None, None)


def test_no_dummy_login_and_limits_above_the_measured_peak(values):
    """The sign-on is a real one; a student's memory limit is above what the benchmark saw a
    student use (docs/class-server/sizing.md)."""
    assert values["hub"]["config"]["JupyterHub"]["authenticator_class"] not in {
        "dummy", "null", "jupyterhub.auth.DummyAuthenticator"}
    runs = json.loads((REPO / "benchmarks" / "hub_load.json").read_text())["runs"]
    peak = max(max(r["per_student"]["student_rss_mib"]) for r in runs.values())
    limit = values["singleuser"]["memory"]["limit"]
    assert limit.endswith("G")
    assert float(limit[:-1]) * 1000 ** 3 / 2 ** 20 > 1.5 * peak
