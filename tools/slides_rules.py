"""The rules a deck source keeps, checked without running anything (``slides.py --check``).

Part of the slide builder (tools/slides.py); the browser measures the rest
(tests/e2e/test_slides.py).
"""

import re

from slides_parse import ROOM_QUESTION, Code

CODE_WIDTH = 64  # characters: the longest code or output line a slide shows whole
# What a slide may not show (the lessons' test markers, notebook prompts).
FORBIDDEN = re.compile(r"NBVAL_|In \[\d*\]:|Out\[\d+\]:")

RULES = {
    "words": 50,  # visible words a slide aims at (the browser test fails above 60)
    "hard_words": 60,
}

_MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]+\$|\\\(.+?\\\)", re.S)
_WORD = re.compile(r"[^\W_]", re.U)


def count_words(markdown):
    """Words a reader sees in ``markdown``: a formula counts as one word, markup as none.

    >>> count_words("## The step\\n\\n- the $k_1$ nearest data points, `X` never moves")
    10
    """
    text = _MATH.sub(" formula ", markdown)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links and images: their text
    return sum(bool(_WORD.search(token)) for token in text.split())


CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def control_characters(text, name):
    """``name:line: ...`` for each line of ``text`` holding a control character: a backslash
    lost in an edit (the \\v of \\varepsilon is one). tools/teaching_docs.py uses it too.

    >>> control_characters("$x$" + chr(10) + chr(11) + "arepsilon", "notes.md")[0][:30]
    'notes.md:2: a control characte'
    """
    return [f"{name}:{number}: a control character ({CONTROL.search(line)[0]!r}): a backslash "
            "lost in an edit? (\\v of \\varepsilon is one)"
            for number, line in enumerate(text.split("\n"), start=1)  # splitlines() splits at \v
            if CONTROL.search(line)]


def problems(deck):
    """What breaks a rule of the source format or of the room, as ``file:line: message``.

    Checked here, without running anything: the title slide comes first and is the only
    ``#``; every slide but the title has speaker notes; a slide's Markdown stays within
    ``RULES["hard_words"]`` words; the deck has one slide headed `ROOM_QUESTION`, with at
    least two options, whose notes give the answer and a reason for each option; it is not
    a graded question of `binms_teach.exercises`; shown code fits `CODE_WIDTH`; nothing shows
    a test marker or a prompt; no count disagrees with its noun (`wrong_counts`: the built
    slides are checked too, tests/e2e/test_slides.py).
    """
    where = f"{deck.path.name}:"
    found = control_characters(deck.text, deck.path.name)
    for number, line in enumerate(deck.text.split("\n"), start=1):
        found += wrong_counts(line, f"{deck.path.name}:{number}")
    if deck.meta.get("lesson") and deck.meta["lesson"] != deck.name:
        found.append(f"{where}1: `lesson: {deck.meta['lesson']}` differs from the file name")
    for slide in deck.slides[1:]:
        if not slide.notes:
            found.append(f"{where}{slide.line}: slide {slide.title!r} has no speaker notes")
    for slide in deck.slides:
        words = count_words(slide.markdown())
        if words > RULES["hard_words"]:
            found.append(f"{where}{slide.line}: slide {slide.title!r} shows {words} words "
                         f"(at most {RULES['hard_words']}; aim at {RULES['words']})")
        for item in slide.items():
            shown = item if isinstance(item, str) else (item.source if item.echo else "")
            if FORBIDDEN.search(shown):
                found.append(f"{where}{slide.line}: slide {slide.title!r} shows a test "
                             "marker or a prompt")
            if isinstance(item, Code) and item.echo:
                long = [ln for ln in item.source.splitlines() if len(ln) > CODE_WIDTH]
                if long:
                    found.append(f"{where}{item.line}: a shown code line is longer than "
                                 f"{CODE_WIDTH} characters: {long[0]!r}")
    questions = [s for s in deck.slides if s.title.strip() == ROOM_QUESTION]
    if len(questions) != 1:
        found.append(f"{where}1: {len(questions)} slides headed {ROOM_QUESTION!r} (one needed)")
    for slide in questions:
        options = re.findall(r"^\s*[-*]\s+\(?([a-e])\)", slide.markdown(), re.M)
        if len(options) < 2:
            found.append(f"{where}{slide.line}: the question for the room lists its options "
                         "as `- (a) ...`, `- (b) ...`")
        notes = slide.notes.lower()
        if "answer" not in notes:
            found.append(f"{where}{slide.line}: the question's notes say the answer")
        missing = [o for o in options if f"({o})" not in notes]
        if missing:
            found.append(f"{where}{slide.line}: the question's notes say nothing of option(s) "
                         f"{', '.join(missing)}")
        graded = graded_question(slide.markdown())
        if graded:
            found.append(f"{where}{slide.line}: the question for the room is the graded "
                         f"question {graded}: asking it in class gives its points away")
    return found


# What the decks and the notes count: "1 clusters" and "6 cluster(s)" read wrong.
COUNTED = ("cluster", "point", "image", "mode", "move", "row", "class", "setting", "component",
           "vote", "bit", "run", "order", "seed", "basin", "animal", "candidate", "minute",
           "slide", "update", "piece", "neighbour", "voter", "step", "column", "feature")
_WRONG_COUNT = re.compile(
    r"(?<![\w.,$^_{])1 (?:" + "|".join(n + "e" * n.endswith("s") for n in COUNTED) + r")s\b"
    r"|\b[A-Za-z]+\((?:s|es)\)")  # cluster(s): a count the text did not read


def wrong_counts(text, name):
    """``name: ...`` for each count whose noun disagrees with it in ``text`` (plain text or
    Markdown): "1 clusters", and "cluster(s)" where the text could have read its count.
    ("the 3 cluster centres" is English: a singular after a number is not flagged.)

    >>> wrong_counts("1 clusters; 6 cluster(s); 2 images; 1 image; 0.1 points; 1 class", "x")
    ["x: '1 clusters' (a count and its noun disagree)", "x: 'cluster(s)' (a count and its \
noun disagree)"]
    >>> wrong_counts("k = 1 classes, 21 points, 3 cluster centres", "x")
    ["x: '1 classes' (a count and its noun disagree)"]
    """
    return [f"{name}: {m[0]!r} (a count and its noun disagree)"
            for m in _WRONG_COUNT.finditer(text)]


_SMALL = set("the a an of to is in on by for and or its it be are was what which when where "
             "how many much with from at as that this these those can do does one two "
             "yes no not".split())


def _stem_words(text):
    text = _MATH.sub(" ", text.lower())
    text = re.sub(r"\([a-e]\)", " ", text)  # the option letters
    return set(re.findall(r"[a-z0-9_']+", text)) - _SMALL


def graded_question(markdown):
    """The id of the graded question (`binms_teach.exercises`) that ``markdown`` repeats,
    or None: at least 6 of the graded question's words, and 60% of them, beyond small
    words, formulas and option letters, are in ``markdown``.

    >>> graded_question("Does the ascent of a 4 drawn like a 9 end at a mode of fours, "
    ...                 "because the ascent uses the labels, or of nines?")
    '06.density'
    """
    try:
        from binms_teach.exercises import EXERCISES
    except ImportError:  # pragma: no cover - the package is installed wherever decks build
        return None
    asked = _stem_words(markdown.replace(ROOM_QUESTION, ""))
    for exercise_id, exercise in EXERCISES.items():
        words = _stem_words(getattr(exercise, "question", ""))
        common = words & asked
        if len(common) >= 6 and len(common) >= 0.6 * len(words):
            return exercise_id
    return None

