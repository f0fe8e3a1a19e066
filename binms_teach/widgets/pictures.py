"""The explorers' pictures: 0/1 vectors drawn as small RGB arrays, and their PNG bytes.

Pure functions of numpy arrays, no widget: an image pixel becomes a square of
``scale`` screen pixels (nearest-neighbour upscaling), and `view_picture`
stacks text lines and pictures into the one picture that a reader without a
kernel sees. PNG encoding is Pillow's.
"""

import functools
import html
import io
import re
import textwrap

import numpy as np
from matplotlib import colormaps
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image

from ..figures.palette import COLOURS, DIVERGING_CMAP

# Colours (RGB): ink and paper of the 0/1 images, and the marks.
INK = (25, 25, 25)
PAPER = (255, 255, 255)
GRID = (222, 222, 222)



def _rgb(hex_colour):
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


# The palette's orange and sky blue: each at least 3:1 against both the ink and the paper
# around a changed bit (WCAG 2.1, 1.4.11).
TURNED_ON = _rgb(COLOURS[0])   # a 0 that becomes 1 (orange, filled)
TURNED_OFF = _rgb(COLOURS[4])  # a 1 that becomes 0 (sky blue, ringed)
CURRENT = (0, 114, 178)       # the frame of the current iterate (blue, 5.2:1 on white)
VOTES_CMAP = DIVERGING_CMAP   # 0 votes for 1: purple, half: white, all: orange


def png_bytes(rgb):
    """Encode an (h, w, 3) uint8 RGB array as PNG bytes (Pillow, fast compression).

    Examples
    --------
    >>> png_bytes(np.zeros((2, 3, 3), dtype=np.uint8))[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """
    buffer = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(rgb, dtype=np.uint8)).save(
        buffer, format="PNG", compress_level=1)
    return buffer.getvalue()


def decode_png(data):
    """PNG bytes -> (h, w, 3) uint8 RGB array (Pillow).

    Examples
    --------
    >>> decode_png(png_bytes(np.full((2, 3, 3), 7, dtype=np.uint8))).shape
    (2, 3, 3)
    """
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"), dtype=np.uint8)


def upscale(cells, scale, grid):
    """(h, w, 3) cell colours -> (h*scale, w*scale, 3) pixels, with light cell borders."""
    img = np.repeat(np.repeat(cells, scale, axis=0), scale, axis=1)
    if grid and scale >= 4:
        img[::scale, :] = GRID
        img[:, ::scale] = GRID
    return img


def binary_image(x, shape, scale=10, grid=True):
    """A 0/1 vector drawn as an image: 1 is ink, 0 is paper, row-major in ``shape``.

    Examples
    --------
    >>> binary_image(np.array([1, 0]), (1, 2), scale=1)[0].tolist()
    [[25, 25, 25], [255, 255, 255]]
    """
    cells = np.where(np.asarray(x).reshape(shape)[..., None] == 1, INK, PAPER)
    return upscale(cells.astype(np.uint8), scale, grid)


def next_image(x, x_next, shape, scale=10):
    """x_{j+1} drawn over x_j: unchanged bits in ink/paper, flips in colour.

    A 0 that becomes 1 is a filled orange cell, a 1 that becomes 0 a sky
    blue cell with a white ring: dark and filled against light and ringed, so
    the two are told apart without their colours.
    """
    x, x_next = np.asarray(x).reshape(shape), np.asarray(x_next).reshape(shape)
    cells = np.where(x_next[..., None] == 1, INK, PAPER).astype(np.uint8)
    cells[(x_next == 1) & (x == 0)] = TURNED_ON
    turned_off = (x_next == 0) & (x == 1)
    cells[turned_off] = TURNED_OFF
    img = upscale(cells, scale, True)
    if scale >= 8:  # the ring: a one-pixel square inside the cell, clear of its centre
        ring = np.zeros((scale, scale), dtype=bool)
        ring[2, 2:-2] = ring[-3, 2:-2] = ring[2:-2, 2] = ring[2:-2, -3] = True
        img[np.kron(turned_off, ring).astype(bool)] = PAPER
    return img


_VOTES_CMAP = colormaps[VOTES_CMAP]  # colormaps[...] returns a copy: look it up once


def votes_lut(k1):
    """The colour of 0, 1, ..., k1 votes for a 1: purple (none), white (half), orange (all)."""
    return (_VOTES_CMAP(np.linspace(0, 1, k1 + 1))[:, :3] * 255).round().astype(np.uint8)


# Digits 0-9 in 3 by 5 pixels (rows top to bottom, "#" is ink): small enough to write a
# count of up to 99 votes inside a cell of 10 screen pixels, so that the votes are numbers
# as well as colours (WCAG 2.1, 1.4.1).
_FONT = {
    "0": ("###", "#.#", "#.#", "#.#", "###"), "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"), "3": ("###", "..#", ".##", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"), "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"), "7": ("###", "..#", ".#.", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"), "9": ("###", "#.#", "###", "..#", "###"),
}
GLYPHS = {c: np.array([[ch == "#" for ch in row] for row in rows]) for c, rows in _FONT.items()}


def number_mask(number, zoom=1):
    """The pixels of ``number`` written in the 3 by 5 font, one blank column between digits.

    Examples
    --------
    >>> number_mask(17).astype(int)[0].tolist()
    [0, 1, 0, 0, 1, 1, 1]
    >>> number_mask(4, zoom=2).shape
    (10, 6)
    """
    glyphs = [GLYPHS[c] for c in str(int(number))]
    out = np.zeros((5, 4 * len(glyphs) - 1), dtype=bool)
    for i, glyph in enumerate(glyphs):
        out[:, 4 * i: 4 * i + 3] = glyph
    return np.kron(out, np.ones((zoom, zoom), dtype=bool)).astype(bool)


def write_number(img, number, top, left, colour, zoom=1):
    """Write ``number`` into the RGB array ``img`` (in place) with its top-left at (top, left)."""
    mask = number_mask(number, zoom)
    h, w = mask.shape
    img[top:top + h, left:left + w][mask] = colour


def ink_on(rgb):
    """Black or white, whichever reads better on the colour ``rgb`` (0-255)."""
    return (0, 0, 0) if np.dot(rgb, (0.299, 0.587, 0.114)) >= 128 else (255, 255, 255)


@functools.lru_cache(maxsize=64)
def _vote_cells(lut_bytes, scale):
    """One template cell per count and tie (counts 0..n-1, then the same underlined), so that
    a picture is every cell picked from them at once; cached per colour table and scale."""
    lut = np.frombuffer(lut_bytes, dtype=np.uint8).reshape(-1, 3)
    n = len(lut)
    cell = np.zeros((2 * n, scale, scale, 3), dtype=np.uint8)
    for v in range(n):
        cell[v] = upscale(lut[v][None, None, :], scale, True)
        width = number_mask(v).shape[1]
        write_number(cell[v], v, 2, 1 + (scale - 1 - width) // 2, ink_on(lut[v]))
        cell[n + v] = cell[v]
        cell[n + v, 8, 2:scale - 1] = 0  # underlined: a tie, by the line as well as the number
    cell.setflags(write=False)
    return cell


def votes_image(ones, ties, k1, shape, scale=10, lut=None):
    """The per-pixel vote counts as a heat map, each cell with its count written in it.

    With ``scale`` >= 8 the count is written in the cell (black or white, whichever reads on
    its colour) and a tied cell is underlined in black; smaller cells carry a black dot for a
    tie and no number. Pixel (1, 1) of every cell keeps the cell's colour.
    """
    lut = votes_lut(k1) if lut is None else lut
    ones = np.asarray(ones).reshape(shape)
    ties = np.asarray(ties).reshape(shape)
    img = upscale(lut[ones], scale, True)
    if scale < 8:
        dot = np.zeros((scale, scale), dtype=bool)
        lo, hi = scale // 2 - max(1, scale // 5), scale // 2 + max(1, scale // 5)
        dot[lo:hi, lo:hi] = True
        img[np.kron(ties, dot).astype(bool)] = (0, 0, 0)
        return img
    n = len(lut)
    cell = _vote_cells(np.ascontiguousarray(lut, dtype=np.uint8).tobytes(), scale)
    h, w = shape
    picked = cell[ones + n * ties.astype(int)]  # (h, w, scale, scale, 3)
    img = picked.transpose(0, 2, 1, 3, 4).reshape(h * scale, w * scale, 3)
    return img


def mosaic(images, ncols, gap=4, background=PAPER):
    """Lay equal-sized (h, w, 3) images out in a grid, left to right, top to bottom."""
    h, w, _ = images[0].shape
    nrows = -(-len(images) // ncols)
    ncols = min(ncols, len(images))
    out = np.empty((nrows * (h + gap) + gap, ncols * (w + gap) + gap, 3), dtype=np.uint8)
    out[:] = background
    for i, image in enumerate(images):
        r, c = divmod(i, ncols)
        out[gap + r * (h + gap): gap + r * (h + gap) + h,
            gap + c * (w + gap): gap + c * (w + gap) + w] = image
    return out


def framed(image, colour, width=2):
    out = image.copy()
    out[:width], out[-width:], out[:, :width], out[:, -width:] = colour, colour, colour, colour
    return out


def votes_key(k1, scale=10):
    """The colour key of the vote heat map: one cell per count 0, 1, ..., k1, left to right."""
    lut = votes_lut(k1)
    return upscale(lut[np.arange(k1 + 1)][None, :, :], scale, True)


def plain_text(text):
    """HTML of a caption as plain text: x<sub>j</sub> -> x_j, tags dropped."""
    text = re.sub(r"<sub>(.*?)</sub>", r"_\1", text)
    return html.unescape(re.sub(r"<[^>]+>", "", text))


TEXT_HEIGHT = 16  # pixels per line of 10-point text at 72 dots per inch


def view_picture(rows, pad=8, min_width=560):
    """Stack a view's text lines and pictures into one RGB image, top to bottom.

    Parameters
    ----------
    rows : list
        Each row is a str (a line of text, wrapped to the width) or a list of
        (caption, rgb) pairs laid out left to right, each rgb at its own size.

    Returns
    -------
    rgb : ndarray of uint8, shape (h, w, 3)
    places : list of (row, column)
        The top-left pixel of every picture, in the order given.

    Examples
    --------
    >>> rgb, places = view_picture(["a line", [("", np.zeros((4, 6, 3), np.uint8))]])
    >>> places, bool((rgb[places[0][0]:, 8:14][:4] == 0).all())
    ([(24, 8)], True)
    """
    widths = [pad + sum(im.shape[1] + pad for _, im in row) for row in rows
              if not isinstance(row, str)]
    W = max([min_width, *widths])
    chars = max(20, (W - 2 * pad) // 6)  # about 6 pixels per character at 10 points
    layout, y = [], pad
    for row in rows:
        if isinstance(row, str):
            for line in textwrap.wrap(row, chars) or [""]:
                layout.append(("text", line, y))
                y += TEXT_HEIGHT
        else:
            top = y + (TEXT_HEIGHT if any(c for c, _ in row) else 0)
            layout.append(("row", row, top))
            y = top + max(im.shape[0] for _, im in row) + pad
    H = y + pad
    fig = Figure(figsize=(W / 72, H / 72), dpi=72, facecolor="white")
    canvas = FigureCanvasAgg(fig)
    w, h = canvas.get_width_height()  # the pixels Agg really draws (W, H up to rounding)
    places = []
    for kind, item, top in layout:
        if kind == "text":
            fig.text(pad / w, 1 - (top + 12) / h, item, fontsize=10)
            continue
        x = pad
        for caption, im in item:
            if caption:
                room = (im.shape[1] + pad) // 5  # characters of 9 points over the picture
                fig.text(x / w, 1 - (top - 4) / h, textwrap.shorten(caption, max(room, 12)),
                         fontsize=9)
            fig.figimage(im, xo=x, yo=h - top - im.shape[0], origin="upper")
            places.append((top, x))
            x += im.shape[1] + pad
    canvas.draw()
    return np.asarray(canvas.buffer_rgba())[..., :3].copy(), places
