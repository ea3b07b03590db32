// The page's connection to its engine (doc/browser.md, "Connection"):
// a killed engine or server mid-game, a reload, the bytes one move costs
// on the WebSocket, the time from load to an interactive board, the
// click-to-reply latency, the idle close and the full server.
// Usage: node tests/browser/connection.test.mjs BASE_URL [CAPPED_URL]
// The kill tests start quartet-web servers of their own on free ports.

import { execFileSync } from 'node:child_process';
import {
  BASE, CAPPED, QUARTET, context, assert, rng, openPage, settle, refreshes, turnState, toMove,
  shownPlies, stones, startGame, humanMove, replay, test, runTests,
} from './lib.mjs';
import { sleep, freePort, serve, engines, stop, oldEngine, slowEngine } from './servers.mjs';
import { RefEngine } from './refengine.mjs';
import { Picture, fnv1a } from '../../web/picture.js';
import { checkGame } from '../../web/store.js';

const HUMAN = { kind: 'human' };
const ENGINE = (time = 0.05, player = 'default') => ({ kind: 'engine', player, time });

const connState = (page) => page.locator('#conn').getAttribute('data-state');
const connReason = (page) => page.locator('#conn').getAttribute('data-reason');

// Records every reason the banner gives from now on (the first one after a
// loss must be the right one, not only some later one).
async function watchReasons(page) {
  await page.evaluate(() => {
    window.reasons = [];
    const c = document.getElementById('conn');
    new MutationObserver(() => {
      const r = c.dataset.reason;
      if (r && r !== 'lost' && window.reasons[window.reasons.length - 1] !== r) window.reasons.push(r);
    }).observe(c, { attributes: true });
  });
}
const firstReason = (page) => page.evaluate(() => window.reasons[0]);

async function waitConn(page, state, reason, timeout = 30000) {
  await page.waitForFunction(([s, r]) => {
    const c = document.getElementById('conn');
    return c.dataset.state === s && (!r || c.dataset.reason === r);
  }, [state, reason], { timeout, polling: 50 });
}

// What the page shows of the game: stones, move list, seat kinds, who is
// to move, and the hash of its picture.
async function position(page) {
  return {
    stones: await stones(page),
    plies: (await shownPlies(page)).join(' '),
    seats: await page.evaluate(() => JSON.stringify(window.quartet.cfg.seats.map((s) => [s.name, s.kind, s.player, s.time]))),
    toMove: await toMove(page),
    picture: await page.evaluate(() => window.quartet.pictureHash),
  };
}

// The board shown disconnected: greyed, no legal marks, nothing to choose.
async function noMarks(page) {
  assert(await page.$eval('#board', (b) => b.classList.contains('offline')), 'the board is not shown disconnected');
  const marks = await page.$$eval('#board .q-legal, #board .q-choice', (els) =>
    els.filter((e) => getComputedStyle(e).display !== 'none' && getComputedStyle(e).visibility !== 'hidden'
      && Number(getComputedStyle(e).opacity) > 0).length);
  assert(marks === 0, `${marks} legal marks shown while disconnected`);
}

function same(a, b, what) {
  for (const k of Object.keys(a)) assert(a[k] === b[k], `${what}: ${k} was "${a[k]}", is "${b[k]}"`);
}

// Waits for a new engine with the game replayed, checks the position is
// `before` (and that the page compared the pictures), and plays a move on.
async function backSame(page, before, what, timeout, seed) {
  await waitConn(page, 'connected', '', timeout);
  await settle(page, 0);
  same(before, await position(page), what);
  const r = await page.evaluate(() => window.quartet.lastReplay);
  assert(r && r.checked && r.same, `${what}: the replay was not checked against the picture: ${JSON.stringify(r)}`);
  const n = (await shownPlies(page)).length;
  await play(page, 1, seed);
  assert((await shownPlies(page)).length >= n + 2, `${what}: no move and reply from the new engine`);
}

// Human moves (a seeded pick among the page's legal moves), each answered
// by the engine seats.
async function play(page, n, seed) {
  const pick = rng(seed);
  for (let i = 0; i < n && (await turnState(page)) === 'human'; i++) {
    const legal = await page.evaluate(() => window.quartet.legal.filter((m) => m !== 'swap'));
    const before = await refreshes(page);
    const move = legal[pick(legal.length)];
    await humanMove(page, move);
    await settle(page, before, 30000).catch(async (e) => {
      const why = await page.evaluate(() => [document.getElementById('turn').textContent,
        document.getElementById('conn').textContent, document.getElementById('error').textContent].join(' | '));
      throw new Error(`after ${move}: ${why}: ${e.message}`);
    });
  }
}

// The page's errors; until quartet-web serves quartet-status.json, the
// page's asking for it shows up as a 404 and is no error of the page.
function pageErrors(page) {
  const gate = hasGate();
  return page.errors.filter((e) => gate || !/status of 404/.test(e));
}

// ---- Tests ----------------------------------------------------------------

test('engine killed mid-game: "the engine stopped", a new engine replays the game, the position is the same, play goes on', async () => {
  const server = await serve(await freePort());
  const page = await openPage('?game=Othello', undefined, true, server.url);
  try {
    await startGame(page, { game: 'Othello', size: 8, seats: [HUMAN, ENGINE()] });
    await play(page, 4, 3);
    await waitConn(page, 'connected');
    const before = await position(page);
    const pids = engines(server);
    assert(pids.length === 1, `${pids.length} engines under the server, expected 1`);
    await watchReasons(page);
    // Slow the new engine's start, to look at the page while it has none.
    await page.route('**/quartet-status.json', async (route) => { await sleep(1500); await route.continue().catch(() => {}); });
    process.kill(pids[0], 'SIGKILL');
    await page.waitForFunction(() => window.quartet.online === false);
    await noMarks(page);
    await page.unroute('**/quartet-status.json');
    await waitConn(page, 'reconnecting', 'engine-stopped', 10000);
    assert(/engine stopped/i.test(await page.textContent('#conn')), `banner: ${await page.textContent('#conn')}`);
    assert(await firstReason(page) === 'engine-stopped', `the first reason given was ${await firstReason(page)}`);
    await backSame(page, before, 'after the engine was killed', 20000, 5);
    assert(pageErrors(page).length === 0, `page errors: ${pageErrors(page).join('; ')}`);
  } finally {
    await page.close();
    await stop(server);
  }
});

test('engine killed while it thinks: the board takes no clicks and shows no marks, the new engine is asked again', async () => {
  const server = await serve(await freePort());
  const page = await openPage('?game=TorusHex', undefined, true, server.url);
  try {
    await startGame(page, { game: 'TorusHex', size: 9, seats: [HUMAN, ENGINE(3, 'mcts')] });
    const n = await refreshes(page);
    await page.click('#board .q-point[data-point="e5"]');
    await page.waitForFunction(() => document.getElementById('turn').dataset.state === 'thinking');
    process.kill(engines(server)[0], 'SIGKILL');
    await page.waitForFunction(() => window.quartet.online === false);
    await noMarks(page);
    await waitConn(page, 'connected', '', 20000);
    await settle(page, n);
    const plies = await shownPlies(page);
    assert(plies.length === 2 && plies[0] === 'e5', `moves after the new engine: ${plies.join(' ')}`);
  } finally {
    await page.close();
    await stop(server);
  }
});

// A paused Othello game of two engines on a server whose new engine
// answers only after 1.5 s (a loaded server): its socket is open that long
// before the page has replayed the game to it. inWindow(page) runs then.
// Gives the game before the loss and the commands the page sent on the new
// socket, in order.
async function lostToSlowEngine(inWindow, check) {
  const engine = slowEngine();
  const server = await serve(await freePort(), [], engine.file);
  const page = await openPage('?game=Othello', undefined, true, server.url);
  try {
    await page.selectOption('#game', 'Othello');
    await page.selectOption('#size', '8');
    for (const row of await page.$$('#seats .seat')) {
      await row.$eval('.kind', (el) => { el.value = 'engine'; el.dispatchEvent(new Event('change')); });
      await row.$eval('.time', (el) => { el.value = '0.05'; });
    }
    await page.click('#start');
    await page.waitForFunction(() => window.quartet.plies.length >= 6, null, { timeout: 30000 });
    const n = await refreshes(page);
    await page.click('#pause');
    await settle(page, n);
    const before = await position(page);
    const sent = [];
    page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(String(f.payload).replace(/^\d+ /, ''))));
    engine.slowDown();
    process.kill(engines(server)[0], 'SIGKILL');
    await page.waitForFunction(() => window.quartet.online === false);
    await page.waitForFunction(() => window.quartet.gtp && window.quartet.gtp.open && !window.quartet.online, null, { timeout: 10000 });
    await inWindow(page);
    await waitConn(page, 'connected', '', 20000);
    await check(page, before, sent);
    // Nothing searched before the replay: the first genmove or analyze
    // comes after the replay's set_game.
    const replayAt = sent.findIndex((c) => c.startsWith('set_game'));
    const searchAt = sent.findIndex((c) => /^(genmove|analyze)\b/.test(c));
    assert(replayAt >= 0 && searchAt > replayAt, `the new engine's commands: ${sent.slice(0, Math.max(replayAt, searchAt) + 2).join(' | ')}`);
    assert(pageErrors(page).length === 0, `page errors: ${pageErrors(page).join('; ')}`);
  } finally {
    await page.close();
    await stop(server);
    engine.remove();
  }
}

test('engine killed in a paused engine game, resumed before the new engine has the game: the engines play on in the page\'s game', async () => {
  await lostToSlowEngine((page) => page.click('#pause'), async (page, before) => {
    const k = before.plies.split(' ').length;
    await page.waitForFunction((m) => window.quartet.plies.length >= m || document.getElementById('turn').dataset.state === 'over'
      || !document.getElementById('error').hidden, k + 4, { timeout: 30000 });
    assert(await page.isHidden('#error'), `error shown: ${await page.textContent('#error')}`);
    // Paused again, so the list and the game hold still to be compared.
    if (await page.isVisible('#pause')) {
      const m = await refreshes(page);
      await page.click('#pause');
      await settle(page, m);
    }
    const plies = await shownPlies(page);
    assert(plies.slice(0, k).join(' ') === before.plies, `the game before the loss was ${before.plies}, now ${plies.join(' ')}`);
    assert(await page.isHidden('#error'), `error shown: ${await page.textContent('#error')}`);
    const ref = new RefEngine(QUARTET);
    try {
      await ref.send('set_game Othello');
      await ref.send('boardsize 8');
      await replay(ref, page, 0);
    } finally {
      ref.close();
    }
    const r = await page.evaluate(() => window.quartet.lastReplay);
    assert(r && r.checked && r.same, `the replay was not checked against the picture: ${JSON.stringify(r)}`);
  });
});

test('engine killed in a paused engine game, Analysis ticked before the new engine has the game: it analyses the page\'s position', async () => {
  await lostToSlowEngine((page) => page.keyboard.press('a'), async (page, before) => {
    await page.waitForFunction(() => window.quartet.analysisLines > 0 && document.querySelectorAll('#anal-table tbody tr').length > 0,
      null, { timeout: 20000 });
    const shown = await page.$$eval('#anal-table tbody tr', (trs) => trs.map((tr) => tr.cells[0].textContent.trim()));
    const legal = await page.evaluate(() => window.quartet.legal);
    assert(shown.every((m) => legal.includes(m)), `analysis shows ${shown.join(' ')}; legal here: ${legal.join(' ')}`);
    assert((await shownPlies(page)).join(' ') === before.plies, `the game changed: ${(await shownPlies(page)).join(' ')}`);
  });
});

test('server killed mid-game: "server not running"; restarted on the same port, the page reconnects with the same position', async () => {
  const port = await freePort();
  let server = await serve(port);
  const page = await openPage('?game=Separo', undefined, true, server.url);
  try {
    await startGame(page, { game: 'Separo', size: 9, seats: [HUMAN, ENGINE()] });
    await play(page, 3, 7);
    const before = await position(page);
    await watchReasons(page);
    await stop(server);
    await waitConn(page, 'reconnecting', 'not-running', 10000);
    assert(/not running/i.test(await page.textContent('#conn')), `banner: ${await page.textContent('#conn')}`);
    assert(await firstReason(page) === 'not-running', `the first reason given was ${await firstReason(page)}`);
    // Clicks do nothing while it is down.
    await page.click('#board .q-point[data-point="e5"]', { force: true });
    assert((await shownPlies(page)).join(' ') === before.plies, 'a click played while the server was down');
    server = await serve(port);
    await backSame(page, before, 'after the server came back', 30000, 9);
  } finally {
    await page.close();
    await stop(server);
  }
});

test('reload mid-game: the same position, moves and seats', async () => {
  const page = await openPage();
  try {
    await startGame(page, { game: 'Yonin', size: 8, seats: [HUMAN, ENGINE(0.05, 'maxn'), HUMAN, ENGINE(0.1)] });
    await play(page, 3, 11);
    const before = await position(page);
    await page.reload();
    await page.waitForSelector('body[data-ready="1"]', { timeout: 15000 });
    await settle(page, 0);
    same(before, await position(page), 'after a reload');
    assert(await page.$eval('#game', (s) => s.value) === 'Yonin', 'the form does not show the restored game');
    const r = await page.evaluate(() => window.quartet.lastReplay);
    assert(r && r.checked && r.same, `the reload was not checked against the stored picture: ${JSON.stringify(r)}`);
    // ?game= asks for another game: the stored one is not restored.
    await page.goto(`${BASE}?game=Othello`);
    await page.waitForSelector('body[data-ready="1"]', { timeout: 15000 });
    assert((await shownPlies(page)).length === 0 && await page.$eval('#game', (s) => s.value) === 'Othello',
      '?game=Othello restored the stored game');
    // A damaged store is ignored.
    await page.evaluate(() => localStorage.setItem('quartet.game.v1', '{"cfg":{"game":"Othello","size":"8","seats":[1]},"plies":[{}]}'));
    await page.goto(BASE);
    await page.waitForSelector('body[data-ready="1"]', { timeout: 15000 });
    assert((await shownPlies(page)).length === 0, 'a damaged store was replayed');
    assert(pageErrors(page).length === 0, `page errors: ${pageErrors(page).join('; ')}`);
  } finally {
    await page.close();
  }
});

// Bytes on the WebSocket, both ways, from the frames Chromium sent and
// received: the first picture, and each human move with its reply.
async function measureBytes(game, size, seats, moves, seed) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1100, height: 820 });
  const count = { sent: 0, received: 0 };
  const total = () => count.sent + count.received;
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => { count.sent += Buffer.byteLength(f.payload); });
    ws.on('framereceived', (f) => { count.received += Buffer.byteLength(f.payload); });
  });
  try {
    await page.goto(`${BASE}?game=${game}&size=${size}`);
    await page.waitForSelector('body[data-ready="1"]', { timeout: 15000 });
    await settle(page, 0);
    const first = total();   // the engine's set-up and the first picture
    await startGame(page, { game, size, seats });   // the same board, with fast engines
    const diff = await page.evaluate(() => window.quartet.commands.has('svg_diff'));
    const per = [];
    const pick = rng(seed);
    for (let i = 0; i < moves && (await turnState(page)) === 'human'; i++) {
      const legal = await page.evaluate(() => window.quartet.legal.filter((m) => m !== 'swap'));
      count.sent = 0;
      count.received = 0;
      const n = await refreshes(page);
      await humanMove(page, legal[pick(legal.length)]);
      await settle(page, n);
      per.push(total());
    }
    return { first, per, diff };
  } finally {
    await page.close();
  }
}

// picture.js in node, against an engine over a pipe: every picture built
// from svg_diff patches equals the engine's `svg legal` at that point (the
// plain second way to the same text), through random games with undos; a
// damaged copy is caught by the hash and mended by one `svg_diff legal full`.
test('picture.js: svg_diff patches rebuild exactly the engine\'s svg legal; a damaged copy is refetched whole', async () => {
  const ref = new RefEngine(QUARTET);
  const sent = [];
  let fulls = 0;   // whole pictures asked for after a patch failed
  const gtp = { send: (c) => { sent.push(c); fulls += c.endsWith(' full'); return ref.send(c); } };
  try {
    const pick = rng(17);
    let pictures = 0;
    const pic = new Picture();   // one session's copy, as on the page
    for (const [game, size] of [['Othello', 8], ['Yonin', 6], ['Separo', 7], ['TorusHex', 5]]) {
      await ref.send(`set_game ${game}`);
      await ref.send(`boardsize ${size}`);
      fulls = 0;
      for (let ply = 0; ply < 40; ply++) {
        const text = await pic.request(gtp, true);
        const svg = await ref.send('svg legal');
        assert(text === svg, `${game} ply ${ply}: the patched picture differs from svg legal`);
        assert(pic.hash === fnv1a(svg), `${game} ply ${ply}: hash ${pic.hash}, the text's ${fnv1a(svg)}`);
        pictures++;
        if (ply === 20) {
          // A damaged copy: the next patch's result fails its hash.
          pic.lines[3] += ' ';
          sent.length = 0;
          assert(await pic.request(gtp, true) === await ref.send('svg legal'), `${game}: not mended after damage`);
          assert(sent.includes('svg_diff legal full'), `${game}: the damage was not noticed (${sent.join(', ')})`);
        }
        const toMove = (await ref.send('svg')).match(/data-to-move="(\w*)"/)[1];
        if (!toMove) break;
        if (ply % 7 === 6) {
          await ref.send('undo');
          continue;
        }
        const legal = (await ref.send(`legal_moves ${toMove}`)).split(/\s+/).filter(Boolean);
        await ref.send(`play ${toMove} ${legal[pick(legal.length)]}`);
      }
      assert(fulls <= 1, `${game}: ${fulls} patches failed and were replaced by whole pictures (only the damaged one should)`);
    }
    console.log(`# picture.js: ${pictures} patched pictures equal to svg legal`);
  } finally {
    ref.close();
  }
});

test('an engine without list_catalog and svg_diff: the page probes its players, draws with svg legal, and replays', async () => {
  const wrapper = oldEngine();
  const server = await serve(await freePort(), [], wrapper.file);
  const page = await openPage('?game=Othello', undefined, true, server.url);
  const ref = new RefEngine(QUARTET);
  try {
    const seen = await page.evaluate(() => ({ diff: window.quartet.commands.has('svg_diff'),
      catalog: Object.keys(window.quartet.catalog).length, canPlay: window.quartet.canPlay }));
    assert(!seen.diff && seen.catalog === 0, `the old engine was taken for a new one: ${JSON.stringify(seen)}`);
    // The players found by probing are those list_catalog names.
    for (const line of (await ref.send('list_catalog')).split('\n')) {
      const game = line.split(' ')[0];
      const players = (/ players=(\S*)/.exec(line) || [])[1] || '';
      const probed = (seen.canPlay[game] || []).slice().sort().join(',');
      assert(probed === players.split(',').sort().join(','), `${game}: probed ${probed}, list_catalog ${players}`);
    }
    await play(page, 3, 4);
    const before = await position(page);
    process.kill(engines(server)[0], 'SIGKILL');
    await page.waitForFunction(() => window.quartet.online === false);
    await backSame(page, before, 'after the old engine was killed', 20000, 6);
    assert(pageErrors(page).length === 0, `page errors: ${pageErrors(page).join('; ')}`);
  } finally {
    ref.close();
    await page.close();
    await stop(server);
    wrapper.remove();
  }
});

// store.js's reading of what localStorage gives back (in node).
test('store.js: a stored game is read back whole (a set-up position too) or not at all', async () => {
  const seats = [{ kind: 'human', player: 'default', time: 1 }, { kind: 'engine', player: 'alphabeta', time: 0.5 }];
  const start = '-'.repeat(27) + 'OX' + '-'.repeat(6) + 'XO' + '-'.repeat(27);
  const good = { cfg: { game: 'Othello', size: '8', variants: [], seats, setup: { board: start, side: 'white' } },
    plies: [{ seat: 'white', move: 'c4', seconds: 0.37 }, { seat: 'black', move: 'c3', seconds: '<b>' }], pictureHash: '0123abcd', paused: false };
  const back = checkGame(JSON.parse(JSON.stringify(good)));
  assert(back && back.cfg.setup.board === start && back.cfg.setup.side === 'white' && back.plies[0].move === 'c4'
    && back.cfg.seats[1].player === 'alphabeta' && back.cfg.seats[1].time === 0.5 && back.pictureHash === '0123abcd'
    // An engine move's time (for the GGF download) is kept when it is a number, else dropped.
    && back.plies[0].seconds === 0.37 && !('seconds' in back.plies[1]),
  `a good store read back as ${JSON.stringify(back)}`);
  const bad = {
    'unknown game': { cfg: { ...good.cfg, game: 'Chess' } },
    'set-up of the wrong length': { cfg: { ...good.cfg, setup: { board: start + '-', side: 'white' } } },
    'set-up with another letter': { cfg: { ...good.cfg, setup: { board: start.replace('-', 'Z'), side: 'white' } } },
    'set-up side not a seat': { cfg: { ...good.cfg, setup: { board: start, side: 'red' } } },
    'unknown variant': { cfg: { ...good.cfg, variants: ['team'] } },
    'a seat short': { cfg: { ...good.cfg, seats: seats.slice(1) } },
    'a seat of no kind': { cfg: { ...good.cfg, seats: [seats[0], { ...seats[1], kind: 'robot' }] } },
    'a ply of markup': { plies: [{ seat: 'black', move: '<img src=x>' }] },
    'a ply of another seat': { plies: [{ seat: 'red', move: 'c4' }] },
    'too many plies': { plies: Array(5000).fill({ seat: 'black', move: 'pass' }) },
    'size not a number': { cfg: { ...good.cfg, size: '8; rm' } },
  };
  for (const [what, change] of Object.entries(bad)) {
    assert(checkGame({ ...good, ...change }) === null, `${what}: accepted`);
  }
  for (const raw of [null, 0, 'x', [], {}, { cfg: {} }, { cfg: good.cfg, plies: 'c4' }]) {
    assert(checkGame(raw) === null, `${JSON.stringify(raw)}: accepted`);
  }
  const odd = checkGame({ ...good, cfg: { ...good.cfg, seats: [seats[0], { ...seats[1], player: 'a b', time: 1e9 }] } });
  assert(odd.cfg.seats[1].player === 'default' && odd.cfg.seats[1].time === 600, `odd seat read as ${JSON.stringify(odd.cfg.seats[1])}`);
});

// Every game at its largest size (Othello's and Yonin's are their
// defaults too), and Separo's and Torus Hex's default sizes.
const BOARDS = [
  ['Othello', 8, [HUMAN, ENGINE()]],
  ['Yonin', 8, [HUMAN, ENGINE(), ENGINE(), ENGINE()]],
  ['Separo', 19, [HUMAN, ENGINE()]],
  ['TorusHex', 19, [HUMAN, ENGINE()]],
  ['Separo', 9, [HUMAN, ENGINE()]],
  ['TorusHex', 11, [HUMAN, ENGINE()]],
];

test('bytes per move (human move and engine reply) at each game\'s largest and default size are under 30 KiB', async () => {
  const bad = [];
  for (const [game, size, seats] of BOARDS) {
    const { first, per, diff } = await measureBytes(game, size, seats, 6, 21);
    const max = Math.max(...per);
    const mean = per.reduce((a, b) => a + b, 0) / per.length;
    console.log(`# ${game} ${size}x${size}: load (set-up and first picture) ${first} bytes; per move mean ${Math.round(mean)}, max ${max} bytes ` +
      `over ${per.length} moves${diff ? '' : ' (engine without svg_diff)'}`);
    if (!(per.length >= 3 && max < 30 * 1024)) bad.push(`${game} ${size}: ${per.join(', ')}`);
  }
  assert(bad.length === 0, `moves over 30 KiB (or too few): ${bad.join('; ')}`);
});

// Opens url in a new page and lists the commands the page sent before the
// engine's first answer came: what the first round trip carried.
async function firstRoundTrip(url) {
  const page = await context.newPage();
  const before = [];
  let answered = false;
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => { if (!answered) before.push(String(f.payload).replace(/^\d+ /, '')); });
    ws.on('framereceived', () => { answered = true; });
  });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 15000 });
  return { page, before };
}

test('the first board costs one round trip: the game\'s commands go out with the handshake (new game and stored game)', async () => {
  const { page, before } = await firstRoundTrip(`${BASE}?game=TorusHex&size=7`);
  try {
    for (const c of ['list_catalog', 'set_game TorusHex', 'boardsize 7', 'svg_diff legal', 'score', 'legal_moves']) {
      assert(before.includes(c), `"${c}" was not sent in the first round trip: ${before.join(', ')}`);
    }
    await play(page, 2, 3);
  } finally {
    await page.close();
  }
  const plies = await (async () => {
    const again = await firstRoundTrip(BASE);   // the stored Torus Hex game
    await again.page.close();
    return again.before.filter((c) => c.startsWith('play '));
  })();
  assert(plies.length === 4, `the stored game's plies sent in the first round trip: ${plies.join(', ')}`);
});

test('load to interactive board (warm engine); click-to-reply latency less engine time over 50 replies', async () => {
  const loads = [];
  const parts = [];
  for (let i = 0; i < 6; i++) {
    const page = await openPage('?game=Othello');
    loads.push(await page.evaluate(() => window.quartet.readyAt));
    // Where the time goes: the page's files read, the socket open, the
    // engine's answers to the set-up, the first board drawn.
    parts.push(await page.evaluate(() => {
      const at = (n) => performance.getEntriesByName(n)[0]?.startTime ?? NaN;
      return [performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd, at('q-socket-open'), at('q-handshake')];
    }));
    await page.close();
  }
  const warm = loads.slice(1).sort((a, b) => a - b);   // the first warms the engine
  const med = (k) => parts.slice(1).map((p) => p[k]).sort((a, b) => a - b)[2].toFixed(0);
  console.log(`# load to body[data-ready="1"]: median ${warm[2].toFixed(0)} ms, max ${warm[warm.length - 1].toFixed(0)} ms ` +
    `over ${warm.length} loads (first, cold: ${loads[0].toFixed(0)} ms); medians: files read ${med(0)} ms, ` +
    `socket open ${med(1)} ms, engine set up ${med(2)} ms`);
  assert(warm[warm.length - 1] < 3000, `the board took ${warm[warm.length - 1]} ms to be interactive`);

  const page = await openPage('?game=Othello');
  try {
    const t = [];
    for (let g = 0; g < 6 && t.length < 50; g++) {
      await startGame(page, { game: 'Othello', size: 8, seats: [HUMAN, ENGINE(0.05)] });
      await page.evaluate(() => { window.quartet.timings.length = 0; });
      await play(page, 40, 31 + g);
      t.push(...await page.evaluate(() => window.quartet.timings.map((x) => x.overhead)));
    }
    assert(t.length >= 50, `only ${t.length} replies timed`);
    t.sort((a, b) => a - b);
    console.log(`# click to engine reply drawn, less the engine's time: median ${t[Math.floor(t.length / 2)].toFixed(1)} ms, ` +
      `worst ${t[t.length - 1].toFixed(1)} ms over ${t.length} replies (Othello 8x8)`);
  } finally {
    await page.close();
  }
});

// The gate's features (contract C): only when tools/quartet-web has them.
function hasGate() {
  return /--idle-timeout/.test(execFileSync('tools/quartet-web', ['--help'], { encoding: 'utf8' }));
}

test('idle close: the page says it was closed for being idle, does not loop, and a click reconnects', async () => {
  if (!hasGate()) {
    console.log('# quartet-web has no --idle-timeout yet: idle test skipped');
    return;
  }
  const server = await serve(await freePort(), ['--idle-timeout', '2']);
  const page = await openPage('?game=Othello', undefined, true, server.url);
  try {
    await page.waitForFunction(() => !document.getElementById('limits').hidden, null, { timeout: 5000 });
    const limits = await page.textContent('#limits');
    assert(/engines 1 of 4/.test(limits) && /idle/.test(limits), `limits line: ${limits}`);
    await page.click('#board .q-point[data-point="d3"]');
    await settle(page, 1);
    const before = await position(page);
    await waitConn(page, 'down', 'idle', 10000);
    assert(/idle/i.test(await page.textContent('#conn')), `banner: ${await page.textContent('#conn')}`);
    await sleep(2500);   // no reconnection loop while the user is away
    assert(await connState(page) === 'down' && engines(server).length === 0, 'reconnected without the user');
    await page.mouse.click(5, 5);
    await backSame(page, before, 'after the idle close', 10000, 2);
  } finally {
    await page.close();
    await stop(server);
  }
});

test('server full: a second tab says so (naming --max-connections) and connects once the first closes', async () => {
  assert(CAPPED, 'no capped server given');
  const first = await openPage('', undefined, true, CAPPED);
  const second = await openPage('', undefined, false, CAPPED);
  try {
    await second.waitForFunction(() => /full/.test(document.getElementById('conn').dataset.reason || ''), null, { timeout: 10000 });
    const reason = await connReason(second);
    const msg = await second.textContent('#conn');
    assert(/max-connections/.test(msg), `message: ${msg}`);
    if (hasGate()) assert(reason === 'full', `reason ${reason} with the gate's status`);
    await first.close();
    await waitConn(second, 'connected', '', 30000);
    await second.waitForSelector('body[data-ready="1"]', { timeout: 15000 });
  } finally {
    if (!first.isClosed()) await first.close();
    await second.close();
  }
});

runTests();
