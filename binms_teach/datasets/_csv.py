"""Bring any categorical CSV file into the course: one call, then cluster."""

from pathlib import Path

from ._base import check_rectangular, make_bunch, number_classes, read_rows
from .coding import CODINGS, encode, is_missing


def load_categorical_csv(path, target_column, *, missing="?", coding="disjunctive",
                         header="infer", sep=",", categories=None, drop_columns=(),
                         encoding="utf-8-sig"):
    """Load a CSV file of categorical columns as binary data and class labels.

    Every field is read as text: "4" and "four" are both just classes.

    Parameters
    ----------
    path : str or Path
    target_column : int or str
        The column of class labels: its position (0 is the first, -1 the last)
        or, with a header row, its name.
    missing : str, default "?"
        The marker of a missing value; empty fields are missing too. A missing
        value sets no bit in disjunctive coding.
    coding : str or dict, default "disjunctive"
        "disjunctive", "additive" (ordered classes, see ``categories``) or
        "binary" (two classes, one bit), for every column; or a dict
        ``{column: coding}`` (name or position) with "disjunctive" for the rest.
    header : {"infer", True, False, None}, default "infer"
        Whether the first row names the columns. "infer" says yes when
        ``target_column`` is a name, and otherwise when none of the first row's
        fields appears again in its column (pass True or False to be sure).
    sep : str, default ","
        The one-character field separator; spaces after it are ignored.
    categories : dict, default None
        ``{column: [classes, lowest first]}``, needed for a meaningful additive
        order; other columns take their values in natural order (numbers by
        value, then text).
    drop_columns : sequence of int or str, default ()
        Columns to leave out, such as an identifier (a different value in every
        row, which disjunctive coding would turn into one column per row).
    encoding : str, default "utf-8-sig"
        The text encoding ("utf-8-sig" also reads UTF-8 with or without a BOM).

    Returns
    -------
    Bunch
        ``data`` (n, d) uint8, ``target`` ints 0..M-1, ``target_names``,
        ``feature_names`` such as "colour=red", ``codebook``, ``decode``, ``DESCR``.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "pets.csv").write_text("legs,fur,kind\\n4,yes,dog\\n2,no,bird\\n4,?,dog\\n",
    ...                                    encoding="utf-8")
    >>> pets = load_categorical_csv(folder / "pets.csv", "kind")
    >>> pets.feature_names, pets.data.tolist()
    (['legs=2', 'legs=4', 'fur=no', 'fur=yes'], [[0, 1, 0, 1], [1, 0, 1, 0], [0, 1, 0, 0]])
    >>> pets.target.tolist(), pets.target_names.tolist()
    ([1, 0, 1], ['bird', 'dog'])
    >>> pets.decode([0, 1, 1, 1])
    {'legs': '4', 'fur': ('no', 'yes')}
    """
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"{path} does not exist or is not a file; check the path.")
    rows, lines = read_rows(path, sep, encoding)
    if not rows:
        raise ValueError(f"{path} is empty: it has no rows. Give a file with one row per sample.")
    check_rectangular(rows, lines, path, sep)
    p = len(rows[0])
    if p < 2:
        raise ValueError(
            f"{path} has a single column with sep={sep!r}; it needs a target column and at "
            "least one feature column: is the separator right?"
        )
    has_header = _has_header(rows, header, target_column)
    if has_header:
        names = [name or f"x{j}" for j, name in enumerate(rows[0])]
        rows, lines = rows[1:], lines[1:]
        doubles = sorted({n for n in names if names.count(n) > 1})
        if doubles:
            raise ValueError(f"{path}: the header names {doubles} more than once; rename them.")
    else:
        names = [f"x{j}" for j in range(p)]
    if not rows:
        raise ValueError(f"{path} has a header row but no data rows.")

    def column(key, what):
        return _column_index(key, names, has_header, what, path)

    t = column(target_column, "target_column")
    dropped = {column(key, "drop_columns") for key in drop_columns}
    if t in dropped:
        raise ValueError(f"Column {names[t]!r} is the target column; do not drop it.")
    keep = [j for j in range(p) if j != t and j not in dropped]
    if not keep:
        raise ValueError(f"{path} has no feature column left besides the target column.")
    for r, line in zip(rows, lines, strict=True):
        if is_missing(r[t], missing):
            raise ValueError(
                f"{path}, line {line} has no class in the target column {names[t]!r} "
                f"({r[t]!r}): drop the row, or choose another target_column."
            )

    codings = {j: "disjunctive" for j in keep}
    for key, value in (coding.items() if isinstance(coding, dict) else ((None, coding),)):
        if value not in CODINGS:
            raise ValueError(f"coding={value!r} is not a coding; use one of {CODINGS}.")
        for j in keep if key is None else [column(key, "coding")]:
            codings[j] = value
    orders = {column(key, "categories"): list(v) for key, v in (categories or {}).items()}
    for j in keep:
        _check_column(rows, lines, j, names[j], codings[j], orders.get(j), missing, path)
    X, feature_names, book = encode(
        [[r[j] for j in keep] for r in rows], [codings[j] for j in keep],
        [orders.get(j) for j in keep], missing=missing, names=[names[j] for j in keep],
    )
    target, target_names = number_classes([r[t] for r in rows])
    kinds = sorted({codings[j] for j in keep})
    descr = (
        f"{path.name}\n{'=' * len(path.name)}\n\nSource: {path.resolve()} "
        f"({'with' if has_header else 'without'} a header row).\n"
        f"Shape: {len(rows)} rows x {len(keep)} categorical features -> {X.shape[1]} binary "
        f"columns; target column {names[t]!r} with {len(target_names)} classes.\n"
        f"Coding: {', '.join(kinds)}; a missing value ({missing!r} or empty) sets no bit.\n"
    )
    return make_bunch(X, target, target_names, book, descr)


def _has_header(rows, header, target_column):
    if header is True or header is False:
        return header
    if header is None:
        return False
    if header != "infer":
        raise ValueError(f"header={header!r}; use 'infer', True or False.")
    if isinstance(target_column, str):
        return True  # a column name needs a header row
    if len(rows) < 2:
        return False
    first, rest = rows[0], rows[1:]
    return all(first[j] not in {r[j] for r in rest} for j in range(len(first)))


def _column_index(key, names, has_header, what, path):
    p = len(names)
    if isinstance(key, str):
        if not has_header:
            raise ValueError(
                f"{what}={key!r} is a column name, but {path} is read without a header "
                "row: give the column's position (0 for the first, -1 for the last), or "
                "pass header=True."
            )
        if key not in names:
            raise ValueError(f"{what}={key!r} is not a column of {path}; its columns are {names}.")
        return names.index(key)
    if isinstance(key, bool) or not isinstance(key, int):
        raise TypeError(f"{what}={key!r}: give a column position (int) or a name (str).")
    if not -p <= key < p:
        raise ValueError(f"{what}={key} is outside the {p} columns of {path} (0..{p - 1}).")
    return key % p


def _check_column(rows, lines, j, name, coding, order, missing, path):
    """Errors that name the line: a column with no value, a value outside its classes."""
    present = [(r[j], line) for r, line in zip(rows, lines, strict=True)
               if not is_missing(r[j], missing)]
    if not present:
        raise ValueError(
            f"{path}: column {name!r} holds only missing values ({missing!r} or empty); "
            f"leave it out with drop_columns=[{name!r}]."
        )
    if coding != "disjunctive" and len(present) < len(rows):
        line = next(ln for r, ln in zip(rows, lines, strict=True) if is_missing(r[j], missing))
        raise ValueError(
            f"{path}, line {line}: column {name!r} has a missing value, but {coding} coding "
            "has no code for one: use disjunctive coding for it, or fill it in."
        )
    if order is not None:
        for value, line in present:
            if value not in order:
                raise ValueError(
                    f"{path}, line {line}: column {name!r} holds {value!r}, which is not "
                    f"among its categories {order}: add it there."
                )
