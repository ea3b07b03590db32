// What every browser test file shares: the chromium context, opening the
// page, waiting for it to settle, playing a move as a person would, and
// the runner that prints "ok - NAME" / "not ok - NAME: why" and ends with
// "N passed, N failed". Usage from a test file:
//   import { test, runTests, openPage, ... } from './lib.mjs';
//   test('name', async () => { ... }); runTests();
// Arguments of every test file: BASE_URL [CAPPED_URL] (tests/browser.sh).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const BASE = process.argv[2];
export const CAPPED = process.argv[3];   // a server allowing one engine
export const QUARTET = process.env.QUARTET || 'bin/quartet';
export const SHOTS = process.env.SHOTS || 'build/browser';
export const ONLY = process.env.ONLY || '';
fs.mkdirSync(SHOTS, { recursive: true });

export const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export let context;

export function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}

// A small seeded generator, so the human's moves are the same every run.
export function rng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x % n;
  };
}

export async function openPage(query = '', viewport = { width: 1100, height: 820 }, wait = true, base = BASE) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  await page.goto(`${base}${query}`);
  if (!wait) return page;
  await page.waitForSelector('body[data-ready="1"]', { timeout: 15000 });
  await settle(page, 0);
  return page;
}

export const refreshes = (page) => page.evaluate(() => window.quartet.refreshes);

// Waits until the page has drawn more than `after` pictures and it is a
// human's turn, the game is over, or an engine-only game is paused.
export async function settle(page, after, timeout = 60000) {
  await page.waitForFunction((n) => {
    const q = window.quartet;
    const st = document.getElementById('turn').dataset.state;
    // A click handled late (the page's queue busy on a loaded machine)
    // adds its ply before its picture comes: the list must show every ply.
    const listed = q.review || document.querySelectorAll('#moves li').length === q.plies.length;
    return q.refreshes > n && listed && (st === 'human' || st === 'over' || (st === 'engine' && q.paused));
  }, after, { timeout, polling: 20 });
}

export const turnState = (page) => page.locator('#turn').getAttribute('data-state');
export const toMove = (page) => page.locator('#turn').getAttribute('data-to-move');
export const shownPlies = (page) => page.$$eval('#moves li', (lis) => lis.map((li) => li.dataset.move));
export const stones = (page) => page.$$eval('#board .q-stone', (els) =>
  els.map((e) => `${e.dataset.point}:${e.dataset.color}`).sort().join(' '));

// Fills the form and starts the game. seats: [{kind, player, time}].
export async function startGame(page, { game, size, variants = [], seats }) {
  await page.selectOption('#game', game);
  await page.selectOption('#size', String(size));
  for (const v of variants) await page.check(`#variants input[value="${v}"]`);
  const rows = await page.$$('#seats .seat');
  assert(rows.length === seats.length, `${game}: ${rows.length} seats in the form, expected ${seats.length}`);
  for (let i = 0; i < seats.length; i++) {
    const s = seats[i];
    await rows[i].$eval('.kind', (el, v) => { el.value = v; el.dispatchEvent(new Event('change')); }, s.kind);
    if (s.player) await rows[i].$eval('.player', (el, v) => { el.value = v; }, s.player);
    if (s.time) await rows[i].$eval('.time', (el, v) => { el.value = v; }, String(s.time));
  }
  const n = await refreshes(page);
  await page.click('#start');
  await settle(page, n);
}

// The reference engine replays the plies the page lists that it has not
// seen yet (each must be legal there).
export async function replay(ref, page, seen) {
  const plies = await page.evaluate(() => window.quartet.plies.map((p) => [p.seat, p.move]));
  const shown = await shownPlies(page);
  assert(shown.length === plies.length && shown.every((m, i) => m === plies[i][1]),
    `move list shows ${shown.join(' ')}, the game has ${plies.map((p) => p[1]).join(' ')}`);
  for (let i = seen; i < plies.length; i++) await ref.send(`play ${plies[i][0]} ${plies[i][1]}`);
  return plies;
}

// Plays a human seat's move the way a person would: a click on the point,
// Separo's stone and then the end of its roots, the Pass button (key P)
// when a pass is forced.
export async function humanMove(page, move) {
  if (move === 'pass') {
    assert(await page.isVisible('#pass'), 'a forced pass, but no Pass button shown');
    await page.keyboard.press('p');
    return;
  }
  if (move === 'swap') {
    assert(await page.isVisible('#swap'), 'swap is legal, but no Swap button shown');
    await page.keyboard.press('s');
    return;
  }
  const pts = move.split('-');
  if (pts.length === 3) {
    await page.click(`#board .q-point[data-point="${pts[0]}"]`);
    await page.waitForSelector(`#board .q-point.q-target[data-point="${pts[2]}"]`, { timeout: 5000 });
    await page.click(`#board .q-point[data-point="${pts[2]}"]`);
  } else {
    await page.click(`#board .q-point[data-point="${move}"]`);
  }
}


export const tests = [];
export const test = (name, fn) => tests.push({ name, fn });

// Launches chromium, runs every registered test (or those whose name holds
// $ONLY), then `after()` while the browser is still open, and exits with
// the summary line.
export async function runTests(after = async () => {}) {
  try {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartet-chromium-'));
    context = await chromium.launchPersistentContext(dir, {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      headless: true,
      args: ARGS,
      acceptDownloads: true,
    });
    let passed = 0;
    let failed = 0;
    for (const t of tests) {
      if (ONLY && !t.name.includes(ONLY)) continue;
      const t0 = Date.now();
      try {
        await t.fn();
        passed++;
        console.log(`ok - ${t.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      } catch (e) {
        failed++;
        console.log(`not ok - ${t.name}: ${e.message.split('\n').slice(0, 6).join('\n    ')}`);
      }
    }
    await after();
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  } catch (e) {
    console.log(`not ok - browser set-up: ${e.message}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}
