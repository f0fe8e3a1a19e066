"""A stepper: an explorer's pictures, computed once, stepped in a static page without a kernel.

A static page (the book) cannot run an explorer, but it can show the pictures the explorer
draws for a few values of its main control. `explorer_frames` sets the control of a real
explorer to each value and keeps what it shows (its `view` picture, its `description` and
its readout); `stepper_html` writes them as one self-contained piece of HTML:

- one ``<img alt>`` per frame, the current one shown, the others ``hidden``;
- a native ``<input type="range">`` with a visible ``<label>``, and two buttons whose words
  say what they do ("previous iteration", "next iteration");
- one status region (``role="status"``, ``aria-live="polite"``) holding the explorer's
  short readout of the frame on display (17 to 47 words in the lessons), which a screen
  reader announces when it changes; the frame's full description stays its ``alt``, read on
  request. "previous" on the first frame and "next" on the last say so ("Already at the
  first iteration: iteration 0 of 5.") instead of nothing.

Everything is inline (the pictures as ``data:`` URLs, the style and a short script), so the
page makes no request for it and reads from a folder (``file://``) as well as from a server.
Without script the first frame (its description in its ``alt``) and its readout stay, and the
controls stay hidden.
"""

import base64
import html
import io
import re
from dataclasses import dataclass

import numpy as np
from PIL import Image

ROOT_CLASS = "binms-stepper"


@dataclass(frozen=True)
class Frame:
    """One picture of a stepper.

    Attributes
    ----------
    setting : object
        The value the explorer's control was set to, e.g. 3.
    value : str
        The control's value as the stepper says it, e.g. "iteration 3 of 5".
    png : bytes
        The explorer's view, PNG-encoded (lossless: it decodes to the same pixels).
    description : str
        The explorer's text alternative of that view.
    readout : str
        The explorer's one-line readout at that value.
    """

    setting: object
    value: str
    png: bytes
    description: str
    readout: str

    def pixels(self):
        """The frame's picture as an (h, w, 3) uint8 array."""
        return np.asarray(Image.open(io.BytesIO(self.png)).convert("RGB"))


def small_png(rgb):
    """Encode an (h, w, 3) uint8 array as PNG at the strongest compression (lossless).

    The explorers encode fast (``compress_level=1``) because they redraw at every step; a
    stepper encodes once and is downloaded many times, so it takes the smaller file.

    Examples
    --------
    >>> rgb = np.zeros((4, 5, 3), dtype=np.uint8)
    >>> png = small_png(rgb)
    >>> png[:4], Frame(0, "", png, "", "").pixels().shape
    (b'\\x89PNG', (4, 5, 3))
    """
    buffer = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(rgb, dtype=np.uint8)).save(
        buffer, format="PNG", compress_level=9)
    return buffer.getvalue()


def explorer_frames(explorer, control, values, texts):
    """Set ``control`` of ``explorer`` to each of ``values`` and keep what the explorer shows.

    Parameters
    ----------
    explorer : Explorer
        Any explorer of `binms_teach.widgets` (it has ``view()``, ``description()`` and
        ``readout``).
    control : ipywidgets widget
        The explorer's control to step (its ``value`` is set).
    values : sequence
        The control's values, one frame each, in the stepper's order.
    texts : sequence of str
        How the stepper names each value (the slider's ``aria-valuetext``).

    Returns
    -------
    list of Frame
        The control is set back to its first value afterwards.
    """
    if len(values) != len(texts) or not len(values):
        raise ValueError(f"give one text per value: {len(values)} values, {len(texts)} texts.")
    before = control.value
    frames = []
    try:
        for value, text in zip(values, texts, strict=True):
            control.value = value
            frames.append(Frame(value, text, small_png(explorer.view()[0]),
                                " ".join(explorer.description().split()),
                                str(explorer.readout.value)))
    finally:
        control.value = before
    return frames


_STYLE = """
.ROOT{box-sizing:border-box;max-width:100%;margin:1rem 0;padding:.5rem;background:#fff;
 color-scheme:light;color:#1a1a1a;border:1px solid #767676;border-radius:4px}
.ROOT img{display:block;max-width:100%;height:auto;margin:0}
.ROOT img[hidden],.ROOT [hidden]{display:none}
.ROOT-controls{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;margin:.5rem 0}
.ROOT label{font-weight:bold}
.ROOT input[type=range]{flex:1 1 8rem;min-width:6rem;max-width:100%;margin:0;
 accent-color:#0b5394}
.ROOT button{font:inherit;color:#1a1a1a;background:#f2f2f2;border:1px solid #595959;
 border-radius:4px;padding:.25rem .75rem;min-height:2rem;cursor:pointer}
.ROOT button:hover{background:#e0e0e0}
.ROOT :focus-visible{outline:3px solid #1a1a1a;outline-offset:2px;box-shadow:0 0 0 2px #fff}
.ROOT-status{margin:.5rem 0 0;overflow-wrap:anywhere}
""".replace("ROOT", ROOT_CLASS)

# Steps every stepper of the page once (a page may hold several; each keeps its own state).
_SCRIPT = """(function () {
  document.querySelectorAll('.ROOT:not([data-ready])').forEach(function (root) {
    root.setAttribute('data-ready', '');
    var frames = root.querySelectorAll('img.ROOT-frame');
    var range = root.querySelector('input[type=range]');
    var value = root.querySelector('.ROOT-value');
    var status = root.querySelector('.ROOT-status');
    var label = root.querySelector('label').textContent;
    function say(text) {
      /* the same words again are no change to a live region: a no-break space makes one */
      status.textContent = status.textContent === text ? text + '\u00a0' : text;
    }
    function show(wanted) {
      var i = Math.max(0, Math.min(frames.length - 1, wanted));
      var now = frames[i].getAttribute('data-value');
      frames.forEach(function (frame, k) { frame.hidden = k !== i; });
      range.value = String(i);
      range.setAttribute('aria-valuetext', now);
      value.textContent = now;
      if (wanted !== i) {
        say('Already at the ' + (wanted < i ? 'first ' : 'last ') + label + ': ' + now + '.');
      } else {
        say(frames[i].getAttribute('data-readout'));
      }
    }
    range.addEventListener('input', function () { show(Number(range.value)); });
    root.querySelector('.ROOT-previous').addEventListener('click', function () {
      show(Number(range.value) - 1); });
    root.querySelector('.ROOT-next').addEventListener('click', function () {
      show(Number(range.value) + 1); });
    root.querySelector('.ROOT-controls').hidden = false;
  });
})();""".replace("ROOT", ROOT_CLASS)


def _attr(text):
    return html.escape(" ".join(str(text).split()), quote=True)


def stepper_html(frames, *, ident, name, label, start=0):
    """The self-contained HTML of a stepper over ``frames`` (see the module's documentation).

    Parameters
    ----------
    frames : list of Frame
    ident : str
        A name unique on the page (letters, digits, hyphens), for the ids.
    name : str
        What the stepper shows, e.g. "Ascent explorer"; names its group of controls.
    label : str
        The control's visible label, e.g. "iteration"; the buttons say "previous iteration"
        and "next iteration".
    start : int, default 0
        The frame shown first.

    Examples
    --------
    >>> frames = [Frame(t, f"t = {t}", small_png(np.full((2, 2, 3), 40 * t, np.uint8)),
    ...                 f"Picture at t = {t}.", f"t = {t}") for t in range(3)]
    >>> page = stepper_html(frames, ident="demo", name="Demo", label="t", start=1)
    >>> images = [line for line in page.splitlines() if line.startswith("<img ")]
    >>> len(images), sum(line.endswith(" hidden>") for line in images), page.count("role=")
    (3, 2, 2)
    >>> '<label for="demo-range">t</label>' in page, "next t</button>" in page
    (True, True)
    """
    if not frames:
        raise ValueError("a stepper needs at least one frame.")
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9-]*", ident):
        raise ValueError(f"ident={ident!r}: use letters, digits and hyphens, starting with a "
                         "letter (it becomes an HTML id).")
    if not 0 <= start < len(frames):
        raise ValueError(f"start={start}: give the index of one of the {len(frames)} frames.")
    c = ROOT_CLASS
    images = []
    for i, frame in enumerate(frames):
        h, w = frame.pixels().shape[:2]
        source = "data:image/png;base64," + base64.b64encode(frame.png).decode("ascii")
        images.append(f'<img class="{c}-frame" src="{source}" alt="{_attr(frame.description)}"'
                      f' data-value="{_attr(frame.value)}" data-readout="{_attr(frame.readout)}"'
                      f' width="{w}" height="{h}"'
                      f'{"" if i == start else " hidden"}>')
    current = frames[start]
    last = len(frames) - 1
    parts = [
        f'<div class="{c}" id="{ident}" role="group" aria-label="{_attr(name)}">',
        f"<style>{' '.join(_STYLE.split())}</style>",
        f'<div class="{c}-controls" hidden>',
        f'<button type="button" class="{c}-previous">previous {html.escape(label)}</button>',
        f'<label for="{ident}-range">{html.escape(label)}</label>',
        f'<input type="range" id="{ident}-range" min="0" max="{last}" step="1" '
        f'value="{start}" aria-valuetext="{_attr(current.value)}">',
        f'<span class="{c}-value">{html.escape(current.value)}</span>',
        f'<button type="button" class="{c}-next">next {html.escape(label)}</button>',
        "</div>",
        *images,
        f'<p class="{c}-status" role="status" aria-live="polite">'
        f"{html.escape(' '.join(current.readout.split()))}</p>",
        "</div>",
        f"<script>{_SCRIPT}</script>",
    ]
    return "\n".join(parts) + "\n"
