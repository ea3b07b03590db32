// Game review on the page (web/review.js): records of every game made by
// quartet-match (text, JSONL, SGF) and by the page's own downloads are
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
import {
  BASE, QUARTET, assert, openPage, settle, refreshes, shownPlies, turnState, toMove, humanMove, startGame,
  test, runTests,
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

// Opens a file by the file input; a file of two games lists them, and
// `pick` (1-based) is opened.
async function openFile(page, file, pick = 1) {
  await page.setInputFiles('#rv-file', file);
  const list = await page.waitForSelector('#rv-games:not([hidden]) button, #review[data-state="open"]', { timeout: 10000 });
  if (await list.evaluate((e) => e.tagName === 'BUTTON')) {
    const n = await page.$$eval('#rv-games button', (bs) => bs.length);
    assert(n === 2, `${file}: the list shows ${n} games, expected 2`);
    await page.click(`#rv-games li:nth-child(${pick}) button`);
  }
  await page.waitForSelector('#review[data-state="open"][data-ply="0"]', { timeout: 15000 });
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
  await page.waitForSelector('#review[data-graph="done"]', { timeout: 120000 });
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

// An Othello SGF from another start (a black disc on a1, White to move):
// set up with set_position.
test('review an Othello SGF set up elsewhere', async () => {
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
  const file = path.join(TMP, 'setup.sgf');
  fs.writeFileSync(file, `(;FF[4]GM[2]SZ[8]AB[aa][ed][de]AW[dd][ee]PL[W]PB[x]PW[y]\n${moves.map((m, i) => `;${i % 2 ? 'B' : 'W'}[${sgfPt(m)}]`).join('')})\n`);
  const page = await openPage();
  await openFile(page, file);
  assert((await review(page)).plies === 4, 'set-up SGF: not 4 plies');
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
  const back = path.join(TMP, 'setup-again.sgf');
  fs.writeFileSync(back, sgf);
  let texts = 0;
  page.on('download', () => { texts++; });
  await page.click('#dl-text');
  await page.waitForTimeout(500);
  const said = await page.textContent('#note');
  assert(texts === 0 && /set-up position/.test(said), `set-up game: a text record was downloaded (${texts}) or not explained ("${said}")`);
  await page.click('#rv-close');
  await page.waitForSelector('#review[data-state="closed"]');
  await openFile(page, back);
  assert((await review(page)).plies === 4, 'set-up SGF downloaded: not 4 plies');
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

// The engine lost while the graph is being computed: the new engine gets
// the ply shown (not the one being evaluated), and the graph is finished.
test('review survives a lost engine while the graph runs', async () => {
  const moves = games.Othello[0];
  const srv = await serve();
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
  }
});

// ?record=NAME: a record beside the page, served by a server of this
// test's own from a copy of the page.
function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
  });
}

// A quartet-web of this test's own, serving `page` (a folder); waited for
// until it answers.
async function serve(page = 'web') {
  const port = await freePort();
  const proc = spawn('tools/quartet-web', ['--port', String(port), '--engine', QUARTET, '--page', page, '--max-connections', '2'],
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
    ['huge.txt', `[Game 1]\nGame: Othello\nSize: 8\nMoves: ${'x'.repeat(3 << 20)}\nResult: *\n`, /not a move/],
    ['notes.txt', 'Just some notes\nabout a game\n', /not a game record/],
    ['bad.jsonl', '{"name":"Othello","size":8,"moves":["d3","<script>x</script>"]}\n{oops\n', /not a move[\s\S]*not JSON|no game could be read/],
    ['game.jsonl', '{"name":"Chess","size":8,"moves":[]}\n', /unknown game/],
    ['cut.sgf', '(;FF[4]GM[2]SZ[8];B[fe];W[', /SGF ends/],
    ['binary.sgf', '\u0000\u0001\u0002(\u0003', /not a game record/],
  ];
  for (const [name, text, want] of cases) {
    const file = path.join(TMP, name);
    fs.writeFileSync(file, text);
    await page.setInputFiles('#rv-file', file);
    await page.waitForFunction((n) => document.getElementById('rv-status').textContent.startsWith(n), name, { timeout: 10000 });
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
  // A record whose fourth ply is illegal: reviewed up to ply 3, said so.
  const bad = path.join(TMP, 'illegal.txt');
  fs.writeFileSync(bad, `[Game 1]\nGame: Othello\nSize: 8\nSeat black: ${HOSTILE}\nSeat white: x\nMoves: d3 c3 c4 a1 e3\nResult: *\n`);
  await page.setInputFiles('#rv-file', bad);
  await waitFor(page, 'the illegal record in review', () => /illegal\.txt: Othello/.test(document.getElementById('rv-status').textContent)
    && document.getElementById('review').dataset.state === 'open');
  const r = await review(page);
  const st = await page.textContent('#rv-status');
  assert(r.plies === 3 && /Ply 4 \(a1\) was refused/.test(st), `illegal ply: ${r.plies} plies, "${st}"`);
  assert(st.includes(HOSTILE) && !(await page.$('#review img')), 'the hostile name is not shown as text');
  assert(await page.evaluate(() => window.pwned === undefined), 'a name from the record ran as HTML');
  assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
  await page.close();
});

runTests(async () => { fs.rmSync(TMP, { recursive: true, force: true }); });
