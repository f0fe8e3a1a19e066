"""The study's figures, computed once and stored in studies/figures.json.

The appendix notebook (notebooks/appendix/12a_how_the_rule_was_found.ipynb) reads them: the
rule on the 18 design sets and on 28 held-out sets takes minutes, too long for a notebook run
under nbval each time. From the repository's root::

    .venv/bin/python -m studies.figures            # recompute, rewrite studies/figures.json
    .venv/bin/python -m studies.figures --check    # recompute, compare, write nothing

For every data set (`SETS`): its row of `binms_teach.experiments.auto_rows` (the package's rule,
version 3, beside the supervised best), and for every rule (each name of
`binms_teach.selection.CRITERIA`, and version 2 of the rule) the setting it chooses, its ARI,
its share of the supervised best and its number of clusters, all from one `choose_parameters`
per data set (the rules differ only in how they read the same scores). The stability of the
settings of the supervised best and of versions 2 and 3 is kept too.
"""

import argparse
import json
import math
import sys
import time
from pathlib import Path

from binms_teach import experiments, selection

from .rounds import REPEAT_SETS, ROUNDS, auto_rows, auto_study
from .rules import share, version2_choice

FIGURES = Path(__file__).resolve().parent / "figures.json"
# The design sets of versions 1 and 2; the first held-out sets (notebook 12's section 4: the
# paper's real data sets but Zoo and Soybean, and the mixtures of seeds 8-9); rounds 2 to 5.
HELD_OUT = tuple(name for name in experiments.AUTO_DATASETS + ("mixture-8", "mixture-9")
                 if name not in experiments.DESIGN_SETS)
SETS = {"design": experiments.DESIGN_SETS, "held out": HELD_OUT,
        **{f"round {n}": names for n, names in ROUNDS.items()}}
assert set(REPEAT_SETS) < set(experiments.DESIGN_SETS)


def figures_of(results):
    """{name: figures} of `auto_study` results (see the module docstring)."""
    rows = {row["dataset"]: row for row in auto_rows(results)}
    out = {}
    for name, result in results.items():
        sel = result.selection
        chosen = {criterion: sel.choice(criterion) for criterion in selection.CRITERIA}
        chosen["version 2"] = version2_choice(sel)[0]
        rules = {}
        for rule, setting in chosen.items():
            ari, ratio, n_clusters = share(result, setting)
            rules[rule] = {"setting": list(setting), "ari": ari, "share": ratio,
                           "n_clusters": n_clusters}
        stability = {label: float(sel.scores["stability"][sel.index(*setting)])
                     for label, setting in (("best", result.best()),
                                            ("version 2", chosen["version 2"]),
                                            ("version 3", chosen["rank_mean"]))}
        out[name] = {"row": rows[name], "best": list(result.best()), "rules": rules,
                     "stability": stability}
    return out


def compute(n_jobs=2, progress=False):
    """{group: {name: figures}} for every group of `SETS`."""
    return {group: figures_of(auto_study(names, n_jobs=n_jobs, progress=progress))
            for group, names in SETS.items()}


def load():
    """The stored figures: {group: {name: figures}}, as `compute` gives them."""
    return json.loads(FIGURES.read_text(encoding="utf-8"))


def agree(a, b):
    """Whether two sets of figures are equal, floats to 1e-12 (NaN equals NaN), tuples as lists.

    >>> agree({"share": 0.5, "setting": (2, 3)}, {"share": 0.5 + 1e-15, "setting": [2, 3]})
    True
    >>> agree({"share": 0.5}, {"share": 0.51})
    False
    """
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(agree(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(agree(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) and isinstance(b, float):
        return (math.isnan(a) and math.isnan(b)) or math.isclose(a, b, rel_tol=1e-12,
                                                                 abs_tol=1e-12)
    return a == b


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m studies.figures", description=__doc__.split(
        "\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="recompute and compare with studies/figures.json; write nothing")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    figures = json.loads(json.dumps(compute(progress=True)))   # as JSON would give them back
    seconds = time.perf_counter() - start
    if args.check:
        same = agree(figures, load())
        print(f"{FIGURES}: {'the same' if same else 'DIFFERENT'} ({seconds:.0f} s)")
        return 0 if same else 1
    FIGURES.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {FIGURES} ({seconds:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
