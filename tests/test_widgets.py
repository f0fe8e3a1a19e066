"""Drive the widgets as a user would, without a browser, and check what they show.

Each test moves a control (``slider.value = ...``, ``button.click()``) and compares
the widget's state, readout and decoded pictures with an independent computation:
`bga_path` and plain loops (tests/reference_impl.py), never the widget's own model.
"""

import base64
import io
import re

import numpy as np
import pytest
from matplotlib import colormaps
from matplotlib import image as mpimg
from sklearn.metrics import adjusted_rand_score, normalized_mutual_info_score

from binms_teach import BinNNMS, bga, bga_path
from binms_teach.datasets import load_digits
from binms_teach.figures.palette import DIVERGING_CMAP, GREY, OKABE_ITO, series_style
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
from tests import reference_impl as ref
from tests.guards import missing

SHAPE = (16, 15)  # the shape of the `images` fixture (tests/conftest.py)


def decode(image_widget):
    """The pixels an ipywidgets.Image shows, as uint8 RGB (decoded by Pillow)."""
    return decode_png(image_widget.value)


def decode_png(data):
    rgb = mpimg.imread(io.BytesIO(data), format="png")
    return (np.asarray(rgb)[..., :3] * 255).round().astype(np.uint8)


def hex_rgb(colour):
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


def check_bundle(explorer, pictures):
    """The display bundle: the live widget, and a PNG of the current view for static readers.

    ``pictures`` are RGB arrays on display now; each must appear, pixel for pixel,
    inside the PNG at the place the view gives it.
    """
    bundle = explorer._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "application/vnd.jupyter.widget-view+json" in data
    assert not data["text/plain"].startswith("VBox(")
    source = re.search(r'<img src="data:image/png;base64,([^"]+)"', data["text/html"])[1]
    png = decode_png(base64.b64decode(source))
    view, places = explorer.view()
    assert png.shape == view.shape and np.array_equal(png, view)
    assert len(places) >= len(pictures)
    for picture in pictures:
        h, w, _ = picture.shape
        assert any(np.array_equal(png[r:r + h, c:c + w], picture) for r, c in places), \
            "a picture on display is missing from the PNG"
    return png


def cells(rgb, scale, offset=None, origin=(0, 0)):
    """The colour of every image pixel (16 x 15 cells), read at one point inside each cell."""
    o = scale // 2 if offset is None else offset
    r0, c0 = origin
    rows = r0 + np.arange(SHAPE[0]) * scale + o
    cols = c0 + np.arange(SHAPE[1]) * scale + o
    return rgb[np.ix_(rows, cols)]


def bits(colours):
    """INK -> 1, PAPER -> 0; anything else fails."""
    ink = np.all(colours == INK, axis=-1)
    paper = np.all(colours == PAPER, axis=-1)
    assert np.all(ink | paper), "a pixel is neither ink nor paper"
    return ink.astype(np.uint8).reshape(-1)


# The 3 x 5 digits, drawn here by hand, row by row ("#" is ink), to read a cell's number back.
DIGIT_ROWS = {0: "### #.# #.# #.# ###", 1: ".#. ##. .#. .#. ###", 2: "### ..# ### #.. ###",
              3: "### ..# .## ..# ###", 4: "#.# #.# ### ..# ..#", 5: "### #.. ### ..# ###",
              6: "### #.. ### #.# ###", 7: "### ..# .#. .#. .#.", 8: "### #.# ### #.# ###",
              9: "### #.# ### ..# ###"}


def read_black_number(pixels, zoom):
    """The number written in black (each font pixel a zoom x zoom square) in ``pixels``."""
    ink = np.all(pixels == 0, axis=2)
    rows, cols = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
    ink = ink[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1][::zoom, ::zoom]
    glyphs = [" ".join("".join("#" if v else "." for v in row) for row in ink[:, c:c + 3])
              for c in range(0, ink.shape[1], 4)]
    return int("".join(str(d) for g in glyphs for d, rows_ in DIGIT_ROWS.items() if rows_ == g))


def read_number(cell):
    """The number written in a 10 x 10 cell of the votes picture (its glyphs fill rows 2-6):
    the pixels of another colour than the background (pixel (1, 1))."""
    ink = np.any(cell[2:7, 1:] != cell[1, 1], axis=2)
    columns = [c for c in range(ink.shape[1]) if ink[:, c].any()]
    left = columns[0]
    digits = ""
    while left < ink.shape[1] and ink[:, left:left + 3].any():
        glyph = " ".join("".join("#" if v else "." for v in row) for row in ink[:, left:left + 3])
        matches = [d for d, rows in DIGIT_ROWS.items() if rows == glyph]
        assert len(matches) == 1, glyph
        digits += str(matches[0])
        left += 4
    return int(digits)


def votes_by_loops(X, x, k1):
    """NN_k1(x) by the definition and the number of ones per coordinate among them."""
    rows = X.tolist()
    nn = ref.nn_k(rows, x.tolist(), k1)
    ones = [sum(rows[i][c] for i in nn) for c in range(len(x))]
    return nn, ones


# The ninths of a 16 x 15 image by hand: rows 0-5, 6-10, 11-15; columns 0-4, 5-9, 10-14.
NINTHS = [(f"{r} {c}".replace("middle centre", "centre"), rows, cols)
          for r, rows in (("top", range(0, 6)), ("middle", range(6, 11)),
                          ("bottom", range(11, 16)))
          for c, cols in (("left", range(0, 5)), ("centre", range(5, 10)),
                          ("right", range(10, 15)))]


def flips_by_hand(pixels, how):
    """'N on (region a, region b, region c, M elsewhere)' from a list of flipped pixel indices."""
    if not pixels:
        return f"0 {how}"
    counts = [(name, sum(1 for p in pixels if p // 15 in rows and p % 15 in cols))
              for name, rows, cols in NINTHS]
    counts = [(name, n) for name, n in counts if n]
    top = sorted(counts, key=lambda t: -t[1])[:3]
    parts = [f"{name} {n}" for name, n in top]
    rest = len(pixels) - sum(n for _, n in top)
    return f"{len(pixels)} {how} ({', '.join(parts + ([f'{rest} elsewhere'] if rest else []))})"


def readout_by_hand(j, n_updates, k1, x, x_next, ties, mode):
    on = [p for p in range(len(x)) if x[p] == 0 and x_next[p] == 1]
    off = [p for p in range(len(x)) if x[p] == 1 and x_next[p] == 0]
    changed = len(on) + len(off)
    text = (f"iteration {j} of {n_updates - 1} · k1 = {k1} · "
            f"{changed} {'bit changes' if changed == 1 else 'bits change'}")
    if changed:
        text += f": {flips_by_hand(on, 'on')}, {flips_by_hand(off, 'off')}"
    text += f" · {ties} {'tie' if ties == 1 else 'ties'}"
    if changed == 0:
        return text + f" · fixed point: x_{j} is a mode"
    far = sum(a != b for a, b in zip(x, mode, strict=True))
    far_next = sum(a != b for a, b in zip(x_next, mode, strict=True))
    return text + f" · distance to the mode: {far} {'bit' if far == 1 else 'bits'}, then {far_next}"


def check_step_on_screen(ex, X, start, k1, j):
    """What the explorer shows at iteration j equals the independent computation."""
    path = bga_path(X, X[start], k1)
    _, n_iter, _ = bga(X, X[start][None, :], k1)
    x = path[min(j, len(path) - 1)]
    nn, ones = votes_by_loops(X, x, k1)
    x_next = np.array(ref.maj([X[i].tolist() for i in nn], "one", x.tolist()), dtype=np.uint8)
    ties = [2 * o == k1 for o in ones]
    changed = int((x_next != x).sum())
    # the state
    assert ex.state.j == j
    assert np.array_equal(ex.state.x, x)
    assert np.array_equal(ex.state.x_next, x_next)
    assert ex.state.neighbours.tolist() == nn
    # the text
    assert ex.readout.value == readout_by_hand(j, int(n_iter[0]), k1, x.tolist(),
                                               x_next.tolist(), sum(ties), path[-1].tolist())
    assert changed == 0 or f"{changed} bits change" in ex.readout.value
    assert ex.iteration.value == j and ex.iteration.max == n_iter[0] - 1
    # the pictures, decoded from the PNG bytes the browser receives
    s = ex.scale
    assert bits(cells(decode(ex.images["iterate"]), s)) .tolist() == x.tolist()
    nxt = cells(decode(ex.images["next"]), s).reshape(-1, 3)
    for c in range(len(x)):
        want = (TURNED_ON if x_next[c] > x[c] else TURNED_OFF if x_next[c] < x[c]
                else INK if x[c] else PAPER)
        assert tuple(nxt[c]) == want, f"pixel {c} of x_{j + 1}"
    votes = decode(ex.images["votes"])
    lut = colormaps[DIVERGING_CMAP](np.arange(k1 + 1) / k1)[:, :3] * 255
    corner = cells(votes, s, offset=1).reshape(-1, 3).astype(float)
    assert np.abs(corner - lut[ones]).max() <= 1, "vote colours"
    # colour is not the only key: each count is written in its cell, each tie underlined
    for c in range(len(x)):
        r0, c0 = divmod(c, SHAPE[1])
        cell = votes[r0 * s:(r0 + 1) * s, c0 * s:(c0 + 1) * s]
        assert read_number(cell) == ones[c], f"the count written in pixel {c}"
        assert bool(np.all(cell[8, 2:s - 1] == 0)) == ties[c], f"tie line of pixel {c}"
    thumbs = decode(ex.images["neighbours"])
    t, gap = ex.thumb_scale, 4
    for i, index in enumerate(nn):
        r, c = divmod(i, 10)
        origin = (gap + r * (SHAPE[0] * t + gap), gap + c * (SHAPE[1] * t + gap))
        assert bits(cells(thumbs, t, origin=origin)).tolist() == X[index].tolist()


def test_the_explorer_steps_through_an_ascent(images):
    X, _ = images
    ex = AscentExplorer(X, start=7, k1=8, shape=SHAPE)
    assert ex.trace.n_iter >= 3, "the test needs an ascent with a few moves"
    check_step_on_screen(ex, X, 7, 8, 0)
    ex.step.click()
    check_step_on_screen(ex, X, 7, 8, 1)
    ex.step.click()
    check_step_on_screen(ex, X, 7, 8, 2)
    ex.back.click()
    check_step_on_screen(ex, X, 7, 8, 1)
    ex.iteration.value = ex.iteration.max
    check_step_on_screen(ex, X, 7, 8, ex.iteration.max)
    assert ex.readout.value.endswith("is a mode")


def test_step_and_back_stop_at_the_ends(images):
    X, _ = images
    ex = AscentExplorer(X, start=3, k1=6, shape=SHAPE)
    assert ex.back.disabled and not ex.step.disabled
    ex.back.click()
    assert ex.iteration.value == 0
    for _ in range(ex.iteration.max + 3):
        ex.step.click()
    assert ex.iteration.value == ex.iteration.max and ex.step.disabled
    assert np.array_equal(ex.state.x, ex.state.x_next)


def test_play_moves_the_iteration(images):
    X, _ = images
    ex = AscentExplorer(X, start=7, k1=8, shape=SHAPE)
    ex.play.value = 2
    check_step_on_screen(ex, X, 7, 8, 2)


def test_changing_k1_and_the_point_restarts_the_ascent(images):
    X, _ = images
    ex = AscentExplorer(X, start=7, k1=8, shape=SHAPE)
    ex.iteration.value = 1
    ex.k1.value = 5
    check_step_on_screen(ex, X, 7, 5, 0)
    ex.point.value = 40
    check_step_on_screen(ex, X, 40, 5, 0)
    ex.step.click()
    check_step_on_screen(ex, X, 40, 5, 1)
    assert "point 40" in ex.title.value


def test_traces_are_cached_per_point_and_k1(images):
    X, _ = images
    ex = AscentExplorer(X, start=7, k1=8, shape=SHAPE)
    first = ex.trace
    ex.k1.value = 9
    assert ex.trace is not first
    ex.k1.value = 8
    assert ex.trace is first


def test_the_path_strip_frames_the_current_iterate(images):
    X, _ = images
    ex = AscentExplorer(X, start=7, k1=8, shape=SHAPE)
    path = bga_path(X, X[7], 8)
    strip = decode(ex.images["path"])
    p, pad, gap = ex.path_scale, 3, 2
    width = SHAPE[1] * p + 2 * pad
    for j in range(len(path)):
        ex.iteration.value = j
        strip = decode(ex.images["path"])
        for i in range(len(path)):
            corner = strip[gap, gap + i * (width + gap)]
            assert (tuple(corner) == (0, 114, 178)) == (i == j), f"frame of x_{i} at j = {j}"
            origin = (gap + pad, gap + i * (width + gap) + pad)
            assert bits(cells(strip, p, origin=origin)).tolist() == path[i].tolist()


def test_the_controls_are_findable_by_a_browser_test(images):
    X, _ = images
    ex = AscentExplorer(X, shape=SHAPE)
    assert ex.iteration.description == "iteration"
    assert ex.step.description == "step"
    assert "bga-readout" in ex.readout._dom_classes
    # one screen pixel per pixel drawn: 15 columns of 10 pixels
    assert ex.images["iterate"].width == str(15 * ex.scale)
    check_bundle(ex, [ex.pixels[name] for name in ("iterate", "votes", "next")])


def test_the_display_bundle_shows_the_current_step_to_readers_without_a_kernel(images):
    X, _ = images
    ex = AscentExplorer(X, start=7, k1=8, shape=SHAPE)
    first = check_bundle(ex, list(ex.pixels.values()))
    ex.step.click()
    second = check_bundle(ex, list(ex.pixels.values()))
    assert not np.array_equal(first, second), "the PNG follows the step on display"


def test_a_bit_turned_off_is_ringed_so_colour_is_not_the_only_key():
    from binms_teach.widgets import next_image
    img = next_image(np.array([1, 0, 1]), np.array([0, 1, 1]), (1, 3), scale=10)
    assert tuple(img[5, 5]) == TURNED_OFF and tuple(img[2, 5]) == PAPER   # ring, first cell
    assert tuple(img[5, 15]) == TURNED_ON and tuple(img[2, 15]) == TURNED_ON  # filled


def ball_by_loops(X, x, k1):
    """B(x, delta_(k1)(x)) by the definition: every row within the k1-th smallest distance."""
    rows = X.tolist()
    dist = [ref.hamming(row, x.tolist()) for row in rows]
    radius = sorted(dist)[k1 - 1]
    return sorted((i for i in range(len(rows)) if dist[i] <= radius), key=lambda i: (dist[i], i))


def test_the_neighbours_toggle_shows_the_closed_ball(images):
    X, _ = images
    k1 = 8
    # a start whose k1-th distance is tied, so that the ball holds more than k1 points
    start = next(i for i in range(len(X)) if len(ball_by_loops(X, X[i], k1)) > k1)
    ex = AscentExplorer(X, start=start, k1=k1, shape=SHAPE)
    index_trace = ex.trace
    assert len(ex.state.neighbours) == k1
    ex.iteration.value = 1 if ex.iteration.max >= 1 else 0
    ex.neighbours.value = "ball"
    assert ex.iteration.value == 0, "a new rule restarts the ascent"
    path = bga_path(X, X[start], k1, neighbours="ball")
    for j in range(ex.iteration.max + 1):
        ex.iteration.value = j
        x = path[min(j, len(path) - 1)]
        ball = ball_by_loops(X, x, k1)
        assert np.array_equal(ex.state.x, x)
        assert ex.state.neighbours.tolist() == ball
        want = ref.maj([X[i].tolist() for i in ball], "one", x.tolist())
        assert ex.state.x_next.tolist() == want
        ones = [sum(int(X[i][c]) for i in ball) for c in range(X.shape[1])]
        assert ex.state.ties.tolist() == [2 * o == len(ball) for o in ones]
        assert f"k1 = {k1} · ball of {len(ball)} points · " in ex.readout.value
        # the heat map uses the colours of len(ball) voters
        votes = decode(ex.images["votes"])
        lut = colormaps[DIVERGING_CMAP](np.arange(len(ball) + 1) / len(ball))[:, :3] * 255
        corner = cells(votes, ex.scale, offset=1).reshape(-1, 3).astype(float)
        assert np.abs(corner - lut[ones]).max() <= 1
    assert "neighbours = 'ball'" in ex.title.value
    assert ex.readout.value.startswith(f"iteration {ex.iteration.max} of {ex.iteration.max} ·")
    ex.neighbours.value = "index"
    assert ex.trace is index_trace, "the index trace comes back from the cache"
    assert len(ex.state.neighbours) == k1 and "ball of" not in ex.readout.value


def test_the_explorer_refuses_a_wrong_shape(images):
    X, _ = images
    with pytest.raises(ValueError, match="rows \\* columns = 240"):
        AscentExplorer(X, shape=(15, 15))
    with pytest.raises(ValueError, match="k1_max"):
        AscentExplorer(X, k1=40, k1_max=30, shape=SHAPE)


def test_the_explorer_on_digits_shows_upright_digits():
    try:
        digits = load_digits(download=False)
    except FileNotFoundError as exc:  # only a missing file may skip, and never under CI
        missing(f"Digits was not found: {exc}")
    X = digits.data
    ex = AscentExplorer(X, start=0, k1=10, shape=SHAPE)
    check_step_on_screen(ex, X, 0, 10, 0)
    # Image 0 is a zero: ink in the middle rows' left and right edges, paper inside.
    shown = bits(cells(decode(ex.images["iterate"]), ex.scale)).reshape(SHAPE)
    assert np.array_equal(shown, digits.images[0])
    assert shown[7, 7] == 0 and shown[7, :4].any() and shown[7, -4:].any()


# ---------------------------------------------------------------- the path map

def test_the_path_map_follows_the_paths(images):
    X, y = images
    starts = [0, 7, 40, 99]
    pm = path_map(X, starts, k1=8, background=range(0, 150, 5))
    w = PathMapExplorer(pm, y=y)
    paths = [bga_path(X, X[s], 8) for s in starts]
    assert w.updates.max == max(len(p) for p in paths) - 1
    pictures = set()
    for t in range(w.updates.max + 1):
        w.updates.value = t
        for i, path in enumerate(paths):
            assert np.array_equal(pm.points[w.state.index[i]], path[min(t, len(path) - 1)])
        moving = sum(t < len(p) - 1 for p in paths)
        distinct = len({tuple(p[min(t, len(p) - 1)]) for p in paths})
        assert w.readout.value == (f"updates t = {t} of {w.updates.max} · {moving} of 4 points "
                                   f"still moving · {distinct} distinct iterates")
        assert decode(w.image).shape == (400, 600, 3)
        pictures.add(w.image.value)
        check_bundle(w, [decode(w.image)])
    assert len(pictures) == w.updates.max + 1, "every update must change the picture"
    w.play.value = 0
    assert w.updates.value == 0


def test_the_path_map_draws_trails_and_markers_where_the_paths_are(images):
    X, y = images
    starts = [0, 7, 40, 99]
    pm = path_map(X, starts, k1=8)
    w = PathMapExplorer(pm, y=y)
    paths = [bga_path(X, X[s], 8) for s in starts]

    def place(x):  # the map position of a vector, looked up among the map's points
        return pm.coords[np.flatnonzero((pm.points == x).all(axis=1))[0]]

    colour = {c: hex_rgb(OKABE_ITO[c]) for c in range(3)}
    # a legend names every label: its colour, marker and line style
    legend = w.figure.axes[0].get_legend()
    entries = {t.get_text(): h for t, h in zip(legend.get_texts(), legend.legend_handles,
                                                strict=True)}
    for c in sorted({int(y[s]) for s in starts}):
        style = series_style(c)
        assert entries[str(c)].get_marker() == style["marker"]
        assert np.allclose(entries[str(c)].get_color()[:3] if not isinstance(
            entries[str(c)].get_color(), str) else hex_rgb(entries[str(c)].get_color()),
            colour[c])
    for t in range(w.updates.max + 1):
        w.updates.value = t
        segments = w.trails.get_segments()
        for i, path in enumerate(paths):
            seen = path[: min(t, len(path) - 1) + 1]
            assert np.allclose(segments[i], [place(x) for x in seen])
        for markers, moving in ((w.moving_markers, True), (w.arrived_markers, False)):
            which = [i for i, p in enumerate(paths) if (t < len(p) - 1) == moving]
            assert np.allclose(markers.get_offsets(),
                               np.reshape([place(paths[i][min(t, len(paths[i]) - 1)])
                                           for i in which], (-1, 2)))
            assert np.allclose(markers.get_facecolors()[:, :3].reshape(-1, 3),
                               np.reshape([colour[y[starts[i]]] for i in which], (-1, 3)))
            # and the marker of the label, so that colour is not the only key
            want = [series_style(int(y[starts[i]]))["marker"] for i in which]
            assert len(markers.get_paths()) == len(which)
            for path, marker in zip(markers.get_paths(), want, strict=True):
                from matplotlib.markers import MarkerStyle
                ms = MarkerStyle(marker)
                assert np.allclose(path.vertices,
                                   ms.get_path().transformed(ms.get_transform()).vertices)


# ---------------------------------------------------------------- the labelling task

@pytest.fixture(scope="module")
def fitted(images):
    X, y = images
    return X, y, BinNNMS(k1=4, k2=3).fit(X).modes_


def test_the_k2_slider_shows_epsilon_and_the_clusters(fitted):
    X, y, modes = fitted
    w = LabellingExplorer(modes, k2=3, k2_max=30, y=y, X=X, shape=SHAPE)
    rows = modes.tolist()
    for k2 in (1, 4, 12, 30):
        w.k2.value = k2
        eps = ref.epsilon_from_k2(rows, k2)
        labels = ref.components(rows, eps)
        distinct = {tuple(r) for r in rows}
        edges = sum(ref.hamming(a, b) <= eps for a in distinct for b in distinct) - len(distinct)
        n_clusters = max(labels) + 1
        assert w.state.epsilon == pytest.approx(eps)
        assert w.state.labels.tolist() == labels
        nmi = normalized_mutual_info_score(y, labels, average_method="geometric")
        ari = adjusted_rand_score(y, labels)
        assert w.readout.value == (
            f"k2 = {k2} · epsilon = {eps:.2f} (on the modes) · {edges // 2} edges among "
            f"{len(distinct)} distinct modes · {n_clusters} clusters · NMI = {nmi:.3f} · "
            f"ARI = {ari:.3f}")


def test_epsilon_can_be_measured_on_the_data(fitted):
    X, y, modes = fitted
    w = LabellingExplorer(modes, k2=5, y=y, X=X)
    w.epsilon_from.value = "data"
    eps = ref.epsilon_from_k2(X.tolist(), 5)
    assert w.state.epsilon == pytest.approx(eps)
    assert w.state.labels.tolist() == ref.components(modes.tolist(), eps)
    assert f"epsilon = {eps:.2f} (on the data)" in w.readout.value


def test_the_centres_are_the_majority_of_the_largest_clusters(fitted):
    X, y, modes = fitted
    w = LabellingExplorer(modes, k2=8, y=y, X=X, shape=SHAPE)
    labels = ref.components(modes.tolist(), ref.epsilon_from_k2(modes.tolist(), 8))
    sizes = [labels.count(c) for c in range(max(labels) + 1)]
    largest = sorted(range(len(sizes)), key=lambda c: (-sizes[c], c))[:10]
    strip = decode(w.centres)
    scale, pad, frame_gap, band = 4, 3, 4, 14  # band: the white rows holding the number
    width = SHAPE[1] * scale + 2 * pad
    for r, c in enumerate(largest):
        members = [X[i].tolist() for i in range(len(X)) if labels[i] == c]
        centre = ref.maj(members, "one", [0] * X.shape[1])
        origin = (frame_gap + pad + band, frame_gap + r * (width + frame_gap) + pad)
        assert bits(cells(strip, scale, origin=origin)).tolist() == centre
        # its number, written in black in the band above it (not its frame's colour alone)
        left = frame_gap + r * (width + frame_gap)
        band_pixels = strip[frame_gap + 3:frame_gap + 3 + band, left + 3:left + width - 3]
        assert read_black_number(band_pixels, zoom=2) == r + 1
    assert w.centres_caption.value.endswith(
        ", ".join(f"{r + 1}: {sizes[c]}" for r, c in enumerate(largest)))


def test_the_graph_drawn_is_the_graph_within_epsilon(fitted):
    X, y, modes = fitted
    w = LabellingExplorer(modes, k2=6, y=y)
    distinct = []
    for row in modes.tolist():
        if row not in distinct:
            distinct.append(row)
    eps = ref.epsilon_from_k2(modes.tolist(), 6)
    coords = w.figure.axes[0].collections[0].get_offsets()  # the nodes, one per distinct mode
    assert len(coords) == len(distinct)
    node = {tuple(np.round(p, 9)): i for i, p in enumerate(coords)}
    assert len(node) == len(distinct)  # every mode at its own place: a point names its mode
    xs, ys = w.edge_lines.get_data()
    points = np.c_[xs, ys]
    assert np.isnan(points[2::3]).all()  # one polyline, broken by NaNs after every segment
    segments = [(node[tuple(np.round(p, 9))], node[tuple(np.round(q, 9))])
                for p, q in zip(points[0::3], points[1::3], strict=True)]
    # every line joins two distinct modes within epsilon (inclusive)
    assert all(a != b and ref.hamming(distinct[a], distinct[b]) <= eps for a, b in segments)
    # a spanning forest of each cluster: one line fewer than modes, per cluster
    clusters = ref.components(distinct, eps)
    n_pairs = sum(ref.hamming(distinct[a], distinct[b]) <= eps
                  for a in range(len(distinct)) for b in range(a + 1, len(distinct)))
    assert len(segments) == len(distinct) - (max(clusters) + 1) < n_pairs == w.state.n_edges
    # and the lines join exactly the modes of each cluster (union-find over the lines)
    parent = list(range(len(distinct)))

    def find(i):
        while parent[i] != i:
            i = parent[i]
        return i

    for a, b in segments:
        parent[find(a)] = find(b)
    names = {}
    assert [names.setdefault(find(i), len(names)) for i in range(len(distinct))] == clusters
    # the ten largest clusters in their colours, every other one grey
    labels = ref.components(modes.tolist(), eps)
    sizes = [labels.count(c) for c in range(max(labels) + 1)]
    rank = {c: r for r, c in enumerate(sorted(range(len(sizes)), key=lambda c: (-sizes[c], c)))}
    first = {tuple(r): labels[i] for i, r in reversed(list(enumerate(modes.tolist())))}
    for node, row in enumerate(distinct):
        r = rank[first[tuple(row)]]
        want = hex_rgb(OKABE_ITO[r % 8]) if r < 10 else hex_rgb(GREY)
        assert np.allclose(w.nodes.get_facecolors()[node, :3], want)


def test_the_labelling_picture_changes_with_k2(fitted):
    X, y, modes = fitted
    w = LabellingExplorer(modes, k2=2, y=y)
    before = w.image.value
    w.k2.value = 20
    assert w.image.value != before
    assert decode(w.image).shape == (320, 720, 3)
    assert w.epsilon_from.options == ("modes",)
    check_bundle(w, [decode(w.image)])


def test_the_labelling_bundle_holds_the_map_and_the_centres(fitted):
    X, y, modes = fitted
    w = LabellingExplorer(modes, k2=4, y=y, X=X, shape=SHAPE)
    check_bundle(w, [decode(w.image), decode(w.centres)])
