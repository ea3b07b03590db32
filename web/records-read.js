// Reads game records: the page's own downloads, quartet-match's text,
// JSONL and SGF files (doc/tournaments.md), Othello's GGF (NBoard, Edax,
// the GGS archives) and Othello transcripts (f5d6c3, one game a line). Everything a file says is
// checked against what the page knows of the games (games.js) and kept as
// plain strings; the engine checks the moves themselves when the record is
// replayed. Nothing here touches the page.

import { GAMES } from './games.js';

export const LIMITS = {
  bytes: 16 * 1024 * 1024,  // a file larger than this is refused unread
  games: 20000,             // games kept from one file
  plies: 2000,              // plies in one game
  text: 120,                // characters kept of a name, event, result...
};

const ALIASES = { reversi: 'Othello', 'torus-hex': 'TorusHex', 'torus hex': 'TorusHex' };
const SGF_GAMES = { 2: 'Othello', 11: 'TorusHex' };
const MOVE = /^(pass|swap|[a-z][1-9][0-9]?(-[a-z][1-9][0-9]?){0,2})$/;

// A record string cut to a sane length, control characters dropped.
function clip(s) {
  const t = String(s ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return t.length > LIMITS.text ? `${t.slice(0, LIMITS.text)}…` : t;
}

function gameName(s) {
  const w = String(s ?? '').trim().toLowerCase();
  if (ALIASES[w]) return ALIASES[w];
  return Object.keys(GAMES).find((g) => g.toLowerCase() === w) || null;
}

// Checks one game read from a file and returns it in the page's shape:
// {number, game, size, variants, seats: [{name, who}], moves, result,
//  reason, event, date, setup, notes, passesLeftOut} — or throws an Error
// saying what is wrong. notes (GGF): per ply null or {eval, time}, the
// numbers as written; passesLeftOut (transcripts): forced passes are not
// in moves, the engine puts them in when the record is replayed.
function checkGame(raw) {
  const game = gameName(raw.game);
  if (!game) throw new Error(`unknown game "${clip(raw.game)}"`);
  const g = GAMES[game];
  const size = raw.size === undefined || raw.size === '' ? g.defaultSize : Number(raw.size);
  if (!g.sizes.includes(size)) throw new Error(`${game} has no size "${clip(raw.size)}"`);
  const variants = raw.variants.filter(Boolean);
  for (const v of variants) {
    if (!g.variants.some((x) => x.word === v)) throw new Error(`${game} has no variant "${clip(v)}"`);
  }
  if (raw.moves.length > LIMITS.plies) throw new Error(`${raw.moves.length} plies, more than ${LIMITS.plies}`);
  raw.moves.forEach((m, i) => {
    if (typeof m !== 'string' || !MOVE.test(m)) throw new Error(`ply ${i + 1} "${clip(m)}" is not a move`);
  });
  const who = raw.who || [];
  return {
    number: clip(raw.number),
    game, size, variants,
    seats: g.seats.map((name, i) => ({ name, who: clip(who[i] ?? '') })),
    moves: raw.moves.slice(),
    result: clip(raw.result), reason: clip(raw.reason), event: clip(raw.event), date: clip(raw.date),
    setup: raw.setup || null,
    notes: raw.notes ? raw.notes.slice(0, raw.moves.length) : null,
    passesLeftOut: Boolean(raw.passesLeftOut),
  };
}

// ---- Text records ("[Game N]", "Key: value" lines) ---------------------------

// quartet-match escapes values (doc/tournaments.md): \\ \n \r \t \xNN.
function unescapeText(v) {
  return v.replace(/\\(x[0-9a-f]{2}|[\\nrt])/g, (_, e) => (e[0] === 'x' ? String.fromCharCode(parseInt(e.slice(1), 16))
    : { '\\': '\\', n: '\n', r: '\r', t: '\t' }[e]));
}

function readText(text) {
  const blocks = [];
  let cur = null;
  const start = (number) => { cur = { number, seatLines: [], moves: null, variants: [] }; blocks.push(cur); };
  text.split('\n').forEach((line, i) => {
    const l = line.replace(/\r$/, '');
    const head = /^\[Game\s+([^\]]*)\]\s*$/.exec(l);
    if (head) { start(head[1]); return; }
    if (l.trim() === '') return;
    const kv = /^([A-Za-z][A-Za-z ]*?|Seat \S+)\s*:\s?(.*)$/.exec(l);
    if (!kv) throw new Error(`line ${i + 1} is not "Key: value"`);
    const [key, value] = [kv[1], unescapeText(kv[2].trim())];
    if (key === 'Game' && (!cur || cur.game !== undefined)) start(String(blocks.length + 1));
    if (!cur) throw new Error(`line ${i + 1}: a record starts with "Game:" or "[Game N]"`);
    if (key === 'Game') cur.game = value;
    else if (key === 'Size') cur.size = value;
    else if (key === 'Variants') cur.variants = value.split(/\s+/);
    else if (key.startsWith('Seat ')) cur.seatLines.push(value);
    else if (key === 'Moves') cur.moves = value.split(/\s+/).filter(Boolean);
    else if (key === 'Result') cur.result = value;
    else if (key === 'Reason') cur.reason = value;
    else if (key === 'Event') cur.event = value;
    else if (key === 'Date') cur.date = value;
  });
  return blocks.map((b) => () => {
    if (b.moves === null) throw new Error('no "Moves:" line');
    return { ...b, who: b.seatLines };
  });
}

// ---- JSONL (quartet-match --jsonl) --------------------------------------------

function readJsonl(text) {
  const out = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    out.push(() => {
      let o;
      try { o = JSON.parse(line); } catch { throw new Error(`line ${i + 1} is not JSON`); }
      if (!o || typeof o !== 'object' || !Array.isArray(o.moves)) throw new Error(`line ${i + 1} has no "moves" list`);
      const variants = Array.isArray(o.variants) ? o.variants.map(String)
        : String(o.variants ?? '').split(/\s+/);
      return {
        number: o.game ?? i + 1, game: o.name, size: o.size, variants, moves: o.moves,
        who: Array.isArray(o.engines) ? o.engines : [], result: o.result, reason: o.reason,
        event: o.event, date: o.date,
      };
    });
  });
  return out;
}

// ---- SGF (Othello GM[2], Torus Hex GM[11]) -------------------------------------

// The main line of each game tree as a list of nodes ({PROP: [values]}).
function sgfTrees(text) {
  const trees = [];
  let i = 0;
  const n = text.length;
  // Sticky patterns read at i: blanks, a property name, one [value].
  const WS = /\s*/y;
  const ID = /[A-Za-z]{1,32}/y;
  const VALUE = /\[([^\]\\]*(?:\\[\s\S][^\]\\]*)*)\]/y;
  const at = (re) => {
    re.lastIndex = i;
    const m = re.exec(text);
    if (m) i = re.lastIndex;
    return m;
  };
  // One game tree from "(": its sequence, then its first variation only.
  function tree(depth) {
    if (depth > 1000) throw new Error('SGF nested too deeply');
    i++;  // "("
    const nodes = [];
    let first = true;
    for (;;) {
      at(WS);
      if (i >= n) throw new Error('SGF ends inside a game');
      const c = text[i];
      if (c === ')') { i++; return nodes; }
      if (c === '(') {
        const sub = tree(depth + 1);
        if (first) for (const x of sub) nodes.push(x);
        first = false;
        continue;
      }
      if (c !== ';') throw new Error(`SGF: unexpected "${clip(c)}" at character ${i + 1}`);
      i++;
      const node = {};
      for (;;) {
        at(WS);
        const m = at(ID);
        if (!m) break;
        const id = m[0].replace(/[a-z]/g, '');
        const vals = [];
        for (;;) {
          at(WS);
          const v = at(VALUE);
          if (!v) break;
          vals.push(v[1].replace(/\\([\s\S])/g, '$1'));
        }
        if (!vals.length) {
          throw new Error(text[i] === '[' ? 'SGF ends inside a value' : `SGF property ${clip(id)} has no value`);
        }
        node[id] = (node[id] || []).concat(vals);
      }
      nodes.push(node);
    }
  }
  for (;;) {
    at(WS);
    if (i >= n) break;
    if (text[i] !== '(') throw new Error(`SGF: expected "(" at character ${i + 1}`);
    trees.push(tree(0));
    if (trees.length > LIMITS.games) break;
  }
  return trees;
}

// "fe" -> "f5"; "" -> pass; "swap-pieces" -> swap.
function sgfMove(v) {
  if (v === '' || v === 'tt') return 'pass';
  if (v === 'swap-pieces') return 'swap';
  if (!/^[a-z]{2}$/.test(v)) return v;
  return v[0] + String(v.charCodeAt(1) - 96);
}

// Othello's start position of size n as set_position's board string.
export function othelloStart(n) {
  const b = Array(n * n).fill('-');
  const a = n / 2 - 1;
  b[a * n + a] = 'O'; b[(a + 1) * n + a + 1] = 'O';
  b[a * n + a + 1] = 'X'; b[(a + 1) * n + a] = 'X';
  return b.join('');
}

function readSgf(text) {
  return sgfTrees(text).map((nodes, t) => () => {
    const root = nodes[0] || {};
    const one = (k) => (root[k] ? root[k][0] : undefined);
    const game = SGF_GAMES[Number(one('GM'))];
    if (!game) throw new Error(`SGF game GM[${clip(one('GM'))}] is not Othello (2) or Torus Hex (11)`);
    const size = Number(one('SZ') ?? GAMES[game].defaultSize);
    const moves = [];
    let last = null;
    for (const node of nodes) {
      const color = node.B ? 'B' : node.W ? 'W' : null;
      if (!color) continue;
      // A move of the same colour twice: the other side's pass was left out.
      if (last === color) moves.push('pass');
      moves.push(sgfMove(node[color][0]));
      last = color;
      if (moves.length > LIMITS.plies) break;
    }
    let setup = null;
    if (game === 'Othello' && (root.AB || root.AW)) {
      const b = Array(size * size).fill('-');
      const put = (list, c) => (list || []).forEach((p) => {
        const x = p.charCodeAt(0) - 97;
        const y = p.charCodeAt(1) - 97;
        if (p.length !== 2 || x < 0 || y < 0 || x >= size || y >= size) throw new Error(`SGF setup point "${clip(p)}" is off the board`);
        b[y * size + x] = c;
      });
      put(root.AB, 'X');
      put(root.AW, 'O');
      const side = (one('PL') || (nodes.find((x) => x.B || x.W)?.W ? 'W' : 'B')) === 'W' ? 'white' : 'black';
      if (b.join('') !== othelloStart(size) || side !== 'black') setup = { board: b.join(''), side };
    }
    return {
      number: one('GN') ? one('GN').replace(/^game\s+/, '') : t + 1,
      game, size, variants: (one('QV') || '').split(/\s+/), moves,
      who: [one('PB'), one('PW')], result: one('RE'), reason: one('GC'), event: one('EV'), date: one('DT'),
      setup,
    };
  });
}

// ---- GGF (the Generic Game Server's format, Othello) ------------------------------
// One game is (;GM[Othello]PC[..]PB[..]PW[..]RE[+4.00]BO[8 ---...--- *]
// B[F5//1.2]W[D6/-3/0.5];) : properties KEY[VALUE] (\ escapes the next
// character), BO the start (size, the squares row by row from a1, '*'
// black, 'O' white, '-' empty, then the side to move), B/W the moves as
// MOVE/EVAL/TIME (PA a pass), RE the result for Black. A file holds any
// number of games one after the other.

const GGF_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d{1,3})?$/;

// The games of a GGF file as {props: {KEY: value}, moves: [{color,
// text}]}; throws on anything that is not GGF, naming the character.
function ggfGames(text) {
  const games = [];
  let i = 0;
  const n = text.length;
  const blanks = () => { while (i < n && /\s/.test(text[i])) i++; };
  const KEY = /[A-Z]{1,3}/y;
  for (;;) {
    blanks();
    if (i >= n) break;
    if (!text.startsWith('(;', i)) throw new Error(`GGF: expected "(;" at character ${i + 1}`);
    i += 2;
    const props = {};
    const moves = [];
    for (;;) {
      blanks();
      if (i >= n) throw new Error(`GGF ends inside game ${games.length + 1}`);
      if (text.startsWith(';)', i)) { i += 2; break; }
      KEY.lastIndex = i;
      const k = KEY.exec(text);
      if (!k || text[KEY.lastIndex] !== '[') throw new Error(`GGF: unexpected "${clip(text.slice(i, i + 12))}" at character ${i + 1}`);
      i = KEY.lastIndex + 1;
      let v = '';
      for (;;) {
        if (i >= n) throw new Error(`GGF ends inside the value of ${k[0]}`);
        const c = text[i++];
        if (c === ']') break;
        if (c === '\\') {
          if (i >= n) throw new Error(`GGF ends inside the value of ${k[0]}`);
          v += text[i++];
        } else {
          v += c;
        }
        if (v.length > 4096) throw new Error(`GGF: the value of ${k[0]} at character ${i} is longer than 4096 characters`);
      }
      if (k[0] === 'B' || k[0] === 'W') {
        moves.push({ color: k[0], text: v });
        if (moves.length > LIMITS.plies) throw new Error(`GGF game ${games.length + 1} has more than ${LIMITS.plies} moves`);
      } else if (Object.hasOwn(props, k[0])) {
        throw new Error(`GGF: ${k[0]} twice in game ${games.length + 1}`);
      } else {
        props[k[0]] = v;
      }
    }
    games.push({ props, moves });
    if (games.length > LIMITS.games) break;
  }
  return games;
}

// An Othello square of an n×n board ("f5", any case), or null.
function othelloSquare(t, n) {
  const m = /^([a-z])([1-9][0-9]?)$/i.exec(t);
  if (!m) return null;
  const col = m[1].toLowerCase().charCodeAt(0) - 97;
  const row = Number(m[2]);
  return col < n && row <= n ? m[1].toLowerCase() + m[2] : null;
}

// RE[+4.00] / RE[-2:r] (Black's margin, then r resigned, t time, s
// mutual score) as the page's result and reason.
function ggfResult(v) {
  const t = String(v ?? '').trim();
  if (t === '' || t === '?') return { result: '', reason: '' };
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+))(?::([rts]))?$/.exec(t);
  if (!m) throw new Error(`GGF result RE[${clip(t)}] is not Black's margin`);
  const d = Number(m[1]);
  const result = d > 0 ? `B+${d}` : d < 0 ? `W+${-d}` : '0';
  return { result, reason: { r: 'resigned', t: 'time', s: 'mutual score' }[m[2]] || '' };
}

function ggfGame({ props, moves }, t) {
  if (String(props.GM ?? '').trim().toLowerCase() !== 'othello') throw new Error(`GGF game GM[${clip(props.GM)}] is not Othello`);
  // TY: the board size, r for a random start (given by BO); anything else
  // (anti, synchro, komi games) is another game than Othello.
  const ty = props.TY === undefined ? null : /^(\d{1,2})(r\d*)?$/.exec(props.TY.trim());
  if (props.TY !== undefined && !ty) throw new Error(`GGF game type TY[${clip(props.TY)}] is not plain Othello`);
  let size = ty ? Number(ty[1]) : 8;
  let setup = null;
  let firstWhite = false;
  if (props.BO !== undefined) {
    const w = props.BO.trim().split(/\s+/);
    if (!/^\d{1,2}$/.test(w[0])) throw new Error(`GGF board BO[${clip(props.BO.slice(0, 20))}…] does not start with its size`);
    size = Number(w[0]);
    const squares = w.slice(1, -1).join('');
    const side = w[w.length - 1];
    if (w.length < 3 || squares.length !== size * size || /[^-*O]/.test(squares)) {
      throw new Error(`GGF board BO is not ${size * size} squares of "-", "*" and "O"`);
    }
    if (side !== '*' && side !== 'O') throw new Error('GGF board BO does not end with the side to move, "*" or "O"');
    if (ty && Number(ty[1]) !== size) throw new Error(`GGF game type TY[${clip(props.TY)}] is not the board's size ${size}`);
    const board = squares.replace(/\*/g, 'X');
    firstWhite = side === 'O';
    if (board !== othelloStart(size) || firstWhite) setup = { board, side: firstWhite ? 'white' : 'black' };
  }
  if (!GAMES.Othello.sizes.includes(size)) throw new Error(`Othello has no size "${size}"`);
  const out = [];
  const notes = [];
  moves.forEach(({ color, text: v }, k) => {
    const parts = v.split('/');
    const what = `ply ${k + 1} ${color}[${clip(v)}]`;
    if (parts.length > 3) throw new Error(`${what} is more than MOVE/EVAL/TIME`);
    const word = parts[0].trim();
    const move = /^(pa|pass)$/i.test(word) ? 'pass' : othelloSquare(word, size);
    if (!move) throw new Error(`${what} is not a square of the ${size}×${size} board`);
    const num = (x, name) => {
      const s = (x ?? '').trim();
      if (s !== '' && !GGF_NUMBER.test(s)) throw new Error(`${what}: the ${name} is not a number`);
      return s;
    };
    const ev = num(parts[1], 'evaluation');
    const time = num(parts[2], 'time');
    // A move of the same colour twice: the other side's pass was left out.
    const due = (out.length + (firstWhite ? 1 : 0)) % 2 ? 'W' : 'B';
    if (color !== due) { out.push('pass'); notes.push(null); }
    out.push(move);
    notes.push(ev !== '' || time !== '' ? { eval: ev, time } : null);
  });
  const { result, reason } = ggfResult(props.RE);
  return {
    number: t + 1, game: 'Othello', size, variants: [], moves: out,
    who: [props.PB, props.PW], result, reason, event: props.PC, date: props.DT,
    setup, notes: notes.some(Boolean) ? notes : null,
  };
}

// GGF names its game in words (GM[Othello]), SGF by number (GM[2]).
function isGgf(head) {
  const gm = /GM\[\s*([^\]]*)\]/.exec(head.slice(0, 4096));
  return /^\(\s*;/.test(head) && gm !== null && /^[A-Za-z]/.test(gm[1]);
}

function readGgf(text) {
  return ggfGames(text).map((g, t) => () => ggfGame(g, t));
}

// ---- Othello transcripts: f5d6c3d3 or f5 d6 c3, one game a line ---------------------

// The moves of one transcript line on an 8×8 board, as the engine's
// play_sequence reads them: between spaces and commas, coordinates back
// to back (a letter then the row's digits), pa or pass a pass, either
// case. Throws at the first thing that is no move.
export function transcriptMoves(line, size = 8) {
  const moves = [];
  for (const item of line.split(/[\s,]+/).filter(Boolean)) {
    let rest = item;
    while (rest) {
      const chunk = /^[a-z]*[0-9]*/i.exec(rest)[0];
      const sq = othelloSquare(chunk, size);
      let len = chunk.length;
      if (sq) moves.push(sq);
      else if (/^pass/i.test(rest)) { moves.push('pass'); len = 4; }
      else if (/^pa/i.test(rest)) { moves.push('pass'); len = 2; }
      else throw new Error(`move ${moves.length + 1} (${clip(chunk || rest[0])}) is not a square of the ${size}×${size} board`);
      rest = rest.slice(len);
      if (moves.length > LIMITS.plies) throw new Error(`more than ${LIMITS.plies} moves`);
    }
  }
  if (!moves.length) throw new Error('no moves');
  return moves;
}

// A file is transcripts when its first line is made of their characters
// and starts with a square or a pass (a note's words do not).
function isTranscript(head) {
  const first = head.split('\n')[0].trim();
  return /^[A-Za-z0-9 ,\t]+$/.test(first) && /^([a-h][1-8]|pa)/i.test(first);
}

function readTranscripts(text) {
  const out = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const k = out.length;
    out.push(() => {
      let moves;
      try { moves = transcriptMoves(line.replace(/\r$/, '')); } catch (e) { throw new Error(`line ${i + 1}: ${e.message}`); }
      return { number: k + 1, game: 'Othello', size: 8, variants: [], moves, passesLeftOut: true };
    });
  });
  return out;
}

// Reads a whole file. Returns {games: [...checked games], problems:
// ["game 3: why", ...]}; throws when the file cannot be read at all.
export function readRecords(text) {
  if (typeof text !== 'string') throw new Error('not a text file');
  if (text.length > LIMITS.bytes) throw new Error(`the file is larger than ${LIMITS.bytes >> 20} MiB`);
  const t = text.replace(/^\uFEFF/, '');
  const head = t.trimStart();
  if (head === '') throw new Error('the file is empty');
  let makers;
  if (isGgf(head)) makers = readGgf(t);
  else if (head[0] === '(') makers = readSgf(t);
  else if (head[0] === '{') makers = readJsonl(t);
  else if (/^(\[Game|Game\s*:)/.test(head)) makers = readText(t);
  else if (isTranscript(head)) makers = readTranscripts(t);
  else throw new Error('not a game record: expected a text record ("Game: …"), JSON lines, SGF, GGF or an Othello transcript');
  const games = [];
  const problems = [];
  makers.slice(0, LIMITS.games).forEach((make, i) => {
    try {
      games.push(checkGame(make()));
    } catch (e) {
      problems.push(`game ${i + 1}: ${e.message}`);
    }
  });
  if (makers.length > LIMITS.games) problems.push(`only the first ${LIMITS.games} games were read`);
  return { games, problems };
}
