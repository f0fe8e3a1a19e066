"""What every check shares: its record (`CheckResult`), the tolerances, the helpers that make
numbers comparable, and the table that prints the records (`format_results`)."""

import textwrap
from dataclasses import dataclass, field

import numpy as np

from ..datasets import make_bernoulli_mixture

# Relative tolerance for central differences (step 1e-6: error about 1e-10).
FD_RTOL = 1e-6
# Absolute tolerance for identities that hold up to rounding only.
EXACT_TOL = 1e-9


@dataclass(frozen=True)
class CheckResult:
    """The outcome of one check: both sides, the numbers behind them, and why.

    ``holds_as_printed`` is None where there is no printed version to test.
    ``source`` is "paper" for the paper's claims, "course" for the course's own.
    """

    number: int
    name: str
    claim: str
    equation: str
    holds_as_printed: bool | None
    holds_corrected: bool
    numbers: dict = field(default_factory=dict, hash=False)
    explanation: str = ""
    source: str = "paper"


def rounded(value):
    """Plain Python numbers with 4 significant digits, for readable tables."""
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return float(f"{float(value):.4g}")
    return value


def result(number, name, claim, equation, as_printed, corrected, numbers, explanation,
            source="paper"):
    return CheckResult(
        number=number,
        name=name,
        claim=claim,
        equation=equation,
        holds_as_printed=None if as_printed is None else bool(as_printed),
        holds_corrected=bool(corrected),
        numbers=rounded(numbers),
        explanation=" ".join(explanation.split()),
        source=source,
    )


def central_difference(f, x, h=1e-6):
    """The gradient of a scalar function f at x by central differences."""
    x = np.asarray(x, dtype=float)
    g = np.empty_like(x)
    for j in range(len(x)):
        e = np.zeros_like(x)
        e[j] = h
        g[j] = (f(x + e) - f(x - e)) / (2 * h)
    return g


def bernoulli_mixture(rng, n=120, d=16, flip=0.15):
    """n binary points around 3 random prototypes, from a seeded Generator."""
    return make_bernoulli_mixture(n, d, 3, flip, random_state=rng).data


def verdict(holds):
    return "-" if holds is None else ("holds" if holds else "fails")


def shown(value):
    """A number as `format_results` prints it: a rounding residual (a float below `EXACT_TOL`,
    not 0) as the bound ``< 1e-09``, which holds on every machine; a dict entry by entry.

    >>> shown(2.22e-16), shown(0.0), shown({1: 5.5e-17, 2: 0.33})
    ('< 1e-09', '0.0', '{1: < 1e-09, 2: 0.33}')
    """
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {shown(v)}" for k, v in value.items()) + "}"
    if isinstance(value, float) and 0 < abs(value) < EXACT_TOL:
        return f"< {EXACT_TOL:g}"
    return str(value)


def format_results(results, numbers=True, explain=False, width=100):
    """A plain-text table of check results, for notebooks: ``print(format_results(run_all()))``.

    Parameters
    ----------
    numbers : bool, default True
        Add each check's numbers under the table.
    explain : bool, default False
        Add each check's explanation.
    width : int
        The width to wrap numbers and explanations at.

    Examples
    --------
    >>> from binms_teach.checks import check_hamming
    >>> print(format_results([check_hamming()], numbers=False))
    #  check             equation  as printed  corrected
    -  ----------------  --------  ----------  ---------
    1  Hamming distance  Eq. (3)   fails       holds
    """
    rows = [("#", "check", "equation", "as printed", "corrected")]
    for r in results:
        rows.append(
            (str(r.number), r.name, r.equation, verdict(r.holds_as_printed),
             verdict(r.holds_corrected))
        )  # fmt: skip
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
    rows.insert(1, tuple("-" * w for w in widths))
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
             for row in rows]  # fmt: skip
    for r in results if numbers or explain else ():
        lines.append("")
        lines.append(f"{r.number}. {r.name}: {r.claim}")
        if numbers:
            text = ", ".join(f"{k} {'' if shown(v).startswith('<') else '= '}{shown(v)}"
                             for k, v in r.numbers.items())
            lines.extend(textwrap.wrap(text, width, initial_indent="   ", subsequent_indent="   "))
        if explain:
            lines.extend(
                textwrap.wrap(r.explanation, width, initial_indent="   ", subsequent_indent="   ")
            )
    return "\n".join(lines)
