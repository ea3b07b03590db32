// What the page knows of each game beyond what the engine tells it: the
// sizes and variants to offer in the form, the seat names, how a click
// becomes a move, and how a game record is written. The board itself, the
// legal moves, scores and results all come from the engine.

export const GAMES = {
  Othello: {
    label: 'Othello',
    sizes: [4, 6, 8],
    defaultSize: 8,
    variants: [],
    seats: ['black', 'white'],
    seatLabels: ['Black', 'White'],
    sgf: 2,   // SGF GM[] number, as quartet-match writes it
  },
  Yonin: {
    label: 'Yonin',
    sizes: [6, 8],
    defaultSize: 8,
    variants: [{ word: 'team', label: 'Team game (A+C against B+D)' }],
    seats: ['a', 'b', 'c', 'd'],
    seatLabels: ['A (black)', 'B (white)', 'C (black)', 'D (white)'],
    sgf: 0,
  },
  Separo: {
    label: 'Separo',
    sizes: range(5, 19),
    defaultSize: 9,
    variants: [],
    seats: ['red', 'blue'],
    seatLabels: ['Red', 'Blue'],
    twoStep: true,  // a move is a stone, then the end point of its roots
    sgf: 0,
  },
  TorusHex: {
    label: 'Torus Hex',
    sizes: range(3, 19),
    defaultSize: 11,
    variants: [{ word: 'swap', label: 'Swap rule (White may take Black\'s first stone)' }],
    seats: ['black', 'white'],
    seatLabels: ['Black', 'White'],
    sgf: 11,
  },
};

function range(lo, hi) {
  const r = [];
  for (let i = lo; i <= hi; i++) r.push(i);
  return r;
}

// The board points a move touches, for marking it on the picture:
// "d3" -> ["d3"]; Separo "a1-b2-c2" -> ["a1", "b2", "c2"]; pass/swap -> [].
export function movePoints(move) {
  if (!move || move === 'pass' || move === 'swap') return [];
  return move.split('-');
}

// Where a move is entered with a click: its last point (Separo's s3).
export function moveTarget(move) {
  const p = movePoints(move);
  return p.length ? p[p.length - 1] : null;
}

// Separo: the stone (s1) a move starts from.
export function moveSource(move) {
  const p = movePoints(move);
  return p.length > 1 ? p[0] : null;
}
