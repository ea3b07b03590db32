// Game records in the formats quartet-match writes (tools/quartet-match/
// records.c): the text record for every game, SGF for Othello (GM[2]) and
// Torus Hex (GM[11]). A record lists every ply, forced passes included.

import { GAMES } from './games.js';

// rec: {game, size, variants: [], seats: [{name, who}], moves: [],
//       result, over, timeControl, date, setup?: {board, side}}
export function textRecord(rec) {
  const lines = ['[Game 1]', `Game: ${rec.game}`, `Size: ${rec.size}`];
  if (rec.variants.length) lines.push(`Variants: ${rec.variants.join(' ')}`);
  lines.push('Event: quartet-web', `Date: ${rec.date}`, `TimeControl: ${rec.timeControl}`);
  for (const s of rec.seats) lines.push(`Seat ${s.name}: ${s.who}`);
  lines.push('Opening: 0');
  lines.push(`Moves:${rec.moves.map((m) => ' ' + m).join('')}`);
  lines.push(`Result: ${rec.over ? rec.result : '*'}`);
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
