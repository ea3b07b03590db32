// The page's controller: the setup form, the turn loop (human clicks,
// engine genmoves), undo, analysis, downloads and keys. Everything about a
// position comes from the engine over GTP; see gtp.js and board.js.

import { Gtp, GtpError, parseInfo } from './gtp.js';
import { GAMES, moveTarget, moveSource, movePoints } from './games.js';
import { Board } from './board.js';
import { textRecord, sgfRecord, sgfSupported, ggfRecord, ggfSupported } from './record.js';
import { Connection } from './connection.js';
import { socketUrl, takeEarlySocket } from './early.js';
import { Picture, fnv1a } from './picture.js';
import { saveGame, loadGame } from './store.js';
import { initReview } from './review.js';

const $ = (id) => document.getElementById(id);

const state = {
  gtp: null,
  board: null,
  commands: new Set(),
  players: [],          // list_players
  canPlay: {},          // game -> players set_player accepts there
  catalog: {},          // game -> list_catalog's line: {sizes, default, variants, players, ...}
  conn: null,           // the Connection (connection.js)
  online: false,        // an engine is connected and has the page's game
  picture: new Picture(),  // svg_diff's base for this engine
  pictureHash: '',      // hash of the picture shown, drawn for pictureAt plies
  pictureAt: 0,
  lastReplay: null,     // {plies, checked, same} after a game was replayed into a new engine
  readyAt: 0,           // performance.now() when the first board became interactive
  cfg: null,            // the game being played: {game, size, variants, seats}
  plies: [],            // every ply played: {seat, move}
  toMove: '',
  legal: [],
  over: false,
  result: '',
  selected: null,       // Separo: the stone chosen as s1
  thinking: false,      // a genmove is running
  paused: false,
  enginePlayer: 'default',
  analysis: null,       // {seat, promise} while an analyze stream runs
  review: null,         // the review (review.js) while a record is reviewed
  reviewer: null,       // the review controller, open or not
  analysisLines: 0,
  advancePending: false,
  refreshes: 0,         // pictures drawn so far (the tests wait on it)
  clickAt: 0,           // performance.now() of the human click being answered
  timings: [],          // {total, think, overhead} in ms per engine reply to a click
};
window.quartet = state;  // for the browser tests and the curious

// ---- Serialised actions -------------------------------------------------

let chain = Promise.resolve();
function act(fn) {
  chain = chain.then(fn).catch(showError);
  return chain;
}

// more: add the message below the one shown (a refused URL can have
// several refusals).
function showError(err, more = false) {
  if (err && err.closed) return;   // no connection: the banner says why
  const box = $('error');
  const text = err instanceof GtpError ? `The engine answered "? ${err.message}" to "${err.command}".`
    : String(err && err.message ? err.message : err);
  box.textContent = more && !box.hidden && box.textContent ? `${box.textContent}\n${text}` : text;
  box.hidden = false;
  console.error(err);
}

function clearError() {
  $('error').hidden = true;
  $('error').textContent = '';
}

function note(text) {
  $('note').textContent = text;
}

// ---- Connection ---------------------------------------------------------

// What a new engine says about itself and what it plays: one round trip.
async function handshake(gtp) {
  const catalog = gtp.send('list_catalog').catch(() => null);
  const [name, version, cmds, players] = await Promise.all([
    gtp.send('name'), gtp.send('version'), gtp.send('list_commands'), gtp.send('list_players'),
  ]);
  state.commands = new Set(cmds.split('\n'));
  state.players = players.split('\n').filter(Boolean);
  state.conn.engineLabel = `${name} ${version}`;
  if (!state.commands.has('svg')) {
    throw new Error('this engine has no "svg" command, so the page cannot draw its boards.');
  }
  const cat = await catalog;
  state.probed = cat === null;   // set_player's probes changed the engine's game
  if (cat !== null) state.catalog = parseCatalog(cat);
  else await probePlayers(gtp);
  for (const g of Object.keys(state.catalog)) state.canPlay[g] = state.catalog[g].players;
  state.enginePlayer = 'default';
}

// list_catalog (doc/protocol.md): "Game key=value ..." per line, lists
// comma-separated; keys the page does not know are kept and ignored.
function parseCatalog(text) {
  const out = {};
  for (const line of text.split('\n')) {
    const [game, ...words] = line.trim().split(/\s+/);
    if (!GAMES[game]) continue;
    const e = {};
    for (const w of words) {
      const i = w.indexOf('=');
      if (i > 0) e[w.slice(0, i)] = w.slice(i + 1);
    }
    const list = (v) => (v ? v.split(',').filter(Boolean) : []);
    out[game] = {
      sizes: list(e.sizes).map(Number).filter((n) => Number.isInteger(n) && n > 0),
      defaultSize: Number(e.default) || 0,
      variants: list(e.variants),
      players: list(e.players),
      defaultPlayer: e.default_player || '',
    };
  }
  return out;
}

// An engine without list_catalog: which players each game accepts, by
// asking set_player for each (it refuses the others).
async function probePlayers(gtp) {
  const games = await gtp.send('list_games');
  for (const g of games.split('\n').filter((x) => GAMES[x])) {
    await gtp.send(`set_game ${g}`);
    const ok = await Promise.all(state.players.map((p) =>
      gtp.send(`set_player ${p}`).then(() => p, () => null)));
    state.canPlay[g] = ok.filter(Boolean);
  }
  await gtp.send('set_player default');
}

// A new engine is connected: set it up, then start the first game (the
// stored one, unless the URL asks for another) or replay the page's game.
// Resolves once a board a person can play is shown (connection.js then
// sets body[data-ready]); a set-up that leaves none throws: connection.js
// then closes the socket, so the page holds no engine it cannot use.
async function engineUp(gtp, first) {
  state.gtp = gtp;
  state.picture.reset();
  // What the page starts with is read once for this engine: the early
  // commands and the first game must be the same plan (another tab may
  // store its game in between).
  const start = first ? readStart() : null;
  // On the first load the first game's commands go out right behind the
  // handshake's, so the first board costs no round trip of its own.
  const early = first ? sendEarly(gtp, start, planGame(start, false)) : null;
  await handshake(gtp);
  performance.mark('q-handshake');
  let failed = null;
  await act(async () => {
    state.online = true;
    try {
      if (first) await firstGame(start, early);
      else if (state.cfg) await replayGame();
      else render();
    } catch (e) {
      failed = e;
    }
  });
  if (failed) {
    state.online = false;
    render();
    if (failed instanceof GtpError && !failed.closed) {
      throw new Error(`it answered "? ${failed.message}" to "${failed.command}".`);
    }
    throw failed;
  }
  if (first) state.reviewer.openFromUrl();   // ?record=NAME
}

function engineLost() {
  state.online = false;
  state.thinking = false;
  state.analysis = null;
  state.enginePlayer = null;
  if (state.board.svg) {
    state.board.clearOverlay('analysis');
    state.board.clearOverlay('pv');
  }
  render();
}

// While there is no engine, a click or key only hurries the reconnection.
function offline() {
  if (state.online) return false;
  state.conn.poke();
  note('Not connected to an engine: reconnecting…');
  return true;
}

// What the page starts with: the stored game, unless the URL names a game
// (?game=NAME, ?size=N, ?variant=WORD[,WORD]), in which case a new game of
// those settings (the form's for the rest). refusals: what of the URL the
// page itself refuses, said once the board is drawn. A size or variant the
// form does not offer is still sent, and the engine's answer shown.
function readStart() {
  const q = new URLSearchParams(location.search);
  const refusals = [];
  const clip = (v) => (v.length > 40 ? `${v.slice(0, 40)}…` : v);
  const name = q.get('game');
  let game = null;
  if (name !== null && GAMES[name]) game = name;
  else if (name !== null) {
    refusals.push(`The address asks for the game "${clip(name)}", which this page does not play ` +
      `(${Object.keys(GAMES).join(', ')}).`);
  }
  let size = q.get('size');
  if (size !== null && !/^\d{1,3}$/.test(size)) {
    refusals.push(`The address asks for the size "${clip(size)}", which is not a number.`);
    size = null;
  }
  const variants = [];
  for (const v of q.getAll('variant').flatMap((x) => x.split(',')).filter(Boolean)) {
    // Sent as a word of a command: nothing else may ride along.
    if (/^[A-Za-z0-9_-]{1,40}$/.test(v)) variants.push(v);
    else refusals.push(`The address asks for the variant "${clip(v)}", which is not a word.`);
  }
  const asked = ['game', 'size', 'variant'].some((k) => q.has(k));
  return { stored: asked ? null : loadGame(), game, size, variants, refusals };
}

// The first game's settings from readStart's answer, shown in the form.
// withForm: the form shows the stored game too (once the engine's catalog
// has filled it, so that its players are offered).
function planGame(start, withForm) {
  fillGames(start.game);
  if (start.stored) {
    if (withForm) fillForm(start.stored.cfg);
    return start.stored.cfg;
  }
  if (start.size) {
    if (![...$('size').options].some((o) => o.value === start.size)) $('size').append(new Option(start.size, start.size));
    $('size').value = start.size;
  }
  for (const i of document.querySelectorAll('#variants input')) i.checked = start.variants.includes(i.value);
  const cfg = readForm();
  for (const v of start.variants) if (!cfg.variants.includes(v)) cfg.variants.push(v);
  return cfg;
}

// The plan's commands and the position's, sent before the engine has said
// what it plays (the picture as svg_diff on trust: an engine without it
// answers "?" and gets svg legal).
function sendEarly(gtp, start, cfg) {
  const sent = start.stored ? { replayed: sendReplay(gtp, cfg, start.stored.plies) }
    : { chosen: gtp.send(`set_game ${[cfg.game, ...cfg.variants].join(' ')}`), sized: gtp.send(`boardsize ${cfg.size}`) };
  for (const p of Object.values(sent)) p.catch(() => {});
  sent.asked = askPosition(true);
  return { plan: JSON.stringify(cfg), sent };
}

// The first game: the stored one replayed, or a new one. What the engine
// or the page refused is shown beside a board that can be played: a
// stored game the engine will not take gives way to a new game, a refused
// size leaves the game's own size, a refused variant the game without it.
async function firstGame(start, early) {
  const cfg = planGame(start, true);
  // The early answers count only if the engine's game was left alone and
  // the form, filled from its catalog, asks for the same game.
  const use = early && !state.probed && early.plan === JSON.stringify(cfg) ? early.sent : null;
  if (start.stored) {
    const { stored } = start;
    Object.assign(state, { cfg: stored.cfg, plies: stored.plies, paused: stored.paused });
    state.pictureHash = stored.pictureHash;
    state.pictureAt = stored.plies.length;
    const before = state.refreshes;
    try {
      await replayGame(use);
    } catch (e) {
      if (!(e instanceof GtpError) || e.closed) throw e;
      if (state.refreshes !== before) {
        showError(e, true);   // drawn: the game goes on
      } else {
        await drawnDespite(startGame(planGame({ ...start, stored: null }, true)));
        showError(new Error(`The stored game could not be restored (the engine answered "? ${e.message}" to "${e.command}"); a new game is shown.`), true);
      }
    }
  } else {
    await drawnDespite(startGame(cfg, use));
  }
  // The page's own refusals first: they say why another game is shown.
  if (start.refusals.length) {
    const box = $('error');
    box.textContent = [...start.refusals, box.hidden ? '' : box.textContent].filter(Boolean).join('\n');
    box.hidden = false;
  }
  state.readyAt = performance.now();
}

// Awaits a new game; the engine's refusal of a command once the board is
// drawn (its size) is shown, not thrown: the game can still be played.
async function drawnDespite(started) {
  const before = state.refreshes;
  try {
    await started;
  } catch (e) {
    if (!(e instanceof GtpError) || e.closed || state.refreshes === before) throw e;
    showError(e, true);
    // The form shows the size the engine plays, not the one it refused.
    const size = $('size');
    const played = String(state.board.size);
    if (size.value !== played && [...size.options].some((o) => o.value === played)) {
      size.selectedOptions[0].remove();
      size.value = played;
    }
    scheduleAdvance();
  }
}

// Brings the engine to the page's game: set_game, boardsize and every ply,
// sent at once; a ply the engine refuses ends the game there. Then the
// picture is drawn and compared with the one the page showed for the same
// plies (or the stored hash after a reload).
// set_game, boardsize (a set-up position for a game continued from a
// reviewed record) and every ply, sent at once; resolves with each one's
// outcome (Promise.allSettled) and the number of set-up commands.
function sendReplay(gtp, cfg, plies) {
  const head = [`set_game ${[cfg.game, ...cfg.variants].join(' ')}`, `boardsize ${cfg.size}`];
  if (cfg.setup) head.push(`set_position ${cfg.setup.board} ${cfg.setup.side}`);
  return Promise.allSettled([
    ...head.map((c) => gtp.send(c)),
    ...plies.map((p) => gtp.send(`play ${p.seat} ${p.move}`)),
  ]).then((res) => ({ res, heads: head.length }));
}

// early: the replay and the position already sent (the first load).
async function replayGame(early = null) {
  const gtp = state.gtp;
  const cfg = state.cfg;
  const sendAll = (plies) => sendReplay(gtp, cfg, plies);
  let { res, heads } = await (early ? early.replayed : sendAll(state.plies));
  const bad = res.findIndex((r) => r.status === 'rejected');
  if (bad >= 0 && bad < heads) throw res[bad].reason;
  if (bad >= heads) {
    const k = bad - heads;
    const refused = state.plies[k];
    state.plies = state.plies.slice(0, k);
    ({ res } = await sendAll(state.plies));
    const again = res.find((r) => r.status === 'rejected');
    if (again) throw again.reason;
    showError(new Error(`The engine refused ply ${k + 1} (${refused.seat} ${refused.move}) of the game being restored; the game goes on from ply ${k}.`));
  }
  const expect = state.pictureAt === state.plies.length ? state.pictureHash : '';
  await refresh(null, early && bad < 0 ? early.asked : askPosition());
  const same = !expect || state.pictureHash === expect;
  state.lastReplay = { plies: state.plies.length, checked: Boolean(expect), same };
  if (!same) {
    showError(new Error(`After replaying ${state.plies.length} plies the engine's position differs from the page's; the engine's is shown.`));
  }
}

// ---- Setup form -----------------------------------------------------------

// want: the game to show (a key of GAMES), or null for the first.
function fillGames(want) {
  const sel = $('game');
  sel.replaceChildren(...Object.keys(GAMES).map((g) => new Option(GAMES[g].label, g)));
  if (want) sel.value = want;
  fillGameOptions();
}

function fillGameOptions() {
  const g = GAMES[$('game').value];
  // The engine's own list of sizes when it gave one (list_catalog).
  const cat = state.catalog[$('game').value];
  const sizes = cat && cat.sizes.length ? cat.sizes : g.sizes;
  $('size').replaceChildren(...sizes.map((n) => new Option(`${n}×${n}`, String(n))));
  $('size').value = String(cat && sizes.includes(cat.defaultSize) ? cat.defaultSize : g.defaultSize);
  $('variants').replaceChildren(...g.variants.map((v) => {
    const l = document.createElement('label');
    l.className = 'toggle';
    const i = document.createElement('input');
    i.type = 'checkbox';
    i.name = 'variant';
    i.value = v.word;
    l.append(i, ' ' + v.label);
    return l;
  }));
  const players = state.canPlay[$('game').value] || state.players;
  $('seats').replaceChildren(...g.seats.map((seat, i) => seatRow(seat, g.seatLabels[i], i, players)));
}

function seatRow(seat, label, i, players) {
  const row = document.createElement('div');
  row.className = 'seat';
  row.dataset.seat = seat;
  const id = `seat-${seat}`;
  row.innerHTML =
    `<span class="seat-name">${label}</span>` +
    `<label class="sr" for="${id}-kind">${label}: who plays</label>` +
    `<select id="${id}-kind" class="kind"><option value="human">Human</option><option value="engine">Engine</option></select>` +
    `<label class="sr" for="${id}-player">${label}: engine player</label>` +
    `<select id="${id}-player" class="player"></select>` +
    `<label class="time-l" title="seconds per move">` +
    `<input id="${id}-time" class="time" type="number" min="0.05" max="600" step="any" value="1"> s` +
    `<span class="sr">${label}: seconds per move</span></label>`;
  const ps = row.querySelector('.player');
  ps.append(new Option('default (the game\'s own)', 'default'), ...players.map((p) => new Option(p, p)));
  row.querySelector('.kind').value = i === 0 ? 'human' : 'engine';
  const sync = () => {
    const eng = row.querySelector('.kind').value === 'engine';
    ps.disabled = !eng;
    row.querySelector('.time').disabled = !eng;
  };
  row.querySelector('.kind').addEventListener('change', sync);
  sync();
  return row;
}

// The form shows a stored game's settings (after a reload).
function fillForm(cfg) {
  $('game').value = cfg.game;
  fillGameOptions();
  if (![...$('size').options].some((o) => o.value === cfg.size)) $('size').append(new Option(cfg.size, cfg.size));
  $('size').value = cfg.size;
  for (const i of document.querySelectorAll('#variants input')) i.checked = cfg.variants.includes(i.value);
  const rows = document.querySelectorAll('#seats .seat');
  cfg.seats.forEach((s, i) => {
    const row = rows[i];
    row.querySelector('.kind').value = s.kind;
    row.querySelector('.kind').dispatchEvent(new Event('change'));
    const ps = row.querySelector('.player');
    if (![...ps.options].some((o) => o.value === s.player)) s.player = 'default';
    ps.value = s.player;
    row.querySelector('.time').value = String(s.time);
  });
}

function readForm() {
  const game = $('game').value;
  const g = GAMES[game];
  const variants = [...document.querySelectorAll('#variants input:checked')].map((i) => i.value);
  const seats = [...document.querySelectorAll('#seats .seat')].map((row, i) => ({
    name: row.dataset.seat,
    label: g.seatLabels[i],
    kind: row.querySelector('.kind').value,
    player: row.querySelector('.player').value,
    time: Math.max(0.05, Number(row.querySelector('.time').value) || 1),
  }));
  return { game, size: $('size').value, variants, seats };
}

// ---- Game flow ------------------------------------------------------------

function seatOf(name) {
  return state.cfg ? state.cfg.seats.find((s) => s.name === name) : null;
}

function newGame() {
  if (offline()) return Promise.resolve();
  if (state.review) state.review.leave();
  interruptEngine();
  const cfg = readForm();
  return act(() => startGame(cfg));
}

// early: set_game, boardsize and the position already sent (the first load).
// A variant the engine refuses: the game without variants, and the
// engine's answer shown below the board.
async function startGame(cfg, early = null) {
  clearError();
  await stopAnalysis();
  const gtp = state.gtp;
  const setGame = (c) => gtp.send(`set_game ${[c.game, ...c.variants].join(' ')}`);
  let refused = null;
  try {
    await (early ? early.chosen : setGame(cfg));
  } catch (e) {
    if (!(e instanceof GtpError) || e.closed || !cfg.variants.length) throw e;
    refused = e;
    cfg = { ...cfg, variants: [] };
    for (const i of document.querySelectorAll('#variants input')) i.checked = false;
    early = null;   // the size and position sent behind it were the engine's previous game's
    await setGame(cfg);
  }
  if (refused) showError(refused);
  state.cfg = cfg;
  state.plies = [];
  state.result = '';
  state.paused = false;
  state.selected = null;
  note('');
  // A refused size leaves the game at its default size: show that game,
  // then the engine's message.
  if (early) await refresh(early.sized, early.asked);
  else await refresh(gtp.send(`boardsize ${cfg.size}`));
}

// Sends the commands for everything shown about the position at once: the
// picture, the score, the legal moves.
function askPosition(diff = state.commands.has('svg_diff')) {
  const gtp = state.gtp;
  const asked = Promise.all([state.picture.request(gtp, diff), gtp.send('score'), gtp.send('legal_moves')]);
  asked.catch(() => {});
  return asked;
}

// Asks the engine for everything shown about the position, then lets the
// next engine seat move or starts analysis. `first`: a command sent just
// before (play, boardsize) whose answer is awaited before drawing; the
// position's commands are queued behind it, saving a round trip. If it
// failed, the position is still drawn, then its error thrown.
// asked: the position's commands, if sent already (askPosition).
async function refresh(first, asked = askPosition()) {
  const gtp = state.gtp;
  let err = null;
  if (first) {
    try { await first; } catch (e) { err = e; }
  }
  const [svg, score, legal] = await asked;
  state.board.show(svg);
  state.pictureHash = state.picture.lines ? state.picture.hash : fnv1a(svg);
  state.pictureAt = state.plies.length;
  // The size the engine plays (it may have refused the form's), for replays.
  if (state.cfg && state.board.size) state.cfg.size = String(state.board.size);
  state.refreshes++;
  state.toMove = state.board.toMove;
  state.over = state.toMove === '';
  state.legal = state.over ? [] : legal.split(/\s+/).filter(Boolean);
  state.result = state.over ? (await gtp.send('final_score')).trim() : '';
  state.score = score.trim();
  state.selected = null;
  render();
  performance.mark('q-drawn');
  persist();
  if (err) throw err;
  scheduleAdvance();
}

// The game as it stands, for a reload or a new engine (store.js).
function persist() {
  if (!state.cfg || state.review) return;   // a reviewed record is not a game in progress
  saveGame({ cfg: state.cfg, plies: state.plies, pictureHash: state.pictureHash, paused: state.paused });
}

function humanToMove() {
  const s = seatOf(state.toMove);
  return !state.over && s && s.kind === 'human';
}

function scheduleAdvance() {
  if (state.advancePending) return;
  state.advancePending = true;
  act(async () => {
    state.advancePending = false;
    await advance();
  });
}

// Only with the page's game in the engine: a new engine's socket is open
// before the replay (state.online comes with it, and the replay's refresh
// calls this again).
async function advance() {
  if (!state.cfg || state.over || !state.online || !state.gtp.open) return;
  const seat = seatOf(state.toMove);
  if (seat && seat.kind === 'engine' && !state.paused) {
    await engineMove(seat);
    return;
  }
  if ($('analyze').checked) startAnalysis();
}

async function engineMove(seat) {
  const gtp = state.gtp;
  await stopAnalysis();
  // The set-up and the genmove go out at once. The position is asked for
  // only once the move is in: '# interrupt' stops the command sent just
  // before it, so nothing may be queued behind a genmove.
  const setup = [];
  if (state.enginePlayer !== seat.player) {
    state.enginePlayer = seat.player;
    setup.push(gtp.send(`set_player ${seat.player}`).catch((e) => { state.enginePlayer = null; throw e; }));
  }
  setup.push(gtp.send(`time_settings 0 ${seat.time} 1`));
  state.thinking = true;
  render();
  const clickAt = state.clickAt;
  state.clickAt = 0;
  performance.mark('q-genmove-sent');
  const t0 = performance.now();
  let t1 = 0;
  const gen = gtp.send(`genmove ${seat.name}`).then((text) => {
    t1 = performance.now();
    performance.mark('q-genmove-answered');
    state.thinking = false;
    const move = text.trim();
    // The engine's time for the move, kept for the GGF download.
    state.plies.push({ seat: seat.name, move, seconds: Number(((t1 - t0) / 1000).toFixed(2)) });
    note(`${seat.label} (${seat.player}) played ${move} in ${((t1 - t0) / 1000).toFixed(2)} s`);
  }, (e) => {
    state.thinking = false;
    // A lost engine is not the game's fault: the next engine asks again.
    if (!e.closed) state.paused = true;
    throw e;
  });
  await Promise.all(setup).catch((e) => { gen.catch(() => {}); throw e; });
  let err = null;
  await gen.catch((e) => { err = e; });
  await refresh();
  if (err) throw err;
  const t2 = performance.now();
  if (clickAt) {
    // Click to reply drawn, less the time the genmove took (the engine's
    // thinking plus one pipe round trip).
    state.timings.push({
      total: t2 - clickAt, think: t1 - t0, overhead: t2 - clickAt - (t1 - t0),
      // where the rest goes: the human move drawn, the genmove sent, the reply drawn
      humanDrawn: state.humanDrawnAt - clickAt, toGenmove: t0 - state.humanDrawnAt, replyDrawn: t2 - t1,
    });
    performance.measure('q-click-to-reply', { start: clickAt, end: t2 });
  }
}

async function playHuman(move) {
  const seat = seatOf(state.toMove);
  clearError();
  await stopAnalysis();
  const played = state.gtp.send(`play ${seat.name} ${move}`).then(() => {
    state.plies.push({ seat: seat.name, move });
  });
  note('');
  await refresh(played);
  state.humanDrawnAt = performance.now();
}

// A click on a point: a move when it is one, the Separo stone choice, or
// nothing at all.
function onPoint(point) {
  if (offline() || !humanToMove() || state.thinking) return;
  const clickAt = performance.now();
  performance.mark('q-click');
  const g = GAMES[state.cfg.game];
  if (g.twoStep) {
    const from = state.legal.filter((m) => moveSource(m) === point);
    if (state.selected) {
      const m = state.legal.find((x) => moveSource(x) === state.selected && moveTarget(x) === point);
      if (m) {
        state.clickAt = clickAt;
        act(() => playHuman(m));
        return;
      }
    }
    if (from.length) {
      state.selected = state.selected === point ? null : point;
      render();
      return;
    }
    if (state.selected) {
      state.selected = null;
      render();
    }
    illegal(point);
    return;
  }
  const m = state.legal.find((x) => moveTarget(x) === point && movePoints(x).length === 1);
  if (!m) {
    illegal(point);
    return;
  }
  state.clickAt = clickAt;
  act(() => playHuman(m));
}

// Said at the board, where the click was, and in the note below it.
function illegal(point) {
  note(`${point}: not a legal move`);
  state.board.say(`${point} is not a legal move`, point);
}

function passOrSwap(word) {
  if (offline() || !humanToMove() || !state.legal.includes(word)) return;
  state.clickAt = performance.now();
  act(() => playHuman(word));
}

function undo() {
  if (state.review) return Promise.resolve();   // review steps with the arrow keys
  if (offline()) return Promise.resolve();
  interruptEngine();
  return act(async () => {
    clearError();
    await stopAnalysis();
    if (!state.cfg || state.plies.length === 0) {
      note('nothing to undo');
      return;
    }
    const hasHuman = state.cfg.seats.some((s) => s.kind === 'human');
    // Back to the last position where a human was to move (at least one ply);
    // in an engine-only game one ply, and the game pauses.
    do {
      await state.gtp.send('undo');
      const p = state.plies.pop();
      state.toMove = p.seat;
    } while (hasHuman && state.plies.length && seatOf(state.toMove).kind !== 'human');
    if (!hasHuman) state.paused = true;
    note('');
    await refresh();
  });
}

function interruptEngine() {
  if (state.thinking && state.commands.has('gogui-interrupt')) state.gtp.interrupt();
}

function togglePause() {
  if (!state.cfg) return;
  state.paused = !state.paused;
  render();
  persist();
  if (!state.paused) act(async () => { await stopAnalysis(); scheduleAdvance(); });
  else if ($('analyze').checked) act(async () => startAnalysis());
}

// ---- Analysis -------------------------------------------------------------

// Only with the page's game in the engine (see advance(), which starts it
// once the replay is in).
function startAnalysis() {
  if (state.analysis || state.over || !state.cfg || state.thinking || !state.online) return;
  const seat = state.toMove;
  const cand = [];
  state.analysisLines = 0;
  $('anal-status').textContent = `analysing for ${seatOf(seat).label}…`;
  const promise = state.gtp.send(`analyze ${seat} 25`, {
    onLine: (line) => {
      if (!line.startsWith('info')) return;
      state.analysisLines++;
      cand.splice(0, cand.length, ...parseInfo(line));
      showAnalysis(cand);
    },
  }).catch(showError).finally(() => {
    if (state.analysis && state.analysis.promise === promise) state.analysis = null;
    $('anal-status').textContent = $('analyze').checked
      ? `stopped after ${state.analysisLines} reports` : `off (press A) — ${state.analysisLines} reports`;
  });
  state.analysis = { seat, promise };
}

async function stopAnalysis() {
  const a = state.analysis;
  if (!a) return;
  await state.gtp.stopStream();
  await a.promise;
  state.analysis = null;
  state.board.clearOverlay('analysis');
  state.board.clearOverlay('pv');
}

function pct(w) {
  return `${(w * 100).toFixed(w >= 0.995 || w < 0.005 ? 0 : 1)}%`;
}

function showAnalysis(cand) {
  const b = state.board;
  b.clearOverlay('analysis');
  const top = cand.slice(0, 8);
  top.forEach((c, i) => {
    const pt = moveTarget(c.move);
    if (!pt) return;
    if (movePoints(c.move).length > 1) b.drawPath(movePoints(c.move), 'analysis', i === 0 ? 'q-anal-path best' : 'q-anal-path');
    const [main, sub] = candLabel(c);
    b.drawLabel(pt, main, 'analysis', i === 0 ? 'q-anal best' : 'q-anal', sub);
  });
  // A search that reports depth (alphabeta) is shown by score and depth,
  // one that does not (MCTS) by win rate and visits.
  const deep = cand.some((c) => c.depth !== undefined);
  const heads = deep ? ['move', 'score', 'depth', 'variation'] : ['move', 'win', 'visits', 'variation'];
  const head = $('anal-table').tHead.rows[0];
  if (head.textContent !== heads.join('')) {
    head.replaceChildren(...heads.map((h) => Object.assign(document.createElement('th'), { scope: 'col', textContent: h })));
  }
  const body = $('anal-table').tBodies[0];
  body.replaceChildren(...cand.slice(0, 10).map((c, i) => {
    const tr = document.createElement('tr');
    tr.tabIndex = 0;
    const lead = c.scoreLead !== undefined ? ` (${signed(c.scoreLead)})` : '';
    const cols = deep ? [c.move, c.scoreLead !== undefined ? signed(c.scoreLead) : '', c.depth ?? '', c.pv.join(' ')]
      : [c.move, (c.winrate !== undefined ? pct(c.winrate) : '') + lead, c.visits ?? '', c.pv.join(' ')];
    for (const t of cols) {
      const td = document.createElement('td');
      td.textContent = String(t);
      tr.appendChild(td);
    }
    const show = () => showPv(c.pv);
    tr.addEventListener('mouseenter', show);
    tr.addEventListener('focus', show);
    const hide = () => {
      b.clearOverlay('pv');
      if (b.overlay()) b.overlay().classList.remove('pv-on');
    };
    tr.addEventListener('mouseleave', hide);
    tr.addEventListener('blur', hide);
    if (i === 0) tr.className = 'best';
    return tr;
  }));
  $('anal-table').hidden = false;
  $('anal-status').textContent = `analysing for ${seatOf(state.analysis ? state.analysis.seat : state.toMove)?.label ?? state.toMove}: ${state.analysisLines} reports`;
}

function signed(x) {
  return `${x > 0 ? '+' : ''}${x}`;
}

// What a candidate shows on the board: win rate over visits (MCTS), or
// score over depth (alphabeta).
function candLabel(c) {
  if (c.depth !== undefined && c.scoreLead !== undefined) return [signed(c.scoreLead), `d${c.depth}`];
  return [c.winrate !== undefined ? pct(c.winrate) : '', c.visits !== undefined ? shortCount(c.visits) : ''];
}

// The principal variation numbered on the board (later moves on a point
// already numbered are left out). In Yonin each move is lettered and
// coloured by its seat, the seats taking turns from the one to move.
function showPv(pv) {
  const b = state.board;
  b.clearOverlay('pv');
  b.overlay().classList.add('pv-on');   // the variation hides the win rates
  const seen = new Set();
  pv.slice(0, 12).forEach((m, i) => {
    const pt = moveTarget(m);
    if (!pt || seen.has(pt)) return;
    seen.add(pt);
    const seats = state.cfg && state.cfg.game === 'Yonin' ? GAMES.Yonin.seats : null;
    if (seats) {
      const seat = seats[(seats.indexOf(state.toMove) + i) % seats.length];
      b.drawLabel(pt, String(i + 1), 'pv', `q-pv q-pv-seat-${seat}`, seat.toUpperCase());
    } else {
      b.drawLabel(pt, String(i + 1), 'pv', `q-pv q-pv-${i % 2}`);
    }
  });
}

function shortCount(n) {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e4) return `${Math.round(n / 1e3)}k`;
  return String(n);
}

// ---- Drawing the page -----------------------------------------------------

function showChoices() {
  const b = state.board;
  if (!b.svg) return;
  b.clearOverlay('choice');
  const human = state.online && humanToMove() && !state.thinking;
  b.container.classList.toggle('hints', Boolean(human));   // legal marks only for a human
  const g = state.cfg ? GAMES[state.cfg.game] : null;
  let choice = [];
  let targets = [];
  if (human && g && g.twoStep) {
    if (state.selected) {
      const ms = state.legal.filter((m) => moveSource(m) === state.selected);
      targets = ms.map(moveTarget);
      for (const m of ms) b.drawPath(movePoints(m), 'choice', 'q-choice-path');
      choice = [...new Set([...targets, ...state.legal.map(moveSource).filter(Boolean)])];
    } else {
      choice = [...new Set(state.legal.map(moveSource).filter(Boolean))];
    }
  } else if (human) {
    choice = state.legal.filter((m) => movePoints(m).length === 1);
  }
  b.mark(choice, 'q-choice', (p) => (targets.includes(p) ? `play ${state.selected} to ${p}` : g && g.twoStep ? `choose the stone on ${p}` : `play ${p}`));
  b.mark(targets, 'q-target');
  b.mark(state.selected ? [state.selected] : [], 'q-selected');
}

function seatText(name) {
  const s = seatOf(name);
  return s ? s.label : name;
}

// "0" is a draw, except in Yonin, where it is a first place shared by the
// seats (or teams) with the top score in `score`'s line.
function resultText(r, score = state.score) {
  if (r === '0') return state.cfg && state.cfg.game === 'Yonin' ? sharedFirst(score) : 'Draw';
  const m = /^([A-Za-z]+)\+(\d*)$/.exec(r);
  if (!m || !state.cfg) return r;
  const g = state.cfg.game;
  let who;
  const w = m[1].toUpperCase();
  if (g === 'Yonin') {
    who = w.length === 2 ? `Team ${w[0]}+${w[1]}` : `Seat ${w}`;
  } else {
    const i = w === 'B' ? 0 : 1;
    who = state.cfg.seats[i].label;
  }
  return `${who} wins${m[2] ? ` by ${m[2]}` : ''}`;
}

function sharedFirst(score) {
  const words = (score || '').split(/\s+/);
  const team = state.cfg.variants.includes('team');
  const vals = [];
  for (let i = 0; i + 1 < words.length; i += 2) {
    const k = words[i];
    if ((k.length === 2) === team && /^-?\d+$/.test(words[i + 1])) vals.push([k.toUpperCase(), Number(words[i + 1])]);
  }
  if (!vals.length) return 'shared first';
  const top = Math.max(...vals.map((v) => v[1]));
  const names = vals.filter((v) => v[1] === top).map((v) => (team ? `${v[0][0]}+${v[0][1]}` : v[0]));
  return `shared first (${names.join(', ')})`;
}
state.resultText = resultText;   // for the tests: the words a result is shown in

function render() {
  const cfg = state.cfg;
  const human = humanToMove();
  let turn = '';
  if (!cfg) turn = 'Choose a game and press Start.';
  else if (state.over) turn = `Game over: ${resultText(state.result)}`;
  else if (state.thinking) turn = `${seatText(state.toMove)} (engine) is thinking…`;
  else if (human && state.legal.length === 1 && state.legal[0] === 'pass') turn = `${seatText(state.toMove)} has no move and must pass (P).`;
  else if (human) turn = `${seatText(state.toMove)} to move${GAMES[cfg.game].twoStep ? (state.selected ? ': choose where the roots end' : ': choose a stone') : ''}.`;
  else if (state.paused) turn = `${seatText(state.toMove)} (engine) to move — paused.`;
  else turn = `${seatText(state.toMove)} (engine) to move.`;
  $('turn').textContent = turn;
  $('turn').dataset.toMove = state.toMove;
  $('turn').dataset.state = !cfg ? 'idle' : state.over ? 'over' : state.thinking ? 'thinking' : human ? 'human' : 'engine';

  const forcedPass = human && state.legal.length === 1 && state.legal[0] === 'pass';
  $('pass').hidden = !forcedPass;
  $('swap').hidden = !(human && state.legal.includes('swap'));
  const stoppable = state.thinking && state.commands.has('gogui-interrupt');
  $('stop').hidden = !stoppable;
  const watch = cfg && cfg.seats.every((s) => s.kind === 'engine');
  $('pause').hidden = !watch || state.over;
  $('pause').textContent = state.paused ? 'Resume' : 'Pause';
  $('undo').disabled = !cfg || state.plies.length === 0;

  // Score: "name value" pairs, then "playing" or "over".
  const dl = $('score');
  dl.replaceChildren();
  const words = (state.score || '').split(/\s+/).filter(Boolean);
  const pairs = [];
  for (let i = 0; i + 1 < words.length; i += 2) {
    if (!/^-?\d+(\.\d+)?$/.test(words[i + 1])) { pairs.length = 0; break; }
    pairs.push([words[i], words[i + 1]]);
  }
  if (pairs.length) {
    for (const [k, v] of pairs) {
      const dt = document.createElement('dt');
      dt.textContent = seatOf(k) ? seatOf(k).label : k.length === 2 ? `Team ${k.toUpperCase()}` : k;
      const dd = document.createElement('dd');
      dd.textContent = v;
      dl.append(dt, dd);
    }
  } else if (state.score) {
    // Torus Hex: "none playing", or the winner and the class of its loop.
    const dd = document.createElement('dd');
    const won = /^(\w+) wins (-?\d+) (-?\d+)/.exec(state.score);
    dd.textContent = won ? `${seatText(won[1])} wins with a loop of class (${won[2]}, ${won[3]})`
      : state.score.replace(/ (playing|over)$/, '').replace(/^none$/, 'no winner yet');
    dl.append(dd);
  }
  $('result').textContent = state.over ? `Result: ${state.result} — ${resultText(state.result)}` : '';
  $('result').dataset.result = state.over ? state.result : '';

  const ol = $('moves');
  ol.replaceChildren(...state.plies.map((p, i) => {
    const li = document.createElement('li');
    li.textContent = `${seatText(p.seat)}: ${p.move}`;
    li.dataset.move = p.move;
    li.dataset.ply = String(i + 1);
    return li;
  }));
  // Only the list scrolls: scrollIntoView would scroll the page on a phone.
  ol.scrollTop = ol.scrollHeight;
  $('dl-sgf').hidden = !cfg || !sgfSupported(cfg.game);
  $('dl-ggf').hidden = !cfg || !ggfSupported(cfg.game);
  // Without an engine the board takes no moves and shows no legal marks.
  $('board').classList.toggle('offline', !state.online);
  if (state.board.svg) {
    state.board.svg.setAttribute('aria-label', state.board.title || 'board');
    showChoices();
  }
  if (state.review) state.review.decorate();
}

// ---- Downloads --------------------------------------------------------------

function recordData() {
  if (state.review) return state.review.recordData();   // the whole reviewed record
  const cfg = state.cfg;
  const engines = cfg.seats.filter((s) => s.kind === 'engine');
  const times = [...new Set(engines.map((s) => s.time))];
  // Seat names as quartet-match writes them: black/white in two-player games.
  const recSeat = (s, i) => (cfg.seats.length === 2 ? (i === 0 ? 'black' : 'white') : s.name);
  return {
    game: cfg.game,
    size: state.board.size || cfg.size,   // the engine's, should it have refused the form's
    variants: cfg.variants,
    seats: cfg.seats.map((s, i) => ({ name: recSeat(s, i), who: s.kind === 'human' ? 'human' : `quartet ${s.player}` })),
    moves: state.plies.map((p) => p.move),
    notes: state.plies.some((p) => p.seconds !== undefined)
      ? state.plies.map((p) => (p.seconds !== undefined ? { eval: '', time: String(p.seconds) } : null)) : null,
    result: state.result,
    over: state.over,
    timeControl: times.length ? times.map((t) => `${t} s per move`).join(', ') : 'none',
    date: new Date().toISOString().slice(0, 10),
    ...(cfg.setup ? { setup: cfg.setup } : {}),
  };
}

function download(name, type, text) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

function baseName() {
  return `quartet-${state.cfg.game.toLowerCase()}-${state.board.size}-ply${state.plies.length}`;
}

// ---- Wiring -----------------------------------------------------------------

// Keys typed into a form field belong to the field.
function typing(e) {
  const t = e.target;
  if (!t || !t.tagName) return false;
  if (t.tagName === 'INPUT') return t.type !== 'checkbox';
  return t.tagName === 'SELECT' || t.tagName === 'TEXTAREA';
}

function wire() {
  $('game').addEventListener('change', fillGameOptions);
  $('setup').addEventListener('submit', (e) => { e.preventDefault(); newGame(); });
  $('new').addEventListener('click', () => newGame());
  $('undo').addEventListener('click', () => undo());
  $('pass').addEventListener('click', () => passOrSwap('pass'));
  $('swap').addEventListener('click', () => passOrSwap('swap'));
  $('stop').addEventListener('click', () => interruptEngine());
  $('pause').addEventListener('click', togglePause);
  $('analyze').addEventListener('change', () => {
    if ($('analyze').checked) {
      act(async () => { if (!state.thinking && (humanToMove() || state.paused)) startAnalysis(); });
    } else {
      act(async () => { await stopAnalysis(); });
    }
  });
  $('dl-text').addEventListener('click', () => {
    if (!state.cfg) return;
    const rec = recordData();
    // The text record has no field for another start: it would be read
    // back from the normal one, as a different game.
    if (rec.setup) { note('This game starts from a set-up position, which the text record cannot hold: download it as SGF.'); return; }
    download(`${baseName()}.txt`, 'text/plain', textRecord(rec));
  });
  $('dl-sgf').addEventListener('click', () => state.cfg && download(`${baseName()}.sgf`, 'application/x-go-sgf', sgfRecord(recordData())));
  $('dl-ggf').addEventListener('click', () => state.cfg && ggfSupported(state.cfg.game)
    && download(`${baseName()}.ggf`, 'text/plain', ggfRecord(recordData())));
  $('dl-svg').addEventListener('click', () => {
    if (!state.cfg) return;
    if (state.thinking) { download(`${baseName()}.svg`, 'image/svg+xml', state.board.text); return; }
    act(async () => {
      const svg = await state.gtp.send('svg');
      download(`${baseName()}.svg`, 'image/svg+xml', svg + '\n');
    });
  });
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || typing(e)) return;
    const k = e.key.toLowerCase();
    if (k === 'n') newGame();
    else if (k === 'u') undo();
    else if (k === 'p') passOrSwap('pass');
    else if (k === 's') passOrSwap('swap');
    else if (k === 'a') { $('analyze').click(); }
    else if (k === ' ' && !$('pause').hidden && !(e.target && e.target.tagName === 'BUTTON')) { e.preventDefault(); togglePause(); }
    else if (k === 'escape') {
      interruptEngine();
      if (state.selected) { state.selected = null; render(); }
    } else return;
  });
}

function main() {
  state.board = new Board($('board'), onPoint);
  wire();
  state.reviewer = initReview({ state, act, refresh, stopAnalysis, readForm, newGame, note, clearError });
  state.conn = new Connection({
    url: socketUrl(),
    statusUrl: new URL('quartet-status.json', location.href).href,
    banner: $('conn'),
    root: document.body,   // data-ready, data-error
    limits: $('limits'),
    onOpen: engineUp,
    onLost: engineLost,
    early: takeEarlySocket(),
  });
  // Any sign of the user hurries a reconnection (an idle-closed one waits for it).
  const poke = () => state.conn.poke();
  document.addEventListener('pointerdown', poke, true);
  document.addEventListener('keydown', poke, true);
  document.addEventListener('visibilitychange', () => { if (!document.hidden) poke(); });
  state.conn.start();
}

main();
