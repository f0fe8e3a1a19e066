"""The kinds of exercise: `Choice`, `Number`, `Implement`, and the `Verdict` they give.

``judge(answer)`` of each kind returns ``(correct, message)``; `binms_teach.exercises.check`
turns it into a `Verdict` and catches whatever goes wrong, so a wrong answer never raises.
"""

import html
from dataclasses import dataclass, field

import numpy as np

__all__ = ["Choice", "Implement", "Number", "Verdict", "same_array", "same_partition"]


@dataclass(frozen=True)
class Verdict:
    """The result of `check`: ``correct`` and a one-line ``message``; shown as the message."""

    correct: bool
    message: str

    def __repr__(self):
        return self.message

    def _repr_html_(self):
        # Dark green / red / grey text on its own light tint, at least 7:1 (WCAG AAA) on any
        # page (light, the book's dark mode, JupyterLab's dark theme); the words carry the
        # meaning ("correct." / "not ..."), the colour only repeats it (tests/test_palette.py)
        colour, ground = ("#0A5A2A", "#E6F4EA") if self.correct else ("#9C1C0C", "#FCEBE8")
        if self.message.endswith("not answered yet."):
            colour, ground = "#474747", "#EEEEEE"
        return (f'<span style="color:{colour};background-color:{ground};padding:0 0.25em">'
                f"{html.escape(self.message)}</span>")


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
    """A question whose answer is a number, right within ``tol``; ``hint`` says where to look."""

    question: str
    answer: object  # a number, or a function of no argument that computes it (cached there)
    tol: float
    hint: str

    def expected(self):
        """The right answer: ``answer``, or what the function ``answer()`` computes."""
        return self.answer() if callable(self.answer) else self.answer

    def judge(self, answer):
        if isinstance(answer, bool) or not isinstance(answer, (int, float, np.integer,
                                                               np.floating)):
            return False, f"answer with a number, not {short(answer)}."
        if not np.isfinite(answer):
            return False, f"answer with a finite number, not {answer}."
        expected = self.expected()
        if abs(answer - expected) <= self.tol:
            return True, "correct."
        side = "too small" if answer < expected else "too large"
        return False, f"{short(answer)} is {side}; hint: {self.hint}"


@dataclass(frozen=True)
class Implement:
    """Write ``name`` yourself; ``cases`` are (kwargs) inputs, ``reference`` the package."""

    question: str
    name: str
    reference: object
    cases: object  # a function returning the list of inputs, smallest and trickiest first
    same: object = None  # how to compare two outputs; default: equal arrays

    def judge(self, answer):
        if not callable(answer):
            return False, f"answer with your function {self.name} itself, not {short(answer)}."
        for kwargs in self.cases():
            expected = self.reference(**kwargs)
            shown = ", ".join(f"{k}={short(v)}" for k, v in kwargs.items())
            try:
                got = answer(**{k: _copy(v) for k, v in kwargs.items()})
            except NotImplementedError:
                return False, "not answered yet."
            except Exception as error:  # noqa: BLE001 - any error of the student's code
                first = str(error).splitlines()[0] if str(error) else ""
                return False, (f"{self.name}({shown}) raised {type(error).__name__}: {first}")
            ok, why = (self.same or same_array)(expected, got)
            if not ok:
                return False, (f"{self.name}({shown}): expected {short(expected)}, "
                               f"got {short(got)}{why}")
        return True, "correct (same as the package on every test input)."


def _copy(value):
    return value.copy() if isinstance(value, np.ndarray) else value


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
