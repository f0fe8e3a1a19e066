"""Binary codings of categorical features, and the way back (the paper's Table 1).

A categorical feature with classes c_1 < c_2 < ... < c_k becomes a block of bits:

* disjunctive (one-hot): c_i sets bit i alone, so c_1, c_2, c_3 read 100, 010, 001.
  A missing value sets no bit (000): that is how Soybean reaches 98 columns.
* additive (ordinal): c_i sets bits 1..i, so c_1, c_2, c_3 read 100, 110, 111.
  The first bit is 1 in every row and carries no information, so by default it is
  dropped (c_1, c_2, c_3 read 00, 10, 11): Car's 15 columns are 3+3+3+2+2+2.
* binary: a two-class feature kept as a single bit (Zoo's "hair", Spect's "F1").

`decode` goes back from bits to classes. A cluster mode is a majority vote, not a
data row, so a block may be the code of no class: a disjunctive block with
several ones, or an additive block such as 01. For each feature, `decode`
returns

* the class, when the block is its code;
* the missing marker (``"?"``), when a disjunctive block has no bit set, which
  is how a missing value is coded;
* otherwise a tuple of the classes whose codes are nearest to the block in
  Hamming distance, in class order. For a disjunctive block these are exactly
  the classes whose bits are set. The tuple may hold a single class: it still
  says "no exact code".
"""

import math
from dataclasses import dataclass

import numpy as np

from .._validation import check_binary

CODINGS = ("binary", "disjunctive", "additive")


def natural_order(values, missing="?"):
    """The distinct values of ``values`` without the missing ones, numbers by value first.

    Examples
    --------
    >>> natural_order(["10", "9", "b", "?", "a", "9"])
    ['9', '10', 'a', 'b']
    """

    def key(v):
        try:
            number = float(v)
        except (TypeError, ValueError):
            number = math.nan
        if math.isfinite(number):
            return (0, number, str(v))
        return (1, 0.0, str(v))

    return sorted({v for v in values if not is_missing(v, missing)}, key=key)


def is_missing(value, missing):
    """Whether a field is missing: equal to the ``missing`` marker, or empty.

    An empty field is never a class: it counts as missing, whatever the marker.

    >>> is_missing("?", "?"), is_missing("", "?"), is_missing("red", "?")
    (True, True, False)
    """
    return value == missing or value == ""


def _code_table(coding, k, drop_first=True):
    """Row i is the code of class i (classes counted from 0)."""
    if coding == "disjunctive":
        return np.eye(k, dtype=np.uint8)
    if coding == "additive":
        full = np.tri(k, k, dtype=np.uint8)  # row i: ones in columns 0..i
        return full[:, 1:] if drop_first else full
    return np.array([[0], [1]], dtype=np.uint8)  # binary: (negative, positive)


@dataclass(frozen=True)
class Block:
    """One categorical feature and the block of columns that codes it.

    Examples
    --------
    >>> b = Block("buying", "additive", ("low", "med", "high"))
    >>> b.column_names
    ['buying>=med', 'buying>=high']
    >>> b.decode_bits([1, 0]), b.decode_bits([0, 1])
    ('med', ('low', 'high'))
    """

    feature: str
    coding: str
    categories: tuple

    def __post_init__(self):
        object.__setattr__(self, "categories", tuple(self.categories))  # lists welcome
        if self.coding not in CODINGS:
            raise ValueError(
                f"coding={self.coding!r} for feature {self.feature!r} is not a coding; "
                f"use one of {CODINGS}."
            )
        k = len(self.categories)
        if k == 0:
            raise ValueError(
                f"Feature {self.feature!r} has no class (only missing values?): drop it."
            )
        if len(set(self.categories)) != k:
            raise ValueError(f"Feature {self.feature!r} lists a class twice: {self.categories}.")
        if self.coding == "binary" and k != 2:
            raise ValueError(
                f"Feature {self.feature!r} has {k} classes {self.categories}, but binary "
                "coding needs exactly two (negative, positive): use disjunctive coding."
            )

    @property
    def codes(self):
        """The code table: row i is the code of ``categories[i]``."""
        return _code_table(self.coding, len(self.categories))

    @property
    def width(self):
        return self.codes.shape[1]

    @property
    def column_names(self):
        cats = self.categories
        if self.coding == "disjunctive":
            return [f"{self.feature}={c}" for c in cats]
        if self.coding == "additive":
            return [f"{self.feature}>={c}" for c in cats[1:]]
        # A 0/1 feature keeps its own name: "hair", not "hair=1".
        if tuple(map(str, cats)) == ("0", "1"):
            return [self.feature]
        return [f"{self.feature}={cats[1]}"]

    def encode_values(self, values, missing="?"):
        """The (n, width) block of bits for a sequence of n values."""
        index = {c: i for i, c in enumerate(self.categories)}
        codes = np.vstack([self.codes, np.zeros((1, self.width), dtype=np.uint8)])
        rows = np.empty(len(values), dtype=np.intp)
        for r, v in enumerate(values):
            if is_missing(v, missing):
                if self.coding != "disjunctive":
                    raise ValueError(
                        f"Feature {self.feature!r} is missing in row {r}, but {self.coding} "
                        "coding has no code for a missing value: impute it, or use "
                        "disjunctive coding (a missing value sets no bit)."
                    )
                rows[r] = len(self.categories)  # the all-zero row appended above
            elif v in index:
                rows[r] = index[v]
            else:
                raise ValueError(
                    f"Feature {self.feature!r} has the value {v!r} in row {r}, which is not "
                    f"one of its classes {list(self.categories)}: add it to the categories."
                )
        return codes[rows]

    def decode_bits(self, bits, missing="?"):
        """The class coded by one block of bits (see the module docstring)."""
        return self._decode_rows(np.asarray(bits, dtype=np.uint8).reshape(1, -1), missing)[0]

    def _decode_rows(self, B, missing):
        dist = (B[:, None, :] != self.codes[None, :, :]).sum(axis=2)
        best = dist.argmin(axis=1)
        out = [self.categories[i] for i in best]
        # Only the blocks that are no class's code need a closer look.
        for r in np.flatnonzero(dist[np.arange(len(B)), best] > 0):
            if self.coding == "disjunctive" and not B[r].any():
                out[r] = missing
            else:
                out[r] = tuple(self.categories[i] for i in np.flatnonzero(dist[r] == dist[r].min()))
        return out


@dataclass(frozen=True)
class Codebook:
    """How a table of categorical features maps to columns of bits, and back.

    Returned by `encode`; ``codebook.decode(x)`` reads a binary row (a data row
    or a cluster mode) as a dict ``{feature: class}``.

    Examples
    --------
    >>> book = Codebook((Block("legs", "disjunctive", ("2", "4")),
    ...                  Block("hair", "binary", ("0", "1"))))
    >>> book
    Codebook(2 features -> 3 columns: 1 binary, 1 disjunctive)
    >>> book.feature_names
    ['legs=2', 'legs=4', 'hair']
    >>> book.decode([0, 1, 1])
    {'legs': '4', 'hair': '1'}
    """

    blocks: tuple
    missing: str = "?"

    def __post_init__(self):
        object.__setattr__(self, "blocks", tuple(self.blocks))

    def __repr__(self):
        kinds = [b.coding for b in self.blocks]
        counts = ", ".join(f"{kinds.count(c)} {c}" for c in CODINGS if c in kinds)
        return f"Codebook({len(self.blocks)} features -> {self.n_columns} columns: {counts})"

    @classmethod
    def binary(cls, names):
        """A codebook of 0/1 features, one bit each (Spect, synthetic data)."""
        return cls(tuple(Block(name, "binary", ("0", "1")) for name in names))

    @property
    def features(self):
        """The names of the categorical features, in column order."""
        return [b.feature for b in self.blocks]

    @property
    def feature_names(self):
        """The names of the binary columns: "legs=4", "buying>=high", "hair"."""
        return [name for b in self.blocks for name in b.column_names]

    @property
    def n_columns(self):
        return sum(b.width for b in self.blocks)

    def encode(self, rows):
        """The uint8 matrix of bits for rows of categorical values."""
        rows = _check_rows(rows, len(self.blocks))
        columns = list(zip(*rows, strict=True))
        pairs = zip(self.blocks, columns, strict=True)
        blocks = [b.encode_values(col, self.missing) for b, col in pairs]
        return np.ascontiguousarray(np.hstack(blocks), dtype=np.uint8)

    def decode(self, X):
        """Read binary rows as categorical values.

        Parameters
        ----------
        X : array-like of shape (n_columns,) or (n, n_columns), 0/1 values

        Returns
        -------
        dict or list of dict
            ``{feature: value}`` for a single row, a list of such dicts for a
            matrix. Each value is a class, the missing marker, or a tuple of
            the nearest classes (see the module docstring).
        """
        ndim = np.ndim(X)
        if ndim not in (1, 2):
            raise ValueError(f"decode takes one row or a matrix of rows; got {ndim} dimensions.")
        B = check_binary(np.reshape(X, (1, -1)) if ndim == 1 else X, "X")
        if B.shape[1] != self.n_columns:
            raise ValueError(
                f"X has {B.shape[1]} columns, but this codebook codes {self.n_columns}: "
                "decode rows of the data set the codebook came from."
            )
        values, start = [], 0
        for b in self.blocks:
            values.append(b._decode_rows(B[:, start : start + b.width], self.missing))
            start += b.width
        decoded = [dict(zip(self.features, row, strict=True)) for row in zip(*values, strict=True)]
        return decoded[0] if ndim == 1 else decoded


def _check_rows(rows, n_features=None):
    rows = [tuple(r) for r in rows]
    if not rows:
        raise ValueError("There are no rows to encode; give at least one.")
    width = len(rows[0]) if n_features is None else n_features
    if width == 0:
        raise ValueError("The rows have no values; give at least one feature.")
    for i, r in enumerate(rows):
        if len(r) != width:
            raise ValueError(
                f"Row {i} has {len(r)} values, but {width} features are expected: "
                "every row needs one value per feature."
            )
    return rows


def disjunctive_code(values, categories=None, missing="?"):
    """Disjunctive (one-hot) coding of one categorical feature.

    Parameters
    ----------
    values : sequence of length n
    categories : sequence, default the values present, in natural order
        One column per class, in this order.
    missing : str, default "?"
        A missing value (or an empty string) sets no bit.

    Returns
    -------
    ndarray of uint8, shape (n, len(categories))

    Examples
    --------
    The paper's Table 1, and a missing value:

    >>> disjunctive_code(["1", "2", "3", "?"]).tolist()
    [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]]
    """
    values = list(values)
    cats = natural_order(values, missing) if categories is None else tuple(categories)
    return Block("x", "disjunctive", tuple(cats)).encode_values(values, missing)


def additive_code(values, categories, drop_first=True):
    """Additive (ordinal) coding of one ordered categorical feature.

    Parameters
    ----------
    values : sequence of length n
    categories : sequence
        The classes from lowest to highest: the order is what this coding keeps.
    drop_first : bool, default True
        Drop the first column, which is 1 in every row (as the paper's Car).

    Returns
    -------
    ndarray of uint8, shape (n, k - 1), or (n, k) with ``drop_first=False``

    Examples
    --------
    The paper's Table 1, then without the constant first bit:

    >>> additive_code(["1", "2", "3"], ["1", "2", "3"], drop_first=False).tolist()
    [[1, 0, 0], [1, 1, 0], [1, 1, 1]]
    >>> additive_code(["low", "high"], ["low", "med", "high"]).tolist()
    [[0, 0], [1, 1]]
    """
    values = list(values)
    bits = Block("x", "additive", tuple(categories)).encode_values(values)
    if drop_first:
        return bits
    return np.hstack([np.ones((len(values), 1), dtype=np.uint8), bits])


def encode(rows, codings="disjunctive", categories=None, missing="?", names=None):
    """Code a table of categorical rows as a binary matrix.

    Parameters
    ----------
    rows : sequence of n sequences of p values
    codings : str or sequence of p str, default "disjunctive"
        "disjunctive", "additive" (without the constant first bit) or "binary"
        (a two-class feature as one bit), for all features or one per feature.
    categories : sequence of p sequences (or None entries), default None
        The classes of each feature, in order; None takes the values present,
        in natural order (numbers by value, then text).
    missing : str, default "?"
        The marker of a missing value; empty strings are missing too.
    names : sequence of p str, default "x0", "x1", ...

    Returns
    -------
    X : ndarray of uint8, shape (n, d)
    feature_names : list of d str
    codebook : Codebook
        ``codebook.decode(x)`` reads binary rows back as categorical values.

    Examples
    --------
    >>> X, names, book = encode([["2", "low"], ["4", "high"]], ["disjunctive", "additive"],
    ...                         [None, ["low", "med", "high"]], names=["legs", "buying"])
    >>> X.tolist(), names
    ([[1, 0, 0, 0], [0, 1, 1, 1]], ['legs=2', 'legs=4', 'buying>=med', 'buying>=high'])
    >>> book.decode([1, 1, 0, 1])
    {'legs': ('2', '4'), 'buying': ('low', 'high')}
    """
    rows = _check_rows(rows)
    p = len(rows[0])
    codings = [codings] * p if isinstance(codings, str) else list(codings)
    categories = [None] * p if categories is None else list(categories)
    names = [f"x{j}" for j in range(p)] if names is None else [str(n) for n in names]
    for what, given in (("codings", codings), ("categories", categories), ("names", names)):
        if len(given) != p:
            raise ValueError(f"{what} has {len(given)} entries, but the rows have {p} features.")
    if len(set(names)) != p:
        raise ValueError(f"Feature names must be unique; got {names}.")
    columns = list(zip(*rows, strict=True))
    blocks = []
    for name, coding, cats, col in zip(names, codings, categories, columns, strict=True):
        if cats is None:
            cats = natural_order(col, missing)
            if coding == "binary" and set(map(str, cats)) <= {"0", "1"}:
                cats = ["0", "1"]  # a 0/1 column that happens to hold one value
            if not cats:
                raise ValueError(
                    f"Feature {name!r} holds only missing values ({missing!r} or empty): drop it."
                )
        blocks.append(Block(name, coding, tuple(cats)))
    book = Codebook(tuple(blocks), missing)
    return book.encode(rows), book.feature_names, book


def decode(X, codebook):
    """Read binary rows as categorical values: ``codebook.decode(X)``.

    Examples
    --------
    >>> X, _, book = encode([["a"], ["b"]])
    >>> decode(X, book)
    [{'x0': 'a'}, {'x0': 'b'}]
    >>> decode([1, 1], book), decode([0, 0], book)
    ({'x0': ('a', 'b')}, {'x0': '?'})
    """
    return codebook.decode(X)
