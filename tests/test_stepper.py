"""The book's steppers (binms_teach.widgets.stepper, .lesson_steppers): their HTML, and their
frames against the lessons' explorers built here independently, and against the snapshots the
notebooks store.

The browser half (keyboard, 320 px, axe, no outside request) is tests/e2e/test_book.py.
"""

import base64
import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from binms_teach.widgets.stepper import Frame, explorer_frames, small_png, stepper_html
from tests.by_path import load_module

ROOT = Path(__file__).resolve().parents[1]
build_book = load_module(ROOT / "tools" / "build_book.py")
MB = 1_000_000


class _Elements(HTMLParser):
    """Every start tag with its attributes, and the text inside each element of interest."""

    def __init__(self):
        super().__init__()
        self.tags, self.text, self._open = [], {}, []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._open.append(len(self.tags) - 1)

    def handle_endtag(self, tag):
        while self._open:
            i = self._open.pop()
            if self.tags[i][0] == tag:
                break

    def handle_data(self, data):
        for i in self._open:
            self.text[i] = self.text.get(i, "") + data

    def find(self, tag, **attrs):
        return [(i, a) for i, (t, a) in enumerate(self.tags)
                if t == tag and all(a.get(k) == v for k, v in attrs.items())]


def parse(page):
    parser = _Elements()
    parser.feed(page)
    return parser


def check_stepper_html(page, frames, label, start):
    """What every stepper must hold, read from its HTML as a browser would."""
    doc = parse(page)
    ranges = doc.find("input", type="range")
    assert len(ranges) == 1
    (_, slider), = ranges
    assert (int(slider["min"]), int(slider["max"]), int(slider["value"])) == (
        0, len(frames) - 1, start)
    assert slider["aria-valuetext"] == frames[start].value
    labels = [doc.text.get(i, "") for i, a in doc.find("label") if a.get("for") == slider["id"]]
    assert labels == [label], "the slider must have one visible label"
    buttons = sorted(" ".join(doc.text.get(i, "").split()) for i, _ in doc.find("button"))
    assert buttons == [f"next {label}", f"previous {label}"]
    images = [a for t, a in doc.tags if t == "img"]
    assert [a["alt"] for a in images] == [" ".join(f.description.split()) for f in frames]
    assert all(a["alt"].strip() for a in images), "every frame needs a text alternative"
    assert ["hidden" not in a for a in images] == [i == start for i in range(len(frames))]
    for a, frame in zip(images, frames, strict=True):
        assert a["src"] == "data:image/png;base64," + base64.b64encode(frame.png).decode()
        assert a["data-value"] == frame.value
        assert a["data-readout"] == " ".join(frame.readout.split())
    status = [i for i, a in enumerate(t[1] for t in doc.tags) if a.get("role") == "status"]
    assert len(status) == 1, "one status region, no more"
    assert doc.tags[status[0]][1].get("aria-live") == "polite"
    # it says the short readout, not the description again (that is the picture's alt)
    assert " ".join(doc.text[status[0]].split()) == " ".join(frames[start].readout.split())
    # Nothing that could be fetched from another host: every src/href is a data: URL or none.
    urls = [v for _, a in doc.tags for k, v in a.items() if k in ("src", "href", "action")]
    assert all(u.startswith("data:") for u in urls), urls
    text = re.sub(r"data:image/png;base64,[A-Za-z0-9+/=]+", "", page)
    assert not re.search(r"https?:|//[a-z]|@import|url\(|\bfetch\(|XMLHttpRequest", text)
    # Without script the controls could do nothing: they stay hidden until the script runs.
    controls = [a for _, a in doc.tags if a.get("class") == "binms-stepper-controls"]
    assert len(controls) == 1 and "hidden" in controls[0]
    ids = [a["id"] for _, a in doc.tags if "id" in a]
    assert len(ids) == len(set(ids))


def toy_frames(n=3):
    return [Frame(t, f"t = {t}", small_png(np.full((3, 4, 3), 60 * t, np.uint8)),
                  f"A grey square of level {60 * t}.", f"t = {t}") for t in range(n)]


def test_stepper_html_names_every_control_and_describes_every_frame():
    frames = toy_frames()
    check_stepper_html(stepper_html(frames, ident="toy", name="Toy", label="t", start=2),
                       frames, "t", 2)


def test_stepper_html_escapes_its_texts():
    frames = [Frame(0, 'a "quoted" <value>', small_png(np.zeros((2, 2, 3), np.uint8)),
                    "x < y & \"z\"", "")]
    page = stepper_html(frames, ident="esc", name="A <b>name</b>", label="t")
    assert '"quoted"' not in page and "<b>" not in page and "<value>" not in page
    assert parse(page).find("img")[0][1]["alt"] == 'x < y & "z"'


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"ident": "1st"}, "ident="), ({"ident": "a b"}, "ident="), ({"start": 3}, "start=3"),
    ({"start": -1}, "start=-1")])
def test_stepper_html_refuses_bad_input(kwargs, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        stepper_html(toy_frames(), **{"ident": "ok", "name": "n", "label": "t", **kwargs})
    with pytest.raises(ValueError, match="at least one frame"):
        stepper_html([], ident="ok", name="n", label="t")


def test_small_png_is_lossless():
    rgb = np.random.default_rng(0).integers(0, 256, size=(7, 9, 3), dtype=np.uint8)
    decoded = np.asarray(Image.open(io.BytesIO(small_png(rgb))).convert("RGB"))
    assert np.array_equal(decoded, rgb)


class _Counter:
    """A stand-in explorer: its picture and its texts are functions of one control's value."""

    def __init__(self):
        import ipywidgets as widgets

        self.control = widgets.IntSlider(value=2, min=0, max=9)
        self.readout = widgets.Label()
        self.control.observe(lambda _: setattr(self.readout, "value", f"n={self.control.value}"),
                             "value")

    def view(self):
        return np.full((2, 3, 3), 20 * self.control.value, np.uint8), []

    def description(self):
        return f"level {20 * self.control.value}"


def test_explorer_frames_keeps_what_the_explorer_shows_and_restores_the_control():
    ex = _Counter()
    frames = explorer_frames(ex, ex.control, [0, 5], ["zero", "five"])
    assert ex.control.value == 2
    assert [f.setting for f in frames] == [0, 5]
    assert [f.value for f in frames] == ["zero", "five"]
    assert [f.description for f in frames] == ["level 0", "level 100"]
    assert [f.readout for f in frames] == ["n=0", "n=5"]
    assert [int(f.pixels()[0, 0, 0]) for f in frames] == [0, 100]
    with pytest.raises(ValueError, match="one text per value"):
        explorer_frames(ex, ex.control, [0, 5], ["zero"])


# ------------------------------------------------------------------ the lessons' steppers


@pytest.fixture(scope="module")
def lessons():
    from binms_teach.widgets.lesson_steppers import STEPPERS

    return {name: build() for name, build in STEPPERS.items()}


@pytest.fixture(scope="module")
def digits():
    from binms_teach.datasets import load_digits

    bunch = load_digits()
    return bunch.data, bunch.target


def lesson_explorer(notebook, X, y):
    """The lesson's explorer and its control, built here as the lesson's cells build it
    (without the package's lesson_steppers)."""
    from binms_teach import BinNNMS
    from binms_teach.trace import path_map
    from binms_teach.widgets import AscentExplorer, LabellingExplorer, PathMapExplorer

    if notebook == "06_binary_gradient_ascent":
        ex = AscentExplorer(X, start=882, k1=10, y=y)
        return ex, ex.iteration
    modes = BinNNMS(k1=10, k2=20).fit(X).modes_
    if notebook == "07_epsilon_proximity":
        ex = LabellingExplorer(modes, k2=20, k2_max=60, y=y, X=X, shape=(16, 15))
        return ex, ex.k2
    assert notebook == "06b_algorithm1_on_data"
    distinct, basin, size = np.unique(modes, axis=0, return_inverse=True, return_counts=True)
    largest = np.argsort(-size, kind="stable")[:6]
    rng = np.random.default_rng(0)
    starts = np.concatenate([rng.permutation(np.flatnonzero(basin == b))[:12] for b in largest])
    background = rng.choice(len(X), size=300, replace=False)
    ex = PathMapExplorer(path_map(X, starts, 10, background=background), y=y)
    return ex, ex.updates


LESSONS = ["06_binary_gradient_ascent", "06b_algorithm1_on_data", "07_epsilon_proximity"]
ALL_LESSONS = ["04_aitchison_aitken_kernel", *LESSONS]
KERNEL_X = [[1, 1, 0, 0], [1, 0, 1, 0], [0, 1, 1, 0], [0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 0, 1]]


def kernel_view(lam):
    """What notebook 04's explorer shows when it starts at ``lam``: (pixels, description)."""
    from binms_teach.widgets import KernelExplorer

    ex = KernelExplorer(KERNEL_X, lam=lam)
    return ex.view()[0], " ".join(ex.description().split())


def test_kernel_stepper_frames_are_what_the_lesson_shows(lessons):
    stepper = lessons["04_aitchison_aitken_kernel"]
    settings = [f.setting for f in stepper.frames]
    assert (settings[0], settings[-1], stepper.frames[stepper.start].setting) == (0.5, 1.0, 0.75)
    for frame in stepper.frames:
        rgb, description = kernel_view(frame.setting)
        assert np.array_equal(frame.pixels(), rgb), frame.value
        assert frame.description == description


def test_every_lesson_with_an_explorer_has_a_stepper(lessons):
    shown = {p.stem for p in (ROOT / "notebooks").glob("*.ipynb")
             if re.search(r"\b\w+Explorer\s*\(", p.read_text(encoding="utf-8"))}
    assert shown <= set(lessons), f"lessons with an explorer but no stepper: {shown - set(lessons)}"
    assert set(LESSONS) <= set(lessons)


@pytest.mark.parametrize("notebook", LESSONS)
def test_stepper_frames_are_what_the_lessons_explorer_shows(lessons, digits, notebook):
    stepper = lessons[notebook]
    assert stepper.notebook == notebook
    explorer, control = lesson_explorer(notebook, *digits)
    assert stepper.frames[stepper.start].setting == control.value, "it starts where the lesson does"
    assert len(stepper.frames) >= 5
    settings = [f.setting for f in stepper.frames]
    assert settings == sorted(set(settings)), "the frames go one way, each once"
    assert control.min <= settings[0] and settings[-1] <= control.max
    for frame in stepper.frames:
        control.value = frame.setting
        assert np.array_equal(frame.pixels(), explorer.view()[0]), frame.value
        assert frame.description == " ".join(explorer.description().split())
        assert frame.readout == explorer.readout.value


def stored_snapshot(cell):
    """The picture of the explorer's view that a notebook cell stores, and its text
    alternative: an ``image/png`` output (the alt in its metadata) or an ``<img>`` of a
    ``text/html`` output. None when the cell stores neither."""
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if "image/png" in data:
            alt = output.get("metadata", {}).get("image/png", {}).get("alt", "")
            return base64.b64decode("".join(data["image/png"])), alt
        doc = parse("".join(data.get("text/html", "")))
        for _, attrs in doc.find("img"):
            src = attrs.get("src", "")
            if src.startswith("data:image/png;base64,"):
                return base64.b64decode(src.split(",", 1)[1]), attrs.get("alt", "")
    return None


def snapshot_differs(stepper, notebook_path):
    """Why the stepper's first frame is not the snapshot stored in ``notebook_path``, or ""."""
    nb = json.loads(Path(notebook_path).read_text(encoding="utf-8"))
    stored = stored_snapshot(build_book.explorer_cell(nb, stepper.explorer))
    if stored is None:
        return "the explorer's cell stores no picture of its view"
    png, alt = stored
    start = stepper.frames[stepper.start]
    picture = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
    if not np.array_equal(picture, start.pixels()):
        return "the pictures differ"
    if " ".join(alt.split()) != start.description:
        return f"the descriptions differ: {alt[:80]!r}... != {start.description[:80]!r}..."
    return ""


@pytest.mark.parametrize("notebook", ALL_LESSONS)
def test_stepper_starts_with_the_snapshot_the_notebook_stores(lessons, notebook):
    """The lesson's cell shows the explorer's first view as a described picture beside the
    widget: the stepper's first frame is that picture, pixel for pixel, with that text."""
    why = snapshot_differs(lessons[notebook], ROOT / "notebooks" / f"{notebook}.ipynb")
    assert not why, (f"{notebook}: {why} (re-execute the notebook, or follow the lesson's "
                     "parameters in binms_teach/widgets/lesson_steppers.py)")


@pytest.mark.parametrize("notebook", ALL_LESSONS)
def test_stepper_html_of_each_lesson(lessons, notebook):
    stepper = lessons[notebook]
    page = stepper.html()
    check_stepper_html(page, stepper.frames, stepper.label, stepper.start)
    assert len(page.encode()) < 0.75 * MB, "the page around it needs room within 1 MB"


def test_the_book_stages_the_stepper_in_place_of_the_explorers_outputs(tmp_path, lessons):
    stepper = lessons["06_binary_gradient_ascent"]
    source = ROOT / "notebooks" / f"{stepper.notebook}.ipynb"
    target = tmp_path / source.name
    build_book.stage_notebook(source, target, stepper)
    before = json.loads(source.read_text(encoding="utf-8"))
    after = json.loads(target.read_text(encoding="utf-8"))
    changed = [i for i, (a, b) in enumerate(zip(before["cells"], after["cells"], strict=True))
               if a.get("outputs") != b.get("outputs")]
    cell = build_book.explorer_cell(after, stepper.explorer)
    assert changed == [after["cells"].index(cell)]
    (output,) = cell["outputs"]
    assert output["data"]["text/html"] == stepper.html()
    assert output["data"]["text/plain"] == stepper.frames[stepper.start].description
    with pytest.raises(ValueError, match="0 cells call NoSuchExplorer"):
        build_book.explorer_cell(after, "NoSuchExplorer")
