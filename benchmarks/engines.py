"""Sections 5-7 of `make bench`: the engines, the targets of issue 13, the Dask run.

5. kNN (the 10-NN of every point) and whole ``BinNNMS(k1=10, k2=10)`` fits on
   Bernoulli mixtures (d = 256, 10 prototypes, flip 0.1) for the float32 (BLAS)
   engine, the popcount engine and ``algorithm="hnsw"``, each n and engine in a
   fresh process (`engine_worker.py`): time and peak resident memory; the
   results of the exact engines checked equal, "hnsw" scored by recall and ARI
   against the exact result and ARI against the planted labels.
6. In one process, in alternation: our exact kNN against faiss's
   IndexBinaryFlat at n = 32,000, and a Digits fit against faiss 10-NN passes.
7. A fit on a Dask ``LocalCluster`` of 2 workers against the same fit in one
   process.
"""

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
K = 10
D = 256
EXACT_SIZES = [1000, 4000, 16000, 32000, 64000]
EXACT_SIZES_LARGE = [128000, 256000]
FLOAT_MAX = 32000            # the float32 engine beyond this takes minutes per size
HNSW_SIZES = [32000, 64000]
HNSW_SIZES_LARGE = [256000, 1000000]

TARGET_KNN_RATIO = 1.5       # exact kNN within 1.5x of faiss IndexBinaryFlat (n = 32k)
TARGET_DIGITS_PASSES = 8     # a Digits fit within 8 faiss kNN passes
TARGET_MILLION_SECONDS = 600
TARGET_MILLION_GIB = 4
TARGET_HNSW_ARI = 0.95       # against the exact result, n = 32k and 64k


def load():
    import os
    return tuple(round(x, 2) for x in os.getloadavg())


def log(*args):
    print(*args, flush=True)


def mixture(n, seed=0):
    from binms_teach.datasets import make_bernoulli_mixture
    mix = make_bernoulli_mixture(n, D, 10, 0.1, random_state=seed)
    return mix.data, mix.target


def run_worker(path, task, name, repeats, out):
    started = time.perf_counter()
    result = subprocess.run([sys.executable, str(HERE / "engine_worker.py"), str(path), task,
                             name, str(repeats), str(out)],
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"engine worker failed ({task}, {name}, {path}):\n{result.stderr[-3000:]}")
    row = json.loads(result.stdout.strip().splitlines()[-1])
    row["wall"] = time.perf_counter() - started
    return row


def recall(approx, exact):
    """Share of the exact 10 nearest that the approximate search found."""
    hits = [len(np.intersect1d(a, e)) for a, e in zip(approx, exact, strict=True)]
    return float(np.sum(hits) / exact.size)


def bench_engines(large=False):
    from binms_teach.evaluation.metrics import ari
    sizes = EXACT_SIZES + (EXACT_SIZES_LARGE if large else [])
    hnsw_sizes = HNSW_SIZES + (HNSW_SIZES_LARGE if large else [])
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in sorted(set(sizes) | set(hnsw_sizes)):
            X, planted = mixture(n)
            path = Path(tmp) / f"mix_{n}.npy"
            np.save(path, X)
            del X
            out = {}
            names = [e for e in ("numpy", "faiss") if n in sizes and (e != "numpy"
                                                                       or n <= FLOAT_MAX)]
            names += ["hnsw"] if n in hnsw_sizes else []
            for task in ("knn", "fit"):
                # No exact kNN to score "hnsw" against beyond the exact sizes: fits only.
                for name in [e for e in names if task == "fit" or e != "hnsw" or n in sizes]:
                    repeats = 3 if n <= 4000 else 1
                    result = Path(tmp) / f"{task}_{name}_{n}.npy"
                    load_before = load()
                    row = run_worker(path, task, name, repeats, result)
                    row.update(load_before=load_before, result=np.load(result))
                    out[(task, name)] = row
                    log(f"  n = {n:,} {task} {name}: {np.median(row['times']):.2f} s, peak "
                        f"{row['maxrss_kib'] / 1024:.0f} MiB, load {load()}")
            exact = next((e for e in ("faiss", "numpy") if ("fit", e) in out), None)
            for (task, name), row in out.items():
                entry = {k: v for k, v in row.items() if k != "result"}
                entry["planted_ari"] = (float(ari(planted, row["result"]))
                                        if task == "fit" else None)
                if exact and name != exact:
                    ref = out[(task, exact)]["result"]
                    entry["equal_to_exact"] = bool(np.array_equal(row["result"], ref))
                    entry["vs_exact"] = (float(ari(ref, row["result"])) if task == "fit"
                                         else recall(row["result"], ref))
                rows.append(entry)
    return {"rows": rows, "large": large, "sizes": sizes, "hnsw_sizes": hnsw_sizes}


def bench_knn_vs_faiss(n=32000, repeats=5):
    """Our exact kNN (popcount engine) and faiss IndexBinaryFlat, alternated in one process,
    with faiss's default OpenMP threads and with one thread (the faster on a busy machine)."""
    import faiss

    from binms_teach.fast.popcount import engine, pack
    from binms_teach.fast.search import searcher
    X, _ = mixture(n)

    def ours():
        with engine("faiss"):
            return searcher(X).search(X, K)

    def theirs():
        index = faiss.IndexBinaryFlat(8 * pack(X[:1]).shape[1])
        index.add(pack(X))
        return index.search(pack(X), K)

    default = faiss.omp_get_max_threads()
    times = {}
    for threads in (default, 1):
        faiss.omp_set_num_threads(threads)
        ours_t, faiss_t = [], []
        for _ in range(repeats):
            start = time.perf_counter()
            D1, I1 = ours()
            ours_t.append(time.perf_counter() - start)
            start = time.perf_counter()
            D2, I2 = theirs()
            faiss_t.append(time.perf_counter() - start)
        times[threads] = {"ours": ours_t, "faiss": faiss_t}
    faiss.omp_set_num_threads(default)
    best = min(times, key=lambda t: np.median(times[t]["faiss"]))  # faiss's faster setting
    # Independent check of our answer: distances recomputed, and the rank order
    # (distance, index) strictly increasing along every row.
    dist = (X[I1] != X[:, None, :]).sum(axis=2)
    key = D1.astype(np.int64) * n + I1
    return {"n": n, "ours": times[best]["ours"], "faiss": times[best]["faiss"],
            "threads": best, "by_threads": {str(t): v for t, v in times.items()}, "load": load(),
            "same_indices": bool(np.array_equal(I1, I2)),
            "same_distances": bool(np.array_equal(D1, D2)),
            "distances_true": bool(np.array_equal(dist, D1)),
            "sorted": bool(np.all(np.diff(key, axis=1) > 0)),
            "tie_rows": float(np.mean(D2[:, K - 1] == _flat(X).search(pack(X), K + 1)[0][:, K]))}


def _flat(X):
    import faiss

    from binms_teach.fast.popcount import pack
    index = faiss.IndexBinaryFlat(8 * pack(X[:1]).shape[1])
    index.add(pack(X))
    return index


def bench_digits_passes(X, repeats=5):
    """A whole BinNNMS fit on Digits against one faiss 10-NN pass, alternated; the pass
    with faiss's default OpenMP threads and with one, the faster counting."""
    import faiss

    from binms_teach import BinNNMS
    from binms_teach.fast.popcount import engine, pack
    BinNNMS(k1=K, k2=K).fit(X)
    default = faiss.omp_get_max_threads()
    fit_t, numpy_t, pass_t = [], [], {default: [], 1: []}
    for _ in range(repeats):
        start = time.perf_counter()
        model = BinNNMS(k1=K, k2=K).fit(X)
        fit_t.append(time.perf_counter() - start)
        for threads in pass_t:
            faiss.omp_set_num_threads(threads)
            start = time.perf_counter()
            index = _flat(X)
            index.search(pack(X), K)
            pass_t[threads].append(time.perf_counter() - start)
        faiss.omp_set_num_threads(default)
        with engine("numpy"):
            start = time.perf_counter()
            float_model = BinNNMS(k1=K, k2=K).fit(X)
            numpy_t.append(time.perf_counter() - start)
    best = min(pass_t, key=lambda t: np.median(pass_t[t]))
    return {"fit": fit_t, "pass": pass_t[best], "pass_threads": best,
            "pass_by_threads": {str(t): v for t, v in pass_t.items()},
            "numpy_fit": numpy_t, "load": load(), "rounds": model.n_iter_,
            "same_as_numpy": bool(np.array_equal(model.labels_, float_model.labels_)
                                  and np.array_equal(model.modes_, float_model.modes_))}


def bench_dask(n=16000):
    """The same fit in one process and on a LocalCluster of 2 single-thread workers."""
    import joblib
    from distributed import Client, LocalCluster

    from binms_teach import BinNNMS
    X, _ = mixture(n)
    start = time.perf_counter()
    single = BinNNMS(k1=K, k2=K).fit(X)
    single_t = time.perf_counter() - start
    with LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster):
        with joblib.parallel_backend("dask"):
            BinNNMS(k1=K, k2=K).fit(X[:500])  # workers import binms_teach once
            start = time.perf_counter()
            on_dask = BinNNMS(k1=K, k2=K).fit(X)
            dask_t = time.perf_counter() - start
    return {"n": n, "single": single_t, "dask": dask_t, "load": load(),
            "identical": bool(np.array_equal(single.modes_, on_dask.modes_)
                              and np.array_equal(single.labels_, on_dask.labels_)
                              and single.epsilon_ == on_dask.epsilon_)}


# ------------------------------------------------ RESULTS.md

def met(flag):
    return "**met**" if flag else "**not met**"


def quiet(loads):
    """Whether a figure came from a quiet machine: its 1-minute load average under 1.5."""
    return f"load {loads[0]}: {'quiet' if loads[0] < 1.5 else 'busy'} machine"


def targets(engines, knn, digits):
    """(target, measured, verdict) rows, each verdict computed from the numbers."""
    out = []
    if knn:
        ratio = np.median(knn["ours"]) / np.median(knn["faiss"])
        out.append((f"exact kNN at n = {knn['n']:,}, d = {D}: within {TARGET_KNN_RATIO}x of "
                    "faiss IndexBinaryFlat (same process)",
                    f"{ratio:.2f}x ({np.median(knn['ours']):.2f} s vs "
                    f"{np.median(knn['faiss']):.2f} s; {quiet(knn['load'])})",
                    met(ratio <= TARGET_KNN_RATIO)))
    if digits:
        passes = np.median(digits["fit"]) / np.median(digits["pass"])
        out.append((f"Digits fit within {TARGET_DIGITS_PASSES} faiss kNN passes",
                    f"{passes:.1f} passes ({np.median(digits['fit']):.3f} s / "
                    f"{np.median(digits['pass']):.3f} s; {quiet(digits['load'])})",
                    met(passes <= TARGET_DIGITS_PASSES)))
    if engines:
        fits = {(r["engine"], r["n"]): r for r in engines["rows"] if r["task"] == "fit"}
        million = fits.get(("hnsw", 1000000))
        if million:
            t, gib = million["times"][0], million["maxrss_kib"] / 2**20
            out.append(("n = 1,000,000 with \"hnsw\": under 10 min", f"{t / 60:.1f} min",
                        met(t < TARGET_MILLION_SECONDS)))
            out.append(("... peak memory under 4 GiB", f"{gib:.2f} GiB",
                        met(gib < TARGET_MILLION_GIB)))
            out.append(("... ARI against the planted labels (reported)",
                        f"{million['planted_ari']:.3f}", "reported"))
        else:
            out.append(("n = 1,000,000 with \"hnsw\"", "not run (`--large` runs it)",
                        "**not measured**"))
        for n in (32000, 64000):
            row = fits.get(("hnsw", n))
            if row and "vs_exact" in row:
                out.append((f"\"hnsw\" ARI >= {TARGET_HNSW_ARI} against exact at n = {n:,}",
                            f"{row['vs_exact']:.3f}", met(row["vs_exact"] >= TARGET_HNSW_ARI)))
    return out


def fmt_t(seconds):
    return f"{seconds:.3f} s" if seconds < 10 else f"{seconds:.1f} s"


def markdown(engines, knn, digits, dask):
    body = []
    if knn:
        body += [f"## 6. Exact kNN against faiss, in one process (n = {knn['n']:,}, d = {D}, "
                 f"k = {K})", "",
                 "Both sides pack the bits and build their index inside the timing; "
                 "alternated, medians of "
                 f"{len(knn['ours'])}. Load average {knn['load']} at the end.", "",
                 "| | median | all |", "|---|---|---|",
                 f"| ours (`searcher(X).search`, popcount engine) | "
                 f"{fmt_t(np.median(knn['ours']))} | "
                 f"{', '.join(f'{t:.2f}' for t in knn['ours'])} |",
                 f"| faiss `IndexBinaryFlat` directly | {fmt_t(np.median(knn['faiss']))} | "
                 f"{', '.join(f'{t:.2f}' for t in knn['faiss'])} |", "",
                 "Both with faiss's OpenMP threads set to "
                 f"{knn['threads']}, the setting where faiss itself was faster. All settings "
                 "(median seconds): " + "; ".join(
                     f"{t} thread(s): ours {np.median(v['ours']):.2f}, faiss "
                     f"{np.median(v['faiss']):.2f}" for t, v in knn["by_threads"].items()) + ".",
                 "",
                 f"Our distances recomputed from the rows: "
                 f"{'equal' if knn['distances_true'] else 'NOT equal'}; rows sorted by "
                 f"(distance, index): {'yes' if knn['sorted'] else 'NO'}; faiss's own indices "
                 f"{'equal ours' if knn['same_indices'] else 'differ from ours (tie order)'}"
                 f" ({100 * knn['tie_rows']:.1f} % of the rows have a tie between the 10th "
                 "and 11th nearest).", ""]
    if digits:
        body += ["## 5a. A Digits fit in faiss kNN passes", "",
                 f"`BinNNMS(k1=10, k2=10).fit` (popcount engine, {digits['rounds']} rounds) "
                 f"against one faiss 10-NN pass of the 2000 points (index built inside the "
                 f"timing), alternated, medians of {len(digits['fit'])}; load {digits['load']}.",
                 "", "| | median | all |", "|---|---|---|",
                 f"| fit, popcount engine | {fmt_t(np.median(digits['fit']))} | "
                 f"{', '.join(f'{t:.3f}' for t in digits['fit'])} |",
                 f"| fit, float32 engine (`engine('numpy')`) | "
                 f"{fmt_t(np.median(digits['numpy_fit']))} | "
                 f"{', '.join(f'{t:.3f}' for t in digits['numpy_fit'])} |",
                 f"| one faiss 10-NN pass ({digits['pass_threads']} OpenMP thread(s), its "
                 f"faster setting) | {fmt_t(np.median(digits['pass']))} | "
                 f"{', '.join(f'{t:.3f}' for t in digits['pass'])} |", "",
                 "The pass with each setting (median seconds): " + "; ".join(
                     f"{t} thread(s) {np.median(v):.3f}"
                     for t, v in digits["pass_by_threads"].items()) + ".", "",
                 "Modes and labels of the two engines "
                 + ("identical." if digits["same_as_numpy"] else "DIFFER."), ""]
    if engines:
        body += [f"## 5. Engines on Bernoulli mixtures (d = {D}, 10 prototypes, flip 0.1, "
                 f"k1 = k2 = {K})", "",
                 "Each row is a fresh process (`benchmarks/engine_worker.py`): \"knn\" is the "
                 "10-NN of every point with the index built inside the timing, \"fit\" a "
                 "whole `BinNNMS` fit; median of 3 up to n = 4,000, one run above. Peak: "
                 "the process's maxrss. \"vs exact\": for kNN the recall of the 10 exact "
                 "nearest, for fits the ARI against the exact engine's labels; \"equal\": the "
                 "result identical to the popcount engine's (indices or labels). The float32 "
                 f"engine runs up to n = {FLOAT_MAX:,}."
                 + (" Sizes above 64,000 come from `--large`." if engines["large"] else ""), "",
                 "| n | task | engine | time | peak RSS | vs exact | equal | ARI vs planted "
                 "| clusters | load before |", "|---|---|---|---|---|---|---|---|---|---|"]
        for r in engines["rows"]:
            label = {"numpy": "float32 (BLAS)", "faiss": "popcount (faiss)",
                     "hnsw": "hnsw"}[r["engine"]]
            vs = r.get("vs_exact")
            planted = "" if r["planted_ari"] is None else f"{r['planted_ari']:.3f}"
            equal = "" if "equal_to_exact" not in r else ("yes" if r["equal_to_exact"] else "no")
            body.append(
                f"| {r['n']:,} | {r['task']} | {label} | {fmt_t(np.median(r['times']))} | "
                f"{r['maxrss_kib'] / 1024:.0f} MiB | "
                f"{'' if vs is None else f'{vs:.3f}'} | "
                f"{equal} | {planted} | "
                f"{r.get('n_clusters', '')} | {r['load_before'][0]} |")
        body += ["", "Plot: `benchmarks/engines.png`.", ""]
    if dask:
        body += ["## 7. Dask: a fit on a LocalCluster (2 workers x 1 thread, 127.0.0.1)", "",
                 f"n = {dask['n']:,}, d = {D}, k1 = k2 = {K}; the candidates in chunks through "
                 "`joblib.parallel_backend(\"dask\")`. One process: "
                 f"{fmt_t(dask['single'])}; on the cluster: {fmt_t(dask['dask'])} "
                 f"(the cluster took {dask['dask'] / dask['single']:.2f}x the time of one "
                 f"process); load {dask['load']}. Modes, labels and epsilon "
                 + ("identical to the single-process fit." if dask["identical"]
                    else "DIFFER from the single-process fit."),
                 "Both runs share the same 2 cores, so this measures the overhead of moving "
                 "the work to the workers, not a speed-up from more machines.", ""]
    return body


def plot(engines, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from binms_teach.figures.palette import series_style
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.2))
    labels = {"numpy": "float32 (BLAS)", "faiss": "popcount (faiss)", "hnsw": "hnsw"}
    for i, name in enumerate(("numpy", "faiss", "hnsw")):
        style = series_style(i)
        for ax, task in zip(axes[:2], ("knn", "fit"), strict=True):
            rows = [r for r in engines["rows"] if r["engine"] == name and r["task"] == task]
            if rows:
                ax.loglog([r["n"] for r in rows], [np.median(r["times"]) for r in rows],
                          label=labels[name], **style)
        rows = [r for r in engines["rows"] if r["engine"] == name and r["task"] == "fit"]
        if rows:
            axes[2].loglog([r["n"] for r in rows], [r["maxrss_kib"] / 1024 for r in rows],
                           label=labels[name], **style)
    axes[0].set(xlabel=f"n (d = {D})", ylabel="seconds", title="10-NN of every point")
    axes[1].set(xlabel=f"n (d = {D})", ylabel="seconds", title="Whole BinNNMS fit")
    axes[2].set(xlabel=f"n (d = {D})", ylabel="MiB", title="Peak resident memory of a fit")
    for ax in axes:
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
