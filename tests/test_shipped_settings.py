"""The course's JupyterLab settings are settings JupyterLab applies, on every route.

JupyterLab matches an overrides file's keys against its schema ids (``package:plugin``); a key
it does not know, such as ``package/plugin``, is ignored without a word, so a misspelt key would
quietly ship nothing. tests/e2e/test_shipped_settings.py shows the effect in a browser.
"""

import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHIPPED = REPO / "jupyter-settings" / "binms-teach.json"
CLASS_SERVER = REPO / "docs" / "class-server" / "lab-overrides.json"
SCHEMAS = Path(sys.prefix) / "share" / "jupyter" / "lab" / "schemas"


@pytest.mark.parametrize("path", [SHIPPED, CLASS_SERVER], ids=["package", "class-server"])
def test_every_key_names_a_jupyterlab_setting(path):
    if not SCHEMAS.is_dir():
        pytest.skip("JupyterLab is not installed here: pip install -e '.[course]'")
    for plugin, values in json.loads(path.read_text()).items():
        package, _, name = plugin.rpartition(":")
        schema = SCHEMAS / package / f"{name}.json"
        assert package and schema.is_file(), (
            f"{path.name}: {plugin!r} is no JupyterLab plugin id (write 'package:plugin')"
        )
        known = json.loads(schema.read_text())["properties"]
        assert set(values) <= set(known), f"{path.name}: {plugin} has no {set(values) - set(known)}"


def test_the_class_server_keeps_the_course_settings():
    """overrides.json (the class's) is read over overrides.d (the package's): it must not
    take back the windowing that keeps every cell in the accessibility tree."""
    shipped = json.loads(SHIPPED.read_text())
    server = json.loads(CLASS_SERVER.read_text())
    for plugin, values in shipped.items():
        for key, value in values.items():
            assert server.get(plugin, {}).get(key, value) == value, (plugin, key)
    assert server["@jupyterlab/notebook-extension:tracker"]["windowingMode"] == "none"
