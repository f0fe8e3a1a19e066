"""axe-core on a page, with the contrast that axe cannot decide measured here (issue 32).

`audit(page)` injects axe-core (4.12.1, bundled by ``axe-playwright-python``: nothing is
fetched) and runs the rules tagged wcag2a, wcag2aa, wcag21a and wcag21aa. It returns the
violations and, for every text whose contrast axe left *incomplete* (text over an image, a
gradient, an element partly hidden or scrolled out of its container), the contrast measured
by `measure_contrast`: the text's colour against the pixels behind it, photographed with the
text made transparent. A text fails below 4.5:1, large text (at least 24 px, or 18.66 px
bold) below 3:1 (WCAG 2.1, 1.4.3).
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field

import numpy as np

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
OPTIONS = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations", "incomplete"]}


@dataclass
class Audit:
    url: str
    violations: list = field(default_factory=list)  # axe's violation records
    undecided: int = 0  # texts axe left incomplete for contrast
    measured: list = field(default_factory=list)  # (selector, text, ratio, needed)

    @property
    def low_contrast(self):
        return [m for m in self.measured if m[2] < m[3]]

    def report(self):
        """The failures as readable lines (empty when the page passes)."""
        lines = []
        for v in self.violations:
            lines.append(f"{v['id']} ({v['impact']}): {v['help']} [{len(v['nodes'])} nodes]")
            for node in v["nodes"][:5]:
                lines.append(f"    {' '.join(node['target'])}: {node['html'][:140]}")
                summary = node.get("failureSummary", "").replace("\n", " ")
                if summary:
                    lines.append(f"        {summary[:200]}")
        for selector, text, ratio, needed in self.low_contrast:
            lines.append(f"contrast measured here {ratio:.2f}:1 < {needed}:1: {selector} "
                         f"{text[:60]!r}")
        return lines


def _axe():
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


def run_axe(page, context=None, options=None):
    """axe's raw result on the page as it is now (``context``: axe's include/exclude)."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.evaluate(_axe().axe_script)
    target = "document" if context is None else json.dumps(context)
    return page.evaluate(f"axe.run({target}, {json.dumps(options or OPTIONS)})")


def audit(page, context=None, cache=None, own_contrast=()):
    """Run axe and measure the contrast it left undecided; an `Audit` of the page.

    ``cache`` (a dict kept across the pages of one site) reuses a measurement for a text of
    the same colour in the same chain of elements and backgrounds (the sidebar of a book is
    the same on every page). ``own_contrast``: selectors of regions (highlighted code, API
    signatures) whose text contrast this module computes itself (`text_contrasts`) instead
    of axe, for speed: thousands of one-token spans in a few colours on one ground, where
    axe's color-contrast rule spends most of its time. Every other rule still runs there.
    """
    if not own_contrast:
        return _measured(page, run_axe(page, context), cache)
    others = {**OPTIONS, "rules": {"color-contrast": {"enabled": False}}}
    result = run_axe(page, context, others)
    scope = dict(context or {"include": [["html"]]})
    scope["exclude"] = list(scope.get("exclude", [])) + [[s] for s in own_contrast]
    contrast_only = {"runOnly": {"type": "rule", "values": ["color-contrast"]},
                     "resultTypes": ["violations", "incomplete"]}
    colours = run_axe(page, scope, contrast_only)
    result = {"violations": result["violations"] + colours["violations"],
              "incomplete": colours["incomplete"]}
    found = _measured(page, result, cache)
    found.measured.extend(text_contrasts(page, own_contrast))
    return found


def _measured(page, result, cache):
    found = Audit(page.url, violations=result["violations"])
    undecided = [node for rule in result["incomplete"] if rule["id"] == "color-contrast"
                 for node in rule["nodes"]]
    found.undecided = len(undecided)
    for node in undecided:
        selector = node["target"][-1] if isinstance(node["target"][-1], str) else None
        if selector is None:  # inside a shadow root or frame: not in this course's pages
            continue
        found.measured.extend(measure_contrast(page, selector, cache))
    return found


_JS_PREPARE = """(selector) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  el.scrollIntoView({block: 'center', inline: 'nearest'});
  const style = getComputedStyle(el);
  const size = parseFloat(style.fontSize), weight = parseInt(style.fontWeight, 10) || 400;
  const rect = el.getBoundingClientRect();
  const chain = [];
  for (let e = el; e && chain.length < 5; e = e.parentElement) {
    chain.push(e.tagName + '.' + e.className + '[' + getComputedStyle(e).backgroundColor + ']');
  }
  return {color: style.color, chain: chain.join(' < '), size: size, bold: weight >= 700,
          text: el.innerText || '',
          width: rect.width, height: rect.height,
          visible: style.visibility !== 'hidden' && style.display !== 'none'
                   && rect.width > 0 && rect.height > 0};
}"""
_JS_HIDE_TEXT = """(selector) => {
  const el = document.querySelector(selector);
  const style = document.createElement('style');
  style.id = 'axe-audit-hide-text';
  el.setAttribute('data-axe-audit', '1');
  style.textContent = '[data-axe-audit], [data-axe-audit] * { color: transparent !important;'
    + ' text-shadow: none !important; -webkit-text-stroke: 0 !important;'
    + ' caret-color: transparent !important; text-decoration-color: transparent !important; }';
  document.head.appendChild(style);
}"""
_JS_SHOW_TEXT = """(selector) => {
  document.getElementById('axe-audit-hide-text')?.remove();
  document.querySelector(selector)?.removeAttribute('data-axe-audit');
}"""


def _rgba(css):
    """'rgb(1, 2, 3)' or 'rgba(1, 2, 3, 0.5)' -> (r, g, b) in 0-255 and alpha."""
    numbers = [float(v) for v in css[css.index("(") + 1:css.index(")")].replace("/", ",")
               .replace(" ", ",").split(",") if v]
    return np.array(numbers[:3]), (numbers[3] if len(numbers) > 3 else 1.0)


def _luminance(rgb):
    c = np.asarray(rgb, dtype=float) / 255
    c = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return c @ np.array([0.2126, 0.7152, 0.0722])


def contrast(a, b):
    la, lb = _luminance(a), _luminance(b)
    return (np.maximum(la, lb) + 0.05) / (np.minimum(la, lb) + 0.05)


def measure_contrast(page, selector, cache=None):
    """``[(selector, text, ratio, needed)]`` for one element: its text colour against the
    background it is drawn on, photographed with the text transparent. The ratio is taken
    against the background colour that covers the most pixels (a border or an icon beside
    the text does not decide it); [] when the element is not shown."""
    from PIL import Image

    info = page.evaluate(_JS_PREPARE, selector)
    if not info or not info["visible"] or not info["text"].strip():
        return []
    key = (info["text"], info["color"], info["chain"], info["size"], info["bold"])
    if cache is not None and key in cache:
        return [(selector, *cache[key])]
    page.evaluate(_JS_HIDE_TEXT, selector)
    try:
        shot = page.locator(selector).first.screenshot(animations="disabled")
    finally:
        page.evaluate(_JS_SHOW_TEXT, selector)
    pixels = np.asarray(Image.open(io.BytesIO(shot)).convert("RGB")).reshape(-1, 3)
    colours, counts = np.unique(pixels, axis=0, return_counts=True)
    ground = colours[np.argmax(counts)].astype(float)
    ink, alpha = _rgba(info["color"])
    ink = alpha * ink + (1 - alpha) * ground
    large = info["size"] >= 24 or (info["bold"] and info["size"] >= 18.66)
    needed = 3.0 if large else 4.5
    measured = (" ".join(info["text"].split()), float(contrast(ink, ground)), needed)
    if cache is not None:
        cache[key] = measured
    return [(selector, *measured)]


# Every distinct (colour, ground, size, weight) of the text inside the regions: the ground is
# the first opaque background up the tree, semi-transparent layers composited on it.
_JS_TEXT_COLOURS = """(selectors) => {
  const parse = c => { const v = c.match(/[0-9.]+/g).map(Number);
                       return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1]; };
  const seen = {};
  for (const selector of selectors) {
    for (const root of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!node.textContent.trim() || el.getClientRects().length === 0) continue;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden') continue;
        const layers = [];
        for (let e = el; e; e = e.parentElement) {
          const b = parse(getComputedStyle(e).backgroundColor);
          if (b[3] > 0) { layers.push(b); if (b[3] >= 1) break; }
        }
        let ground = [255, 255, 255];
        for (const b of layers.reverse()) {
          ground = ground.map((g, i) => b[3] * b[i] + (1 - b[3]) * g);
        }
        const ink = parse(style.color);
        const key = [ink, ground.map(Math.round), style.fontSize, style.fontWeight].join('|');
        if (!(key in seen)) {
          seen[key] = {ink: ink, ground: ground, size: parseFloat(style.fontSize),
                       bold: (parseInt(style.fontWeight, 10) || 400) >= 700,
                       text: node.textContent.trim(),
                       where: selector + ' ' + el.tagName.toLowerCase() + '.' + el.className};
        }
      }
    }
  }
  return Object.values(seen);
}"""


def text_contrasts(page, selectors):
    """``[(where, text, ratio, needed)]``: the contrast of every distinct text colour inside
    the regions ``selectors`` against the ground it is drawn on (thresholds as in
    `measure_contrast`)."""
    found = []
    for t in page.evaluate(_JS_TEXT_COLOURS, list(selectors)):
        alpha = t["ink"][3]
        ink = np.array(t["ink"][:3]) * alpha + np.array(t["ground"]) * (1 - alpha)
        large = t["size"] >= 24 or (t["bold"] and t["size"] >= 18.66)
        found.append((t["where"], " ".join(t["text"].split()),
                      float(contrast(ink, t["ground"])), 3.0 if large else 4.5))
    return found
