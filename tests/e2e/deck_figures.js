() => {
  // The projected figures of the current slide (binms_teach.figures.projection), measured on
  // the screen: their drawn size against the slide's, their smallest text, overlapping labels.
  const slide = Reveal.getCurrentSlide();
  const scale = Reveal.getScale(), width = Reveal.getConfig().width * scale;
  const height = Reveal.getConfig().height * scale;
  // One label of matplotlib is one <text>. A label with maths in it (mathtext) is a <text>
  // whose glyphs are each a <tspan> placed by x and y: the <text>'s own box also spans the
  // blank lines between them (taller than what is drawn, over its neighbours), so a label's
  // box is the union of its glyphs' boxes, and its size the size matplotlib set for it (its
  // largest glyph: sub- and superscripts are drawn smaller by mathtext's rule).
  const glyphs = t => {
    const spans = [...t.querySelectorAll('tspan')].filter(s => s.textContent.trim());
    return spans.length ? spans : [t];
  };
  const union = rects => rects.reduce((a, b) => ({
    left: Math.min(a.left, b.left), top: Math.min(a.top, b.top),
    right: Math.max(a.right, b.right), bottom: Math.max(a.bottom, b.bottom)}));
  // the label as written (matplotlib puts a mathtext label's source in a comment before it)
  const name = t => {
    const before = [...(t.parentNode.parentNode || t).childNodes].find(
      n => n.nodeType === Node.COMMENT_NODE);
    return (t.querySelector('tspan') && before ? before.data : t.textContent).trim()
      .replace(/\s+/g, ' ');
  };
  const figures = [];
  slide.querySelectorAll('svg.binms-svg').forEach(svg => {
    const box = svg.viewBox.baseVal, rect = svg.getBoundingClientRect();
    const k = Math.min(rect.width / box.width, rect.height / box.height);
    const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim());
    const px = texts.map(t => {
      const m = t.getScreenCTM();
      const sizes = glyphs(t).map(g => parseFloat(getComputedStyle(g).fontSize));
      return Math.max(...sizes) * Math.hypot(m.a, m.b);
    });
    const boxes = texts.map(t => union(glyphs(t).map(g => g.getBoundingClientRect())));
    const overlaps = [];
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      // labels touch when a fifth of the smaller one is covered, or when two on one line
      // (sharing half the height of the lower one) run into each other side by side
      const area = r => (r.right - r.left) * (r.bottom - r.top);
      const least = Math.min(area(a), area(b));
      const line = Math.min(a.bottom - a.top, b.bottom - b.top) / 2;
      if (w > 0 && h > 0 && (w * h > 0.2 * least || h > line)) overlaps.push(`${name(texts[i])} / ${name(texts[j])}`);
    }
    figures.push({width: box.width * k / width, height: box.height * k / height,
                  smallest_px: px.length ? Math.min(...px) : null, texts: texts.length,
                  overlaps: overlaps.slice(0, 5), n_overlaps: overlaps.length,
                  label: svg.getAttribute('aria-label') || ''});
  });
  const scrolls = [...slide.querySelectorAll('.numbers-box, pre, table')].filter(
    e => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1).length;
  return {figures: figures.map(f => ({...f, label: f.label.slice(0, 40)})), scrolls};
}
