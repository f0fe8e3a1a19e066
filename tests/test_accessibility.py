"""Accessibility of what is stored and built (issue 32; the rules: tests/accessibility.py).

* every image output and markdown picture of every notebook (lessons, exercises, solutions,
  appendix) has a text alternative of at least 8 words that is neither a path nor a
  placeholder;
* one level-1 heading per notebook, no level skipped; link texts that make sense out of
  context;
* the README's pictures and the book's own pages (docs/book, docs/teaching.md,
  docs/instructor-notes.md) likewise;
* the built book (``make book``): every ``<img>`` of every page has such an alt, every page
  says ``<html lang="en">``; a notebook figure's alt reaches the page (a small book built here).
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
import sys

import pytest

from binms_teach.figures import alt_text_problem, describe
from tests.accessibility import (
    REPO_ROOT,
    course_notebooks,
    heading_problems,
    html_images,
    image_output_problems,
    link_problems,
    markdown_images,
    notebook_id,
)
from tests.guards import missing

BOOK = REPO_ROOT / "build" / "book" / "html"

NOTEBOOKS = [pytest.param(path, id=notebook_id(path)) for path in course_notebooks()]


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_every_figure_has_a_text_alternative(path):
    problems = image_output_problems(path)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_one_title_and_no_skipped_heading_level(path):
    problems = heading_problems(path)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_link_texts_make_sense_out_of_context(path):
    problems = link_problems(path)
    assert not problems, "\n".join(problems)


BOOK_PAGES = sorted((REPO_ROOT / "docs" / "book").glob("*.md")) + [
    REPO_ROOT / "docs" / "teaching.md", REPO_ROOT / "docs" / "instructor-notes.md"]


@pytest.mark.parametrize("path", [REPO_ROOT / "README.md"] + BOOK_PAGES,
                         ids=lambda p: p.relative_to(REPO_ROOT).as_posix())
def test_pictures_of_the_readme_and_the_book_pages(path):
    pictures = markdown_images(path.read_text(encoding="utf-8"))
    problems = [f"{src}: {alt_text_problem(alt)}" for alt, src in pictures
                if alt_text_problem(alt)]
    assert not problems, "\n".join(problems)
    if path.name == "README.md":
        assert len(pictures) >= 3  # the explorer before / after, the book's page


@pytest.mark.parametrize("path", BOOK_PAGES, ids=lambda p: p.relative_to(REPO_ROOT).as_posix())
def test_link_texts_of_the_book_pages(path):
    from tests.accessibility import link_text_problem, markdown_links

    problems = [f"link to {target}: {link_text_problem(text)}"
                for text, target in markdown_links(path.read_text(encoding="utf-8"))
                if link_text_problem(text)]
    assert not problems, "\n".join(problems)


# --- the built book ---------------------------------------------------------------------------

def _book_page_cases():
    """The pages of the built book, if built."""
    if not (BOOK / "index.html").is_file():
        return [pytest.param(None, id="book-not-built")]
    pages = sorted(p.relative_to(BOOK).as_posix() for p in BOOK.rglob("*.html")
                   if "_static" not in p.parts and "_sources" not in p.parts)
    return [pytest.param(page, id=page) for page in pages]


@pytest.mark.parametrize("page", _book_page_cases())
def test_every_image_of_the_built_book_is_described(page):
    if page is None:
        missing(f"{BOOK}/index.html is missing: build the book first with `make book`")
    lang, images = html_images((BOOK / page).read_text(encoding="utf-8"))
    assert lang == "en", f"{page}: <html lang={lang!r}>"
    # A picture of the content (a notebook's figure, a README picture) is described; an icon
    # of the theme or of Sphinx (the module index's "-" toggle) only needs an alt, which axe
    # judges in tests/e2e.
    content = [img for img in images
               if re.search(r"(^|/)(_images|pictures)/|^data:image/", img.get("src", ""))]
    problems = [f"{img.get('src', '')[:80]}: {alt_text_problem(img.get('alt'))}"
                for img in content if alt_text_problem(img.get("alt"))]
    problems += [f"{img.get('src', '')[:80]}: no alt attribute" for img in images
                 if img.get("alt") is None]
    assert not problems, f"{page}:\n" + "\n".join(problems)


def test_the_book_carries_a_figures_alt_to_its_page(tmp_path):
    """A notebook whose output holds a described figure, built with the book's configuration
    (docs/book/conf.py): the page's ``<img>`` has the alt, and the numbers are on the page."""
    try:
        import myst_nb  # noqa: F401
        import sphinx  # noqa: F401
    except ImportError:
        missing("the book's packages are missing: make book (pip install -e '.[book]')")
    from matplotlib.figure import Figure

    fig = Figure(figsize=(2, 2))
    fig.add_subplot().plot([1, 2, 3], [0.5, 0.88, 0.7])
    alt = "NMI against k2 on a toy grid: it rises to 0.88 at k2 = 2 and falls after."
    d = describe(fig, alt, numbers={"k2": [1, 2, 3], "NMI": [0.5, 0.88, 0.7]})
    # the output exactly as a notebook stores it (one text/html output, the picture inside)
    outputs = [{"output_type": "display_data", "metadata": {}, "data": d._repr_mimebundle_()}]
    cells = [{"cell_type": "markdown", "metadata": {}, "source": "# A page\n\nOne figure."},
             {"cell_type": "code", "metadata": {}, "execution_count": 1, "source": "fig",
              "outputs": outputs}]
    nb = {"cells": cells, "nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                      "language": "python"}}}
    src = tmp_path / "src"
    src.mkdir()
    (src / "page.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    (src / "index.md").write_text("# Index\n\n```{toctree}\npage\n```\n", encoding="utf-8")
    conf = REPO_ROOT / "docs" / "book"
    run = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", "-c", str(conf),
                          str(src), str(tmp_path / "html")], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    page = (tmp_path / "html" / "page.html").read_text(encoding="utf-8")
    lang, images = html_images(page)
    assert lang == "en"
    assert [img.get("alt") for img in images] == [alt]
    assert "<summary>The numbers behind the figure</summary>" in page
    shutil.rmtree(tmp_path / "html", ignore_errors=True)


# --- the rules themselves, on made-up notebooks -----------------------------------------------

def _notebook(tmp_path, *cells):
    nb = {"cells": list(cells), "nbformat": 4, "nbformat_minor": 5, "metadata": {}}
    path = tmp_path / "nb.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


def _markdown(text):
    return {"cell_type": "markdown", "metadata": {}, "source": text}


def test_the_rules_catch_what_they_should(tmp_path):
    png = base64.b64encode(b"\x89PNG not really").decode()
    figure = {"cell_type": "code", "metadata": {}, "source": "", "execution_count": 1,
              "outputs": [{"output_type": "display_data", "metadata": {},
                           "data": {"image/png": png, "text/plain": "<Figure>"}}]}
    path = _notebook(
        tmp_path,
        _markdown("## Not the title\n\n# Title\n\n#### Too deep\n\n```\n# not a heading\n```"),
        _markdown("Second title\n============\n\nSee [here](a.ipynb), the [exercises](b.ipynb),"
                  " [https://x.org](https://x.org), <https://y.org>, https://z.org and "
                  "[12a](c.ipynb), but [the exercises of 06](d.ipynb), `[x](y)` and "
                  "[`bga_step`'s reference](e.md) are fine.\n\n![plot](fig.png)"),
        figure)
    headings = heading_problems(path)
    assert any("2 level-1 headings" in p for p in headings)
    assert any("first heading 'Not the title' is level 2" in p for p in headings)
    assert any("skipped" in p and "'Too deep'" in p for p in headings)
    links = link_problems(path)
    assert [p.split(": ", 1)[1].split("'")[1] for p in links] == [
        "here", "exercises", "https://x.org", "12a", "https://y.org", "https://z.org"]
    images = image_output_problems(path)
    assert len(images) == 2
    assert "picture fig.png" in images[0] and "no text alternative" in images[1]
