"""No stored output prints a floating-point residual as digits.

A check that two computations agree ("the formula and finite differences", "the two
recurrences") leaves a residual made of rounding errors: 5.1e-13 on one machine, 6.8e-13 on
another, something else with other thread counts or after other cells. Strict nbval compares
the printed text, so such a digit string fails the notebooks on any machine but the one that
executed them, and it tells the student nothing the word "agree" does not. Print a bound
instead: ``agree to within 1e-9``, ``off by less than 1e-8`` (``f"{err < 1e-9}"``), never
``off by 6.8e-13``.

What counts as a residual printed as digits, in the text of a stored output (streams,
``text/plain``, ``text/html``, ``text/markdown``) of every notebook of the course (lessons,
exercises, solutions, appendix):

1. **a tiny number in scientific notation**: nonzero, below ``TINY`` (1e-6) in size, with a
   mantissa other than 1 (``2.22e-16``, ``6.8e-13``, ``3.0e-11``). A stated bound is a power
   of ten chosen by a person (``1e-9``, ``1e-10``, ``1.0e-8``) and passes; so does a small
   quantity the course computes on purpose, which is far above rounding (``9.6e-05``, a gain
   of a density).
2. **a tiny number in fixed point**: nonzero and below ``TINY`` (``0.00000000012``).
3. **a float at full precision**: twelve or more significant digits (``0.8577238259363434``,
   ``0.30000000000000004``): the repr of a float, whose last digits are rounding. Round it
   (``round(x, 3)``, ``f"{x:.3f}"``).

Colours (``#009E73``) are not numbers.
"""

import math
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PATHS = sorted(NOTEBOOKS.glob("*.ipynb")) + sorted(NOTEBOOKS.glob("*/*.ipynb"))

TINY = 1e-6  # far above the rounding of a double-precision check, below what a lesson computes
FULL_PRECISION_DIGITS = 12

COLOUR = re.compile(r"#[0-9A-Fa-f]{3,8}\b")
SCIENTIFIC = re.compile(r"(?<![\w.])[-+]?(\d+(?:\.\d+)?)[eE]([-+]?\d+)(?![\w.])")
FIXED = re.compile(r"(?<![\w.])[-+]?(\d+)\.(\d+)(?![\w.]|[eE])")

def residuals(text):
    """Every residual printed as digits in ``text``: a list of (rule, number, its line).

    >>> [number for _, number, _ in residuals("corrected delta^(-d-2) off by 6.8e-13")]
    ['6.8e-13']
    >>> residuals("agree to within 1e-9; smallest gain 9.6e-05; colour #009E73; 0.125")
    []
    >>> [rule for rule, _, _ in residuals("{'nmi': 0.8577238259363434} and 0.000000002")]
    ['full precision', 'tiny fixed point']
    """
    found = []
    for line in COLOUR.sub(" ", text).splitlines():
        for match in SCIENTIFIC.finditer(line):
            mantissa, exponent = float(match.group(1)), int(match.group(2))
            value = mantissa * 10.0**exponent
            if 0 < value < TINY and mantissa != 1:
                found.append(("tiny, scientific", match.group(0), line.strip()))
        for match in FIXED.finditer(line):
            whole, fraction = match.group(1), match.group(2)
            value = float(f"{whole}.{fraction}")
            digits = len((whole + fraction).lstrip("0"))
            if digits >= FULL_PRECISION_DIGITS:
                found.append(("full precision", match.group(0), line.strip()))
            elif 0 < value < TINY:
                found.append(("tiny fixed point", match.group(0), line.strip()))
    return found


def _texts(output):
    if output.output_type == "stream":
        return [output.text]
    data = output.get("data", {})
    return [data[m] for m in ("text/plain", "text/html", "text/markdown") if m in data]


def stored_residuals(path):
    """(cell index, rule, number, line) for every residual in the stored outputs."""
    nb = nbformat.read(path, as_version=4)
    return [
        (i, rule, number, line)
        for i, cell in enumerate(nb.cells) if cell.cell_type == "code"
        for output in cell.outputs
        for text in _texts(output)
        for rule, number, line in residuals(text)
    ]


def _name(path):
    return path.relative_to(NOTEBOOKS).as_posix()


def _params():
    for path in PATHS:
        name = _name(path)
        yield pytest.param(path, id=name)


def test_there_are_notebooks():
    assert len(PATHS) >= 40, "notebooks/ and its folders hold fewer notebooks than the course"


@pytest.mark.parametrize("path", list(_params()))
def test_no_residual_printed_as_digits(path):
    found = stored_residuals(path)
    assert not found, (
        f"{len(found)} floating-point residual(s) printed as digits in {_name(path)}: these "
        "digits depend on the machine, the threads and what ran before, and strict nbval "
        "compares them. Print a bound (`agree to within 1e-9`, `err < 1e-9`) or round:\n  "
        + "\n  ".join(f"cell {i}: {rule}: {number!r} in {line[:110]!r}"
                      for i, rule, number, line in found[:20]))


def test_the_rules_catch_what_they_should():
    caught = {
        "corrected delta^(-d-2) off by 6.8e-13": "6.8e-13",
        "largest |sum of K_lam - 1|           : 2.22e-16": "2.22e-16",
        "A = delta^2/(d+2) off by 5.6e-17": "5.6e-17",
        "largest gap, Eq. (6)     : 9.7e-12": "9.7e-12",
        "[ 1.2e-16 -3.4E-15]": "1.2e-16",
        "'nmi': 0.8577238259363434, 'ari': 0.8661134456566406": "0.8577238259363434",
        "0.1 + 0.2 = 0.30000000000000004": "0.30000000000000004",
        "difference 0.0000000004": "0.0000000004",
    }
    for text, number in caught.items():
        assert number in [n for _, n, _ in residuals(text)], f"no rule catches {text!r}"
    clean = [
        "corrected -2uK agrees with finite differences to within 1e-8: True",
        "A = delta^2/(d+2): off by less than 1e-9",
        "smallest gain 9.6e-05; printed delta^(-d-1) off by 1.3e-03",
        "NMI 0.880, ARI 0.876; lam = 0.7311; 2.0e+03 points; 3.2e-06",
        '<span style="color:#009E73">01.1: correct.</span> #D55E00',
        "K_lam, one point at h = 0..4: 0.6561  0.0729  0.0081  0.0009  0.0001",
        "ok    numpy                2.4.6; size 1234567890123 bytes; x_1e5 = 3",
    ]
    for text in clean:
        assert not residuals(text), f"{text!r} flagged: {residuals(text)}"
    assert math.isclose(TINY, 1e-6)
