// A second engine process the browser tests talk to directly over a pipe:
// it replays the moves the page shows, so the page's moves are checked for
// legality and its result against this engine's own final_score.

import { spawn } from 'node:child_process';

export class RefEngine {
  constructor(path) {
    this.proc = spawn(path, ['--threads', '1'], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.buf = '';
    this.lines = [];
    this.waiters = [];
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (d) => {
      this.buf += d;
      let i;
      while ((i = this.buf.indexOf('\n')) >= 0) {
        this.lines.push(this.buf.slice(0, i));
        this.buf = this.buf.slice(i + 1);
      }
      this.pump();
    });
  }

  pump() {
    while (this.waiters.length) {
      const end = this.lines.indexOf('');
      if (end < 0) return;
      const resp = this.lines.splice(0, end + 1);
      resp.pop();
      const w = this.waiters.shift();
      const first = resp[0] || '';
      const text = [first.replace(/^[=?]\s?/, ''), ...resp.slice(1)].join('\n');
      if (first.startsWith('=')) w.resolve(text);
      else w.reject(new Error(`reference engine: "${w.cmd}" -> ${first}`));
    }
  }

  send(cmd) {
    return new Promise((resolve, reject) => {
      this.waiters.push({ cmd, resolve, reject });
      this.proc.stdin.write(cmd + '\n');
    });
  }

  close() {
    this.proc.stdin.end();
  }
}
