"""Figures 2 and 3: the quantization error along the ascent, and the digit prototypes.

Figure 2: see `quantization_curves`. Figure 3: the prototypes are the median
centres of the largest clusters; the Digits images are 16 rows x 15 columns,
row-major (``x.reshape(16, 15)``); the paper calls them "15 x 16".
"""

from dataclasses import dataclass

import numpy as np

from .. import fast
from .._validation import check_binary, check_k1, check_k2, check_neighbours, check_tie
from ..evaluation.kmodes import KModes
from ..evaluation.metrics import nmi, quantization_error
from ..majority import majority_vote
from .protocol import check_target

# k1 values of Figure 2.
CURVE_K1 = (5, 10, 20)
QUICK_CURVE_K1 = (5, 10)


@dataclass
class QuantizationCurves:
    """The quantization error (Eq. 8) of the iterates x_{l,j} at every iteration j.

    ``target[j]``: with respect to the target prototypes, the median centres of
    the true classes computed on the data (fixed). ``found[j]``: with respect to
    the intermediate median centres of the clusters found at iteration j
    (epsilon-proximity with epsilon from k2, both on the iterates).
    ``true_intermediate[j]``: with respect to the median centres of the true
    classes computed on the iterates at j (the paper's "M modes ... using
    ground truth"). ``n_found[j]``: the clusters found at j.
    """

    k1: int
    k2: int
    target: np.ndarray
    found: np.ndarray
    true_intermediate: np.ndarray
    n_found: np.ndarray


def quantization_curves(X, y, k1, k2, *, tie="one", max_iter=100, neighbours="index"):
    """Figure 2: the quantization error along the ascent, for one k1.

    The paper's caption and text disagree on which column is which, and leave
    open whether the "data points" are the original samples (then the error
    with respect to fixed prototypes would not change) or the iterates. Here
    both errors are measured on the iterates x_{l,j} (the recorded history of
    the ascent), iteration j = 0 being the data:

    * left, ``target``: (1/n) sum_l H(x_{l,j}, w_{y_l}), w_m the median centre
      of true class m in the data;
    * right, ``found``: (1/n) sum_l H(x_{l,j}, w_{c_l}), where c is the
      labelling of the iterates at j (epsilon from k2 on those iterates) and w_c
      the median centre of the iterates in cluster c. ``true_intermediate``
      is the other reading: the same with the true classes as the groups.

    Iteration j runs from 0 to the last move of any sample.

    Examples
    --------
    >>> X = [[0, 0, 0], [0, 0, 1], [1, 1, 1], [0, 1, 1]]
    >>> c = quantization_curves(X, [0, 0, 1, 1], k1=3, k2=1)
    >>> c.target.tolist(), c.found.tolist(), c.n_found.tolist()
    ([0.5, 0.5], [1.0, 0.0], [1, 2])
    """
    X = check_binary(X)
    y = check_target(y, len(X))
    k1 = check_k1(k1, len(X))
    k2 = check_k2(k2, len(X))
    tie = check_tie(tie)
    history = fast.bga(X, X, k1, max_iter, tie, record=True,
                       neighbours=check_neighbours(neighbours))[3]
    # The last recorded round only confirms the fixed points: drop repeated states.
    last = len(history) - 1
    while last > 0 and np.array_equal(history[last], history[last - 1]):
        last -= 1
    history = history[: last + 1]
    targets = {c: majority_vote(X[y == c]) for c in np.unique(y)}
    target, found, true_inter, n_found = [], [], [], []
    for Xj in history:
        target.append(quantization_error(Xj, y, targets))
        true_inter.append(quantization_error(Xj, y))
        labels = fast.epsilon_proximity(Xj, fast.epsilon_from_k2(Xj, k2))
        found.append(quantization_error(Xj, labels))
        n_found.append(labels.max() + 1)
    return QuantizationCurves(k1, k2, np.array(target), np.array(found), np.array(true_inter),
                              np.array(n_found))



def prototypes(X, y, labels, n=10):
    """The median centres of the ``n`` largest clusters, ordered by their majority class.

    Returns
    -------
    list of dict
        ``centre`` (d,), ``majority`` (the most common true class, lowest on
        ties), ``size``, ``purity`` (share of the majority class), ordered by
        majority class, then by decreasing size.

    Examples
    --------
    >>> X = [[1, 1], [1, 0], [0, 0]]
    >>> [(p["centre"].tolist(), p["size"]) for p in prototypes(X, [0, 0, 1], [0, 0, 1], n=1)]
    [([1, 1], 2)]
    """
    X = check_binary(X)
    y = check_target(y, len(X))
    labels = np.asarray(labels)
    names, sizes = np.unique(labels, return_counts=True)
    order = np.argsort(-sizes, kind="stable")[:n]
    out = []
    for c in names[order]:
        members = labels == c
        classes, counts = np.unique(y[members], return_counts=True)
        out.append({"centre": majority_vote(X[members]), "majority": classes[np.argmax(counts)],
                    "size": int(members.sum()), "purity": float(counts.max() / members.sum())})
    out.sort(key=lambda p: (p["majority"], -p["size"]))
    return out



def digit_prototypes(X, y, binnnms_labels, k1, k2, *, seed=0):
    """Figure 3: ten prototypes of k-modes (k = 10, best of 10 starts) and of BinNNMS.

    ``binnnms_labels`` are the labels of BinNNMS(k1, k2) on X; its prototypes
    are the median centres of its ten largest clusters.
    """
    model = KModes(n_clusters=10, n_init=10, random_state=seed).fit(X)
    return {"kmodes": prototypes(X, y, model.labels_), "kmodes_nmi": nmi(y, model.labels_),
            "binnnms": prototypes(X, y, binnnms_labels), "k1": k1, "k2": k2,
            "binnnms_nmi": nmi(y, binnnms_labels),
            "binnnms_clusters": len(np.unique(binnnms_labels))}
