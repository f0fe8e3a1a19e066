"""The explorers for every student: named controls, described pictures, a live readout.

Driven without a browser, as tests/test_widgets.py does; what the browser makes of it (axe in
a real JupyterLab, a keyboard-only ascent) is in tests/e2e/test_axe_explorers.py. The numbers
in the descriptions are checked against `bga_path` and plain loops, not the explorer's model.
"""

import base64
import html
import re

import ipywidgets as widgets
import numpy as np
import pytest

from binms_teach import bga_path
from binms_teach.figures import alt_text_problem
from binms_teach.palette import contrast_ratio
from binms_teach.trace import path_map
from binms_teach.widgets import (
    INK,
    PAPER,
    TURNED_OFF,
    TURNED_ON,
    AscentExplorer,
    LabellingExplorer,
    PathMapExplorer,
)
from binms_teach.widgets.access import (
    EXPLORER_CLASS,
    LIVE_CLASS,
    DescribedImage,
    PlayButton,
    named_controls,
)

SHAPE = (16, 15)  # the shape of the `images` fixture (tests/conftest.py)


@pytest.fixture(scope="module")
def explorers(images):
    X, y = images
    from binms_teach import BinNNMS

    modes = BinNNMS(k1=8, k2=5).fit(X).modes_
    return {
        "ascent": AscentExplorer(X, start=7, k1=8, shape=SHAPE, y=y),
        "path_map": PathMapExplorer(path_map(X, range(0, 150, 10), k1=8), y=y),
        "labelling": LabellingExplorer(modes, k2=5, k2_max=20, y=y, X=X, shape=SHAPE),
    }


def walk(widget):
    """Every widget inside ``widget`` (itself included)."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def _hex(rgb):
    return "#{:02x}{:02x}{:02x}".format(*rgb)


@pytest.mark.parametrize("name", ["ascent", "path_map", "labelling"])
def test_every_control_has_a_name_and_the_readout_is_live(explorers, name):
    ex = explorers[name]
    assert EXPLORER_CLASS in ex.ui._dom_classes
    inside = list(walk(ex.ui))
    controls = [w for w in inside if isinstance(w, widgets.Button | widgets.ToggleButtons
                                                   | widgets.IntSlider | widgets.IntText
                                                   | widgets.BoundedIntText)]
    assert controls
    assert all(w.description.strip() for w in controls), [type(w) for w in controls
                                                          if not w.description.strip()]
    # Play's icon-only buttons are hidden; a button with words drives it.
    for play in (w for w in inside if isinstance(w, widgets.Play)):
        assert play.layout.display == "none"
        assert any(isinstance(w, widgets.Button) and w.description == "play" for w in inside)
    # The readout is a live region; the script that names sliders and sets it is there.
    assert LIVE_CLASS in ex.readout._dom_classes
    scripts = [w for w in inside if isinstance(w, widgets.HTML) and "onerror=" in w.value]
    assert len(scripts) == 1 and scripts[0].layout.display == "none"
    assert "aria-label" in scripts[0].value and "aria-live" in scripts[0].value
    # No picture without a text alternative: no ipywidgets.Image is left.
    assert not [w for w in inside if isinstance(w, widgets.Image)]


@pytest.mark.parametrize("name", ["ascent", "path_map", "labelling"])
def test_the_static_picture_carries_its_description(explorers, name):
    ex = explorers[name]
    data, _ = ex._repr_mimebundle_()
    # the picture a reader without a kernel sees: an <img> in text/html, its alt the description
    (img,) = re.findall(r'<img src="data:image/png;base64,([^"]+)" alt="([^"]*)"',
                        data["text/html"])
    alt = html.unescape(img[1])
    assert alt_text_problem(alt) is None, alt
    assert alt == " ".join(ex.description().split()) or alt == ex.description()
    assert base64.b64decode(img[0]).startswith(b"\x89PNG")


def test_ascent_pictures_say_the_iteration_the_changed_bits_and_the_distance(images):
    X, _ = images
    ex = AscentExplorer(X, start=7, k1=8, shape=SHAPE)
    path = bga_path(X, X[7], 8)  # x_0, ..., x_J by the readable code, independently
    mode = path[-1]
    seen = set()
    for j in range(len(path) - 1):
        ex.iteration.value = j
        alts = {name: picture.alt for name, picture in ex.images.items()}
        for name, alt in alts.items():
            assert alt_text_problem(alt) is None, (name, alt)
            assert f'alt="{alt}"' in ex.images[name].widget.value.replace("&#x27;", "'")
        changed = int(np.sum(path[j] != path[j + 1]))
        far = int(np.sum(path[j] != mode))
        assert f"iteration {j} of " in alts["iterate"]
        assert re.search(rf"\b{far} bits? from the mode", alts["iterate"]), alts["iterate"]
        assert re.search(rf"\b{changed} bits? changes?\b", alts["next"]), alts["next"]
        far_next = int(np.sum(path[j + 1] != mode))
        assert re.search(rf"is {far_next} bits? from the mode", alts["next"]), alts["next"]
        seen.add(alts["iterate"])
    assert len(seen) == len(path) - 1  # rewritten at every step


def test_path_map_and_labelling_descriptions_follow_the_controls(explorers):
    pm = explorers["path_map"]
    before = pm.image.alt
    pm.updates.value = 1
    assert pm.image.alt != before and "after 1 of" in pm.image.alt
    assert alt_text_problem(pm.image.alt) is None
    lab = explorers["labelling"]
    before = lab.image.alt
    lab.k2.value = 12
    assert lab.image.alt != before and "k2 = 12" in lab.image.alt
    assert f"{lab.state.n_clusters} clusters" in lab.image.alt
    assert alt_text_problem(lab.centres.alt) is None


def test_play_button_says_what_it_does():
    play = widgets.Play(value=0, min=0, max=4)
    button = PlayButton(play)
    assert (button.button.description, play.layout.display) == ("play", "none")
    button.button.click()
    assert play.playing and button.button.description == "pause"
    button.button.click()
    assert not play.playing and button.button.description == "play"


def test_described_image_escapes_its_text():
    picture = DescribedImage("x")
    picture.show(b"\x89PNG", 'A "quoted" <b>text</b> & more words to make eight.', 10)
    assert 'alt="A &quot;quoted&quot; &lt;b&gt;text&lt;/b&gt; &amp; more' in picture.widget.value
    assert named_controls().layout.display == "none"


@pytest.mark.parametrize("mark", [TURNED_ON, TURNED_OFF])
def test_the_changed_bits_stand_out_from_ink_and_paper(mark):
    """A changed bit sits between ink and paper cells: 3:1 against both (1.4.11)."""
    assert contrast_ratio(_hex(mark), _hex(INK)) >= 3
    assert contrast_ratio(_hex(mark), _hex(PAPER)) >= 3
