// Reads game records with the same verdict as the C readers (records/,
// tests/records/README.md): the page's own downloads, quartet-match's text,
// JSON Lines, SGF and GGF files (NBoard's, GGS's archive and match lines)
// and transcripts (one game a line: "Othello 8 f5d6c3", or a bare
// Othello transcript "f5d6c3"). The bytes are read as the C side reads them: strict UTF-8, no NUL,
// every number decimal and in range; each message is the C reader's, word
// for word, so a file gets the same answer everywhere. What needs a game's
// rules (legal moves, forced passes put back) is the engine's: review.js
// replays each game through it (replayCheck) before it is accepted.
// Nothing here touches the page.

import { GAMES } from './games.js';
import { readGgf } from './records-ggf.js';

export const LIMITS = {
  bytes: 16 * 1024 * 1024,  // a file larger than this is refused unread
  games: 20000,             // games kept from one file
  plies: 2000,              // plies in one game
  text: 120,                // characters kept of a name, event, result...
};

export const MAX_GAME = 1000000000;   // game numbers: 1 to 10^9
export const MAX_SIZE = 99;           // board sizes in records
const MOVE_LEN = 16;                  // bytes of one move's text, NUL included

// ---- Bytes --------------------------------------------------------------------
// Records are read as bytes, one character per byte (a "byte string"), so
// that lines, columns and lengths count what the C readers count; text
// shown to people is decoded from UTF-8 at the end.

export function byteString(input) {
  if (typeof input === 'string') input = new TextEncoder().encode(input);
  let s = '';
  for (let i = 0; i < input.length; i += 0x8000) s += String.fromCharCode.apply(null, input.subarray(i, i + 0x8000));
  return s;
}

export function utf8(bin) {
  const b = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) b[i] = bin.charCodeAt(i);
  return new TextDecoder().decode(b);
}

// The length of the longest prefix that is valid UTF-8 without NUL bytes
// (shortest forms, no surrogates, nothing past U+10FFFF).
function utf8ValidPrefix(s) {
  const len = s.length;
  let i = 0;
  while (i < len) {
    const c = s.charCodeAt(i);
    const n = c >= 0x01 && c < 0x80 ? 1 : c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3 : c >= 0xf0 && c < 0xf5 ? 4 : 0;
    if (n === 0 || n > len - i) return i;
    for (let k = 1; k < n; k++) if ((s.charCodeAt(i + k) & 0xc0) !== 0x80) return i;
    const d = s.charCodeAt(i + 1);
    if ((c === 0xe0 && d < 0xa0) || (c === 0xed && d >= 0xa0) || (c === 0xf0 && d < 0x90) || (c === 0xf4 && d >= 0x90)) return i;
    i += n;
  }
  return len;
}

export function lineOf(s, at) {
  let line = 1;
  for (let i = 0; i < at; i++) if (s.charCodeAt(i) === 10) line++;
  return line;
}

const isDigit = (ch) => ch >= '0' && ch <= '9';

// C's tolower: ASCII letters only (a byte string's other bytes stay).
export const asciiLower = (s) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

// The decimal integer at s[i] (an optional '-', then digits without a
// leading zero) when it lies in [lo, hi]: {v, end}, or null.
export function strictLong(s, i, lo, hi) {
  const neg = s[i] === '-';
  let d = i + (neg ? 1 : 0);
  if (!isDigit(s[d] || '') || (s[d] === '0' && isDigit(s[d + 1] || ''))) return null;
  let x = 0;
  for (; isDigit(s[d] || ''); d++) {
    x = x * 10 + (s.charCodeAt(d) - 48);
    if (x > Math.max(Math.abs(lo), Math.abs(hi)) + 1) return null;
  }
  const v = neg ? -x : x;
  if (v < lo || v > hi) return null;
  return { v, end: d };
}

// Whether t is exactly one such number and nothing else: its value or null.
export function strictInt(t, lo, hi) {
  if (t.length === 0 || t.length >= 24) return null;
  const r = strictLong(t, 0, lo, hi);
  return r && r.end === t.length ? r.v : null;
}

// ---- One game as the readers fill it ---------------------------------------

export function newGame(id, line) {
  return {
    id, line, game: '', size: 0, variants: '', players: [], nplayers: 0, result: '', reason: '',
    moves: [], setup: '', setupSide: '', transcript: null, komi: null, notes: null, why: '',
    event: '', date: '',
  };
}

// The longest prefix of s[0..len) that does not end inside a UTF-8
// character (strict.c's utf8_cut).
function utf8Cut(s, len) {
  let i = len;
  while (i > 0 && (s.charCodeAt(i - 1) & 0xc0) === 0x80) i--;
  if (i === 0 || s.charCodeAt(i - 1) < 0xc0) return len;
  const lead = s.charCodeAt(i - 1);
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
  return len - (i - 1) < need ? i - 1 : len;
}

// C's fixed fields keep cap - 1 bytes, cut between characters (rec_copy).
export const cut = (s, cap) => (s.length >= cap ? s.slice(0, utf8Cut(s, cap - 1)) : s);

// A string read into a field of cap bytes (the JSON and text readers'):
// cut to fit, then never ending inside a character.
const fit = (s, cap) => {
  let t = s.length >= cap ? s.slice(0, cap - 1) : s;
  t = t.slice(0, utf8Cut(t, t.length));
  // A C string ends at its first NUL (a text record's \x00).
  const z = t.indexOf('\0');
  return z < 0 ? t : t.slice(0, z);
};

export function addMove(g, text) {
  if (text.length === 0 || text.length >= MOVE_LEN) return false;
  g.moves.push(text);
  return true;
}

export function refuse(g, why) {
  if (!g.why) g.why = why;
}

// Whether a game's transcript (if it has one) agrees with its moves: the
// disc moves in lower case run together, passes left out.
function transcriptWhy(g) {
  if (g.transcript === null) return '';
  const t = g.transcript;
  let k = 0;
  for (let i = 0; i < g.moves.length; i++) {
    const m = g.moves[i];
    if (m === 'pass') continue;
    for (const c of m) {
      if (t[k] !== asciiLower(c)) return `the transcript does not agree with the moves at move ${i + 1} (${m})`;
      k++;
    }
  }
  if (k < t.length) return `the transcript is longer than the moves ("${t.slice(k, k + 20)}" after them)`;
  return '';
}

// ---- JSON Lines ---------------------------------------------------------------

class JsonError extends Error {}

// quartet-match's JSON keys and the rule of each one's value, as
// records/match_keys.c has them (resume and --merge read with it, the C
// reader checks with it): [kind, max (0: one value; else an array of at
// most max), lo, hi, why (whole numbers out of range)].
const BIG = 1000000000;
const SEATS = 4, PLIES = 2048;
const MATCH_KEYS = {
  game: ['int', 0, 1, MAX_GAME, 'game number out of range (1 to 10^9)'],
  name: ['text', 0],
  size: ['int', 0, 1, MAX_SIZE, 'size out of range (1 to 99)'],
  variants: ['text', 0], opening: ['text', 0], result: ['text', 0], reason: ['text', 0],
  event: ['text', 0], event_id: ['text', 0], date: ['text', 0], time_control: ['text', 0],
  forfeit: ['textOrNull', 0], disagreement: ['textOrNull', 0],
  schedule_games: ['int', 0, 1, MAX_GAME, 'schedule_games out of range'],
  opening_index: ['int', 0, -1, BIG, 'opening_index out of range'],
  opening_plies: ['int', 0, 0, PLIES, 'opening_plies out of range'],
  seats: ['text', SEATS], engines: ['text', SEATS], moves: ['text', PLIES],
  move_times: ['number', PLIES],
  engine_index: ['int', SEATS, -BIG, BIG, 'number out of range'],
  scores: ['int', SEATS, -BIG, BIG, 'number out of range'],
  ranks: ['int', SEATS, -BIG, BIG, 'number out of range'],
  genmoves: ['int', SEATS, -BIG, BIG, 'number out of range'],
  points: ['number', SEATS], times: ['number', SEATS],
};

function readJsonl(s, games) {
  let line = 0;
  let i = 0;
  while (i < s.length) {
    line++;
    const nl = s.indexOf('\n', i);
    const end = nl < 0 ? s.length : nl;
    let p = i;
    const ws = () => { while (s[p] === ' ' || s[p] === '\t' || s[p] === '\r') p++; };
    ws();
    if (nl < 0 && p === end) {
      const g = newGame(games.length + 1, line);
      refuse(g, `line ${line}: no newline at its end: the line is cut off`);
      games.push(g);
      return false;
    }
    if (p < end) {
      const g = newGame(games.length + 1, line);
      games.push(g);
      let why = null;
      const fail = (w) => { if (why === null) why = w; throw new JsonError(w); };
      const ch = () => s[p] ?? '\0';
      const expect = (c) => {
        ws();
        if (ch() !== c) fail(c === ':' ? "':' expected" : c === ',' ? "',' expected" : 'bad syntax');
        p++;
      };
      const string = (keep) => {
        let out = '';
        ws();
        if (ch() !== '"') fail('string expected');
        for (p++; ch() !== '"'; p++) {
          let c = ch();
          if (c === '\0' && p >= s.length) fail('unterminated string');
          if (c === '\n') fail('unterminated string');
          if (c.charCodeAt(0) < 0x20) fail('a control character not escaped in a string');
          if (c === '\\') {
            p++;
            const e = ch();
            if (e === 'u') {
              const u = jsonU(s, p);
              if (!u) fail('bad \\u escape');
              p = u.end;
              const cp = u.cp < 0x20 || u.cp === 0x7f ? 0xfffd : u.cp;
              if (keep) out += byteString(String.fromCodePoint(cp));
              continue;
            }
            const map = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
            if (!(p < s.length && Object.hasOwn(map, e))) fail('bad escape');
            c = map[e];
          }
          if (keep) out += c;
        }
        p++;
        return out;
      };
      const number = (lo, hi, w) => {
        ws();
        const r = strictLong(s, p, lo, hi);
        if (!r || jsonNumberEnd(s, p) !== r.end) fail(w);
        p = r.end;
        return r.v;
      };
      const skipValue = (depth) => {
        ws();
        if (depth > 64) fail('nested too deep');
        if (ch() === '"') { string(false); return; }
        if (ch() === '{' || ch() === '[') { sequence(ch() === '{' ? '}' : ']', ch() === '{', null, depth); return; }
        let e = jsonNumberEnd(s, p);
        if (e < 0) e = jsonLiteralEnd(s, p);
        if (e < 0) fail('value expected');
        p = e;
      };
      const sequence = (close, members, item, depth) => {
        ws();
        p++;
        ws();
        if (ch() === close) { p++; return; }
        for (;;) {
          let key = '';
          if (members) { key = fit(string(true), 64); expect(':'); }
          if (item) item(key); else skipValue(depth + 1);
          ws();
          if (ch() === close) { p++; return; }
          expect(',');
        }
      };
      const arrayOf = (item) => {
        ws();
        if (ch() !== '[') fail('array expected');
        sequence(']', false, item, 0);
      };
      // A value by its key's rule in MATCH_KEYS, checked, not kept.
      const checkKey = ([kind, max, lo, hi, w]) => {
        const one = () => {
          ws();
          if (kind === 'int') number(lo, hi, w);
          else if (kind === 'number') {
            const e = jsonNumberEnd(s, p);
            if (e < 0) fail('number expected');
            p = e;
          } else if (kind === 'textOrNull' && s.startsWith('null', p)) p += 4;
          else string(false);
        };
        if (!max) { one(); return; }
        let n = 0;
        arrayOf(() => { if (n >= max) fail('too many elements'); n++; one(); });
      };
      const member = (key) => {
        // quartet-match's keys first pass its own rule, as the C reader's do.
        if (Object.hasOwn(MATCH_KEYS, key)) {
          const at = p;
          checkKey(MATCH_KEYS[key]);
          p = at;
        }
        if (key === 'game') g.id = number(1, MAX_GAME, 'game number out of range (1 to 10^9)');
        else if (key === 'name') g.game = fit(string(true), 32);
        else if (key === 'size') g.size = number(1, MAX_SIZE, 'size out of range (1 to 99)');
        else if (key === 'variants') g.variants = fit(string(true), 64);
        else if (key === 'result') g.result = fit(string(true), 32);
        else if (key === 'reason') g.reason = fit(string(true), 200);
        else if (key === 'engines') {
          arrayOf(() => {
            if (g.players.length === 4) fail('too many engines');
            g.players.push(fit(string(true), 64));
          });
        } else if (key === 'moves') {
          arrayOf(() => { if (!addMove(g, fit(string(true), MOVE_LEN + 1))) fail('bad move text'); });
        } else if (key === 'transcript') {
          if (g.transcript !== null) fail('a second transcript');
          g.transcript = '';
          const t = fit(string(true), 1025);
          if (t.length >= 1024) fail('transcript too long');
          g.transcript = t;
        } else if (key === 'event' || key === 'date') {
          // Shown on the page (strings: MATCH_KEYS' rule refused others).
          g[key] = string(true);
        } else skipValue(0);
      };
      try {
        if (ch() === '{') sequence('}', true, member, 0); else fail('object expected');
      } catch (e) {
        if (!(e instanceof JsonError)) throw e;
      }
      // Blanks are skipped after a failure too: the column is past them.
      ws();
      if (why === null && p !== end) why = 'text after the object';
      if (why === null && nl < 0) why = 'no newline at its end: the line is cut off';
      if (why !== null) {
        refuse(g, `line ${line}: JSON does not parse: ${why} (column ${p - i + 1})`);
      } else {
        const tw = transcriptWhy(g);
        if (tw) refuse(g, `line ${line}: ${tw}`);
      }
    }
    i = end + 1;
  }
  return true;
}

function jsonNumberEnd(s, i) {
  const digits = (k) => { while (isDigit(s[k] || '')) k++; return k; };
  if (s[i] === '-') i++;
  if (s[i] === '0') i++;
  else if (s[i] >= '1' && s[i] <= '9') i = digits(i);
  else return -1;
  if (s[i] === '.') {
    const d = digits(i + 1);
    if (d === i + 1) return -1;
    i = d;
  }
  if (s[i] === 'e' || s[i] === 'E') {
    i++;
    if (s[i] === '+' || s[i] === '-') i++;
    const d = digits(i);
    if (d === i) return -1;
    i = d;
  }
  return i;
}

function jsonLiteralEnd(s, i) {
  for (const w of ['true', 'false', 'null']) if (s.startsWith(w, i)) return i + w.length;
  return -1;
}

// \uXXXX at s[i] = 'u' (a surrogate pair read as one code point, a lone
// surrogate as U+FFFD): {cp, end}, end at the last hex digit (the string
// loop steps past it, as the C reader's does).
function jsonU(s, i) {
  const hex4 = (k) => (/^[0-9a-fA-F]{4}$/.test(s.slice(k, k + 4)) ? parseInt(s.slice(k, k + 4), 16) : -1);
  const v = hex4(i + 1);
  if (v < 0) return null;
  let last = i + 4;
  if (v >= 0xd800 && v < 0xdc00 && s[last + 1] === '\\' && s[last + 2] === 'u') {
    const lo = hex4(last + 3);
    if (lo < 0) return null;
    if (lo >= 0xdc00 && lo < 0xe000) return { cp: 0x10000 + ((v - 0xd800) << 10) + (lo - 0xdc00), end: last + 6 };
  }
  return { cp: v >= 0xd800 && v < 0xe000 ? 0xfffd : v, end: last };
}

// ---- The text record ------------------------------------------------------------

const REQUIRED = ['Game', 'Size', 'Moves', 'Result', 'Reason'];

// The value with quartet-match's escapes undone (\\ \n \r \t \xNN), or
// null when it holds another.
function unescapeText(v) {
  let out = '';
  for (let i = 0; i < v.length; i++) {
    let c = v[i];
    if (c === '\\') {
      const e = v[++i];
      if (e === 'x') {
        const h = v.slice(i + 1, i + 3);
        if (!/^[0-9a-f]{2}$/.test(h)) return null;
        c = String.fromCharCode(parseInt(h, 16));
        i += 2;
      } else if (e === '\\' || e === 'n' || e === 'r' || e === 't') {
        c = { '\\': '\\', n: '\n', r: '\r', t: '\t' }[e];
      } else {
        return null;
      }
    }
    out += c;
  }
  return out;
}

function readText(s, games) {
  let g = null;
  let seen = new Set();
  let line = 1;
  let transcriptLine = 0;
  let pos = 0;
  // A refusal that ends the reading: the open game (or a new place) gets it.
  const stop = (why) => {
    if (!g) { g = newGame(games.length + 1, line); games.push(g); }
    g.why = `line ${line}: ${why}`;
    return false;
  };
  const field = (l) => {
    const colon = l.indexOf(':');
    const n = colon < 0 ? 0 : colon;
    if (n === 0 || n >= 32 || (colon + 1 < l.length && l[colon + 1] !== ' ') || !/^[A-Za-z0-9 ]+$/.test(l.slice(0, n))) {
      return stop('not a "Field: value" line of a text record');
    }
    const name = l.slice(0, n);
    const v = l.slice(colon + 1 + (colon + 1 < l.length ? 1 : 0));
    const u = unescapeText(v);
    if (u === null) return stop('a backslash that is not one of the escapes \\\\ \\n \\r \\t \\xNN');
    if (REQUIRED.includes(name)) {
      if (seen.has(name)) return stop(`a second ${name} line in one game`);
      seen.add(name);
    }
    if (name === 'Game') g.game = fit(u, 32);
    else if (name === 'Size') {
      const sz = strictInt(v, 1, MAX_SIZE);
      if (sz === null) refuse(g, `line ${line}: size out of range (a whole number from 1 to 99)`);
      else g.size = sz;
    } else if (name === 'Variants') g.variants = fit(u, 64);
    else if (name === 'Result') g.result = fit(u, 32);
    else if (name === 'Reason') g.reason = fit(u, 200);
    else if (name === 'Moves') {
      for (const w of v.split(/[ \r\n]/)) if (w && !addMove(g, w)) return stop('bad move text in the Moves line');
    } else if (name === 'Transcript') {
      if (g.transcript !== null) return stop(`a second ${name} line in one game`);
      if (v.length >= 1024) return stop('the transcript is too long');
      g.transcript = fit(u, 1024);
      transcriptLine = line;
    } else if (name === 'Event') g.event = u;
    else if (name === 'Date') g.date = u;
    else if (name.startsWith('Seat ') && g.players.length < 4) g.players.push(fit(u, 64));
    return true;
  };
  const closeGame = () => {
    for (const k of REQUIRED) if (!seen.has(k)) return stop(`the game ends without its ${k} line`);
    const tw = transcriptWhy(g);
    if (tw) { line = transcriptLine; return stop(tw); }
    g = null;
    return true;
  };
  const textLine = (l) => {
    if (l.startsWith('[Game ')) {
      if (g) return stop('a new game before the blank line that ends the one before');
      const id = l.length >= 8 && l.endsWith(']') ? strictInt(l.slice(6, -1), 1, MAX_GAME) : null;
      g = newGame(games.length + 1, line);
      games.push(g);
      if (id === null) return stop('bad game header ("[Game N]", N from 1 to 10^9)');
      g.id = id;
      seen = new Set();
      return true;
    }
    if (l.length === 0) return g ? closeGame() : true;
    if (!g) return stop('text outside a game (a game starts with [Game N])');
    return field(l);
  };
  while (pos < s.length) {
    const nl = s.indexOf('\n', pos);
    if (nl < 0) return stop('cut off: the last line has no newline');
    const raw = s.slice(pos, nl);
    if (!textLine(raw.endsWith('\r') ? raw.slice(0, -1) : raw)) return false;
    pos = nl + 1;
    line++;
  }
  if (g) {
    let missing = 'blank line after it';
    for (let k = REQUIRED.length - 1; k >= 0; k--) if (!seen.has(REQUIRED[k])) missing = REQUIRED[k];
    line--;
    // The stop's message replaces an earlier refusal, as the C reader's does.
    g.why = `line ${line}: cut off: the game of line ${g.line} has no ${missing}${missing.includes(' ') ? '' : ' line'}`;
    return false;
  }
  return true;
}

// ---- SGF (Othello GM[2], Torus Hex GM[11]) -------------------------------------

const isSpaceC = (c) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\v' || c === '\f';
const isUpper = (c) => c >= 'A' && c <= 'Z';
const isLower = (c) => c >= 'a' && c <= 'z';

function readSgf(s, games) {
  let p = 0;
  let line = 1;
  const skipWs = () => { while (p < s.length && isSpaceC(s[p])) { if (s[p] === '\n') line++; p++; } };
  let g = null;
  const fail = (why) => {
    const l = line - (p >= s.length && s[p - 1] === '\n' ? 1 : 0);
    if (!g) { g = newGame(games.length + 1, l); games.push(g); }
    g.why = `line ${l}: SGF does not parse: ${why}`;
    return false;
  };
  const value = () => {
    let out = '';
    for (p++; s[p] !== ']'; p++) {
      if (s[p] === '\\' && p + 1 < s.length) p++;
      if (p >= s.length) return null;
      if (s[p] === '\n') line++;
      if (out.length < 255) out += s[p];
    }
    p++;
    return out;
  };
  // Othello's set-up before the first move (records/sgf.c): per point
  // 'X', 'O' or '-' (AE), PL's side, the first move's colour.
  let su = null;
  const setupPoint = (id, v) => {
    if (g.moves.length > 0) { refuse(g, `line ${line}: ${id} after the first move: only a set-up before it is read`); return; }
    su.line = line;
    if (id !== 'AE') su.stones = true;
    if (!(v.length === 2 && isLower(v[0]) && isLower(v[1]))) {
      refuse(g, `line ${line}: bad set-up point in ${id} (two letters a-z, as "fe")`);
      return;
    }
    if (su.points.has(v)) refuse(g, `line ${line}: the set-up gives the point ${v} twice`);
    su.points.set(v, id === 'AB' ? 'X' : id === 'AW' ? 'O' : '-');
  };
  const setupSide = (v) => {
    if (g.moves.length > 0) { refuse(g, `line ${line}: PL after the first move: only a set-up before it is read`); return; }
    if (su.pl || (v !== 'B' && v !== 'W')) { refuse(g, `line ${line}: PL must be given once, B or W`); return; }
    su.line = line;
    su.pl = v === 'B' ? 'X' : 'O';
  };
  // The set-up as the game's start: AB and AW's stones on an empty board
  // (the game's start when there are none), AE's points emptied; the side
  // PL gives, else the first move's, else black. The game's own start with
  // black to move is the standard start.
  const takeSetup = () => {
    if (!su.line || g.why) return;
    if (gameName(g.game) !== 'Othello') {
      refuse(g, `line ${su.line}: a set-up (AB, AW, AE, PL) is read only for Othello`);
      return;
    }
    const n = g.size || GAMES.Othello.defaultSize;
    if (n * n >= 257 || n < 2 || n % 2) { refuse(g, `line ${su.line}: no set-up on a ${n}x${n} board`); return; }
    if (su.pl && su.first && (su.first === 'B') !== (su.pl === 'X')) {
      refuse(g, `line ${su.line}: PL[${su.pl === 'X' ? 'B' : 'W'}] but the first move is ${su.first === 'B' ? 'black' : 'white'}'s`);
      return;
    }
    const side = su.pl || (su.first === 'W' ? 'O' : 'X');
    const start = othelloStart(n);
    const sq = [...(su.stones ? '-'.repeat(n * n) : start)];
    // In the C reader's order: row by row, then column by column.
    const pts = [...su.points.keys()].sort((a, b) => (a[1] === b[1] ? (a[0] < b[0] ? -1 : 1) : a[1] < b[1] ? -1 : 1));
    for (const pt of pts) {
      const c = pt.charCodeAt(0) - 97, r = pt.charCodeAt(1) - 97;
      if (r >= n || c >= n) { refuse(g, `line ${su.line}: the set-up point ${pt} is off the ${n}x${n} board`); return; }
      sq[r * n + c] = su.points.get(pt);
    }
    const board = sq.join('');
    if (side === 'X' && board === start) return;
    g.setup = board;
    g.setupSide = side;
  };
  const property = (id, v) => {
    if (id === 'AB' || id === 'AW' || id === 'AE') { setupPoint(id, v); return true; }
    if (id === 'PL') { setupSide(v); return true; }
    if (id === 'B' || id === 'W') {
      if (!su.first) su.first = id;
      let m;
      if (!v) m = 'pass';
      else if (v === 'swap-pieces') m = 'swap';
      else if (v.length === 2 && isLower(v[0]) && isLower(v[1])) m = v[0] + String(v.charCodeAt(1) - 96);
      else return fail('bad move point');
      if (!addMove(g, m)) return fail('out of memory');
      return true;
    }
    if (id === 'GM') {
      const n = strictInt(v, 1, 99);
      if (n !== 2 && n !== 11) refuse(g, `line ${line}: GM is neither Othello (2) nor Torus Hex (11)`);
      else g.game = n === 2 ? 'Othello' : 'TorusHex';
    } else if (id === 'SZ') {
      const n = strictInt(v, 1, MAX_SIZE);
      if (n === null) refuse(g, `line ${line}: SZ out of range (1 to 99)`);
      else g.size = n;
    } else if (id === 'QV') g.variants = cut(v, 64);
    else if (id === 'RE') g.result = cut(v, 32);
    else if (id === 'GC') g.reason = cut(v, 200);
    else if (id === 'GN' && v.startsWith('game ')) {
      const n = strictInt(v.slice(5), 1, MAX_GAME);
      if (n === null) refuse(g, `line ${line}: game number in GN out of range (1 to 10^9)`);
      else g.id = n;
    } else if (id === 'PB' || id === 'PW') {
      g.players[0] ??= '';
      g.players[1] ??= '';
      g.players[id === 'PW' ? 1 : 0] = cut(v, 64);
    } else if (id === 'EV') g.event = v;
    else if (id === 'DT') g.date = v;
    return true;
  };
  const tree = () => {
    let id = '';
    for (;;) {
      skipWs();
      const ch = p < s.length ? s[p] : '\0';
      if (ch === ')') { p++; takeSetup(); return true; }
      if (ch === '\0') return fail('unterminated game tree');
      if (ch === '(') return fail('variations are not supported');
      if (ch === ';') {
        p++;
      } else if (isUpper(ch)) {
        id = '';
        for (; isUpper(s[p] || ''); p++) if (id.length < 15) id += s[p];
      } else if (ch === '[') {
        if (!id) return fail('value without a property');
        const v = value();
        if (v === null) return fail('unterminated value');
        if (!property(id, v)) return false;
      } else {
        return fail('unexpected character');
      }
    }
  };
  for (skipWs(); p < s.length; skipWs()) {
    g = null;
    if (s[p] !== '(') return fail("'(' expected");
    g = newGame(games.length + 1, line);
    games.push(g);
    su = { points: new Map(), stones: false, pl: '', first: '', line: 0 };
    p++;
    if (!tree()) return false;
  }
  return true;
}

// ---- Transcripts: "GAME SIZE MOVES..." a line ------------------------------------
// (records/transcript_file.c): the game's name, its board size, then its
// moves as play_sequence takes them, which the engine reads (review.js);
// or a bare Othello transcript (f5d6c3...) on the 8x8 board.

function readTranscripts(s, games) {
  let line = 0;
  for (let p = 0; p < s.length; line++) {
    const end = s.indexOf('\n', p);
    // A last line without its newline was cut off, as in every format.
    if (end < 0) {
      const g = newGame(games.length + 1, 0);
      refuse(g, `line ${line + 1}: no newline at its end: the line is cut off`);
      games.push(g);
      return false;
    }
    const l = s.slice(p, end);
    p = end + 1;
    if (!/[^ \t]/.test(l)) continue;
    const g = newGame(games.length + 1, line + 1);
    games.push(g);
    const words = l.split(/[ \t]/).filter((w) => w !== '');
    if (words.length > 4096) { refuse(g, 'more than 4096 words on the line'); continue; }
    const name = gameName(words[0]);
    // A bare Othello transcript ("f5d6c3...", F5D6 too): its first word
    // starts with a square of the 8x8 board, as no game's name does.
    if (!name && /^[a-h][1-8]/i.test(words[0])) {
      g.game = 'Othello';
      g.size = 8;
      g.written = words;
      continue;
    }
    if (!name) {
      refuse(g, /^[\x21-\x7e]{1,24}$/.test(words[0]) ? `unknown game '${words[0]}'` : 'unknown game');
      continue;
    }
    g.game = name;
    const n = words.length < 2 ? null : strictInt(words[1], 1, MAX_SIZE);
    if (n === null) { refuse(g, "no board size after the game's name (a whole number from 1 to 99)"); continue; }
    g.size = n;
    if (!GAMES[name].sizes.includes(n)) { refuse(g, `${name} is not played on ${n}x${n}`); continue; }
    g.written = words.slice(2);
  }
  return true;
}

// The moves of a transcript's words for a game of that name and size, as
// play_sequence splits them (records/transcript.c): commas between items;
// an item a move whole (a1-b2-c2, swap, pass, pa), or coordinates back to
// back (f5d6) with pa/pass between. Which text is a square is the game's:
// here a letter and a row number on the board. {moves} or {why}.
export function splitTranscript(words, size) {
  const moves = [];
  const square = (t) => {
    const m = /^([a-z])([1-9][0-9]?)$/i.exec(t);
    return m && m[1].toLowerCase().charCodeAt(0) - 97 < size && Number(m[2]) <= size;
  };
  const whole = (t) => /^(pass|swap)$/i.test(t) || /^[a-z][1-9][0-9]?(-[a-z][1-9][0-9]?){1,2}$/i.test(t) || square(t);
  for (const w of words) {
    for (const item of w.split(',')) {
      if (!item) continue;
      if (whole(item) || /^pa$/i.test(item)) { moves.push(item); continue; }
      if (/[^A-Za-z0-9]/.test(item)) return { why: `"${item}" is not a move` };
      let rest = item;
      while (rest) {
        const chunk = /^[A-Za-z]*[0-9]*/.exec(rest)[0];
        const letters = /^[A-Za-z]*/.exec(rest)[0];
        if (/[0-9]$/.test(chunk) && square(chunk)) { moves.push(chunk); rest = rest.slice(chunk.length); continue; }
        const k = /^pass/i.test(letters) ? 4 : /^pa/i.test(letters) ? 2 : 0;
        if (k) { moves.push(rest.slice(0, k)); rest = rest.slice(k); continue; }
        return { why: `"${chunk || rest[0]}" is not a move` };
      }
    }
  }
  return { moves };
}

// ---- The file ---------------------------------------------------------------------

// The engine's other names of its games (game_find, case aside).
const ALIASES = { reversi: 'Othello', 'torus-hex': 'TorusHex', torus_hex: 'TorusHex' };

export function gameName(s) {
  const w = String(s ?? '').toLowerCase();
  if (ALIASES[w]) return ALIASES[w];
  return Object.keys(GAMES).find((g) => g.toLowerCase() === w) || null;
}

// Othello's start position of size n as set_position's board string.
export function othelloStart(n) {
  const b = Array(n * n).fill('-');
  const a = n / 2 - 1;
  b[a * n + a] = 'O'; b[(a + 1) * n + a + 1] = 'O';
  b[a * n + a + 1] = 'X'; b[(a + 1) * n + a] = 'X';
  return b.join('');
}

// A record string as the page shows it: decoded, control characters
// dropped, cut to a sane length.
function clip(bin) {
  const t = utf8(String(bin ?? '')).replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return t.length > LIMITS.text ? `${t.slice(0, LIMITS.text)}…` : t;
}

// What the page knows without the rules: the game, its size and variants
// (replay.c's set-up). Returns the reason or ''.
function gameWhy(g) {
  const name = gameName(g.game);
  if (!name) return `unknown game '${g.game}'`;
  const def = GAMES[name];
  const size = g.size || def.defaultSize;
  if (!def.sizes.includes(size)) return `${name} has no size ${size}`;
  for (const w of g.variants.split(/[ ,]+/).filter(Boolean)) {
    if (!def.variants.some((v) => v.word === w.toLowerCase())) return `unknown variant '${w}' of ${name}`;
  }
  return '';
}

// A read game in the page's shape: {number, game, size, variants, seats,
// moves, writtenMoves, result, rawResult, reason, event, date, setup,
// notes, komi, written}. written (transcripts): the words still to be
// split into moves once the game's rules are at hand (the engine's).
function pageGame(g) {
  const name = gameName(g.game);
  const def = GAMES[name];
  return {
    number: g.id, game: name, size: g.size || def.defaultSize,
    variants: g.variants.split(/[ ,]+/).filter(Boolean).map((v) => v.toLowerCase()),
    seats: def.seats.map((seat, i) => ({ name: seat, who: clip(g.players[i] ?? '') })),
    moves: g.moves.map((m) => utf8(asciiLower(m))), writtenMoves: g.moves.map(utf8),
    result: clip(g.result), rawResult: utf8(g.result), reason: clip(g.reason), event: clip(g.event), date: clip(g.date),
    setup: g.setup ? { board: g.setup, side: g.setupSide === 'O' ? 'white' : 'black' } : null,
    notes: g.notes && g.notes.some(Boolean) ? g.notes : null,
    komi: g.komi, written: g.written ? g.written.map(utf8) : null,
  };
}

// The format of a file, from its first byte after blanks (record.c's
// rec_format_of): '(' SGF or GGF (GGF names its game: GM[Othello]), a
// digit a GGS match line (a count, blanks, a GGF game), a letter
// transcripts, '{' JSON Lines, '[' the text record.
function formatOf(s) {
  const t = s.replace(/^[ \t\r\n]+/, '');
  const ggf = /^\([ \t\r\n]*;[ \t\r\n]*GM\[[A-Za-z]/;
  if (t === '') return 'empty';
  if (t[0] === '(') return ggf.test(t) ? 'ggf' : 'sgf';
  if (isDigit(t[0])) {
    const m = /^[0-9]+[ \t]+/.exec(t);
    return m && ggf.test(t.slice(m[0].length)) ? 'ggf' : 'unknown';
  }
  if (/^[A-Za-z]/.test(t)) return 'transcript';
  if (t[0] === '{') return 'jsonl';
  if (t[0] === '[') return 'text';
  return 'unknown';
}

// Reads a whole file (bytes, or a string taken as UTF-8). Returns {items:
// [{game} or {why}] in file order, games (the read ones), problems
// ["game N: why"]}; throws an Error when the file as a whole is no record.
export function readRecords(input) {
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) throw new Error('not a text file');
  if (input.length > LIMITS.bytes) throw new Error(`the file is larger than ${LIMITS.bytes >> 20} MiB`);
  const s = byteString(input);
  const ok = utf8ValidPrefix(s);
  if (ok < s.length) throw new Error(`line ${lineOf(s, ok)}: ${s.charCodeAt(ok) ? 'not valid UTF-8' : 'a NUL byte: binary data, not a game record'}`);
  const format = formatOf(s);
  if (format === 'empty') throw new Error('no game in the file');
  if (format === 'unknown') {
    throw new Error(`line ${lineOf(s, s.length - s.replace(/^[ \t\r\n]+/, '').length)}: not a game record (JSON Lines, SGF, GGF, text or transcript)`);
  }
  const games = [];
  ({ jsonl: readJsonl, ggf: readGgf, sgf: readSgf, text: readText, transcript: readTranscripts })[format](s, games);
  if (!games.length) throw new Error('no game in the file');
  for (const g of games) {
    if (!resultOk(g.result)) refuse(g, 'the result is not one a record gives (such as B+16, W+8.5, 0, B+T, A+3)');
  }
  const items = games.slice(0, LIMITS.games).map((g) => {
    const why = g.why || gameWhy(g) || (g.moves.length > LIMITS.plies ? `more than ${LIMITS.plies} moves` : '');
    return why ? { why: utf8(why) } : { game: pageGame(g) };
  });
  const problems = [];
  items.forEach((it, i) => { if (it.why) problems.push(`game ${i + 1}: ${it.why}`); });
  if (games.length > LIMITS.games) problems.push(`only the first ${LIMITS.games} games were read`);
  return { items, games: items.filter((it) => it.game).map((it) => it.game), problems };
}

// A result as records give them (records/record.c's result_ok): "0",
// NBoard's "?", or a side (1-4 letters) and '+', then nothing (Torus Hex),
// T, R or F, or a margin in plain decimal: no leading zero, at most three
// digits and two decimals, not ending in 0 — the one way to write it.
function resultOk(r) {
  if (r === '' || r === '0' || r === '?') return true;
  return /^[A-Za-z]{1,4}\+([TRF]?|(0|[1-9][0-9]{0,2})(\.[0-9]?[1-9])?)$/.test(r) && !/\+0$/.test(r);
}

// ---- Verdicts (tests/records/README.md) --------------------------------------

// A number as the shortest decimal that is the same number (%g as C's
// shortest round trip: 8.5, -0.5, 2).
const shortest = (x) => String(x);

// The verdict line of game n: item is {why} or {game} after the engine's
// replay (its moves with forced passes put back).
export function verdictLine(n, item) {
  if (item.why !== undefined) return `${n} refused: ${item.why}`;
  const r = item.game;
  const start = r.setup ? `${r.setup.board}/${r.setup.side === 'white' ? 'O' : 'X'}` : 'standard';
  const variants = r.variants.length ? ` variants=${r.variants.join(',')}` : '';
  const komi = r.komi !== null && r.komi !== undefined ? ` komi=${shortest(r.komi)}` : '';
  return `${n} ok ${r.game} ${r.size}${variants} start=${start} moves=${r.moves.join(',')} result=${r.rawResult}${komi}`;
}
