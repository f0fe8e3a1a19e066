"""The described-figure API (`binms_teach.figures`): what a notebook stores when it shows one.

The outputs are read as a front end receives them: from IPython's display machinery (a shell
in this process) and, for the inline backend, from a real kernel running a small notebook.
"""

import base64
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import matplotlib
import nbformat
import numpy as np
import pytest
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output
from matplotlib.figure import Figure

from binms_teach.figures import DescribedFigure, alt_text_problem, describe, style
from binms_teach.figures.describe import SLIDE_MAX_WIDTH_PX, SLIDE_MIN_TEXT_PX

ALT = "NMI against k2 for Digits: it rises to 0.88 at k2 = 25 and falls after."
NUMBERS = {"k2": [5, 25, 50], "NMI": [0.71, 0.88, 0.8312]}


def nmi_figure(slide=False):
    """A small line figure, drawn the way a lesson's figure function draws one."""
    with style(slide=slide):
        fig = Figure()
        ax = fig.add_subplot()
        ax.plot(NUMBERS["k2"], NUMBERS["NMI"], marker="o", label="NMI")
        ax.set_xlabel("$k_2$")
        ax.set_ylabel("NMI")
        ax.set_title("Digits")
        ax.legend()
        return describe(fig, ALT, numbers=NUMBERS)


@pytest.fixture(scope="module")
def shell():
    return InteractiveShell.instance()


def shown(shell, code, namespace):
    """The display outputs of running ``code`` as a cell: (data, metadata) pairs."""
    shell.user_ns.update(namespace)
    with capture_output() as captured:
        shell.run_cell(code, store_history=False)
    return [(o.data, o.metadata) for o in captured.outputs]


class _Parsed(HTMLParser):
    """The tags of an HTML output with their attributes, and the text inside each id."""

    def __init__(self, text):
        super().__init__()
        self.tags, self.text_of, self._open = [], {}, []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append((tag, attrs))
        self._open.append(attrs.get("id"))

    def handle_endtag(self, tag):
        self._open.pop()

    def handle_data(self, data):
        for key in filter(None, self._open):
            self.text_of[key] = self.text_of.get(key, "") + data

    def find(self, tag):
        return [attrs for name, attrs in self.tags if name == tag]


def sanitized(text):
    """The text as nbval compares it, through the course's notebooks/sanitize.cfg."""
    from nbval.plugin import get_sanitize_patterns

    config = (Path(__file__).resolve().parents[1] / "notebooks" / "sanitize.cfg").read_text()
    for regex, replace in get_sanitize_patterns(config):
        text = re.sub(regex, replace, text)
    return text


@pytest.mark.parametrize("code", ["d", "display(d)"])
def test_one_output_the_picture_with_its_alt_and_the_numbers(shell, code):
    d = nmi_figure()
    outputs = shown(shell, code, {"d": d})
    assert len(outputs) == 1, [list(data) for data, _ in outputs]
    (data, metadata), = outputs
    # No image/png: the picture is stored once, inside the HTML that JupyterLab shows.
    assert sorted(data) == ["text/html", "text/plain"] and not metadata
    page = _Parsed(data["text/html"])
    (img,) = page.find("img")
    assert img["alt"] == ALT
    assert img["src"].startswith("data:image/png;base64,")
    assert base64.b64decode(img["src"].removeprefix("data:image/png;base64,")) == d.png
    assert "aria-describedby" not in img  # no long description: nothing to point at
    (summary_text,) = [t for t in re.findall(r"<summary>(.*?)</summary>", data["text/html"])]
    assert summary_text == "The numbers behind the figure"
    assert page.find("th")[:2] == [{"scope": "col"}, {"scope": "col"}]
    assert '<th scope="row">25</th><td>0.880</td>' in data["text/html"]
    assert data["text/plain"].splitlines() == [
        ALT, "", "The numbers behind the figure:", "k2    NMI", " 5  0.710", "25  0.880",
        "50  0.831"]


def test_the_long_description_is_tied_to_the_picture():
    long = "The curve starts at 0.71 for k2 = 5, peaks at 0.88 at k2 = 25, ends at 0.831."
    fig = Figure(figsize=(2, 2))
    fig.add_subplot().plot(NUMBERS["k2"], NUMBERS["NMI"])
    d = describe(fig, ALT, numbers=NUMBERS, long=long)
    data = d._repr_mimebundle_()
    page = _Parsed(data["text/html"])
    (img,) = page.find("img")
    target = img["aria-describedby"]
    assert page.text_of[target] == long  # the id names the paragraph of the long text
    # a visible paragraph, outside the <details> of the numbers: Chromium computes no
    # description from a closed <details>, and the untrusted HTML keeps no aria-describedby
    assert [a for a in page.find("p") if a.get("id") == target] == [
        {"class": "binms-long", "id": target}]
    html_text = data["text/html"]
    assert html_text.index(long) < html_text.index("<details>")
    assert data["text/plain"].split("\n\n")[:2] == [ALT, long]
    # An alt or a long text with quotes and angle brackets stays text
    odd = describe(fig, 'The "NMI" curve: 0.71 < 0.88 > 0.83, & it falls back after k2 = 25.',
                   long="<script>not code</script> and more words than that.")
    page = _Parsed(odd.html())
    assert page.find("img")[0]["alt"] == odd.alt
    assert page.find("script") == [] and "&lt;script&gt;" in odd.html()


def test_the_id_and_every_text_are_machine_independent():
    """nbval compares text/html once the base64 is replaced: two drawings whose pixels differ
    (another machine's fonts) but which say the same thing give the same compared text; two
    that say different things get different ids."""
    first = Figure(figsize=(2, 2))
    first.add_subplot().plot([1, 2], [1, 2])
    a = describe(first, ALT, numbers=NUMBERS, long="A long text that says it.")
    fig = Figure(figsize=(3, 2))
    fig.add_subplot().plot([1, 2], [2, 1])
    b = describe(fig, ALT, numbers=NUMBERS, long="A long text that says it.")
    assert a.png != b.png and a.html() != b.html()
    assert sanitized(a.html()) == sanitized(b.html())
    assert "base64,PNG" in sanitized(a.html()) and "iVBOR" not in sanitized(a.html())
    c = describe(fig, ALT, numbers=NUMBERS, long="Another long text that says it.")
    assert a.long_id() != c.long_id()


def test_a_picture_without_numbers_is_the_picture_alone(shell):
    fig = Figure(figsize=(2, 2))
    fig.add_subplot().imshow(np.eye(4), cmap="gray_r")
    d = describe(fig, "A four by four image with a black diagonal from top left.")
    ((data, _),) = shown(shell, "d", {"d": d})
    page = _Parsed(data["text/html"])
    assert [t for t, _ in page.tags] == ["div", "img"] and page.find("img")[0]["alt"] == d.alt
    assert data["text/plain"] == d.alt and d.numbers_html() == d.numbers_text() == ""


def test_nbconvert_writes_the_alt(tmp_path):
    """nbconvert's HTML export (what a student may share) keeps the picture and its alt."""
    from nbconvert import HTMLExporter

    d = nmi_figure()
    cell = nbformat.v4.new_code_cell("d", execution_count=1)
    cell.outputs = [nbformat.v4.new_output("display_data", data=d._repr_mimebundle_())]
    body, _ = HTMLExporter().from_notebook_node(nbformat.v4.new_notebook(cells=[cell]))
    images = [attrs for attrs in _Parsed(body).find("img") if attrs.get("alt") == ALT]
    assert len(images) == 1 and images[0]["src"].startswith("data:image/png;base64,iVBOR")


def test_alt_text_is_normalised_and_is_the_repr():
    fig = Figure()
    d = describe(fig, "  An empty\n figure drawn only\tto test how the text is kept. ")
    assert d.alt == "An empty figure drawn only to test how the text is kept."
    assert repr(d) == d.alt and isinstance(d, DescribedFigure)


@pytest.mark.parametrize(("alt", "says"), [
    ("NMI against k2", "has 3 words"),
    ("", "is empty"),
    ("   ", "is empty"),
    ("../_images/3f2a9c.png", "file path"),
    ("figure.png showing the NMI of Digits against k2 for every k1", "file path"),
    ("/home/student/notebooks/figure of the NMI curve on Digits", "file path"),
    ("No description has been provided for this image", "placeholder"),
    ("TODO: describe the NMI curve of Digits against k2 later on", "placeholder"),
    ("Alt text for the figure goes here once it has been drawn", "placeholder"),
    (None, "not a str"),
    (42, "not a str"),
])
def test_refuses_what_is_not_a_description(alt, says):
    fig = Figure()
    with pytest.raises(ValueError, match=says) as caught:
        describe(fig, alt)
    # The message says what to write instead.
    assert "write at least 8 words saying what the figure shows" in str(caught.value)
    assert alt_text_problem(alt) == str(caught.value)


@pytest.mark.parametrize("alt", [
    ALT,
    "Ten cluster centres of Digits drawn as 16 by 15 images: each looks like its digit.",
    "The ascent of image 1056: 14 moves, 3 bits changed at the last one (k1/k2 = 10/25).",
])
def test_accepts_a_description(alt):
    assert alt_text_problem(alt) is None


def test_refuses_bad_numbers():
    fig = Figure()
    with pytest.raises(ValueError, match="equal lengths"):
        describe(fig, ALT, numbers={"k2": [1, 2, 3], "NMI": [0.1, 0.2]})
    with pytest.raises(TypeError, match="dict of columns"):
        describe(fig, ALT, numbers=[[1, 2], [3, 4]])
    with pytest.raises(TypeError, match="list or array"):
        describe(fig, ALT, numbers={"k2": 3})
    with pytest.raises(ValueError, match="empty dict"):
        describe(fig, ALT, numbers={})
    with pytest.raises(TypeError, match="matplotlib Figure"):
        describe("fig", ALT)


def test_numbers_are_machine_independent():
    """Rounded reals, integers kept, no '-0.000', NaN and None as '-'; numpy columns too."""
    d = describe(Figure(), ALT, numbers={
        "k1": np.array([1, 2, 3, 4]), "x": np.array([-1e-17, 0.12345, np.nan, 2.0]),
        "name": ["a", "b", None, "d"], "ok": [True, False, True, False]})
    assert d.numbers == {"k1": ["1", "2", "3", "4"], "x": ["0.000", "0.123", "-", "2.000"],
                         "name": ["a", "b", "-", "d"], "ok": ["True", "False", "True", "False"]}
    two = describe(Figure(), ALT, numbers={"x": [0.123456]}, decimals=2)
    assert two.numbers == {"x": ["0.12"]}


def test_the_same_figure_gives_the_same_bytes():
    a, b = nmi_figure(), nmi_figure()
    assert a.png == b.png
    assert (a.alt, a.numbers_html(), a.numbers_text()) == (b.alt, b.numbers_html(),
                                                          b.numbers_text())


def test_closes_the_figure_in_pyplot():
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    ax.plot([0, 1])
    number = fig.number
    describe(fig, ALT)
    assert number not in plt.get_fignums()


def test_style_changes_nothing_outside_and_slides_stay_readable():
    before = dict(matplotlib.rcParams)
    lesson, slide = nmi_figure(), nmi_figure(slide=True)
    assert dict(matplotlib.rcParams) == before
    # A lesson's figure: 9 pt ticks at 100 dpi, 12.5 px.
    assert lesson.smallest_text_px() == pytest.approx(12.5)
    # A slide's figure, shown at most 960 px wide: text at least 14 px.
    assert slide.smallest_text_px(SLIDE_MAX_WIDTH_PX) >= SLIDE_MIN_TEXT_PX
    assert slide.width <= SLIDE_MAX_WIDTH_PX + 10


def test_style_draws_on_opaque_white_with_the_palette():
    from binms_teach.figures import palette

    with style():
        assert matplotlib.rcParams["axes.prop_cycle"].by_key()["color"] == list(palette.COLOURS)
        fig = Figure(figsize=(1, 1))
        fig.add_subplot().axis("off")
        d = describe(fig, "A blank white square with nothing drawn in it at all.")
    from io import BytesIO

    from PIL import Image

    pixels = np.asarray(Image.open(BytesIO(d.png)).convert("RGBA"))
    assert (pixels == 255).all(), "the ground must be opaque white, not transparent"


def test_the_inline_backend_shows_the_figure_once(tmp_path):
    """In a real kernel with the inline backend, a described pyplot figure is stored once."""
    nbclient = pytest.importorskip("nbclient")
    cells = [nbformat.v4.new_code_cell(
        "%matplotlib inline\n"
        "import matplotlib.pyplot as plt\n"
        "from binms_teach.figures import describe\n"
        "fig, ax = plt.subplots()\n"
        "_ = ax.plot([1, 2, 3], [0.5, 0.88, 0.7])\n"
        f"describe(fig, {ALT!r}, numbers={NUMBERS!r})")]
    nb = nbformat.v4.new_notebook(cells=cells)
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    outputs = nb.cells[0].outputs
    kinds = [(o.output_type, sorted(o.get("data", {}))) for o in outputs]
    assert kinds == [("display_data", ["text/html", "text/plain"])], kinds
    stored = json.loads(json.dumps(outputs[0]))  # as the notebook's JSON holds it
    html = "".join(stored["data"]["text/html"])
    assert _Parsed(html).find("img")[0]["alt"] == ALT and not stored["metadata"]
