// A crowd opening the page at once (issue 48, item 2): with at most N
// engines and M > N pages, exactly N pages get a board a person can play,
// the others say the server is full and when they try again, and a page
// closed frees its engine for one waiting page on its next try. No page
// holds an engine without a playable board. Also the automation hooks on
// a refused URL (item 3): a refused size, game or variant still ends with
// body[data-ready] and a playable board, the refusal shown.
// Usage: node tests/browser/crowd.test.mjs BASE_URL (tests/browser.sh).
// The crowd tests start quartet-web servers of their own on free ports;
// CROWD_BIG=0 leaves out the 20-engine run.

import { QUARTET, context, assert, settle, refreshes, humanMove, test, runTests } from './lib.mjs';
import { sleep, freePort, serve, engines, stop } from './servers.mjs';
import { BACKOFF } from '../../web/connection.js';

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const CROWD = 20;

// What a page shows of its connection, read at once.
function look(page) {
  return page.evaluate(() => {
    const q = window.quartet;
    const b = document.body.dataset;
    const conn = document.getElementById('conn');
    // A board a person can play: drawn, taking clicks, legal points marked.
    const marks = [...document.querySelectorAll('#board .q-choice')]
      .filter((e) => e.getClientRects().length > 0).length;
    return {
      ready: b.ready === '1',
      error: b.error || '',
      online: Boolean(q && q.online),
      playable: b.ready === '1' && Boolean(q && q.online) && marks > 0
        && document.getElementById('turn').dataset.state === 'human'
        && !document.getElementById('board').classList.contains('offline'),
      reason: conn.dataset.reason || '',
      banner: conn.textContent,
      shownError: document.getElementById('error').hidden ? '' : document.getElementById('error').textContent,
      tries: q && q.conn ? q.conn.tries : 0,
      readyAt: q && q.readyAt ? performance.timeOrigin + q.readyAt : 0,
    };
  });
}

const lookAll = (pages) => Promise.all(pages.map(look));

function summary(looks) {
  const kinds = {};
  for (const l of looks) {
    const k = l.playable ? 'playable' : l.error ? `error=${l.error}` : l.ready ? 'ready, not playable' : 'neither';
    kinds[k] = (kinds[k] || 0) + 1;
  }
  const odd = looks.find((l) => l.shownError) || looks.find((l) => !l.playable && l.error !== 'full');
  return JSON.stringify(kinds) + (odd ? `; e.g. banner "${odd.banner}" error "${odd.shownError}"` : '');
}

// Polls every page until `done(looks)` holds or `seconds` pass.
async function until(pages, done, seconds, what) {
  const end = Date.now() + seconds * 1000;
  let looks;
  for (;;) {
    looks = await lookAll(pages);
    if (done(looks)) return looks;
    if (Date.now() > end) throw new Error(`${what}: not within ${seconds} s: ${summary(looks)}`);
    await sleep(200);
  }
}

// A waiting page says the server is full and when it tries again: its
// banner says so between its tries (it says "Connecting" during one).
// Waits until its waits are at their longest step (BACKOFF's last), as for
// a page that has waited a while; returns the wait it says, in seconds.
async function saysFullAndWhen(page) {
  await page.waitForFunction((steps) => {
    const t = document.getElementById('conn').textContent;
    return window.quartet.conn.tries >= steps && /server is full/.test(t) && /Trying again in \d+(\.\d+)? s/.test(t);
  }, BACKOFF.length, { timeout: 60000, polling: 50 });
  const [t, wait] = await page.evaluate(() => [document.getElementById('conn').textContent, window.quartet.conn.wait]);
  assert(t.includes(`Trying again in ${wait} s`), `the banner says "${t}", the page waits ${wait} s`);
  return wait;
}

// One human move on each page, by a click on a legal point, answered by
// the engine: the board is one a person can play.
async function playOne(pages) {
  await Promise.all(pages.map(async (page) => {
    const before = await refreshes(page);
    const legal = await page.evaluate(() => window.quartet.legal);
    await humanMove(page, legal[0]);
    await settle(page, before, 60000);
    const n = await page.$$eval('#moves li', (li) => li.length);
    assert(n >= 2, `a click on ${legal[0]} and the engine's reply: ${n} moves listed`);
  }));
}

// A tab made ready to load the page (size, error log), all tabs first so
// that they load together.
async function blankPage(viewport) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  return page;
}

async function crowd(max, count) {
  const server = await serve(await freePort(), [], QUARTET, max);
  const pages = [];
  try {
    // Opened together, as a class opening the link: half at laptop size,
    // half at phone size. No query: the stored game of the first page to
    // play is there for the later ones (they share the browser's storage).
    pages.push(...await Promise.all(Array.from({ length: count }, (_, i) => blankPage(i % 2 ? PHONE : LAPTOP))));
    const t0 = Date.now();
    await Promise.all(pages.map((p) => p.goto(server.url)));
    const want = Math.min(max, count);
    let looks = await until(pages, (ls) => ls.filter((l) => l.playable).length === want
      && ls.filter((l) => l.error === 'full').length === count - want
      && ls.every((l) => l.playable || l.error === 'full'), 90, `${count} pages, at most ${max} engines`);
    console.log(`# ${count} pages, --max-connections ${max}: ${want} playable, ${count - want} told the server is full, ` +
      `all settled ${((Date.now() - t0) / 1000).toFixed(1)} s after opening`);
    assert(engines(server).length === want, `${engines(server).length} engines run for ${want} playable pages`);
    const playing = pages.filter((_, i) => looks[i].playable);
    const waiting = pages.filter((_, i) => !looks[i].playable);
    for (const p of pages) {
      // The browser logs each refused socket; anything else is the page's.
      const errs = p.errors.filter((e) => !/Failed to load resource|WebSocket connection to .* failed/.test(e));
      assert(!errs.length, `page error: ${errs.join('; ')}`);
    }
    await playOne(playing);
    const waits = await Promise.all(waiting.map(saysFullAndWhen));
    if (!waiting.length) return;

    // Two playing pages close: two waiting pages get their engines on their
    // next tries, and no more.
    const closedAt = Date.now();
    await Promise.all(playing.slice(0, 2).map((p) => p.close()));
    looks = await until(waiting, (ls) => ls.filter((l) => l.playable).length >= 2, 40, 'after two pages closed');
    const got = waiting.filter((_, i) => looks[i].playable);
    const secs = looks.filter((l) => l.playable).map((l) => (l.readyAt - closedAt) / 1000).sort((a, b) => a - b).map((t) => t.toFixed(1));
    const retries = got.map((p) => waits[waiting.indexOf(p)]);
    console.log(`# after 2 of ${want} playing pages closed: ${got.length} waiting pages playable ${secs.join(' s, ')} s later ` +
      `(their retry waits then: ${retries.join(' s, ')} s)`);
    // The rest must each be refused once more after that, and stay waiting.
    const rest = waiting.filter((p) => !got.includes(p));
    const tries = (await lookAll(rest)).map((l) => l.tries);
    looks = await until(rest, (ls) => ls.every((l, i) => l.tries > tries[i]), 40, 'every other waiting page tried again');
    assert(looks.every((l) => l.error === 'full' && !l.ready), `after their next tries: ${summary(looks)}`);
    const all = await lookAll(pages.filter((p) => !p.isClosed()));
    assert(all.filter((l) => l.playable).length === want, `after the next tries: ${summary(all)}`);
    assert(engines(server).length === want, `${engines(server).length} engines run for ${want} playable pages`);
    await playOne(got);
  } finally {
    await Promise.all(pages.filter((p) => !p.isClosed()).map((p) => p.close()));
    await stop(server);
  }
}

test(`a crowd: ${CROWD} pages opened at once, at most 4 engines: 4 playable, the rest full; 2 closed, 2 get in`, async () => {
  await crowd(4, CROWD);
});

if (process.env.CROWD_BIG !== '0') {
  test(`a crowd: ${CROWD} pages opened at once, at most ${CROWD} engines: all playable`, async () => {
    await crowd(CROWD, CROWD);
  });
}

runTests();
