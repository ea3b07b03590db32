// Short messages at the board: a line over the board's top edge that fades
// after a few seconds, and a red ring flashed on the point it is about (an
// illegal click, the zoom step). Both live beside the picture, not in it,
// so the engine's picture stays exactly as it came.

const SHOW_MS = 2600;

export class Toast {
  constructor(wrap) {
    this.wrap = wrap;
    this.box = wrap.querySelector('.board-msg');
    this.ring = document.createElement('div');
    this.ring.className = 'q-flash';
    this.ring.hidden = true;
    wrap.appendChild(this.ring);
    this.timer = 0;
  }

  // Shows `text`; with `el` (a point of the picture) rings that point.
  say(text, el) {
    clearTimeout(this.timer);
    this.box.textContent = text;
    this.box.hidden = false;
    this.ring.hidden = true;
    if (el) this.mark(el);
    this.timer = setTimeout(() => this.clear(), SHOW_MS);
  }

  mark(el) {
    const w = this.wrap.getBoundingClientRect();
    const p = el.getBoundingClientRect();
    const d = Math.max(p.width, p.height, 16);
    const r = this.ring;
    r.style.left = `${p.left - w.left + p.width / 2 - d / 2}px`;
    r.style.top = `${p.top - w.top + p.height / 2 - d / 2}px`;
    r.style.width = r.style.height = `${d}px`;
    r.dataset.point = el.dataset.point || '';
    r.hidden = false;
    // Restart the flash animation on a repeated mark.
    r.classList.remove('on');
    void r.offsetWidth;
    r.classList.add('on');
  }

  clear() {
    this.box.hidden = true;
    this.ring.hidden = true;
  }
}
