"""The readable layer is the algorithm; the fast layer equals it; the layers stay apart.

- `BinNNMS(algorithm="reference")` fits with faiss, dask and `binms_teach.fast`
  unimportable, and gives what the default (fast) engine gives;
- every fast engine equals the readable functions on tie-heavy data, with both
  neighbour rules and every tie rule;
- the explorer's step is `binms_teach.ascent.bga_step`;
- no private name crosses a module, no import cycle, and the readable files
  import the fast layer only at `BinNNMS`'s one dispatch point;
- the reading path and the readable files stay as short as the README says.
"""

import ast
import importlib.util
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from binms_teach import BinNNMS, ascent
from binms_teach.fast.popcount import engine, popcount_available
from binms_teach.trace import ascent_trace
from tests.data import tie_heavy

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "binms_teach"
READABLE = ("hamming.py", "majority.py", "ascent.py", "labelling.py", "binnnms.py")
TIES = ("one", "zero", "keep")
ENGINES = ["numpy", "faiss"] if popcount_available() else ["numpy"]


def fitted(X, **params):
    model = BinNNMS(**params).fit(X)
    return (model.modes_, model.epsilon_, model.labels_, model.n_iter_, model.converged_,
            model.cluster_centers_)


# ---------------------------------------------------------------- the reference runs alone

BLOCKED_FIT = textwrap.dedent("""
    import importlib.abc, json, sys
    import numpy as np

    BLOCKED = ("faiss", "dask", "distributed", "binms_teach.fast")

    class Refuse(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if any(name == b or name.startswith(b + ".") for b in BLOCKED):
                raise ImportError(f"{name} is blocked: the reference path must not need it")
            return None

    sys.meta_path.insert(0, Refuse())
    from binms_teach import BinNNMS, datasets

    out = {}
    for name, k1, k2 in json.loads(sys.argv[1]):
        X = getattr(datasets, "load_" + name)().data
        for rule in ("index", "ball"):
            m = BinNNMS(k1, k2, neighbours=rule, algorithm="reference").fit(X)
            out[f"{name} {rule}"] = [m.modes_.tolist(), m.epsilon_, m.labels_.tolist()]
    assert not any(n == b or n.startswith(b + ".") for n in sys.modules for b in BLOCKED)
    print(json.dumps(out))
""")


@pytest.mark.slow
def test_reference_fit_needs_no_fast_layer_and_equals_the_default_engine():
    from binms_teach import datasets

    settings = [("zoo", 7, 20), ("soybean", 5, 10), ("digits", 10, 25)]
    run = subprocess.run([sys.executable, "-c", BLOCKED_FIT, json.dumps(settings)],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    got = json.loads(run.stdout)
    for name, k1, k2 in settings:
        X = getattr(datasets, "load_" + name)().data
        for rule in ("index", "ball"):
            fast = BinNNMS(k1, k2, neighbours=rule).fit(X)
            modes, epsilon, labels = got[f"{name} {rule}"]
            assert np.array_equal(fast.modes_, modes), (name, rule)
            assert fast.epsilon_ == epsilon, (name, rule)
            assert np.array_equal(fast.labels_, labels), (name, rule)


BLOCKED_AUTO = BLOCKED_FIT.split("out = {}")[0] + textwrap.dedent("""
    out = {}
    X = datasets.load_zoo().data
    for tie, rule in json.loads(sys.argv[1]):
        m = BinNNMS("auto", "auto", tie=tie, neighbours=rule, algorithm="reference",
                    record_paths=True).fit(X)
        out[f"{tie} {rule}"] = [m.k1_, m.k2_, m.labels_.tolist(), m.predict(X[::7]).tolist(),
                                [p.tolist() for p in m.paths_]]
    assert not any(n == b or n.startswith(b + ".") for n in sys.modules for b in BLOCKED)
    print(json.dumps(out))
""")


def test_the_reference_path_needs_no_fast_layer_for_auto_predict_and_paths():
    """k1 = k2 = "auto", predict and record_paths with every tie rule (and the ball), on Zoo,
    with faiss, dask and binms_teach.fast unimportable: the same as the default engine."""
    from binms_teach import datasets

    settings = [(tie, "index") for tie in TIES] + [("one", "ball")]
    run = subprocess.run([sys.executable, "-c", BLOCKED_AUTO, json.dumps(settings)],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    got = json.loads(run.stdout)
    X = datasets.load_zoo().data
    for tie, rule in settings:
        fast = BinNNMS("auto", "auto", tie=tie, neighbours=rule, record_paths=True).fit(X)
        k1, k2, labels, predicted, paths = got[f"{tie} {rule}"]
        assert (fast.k1_, fast.k2_) == (k1, k2), (tie, rule)
        assert fast.labels_.tolist() == labels, (tie, rule)
        assert fast.predict(X[::7]).tolist() == predicted, (tie, rule)
        assert [p.tolist() for p in fast.paths_] == paths, (tie, rule)


def test_the_blocking_hook_does_block():
    """The test above would mean nothing if the hook let the fast layer in."""
    probe = BLOCKED_FIT.split("from binms_teach import")[0] + "import binms_teach.fast\n"
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=False)
    assert run.returncode != 0 and "is blocked" in run.stderr


# ---------------------------------------------------------------- fast == readable

@pytest.mark.parametrize("engine_name", ENGINES)
@pytest.mark.parametrize("neighbours", ["index", "ball"])
@pytest.mark.parametrize("tie", TIES)
def test_fast_engines_equal_the_reference_on_tie_heavy_data(engine_name, neighbours, tie):
    X = tie_heavy(seed=len(tie) + 3 * len(neighbours))
    Y = tie_heavy(seed=99, n=40)
    params = dict(k1=8, k2=6, tie=tie, neighbours=neighbours)
    reference = BinNNMS(algorithm="reference", **params)
    with engine(engine_name):
        fast = BinNNMS(**params)
        got = fitted(X, **params)
        predicted = fast.fit(X).predict(Y)
    want = fitted(X, algorithm="reference", **params)
    for a, b in zip(got, want, strict=True):
        assert np.array_equal(a, b)
    assert np.array_equal(predicted, reference.fit(X).predict(Y))


@pytest.mark.parametrize("engine_name", ENGINES)
def test_fast_functions_equal_the_readable_ones(engine_name):
    from binms_teach import ball_neighbours, epsilon_from_k2, epsilon_proximity
    from binms_teach import nearest_neighbours as readable_nn
    from binms_teach.fast import labelling, search

    X = tie_heavy(seed=5, n=400, d=9, patterns=30)
    Q = np.vstack([X[:20], tie_heavy(seed=6, n=10, d=9)])
    with engine(engine_name):
        for k in (1, 5, 17, 400):
            D, idx = search.nearest_neighbours(X, Q, k)
            D_ref, idx_ref = readable_nn(X, Q, k)
            assert np.array_equal(idx, idx_ref) and np.array_equal(D, D_ref)
            radius, _, members = search.ball_neighbours(X, Q, k)
            ball = ball_neighbours(X, Q, k)
            assert np.array_equal(radius, ball.radius)
            assert all(np.array_equal(a, b) for a, b in zip(members, ball.indices, strict=True))
        for k2 in (1, 3, 50, 399):
            assert labelling.epsilon_from_k2(X, k2) == epsilon_from_k2(X, k2)
        for epsilon in (0, 1, 2.5):
            assert np.array_equal(labelling.epsilon_proximity(X, epsilon),
                                  epsilon_proximity(X, epsilon))


# ---------------------------------------------------------------- the explorer

def test_the_explorer_steps_through_bga_step(monkeypatch):
    from binms_teach.widgets import AscentExplorer

    calls = []
    original = ascent.bga_step

    def spy(*args, **kwargs):
        calls.append(args[2])
        return original(*args, **kwargs)

    monkeypatch.setattr(ascent, "bga_step", spy)
    X = tie_heavy(seed=1, n=60)
    trace = ascent_trace(X, 0, 5)
    assert len(calls) == len(trace.steps) > 0
    assert np.array_equal(trace.path, ascent.bga_path(X, X[0], 5))
    calls.clear()
    AscentExplorer(X, k1=4, shape=(1, 7)).trace_for(3, 4)
    assert calls and set(calls) == {4}


# ---------------------------------------------------------------- the layers stay apart

def modules():
    return sorted(p for p in PACKAGE.rglob("*.py"))


def test_no_private_name_is_imported_from_another_module():
    crossings = []
    for path in modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.level or "binms_teach" in
                                                      (node.module or "")):
                private = [a.name for a in node.names
                           if a.name.startswith("_") and not a.name.startswith("__")]
                if private and node.module not in (None,):
                    crossings.append(f"{path.relative_to(ROOT)}: {node.module} {private}")
    assert crossings == []


def top_level_imports(path):
    """The package modules a module imports when it is imported (module-level statements)."""
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    if path.name == "__init__.py":
        name = package
    found = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            target = f"{base}.{node.module}" if node.module else base
            for alias in node.names:
                found.add(f"{target}.{alias.name}" if node.module is None else target)
    return name, found


# The layers, bottom to top: a module imports its own layer and the layers below, never one
# above (at module level). The folders show them: the readable files at the top level of the
# package (beside them `evaluation/`: the scores, the k-modes baseline and the paper's numbers;
# `datasets/` with the codings), `fast/`, the teaching tools, the reproduction of the paper
# and the command line (`cli/`).
LAYERS = (
    ("base", ("_validation", "_binary")),
    ("readable", ("hamming", "majority", "ascent", "labelling", "binnnms", "evaluation",
                  "datasets", "__init__")),
    ("fast", ("fast",)),
    ("teaching tools", ("kernels", "checks", "selection", "trace", "widgets", "figures")),
    ("reproduction and course", ("experiments", "exercises", "cli", "__main__")),
)
# The only imports up a layer, each inside a function that runs when it is needed: BinNNMS's
# one dispatch point to the fast layer, and its automatic choice of k1 and k2.
DISPATCH = {("binms_teach.binnnms", "_fast_layer", "fast"),
            ("binms_teach.binnnms", "_choose", "selection")}


def layer_of(module):
    """The layer number of a module name (binms_teach.x.y -> the layer of x)."""
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else "__init__"
    if not ((PACKAGE / top).is_dir() or (PACKAGE / f"{top}.py").is_file()):
        top = "__init__"  # a name the package exports (`from .. import bga`)
    for number, (_, members) in enumerate(LAYERS):
        if top in members:
            return number
    raise AssertionError(f"{module} is in no layer: add it to LAYERS in tests/test_layers.py")


def package_imports(path):
    """(importing module, imported module, the function holding the import or None)."""
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    if path.name == "__init__.py":
        name = package
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inside = {}
    for func in ast.walk(tree):
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(func):
                inside.setdefault(id(node), func.name)
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            target = f"{base}.{node.module}" if node.module else base
            targets = [f"{target}.{a.name}" if node.module is None else target
                       for a in node.names]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("binms_teach"):
            targets = [node.module]
        elif isinstance(node, ast.Import):
            targets = [a.name for a in node.names if a.name.startswith("binms_teach")]
        for target in targets:
            yield name, target, inside.get(id(node))


def test_no_import_goes_up_a_layer():
    up = []
    for path in modules():
        for module, target, function in package_imports(path):
            if layer_of(target) <= layer_of(module):
                continue
            top = target.split(".")[1]
            if (module, function, top) not in DISPATCH:
                up.append(f"{module} ({function or 'module level'}) imports {target}: "
                          f"{LAYERS[layer_of(module)][0]} -> {LAYERS[layer_of(target)][0]}")
    assert up == []


def test_the_layer_test_sees_an_import_up_a_layer(tmp_path, monkeypatch):
    """The test above can fail: a readable file importing a teaching tool is reported."""
    fake = tmp_path / "binms_teach"
    fake.mkdir()
    (fake / "hamming.py").write_text("from .selection import choose_parameters\n",
                                     encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    found = list(package_imports(fake / "hamming.py"))
    assert found == [("binms_teach.hamming", "binms_teach.selection", None)]
    assert layer_of("binms_teach.selection") > layer_of("binms_teach.hamming")


# Modules over the limit that their owners are cutting (issue 34; requests sent): each must
# leave this list once it is cut, and the test fails when one here is already short enough.
PENDING_SIZE = {}


def over_450_lines(root):
    """The Python files of the package, tools/ and benchmarks/ under `root` over 450 lines."""
    files = [p for folder in ("binms_teach", "tools", "benchmarks")
             for p in sorted((root / folder).rglob("*.py"))]
    return {str(p.relative_to(root)): n for p in files
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 450}


def test_no_module_is_over_450_lines():
    long = over_450_lines(ROOT)
    assert {k: n for k, n in long.items() if k not in PENDING_SIZE} == {}, (
        f"cut these at their seams: {long}")
    done = sorted(set(PENDING_SIZE) - set(long))
    assert done == [], f"short enough now: remove {done} from PENDING_SIZE"


def test_the_size_test_sees_tools_and_benchmarks(tmp_path):
    """The test above can fail: a long script in tools/ or benchmarks/ is reported, and a
    file of exactly 450 lines is not."""
    for folder in ("binms_teach", "tools", "benchmarks"):
        (tmp_path / folder).mkdir()
    (tmp_path / "tools" / "long.py").write_text("x = 1\n" * 451, encoding="utf-8")
    (tmp_path / "benchmarks" / "long.py").write_text("x = 1\n" * 460, encoding="utf-8")
    (tmp_path / "benchmarks" / "at_limit.py").write_text("x = 1\n" * 450, encoding="utf-8")
    assert over_450_lines(tmp_path) == {"tools/long.py": 451, "benchmarks/long.py": 460}


def test_no_import_cycle():
    graph = dict(top_level_imports(p) for p in modules())
    known = set(graph)
    graph = {m: {t for t in targets if t in known} for m, targets in graph.items()}

    def visit(module, stack):
        for target in graph[module]:
            if target in stack and not module.startswith(target + "."):
                pytest.fail(" -> ".join([*stack[stack.index(target):], target]))
            if target not in done:
                visit(target, [*stack, target])
        done.add(module)

    done = set()
    for module in graph:
        if module not in done:
            visit(module, [module])


def test_the_readable_layer_imports_the_fast_layer_only_at_the_dispatch_point():
    places = []
    for name in READABLE:
        tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
        for func in [tree, *[n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]]:
            body = func.body if isinstance(func, ast.Module) else func.body
            for node in body:
                for sub in ast.walk(node) if isinstance(func, ast.FunctionDef) else [node]:
                    if isinstance(sub, ast.ImportFrom) and (
                            "fast" in (sub.module or "") or any(a.name == "fast"
                                                                for a in sub.names)):
                        places.append(f"{name}:{getattr(func, 'name', '<module>')}")
    assert sorted(set(places)) == ["binnnms.py:_fast_layer"]


# ---------------------------------------------------------------- as short as promised

def reading_path_module():
    spec = importlib.util.spec_from_file_location("reading_path", ROOT / "tools/reading_path.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_reading_path_is_short_and_the_readme_says_how_short():
    path = reading_path_module().reading_path()
    files = {f for f, _ in path} - {"binnnms.py"}
    assert len(files) <= 4 and len(path) <= 15
    assert {"bga_step", "nearest_neighbours", "majority_vote", "epsilon_from_k2",
            "epsilon_proximity"} <= {name for _, name in path}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"{len(path)} functions in {len(files)} files" in readme


def code_lines(path):
    """Lines of code: not blank, not a comment, not in a docstring."""
    source = path.read_text(encoding="utf-8")
    docs = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                docs.update(range(first.lineno, first.end_lineno + 1))
    return sum(1 for i, line in enumerate(source.splitlines(), 1)
               if line.strip() and not line.strip().startswith("#") and i not in docs)


def test_the_readable_algorithm_files_hold_at_most_600_lines_of_code():
    assert code_lines(PACKAGE / "hamming.py") > 30  # the counter counts
    assert sum(code_lines(PACKAGE / name) for name in READABLE) <= 600


def test_the_readable_files_read_in_one_sitting_and_check_nothing_themselves():
    """About 510 lines together, docstrings and each function's table of what its parameters
    may be included, and no input checks of their own: the parameters are checked at the edge
    (`validate_params`, binms_teach/_validation.py)."""
    texts = {name: (PACKAGE / name).read_text(encoding="utf-8") for name in READABLE}
    assert sum(len(text.splitlines()) for text in texts.values()) <= 520
    assert [name for name, text in texts.items()
            if "check_input" in text or "check_binary" in text or "check_int" in text] == []


def test_a_module_and_its_function_of_the_same_name_pass_their_doctests_alone():
    """`pytest binms_teach/hamming.py`: the module's doctests, run on their own, see the
    function `binms_teach.hamming` (the root conftest.py imports the package first)."""
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "binms_teach/hamming.py"], cwd=ROOT, capture_output=True, text=True,
                         check=False)
    assert run.returncode == 0, run.stdout[-2000:]
