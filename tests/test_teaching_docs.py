"""docs/teaching.md and docs/instructor-notes.md state no time or exercise the lessons do not.

tools/teaching_docs.py writes the times from the lessons (the generated parts) and says what
else is stale: a time written by hand, an exercise named by a bare number or one that does not
exist, a lesson without its section in the instructor's notes, a section of a lesson with a
deck that is not written, whose timings do not add up to the lesson's teaching minutes, or that
does not give the deck's answer.
"""

import re
from pathlib import Path

import pytest

from tests.by_path import load_module

ROOT = Path(__file__).resolve().parent.parent
docs = load_module(ROOT / "tools" / "teaching_docs.py")


@pytest.fixture(scope="module")
def rows():
    return docs.lesson_rows()


@pytest.fixture(scope="module")
def texts():
    return (docs.TEACHING.read_text(encoding="utf-8"), docs.NOTES.read_text(encoding="utf-8"))


def test_the_teaching_docs_agree_with_the_lessons(rows, texts):
    found = docs.problems(*texts, rows=rows)
    assert not found, "\n".join(found) + "\n(run: python tools/teaching_docs.py)"


def test_every_lesson_time_is_generated(rows, texts):
    teaching, notes = texts
    for row in rows:
        assert docs.time_line(row) in notes, row["stem"]
        assert f"| {row['title']} | {row['path']} | {row['teaching']} + {row['exercises']} |" \
            in teaching, row["stem"]


def _problems_with(rows, texts, teaching_extra="", notes_edit=None):
    teaching, notes = texts
    if notes_edit:
        notes = notes_edit(notes)
    return docs.problems(teaching + teaching_extra, notes, rows=rows)


def test_a_time_written_by_hand_is_caught(rows, texts):
    found = _problems_with(rows, texts, "\nLesson 06 takes 35 min in class.\n")
    assert any("a time written by hand ('35 min')" in p for p in found)
    found = _problems_with(rows, texts, "\nAbout 8 hours of study.\n")
    assert any("a time written by hand" in p for p in found)
    assert not any("written by hand" in p
                   for p in _problems_with(rows, texts, "\nA class of 90 minutes.\n"))


def test_a_lost_backslash_is_caught(rows, texts):
    found = _problems_with(rows, texts, "\nthe threshold $\x0barepsilon$\n")
    assert any("a control character" in p for p in found)


def test_an_exercise_is_named_by_an_existing_id(rows, texts):
    found = _problems_with(rows, texts, "\nAssign exercise 4 of 06.\n")
    assert any("not 'exercise 4'" in p for p in found)
    found = _problems_with(rows, texts, "\nAssign `06.9` and `06.no_such`.\n")
    assert sum("is no exercise of binms_teach.exercises" in p for p in found) == 2


def test_a_stale_generated_part_is_caught(rows, texts):
    def edit(notes):
        return notes.replace(docs.time_line(rows[0]), "- **Time:** teaching 1 min")
    found = _problems_with(rows, texts, notes_edit=edit)
    assert any("the part 'time-01' is stale" in p for p in found)
    fixed = docs.rewrite(edit(texts[1]), docs.generated(rows))
    assert fixed == texts[1]


def test_the_sections_of_the_notes_are_checked(rows, texts):
    def drop_section(notes):
        start = notes.index("### 03 ")
        return notes[:start] + notes[notes.index("### 04 "):]
    assert any("no section `### 03 ...`" in p
               for p in _problems_with(rows, texts, notes_edit=drop_section))

    def drop_part(notes):
        return notes.replace("#### When running late, skip", "#### Late", 1)
    assert any("lacks `#### When running late, skip`" in p
               for p in _problems_with(rows, texts, notes_edit=drop_part))


def test_a_section_with_a_deck_is_written_and_adds_up(rows, texts):
    answers = docs.deck_answers()
    assert answers, "no deck with a question for the room"
    lesson = sorted(answers)[0]

    def edit(notes):
        section, _ = docs.sections(notes)[lesson]
        broken = section.replace(f"**Answer: ({answers[lesson]})", "**Answer: (z)")
        # one more minute on the first row of the timings, whatever it holds
        broken = re.sub(r"^(\|[^\n]*\|\s*)(\d+)(\s*\|\s*)$",
                        lambda m: f"{m[1]}{int(m[2]) + 1}{m[3]}", broken, count=1, flags=re.M)
        return notes.replace(section, broken)
    found = _problems_with(rows, texts, notes_edit=edit)
    assert any(f"section {lesson}'s timings add up to" in p for p in found)
    assert any(f"does not give the deck's answer **Answer: ({answers[lesson]})**" in p
               for p in found)


# -- the notes' slide numbers, the class plans, the counts ------------------------------------

def test_the_notes_name_slides_that_exist_with_their_titles(texts):
    notes = texts[1]
    assert docs.slide_reference_problems(notes) == []
    # the 07 notes once sent the room to slide 5 for the toy example of slide 4
    toy = "- Slide 4, the toy example:"
    assert toy in notes
    found = docs.slide_reference_problems(notes.replace(toy, "- Slide 5, the toy example:"))
    assert len(found) == 1 and "'Slide 5'" in found[0] and "graph" in found[0].lower(), found
    found = docs.slide_reference_problems(notes.replace(toy, "- Slide 40, the toy example:"))
    assert found and "deck 07 has slides 1-19" in found[0], found


def test_the_timings_cover_every_slide_once(texts):
    notes = texts[1]
    row = next(line for line in notes.splitlines() if line.startswith("| 15-19 |")
               and "`07.label`" in line)  # deck 07's last row, with its homework slide
    found = docs.slide_reference_problems(notes.replace(row, row.replace("15-19", "15-18")))
    assert any("section 07's timings cover slides" in f for f in found), found


def test_a_class_plan_gives_a_deck_its_minutes_or_says_what_to_cut(rows, texts):
    notes = texts[1]
    assert docs.plan_problems(notes, rows) == []
    teaching = {r["number"]: r["teaching"] for r in rows}
    row = next(line for line in notes.splitlines() if line.endswith("| deck 06b |"))
    start, end = (int(v) for v in row.split("|")[1].split("-"))
    assert end - start < teaching["06b"]  # the plan is short of the lesson: it says what to skip
    silent = f"| {start}-{end} | Algorithm 1 on all of Digits | deck 06b |"
    found = docs.plan_problems(notes.replace(row, silent), rows)
    assert found == [f"instructor-notes.md: the plan's row {start}-{end} gives deck 06b "
                     f"{end - start} of its {teaching['06b']} minutes and skips no slide"]
    too_little = silent.replace("Digits |", "Digits; skip slide 15 |")
    found = docs.plan_problems(notes.replace(row, too_little), rows)
    assert len(found) == 1 and "the slides it skips take" in found[0], found
    past_the_end = silent.replace("Digits |", "Digits; skip slides 2-40 |")
    assert "has fewer" in docs.plan_problems(notes.replace(row, past_the_end), rows)[0]


def test_a_count_that_disagrees_with_its_noun_is_caught(rows, texts):
    teaching, notes = texts
    assert not [p for p in docs.problems(teaching, notes, rows) if "disagree" in p]
    found = docs.problems(teaching, notes + "\nThe ascent ends in 1 clusters or 6 cluster(s).\n",
                          rows)
    assert sum("disagree" in p for p in found) == 2, found
