"""One notation: every symbol a lesson writes is in notebook 00's notation, with one meaning.

Run ``python -m tests.test_notation`` (from the repository root) to print, lesson by lesson,
the symbols of its formulas and those missing from the table; ``pytest tests/test_notation.py``
checks them.

**What a symbol is.** The formulas of a notebook's markdown (``$...$`` and ``$$...$$``, code
spans and fenced code left out, as ``tests/test_notebook_math.py`` reads them) are cut into
symbols:

- a Latin letter on its own (``d``, ``k``, ``x``; the letters of a subscript too: ``X_{ic}``
  gives ``X``, ``i``, ``c``), a Greek letter (``\\lambda``), ``\\ell``;
- a letter or word in a font, kept whole: ``\\mathbf{x}``, ``\\mathcal{H}``, ``\\mathrm{maj}``,
  ``\\mathbb{1}``, ``\\boldsymbol{\\mu}``, ``\\mathsf{D}`` (``\\operatorname{x}`` is read as
  ``\\mathrm{x}``);
- a symbol under an accent, kept whole: ``\\hat{f}``, ``\\tilde{f}``, ``\\bar{\\mathbf{X}}``.

Digits, operators and relations (``\\sum``, ``\\log``, ``\\le``, ``\\top``), spacing, and the
text of ``\\text{...}``, ``\\tag{...}``, ``\\begin{...}`` are not symbols; nor are the standard
operator names in ``STANDARD``.

**The table.** The symbols of the entries under "## Notation" in ``notebooks/00_index.ipynb``
(``- SYMBOLS: MEANING``, the formulas before the colon only) are the reference. The entries
are grouped under ``**Notebook NN**``, the notebook that introduces them, in the order of the
notebooks.

**The rules** (``test_lesson_symbols_are_in_the_table``, one test per notebook 00-12):

1. every symbol of the notebook's formulas is in the table (00's own table is not read twice:
   its other cells are checked like a lesson's);
2. none of the forms in ``RESERVED``, where a symbol would take a second meaning (the course's
   resolutions: ``h`` is the bandwidth of 03 only; ``m`` counts the candidates of Algorithm 1,
   a cluster index is ``b``; ``\\ell``, never ``l``; a plain ``A`` or a matrix ``B`` clashes with
   Eq. (1)'s ``\\mathbf{A}`` and the ball ``B(\\cdot)``; ``\\pi_i`` are the vote weights of 02;
   ``\\mathbf{u}`` is a kernel's argument (03-05) and a plain ``u`` nothing; a plain ``H``
   looks like ``\\mathcal{H}``: the entropy is ``\\mathrm{Ent}``).

To add a symbol, add an entry to 00's notation (markdown only, in its notebook's group) and
run this test.
"""

import re
import sys
from collections import Counter
from pathlib import Path

import nbformat
import pytest

from tests.test_notebook_math import _formulas

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
INDEX = NOTEBOOKS / "00_index.ipynb"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]*.ipynb"))
NOTATION_HEADING = re.compile(r"^##\s+Notation\b", re.M)

GREEK = set(
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu "
    "xi pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta "
    "Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega".split())
LETTERLIKE = {"ell"}
FONTS = {"mathbf", "boldsymbol", "bm", "mathcal", "mathrm", "mathsf", "mathbb", "mathit",
         "operatorname", "mathscr", "mathfrak"}
ACCENTS = {"hat", "tilde", "bar", "widehat", "widetilde", "check", "vec", "dot", "overline"}
SKIP_ARGUMENT = {"text", "textrm", "textit", "textbf", "mbox", "tag", "begin", "end", "label",
                 "hspace", "vspace", "color", "phantom", "operatornamewithlimits"}
STANDARD = {r"\mathrm{argmin}", r"\mathrm{argmax}", r"\mathrm{tr}", r"\mathrm{e}"}

# The resolutions of the conflicts: a form in a formula -> why it is wrong.
# ``only`` names the notebooks where the symbol keeps its one meaning (None: nowhere).
RESERVED = [
    (re.compile(r"(?<![\\A-Za-z])h(?![A-Za-z])"), {"03"},
     "h is the bandwidth of 03 only: a shell radius, a finite-difference step or an entropy "
     "take other letters (the entropy is \\mathrm{Ent})"),
    (re.compile(r"(?<![\\A-Za-z])l(?![A-Za-z])"), None, "write \\ell, never a plain l"),
    (re.compile(r"\\sum_\{?\s*m\s*=|(?:C|#)_\{?m\b"), None,
     "m is the number of candidates of Algorithm 1: a cluster index is b (Eq. 8: "
     "\\sum_{b=1}^{M})"),
    (re.compile(r"(?<![\\A-Za-z])A(?![A-Za-z])"), None,
     "A is Eq. (1)'s step matrix \\mathbf{A}: the ARI's sums and other matrices take other "
     "letters"),
    (re.compile(r"(?<![\\A-Za-z])B(?![A-Za-z(_])"), None,
     "B(\\cdot) is the ball only: another matrix or sum takes another letter"),
    (re.compile(r"\\mathbf\{B\}"), None,
     "B(\\cdot) is the ball only: another matrix or sum takes another letter"),
    (re.compile(r"\\pi(?![A-Za-z])"), {"02"},
     "\\pi_i are the vote weights of 02 only: mixture weights take another letter"),
    (re.compile(r"\\mathbf\{u\}"), {"03", "04", "05"},
     "\\mathbf{u} is a kernel's argument (03-05) only"),
    (re.compile(r"(?<![\\A-Za-z])u(?![A-Za-z])"), None,
     "a plain u is nothing: \\mathbf{u} is a kernel's argument; a count of points is said in "
     "words or takes another letter"),
    (re.compile(r"(?<![\\A-Za-z])H(?![A-Za-z])"), None,
     "a plain H looks like the Hamming distance \\mathcal{H}: the entropy is \\mathrm{Ent}"),
    (re.compile(r"\\math(?:rm|sf|bb|it)\{H\}"), None,
     "a plain H looks like the Hamming distance \\mathcal{H}: the entropy is \\mathrm{Ent}"),
]
# The patterns read a formula whose font groups (\mathbf{A}, \mathrm{ARI}, ...) are blanked,
# except the patterns that name a font themselves, which read it whole.
FONT_GROUP = re.compile(
    r"\\(?:mathbf|boldsymbol|bm|mathcal|mathrm|mathsf|mathbb|mathit|operatorname|text)"
    r"\{(?:[^{}]|\{[^{}]*\})*\}")


def _reserved_hits(formula, number):
    """(why, excerpt) for every rule of RESERVED broken in one formula of notebook ``number``."""
    blanked = FONT_GROUP.sub("#", formula)
    hits = []
    for pattern, only, why in RESERVED:
        if only is not None and number in only:
            continue
        text = formula if pattern.pattern.startswith("\\\\math") else blanked
        match = pattern.search(text)
        if match:
            hits.append((why, match.group(0)))
    return hits

# ---------------------------------------------------------------- reading LaTeX


def _argument(s, i):
    """The argument that starts at ``s[i]`` (spaces skipped): a balanced {...} group (its
    inside), a command, or one character; and the index after it."""
    while i < len(s) and s[i].isspace():
        i += 1
    if i >= len(s):
        return "", i
    if s[i] == "{":
        depth, j = 0, i
        while j < len(s):
            if s[j] == "\\":
                j += 2
                continue
            depth += {"{": 1, "}": -1}.get(s[j], 0)
            if depth == 0:
                return s[i + 1:j], j + 1
            j += 1
        return s[i + 1:], len(s)
    command = re.match(r"\\[A-Za-z]+|\\.", s[i:])
    if command:
        return command.group(0), i + command.end()
    return s[i], i + 1


def symbols(formula):
    """The symbols of one LaTeX formula, in order (see the module docstring).

    >>> symbols(r"\\mathcal{H}(\\mathbf{x}_1, \\mathbf{X}_i) = \\sum_{c=1}^{d} |x_{1c} - X_{ic}|")
    ['\\\\mathcal{H}', '\\\\mathbf{x}', '\\\\mathbf{X}', 'i', 'c', 'd', 'x', 'c', 'X', 'i', 'c']
    >>> symbols(r"\\hat f_{\\mathrm{NN}}(\\mathbf{x}; k) \\tag{2} \\text{ for all } \\lambda")
    ['\\\\hat{f}', '\\\\mathrm{NN}', '\\\\mathbf{x}', 'k', '\\\\lambda']
    >>> symbols(r"\\underset{\\mathbf{w}}{\\operatorname{argmin}}\\ \\bar{\\varepsilon}")
    ['\\\\mathbf{w}', '\\\\bar{\\\\varepsilon}']
    """
    out, i = [], 0
    while i < len(formula):
        ch = formula[i]
        if ch == "\\":
            command = re.match(r"\\([A-Za-z]+)\*?|\\.", formula[i:])
            i += command.end()
            name = command.group(1)
            if name is None:
                continue
            if name in SKIP_ARGUMENT:
                _, i = _argument(formula, i)
            elif name in FONTS:
                argument, i = _argument(formula, i)
                kind = "mathrm" if name == "operatorname" else name
                argument = re.sub(r"\\[,;: ]|\s", "", argument)  # arg\,min is argmin
                token = f"\\{kind}{{{argument}}}"
                if token not in STANDARD:
                    out.append(token)
            elif name in ACCENTS:
                argument, i = _argument(formula, i)
                inner = symbols(argument)
                out.append(f"\\{name}{{{' '.join(inner) if inner else argument.strip()}}}")
            elif name in GREEK or name in LETTERLIKE:
                out.append(f"\\{name}")
        elif ch.isascii() and ch.isalpha():
            out.append(ch)
            i += 1
        else:
            i += 1
    return out


def formulas(cells):
    """(cell index, formula) for every formula of the markdown cells given as (index, source)."""
    return [(i, f) for i, source in cells for kind in _formulas(source) for f in kind]


def _markdown(path):
    nb = nbformat.read(path, as_version=4)
    return [(i, c.source) for i, c in enumerate(nb.cells) if c.cell_type == "markdown"]


def _is_table_cell(source):
    return bool(NOTATION_HEADING.search(source))


# ---------------------------------------------------------------- the table of notebook 00


def table_rows(index=INDEX):
    """The entries of 00's notation list: (symbols, meaning, notebook).

    Under "## Notation", a line ``**Notebook NN**`` opens the group of notebook NN and each
    item ``- SYMBOLS: MEANING`` is one entry (the first ": " outside a formula ends the
    symbols)."""
    cells = [s for _, s in _markdown(index) if _is_table_cell(s)]
    assert len(cells) == 1, f"{index.name} needs exactly one cell with a '## Notation' heading"
    rows, notebook = [], ""
    for line in cells[0].splitlines():
        group = re.fullmatch(r"\*\*Notebook (\S+)\*\*", line.strip())
        if group:
            notebook = group.group(1)
        elif line.startswith("- "):
            parts = re.split(r"(\$[^$]*\$)", line[2:])
            head = ""
            for i, part in enumerate(parts):
                if i % 2 == 0 and ": " in part:  # outside $...$
                    before, _, after = part.partition(": ")
                    rows.append((head + before, after + "".join(parts[i + 1:]), notebook))
                    break
                head += part
            else:
                raise AssertionError(f"00's notation: an entry without 'symbols: meaning': {line}")
    return rows


def table_symbols(index=INDEX):
    """Every symbol written before the colon of an entry of 00's notation."""
    return {s for symbol, _, _ in table_rows(index) for _, f in formulas([(0, symbol)])
            for s in symbols(f)}


# ---------------------------------------------------------------- one lesson against the table


def lesson_symbols(path):
    """Counter of the symbols of a notebook's formulas (00: all but its notation table)."""
    cells = [(i, s) for i, s in _markdown(path) if not _is_table_cell(s)]
    return Counter(s for _, f in formulas(cells) for s in symbols(f))


def problems(path, known=None):
    """What breaks the rules in one notebook: a list of readable lines."""
    known = table_symbols() if known is None else known
    number = path.name.split("_")[0]
    cells = [(i, s) for i, s in _markdown(path) if not _is_table_cell(s)]
    found, seen = [], set()
    for i, f in formulas(cells):
        for s in symbols(f):
            if s not in known and s not in seen:
                seen.add(s)
                found.append(f"cell {i}: {s} is not in 00's notation ({_excerpt(f, s)})")
        for why, what in _reserved_hits(f, number):
            if (i, why) not in seen:
                seen.add((i, why))
                found.append(f"cell {i}: {why}: {_excerpt(f, what)}")
    return found


def _excerpt(formula, what):
    at = max(0, formula.find(what))
    text = " ".join(formula[max(0, at - 30):at + len(what) + 30].split())
    return f"...{text}..."


# ---------------------------------------------------------------- the tests


def test_the_table_is_ordered_by_notebook_and_names_real_notebooks():
    names = {p.name.split("_")[0] for p in LESSONS}
    order = []
    for symbol, _, notebook in table_rows():
        first = re.findall(r"\b\d\d[a-z]?\b", notebook)
        assert first, f"the entry of {symbol} names no notebook ({notebook!r})"
        assert set(first) <= names, f"the entry of {symbol} names {first}: not all exist"
        order.append((first[0][:2], first[0]))
    assert order == sorted(order), (
        "00's notation must be ordered by the notebook that introduces each symbol: "
        + ", ".join(f"{a}" for (_, a) in order))


def test_no_symbol_has_two_entries():
    heads = Counter(symbol for symbol, _, _ in table_rows())
    assert not [s for s, n in heads.items() if n > 1], "a symbol with two entries in 00's notation"


@pytest.mark.parametrize("path", [pytest.param(p, id=p.name) for p in LESSONS])
def test_lesson_symbols_are_in_the_table(path):
    found = problems(path)
    assert not found, (
        f"{path.name}: {len(found)} notation problem(s); add the symbol to 00's notation (markdown "
        "only, ordered by notebook) or write the table's symbol:\n  " + "\n  ".join(found[:40]))


def test_the_reader_sees_what_it_should():
    assert symbols(r"\begin{aligned} a &= b \end{aligned}") == ["a", "b"]
    assert symbols(r"\mathbb{1}\{\mathbf{X}_i = \mathrm{maj}(\mathrm{NN}_k(\mathbf{x}))\}") == [
        r"\mathbb{1}", r"\mathbf{X}", "i", r"\mathrm{maj}", r"\mathrm{NN}", "k", r"\mathbf{x}"]
    assert symbols(r"\boldsymbol{\mu}(\mathbf{x}), \ell, \mathsf{D}\tilde f") == [
        r"\boldsymbol{\mu}", r"\mathbf{x}", r"\ell", r"\mathsf{D}", r"\tilde{f}"]
    flagged = {
        r"h(Y) = -\sum_a p_a \log p_a": "bandwidth",
        r"\sum_{m=1}^{M} \sum_{\mathbf{x} \in C_m}": "candidates",
        r"x_{l,j}": "\\ell",
        r"\mathrm{ARI} = \frac{A - E}{M - E}": "step matrix",
        r"B = -\tfrac12 J D J": "ball",
        r"\sum_g \pi_g": "vote weights",
        r"u \text{ points}": "plain u",
        r"H(Y)": "entropy",
    }
    for formula, word in flagged.items():  # as if written in notebook 12
        hits = [why for why, _ in _reserved_hits(formula, "12")]
        assert any(word in why for why in hits), f"{formula!r}: no rule about {word!r}"
    clean = [r"B(\mathbf{x}, \mathcal{H}_{(k)}(\mathbf{x}))", r"B_d(\mathbf{0}, 1)",
             r"\mathbf{x}_{\ell, j}", r"\sum_{b=1}^{M} \sum_{\mathbf{x} \in C_b}",
             r"\mathbf{A}\,\mathsf{D} f", r"\mathcal{H}_{(k)}", r"\mathrm{Ent}(Y)"]
    for formula in clean:  # as if written in notebook 03, where h and \mathbf{u} are at home
        hits = _reserved_hits(formula, "03")
        assert not hits, f"{formula!r} flagged: {hits}"


def main() -> int:
    known = table_symbols()
    print(f"00's notation: {len(known)} symbols")
    failing = 0
    for path in LESSONS:
        used = lesson_symbols(path)
        found = problems(path, known)
        failing += bool(found)
        print(f"\n{path.name}: {len(used)} symbols, {len(found)} problem(s)")
        print("  " + " ".join(sorted(used)))
        for line in found:
            print("  ! " + line)
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
