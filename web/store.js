// The game in progress, kept in the browser's own storage (localStorage),
// so a reload or a new engine can replay it: game, size, variants, seats
// (who plays, engine player, seconds per move), a set-up position if the
// game was continued from a record, the plies, and the hash of the picture
// last shown for them. Nothing is kept on the server. What is
// read back is checked as untrusted input: anything malformed is dropped.

import { GAMES } from './games.js';

const KEY = 'quartet.game.v1';
const MAX_PLIES = 4000;   // far beyond any game's length on the largest board

export function saveGame(game) {
  try {
    localStorage.setItem(KEY, JSON.stringify(game));
  } catch {
    // Storage full or refused (private mode): the game simply is not kept.
  }
}

export function forgetGame() {
  try { localStorage.removeItem(KEY); } catch { /* nothing kept */ }
}

// Returns {cfg, plies, pictureHash, paused} or null.
export function loadGame() {
  let raw;
  try {
    raw = JSON.parse(localStorage.getItem(KEY) || 'null');
  } catch {
    return null;
  }
  return checkGame(raw);
}

const word = (s) => typeof s === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(s);

export function checkGame(raw) {
  if (!raw || typeof raw !== 'object' || !raw.cfg || !Array.isArray(raw.plies)) return null;
  const { cfg } = raw;
  const g = GAMES[cfg.game];
  if (!g || !/^\d{1,2}$/.test(String(cfg.size))) return null;
  const variants = Array.isArray(cfg.variants) ? cfg.variants : [];
  if (!variants.every((v) => g.variants.some((x) => x.word === v))) return null;
  if (!Array.isArray(cfg.seats) || cfg.seats.length !== g.seats.length) return null;
  const seats = [];
  for (let i = 0; i < g.seats.length; i++) {
    const s = cfg.seats[i] || {};
    if (s.kind !== 'human' && s.kind !== 'engine') return null;
    const time = Number(s.time);
    seats.push({
      name: g.seats[i],
      label: g.seatLabels[i],
      kind: s.kind,
      player: word(s.player) ? s.player : 'default',
      time: Number.isFinite(time) ? Math.min(600, Math.max(0.05, time)) : 1,
    });
  }
  if (raw.plies.length > MAX_PLIES) return null;
  const plies = [];
  for (const p of raw.plies) {
    if (!p || !g.seats.includes(p.seat) || typeof p.move !== 'string' || !/^[a-z0-9-]{1,20}$/.test(p.move)) return null;
    // An engine move's time (for the GGF download), when it is a sane one.
    const t = p.seconds;
    plies.push(typeof t === 'number' && t >= 0 && t < 1e6 ? { seat: p.seat, move: p.move, seconds: t } : { seat: p.seat, move: p.move });
  }
  // A game continued from a reviewed record may start from a set-up
  // position (set_position BOARD SIDE): n*n squares of X, O, A-D or -.
  let setup;
  if (cfg.setup) {
    const { board, side } = cfg.setup;
    const n = Number(cfg.size);
    if (typeof board !== 'string' || board.length !== n * n || !/^[XOABCD-]+$/.test(board)) return null;
    if (!g.seats.includes(side)) return null;
    setup = { board, side };
  }
  return {
    cfg: { game: cfg.game, size: String(cfg.size), variants, seats, ...(setup ? { setup } : {}) },
    plies,
    pictureHash: /^[0-9a-f]{8}$/.test(raw.pictureHash) ? raw.pictureHash : '',
    paused: raw.paused === true,
  };
}
