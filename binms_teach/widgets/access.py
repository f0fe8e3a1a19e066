"""What makes an explorer usable with a screen reader and the keyboard alone (WCAG 2.1 AA).

ipywidgets 8.1 draws an ``Image`` without ``alt``, the ``Play`` control as three buttons that
hold only an icon, and a slider whose handle (``role="slider"``) no label names. So:

- `DescribedImage` shows a picture as ``<img alt="...">`` inside an ``HTML`` widget, its
  text alternative rewritten with the picture at every step;
- `PlayButton` is a button with words ("play" / "pause") driving a hidden ``Play``, whose
  timer keeps running in the browser as before; while it plays, the explorer's readout is
  no live region (``aria-live="off"``: one announcement a frame would queue up faster than a
  screen reader speaks), and when it stops, at the end or by "pause", a live region that is
  not shown says once "Play stopped: " and the readout;
- `named_controls` is a hidden ``HTML`` widget holding the explorer's style and a few lines
  of script. The style draws a 3 px #1a1a1a focus ring with a 2 px white gap between it and
  the control, so the ring touches white on white, grey and coloured controls alike (17.40:1;
  and 15.00:1, 9.26:1 and 3.83:1 against JupyterLab's #eeeeee buttons, a pressed button's
  #bdbdbd and the #767676 edges, 2 px away; in JupyterLab Dark the white gap is what shows,
  18.88:1 on the page); it shows a pressed toggle button by a 4 px dark bar (white in a dark
  theme) inside its bottom edge and bold words, not by its grey alone (#bdbdbd on #eeeeee is
  1.62:1); it gives buttons, text boxes, slider tracks and handles a #767676 edge (4.54:1 on
  white); and it lets the explorer reflow into a narrow window (rows of controls wrap,
  pictures scale down). The script names each slider's handle and typed-value box and each
  text box's ``<input>`` after its description, gives every toggle button its state
  (``aria-pressed``), and makes every element of class ``binms-live`` (the readout) a polite live
  region, which a screen reader announces when its text changes. It repeats this whenever the
  explorer's page elements are redrawn or change class (a button's state, the readout going
  quiet while Play plays).

Keyboard use stays what ipywidgets gives: Tab reaches every control, Enter or Space presses
a button, the arrow keys move a slider.
"""

import base64
import html

import ipywidgets as widgets

EXPLORER_CLASS = "binms-explorer"
LIVE_CLASS = "binms-live"
QUIET_CLASS = "binms-quiet"  # a live region kept silent (aria-live="off") while Play plays
ANNOUNCE_CLASS = "binms-announce"  # a live region read by a screen reader, not shown
FOCUS_COLOUR = "#1a1a1a"  # the focus ring: 17.40:1 on white, 15.00:1 on JupyterLab's #eeeeee
GAP_COLOUR = "#ffffff"  # the gap between a control and its ring
FOCUS_WIDTH, GAP_WIDTH = 3, 2  # CSS px
# JupyterLab's light theme (--jp-layout-color2 and 3) fills a button #eeeeee, a pressed
# toggle button #bdbdbd: 1.62:1 apart, too close to tell the state by (WCAG 1.4.11 asks 3:1).
BUTTON_GREY, PRESSED_GREY = "#eeeeee", "#bdbdbd"
BORDER_COLOUR = "#767676"  # every control's edge: 4.54:1 on white (JupyterLab's #bdbdbd: 1.88)
PRESSED_BAR = 4  # CSS px: the pressed button's bar along its bottom edge, in FOCUS_COLOUR
# ...and in white in a dark JupyterLab theme, where the dark bar would sit on #616161 (2.81:1)
DARK_BAR_COLOUR = "#ffffff"

# The explorer's own style, scoped to its class (WCAG 2.1: 2.4.7 focus visible, 1.4.10 reflow).
# Whatever has the keyboard focus gets a 3 px dark ring with a 2 px white gap between it and
# the control (the outline, offset; the white box-shadow fills the offset), so the ring touches
# only white on a white, a grey or a coloured control alike (a text box needs a selector of its
# own: ipywidgets' "outline: none !important" on it is more specific than ".EXPLORER :focus").
# Control rows wrap, controls and pictures are no wider than the explorer (pictures scale down,
# keeping their proportions), text wraps instead of being cut. A pressed toggle button says so
# by more than its grey (1.4.1 use of colour): a 4 px dark bar inside its bottom edge and bold
# words (a toggle button grows to fit them; the bar is white in a dark theme). Buttons, text
# boxes, slider tracks and handles get a #767676 edge (1.4.11).
STYLE = """
.EXPLORER { max-width: 100%; box-sizing: border-box; --binms-bar: FOCUS; }
[data-jp-theme-light="false"] .EXPLORER { --binms-bar: DARKBAR; }
.EXPLORER :focus-visible, .EXPLORER :focus, .EXPLORER .widget-inline-hbox input:focus {
  outline: RINGpx solid FOCUS !important; outline-offset: GAPpx !important;
  box-shadow: 0 0 0 GAPpx WHITE !important; }
.EXPLORER :focus:not(:focus-visible) { outline: none !important; box-shadow: none !important; }
.EXPLORER .jupyter-button, .EXPLORER .widget-toggle-button {
  border: 1px solid BORDER !important; }
.EXPLORER .jupyter-button.mod-active {
  box-shadow: inset 0 -BARpx 0 var(--binms-bar) !important; font-weight: bold; }
.EXPLORER .widget-toggle-button { min-width: max-content; }
.EXPLORER .jupyter-button.mod-active:focus-visible {
  box-shadow: inset 0 -BARpx 0 var(--binms-bar), 0 0 0 GAPpx WHITE !important; }
.EXPLORER .jupyter-button.mod-active:focus:not(:focus-visible) {
  box-shadow: inset 0 -BARpx 0 var(--binms-bar) !important; }
.EXPLORER input, .EXPLORER textarea, .EXPLORER select {
  border: 1px solid BORDER !important; }
.EXPLORER .widget-slider .noUi-target { border: 1px solid BORDER; }
.EXPLORER .widget-slider .noUi-connects { background: BORDER; }
.EXPLORER .widget-slider .noUi-handle { border: 1px solid BORDER; }
.EXPLORER .widget-box, .EXPLORER .widget-inline-hbox, .EXPLORER .widget-html,
.EXPLORER .widget-html-content, .EXPLORER .widget-label-basic {
  max-width: 100%; min-width: 0; }
.EXPLORER .widget-hbox, .EXPLORER .widget-inline-hbox, .EXPLORER .widget-toggle-buttons,
.EXPLORER .widget-toggle-buttons > div { flex-wrap: wrap; height: auto; }
.EXPLORER .widget-hbox > *, .EXPLORER .widget-vbox > * { max-width: 100%; }
.EXPLORER .widget-slider .slider-container { min-width: 120px; }
.EXPLORER .widget-html, .EXPLORER .widget-html-content, .EXPLORER .widget-label-basic,
.EXPLORER .widget-label-basic > *, .EXPLORER .LIVE {
  white-space: normal; overflow-wrap: anywhere; height: auto; line-height: 1.4; }
.EXPLORER img { max-width: 100%; height: auto; }
.EXPLORER .LIVE { overflow: visible; text-overflow: clip; }
.EXPLORER .ANNOUNCE { position: absolute !important; width: 1px !important;
  height: 1px !important; overflow: hidden !important; clip-path: inset(50%);
  white-space: nowrap; margin: 0; padding: 0; }
"""
for _name, _value in (("ANNOUNCE", ANNOUNCE_CLASS), ("EXPLORER", EXPLORER_CLASS),
                      ("FOCUS", FOCUS_COLOUR), ("LIVE", LIVE_CLASS),
                      ("WHITE", GAP_COLOUR), ("RING", str(FOCUS_WIDTH)),
                      ("GAP", str(GAP_WIDTH)), ("BORDER", BORDER_COLOUR),
                      ("DARKBAR", DARK_BAR_COLOUR), ("BAR", str(PRESSED_BAR))):
    STYLE = STYLE.replace(_name, _value)

# Run by the browser when the <img> below fails to load (it has no picture): inside the page
# element of its own explorer only, and again whenever that element's children or classes
# change (a toggle button shows its state by a class).
_SCRIPT = """(function (mark) {
  var root = mark.closest('.EXPLORER');
  if (!root || root.getAttribute('data-binms-a11y')) { return; }
  root.setAttribute('data-binms-a11y', 'on');
  function set(element, attribute, value) {
    if (element.getAttribute(attribute) !== value) { element.setAttribute(attribute, value); }
  }
  function labelOf(widget) {
    var label = widget.querySelector('.widget-label');
    return label ? label.textContent.trim() : '';
  }
  function name() {
    root.querySelectorAll('.widget-slider').forEach(function (slider) {
      var text = labelOf(slider);
      var handle = slider.querySelector('[role=slider]');
      if (handle && text) { set(handle, 'aria-label', text); }
      var readout = slider.querySelector('.widget-readout');
      if (readout && text) {
        set(readout, 'role', 'textbox');
        set(readout, 'aria-label', text + ', typed value');
      }
    });
    root.querySelectorAll('input, textarea, select').forEach(function (input) {
      var widget = input.closest('.widget-inline-hbox');
      var text = widget ? labelOf(widget) : '';
      if (text && input.type !== 'hidden') { set(input, 'aria-label', text); }
      /* ipywidgets marks its text boxes required: none is, so none is announced so */
      if (input.required) { input.required = false; }
    });
    /* the Font Awesome glyph of play, back, step: no part of the button's name */
    root.querySelectorAll('button i.fa').forEach(function (icon) {
      set(icon, 'aria-hidden', 'true');
    });
    root.querySelectorAll('.widget-toggle-buttons').forEach(function (group) {
      var text = labelOf(group);
      if (text && group.querySelector(':scope > .widget-label')) {
        set(group, 'role', 'group');
        set(group, 'aria-label', text);
      }
    });
    root.querySelectorAll('button.widget-toggle-button').forEach(function (button) {
      set(button, 'aria-pressed', button.classList.contains('mod-active') ? 'true' : 'false');
    });
    /* the readout says nothing while Play plays (class QUIET), the announcer once after */
    root.querySelectorAll('.LIVE, .ANNOUNCE').forEach(function (live) {
      set(live, 'role', 'status');
      set(live, 'aria-live', live.classList.contains('QUIET') ? 'off' : 'polite');
    });
  }
  name();
  new MutationObserver(name).observe(root, {childList: true, subtree: true, attributes: true,
                                           attributeFilter: ['class']});
})(this);""".replace("EXPLORER", EXPLORER_CLASS).replace("LIVE", LIVE_CLASS)
_SCRIPT = _SCRIPT.replace("QUIET", QUIET_CLASS).replace("ANNOUNCE", ANNOUNCE_CLASS)


def named_controls():
    """The hidden widget that makes an explorer accessible; put it inside the explorer's
    ``ui`` (class ``binms-explorer``).

    It holds the explorer's `STYLE` (focus ring with its white gap, pressed buttons' bar and
    bold words, #767676 edges, reflow) and a script that names each slider's handle and
    typed-value box after the slider's description and each text box's ``<input>`` after its
    own, gives the toggle buttons ``aria-pressed`` (and their row a named ``role="group"``),
    and makes the readout (class ``binms-live``) and `PlayButton`'s announcer polite live
    regions, the readout ``aria-live="off"`` while it has the class ``binms-quiet``; it hides
    the buttons' Font Awesome glyphs from their names and takes back the ``required`` that
    ipywidgets puts on text boxes.

    Examples
    --------
    >>> html_value = named_controls().value
    >>> "aria-pressed" in html_value and "outline: 3px solid #1a1a1a" in html_value
    True
    >>> "box-shadow: 0 0 0 2px #ffffff" in html_value  # the white gap inside the ring
    True
    """
    script = html.escape(" ".join(_SCRIPT.split()), quote=True)
    style = " ".join(STYLE.split())
    return widgets.HTML(f'<style>{style}</style>'
                        f'<img hidden alt="" src="data:," onerror="{script}">',
                        layout=widgets.Layout(display="none"))


def live(widget):
    """Make ``widget`` (a Label, an HTML) a polite live region; returns it."""
    widget.add_class(LIVE_CLASS)
    return widget


class DescribedImage:
    """A picture with its text alternative, drawn as ``<img alt=...>`` in an ``HTML`` widget.

    Reads like ``ipywidgets.Image`` where the explorers and their tests use it: ``value`` (the
    PNG bytes) and ``width`` (a string, CSS pixels); ``alt`` is the text alternative and
    ``widget`` what goes into the layout. The ``<img>`` keeps the class ``widget-image``.

    Examples
    --------
    >>> picture = DescribedImage("bga-iterate")
    >>> picture.show(b"\\x89PNG...", "x_0, the iterate: a digit 4 drawn in 16 by 15 pixels.", 150)
    >>> picture.alt, picture.width, picture.value[:4]
    ('x_0, the iterate: a digit 4 drawn in 16 by 15 pixels.', '150', b'\\x89PNG')
    >>> 'alt="x_0, the iterate' in picture.widget.value
    True
    """

    def __init__(self, css_class=""):
        self.css_class = css_class
        self._value, self._alt, self._width = b"", "", None
        self.widget = widgets.HTML()
        if css_class:
            self.widget.add_class(f"{css_class}-box")

    def show(self, png, alt, width=None):
        """Show ``png`` with the text alternative ``alt`` (and a width in pixels)."""
        self._value, self._alt = bytes(png), " ".join(str(alt).split())
        self._width = None if width is None else str(int(width))
        self._draw()

    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, png):
        self._value = bytes(png)
        self._draw()

    @property
    def alt(self):
        return self._alt

    @alt.setter
    def alt(self, text):
        self._alt = " ".join(str(text).split())
        self._draw()

    @property
    def width(self):
        return self._width

    @width.setter
    def width(self, width):
        self._width = None if width is None else str(int(width))
        self._draw()

    def _draw(self):
        if not self._value:
            self.widget.value = ""
            return
        source = "data:image/png;base64," + base64.b64encode(self._value).decode("ascii")
        size = f' width="{self._width}"' if self._width else ""
        self.widget.value = (f'<img class="widget-image {html.escape(self.css_class)}"'
                             f' src="{source}" alt="{html.escape(self._alt)}"{size}>')


class PlayButton:
    """A button that says what it does ("play", then "pause"), driving a hidden ``Play``.

    ``Play``'s own buttons hold only icons, which a screen reader announces as "button";
    its timer lives in the browser's copy of the widget and runs hidden as well.

    Given the explorer's ``readout`` (a live region), it keeps it quiet while playing (one
    announcement a frame would queue up faster than a screen reader speaks) and, when the
    play stops, at the end or by "pause", says once in ``announcer`` (a live region that is
    not shown; put it in the explorer's ``ui``): "Play stopped: " and the readout.

    Examples
    --------
    >>> import ipywidgets as widgets
    >>> play, readout = widgets.Play(max=3), live(widgets.Label("step 0"))
    >>> button = PlayButton(play, readout=readout)
    >>> button.button.description, play.layout.display
    ('play', 'none')
    >>> button.button.click()
    >>> play.playing, button.button.description, QUIET_CLASS in readout._dom_classes
    (True, 'pause', True)
    >>> readout.value = "step 3"
    >>> play.playing = False  # what the browser says at the last step
    >>> button.announcer.value, QUIET_CLASS in readout._dom_classes
    ('Play stopped: step 3', False)
    """

    def __init__(self, play, what="the steps", readout=None):
        self.play, self.readout = play, readout
        play.layout.display = "none"
        self.button = widgets.Button(description="play", icon="play",
                                     tooltip=f"play {what} one after the other",
                                     layout={"width": "90px"})
        self.announcer = widgets.Label()
        self.announcer.add_class(ANNOUNCE_CLASS)
        self.button.on_click(lambda _: setattr(play, "playing", not play.playing))
        play.observe(self._label, "playing")

    def _label(self, change):
        playing = bool(change["new"])
        self.button.description = "pause" if playing else "play"
        self.button.icon = "pause" if playing else "play"
        if self.readout is None:
            return
        if playing:
            self.announcer.value = ""  # so that the next stop is a change, read again
            self.readout.add_class(QUIET_CLASS)
        else:
            self.readout.remove_class(QUIET_CLASS)
            self.announcer.value = f"Play stopped: {self.readout.value}"
