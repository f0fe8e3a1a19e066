"""The described-figure API (`binms_teach.figures`): what a notebook stores when it shows one.

The outputs are read as a front end receives them: from IPython's display machinery (a shell
in this process) and, for the inline backend, from a real kernel running a small notebook.
"""

import base64
import json

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


@pytest.mark.parametrize("code", ["d", "display(d)"])
def test_one_picture_with_its_alt_then_the_numbers(shell, code):
    outputs = shown(shell, code, {"d": nmi_figure()})
    assert len(outputs) == 2, [list(data) for data, _ in outputs]
    (picture, meta), (table, table_meta) = outputs
    assert sorted(picture) == ["image/png", "text/plain"]
    assert meta == {"image/png": {"alt": ALT}}
    assert picture["text/plain"] == ALT
    png = picture["image/png"]
    png = base64.b64decode(png) if isinstance(png, str) else png
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert sorted(table) == ["text/html", "text/plain"]
    assert table["text/html"].startswith("<details><summary>The numbers behind the figure"
                                         "</summary>")
    assert "<table>" in table["text/html"] and table["text/html"].endswith("</details>")
    assert '<th scope="col">NMI</th>' in table["text/html"]
    assert '<th scope="row">25</th><td>0.880</td>' in table["text/html"]
    assert table["text/plain"].splitlines() == [
        "The numbers behind the figure:", "k2    NMI", " 5  0.710", "25  0.880", "50  0.831"]
    assert not table_meta


def test_a_picture_without_numbers_is_one_output(shell):
    fig = Figure(figsize=(2, 2))
    fig.add_subplot().imshow(np.eye(4), cmap="gray_r")
    d = describe(fig, "A four by four image with a black diagonal from top left.")
    outputs = shown(shell, "d", {"d": d})
    assert len(outputs) == 1 and outputs[0][1] == {"image/png": {"alt": d.alt}}
    assert d.numbers_html() == d.numbers_text() == ""


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
    assert kinds == [("display_data", ["image/png", "text/plain"]),
                     ("display_data", ["text/html", "text/plain"])], kinds
    assert json.loads(json.dumps(outputs[0].metadata)) == {"image/png": {"alt": ALT}}
