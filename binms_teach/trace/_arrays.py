"""What the traces share: their arrays are handed out read-only."""

import numpy as np


def frozen(a):
    """``a`` as an array that cannot be written to (a trace is a record, not a workspace)."""
    a = np.asarray(a)
    a.setflags(write=False)
    return a

