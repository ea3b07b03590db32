// The page's hooks for automation (issue 48, item 3; doc/browser.md, "The
// page's automation interface"): body[data-ready] whenever the page has a
// board a person can play, also after the URL asked for a size, game or
// variant that was refused (the refusal shown beside the board), and
// body[data-error] naming why while it has none: the server full, the
// engine stopped, an engine the page cannot set up (whose socket the page
// then closes, holding no engine).
// Usage: node tests/browser/hooks.test.mjs BASE_URL CAPPED_URL (tests/browser.sh).
// The last two tests start quartet-web servers of their own on free ports.

import { CAPPED, assert, openPage, settle, refreshes, humanMove, test, runTests } from './lib.mjs';
import { sleep, freePort, serve, engines, stop, oldEngine } from './servers.mjs';

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

// The hooks and what the page shows, read at once.
function look(page) {
  return page.evaluate(() => {
    const q = window.quartet;
    const err = document.getElementById('error');
    return {
      ready: document.body.dataset.ready === '1',
      error: document.body.dataset.error,
      game: q.cfg ? q.cfg.game : '',
      variants: q.cfg ? q.cfg.variants.join(',') : '',
      size: q.board.size,
      shown: err.hidden ? '' : err.textContent,
      form: document.getElementById('size').value,
      banner: document.getElementById('conn').textContent,
    };
  });
}

// A board a person can play: ready, legal points marked and on screen,
// and a click on one is a move the engine answers.
async function playable(page, what) {
  const l = await look(page);
  assert(l.ready && l.error === undefined, `${what}: data-ready ${l.ready}, data-error ${l.error}`);
  const legal = await page.evaluate(() => window.quartet.legal);
  // The point to click first (Separo: the stone, then the roots' end).
  const point = legal.length ? legal[0].split('-')[0] : '';
  assert(legal.length > 0 && await page.isVisible(`#board .q-point.q-choice[data-point="${point}"]`),
    `${what}: no legal point marked (${legal.join(' ')})`);
  const n = await refreshes(page);
  await humanMove(page, legal[0]);
  await settle(page, n, 60000);
  const moves = await page.$$eval('#moves li', (li) => li.map((x) => x.dataset.move));
  assert(moves[0] === legal[0] && moves.length >= 2, `${what}: a click on ${legal[0]} gave the moves ${moves.join(' ')}`);
}

// Opens the page at the URL's query; it must end ready (openPage waits for
// data-ready), show `game` at `size` with `variants`, and the refusal.
// first: what the error line's first line says (the page's own refusals
// come first: they say why another game is shown).
async function refused(query, viewport, { game, size, variants = '', says, first = '' }) {
  const page = await openPage(query, viewport);
  try {
    const l = await look(page);
    assert(l.game === game && l.size === size && l.variants === variants && l.form === String(size),
      `${query}: ${l.game} ${l.size} [${l.variants}] shown (the form: size ${l.form}), expected ${game} ${size} [${variants}]`);
    for (const s of says) assert(l.shown.includes(s), `${query}: the error line says "${l.shown}", not "${s}"`);
    assert(l.shown.split('\n')[0].includes(first), `${query}: the error line starts "${l.shown.split('\n')[0]}", not with "${first}"`);
    await playable(page, query);
  } finally {
    await page.close();
  }
}

test('a refused size in the URL (?game=Othello&size=5): the engine\'s refusal, the 8×8 board, data-ready, playable', async () => {
  await refused('?game=Othello&size=5', PHONE, { game: 'Othello', size: 8, says: ['? unacceptable size', 'boardsize 5'] });
  await refused('?game=Separo&size=99', LAPTOP, { game: 'Separo', size: 9, says: ['? unacceptable size', 'boardsize 99'] });
});

test('a refused game name in the URL (?game=Chess): said, the default game shown, data-ready, playable', async () => {
  await refused('?game=Chess&size=6', PHONE, { game: 'Othello', size: 6, says: ['"Chess"', 'does not play'] });
  await refused('?game=%3Cimg%20src%3Dx%3E', LAPTOP, { game: 'Othello', size: 8, says: ['"<img src=x>"'] });
  await refused('?game=Chess&size=5', LAPTOP,
    { game: 'Othello', size: 8, says: ['? unacceptable size', 'boardsize 5'], first: '"Chess"' });
});

test('a refused variant in the URL (?variant=): the engine\'s refusal, the game without it, data-ready, playable', async () => {
  await refused('?game=Yonin&variant=bogus', LAPTOP,
    { game: 'Yonin', size: 8, says: ['? unknown variant \'bogus\'', 'set_game Yonin bogus'] });
  await refused('?game=Othello&variant=team', PHONE,
    { game: 'Othello', size: 8, says: ['? unknown variant \'team\' for Othello'] });
  // A variant the game has is played, and nothing is said.
  await refused('?game=Yonin&size=6&variant=team', PHONE, { game: 'Yonin', size: 6, variants: 'team', says: [] });
  const page = await openPage('?game=TorusHex&size=7&variant=swap', LAPTOP);
  try {
    assert((await look(page)).shown === '', `error line: ${(await look(page)).shown}`);
    assert(await page.isChecked('#variants input[value="swap"]'), 'the form does not show the variant');
  } finally {
    await page.close();
  }
});

test('a URL carrying another command (?size=8%0Aquit, ?variant=x%0Aquit): refused by the page, the engine plays on', async () => {
  await refused('?game=Othello&size=8%0Aquit&variant=x%0Aquit', LAPTOP,
    { game: 'Othello', size: 8, says: ['not a number', 'not a word'] });
});

test('server full: data-error="full" and no data-ready while waiting; data-ready and no data-error once in', async () => {
  assert(CAPPED, 'no capped server given');
  const first = await openPage('', LAPTOP, true, CAPPED);
  const second = await openPage('', PHONE, false, CAPPED);
  try {
    await second.waitForSelector('body[data-error="full"]', { timeout: 15000 });
    // Every banner text from here on: through each new try the page keeps
    // saying the server is full (no flash of "Connecting to the engine").
    await second.evaluate(() => {
      const conn = document.getElementById('conn');
      window.banners = [];
      new MutationObserver(() => window.banners.push(conn.textContent))
        .observe(conn, { childList: true, characterData: true, subtree: true });
    });
    await sleep(2500);   // a try or two more: still waiting, never ready
    let l = await look(second);
    assert(!l.ready && l.error === 'full' && /full/.test(l.banner), `waiting: ${JSON.stringify(l)}`);
    const banners = await second.evaluate(() => window.banners);
    assert(banners.length > 0, 'no new try while waiting');
    assert(banners.every((b) => /full/.test(b)), `a banner while waiting that does not say full: ${JSON.stringify(banners)}`);
    await first.close();
    await second.waitForSelector('body[data-ready="1"]', { timeout: 30000 });
    l = await look(second);
    assert(l.error === undefined, `data-error ${l.error} once playable`);
    await playable(second, 'the second tab');
  } finally {
    if (!first.isClosed()) await first.close();
    await second.close();
  }
});

test('engine killed: data-ready goes and data-error="engine-stopped" comes; both turn back with the new engine', async () => {
  const server = await serve(await freePort());
  const page = await openPage('?game=Othello', LAPTOP, true, server.url);
  try {
    await page.evaluate(() => {
      // Both hooks at each change: they are never set together.
      window.hooks = [];
      new MutationObserver(() => window.hooks.push([document.body.dataset.ready || '', document.body.dataset.error || '']))
        .observe(document.body, { attributes: true, attributeFilter: ['data-ready', 'data-error'] });
    });
    process.kill(engines(server)[0], 'SIGKILL');
    await page.waitForSelector('body[data-error="engine-stopped"]', { timeout: 15000 });
    await page.waitForSelector('body[data-ready="1"]', { timeout: 30000 });
    await playable(page, 'after the engine was killed');
    const hooks = await page.evaluate(() => window.hooks);
    assert(hooks.every(([r, e]) => !(r && e)), `both set at once: ${JSON.stringify(hooks)}`);
    assert(hooks.some(([r, e]) => !r && e === 'engine-stopped'), `never without data-ready while lost: ${JSON.stringify(hooks)}`);
  } finally {
    await page.close();
    await stop(server);
  }
});

test('an engine the page cannot set up (no set_game): data-error="engine", no data-ready, and its socket closed (no engine held)', async () => {
  const wrapper = oldEngine('set_game');
  const server = await serve(await freePort(), [], wrapper.file);
  const page = await openPage('', PHONE, false, server.url);
  try {
    await page.waitForSelector('body[data-error="engine"]', { timeout: 20000 });
    const l = await look(page);
    assert(!l.ready && /cannot be used/.test(l.banner) && /set_game/.test(l.banner), `after the set-up failed: ${JSON.stringify(l)}`);
    let n = engines(server).length;
    for (let i = 0; i < 50 && n > 0; i++) {
      await sleep(100);
      n = engines(server).length;
    }
    assert(n === 0, `${n} engines still run for a page that cannot play`);
  } finally {
    await page.close();
    await stop(server);
    wrapper.remove();
  }
});

runTests();
