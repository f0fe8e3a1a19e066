"""Hypothesis strategies for small binary data, where ties are frequent."""

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays


@st.composite
def binary_matrices(draw, min_rows=1, max_rows=12, min_cols=1, max_cols=8):
    n = draw(st.integers(min_rows, max_rows))
    d = draw(st.integers(min_cols, max_cols))
    return draw(arrays(np.uint8, (n, d), elements=st.integers(0, 1)))
