"""The lessons stay at teaching size, and the core path is one day (tools/lesson_stats.py
counts; this test sets the limits).

Every notebook of the numbered path (``notebooks/[0-9][0-9]*.ipynb``, 06b included, the
appendix not) is measured, its navigation cells counted; the table is printed (``pytest -s``
shows it, and it is in the report of a failure). A lesson fails past 3,000 words of prose or 40
minutes of study, or without its frame: at most 5 objectives and, in its first cell, the time
line in the one form tools/lesson_stats.py reads,

    **Teaching:** 25 min · **Exercises:** 20 min · **Path:** core

as the paragraph after the summary (teaching at most 40 minutes, at least the study minutes
less 2.5; exercise minutes at least the estimate of its exercises not marked "(going
further)"; the path "core" exactly for the lessons of ``lesson_stats.CORE``), and "Key points"
as its last cell. Notebook 00 is the index: at most 1,500 words, no lesson frame. The whole
path fails past four hours of reading (its prose at 120 words a minute), the core path past
390 minutes of stated teaching and exercises (6.5 hours). The counting itself is checked on
small notebooks whose figures are known.
"""

import re

import nbformat
import pytest

from tests.by_path import load_module
from tests.test_exercise_generator import ROOT

lesson_stats = load_module(ROOT / "tools" / "lesson_stats.py")
LESSONS = lesson_stats.numbered_lessons(ROOT / "notebooks")
INDEX = "00_index.ipynb"
ALL = {p.name: lesson_stats.stats(p) for p in LESSONS}
PATHS = {p.name: p for p in LESSONS}


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
    # A word counter run over the page counts every token between spaces, a table's rules and
    # a formula's pieces too: the index stays within the limit on that count as well.
    tokens = sum(len(c.source.split()) for c in nbformat.read(PATHS[INDEX], as_version=4).cells
                 if c.cell_type == "markdown")
    assert tokens <= lesson_stats.MAX_INDEX_WORDS, (
        f"{INDEX} has {tokens} words counted as a word counter does (every token between "
        f"spaces), more than {lesson_stats.MAX_INDEX_WORDS}")


def test_the_core_path_is_one_day():
    core = [s for s in ALL.values() if s.number in lesson_stats.CORE]
    assert {s.number for s in core} == set(lesson_stats.CORE), "a core lesson is missing"
    missing = [s.number for s in core if s.teaching is None]
    assert not missing, f"core lessons without a time line: {missing}"
    minutes = lesson_stats.core_minutes(core)
    assert minutes <= lesson_stats.MAX_CORE_MINUTES, (
        f"the core path states {minutes} minutes of teaching and exercises, more than "
        f"{lesson_stats.MAX_CORE_MINUTES}: " + ", ".join(
            f"{s.number} {s.teaching} + {s.exercises}" for s in core))


@pytest.mark.parametrize("name", [n for n in ALL if n != INDEX])
def test_lesson_size_and_frame(name):
    s = ALL[name]
    first = nbformat.read(PATHS[name], as_version=4).cells[0].source
    problems = list(lesson_stats.time_line_problems(first))
    if s.words > lesson_stats.MAX_LESSON_WORDS:
        problems.append(f"{s.words} words of prose (at most {lesson_stats.MAX_LESSON_WORDS})")
    if s.study_minutes > lesson_stats.MAX_LESSON_STUDY_MINUTES:
        problems.append(f"{s.study_minutes:.0f} minutes of study "
                        f"(at most {lesson_stats.MAX_LESSON_STUDY_MINUTES})")
    if s.teaching is not None:
        if s.teaching > lesson_stats.MAX_LESSON_STUDY_MINUTES:
            problems.append(f"Teaching: {s.teaching} min (at most "
                            f"{lesson_stats.MAX_LESSON_STUDY_MINUTES})")
        if s.teaching < s.study_minutes - lesson_stats.ROUNDING:
            problems.append(f"Teaching: {s.teaching} min, but the lesson takes "
                            f"{s.study_minutes:.0f} minutes of study: cut it or say so")
        if s.exercises < s.exercise_estimate:
            problems.append(
                f"Exercises: {s.exercises} min, but its exercises not marked '(going further)' "
                f"take about {s.exercise_estimate}: mark some '(going further)' or say so")
        expected = "core" if s.number in lesson_stats.CORE else "going further"
        if s.path != expected:
            problems.append(f"Path: {s.path}, but the course puts {s.number} in the "
                            f"{expected!r} path (tools/lesson_stats.py CORE)")
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


FRAME = ("# 01 Tiny\n\nA summary.\n\n**Teaching:** 15 min · **Exercises:** 10 min · "
         "**Path:** core\n\n## Learning objectives\n\n- one\n- two")


def test_counts_on_a_tiny_lesson(tmp_path):
    nav = nbformat.v4.new_markdown_cell("<!-- navigation: x -->\n< [Contents](00.ipynb) one two")
    nav.metadata["tags"] = ["navigation"]
    path = _notebook(tmp_path, FRAME, nav, nbformat.v4.new_code_cell("x = 1"),
                     "Here $\\mathbf{x} = 1$ is $$a + b$$ shown.",
                     "## Key points\n\n- it works")
    s = lesson_stats.stats(path)
    # first cell: "01 Tiny A summary. Teaching: 15 min · Exercises: 10 min · Path: core
    # Learning objectives one two", 16 (the "·" hold no letter); the navigation cell 3
    # ("Contents one two"); "Here MATH is shown." 4, plus the display; "Key points it works" 4
    assert s.words == 16 + 3 + 4 + lesson_stats.DISPLAY_WORDS + 4
    assert (s.code_cells, s.teaching, s.exercises, s.path) == (1, 15, 10, "core")
    assert (s.objectives, s.key_points) == (2, True)
    assert s.displays == 1
    assert s.study_minutes == pytest.approx(s.words / 120 + 0.75 + 0.5)  # a code cell, a display


def test_a_lesson_without_its_frame_is_seen(tmp_path):
    six = "# 01 Tiny\n\n## Objectives\n\n" + "".join(f"- item {i}\n" for i in range(6))
    s = lesson_stats.stats(_notebook(tmp_path, six, "## Key points\n\n- x", "## More after"))
    assert (s.teaching, s.objectives, s.key_points) == (None, 6, False)
    assert lesson_stats.time_line_problems(six)[0].startswith("no time line")


def test_the_exercises_cell_does_not_hide_the_key_points(tmp_path):
    listing = nbformat.v4.new_markdown_cell("<!-- exercises: -->\n## Exercises\n\n- one")
    listing.metadata["tags"] = ["exercises"]
    s = lesson_stats.stats(_notebook(tmp_path, FRAME, "## Key points\n\n- x", listing))
    assert s.key_points


def test_the_limits_fail_a_long_lesson(tmp_path):
    long = _notebook(tmp_path, FRAME, " ".join(["word"] * 3001), "## Key points\n\n- x")
    s = lesson_stats.stats(long)
    assert s.words > lesson_stats.MAX_LESSON_WORDS and s.study_minutes > 25


def test_the_time_line_is_read_in_one_form_and_place():
    good = ("# 03 T\n\nA summary.\n\n**Teaching:** 20 min · **Exercises:** 15 min · "
            "**Path:** going further\n\n## Learning objectives\n\n- one")
    assert lesson_stats.time_line(good) == (20, 15, "going further")
    assert lesson_stats.time_line_problems(good) == []
    old = ("# 03 T\n\nA summary.\n\n## Learning objectives\n\n- one\n\n"
           "Teaching: 20 min, exercises: 5 min")
    assert lesson_stats.time_line(old) is None
    assert "not in the form" in lesson_stats.time_line_problems(old)[0]
    late = good.replace("A summary.\n\n", "") + "\n\nA summary."
    assert any("third paragraph" in p for p in lesson_stats.time_line_problems(late))
    twice = good + "\n\n**Teaching:** 20 min · **Exercises:** 15 min · **Path:** core"
    assert "more than one" in " ".join(lesson_stats.time_line_problems(twice))
    loose = good.replace(" · **Path:**", ", **Path:**")
    assert lesson_stats.time_line(loose) is None


def test_the_exercise_estimate_leaves_out_going_further(tmp_path):
    listing = nbformat.v4.new_markdown_cell(
        "<!-- exercises: -->\n## Exercises\n\n- Exercise 1: a\n- Exercise 2: b (going further)"
        "\n- Check yourself\n  - Question 1 (`01.a`)\n  - Question 2 (`01.b`)\n"
        "- Implement it yourself: c")
    listing.metadata["tags"] = ["exercises"]
    s = lesson_stats.stats(_notebook(tmp_path, FRAME, "## Key points\n\n- x", listing))
    assert s.exercise_estimate == (lesson_stats.EXERCISE_MINUTES + 2 * lesson_stats.QUESTION_MINUTES
                                   + lesson_stats.IMPLEMENT_MINUTES)


def test_the_core_path_minutes_are_counted(tmp_path):
    rows = []
    for number, path in (("01", "core"), ("03", "going further"), ("06b", "core")):
        first = FRAME.replace("01 Tiny", f"{number} Tiny").replace("**Path:** core",
                                                                     f"**Path:** {path}")
        rows.append(lesson_stats.stats(_notebook(tmp_path, first, name=f"{number}_tiny.ipynb")))
    assert lesson_stats.core_minutes(rows) == 2 * (15 + 10)
    assert "core path (01, 06b): 50 min" in lesson_stats.table(rows)


# ---------------------------------------------------------------- the core path, marked


def _numbers(names):
    return sorted(n.split("/")[-1].split("_")[0] for n in names)


def test_the_core_path_is_marked_in_00_the_book_and_the_readme():
    core = sorted(lesson_stats.CORE)
    further = sorted(s.number for s in ALL.values()
                     if s.number not in lesson_stats.CORE and s.number != "00")
    # 00's contents (tools/navigation.py writes it): one section each
    contents = next(c.source for c in nbformat.read(PATHS[INDEX], as_version=4).cells
                    if "contents" in c.metadata.get("tags", []))
    sections = re.split(r"^### ", contents, flags=re.M)
    found = {s.splitlines()[0]: _numbers(re.findall(r"\]\((\w+)\.ipynb\)", s))
             for s in sections[1:]}
    assert found.get("The core path: one day") == core, found
    assert found.get("Going further") == further, found
    # the book's index: a toctree per path
    index = (ROOT / "docs" / "book" / "index.md").read_text(encoding="utf-8")
    trees = {m.group(1): _numbers(re.findall(r"^notebooks/(\S+)$", m.group(2), re.M))
             for m in re.finditer(r":caption: (.*)\n(?::\w+:.*\n)*\n((?:notebooks/\S+\n)+)", index)}
    assert trees.get("The core path (one day)") == sorted(["00"] + core), trees
    assert trees.get("Going further") == further, trees
    # the README's course table: a path column
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\d\d[a-z]?)_\w+` \| ([a-z ]*) \|", readme, re.M)
    assert sorted(n for n, p in rows if p == "core") == core, rows
    assert sorted(n for n, p in rows if p == "going further") == further, rows


TOTAL = re.compile(r"(\d+) minutes of teaching and exercises \((\d+) h (\d\d)\)")


def test_the_readme_and_00_state_the_core_total_the_lessons_add_up_to():
    minutes = lesson_stats.core_minutes(list(ALL.values()))
    contents = next(c.source for c in nbformat.read(PATHS[INDEX], as_version=4).cells
                    if "contents" in c.metadata.get("tags", []))
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    for where, text in (("00's contents", contents), ("README.md", readme)):
        stated = TOTAL.findall(text)
        assert len(stated) == 1, f"{where} states the core path's total {len(stated)} times"
        total, hours, rest = map(int, stated[0])
        assert (total, hours * 60 + rest) == (minutes, minutes), (
            f"{where} states {total} minutes ({hours} h {rest:02d}) for the core path, whose "
            f"lessons state {minutes}: write {minutes} minutes "
            f"({minutes // 60} h {minutes % 60:02d})")
    assert minutes <= lesson_stats.MAX_CORE_MINUTES
