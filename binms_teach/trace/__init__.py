"""The state of every step of BinNNMS, for watching it: plain functions, no drawing.

The notebooks' widgets (`binms_teach.widgets`) only display what these
functions compute from the core:

- `ascent_trace`: one binary gradient ascent (Eq. 7), step by step. Step j holds
  the iterate x_j, its k1 nearest neighbours NN_k1(x_j), their votes for a 1 in
  every coordinate, the ties (2 * ones == k1), the next iterate
  x_{j+1} = maj(NN_k1(x_j)) and the bits that changed;
- `classical_mds` and `path_map`: a 2-D map of Hamming space (classical MDS of
  sqrt(H), i.e. PCA of the 0/1 rows) on which the paths of many points run
  into their modes;
- `labelling_state` and `LabellingModel`: the labelling task for one k2
  (epsilon, the graph H <= epsilon among the distinct modes, its connected
  components), the model answering many k2 quickly.

One module per explorer: `trace.ascent`, `trace.path_map`, `trace.labelling`.
"""

from .ascent import AscentStep, AscentTrace, ascent_trace
from .labelling import LabellingModel, LabellingState, labelling_state
from .path_map import PathFrame, PathMap, classical_mds, path_map

__all__ = [
    "AscentStep", "AscentTrace", "ascent_trace",
    "classical_mds", "PathFrame", "PathMap", "path_map",
    "LabellingState", "LabellingModel", "labelling_state",
]
