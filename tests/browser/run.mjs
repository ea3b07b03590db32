// Quartet's page in a real browser: Debian's chromium, headless, driven by
// playwright-core. Usage: node tests/browser/run.mjs URL
// Environment: QUARTET (engine for the reference replays), SHOTS (folder
// for screenshots, default build/browser), DOC_IMG (if set, a folder that
// gets a small PNG of each game for the README).
// Each test prints "ok - NAME" or "not ok - NAME: why"; the last line is
// "N passed, N failed".

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { RefEngine } from './refengine.mjs';
import {
  BASE, CAPPED, QUARTET, SHOTS, ONLY, context, assert, rng, openPage, settle, refreshes, turnState, toMove,
  shownPlies, stones, startGame, replay, humanMove, test, runTests,
} from './lib.mjs';

const DOC_IMG = process.env.DOC_IMG || '';

const timings = [];

// Human against the engine to the end of the game; the result shown must
// be the reference engine's final_score for the same moves.
async function playToEnd(page, ref, { game, size, variants = [], swap = false, allHuman = false }, seed) {
  const pick = rng(seed);
  await ref.send(`set_game ${[game, ...variants].join(' ')}`);
  await ref.send(`boardsize ${size}`);
  let seen = 0;
  let humanPlies = 0;
  for (let guard = 0; guard < 400; guard++) {
    const plies = await replay(ref, page, seen);
    seen = plies.length;
    if ((await turnState(page)) === 'over') break;
    const seat = await toMove(page);
    const legal = (await ref.send(`legal_moves ${seat}`)).split(/\s+/).filter(Boolean);
    assert(legal.length > 0, `the page has ${seat} to move, the reference engine has no move for it`);
    const real = legal.filter((m) => m !== 'swap');
    let move = real.length ? real[pick(real.length)] : legal[0];
    if (swap && legal.includes('swap')) move = 'swap';
    const n = await refreshes(page);
    await humanMove(page, move);
    await settle(page, n);
    humanPlies++;
  }
  assert((await turnState(page)) === 'over', `${game}: the game did not end`);
  const plies = await replay(ref, page, seen);
  const shown = await page.locator('#result').getAttribute('data-result');
  const expect = await ref.send('final_score');
  assert(shown === expect, `${game}: the page shows result "${shown}", the engine's final_score is "${expect}"`);
  assert((await page.textContent('#result')).includes(expect), `${game}: the result text does not show ${expect}`);
  assert(allHuman || humanPlies < plies.length, `${game}: no engine moves in ${plies.length} plies`);
  assert(!allHuman || humanPlies === plies.length, `${game}: engine moves in a game between humans`);
  return plies;
}

async function collectTimings(page) {
  timings.push(...await page.evaluate(() => window.quartet.timings));
}

async function shots(page, name) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  if (DOC_IMG) {
    await page.locator('.layout').screenshot({ path: path.join(DOC_IMG, `web-${name}.png`), scale: 'css' });
  }
}

const HUMAN = { kind: 'human' };
const ENGINE = (time = 0.05, player = 'default') => ({ kind: 'engine', player, time });

const gameTests = [
  { name: 'othello', game: 'Othello', size: 6, seats: [HUMAN, ENGINE()], seed: 7 },
  { name: 'yonin', game: 'Yonin', size: 6, seats: [HUMAN, ENGINE(), ENGINE(), ENGINE()], seed: 11 },
  { name: 'yonin-team', game: 'Yonin', size: 6, variants: ['team'], seats: [HUMAN, ENGINE(), HUMAN, ENGINE()], seed: 5 },
  { name: 'separo', game: 'Separo', size: 5, seats: [HUMAN, ENGINE()], seed: 3 },
  { name: 'othello-people', game: 'Othello', size: 4, seats: [HUMAN, HUMAN], allHuman: true, seed: 9 },
  { name: 'torushex', game: 'TorusHex', size: 5, seats: [ENGINE(), HUMAN], variants: ['swap'], swap: true, seed: 2 },
];


for (const t of gameTests) {
  const who = t.allHuman ? 'two people at one screen' : 'human against the engine';
  test(`${t.name}: ${who} by clicks to the end; the result is the engine's final_score`, async () => {
    const page = await openPage();
    const ref = new RefEngine(QUARTET);
    try {
      await startGame(page, t);
      const plies = await playToEnd(page, ref, t, t.seed);
      if (t.swap) assert(plies[1] && plies[1][1] === 'swap', `Torus Hex: the human did not swap (${plies.map((p) => p[1])})`);
      await collectTimings(page);
      await shots(page, t.name);
      assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
      await checkDownloads(page, t, plies);
    } finally {
      ref.close();
      await page.close();
    }
  });
}

// quartet-render (beside the engine) reads a record back and draws its
// final position: its stones must be the page's.
const RENDER = path.join(path.dirname(QUARTET), 'quartet-render');
function renderedStones(file) {
  const svg = execFileSync(RENDER, ['--final', file], { encoding: 'utf8' });
  return [...svg.matchAll(/<[^>]*class="q-stone"[^>]*>/g)].map((m) => {
    const pt = /data-point="([^"]+)"/.exec(m[0])[1];
    const col = /data-color="([^"]+)"/.exec(m[0])[1];
    return `${pt}:${col}`;
  }).sort().join(' ');
}

// The record and picture downloads hold the game just played.
async function checkDownloads(page, t, plies) {
  const board = await stones(page);
  const result = await page.locator('#result').getAttribute('data-result');
  const save = async (button, ext) => {
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
    const file = path.join(SHOTS, `${t.name}.${ext}`);
    await dl.saveAs(file);
    return file;
  };
  const hasRender = fs.existsSync(RENDER);
  if (!hasRender) console.log(`# no ${RENDER}: records not read back`);

  const txt = await save('#dl-text', 'txt');
  const text = fs.readFileSync(txt, 'utf8');
  const moves = plies.map((p) => p[1]).join(' ');
  const variants = t.variants && t.variants.length ? `Variants: ${t.variants.join(' ')}\n` : '';
  assert(text.startsWith(`[Game 1]\nGame: ${t.game}\nSize: ${t.size}\n${variants}Event: `), `text record header:\n${text.slice(0, 120)}`);
  assert(text.includes(`\nMoves: ${moves}\nResult: ${result}\nReason: normal\n`), `text record moves/result wrong:\n${text}`);
  if (hasRender) assert(renderedStones(txt) === board, `${t.name}: quartet-render draws the text record differently from the page`);

  const svg = fs.readFileSync(await save('#dl-svg', 'svg'), 'utf8');
  assert(svg.startsWith('<svg') && svg.includes(`data-game="${t.game}"`), 'the SVG download is not the board');

  if (t.game !== 'Othello' && t.game !== 'TorusHex') {
    assert(await page.isHidden('#dl-sgf'), `${t.name}: SGF offered for ${t.game}`);
    return;
  }
  const sgfFile = await save('#dl-sgf', 'sgf');
  const sgf = fs.readFileSync(sgfFile, 'utf8');
  const gm = t.game === 'Othello' ? 2 : 11;
  assert(sgf.startsWith(`(;FF[4]CA[UTF-8]AP[quartet-web]GM[${gm}]SZ[${t.size}]`), `SGF header: ${sgf.slice(0, 60)}`);
  assert(sgf.includes(`RE[${result}]`), 'SGF result');
  const nodes = sgf.match(/;[BW]\[[^\]]*\]/g) || [];
  assert(nodes.length === plies.length, `SGF has ${nodes.length} moves, the game ${plies.length}`);
  if (hasRender) assert(renderedStones(sgfFile) === board, `${t.name}: quartet-render draws the SGF differently from the page`);
}

test('an illegal click changes nothing (Othello occupied and empty points, Separo empty point)', async () => {
  const page = await openPage();
  try {
    await startGame(page, { game: 'Othello', size: 8, seats: [HUMAN, ENGINE()] });
    const before = [await page.innerHTML('#board'), await shownPlies(page), await turnState(page)];
    const n = await refreshes(page);
    for (const p of ['d4', 'e5', 'a1', 'h8', 'c3']) {
      await page.click(`#board .q-point[data-point="${p}"]`);
    }
    await page.waitForTimeout(300);
    const after = [await page.innerHTML('#board'), await shownPlies(page), await turnState(page)];
    assert(after[0] === before[0], 'the board changed after illegal clicks');
    assert(after[1].length === 0 && after[2] === 'human', 'a move was played after illegal clicks');
    assert(await refreshes(page) === n, 'the page redrew after illegal clicks');
    assert(/not a legal move/.test(await page.textContent('#note')), 'no "not a legal move" note');

    await startGame(page, { game: 'Separo', size: 5, seats: [HUMAN, ENGINE()] });
    const b2 = await page.innerHTML('#board');
    await page.click('#board .q-point[data-point="c3"]');   // empty: not a stone of Red
    await page.click('#board .q-point[data-point="e1"]');   // Blue's stone
    await page.waitForTimeout(200);
    assert(await page.innerHTML('#board') === b2, 'the Separo board changed after illegal clicks');
    // Choose a stone, then click a point that is not one of its ends.
    await page.click('#board .q-point[data-point="a1"]');
    await page.waitForSelector('#board .q-point.q-target');
    await page.click('#board .q-point[data-point="e5"]');
    await page.click('#board .q-point[data-point="a3"]');
    await page.waitForTimeout(200);
    assert((await shownPlies(page)).length === 0, 'a Separo move was played by a click off its ends');
  } finally {
    await page.close();
  }
});

test('undo takes back the human move and the engine reply; the board is the start again', async () => {
  const page = await openPage();
  const ref = new RefEngine(QUARTET);
  try {
    await startGame(page, { game: 'Othello', size: 8, seats: [HUMAN, ENGINE()] });
    const start = await stones(page);
    const n = await refreshes(page);
    await page.click('#board .q-point[data-point="d3"]');
    await settle(page, n);
    const plies = await shownPlies(page);
    assert(plies.length === 2 && plies[0] === 'd3', `after d3 the moves are ${plies.join(' ')}`);
    assert(await stones(page) !== start, 'the board did not change after d3 and the reply');
    const m = await refreshes(page);
    await page.keyboard.press('u');
    await settle(page, m);
    assert((await shownPlies(page)).length === 0, 'moves left after undo');
    assert(await stones(page) === start, 'after undo the discs are not the start position');
    assert(await toMove(page) === 'black', 'after undo it is not black to move');
    // The engine agrees: its legal moves are the start's.
    await ref.send('set_game Othello');
    const legal = (await page.evaluate(() => window.quartet.legal)).sort().join(' ');
    assert(legal === (await ref.send('legal_moves black')).split(' ').sort().join(' '), 'legal moves after undo');
    // Undo in Separo after a two-step move as well.
    await startGame(page, { game: 'Separo', size: 5, seats: [HUMAN, ENGINE()] });
    const s0 = await stones(page);
    const k = await refreshes(page);
    await humanMove(page, 'a1-b2-c2');
    await settle(page, k);
    assert((await shownPlies(page)).length === 2, 'Separo: no move and reply');
    const k2 = await refreshes(page);
    await page.click('#undo');
    await settle(page, k2);
    assert(await stones(page) === s0 && (await shownPlies(page)).length === 0, 'Separo: undo did not restore the start');
  } finally {
    ref.close();
    await page.close();
  }
});

test('analysis lines appear on the board and in the table, and stop', async () => {
  const page = await openPage();
  try {
    await startGame(page, { game: 'Othello', size: 8, seats: [HUMAN, ENGINE()] });
    await page.keyboard.press('a');
    await page.waitForFunction(() => window.quartet.analysisLines >= 3
      && document.querySelectorAll('#board .q-anal').length > 0
      && document.querySelectorAll('#anal-table tbody tr').length > 0, null, { timeout: 10000 });
    const moves = await page.$$eval('#board .q-anal', (els) => els.map((e) => e.dataset.point));
    const legal = await page.evaluate(() => window.quartet.legal);
    assert(moves.every((m) => legal.includes(m)), `analysis marks ${moves} are not all legal (${legal})`);
    const label = await page.textContent('#board .q-anal.best text');
    // Othello's alphabeta shows its score (a win rate for MCTS players).
    assert(/^(\d+(\.\d)?%|[+-]?\d+(\.\d+)?)$/.test(label), `best candidate label "${label}" is neither a win rate nor a score`);
    await page.hover('#anal-table tbody tr:first-child');
    await page.waitForSelector('#board .q-pv');
    await shots(page, 'analysis');
    await page.keyboard.press('a');
    await page.waitForFunction(() => window.quartet.analysis === null, null, { timeout: 5000 });
    const n1 = await page.evaluate(() => window.quartet.analysisLines);
    await page.waitForTimeout(600);
    const n2 = await page.evaluate(() => window.quartet.analysisLines);
    assert(n1 === n2, `analysis went on after it was stopped (${n1} -> ${n2} reports)`);
    assert(/stopped|off/.test(await page.textContent('#anal-status')), 'analysis status does not say stopped');
    // The engine answers normally afterwards: a move and its reply.
    const n = await refreshes(page);
    await page.click('#board .q-point[data-point="f5"]');
    await settle(page, n);
    assert((await shownPlies(page)).length === 2, 'no move and reply after analysis');
    assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
  } finally {
    await page.close();
  }
});

test('engine against engine: the page plays Torus Hex to the end by itself; the result matches a replay', async () => {
  const page = await openPage();
  const ref = new RefEngine(QUARTET);
  try {
    await startGame(page, { game: 'TorusHex', size: 4, seats: [ENGINE(0.05, 'mcts'), ENGINE(0.05, 'random')] });
    assert(await turnState(page) === 'over', 'the game did not end');
    await ref.send('set_game TorusHex');
    await ref.send('boardsize 4');
    await replay(ref, page, 0);
    const shown = await page.locator('#result').getAttribute('data-result');
    assert(shown === await ref.send('final_score'), 'result differs from the replay');
  } finally {
    ref.close();
    await page.close();
  }
});

test('a "?" answer from the engine is shown as a clear message', async () => {
  const page = await openPage('?game=Othello&size=5', undefined, false);
  try {
    await page.waitForSelector('#error:not([hidden])', { timeout: 5000 });
    const msg = await page.textContent('#error');
    assert(/\? unacceptable size/.test(msg) && /boardsize 5/.test(msg), `message: ${msg}`);
    // The game goes on at the size the engine kept.
    await page.waitForFunction(() => window.quartet.refreshes > 0);
    assert(await page.locator('#board svg').getAttribute('data-size') === '8', 'no 8x8 board after the refused size');
    const n = await refreshes(page);
    await page.click('#board .q-point[data-point="d3"]');
    await settle(page, n);
    assert((await shownPlies(page))[0] === 'd3', 'no move after the refused size');
  } finally {
    await page.close();
  }
});

test('phone width: no sideways scrolling, the board fits, the keys still work', async () => {
  const page = await openPage('', { width: 390, height: 844 });
  try {
    await startGame(page, { game: 'Yonin', size: 8, seats: [HUMAN, ENGINE(), ENGINE(), ENGINE()] });
    const { sw, iw, bw } = await page.evaluate(() => ({
      sw: document.documentElement.scrollWidth, iw: window.innerWidth,
      bw: document.querySelector('#board svg').getBoundingClientRect().width,
    }));
    assert(sw <= iw, `page is ${sw}px wide in a ${iw}px window`);
    assert(bw > 300 && bw <= iw, `board is ${bw}px wide`);
    // Tab reaches a playable point; Enter plays it.
    await page.focus('#board');
    let focused = '';
    for (let i = 0; i < 40 && !focused; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => (document.activeElement.classList.contains('q-choice') ? document.activeElement.dataset.point : ''));
    }
    assert(focused, 'Tab never reached a playable point');
    const n = await refreshes(page);
    await page.keyboard.press('Enter');
    await settle(page, n);
    const plies = await shownPlies(page);
    assert(plies[0] === focused && plies.length >= 4, `Enter on ${focused}: moves ${plies.join(' ')}`);
    await shots(page, 'phone');
  } finally {
    await page.close();
  }
});

test('stop: "# interrupt" ends a long engine search (when the engine lists gogui-interrupt)', async () => {
  const page = await openPage();
  try {
    const has = await page.evaluate(() => window.quartet.commands.has('gogui-interrupt'));
    if (!has) {
      console.log('# the engine does not list gogui-interrupt: the stop button stays hidden');
      assert(await page.isHidden('#stop'), 'stop button shown without gogui-interrupt');
      return;
    }
    // flat-mc: alphabeta answers the opening from its book at once, and
    // this test needs a search that runs until stopped.
    await startGame(page, { game: 'Othello', size: 8, seats: [HUMAN, ENGINE(60, 'flat-mc')] });
    const n = await refreshes(page);
    await page.click('#board .q-point[data-point="d3"]');
    await page.waitForSelector('#stop:not([hidden])', { timeout: 5000 });
    const t0 = Date.now();
    await page.keyboard.press('Escape');
    await settle(page, n, 10000);
    assert(Date.now() - t0 < 5000, 'the search did not stop');
  } finally {
    await page.close();
  }
});

// What loading the page costs: every file it fetched, from the browser's
// own resource timing (a figure, not a test).
async function pageWeight() {
  const page = await openPage();
  const w = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const res = performance.getEntriesByType('resource');
    return { files: res.length + 1, bytes: nav.encodedBodySize + res.reduce((a, r) => a + r.encodedBodySize, 0),
      loaded: nav.loadEventEnd, ready: performance.now() };
  });
  await page.close();
  console.log(`# page load: ${w.bytes} bytes in ${w.files} files (html, css, js; no other requests), load event at ${w.loaded.toFixed(0)} ms`);
}

// The WebSocket upgrade as websocketd answers it for a given Origin.
function upgradeStatus(origin) {
  return new Promise((resolve, reject) => {
    const req = http.request(BASE, {
      headers: {
        Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'cXVhcnRldC10ZXN0LWtleQ==', Origin: origin,
      },
    });
    req.on('upgrade', (res, socket) => { socket.destroy(); resolve(101); });
    req.on('response', (res) => { res.resume(); resolve(res.statusCode); });
    req.on('error', reject);
    req.end();
  });
}

test('a page from another origin cannot open an engine; the page\'s own origin can', async () => {
  const own = new URL(BASE).origin;
  assert(await upgradeStatus(own) === 101, 'same-origin WebSocket refused');
  const other = await upgradeStatus('http://evil.example');
  assert(other === 403, `WebSocket from another origin answered ${other}, not 403`);
});

test('the connection cap: a second tab is refused with a clear message, and gets an engine once the first closes', async () => {
  assert(CAPPED, 'no capped server given');
  const first = await context.newPage();
  const second = await context.newPage();
  try {
    await first.goto(CAPPED);
    await first.waitForSelector('body[data-ready="1"]', { timeout: 15000 });
    // The engine behind it runs with quartet-web's caps on threads and memory.
    const engine = fs.realpathSync(QUARTET);
    const args = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map((d) => {
      try { return fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0'); } catch { return []; }
    }).filter((a) => a[0] === engine && a.includes('--threads') && a.includes('--tree-mb'));
    assert(args.length > 0, `no ${engine} running with --threads`);
    const flags = args[0].join(' ');
    assert(/--threads 1 --hash 16 --tree-mb 256/.test(flags), `engine flags: ${flags}`);
    await second.goto(CAPPED);
    // The banner says why (connection.js; the reconnection is tested in connection.test.mjs).
    await second.waitForSelector('#conn[data-reason="full"]', { timeout: 5000 });
    const msg = await second.textContent('#conn');
    assert(/max-connections/.test(msg), `message: ${msg}`);
    await first.close();
    await second.waitForTimeout(300);   // websocketd sees the engine end
    await second.reload();
    await second.waitForSelector('body[data-ready="1"]', { timeout: 15000 });
    assert(await second.isHidden('#error'), 'still refused after the first tab closed');
  } finally {
    if (!first.isClosed()) await first.close();
    await second.close();
  }
});

runTests(async () => {
  if (!ONLY) await pageWeight();
  if (timings.length) {
    const o = timings.map((t) => t.overhead).sort((a, b) => a - b);
    const med = o[Math.floor(o.length / 2)];
    const median = (k) => { const v = timings.map((t) => t[k]).sort((a, b) => a - b); return v[Math.floor(v.length / 2)].toFixed(1); };
    console.log(`# click to engine reply drawn, less the engine's genmove time: median ${med.toFixed(1)} ms, ` +
      `max ${o[o.length - 1].toFixed(1)} ms over ${o.length} replies (medians: human move drawn ${median('humanDrawn')}, ` +
      `then genmove sent ${median('toGenmove')}, reply drawn ${median('replyDrawn')} ms)`);
  }
});
