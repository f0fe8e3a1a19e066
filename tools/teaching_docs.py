"""The times and exercise numbers that the teaching docs state, kept equal to the lessons.

Run from the repository root::

    python tools/teaching_docs.py            # rewrite the generated parts of the two docs
    python tools/teaching_docs.py --check    # write nothing; exit 1 and say what is stale

``docs/teaching.md`` and ``docs/instructor-notes.md`` state times and exercises that the
lessons own. They are never typed by hand:

* **Generated parts**, between ``<!-- times: ... -->`` and ``<!-- end of times -->``, are
  rewritten from the lessons: teaching.md's table of lessons (path, the teaching and exercise
  minutes of each lesson's time line, words and study minutes by tools/lesson_stats.py), the
  instructor's notes' day of the core path (each core lesson's minutes and its clock times)
  and the ``**Time:**`` line of each lesson's section.
* **Everywhere else** in the two docs (`problems`): no ``N min``, ``N minutes`` or ``N hours``
  (a time written by hand; only the length of a class, 90 minutes, is allowed); an exercise
  is named by its check id in backticks, `` `06.2` `` or `` `06.bga_step` ``, and that id
  exists in ``binms_teach.exercises`` (a numbered one in the lesson's Exercises cell too);
  never a bare "exercise 4". The instructor's notes have one section per lesson
  (``### NN Title``) with the five parts of `PARTS`; in the section of a lesson with a deck,
  every part is written, the timings add up to the lesson's teaching minutes, and the deck's
  question for the room is answered with the deck's letter.
"""

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
TEACHING = ROOT / "docs" / "teaching.md"
NOTES = ROOT / "docs" / "instructor-notes.md"
CORE = ("01", "02", "04", "05", "06", "06b", "07", "08")  # PLAN: the core path of one day
DAY_START = 9 * 60  # the day plan's clock starts at 09:00
BREAKS = {"02": 15, "05": 60, "06b": 15}  # after these lessons: coffee, lunch, coffee
PARTS = ("Set-up checklist", "Timings", "Questions for the room, with model answers",
         "Mistakes students make, and how the checks answer them", "When running late, skip")
PENDING_TEXT = "To be written with the deck."

GENERATED = re.compile(r"<!-- times: (?P<name>[\w-]+)[^>]*-->\n(?P<body>.*?)<!-- end of times -->",
                       re.S)
# a time by hand: "35 min", "10 minutes", "8 hours" (a class of 90 minutes is no lesson time)
HAND_TIME = re.compile(r"\b(?!90\b)\d+(?:\.\d+)?\s*(?:min|minutes?|hours?)\b")
BARE_EXERCISE = re.compile(r"\b[Ee]xercises?\s+\d")
OLD_TIME_LINE = re.compile(r"(?:\*\*)?Teaching:(?:\*\*)?\s*(\d+)\s*min,\s*(?:\*\*)?exercises:"
                           r"(?:\*\*)?\s*(\d+)\s*min", re.I)
EXERCISE_ID = re.compile(r"`(\d\d[a-z]?)\.(\w+)`")


def _module(name):
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def lessons():
    """The numbered lessons (00, the index, left out), in order."""
    return sorted(p for p in NOTEBOOKS.glob("[0-9][0-9]*_*.ipynb") if not p.name.startswith("00_"))


def number(path):
    return Path(path).name.split("_")[0]


def lesson_rows():
    """One row per lesson: number, title, path, teaching, exercises, words, study minutes."""
    import nbformat

    stats = _module("lesson_stats")
    rows = []
    for path in lessons():
        s = stats.stats(path)
        first = nbformat.read(path, as_version=4).cells[0].source
        title = re.match(r"#\s+(.*)", first).group(1).strip()
        teaching, exercises = s.teaching, s.exercises
        if teaching is None:  # a lesson still in the earlier form of the time line
            old = OLD_TIME_LINE.search(first)
            if old is None:
                raise SystemExit(f"{path.name}: no time line in its first cell")
            teaching, exercises = int(old.group(1)), int(old.group(2))
        lesson_path = getattr(s, "path", None) or ("core" if number(path) in CORE
                                                    else "going further")
        rows.append({"number": number(path), "stem": path.stem, "title": title,
                     "path": lesson_path, "teaching": teaching, "exercises": exercises,
                     "words": s.words, "study": s.study_minutes})
    return rows


def exercise_numbers(path):
    """The k of every "Exercise k" in the lesson's Exercises cell (tools/exercises.py's)."""
    import nbformat

    nb = nbformat.read(path, as_version=4)
    found = set()
    for cell in nb.cells:
        if "exercises" in cell.metadata.get("tags", []):
            found |= {int(k) for k in re.findall(r"^\s*[-*]\s+Exercise (\d+)\b", cell.source,
                                                 re.M)}
    return found


# ---------------------------------------------------------------- the generated parts


def lesson_table(rows):
    lines = ["| lesson | path | teaching + exercises (min) | words | study (min) |",
             "|---|---|---|---:|---:|"]
    for r in rows:
        lines.append(f"| {r['title']} | {r['path']} | {r['teaching']} + {r['exercises']} | "
                     f"{r['words']:,} | {r['study']:.0f} |")
    core = [r for r in rows if r["path"] == "core"]
    words = sum(r["words"] for r in rows)
    lines += ["", f"The numbered path holds {words:,} words of prose, about "
                  f"{words / 120 / 60:.1f} hours of reading and "
                  f"{sum(r['study'] for r in rows) / 60:.1f} hours of study with the code "
                  f"cells. The core path ({', '.join(r['number'] for r in core)}) states "
                  f"{sum(r['teaching'] + r['exercises'] for r in core)} min of teaching and "
                  f"exercises together."]
    return "\n".join(lines)


def _clock(minutes):
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def core_day(rows):
    lines = ["| time | lesson | teaching + exercises (min) |", "|---|---|---|"]
    at = DAY_START
    for r in (r for r in rows if r["path"] == "core"):
        length = r["teaching"] + r["exercises"]
        lines.append(f"| {_clock(at)}-{_clock(at + length)} | {r['title']} | "
                     f"{r['teaching']} + {r['exercises']} |")
        at += length
        if r["number"] in BREAKS:
            label = "lunch" if BREAKS[r["number"]] >= 45 else "break"
            lines.append(f"| {_clock(at)}-{_clock(at + BREAKS[r['number']])} | {label} | |")
            at += BREAKS[r["number"]]
    return "\n".join(lines)


def time_line(row):
    return (f"- **Time:** teaching {row['teaching']} min · exercises {row['exercises']} min · "
            f"{row['path']} path")


def generated(rows):
    """{name of a generated part: its text}."""
    parts = {"lesson-table": lesson_table(rows), "core-day": core_day(rows)}
    parts.update({f"time-{r['number']}": time_line(r) for r in rows})
    return parts


def rewrite(text, parts):
    """``text`` with every generated part replaced by ``parts[name]``."""
    def body(match):
        name = match.group("name")
        if name not in parts:
            return match.group(0)
        return f"<!-- times: {name} (tools/teaching_docs.py) -->\n{parts[name]}\n" \
               f"<!-- end of times -->"
    return GENERATED.sub(body, text)


# ---------------------------------------------------------------- the checks


def _hand_written(text):
    """The text outside the generated parts, with line numbers kept."""
    return GENERATED.sub(lambda m: "\n" * m.group(0).count("\n"), text)


def sections(text):
    """{lesson number: (section text, line)} of the notes' ``### NN Title`` sections."""
    found = {}
    heads = list(re.finditer(r"^### (\d\d[a-z]?) .*$", text, re.M))
    for head, following in zip(heads, heads[1:] + [None], strict=True):
        end = following.start() if following else len(text)
        stop = re.search(r"^## ", text[head.end():end], re.M)
        end = head.end() + stop.start() if stop else end
        found[head.group(1)] = (text[head.start():end], text.count("\n", 0, head.start()) + 1)
    return found


def deck_answers():
    """{lesson number: the letter of its deck's question for the room}."""
    slides = _module("slides")
    answers = {}
    for path in slides.sources():
        deck = slides.read(path)
        for slide in deck.slides:
            if slide.title.strip() == slides.ROOM_QUESTION:
                match = re.search(r"Answer:\s*\(([a-e])\)", slide.notes)
                answers[deck.prefix] = match.group(1) if match else None
    return answers


# ---------------------------------------------------------------- slide numbers and plans

_STOP = set("the and its with from that this what when where which their them they than then "
            "into over only once more most each every does done some same also your for one "
            "two not but are was has how why who all any can per off out".split())
SLIDE_REF = re.compile(r"\b[Ss]lides?\s+(\d+)(?:\s*(?:-|–|to|and)\s*(\d+))?")
TIMING_ROW = re.compile(r"^\|\s*(\d+)(?:\s*-\s*(\d+))?\s*\|([^|\n]*)\|\s*(\d+)\s*\|\s*$", re.M)
PLAN_ROW = re.compile(r"^\|\s*(\d+)\s*-\s*(\d+)\s*\|([^\n]*)\|\s*$", re.M)


def _stems(text):
    """The content words of ``text`` by their first five letters (markup out)."""
    # a formula keeps its symbols' names ($\lambda$, $\varepsilon$), not its markup
    text = re.sub(r"\\(?:mathbf|mathrm|mathcal|mathsf|tilde|left|right|frac|le|ge)\b|<[^>]+>",
                  " ", text.lower())
    return {w[:5] for w in re.findall(r"[a-z]{3,}", text)} - {w[:5] for w in _STOP}


def _titles():
    """{lesson number: [each slide's title, then what it shows]} of the decks."""
    slides = _module("slides")
    decks = [slides.read(p) for p in slides.sources()]
    return {d.prefix: [s.title + "\n" + s.markdown() for s in d.slides] for d in decks}


def _blocks(section):
    """The section in blocks (a bullet, a table row, a paragraph), with their line offsets."""
    block, start = [], 0
    for i, line in enumerate(section.split("\n") + [""]):
        new = not line.strip() or line.lstrip().startswith(("- ", "|", "#"))
        if new and block:
            yield start, " ".join(block)
            block = []
        if line.strip():
            if not block:
                start = i
            block.append(line)
        if line.lstrip().startswith(("|", "#")):
            yield i, " ".join(block)
            block = []


def slide_reference_problems(notes, titles=None):
    r"""Every "slide N" of a lesson's section of the instructor's notes names a slide of its
    deck, whose title shares a word with the sentence that names it (the first slide, a
    deck's title, excepted) or with what the slide shows; the Timings rows cover the deck's
    slides once each, in order.

    >>> slide_reference_problems("### 07 X\n\n- Slide 2: the toy.\n", {"07": ["07", "Toy rows"]})
    []
    >>> slide_reference_problems("### 07 X\n\n- Slide 3: a toy.\n", {"07": ["07", "Toy", "Graph"]})
    ["instructor-notes.md:3: 'Slide 3' is 'Graph', which the text around it does not name"]
    """
    titles = _titles() if titles is None else titles
    found = []
    for lesson, (section, first) in sections(notes).items():
        if lesson not in titles:
            continue
        deck = titles[lesson]
        for offset, block in _blocks(section):
            words = _stems(block)
            for match in SLIDE_REF.finditer(block):
                a = int(match[1])
                b = int(match[2]) if match[2] else a
                where = f"{NOTES.name}:{first + offset}: {match[0]!r}"
                if not 1 <= a <= b <= len(deck):
                    found.append(f"{where}: deck {lesson} has slides 1-{len(deck)}")
                    continue
                ends = {a, b} - {1}
                for n in sorted(ends):
                    if not _stems(deck[n - 1]) & words:
                        found.append(f"{where} is {deck[n - 1].split(chr(10))[0]!r}, which "
                                     "the text around it does not name")
        timings = re.search(r"#### Timings\n(.*?)(?=\n#### |\Z)", section, re.S)
        rows = TIMING_ROW.findall(timings.group(1)) if timings else []
        covered = [n for a, b, _, _ in rows for n in range(int(a), int(b or a) + 1)]
        if rows and covered != list(range(1, len(deck) + 1)):
            found.append(f"{NOTES.name}:{first}: section {lesson}'s timings cover slides "
                         f"{covered}, the deck has 1-{len(deck)}")
        for a, b, what, _ in rows:
            for n in sorted({int(a), int(b or a)} - {1}):
                if not _stems(deck[n - 1]) & _stems(what):
                    found.append(f"{NOTES.name}:{first}: section {lesson}'s timings row "
                                 f"{a}{'-' + b if b else ''} does not name slide {n}, "
                                 f"{deck[n - 1].split(chr(10))[0]!r}")
    return found


def plan_problems(notes, rows, titles=None):
    r"""A row of the class plans (``| 10-45 | what | deck 06 |``) gives a deck at least its
    lesson's teaching minutes, or says which slides to skip (``skip slides 10-11, 14``), and
    the minutes those slides take in the lesson's Timings are at least the minutes missing.

    >>> notes = "### 07 X\n\n#### Timings\n\n| 1-2 | a | 5 |\n| 3 | b | 5 |\n"
    >>> plan = notes + "\n## One class\n\n| 0-5 | the deck | deck 07 |\n"
    >>> plan_problems(plan, [{"number": "07", "teaching": 10}], {"07": ["07", "A", "B"]})
    ["instructor-notes.md: the plan's row 0-5 gives deck 07 5 of its 10 minutes and skips no slide"]
    >>> plan_problems(plan.replace("the deck |", "the deck, skip slide 3 |"),
    ...               [{"number": "07", "teaching": 10}], {"07": ["07", "A", "B"]})
    []
    """
    titles = _titles() if titles is None else titles
    teaching = {r["number"]: r["teaching"] for r in rows}
    present = sections(notes)
    found = []
    plans = re.sub(r"^### .*", "", notes, flags=re.M)  # the plans: outside the lesson sections
    for a, b, rest in PLAN_ROW.findall(_hand_written(plans)):
        decks = re.findall(r"\b\d\d[a-z]?\b", " ".join(re.findall(
            r"\bdecks?\s+((?:\d\d[a-z]?\b(?:,\s*|\s+and\s+)?)+)", rest)))
        if len(decks) != 1 or decks[0] not in teaching:  # a recap of several decks: no plan
            continue
        lesson, minutes = decks[0], int(b) - int(a)
        short = teaching[lesson] - minutes
        if short <= 0:
            continue
        row = f"{NOTES.name}: the plan's row {a}-{b}"
        skip = re.search(r"skip(?:s|ping)?\s+((?:slides?\s+)?[\d ,and-]+)", rest)
        if not skip:
            found.append(f"{row} gives deck {lesson} {minutes} of its {teaching[lesson]} "
                         "minutes and skips no slide")
            continue
        skipped = {n for x, y in re.findall(r"(\d+)(?:\s*-\s*(\d+))?", skip[1])
                   for n in range(int(x), int(y or x) + 1)}
        section = present.get(lesson, ("", 0))[0]
        timings = re.search(r"#### Timings\n(.*?)(?=\n#### |\Z)", section, re.S)
        saved = 0
        for x, y, _, m in TIMING_ROW.findall(timings.group(1) if timings else ""):
            span = set(range(int(x), int(y or x) + 1))
            saved += int(m) * len(span & skipped) / len(span)
        if not skipped <= set(range(1, len(titles.get(lesson, [])) + 1)):
            found.append(f"{row} skips slides {sorted(skipped)}, deck {lesson} has fewer")
        elif saved + 0.5 < short:
            found.append(f"{row} gives deck {lesson} {minutes} of its {teaching[lesson]} "
                         f"minutes; the slides it skips take {saved:.0f}")
    return found


def problems(teaching=None, notes=None, rows=None):
    """Everything stale or hand-written in the two docs, as ``file:line: message``."""
    from binms_teach.exercises import EXERCISES

    rows = rows or lesson_rows()
    parts = generated(rows)
    texts = {TEACHING: teaching if teaching is not None else TEACHING.read_text(encoding="utf-8"),
             NOTES: notes if notes is not None else NOTES.read_text(encoding="utf-8")}
    found = []
    paths = {number(p): p for p in lessons()}
    for path, text in texts.items():
        name = path.name
        for match in GENERATED.finditer(text):
            want = parts.get(match.group("name"))
            if want is None:
                found.append(f"{name}: an unknown generated part {match.group('name')!r}")
            elif match.group("body").strip() != want.strip():
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{name}:{line}: the part {match.group('name')!r} is stale: run "
                             "python tools/teaching_docs.py")
        own = _hand_written(text)
        slides = _module("slides")
        found += slides.control_characters(text, name)
        for i, line in enumerate(text.split("\n"), start=1):
            found += slides.wrong_counts(line, f"{name}:{i}")
        for i, line in enumerate(own.splitlines(), start=1):
            if HAND_TIME.search(line):
                found.append(f"{name}:{i}: a time written by hand ({HAND_TIME.search(line)[0]!r}"
                             "): lesson times come from the lessons (a generated part)")
            if BARE_EXERCISE.search(line):
                found.append(f"{name}:{i}: name an exercise by its check id in backticks "
                             f"(`06.2`), not {BARE_EXERCISE.search(line)[0]!r}")
            for lesson, item in EXERCISE_ID.findall(line):
                if f"{lesson}.{item}" not in EXERCISES:
                    found.append(f"{name}:{i}: `{lesson}.{item}` is no exercise of "
                                 "binms_teach.exercises")
                elif item.isdigit() and lesson in paths and \
                        int(item) not in exercise_numbers(paths[lesson]):
                    found.append(f"{name}:{i}: lesson {lesson} has no exercise {item}")
    notes_text = texts[NOTES]
    present = sections(notes_text)
    answers = deck_answers()
    for row in rows:
        n = row["number"]
        if n not in present:
            found.append(f"{NOTES.name}: no section `### {n} ...` for lesson {row['stem']}")
            continue
        section, line = present[n]
        if f"<!-- times: time-{n} " not in section:
            found.append(f"{NOTES.name}:{line}: section {n} has no generated time line")
        for part in PARTS:
            if f"#### {part}" not in section:
                found.append(f"{NOTES.name}:{line}: section {n} lacks `#### {part}`")
        if n not in answers:
            continue
        if PENDING_TEXT in section:
            found.append(f"{NOTES.name}:{line}: section {n} is still to be written (its deck "
                         "exists)")
        timings = re.search(r"#### Timings\n(.*?)(?=\n#### |\Z)", section, re.S)
        minutes = [int(m) for m in re.findall(r"^\|[^\n]*\|\s*(\d+)\s*\|\s*$",
                                               timings.group(1) if timings else "", re.M)]
        if sum(minutes) != row["teaching"]:
            found.append(f"{NOTES.name}:{line}: section {n}'s timings add up to "
                         f"{sum(minutes)} minutes, the lesson teaches {row['teaching']}")
        if answers[n] and f"**Answer: ({answers[n]})" not in section:
            found.append(f"{NOTES.name}:{line}: section {n} does not give the deck's answer "
                         f"**Answer: ({answers[n]})**")
    found += slide_reference_problems(notes_text)
    found += plan_problems(notes_text, rows)
    return found


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; report")
    args = parser.parse_args(argv)
    rows = lesson_rows()
    if not args.check:
        parts = generated(rows)
        for path in (TEACHING, NOTES):
            text = path.read_text(encoding="utf-8")
            new = rewrite(text, parts)
            if new != text:
                path.write_text(new, encoding="utf-8")
                print(f"rewritten: {path.relative_to(ROOT)}")
    found = problems(rows=rows)
    print("\n".join(found) if found else "the teaching docs agree with the lessons")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
