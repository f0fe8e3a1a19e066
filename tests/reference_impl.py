"""Independent, plain-Python BinNNMS and k-modes, written from the paper and PAPER-NOTES alone.

No numpy and nothing from binms_teach: lists of ints, loops, sorted().
The tests compare the package against them, bit for bit.
"""


def hamming(a, b):
    return sum(1 for u, v in zip(a, b, strict=True) if u != v)


def nn_k(X, x, k):
    """Indices of the k nearest rows of X; equal distances: lower index first."""
    return [i for _, i in sorted((hamming(x, row), i) for i, row in enumerate(X))[:k]]


def maj(rows, tie, current):
    out = []
    for j in range(len(current)):
        ones = sum(row[j] for row in rows)
        zeros = len(rows) - ones
        if ones > zeros:
            out.append(1)
        elif ones < zeros:
            out.append(0)
        else:
            out.append({"one": 1, "zero": 0, "keep": current[j]}[tie])
    return out


def ascend(X, x, k1, max_iter, tie):
    """At most max_iter updates; stop at a fixed point; return the last iterate."""
    for _ in range(max_iter):
        nxt = maj([X[i] for i in nn_k(X, x, k1)], tie, x)
        if nxt == x:
            break
        x = nxt
    return x


def epsilon_from_k2(M, k2):
    total = 0
    for i, row in enumerate(M):
        others = sorted(hamming(row, other) for j, other in enumerate(M) if j != i)
        total += others[k2 - 1]
    return total / len(M)


def components(M, epsilon):
    """Single linkage at epsilon by union-find; labels by first appearance."""
    parent = list(range(len(M)))

    def find(i):
        while parent[i] != i:
            i = parent[i]
        return i

    for i in range(len(M)):
        for j in range(i):
            if hamming(M[i], M[j]) <= epsilon:
                parent[find(i)] = find(j)
    names, labels = {}, []
    for i in range(len(M)):
        labels.append(names.setdefault(find(i), len(names)))
    return labels


def binnnms(X, k1, k2, max_iter=100, tie="one", epsilon=None, epsilon_from="modes"):
    X = [[int(v) for v in row] for row in X]
    modes = [ascend(X, row, k1, max_iter, tie) for row in X]
    if epsilon is None:
        epsilon = epsilon_from_k2(modes if epsilon_from == "modes" else X, k2)
    return modes, epsilon, components(modes, epsilon)


def kmodes(X, centres, max_iter=100):
    """k-modes as the paper's Section 3: (a) assign, (b) majority vote, until nothing changes.

    The rules the paper leaves open, as documented in binms_teach.evaluation.kmodes: an
    assignment tie goes to the lower centre index, a tied vote keeps the
    centre's bit (an empty cluster keeps its centre), and a run cut after
    max_iter rounds returns the centres its last assignment used.
    Returns (centres, labels, inertia, rounds).
    """
    X = [[int(v) for v in row] for row in X]
    W = [[int(v) for v in row] for row in centres]
    for rounds in range(1, max_iter + 1):
        labels = []
        for x in X:
            distances = [hamming(x, w) for w in W]
            labels.append(distances.index(min(distances)))  # index(): the first, lowest centre
        inertia = sum(hamming(x, W[c]) for x, c in zip(X, labels, strict=True))
        votes = [maj([x for x, c in zip(X, labels, strict=True) if c == j], "keep", W[j])
                 for j in range(len(W))]
        if votes == W or rounds == max_iter:
            break
        W = votes
    return W, labels, inertia, rounds


def best_of(X, starts, max_iter=100):
    """The run with the lowest inertia among runs from ``starts``; the first of equal ones."""
    best = None
    for start in starts:
        run = kmodes(X, start, max_iter)
        if best is None or run[2] < best[2]:
            best = run
    return best
