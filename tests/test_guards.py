"""The guards fire: under CI a missing resource fails, and no error is turned into a skip."""

import ast
import re
from pathlib import Path

import pytest

from tests import guards

TESTS = Path(__file__).resolve().parent
SOURCES = sorted(p for p in TESTS.rglob("*.py") if "fixtures" not in p.parts)


@pytest.mark.parametrize("value", ["true", "TRUE", "1", "yes"])
def test_missing_fails_under_ci(monkeypatch, value):
    monkeypatch.setenv("CI", value)
    assert guards.in_ci()
    with pytest.raises(pytest.fail.Exception, match=r"CI=true but zoo.data was not found"):
        guards.missing("zoo.data was not found")


@pytest.mark.parametrize("value", [None, "", "false", "0"])
def test_missing_skips_elsewhere(monkeypatch, value):
    if value is None:
        monkeypatch.delenv("CI", raising=False)
    else:
        monkeypatch.setenv("CI", value)
    assert not guards.in_ci()
    with pytest.raises(pytest.skip.Exception, match=r"^zoo.data was not found$"):
        guards.missing("zoo.data was not found")


def _catches_everything(handler):
    names = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(n is None or (isinstance(n, ast.Name) and n.id in {"Exception", "BaseException"})
               for n in names)


def _skips(node):
    for call in ast.walk(node):
        if isinstance(call, ast.Call):
            name = getattr(call.func, "attr", None) or getattr(call.func, "id", None)
            if name in {"skip", "missing", "importorskip", "xfail"}:
                return True
    return False


def test_no_broad_except_turns_an_error_into_a_skip():
    offenders = [f"{path.relative_to(TESTS)}:{handler.lineno}"
                 for path in SOURCES
                 for handler in ast.walk(ast.parse(path.read_text()))
                 if isinstance(handler, ast.ExceptHandler) and _catches_everything(handler)
                 and any(_skips(statement) for statement in handler.body)]
    assert offenders == []


def test_only_the_guard_reads_the_ci_variable():
    reads = re.compile(r"""environ(\.get)?\s*[\(\[]\s*["']CI["']|getenv\(\s*["']CI["']""")
    readers = [str(path.relative_to(TESTS)) for path in SOURCES
               if path.name != "guards.py" and reads.search(path.read_text())]
    assert readers == []


def test_the_scan_sees_a_broad_except_that_skips():
    bad = ast.parse("try:\n    load()\nexcept Exception as exc:\n    pytest.skip(str(exc))\n")
    handler = next(n for n in ast.walk(bad) if isinstance(n, ast.ExceptHandler))
    assert _catches_everything(handler) and _skips(handler.body[0])
