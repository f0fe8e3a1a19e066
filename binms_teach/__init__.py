"""binms-teach: nearest-neighbour median shift clustering of binary data, for learning.

The names follow the paper (Beck, Duong, Lebbah, Azzag, arXiv:1902.04181):

- `hamming`, `nearest_neighbours`, `ball_neighbours`: the Hamming distance (Eq. 3), NN_k and
  the closed ball B(x, delta_(k)(x));
- `majority_vote`: maj, the median centre (Eq. 4);
- `bga_step`, `bga_path`, `bga`: the binary gradient ascent (Eq. 7, Algorithm 1), with
  ``neighbours="index"`` (the k1 nearest) or ``"ball"`` (order-free);
- `epsilon_from_k2`, `epsilon_proximity`: the labelling task;
- `BinNNMS`, `KModes`: the estimators; `nmi`, `ami`, `ari`, `quantization_error`: the scores.
"""

import os as _os

# OpenMP threads that spin while waiting made faiss's searches up to 8x slower on
# a busy machine; set before scikit-learn or faiss start OpenMP (binms_teach/fast/popcount.py).
_os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

from .ascent import bga, bga_path, bga_step  # noqa: E402
from .binnnms import BinNNMS  # noqa: E402
from .evaluation import KModes, ami, ari, nmi, quantization_error  # noqa: E402
from .hamming import ball_neighbours, hamming, nearest_neighbours  # noqa: E402
from .labelling import epsilon_from_k2, epsilon_proximity  # noqa: E402
from .majority import inertia, majority_vote, vote_counts  # noqa: E402

__all__ = [
    "BinNNMS", "KModes", "ami", "ari", "ball_neighbours", "bga", "bga_path", "bga_step",
    "epsilon_from_k2",
    "epsilon_proximity", "hamming", "inertia", "majority_vote", "nearest_neighbours", "nmi",
    "quantization_error", "vote_counts",
]
__version__ = "0.1.0"
