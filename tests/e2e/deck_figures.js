() => {
  // The projected figures of the current slide (binms_teach.figures.projection), measured on
  // the screen: their drawn size against the slide's, their smallest text, overlapping labels.
  const slide = Reveal.getCurrentSlide(), frame = slide.getBoundingClientRect();
  const scale = Reveal.getScale(), width = Reveal.getConfig().width * scale;
  const height = Reveal.getConfig().height * scale;
  const figures = [];
  slide.querySelectorAll('svg.binms-svg').forEach(svg => {
    const box = svg.viewBox.baseVal, rect = svg.getBoundingClientRect();
    const k = Math.min(rect.width / box.width, rect.height / box.height);
    const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim());
    const px = texts.map(t => {
      const m = t.getScreenCTM();
      return parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    });
    const boxes = texts.map(t => t.getBoundingClientRect());
    const overlaps = [];
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      // labels touch when a fifth of the smaller one is covered (a subscript's box is tall)
      const least = Math.min(a.width * a.height, b.width * b.height);
      if (w > 0 && h > 0 && w * h > 0.2 * least) overlaps.push(texts[i].textContent.trim() + ' / ' + texts[j].textContent.trim());
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
