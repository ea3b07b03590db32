// Game review on the page (web/review.js): records of every game made by
// quartet-match (text, JSONL, SGF), Othello GGF files and transcripts,
// and the page's own downloads (text, SGF, GGF) are
// opened by the file input and by ?record=, stepped to a middle ply (the
// picture must equal a reference engine's after the same moves), analysed,
// continued from there; the evaluation graph gets one point per position
// and a click on it jumps to that ply; hostile files are refused or shown
// as text. Usage: node tests/browser/review.test.mjs BASE_URL

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, execFileSync } from 'node:child_process';
import net from 'node:net';
import { RefEngine } from './refengine.mjs';
import { slowEngine } from './servers.mjs';
import {
  BASE, QUARTET, assert, openPage, settle, refreshes, shownPlies, turnState, toMove, humanMove, startGame,
  test, runTests, rng, replay,
} from './lib.mjs';

const BIN = process.env.BIN || path.dirname(QUARTET);
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'quartet-review-'));
const HOSTILE = 'R<img src=x onerror="window.pwned=1">';

// Two short games of random players for each game, in every format
// quartet-match writes for it.
const GAMES = [
  { game: 'Othello', size: 6, formats: ['txt', 'jsonl', 'sgf'] },
  { game: 'Yonin', size: 6, formats: ['txt', 'jsonl'] },
  { game: 'Separo', size: 5, formats: ['txt', 'jsonl'] },
  { game: 'TorusHex', size: 5, formats: ['txt', 'jsonl', 'sgf'] },
];
const games = {};   // game -> [moves of game 1, moves of game 2] (from the JSONL)
for (const g of GAMES) {
  const f = (ext) => path.join(TMP, `${g.game}.${ext}`);
  const args = ['-e', `${QUARTET} --player random --seed 3`, '--name', 'R1',
    '-e', `${QUARTET} --player random --seed 4`, '--name', HOSTILE,
    '-g', g.game, '-s', String(g.size), '--games', '2', '--quiet',
    '--jsonl', f('jsonl'), '--records', f('txt')];
  if (g.formats.includes('sgf')) args.push('--sgf', f('sgf'));
  execFileSync(path.join(BIN, 'quartet-match'), args, { stdio: ['ignore', 'ignore', 'inherit'] });
  games[g.game] = fs.readFileSync(f('jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l))
    .sort((a, b) => a.game - b.game).map((o) => o.moves);
}

const review = (page) => page.evaluate(() => {
  const r = document.getElementById('review');
  return { state: r.dataset.state, ply: Number(r.dataset.ply), plies: Number(r.dataset.plies), graph: r.dataset.graph };
});

// Opens a file by the file input, review being closed; a file of two
// games lists them, and `pick` (1-based) is opened.
async function openFile(page, file, pick = 1) {
  await page.setInputFiles('#rv-file', file);
  const list = await page.waitForSelector('#rv-games:not([hidden]) button, #review[data-state="open"]', { timeout: 10000 })
    .catch(async () => { throw new Error(`${file} not opened: "${await page.textContent('#rv-status')}"`); });
  if (await list.evaluate((e) => e.tagName === 'BUTTON')) {
    const n = await page.$$eval('#rv-games button', (bs) => bs.length);
    assert(n === 2, `${file}: the list shows ${n} games, expected 2`);
    await page.click(`#rv-games li:nth-child(${pick}) button`);
  }
  await page.waitForSelector('#review[data-state="open"][data-ply="0"]', { timeout: 15000 }).catch(async (e) => {
    throw new Error(`${file} not opened at ply 0: "${await page.textContent('#rv-status')}" (${e.message.split('\n')[0]})`);
  });
  await page.waitForFunction(() => document.getElementById('turn').dataset.state === 'review');
}

// page.waitForFunction, failing with what was awaited.
async function waitFor(page, what, fn, arg, timeout = 15000) {
  try {
    await page.waitForFunction(fn, arg, { timeout, polling: 50 });
  } catch (e) {
    throw new Error(`${what}: not seen within ${timeout / 1000} s`);
  }
}

// Waits until the page shows ply k and its picture is drawn.
async function atPly(page, k) {
  await waitFor(page, `the review at ply ${k}`, (n) => {
    const r = document.getElementById('review');
    return r.dataset.ply === String(n) && (r.dataset.want === undefined || r.dataset.want === String(n))
      && window.quartet.plies.length === n;
  }, k);
  await page.waitForTimeout(50);
}

// The reference engine after the first k plies of a game: its picture
// must be the page's.
async function samePosition(page, game, size, moves, k, setup = null) {
  const ref = new RefEngine(QUARTET);
  try {
    await ref.send(`set_game ${game}`);
    await ref.send(`boardsize ${size}`);
    const seats = { Othello: ['black', 'white'], Yonin: ['a', 'b', 'c', 'd'], Separo: ['red', 'blue'], TorusHex: ['black', 'white'] }[game];
    if (setup) {
      await ref.send(`set_position ${setup} white`);
      seats.reverse();
    }
    for (let i = 0; i < k; i++) await ref.send(`play ${seats[i % seats.length]} ${moves[i]}`);
    // The picture the page drew for this ply (the engine's, with legal
    // marks) against the reference's.
    const want = (await ref.send('svg legal')).trim();
    const got = (await page.evaluate(() => window.quartet.board.text)).trim();
    assert(got === want, `${game} at ply ${k}: the page shows another picture than the reference engine's`);
    const shown = await page.$$eval('#board .q-stone', (els) => els.length);
    const expect = (want.match(/class="q-stone/g) || []).length;
    assert(shown === expect, `${game} at ply ${k}: ${shown} stones drawn, the reference has ${expect}`);
  } finally {
    ref.close();
  }
}

async function graphDone(page, n, what, t0) {
  // A graph that stopped ends the wait at once, with the page's reason.
  await page.waitForSelector('#review[data-graph="done"], #review[data-graph="failed"]', { timeout: 120000 });
  const state = await page.$eval('#review', (r) => [r.dataset.graph, document.getElementById('rv-prog-text').textContent]);
  assert(state[0] === 'done', `${what}: ${state[1]}`);
  console.log(`# review graph: ${what}, ${n + 1} positions in ${((Date.now() - t0) / 1000).toFixed(1)} s from opening`);
  const cols = await page.$$eval('#rv-graph .g-ply', (g) => g.length);
  const pts = await page.$$eval('#rv-graph .g-pt', (g) => g.length);
  assert(cols === n + 1 && pts === n + 1, `graph: ${cols} columns and ${pts} points for ${n} plies (expected ${n + 1} each)`);
}

// Steps by buttons, keys, the move list and the graph, per format.
async function stepTo(page, how, k, n) {
  if (how === 'keys') {
    await page.keyboard.press('End');
    await atPly(page, n);
    for (let i = n; i > k; i--) await page.keyboard.press('ArrowLeft');
  } else if (how === 'buttons') {
    // The Review box's ▶ and the one beside the board's buttons in turn.
    for (let i = 0; i < k; i++) await page.click(i % 2 ? '#rv-fwd' : '#rv-fwd-q');
  } else {
    await page.click(`#moves li[data-ply="${k}"]`);
  }
  await atPly(page, k);
}

for (const g of GAMES) {
  g.formats.forEach((fmt, fi) => {
    test(`review ${g.game} ${fmt}`, async () => {
      const page = await openPage();
      const pick = fi === 1 ? 2 : 1;
      const moves = games[g.game][pick - 1];
      await openFile(page, path.join(TMP, `${g.game}.${fmt}`), pick);
      const opened = Date.now();
      const r = await review(page);
      assert(r.plies === moves.length, `${fmt}: ${r.plies} plies in review, the record has ${moves.length}`);
      const listed = await page.$$eval('#moves li', (lis) => lis.map((li) => li.dataset.move));
      assert(listed.join(' ') === moves.join(' '), `${fmt}: the move list is not the record's moves`);
      const mid = Math.floor(moves.length / 2);
      await stepTo(page, ['keys', 'buttons', 'list'][fi], mid, moves.length);
      assert(await page.$eval(`#moves li[data-ply="${mid}"]`, (li) => li.classList.contains('current')),
        'the move list does not mark the current ply');
      await samePosition(page, g.game, g.size, moves, mid);
      if (fi === 0) {
        // The graph, then a click on one of its points.
        await graphDone(page, moves.length, `${g.game} ${g.size}x${g.size}`, opened);
        const to = Math.max(1, mid - 3);
        // The column, not its hit box: a point drawn on the box centre is the
        // column's too, and a person's click there jumps as well.
        await page.click(`#rv-graph .g-ply[data-ply="${to}"]`);
        await atPly(page, to);
        await samePosition(page, g.game, g.size, moves, to);
        assert(await page.$eval(`#rv-graph .g-ply[data-ply="${to}"]`, (e) => e.classList.contains('current')),
          'the graph does not mark the current ply');
        await stepTo(page, 'list', mid, moves.length);
        // Analysis at this ply.
        await page.check('#analyze');
        await waitFor(page, 'analysis lines at the reviewed ply', () => window.quartet.analysisLines > 0
          && document.querySelectorAll('#anal-table tbody tr').length > 0);
        await page.uncheck('#analyze');
        await page.waitForFunction(() => !window.quartet.analysis, null, { timeout: 10000 });
      }
      if (fi === 0 || g.game === 'Othello') {
        // Continue from the middle ply with every seat human: one move,
        // and the list is the record cut there plus that move.
        await page.$$eval('#seats .kind', (ss) => ss.forEach((s) => { s.value = 'human'; s.dispatchEvent(new Event('change')); }));
        const n0 = await refreshes(page);
        await page.click('#rv-play');
        await settle(page, n0);
        const rv = await review(page);
        assert(rv.state === 'closed', `after "Play from here" the review is ${rv.state}`);
        const ref = new RefEngine(QUARTET);
        try {
          await ref.send(`set_game ${g.game}`);
          await ref.send(`boardsize ${g.size}`);
          const seats = await page.evaluate(() => window.quartet.plies.map((p) => p.seat));
          for (let i = 0; i < mid; i++) await ref.send(`play ${seats[i]} ${moves[i]}`);
          const seat = await toMove(page);
          const legal = (await ref.send(`legal_moves ${seat}`)).split(/\s+/).filter((m) => m && m !== 'swap');
          assert(legal.length, `no legal move at ply ${mid}`);
          const n1 = await refreshes(page);
          await humanMove(page, legal[0]);
          await settle(page, n1);
          const now = await shownPlies(page);
          assert(now.length === mid + 1 && now.slice(0, mid).join(' ') === moves.slice(0, mid).join(' ') && now[mid] === legal[0],
            `after playing ${legal[0]} from ply ${mid} the moves are ${now.join(' ')}`);
        } finally {
          ref.close();
        }
        // The record is still there to review.
        await page.click('#rv-reopen');
        await page.waitForSelector('#review[data-state="open"]', { timeout: 15000 });
      }
      if (fi === 1) {
        // Leaving review stops the graph: no analyze goes out afterwards.
        const n2 = await refreshes(page);
        await page.click('#rv-close');
        await settle(page, n2);
        await page.evaluate(() => {
          window.analyzeSent = 0;
          window.quartet.gtp.onwire = (dir, line) => { if (dir === '>' && / analyze /.test(` ${line} `)) window.analyzeSent++; };
        });
        await page.waitForTimeout(1500);
        const sent = await page.evaluate(() => window.analyzeSent);
        assert(sent === 0, `${sent} analyze commands sent after leaving review`);
      }
      assert(await page.evaluate(() => window.pwned === undefined), 'a name from the record ran as HTML');
      assert(!(await page.$('#review img, #rv-games img, #moves img')), 'a name from the record became an element');
      assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
      await page.close();
    });
  });
}

// The page's own downloads, opened in review.
test('review the page\'s own text and SGF download', async () => {
  const page = await openPage();
  await startGame(page, { game: 'Othello', size: 4, seats: [{ kind: 'human' }, { kind: 'human' }] });
  const ref = new RefEngine(QUARTET);
  await ref.send('set_game Othello');
  await ref.send('boardsize 4');
  const played = [];
  for (let i = 0; i < 6 && (await turnState(page)) === 'human'; i++) {
    const seat = await toMove(page);
    const legal = (await ref.send(`legal_moves ${seat}`)).split(/\s+/).filter(Boolean);
    const n = await refreshes(page);
    await humanMove(page, legal[legal.length - 1]);
    await settle(page, n);
    await ref.send(`play ${seat} ${legal[legal.length - 1]}`);
    played.push(legal[legal.length - 1]);
  }
  ref.close();
  for (const [button, ext] of [['#dl-text', 'txt'], ['#dl-sgf', 'sgf']]) {
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
    await dl.saveAs(path.join(TMP, `own.${ext}`));
  }
  for (const ext of ['txt', 'sgf']) {
    const file = path.join(TMP, `own.${ext}`);
    await openFile(page, file);
    const r = await review(page);
    assert(r.plies === played.length, `own ${ext}: ${r.plies} plies in review, ${played.length} played`);
    await stepTo(page, 'keys', 3, played.length);
    await samePosition(page, 'Othello', 4, played, 3);
    // A download while reviewing is the whole record, whatever the ply.
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#dl-text')]);
    const again = fs.readFileSync(await dl.path(), 'utf8');
    assert(again.includes(`Moves: ${played.join(' ')}\n`), `own ${ext}: the download in review is not the record: ${again}`);
    await page.click('#rv-close');
    await page.waitForSelector('#review[data-state="closed"]');
  }
  await page.close();
});

// An Othello game from another start (a black disc on a1, White to move):
// set up with set_position.
test('review an Othello game set up elsewhere', async () => {
  const board = `X${'-'.repeat(26)}OX------XO${'-'.repeat(27)}`;
  const ref = new RefEngine(QUARTET);
  const moves = [];
  try {
    await ref.send('set_game Othello');
    await ref.send(`set_position ${board} white`);
    for (let i = 0; i < 4; i++) {
      const seat = i % 2 ? 'black' : 'white';
      const m = (await ref.send(`legal_moves ${seat}`)).split(/\s+/)[0];
      await ref.send(`play ${seat} ${m}`);
      moves.push(m);
    }
  } finally {
    ref.close();
  }
  const sgfPt = (m) => m[0] + String.fromCharCode(96 + Number(m.slice(1)));
  // As GGF (BO, White to move): the records' set-up start every reader
  // reads (an SGF's AB/AW are not read by records/, so not here either).
  const file = path.join(TMP, 'setup.ggf');
  fs.writeFileSync(file, `(;GM[Othello]PB[x]PW[y]TY[8]BO[8 ${board.replace(/X/g, '*')} O]\n${moves.map((m, i) => `${i % 2 ? 'B' : 'W'}[${m}]`).join('')};)\n`);
  const page = await openPage();
  await openFile(page, file);
  assert((await review(page)).plies === 4, 'set-up GGF: not 4 plies');
  await samePosition(page, 'Othello', 8, moves, 0, board);
  await stepTo(page, 'keys', 3, 4);
  await samePosition(page, 'Othello', 8, moves, 3, board);
  // The engine quits: the new one gets the set-up position and the plies
  // again, and the review goes on at the same ply.
  const n = await refreshes(page);
  await page.evaluate(() => { window.quartet.gtp.send('quit').catch(() => {}); });
  await waitFor(page, 'a new engine with the reviewed position', (k) => window.quartet.online && window.quartet.refreshes > k
    && window.quartet.lastReplay && document.getElementById('turn').dataset.state === 'review', n, 20000);
  const r = await review(page);
  assert(r.state === 'open' && r.ply === 3, `after the engine quit the review is ${r.state} at ply ${r.ply}`);
  await samePosition(page, 'Othello', 8, moves, 3, board);
  await stepTo(page, 'keys', 1, 4);
  await samePosition(page, 'Othello', 8, moves, 1, board);
  // Its SGF download keeps the set-up stones and White's first move, and
  // reads back as the same game; the text record, which cannot hold them,
  // is not offered as if it could.
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#dl-sgf')]);
  const sgf = fs.readFileSync(await dl.path(), 'utf8');
  const want = `AB[aa][ed][de]AW[dd][ee]PL[W]`;
  assert(sgf.includes(want) && sgf.includes(`;W[${sgfPt(moves[0])}];B[${sgfPt(moves[1])}]`),
    `set-up SGF download: no ${want} or not White first: ${sgf}`);
  const [dlg] = await Promise.all([page.waitForEvent('download'), page.click('#dl-ggf')]);
  const back = path.join(TMP, 'setup-again.ggf');
  fs.writeFileSync(back, fs.readFileSync(await dlg.path()));
  let texts = 0;
  page.on('download', () => { texts++; });
  await page.click('#dl-text');
  await page.waitForTimeout(500);
  const said = await page.textContent('#note');
  assert(texts === 0 && /set-up position/.test(said), `set-up game: a text record was downloaded (${texts}) or not explained ("${said}")`);
  await page.click('#rv-close');
  await page.waitForSelector('#review[data-state="closed"]');
  await openFile(page, back);
  assert((await review(page)).plies === 4, 'set-up GGF downloaded: not 4 plies');
  await stepTo(page, 'keys', 3, 4);
  await samePosition(page, 'Othello', 8, moves, 3, board);
  // Played on from ply 3: the game's SGF still starts from the set-up.
  await page.$$eval('#seats .kind', (ss) => ss.forEach((s) => { s.value = 'human'; s.dispatchEvent(new Event('change')); }));
  const n0 = await refreshes(page);
  await page.click('#rv-play');
  await settle(page, n0);
  const [dl2] = await Promise.all([page.waitForEvent('download'), page.click('#dl-sgf')]);
  const played = fs.readFileSync(await dl2.path(), 'utf8');
  assert(played.includes(want) && played.includes(moves.slice(0, 3).map((m, i) => `;${i % 2 ? 'B' : 'W'}[${sgfPt(m)}]`).join('') + ')'),
    `set-up game played on: its SGF lost the set-up or the moves: ${played}`);
  await page.close();
});

// ---- GGF and transcripts (Othello) ----------------------------------------------

// A random 8x8 Othello game played out by the reference engine with a
// forced pass before its end (seed after seed), and its final_score.
async function othelloGameWithPass() {
  for (let seed = 1; seed < 300; seed++) {
    const pick = rng(seed);
    const ref = new RefEngine(QUARTET);
    try {
      await ref.send('set_game Othello');
      const moves = [];
      for (;;) {
        const seat = moves.length % 2 ? 'white' : 'black';
        const legal = (await ref.send(`legal_moves ${seat}`)).split(/\s+/).filter(Boolean);
        if (!legal.length) break;
        const m = legal[pick(legal.length)];
        await ref.send(`play ${seat} ${m}`);
        moves.push(m);
      }
      const i = moves.indexOf('pass');
      if (i > 0 && i < moves.length - 1) return { moves, score: (await ref.send('final_score')).trim() };
    } finally {
      ref.close();
    }
  }
  throw new Error('no Othello game with a pass in 300 seeds');
}

// Four plies from a set-up board with White to move (as the SGF set-up test).
const SETUP = `X${'-'.repeat(26)}OX------XO${'-'.repeat(27)}`;
async function setupMoves() {
  const ref = new RefEngine(QUARTET);
  const moves = [];
  try {
    await ref.send('set_game Othello');
    await ref.send(`set_position ${SETUP} white`);
    for (let i = 0; i < 4; i++) {
      const seat = i % 2 ? 'black' : 'white';
      const m = (await ref.send(`legal_moves ${seat}`)).split(/\s+/)[0];
      await ref.send(`play ${seat} ${m}`);
      moves.push(m);
    }
  } finally {
    ref.close();
  }
  return moves;
}

// GGF's BO of a set_position board, and RE of a final_score.
const ggfBoard = (board, side) => `BO[8 ${board.replace(/X/g, '*').match(/.{8}/g).join(' ')} ${side}]`;
const START = `${'-'.repeat(27)}OX------XO${'-'.repeat(27)}`;
const ggfResult = (score) => (score === '0' ? '0.00' : `${score[0] === 'B' ? '+' : '-'}${score.slice(2)}.00`);
const ggfMoves = (moves, firstWhite = false, note = () => '') => moves.map((m, i) =>
  `${(i + (firstWhite ? 1 : 0)) % 2 ? 'W' : 'B'}[${m === 'pass' ? 'PA' : m.toUpperCase()}${note(i)}]`).join('');

// The review at its last ply: the game over there with the result given.
async function endsWith(page, n, score, what) {
  await page.keyboard.press('End');
  await atPly(page, n);
  const q = await page.evaluate(() => ({ over: window.quartet.over, result: window.quartet.result, turn: document.getElementById('turn').textContent }));
  assert(q.over && q.result === score, `${what}: at its end the page says over ${q.over}, result ${q.result}, not ${score} ("${q.turn}")`);
}

async function closeReview(page) {
  await page.click('#rv-close');
  await page.waitForSelector('#review[data-state="closed"]');
}

let othello = null;   // {moves, score, setup}, made once
async function othelloGame() {
  if (!othello) othello = { ...(await othelloGameWithPass()), setup: await setupMoves() };
  return othello;
}

function ggfFile(g) {
  const note = (i) => (i === 0 ? '/1.5/2.25' : i === 1 ? '//0.5' : i === 2 ? '/-3' : '');
  return `(;GM[Othello]PC[GGS/os]DT[2026.11.29_06:00:00.UTC]PB[Ed\\]ax]PW[${HOSTILE}]RE[${ggfResult(g.score)}]TY[8]`
    + `${ggfBoard(START, '*')}${ggfMoves(g.moves, false, note)};)\n`
    + `(;GM[Othello]PB[x]PW[y]${ggfBoard(SETUP, 'O')}\n${ggfMoves(g.setup, true)};)\n`;
}

test('review Othello GGF and transcripts by the file input', async () => {
  const g = await othelloGame();
  const { moves, score } = g;
  const page = await openPage();
  const file = path.join(TMP, 'games.ggf');
  fs.writeFileSync(file, ggfFile(g));
  await openFile(page, file, 1);
  let r = await review(page);
  assert(r.plies === moves.length, `GGF: ${r.plies} plies in review, the game has ${moves.length}`);
  assert((await shownPlies(page)).join(' ') === moves.join(' '), `GGF: the move list is not the game's: ${(await shownPlies(page)).join(' ')}`);
  const notes = await page.$$eval('#moves li', (lis) => lis.slice(0, 4).map((li) => `${li.dataset.eval ?? '-'}|${li.dataset.time ?? '-'}`));
  assert(notes.join(' ') === '1.5|2.25 |0.5 -3| -|-', `GGF: the evaluations and times shown are ${notes.join(' ')}`);
  const st = await page.textContent('#rv-status');
  assert(st.includes('Ed]ax') && st.includes(HOSTILE), `GGF: the players are not shown as written: ${st}`);
  const mid = moves.indexOf('pass') + 1;
  await stepTo(page, 'keys', mid, moves.length);
  await samePosition(page, 'Othello', 8, moves, mid);
  await endsWith(page, moves.length, score, 'GGF');
  // Its GGF download keeps players, result, evaluations and times, and
  // reads back as the same game, whose download is the same bytes.
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#dl-ggf')]);
  const ggf = fs.readFileSync(await dl.path(), 'utf8');
  const want = `PB[Ed\\]ax]PW[${HOSTILE}]RE[${ggfResult(score).replace('.00', '')}]TY[8]${ggfBoard(START, '*')}B[${moves[0].toUpperCase()}/1.5/2.25]W[${moves[1].toUpperCase()}//0.5]B[${moves[2].toUpperCase()}/-3]`;
  assert(ggf.includes(want) && ggf.includes('[PA]') && ggf.trim().split('\n').length === 1, `GGF download: no ${want}, or no PA: ${ggf}`);
  const again = path.join(TMP, 'again.ggf');
  fs.writeFileSync(again, ggf);
  await closeReview(page);
  await openFile(page, again);
  assert((await shownPlies(page)).join(' ') === moves.join(' '), 'GGF downloaded: another move list');
  await endsWith(page, moves.length, score, 'GGF downloaded');
  const [dl2] = await Promise.all([page.waitForEvent('download'), page.click('#dl-ggf')]);
  const ggf2 = fs.readFileSync(await dl2.path(), 'utf8');
  assert(ggf2 === ggf, `GGF round trip: the second download differs:\n${ggf}\n${ggf2}`);
  // The file's second game starts from BO's set-up with White to move.
  await closeReview(page);
  await openFile(page, file, 2);
  r = await review(page);
  assert(r.plies === 4, `GGF set-up game: ${r.plies} plies`);
  await samePosition(page, 'Othello', 8, g.setup, 0, SETUP);
  await stepTo(page, 'keys', 3, 4);
  await samePosition(page, 'Othello', 8, g.setup, 3, SETUP);
  const [dl3] = await Promise.all([page.waitForEvent('download'), page.click('#dl-ggf')]);
  const ggf3 = fs.readFileSync(await dl3.path(), 'utf8');
  assert(ggf3.includes(`${ggfBoard(SETUP, 'O')}W[${g.setup[0].toUpperCase()}]B[`), `GGF set-up download: ${ggf3}`);
  // A transcript without separators, forced pass left out, either case:
  // the engine puts the pass back.
  const t = path.join(TMP, 'transcript.txt');
  fs.writeFileSync(t, `Othello 8 ${moves.filter((m) => m !== 'pass').map((m, i) => (i % 3 ? m : m.toUpperCase())).join('')}\n`);
  await closeReview(page);
  await openFile(page, t);
  r = await review(page);
  assert(r.plies === moves.length, `transcript: ${r.plies} plies in review, the game has ${moves.length}`);
  assert((await shownPlies(page)).join(' ') === moves.join(' '), `transcript: the move list is ${(await shownPlies(page)).join(' ')}`);
  await stepTo(page, 'list', mid, moves.length);
  await samePosition(page, 'Othello', 8, moves, mid);
  await endsWith(page, moves.length, score, 'transcript');
  assert(await page.evaluate(() => window.pwned === undefined), 'a name from the record ran as HTML');
  assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
  await page.close();
});

test('review GGF and a transcript by ?record=', async () => {
  const g = await othelloGame();
  const { moves, score } = g;
  const dir = path.join(TMP, 'page-ggf');
  fs.cpSync('web', dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'games.ggf'), ggfFile(g));
  // Separators, "pa" for the pass, upper case.
  const seps = [' ', ', ', ','];
  const spaced = moves.map((m, i) => (m === 'pass' ? 'pa' : i % 2 ? m.toUpperCase() : m))
    .map((m, i) => (i ? seps[i % 3] : '') + m).join('');
  fs.writeFileSync(path.join(dir, 'spaced.txt'), `Othello 8 ${spaced}\n`);
  const srv = await serve(dir);
  try {
    // Not waited for as a game: a record of one game opens in review at once.
    let page = await openPage('?record=spaced.txt', undefined, false, srv.url);
    await page.waitForSelector('#review[data-state="open"][data-ply="0"]', { timeout: 20000 });
    assert((await shownPlies(page)).join(' ') === moves.join(' '), `?record= transcript: the move list is ${(await shownPlies(page)).join(' ')}`);
    await endsWith(page, moves.length, score, '?record= transcript');
    await page.close();
    page = await openPage('?record=games.ggf', undefined, true, srv.url);
    await page.waitForSelector('#rv-games:not([hidden]) button', { timeout: 15000 });
    const items = await page.$$eval('#rv-games button', (bs) => bs.map((b) => b.textContent));
    assert(items.length === 2 && items[0].includes(HOSTILE) && items[0].includes(score), `?record= GGF: the list is ${items.join(' | ')}`);
    await page.click('#rv-games li:nth-child(1) button');
    await page.waitForSelector('#review[data-state="open"]', { timeout: 15000 });
    // The move list is drawn with the picture, after the review opens.
    await page.waitForFunction(() => document.getElementById('turn').dataset.state === 'review'
      && document.querySelectorAll('#moves li').length === Number(document.getElementById('review').dataset.plies));
    assert((await shownPlies(page)).join(' ') === moves.join(' '), '?record= GGF: not the game\'s moves');
    await stepTo(page, 'buttons', 5, moves.length);
    await samePosition(page, 'Othello', 8, moves, 5);
    await endsWith(page, moves.length, score, '?record= GGF');
    assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
    await page.close();
  } finally {
    process.kill(-srv.proc.pid);
  }
});

// A game played on the page (a person against an engine) downloads as
// GGF with the engine's times, and reads back as the same game.
test('the page\'s own GGF download', async () => {
  const page = await openPage();
  await startGame(page, { game: 'Othello', size: 8, seats: [{ kind: 'human' }, { kind: 'engine', player: 'random', time: 0.1 }] });
  const ref = new RefEngine(QUARTET);
  let plies = [];
  try {
    await ref.send('set_game Othello');
    for (let i = 0; i < 4 && (await turnState(page)) === 'human'; i++) {
      const legal = (await ref.send(`legal_moves ${await toMove(page)}`)).split(/\s+/).filter(Boolean);
      const n = await refreshes(page);
      await humanMove(page, legal[0]);
      await settle(page, n);
      plies = await replay(ref, page, plies.length);
    }
  } finally {
    ref.close();
  }
  const times = await page.evaluate(() => window.quartet.plies.map((p) => p.seconds));
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#dl-ggf')]);
  const ggf = fs.readFileSync(await dl.path(), 'utf8');
  const want = `PB[human]PW[quartet random]TY[8]${ggfBoard(START, '*')}${plies.map(([, m], i) => `${i % 2 ? 'W' : 'B'}[${m.toUpperCase()}${i % 2 ? `//${times[i]}` : ''}]`).join('')};)`;
  assert(plies.length >= 6 && ggf.includes(want) && !ggf.includes('RE['), `own GGF: no ${want}: ${ggf}`);
  const file = path.join(TMP, 'own.ggf');
  fs.writeFileSync(file, ggf);
  await openFile(page, file);
  assert((await shownPlies(page)).join(' ') === plies.map(([, m]) => m).join(' '), 'own GGF: another move list');
  const shown = await page.$$eval('#moves li', (lis) => lis.map((li) => li.dataset.time ?? ''));
  assert(shown.join(' ') === times.map((t) => (t === undefined ? '' : String(t))).join(' '), `own GGF: times ${shown.join(' ')} for ${times.join(' ')}`);
  const [dl2] = await Promise.all([page.waitForEvent('download'), page.click('#dl-ggf')]);
  assert(fs.readFileSync(await dl2.path(), 'utf8') === ggf, 'own GGF: the download in review differs from the one played');
  assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
  await page.close();
});

// The engine lost while the graph is being computed: the new engine gets
// the ply shown (not the one being evaluated), and the graph is finished.
test('review survives a lost engine while the graph runs', async () => {
  const moves = games.Othello[0];
  // The new engine answers only after 1.5 s (servers.mjs): the graph must
  // wait for the replay, not for the socket.
  const engine = slowEngine();
  const srv = await serve('web', engine.file);
  const page = await openPage('', undefined, true, srv.url);
  try {
    await openFile(page, path.join(TMP, 'Othello.txt'), 1);
    await stepTo(page, 'buttons', 5, moves.length);
    // Kill the engine while an evaluation step's analyze runs, the
    // engine then being at another ply than the one shown.
    await page.evaluate(() => {
      window.analyzing = false;
      window.quartet.gtp.onwire = (dir, line) => { if (dir === '>') window.analyzing = / analyze /.test(` ${line} `); };
    });
    await waitFor(page, 'an evaluation step\'s analyze', () => window.analyzing && window.quartet.plies.length !== 5, null, 10000);
    const pids = engines(srv);
    assert(pids.length === 1, `${pids.length} engines under the test's server`);
    const n = await refreshes(page);
    engine.slowDown();
    process.kill(pids[0], 'SIGKILL');
    await waitFor(page, 'a new engine', (k) => window.quartet.online && window.quartet.refreshes > k && window.quartet.lastReplay, n, 30000);
    const r = await review(page);
    assert(r.state === 'open' && r.ply === 5, `after the engine was killed the review is ${r.state} at ply ${r.ply}`);
    await samePosition(page, 'Othello', 6, moves, 5);
    await graphDone(page, moves.length, 'Othello 6x6 after a lost engine', Date.now());
    assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
  } finally {
    await page.close();
    process.kill(-srv.proc.pid);
    engine.remove();
  }
});

// ?record=NAME: a record beside the page, served by a server of this
// test's own from a copy of the page.
function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
  });
}

// A quartet-web of this test's own, serving `page` (a folder) with
// `engine` (a program path); waited for until it answers.
async function serve(page = 'web', engine = QUARTET) {
  const port = await freePort();
  const proc = spawn('tools/quartet-web', ['--port', String(port), '--engine', engine, '--page', page, '--max-connections', '2'],
    { stdio: 'ignore', detached: true });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 50; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, proc };
}

// The engines a server started (processes below it running QUARTET).
function engines(server) {
  const exe = fs.realpathSync(QUARTET);
  const parent = new Map();
  for (const d of fs.readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch { /* gone */ }
  }
  const below = (p) => [...parent].filter(([, pp]) => pp === p).flatMap(([c]) => [c, ...below(c)]);
  return below(server.proc.pid).filter((p) => {
    try { return fs.readlinkSync(`/proc/${p}/exe`) === exe; } catch { return false; }
  });
}

test('review by ?record= and refused names', async () => {
  const dir = path.join(TMP, 'page');
  fs.cpSync('web', dir, { recursive: true });
  fs.copyFileSync(path.join(TMP, 'Separo.txt'), path.join(dir, 'separo-games.txt'));
  const srv = await serve(dir);
  try {
    const { url } = srv;
    const page = await openPage('?record=separo-games.txt', undefined, true, url);
    await page.waitForSelector('#rv-games:not([hidden]) button', { timeout: 15000 });
    const items = await page.$$eval('#rv-games button', (bs) => bs.map((b) => b.textContent));
    assert(items.length === 2 && items[0].includes(HOSTILE), `the list of games: ${items.join(' | ')}`);
    await page.click('#rv-games li:nth-child(1) button');
    await page.waitForSelector('#review[data-state="open"]', { timeout: 15000 });
    assert((await review(page)).plies === games.Separo[0].length, '?record=: not the record\'s plies');
    await page.close();
    for (const bad of ['../Makefile', 'http://example.org/x.txt', '%2e%2e%2fMakefile', '.hidden', 'a/b.txt']) {
      const p = await openPage(`?record=${encodeURIComponent(bad)}`, undefined, true, url);
      await p.waitForFunction(() => document.getElementById('rv-status').classList.contains('bad'), null, { timeout: 10000 });
      const st = await p.textContent('#rv-status');
      // Refused by the name rule, before anything is fetched.
      assert(/takes the name of a file beside the page/.test(st) && (await review(p)).state === 'closed', `?record=${bad}: ${st}`);
      await p.close();
    }
  } finally {
    process.kill(-srv.proc.pid);
  }
});

// Hostile files: refused with a message, or shown as text.
test('review refuses hostile and broken records', async () => {
  const page = await openPage();
  const cases = [
    ['huge.txt', `[Game 1]\nGame: Othello\nSize: 8\nMoves: ${'x'.repeat(3 << 20)}\nResult: *\n`, /bad move text in the Moves line/],
    ['notes.txt', 'Just some notes\nabout a game\n', /unknown game 'Just'/],
    ['bad.jsonl', '{"name":"Othello","size":8,"moves":["d3","<script>x</script>"]}\n{oops\n', /bad move text \(column 62\)[\s\S]*string expected/],
    ['game.jsonl', '{"name":"Chess","size":8,"moves":[]}\n', /unknown game 'Chess'/],
    ['cut.sgf', '(;FF[4]GM[2]SZ[8];B[fe];W[', /SGF does not parse: unterminated value/],
    ['binary.sgf', '\u0000\u0001\u0002(\u0003', /a NUL byte/],
    ['cut.ggf', `(;GM[Othello]PB[a]${ggfBoard(START, '*')}B[F5]W[D6/1.5/`, /the value of W is not closed with '\]'/],
    ['cut2.ggf', `(;GM[Othello]${ggfBoard(START, '*')}B[F5]W[D6]\n`, /the game is not closed with ';\)'/],
    ['inject.ggf', `(;GM[Othello]PB[evil]${HOSTILE}]B[F5];)\n`, /'\[' expected after the key R/],
    ['square.ggf', `(;GM[Othello]${ggfBoard(START, '*')}B[F5]W[Z9];)\n`, /game 1 is refused: move 2 \(z9\) is not a move of this game/],
    ['board.ggf', `(;GM[Othello]BO[8 ${'-'.repeat(63)} *]B[F5];)\n`, /BO must end with the side to move/],
    ['eval.ggf', `(;GM[Othello]B[F5/<b>1</b>];)\n`, /evaluation '<b>1<' is not a number/],
    ['twice.ggf', `(;GM[Othello]PB[a]PB[b]B[F5];)\n`, /a second PB/],
    ['anti.ggf', `(;GM[Othello]TY[8a]B[F5];)\n`, /TY\[8a\]: anti-Othello \(a\) is a rule variant Quartet does not play/],
    ['transcript.txt', 'Othello 8 f5d6c3x9e6\n', /move 4 \(x9\) is illegal: not a move on this Othello board/],
  ];
  for (const [name, text, want] of cases) {
    const file = path.join(TMP, name);
    fs.writeFileSync(file, text);
    await page.setInputFiles('#rv-file', file);
    await page.waitForFunction((n) => document.getElementById('rv-status').textContent.startsWith(n)
      && document.getElementById('rv-status').classList.contains('bad'), name, { timeout: 10000 });
    const st = await page.textContent('#rv-status');
    assert(want.test(st), `${name}: the message is "${st.slice(0, 200)}"`);
    assert((await review(page)).state !== 'open', `${name}: opened in review`);
    assert(st.length < 1000, `${name}: a message of ${st.length} characters`);
  }
  // A record dropped on the page opens like a picked file.
  const text = fs.readFileSync(path.join(TMP, 'TorusHex.sgf'), 'utf8');
  const dt = await page.evaluateHandle((t) => {
    const d = new DataTransfer();
    d.items.add(new File([t], 'dropped.sgf', { type: 'application/x-go-sgf' }));
    return d;
  }, text);
  await page.dispatchEvent('#board', 'dragover', { dataTransfer: dt });
  await page.dispatchEvent('#board', 'drop', { dataTransfer: dt });
  await page.waitForSelector('#rv-games:not([hidden]) button', { timeout: 10000 });
  await page.click('#rv-games li:nth-child(2) button');
  await page.waitForSelector('#review[data-state="open"]', { timeout: 15000 });
  assert((await review(page)).plies === games.TorusHex[1].length, 'dropped file: not the record\'s plies');
  // A record whose fourth ply is illegal is refused as every reader
  // refuses it (tests/records/), and not opened.
  const bad = path.join(TMP, 'illegal.txt');
  fs.writeFileSync(bad, `[Game 1]\nGame: Othello\nSize: 8\nSeat black: ${HOSTILE}\nSeat white: x\nMoves: d3 c3 c4 a1 e3\nResult: ?\nReason: x\n\n`);
  await page.click('#rv-close');
  await page.waitForSelector('#review[data-state="closed"]');
  await page.setInputFiles('#rv-file', bad);
  await waitFor(page, 'the illegal record refused', () => /^illegal\.txt: /.test(document.getElementById('rv-status').textContent)
    && document.getElementById('rv-status').classList.contains('bad'));
  const st = await page.textContent('#rv-status');
  assert(/game 1 is refused: move 4 \(a1\) is illegal/.test(st) && (await review(page)).state !== 'open', `illegal ply: "${st}"`);
  assert(await page.evaluate(() => window.pwned === undefined), 'a name from the record ran as HTML');
  assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
  await page.close();
});

runTests(async () => { fs.rmSync(TMP, { recursive: true, force: true }); });
