"""Oracle tests for what both layers share: comparing the layers cannot see a bug there.

The readable layer and the fast layer call the same `binms_teach.majority.decide` (the vote
threshold and the tie rules), the same `binms_teach.labelling.first_appearance`, and the fast
layer's vote counts and neighbour lists have branches no tie-heavy comparison reaches (counts
past 2**15, an iterate that moves far from its parent's list). Each test here compares them
with a plain-Python oracle (`tests/reference_impl.py`: lists, loops, no numpy) or with a
construction whose answer is known by hand. The functions ``*_mismatches`` return what
disagrees (an empty list when nothing does): `tests/test_planted_bugs.py` plants a bug and
checks that they see it.
"""

import itertools

import numpy as np

from binms_teach import (
    ball_neighbours,
    bga,
    bga_step,
    epsilon_from_k2,
    epsilon_proximity,
    fast,
    majority_vote,
)
from binms_teach.datasets.rows import row_keys
from binms_teach.fast import lists as fast_lists
from binms_teach.labelling import first_appearance
from binms_teach.majority import decide
from tests import data, reference_ball
from tests import reference_impl as ref

TIES = ("one", "zero", "keep")


def plain_vote(ones, total, tie, current):
    """The vote of one coordinate by the definition: a strict majority, else the tie rule."""
    if 2 * ones > total:
        return 1
    if 2 * ones < total:
        return 0
    return {"one": 1, "zero": 0, "keep": current}[tie]


def tie_heavy(seed, n, d, patterns):
    return data.tie_heavy(seed, n, d, patterns, flip=0.05)


# ---------------------------------------------------------------- the vote threshold and ties

def vote_mismatches():
    """`decide` against the definition, for every count of up to 7 voters, tie rule and bit."""
    bad = []
    for total, tie, current in itertools.product(range(1, 8), TIES, (0, 1)):
        ones = np.arange(total + 1)
        got = decide(2 * ones, total, tie, np.full(len(ones), current, dtype=np.uint8))
        want = [plain_vote(int(o), total, tie, current) for o in ones]
        if got.tolist() != want:
            bad.append((total, tie, current, got.tolist(), want))
    return bad


def majority_mismatches():
    """`majority_vote` (the readable layer's vote) against `reference_impl.maj`."""
    bad = []
    for seed, n in itertools.product(range(6), (2, 4, 5, 6)):
        X = tie_heavy(seed, n, 9, 3)
        current = np.random.default_rng(seed).integers(0, 2, 9, dtype=np.uint8)  # not X[0]
        for tie in TIES:
            got = majority_vote(X, tie=tie, current=current).tolist()
            want = ref.maj(X.tolist(), tie, current.tolist())
            if got != want:
                bad.append((seed, n, tie, got, want))
    return bad


def step_mismatches():
    """One update of every point, readable (`bga_step`) and fast (`fast.bga`), against
    `reference_impl` (NN_k1 by sorted(), maj by loops), with even k1: ties on every side."""
    bad = []
    for seed, k1 in itertools.product(range(3), (2, 4, 6)):
        X = tie_heavy(seed, 40, 7, 5)
        rows = X.tolist()
        for tie in TIES:
            want = [ref.maj([rows[i] for i in ref.nn_k(rows, x, k1)], tie, x) for x in rows]
            fast_next = fast.bga(X, X, k1, 1, tie)[0].tolist()
            readable_next = [bga_step(X, x, k1, tie)[0].tolist() for x in X]
            for layer, got in (("fast", fast_next), ("readable", readable_next)):
                if got != want:
                    bad.append((layer, seed, k1, tie))
    return bad


def spread(seed, n=40, d=8):
    """Uniform 0/1 rows: the majority of a neighbourhood is often no data point."""
    return np.random.default_rng(seed).integers(0, 2, (n, d), dtype=np.uint8)


def off_the_data(X):
    """Every point of {0,1}^d that is not a row of X: iterates that left the data points."""
    cube = np.array(list(itertools.product((0, 1), repeat=X.shape[1])), dtype=np.uint8)
    rows = {x.tobytes() for x in X}
    return cube[[c.tobytes() not in rows for c in cube]]


def off_data_step_mismatches():
    """One update from points that are not data points, readable and fast, against
    `reference_impl`: there the current bit and the nearest voter's bit differ, so a tie rule
    "keep" that keeps a voter's bit instead of the iterate's shows."""
    bad = []
    for seed, k1 in itertools.product(range(2), (2, 4, 6)):
        X = spread(seed)
        Q, rows = off_the_data(X), X.tolist()
        for tie in TIES:
            want = [ref.maj([rows[i] for i in ref.nn_k(rows, q, k1)], tie, q)
                    for q in Q.tolist()]
            fast_next = fast.bga(X, Q, k1, 1, tie)[0].tolist()
            readable_next = [bga_step(X, q, k1, tie)[0].tolist() for q in Q]
            for layer, got in (("fast", fast_next), ("readable", readable_next)):
                if got != want:
                    bad.append((layer, seed, k1, tie))
    return bad


def ascent_mismatches():
    """Whole ascents (`bga`, both layers) against `reference_impl.ascend`, from data points
    and from points off the data, on data where the iterates leave the data points."""
    bad = []
    for seed, k1 in itertools.product(range(2), (4, 6)):
        X = spread(seed)
        starts = np.vstack([X, off_the_data(X)[::3]])
        rows = X.tolist()
        for tie in TIES:
            want = [ref.ascend(rows, s, k1, 100, tie) for s in starts.tolist()]
            for layer, ascend in (("readable", bga), ("fast", fast.bga)):
                if ascend(X, starts, k1, 100, tie)[0].tolist() != want:
                    bad.append((layer, seed, k1, tie))
    return bad


def test_the_ascents_leave_the_data_points():
    """On the data of the two oracles above every tie rule shows: for each seed, k1 and tie
    rule some ascents from data points end off the data."""
    for seed, k1, tie in itertools.product(range(2), (4, 6), TIES):
        X = spread(seed)
        rows = {x.tobytes() for x in X}
        assert any(m.tobytes() not in rows for m in bga(X, X, k1, 100, tie)[0])


def test_a_step_from_off_the_data_equals_the_plain_python_step():
    assert off_data_step_mismatches() == []


def test_whole_ascents_equal_the_plain_python_ascent():
    assert ascent_mismatches() == []


def test_the_vote_threshold_and_the_tie_rules_are_the_definition():
    assert vote_mismatches() == []


def test_majority_vote_equals_the_plain_python_vote():
    assert majority_mismatches() == []


def test_one_step_of_either_layer_equals_the_plain_python_step():
    assert step_mismatches() == []


# ---------------------------------------------------------------- first appearance

def first_appearance_mismatches():
    """`first_appearance` against a loop, and the labels of `epsilon_proximity` (both layers)
    against the union-find of `reference_impl.components`, numbered in order of appearance."""
    bad = []
    rng = np.random.default_rng(0)
    for size in (1, 5, 30):
        labels = rng.integers(-3, 9, size)
        names = {}
        want = [names.setdefault(v, len(names)) for v in labels.tolist()]
        if first_appearance(labels).tolist() != want:
            bad.append(("first_appearance", labels.tolist()))
    for seed, epsilon in itertools.product(range(3), (0, 1, 2)):
        M = tie_heavy(seed, 30, 6, 6)[::-1].copy()  # clusters first seen in no sorted order
        want = ref.components(M.tolist(), epsilon)
        for layer, labelled in (("readable", epsilon_proximity), ("fast", fast.epsilon_proximity)):
            got = labelled(M, epsilon).tolist()
            if got != want:
                bad.append((layer, seed, epsilon))
    return bad


def test_labels_are_numbered_by_first_appearance():
    assert first_appearance_mismatches() == []


# ---------------------------------------------------------------- wide vote counts

def wide_count_mismatches():
    """Votes of more voters than a narrow integer holds: k1 = 300 (past uint8) and
    k1 = 40,000 (2 * ones past uint16), in the fast layer and the readable one.

    n - m rows of ones and m rows of zeros, d = 2: the ones are the nearest of a row of
    ones, and they win the vote by far, so every ascent ends at [1, 1].
    """
    bad = []
    for n, m, k1 in ((400, 100, 300), (40_001, 4_001, 40_000)):
        X = np.zeros((n, 2), dtype=np.uint8)
        X[: n - m] = 1
        starts = X[[0, n - 1]]  # a row of ones and a row of zeros
        for neighbours in ("index", "ball"):
            modes = fast.bga(X, starts, k1, 5, "one", neighbours=neighbours)[0]
            if modes.tolist() != [[1, 1], [1, 1]]:
                bad.append(("fast", k1, neighbours, modes.tolist()))
        step = bga_step(X, starts[0], k1)[0]
        if step.tolist() != [1, 1]:
            bad.append(("readable", k1, step.tolist()))
    return bad


def test_vote_counts_past_narrow_integers():
    assert wide_count_mismatches() == []


# ---------------------------------------------------------------- the neighbour-list bound

def list_bound_mismatches():
    """An iterate that moves to the edge of its parent's neighbour list.

    Row i of X holds ones in its first i coordinates, so H(X_i, X_j) = |i - j|. The parent
    X_0 keeps a list of its 128 nearest (X_0, ..., X_127); every other point lies at 128 or
    more from it. Its next iterate X_125 moved 125 bits away, so the points outside the list
    lie at 128 - 125 = 3 or more from X_125: X_128 (at 3) and X_129 (at 4) are among its 10
    nearest, which the list does not hold. The list may answer only below that bound.
    """
    n = 300
    X = np.tril(np.ones((n, n), dtype=np.uint8), k=-1)  # row i: ones in columns < i
    want = np.argsort(np.abs(np.arange(n) - 125), kind="stable")[:10]
    bad = []
    for name in ("numpy", "faiss") if fast_lists_engines() else ("numpy",):
        with fast_popcount_engine(name):
            lists = fast_lists.NeighbourLists(X, fast.searcher(X), 10)
            lists.search(X[:1], 10)
            lists.hand_on(row_keys(X[125:126]), X[125:126])
            _, idx = lists.search(X[125:126], 10)
        if sorted(idx[0].tolist()) != sorted(want.tolist()):
            bad.append((name, idx[0].tolist()))
    return bad


def fast_lists_engines():
    from binms_teach.fast.popcount import popcount_available

    return popcount_available()


def fast_popcount_engine(name):
    from binms_teach.fast.popcount import engine

    return engine(name)


def test_the_neighbour_list_bound_subtracts_the_move():
    assert list_bound_mismatches() == []


# ---------------------------------------------------------------- the closed ball and epsilon

def ball_mismatches():
    """The closed ball of both layers (`ball_neighbours`, `fast.ball_neighbours`) against
    `reference_ball.ball` (every point within the k-th smallest distance, by loops)."""
    bad = []
    for seed, k in itertools.product(range(3), (1, 3, 8)):
        X = tie_heavy(seed, 50, 7, 6)
        Q = X[:10]
        want = [reference_ball.ball(X.tolist(), q, k)[1] for q in Q.tolist()]
        readable = [i.tolist() for i in ball_neighbours(X, Q, k).indices]
        fast_ball = [i.tolist() for i in fast.ball_neighbours(X, Q, k)[2]]
        for layer, got in (("readable", readable), ("fast", fast_ball)):
            if got != want:  # members and their order: by (distance, index)
                bad.append((layer, seed, k))
    return bad


def epsilon_mismatches():
    """epsilon(k2) of both layers against `reference_impl.epsilon_from_k2` (loops, sorted())."""
    bad = []
    for seed, k2 in itertools.product(range(3), (1, 2, 5, 29)):
        M = tie_heavy(seed, 30, 6, 5)
        want = ref.epsilon_from_k2(M.tolist(), k2)
        for layer, got in (("readable", epsilon_from_k2(M, k2)),
                           ("fast", fast.epsilon_from_k2(M, k2))):
            if got != want:
                bad.append((layer, seed, k2, got, want))
    return bad


def test_the_closed_ball_of_either_layer_is_the_definition():
    assert ball_mismatches() == []


def test_epsilon_of_either_layer_is_the_definition():
    assert epsilon_mismatches() == []
