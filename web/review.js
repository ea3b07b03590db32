// Game review: opens a record (file picker, drag and drop, ?record=NAME),
// lists the games of a file with many, steps through the plies of one
// (buttons, arrow keys, the move list, the graph), computes the evaluation
// graph in the background one position at a time, and continues play from
// any ply. The engine holds the reviewed position: the page's plies
// (state.plies) are always the record's first `ply` plies, so analysis and
// everything else in app.js work on it unchanged.

import { GAMES } from './games.js';
import { parseInfo } from './gtp.js';
import { readRecords, verdictLine, splitTranscript, LIMITS } from './records-read.js';
import { EvalGraph } from './graph.js';

const $ = (id) => document.getElementById(id);
const EVAL_MS = 150;       // search time per position after its first report
const EVAL_INTERVAL = 5;   // analyze's report interval, centiseconds
const EVAL_WAIT = 2000;    // longest wait for a first report
const SAME_AS_NEXT = 'next';  // a forced pass: the position's value is the next one's

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A file name beside the page: letters, digits, dot, dash, underscore; no
// path, no "..", no scheme.
export function plainFileName(name) {
  return /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/.test(name) && !name.includes('..');
}

// host: {state, act, refresh, stopAnalysis, render, readForm, newGame,
// note, clearError}, the parts of app.js the review drives.
export function initReview(host) {
  const r = new Review(host);
  r.wire();
  return r;
}

class Review {
  constructor(host) {
    this.host = host;
    this.fileName = '';
    this.games = [];
    this.rec = null;       // the game reviewed: a checked record (records-read.js)
    this.source = null;    // that game as read from its file, before the engine's check
    this.ply = 0;          // the ply shown (wanted; the engine follows in act())
    this.values = [];      // per position 0..plies: [number per series], SAME_AS_NEXT or null
    this.evalGen = 0;      // bumped to stop the background evaluation
    this.pending = false;  // a step to this.ply is queued
    this.failed = '';      // why the background evaluation stopped
    this.graph = new EvalGraph($('rv-graph'), (p) => this.goto(p));
  }

  get state() { return this.host.state; }
  get plies() { return this.rec ? this.rec.moves.length : 0; }
  get active() { return this.state.review === this; }

  // ---- Opening ----------------------------------------------------------

  wire() {
    $('rv-file').addEventListener('change', () => {
      const f = $('rv-file').files[0];
      if (f) this.openFile(f);
      $('rv-file').value = '';
    });
    document.addEventListener('dragover', (e) => {
      if (e.dataTransfer && [...e.dataTransfer.types].includes('Files')) {
        e.preventDefault();
        document.body.classList.add('dropping');
      }
    });
    document.addEventListener('dragleave', (e) => {
      if (!e.relatedTarget) document.body.classList.remove('dropping');
    });
    document.addEventListener('drop', (e) => {
      document.body.classList.remove('dropping');
      const f = e.dataTransfer && e.dataTransfer.files[0];
      if (!f) return;
      e.preventDefault();
      this.openFile(f);
    });
    $('rv-games').addEventListener('click', (e) => {
      const b = e.target.closest && e.target.closest('button[data-index]');
      if (b) this.start(this.games[Number(b.dataset.index)]);
    });
    $('rv-first').addEventListener('click', () => this.goto(0));
    $('rv-back').addEventListener('click', () => this.goto(this.ply - 1));
    $('rv-fwd').addEventListener('click', () => this.goto(this.ply + 1));
    // The same two beside the board's buttons, for a phone.
    $('rv-back-q').addEventListener('click', () => this.goto(this.ply - 1));
    $('rv-fwd-q').addEventListener('click', () => this.goto(this.ply + 1));
    $('rv-last').addEventListener('click', () => this.goto(this.plies));
    $('rv-play').addEventListener('click', () => this.playFromHere());
    $('rv-close').addEventListener('click', () => this.host.newGame());
    $('rv-reopen').addEventListener('click', () => this.source && this.start(this.source, this.ply));
    $('rv-list').addEventListener('click', () => this.showList());
    // A click on the board while reviewing says how to play from here.
    $('board').addEventListener('click', () => {
      if (this.active) this.host.note('Reviewing a record: "Play from here" plays on from this ply.');
    });
    $('moves').addEventListener('click', (e) => {
      const li = e.target.closest && e.target.closest('li[data-ply]');
      if (li && this.active) this.goto(Number(li.dataset.ply));
    });
    document.addEventListener('keydown', (e) => {
      if (!this.active || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
      const to = { ArrowLeft: this.ply - 1, ArrowRight: this.ply + 1, Home: 0, End: this.plies }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      this.goto(to);
    });
  }

  status(text, bad = false) {
    $('rv-status').textContent = text;
    $('rv-status').classList.toggle('bad', bad);
  }

  openFile(file) {
    if (file.size > LIMITS.bytes) {
      this.status(`${file.name}: larger than ${LIMITS.bytes >> 20} MiB, not opened.`, true);
      return;
    }
    file.arrayBuffer().then((buf) => this.openText(file.name, new Uint8Array(buf)),
      (e) => this.status(`${file.name}: cannot be read (${e.message}).`, true));
  }

  // ?record=NAME, once the page has an engine.
  openFromUrl() {
    const name = new URLSearchParams(location.search).get('record');
    if (name !== null) this.openUrl(name);
  }

  async openUrl(name) {
    if (!plainFileName(name)) {
      this.status(`?record= takes the name of a file beside the page (letters, digits, ".", "-", "_"), not "${name.slice(0, 60)}".`, true);
      return;
    }
    try {
      const resp = await fetch(new URL(name, location.href), { credentials: 'same-origin' });
      if (!resp.ok) throw new Error(`HTTP ${resp.status}`);
      const len = Number(resp.headers.get('content-length') || 0);
      if (len > LIMITS.bytes) throw new Error(`larger than ${LIMITS.bytes >> 20} MiB`);
      this.openText(name, new Uint8Array(await resp.arrayBuffer()));
    } catch (e) {
      this.status(`${name}: cannot be fetched (${e.message}).`, true);
    }
  }

  // bytes: the file as it is (records-read.js reads bytes as the C
  // readers do).
  openText(name, bytes) {
    let read;
    try {
      read = readRecords(bytes);
    } catch (e) {
      this.status(`${name}: ${e.message}.`, true);
      return;
    }
    const { games, problems } = read;
    const skipped = problems.length ? ` Left out: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? ` and ${problems.length - 3} more` : ''}.` : '';
    if (!games.length) {
      this.status(`${name}: no game could be read.${skipped}`, true);
      return;
    }
    this.fileName = name;
    this.games = games;
    this.status(`${name}: ${games.length} game${games.length > 1 ? 's' : ''}.${skipped}`, problems.length > 0);
    if (games.length === 1) this.start(games[0]);
    else this.showList();
  }

  // The games of a file, to pick one (every string set as text).
  showList() {
    const shown = this.games.slice(0, 1000);
    $('rv-games').replaceChildren(...shown.map((g, i) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.index = String(i);
      const who = g.seats.map((s) => s.who || '?').join(' – ');
      b.textContent = `${g.number || i + 1}. ${who} · ${g.result || '?'} · ${g.moves.length} plies · ${GAMES[g.game].label} ${g.size}×${g.size}`;
      li.appendChild(b);
      return li;
    }));
    $('rv-games').hidden = false;
    $('rv-list').hidden = true;
    if (this.games.length > shown.length) {
      this.status(`${this.fileName}: ${this.games.length} games; the first ${shown.length} are listed.`);
    }
    $('review').dataset.state = this.active ? 'open' : 'list';
  }

  // ---- Entering and leaving review ----------------------------------------

  // The seat to move before ply i (records list every ply, passes included).
  seatAt(i) {
    const seats = GAMES[this.rec.game].seats;
    const first = this.rec.setup ? Math.max(0, seats.indexOf(this.rec.setup.side)) : 0;
    return seats[(first + i) % seats.length];
  }

  resetCommands(rec) {
    const c = [`set_game ${[rec.game, ...rec.variants].join(' ')}`, `boardsize ${rec.size}`];
    if (rec.setup) c.push(`set_position ${rec.setup.board} ${rec.setup.side}`);
    return c;
  }

  // The setup form shows the record's game, size and variants, so that
  // "Play from here" continues with the seats the user sets there.
  setForm(rec) {
    const game = $('game');
    if (game.value !== rec.game) {
      game.value = rec.game;
      game.dispatchEvent(new Event('change'));
    }
    const size = String(rec.size);
    if (![...$('size').options].some((o) => o.value === size)) $('size').append(new Option(`${size}×${size}`, size));
    $('size').value = size;
    for (const i of document.querySelectorAll('#variants input')) i.checked = rec.variants.includes(i.value);
  }

  start(rec, atPly = 0) {
    this.stopEval();
    const { state, act } = this.host;
    if (!state.gtp || !state.gtp.open) {
      this.status('Not connected to an engine yet: open the record again in a moment.', true);
      return Promise.resolve();
    }
    return act(async () => {
      this.host.clearError();
      await this.host.stopAnalysis();
      if (state.enginePlayer !== 'default') {
        await state.gtp.send('set_player default');
        state.enginePlayer = 'default';
      }
      const same = this.source === rec;
      const checked = await this.check(rec);
      if (checked.why !== undefined) {
        // Refused as every reader refuses it: the page's game goes back
        // to the engine, and nothing else changes.
        await this.restore();
        this.status(`${this.fileName}: game ${rec.number} is refused: ${checked.why}.`, true);
        return;
      }
      this.setForm(rec);
      this.source = rec;
      this.rec = checked.game;
      this.enter(same);
      this.ply = Math.min(atPly, this.plies);
      this.showOpen('');
      await this.sync(this.ply);
      await this.host.refresh();
    }).then(() => this.startEval());
  }

  // The page's game (or the record reviewed) back in the engine after a
  // record it refused: its start and its plies.
  async restore() {
    const { state } = this.host;
    const cfg = state.cfg;
    if (!cfg) return;
    const gtp = state.gtp;
    const start = this.resetCommands({ game: cfg.game, variants: cfg.variants || [], size: cfg.size, setup: cfg.setup || null });
    await Promise.all([...start, ...state.plies.map((p) => `play ${p.seat} ${p.move}`)].map((c) => gtp.send(c)));
  }

  // The engine's part of a record's verdict (records/replay.c's, through
  // GTP): the game set up from its start, every move played and so
  // checked legal; in a transcript (rec.written) the moves split and
  // their forced passes put back by the engine's play_sequence. Returns
  // {game} (its moves as replayed, the engine at its end) or {why}, the
  // message the C readers give.
  async check(rec) {
    const gtp = this.state.gtp;
    await Promise.all(this.resetCommands({ ...rec, setup: null }).map((c) => gtp.send(c)));
    if (rec.setup) {
      const why = await gtp.send(`set_position ${rec.setup.board} ${rec.setup.side}`).then(() => null, (e) => {
        if (e.closed) throw e;
        return e.message;
      });
      if (why !== null) return { why: `its set-up start is refused: ${why}` };
    }
    if (rec.written) return this.checkTranscript(rec);
    const first = this.firstSeat(rec);
    const seats = GAMES[rec.game].seats;
    // Text the engine cannot take as one word is no move of any game.
    const bad = rec.moves.findIndex((m) => !/^[a-z0-9-]{1,15}$/.test(m));
    const sent = bad < 0 ? rec.moves : rec.moves.slice(0, bad);
    const got = await Promise.all(sent.map((m, i) =>
      gtp.send(`play ${seats[(first + i) % seats.length]} ${m}`).then(() => null, (e) => {
        if (e.closed) throw e;
        return e;
      })));
    const at = got.findIndex((e) => e !== null);
    if (at >= 0 || bad >= 0) {
      const i = at >= 0 ? at : bad;
      const what = at >= 0 && !/^syntax error/.test(got[at].message) ? 'illegal' : 'not a move of this game';
      const written = (k) => (rec.writtenMoves ? rec.writtenMoves[k] : rec.moves[k]);
      const had = what === 'illegal' && rec.moves[i] === 'pass' ? await this.hadMove(rec, i) : false;
      let why = `move ${i + 1} (${written(i)}) is ${what}`;
      // As records/replay.c: a refused pass in a game going on (GGF's
      // colour moving twice is read so) names the side that had a move.
      if (had) {
        const next = i + 1 < rec.moves.length ? ` before ${seats[(first + i + 1) % 2]}'s ${written(i + 1)}` : '';
        why += `: ${seats[(first + i) % 2]} had a legal move, so could not pass${next}`;
      }
      return { why };
    }
    return { game: rec };
  }

  // Whether, in a game of two seats, the side to play move i (a pass the
  // engine refused) had a legal move: the game replayed to it again, and
  // the engine asked. Leaves the engine there.
  async hadMove(rec, i) {
    const gtp = this.state.gtp;
    const seats = GAMES[rec.game].seats;
    if (seats.length !== 2) return false;
    await Promise.all(this.resetCommands({ ...rec, setup: null }).map((c) => gtp.send(c)));
    if (rec.setup) await gtp.send(`set_position ${rec.setup.board} ${rec.setup.side}`);
    const first = this.firstSeat(rec);
    await Promise.all(rec.moves.slice(0, i).map((m, k) => gtp.send(`play ${seats[(first + k) % 2]} ${m}`)));
    const legal = (await gtp.send('legal_moves')).trim();
    return legal !== '' && legal !== 'pass';
  }

  firstSeat(rec) {
    const seats = GAMES[rec.game].seats;
    return rec.setup ? Math.max(0, seats.indexOf(rec.setup.side)) : 0;
  }

  // A transcript: play_sequence says whether its words are moves of the
  // game (and if not, why); then each move is played with the passes the
  // engine finds forced before it put back. Leaves the engine at its end.
  async checkTranscript(rec) {
    const gtp = this.state.gtp;
    const words = rec.written;
    if (!words.length) return { why: 'syntax error: no moves' };
    // Items with bytes a command line cannot carry, or that the engine
    // would not echo as written (not ASCII), are no moves: the ones before
    // them are still checked first, as the C reader reads in order.
    const odd = (x) => /[^\x21-\x7e]/.test(x);
    const cut = words.findIndex(odd);
    const safe = cut < 0 ? words.slice() : words.slice(0, cut);
    let item = '';
    if (cut >= 0) {
      const items = words[cut].split(',');
      const k = items.findIndex(odd);
      if (items.slice(0, k).join(',')) safe.push(items.slice(0, k).join(','));
      item = items[k];
    }
    if (safe.length) {
      const why = await gtp.send(`play_sequence ${safe.join(' ')}`).then(() => null, (e) => {
        if (e.closed) throw e;
        return e.message;
      });
      if (why !== null) return { why };
    }
    const split = splitTranscript(safe, rec.size);
    if (split.why) return { why: split.why };
    if (cut >= 0) {
      const shown = item.length > 40 ? `${item.slice(0, 40)}...` : item;
      return { why: `move ${split.moves.length + 1} (${shown}) is illegal: not a move on this ${rec.game} board` };
    }
    await Promise.all(this.resetCommands(rec).map((c) => gtp.send(c)));
    const seats = GAMES[rec.game].seats;
    const moves = [];
    for (const w of split.moves) {
      const m = /^pa(ss)?$/i.test(w) ? 'pass' : w.toLowerCase();
      for (let k = 0; m !== 'pass' && k < seats.length - 1 && (await gtp.send('legal_moves')).trim() === 'pass'; k++) {
        await gtp.send(`play ${seats[moves.length % seats.length]} pass`);
        moves.push('pass');
      }
      await gtp.send(`play ${seats[moves.length % seats.length]} ${m}`);
      moves.push(m);
    }
    return { game: { ...rec, moves: moves.slice(0, LIMITS.plies), writtenMoves: moves, written: null } };
  }

  // The verdict lines of a file (tests/records/README.md): what the
  // reader says of each game, then the engine's replay of the ones read.
  // For the browser test over the shared corpus; leaves the engine at the
  // last game checked, so it is not for use while a game is shown.
  verdict(bytes) {
    let out = '';
    return this.host.act(async () => {
      let read;
      try {
        read = readRecords(bytes);
      } catch (e) {
        out = `file refused: ${e.message}\n`;
        return;
      }
      for (const [i, item] of read.items.entries()) {
        out += `${verdictLine(i + 1, item.why !== undefined ? item : await this.check(item.game))}\n`;
      }
    }).then(() => out);
  }

  // The page's state becomes the record's: its game with seats that
  // neither click nor think, its plies (the engine is at the end), paused.
  enter(same) {
    const { state } = this.host;
    const rec = this.rec;
    const g = GAMES[rec.game];
    state.cfg = {
      game: rec.game, size: String(rec.size), variants: rec.variants, setup: rec.setup,
      seats: g.seats.map((name, i) => ({ name, label: g.seatLabels[i], kind: 'record', player: 'default', time: 1 })),
    };
    this.setPlies(this.plies);
    state.paused = true;
    state.result = '';
    state.review = this;
    if (!same || this.values.length !== this.plies + 1) this.values = Array(this.plies + 1).fill(null);
  }

  showOpen(warn) {
    const rec = this.rec;
    $('review').dataset.plies = String(this.plies);
    $('review').dataset.state = 'open';
    $('rv-nav').hidden = false;
    $('rv-quick').hidden = false;
    $('rv-reopen').hidden = true;
    $('rv-list').hidden = this.games.length < 2;
    $('rv-games').hidden = true;
    const who = rec.seats.map((s) => s.who).filter(Boolean).join(' – ');
    this.status(`${this.fileName}: ${GAMES[rec.game].label} ${rec.size}×${rec.size}${who ? `, ${who}` : ''}${rec.komi !== null && rec.komi !== undefined ? `, komi ${rec.komi}` : ''}${rec.result ? `, ${rec.result}` : ''}. ${warn}`, warn !== '');
  }

  // Leaves review (a new game, or play goes on from the reviewed ply).
  leave() {
    if (!this.active) return;
    this.stopEval();
    this.state.review = null;
    $('rv-nav').hidden = true;
    $('rv-quick').hidden = true;
    $('rv-reopen').hidden = false;
    $('review').dataset.state = 'closed';
    delete $('review').dataset.ply;
    $('turn').classList.remove('reviewing');
    $('moves').classList.remove('reviewing');
  }

  playFromHere() {
    if (!this.active) return;
    this.stopEval();
    const { state, act } = this.host;
    act(async () => {
      await this.host.stopAnalysis();
      await this.sync(this.ply);
      const rec = this.rec;
      this.setForm(rec);
      const cfg = this.host.readForm();
      this.leave();
      state.cfg = { ...cfg, game: rec.game, size: String(rec.size), variants: rec.variants, setup: rec.setup };
      state.paused = false;
      state.result = '';
      this.host.note(`Play goes on from ply ${this.ply} of the record; "Review again" reopens it.`);
      await this.host.refresh();
    });
  }

  // The reviewed record for the page's downloads (record.js), whole.
  recordData() {
    const r = this.rec;
    return {
      game: r.game, size: r.size, variants: r.variants,
      seats: r.seats.map((s, i) => ({ name: GAMES[r.game].seats.length === 2 ? ['black', 'white'][i] : s.name, who: s.who || '?' })),
      moves: r.moves, result: r.result || '*', over: Boolean(r.result) && r.result !== '*' && r.result !== '?',
      reason: r.reason || '', notes: r.notes || null,
      timeControl: 'unknown', date: r.date || new Date().toISOString().slice(0, 10),
      ...(r.setup ? { setup: r.setup } : {}),
    };
  }

  // ---- Moving through the plies --------------------------------------------

  // Brings the engine from the page's plies to the record's first j plies:
  // undo back, play forward, or start again when that is shorter. All the
  // commands go out at once.
  async sync(j) {
    const { state } = this.host;
    const gtp = state.gtp;
    const cur = state.plies.length;
    if (j === cur) return;
    const sent = [];
    let from = cur;
    if (j < cur && cur - j > j + 3) {
      sent.push(...this.resetCommands(this.rec).map((c) => gtp.send(c)));
      from = 0;
    } else if (j < cur) {
      for (let i = j; i < cur; i++) sent.push(gtp.send('undo'));
      from = j;
    }
    for (let i = from; i < j; i++) sent.push(gtp.send(`play ${this.seatAt(i)} ${this.rec.moves[i]}`));
    this.setPlies(j);
    await Promise.all(sent);
  }

  // The page's game is the record's first k plies (what a new engine
  // replays after a lost connection).
  setPlies(k) {
    // A record's move times go along (a game played on keeps them).
    const notes = this.rec.notes || [];
    this.state.plies = this.rec.moves.slice(0, k).map((move, i) => {
      const t = notes[i] ? Number(notes[i].time) : NaN;
      return notes[i] && notes[i].time !== '' && Number.isFinite(t) ? { seat: this.seatAt(i), move, seconds: t } : { seat: this.seatAt(i), move };
    });
  }

  goto(p) {
    if (!this.active) return;
    this.ply = Math.max(0, Math.min(this.plies, p));
    $('review').dataset.want = String(this.ply);
    if (this.pending) return;
    this.pending = true;
    this.host.act(async () => {
      this.pending = false;
      if (!this.active) return;
      await this.host.stopAnalysis();
      await this.sync(this.ply);
      await this.host.refresh();
    });
  }

  // Called at the end of app.js's render() while reviewing: the turn line,
  // the whole record in the move list with the current ply marked, the
  // navigation and the graph.
  decorate() {
    const { state } = this.host;
    const k = state.plies.length;
    const seatLabel = (name) => (state.cfg.seats.find((s) => s.name === name) || { label: name }).label;
    const turn = $('turn');
    const where = state.over ? `game over, ${$('result').textContent.replace(/^Result: /, '') || state.result}`
      : `${seatLabel(state.toMove)} to move`;
    turn.textContent = `Review: ply ${k} of ${this.plies} — ${where}`;
    turn.dataset.state = 'review';
    turn.classList.add('reviewing');
    $('undo').disabled = true;
    $('review').dataset.ply = String(k);
    $('rv-ply').textContent = `${k} / ${this.plies}`;
    $('rv-first').disabled = $('rv-back').disabled = $('rv-back-q').disabled = k === 0;
    $('rv-fwd').disabled = $('rv-last').disabled = $('rv-fwd-q').disabled = k === this.plies;
    const ol = $('moves');
    ol.classList.add('reviewing');
    ol.replaceChildren(...this.rec.moves.map((move, i) => {
      const li = document.createElement('li');
      // A GGF's evaluation and time of the move, when it gives them.
      const note = this.rec.notes && this.rec.notes[i];
      const said = note ? [note.eval !== '' ? `eval ${note.eval}` : '', note.time !== '' ? `${note.time} s` : ''].filter(Boolean) : [];
      li.textContent = `${seatLabel(this.seatAt(i))}: ${move}${said.length ? ` (${said.join(', ')})` : ''}`;
      li.dataset.move = move;
      if (note) Object.assign(li.dataset, { eval: note.eval, time: note.time });
      li.dataset.ply = String(i + 1);
      if (i + 1 === k) li.className = 'current';
      return li;
    }));
    // Only the list scrolls to the current ply, not the panel around it.
    const cur = ol.querySelector('li.current');
    if (cur) {
      const c = cur.getBoundingClientRect();
      const o = ol.getBoundingClientRect();
      if (c.top < o.top) ol.scrollTop -= o.top - c.top;
      else if (c.bottom > o.bottom) ol.scrollTop += c.bottom - o.bottom;
    } else {
      ol.scrollTop = 0;
    }
    this.drawGraph();
  }

  // ---- The evaluation graph ---------------------------------------------------

  // What the graph shows for this game: Othello the disc difference for
  // Black (alphabeta's scoreLead), Yonin each seat's expected result
  // (values), the other games the first seat's win rate.
  kind() {
    const g = GAMES[this.rec.game];
    if (this.rec.game === 'Othello') {
      return { series: [{ name: 'Black − White discs', cls: 'g-s0' }], disc: true };
    }
    if (this.rec.game === 'Yonin') {
      return { series: g.seats.map((s, i) => ({ name: g.seatLabels[i], cls: `g-s${i}` })) };
    }
    return { series: [{ name: `${g.seatLabels[0]} win rate`, cls: 'g-s0' }] };
  }

  // The values with each forced pass given the value after it.
  resolved() {
    const out = this.values.slice();
    for (let i = out.length - 1; i >= 0; i--) if (out[i] === SAME_AS_NEXT) out[i] = out[i + 1] || null;
    return out;
  }

  drawGraph() {
    if (!this.rec) return;
    const kind = this.kind();
    const values = this.resolved();
    const known = values.filter(Boolean).flat().filter((v) => v !== null);
    let range = { lo: 0, hi: 1, mid: 0.5 };
    if (kind.disc) {
      const m = Math.max(8, ...known.map(Math.abs));
      range = { lo: -m, hi: m, mid: 0 };
    }
    const label = kind.disc ? (v) => `${v > 0 ? '+' : ''}${Math.round(v * 10) / 10}` : (v) => `${Math.round(v * 100)}%`;
    this.graph.draw({
      plies: this.plies,
      series: kind.series.map((s, i) => ({ ...s, values: values.map((v) => (v ? v[i] : null)) })),
      range, cur: this.state.plies.length, label,
    });
    const done = this.values.filter(Boolean).length;
    $('rv-progress').max = this.values.length;
    $('rv-progress').value = done;
    $('rv-legend').replaceChildren(...kind.series.map((s) => {
      const span = document.createElement('span');
      span.className = `g-key ${s.cls}`;
      span.textContent = s.name;
      return span;
    }));
  }

  stopEval() {
    this.evalGen++;
  }

  startEval() {
    if (!this.active) return;
    this.failed = '';
    this.evalNext(++this.evalGen);
  }

  progress(text, state) {
    $('rv-prog-text').textContent = text;
    $('review').dataset.graph = state;
  }

  // One position at a time, each its own action in app.js's queue, so a
  // click or key waits for at most one short search.
  evalNext(gen) {
    if (gen !== this.evalGen || !this.active) return;
    const j = this.values.indexOf(null);
    const done = this.values.length - this.values.filter((v) => v === null).length;
    if (j < 0) {
      this.progress(`graph: all ${this.values.length} positions`, 'done');
      return;
    }
    if (!this.engineReady()) {
      this.progress(`graph: ${done} of ${this.values.length} positions, waiting for the engine`, 'paused');
      setTimeout(() => this.evalNext(gen), 1000);
      return;
    }
    if ($('analyze').checked || this.state.analysis) {
      this.progress(`graph: ${done} of ${this.values.length} positions, paused while Analysis is on`, 'paused');
      setTimeout(() => this.evalNext(gen), 400);
      return;
    }
    this.progress(`graph: ${done} of ${this.values.length} positions…`, 'running');
    this.host.act(() => this.evalPly(gen, j)).then(() => {
      if (this.failed) { this.progress(`graph stopped: ${this.failed}`, 'failed'); return; }
      setTimeout(() => this.evalNext(gen), 0);
    });
  }

  // An engine the graph may use: connected, and set up with the page's
  // game. A new engine's socket is open before app.js has replayed the
  // game to it (state.online comes then, in the same queued action).
  engineReady() {
    const { state } = this.host;
    return state.online && state.gtp !== null && state.gtp.open;
  }

  async evalPly(gen, j) {
    const { state } = this.host;
    if (gen !== this.evalGen || !this.active || state.analysis || !this.engineReady()) return;
    this.failed = '';
    const back = state.plies.length;
    if (j < this.plies && this.rec.moves[j] === 'pass') {
      this.values[j] = SAME_AS_NEXT;
      return;
    }
    try {
      await this.sync(j);
      this.values[j] = await this.measure(j);
      await this.sync(back);
    } catch (e) {
      // The page's game is the ply shown again; a lost engine is waited
      // for (evalNext), anything else stops the graph. The loss is the
      // error's own word: a new engine may be up by now.
      this.setPlies(back);
      if (e.closed || !this.engineReady()) return;
      this.failed = e.message;
      this.stopEval();
      return;
    }
    this.drawGraph();
  }

  // The engine's value of the position after j plies, as the graph's
  // series: a short analyze (its first report, then EVAL_MS more), or
  // the final score when the game is over there.
  async measure(j) {
    const gtp = this.state.gtp;
    const seat = this.seatAt(j);
    let best = null;
    let reported;
    const first = new Promise((r) => { reported = r; });
    const stream = gtp.send(`analyze ${seat} ${EVAL_INTERVAL}`, {
      onLine: (line) => {
        if (!line.startsWith('info')) return;
        const c = parseInfo(line);
        if (c.length) { best = c[0]; reported(); }
      },
    });
    let ended = false;
    let lost = null;
    const end = stream.then(() => { ended = true; }, (e) => { ended = true; lost = e; });
    // A position where the only move is a forced pass gets no report.
    await Promise.race([end, first, sleep(EVAL_WAIT)]);
    if (!ended) {
      if (best) await sleep(EVAL_MS);
      await gtp.stopStream();
    }
    await end;
    if (lost) throw lost;   // the engine went away: no value for this position
    if (best) return this.fromReport(best, seat);
    // final_score refuses a game that is not over: a forced pass.
    const r = await gtp.send('final_score').catch((e) => { if (!gtp.open) throw e; return null; });
    return r === null ? SAME_AS_NEXT : this.fromResult(r);
  }

  fromReport(c, seat) {
    const seats = GAMES[this.rec.game].seats;
    const mine = seat === seats[0];
    if (this.rec.game === 'Othello') {
      const lead = c.scoreLead !== undefined ? c.scoreLead : (c.winrate - 0.5) * 2 * this.rec.size;
      return [mine ? lead : -lead];
    }
    if (this.rec.game === 'Yonin') {
      if (c.values && c.values.length === 4) return c.values;
      return seats.map((s) => (s === seat ? c.winrate : null));
    }
    return [mine ? c.winrate : 1 - c.winrate];
  }

  // The value of a finished game from final_score (B+n, W+n, A+n, AC+n, 0).
  fromResult(r) {
    const m = /^([A-Za-z]+)\+(\d*)/.exec(r.trim());
    const seats = GAMES[this.rec.game].seats;
    if (this.rec.game === 'Othello') {
      if (!m) return [0];
      const n = Number(m[2] || 0);
      return [m[1].toUpperCase() === 'B' ? n : -n];
    }
    if (this.rec.game === 'Yonin') {
      if (!m) return seats.map(() => 0.5);
      const won = m[1].toLowerCase();
      return seats.map((s) => (won.includes(s) ? 1 : 0));
    }
    if (!m) return [0.5];
    return [/^[BR]/i.test(m[1]) ? 1 : 0];
  }
}
