"""NN_k of an iterate read from its parent's neighbour list: most of the ascent's searches, saved.

An iterate q searched for its K nearest points (K > k) holds a list L of them,
and every point outside L lies at H >= B from q (B, the K-th distance). Its
next iterate q' differs from q in delta = H(q, q') coordinates, so by the
triangle inequality every point x outside L lies at

    H(q', x) >= H(q, x) - H(q, q') >= B - delta

from q'. When the k-th smallest distance from q' to the points of L is below
B - delta, every point as near to q' as its k-th is in L: NN_k(q') is read
from L (by distance, then index), exactly, ties included, and q' hands L on to
its own next iterate with the bound B - delta. Otherwise q' is searched.

Where distances crowd together (many dimensions, much noise) the bound rarely
answers; the lists are then given up after the first round that tries them.

Measured on Digits (2000 x 240, k1 = 10): of 7,679 iterates updated, 2,423 are
searched (1,994 of them in the first round) and 5,256 read from a list of
K = 128; faiss's K = 128 search by counting costs about 1.2 times its 10-NN
search (34 against 27 ms over the 2000 points, one thread). On a 32,000 x 256
Bernoulli mixture (10 classes, flip 0.1) 32 of 41,752 updates were read from a
list (K = 26, faiss's heap), and the lists were given up after the second round.
"""

import numpy as np

from ..datasets.rows import row_keys

# K for a search whose cost hardly depends on K (faiss counting the points at
# each distance, or the float32 kernel); with faiss's heap (large n) the cost
# grows with K, and the list holds only the spare neighbours of the exact search.
LIST_SIZE = 128
HEAP_SPARE = 16
# Lists are given up when they answer less than this share of the iterates that hold one.
MIN_ANSWERED = 0.25
# At most this many list entries per ascent (n x K): large n gets shorter lists.
MAX_ENTRIES = 2**24


class NeighbourLists:
    """The NN_k of the iterates of an ascent on X, through their parents' lists.

    ``index``: an exact searcher of X (`binms_teach.fast.search.searcher`),
    whose ``search_any_order(Q, K)`` gives the K smallest distances exactly
    (tied points in any order) and ``search(Q, k)`` the exact NN_k.
    """

    def __init__(self, X, index, k):
        self.n, self.d = X.shape
        self.k = k
        self.index = index
        self.columns = list(_words(X).T.copy())  # word w of every row, contiguous
        heap = getattr(getattr(index, "index", None), "use_heap", False)
        size = k + HEAP_SPARE if heap else min(LIST_SIZE, MAX_ENTRIES // self.n)
        self.size = min(self.n, max(k + 1, size))
        self.held = {}  # key of an iterate -> row of `lists` and `bounds` it holds
        self.lists = self.bounds = None
        self.useful = True

    def search(self, Q, k):
        """NN_k of every row of Q (uint8): (distances int32, indices intp), lower index
        first at a tie, as ``index.search``; ``k`` is the k of the lists.

        The lists of these rows wait for `hand_on`, which gives them to the rows' next
        iterates.
        """
        if k != self.k:
            raise ValueError(f"these lists answer NN_{self.k}, not NN_{k}")
        if not self.useful:
            return self.index.search(Q, k)
        m, n = len(Q), self.n
        key = np.empty((m, k), dtype=np.int64)
        lists = np.empty((m, self.size), dtype=np.int32 if n < 2**31 else np.intp)
        bounds = np.empty(m, dtype=np.int64)
        read = np.zeros(m, dtype=bool)
        rows = self._inherit(row_keys(Q), lists, bounds)
        if rows.size:
            held = self._distances(Q[rows], lists[rows]) * n + lists[rows]
            held.sort(axis=1)
            ok = held[:, k - 1] // n < bounds[rows]
            key[rows[ok]] = held[ok, :k]
            read[rows[ok]] = True
            # Where distances crowd together (many dimensions, much noise) the bound is
            # too weak to answer: the lists are then given up for plain searches.
            self.useful = ok.mean() >= MIN_ANSWERED
        searched = np.flatnonzero(~read)
        if searched.size:
            D, J = self.index.search_any_order(Q[searched], self.size)
            # Every point outside the list lies at least as far as its last (K-th) point;
            # a list of all n points leaves none outside.
            bound = D[:, -1].astype(np.int64) if self.size < n else np.full(len(D), self.d + 1)
            held = D.astype(np.int64) * n + J
            held.sort(axis=1)
            ok = held[:, k - 1] // n < bound
            key[searched[ok]] = held[ok, :k]
            lists[searched], bounds[searched] = J, bound
            if not ok.all():  # a tie at the k-th distance runs to the list's end
                D, J = self.index.search(Q[searched[~ok]], k)
                key[searched[~ok]] = D.astype(np.int64) * n + J
        self._pending = Q, lists, bounds
        return (key // n).astype(np.int32), key % n

    def hand_on(self, next_keys, nxt):
        """Give the lists of the rows last searched to their next iterates ``nxt`` (keys
        ``next_keys``), each bound lowered by H(row, next iterate). Any list with its bound
        is valid, so a later one may replace an earlier."""
        if not self.useful:
            return
        Q, self.lists, bounds = self._pending
        self.bounds = bounds - np.count_nonzero(nxt != Q, axis=1)
        # A list serves one round: the next iterates are searched in the next round, or
        # never (their update is known), so the older lists are dropped.
        self.held = dict(zip(next_keys, range(len(Q)), strict=True))

    def _inherit(self, keys, lists, bounds):
        """Fill the rows of ``lists`` and ``bounds`` whose key holds a list; return those rows."""
        held = [self.held.get(key, -1) for key in keys]
        rows = np.flatnonzero(np.array(held) >= 0)
        if rows.size:
            where = np.array(held)[rows]
            lists[rows], bounds[rows] = self.lists[where], self.bounds[where]
        return rows

    def _distances(self, Q, lists):
        """H(Q[i], X[lists[i, j]]) for every i, j: XOR and popcount, one 64-bit word of
        packed bits at a time (a word's column gathers faster than whole rows)."""
        W = _words(Q)
        out = np.zeros(lists.shape, dtype=np.int64 if self.d >= 2**16 else np.uint16)
        for w, column in enumerate(self.columns):
            out += np.bitwise_count(column[lists] ^ W[:, w, None])
        return out.astype(np.int64)


def _words(A):
    """The rows of a 0/1 matrix as 64-bit words of packed bits (zero padding adds no distance)."""
    packed = np.packbits(A, axis=1)
    width = -(-packed.shape[1] // 8) * 8
    padded = np.zeros((len(A), width), dtype=np.uint8)
    padded[:, : packed.shape[1]] = packed
    return padded.view(np.uint64)
