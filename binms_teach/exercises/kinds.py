"""The kinds of exercise: `Choice`, `Number`, `Implement`, and the `Verdict` they give.

``judge(answer)`` of each kind returns ``(correct, message)`` or ``(correct, message,
details)``; `binms_teach.exercises.check` turns it into a `Verdict` and catches whatever goes
wrong, so a wrong answer never raises.
"""

import html
import re
from dataclasses import dataclass, field

import numpy as np

__all__ = ["Choice", "Implement", "Number", "Verdict", "as_code", "precision_of",
           "same_array", "same_partition", "short"]


def precision_of(question):
    """The precision a question states ("to 0.001"), or None: then the answer is exact.

    The one rule of every lesson: a stated precision 10^-p gives the tolerance half a unit in
    the last place, 0.5 x 10^-p; an exact answer, a tolerance of floating-point round-off.

    >>> precision_of("The NMI, to 0.001."), precision_of("How many clusters?")
    (0.001, None)
    """
    found = re.findall(r"\bto (0\.0*1)\b", question)
    return float(found[-1]) if found else None


@dataclass(frozen=True)
class Verdict:
    """The result of `check`: ``correct``, a one-line ``message`` and, for a function that
    differs from the package, ``details``: the input as code to paste, the two outputs."""

    correct: bool
    message: str
    details: str = ""

    def __repr__(self):
        return f"{self.message}\n{self.details}" if self.details else self.message

    def _repr_html_(self):
        # Dark green / red / grey text on its own light tint, at least 7:1 (WCAG AAA) on any
        # page (light, the book's dark mode, JupyterLab's dark theme); the words carry the
        # meaning ("correct." / "not ..."), the colour only repeats it (tests/test_palette.py)
        colour, ground = ("#0A5A2A", "#E6F4EA") if self.correct else ("#9C1C0C", "#FCEBE8")
        if self.message.endswith("not answered yet."):
            colour, ground = "#474747", "#EEEEEE"
        shown = (f'<span style="color:{colour};background-color:{ground};padding:0 0.25em">'
                 f"{html.escape(self.message)}</span>")
        if self.details:
            shown += f"<pre>{html.escape(self.details)}</pre>"
        return shown


@dataclass(frozen=True)
class Choice:
    """A multiple-choice question; ``hints`` maps a wrong letter to why it is wrong."""

    question: str
    options: dict
    answer: str
    hints: dict = field(default_factory=dict)

    def judge(self, answer):
        if not isinstance(answer, str) or answer.strip().lower() not in self.options:
            return False, (f"answer with one letter of {sorted(self.options)} (a string), "
                           f"not {short(answer)}.")
        letter = answer.strip().lower()
        if letter == self.answer:
            return True, "correct."
        return False, f"not ({letter}): {self.hints.get(letter, 'read the question again.')}"


@dataclass(frozen=True)
class Number:
    """A question whose answer is a number, right within ``tol``; ``hint`` says where to look.

    ``answer`` is the number, or a tuple of numbers when several are right (optima that tie:
    the question says any of them counts), or a function of no argument that computes either
    (cached there). ``mistakes`` are known wrong answers, each ``(value, why)``: ``value`` a
    number (matched within ``tol``), a ``(low, high)`` range or a function of no argument
    giving either; ``why`` names the convention or slip that gives it.
    """

    question: str
    answer: object
    tol: float
    hint: str
    mistakes: tuple = ()

    def answers(self):
        """Every right answer, the one the solutions notebook finds first."""
        value = self.answer() if callable(self.answer) else self.answer
        return tuple(value) if isinstance(value, (tuple, list)) else (value,)

    def expected(self):
        """The right answer (the first of `answers` when several tie)."""
        return self.answers()[0]

    def judge(self, answer):
        if isinstance(answer, bool) or not isinstance(answer, (int, float, np.integer,
                                                               np.floating)):
            return False, f"answer with a number, not {short(answer)}."
        if not np.isfinite(answer):
            return False, f"answer with a finite number, not {answer}."
        right = self.answers()
        hit = [value for value in right if abs(answer - value) <= self.tol]
        if hit:
            others = [value for value in right if abs(value - hit[0]) > self.tol]
            if not others:
                return True, "correct."
            return True, (f"correct; {_and(others)} tie{'s' * (len(others) == 1)} with it: "
                          "any of them is right.")
        for value, why in self.mistakes:
            value = value() if callable(value) else value
            low, high = value if isinstance(value, tuple) else (value - self.tol,
                                                                value + self.tol)
            if low <= answer <= high:
                return False, f"not {short(answer)}: {why}"
        coarse = self._coarser(answer, right)
        if coarse:
            return False, coarse
        if answer < min(right):
            side = "is too small"
        elif answer > max(right):
            side = "is too large"
        else:
            side = "lies between the right answers, but is not one of them"
        return False, f"{short(answer)} {side}; hint: {self.hint}"

    def _coarser(self, answer, right):
        """The message for a right answer rounded to fewer places than the question asks."""
        stated = precision_of(self.question)
        for places in range(0, 12):
            if 0.5 * 10.0 ** -places <= self.tol:
                return None  # that rounding (and any finer) is accepted
            if any(abs(round(value, places) - answer) < 1e-12 for value in right):
                asked = f"to {stated:g}" if stated else "exactly"
                return (f"{short(answer)} is the right answer rounded to {places} decimal "
                        f"place{'s' * (places != 1)}; the question asks for it {asked}: "
                        "give more places.")
        return None


def _and(values):
    words = [short(v) for v in values]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


@dataclass(frozen=True)
class Implement:
    """Write ``name`` yourself; ``cases`` are (kwargs) inputs, ``reference`` the package.

    A case may carry ``"_code"``: {argument: (expression, import line)}, to show an argument
    that is a whole data set by the code that loads it rather than by its values.
    ``show_expected`` False: the package's output is one right answer among many (a random
    permutation), so the verdict shows only why the student's output is wrong.
    """

    question: str
    name: str
    reference: object
    cases: object  # a function returning the list of inputs, smallest and trickiest first
    same: object = None  # how to compare two outputs; default: equal arrays
    show_expected: bool = True

    def judge(self, answer):
        if not callable(answer):
            return False, f"answer with your function {self.name} itself, not {short(answer)}."
        for case in self.cases():
            kwargs = {k: v for k, v in case.items() if k != "_code"}
            expected = self.reference(**kwargs)
            shown = ", ".join(f"{k}={short(v)}" for k, v in kwargs.items())
            try:
                got = answer(**{k: _copy(v) for k, v in kwargs.items()})
            except NotImplementedError:
                return False, "not answered yet."
            except Exception as error:  # noqa: BLE001 - any error of the student's code
                first = str(error).splitlines()[0] if str(error) else ""
                raised = f"raised {type(error).__name__}: {first}"
                return (False, f"{self.name}({shown}) {raised}",
                        self._details(case, yours=raised, fails="fails"))
            ok, why = (self.same or same_array)(expected, got)
            if not ok:
                if not self.show_expected:
                    return (False, f"{self.name}({shown}): got {short(got)}{why}",
                            self._details(case, yours=_whole(got)))
                return (False, f"{self.name}({shown}): expected {short(expected)}, got "
                               f"{short(got)}{why}",
                        self._details(case, _whole(expected), _whole(got)))
        return True, "correct (same as the package on every test input)."

    def _details(self, case, expected=None, yours=None, fails="differs"):
        """The input as code a student can paste, the call, and the two outputs, whole."""
        code = case.get("_code", {})
        args = [k for k in case if k != "_code"]
        imports = sorted({line for _, line in code.values() if line})
        lines = [f"The input where yours {fails}, to paste into a cell:", "import numpy as np",
                 *imports]
        for k in args:
            if k in code:
                lines.append(f"{k} = {code[k][0]}")
            elif isinstance(case[k], np.ndarray):
                lines.append(f"{k} = {as_code(case[k], indent=len(k) + 3)}")
        named = [k for k in args if k in code or isinstance(case[k], np.ndarray)]
        call = ", ".join(k if k in named else f"{k}={case[k]!r}" for k in args)
        lines.append(f"{self.name}({call})")
        if expected is not None:
            lines.append(f"# expected: {expected}")
        lines.append(f"# yours:    {yours}")
        return "\n".join(lines)


def _copy(value):
    return value.copy() if isinstance(value, np.ndarray) else value


def as_code(value, indent=0):
    """Python source that rebuilds ``value`` exactly: an array as ``np.array(...)`` with its
    dtype, one row a line, nothing left out.

    >>> print(as_code(np.array([[0, 1], [1, 1]], dtype=np.uint8), indent=4))
    np.array([[0, 1],
                  [1, 1]], dtype=np.uint8)
    >>> as_code(np.array([1.5, 2.0]))
    'np.array([1.5, 2.0], dtype=np.float64)'
    """
    if not isinstance(value, np.ndarray):
        return repr(value)
    rows = value.tolist()
    if value.ndim == 2 and len(rows) > 1:
        pad = " " * (indent + len("np.array(["))
        body = "[" + f",\n{pad}".join(repr(row) for row in rows) + "]"
    else:
        body = repr(rows)
    return f"np.array({body}, dtype=np.{value.dtype})"


def _whole(value, limit=4000):
    """An output printed whole (arrays as lists), unless it is very long."""
    if isinstance(value, np.ndarray):
        text = repr(value.tolist())
        if len(text) > limit:
            return f"an array of shape {value.shape} (too long to print)"
        return text
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def short(value, limit=90):
    """A one-line, short text of a value (arrays as nested lists)."""
    if isinstance(value, np.ndarray):
        value = value.tolist()
    text = repr(value) if not isinstance(value, float) else f"{value:g}"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def same_array(expected, got):
    """Equal values and shape; integers compare equal to bools and floats of equal value."""
    try:
        got = np.asarray(got)
    except Exception:  # noqa: BLE001 - a ragged or odd return value
        return False, " (not an array)"
    if got.shape != np.shape(expected):
        return False, f" (shape {got.shape}, expected {np.shape(expected)})"
    if got.dtype == object or not np.array_equal(got, expected):
        return False, ""
    return True, ""


def same_partition(expected, got):
    """Equal up to renaming the labels: the same pairs of points share a cluster."""
    ok, why = same_array(expected, got)
    if why:  # a shape or type problem
        return ok, why
    got = np.asarray(got)
    same = np.equal.outer(expected, expected) == np.equal.outer(got, got)
    return bool(same.all()), "" if same.all() else " (as partitions, up to renaming labels)"
