"""The settings a Zero to JupyterHub chart knows, as a table the tests can read offline.

    python tools/z2jh_keys.py PATH/TO/values.schema.yaml "4.4.0 (commit ...)"

reads the chart's JSON schema (``jupyterhub/values.schema.yaml`` of the chart's repository, at
the release the values file is written for) and writes tests/fixtures/z2jh_values_keys.json:
for every setting, its dotted path, the types the chart accepts, and whether the chart refuses
keys it does not list below it ("closed") or passes them on ("open", e.g. ``hub.config``'s
traitlets, ``hub.extraConfig``'s snippets). A path component ``*`` stands for any name (a map
such as ``singleuser.extraFiles``). tests/test_k8s_values.py checks
docs/class-server/kubernetes/values.yaml against the table, without the chart or network.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "tests" / "fixtures" / "z2jh_values_keys.json"


def table(node: dict, path: str = "") -> dict:
    """{dotted path: {"type": [...], "closed": bool}} of the schema ``node``'s settings.

    >>> schema = {"type": "object", "additionalProperties": False, "properties": {
    ...     "cull": {"type": "object", "additionalProperties": False,
    ...              "properties": {"timeout": {"type": ["integer", "null"]}}},
    ...     "files": {"type": "object", "additionalProperties": False, "patternProperties":
    ...               {".*": {"type": "object", "properties": {"mode": {"type": "number"}}}}}}}
    >>> sorted(table(schema).items())[:2]
    [('', {'type': ['object'], 'closed': True}), ('cull', {'type': ['object'], 'closed': True})]
    >>> table(schema)["files.*.mode"]
    {'type': ['number'], 'closed': False}
    """
    kind = node.get("type")
    entry = {"type": [kind] if isinstance(kind, str) else list(kind or []),
             # closed: the chart refuses a key it does not list (additionalProperties: false)
             "closed": node.get("additionalProperties") is False}
    out = {path: entry}
    prefix = f"{path}." if path else ""
    for name, child in node.get("properties", {}).items():
        out.update(table(child, prefix + name))
    for child in node.get("patternProperties", {}).values():
        out.update(table(child, prefix + "*"))
    return out


def main(argv=None):
    args = argv if argv is not None else sys.argv[1:]
    if len(args) != 2:
        raise SystemExit("usage: python tools/z2jh_keys.py values.schema.yaml 'CHART VERSION'")
    schema = yaml.safe_load(Path(args[0]).read_text(encoding="utf-8"))
    keys = table(schema)
    # one setting a line, so that a new chart's changes read as a diff
    lines = [f"  {json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in sorted(keys.items())]
    OUT.write_text(f'{{"chart": {json.dumps(args[1])},\n "keys": {{\n' + ",\n".join(lines)
                   + "\n }}\n", encoding="utf-8")
    print(f"{OUT.relative_to(REPO)}: {len(keys)} settings of z2jh {args[1]}")


if __name__ == "__main__":
    main()
