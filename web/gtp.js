// A GTP client over one WebSocket to websocketd, which starts the engine.
// Either websocketd mode works: line mode sends each stdout line as one text
// message; binary mode (--binary, what tools/quartet-web uses, because a
// picture of ~150 lines then arrives in one or two messages instead of
// ~150) sends stdout as it comes, and the client splits it into lines.
// In both modes websocketd ends each message it writes to the engine's
// stdin with a newline, so a command is sent without one.
//
// Commands are sent at once (pipelined) with a numeric id and answered in
// order; a response is its first line ("=id ..." or "?id ...") plus any
// further lines up to the empty line that ends it. A streaming command
// (analyze) delivers its lines one by one until the next command is sent,
// which the engine treats as "stop".

export class GtpError extends Error {
  // closed: the request failed because there was no connection, not
  // because the engine answered "?" (the connection banner tells why).
  constructor(command, message, closed = false) {
    super(message);
    this.name = 'GtpError';
    this.command = command;
    this.closed = closed;
  }
}

export class Gtp {
  constructor(url) {
    this.url = url;
    this.ws = null;
    this.nextId = 1;
    this.pending = [];     // requests sent and not yet fully answered, in order
    this.current = null;   // the request whose response is being read
    this.onclose = null;   // called once, {code, reason}, when an opened socket ends
    this.onwire = null;    // optional: (direction, line) for a protocol log
    this.decoder = new TextDecoder();
    this.partial = '';     // binary mode: the start of a line not yet ended
  }

  // Resolves once the socket is open; rejects when it never opens (the
  // browser does not say why: the caller asks the server, see connection.js).
  // existing: a socket opened earlier for this.url (early.js), taken over
  // in whatever state it is in now.
  connect(existing = null) {
    return new Promise((resolve, reject) => {
      const ws = existing || new WebSocket(this.url);
      this.ws = ws;
      let opened = ws.readyState === WebSocket.OPEN;
      if (opened) resolve();
      else if (ws.readyState !== WebSocket.CONNECTING) reject(new Error(`cannot open ${this.url}`));
      ws.onopen = () => { opened = true; resolve(); };
      ws.onerror = () => { if (!opened) reject(new Error(`cannot open ${this.url}`)); };
      ws.binaryType = 'arraybuffer';
      ws.onmessage = (e) => {
        if (typeof e.data === 'string') {
          this.receive(e.data);
          return;
        }
        this.partial += this.decoder.decode(e.data, { stream: true });
        const lines = this.partial.split('\n');
        this.partial = lines.pop();
        for (const line of lines) this.receive(line.replace(/\r$/, ''));
      };
      ws.onclose = (e) => {
        if (!opened) { reject(new Error(`cannot open ${this.url}`)); return; }
        const why = 'the engine connection closed';
        for (const r of this.pending) r.reject(new GtpError(r.command, why, true));
        this.pending = [];
        this.current = null;
        if (this.onclose) this.onclose({ code: e.code, reason: e.reason });
      };
    });
  }

  get open() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  // Sends one command; resolves with the response text (without "=id "),
  // lines joined by "\n"; rejects with GtpError on a "?" answer.
  // options.onLine(line): for a streaming command, each line after the
  // first as it arrives (the first line's text comes as the first call too).
  send(command, options = {}) {
    if (!this.open) return Promise.reject(new GtpError(command, 'not connected to the engine', true));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const req = { id, command, resolve, reject, onLine: options.onLine, lines: [], ok: true, started: false };
      this.pending.push(req);
      this.write(`${id} ${command}`);
    });
  }

  // GoGui's interrupt convention: a comment line the engine reads while a
  // command runs. It is not a command and gets no answer.
  interrupt() {
    if (this.open) this.write('# interrupt');
  }

  // Ends a running stream (analyze) by sending a cheap command.
  stopStream() {
    const r = this.pending[this.pending.length - 1];
    if (r && r.onLine) return this.send('protocol_version').catch(() => {});
    return Promise.resolve();
  }

  close() {
    if (this.ws) this.ws.close();
  }

  write(line) {
    if (this.onwire) this.onwire('>', line);
    this.ws.send(line);
  }

  receive(line) {
    if (this.onwire) this.onwire('<', line);
    let r = this.current;
    if (!r) {
      if (line === '') return;  // stray blank line between responses
      r = this.pending[0];
      const m = /^([=?])(\d*)\s?(.*)$/.exec(line);
      if (!r || !m) return;     // nothing asked: ignore what is not a response
      if (m[2] !== '' && Number(m[2]) !== r.id) {
        console.warn(`GTP: answer id ${m[2]} for request ${r.id}`);
      }
      r.ok = m[1] === '=';
      r.lines.push(m[3]);
      this.current = r;
      if (r.onLine && r.ok) r.onLine(m[3]);
      return;
    }
    if (line !== '') {
      r.lines.push(line);
      if (r.onLine && r.ok) r.onLine(line);
      return;
    }
    // The empty line ends the response.
    this.pending.shift();
    this.current = null;
    const text = r.lines.join('\n');
    if (r.ok) r.resolve(text);
    else r.reject(new GtpError(r.command, text || 'failed'));
  }
}

// Parses one analyze line: "info move M visits V winrate W ... pv M1 M2 ..."
// repeated for each candidate. Returns [{move, visits, winrate, scoreLead,
// values, depth, order, pv: [...]}].
export function parseInfo(line) {
  const out = [];
  const words = line.trim().split(/\s+/);
  let cur = null;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === 'info') {
      cur = { pv: [] };
      out.push(cur);
      continue;
    }
    if (!cur) continue;
    if (w === 'pv') {
      // The variation runs to the next "info" or the end of the line.
      while (i + 1 < words.length && words[i + 1] !== 'info') cur.pv.push(words[++i]);
      continue;
    }
    const v = words[i + 1];
    if (v === undefined) break;
    i++;
    if (w === 'move') cur.move = v;
    else if (w === 'values') cur.values = v.split(',').map(Number);
    else cur[w] = Number(v);
  }
  return out.filter((c) => c.move);
}
