// The page's layout and look in a real browser (issue 40, items 1, 3, 4):
// everything needed to play is on the first screen at five screen sizes,
// taps on phones reach points of at least 40 px through the zoom step and
// play them, illegal clicks are answered at the board, and the hints and
// analysis are drawn so they cannot be taken for something else.
// Usage: node tests/browser/layout.test.mjs BASE_URL (tests/browser.sh).

import { RefEngine } from './refengine.mjs';
import {
  QUARTET, assert, openPage, settle, refreshes, shownPlies, startGame, test, runTests,
} from './lib.mjs';

const HUMAN = { kind: 'human' };
const ENGINE = (time = 0.05, player = 'default') => ({ kind: 'engine', player, time });

const SCREENS = [
  { width: 1280, height: 720 }, { width: 1366, height: 768 }, { width: 1440, height: 900 },
  { width: 1920, height: 1080 }, { width: 390, height: 844 },
];
// Every game at its default size and at its largest.
const BOARDS = [
  ['Othello', 8], ['Yonin', 8], ['Separo', 9], ['Separo', 19], ['TorusHex', 11], ['TorusHex', 19],
];
const PHONE = { width: 390, height: 844 };

// Page errors, less the status file's 404 from a server without it.
const errors = (page) => page.errors.filter((e) => !/Failed to load resource/.test(e));

// Sets the seats' kinds and times in the form and presses Start, without
// waiting for the game to settle (to look at it while an engine thinks).
async function startNow(page, kinds, time) {
  const rows = await page.$$('#seats .seat');
  for (let i = 0; i < rows.length; i++) {
    await rows[i].$eval('.kind', (el, v) => { el.value = v; el.dispatchEvent(new Event('change')); }, kinds[i]);
    await rows[i].$eval('.time', (el, v) => { el.value = v; }, String(time));
  }
  await page.click('#start');
}
const LAPTOP = { width: 1366, height: 768 };

// Boxes on screen of what must be visible: the board, the turn line, the
// game controls that are shown, the message line.
async function boxes(page) {
  return page.evaluate(() => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, w: r.width, h: r.height };
    };
    const shown = (el) => el && !el.hidden && getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0;
    const out = {};
    const want = { board: '#board svg', turn: '#turn', new: '#new', undo: '#undo', pass: '#pass', pause: '#pause',
      analysis: 'label:has(#analyze)', message: '#note' };
    for (const [k, sel] of Object.entries(want)) {
      const el = document.querySelector(sel);
      if (shown(el)) out[k] = box(el);
    }
    // The picture itself: every point of the board.
    const pts = [...document.querySelectorAll('#board .q-point')].map(box);
    out.points = {
      left: Math.min(...pts.map((b) => b.left)), top: Math.min(...pts.map((b) => b.top)),
      right: Math.max(...pts.map((b) => b.right)), bottom: Math.max(...pts.map((b) => b.bottom)),
    };
    return {
      out, scrollY: window.scrollY, scrollX: window.scrollX, iw: window.innerWidth, ih: window.innerHeight,
      sw: document.documentElement.scrollWidth, sh: document.documentElement.scrollHeight,
    };
  });
}

function checkInside(b, what) {
  assert(b.scrollY === 0 && b.scrollX === 0, `${what}: the page is scrolled (${b.scrollX}, ${b.scrollY})`);
  assert(b.sw <= b.iw, `${what}: the page is ${b.sw}px wide in a ${b.iw}px window`);
  if (b.iw > 832) assert(b.sh <= b.ih, `${what}: the page is ${b.sh}px tall in a ${b.ih}px window`);
  for (const k of ['board', 'turn', 'new', 'undo', 'analysis', 'message', 'points']) {
    assert(b.out[k], `${what}: no ${k} shown`);
  }
  for (const [k, r] of Object.entries(b.out)) {
    const ok = r.left >= -0.5 && r.top >= -0.5 && r.right <= b.iw + 0.5 && r.bottom <= b.ih + 0.5;
    assert(ok, `${what}: ${k} at (${r.left | 0}, ${r.top | 0})-(${r.right | 0}, ${r.bottom | 0}) is not inside the ${b.iw}x${b.ih} window`);
  }
}

for (const [game, size] of BOARDS) {
  test(`fits every screen: ${game} ${size}x${size} at ${SCREENS.map((s) => `${s.width}x${s.height}`).join(', ')}`, async () => {
    const page = await openPage(`?game=${game}&size=${size}`, SCREENS[0]);
    try {
      for (const vp of SCREENS) {
        await page.setViewportSize(vp);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        checkInside(await boxes(page), `${game} ${size} at ${vp.width}x${vp.height}`);
      }
      assert(errors(page).length === 0, `page errors: ${errors(page).join('; ')}`);
    } finally {
      await page.close();
    }
  });
}

test('fits every screen: an engine game shows Pause, and hides it once the game is over', async () => {
  const page = await openPage('', LAPTOP);
  try {
    await startNow(page, ['engine', 'engine'], 2);
    await page.waitForSelector('#pause:not([hidden])');
    await page.click('#pause');
    await settle(page, 0);
    for (const vp of SCREENS) {
      await page.setViewportSize(vp);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const b = await boxes(page);
      assert(b.out.pause, `${vp.width}x${vp.height}: no Pause button in an engine game`);
      checkInside(b, `Othello engine game at ${vp.width}x${vp.height}`);
    }
    await page.setViewportSize(LAPTOP);
    await startGame(page, { game: 'Othello', size: 4, seats: [ENGINE(0.05), ENGINE(0.05)] });
    await page.waitForSelector('#turn[data-state="over"]', { timeout: 30000 });
    assert(await page.isHidden('#pause'), 'Pause is still shown after the engine game ended');
  } finally {
    await page.close();
  }
});

test('a long game\'s move list scrolls down, never sideways (laptop and phone)', async () => {
  const page = await openPage('?game=Othello&size=8', LAPTOP);
  try {
    await startNow(page, ['engine', 'engine'], 0.05);
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 40, null, { timeout: 60000 });
    for (const vp of [LAPTOP, { width: 390, height: 844 }]) {
      await page.setViewportSize(vp);
      const m = await page.$eval('#moves', (e) => ({ sw: e.scrollWidth, cw: e.clientWidth, sh: e.scrollHeight, ch: e.clientHeight }));
      assert(m.sw <= m.cw + 1, `${vp.width}x${vp.height}: the move list is ${m.sw} px wide in ${m.cw} px`);
      assert(m.sh > m.ch, `${vp.width}x${vp.height}: 40 plies should scroll down (${m.sh} in ${m.ch} px)`);
    }
  } finally {
    await page.close();
  }
});

test('the engine-player list shows its whole text (laptop and phone)', async () => {
  const page = await openPage('', LAPTOP);
  try {
    for (const vp of [LAPTOP, PHONE]) {
      await page.setViewportSize(vp);
      const cut = await page.evaluate(() => {
        const ctx = document.createElement('canvas').getContext('2d');
        const bad = [];
        for (const sel of document.querySelectorAll('#seats .player')) {
          const cs = getComputedStyle(sel);
          ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
          const text = sel.options[sel.selectedIndex].text;
          // The arrow and the padding take about 28 px.
          const need = ctx.measureText(text).width + 28;
          if (need > sel.clientWidth) bad.push(`"${text}" needs ${need | 0}px in ${sel.clientWidth}px`);
        }
        return bad;
      });
      assert(cut.length === 0, `${vp.width}x${vp.height}: ${cut.join('; ')}`);
    }
  } finally {
    await page.close();
  }
});

test('the game settings fold away during a game and come back', async () => {
  const page = await openPage('?game=Separo&size=9', LAPTOP);
  try {
    const h0 = await page.$eval('#setup', (el) => el.getBoundingClientRect().height);
    await page.click('#fold');
    assert(await page.isHidden('#game') && await page.isHidden('#start'), 'Hide left the settings shown');
    const h1 = await page.$eval('#setup', (el) => el.getBoundingClientRect().height);
    assert(h1 < h0 / 3, `the folded settings are ${h1 | 0}px tall, unfolded ${h0 | 0}px`);
    assert(await page.getAttribute('#fold', 'aria-expanded') === 'false', 'the fold button does not say it is folded');
    await page.click('#fold');
    assert(await page.isVisible('#game') && await page.isVisible('#start'), 'the settings did not come back');
  } finally {
    await page.close();
  }
});

// ---- Phones: every tap target at least 40 px, through the zoom step -------

const PHONE_BOARDS = [];
for (const n of [4, 6, 8]) PHONE_BOARDS.push(['Othello', n]);
for (const n of [6, 8]) PHONE_BOARDS.push(['Yonin', n]);
for (let n = 5; n <= 19; n++) PHONE_BOARDS.push(['Separo', n]);
for (let n = 3; n <= 19; n++) PHONE_BOARDS.push(['TorusHex', n]);
const SEATS = { Othello: 2, Yonin: 4, Separo: 2, TorusHex: 2 };

// Taps (mouse clicks at the centre, as a finger lands) on point p until it
// is drawn at least 40 px, at most three times; returns its box.
async function tapUntilBig(page, p, what) {
  const sel = `#board .q-point[data-point="${p}"]`;
  for (let i = 0; i < 4; i++) {
    const r = await page.$eval(sel, (el) => { const b = el.getBoundingClientRect(); return { x: b.x, y: b.y, w: b.width, h: b.height }; });
    if (Math.min(r.w, r.h) >= 40) return r;
    await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2);
    await page.waitForTimeout(30);
  }
  throw new Error(`${what}: ${p} is still under 40 px after three taps`);
}

async function tapAt(page, r) {
  await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2);
}

// The smallest legal point on screen (width or height), and whether every
// legal point's tap lands inside the board's visible box when shown.
async function legalSizes(page) {
  return page.evaluate(() => {
    const els = [...document.querySelectorAll('#board .q-point.q-choice')];
    return Math.min(...els.map((el) => { const b = el.getBoundingClientRect(); return Math.min(b.width, b.height); }));
  });
}

test(`phone 390x844: every game and size, taps reach points of 40 px and play them (${PHONE_BOARDS.length} boards)`, async () => {
  const page = await openPage('', PHONE);
  const ref = new RefEngine(QUARTET);
  try {
    for (const [game, size] of PHONE_BOARDS) {
      const what = `${game} ${size}x${size}`;
      await startGame(page, { game, size, seats: Array(SEATS[game]).fill(HUMAN) });
      await page.evaluate(() => window.scrollTo(0, 0));
      const legal = await page.evaluate(() => window.quartet.legal.filter((m) => m !== 'pass' && m !== 'swap'));
      const move = legal[Math.floor(legal.length / 2)];
      const pts = move.split('-');
      const n = await refreshes(page);
      let r = await tapUntilBig(page, pts[0], what);
      const min = await legalSizes(page);
      assert(min >= 40, `${what}: the legal points are drawn ${min.toFixed(1)} px after the zoom step`);
      await tapAt(page, r);
      if (pts.length === 3) {
        await page.waitForSelector(`#board .q-point.q-target[data-point="${pts[2]}"]`, { timeout: 5000 });
        r = await tapUntilBig(page, pts[2], what);
        await tapAt(page, r);
      }
      await settle(page, n);
      const plies = await shownPlies(page);
      assert(plies.length === 1 && plies[0] === move, `${what}: tapped ${move}, the moves show ${plies.join(' ')}`);
      // The engine has it: the reference engine replays it and both agree.
      await ref.send(`set_game ${game}`);
      await ref.send(`boardsize ${size}`);
      await ref.send(`play ${await page.evaluate(() => window.quartet.plies[0].seat)} ${move}`);
      const refStones = (await ref.send('svg')).match(/class="q-stone"[^>]*/g).length;
      const pageStones = await page.$$eval('#board .q-stone', (els) => els.length);
      assert(refStones === pageStones, `${what}: ${pageStones} stones on the page, ${refStones} in the replay`);
      // Score and moves on the first screen during a game.
      const bar = await page.evaluate(() => {
        const s = document.querySelector('#scorebar .sb-score').getBoundingClientRect();
        const li = document.querySelector('#scorebar .sb-moves li:last-child');
        const l = li ? li.getBoundingClientRect() : null;
        return { s: [s.top, s.bottom, s.width], text: li ? li.textContent : '', l: l && [l.top, l.bottom], score: document.querySelector('#scorebar .sb-score').textContent };
      });
      assert(bar.s[2] > 0 && bar.s[0] >= 0 && bar.s[1] <= 844 && bar.score.length > 0, `${what}: no score line on the first screen (${JSON.stringify(bar)})`);
      assert(bar.l && bar.l[0] >= 0 && bar.l[1] <= 844 && bar.text.endsWith(move), `${what}: the move strip does not show ${move} (${JSON.stringify(bar)})`);
    }
    assert(errors(page).length === 0, `page errors: ${errors(page).join('; ')}`);
  } finally {
    ref.close();
    await page.close();
  }
});

test('phone 390x844: + and − zoom, a drag pans, Fit shows the whole board', async () => {
  const page = await openPage('?game=TorusHex&size=19', PHONE);
  try {
    const view = () => page.$eval('#board svg', (s) => s.getAttribute('viewBox'));
    const size = () => page.$eval('#board .q-point[data-point="j10"]', (el) => el.getBoundingClientRect().width);
    const whole = await view();
    const w0 = await size();
    assert(await page.isVisible('.zoom'), 'no zoom buttons on a 19x19 Torus Hex board on a phone');
    await page.click('.zoom-in');
    await page.click('.zoom-in');
    const w1 = await size();
    assert(w1 > w0 * 2, `two + clicks: point ${w0.toFixed(1)} -> ${w1.toFixed(1)} px`);
    const v1 = await view();
    const b = await page.$eval('#board', (el) => { const r = el.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; });
    await page.mouse.move(b.x, b.y);
    await page.mouse.down();
    await page.mouse.move(b.x + 60, b.y + 40, { steps: 5 });
    await page.mouse.up();
    const v2 = await view();
    assert(v2 !== v1, 'a drag did not pan the zoomed board');
    assert((await shownPlies(page)).length === 0, 'a drag played a move');
    await page.click('.zoom-out');
    assert(await size() < w1, '− did not zoom out');
    await page.click('.zoom-fit');
    assert(await view() === whole, 'Fit did not show the whole board again');
  } finally {
    await page.close();
  }
});

// ---- Illegal clicks are answered at the board -------------------------------

test('an illegal click: a message at the board and a ring on the point', async () => {
  const page = await openPage('?game=Othello&size=8', LAPTOP);
  try {
    for (const p of ['d4', 'a1']) {
      await page.click(`#board .q-point[data-point="${p}"]`);
      const seen = await page.evaluate((pt) => {
        const msg = document.querySelector('.board-msg');
        const ring = document.querySelector('.q-flash');
        const board = document.querySelector('#board').getBoundingClientRect();
        const point = document.querySelector(`#board .q-point[data-point="${pt}"]`).getBoundingClientRect();
        const m = msg.getBoundingClientRect();
        const r = ring.getBoundingClientRect();
        return {
          text: msg.hidden ? '' : msg.textContent,
          msgOnBoard: m.width > 0 && m.top >= board.top - 1 && m.bottom <= board.bottom && m.left >= board.left - 1 && m.right <= board.right + 1,
          ring: !ring.hidden && ring.dataset.point === pt,
          ringOnPoint: Math.abs((r.left + r.right) / 2 - (point.left + point.right) / 2) < 2
            && Math.abs((r.top + r.bottom) / 2 - (point.top + point.bottom) / 2) < 2 && r.width >= point.width * 0.9,
          ringColour: getComputedStyle(ring).borderTopColor,
        };
      }, p);
      assert(seen.text.includes(`${p} is not a legal move`), `${p}: no message at the board ("${seen.text}")`);
      assert(seen.msgOnBoard, `${p}: the message is not over the board`);
      assert(seen.ring && seen.ringOnPoint, `${p}: no ring on the point (${JSON.stringify(seen)})`);
    }
    assert((await shownPlies(page)).length === 0, 'an illegal click played a move');
  } finally {
    await page.close();
  }
});

// ---- Hints ---------------------------------------------------------------------

// Legal marks drawn (not display: none), with their size against a point's.
async function shownMarks(page) {
  return page.evaluate(() => {
    const marks = [...document.querySelectorAll('#board .q-legal')];
    const pt = document.querySelector('#board .q-point').getBoundingClientRect();
    const vis = marks.filter((m) => getComputedStyle(m).display !== 'none' && m.getBoundingClientRect().width > 0);
    const st = vis[0] ? getComputedStyle(vis[0]) : null;
    return {
      all: marks.length, shown: vis.length,
      rel: vis[0] ? vis[0].getBoundingClientRect().width / Math.min(pt.width, pt.height) : 0,
      fill: st ? st.fill : '', stroke: st ? st.stroke : '',
      stone: vis[0] ? (() => {
        const s = document.querySelector(`#board .q-stone[data-point="${vis[0].dataset.point}"]`);
        return s ? s.getBoundingClientRect().width : 0;
      })() : 0,
      width: vis[0] ? vis[0].getBoundingClientRect().width : 0,
    };
  });
}

test('hints: legal marks large and only for a human to move; Torus Hex marks with the toggle; Separo stones ringed', async () => {
  const page = await openPage('', LAPTOP);
  try {
    await startGame(page, { game: 'Othello', size: 8, seats: [HUMAN, HUMAN] });
    let m = await shownMarks(page);
    assert(m.shown === 4 && m.all === 4, `Othello start: ${m.shown} of ${m.all} marks shown, expected 4`);
    // A star point is a dot of a tenth of a square; a mark is a stone.
    assert(m.rel >= 0.5, `Othello: a legal mark is ${(m.rel * 100).toFixed(0)}% of a square, like a star point`);
    // Separo with the engine first, for 1.5 s (Othello's engine answers
    // from its book at once): no marks while it thinks.
    await page.selectOption('#game', 'Separo');
    await page.selectOption('#size', '7');
    await startNow(page, ['engine', 'human'], 1.5);
    await page.waitForSelector('#turn[data-state="thinking"]');
    m = await shownMarks(page);
    assert(m.all === 2 && m.shown === 0, `Separo: ${m.shown} of ${m.all} legal marks shown while the engine thinks`);
    await settle(page, await refreshes(page));
    m = await shownMarks(page);
    assert(m.shown > 0 && m.shown === m.all, `Separo: ${m.shown} of ${m.all} legal marks shown when the human is to move`);

    await startGame(page, { game: 'TorusHex', size: 7, seats: [HUMAN, HUMAN] });
    m = await shownMarks(page);
    assert(m.all === 49 && m.shown === 0, `Torus Hex: ${m.shown} of ${m.all} marks shown before the toggle`);
    await page.check('#marks');
    m = await shownMarks(page);
    assert(m.shown === 49, `Torus Hex: ${m.shown} marks shown with the toggle on`);
    await page.uncheck('#marks');

    await startGame(page, { game: 'Separo', size: 7, seats: [HUMAN, HUMAN] });
    m = await shownMarks(page);
    assert(m.shown === 2, `Separo: ${m.shown} movable stones marked, expected 2`);
    assert(m.fill === 'none' && m.stroke !== 'none' && m.width > m.stone, `Separo: the mark is no ring round the stone (${JSON.stringify(m)})`);
  } finally {
    await page.close();
  }
});

function rgb(s) {
  const m = /#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(s);
  if (m) return [1, 2, 3].map((i) => parseInt(m[i], 16));
  const n = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(s);
  return n ? [1, 2, 3].map((i) => Number(n[i])) : null;
}

// Every colour a player owns in the engine's pictures: stones, roots,
// regions, and Yonin's seat territories.
async function playerColours() {
  const ref = new RefEngine(QUARTET);
  const out = new Set();
  try {
    for (const g of ['Othello', 'Yonin', 'Separo', 'TorusHex']) {
      await ref.send(`set_game ${g}`);
      const svg = await ref.send('svg');
      for (const el of svg.match(/<[^>]*class="q-(stone|root|region)"[^>]*>/g) || []) {
        for (const c of el.match(/(fill|stroke)="#[0-9a-fA-F]{6}"/g) || []) out.add(c.slice(-8, -1));
      }
      if (g === 'Yonin') for (const c of svg.match(/class="q-point"[^>]*fill="#[0-9a-fA-F]{6}"/g) || []) out.add(c.slice(-8, -1));
    }
  } finally {
    ref.close();
  }
  return [...out];
}

test('analysis: violet, a colour no player uses; alphabeta rows show score and depth, MCTS win and visits; Yonin PV by seat', async () => {
  const colours = await playerColours();
  assert(colours.length >= 8, `only ${colours.length} player colours found`);
  const page = await openPage('', LAPTOP);
  try {
    await startGame(page, { game: 'Othello', size: 8, seats: [HUMAN, ENGINE(0.05, 'alphabeta')] });
    const n = await refreshes(page);
    await page.click('#board .q-point[data-point="d3"]');
    await settle(page, n);
    await page.check('#analyze');
    await page.waitForSelector('#board .q-anal.best circle', { timeout: 10000 });
    await page.waitForFunction(() => document.querySelectorAll('#anal-table tbody tr').length >= 2);
    const a = await page.evaluate(() => ({
      fill: getComputedStyle(document.querySelector('#board .q-anal.best circle')).fill,
      stroke: getComputedStyle(document.querySelector('#board .q-anal circle')).stroke,
      head: [...document.querySelectorAll('#anal-table thead th')].map((t) => t.textContent),
      rows: [...document.querySelectorAll('#anal-table tbody tr')].map((tr) => [...tr.cells].map((c) => c.textContent)),
    }));
    for (const c of [a.fill, a.stroke]) {
      const x = rgb(c);
      for (const p of colours) {
        const y = rgb(p);
        const d = Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
        assert(d > 80, `the analysis colour ${c} is close to the player colour ${p} (distance ${d.toFixed(0)})`);
      }
    }
    assert(a.head.join(' ') === 'move score depth variation', `alphabeta table columns: ${a.head.join(' ')}`);
    assert(a.rows.every((r) => /^[+-]?\d/.test(r[1]) && /^\d+$/.test(r[2])), `alphabeta rows without score and depth: ${JSON.stringify(a.rows)}`);
    await page.uncheck('#analyze');

    await startGame(page, { game: 'Yonin', size: 8, seats: [HUMAN, ENGINE(), ENGINE(), ENGINE()] });
    await page.check('#analyze');
    await page.waitForFunction(() => document.querySelectorAll('#anal-table tbody tr').length >= 2
      && [...document.querySelectorAll('#anal-table tbody tr')].every((tr) => tr.cells[3].textContent.split(' ').length >= 4), null, { timeout: 15000 });
    const head = await page.$$eval('#anal-table thead th', (ths) => ths.map((t) => t.textContent).join(' '));
    assert(head === 'move win visits variation', `MCTS table columns: ${head}`);
    await page.hover('#anal-table tbody tr');
    const pv = await page.$$eval('#board .q-pv', (gs) => gs.map((g) => [g.getAttribute('class'), getComputedStyle(g.querySelector('circle')).fill, g.querySelector('.q-sub') ? g.querySelector('.q-sub').textContent : '']));
    const seats = new Set(pv.map((p) => p[2]));
    const fills = new Set(pv.map((p) => p[1]));
    assert(pv.length >= 4 && seats.size >= 4 && fills.size >= 4, `Yonin PV does not tell four seats apart: ${JSON.stringify(pv)}`);
    assert(pv[0][2] === 'A', `Yonin PV's first move is not lettered A: ${JSON.stringify(pv[0])}`);
    await page.uncheck('#analyze');
  } finally {
    await page.close();
  }
});

test('Yonin: a shared first place reads "shared first (B, D)", not "Draw"', async () => {
  const page = await openPage('?game=Yonin&size=6', LAPTOP);
  try {
    const t = await page.evaluate(() => [
      window.quartet.resultText('0', 'a 5 b 9 c 2 d 9 over'),
      window.quartet.resultText('0', 'a 7 b 7 c 7 d 1 over'),
      window.quartet.resultText('B+2', 'a 5 b 9 c 2 d 7 over'),
    ]);
    assert(t[0] === 'shared first (B, D)', `a 5 b 9 c 2 d 9: "${t[0]}"`);
    assert(t[1] === 'shared first (A, B, C)', `a 7 b 7 c 7 d 1: "${t[1]}"`);
    assert(t[2] === 'Seat B wins by 2', `B+2: "${t[2]}"`);
    await startGame(page, { game: 'Yonin', size: 6, variants: ['team'], seats: [HUMAN, HUMAN, HUMAN, HUMAN] });
    const team = await page.evaluate(() => window.quartet.resultText('0', 'a 4 b 5 c 6 d 5 ac 10 bd 10 over'));
    assert(team === 'shared first (A+C, B+D)', `team game tie: "${team}"`);
  } finally {
    await page.close();
  }
});

test('Torus Hex: a click on a wrap-around copy plays the cell it copies', async () => {
  const page = await openPage('', LAPTOP);
  try {
    await startGame(page, { game: 'TorusHex', size: 5, seats: [HUMAN, HUMAN] });
    const copies = await page.$$eval('#board .q-copy', (els) => els.map((e) => e.dataset.copyOf));
    assert(copies.length > 0, 'no q-copy cells in the picture');
    for (const cell of ['a1', 'e5']) {
      assert(copies.includes(cell), `no copy of ${cell}`);
      const n = await refreshes(page);
      // The last copy of the cell (the far margin), not the cell itself.
      const copy = page.locator(`#board .q-copy[data-copy-of="${cell}"]`).last();
      await copy.click();
      await settle(page, n);
    }
    const plies = await shownPlies(page);
    assert(plies.join(' ') === 'a1 e5', `clicks on copies of a1 and e5 played ${plies.join(' ')}`);
    const st = await page.$$eval('#board .q-stone', (els) => els.map((e) => `${e.dataset.point}:${e.dataset.color}`).sort().join(' '));
    assert(st === 'a1:black e5:white', `stones after the copy clicks: ${st}`);
  } finally {
    await page.close();
  }
});

// DOC_IMG=DIR: pictures of the page at each screen size for doc/browser.md
// (reduced by hand with pngquant), each game a few moves in, a human to
// move; at 1366x768 and 390x844 all four games.
const DOC_IMG = process.env.DOC_IMG || '';
if (DOC_IMG) {
  test('screenshots for the documentation', async () => {
    const shots = [];
    for (const g of ['Othello', 'Yonin', 'Separo', 'TorusHex']) shots.push([g, LAPTOP], [g, PHONE]);
    shots.push(['Othello', SCREENS[0]], ['Separo', SCREENS[2]], ['TorusHex', SCREENS[3]]);
    for (const [game, vp] of shots) {
      const page = await openPage(`?game=${game}`, vp);
      try {
        for (let i = 0; i < 3; i++) {
          const n = await refreshes(page);
          const legal = await page.evaluate(() => window.quartet.legal.filter((m) => m !== 'pass' && m !== 'swap'));
          const pts = legal[(i * 7) % legal.length].split('-');
          if (vp.width > 800 || game === 'Othello' || game === 'Yonin') {
            await page.click(`#board .q-point[data-point="${pts[0]}"]`);
            if (pts.length === 3) await page.click(`#board .q-point[data-point="${pts[2]}"]`);
          } else {
            if (await page.isEnabled('.zoom-fit')) await page.click('.zoom-fit');
            const r = await tapUntilBig(page, pts[0], game);
            await tapAt(page, r);
            if (pts.length === 3) await tapAt(page, await tapUntilBig(page, pts[2], game));
          }
          await settle(page, n);
        }
        if (game === 'Othello' && vp === LAPTOP) await page.check('#analyze');
        await page.waitForTimeout(game === 'Othello' && vp === LAPTOP ? 1500 : 200);
        await page.screenshot({ path: `${DOC_IMG}/web-${vp.width}x${vp.height}-${game.toLowerCase()}.png`, scale: 'css' });
      } finally {
        await page.close();
      }
    }
  });
}

runTests();
