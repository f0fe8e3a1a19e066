"""The lessons stay at teaching size (tools/lesson_stats.py counts; this test sets the limits).

Every notebook of the numbered path (``notebooks/[0-9][0-9]*.ipynb``, 06b included, the
appendix not) is measured; the table is printed (``pytest -s`` shows it, and it is in the
report of a failure). A lesson fails past 3,000 words of prose or 40 minutes of study, or
without its frame: at most 5 objectives and the line "Teaching: N min, exercises: M min"
(teaching at most 40 minutes) in its first cell, "Key points" as its last cell. Notebook 00
is the index: at most 1,500 words, no lesson frame. The whole path fails past four hours of
reading (its prose at 120 words a minute). The counting itself is checked on small
notebooks whose figures are known.
"""

import nbformat
import pytest

from tests.by_path import load_module
from tests.test_exercise_generator import ROOT

lesson_stats = load_module(ROOT / "tools" / "lesson_stats.py")
LESSONS = lesson_stats.numbered_lessons(ROOT / "notebooks")
INDEX = "00_index.ipynb"
ALL = {p.name: lesson_stats.stats(p) for p in LESSONS}


def test_the_table_is_printed():
    print()
    print(lesson_stats.table(list(ALL.values())))
    assert INDEX in ALL and len(ALL) >= 13, "the numbered path 00-12 is missing notebooks"
    assert not any("appendix" in str(p) for p in LESSONS)


def test_the_path_is_at_most_four_hours_of_reading():
    minutes = sum(s.reading_minutes for s in ALL.values())
    assert minutes <= lesson_stats.MAX_PATH_READING_MINUTES, (
        f"the numbered path is {minutes:.0f} minutes of reading "
        f"({sum(s.words for s in ALL.values())} words at {lesson_stats.WORDS_PER_MINUTE} a "
        f"minute), more than {lesson_stats.MAX_PATH_READING_MINUTES}: cut the longest lessons")


def test_the_index_is_at_most_1500_words():
    s = ALL[INDEX]
    assert s.words <= lesson_stats.MAX_INDEX_WORDS, (
        f"{INDEX} has {s.words} words of prose, more than {lesson_stats.MAX_INDEX_WORDS}")


@pytest.mark.parametrize("name", [n for n in ALL if n != INDEX])
def test_lesson_size_and_frame(name):
    s = ALL[name]
    problems = []
    if s.words > lesson_stats.MAX_LESSON_WORDS:
        problems.append(f"{s.words} words of prose (at most {lesson_stats.MAX_LESSON_WORDS})")
    if s.study_minutes > lesson_stats.MAX_LESSON_STUDY_MINUTES:
        problems.append(f"{s.study_minutes:.0f} minutes of study "
                        f"(at most {lesson_stats.MAX_LESSON_STUDY_MINUTES})")
    if s.teaching is None:
        problems.append('no line "Teaching: N min, exercises: M min" in the first cell')
    elif s.teaching > lesson_stats.MAX_LESSON_STUDY_MINUTES:
        problems.append(f"Teaching: {s.teaching} min (at most "
                        f"{lesson_stats.MAX_LESSON_STUDY_MINUTES})")
    if not 1 <= s.objectives <= lesson_stats.MAX_OBJECTIVES:
        problems.append(f"{s.objectives} objectives in the first cell "
                        f"(1 to {lesson_stats.MAX_OBJECTIVES} under a heading 'objectives')")
    if not s.key_points:
        problems.append('the last cell of the lesson is not its "Key points"')
    assert not problems, f"{name}: " + "; ".join(problems)


# ---------------------------------------------------------------- the counting itself


def _notebook(tmp_path, first, *cells, name="01_tiny.ipynb"):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(first)]
    for cell in cells:
        nb.cells.append(cell if not isinstance(cell, str) else nbformat.v4.new_markdown_cell(cell))
    path = tmp_path / name
    nbformat.write(nb, path)
    return path


FRAME = ("# 01 Tiny\n\n## Learning objectives\n\n- one\n- two\n\n"
         "Teaching: 15 min, exercises: 10 min")


def test_counts_on_a_tiny_lesson(tmp_path):
    nav = nbformat.v4.new_markdown_cell("<!-- navigation: x -->\n< [Contents](00.ipynb) one two")
    nav.metadata["tags"] = ["navigation"]
    path = _notebook(tmp_path, FRAME, nav, nbformat.v4.new_code_cell("x = 1"),
                     "Here $\\mathbf{x} = 1$ is $$a + b$$ shown.",
                     "## Key points\n\n- it works")
    s = lesson_stats.stats(path)
    # first cell: "01 Tiny Learning objectives one two Teaching: 15 min, exercises: 10 min", 12;
    # the navigation cell nothing; "Here MATH is shown." 4, plus the display;
    # "Key points it works" 4
    assert s.words == 12 + 4 + lesson_stats.DISPLAY_WORDS + 4
    assert (s.code_cells, s.teaching, s.exercises) == (1, 15, 10)
    assert (s.objectives, s.key_points) == (2, True)
    assert s.study_minutes == pytest.approx(s.words / 120 + 0.75)


def test_a_lesson_without_its_frame_is_seen(tmp_path):
    six = "# 01 Tiny\n\n## Objectives\n\n" + "".join(f"- item {i}\n" for i in range(6))
    s = lesson_stats.stats(_notebook(tmp_path, six, "## Key points\n\n- x", "## More after"))
    assert (s.teaching, s.objectives, s.key_points) == (None, 6, False)


def test_the_exercises_cell_does_not_hide_the_key_points(tmp_path):
    listing = nbformat.v4.new_markdown_cell("<!-- exercises: -->\n## Exercises\n\n- one")
    listing.metadata["tags"] = ["exercises"]
    s = lesson_stats.stats(_notebook(tmp_path, FRAME, "## Key points\n\n- x", listing))
    assert s.key_points


def test_the_limits_fail_a_long_lesson(tmp_path):
    long = _notebook(tmp_path, FRAME, " ".join(["word"] * 3001), "## Key points\n\n- x")
    s = lesson_stats.stats(long)
    assert s.words > lesson_stats.MAX_LESSON_WORDS and s.study_minutes > 25
