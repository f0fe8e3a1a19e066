"""Tables as text and CSV: what ``python -m binms_teach reproduce`` prints and writes."""

import numpy as np


def cell(value):
    """A table value as text: '' for None, integers as such, other numbers with 3 decimals.

    Examples
    --------
    >>> cell(None), cell(0.87951), cell(7)
    ('', '0.880', '7')
    """
    if value is None:
        return ""
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    return f"{value:.3f}"


def csv_cell(column, value):
    """The CSV text of one value: scores with 3 decimals, like the paper and the printout."""
    if column == "n_clusters" and value is not None:
        return f"{value:g}"
    return cell(value)


def format_table2(rows):
    """The paper's Table 2 (data sets) as text; a '*' marks a value unlike the paper's."""
    lines = [f"{'dataset':<9}{'n':>6}{'d':>6}{'M':>5}   {'paper n':>8}{'paper d':>8}"
             f"{'paper M':>8}"]
    for r in rows:
        marks = {c: ("*" if r[c] != r[f"paper_{c}"] else " ") for c in ("n", "d", "M")}
        lines.append(f"{r['dataset']:<9}{r['n']:>5}{marks['n']}{r['d']:>5}{marks['d']}"
                     f"{r['M']:>4}{marks['M']}   {r['paper_n']:>8}{r['paper_d']:>8}"
                     f"{r['paper_M']:>8}")
    return "\n".join(lines)


def format_score(mean, std):
    """'0.880 ± 0.011', or '-' when there is no score."""
    return "-" if mean is None else f"{mean:.3f} ± {std:.3f}"


def order_text(neighbours, orders):
    """Which row orders a Table 3 row covers, in words.

    >>> [order_text(*row) for row in (("index", 1), ("index", 10), ("ball", 1), (None, None))]
    ['file', '10 random', 'any', '']
    """
    if neighbours is None:
        return ""
    if neighbours == "ball":
        return "any"
    return "file" if orders == 1 else f"{orders} random"


def format_table3(rows):
    """The paper's Table 3 (results) as text, one line per row of `table3`.

    ``rule`` is the neighbour rule; ``orders`` says which row orders a BinNNMS
    row covers: the file's, the mean +- std over N random ones, or any (the
    order-free "ball"). Without such rows (`table3` called without
    ``orders``: every BinNNMS row is "index" in the file's order) the two
    columns are left out.
    """
    rules = any(r["neighbours"] == "ball" or (r["orders"] or 1) > 1 for r in rows)
    k_width = 3 if rules else 4
    head = (f"{'dataset':<9}{'method':<20}"
            + (f"{'rule':<7}{'orders':<11}" if rules else "")
            + f"{'k':>{k_width}}{'k1':>5}{'k2':>5}{'clusters':>9}   {'NMI':<15}ARI")
    lines = [head]
    for r in rows:
        nc = "" if r["n_clusters"] is None else f"{r['n_clusters']:g}"
        rule = f"{r['neighbours'] or '':<7}{order_text(r['neighbours'], r['orders']):<11}"
        lines.append(f"{r['dataset']:<9}{r['method']:<20}{rule if rules else ''}"
                     f"{cell(r['k']):>{k_width}}{cell(r['k1']):>5}{cell(r['k2']):>5}{nc:>9}   "
                     f"{format_score(r['nmi_mean'], r['nmi_std']):<15}"
                     f"{format_score(r['ari_mean'], r['ari_std']):<15}".rstrip())
    return "\n".join(lines)


def to_csv(rows, columns):
    """Rows as CSV text with exactly ``columns`` (no value here needs quoting)."""
    lines = [",".join(columns)]
    lines += [",".join(r[c] or "" if c in ("dataset", "method", "neighbours")
                       or isinstance(r[c], str) else csv_cell(c, r[c]) for c in columns)
              for r in rows]
    return "\n".join(lines) + "\n"

