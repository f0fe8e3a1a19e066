"""The course notebooks are stored executed, tidy and linked.

Checked on every notebook of notebooks/, notebooks/exercises/ and notebooks/solutions/ (nbval
then runs them: `make test-notebooks`):

- the first cell is markdown with a title and the learning objectives;
- the navigation cells (tools/navigation.py) are the second and the last cell, and
  are up to date;
- every code cell is executed, with execution counts 1, 2, 3, ...;
- no stored error output, and no stray `<matplotlib...>` / `Text(...)` result;
- no cell relies on a trailing `;` to hide its result: nbval runs cells with
  store_history=False, and IPython then ignores the `;` (assign instead: `_ = ...`);
- `# NBVAL_IGNORE_OUTPUT` marks exactly the cells that display a widget or run a
  progress bar;
- no stored output shows a progress bar (a frozen "0% 0/10": tools/execute_notebooks.py
  drops them; the student sees them move when running the cell);
- every lesson with exercises has its solutions notebook, and the other way round; every
  notebook of exercises/ has its lesson and its solutions notebook, and every lesson with an
  exercise notebook links it in its Exercises cell (tools/exercises.py writes them).

And tools/navigation.py is idempotent: run twice on a copy, the second run
changes nothing.
"""

import ast
import io
import re
import shutil
import tokenize
from pathlib import Path

import nbformat
import pytest
from IPython.core.inputtransformer2 import TransformerManager

from tests.by_path import load_module

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SOLUTIONS = NOTEBOOKS / "solutions"
EXERCISES = NOTEBOOKS / "exercises"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
IGNORE_MARKER = "# NBVAL_IGNORE_OUTPUT"
STRAY = re.compile(r"^\s*(\[?<matplotlib\.|<matplotlib\.|Text\(-?[\d.]+, -?[\d.]+, )", re.M)
PROGRESS = re.compile(r"\d+%\|")
# A cell that starts a progress bar: nbval's fresh run shows one, so it is marked.
RUNS_PROGRESS = re.compile(r"progress=True|\btqdm\(")


navigation = load_module(ROOT / "tools" / "navigation.py")

PATHS = (sorted(NOTEBOOKS.glob("*.ipynb")) + sorted(EXERCISES.glob("*.ipynb"))
         + sorted(SOLUTIONS.glob("*.ipynb")))
IDS = [p.relative_to(NOTEBOOKS).as_posix() for p in PATHS]
# The appendices (notebooks/appendix/) are outside the numbered path: no navigation cells,
# every other check.
APPENDIX = sorted((NOTEBOOKS / "appendix").glob("*.ipynb"))


def _read(path):
    return nbformat.read(path, as_version=4)


def _code_cells(nb):
    return [(i, c) for i, c in enumerate(nb.cells) if c.cell_type == "code"]


def _texts(output):
    """Every piece of text in one output: stream text, or text/plain and text/html."""
    if output.output_type == "stream":
        return [output.text]
    data = output.get("data", {})
    return [data[m] for m in ("text/plain", "text/html") if m in data]


notebook = pytest.mark.parametrize("path", PATHS, ids=IDS)
any_notebook = pytest.mark.parametrize(
    "path", PATHS + APPENDIX, ids=IDS + [p.relative_to(NOTEBOOKS).as_posix() for p in APPENDIX])


def test_there_are_notebooks():
    assert (NOTEBOOKS / "00_index.ipynb") in PATHS, "notebooks/00_index.ipynb is missing"
    assert APPENDIX, "notebooks/appendix/ holds no notebook"


@any_notebook
def test_first_cell_has_title_and_learning_objectives(path):
    nb = _read(path)
    first = nb.cells[0] if nb.cells else None
    assert first is not None and first.cell_type == "markdown", (
        "the first cell must be markdown: the title and the learning objectives"
    )
    assert re.match(r"^#\s+\S", first.source.lstrip()), "the first cell must start with a # title"
    assert "learning objectives" in first.source.lower(), (
        "the first cell must list the learning objectives (a 'Learning objectives' heading)"
    )


@notebook
def test_navigation_is_second_and_last_cell(path):
    nb = _read(path)
    assert len(nb.cells) >= 3, "too few cells for title, navigation, content, navigation"
    for where, cell in (("second", nb.cells[1]), ("last", nb.cells[-1])):
        assert cell.cell_type == "markdown" and navigation.is_navigation(cell), (
            f"the {where} cell must be the navigation cell: run `make nav`"
        )
    inner = [i for i, c in enumerate(nb.cells[2:-1], start=2) if navigation.is_navigation(c)]
    assert not inner, f"navigation cells in the middle, at {inner}: run `make nav`"


def test_navigation_is_up_to_date():
    stale = navigation.update(NOTEBOOKS, check=True)
    assert not stale, f"stale navigation in {[p.name for p in stale]}: run `make nav`"


@any_notebook
def test_every_code_cell_is_executed_in_order(path):
    cells = _code_cells(_read(path))
    counts = [c.execution_count for _, c in cells]
    assert counts == list(range(1, len(cells) + 1)), (
        f"execution counts {counts} should be 1, 2, 3, ...: run "
        f"`make execute-notebooks` (or tools/execute_notebooks.py {path.name})"
    )


@any_notebook
def test_no_stored_errors(path):
    for i, cell in _code_cells(_read(path)):
        errors = [o for o in cell.outputs if o.output_type == "error"]
        assert not errors, f"cell {i} stores an error: {errors[0].ename}: {errors[0].evalue}"


@any_notebook
def test_no_stray_matplotlib_results(path):
    for i, cell in _code_cells(_read(path)):
        for output in cell.outputs:
            for text in _texts(output):
                match = STRAY.search(text)
                assert not match, (
                    f"cell {i} prints {match.group(0).strip()!r}...: end the plotting line "
                    "with ';' or assign it (_ = plt.title(...))"
                )


def _hides_result_with_semicolon(source):
    """True if the cell ends with an expression whose result only a ';' hides."""
    python = TransformerManager().transform_cell(source)
    try:
        body = ast.parse(python).body
    except SyntaxError:
        return False
    if not body or not isinstance(body[-1], ast.Expr):
        return False
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.ENDMARKER,
            tokenize.INDENT, tokenize.DEDENT}  # fmt: skip
    tokens = tokenize.generate_tokens(io.StringIO(python).readline)
    last = [t.string for t in tokens if t.type not in skip][-1]
    return last == ";"


@any_notebook
def test_no_result_hidden_by_a_semicolon(path):
    for i, cell in _code_cells(_read(path)):
        assert not _hides_result_with_semicolon(cell.source), (
            f"cell {i} ends with an expression followed by ';'. nbval executes cells with "
            "store_history=False, where IPython ignores the ';' and prints the result "
            "(Text(...), [<matplotlib...>]): assign it instead, `_ = ax.set_title(...)`"
        )


def _shows_widget(cell):
    return any(WIDGET_MIME in output.get("data", {}) for output in cell.outputs)


def _runs_progress_bar(cell):
    return bool(RUNS_PROGRESS.search(cell.source))


@any_notebook
def test_no_stored_progress_bar(path):
    for i, cell in _code_cells(_read(path)):
        for output in cell.outputs:
            for text in _texts(output):
                assert not PROGRESS.search(text), (
                    f"cell {i} stores a progress bar ({text.strip()[:40]!r}...): execute the "
                    "notebook with tools/execute_notebooks.py, which drops them"
                )


@any_notebook
def test_ignore_output_marks_exactly_the_widget_cells(path):
    for i, cell in _code_cells(_read(path)):
        marked = cell.source.lstrip().startswith(IGNORE_MARKER)
        if marked:
            assert _shows_widget(cell) or _runs_progress_bar(cell), (
                f"cell {i} carries {IGNORE_MARKER} but displays no widget and runs no "
                "progress bar: nbval would stop checking its output; keep printed results "
                "in a checked cell"
            )
        else:
            assert IGNORE_MARKER not in cell.source, (
                f"cell {i}: {IGNORE_MARKER} must be the cell's first line"
            )
            assert not (_shows_widget(cell) or _runs_progress_bar(cell)), (
                f"cell {i} displays a widget or runs a progress bar: start it with "
                f"{IGNORE_MARKER}"
            )


def _has_exercises(nb):
    return any(
        c.cell_type == "markdown" and re.search(r"^#+\s+Exercises?\b", c.source, re.M | re.I)
        for c in nb.cells
    )


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.name)
def test_exercise_notebook_has_solutions(path):
    if not _has_exercises(_read(path)):
        pytest.skip("no exercises")
    expected = SOLUTIONS / f"{path.stem}_solutions.ipynb"
    assert expected.is_file(), f"{path.name} has exercises but no {expected.relative_to(ROOT)}"


@pytest.mark.parametrize("path", sorted(SOLUTIONS.glob("*.ipynb")), ids=lambda p: p.name)
def test_solutions_notebook_has_its_exercises(path):
    assert path.stem.endswith("_solutions"), "name solutions notebooks NN_title_solutions.ipynb"
    exercise = NOTEBOOKS / f"{path.stem.removesuffix('_solutions')}.ipynb"
    assert exercise.is_file(), f"{path.name} solves {exercise.name}, which does not exist"


@pytest.mark.parametrize("path", sorted(EXERCISES.glob("*.ipynb")), ids=lambda p: p.name)
def test_exercises_notebook_has_its_lesson_and_solutions(path):
    assert path.stem.endswith("_exercises"), "name exercise notebooks NN_title_exercises.ipynb"
    stem = path.stem.removesuffix("_exercises")
    lesson, solutions = NOTEBOOKS / f"{stem}.ipynb", SOLUTIONS / f"{stem}_solutions.ipynb"
    assert lesson.is_file(), f"{path.name} belongs to {lesson.name}, which does not exist"
    assert solutions.is_file(), f"{path.name} is written from {solutions.name}: missing"
    link = f"(exercises/{path.name})"
    cells = [c for c in _read(lesson).cells if c.cell_type == "markdown" and link in c.source]
    assert any("exercises" in c.metadata.get("tags", []) for c in cells), (
        f"{lesson.name} has no Exercises cell linking {path.name}: run `make exercises`")


# ---------------------------------------------------------------- tools/navigation.py


def _snapshot(folder):
    return {p: p.read_bytes() for p in sorted(folder.rglob("*.ipynb"))}


def _notebook(title, *sources):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(f"# {title}\n\nA summary.\n\n## Learning objectives")]
    nb.cells += [nbformat.v4.new_code_cell(s) for s in sources]
    for i, cell in enumerate(nb.cells):
        cell.id = f"c{i}"
    return nb


def _course(folder):
    """A tiny course: an index with a contents cell, two notebooks, one solutions."""
    (folder / "solutions").mkdir(parents=True)
    index = _notebook("Index")
    index.cells.append(nbformat.v4.new_markdown_cell(navigation.CONTENTS_MARKER))
    index.cells[-1].id = "contents"
    nbformat.write(index, folder / "00_index.ipynb")
    nbformat.write(_notebook("One", "1 + 1"), folder / "01_one.ipynb")
    nbformat.write(_notebook("Two", "2 + 2"), folder / "02_two.ipynb")
    nbformat.write(_notebook("One: solutions", "3"), folder / "solutions/01_one_solutions.ipynb")


def test_navigation_is_idempotent_on_a_copy_of_the_course(tmp_path):
    copy = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, copy)
    navigation.update(copy)
    first = _snapshot(copy)
    assert navigation.update(copy) == []
    assert _snapshot(copy) == first


def test_navigation_writes_links_once_and_replaces_them(tmp_path):
    _course(tmp_path)
    navigation.update(tmp_path)
    first = _snapshot(tmp_path)
    assert navigation.update(tmp_path) == [] and _snapshot(tmp_path) == first

    one = _read(tmp_path / "01_one.ipynb")
    assert [navigation.is_navigation(c) for c in one.cells] == [False, True, False, True]
    top, bottom = one.cells[1].source, one.cells[-1].source
    assert top.endswith("\n< [Contents](00_index.ipynb) | [Two](02_two.ipynb) >")
    assert "(solutions/01_one_solutions.ipynb)" in bottom
    solutions = _read(tmp_path / "solutions/01_one_solutions.ipynb")
    assert "[One](../01_one.ipynb)" in solutions.cells[1].source
    assert "[Contents](../00_index.ipynb)" in solutions.cells[1].source
    contents = _read(tmp_path / "00_index.ipynb").cells[-2].source
    # the index lists titles and links, not the lessons' summaries (its words are counted)
    assert "- **[One](01_one.ipynb)** · [01 solutions]" in contents
    assert "[Two](02_two.ipynb)" in contents
    assert "A summary" not in contents

    # a new notebook: the neighbours' links and the contents follow, nothing is duplicated
    nbformat.write(_notebook("Three", "4"), tmp_path / "03_three.ipynb")
    changed = {p.name for p in navigation.update(tmp_path)}
    assert changed == {"00_index.ipynb", "02_two.ipynb", "03_three.ipynb"}
    two = _read(tmp_path / "02_two.ipynb")
    assert sum(navigation.is_navigation(c) for c in two.cells) == 2
    assert two.cells[1].source.endswith(
        "\n< [One](01_one.ipynb) | [Contents](00_index.ipynb) | [Three](03_three.ipynb) >"
    )
    assert navigation.update(tmp_path) == []


def test_navigation_check_mode_writes_nothing(tmp_path):
    _course(tmp_path)
    before = _snapshot(tmp_path)
    assert len(navigation.update(tmp_path, check=True)) == 4
    assert _snapshot(tmp_path) == before


def test_navigation_follows_lesson_exercises_solutions(tmp_path):
    _course(tmp_path)
    (tmp_path / "exercises").mkdir()
    nbformat.write(_notebook("One: exercises", "5"), tmp_path / "exercises/01_one_exercises.ipynb")
    navigation.update(tmp_path)
    assert navigation.update(tmp_path) == []
    one = _read(tmp_path / "01_one.ipynb")
    assert one.cells[-1].source.endswith(
        "\n\nExercises: [One: exercises](exercises/01_one_exercises.ipynb) | their solutions: "
        "[One: solutions](solutions/01_one_solutions.ipynb)")
    exercises = _read(tmp_path / "exercises/01_one_exercises.ipynb")
    for cell in (exercises.cells[1], exercises.cells[-1]):
        assert cell.source.endswith(
            "\n< back to the lesson: [One](../01_one.ipynb) | [Contents](../00_index.ipynb) | "
            "solutions: [One: solutions](../solutions/01_one_solutions.ipynb) >")
    solutions = _read(tmp_path / "solutions/01_one_solutions.ipynb")
    assert solutions.cells[1].source.endswith(
        "\n< back to the exercises: [One: exercises](../exercises/01_one_exercises.ipynb) | "
        "the lesson: [One](../01_one.ipynb) | [Contents](../00_index.ipynb)")
    contents = _read(tmp_path / "00_index.ipynb").cells[-2].source
    # link texts that make sense out of context: "01 exercises", never a bare "exercises";
    # the exercise notebook links the solutions
    assert " · [01 exercises](exercises/01_one_exercises.ipynb)" in contents
    # a lesson without exercises keeps the links it had
    two = _read(tmp_path / "02_two.ipynb")
    assert "Exercises:" not in two.cells[-1].source


def test_navigation_lists_06b_after_06_and_the_appendix(tmp_path):
    _course(tmp_path)
    nbformat.write(_notebook("Six", "6"), tmp_path / "06_six.ipynb")
    nbformat.write(_notebook("Six b", "7"), tmp_path / "06b_six_b.ipynb")
    (tmp_path / "appendix").mkdir()
    appendix = _notebook("How the rule was found")
    appendix.cells[0].source = "# How the rule was found\n\nA log. Of versions; and rounds."
    nbformat.write(appendix, tmp_path / "appendix/a1_rule.ipynb")
    navigation.update(tmp_path)
    contents = _read(tmp_path / "00_index.ipynb").cells[-2].source
    assert contents.index("(06_six.ipynb)") < contents.index("(06b_six_b.ipynb)")
    assert "- [How the rule was found](appendix/a1_rule.ipynb)\n" in contents + "\n"
    assert "A log" not in contents
    six = _read(tmp_path / "06_six.ipynb")
    assert six.cells[1].source.endswith("| [Six b](06b_six_b.ipynb) >")
    # the appendix is outside the numbered path: no navigation cells written into it
    appendix_cells = _read(tmp_path / "appendix/a1_rule.ipynb").cells
    assert not any(navigation.is_navigation(c) for c in appendix_cells)
    assert navigation.update(tmp_path) == []


LINK = re.compile(r"\]\((\w+)\.ipynb\)")


def _top_links(path):
    """(previous, next, beside) numbers of a lesson's top navigation cell, as written."""
    cell = _read(path).cells[1].source.split("\n", 1)[1]
    line, _, rest = cell.partition("\n\n")
    numbers = [n.split("_")[0] for n in LINK.findall(line) if n != "00_index"]
    has_previous = line.startswith("< [") and not line.startswith("< [Contents]")
    previous = numbers[0] if has_previous else None
    following = numbers[-1] if line.rstrip().endswith(">") else None
    return previous, following, [n.split("_")[0] for n in LINK.findall(rest)]


def test_the_core_path_is_walked_in_core_order():
    """A student who clicks "next" from 01 meets the core lessons in order, and "previous"
    walks them back; the going-further lessons between two core lessons are offered beside."""
    lesson_stats = navigation.lesson_stats
    lessons = {p.name.split("_")[0]: p for p in sorted(NOTEBOOKS.glob("[0-9][0-9]*.ipynb"))}
    core = [n for n in lessons if n in lesson_stats.CORE]
    assert core == list(lesson_stats.CORE), core
    walked, number = [], core[0]
    while number in lesson_stats.CORE and number not in walked:
        walked.append(number)
        number = _top_links(lessons[number])[1]
    assert walked == core, f"clicking next from {core[0]} walks {walked}"
    for before, after in zip(core, core[1:], strict=False):
        assert _top_links(lessons[after])[0] == before, f"{after}'s previous is not {before}"
        between = [n for n in lessons if before < n < after and n not in lesson_stats.CORE]
        assert _top_links(lessons[before])[2] == between, (before, between)
    assert _top_links(lessons["02"])[1:] == ("04", ["03"])
    assert _top_links(lessons["04"])[0] == "02"


def test_navigation_keeps_a_core_lesson_on_the_core_path(tmp_path):
    _course(tmp_path)
    nbformat.write(_notebook("Four", "4"), tmp_path / "04_four.ipynb")
    nbformat.write(_notebook("Three", "3"), tmp_path / "03_three.ipynb")
    navigation.update(tmp_path)
    two, three, four = (_read(tmp_path / f"{n}.ipynb").cells[1].source
                        for n in ("02_two", "03_three", "04_four"))
    assert two.endswith("| [Four](04_four.ipynb) >\n\nGoing further, beside the core path: "
                        "[Three](03_three.ipynb)")
    assert four.split("\n")[1].startswith("< [Two](02_two.ipynb) | [Contents]")
    # a going-further lesson keeps the file order
    assert three.endswith("< [Two](02_two.ipynb) | [Contents](00_index.ipynb) | "
                          "[Four](04_four.ipynb) >")
    assert navigation.update(tmp_path) == []


def test_navigation_only_rewrites_the_named_notebooks(tmp_path):
    _course(tmp_path)
    one = tmp_path / "01_one.ipynb"
    before = _snapshot(tmp_path)
    assert navigation.update(tmp_path, only=[one]) == [one]
    after = _snapshot(tmp_path)
    assert [p.name for p in after if after[p] != before[p]] == ["01_one.ipynb"]
    assert "[Two](02_two.ipynb) >" in _read(one).cells[1].source


# ---------------------------------------------------------------- tools/execute_notebooks.py


def test_execute_notebooks_drops_progress_bars_and_keeps_other_widgets():
    execute_notebooks = load_module(ROOT / "tools" / "execute_notebooks.py")
    view = {"model_id": "m", "version_major": 2, "version_minor": 0}
    bar = nbformat.v4.new_output("display_data", data={
        WIDGET_MIME: view, "text/plain": "zoo:   0%|          | 0/14 [00:00<?, ?it/s]"})
    explorer = nbformat.v4.new_output("display_data", data={
        WIDGET_MIME: view, "text/plain": "VBox(children=(IntSlider(value=3),))"})
    printed = nbformat.v4.new_output("stream", name="stdout", text="42 clusters\n")
    terminal = nbformat.v4.new_output("stream", name="stderr", text=(
        "\rk1:   0%|          | 0/3 [00:00<?, ?it/s]\rk1: 100%|##########| 3/3 [00:01<00:00]\n"
        "UserWarning: a real warning\n"))
    cell = nbformat.v4.new_code_cell("# NBVAL_IGNORE_OUTPUT\nrun(progress=True)")
    cell.outputs = [bar, explorer, printed, terminal]
    execute_notebooks.drop_progress_bars(cell)
    assert [o.get("data", {}).get("text/plain", o.get("text")) for o in cell.outputs] == [
        "VBox(children=(IntSlider(value=3),))", "42 clusters\n", "UserWarning: a real warning\n"]
