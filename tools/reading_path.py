"""The functions that `BinNNMS(algorithm="reference").fit` runs, counted statically.

Starts at `BinNNMS.fit`, follows every call by name into the package's own
functions (read from the source with `ast`, nothing is imported or run), and
stops at what is not the algorithm: the fast layer (`_fast_layer`), the checks
of the inputs and parameters (`binms_teach/_validation.py`, ``check_*``: a fit
checks its data once, at the edge, and the functions it calls trust them) and the
automatic choice (`_choose`). Prints the
functions in the order met, grouped by file. Run it as below;
tests/test_layers.py holds the counts to the README's figures.

    python tools/reading_path.py
"""

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "binms_teach"
# The readable layer: the only files the walk enters.
FILES = ("binnnms.py", "ascent.py", "hamming.py", "majority.py", "labelling.py")
NOT_THE_ALGORITHM = {"_fast_layer", "_choose", "_validate"}
# What fit computes besides the modes, epsilon and labels: the median centres.
BESIDES = {"_median_centres"}


def definitions():
    """{name: (file, node)} of every function and method of the readable files."""
    found = {}
    for name in FILES:
        tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                found.setdefault(node.name, (name, node))
    return found


def called_names(node):
    """Names called in a function: f(...) and obj.f(...) (the last attribute)."""
    for call in ast.walk(node):
        if isinstance(call, ast.Call):
            func = call.func
            if isinstance(func, ast.Name):
                yield func.id
            elif isinstance(func, ast.Attribute):
                yield func.attr


def skipped(name):
    return name in NOT_THE_ALGORITHM or name.startswith(("check_", "_check"))


def reading_path(besides=False):
    """[(file, function)] reached from BinNNMS.fit, in the order first met.

    Only the way to the modes, epsilon and labels; with ``besides``, also to the
    median centres and the recorded paths.
    """
    defs = definitions()
    order, todo, seen = [], ["fit"], {"fit"} | (set() if besides else BESIDES)
    while todo:
        name = todo.pop(0)
        file, node = defs[name]
        order.append((file, name))
        for callee in called_names(node):
            if callee in defs and callee not in seen and not skipped(callee):
                seen.add(callee)
                todo.append(callee)
    return order


def main():
    path = reading_path()
    files = sorted({f for f, _ in path} - {"binnnms.py"})
    for file in dict.fromkeys(f for f, _ in path):
        print(f"{file}: " + ", ".join(name for f, name in path if f == file))
    print(f"To the modes, epsilon and labels, BinNNMS(algorithm='reference').fit runs "
          f"{len(path)} functions and crosses {len(files)} files besides binnnms.py "
          f"({', '.join(files)}); with the median centres, "
          f"{len(reading_path(besides=True))} functions.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
