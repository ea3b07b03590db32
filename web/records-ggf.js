// GGF, the Generic Game Server's format (Othello), read as records/ggf.c
// and records/ggf_record.c read it, with their messages: one game is
// (;GM[Othello]PC[..]PB[..]PW[..]RE[+4.00]TY[8]BO[8 ---...--- *]
// B[F5//1.2]W[D6/-3/0.5];) — properties KEY[VALUE] (\ escapes the next
// byte), BO the start (size, the squares row by row from a1, '*' black,
// 'O' white, '-' empty, then the side to move), B/W the moves as
// MOVE/EVAL/TIME, RE black's margin. GGS's match lines are a count, then
// that many games: 2 (;…;)(;…;). TY is [s]SIZE[r[N]][k]: synchro, random
// start, komi (KM). Works on byte strings (records-read.js).

import { newGame, refuse, cut, addMove, strictInt, asciiLower, MAX_GAME } from './records-read.js';

const MAX_MOVES = 256;
const MAX_PROPS = 32;
const MAX_VALUE = 256;

class GgfError extends Error {
  constructor(pos, why) { super(why); this.pos = pos; }
}

const isSpace = (ch) => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';
const isDigit = (ch) => ch >= '0' && ch <= '9';

// An evaluation or time: digits, one point, a sign, an exponent; nothing
// else (no hex, inf, nan).
function ggfNumber(s) {
  if (!s || s.length > 40 || !/^[0-9+\-.eE]*$/.test(s) || !/[0-9]/.test(s)) return null;
  const m = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.exec(s);
  if (!m) return null;
  const v = Number(s);
  return Number.isFinite(v) ? v : null;
}

// One game from text at pos: {game, used} or throws GgfError(pos, why).
function ggfRead(text, start) {
  const len = text.length;
  let pos = start;
  const fail = (why, at = pos) => { throw new GgfError(at, why); };
  while (pos < len && isSpace(text[pos])) pos++;
  if (pos >= len) fail("no game (a GGF game starts with '(;')");
  if (len - pos < 2 || text[pos] !== '(' || text[pos + 1] !== ';') {
    fail("a GGF game starts with '(;'", len - pos < 2 && text[pos] === '(' ? len : pos);
  }
  pos += 2;
  const g = { props: new Map(), size: 0, board: '', toMove: '', moves: [] };
  const readValue = (key, cap, layout) => {
    if (pos >= len) fail(`the game ends after the key ${key}`);
    if (text[pos] !== '[') fail(`'[' expected after the key ${key}`);
    pos++;
    let out = '';
    for (;;) {
      if (pos >= len) fail(`the value of ${key} is not closed with ']'`);
      let ch = text[pos];
      if (ch === ']') break;
      if (ch === '\\') {
        if (++pos >= len) fail(`the value of ${key} ends in an escape`);
        ch = text[pos];
      }
      const u = ch.charCodeAt(0);
      if ((u < 32 || u === 127) && !(layout && isSpace(ch))) fail(`a control byte (${u}) in the value of ${key}`);
      if (out.length + 1 >= cap) fail(`the value of ${key} is longer than ${cap - 1} bytes`);
      out += ch;
      pos++;
    }
    pos++;
    return out;
  };
  const parseBoard = (v) => {
    const bad = (why) => fail(why);
    let p = 0;
    while (isSpace(v[p] || '')) p++;
    let size = 0;
    if (!isDigit(v[p] || '')) bad('BO must start with the board size');
    if (v[p] === '0') bad("BO's board size must be 1 to 16");   // a plain decimal: no leading zero
    while (isDigit(v[p] || '')) {
      size = size * 10 + (v.charCodeAt(p++) - 48);
      if (size > 16) bad("BO's board size is above 16");
    }
    if (size < 1) bad("BO's board size must be 1 to 16");
    if (!isSpace(v[p] || '')) bad("white space expected after BO's board size");
    const squares = size * size;
    let board = '';
    for (; p < v.length; p++) {
      if (isSpace(v[p])) continue;
      if (board.length === squares) break;
      if (v[p] !== '*' && v[p] !== 'O' && v[p] !== '-') bad(`BO has '${v[p]}' where a square ('*', 'O' or '-') was expected`);
      board += v[p];
    }
    if (board.length < squares) bad(`BO has ${board.length} squares, a ${size}x${size} board needs ${squares}`);
    if (v[p] !== '*' && v[p] !== 'O') bad("BO must end with the side to move, '*' or 'O'");
    if (!isSpace(v[p - 1])) bad("white space expected before BO's side to move");
    g.toMove = v[p++];
    while (isSpace(v[p] || '')) p++;
    if (p < v.length) bad('BO has text after the side to move');
    g.board = board;
    g.size = size;
  };
  const parseMove = (color, v) => {
    const bad = (why) => fail(why);
    if (g.moves.length >= MAX_MOVES) bad(`more than ${MAX_MOVES} moves`);
    const parts = v.split('/');
    if (parts.length > 3) bad('a move has more than MOVE/EVAL/TIME');
    const [m, ev, time] = parts;
    const shown = (x) => x.slice(0, 20);
    if (!m) bad(`a move ${color}[] without a move`);
    if (m.length >= 16) bad(`the move '${shown(m)}' is too long`);
    if (/[ \t\n\r]/.test(m)) bad(`white space in the move '${m}'`);
    const move = { color, text: m, eval: '', time: '' };
    if (ev) {
      if (ggfNumber(ev) === null) bad(`the move ${m}'s evaluation '${shown(ev)}' is not a number`);
      move.eval = ev;
    }
    if (time) {
      if (ggfNumber(time) === null) bad(`the move ${m}'s time '${shown(time)}' is not a number`);
      move.time = time;
    }
    g.moves.push(move);
  };
  for (;;) {
    while (pos < len && isSpace(text[pos])) pos++;
    if (pos + 1 < len && text[pos] === ';' && text[pos + 1] === ')') { pos += 2; break; }
    let key = '';
    while (pos < len && text[pos] >= 'A' && text[pos] <= 'Z') {
      if (key.length === 3) fail('a key longer than three letters');
      key += text[pos++];
    }
    if (!key) {
      if (pos + 1 >= len && (pos >= len || text[pos] === ';')) fail("the game is not closed with ';)'", len);
      fail(`a key (upper-case letters) or ';)' expected, not '${text[pos]}'`);
    }
    const isBoard = key === 'BO';
    // Errors about a value name the line where it ends, as the C reader's.
    const v = readValue(key, isBoard ? 256 * 2 + 16 : MAX_VALUE, isBoard);
    if (isBoard) {
      if (g.size) fail('a second BO');
      parseBoard(v);
    } else if (key === 'B' || key === 'W') {
      parseMove(key, v);
    } else {
      if (g.props.has(key)) fail(`a second ${key}`);
      if (g.props.size >= MAX_PROPS) fail(`more than ${MAX_PROPS} properties`);
      g.props.set(key, v);
    }
  }
  return { game: g, used: pos };
}

// The line (from 1) of byte at; at a file's end after a newline, the last
// line with text.
function lineAt(text, at) {
  let line = 1;
  for (let i = 0; i < at && i < text.length; i++) if (text[i] === '\n') line++;
  if (at > 0 && at >= text.length && text[at - 1] === '\n') line--;
  return line;
}

// A value a message may show: printable ASCII of at most 24 bytes.
const showable = (v) => /^[\x20-\x7e]{0,24}$/.test(v);

// A decimal as GGF writes margins and komi: sign, 1-6 digits, optionally
// a point and 1-6 digits. {v, end} or null.
function decimal(s) {
  const m = /^[+-]?([0-9]{1,6})(\.[0-9]{1,6})?/.exec(s);
  if (!m) return null;
  // Seven digits, or a point without digits, are no decimal here.
  if (isDigit(s[m[0].length] || '') || (s[m[0].length] === '.' && !m[2])) return null;
  return { v: Number(m[0]), end: m[0].length };
}

// C's %g for a margin: at most six significant digits.
function cG(v) {
  if (v === 0) return '0';
  const e = Math.floor(Math.log10(Math.abs(v)));
  if (e < -5 || e >= 6) return v.toExponential(5).replace(/\.?0+e/, 'e').replace(/e([+-])(\d)$/, 'e$10$2');
  return String(Number(v.toPrecision(6)));
}

function resultOfRe(re) {
  const d = decimal(re);
  if (!d) return null;
  const rest = re.slice(d.end);
  let flag = '';
  if (rest[0] === ':') {
    flag = rest[1] || '';
    if (!flag || !'trs'.includes(flag) || rest.length > 2) return null;
  } else if (rest) {
    return null;
  }
  const side = d.v > 0 ? 'B' : 'W';
  const result = d.v === 0 ? '0' : flag === 't' || flag === 'r' ? `${side}+${flag === 't' ? 'T' : 'R'}` : `${side}+${cG(Math.abs(d.v))}`;
  return { result, flag };
}

function takeResult(gg, g) {
  const re = gg.props.get('RE');
  const qr = gg.props.get('QR');
  let from = { result: '', flag: '' };
  // NBoard writes RE[?] for a game without a result yet.
  const unknown = re === '?';
  if (unknown) {
    from = { result: '?', flag: '' };
  } else if (re !== undefined) {
    from = resultOfRe(re);
    if (!from) {
      return showable(re) ? `RE[${re}]: not a GGF result (black's margin in decimal: +8.000, -4:r)`
        : "RE: not a GGF result (black's margin in decimal: +8.000, -4:r)";
    }
  }
  if (qr === undefined) { g.result = cut(from.result, 32); return ''; }
  g.result = cut(qr, 32);
  if (re === undefined || unknown) return 'RE missing or not a GGF result beside QR';
  const forfeit = qr.length === 3 && qr[1] === '+' && qr[2] === 'F';
  if (forfeit ? !(from.flag === 'r' && from.result[0] === qr[0]) : from.result !== qr) return 'RE and QR disagree';
  return '';
}

function isNormalStart(gg) {
  const n = gg.size;
  if (n % 2 || gg.toMove !== '*') return false;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const centre = (r === n / 2 - 1 || r === n / 2) && (c === n / 2 - 1 || c === n / 2);
      const want = !centre ? '-' : r === c ? 'O' : '*';
      if (gg.board[r * n + c] !== want) return false;
    }
  }
  return true;
}

// TY as GGS writes it: [s]SIZE[r[N]][k]. {why} or {size, komi}.
function takeType(gg) {
  const ty = gg.props.get('TY');
  const name = ty !== undefined && showable(ty) ? `TY[${ty}]` : 'TY';
  let komi = false;
  let size = 0;
  if (ty !== undefined) {
    let p = ty[0] === 's' ? 1 : 0;
    const d = /^[0-9]*/.exec(ty.slice(p))[0];
    let random = false;
    if (!d) return { why: `${name}: not a GGS game type ([s]SIZE[rN][k])` };
    for (p += d.length; p < ty.length; p++) {
      const c = ty[p];
      if (c === 'r' && !random) {
        random = true;
        p += /^[0-9]*/.exec(ty.slice(p + 1))[0].length;
      } else if (c === 'k' && !komi) {
        komi = true;
      } else if (c === 'a') {
        return { why: `${name}: anti-Othello (a) is a rule variant Quartet does not play` };
      } else if (/[a-zA-Z]/.test(c)) {
        return { why: `${name}: '${c}' is a game type flag Quartet does not play` };
      } else {
        return { why: `${name}: not a GGS game type ([s]SIZE[rN][k])` };
      }
    }
    if (!(d.length === 1 && '468'.includes(d))) {
      return { why: `${name}: board size ${d.slice(0, 20)} is not one Quartet's Othello plays (4, 6 or 8)` };
    }
    size = Number(d);
    if (random && !gg.size) return { why: `${name}: a random start (r) without its BO` };
  }
  if (gg.size && (gg.size > 8 || gg.size % 2 || gg.size < 4)) {
    return { why: `BO: board size ${gg.size} is not one Quartet's Othello plays (4, 6 or 8)` };
  }
  if (gg.size && size && gg.size !== size) return { why: `${name} and BO give two board sizes (${size} and ${gg.size})` };
  return { size: gg.size || size, komi };
}

function takeKomi(gg, g, komiGame) {
  const km = gg.props.get('KM');
  if (km === undefined) {
    const ty = gg.props.get('TY');
    if (!komiGame) return '';
    return showable(ty) ? `TY[${ty}]: a komi game (k) without its KM` : 'TY: a komi game (k) without its KM';
  }
  const d = decimal(km);
  if (!d || d.end !== km.length || d.v > 64 || d.v < -64) {
    return showable(km) ? `KM[${km}]: not a komi (a decimal number from -64 to 64)` : 'KM: not a komi (a decimal number from -64 to 64)';
  }
  g.komi = d.v;
  return '';
}

function takeEvent(gg, g) {
  let v = gg.props.get('EV');
  if (v !== undefined) g.event = cut(v, 128);
  if ((v = gg.props.get('QI')) !== undefined && !/^[0-9a-f]{16}$/.test(v)) return 'QI is not an event id (16 hex digits)';
  if ((v = gg.props.get('QS')) !== undefined && strictInt(v, 1, MAX_GAME) === null) return 'QS is not a number of games (1 to 10^9)';
  if ((v = gg.props.get('QE')) !== undefined) {
    const comma = v.indexOf(',');
    if (comma < 0 || strictInt(v.slice(0, comma), 0, MAX_GAME) === null || strictInt(v.slice(comma + 1), 0, MAX_GAME) === null) {
      return "QE is not two engine indices (black's and white's: 0,1)";
    }
  }
  return '';
}

// gg into g; the reason it is refused, or ''.
function toRecord(gg, g) {
  const gm = gg.props.get('GM');
  if (gm === undefined || asciiLower(gm) !== 'othello') return 'not an Othello game (GM[Othello]): GGF is read for Othello only';
  g.game = 'Othello';
  const t = takeType(gg);
  if (t.why) return t.why;
  g.size = t.size;
  let bad = takeKomi(gg, g, t.komi);
  if (bad) return bad;
  const gn = gg.props.get('GN');
  if (gn !== undefined) {
    const id = strictInt(gn, 1, MAX_GAME);
    if (id === null) return 'game number in GN out of range (1 to 10^9)';
    g.id = id;
  }
  if ((bad = takeEvent(gg, g))) return bad;
  g.players = [cut(gg.props.get('PB') ?? '', 64), cut(gg.props.get('PW') ?? '', 64)];
  if (gg.props.has('GC')) g.reason = cut(gg.props.get('GC'), 200);
  g.date = gg.props.get('DT') ?? '';
  if (!g.event) g.event = gg.props.get('PC') ?? '';
  if ((bad = takeResult(gg, g))) return bad;
  let next = 'B';
  if (gg.size && !isNormalStart(gg)) {
    g.setup = gg.board.replace(/\*/g, 'X');
    g.setupSide = gg.toMove === '*' ? 'X' : 'O';
    next = gg.toMove === '*' ? 'B' : 'W';
  }
  g.notes = [];
  for (const m of gg.moves) {
    // A colour moving twice: the other passed between (GGS leaves forced
    // passes out of some games); the replay refuses it where not forced.
    if (m.color !== next) { addMove(g, 'pass'); g.notes.push(null); }
    let low = asciiLower(m.text);
    if (low === 'pa' || low === 'pass' || low === 'ps') low = 'pass';
    if (!addMove(g, low)) return 'bad move text';
    g.notes.push(m.eval || m.time ? { eval: m.eval, time: m.time } : null);
    next = m.color === 'B' ? 'W' : 'B';
  }
  return '';
}

// A GGS match line's count before its games: the count, 0 when the text
// at pos is a game, -1 for a bad count. {n, pos}.
function matchCount(text, pos) {
  const d = /^[0-9]*/.exec(text.slice(pos, pos + 40))[0];
  if (!d) return { n: 0, pos };
  const w = /^[ \t]*/.exec(text.slice(pos + d.length, pos + d.length + 4096))[0];
  const n = strictInt(d, 1, 99);
  if (n === null || !w || text[pos + d.length + w.length] !== '(') return { n: -1, pos };
  return { n, pos: pos + d.length + w.length };
}

const skip = (text, pos, set) => { while (pos < text.length && set.includes(text[pos])) pos++; return pos; };

// Reads every game of a GGF file into games (records-read.js's shape);
// false when the reading stopped at text it cannot read past.
export function readGgf(text, games) {
  let pos = 0;
  const stop = (why) => { const g = newGame(games.length + 1, 0); refuse(g, why); games.push(g); return false; };
  for (;;) {
    pos = skip(text, pos, ' \t\r\n');
    if (pos >= text.length) return true;
    const line = lineAt(text, pos);
    const mc = matchCount(text, pos);
    if (mc.n < 0) return stop(`line ${line}: a GGS match line is a count (1 to 99), a space and its games`);
    pos = mc.pos;
    const count = mc.n;
    for (let k = 0; k < (count || 1); k++) {
      if (k > 0) pos = skip(text, pos, ' \t');
      if (k > 0 && (pos >= text.length || text[pos] !== '(')) return stop(`line ${line}: the match line gives ${count} games, but has ${k}`);
      let r;
      try {
        r = ggfRead(text, pos);
      } catch (e) {
        if (!(e instanceof GgfError)) throw e;
        return stop(`line ${lineAt(text, e.pos)}: GGF does not parse: ${e.message}`);
      }
      const g = newGame(games.length + 1, lineAt(text, skip(text, pos, ' \t\r\n')));
      games.push(g);
      const bad = toRecord(r.game, g);
      if (bad) refuse(g, bad);
      pos = r.used;
    }
    if (count && text[skip(text, pos, ' \t')] === '(') return stop(`line ${line}: the match line gives ${count} games, but has more`);
  }
}
