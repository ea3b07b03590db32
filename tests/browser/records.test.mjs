// The page's reader against the shared record corpus (tests/records/, its
// README says the verdict format): every file there, read by the page as
// the page reads an opened file (web/records-read.js on the bytes, then
// the engine's replay of each game read), gets the verdict its .verdict
// file gives the C readers, byte for byte. The real GGS games (ggs-*.ggf)
// are also opened through the "Open record…" input: the moves listed and
// the result (and komi) shown are their verdict's; hostile files opened there show
// their verdict's message; bare transcripts (WTHOR's) and the page's own SGF
// of a set-up game open with their verdict's moves; and cut or changed copies of every file get the
// same verdict from the page as from the C library (records_verdict).
// Usage: node tests/browser/records.test.mjs BASE_URL

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { assert, openPage, test, runTests, rng } from './lib.mjs';

// RECORDS: another folder of records with verdicts (e.g. generated ones).
const CORPUS = process.env.RECORDS || path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'records');
const files = fs.existsSync(CORPUS)
  ? fs.readdirSync(CORPUS).filter((f) => fs.existsSync(path.join(CORPUS, `${f}.verdict`))).sort()
  : [];

// The page's verdict lines for the bytes of one file.
const pageVerdict = (page, file, dir = CORPUS) => page.evaluate(
  (bytes) => window.quartet.reviewer.verdict(new Uint8Array(bytes)),
  [...fs.readFileSync(path.join(dir, file))],
);
// The records library's (records_verdict, a test binary of the C side).
const VERDICT = path.join(process.env.TESTBIN || 'build/rel/tests', 'records_verdict');

test('every file of the shared record corpus gets its verdict from the page', async () => {
  assert(files.length >= 40, `${files.length} record files with verdicts in ${CORPUS}`);
  for (const ext of ['ggf', 'jsonl', 'sgf', 'txt', 'transcript']) {
    assert(files.some((f) => f.endsWith(`.${ext}`)), `no .${ext} file in the corpus`);
  }
  const page = await openPage();
  const wrong = [];
  let lines = 0;
  try {
    for (const f of files) {
      const want = fs.readFileSync(path.join(CORPUS, `${f}.verdict`), 'utf8');
      const got = await pageVerdict(page, f);
      lines += want.split('\n').length - 1;
      if (got === want) continue;
      const w = want.split('\n');
      const g = got.split('\n');
      const k = w.findIndex((l, i) => l !== g[i]);
      wrong.push(`${f} line ${k + 1}:\n      want ${w[k].slice(0, 300)}\n      got  ${(g[k] ?? '(none)').slice(0, 300)}`);
    }
    console.log(`# ${files.length} files, ${lines} verdict lines`);
    for (const w of wrong) console.log(`# ${w}`);
    assert(wrong.length === 0, `${wrong.length} of ${files.length} files get another verdict from the page (listed above)`);
    assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
  } finally {
    await page.close();
  }
});

// What a verdict line says of an accepted game.
function accepted(line) {
  const m = / moves=(\S*) result=(\S*)(?: komi=(\S+))?$/.exec(line);
  return m && { moves: m[1] ? m[1].split(',') : [], result: m[2], komi: m[3] };
}

// Opens one game of a file by the file input (a list first when the
// file has several) and returns the move list shown and the status.
async function openByInput(page, file, pick, many) {
  await page.setInputFiles('#rv-file', file);
  if (many) {
    await page.waitForSelector('#rv-games:not([hidden]) button', { timeout: 15000 });
    await page.click(`#rv-games li:nth-child(${pick}) button`);
  }
  await page.waitForSelector('#review[data-state="open"]', { timeout: 15000 });
  await page.waitForFunction(() => document.getElementById('turn').dataset.state === 'review'
    && document.querySelectorAll('#moves li').length === Number(document.getElementById('review').dataset.plies));
  return {
    moves: await page.$$eval('#moves li', (lis) => lis.map((li) => li.dataset.move)),
    status: await page.textContent('#rv-status'),
  };
}

// Opens every game of corpus file f through the file input, checks that
// its verdict accepts it and that the page lists the verdict's moves, and
// hands both to more(v, shown, label) for further checks; returns the
// number of games opened.
async function openEachGame(page, f, more = () => {}) {
  const want = fs.readFileSync(path.join(CORPUS, `${f}.verdict`), 'utf8').trim().split('\n');
  for (let i = 0; i < want.length; i++) {
    const v = accepted(want[i]);
    assert(v, `${f}: game ${i + 1} is not accepted in its verdict`);
    const shown = await openByInput(page, path.join(CORPUS, f), i + 1, want.length > 1);
    assert(shown.moves.join(',') === v.moves.join(','), `${f} game ${i + 1}: the page lists ${shown.moves.join(',')}`);
    more(v, shown, `${f} game ${i + 1}`);
    await page.click('#rv-close');
    await page.waitForSelector('#review[data-state="closed"]');
  }
  return want.length;
}

test('the real GGS games opened by "Open record…" show their verdict\'s moves and result', async () => {
  const ggs = files.filter((f) => f.startsWith('ggs-'));
  assert(ggs.length >= 7, `${ggs.length} GGS files in the corpus`);
  const page = await openPage();
  let games = 0;
  let komis = 0;
  try {
    for (const f of ggs) {
      games += await openEachGame(page, f, (v, shown, label) => {
        assert(shown.status.includes(`, ${v.result}.`), `${label}: the status "${shown.status}" does not show ${v.result}`);
        if (v.komi) {
          assert(shown.status.includes(`, komi ${v.komi}, `), `${label}: the status "${shown.status}" does not show komi ${v.komi}`);
          komis++;
        }
      });
    }
    console.log(`# ${games} GGS games opened from ${ggs.length} files`);
    assert(komis > 0, 'no komi game among the GGS games');
    assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
  } finally {
    await page.close();
  }
});

// The commonest Othello record (bare transcripts, WTHOR's games) and the
// page's own SGF download of a game from a set-up start (written by its
// sgfRecord) open through the file input with their verdict's moves.
test('bare transcripts and the page\'s set-up SGF opened by "Open record…" show their verdict\'s moves', async () => {
  const page = await openPage();
  let games = 0;
  try {
    for (const f of ['wthor-bare.transcript', 'web-setup-white.sgf'])
      games += await openEachGame(page, f);
    console.log(`# ${games} games opened`);
    assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
  } finally {
    await page.close();
  }
});

test('hostile corpus files opened by "Open record…" are refused with their verdict\'s message', async () => {
  const page = await openPage();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'quartet-records-'));
  try {
    // Refused by the reader, by the engine's replay, and as a whole file.
    for (const f of ['hostile-anti.ggf', 'hostile-double-move.ggf', 'hostile-ty-overflow.ggf', 'hostile-binary.txt']) {
      const line = fs.readFileSync(path.join(CORPUS, `${f}.verdict`), 'utf8').trim();
      const why = line.replace(/^(\d+|file) refused: /, '');
      // Under a name of its own, so that the status awaited is this file's.
      const file = path.join(tmp, `open-${f}`);
      fs.copyFileSync(path.join(CORPUS, f), file);
      await page.setInputFiles('#rv-file', file);
      await page.waitForFunction((n) => document.getElementById('rv-status').textContent.startsWith(n)
        && document.getElementById('rv-status').classList.contains('bad'), `open-${f}`, { timeout: 15000 });
      const st = await page.textContent('#rv-status');
      assert(st.includes(why), `${f}: the status "${st}" does not give "${why}"`);
      const state = await page.$eval('#review', (r) => r.dataset.state);
      assert(state !== 'open', `${f}: opened in review`);
    }
    assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    await page.close();
  }
});

// Beyond the corpus: every corpus file cut short at three places and with
// three bytes changed (seeded, the same files every run), each judged by
// the page and by the C records library; the two verdicts must be the
// same bytes.
test('cut and changed corpus files get the same verdict from the page as from records_verdict', async () => {
  assert(fs.existsSync(VERDICT), `no ${VERDICT} (make builds it)`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'quartet-records-'));
  const pick = rng(49);
  const swaps = Buffer.from('0123456789 \n[]();:/+-.xakrsPAW\\",{}\t\x7f\xc3');
  const made = [];
  for (const f of files) {
    const data = fs.readFileSync(path.join(CORPUS, f));
    if (!data.length) continue;
    for (let k = 0; k < 6; k++) {
      let b;
      if (k < 3) {
        b = data.subarray(0, pick(data.length));
      } else {
        b = Buffer.from(data);
        b[pick(b.length)] = swaps[pick(swaps.length)];
      }
      const name = `${made.length}-${f}`;
      fs.writeFileSync(path.join(tmp, name), b);
      made.push(name);
    }
  }
  const page = await openPage();
  const wrong = [];
  try {
    for (const f of made) {
      const want = execFileSync(VERDICT, [path.join(tmp, f)], { encoding: 'latin1' });
      const got = Buffer.from(await pageVerdict(page, f, tmp), 'utf8').toString('latin1');
      if (got !== want) wrong.push(`${f}:\n      C    ${want.trim().slice(0, 300)}\n      page ${got.trim().slice(0, 300)}`);
    }
    console.log(`# ${made.length} cut or changed files judged by both`);
    for (const w of wrong) console.log(`# ${w}`);
    assert(wrong.length === 0, `${wrong.length} of ${made.length} files get another verdict from the page than from records_verdict (listed above)`);
    assert(page.errors.length === 0, `page errors: ${page.errors.join('; ')}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    await page.close();
  }
});

runTests();
