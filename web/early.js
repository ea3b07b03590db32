// Opens the engine's WebSocket the moment the page starts, while its other
// modules still load, so that the engine process is up by the time the
// page first asks it something (index.html runs this module async, before
// app.js). connection.js takes the socket for its first try only.

// The page's own folder, so that a proxy may serve it under a path;
// ?ws=URL names another.
export function socketUrl() {
  const q = new URLSearchParams(location.search).get('ws');
  if (q) return q;
  const u = new URL('.', location.href);
  u.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  u.search = '';
  return u.href;
}

let early = open();

function open() {
  try {
    const ws = new WebSocket(socketUrl());
    ws.binaryType = 'arraybuffer';
    ws.addEventListener('open', () => performance.mark('q-socket-open'));
    return ws;
  } catch {
    return null;   // a bad ?ws= URL: the first try says so
  }
}

// The socket opened at the start, once; null after.
export function takeEarlySocket() {
  const ws = early;
  early = null;
  return ws;
}
