// Raw-socket client for tests/web_server.sh: sends hand-made HTTP requests
// and WebSocket frames to quartet-web and prints what came back, one line.
//   node raw.mjs send PORT 'REQUEST'   the status of every response, or "none"
//                                      (\r and \n in REQUEST are escapes)
//   node raw.mjs slow PORT             a header block one byte a second:
//                                      "STATUS after S s"
//   node raw.mjs long PORT             a 9000-byte header block: its status
//   node raw.mjs idle PORT SECONDS     a WebSocket that sends nothing:
//                                      "close CODE REASON" or "open"
//   node raw.mjs busy PORT SECONDS     a WebSocket sending `name` every
//                                      second: "open N answers" or "close ..."
//   node raw.mjs hold PORT [CMD;CMD]   a WebSocket held open, sending the
//                                      commands, then `name` every second
//                                      (never idle): prints its status,
//                                      then waits to be killed
//   node raw.mjs probe PORT 'LINES'    a WebSocket upgrade with the header
//                                      LINES (Host, Origin, ...; escapes
//                                      as for send) that then sends `name`:
//                                      "engine" if a GTP answer (= ...)
//                                      comes within 3 s, else "no engine"
//                                      and what happened (refused STATUS,
//                                      101 closed, 101 open)
import net from 'node:net';
import crypto from 'node:crypto';

const [mode, portText, arg] = process.argv.slice(2);
const port = Number(portText);
const host = `127.0.0.1:${port}`;

function statuses(text) {
  const found = [...text.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => m[1]);
  return found.length ? found.join(' ') : 'none';
}

// Sends `request` (in pieces every `gap` ms when given), collects until
// the server closes or 101 arrives; resolves with all bytes received.
function exchange(pieces, gap = 0, limit = 15000) {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    let got = Buffer.alloc(0), timer = null;
    const done = () => { clearInterval(timer); sock.destroy(); resolve(got.toString('latin1')); };
    sock.on('connect', () => {
      if (!gap) { pieces.forEach((p) => sock.write(p)); return; }
      let i = 0;
      timer = setInterval(() => { if (i < pieces.length && !sock.destroyed) sock.write(pieces[i++]); }, gap);
    });
    sock.on('data', (d) => {
      got = Buffer.concat([got, d]);
      if (/^HTTP\/1\.1 101/.test(got.toString('latin1')) && got.includes('\r\n\r\n')) done();
    });
    sock.on('error', done);
    sock.on('close', done);
    setTimeout(done, limit);
  });
}

function upgradeRequest() {
  return `GET / HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\n` +
    'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
    `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}\r\n\r\n`;
}

// A masked text frame, as a browser sends.
function textFrame(text) {
  const payload = Buffer.from(text), mask = crypto.randomBytes(4);
  const head = Buffer.from([0x81, 0x80 | payload.length]);
  const body = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]));
  return Buffer.concat([head, mask, body]);
}

// Parses server frames from buf; returns [frames, rest].
function frames(buf) {
  const out = [];
  for (;;) {
    if (buf.length < 2) break;
    let len = buf[1] & 0x7f, off = 2;
    if (len === 126) { if (buf.length < 4) break; len = buf.readUInt16BE(2); off = 4; }
    else if (len === 127) { if (buf.length < 10) break; len = Number(buf.readBigUInt64BE(2)); off = 10; }
    if (buf.length < off + len) break;
    out.push({ op: buf[0] & 0x0f, data: buf.subarray(off, off + len) });
    buf = buf.subarray(off + len);
  }
  return [out, buf];
}

// A WebSocket for `seconds`; `every` second sends `name` when busy.
function websocket(seconds, busy, hold, commands = []) {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    let buf = Buffer.alloc(0), upgraded = false, answers = 0, timer = null, result = null;
    const finish = (text) => {
      if (result) return;
      result = text; clearInterval(timer); sock.destroy(); resolve(text);
    };
    sock.on('connect', () => sock.write(upgradeRequest()));
    sock.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (!upgraded) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const status = statuses(buf.subarray(0, end).toString('latin1'));
        if (status !== '101') return finish(`refused ${status}`);
        upgraded = true;
        buf = buf.subarray(end + 4);
        if (hold) console.log('101');
        commands.forEach((c) => sock.write(textFrame(c)));
        if (busy || hold) timer = setInterval(() => sock.write(textFrame('name')), 1000);
      }
      let got;
      [got, buf] = frames(buf);
      for (const f of got) {
        if (f.op === 8) {
          const code = f.data.length >= 2 ? f.data.readUInt16BE(0) : 0;
          return finish(`close ${code} ${f.data.subarray(2).toString()}`);
        }
        if (f.data.toString().includes('= ')) answers++;
      }
    });
    sock.on('close', () => finish(upgraded ? 'closed without a close frame' : 'refused none'));
    sock.on('error', () => {});
    if (!hold) setTimeout(() => finish(busy ? `open ${answers} answers` : 'open'), seconds * 1000);
  });
}

// An upgrade with the given header lines, then `name`: did an engine answer?
function probe(lines) {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    let buf = Buffer.alloc(0), upgraded = false, result = null;
    const finish = (text) => {
      if (result) return;
      result = text; sock.destroy(); resolve(text);
    };
    sock.on('connect', () => sock.write(`GET / HTTP/1.1\r\n${lines}` +
      'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
      `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}\r\n\r\n`));
    sock.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (!upgraded) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const status = statuses(buf.subarray(0, end).toString('latin1'));
        if (status !== '101') return finish(`no engine (refused ${status})`);
        upgraded = true;
        buf = buf.subarray(end + 4);
        sock.write(textFrame('name'));
      }
      let got;
      [got, buf] = frames(buf);
      if (got.some((f) => f.op !== 8 && f.data.toString().includes('= '))) finish('engine');
    });
    sock.on('close', () => finish(upgraded ? 'no engine (101 closed)' : 'no engine (refused none)'));
    sock.on('error', () => {});
    setTimeout(() => finish(upgraded ? 'no engine (101 open)' : 'no engine (no answer)'), 3000);
  });
}

const unescape = (s) => s.replace(/\\r/g, '\r').replace(/\\n/g, '\n');

if (mode === 'send') {
  console.log(statuses(await exchange([unescape(arg)])));
} else if (mode === 'slow') {
  const t0 = Date.now();
  const text = [...`GET / HTTP/1.1\r\nHost: ${host}\r\nX-Slow: 1234567890\r\n\r\n`];
  const got = await exchange(text, 1000, 30000);
  console.log(`${statuses(got)} after ${Math.round((Date.now() - t0) / 1000)} s`);
} else if (mode === 'long') {
  const big = `GET / HTTP/1.1\r\nHost: ${host}\r\n` + 'X-Filler: ' + 'a'.repeat(9000) + '\r\n\r\n';
  console.log(statuses(await exchange([big])));
} else if (mode === 'idle' || mode === 'busy') {
  console.log(await websocket(Number(arg), mode === 'busy', false));
} else if (mode === 'probe') {
  console.log(await probe(unescape(arg || '')));
} else if (mode === 'hold') {
  console.log(await websocket(0, false, true, arg ? arg.split(';') : []));
} else {
  console.error('usage: node raw.mjs send|slow|long|idle|busy|hold|probe PORT [ARG]');
  process.exit(2);
}
process.exit(0);   // no timer of a finished exchange keeps us waiting
