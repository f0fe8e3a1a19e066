"""Claim 1, Eq. (3): the Hamming distance; claim 8, Table 1: the number of Zoo features."""

import itertools

import numpy as np

from ..hamming import hamming
from .record import result


def check_hamming(random_state=0):
    """Item 1: H(x1, x2) = (x1 - x2)^T (x1 - x2), not d - (x1 - x2)^T (x1 - x2) (Eq. 3).

    >>> check_hamming().holds_corrected
    True
    """
    rng = np.random.default_rng(random_state)
    pairs = [(rng.integers(0, 2, (200, 12)), rng.integers(0, 2, (200, 12)))]
    for d in range(1, 5):  # every pair of {0,1}^d
        P = np.array(list(itertools.product((0, 1), repeat=d)))
        pairs.append((np.repeat(P, len(P), axis=0), np.tile(P, (len(P), 1))))
    total = corrected_ok = printed_ok = half = 0
    for A, B in pairs:
        d = A.shape[1]
        H = np.diag(hamming(A, B))
        diff = A.astype(int) - B.astype(int)  # signed: uint8 differences would wrap
        inner = np.einsum("ij,ij->i", diff, diff)
        total += len(H)
        corrected_ok += int(np.sum(inner == H))
        printed_ok += int(np.sum(d - inner == H))
        half += int(np.sum(2 * H == d))
    return result(
        1,
        "Hamming distance",
        "H(x1, x2) = (x1 - x2)^T (x1 - x2), which counts the disagreements",
        "Eq. (3)",
        printed_ok == total,
        corrected_ok == total,
        {
            "pairs": total,
            "corrected_mismatches": total - corrected_ok,
            "printed_mismatches": total - printed_ok,
            "printed_matches_only_where_2H_eq_d": printed_ok == half,
        },
        """For 0/1 vectors each coordinate of x1 - x2 is -1, 0 or 1, so (x1 - x2)^T (x1 - x2)
        counts the coordinates that differ: it is the Hamming distance itself. The printed
        d - (x1 - x2)^T (x1 - x2) counts the agreements, and equals H only on the pairs that
        disagree in exactly half of their coordinates. The sentence after Eq. (3) makes the
        same slip ("counts the number of elements which agree").""",
    )


# From the Zoo attribute description (zoo.names): 15 Boolean attributes and legs.
ZOO_BOOLEAN = (
    "hair", "feathers", "eggs", "milk", "airborne", "aquatic", "predator", "toothed",
    "backbone", "breathes", "venomous", "fins", "tail", "domestic", "catsize",
)  # fmt: skip
ZOO_LEGS_VALUES = (0, 2, 4, 5, 6, 8)


def _zoo_loader_width():
    """The number of columns of binms_teach.datasets.load_zoo(), or why it is unknown."""
    try:
        from ..datasets import load_zoo

        # Local files only: a check must not reach for the network.
        data = load_zoo(download=False)
    except Exception as exc:  # optional: the loader or its files may be missing
        return None, f"unavailable ({type(exc).__name__})"
    for attr in ("data", "X"):
        if hasattr(data, attr):
            data = getattr(data, attr)
            break
    else:
        if isinstance(data, tuple):
            data = data[0]
    shape = np.shape(data)
    if len(shape) != 2:
        return None, f"unreadable result of shape {shape}"
    return int(shape[1]), f"{shape[0]} x {shape[1]}"


def check_zoo_dimension(random_state=0):
    """Item 8: Zoo has d = 15 + 6 = 21 binary columns, as the text says; Table 1 says 26.

    >>> check_zoo_dimension().numbers["d_from_attributes"]
    21
    """
    del random_state  # nothing random
    d_facts = len(ZOO_BOOLEAN) + len(ZOO_LEGS_VALUES)
    d_loader, loader = _zoo_loader_width()
    table_1, text = 26, 21
    return result(
        8,
        "Zoo dimension",
        "Zoo is a 101 x 21 binary matrix: 15 Boolean attributes + legs coded disjunctively (6)",
        "Table 1 vs Section 4 text",
        table_1 == d_facts,
        text == d_facts and (d_loader is None or d_loader == d_facts),
        {
            "boolean_attributes": len(ZOO_BOOLEAN),
            "legs_values": len(ZOO_LEGS_VALUES),
            "d_from_attributes": d_facts,
            "d_text": text,
            "d_table_1": table_1,
            "loader": loader,
        },
        """The Zoo data have 16 attributes besides the name and the class: 15 Boolean and legs,
        which takes the 6 values {0, 2, 4, 5, 6, 8}. Coding legs disjunctively gives
        15 + 6 = 21 binary columns, the 101 x 21 of the text. Table 1's d = 26 matches no
        coding stated in the paper.""",
    )
