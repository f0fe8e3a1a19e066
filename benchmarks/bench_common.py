"""What every section of `make bench` (benchmarks/run.py) shares: paths, the load, timing, the data,
the machine's description."""

import datetime
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

# As binms_teach does on import, but before scikit-learn starts OpenMP (threadpoolctl
# below): spinning OpenMP threads slow faiss down many times on a busy machine.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DIGITS_CSV = ROOT.parent / "shared" / "data" / "authors" / "digits-binary.csv"
UCI_DIR = ROOT.parent / "shared" / "data" / "uci"


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

