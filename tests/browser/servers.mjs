// quartet-web servers a browser test starts for itself (to kill one, to
// give it a cap of its own): a free loopback port, starting one and
// waiting until it serves the page, the engines it runs, killing it.

import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { QUARTET } from './lib.mjs';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export function httpStatus(url) {
  return new Promise((resolve) => {
    http.get(url, (r) => { r.resume(); resolve(r.statusCode); }).on('error', () => resolve(0));
  });
}

// tools/quartet-web on PORT with extra options (at most `max` engines),
// waited for until it serves the page.
export async function serve(port, extra = [], engine = QUARTET, max = 4) {
  const proc = spawn('tools/quartet-web', ['--port', String(port), '--engine', engine,
    '--max-connections', String(max), ...extra], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr.on('data', (d) => { err += d; });
  for (let i = 0; i < 100; i++) {
    if (await httpStatus(`http://127.0.0.1:${port}/`) === 200) return { proc, port, url: `http://127.0.0.1:${port}/` };
    await sleep(100);
  }
  proc.kill();
  throw new Error(`quartet-web on port ${port} did not start: ${err}`);
}

// Every process below pid (quartet-web may be a gate in front of websocketd).
export function descendants(pid) {
  const parent = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch { /* gone */ }
  }
  const out = [];
  const walk = (p) => {
    for (const [c, pp] of parent) if (pp === p) { out.push(c); walk(c); }
  };
  walk(pid);
  return out;
}

// The engine processes the server runs.
export function engines(server) {
  const engine = fs.realpathSync(QUARTET);
  return descendants(server.proc.pid).filter((p) => {
    try { return fs.readlinkSync(`/proc/${p}/exe`) === engine; } catch { return false; }
  });
}

// Ends the server and everything it started, at once (a crash, not a
// shutdown: nothing gets to say goodbye).
export async function stop(server) {
  for (const pid of [server.proc.pid, ...descendants(server.proc.pid)]) {
    try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
  }
  for (let i = 0; i < 50 && await httpStatus(server.url) !== 0; i++) await sleep(100);
}

// tests/browser/old-engine.mjs around the engine under test ($QUARTET: the
// sanitizer build under SAN=1), named in a script since websocketd passes
// its child only the environment it chooses. hide: the commands it hides
// (its default: list_catalog and svg_diff). Returns the script's path and
// remove(), which deletes it.
export function oldEngine(hide = '') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartet-old-engine-'));
  const file = path.join(dir, 'old-engine');
  const env = `QUARTET_REAL='${fs.realpathSync(QUARTET)}'${hide ? ` QUARTET_HIDE='${hide}'` : ''}`;
  fs.writeFileSync(file, `#!/bin/sh\n${env} exec node '${fs.realpathSync('tests/browser/old-engine.mjs')}' "$@"\n`, { mode: 0o755 });
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

// The engine under test behind a script that, once slowDown() has been
// called, waits 1.5 s before starting it (a loaded server): a new engine's
// socket is then open that long before the page has replayed its game to
// it. Returns the script's path, slowDown() and remove().
export function slowEngine() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartet-slow-engine-'));
  const file = path.join(dir, 'quartet');
  const flag = path.join(dir, 'slow');
  fs.writeFileSync(file, `#!/bin/sh\n[ -e '${flag}' ] && sleep 1.5\nexec '${fs.realpathSync(QUARTET)}' "$@"\n`, { mode: 0o755 });
  return { file, slowDown: () => fs.writeFileSync(flag, ''), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
