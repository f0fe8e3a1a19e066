"""How fast does the BGA explorer answer? One widget update on Digits, in milliseconds.

Run from the repository root (BINMS_TEACH_DATA points at the UCI files)::

    python benchmarks/widget_step.py [--updates 50]

It builds `binms_teach.widgets.AscentExplorer` on Digits (2000 x 240) and times,
in the kernel, what a user's move costs: the slider's observer computes the state,
draws the five pictures and encodes them as PNG (the browser's part, sending and
showing the images, is not included). Three moves are timed:

- the iteration slider, moved back and forth ``--updates`` times (cached trace);
- k1 changed to a value not seen before (a new ascent is traced, then drawn);
- the point changed to one not seen before (the same).

It prints one line per move with the median and the maximum, and last a JSON line
(``median_ms`` is the iteration slider's median) for ``benchmarks/run.py``.
The target is well under 50 ms per update. The maximum is sensitive to other
processes on the machine: the load average is printed with the results.
"""

import argparse
import json
import os
import sys
import time

import numpy as np

TARGET_MS = 50


def timed_ms(action, values):
    """Apply ``action(v)`` for each value and return the times in ms."""
    times = []
    for v in values:
        start = time.perf_counter()
        action(v)
        times.append(1000 * (time.perf_counter() - start))
    return np.array(times)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=50, help="iteration slider moves")
    parser.add_argument("--changes", type=int, default=20, help="k1 and point changes")
    args = parser.parse_args(argv)

    from binms_teach.datasets import load_digits
    from binms_teach.widgets import AscentExplorer

    try:
        digits = load_digits(download=False)
    except Exception as exc:  # no UCI file here: say how to get one
        print(f"Digits is not available ({exc}); set BINMS_TEACH_DATA to the UCI folder.",
              file=sys.stderr)
        return 1
    X = digits.data
    explorer = AscentExplorer(X, start=0, k1=10, y=digits.target)
    # A point whose ascent has a few steps, so the slider has somewhere to go.
    start = next(i for i in range(len(X)) if explorer.trace_for(i, 10).n_iter >= 5)
    explorer.point.value = start
    last = explorer.iteration.max
    back_and_forth = [(i % (2 * last)) if i % (2 * last) <= last else 2 * last - i % (2 * last)
                      for i in range(1, args.updates + 1)]
    rng = np.random.default_rng(0)

    def set_iteration(v):
        explorer.iteration.value = v

    def set_k1(v):
        explorer.k1.value = v

    def set_point(v):
        explorer.point.value = v

    from binms_teach import BinNNMS
    from binms_teach.widgets import LabellingExplorer

    labelling = LabellingExplorer(BinNNMS(k1=10, k2=20).fit(X).modes_, k2=20, k2_max=50,
                                  X=X, y=digits.target, shape=(16, 15))

    def set_k2(v):
        labelling.k2.value = v

    results = {
        "iteration": timed_ms(set_iteration, back_and_forth),
        "k1 (new)": timed_ms(set_k1, [k for k in range(11, 31)][: args.changes]),
        "point (new)": timed_ms(set_point, rng.choice(np.arange(start + 1, len(X)),
                                                      args.changes, replace=False)),
        "k2 (07)": timed_ms(set_k2, [k for k in range(21, 51)][: args.changes]),
    }
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"AscentExplorer on Digits {X.shape[0]} x {X.shape[1]}, start point {start} "
          f"({last + 1} updates), load average {load:.1f} on {os.cpu_count()} cores")
    for name, ms in results.items():
        verdict = "ok" if np.median(ms) < TARGET_MS else "SLOW"
        print(f"{name:12} median {np.median(ms):6.1f} ms   max {ms.max():6.1f} ms   "
              f"over {len(ms)} updates   [{verdict}: target {TARGET_MS} ms]")
    summary = {"median_ms": round(float(np.median(results["iteration"])), 2),
               "max_ms": round(float(results["iteration"].max()), 2),
               "k1_median_ms": round(float(np.median(results["k1 (new)"])), 2),
               "k1_max_ms": round(float(results["k1 (new)"].max()), 2),
               "point_median_ms": round(float(np.median(results["point (new)"])), 2),
               "point_max_ms": round(float(results["point (new)"].max()), 2),
               "k2_median_ms": round(float(np.median(results["k2 (07)"])), 2),
               "k2_max_ms": round(float(results["k2 (07)"].max()), 2),
               "load_average": round(load, 2)}
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
