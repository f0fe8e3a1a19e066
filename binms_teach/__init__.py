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

# The one change to the environment, on purpose: OpenMP threads that spin while they wait made
# faiss's searches 5-10x slower on a busy machine (a fit of 8,000 x 256 at load 9 on 2 cores:
# 0.6-2.9 s passive, 7.7-8.9 s by default). libgomp reads the
# policy once, when it loads, and scikit-learn loads it on import (faiss shares it), so it
# cannot wait for the fast layer. A value the user set is kept.
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
