"""The timed sections 1-4 of `make bench` (benchmarks/run.py): BinNNMS on Digits against the
scikit-learn baseline, faiss and the readable code; k-modes against the kmodes package; scaling in
fresh processes; one widget step. Each returns plain data; bench_report.py writes it up."""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_common import HERE, ROOT, UCI_DIR, load, log, median, timed

KMODES_SEEDS = range(10)
KNN_MIXTURE_N = 16000


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

