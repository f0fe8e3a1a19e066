"""Distinct rows of a 0/1 matrix, and a bytes key for each row: one place for both.

Final iterates repeat a lot (many samples reach one mode), so the fast layer,
the automatic choice of k1 and k2 and the explorer's traces work on the
distinct rows. A row's key is its bits packed into bytes: equal rows have
equal keys, and packed bytes compare as the bit vectors do.
"""

import numpy as np

from .._validation import check_binary
from ..labelling import first_appearance


def pack(A):
    """0/1 rows as bytes, zero-padded to a multiple of 8 bits (padding adds no distance).

    Examples
    --------
    >>> pack(np.array([[1, 0, 1]], dtype=np.uint8)).tolist()
    [[160]]
    """
    return np.ascontiguousarray(np.packbits(A, axis=1))


def packed_keys(packed):
    """One bytes key per row of packed bits (uint8), made in C.

    numpy's fixed-width bytes drop trailing zero bytes, which keeps rows of
    equal width distinct.

    Examples
    --------
    >>> packed_keys(pack(np.array([[1, 0, 1], [0, 0, 0]], dtype=np.uint8)))
    [b'\\xa0', b'']
    """
    return packed.view(np.dtype((np.bytes_, packed.shape[1])))[:, 0].tolist()


def row_keys(A):
    """One bytes key per row of a 0/1 matrix: `packed_keys` of its packed bits."""
    return packed_keys(pack(A))


def unique_rows(A):
    """The distinct rows of a 0/1 matrix, in lexicographic order, and each row's distinct row.

    Returns
    -------
    U : ndarray, shape (u, d)
        The distinct rows; packed bytes compare as the bit vectors do, so they
        come in lexicographic order.
    inverse : ndarray of intp, shape (n,)
        ``U[inverse]`` is ``A``.

    Examples
    --------
    >>> U, inverse = unique_rows(np.array([[1, 0], [0, 0], [1, 0]], dtype=np.uint8))
    >>> U.tolist(), inverse.tolist()
    ([[0, 0], [1, 0]], [1, 0, 1])
    """
    packed = pack(A)
    keys = packed.view(np.dtype((np.void, packed.shape[1])))[:, 0]
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return A[first], inverse.reshape(-1)


def distinct_rows(A, *, check_input=True):
    """Each row's distinct-row number, the distinct rows numbered in order of first appearance.

    Without repeated rows this is ``0, 1, ..., n - 1``. ``check_input=False``: A is
    checked already (uint8 0/1).

    Examples
    --------
    >>> distinct_rows([[1, 0], [0, 0], [1, 0], [1, 1]]).tolist()
    [0, 1, 0, 2]
    """
    if check_input:
        A = check_binary(A)
    return first_appearance(unique_rows(A)[1])
