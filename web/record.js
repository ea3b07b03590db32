// Game records in the formats quartet-match writes (tools/quartet-match/
// records.c): the text record for every game, SGF for Othello (GM[2]) and
// Torus Hex (GM[11]), GGF for Othello. A record lists every ply, forced
// passes included.

import { GAMES } from './games.js';
import { othelloStart } from './records-read.js';

// rec: {game, size, variants: [], seats: [{name, who}], moves: [],
//       result, over, timeControl, date, setup?: {board, side},
//       notes?: per ply null or {eval, time} (strings; GGF only), reason?}
export function textRecord(rec) {
  const lines = ['[Game 1]', `Game: ${rec.game}`, `Size: ${rec.size}`];
  if (rec.variants.length) lines.push(`Variants: ${rec.variants.join(' ')}`);
  lines.push('Event: quartet-web', `Date: ${rec.date}`, `TimeControl: ${rec.timeControl}`);
  for (const s of rec.seats) lines.push(`Seat ${s.name}: ${s.who}`);
  lines.push('Opening: 0');
  lines.push(`Moves:${rec.moves.map((m) => ' ' + m).join('')}`);
  lines.push(`Result: ${rec.over ? rec.result : '?'}`);
  lines.push(`Reason: ${rec.over ? 'normal' : 'unfinished'}`);
  return lines.join('\n') + '\n\n';
}

export function sgfSupported(game) {
  return Boolean(GAMES[game] && GAMES[game].sgf);
}

// SGF text values escape ']' and '\'.
function sgfText(s) {
  return String(s).replace(/[\]\\]/g, (c) => '\\' + c);
}

// "d3" -> "dc" (column letter, then the row as a letter); pass -> "".
export function sgfPoint(move) {
  if (move === 'pass') return '';
  if (move === 'swap') return 'swap-pieces';
  const col = move[0];
  const row = parseInt(move.slice(1), 10);
  return col + String.fromCharCode(96 + row);
}

// A set_position board (row by row from the top, X black, O white, -
// empty) as AB and AW lists.
function setupStones(board, size) {
  const pts = { X: [], O: [] };
  [...board].forEach((c, i) => {
    if (pts[c]) pts[c].push(String.fromCharCode(97 + (i % size), 97 + Math.floor(i / size)));
  });
  const list = (tag, ps) => (ps.length ? `${tag}${ps.map((p) => `[${p}]`).join('')}` : '');
  return list('AB', pts.X) + list('AW', pts.O);
}

export function sgfRecord(rec) {
  const gm = GAMES[rec.game].sgf;
  let s = `(;FF[4]CA[UTF-8]AP[quartet-web]GM[${gm}]SZ[${rec.size}]`;
  if (rec.variants.length) s += `QV[${sgfText(rec.variants.join(' '))}]`;
  s += `EV[quartet-web]DT[${rec.date}]OT[${sgfText(rec.timeControl)}]`;
  // A game from a set-up position (an SGF reviewed, then played on) starts
  // from its stones and side to move; White may move first.
  const first = rec.setup && rec.setup.side === 'white' ? 1 : 0;
  if (rec.setup) s += setupStones(rec.setup.board, rec.size) + `PL[${first ? 'W' : 'B'}]`;
  else if (rec.game === 'Othello') {
    // The start position as setup stones, as Othello SGF viewers expect.
    const a = String.fromCharCode(96 + rec.size / 2);
    const b = String.fromCharCode(97 + rec.size / 2);
    s += `AB[${b}${a}][${a}${b}]AW[${a}${a}][${b}${b}]PL[B]`;
  }
  s += `PB[${sgfText(rec.seats[0].who)}]PW[${sgfText(rec.seats[1].who)}]`;
  s += `GN[game 1]RE[${rec.over ? sgfText(rec.result) : '?'}]GC[${rec.over ? 'normal' : 'unfinished'}]\n`;
  rec.moves.forEach((m, i) => {
    s += `;${(i + first) % 2 ? 'W' : 'B'}[${sgfPoint(m)}]`;
    if (i % 12 === 11) s += '\n';
  });
  return s + ')\n';
}

// ---- GGF (Othello): (;GM[Othello]PC[..]...BO[8 rows *]B[F5//1.2];) ----------

export function ggfSupported(game) {
  return game === 'Othello';
}

// GGF values escape ']' and '\'; it has no way to carry control characters.
function ggfText(s) {
  return String(s).replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/[\]\\]/g, (c) => '\\' + c);
}

// The page's result as GGF's RE, Black's margin ("B+4" -> "+4", "W+2" ->
// "-2", "0"), with :r / :t for a resignation or a loss on time; null when
// it is none of those.
function ggfResult(result, reason) {
  const m = /^([BW])\+(\d+(?:\.\d+)?)$/.exec(String(result).trim());
  const flag = { resigned: ':r', time: ':t', 'mutual score': ':s' }[reason] || '';
  if (m) return `${m[1] === 'B' ? '+' : '-'}${m[2]}${flag}`;
  if (/^(0|draw)$/i.test(String(result).trim())) return `0${flag}`;
  return null;
}

// The start as GGF's BO: the size, the rows from a1's, the side to move.
function ggfBoard(size, setup) {
  const start = setup || { board: othelloStart(size), side: 'black' };
  const rows = [];
  for (let r = 0; r < size; r++) rows.push(start.board.slice(r * size, (r + 1) * size).replace(/X/g, '*').replace(/[^*O]/g, '-'));
  return `BO[${size} ${rows.join(' ')} ${start.side === 'white' ? 'O' : '*'}]`;
}

export function ggfRecord(rec) {
  const first = rec.setup && rec.setup.side === 'white' ? 1 : 0;
  let s = `(;GM[Othello]PC[quartet-web]DT[${ggfText(rec.date)}]`;
  s += `PB[${ggfText(rec.seats[0].who)}]PW[${ggfText(rec.seats[1].who)}]`;
  const re = rec.over ? ggfResult(rec.result, rec.reason) : null;
  if (re !== null) s += `RE[${re}]`;
  // One game a line, as GGS archives and NBoard's set game have them.
  s += `TY[${rec.size}]${ggfBoard(rec.size, rec.setup)}`;
  rec.moves.forEach((m, i) => {
    const note = rec.notes && rec.notes[i];
    let v = m === 'pass' ? 'PA' : m.toUpperCase();
    if (note && (note.eval || note.time)) v += `/${note.eval || ''}${note.time ? `/${note.time}` : ''}`;
    s += `${(i + first) % 2 ? 'W' : 'B'}[${ggfText(v)}]`;
  });
  return s + ';)\n';
}
