// The board picture kept in step with the engine by line patches
// (`svg_diff legal`, doc/protocol.md): the page keeps the text of the last
// picture, applies each patch to it and checks the result's hash, so after
// the first picture a move costs the lines that changed, not the picture.
// An engine without svg_diff gets `svg legal` every time.

// 32-bit FNV-1a over the UTF-8 bytes, as 8 lowercase hex digits: the hash
// svg_diff names its base and result by.
export function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(text)) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

// Applies op lines (=N copy, -N skip, +TEXT insert) to the base's lines.
// Throws unless the ops are well formed and use up exactly the whole base.
export function applyPatch(base, ops) {
  const out = [];
  let at = 0;
  for (const op of ops) {
    if (op[0] === '+') {
      out.push(op.slice(1));
      continue;
    }
    const m = /^([=-])(\d+)$/.exec(op);
    if (!m) throw new Error(`svg_diff: bad patch line "${op.slice(0, 40)}"`);
    const n = Number(m[2]);
    if (at + n > base.length) throw new Error('svg_diff: the patch runs past the end of the picture');
    if (m[1] === '=') for (let i = at; i < at + n; i++) out.push(base[i]);
    at += n;
  }
  if (at !== base.length) throw new Error(`svg_diff: the patch used ${at} of the picture's ${base.length} lines`);
  return out;
}

export class Picture {
  constructor() {
    this.reset();
  }

  // A new engine session: it has no base yet.
  reset() {
    this.lines = null;
    this.hash = '-';
    this.off = false;   // the engine's hashes proved wrong: svg legal from now on
  }

  // Asks for the picture with legal marks; resolves with its text. The
  // request goes out at once (callers pipeline further commands behind it).
  request(gtp, diff) {
    if (!diff || this.off) return gtp.send('svg legal');
    const first = gtp.send('svg_diff legal');
    return first.catch((e) => {
      // Asked on trust before the engine listed its commands, and refused:
      // an engine without svg_diff.
      if (e.closed) throw e;
      this.off = true;
      return null;
    }).then((answer) => {
      if (answer === null) return gtp.send('svg legal');
      const text = this.apply(answer);
      if (text !== null) return text;
      // Our copy is not the engine's base (or the patch was bad): ask for
      // the whole picture as a patch against nothing.
      return gtp.send('svg_diff legal full').then((full) => {
        const again = this.apply(full);
        if (again !== null) return again;
        // Even a whole picture fails its own hash: the engine's svg_diff
        // cannot be trusted, so this session goes on with whole pictures.
        console.warn('svg_diff: the engine\'s whole picture does not match its hash; using svg legal');
        this.off = true;
        return gtp.send('svg legal');
      });
    });
  }

  // The answer's first line is "svg_diff BASE NEW", then the ops. Returns
  // the new picture's text, or null when it cannot be trusted.
  apply(answer) {
    const lines = answer.split('\n');
    const head = /^svg_diff ([0-9a-f]{8}|-) ([0-9a-f]{8})$/.exec(lines[0].trim());
    if (!head) {
      this.reset();
      return null;
    }
    const base = head[1] === '-' ? [] : this.lines;
    let out;
    try {
      if (base === null || (head[1] !== '-' && head[1] !== this.hash)) throw new Error('base');
      out = applyPatch(base, lines.slice(1));
    } catch {
      this.reset();
      return null;
    }
    const text = out.join('\n');
    if (fnv1a(text) !== head[2]) {
      this.reset();
      return null;
    }
    this.lines = out;
    this.hash = head[2];
    return text;
  }
}
