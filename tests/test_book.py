"""The book's staging (tools/build_book.py) and, once built, its HTML: nothing from another host.

The browser half is tests/e2e/test_book.py. The HTML checks here need ``make book`` first; they
are skipped without it, except under CI (``CI=true``), where they fail: ``.ci/run`` builds the
book before ``make test``.
"""

import copy
import doctest
import importlib.util
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.by_path import load_module
from tests.guards import missing

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "build" / "book" / "html"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


build_book = load_module(ROOT / "tools" / "build_book.py")


def test_doctests_of_build_book():
    failed, attempted = doctest.testmod(build_book)
    assert attempted >= 5
    assert failed == 0


def widget_output(**data):
    return {"output_type": "display_data", "metadata": {}, "data": {WIDGET_VIEW: {"model_id": "m"},
                                                                    **data}}


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        (widget_output(**{"image/png": "iVBO", "text/plain": "Explorer"}),
         {"image/png": "iVBO", "text/plain": "Explorer"}),
        (widget_output(**{"text/plain": ["soybean:   0%|          | 0/14 [00:00<?, ?it/s]"]}),
         None),
        (widget_output(**{"text/plain": "VBox(children=(FloatSlider(value=0.75),))"}),
         {"text/markdown": build_book.WIDGET_NOTE}),
        ({"output_type": "stream", "name": "stdout", "text": "12%| of the rows\n"},
         "unchanged"),
        ({"output_type": "execute_result", "execution_count": 3, "metadata": {},
          "data": {"text/plain": "0.5"}}, "unchanged"),
    ],
)  # fmt: skip
def test_static_output(output, expected):
    before = copy.deepcopy(output)
    result = build_book.static_output(output)
    assert output == before, "the stored output must not be modified"
    if expected is None:
        assert result is None
    elif expected == "unchanged":
        assert result == output and result is not output
    else:
        assert result["data"] == expected
        assert {k: v for k, v in result.items() if k != "data"} == {
            k: v for k, v in output.items() if k != "data"}


def test_stage_notebook_drops_only_widget_views(tmp_path):
    source = ROOT / "notebooks" / "06_binary_gradient_ascent.ipynb"
    text = source.read_text(encoding="utf-8")
    target = tmp_path / "06.ipynb"
    build_book.stage_notebook(source, target)
    assert source.read_text(encoding="utf-8") == text
    original, staged = json.loads(text), json.loads(target.read_text(encoding="utf-8"))
    assert len(staged["cells"]) == len(original["cells"])
    pictures = 0
    for old, new in zip(original["cells"], staged["cells"], strict=True):
        assert new["source"] == old["source"]
        for o_old, o_new in zip(old.get("outputs", []), new.get("outputs", []), strict=True):
            assert WIDGET_VIEW not in o_new.get("data", {})
            if WIDGET_VIEW in o_old.get("data", {}):
                # The explorers of notebook 06 carry their PNG: it is kept byte for byte.
                picture = "text/html" if "text/html" in o_old["data"] else "image/png"
                assert o_new["data"][picture] == o_old["data"][picture]
                pictures += 1
            else:
                assert o_new == o_old
    assert pictures >= 1


def test_rst_text_escapes_every_markup_character():
    # docutils comes with the "book" extra (make book; CI builds the book first), not with
    # "dev": a fresh clone's `make test` has no docutils.
    if importlib.util.find_spec("docutils") is None:
        missing("docutils is missing: `make book` installs it")
    from docutils.core import publish_doctree

    text = "x_{j+1} = maj(NN_k1(x_j)), |x| * 2 and `a` \\ b"
    doctree = publish_doctree(build_book.rst_text(text), settings_overrides={"report_level": 5})
    assert doctree.astext() == text


def test_checks_page_lists_every_check():
    from binms_teach.checks import CheckResult

    results = [
        CheckResult(1, "Hamming distance", "H = |x - y|_1", "Eq. (3)", False, True,
                    {"pairs": 540}, "the sign *flips*"),
        CheckResult(9, "descent", "S never increases", "course", None, True, {}, "", "course"),
    ]  # fmt: skip
    page = build_book.checks_page(results)
    assert "   * - 1\n     - Hamming distance\n     - Eq. (3)\n" in page
    assert "     - fails\n     - holds\n     - paper" in page
    assert "     - -\n     - holds\n     - course" in page
    assert "``pairs = 540``" in page and "(no numbers)" in page
    assert "\\*flips\\*" in page


class _Sources(HTMLParser):
    """The addresses a page loads by itself: script/img/iframe/source src and link href."""

    LOADS = {"script": "src", "img": "src", "iframe": "src", "source": "src", "link": "href",
             "audio": "src", "video": "src", "embed": "src"}  # fmt: skip

    def __init__(self):
        super().__init__()
        self.urls = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in self.LOADS and attrs.get(self.LOADS[tag]):
            if tag == "link" and attrs.get("rel") in ("canonical", "search"):
                return
            self.urls.append(attrs[self.LOADS[tag]])


def built_pages():
    if not (HTML / "index.html").is_file():
        missing("build/book/html is missing: `make book` first")
    return sorted(HTML.rglob("*.html"))


def test_built_book_loads_nothing_from_another_host():
    pages = built_pages()
    assert len(pages) >= 12 + 11 + 3
    remote = {}
    for page in pages:
        parser = _Sources()
        parser.feed(page.read_text(encoding="utf-8"))
        outside = [u for u in parser.urls if re.match(r"^([a-z]+:)?//", u)]
        if outside:
            remote[str(page.relative_to(HTML))] = outside
    assert not remote, f"pages that load from another host: {remote}"
    css = [p for p in (HTML / "_static").rglob("*.css")
           if re.search(r"url\(\s*['\"]?(https?:)?//", p.read_text(encoding="utf-8"))]
    assert not css, f"stylesheets that load from another host: {css}"


def test_built_book_serves_mathjax_and_shows_widget_pictures():
    built_pages()
    assert (HTML / "_static" / "mathjax" / "tex-chtml.js").is_file()
    page = (HTML / "notebooks" / "06_binary_gradient_ascent.html").read_text(encoding="utf-8")
    assert 'src="../_static/mathjax/tex-chtml.js' in page
    assert WIDGET_VIEW not in page and "jupyter-widgets" not in page
    assert page.count("<img") >= 3
    # Every page that holds math (the sidebar's titles too) loads MathJax.
    untypeset = [str(p.relative_to(HTML)) for p in built_pages()
                 if 'class="math' in (text := p.read_text(encoding="utf-8"))
                 and "_static/mathjax/tex-chtml.js" not in text]  # fmt: skip
    assert not untypeset, f"pages with math but without MathJax: {untypeset}"


def test_built_book_numbers_equations_where_mathjax_allows_it():
    """MathJax refuses \\tag inside \\begin{split}, which Sphinx puts around display math with
    a line break: every tagged equation must reach the page outside a split."""
    tagged = [str(p.relative_to(HTML)) for p in built_pages()
              if re.search(r"\\begin\{split\}(?:(?!\\end\{split\}).)*\\tag\{",
                           p.read_text(encoding="utf-8"), flags=re.S)]
    assert not tagged, f"pages with a \\tag inside a split environment: {tagged}"
    pages = [(HTML / "notebooks" / f"{n}.html").read_text(encoding="utf-8")
             for n in ("04_aitchison_aitken_kernel", "05_kernel_to_median_shift")]
    assert all(r"\tag{" in page for page in pages)  # the paper's numbers are on the pages


def api_modules():
    """The modules docs/book/api.rst documents (its automodule lines)."""
    text = (ROOT / "docs" / "book" / "api.rst").read_text(encoding="utf-8")
    return re.findall(r"^\.\. automodule:: (\S+)", text, flags=re.MULTILINE)


def test_api_reference_names_every_public_module():
    import binms_teach

    package = Path(binms_teach.__file__).parent
    public = {f"binms_teach.{p.stem}" for p in package.glob("*.py") if not p.stem.startswith("_")}
    public |= {f"binms_teach.{p.parent.name}" for p in package.glob("*/__init__.py")
               if not p.parent.name.startswith("_")}  # fmt: skip
    missing = sorted(public - set(api_modules()))
    assert not missing, f"add an automodule section to docs/book/api.rst for: {missing}"


def test_built_api_reference_documents_every_public_name():
    import importlib
    import inspect

    built_pages()
    page = (HTML / "api.html").read_text(encoding="utf-8")
    absent = []
    for name in api_modules():
        module = importlib.import_module(name)
        public = getattr(module, "__all__", None) or [
            n for n, o in vars(module).items()
            if not n.startswith("_") and (inspect.isfunction(o) or inspect.isclass(o))
            and o.__module__ == name
        ]  # fmt: skip
        absent += [f"{name}.{n}" for n in public if f'id="{name}.{n}"' not in page]
    assert not absent, f"public names missing from the API reference (no docstring?): {absent}"


def test_built_book_holds_the_exercises_and_the_teaching_page():
    built_pages()
    exercises = sorted((ROOT / "notebooks" / "exercises").glob("*.ipynb"))
    assert exercises, "no exercise notebooks: run `make exercises`"
    for path in exercises:
        assert (HTML / "notebooks" / "exercises" / f"{path.stem}.html").is_file(), path.name
    index = (HTML / "index.html").read_text(encoding="utf-8")
    assert 'href="teaching.html"' in index and "Exercises" in index


def test_built_pages_with_a_stepper_stay_under_1_mb():
    """A page with a stepper, with every picture it loads, weighs less than 1 MB (a student on
    a slow line or a phone opens it too)."""
    from binms_teach.widgets.lesson_steppers import STEPPERS

    built_pages()
    weights = {}
    for name in STEPPERS:
        page = HTML / "notebooks" / f"{name}.html"
        text = page.read_text(encoding="utf-8")
        assert text.count('class="binms-stepper"') == 1, f"{page.name}: no stepper"
        pictures = {src for src in re.findall(r'<img[^>]*\ssrc="([^"]+)"', text)
                    if not src.startswith("data:")}
        weights[name] = len(text.encode()) + sum((page.parent / src).stat().st_size
                                                 for src in pictures)
    heavy = {name: w for name, w in weights.items() if w >= 1_000_000}
    assert not heavy, f"pages of 1 MB or more (bytes, pictures included): {heavy}"
