"""tools/slides.py and the deck sources of docs/slides/: the format, the rules, the set-up.

Fast: nothing here starts a kernel or a browser. tests/e2e/test_slides.py builds the decks and
measures them in Chromium (words, heights, font sizes, notes, alt text, requests).
"""

import doctest
import re
import shutil
import sys
from pathlib import Path

import nbformat
import pytest

from tests.by_path import load_module

ROOT = Path(__file__).resolve().parent.parent

slides = load_module(ROOT / "tools" / "slides.py")
SOURCES = slides.sources()
LESSONS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]*_*.ipynb")
                 if not p.name.startswith("00_"))

GOOD = """---
title: "99 A test deck"
---

```{python}
value = 6 * 7
```

# 99 A test deck

One line.

::: {.notes}
What this deck is for.
:::

## The idea

$$x = 1$$

. . .

```{python}
value
```

::: {.notes}
Say why.
:::

## A question for the room

Which is it?

- (a) One.
- (b) Two.

::: {.notes}
Answer: (b). (a) is wrong because one is not two.
:::
"""


def deck(text=GOOD, name="99_test_deck.md"):
    return slides.parse(text, Path(name))


def test_the_tools_doctests():
    attempted = failed = 0
    for module in [slides] + [sys.modules[p.stem] for p in slides.PARTS]:
        result = doctest.testmod(module)
        failed, attempted = failed + result.failed, attempted + result.attempted
    assert attempted >= 6 and failed == 0


def test_every_part_of_the_builder_is_small():
    """The builder in parts a reader holds (no Python file of tools/ over 450 lines)."""
    for path in [Path(slides.__file__), *slides.PARTS]:
        lines = path.read_text(encoding="utf-8").count("\n")
        assert lines <= 450, f"{path.name}: {lines} lines"


def test_every_lesson_has_a_deck():
    decks = {p.stem for p in SOURCES}
    missing = [s for s in LESSONS if s not in decks]
    assert not missing, f"no deck in docs/slides/ for {missing}"
    strays = decks - set(LESSONS)
    assert not strays, f"decks named after no lesson: {sorted(strays)}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name.split("_")[0])
def test_each_deck_keeps_the_rules(path):
    found = slides.problems(slides.read(path))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name.split("_")[0])
def test_each_deck_argues_in_steps(path):
    d = slides.read(path)
    assert d.slides[0].level == 1 and all(s.level == 2 for s in d.slides[1:])
    assert 8 <= len(d.slides) <= 25, len(d.slides)
    assert any(len(s.parts) > 1 for s in d.slides), "no slide reveals anything a step at a time"
    assert d.slides[-1].title in ("Key points", "Take-aways")
    assert d.meta.get("lesson") == path.stem


def test_the_format_is_read_as_documented():
    d = deck()
    assert [s.title for s in d.slides] == ["99 A test deck", "The idea", "A question for the room"]
    assert [c.source for c in d.setup] == ["value = 6 * 7"]
    idea = d.slides[1]
    assert len(idea.parts) == 2 and idea.parts[0] == ["## The idea\n\n$$x = 1$$"]
    assert isinstance(idea.parts[1][0], slides.Code) and idea.notes == "Say why."
    assert slides.problems(d) == []


def test_cell_options_and_fences_inside_notes():
    d = deck(GOOD.replace("```{python}\nvalue\n```",
                          "```{python}\n#| echo: true\nvalue\n```\n\n```{python}\n"
                          "#| include: false\nhidden = 1\n```")
             .replace("Say why.", "Say why:\n\n```python\n:::\n```\n\nand more."))
    first, second = d.slides[1].parts[1]
    assert (first.echo, first.include, second.include) == (True, True, False)
    assert first.source == "value" and d.slides[1].notes.endswith("and more.")


@pytest.mark.parametrize("broken, message", [
    ("Text first.\n\n# Title\n", "text before the first heading"),
    ("# Title\n\n# Again\n", "`# ` opens the title slide only"),
    ("## No title\n", "the first slide is the title"),
    ("# Title\n\n::: {.notes}\nnever closed\n", "without its closing `:::`"),
    ("# Title\n\n```{python}\n#| fig-alt: x\n1\n```\n", "cell options are"),
    ("# Title\n\n```{python}\n1\n", "without its closing fence"),
    ("# Title\n\n::: {.columns}\n:::\n", "the only block is"),
    ("# Title\n\nx\n\n. . .\n", "with nothing after it"),
    ("---\ntitle x\n---\n# T\n", "front matter lines"),
])
def test_a_broken_source_is_named_by_its_line(broken, message):
    with pytest.raises(slides.DeckError, match=re.escape(message)):
        deck(broken)


def test_the_rules_catch_what_a_room_cannot_read():
    long = GOOD.replace("$$x = 1$$", "word " * 61)
    assert any("shows 6" in p for p in slides.problems(deck(long)))
    no_notes = GOOD.replace("::: {.notes}\nSay why.\n:::\n", "")
    assert any("has no speaker notes" in p for p in slides.problems(deck(no_notes)))
    marker = GOOD.replace("```{python}\nvalue\n```", "```{python}\n#| echo: true\n"
                          "# NBVAL_IGNORE_OUTPUT\nvalue\n```")
    assert any("test marker" in p for p in slides.problems(deck(marker)))
    wide = GOOD.replace("```{python}\nvalue\n```", "```{python}\n#| echo: true\nvalue = ["
                        + "1, " * 30 + "]\n```")
    assert any("longer than 64" in p for p in slides.problems(deck(wide)))
    silent = GOOD.replace("Answer: (b). (a) is wrong because one is not two.", "Because.")
    found = slides.problems(deck(silent))
    assert any("say the answer" in p for p in found)
    assert any("nothing of option(s) a, b" in p for p in found)
    two = GOOD + "\n## A question for the room\n\n- (a) x\n- (b) y\n"
    assert any("2 slides headed" in p for p in slides.problems(deck(two)))


def test_a_lost_backslash_is_caught(tmp_path):
    source = tmp_path / "99_test_deck.md"
    source.write_text(GOOD.replace("$$x = 1$$", "$$\x0barepsilon = 1$$"), encoding="utf-8")
    assert any("a control character" in p for p in slides.problems(slides.read(source)))


def test_a_graded_question_is_not_asked_in_the_room():
    from binms_teach.exercises import EXERCISES

    graded = EXERCISES["06.density"].question
    text = GOOD.replace("Which is it?", graded)
    assert any("graded question 06.density" in p for p in slides.problems(deck(text)))
    assert slides.graded_question("Which of two numbers is larger, one or two?") is None


def test_words_are_counted_as_a_reader_sees_them():
    assert slides.count_words("## Title\n\n$$\\sum_i x_i = 1$$ and `code` [a link](x.md)") == 6
    assert slides.count_words("<details><summary>The numbers</summary></details>") == 2


def test_the_notebook_carries_rise_metadata():
    nb, where = slides.to_notebook(deck())
    types = [c.metadata["slideshow"]["slide_type"] for c in nb.cells]
    assert types == ["skip", "slide", "notes", "slide", "fragment", "notes", "slide", "notes"]
    assert [nb.cells[i].cell_type for i in where] == ["code", "code"]
    assert nb.cells[0].metadata["tags"] == ["remove-cell"]
    assert nb.cells[where[1]].metadata["tags"] == ["remove-input"]


def test_a_figure_needs_its_text_alternative():
    d = deck()
    code = d.slides[1].parts[1][0]
    png = nbformat.v4.new_output("display_data", data={"image/png": "iVBOR"})
    with pytest.raises(slides.DeckError, match="without its text alternative"):
        slides.render_output(png, d, code)
    png.metadata = {"image/png": {"alt": 'Eight words or more: the "figure" says this.',
                                  "width": 960}}
    tag = slides.render_output(png, d, code)
    assert 'alt="Eight words or more: the &quot;figure&quot; says this."' in tag
    assert 'width="960"' in tag


def test_a_deck_renders_without_prompts_or_code(monkeypatch):
    d = deck()
    nb, where = slides.to_notebook(d)
    nb.cells[where[1]].outputs = [nbformat.v4.new_output("execute_result", data={
        "text/plain": "42"}, execution_count=1)]
    slides.attach_outputs(d, nb)
    page = slides.render(d)
    assert '<html lang="en">' in page and "<pre class=\"output\">42</pre>" in page
    assert "value = 6 * 7" not in page and not slides.FORBIDDEN.search(page)
    assert page.count("<section") == 3 and page.count('<aside class="notes">') == 3
    assert page.count('<div class="fragment">') == 1
    # nothing is loaded from another host: every script and style sheet is under _static/
    assert not re.search(r"""(src|href)=["'](https?:)?//""", page)


def test_strip_lessons_removes_slide_metadata_only(tmp_path):
    lesson = next((ROOT / "notebooks").glob("06_*.ipynb"))
    copy = tmp_path / lesson.name
    shutil.copy(lesson, copy)
    nb = nbformat.read(copy, as_version=4)
    nb.cells[0].metadata["slideshow"] = {"slide_type": "slide"}
    nbformat.write(nb, copy)
    assert slides.strip_lessons([copy]) == [copy]
    after = nbformat.read(copy, as_version=4)
    assert not any("slideshow" in c.metadata for c in after.cells)
    assert [c.get("outputs") for c in after.cells] == [c.get("outputs") for c in nb.cells]
    assert [c.source for c in after.cells] == [c.source for c in nb.cells]
    assert slides.strip_lessons([copy]) == []  # nothing left to change


def test_make_slides_installs_only_the_slides_extra():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    rule = re.search(r"^slides: (.*)$", makefile, re.M).group(1)
    assert ".slides-installed" in rule and "dev" not in rule.split("##")[0]
    assert re.search(r"\.slides-installed:.*\n\t\$\(PIP_INSTALL\) -e '\.\[slides\]'", makefile)
    assert re.search(r"\.teach-installed:.*\n\t\$\(PIP_INSTALL\) -e '\.\[teach\]'", makefile)


def test_the_slides_extra_holds_what_the_tool_imports():
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extra = " ".join(project["optional-dependencies"]["slides"])
    files = [Path(slides.__file__), *slides.PARTS]
    source = "\n".join(p.read_text(encoding="utf-8") for p in files)
    imported = set(re.findall(r"^\s*(?:from|import) (\w+)", source, re.M))
    needed = {"nbconvert", "nbclient", "playwright"} & imported
    assert needed == {"nbconvert", "nbclient", "playwright"}
    assert all(name in extra for name in needed | {"ipykernel"}), extra
