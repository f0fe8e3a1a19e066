"""The explorers for every student: named controls, described pictures, a live readout.

Driven without a browser, as tests/test_widgets.py does; what the browser makes of it (axe in
a real JupyterLab, a keyboard-only ascent) is in tests/e2e/test_axe_explorers.py. The numbers
in the descriptions are checked against `bga_path` and plain loops, not the explorer's model.
"""

import base64
import html
import math
import re

import ipywidgets as widgets
import numpy as np
import pytest

from binms_teach import bga_path
from binms_teach.figures import alt_text_problem
from binms_teach.figures.palette import contrast_ratio
from binms_teach.trace import path_map
from binms_teach.widgets import (
    INK,
    PAPER,
    TURNED_OFF,
    TURNED_ON,
    AscentExplorer,
    KernelExplorer,
    LabellingExplorer,
    PathMapExplorer,
)
from binms_teach.widgets.access import (
    ANNOUNCE_CLASS,
    BORDER_COLOUR,
    BUTTON_GREY,
    DARK_BAR_COLOUR,
    EXPLORER_CLASS,
    FOCUS_COLOUR,
    GAP_COLOUR,
    LIVE_CLASS,
    PRESSED_GREY,
    QUIET_CLASS,
    STYLE,
    DescribedImage,
    PlayButton,
    named_controls,
)
from binms_teach.widgets.ascent import regions

# Notebook 04's six points in {0,1}^4.
X04 = np.array([[1, 1, 0, 0], [1, 0, 1, 0], [0, 1, 1, 0], [0, 0, 1, 1], [0, 0, 1, 1],
                [0, 0, 0, 1]], dtype=np.uint8)

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
        "kernel": KernelExplorer(X04, lam=0.75),
    }

ALL = ["ascent", "path_map", "labelling", "kernel"]


def walk(widget):
    """Every widget inside ``widget`` (itself included)."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def _hex(rgb):
    return "#{:02x}{:02x}{:02x}".format(*rgb)


@pytest.mark.parametrize("name", ALL)
def test_every_control_has_a_name_and_the_readout_is_live(explorers, name):
    ex = explorers[name]
    assert EXPLORER_CLASS in ex.ui._dom_classes
    inside = list(walk(ex.ui))
    controls = [w for w in inside if isinstance(w, widgets.Button | widgets.ToggleButtons
                                                   | widgets.IntSlider | widgets.FloatSlider
                                                   | widgets.IntText | widgets.BoundedIntText)]
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


@pytest.mark.parametrize("name", ALL)
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


@pytest.mark.parametrize("name", ["ascent", "path_map"])
def test_play_is_silent_while_playing_and_says_once_where_it_stopped(explorers, name):
    """One announcement a frame would queue up; the readout is quiet while Play plays and
    the hidden announcer says "Play stopped: <readout>" once, at the end or on pause."""
    ex = explorers[name]
    control = ex.iteration if name == "ascent" else ex.updates
    control.value = control.min
    announcer = ex.play_button.announcer
    assert announcer in list(walk(ex.ui)) and ANNOUNCE_CLASS in announcer._dom_classes
    assert announcer.value == "" and QUIET_CLASS not in ex.readout._dom_classes
    ex.play_button.button.click()
    assert ex.play.playing and QUIET_CLASS in ex.readout._dom_classes
    said = []
    announcer.observe(lambda change: said.append(change["new"]), "value")
    for value in range(control.min + 1, control.max + 1):  # the browser's timer, stepping
        ex.play.value = value
        assert QUIET_CLASS in ex.readout._dom_classes and said == []
    ex.play.playing = False  # the browser's Play at its last step
    assert said == [f"Play stopped: {ex.readout.value}"]
    assert str(control.max) in said[0] and QUIET_CLASS not in ex.readout._dom_classes
    # pause halfway: the same sentence, with the readout where it paused
    control.value = control.min
    ex.play_button.button.click()
    ex.play.value = control.min + 1
    ex.play_button.button.click()
    assert not ex.play.playing and said[-1] == f"Play stopped: {ex.readout.value}"
    assert len(said) == 3 and said[1] == ""  # cleared when play started, said when it paused


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


# --- what the browser is told: states, labels, focus, reflow ------------------------------
def test_the_hidden_widget_carries_the_states_the_labels_the_focus_and_the_reflow():
    """What the script and the style in every explorer's hidden widget give the page (the
    e2e test checks the page itself)."""
    value = named_controls().value
    style = value[value.index("<style>") + len("<style>"):value.index("</style>")]
    script = html.unescape(value[value.index('onerror="') + 9:value.rindex('"')])
    # toggle buttons: aria-pressed from the button's active class, their row a named group
    assert "'aria-pressed', button.classList.contains('mod-active')" in script
    assert "set(group, 'role', 'group')" in script and "set(group, 'aria-label'" in script
    # the label on the <input> itself, the typed-value box a named textbox
    assert "querySelectorAll('input, textarea, select')" in script
    assert "set(input, 'aria-label', text)" in script
    assert "set(readout, 'role', 'textbox')" in script
    # the readout goes quiet while Play plays (its class), the announcer is a live region too
    assert f"'.{LIVE_CLASS}, .{ANNOUNCE_CLASS}'" in script
    assert f"live.classList.contains('{QUIET_CLASS}') ? 'off' : 'polite'" in script
    # it runs again when a button's state (its class) changes
    assert "attributeFilter: ['class']" in script
    # reflow, scoped to the explorer: rows wrap, pictures scale, text wraps
    rules = dict(re.findall(r"([^{}]+)\{([^{}]*)\}", style))
    assert all(sel.strip().removeprefix('[data-jp-theme-light="false"] ').startswith(
        f".{EXPLORER_CLASS}") for r in rules for sel in r.split(","))
    assert any("img" in r and "max-width: 100%" in d and "height: auto" in d
               for r, d in rules.items())
    assert any(".widget-hbox" in r and "flex-wrap: wrap" in d for r, d in rules.items())
    assert any(f".{LIVE_CLASS}" in r and "white-space: normal" in d for r, d in rules.items())


def _luminance(hex_colour):
    """WCAG 2.1's relative luminance, written out: each sRGB channel c in [0, 1] is made
    linear (c / 12.92 up to 0.03928, else ((c + 0.055) / 1.055) ** 2.4) and weighted
    0.2126 R + 0.7152 G + 0.0722 B."""
    channels = [int(hex_colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _ratio(a, b):
    """WCAG's contrast ratio (lighter + 0.05) / (darker + 0.05)."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _rules(style):
    """The style's rules as (selector, {property: value}) pairs, in order."""
    return [(selector.strip(), dict((k.strip(), v.strip()) for k, v in
                                    (d.split(":", 1) for d in body.split(";") if ":" in d)))
            for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", style)]


def test_the_formula_gives_wcags_own_figures():
    """The written-out formula against figures WCAG's understanding documents give."""
    assert round(_ratio("#000000", "#ffffff"), 2) == 21.0
    assert round(_ratio("#767676", "#ffffff"), 2) == 4.54
    assert _ratio("#ffffff", "#ffffff") == 1.0


def test_the_focus_ring_has_a_white_gap_and_3_to_1_against_its_neighbours():
    """WCAG 2.4.7 and 1.4.11: a 3 px dark ring at 2 px from the control, the 2 px between
    them painted white, so the ring meets white inside and the page outside."""
    rules = _rules(STYLE)
    focus = [d for sel, d in rules if f".{EXPLORER_CLASS} :focus-visible" in sel.split(",")[0]]
    assert len(focus) == 1, rules
    ring = focus[0]
    # a text box too: ipywidgets' "outline: none !important" on it outranks ".X :focus"
    assert any(f".{EXPLORER_CLASS} .widget-inline-hbox input:focus" == sel.strip()
               for sels, d in rules if d is ring for sel in sels.split(","))
    width, kind, colour = ring["outline"].replace("!important", "").split()
    assert (width, kind, colour) == ("3px", "solid", FOCUS_COLOUR)
    offset = ring["outline-offset"].replace("!important", "").strip()
    gap = ring["box-shadow"].replace("!important", "").split()
    # the white spread of the box-shadow fills exactly the outline's offset: no page shows
    # through between the control and its ring
    assert gap[:3] == ["0", "0", "0"] and gap[3] == offset == "2px" and gap[4] == GAP_COLOUR
    # the ring against what can touch it or sit next to it: the white gap (and a white
    # page), JupyterLab's button grey, its pressed-button grey, the controls' #767676 border
    ratios = {ground: round(_ratio(FOCUS_COLOUR, ground), 2)
              for ground in (GAP_COLOUR, BUTTON_GREY, PRESSED_GREY, "#767676")}
    assert ratios == {"#ffffff": 17.4, "#eeeeee": 15.0, "#bdbdbd": 9.26, "#767676": 3.83}
    assert min(ratios.values()) >= 3
    # the library's formula agrees with the one written out here
    assert all(abs(contrast_ratio(FOCUS_COLOUR, g) - r) < 0.01 for g, r in ratios.items())
    # a mouse click draws no ring (:focus-visible does not match), the keyboard does
    mouse = [d for sel, d in rules if ":focus:not(:focus-visible)" in sel]
    assert mouse and mouse[0]["outline"].startswith("none")


def test_a_pressed_button_shows_a_bar_and_bold_words_and_every_edge_is_3_to_1():
    """WCAG 1.4.1 and 1.4.11: JupyterLab tells a pressed toggle button by its grey alone
    (#bdbdbd on #eeeeee, 1.62:1); here it also gets a 4 px dark bar and bold words, the bar
    at 3:1 or better against the grey it sits on and the edge it replaces."""
    rules = _rules(STYLE)
    assert round(_ratio(BUTTON_GREY, PRESSED_GREY), 2) == 1.62  # the state by colour alone
    pressed = [d for sel, d in rules if sel.endswith(".jupyter-button.mod-active")]
    assert len(pressed) == 1, rules
    assert pressed[0]["font-weight"] == "bold"
    bar = pressed[0]["box-shadow"].replace("!important", "").split()
    assert bar == ["inset", "0", "-4px", "0", "var(--binms-bar)"]
    # the bar's colour: dark in JupyterLab's light theme, white in a dark one
    bar_colour = {sel: d["--binms-bar"] for sel, d in rules if "--binms-bar" in d}
    assert bar_colour == {f".{EXPLORER_CLASS}": FOCUS_COLOUR,
                          f'[data-jp-theme-light="false"] .{EXPLORER_CLASS}': DARK_BAR_COLOUR}
    # focused by the keyboard or by the mouse, a pressed button keeps its bar (a later
    # box-shadow would otherwise replace it)
    for state in (":focus-visible", ":focus:not(:focus-visible)"):
        kept = [d for sel, d in rules if sel.endswith(f".mod-active{state}")]
        assert kept and kept[0]["box-shadow"].startswith("inset 0 -4px 0 var(--binms-bar)")
    bar_ratios = {ground: round(_ratio(FOCUS_COLOUR, ground), 2)
                  for ground in (PRESSED_GREY, BORDER_COLOUR)}
    assert bar_ratios == {"#bdbdbd": 9.26, "#767676": 3.83}
    # JupyterLab Dark, measured in Chromium: a pressed button #616161, the others #424242
    dark_ratios = {ground: round(_ratio(DARK_BAR_COLOUR, ground), 2)
                   for ground in ("#616161", "#424242", BORDER_COLOUR)}
    assert dark_ratios == {"#616161": 6.19, "#424242": 10.05, "#767676": 4.54}
    # every control's edge: buttons, text boxes, slider track and handle
    assert BORDER_COLOUR == "#767676" and round(_ratio(BORDER_COLOUR, "#ffffff"), 2) == 4.54
    assert round(_ratio(BORDER_COLOUR, BUTTON_GREY), 2) >= 3  # a button's edge on its own fill
    edged = {}  # each selector's declarations, over every rule that names it
    for selectors, declarations in rules:
        for selector in selectors.split(","):
            edged.setdefault(selector.strip().removeprefix(f".{EXPLORER_CLASS} "), {}).update(
                declarations)
    for part in (".widget-toggle-button", "select", ".widget-slider .noUi-handle",
                 ".widget-slider .noUi-target"):
        assert edged[part]["border"].startswith(f"1px solid {BORDER_COLOUR}"), part
    assert edged[".widget-slider .noUi-connects"]["background"] == BORDER_COLOUR


def test_the_book_stepper_draws_the_same_ring():
    from binms_teach.widgets.stepper import _STYLE

    rule = re.search(r":focus-visible\{([^}]*)\}", _STYLE).group(1)
    assert "outline:3px solid #1a1a1a" in rule and "outline-offset:2px" in rule
    assert "box-shadow:0 0 0 2px #fff" in rule


@pytest.mark.parametrize("name", ALL)
def test_no_fixed_width_wider_than_a_narrow_window(explorers, name):
    """Every width the explorer sets itself fits 320 CSS px minus JupyterLab's margins."""
    for w in walk(explorers[name].ui):
        width = getattr(getattr(w, "layout", None), "width", None)
        if width and width.endswith("px"):
            assert int(width[:-2]) <= 200, (type(w).__name__, width)


def test_regions_count_by_ninths_by_hand():
    mask = np.zeros((16, 15), dtype=bool)
    mask[0, 0] = mask[5, 4] = True      # top left (rows 0-5, columns 0-4)
    mask[8, 7] = True                   # centre (rows 6-10, columns 5-9)
    mask[15, 14] = mask[11, 10] = True  # bottom right
    assert regions(mask.ravel(), (16, 15)) == [("top left", 2), ("centre", 1),
                                               ("bottom right", 2)]
    assert regions(np.array([1, 0, 1]), (1, 3)) == [("left", 1), ("right", 1)]


def test_the_ascent_readout_says_what_changed_where_and_how_far_the_mode_is(images):
    """At three steps: the pixels turned on and off (counted here by loops, by ninths) and
    the Hamming distances to the mode before and after, from `bga_path`."""
    X, _ = images
    ex = AscentExplorer(X, start=7, k1=8, shape=SHAPE)
    path = bga_path(X, X[7], 8)
    assert len(path) >= 3
    for j in (0, 1, len(path) - 2):
        ex.iteration.value = j
        text = ex.readout.value
        on = [p for p in range(X.shape[1]) if path[j][p] == 0 and path[j + 1][p] == 1]
        off = [p for p in range(X.shape[1]) if path[j][p] == 1 and path[j + 1][p] == 0]
        assert f"{len(on) + len(off)} bits change: {len(on)} on" in text, text
        assert f", {len(off)} off" in text, text
        # the region of the most turned-on pixels is named with its count
        by_region = {}
        for p in on:
            r, c = divmod(p, 15)
            name = (["top", "middle", "bottom"][0 if r < 6 else 1 if r < 11 else 2] + " "
                    + ["left", "centre", "right"][c // 5]).replace("middle centre", "centre")
            by_region[name] = by_region.get(name, 0) + 1
        if on:
            most = max(by_region.values())
            assert any(f"{name} {most}" in text for name, n in by_region.items() if n == most)
        far = int(np.sum(path[j] != path[-1]))
        far_next = int(np.sum(path[j + 1] != path[-1]))
        assert text.endswith(f"distance to the mode: {far} bits, then {far_next}") or \
            text.endswith(f"distance to the mode: {far} bit, then {far_next}"), text


def test_the_votes_are_numbers_and_the_clusters_are_numbered(explorers, images):
    """Colour is never the only key: the votes' text says counts are written; the 07 map,
    bars and centres carry the clusters' numbers; the 06b map carries the labels."""
    ascent = explorers["ascent"]
    assert "count written in it" in ascent.images["votes"].alt
    assert "underlined" in ascent.legend.value
    lab = explorers["labelling"]
    lab.k2.value = 5
    s = lab.state
    order = np.argsort(-s.sizes, kind="stable")
    shown = [t for t in lab.numbers if t.get_visible()]
    assert [t.get_text() for t in shown] == [str(r + 1) for r in range(min(10, len(order)))]
    for r, t in enumerate(shown):  # beside the most visited mode of the r-th largest cluster
        members = [i for i in range(len(s.components)) if s.components[i] == order[r]]
        visits = lab.model.counts
        best = max(members, key=lambda i: (visits[i], -i))
        assert np.allclose(t.xy, lab._coords[best])
    bars = lab.figure.axes[1]
    assert [t.get_text() for t in bars.get_xticklabels()] == [str(r + 1) for r in range(10)]
    assert "numbered 1 to" in lab.centres.alt and "numbered" in lab.description()
    pm = explorers["path_map"]
    pm.updates.value = 0
    _, y = images
    at = {}  # the labels of the starts at each place at t = 0, by hand
    for start in pm.map.starts:
        at.setdefault(int(start), set()).add(str(y[start]))
    tags = sorted(t.get_text() for t in pm.tags if t.get_visible())
    assert tags == sorted(", ".join(sorted(labels)) for labels in at.values())
    assert "label is written beside each iterate" in pm.description()


# --- the kernel explorer of notebook 04 ---------------------------------------------------
def kernel_by_loops(X, lam):
    """K_lam by distance and the density estimate at every point of {0,1}^d, by loops."""
    d = len(X[0])
    points = [[(v >> (d - 1 - b)) & 1 for b in range(d)] for v in range(2 ** d)]

    def K(diff):
        h = sum(diff)
        return lam ** (d - h) * (1 - lam) ** h

    point = [lam ** (d - h) * (1 - lam) ** h for h in range(d + 1)]
    shell = [math.comb(d, h) * point[h] for h in range(d + 1)]
    density = [sum(K([a ^ b for a, b in zip(x, row, strict=True)]) for row in X) / len(X)
               for x in points]
    return points, point, shell, density


def test_the_kernel_explorer_shows_the_kernel_and_the_estimate(explorers):
    ex = KernelExplorer(X04, lam=0.75)
    assert ex.lam.description == "lambda" and EXPLORER_CLASS in ex.ui._dom_classes
    for lam in (0.75, 0.9, 0.5, 1.0):
        ex.lam.value = lam
        points, point, shell, density = kernel_by_loops(X04.tolist(), lam)
        assert ex.names == ["".join(map(str, p)) for p in points]
        assert np.allclose(ex.state.point, point) and np.allclose(ex.state.shell, shell)
        assert np.allclose(ex.state.density, density)
        assert ex.state.density.sum() == pytest.approx(1.0)
        alt = ex.image.alt
        assert alt_text_problem(alt) is None and f"lambda = {lam:.2f}" in alt
        assert f'alt="{html.escape(alt)}"' in ex.image.widget.value
        best = int(np.argmax(density))
        assert f"highest estimate at {ex.names[best]}" in ex.readout.value
        assert f"{density[best]:.4f})" in ex.readout.value
        # every number of the right panel in the table under it
        for name, value in zip(ex.names, density, strict=True):
            assert f"<th scope=\"row\">{name}</th><td>{value:.4f}</td>" in ex.numbers.value


def test_the_kernel_readout_says_what_a_move_changed():
    ex = KernelExplorer(X04, lam=0.75)
    assert ex.readout.value.startswith("lambda = 0.75 · one point at distance 0 holds 0.3164")
    said = []
    for lam in (0.76, 0.77, 0.78):
        ex.lam.value = lam
        said.append(ex.readout.value)
    for (was, now), text in zip([(0.75, 0.76), (0.76, 0.77), (0.77, 0.78)], said, strict=True):
        assert text.startswith(f"lambda {was:.2f} → {now:.2f} · one point at distance 0 "
                               f"holds {was ** 4:.4f} → {now ** 4:.4f} · ")


def test_the_kernel_explorer_refuses_what_it_cannot_draw():
    with pytest.raises(ValueError, match="at most d = 8"):
        KernelExplorer(np.zeros((2, 9), dtype=np.uint8))
    with pytest.raises(ValueError, match=r"outside \[0.5, 1\]"):
        KernelExplorer(X04, lam=0.3)
