// One reconnecting websocket per board page. On every (re)connect it asks for what it
// missed with `resync` and the last sequence number it saw; it retries with backoff.

/** The page's own WebSocket, timers and events (tests/js passes its own `env`). */
function pageEnv() {
  return {
    WebSocket: globalThis.WebSocket,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id),
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (id) => clearInterval(id),
    random: () => Math.random(),
    /** `retry` when the network is back or the page is shown again. */
    watch(retry) {
      window.addEventListener("online", retry);
      document.addEventListener("visibilitychange", () => {
        if (!document.hidden) retry();
      });
    },
  };
}

/** The wait before reconnect attempt `attempt` (0 first): doubling from 0.5 s to 10 s at
 * most, half of it drawn at random so many pages do not all come back at once. */
export function backoff(attempt, random) {
  const base = Math.min(10000, 500 * 2 ** attempt);
  return base / 2 + random() * (base / 2);
}

export class GameSocket {
  constructor(url, { onMessage, onStatus, lastSeq }, env = pageEnv()) {
    this.url = url;
    this.env = env;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.lastSeq = lastSeq; // a function returning the last seen seq
    this.attempt = 0;
    this.closed = false;
    this.outbox = [];
    this.connect();
    env.watch(() => this.retryNow());
  }

  connect() {
    if (this.closed) return;
    const env = this.env;
    env.clearTimeout(this.timer);
    this.onStatus(this.attempt ? "reconnecting" : "connecting");
    let ws;
    try {
      ws = new env.WebSocket(this.url);
    } catch (err) {
      this.schedule();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.attempt = 0;
      this.onStatus("online");
      this.raw({ type: "resync", last_seq: this.lastSeq() });
      while (this.outbox.length) this.raw(this.outbox.shift());
      env.clearInterval(this.pinger);
      this.pinger = env.setInterval(() => this.raw({ type: "ping" }), 25000);
    });
    ws.addEventListener("message", (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (err) {
        return;
      }
      this.onMessage(msg);
    });
    ws.addEventListener("close", () => {
      env.clearInterval(this.pinger);
      if (this.ws === ws) this.ws = null;
      this.schedule();
    });
    ws.addEventListener("error", () => {
      try { ws.close(); } catch (err) { /* already closing */ }
    });
  }

  schedule() {
    if (this.closed) return;
    this.onStatus("offline");
    const delay = backoff(this.attempt, this.env.random);
    this.attempt += 1;
    this.env.clearTimeout(this.timer);
    this.timer = this.env.setTimeout(() => this.connect(), delay);
  }

  retryNow() {
    if (!this.ws && !this.closed) {
      this.attempt = 0;
      this.connect();
    }
  }

  raw(obj) {
    if (this.ws && this.ws.readyState === this.env.WebSocket.OPEN) {
      this.ws.send(JSON.stringify(obj));
      return true;
    }
    return false;
  }

  /** Send now, or when the socket is back (commands are version-checked server side). */
  send(obj) {
    if (!this.raw(obj)) this.outbox.push(obj);
  }

  resync() {
    this.raw({ type: "resync", last_seq: this.lastSeq() });
  }

  /** Drop the connection as if the network failed (tests use this). */
  drop() {
    if (this.ws) this.ws.close();
  }

  close() {
    this.closed = true;
    this.env.clearTimeout(this.timer);
    this.env.clearInterval(this.pinger);
    if (this.ws) this.ws.close();
  }
}
