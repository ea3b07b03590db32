// Keeps the page connected to an engine: opens the WebSocket, finds out
// why a connection failed or ended (server full, server not running, the
// engine stopped, closed for being idle), says so in the banner, and
// reconnects with back-off, at once when the user acts or the tab comes
// back. The banner's data-state is connecting, connected, reconnecting or
// down (waiting for the user); data-reason names the last failure.
// What a new engine needs (the set-up, the game replayed) is the page's
// onOpen; this file knows nothing of games. The hooks for automation
// (doc/browser.md): body[data-ready] while connected (onOpen resolved: the
// page has a board a person can play), body[data-error] naming the reason
// while the page has no engine for a known one; never both.

import { Gtp } from './gtp.js';

export const BACKOFF = [0.5, 1, 2, 4, 8, 15];   // seconds before each next try
export const IDLE_CLOSE = 4000;          // the gate's close code for an idle connection
// The reasons a page has no engine that body[data-error] names: each is
// known for sure ("lost" is only the moment before the reason is known).
const FAILURES = new Set(['full', 'not-running', 'refused', 'full-or-refused', 'engine-stopped', 'idle', 'engine']);

export class Connection {
  // url: the WebSocket; statusUrl: quartet-status.json; banner, limits:
  // elements; onOpen(gtp, first): async set-up of a new engine, resolved
  // once the page can be played (a throw closes the socket and leaves the
  // connection down with its message); onLost(): the engine
  // is gone (the page stops taking moves); early: a socket to url opened
  // already, for the first try; root: the element that gets data-ready
  // and data-error.
  constructor({ url, statusUrl, banner, limits, onOpen, onLost, early = null, root = null }) {
    Object.assign(this, { url, statusUrl, banner, limits, onOpen, onLost, early, root });
    this.gtp = null;
    this.tries = 0;          // failed tries since the last success
    this.wait = 0;           // seconds before the next try, as the banner says
    this.timer = 0;
    this.busy = false;       // a try is under way
    this.everUp = false;
    this.state = '';
    this.reason = '';
  }

  get up() {
    return this.state === 'connected';
  }

  start() {
    this.attempt();
  }

  // The user acted (click, key, tab shown): try now instead of waiting.
  poke() {
    if (this.busy || this.state === 'connected' || !this.state) return;
    this.tries = Math.min(this.tries, 1);
    this.attempt();
  }

  async attempt() {
    clearTimeout(this.timer);
    this.timer = 0;
    if (this.busy) return;
    this.busy = true;
    // A known reason stays in the banner through each try: a tab waiting
    // on a full server keeps saying so rather than flashing "Connecting".
    const why = this.text(this.reason);
    if (this.everUp) this.show('reconnecting', this.reason, `${why} Reconnecting…`.trim());
    else this.show('connecting', this.reason, why ? `${why} Trying again now…` : 'Connecting to the engine…');
    const gtp = new Gtp(this.url);
    const early = this.early;
    this.early = null;
    try {
      await gtp.connect(early);
    } catch {
      this.busy = false;
      this.refused();
      return;
    }
    performance.mark('q-socket-open');
    this.gtp = gtp;
    gtp.onclose = (info) => this.closed(gtp, info);
    try {
      await this.onOpen(gtp, !this.everUp);
    } catch (e) {
      this.busy = false;
      if (this.gtp !== gtp || !gtp.open) return;   // closed meanwhile: closed() has it
      this.gtp = null;   // its close is ours, not a loss to report
      gtp.close();
      this.show('down', 'engine', `The engine cannot be used: ${e.message || e}`);
      return;
    }
    this.busy = false;
    if (this.gtp !== gtp || !gtp.open) return;
    this.everUp = true;
    this.tries = 0;
    this.reason = '';
    this.show('connected', '', `Connected: ${this.engineLabel || 'the engine'}.`);
    this.status().then((s) => this.showLimits(s));
  }

  // The upgrade failed: ask the server why it would not give an engine.
  async refused() {
    const s = await this.status();
    this.showLimits(s);
    let reason;
    if (s === null) reason = 'not-running';
    else if (s && s.engines >= s.max_connections) reason = 'full';
    else if (s) reason = 'refused';
    else reason = 'full-or-refused';   // no status answer (an older quartet-web)
    this.retry(reason);
  }

  // An open connection ended.
  async closed(gtp, { code, reason: text }) {
    if (this.gtp !== gtp) return;
    this.gtp = null;
    this.busy = false;
    this.onLost();
    if (code === IDLE_CLOSE) {
      this.reason = 'idle';
      this.idleText = text;
      this.show('down', 'idle', this.text('idle'));
      return;
    }
    this.show('reconnecting', 'lost', 'The engine connection closed. Finding out why…');
    const s = await this.status();
    this.showLimits(s);
    this.retry(s === null ? 'not-running' : 'engine-stopped');
  }

  // Each wait is drawn from half to one and a half times its step, so that
  // tabs refused together (a class opening the link at once) do not all
  // come back in the same instant, each time, while one engine is free.
  retry(reason) {
    this.reason = reason;
    const step = BACKOFF[Math.min(this.tries, BACKOFF.length - 1)];
    const wait = Math.round(step * (0.5 + Math.random()) * 10) / 10;
    this.wait = wait;
    this.tries++;
    this.show(this.everUp ? 'reconnecting' : 'connecting', reason,
      `${this.text(reason)} Trying again in ${wait} s (or click the page).`);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.attempt(), wait * 1000);
  }

  text(reason) {
    const s = this.lastStatus;
    switch (reason) {
      case 'full':
        return `The server is full: it runs ${s.engines} of at most ${s.max_connections} engines ` +
          '(quartet-web --max-connections). Close another Quartet tab, or wait.';
      case 'not-running':
        return 'The server is not running (the page\'s address does not answer).';
      case 'refused':
        return 'The server refused the connection (its address or origin is not allowed: quartet-web --allow-host).';
      case 'full-or-refused':
        return 'The server would not start an engine: it is full (quartet-web --max-connections) or not running.';
      case 'engine-stopped':
        return 'The engine stopped (it crashed or quit); the server still answers.';
      case 'idle': {
        const m = /(\d+)\s*s/.exec(this.idleText || '');
        const after = m ? ` after ${minutes(Number(m[1]))} idle` : ' for being idle';
        return `The connection was closed${after} (quartet-web --idle-timeout). Click the board or press a key to reconnect.`;
      }
      default:
        return '';
    }
  }

  // quartet-status.json: the object, false when the server answers without
  // it, null when the server does not answer at all.
  async status() {
    let r;
    try {
      r = await fetch(this.statusUrl, { cache: 'no-store' });
    } catch {
      return null;
    }
    let s = false;
    if (r.ok) {
      try {
        const j = await r.json();
        if (j && typeof j === 'object' && Number.isFinite(j.engines) && Number.isFinite(j.max_connections)) s = j;
      } catch { /* not JSON: an older server's page */ }
    }
    this.lastStatus = s;
    return s;
  }

  showLimits(s) {
    if (!this.limits) return;
    if (!s) {
      this.limits.hidden = true;
      return;
    }
    const parts = [`engines ${s.engines} of ${s.max_connections}`];
    if (s.idle_timeout > 0) parts.push(`closes after ${minutes(s.idle_timeout)} idle`);
    if (s.max_command_time > 0) parts.push(`${s.max_command_time} s per command`);
    this.limits.textContent = parts.join(' · ');
    this.limits.hidden = false;
  }

  show(state, reason, message) {
    this.state = state;
    const b = this.banner;
    b.dataset.state = state;
    b.dataset.reason = reason;
    b.textContent = message;
    b.classList.toggle('down', state !== 'connected' && state !== 'connecting');
    if (!this.root) return;
    const d = this.root.dataset;
    if (state === 'connected') {
      delete d.error;
      d.ready = '1';
      return;
    }
    delete d.ready;
    if (FAILURES.has(reason)) d.error = reason;
  }
}

function minutes(s) {
  if (s < 60) return `${s} s`;
  const m = Math.round(s / 6) / 10;
  return `${m} min`;
}
