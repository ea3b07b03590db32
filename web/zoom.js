// Zoom and pan of the board picture, for boards whose points are drawn too
// small to tap (Torus Hex and Separo 19×19 on a phone). The view is the
// picture's own viewBox narrowed to a window around a centre, so the
// points' boxes on screen grow with it and clicks keep landing on the
// points themselves. A tap on a point drawn under TAP_MIN px on a touch or
// narrow screen zooms there first instead of playing (the confirm step);
// drag pans, two fingers pinch, and the +, − and fit buttons beside the
// board do the same with a click.

export const TAP_MIN = 40;    // CSS px: the smallest point a tap may play
const TAP_GOAL = 48;          // CSS px a point gets when a tap zooms to it
const MAX_ZOOM = 8;
const DRAG_PX = 8;            // movement that makes a press a drag, not a tap

export class Zoom {
  constructor(board, controls) {
    this.board = board;
    this.z = 1;
    this.cx = null;            // centre in picture units; null = the middle
    this.cy = null;
    this.base = null;          // the picture's own viewBox [x, y, w, h]
    this.key = '';             // game and size the view belongs to
    this.pointers = new Map();
    this.dragged = false;
    this.controls = controls;
    if (controls) {
      controls.querySelector('.zoom-in').addEventListener('click', () => this.step(1.6));
      controls.querySelector('.zoom-out').addEventListener('click', () => this.step(1 / 1.6));
      controls.querySelector('.zoom-fit').addEventListener('click', () => this.set(1));
    }
    const c = board.container;
    this.wrap = c.parentElement;
    c.addEventListener('pointerdown', (e) => this.down(e));
    c.addEventListener('pointermove', (e) => this.move(e));
    for (const t of ['pointerup', 'pointercancel', 'pointerleave']) c.addEventListener(t, (e) => this.up(e));
    new ResizeObserver(() => this.apply()).observe(this.wrap);
  }

  // A new picture: keep the view while the game and size stay the same.
  attach(svg) {
    const vb = (svg.getAttribute('viewBox') || '').split(/[\s,]+/).map(Number);
    this.base = vb.length === 4 && vb.every(Number.isFinite) ? vb : null;
    // The board's box takes the picture's proportions where the width
    // decides (phones), so no space is lost around it (style.css).
    if (this.base) this.wrap.style.setProperty('--board-aspect', `${vb[2]} / ${vb[3]}`);
    const key = `${svg.getAttribute('data-game')} ${svg.getAttribute('data-size')} ${vb.join(' ')}`;
    if (key !== this.key) {
      this.key = key;
      this.z = 1;
      this.cx = this.cy = null;
    }
    this.apply();
  }

  // Pixels per picture unit when the whole picture fits (z = 1).
  fitScale() {
    const r = this.wrap.getBoundingClientRect();
    if (!this.base || !r.width || !r.height) return 0;
    return Math.min(r.width / this.base[2], r.height / this.base[3]);
  }

  // The board element gets the picture's fitted size, centred in its box
  // (--fit-w, --fit-h; the message sits at its top edge), or the whole box
  // when zoomed; and the view's window in the picture.
  apply() {
    const svg = this.board.svg;
    if (!svg || !this.base) return;
    const [bx, by, bw, bh] = this.base;
    const s0 = this.fitScale();
    const zoomed = this.z > 1 && s0 > 0;
    const box = this.wrap.getBoundingClientRect();
    this.wrap.style.setProperty('--fit-w', `${(zoomed ? box.width : bw * s0).toFixed(1)}px`);
    this.wrap.style.setProperty('--fit-h', `${(zoomed ? box.height : bh * s0).toFixed(1)}px`);
    if (!zoomed) {
      svg.setAttribute('viewBox', this.base.join(' '));
      svg.classList.remove('q-zoomed');
    } else {
      const w = box.width / (s0 * this.z);
      const h = box.height / (s0 * this.z);
      this.cx = clampCentre(this.cx ?? bx + bw / 2, w, bx, bw);
      this.cy = clampCentre(this.cy ?? by + bh / 2, h, by, bh);
      svg.setAttribute('viewBox', [this.cx - w / 2, this.cy - h / 2, w, h].map((v) => +v.toFixed(2)).join(' '));
      svg.classList.add('q-zoomed');
    }
    this.showControls();
  }

  // The +/− buttons are shown only where a tap may hit the wrong point:
  // points drawn small on a touch or narrow screen.
  showControls() {
    if (!this.controls) return;
    const small = this.pointUnits() * this.fitScale() < TAP_MIN && touchLike();
    this.controls.hidden = !small;
    this.controls.querySelector('.zoom-out').disabled = this.z <= 1;
    this.controls.querySelector('.zoom-fit').disabled = this.z <= 1;
  }

  // The smaller side of a point's box in picture units (all points of a
  // board have the same size).
  pointUnits() {
    const el = this.board.pointEls.values().next().value;
    if (!el) return Infinity;
    const b = el.getBBox();
    return Math.min(b.width, b.height);
  }

  set(z, cx, cy) {
    this.z = Math.max(1, Math.min(MAX_ZOOM, z));
    if (cx !== undefined) { this.cx = cx; this.cy = cy; }
    if (this.z === 1) this.cx = this.cy = null;
    this.apply();
  }

  step(f) { this.set(this.z * f); }

  // A tap on point element `el`: true when it was taken for zooming in
  // (the point is too small to be sure which one was meant), so the caller
  // does not play it. A drag's closing click is swallowed as well.
  intercept(el) {
    if (this.dragged && this.z > 1) { this.dragged = false; return true; }
    if (!el || !touchLike()) return false;
    const px = el.getBoundingClientRect();
    if (Math.min(px.width, px.height) >= TAP_MIN) return false;
    const b = el.getBBox();
    const need = TAP_GOAL / (Math.min(b.width, b.height) * this.fitScale());
    this.set(Math.max(need, this.z * 1.5), b.x + b.width / 2, b.y + b.height / 2);
    return true;
  }

  // ---- pointers: drag to pan, two fingers to pinch ------------------------

  down(e) {
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
    this.dragged = false;
    if (this.pointers.size === 2) this.pinch0 = { d: this.spread(), z: this.z };
  }

  move(e) {
    const p = this.pointers.get(e.pointerId);
    if (!p) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    p.x = e.clientX;
    p.y = e.clientY;
    if (Math.hypot(p.x - p.x0, p.y - p.y0) > DRAG_PX) this.dragged = true;
    if (this.pointers.size === 2 && this.pinch0 && this.pinch0.d > 0) {
      this.set(this.pinch0.z * this.spread() / this.pinch0.d);
      return;
    }
    if (this.z > 1 && this.dragged && this.pointers.size === 1) {
      const s = this.fitScale() * this.z;
      this.cx -= dx / s;
      this.cy -= dy / s;
      this.apply();
    }
  }

  up(e) {
    this.pointers.delete(e.pointerId);
    if (this.pointers.size < 2) this.pinch0 = null;
  }

  spread() {
    const [a, b] = [...this.pointers.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  }
}

// A window of width w inside [lo, lo + span]: its centre, kept so the
// window does not leave the picture.
function clampCentre(c, w, lo, span) {
  if (w >= span) return lo + span / 2;
  return Math.max(lo + w / 2, Math.min(lo + span - w / 2, c));
}

// Touch screens and phone-width windows get the zoom step; a mouse on a
// wide screen hits small points well enough.
function touchLike() {
  return matchMedia('(pointer: coarse), (max-width: 52rem)').matches;
}
