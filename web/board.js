// The board: the engine's own SVG picture (GTP `svg legal`) put into the
// page as it is. Only the contract's attributes are read: data-game,
// data-size and data-to-move on the root, and class q-point with
// data-point on each clickable point. Highlights are CSS classes added to
// q-point elements; marks drawn over the board (analysis, Separo roots to
// choose from) go in one overlay group whose coordinates come from the
// points' own boxes, so nothing here knows a game's geometry.

import { Zoom } from './zoom.js';
import { Toast } from './toast.js';

const SVGNS = 'http://www.w3.org/2000/svg';

export class Board {
  constructor(container, onPoint) {
    this.container = container;
    this.onPoint = onPoint;
    this.svg = null;
    this.text = '';
    this.pointEls = new Map();
    const wrap = container.closest('.board-wrap');
    this.zoom = new Zoom(this, wrap && wrap.parentElement.querySelector('.zoom'));
    this.toast = wrap && wrap.querySelector('.board-msg') ? new Toast(wrap) : null;
    container.addEventListener('click', (e) => {
      // A Torus Hex margin copy stands for the cell it copies.
      const el = e.target.closest && e.target.closest('.q-point[data-point], .q-copy[data-copy-of]');
      if (!el || !this.svg || !this.svg.contains(el)) return;
      if (this.zoom.intercept(el)) {
        if (this.zoom.z > 1) this.say('Zoomed in: tap the point again to play it.', el);
        return;
      }
      this.onPoint(el.dataset.point || el.dataset.copyOf);
    });
    container.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      const el = e.target.closest && e.target.closest('.q-point[data-point]');
      if (!el) return;
      e.preventDefault();
      this.onPoint(el.dataset.point);
    });
  }

  // Replaces the picture. Throws if the text is not one SVG document.
  show(text) {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const root = doc.documentElement;
    if (root.nodeName !== 'svg' || doc.getElementsByTagName('parsererror').length) {
      throw new Error('the engine\'s picture is not an SVG document');
    }
    const svg = document.importNode(root, true);
    // The page sizes the picture; the viewBox keeps its proportions.
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('role', 'group');  // not img: its points are buttons
    svg.classList.add('q-board');
    this.container.replaceChildren(svg);
    this.svg = svg;
    this.text = text;
    this.pointEls = new Map();
    for (const el of svg.querySelectorAll('.q-point[data-point]')) this.pointEls.set(el.dataset.point, el);
    this.overlayGroup = null;
    this.zoom.attach(svg);
    if (this.toast) this.toast.clear();   // a new position: old words are stale
  }

  // A short message at the board, ringing `point` (a name) or element.
  say(text, point) {
    if (!this.toast) return;
    const el = typeof point === 'string' ? this.pointEls.get(point) : point;
    this.toast.say(text, el || null);
  }

  get game() { return this.svg ? this.svg.getAttribute('data-game') : ''; }
  get size() { return this.svg ? Number(this.svg.getAttribute('data-size')) : 0; }
  get toMove() { return this.svg ? this.svg.getAttribute('data-to-move') || '' : ''; }
  get title() {
    const t = this.svg && this.svg.querySelector('title');
    return t ? t.textContent : '';
  }

  has(point) { return this.pointEls.has(point); }

  // Marks points with a CSS class (and makes them reachable with Tab when
  // they can be chosen); clears that class everywhere else.
  mark(points, cls, label) {
    const set = new Set(points);
    for (const [name, el] of this.pointEls) {
      const on = set.has(name);
      el.classList.toggle(cls, on);
      if (cls === 'q-choice') {
        if (on) {
          el.setAttribute('tabindex', '0');
          el.setAttribute('role', 'button');
          el.setAttribute('aria-label', label ? label(name) : name);
        } else {
          el.removeAttribute('tabindex');
          el.removeAttribute('role');
          el.removeAttribute('aria-label');
        }
      }
    }
  }

  focusFirst(cls) {
    for (const el of this.pointEls.values()) {
      if (el.classList.contains(cls)) { el.focus(); return true; }
    }
    return false;
  }

  // Centre and size of a point in the picture's own coordinates.
  geometry(point) {
    const el = this.pointEls.get(point);
    if (!el) return null;
    const b = el.getBBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2, r: Math.min(b.width, b.height) / 2 };
  }

  overlay() {
    if (!this.svg) return null;
    if (!this.overlayGroup) {
      const g = document.createElementNS(SVGNS, 'g');
      g.setAttribute('class', 'q-overlay');
      g.setAttribute('pointer-events', 'none');
      this.svg.appendChild(g);
      this.overlayGroup = g;
    }
    return this.overlayGroup;
  }

  clearOverlay(kind) {
    const g = this.overlayGroup;
    if (!g) return;
    for (const el of [...g.children]) if (!kind || el.dataset.kind === kind) el.remove();
  }

  // A path through points (Separo's roots s1-s2-s3) drawn over the board.
  drawPath(points, kind, cls) {
    const pts = points.map((p) => this.geometry(p)).filter(Boolean);
    if (pts.length < 2) return;
    const path = document.createElementNS(SVGNS, 'path');
    path.setAttribute('d', pts.map((p, i) => `${i ? 'L' : 'M'}${p.x} ${p.y}`).join(''));
    path.setAttribute('class', cls);
    path.setAttribute('stroke-width', String(pts[0].r * 0.25));
    path.dataset.kind = kind;
    this.overlay().appendChild(path);
  }

  // A labelled disc on a point: analysis values, variation numbers.
  drawLabel(point, text, kind, cls, sub) {
    const g0 = this.geometry(point);
    if (!g0) return;
    const g = document.createElementNS(SVGNS, 'g');
    g.setAttribute('class', cls);
    g.dataset.kind = kind;
    g.dataset.point = point;
    const c = document.createElementNS(SVGNS, 'circle');
    c.setAttribute('cx', g0.x);
    c.setAttribute('cy', g0.y);
    c.setAttribute('r', g0.r * 0.78);
    g.appendChild(c);
    const t = document.createElementNS(SVGNS, 'text');
    t.setAttribute('x', g0.x);
    t.setAttribute('y', sub ? g0.y - g0.r * 0.05 : g0.y + g0.r * 0.2);
    t.setAttribute('font-size', g0.r * (sub ? 0.55 : 0.62));
    t.setAttribute('text-anchor', 'middle');
    t.textContent = text;
    g.appendChild(t);
    if (sub) {
      const s = document.createElementNS(SVGNS, 'text');
      s.setAttribute('x', g0.x);
      s.setAttribute('y', g0.y + g0.r * 0.5);
      s.setAttribute('font-size', g0.r * 0.4);
      s.setAttribute('text-anchor', 'middle');
      s.setAttribute('class', 'q-sub');
      s.textContent = sub;
      g.appendChild(s);
    }
    this.overlay().appendChild(g);
  }
}
