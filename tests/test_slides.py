"""tools/slides.py: the lessons' slide metadata is the tool's, and each deck has 12-25 slides.

The decks themselves, opened in Chromium, are tests/e2e/test_slides.py's.
"""

import doctest
from pathlib import Path

import nbformat
import pytest

from tests.by_path import load_module

ROOT = Path(__file__).resolve().parent.parent

slides = load_module(ROOT / "tools" / "slides.py")
LESSONS = slides.lessons()


def test_the_tools_doctests():
    failed, attempted = doctest.testmod(slides)
    assert attempted >= 1 and failed == 0


def test_committed_slide_metadata_is_the_tools():
    stale = slides.update_metadata(LESSONS, check=True)
    assert not stale, f"stale: {[p.name for p in stale]}: run `make slides` (tools/slides.py)"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.name.split("_")[0])
def test_each_deck_has_its_slides(lesson):
    deck = slides.deck_notebook(nbformat.read(lesson, as_version=4), lesson.name.split("_")[0])
    assert slides.FEWEST <= slides.count_slides(deck) <= slides.MOST
    types = [c.metadata["slideshow"]["slide_type"] for c in deck.cells]
    assert types[0] == "slide"
    sources = [c.source for c in deck.cells]
    question = next(i for i, s in enumerate(sources) if "A question for the room" in s)
    assert types[question + 1] == "notes" and sources[question + 1].startswith("Answer: (")
    # the question comes before the key points, and nothing generated is shown
    assert all(t == "skip" for c, t in zip(deck.cells, types, strict=True)
               if c.source.startswith(slides.MARKERS))
    assert any(t == "notes" for t in types)  # the long prose is read, not shown


def test_the_rule_adapts_to_a_long_lesson():
    md, code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell
    out = nbformat.v4.new_output("stream", text="1")
    png = nbformat.v4.new_output("display_data", data={"image/png": "iVBOR"})
    cells = [md("# Title")] + [code("x", outputs=[out]) for _ in range(30)]
    cells.append(code("plot", outputs=[png]))
    types = slides.slide_types(nbformat.v4.new_notebook(cells=cells))
    # 33 slides and subslides with the question slide: the first 8 outputs fold, 25 remain.
    assert types[1:9] == ["-"] * 8 and types[9:31] == ["subslide"] * 22
    assert types[31] == "subslide" and sum(t in ("slide", "subslide") for t in types) + 1 == 25
