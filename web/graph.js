// The review's evaluation graph: the page's own small chart (inline SVG),
// one column per position of the game (ply 0 to the last), one or more
// lines of values through them, the current ply marked. A click on a
// column calls onPly(ply). It knows nothing of games or engines: the
// caller gives the values and how to scale them.

const SVGNS = 'http://www.w3.org/2000/svg';
const W = 600;
const H = 160;
const PAD = 6;

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

export class EvalGraph {
  // container: an element the graph fills; onPly(ply): a column clicked.
  constructor(container, onPly) {
    this.container = container;
    this.onPly = onPly;
    container.addEventListener('click', (e) => {
      const col = e.target.closest && e.target.closest('[data-ply]');
      if (col && container.contains(col)) this.onPly(Number(col.dataset.ply));
    });
  }

  // plies: positions 0..plies; series: [{name, cls, values: [number|null
  // per position]}]; range: {lo, hi, mid} of the values (mid drawn as the
  // even line); cur: the current ply; label(v): a value as text.
  draw({ plies, series, range, cur, label }) {
    // The page calls this on every render: redraw only when something
    // shown changed, so a column under the pointer stays the same element
    // (a click must not land on a column replaced meanwhile).
    const key = JSON.stringify([plies, cur, range, series.map((s) => [s.name, s.cls, s.values])]);
    if (key === this.key && this.container.firstChild) return;
    this.key = key;
    const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'q-graph', role: 'group', 'aria-label': 'evaluation by ply' });
    const n = Math.max(1, plies);
    const x = (i) => PAD + (i * (W - 2 * PAD)) / n;
    const y = (v) => PAD + ((range.hi - v) * (H - 2 * PAD)) / (range.hi - range.lo || 1);
    el('rect', { x: 0, y: 0, width: W, height: H, class: 'g-bg' }, svg);
    el('line', { x1: PAD, x2: W - PAD, y1: y(range.mid), y2: y(range.mid), class: 'g-mid' }, svg);
    // The scale: the top and bottom values, in the corner.
    for (const [v, dy] of [[range.hi, 18], [range.lo, -5]]) {
      const t = el('text', { x: PAD + 2, y: (dy > 0 ? 0 : H) + dy, class: 'g-scale' }, svg);
      t.textContent = label(v);
    }
    for (const s of series) {
      const pts = [];
      s.values.forEach((v, i) => { if (v !== null && v !== undefined) pts.push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`); });
      if (pts.length > 1) el('polyline', { points: pts.join(' '), class: `g-line ${s.cls}` }, svg);
    }
    el('line', { x1: x(cur), x2: x(cur), y1: 0, y2: H, class: 'g-cur' }, svg);
    const colW = (W - 2 * PAD) / n;
    for (let i = 0; i <= plies; i++) {
      const g = el('g', { class: i === cur ? 'g-ply current' : 'g-ply', 'data-ply': i }, svg);
      const known = series.filter((s) => s.values[i] !== null && s.values[i] !== undefined);
      const t = el('title', {}, g);
      t.textContent = `ply ${i}${known.map((s) => `, ${s.name} ${label(s.values[i])}`).join('')}`;
      el('rect', { x: x(i) - colW / 2, y: 0, width: colW, height: H, class: 'g-hit' }, g);
      // The point of each line at this ply (the first line's point is the
      // one counted as "the ply's point").
      known.forEach((s, k) => {
        el('circle', { cx: x(i), cy: y(s.values[i]), r: i === cur ? 4.5 : 2.5, class: `${k === 0 ? 'g-pt' : 'g-pt2'} ${s.cls}` }, g);
      });
    }
    this.container.replaceChildren(svg);
  }

  clear() {
    this.key = null;
    this.container.replaceChildren();
  }
}
