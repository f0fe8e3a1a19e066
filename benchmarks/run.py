"""`make bench`: our engine against its peers, measured side by side in one run.

Writes ``benchmarks/RESULTS.md`` (machine, figures, targets met or not) and
``benchmarks/scaling.png``:

1. BinNNMS on Digits (k1 = k2 = 10, full fit): ours, the scikit-learn baseline
   (``benchmarks/sklearn_baseline.py``) and the readable code, one point at a
   time (timed on a sample of points and extrapolated, labelled so);
2. k-modes on Digits, k = 40, seeds 0..9: ours against the ``kmodes`` package;
3. scaling of a full BinNNMS fit on Bernoulli mixtures, d = 256, n = 1k..64k,
   each n in a fresh process (time, peak resident memory);
4. one widget step on Digits (``benchmarks/widget_step.py``, when present);
5-7. the engines (float32, popcount, "hnsw"), the targets of issue 13 against
   faiss, and a fit on a Dask LocalCluster (``benchmarks/engines.py``).

The machine is shared and has 2 cores: each figure is a median of repeats,
ours and the baseline are timed in alternation so that they see the same load,
and the load average is written beside each section.
"""

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# As binms_teach does on import, but before scikit-learn starts OpenMP (threadpoolctl
# below): spinning OpenMP threads slow faiss down many times on a busy machine.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DIGITS_CSV = ROOT.parent / "shared" / "data" / "authors" / "digits-binary.csv"
UCI_DIR = ROOT.parent / "shared" / "data" / "uci"
SIZES = [1000, 2000, 4000, 8000, 16000, 32000, 64000]
QUICK_MAX = 16000
KMODES_SEEDS = range(10)
PACKAGE_SEEDS_DEFAULT = 3
KNN_MIXTURE_N = 16000
SECTIONS = ["digits", "kmodes", "scaling", "widget", "engines", "faiss", "dask"]

# The targets of issue 6 (benchmark figures, not timed tests).
TARGET_SPEEDUP_SKLEARN = 10
TARGET_FIT_SECONDS = 0.5
TARGET_SPEEDUP_KMODES = 50
TARGET_MEMORY_SLOPE = 1.1   # "linear in n", with room for noise
TARGET_TIME_SLOPE = 2.1     # "no faster-growing than n^2", with room for noise
TARGET_WIDGET_MS = 50


def parse_args(argv=None):
    parser = argparse.ArgumentParser(
        description="Benchmark binms-teach against scikit-learn and the kmodes package; "
                    "writes RESULTS.md and scaling.png.")
    parser.add_argument("--quick", action="store_true",
                        help=f"scaling up to n = {QUICK_MAX:,} only (default: up to 64,000); "
                             f"the kmodes package on {PACKAGE_SEEDS_DEFAULT} seeds (default 10)")
    parser.add_argument("--full", action="store_true",
                        help="kept for compatibility: the kmodes package runs all 10 seeds "
                             f"unless --quick ({PACKAGE_SEEDS_DEFAULT} seeds)")
    parser.add_argument("--repeats", type=int, default=5,
                        help="repeats of each Digits timing, median reported (default 5)")
    parser.add_argument("--large", action="store_true",
                        help="engines: also exact n = 128k, 256k and hnsw n = 256k, 1M "
                             "(tens of minutes on 2 cores)")
    parser.add_argument("--engine-sizes", type=int, nargs="+",
                        help="engines: these exact sizes instead (for development)")
    parser.add_argument("--only", nargs="+", choices=SECTIONS,
                        help="run these sections only (for development; RESULTS.md then "
                             "holds only them)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the sections not run now from the last run (results.json "
                             "in --out); RESULTS.md says which run each section comes from")
    parser.add_argument("--out", type=Path, default=HERE,
                        help="folder for RESULTS.md and scaling.png (default: benchmarks/)")
    return parser.parse_args(argv)


# ---------------------------------------------------------------- helpers

def median(values):
    import numpy as np
    return float(np.median(values))


def load():
    """Load averages (1, 5, 15 min), rounded."""
    return tuple(round(x, 2) for x in os.getloadavg())


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def log(*args):
    print(*args, flush=True)


def load_digits_data():
    """Digits (2000 x 240) from binms_teach.datasets, never downloading; else the authors' CSV."""
    import numpy as np

    from binms_teach.datasets import load_digits
    for data_home in (None, UCI_DIR):
        try:
            X = load_digits(data_home=data_home, download=False).data
            return X, f"binms_teach.datasets.load_digits (data_home={data_home})"
        except (OSError, ValueError):
            pass
    if DIGITS_CSV.is_file():
        return np.loadtxt(DIGITS_CSV, delimiter=",", dtype=np.uint8), str(DIGITS_CSV)
    sys.exit("Digits not found: set BINMS_TEACH_DATA to a folder holding mfeat/mfeat-pix.")


def machine_info():
    import numpy as np
    import scipy
    import sklearn
    from threadpoolctl import threadpool_info

    cpu = platform.processor() or "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        mem = next(line.split()[1] for line in Path("/proc/meminfo").read_text().splitlines()
                   if line.startswith("MemTotal"))
        mem = f"{int(mem) / 2**20:.1f} GiB"
    except (OSError, StopIteration):
        mem = "?"
    try:
        import kmodes
        kmodes_version = kmodes.__version__
    except (ImportError, AttributeError):
        kmodes_version = "not installed"
    blas = [f"{p.get('internal_api')} {p.get('version')}, kernel {p.get('architecture')}, "
            f"{p.get('num_threads')} threads ({p.get('threading_layer')})"
            for p in threadpool_info() if p.get("user_api") == "blas"]
    openmp = [f"{p.get('internal_api')} {p.get('num_threads')} threads"
              for p in threadpool_info() if p.get("user_api") == "openmp"]
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                                capture_output=True, text=True, timeout=10).stdout.strip()
    except OSError:
        commit = "?"
    env = {name: os.environ.get(name, "unset")
           for name in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", "OPENBLAS_NUM_THREADS",
                        "OMP_NUM_THREADS", "OMP_WAIT_POLICY")}
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": cpu, "cores": os.cpu_count(), "memory": mem,
        "python": platform.python_version(), "numpy": np.__version__,
        "scipy": scipy.__version__, "scikit-learn": sklearn.__version__,
        "kmodes": kmodes_version, "blas": "; ".join(blas) or "?",
        "openmp": "; ".join(openmp) or "none loaded", "env": env, "commit": commit or "?",
    }


# ------------------------------------------------ 1. BinNNMS on Digits

def readable_ascent(X, x, k1, max_iter=100, tie="one"):
    """x <- maj(NN_k1(x)) with the readable kNN, until a fixed point."""
    import numpy as np

    from binms_teach import majority_vote
    from binms_teach.hamming import nearest_neighbours
    for _ in range(max_iter):
        _, idx = nearest_neighbours(X, x[None, :], k1)
        x_next = majority_vote(X[idx[0]], tie=tie)
        if np.array_equal(x_next, x):
            break
        x = x_next
    return x


def knn_pass(X, k, repeats):
    """One k-NN pass of every point: ours, scikit-learn brute (euclidean on the 0/1 data),
    faiss IndexBinaryFlat; alternated; the answers compared with ours."""
    import faiss
    import numpy as np
    from sklearn.neighbors import NearestNeighbors

    from binms_teach import nearest_neighbours
    from binms_teach.fast.popcount import pack

    def sklearn_pass():
        Xf = X.astype(np.float32)
        dist, idx = NearestNeighbors(n_neighbors=k, algorithm="brute").fit(Xf).kneighbors(Xf)
        return np.rint(dist * dist).astype(np.int32), idx

    def faiss_pass():
        index = faiss.IndexBinaryFlat(8 * pack(X[:1]).shape[1])
        index.add(pack(X))
        return index.search(pack(X), k)

    runs = {"ours": (lambda: nearest_neighbours(X, X, k)), "scikit-learn": sklearn_pass,
            "faiss": faiss_pass}
    times = {name: [] for name in runs}
    answers = {}
    for run in runs.values():
        run()  # warm-up
    for _ in range(repeats):
        for name, run in runs.items():
            t, answers[name] = timed(run)
            times[name].append(t)
    D, idx = answers["ours"]
    out = {"n": len(X), "d": X.shape[1], "times": times, "load": load()}
    for name in ("scikit-learn", "faiss"):
        Dp, idxp = answers[name]
        differ = np.any(idxp != idx, axis=1)
        out[name] = {"distances_equal": bool(np.array_equal(Dp, D)),
                     "rows_differ": int(differ.sum()),
                     # a differing row is explained by ties if the distances agree
                     "rows_differ_only_in_ties": bool(np.array_equal(Dp[differ], D[differ]))}
    return out


def bench_digits(X, repeats, k1=10, k2=10, path_sample=100, reference_sample=20,
                 labelling_sample=200):
    import numpy as np
    from sklearn_baseline import SklearnBinNNMS
    from threadpoolctl import threadpool_limits

    from binms_teach import (
        BinNNMS,
        bga_path,
        epsilon_from_k2,
        epsilon_proximity,
        nearest_neighbours,
        nmi,
    )
    from binms_teach.labelling import epsilon_from_k2 as epsilon_from_k2_reference
    from binms_teach.labelling import epsilon_proximity as epsilon_proximity_reference

    out = {"load_start": load(), "k1": k1, "k2": k2, "repeats": repeats}
    n = len(X)
    BinNNMS(k1=k1, k2=k2).fit(X)  # warm-up: imports, page faults, BLAS threads
    SklearnBinNNMS(k1=k1, k2=k2).fit(X)
    ours_t, ours1_t, base_t, ham_t = [], [], [], []
    for r in range(repeats):  # alternate, so that each sees the same load
        t, ours = timed(lambda: BinNNMS(k1=k1, k2=k2).fit(X))
        ours_t.append(t)
        with threadpool_limits(1):
            ours1_t.append(timed(lambda: BinNNMS(k1=k1, k2=k2).fit(X))[0])
        t, base = timed(lambda: SklearnBinNNMS(k1=k1, k2=k2).fit(X))
        base_t.append(t)
        ham_t.append(timed(lambda: SklearnBinNNMS(k1=k1, k2=k2, metric="hamming").fit(X))[0])
        log(f"  digits repeat {r + 1}/{repeats}: ours {ours_t[-1]:.3f} s, "
            f"ours 1 thread {ours1_t[-1]:.3f} s, sklearn euclidean {base_t[-1]:.3f} s, "
            f"sklearn hamming {ham_t[-1]:.3f} s, load {load()}")
    out.update(ours=ours_t, ours_1thread=ours1_t, sklearn=base_t, sklearn_hamming=ham_t)
    from binms_teach.datasets import make_bernoulli_mixture
    mix = make_bernoulli_mixture(KNN_MIXTURE_N, 256, 10, 0.1, random_state=0).data
    out["knn"] = {"Digits": knn_pass(X, k1, repeats), "mixture": knn_pass(mix, k1, 3)}
    log(f"  kNN passes: {out['knn']['Digits']['times']}, {out['knn']['mixture']['times']}")
    D, _ = nearest_neighbours(X, X, k1 + 1)
    out["tie_share"] = float(np.mean(D[:, k1 - 1] == D[:, k1]))
    out["agreement"] = {
        "modes_equal": float(np.mean(np.all(ours.modes_ == base.modes_, axis=1))),
        "bits_equal": float(np.mean(ours.modes_ == base.modes_)),
        "nmi": float(nmi(ours.labels_, base.labels_)),
        "clusters": (int(ours.labels_.max() + 1), int(base.labels_.max() + 1)),
        "epsilon": (ours.epsilon_, base.epsilon_),
        "n_iter": (ours.n_iter_, base.n_iter_),
    }

    rng = np.random.default_rng(0)
    # Readable ascent, one point at a time with the fast kNN (bga_path).
    sample = rng.choice(n, path_sample, replace=False)
    t_paths, paths = timed(lambda: [bga_path(X, X[i], k1) for i in sample])
    same = sum(np.array_equal(p[-1], ours.modes_[i]) for p, i in zip(paths, sample, strict=True))
    t_label, _ = timed(lambda: epsilon_proximity(ours.modes_, epsilon_from_k2(ours.modes_, k2)))
    out["bga_path"] = {"sample": path_sample, "seconds": t_paths, "same_modes": int(same),
                       "extrapolated": t_paths * n / path_sample + t_label,
                       "labelling": t_label}
    log(f"  bga_path: {path_sample} points in {t_paths:.2f} s")

    # Readable reference: plain-loop kNN, plain-loop labelling.
    sample = rng.choice(n, reference_sample, replace=False)
    t_ref, modes = timed(lambda: [readable_ascent(X, X[i], k1) for i in sample])
    same = sum(np.array_equal(m, ours.modes_[i]) for m, i in zip(modes, sample, strict=True))
    M = ours.modes_[rng.choice(n, labelling_sample, replace=False)]
    t_eps, eps = timed(lambda: epsilon_from_k2_reference(M, k2))
    t_prox, _ = timed(lambda: epsilon_proximity_reference(M, ours.epsilon_))
    scale = (n / labelling_sample) ** 2  # both loops visit every pair of points
    out["reference"] = {
        "sample": reference_sample, "seconds": t_ref, "same_modes": int(same),
        "labelling_sample": labelling_sample, "eps_seconds": t_eps, "prox_seconds": t_prox,
        "extrapolated": t_ref * n / reference_sample + (t_eps + t_prox) * scale,
    }
    log(f"  reference: {reference_sample} points in {t_ref:.2f} s; labelling loops on "
        f"{labelling_sample} modes in {t_eps + t_prox:.2f} s")
    out["load_end"] = load()
    return out


# ------------------------------------------------ 2. k-modes on Digits

def cost(X, centres, labels):
    """Sum of Hamming distances to the assigned centres, computed the same way for both."""
    import numpy as np
    return int(np.sum(X != np.asarray(centres)[np.asarray(labels)]))


def bench_kmodes(X, package_seeds, k=40):
    import warnings

    from binms_teach import KModes
    out = {"load_start": load(), "k": k, "ours": {}, "package": {}}
    KModes(n_clusters=k, init="huang", n_init=1, random_state=0).fit(X)  # warm-up
    for s in KMODES_SEEDS:
        t, model = timed(lambda s=s: KModes(n_clusters=k, init="huang", n_init=1,
                                            random_state=s).fit(X))
        out["ours"][s] = (t, cost(X, model.cluster_centers_, model.labels_))
    log(f"  ours: {sum(t for t, _ in out['ours'].values()):.2f} s for 10 seeds")
    try:
        from kmodes.kmodes import KModes as PackageKModes
    except ImportError:
        out["package_missing"] = True
        return out
    for s in package_seeds:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            t, model = timed(lambda s=s: PackageKModes(n_clusters=k, init="Huang", n_init=1,
                                                       random_state=s).fit(X))
        out["package"][s] = (t, cost(X, model.cluster_centroids_, model.labels_))
        log(f"  kmodes package seed {s}: {t:.1f} s, cost {out['package'][s][1]}, load {load()}")
    out["load_end"] = load()
    return out


# ------------------------------------------------ 3. scaling

def bench_scaling(sizes, k1=10, k2=10, d=256, n_clusters=10, flip=0.1):
    import numpy as np

    from binms_teach.datasets import make_bernoulli_mixture
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            X = make_bernoulli_mixture(n, d, n_clusters, flip, random_state=0).data
            path = Path(tmp) / f"mixture_{n}.npy"
            np.save(path, X)
            repeats = 3 if n <= 8000 else 1
            load_before = load()
            t, result = timed(lambda path=path, repeats=repeats: subprocess.run(
                [sys.executable, str(HERE / "scaling_worker.py"), str(path), str(repeats),
                 str(k1), str(k2)], capture_output=True, text=True, check=False))
            if result.returncode != 0:
                sys.exit(f"scaling worker failed at n = {n}:\n{result.stderr}")
            row = json.loads(result.stdout.strip().splitlines()[-1])
            row.update(load_before=load_before, load_after=load(), wall=t)
            rows.append(row)
            log(f"  n = {n}: fit {median(row['times']):.2f} s (x{repeats}), peak RSS "
                f"{row['maxrss_kib'] / 1024:.0f} MiB, before fit "
                f"{row['rss_before_kib'] / 1024:.0f} MiB, load {load()}")
    return {"rows": rows, "k1": k1, "k2": k2, "d": d, "n_clusters": n_clusters, "flip": flip}


def slope(ns, values):
    """Least-squares slope of log(value) against log(n)."""
    import numpy as np
    return float(np.polyfit(np.log(ns), np.log(values), 1)[0])


def scaling_summary(scaling):
    import numpy as np
    rows = scaling["rows"]
    ns = np.array([r["n"] for r in rows], dtype=float)
    times = np.array([median(r["times"]) for r in rows])
    peak = np.array([r["maxrss_kib"] / 1024 for r in rows])
    added = np.array([max(r["maxrss_kib"] - r["rss_before_kib"], 1) / 1024 for r in rows])
    tail = slice(-3, None)
    return {"ns": ns, "times": times, "peak": peak, "added": added,
            "time_slope": slope(ns, times), "time_slope_tail": slope(ns[tail], times[tail]),
            "mem_slope": slope(ns, added), "mem_slope_tail": slope(ns[tail], added[tail]),
            "peak_slope": slope(ns, peak)}


def plot_scaling(summary, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    ns = summary["ns"]
    fig, (ax_t, ax_m) = plt.subplots(1, 2, figsize=(11, 4.2))
    ax_t.loglog(ns, summary["times"], "o-",
                label=f"BinNNMS fit (slope {summary['time_slope']:.2f})")
    for power, style in ((1, ":"), (2, "--")):
        ref = summary["times"][0] * (ns / ns[0]) ** power
        ax_t.loglog(ns, ref, "k" + style, lw=0.8, label=f"n^{power} from the first point")
    ax_t.set(xlabel="n (d = 256)", ylabel="seconds", title="Time of a full fit")
    ax_t.legend(fontsize=8)
    ax_m.loglog(ns, summary["added"], "o-",
                label=f"added by the fit (slope {summary['mem_slope']:.2f})")
    ax_m.loglog(ns, summary["peak"], "s-",
                label=f"process peak RSS (slope {summary['peak_slope']:.2f})")
    ax_m.loglog(ns, summary["added"][-1] * ns / ns[-1], "k:", lw=0.8, label="n^1 through the last")
    ax_m.set(xlabel="n (d = 256)", ylabel="MiB", title="Peak resident memory (fresh process per n)")
    ax_m.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


# ------------------------------------------------ 4. widget step

def bench_widget():
    path = HERE / "widget_step.py"
    if not path.is_file():
        return {"missing": True}
    env = dict(os.environ)
    if not env.get("BINMS_TEACH_DATA") and UCI_DIR.is_dir():
        env["BINMS_TEACH_DATA"] = str(UCI_DIR)  # where CI keeps the UCI files
    t, result = timed(lambda: subprocess.run([sys.executable, str(path)], capture_output=True,
                                             text=True, timeout=600, check=False, cwd=ROOT,
                                             env=env))
    out = {"returncode": result.returncode, "stdout": result.stdout.strip(),
           "stderr": result.stderr.strip()[-2000:], "wall": t}
    for line in reversed(result.stdout.splitlines()):
        try:
            out["json"] = json.loads(line)
            break
        except json.JSONDecodeError:
            continue
    return out


def widget_ms(widget):
    """The median step time in ms, from the JSON line widget_step.py prints, if any."""
    data = widget.get("json")
    if not isinstance(data, dict):
        return None
    for key in ("median_ms", "step_ms", "ms"):
        if isinstance(data.get(key), (int, float)):
            return float(data[key])
    for key in ("median_s", "median_seconds", "seconds"):
        if isinstance(data.get(key), (int, float)):
            return 1000 * float(data[key])
    return None


# ------------------------------------------------ RESULTS.md

def knn_table(passes):
    """Markdown: the kNN passes of ours and the peers, and how their answers compare."""
    lines = ["**One 10-NN pass of every point** (the work of one round of the ascent), "
             "alternated, medians; scikit-learn: `NearestNeighbors(algorithm=\"brute\")`, "
             "Euclidean on float32 0/1 data (the squared distance is the Hamming distance); "
             "faiss: `IndexBinaryFlat`, index built inside the timing.", "",
             "| data | ours | scikit-learn | faiss | ours vs scikit-learn | ours vs faiss | "
             "answers |", "|---|---|---|---|---|---|---|"]
    for name, p in passes.items():
        t = {k: median(v) for k, v in p["times"].items()}
        notes = []
        for peer in ("scikit-learn", "faiss"):
            c = p[peer]
            if c["rows_differ"] == 0 and c["distances_equal"]:
                notes.append(f"{peer}: identical")
            elif c["distances_equal"]:
                notes.append(f"{peer}: same distances, other indices in {c['rows_differ']} "
                             f"of {p['n']:,} rows (tied points in another order)")
            else:
                notes.append(f"{peer}: DISTANCES DIFFER")
        lines.append(f"| {name} ({p['n']:,} x {p['d']}) | {fmt_s(t['ours'])} | "
                     f"{fmt_s(t['scikit-learn'])} | {fmt_s(t['faiss'])} | "
                     f"{t['scikit-learn'] / t['ours']:.2f}x | {t['faiss'] / t['ours']:.2f}x | "
                     f"{'; '.join(notes)} |")
    return lines + ["", "Ratios above 1: ours faster.", ""]


def met(flag):
    return "**met**" if flag else "**not met**"


def fmt_s(seconds):
    return f"{seconds:.3f} s" if seconds < 10 else f"{seconds:.1f} s"


def write_results(path, args, info, source, sections, total):
    lines = ["# Benchmarks", "",
             f"Written by `make bench` (`.venv/bin/python benchmarks/run.py"
             f"{' --quick' if args.quick else ''}{' --full' if args.full else ''}"
             f"{' --large' if args.large else ''}`) "
             f"on {info['date']}, commit `{info['commit']}`. The whole run took "
             f"**{total / 60:.1f} min**.", "",
             "## Machine", "", "| | |", "|---|---|",
             f"| CPU | {info['cpu']} |", f"| cores | {info['cores']} |",
             f"| memory | {info['memory']} |",
             f"| Python, numpy, scipy, scikit-learn, kmodes | {info['python']}, {info['numpy']}, "
             f"{info['scipy']}, {info['scikit-learn']}, {info['kmodes']} |",
             f"| BLAS (threadpoolctl) | {info['blas']} |",
             f"| OpenMP (threadpoolctl) | {info['openmp']} |",
             "| environment | " + ", ".join(f"{k}={v}" for k, v in info["env"].items()) + " |",
             f"| load average (1, 5, 15 min) at start, end | {sections['load_start']}, "
             f"{sections['load_end']} |", "",
             "The machine is shared with other developers' test runs (see the load "
             "averages): figures are medians of repeats, and in sections 1, 5a and 6 ours "
             "and the peers were timed in alternation so that they saw the same load "
             "(k-modes: ours on all seeds, then the package).", ""]
    runs = sections.get("runs", {})
    if len({r["date"] for r in runs.values()}) > 1:
        lines += ["**Sections come from more than one run** (`--keep`):", "",
                  "| section | run started | commit | command | run took |",
                  "|---|---|---|---|---|"]
        lines += [f"| {name} | {r['date']} | `{r.get('commit', '?')}` | `{r['command']}` | "
                  f"{r['minutes']} min |"
                  for name, r in sorted(runs.items())]
        lines += [""]
    targets = []
    body = []
    digits = sections.get("digits")
    if digits:
        ours, ours1 = median(digits["ours"]), median(digits["ours_1thread"])
        base = median(digits["sklearn"])
        path_x, ref_x = digits["bga_path"]["extrapolated"], digits["reference"]["extrapolated"]
        agree = digits["agreement"]
        targets.append(("BinNNMS on Digits >= 10x faster than the scikit-learn baseline "
                        "(brute kNN, `metric=\"euclidean\"`)",
                        f"{base / ours:.1f}x", met(base / ours >= TARGET_SPEEDUP_SKLEARN)))
        targets.append(("BinNNMS full fit on Digits < 0.5 s", fmt_s(ours),
                        met(ours < TARGET_FIT_SECONDS)))
        r = digits["repeats"]
        body += ["## 1. BinNNMS on Digits (2000 x 240, k1 = k2 = 10, full fit)", "",
                 f"Data: {source}. Load average {digits['load_start']} at the start, "
                 f"{digits['load_end']} at the end.", "",
                 "| implementation | time | vs ours | how measured |", "|---|---|---|---|",
                 f"| ours, `BinNNMS.fit` | **{fmt_s(ours)}** | 1x | median of {r} "
                 f"(all: {', '.join(f'{t:.2f}' for t in digits['ours'])}) |",
                 f"| ours, BLAS limited to 1 thread | {fmt_s(ours1)} | {ours1 / ours:.2f}x | "
                 f"median of {r} (all: {', '.join(f'{t:.2f}' for t in digits['ours_1thread'])}) |",
                 f"| scikit-learn baseline (`benchmarks/sklearn_baseline.py`), brute kNN with "
                 f"`metric=\"euclidean\"` (its fastest) | {fmt_s(base)} | "
                 f"{base / ours:.1f}x | median of {r} "
                 f"(all: {', '.join(f'{t:.2f}' for t in digits['sklearn'])}) |",
                 f"| the same baseline with `metric=\"hamming\"` (slower; shown for the record) "
                 f"| {fmt_s(median(digits['sklearn_hamming']))} | "
                 f"{median(digits['sklearn_hamming']) / ours:.1f}x | median of {r} "
                 f"(all: {', '.join(f'{t:.2f}' for t in digits['sklearn_hamming'])}) |",
                 f"| readable: `bga_path` (plain-loop neighbour search) one point at a time, then "
                 f"the fast labelling | "
                 f"{fmt_s(path_x)} *(extrapolated)* | {path_x / ours:.0f}x | "
                 f"{digits['bga_path']['sample']} random points took "
                 f"{digits['bga_path']['seconds']:.2f} s, times "
                 f"{2000 // digits['bga_path']['sample']}; plus the labelling "
                 f"{digits['bga_path']['labelling']:.3f} s |",
                 f"| readable reference: plain-loop kNN, `majority_vote`, plain-loop labelling | "
                 f"{fmt_s(ref_x)} *(extrapolated)* | {ref_x / ours:.0f}x | "
                 f"{digits['reference']['sample']} random points took "
                 f"{digits['reference']['seconds']:.2f} s, times "
                 f"{2000 // digits['reference']['sample']}; the two labelling loops on "
                 f"{digits['reference']['labelling_sample']} modes took "
                 f"{digits['reference']['eps_seconds'] + digits['reference']['prox_seconds']:.2f}"
                 f" s, times (2000 / {digits['reference']['labelling_sample']})^2 |", "",
                 "The readable versions give our modes: "
                 f"{digits['bga_path']['same_modes']}/{digits['bga_path']['sample']} (`bga_path`), "
                 f"{digits['reference']['same_modes']}/{digits['reference']['sample']} "
                 "(reference).", "",
                 "**Agreement with the scikit-learn baseline.** scikit-learn breaks ties at "
                 "equal distance arbitrarily, ours by the lower index; on Digits "
                 f"{100 * digits['tie_share']:.1f} % of the samples already have a tie between "
                 f"their k1-th and (k1 + 1)-th nearest points, so paths part ways:",
                 "",
                 f"- modes equal (whole rows): {100 * agree['modes_equal']:.1f} % of the samples; "
                 f"bits equal: {100 * agree['bits_equal']:.2f} %;",
                 f"- NMI between the two labelings: {agree['nmi']:.3f}; clusters "
                 f"{agree['clusters'][0]} (ours) and {agree['clusters'][1]} (baseline); "
                 f"epsilon {agree['epsilon'][0]:.3f} and {agree['epsilon'][1]:.3f}; rounds "
                 f"{agree['n_iter'][0]} and {agree['n_iter'][1]}.",
                 ""] + knn_table(digits["knn"])
    km = sections.get("kmodes")
    if km:
        import numpy as np
        seeds = sorted(km["package"])
        body += ["## 2. k-modes on Digits (k = 40, init Huang, n_init = 1)", "",
                 f"Load average {km['load_start']} at the start, {km.get('load_end')} at the end. "
                 "Cost: sum of Hamming distances from each sample to its assigned centre, "
                 "computed by this script from each model's centres and labels.", ""]
        if seeds:
            pkg_t = [km["package"][s][0] for s in seeds]
            pkg_c = [km["package"][s][1] for s in seeds]
            same_t = [km["ours"][s][0] for s in seeds]
            same_c = [km["ours"][s][1] for s in seeds]
            ratio = np.mean(pkg_t) / np.mean(same_t)  # the same seeds on both sides
            diff = np.array(same_c) - np.array(pkg_c)
            paired = len(seeds) >= 10
            se = diff.std(ddof=1) / np.sqrt(len(diff)) if len(diff) > 1 else np.inf
            if not paired:
                verdict = "**not measured** (needs 10 seeds: `--full`)"
            else:
                verdict = met(diff.mean() - 2 * se <= 0)
            targets.append(("k-modes >= 50x faster than the kmodes package (mean time per run, "
                            "same seeds)", f"{ratio:.0f}x", met(ratio >= TARGET_SPEEDUP_KMODES)))
            targets.append(("... at equal or lower cost: paired over 10 seeds, our cost minus "
                            "the package's not above 0 by more than 2 standard errors",
                            f"{diff.mean():+.0f} +- {diff.std(ddof=1) if len(diff) > 1 else 0:.0f}"
                            f" (mean +- std over {len(diff)} seeds)", verdict))
            if diff.mean() + 2 * se < 0:
                reading = "our cost is lower, by more than 2 standard errors of the mean"
            elif diff.mean() - 2 * se > 0:
                reading = "our cost is higher, by more than 2 standard errors of the mean"
            else:
                reading = "the difference is within 2 standard errors of 0"
            body += ["| implementation | seeds | time per run (mean) | time for these runs | "
                     "mean cost | costs |", "|---|---|---|---|---|---|",
                     f"| ours, `binms_teach.KModes` | {', '.join(map(str, seeds))} | "
                     f"{np.mean(same_t):.3f} s | **{sum(same_t):.2f} s** | {np.mean(same_c):.0f} | "
                     f"{', '.join(str(c) for c in same_c)} |",
                     f"| `kmodes` package {info['kmodes']} | {', '.join(map(str, seeds))} | "
                     f"{np.mean(pkg_t):.1f} s | **{sum(pkg_t):.0f} s** | {np.mean(pkg_c):.0f} | "
                     f"{', '.join(str(c) for c in pkg_c)} |", "",
                     f"Time ratio (mean time per run, the same seeds on both sides): "
                     f"**{ratio:.0f}x**. Cost, paired by seed (ours minus the package's): "
                     f"{', '.join(f'{x:+d}' for x in diff)}; mean {diff.mean():+.1f}, std "
                     f"{diff.std(ddof=1) if len(diff) > 1 else 0:.1f}, standard error "
                     f"{se:.1f}: {reading}. The two codes draw different initial centres "
                     "from the same seed, so the pairing matches seeds, not starting points.",
                     ""]
        else:
            body += ["The kmodes package is not installed: only our timings are shown.", ""]
    scaling = sections.get("scaling")
    if scaling:
        s = scaling_summary(scaling)
        reached = int(s["ns"][-1])
        targets.append(("peak memory linear in n (log-log slope of the memory a fit adds "
                        f"<= {TARGET_MEMORY_SLOPE})", f"{s['mem_slope']:.2f}",
                        met(s["mem_slope"] <= TARGET_MEMORY_SLOPE)))
        targets.append((f"time no faster-growing than n^2 (slope <= {TARGET_TIME_SLOPE})",
                        f"{s['time_slope']:.2f} (last three sizes: {s['time_slope_tail']:.2f})",
                        met(s["time_slope_tail"] <= TARGET_TIME_SLOPE)))
        targets.append(("n = 64,000 finishes", f"largest n run: {reached:,}"
                        + (f", fit {fmt_s(s['times'][-1])}" if reached >= 64000 else
                           " (--quick)"), met(reached >= 64000)))
        body += [f"## 3. Scaling: BinNNMS fit on Bernoulli mixtures (d = {scaling['d']}, "
                 f"{scaling['n_clusters']} prototypes, flip {scaling['flip']}, "
                 f"k1 = k2 = {scaling['k1']})", "",
                 "Each n runs in a fresh Python process (`benchmarks/scaling_worker.py`), which "
                 "reports the fit time (median of 3 fits up to n = 8,000, one fit above) and "
                 "the peak resident memory of the process (`getrusage` maxrss). We chose maxrss "
                 "in a fresh process over tracemalloc because it sees every allocation "
                 "(BLAS buffers included) and costs no time; \"added\" is maxrss minus the "
                 "resident memory just before the first fit (interpreter, imports, data, "
                 "BLAS buffers after a warm-up fit on 100 rows).", "",
                 "| n | fit time | peak RSS | added by the fit | rounds | modes | clusters | "
                 "load before |", "|---|---|---|---|---|---|---|---|"]
        for row, t, p, a in zip(scaling["rows"], s["times"], s["peak"], s["added"], strict=True):
            body.append(f"| {row['n']:,} | {fmt_s(t)} | {p:.0f} MiB | {a:.0f} MiB | "
                        f"{row['n_iter']} | {row['n_modes']} | {row['n_clusters']} | "
                        f"{row['load_before'][0]} |")
        body += ["", f"Log-log slopes over all sizes: time **{s['time_slope']:.2f}** "
                 f"(last three sizes {s['time_slope_tail']:.2f}), memory added by the fit "
                 f"**{s['mem_slope']:.2f}** (last three {s['mem_slope_tail']:.2f}), process peak "
                 f"{s['peak_slope']:.2f}. Plot: `benchmarks/scaling.png`.", ""]
    widget = sections.get("widget")
    if widget is not None:
        body += ["## 4. Widget step on Digits", ""]
        if widget.get("missing"):
            targets.append(("widget step < 50 ms", "not measured", "**not measured**"))
            body += ["`benchmarks/widget_step.py` is not in the tree yet: not measured.", ""]
        else:
            ms = widget_ms(widget)
            extra = widget.get("json") or {}
            others = ", ".join(f"{name} {extra[key]} ms" for name, key in
                               (("new k1", "k1_median_ms"), ("new point", "point_median_ms"))
                               if key in extra)
            targets.append(("widget step < 50 ms (median of the iteration slider's updates)",
                            "?" if ms is None else f"{ms:.1f} ms"
                            + (f" (medians when a new ascent is traced: {others})"
                               if others else ""),
                            "**not measured**" if ms is None else met(ms < TARGET_WIDGET_MS)))
            body += [f"`benchmarks/widget_step.py` (exit code {widget['returncode']}, "
                     f"{widget['wall']:.1f} s) printed:", "", "```",
                     widget["stdout"] or "(nothing)", "```", ""]
            if widget["returncode"] != 0:
                body += ["Its error output ended with:", "", "```", widget["stderr"], "```", ""]
    import engines
    targets += engines.targets(sections.get("engines"), sections.get("knn_faiss"),
                               sections.get("digits_passes"))
    body += engines.markdown(sections.get("engines"), sections.get("knn_faiss"),
                             sections.get("digits_passes"), sections.get("dask"))
    lines += ["## Targets", "", "| target | measured | |", "|---|---|---|"]
    lines += [f"| {name} | {value} | {flag} |" for name, value, flag in targets]
    lines += [""] + body
    passes = HERE / "PASSES.md"  # written by benchmarks/passes.py --write (issue 27)
    if passes.is_file():
        lines += [passes.read_text(encoding="utf-8")]
    Path(path).write_text("\n".join(lines), encoding="utf-8")


def _plain(value):
    """numpy scalars and arrays as plain JSON values."""
    return value.tolist() if hasattr(value, "tolist") else str(value)


def main(argv=None):
    args = parse_args(argv)
    sys.path.insert(0, str(HERE))
    wanted = set(args.only or SECTIONS)
    started = time.perf_counter()
    info = machine_info()
    log(f"binms-teach benchmarks on {info['cpu']}, {info['cores']} cores, BLAS {info['blas']}; "
        f"load {load()}")
    sections = {"load_start": load()}
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    command = " ".join(["benchmarks/run.py"] + (argv if argv is not None else sys.argv[1:]))
    X, source = load_digits_data()
    if "digits" in wanted:
        log("1. BinNNMS on Digits")
        sections["digits"] = bench_digits(X, args.repeats)
    if "kmodes" in wanted:
        log("2. k-modes on Digits")
        seeds = range(PACKAGE_SEEDS_DEFAULT) if args.quick else KMODES_SEEDS
        sections["kmodes"] = bench_kmodes(X, seeds)
    if "scaling" in wanted:
        log("3. Scaling")
        sizes = [n for n in SIZES if not args.quick or n <= QUICK_MAX]
        sections["scaling"] = bench_scaling(sizes)
        args.out.mkdir(parents=True, exist_ok=True)
        plot_scaling(scaling_summary(sections["scaling"]), args.out / "scaling.png")
    if "widget" in wanted:
        log("4. Widget step")
        sections["widget"] = bench_widget()
    import engines
    if args.engine_sizes:
        engines.EXACT_SIZES = args.engine_sizes
        engines.HNSW_SIZES = [n for n in engines.HNSW_SIZES if n in args.engine_sizes]
    if "faiss" in wanted:
        log("6. Exact kNN against faiss; a Digits fit in faiss passes")
        sections["knn_faiss"] = engines.bench_knn_vs_faiss()
        sections["digits_passes"] = engines.bench_digits_passes(X, args.repeats)
    if "engines" in wanted:
        log("5. Engines")
        sections["engines"] = engines.bench_engines(large=args.large)
        args.out.mkdir(parents=True, exist_ok=True)
        engines.plot(sections["engines"], args.out / "engines.png")
    if "dask" in wanted:
        log("7. Dask")
        sections["dask"] = engines.bench_dask()
    sections["load_end"] = load()
    total = time.perf_counter() - started
    runs = {name: {"date": stamp, "command": command, "minutes": round(total / 60, 1),
                   "commit": info["commit"]}
            for name in sections if not name.startswith("load")}
    args.out.mkdir(parents=True, exist_ok=True)
    saved = args.out / "results.json"
    if args.keep and saved.is_file():
        before = json.loads(saved.read_text(encoding="utf-8"))
        for name, value in before["sections"].items():
            if name not in sections and name in before["runs"]:
                sections[name] = value
                runs[name] = before["runs"][name]
    sections["runs"] = runs
    saved.write_text(json.dumps({"sections": sections, "runs": runs}, default=_plain),
                     encoding="utf-8")
    sections = json.loads(saved.read_text(encoding="utf-8"))["sections"]  # one form for all
    write_results(args.out / "RESULTS.md", args, info, source, sections, total)
    log(f"wrote {args.out / 'RESULTS.md'} in {total / 60:.1f} min")


if __name__ == "__main__":
    main()
