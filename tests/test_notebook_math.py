"""The course notebooks typeset their mathematics, as a textbook does.

Checked on the markdown cells of notebooks/, notebooks/exercises/ and notebooks/solutions/:

- every course notebook 01-11 has LaTeX in its markdown (``$...$``), and the notebooks
  of the derivation, 03-07, have display equations (``$$...$$`` or ``\\begin{aligned}``);
- in every markdown cell the ``$`` signs are balanced (an odd count leaves raw ``$``
  and a paragraph of italics on the page), and so are ``$$``, ``\\begin``/``\\end``
  and the braces inside each formula;
- ``\\tag{N}`` carries the paper's equation numbers, 1 to 8 (Eq. 8: the quantization error);
- no ASCII formula survives outside ``$...$``, code spans and code blocks:
  powers (``lam^``, ``delta^(``, ``n^-1``, ``^(-d``, ``^T``), sums (``sum_i``),
  subscripts (``x_{j+1} =``, ``X_i``, ``NN_k``, ``delta_(k)``), relations (``>=``),
  indicators (``1{``), functions written as code (``sqrt(``, ``log(``, ``maj(``,
  ``H(x, 0)``) and Greek letters or symbols spelled out (``lam``, ``delta``,
  ``epsilon``, ``k1``). A code name belongs in a code span (``lam``), its symbol in
  math ($\\lambda$). The name of the labelling task, "epsilon-proximity", may stay
  in words (it is a notebook title, and so a navigation link).

Notebook 00 (the index), the exercises and the solutions are held to the last three rules too.

Inside the formulas, every notebook writes the paper's symbols (its macros ``\\bx``, ``\\bX``,
``{\\cal H}``, ``\\maj``), as the notation of notebook 00 lists them: a point of
$\\{0,1\\}^d$ is bold ($\\mathbf{x}$, the iterate $\\mathbf{x}_j$, the mode $\\mathbf{x}^*$,
the data point $\\mathbf{X}_i$), its coordinates are not ($x_c$, $X_{ic}$); the Hamming
distance is $\\mathcal{H}$ (a plain $H$ is left to entropies, $H_Y$); the majority vote is
$\\mathrm{maj}$. The checks catch the plain forms notebooks 06 and 07 used to hold: $H(x, X_i)$,
$X_i$, $x_{j+1}$, $x^*$, $\\operatorname{maj}$, and a plain point as the argument of
$\\mathrm{maj}$, $\\mathrm{NN}_k$, $\\mathcal{H}$, $S$, $\\delta_{(k)}$ or any function. A plain
$x_j$ stays allowed, since the paper writes the $j$-th coordinate so (Eq. 4).
"""

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SOLUTIONS = NOTEBOOKS / "solutions"

COURSE = sorted(p for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if p.name[:2] != "00")
ALL = (sorted(NOTEBOOKS.glob("*.ipynb")) + sorted((NOTEBOOKS / "exercises").glob("*.ipynb"))
       + sorted(SOLUTIONS.glob("*.ipynb")))
# The notebooks of the derivation (03-07), and 12, which defines its criteria by formulas.
DISPLAY_REQUIRED = {"03", "04", "05", "06", "07", "12"}
PAPER_TAGS = {str(n) for n in range(1, 9)}  # the paper numbers Eqs. (1) to (8)

# What is not prose: fenced code, HTML comments, inline code, link targets.
FENCED = re.compile(r"```.*?```|~~~.*?~~~", re.S)
COMMENT = re.compile(r"<!--.*?-->", re.S)
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
LINK_TARGET = re.compile(r"\]\([^)]*\)")
DOLLAR = re.compile(r"(?<!\\)\$")
DISPLAY_MATH = re.compile(r"(?<!\\)\$\$(.+?)(?<!\\)\$\$", re.S)
INLINE_MATH = re.compile(r"(?<!\\)\$(.+?)(?<!\\)\$", re.S)

# ASCII formulas, found in the notebooks before they were typeset. Each name says what
# to write instead.
ASCII = {
    "a power written ^ (lam^, delta^(, n^-1, ^(-d, 2^-4, 0.75^3)": r"\w\^[-(\w]|\)\^",
    "a transpose written ^T": r"\^T\b",
    "a sum or product written sum_i / prod_j": r"\b(?:sum|prod)_",
    "a subscript written x_j, X_i, x_{j+1}, NN_k, delta_(k), pi_i": (
        r"\b[A-Za-z]+_(?:\{[^}\s]*\}|\([^)\s]*\)|[A-Za-z0-9]+)\b"
    ),
    "the recurrence x_{j+1} = ... outside $": r"x_\{?j\+1\}?\s*=",
    "a relation written >=, <= or !=": r">=|<=|!=",
    "an indicator written 1{...}": r"\b1\{",
    "a set power written {0,1}^d": r"\{0,\s*1\}\^",
    "a function written as code (sqrt(, log(, exp(, maj(, argmin, H(x, ...)": (
        r"\b(?:sqrt|log|exp|maj|argmin)\s*\(|\bargmin\b|\bH\([a-zA-Z]"
    ),
    # "epsilon-proximity" is also the name of the labelling task (titles, navigation links)
    "a Greek letter spelled out (lam, lambda, delta, epsilon, mu)": (
        r"\b(?:lam|lambda|delta|epsilon(?!-proximity)|varepsilon|mu)\b"
    ),
    "a symbol written k1 / k2 (write $k_1$, or `k1` for the code name)": r"\bk[12]\b",
    "an estimate written f^ or f~": r"\bf[~^]",
}
ASCII_RE = {name: re.compile(pattern) for name, pattern in ASCII.items()}

# The paper's notation inside the formulas. A rule marked True reads the formula with its
# \mathbf{...}, \mathcal{...}, \mathrm{...}, \text{...} groups blanked, so that only plain
# letters are left to match.
GROUP = re.compile(
    r"\\(?:mathbf|boldsymbol|mathcal|mathrm|text|operatorname|mathbb)\{(?:[^{}]|\{[^{}]*\})*\}"
)
_APPLIED = (  # maj, NN_k, the Hamming distance, S, delta_(k), then an optional \bigl
    r"(?:\\mathrm\{maj\}|\\operatorname\{maj\}|\\mathrm\{NN\}_(?:\{[^{}]*\}|\w)|\\mathcal\{H\}"
    r"|\\delta_\{?\([^)]*\)\}?|(?<![\\A-Za-z])S)\s*(?:\\[bB]igg?l?|\\left)?\(\s*"
)
NOTATION = {
    "the Hamming distance written H: write \\mathcal{H} (a plain H is an entropy, H_Y)": (
        True, r"(?<![\\A-Za-z])H(?![A-Za-z_])"),
    "\\operatorname{maj}: write \\mathrm{maj}, as the paper's \\maj and notebooks 00-05": (
        False, r"\\operatorname\{maj\}"),
    "a data point written X_i, X_1, X_{882}: write \\mathbf{X}_i (its coordinate c is X_{ic})": (
        True, r"(?<![\\A-Za-z])X_(?:[a-z0-9](?![A-Za-z0-9])|\{(?:[a-z]|\d+|\\ell)\})"),
    "the data written \\mathbf{X} without an index: a bold X is a data point, \\mathbf{X}_i": (
        False, r"\\mathbf\{X\}(?!\}?\s*_)"),
    "an iterate or a mode written x_0, x_{j+1}, x_{\\ell,j}, x^*: write \\mathbf{x}_{j+1}": (
        True, r"(?<![\\A-Za-z])x(?:\^\*|_\{(?:j\s*[+-]|\\ell)|_(?:\d(?![0-9])|\{\d\}))"),
    "a plain point in maj(...), NN_k(...), H(...), S(...), delta_(k)(...): write \\mathbf{x}": (
        False, _APPLIED + r"[xyzw](?![A-Za-z])"),
    "a plain point as an argument, f(x), F(z, y): write \\mathbf{x}": (
        True, r"[(,]\s*[xyz]\s*[,)]"),
}
NOTATION_RE = {name: (blank, re.compile(p)) for name, (blank, p) in NOTATION.items()}


def _markdown_cells(path):
    nb = nbformat.read(path, as_version=4)
    return [(i, c.source) for i, c in enumerate(nb.cells) if c.cell_type == "markdown"]


def _without_code(source):
    """The markdown with code blocks, code spans, comments and link targets blanked."""
    for pattern in (FENCED, COMMENT, CODE_SPAN, LINK_TARGET):
        source = pattern.sub(" ", source)
    return source


def _formulas(source):
    """(display formulas, inline formulas) of one markdown cell, code left out."""
    text = _without_code(source)
    display = DISPLAY_MATH.findall(text)
    inline = INLINE_MATH.findall(DISPLAY_MATH.sub(" ", text))
    return display, inline


def _prose(source):
    """The markdown with code and every formula blanked: what must hold no ASCII maths."""
    text = _without_code(source)
    return INLINE_MATH.sub(" ", DISPLAY_MATH.sub(" ", text))


def ascii_formulas(source):
    """Every ASCII formula in one markdown cell: a list of (rule, excerpt).

    >>> ascii_formulas("the kernel K_lam(x) = lam^(d - H), with `lam` in code")[0][0][:7]
    'a power'
    >>> ascii_formulas("typeset: $K_\\\\lambda(\\\\mathbf{x}) = \\\\lambda^{d-\\\\mathcal{H}}$")
    []
    """
    prose = _prose(source)
    found = []
    for name, pattern in ASCII_RE.items():
        for match in pattern.finditer(prose):
            start, end = max(0, match.start() - 25), min(len(prose), match.end() + 25)
            found.append((name, " ".join(prose[start:end].split())))
    return found


def notation_slips(formula):
    """Every place where one formula leaves the paper's notation: a list of (rule, excerpt).

    >>> [rule[:20] for rule, _ in notation_slips(r"x_{j+1} = \\operatorname{maj}(NN(x_j))")]
    ['\\\\operatorname{maj}: ', 'an iterate or a mode']
    >>> notation_slips(r"\\mathcal{H}(\\mathbf{x}, \\mathbf{X}_i) = \\sum_c |x_c - X_{ic}|")
    []
    """
    plain = GROUP.sub("#", formula)
    return [
        (name, match.group(0))
        for name, (blank, pattern) in NOTATION_RE.items()
        for match in pattern.finditer(plain if blank else formula)
    ]


def _balanced_braces(formula):
    depth = 0
    for match in re.finditer(r"\\.|[{}]", formula):
        token = match.group(0)
        depth += token == "{"
        depth -= token == "}"
        if depth < 0:
            return False
    return depth == 0


def _ids(paths):
    return [p.relative_to(NOTEBOOKS).as_posix() for p in paths]


# ---------------------------------------------------------------- the checks themselves


def test_the_checks_catch_what_they_should():
    """The rules fire on the ASCII forms the notebooks used to hold, and not on LaTeX."""
    caught = [
        "D f^(x; k) = n^-1 delta^(-d-1) sum_i D L(u_i)",
        "K_lam(x) = lam^(d - x^T x) (1 - lam)^(x^T x)",
        "the recurrence x_{j+1} = maj(NN_k(x_j)) of Eq. (7)",
        "when m >= 1",
        "K_1 = 1{x = 0}",
        "every point of {0,1}^d",
        "delta is the k-th distance",
        "with k1 = 10 neighbours",
        "the kernel density estimate f~",
        "sqrt(H) is Euclidean",
        "the merge threshold epsilon of epsilon-proximity",
    ]
    for text in caught:
        assert ascii_formulas(text), f"no rule catches {text!r}"
    clean = [
        r"$\hat f(\mathbf{x};k) = n^{-1}\delta_{(k)}(\mathbf{x})^{-d}\sum_{i=1}^n L_i$",
        r"$$\mathbf{x}_{j+1} = \mathrm{maj}(\mathrm{NN}_{k_1}(\mathbf{x}_j)) \tag{7}$$",
        "`lam` is $\\lambda$, `k1` is $k_1$; `kde_gradient(X, x, lam)` computes it",
        "see [notebook 05](05_kernel_to_median_shift.ipynb) and ```\nx_j = lam^2\n```",
        "the answer 0011 was given twice; Eq. (3) of Section 2, 10 % of 1728 cars",
        "[07 epsilon-proximity labelling](07_epsilon_proximity.ipynb)",
    ]
    for text in clean:
        assert not ascii_formulas(text), f"{text!r} flagged: {ascii_formulas(text)}"


def test_the_notation_checks_catch_what_they_should():
    """The rules fire on the plain forms notebooks 06 and 07 held, not on the paper's symbols."""
    caught = [
        r"x_{j+1} = \operatorname{maj}\bigl(\mathrm{NN}_{k_1}(x_j)\bigr)",
        r"H(x, X_i) = \sum_{c=1}^{d} \mathbb{1}\{x_c \neq X_{ic}\}",
        r"\mathcal{H}(\mathbf{x}, X_i)",
        r"x_0 = X_{882}",
        r"X_1, \dots, X_n",
        r"\mathrm{maj}(\mathrm{NN}_{k_1}(x^*)) = x^*",
        r"S(x) = \sum_{r=1}^{k_1} \delta_{(r)}(x)",
        r"\delta_{(k)}(x)",
        r"F_j(z) = \sum_{\mathbf{X}_i \in N_j} \mathcal{H}(z, \mathbf{X}_i)",
        r"x_{\ell,1} := \mathrm{maj}(\mathrm{NN}_{k_1}(\mathbf{x}_{\ell,0}))",
        r"H \le \varepsilon",
        r"D = \sqrt{H}",
        r"\mathcal{H}(x^*_a, x^*_b)",
        r"the error of the data \mathbf{X}",
    ]
    for formula in caught:
        assert notation_slips(formula), f"no rule catches {formula!r}"
    clean = [  # notebooks 00-05 and the paper
        r"\mathbf{x}_{j+1} = \mathrm{maj}(\mathrm{NN}_k(\mathbf{x}_j))",
        r"\mathcal{H}(\mathbf{x}_1, \mathbf{x}_2) = \sum_{j=1}^{d} |x_{1j} - x_{2j}|",
        r"\mathcal{I}(\mathbf{x}) = \sum_{j=1}^{d} c_j(x_j), \qquad \mathcal{I}(x_j)",
        r"\sum_j x_j + \sum_j y_j - 2\, \mathbf{x}^\top \mathbf{y}",
        r"\bar{\mathbf{X}}_k(\mathbf{x}_j) - \mathbf{x}_j",
        r"\mathbf{X}_i \in \mathrm{NN}_k(\mathbf{X}_i), \quad X_{ic} \neq z_c",
        r"\mathrm{maj}(\mathcal{X}), \ \mathrm{maj}(B_d(\mathbf{0},1)), \ \mathrm{maj}(N_j)",
        r"\mathcal{H}(\mathbf{x}^*_{\ell_1}, \mathbf{x}^*_{\ell_2}) \le \varepsilon(k_2)",
        r"I = \sum_{a,b} p_{ab} \log \frac{p_{ab}}{p_a\, p_b}, \qquad H_Y = -\sum_a p_a \log p_a",
        r"\delta^*_{(k_2)}(\mathbf{x}^*_l), \ \tilde X \tilde X^\top, \ S(\mathbf{x}_{j+1})",
        r"\text{nearest to } \mathbf{x}_j",
    ]
    for formula in clean:
        assert not notation_slips(formula), f"{formula!r} flagged: {notation_slips(formula)}"


@pytest.mark.parametrize("path", ALL, ids=_ids(ALL))
def test_formulas_use_the_papers_notation(path):
    problems = [
        f"cell {i}: {rule}: {excerpt!r} in {formula[:70]!r}"
        for i, source in _markdown_cells(path)
        for kind in _formulas(source)
        for formula in kind
        for rule, excerpt in notation_slips(formula)
    ]
    assert not problems, (
        f"{len(problems)} formula(s) in {path.name} leave the paper's notation (notebook 00's "
        "table: bold points, \\mathcal{H}, \\mathrm{maj}):\n  " + "\n  ".join(problems[:40])
    )


@pytest.mark.parametrize("path", COURSE, ids=_ids(COURSE))
def test_course_notebook_typesets_its_mathematics(path):
    cells = _markdown_cells(path)
    formulas = [f for _, source in cells for kind in _formulas(source) for f in kind]
    assert formulas, (
        f"{path.name} has no LaTeX in its markdown: typeset its formulas, $...$ inline and "
        "$$...$$ for display equations"
    )
    if path.name[:2] in DISPLAY_REQUIRED:
        displays = [f for _, source in cells for f in _formulas(source)[0]]
        aligned = any(r"\begin{aligned}" in source for _, source in cells)
        assert displays or aligned, (
            f"{path.name} defines formulas (the derivation, 03-07; the criteria, 12) but has no "
            "display equation: give each a $$...$$ (\\tag{N} only with the paper's numbers)"
        )


@pytest.mark.parametrize("path", ALL, ids=_ids(ALL))
def test_no_ascii_formula_survives(path):
    problems = [
        f"cell {i}: {rule}: ...{excerpt}..."
        for i, source in _markdown_cells(path)
        for rule, excerpt in ascii_formulas(source)
    ]
    assert not problems, (
        f"{len(problems)} ASCII formula(s) in the markdown of {path.name}; write them in "
        "LaTeX ($...$), or put code names in a code span:\n  " + "\n  ".join(problems[:40])
    )


@pytest.mark.parametrize("path", ALL, ids=_ids(ALL))
def test_math_delimiters_are_balanced(path):
    problems = []
    for i, source in _markdown_cells(path):
        text = _without_code(source)
        dollars = len(DOLLAR.findall(text))
        if dollars % 2:
            problems.append(f"cell {i}: {dollars} '$' signs (an odd number)")
            continue
        display = len(re.findall(r"(?<!\\)\$\$", text))
        if display % 2:
            problems.append(f"cell {i}: {display} '$$' (an odd number)")
        display_formulas, inline_formulas = _formulas(source)
        for formula in display_formulas + inline_formulas:
            begins = re.findall(r"\\begin\{(\w+\*?)\}", formula)
            ends = re.findall(r"\\end\{(\w+\*?)\}", formula)
            if sorted(begins) != sorted(ends):
                problems.append(f"cell {i}: \\begin{begins} / \\end{ends} in {formula[:60]!r}")
            if not _balanced_braces(formula):
                problems.append(f"cell {i}: unbalanced braces in {formula[:60]!r}")
    assert not problems, f"{path.name}:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("path", ALL, ids=_ids(ALL))
def test_equation_tags_are_the_papers_numbers(path):
    tags = [
        (i, tag)
        for i, source in _markdown_cells(path)
        for formula in _formulas(source)[0]
        for tag in re.findall(r"\\tag\*?\{([^}]*)\}", formula)
    ]
    wrong = [f"cell {i}: \\tag{{{tag}}}" for i, tag in tags if tag.strip() not in PAPER_TAGS]
    assert not wrong, (
        f"{path.name}: \\tag must carry the paper's equation numbers (1 to 8); leave the "
        "paper's unnumbered displays untagged: " + ", ".join(wrong)
    )
