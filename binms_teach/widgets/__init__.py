"""The notebooks' widgets: they only display the state that `binms_teach.trace` computes.

Model and view apart: every picture is a pure function of a state object
(`AscentStep`, `PathFrame`, `LabellingState`), and every widget holds its
current state in ``.state`` and its text in ``.readout.value``, so that tests
can drive the controls (``slider.value = ...``, ``button.click()``) and check
what is shown without a browser.

- `AscentExplorer`: one ascent x_{j+1} = maj(NN_k1(x_j)) on image data, step by step;
- `PathMapExplorer`: the paths of many points on an MDS map, over the updates;
- `KernelExplorer`: the Aitchison-Aitken kernel and a density estimate as lambda moves (04);
- `LabellingExplorer`: epsilon(k2), the graph H <= epsilon among the modes, the clusters.

Readers without a kernel (GitHub, nbviewer, a static site) cannot run a
widget: each explorer's display bundle carries, beside the live widget view,
an ``<img>`` of its current view with its alt (`Explorer.view`), which they show
instead of the text "VBox(...)"; JupyterLab still shows the live widget.

Speed: the explorer draws its pictures as small PNG images straight from the
0/1 arrays (nearest-neighbour upscaling in numpy, PNG encoding by Pillow) and
caches one trace per (point, k1); an update takes a few milliseconds
(`benchmarks/widget_step.py` measures it). The two map widgets draw one
matplotlib figure once and then only update its artists' data.

One module per explorer (`widgets.ascent`, `widgets.path_map`,
`widgets.labelling`, `widgets.kernel`), what they share in `widgets.base`, and the pictures
(pure functions of 0/1 arrays) in `widgets.pictures`.
"""

from .ascent import AscentExplorer, step_readout
from .base import GREY as GREY
from .base import label_style
from .kernel import KernelExplorer, kernel_state
from .labelling import LabellingExplorer
from .path_map import PathMapExplorer

# The colours are imported with an alias: they are re-exported, beside __all__.
from .pictures import CURRENT as CURRENT
from .pictures import GRID as GRID
from .pictures import INK as INK
from .pictures import PAPER as PAPER
from .pictures import TEXT_HEIGHT as TEXT_HEIGHT
from .pictures import TURNED_OFF as TURNED_OFF
from .pictures import TURNED_ON as TURNED_ON
from .pictures import VOTES_CMAP as VOTES_CMAP
from .pictures import (
    binary_image,
    mosaic,
    next_image,
    png_bytes,
    view_picture,
    votes_image,
    votes_key,
    votes_lut,
)

# The public names (the colour constants above are importable too).
__all__ = [
    "AscentExplorer", "PathMapExplorer", "LabellingExplorer", "KernelExplorer",
    "step_readout", "kernel_state", "label_style",
    "png_bytes", "binary_image", "next_image", "votes_lut", "votes_image", "votes_key",
    "mosaic", "view_picture",
]
