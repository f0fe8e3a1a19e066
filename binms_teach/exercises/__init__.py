"""Exercises that answer back: ``check(exercise_id, answer)`` gives a one-line verdict.

Three kinds of exercise (the ids are ``"NN.name"``, NN the notebook):

* a multiple-choice question: answer with the letter, ``check("06.voters", "b")``;
* a number, right within a tolerance: ``check("07.eps_k2_20", 18.6)``; where several
  numbers are right (optima that tie), any of them;
* implement it yourself: answer with your function; ``check`` calls it and the package's
  version on small adversarial inputs (ties, duplicate rows, k at its bounds, epsilon 0)
  and random ones, and reports the first input where they differ, with that input as code
  to paste into a cell (`Verdict.details`).

``NN.k`` is the result of exercise k of notebook NN, ``NN.name`` a concept question, and
``NN.<function>`` an implement-it-yourself exercise. Where it is cheap, the expected number
is computed when it is first checked, by the package or by plain code, rather than written
down.

``check`` never raises on a wrong answer: a wrong value, type or shape, an unknown id or a
function that raises all give a `Verdict`. The placeholder ``...`` (and a function that
raises ``NotImplementedError``) gives "not answered yet".

The ids live in one module per group of notebooks: `implement` (the functions to write),
`nb01_05`, `nb06_11` and `nb12`; a new group is one more module in ``_PARTS``.

Examples
--------
>>> from binms_teach.exercises import check
>>> check("06.odd_k1_ties", 0)
06.odd_k1_ties: correct.
>>> check("06.odd_k1_ties", ...)
06.odd_k1_ties: not answered yet.
>>> check("06.odd_k1_ties", "zero").correct
False
"""

from . import implement, nb01_05, nb06_11, nb12
from .kinds import Choice, Implement, Number, Verdict, short

__all__ = ["Choice", "Implement", "Number", "Verdict", "check", "list", "question"]

_PARTS = (implement, nb01_05, nb06_11, nb12)
EXERCISES = {}
for _part in _PARTS:
    _twice = EXERCISES.keys() & _part.EXERCISES.keys()
    if _twice:  # a programming error of this package, caught at import
        raise RuntimeError(f"exercise ids defined twice: {sorted(_twice)}")
    EXERCISES.update(_part.EXERCISES)


def list():  # noqa: A001 - the name the notebooks use: exercises.list()
    """Every exercise id, in notebook order.

    Examples
    --------
    >>> from binms_teach import exercises
    >>> "06.bga_step" in exercises.list()
    True
    """
    return sorted(EXERCISES)


def question(exercise_id):
    """The text of an exercise (its options included).

    Examples
    --------
    >>> question("06.odd_k1_ties")
    "With k1 = 11 and neighbours='index' (the default), how many tied bits can one update have?"
    """
    return EXERCISES[exercise_id].question


def check(exercise_id, answer):
    """Check an answer; returns a `Verdict` (``.correct``, ``.message``), never raises.

    Parameters
    ----------
    exercise_id : str
        One of `list()`, e.g. ``"06.bga_step"``.
    answer : str, number or function
        A letter for a multiple-choice question, a number, or your function for an
        implement-it-yourself exercise. ``...`` means "not answered yet".

    Examples
    --------
    >>> check("07.inclusive", "b")
    07.inclusive: correct.
    >>> check("07.inclusive", "a")
    07.inclusive: not (a): the package follows the paper and the authors' code (section 5 of 07).
    >>> check("07.nope", 1).correct
    False
    """
    exercise = EXERCISES.get(exercise_id) if isinstance(exercise_id, str) else None
    if exercise is None:
        # the ids of the same notebook when the "NN." part is known, else all of them
        prefix = exercise_id.split(".")[0] + "." if isinstance(exercise_id, str) else None
        near = [i for i in sorted(EXERCISES) if prefix and i.startswith(prefix)]
        where = f"the ids of notebook {prefix[:-1]}" if near else "the ids"
        return Verdict(False, f"unknown exercise id {short(exercise_id)}; {where} are: "
                              f"{', '.join(near or sorted(EXERCISES))}.")
    if answer is ...:
        return Verdict(False, f"{exercise_id}: not answered yet.")
    try:
        correct, message, *details = exercise.judge(answer)
    except Exception as error:  # noqa: BLE001 - a verdict, never an exception
        correct, message, details = False, f"could not check {short(answer)}: {error}", []
    return Verdict(bool(correct), f"{exercise_id}: {message}", *details)
