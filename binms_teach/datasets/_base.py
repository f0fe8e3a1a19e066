"""Pieces every loader shares: reading rows, numbering the classes, the Bunch, the citation."""

import csv

import numpy as np
from sklearn.utils import Bunch

from .coding import natural_order

UCI_CITATION = (
    "Cite the UCI Machine Learning Repository (Kelly, Longjohn and Nottingham, "
    "https://archive.ics.uci.edu) and the data set's creators: {creators}. "
    "License: Creative Commons Attribution 4.0 (CC BY 4.0). UCI page: {page}"
)


def read_rows(path, sep=",", encoding="utf-8-sig"):
    """The rows of a delimited text file as lists of stripped fields, with their line numbers.

    Blank lines are skipped; CRLF, LF and a missing final newline all read the same,
    and ``utf-8-sig`` drops the byte-order mark some spreadsheets write.
    """
    rows, lines = [], []
    with open(path, newline="", encoding=encoding) as f:
        reader = csv.reader(f, delimiter=sep, skipinitialspace=True)
        for fields in reader:
            if any(v.strip() for v in fields):
                rows.append([v.strip() for v in fields])
                lines.append(reader.line_num)
    return rows, lines


def check_rectangular(rows, lines, path, sep=","):
    """Raise, naming the line, if a row has another number of fields than the first."""
    for fields, line in zip(rows, lines, strict=True):
        if len(fields) != len(rows[0]):
            raise ValueError(
                f"{path}, line {line} has {len(fields)} fields, but line {lines[0]} has "
                f"{len(rows[0])}: every row needs the same number of fields (check the "
                f"separator sep={sep!r}, and quote fields that contain it)."
            )


def number_classes(labels, order=None):
    """Integer targets 0..M-1 and the class names, in ``order`` or in natural order.

    Examples
    --------
    >>> target, names = number_classes(["b", "a", "b"])
    >>> target.tolist(), names.tolist()
    ([1, 0, 1], ['a', 'b'])
    """
    names = natural_order(labels, missing=None) if order is None else list(order)
    index = {name: i for i, name in enumerate(names)}
    unknown = sorted(set(labels) - set(index))
    if unknown:
        raise ValueError(f"Unexpected class label(s) {unknown}; the classes are {names}.")
    target = np.array([index[v] for v in labels], dtype=np.intp)
    return target, np.array([str(n) for n in names])


def make_bunch(data, target, target_names, codebook, descr, decode=None, **extra):
    """The Bunch every loader returns; ``decode`` reads binary rows back (default: as classes)."""
    return Bunch(
        data=data,
        target=target,
        target_names=target_names,
        feature_names=codebook.feature_names,
        codebook=codebook,
        decode=codebook.decode if decode is None else decode,
        DESCR=descr,
        **extra,
    )
