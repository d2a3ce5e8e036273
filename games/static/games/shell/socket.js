// One reconnecting websocket per board page. On every (re)connect it asks for what it
// missed with `resync` and the last sequence number it saw; it retries with backoff.

export class GameSocket {
  constructor(url, { onMessage, onStatus, lastSeq }) {
    this.url = url;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.lastSeq = lastSeq; // a function returning the last seen seq
    this.attempt = 0;
    this.closed = false;
    this.outbox = [];
    this.connect();
    window.addEventListener("online", () => this.retryNow());
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) this.retryNow();
    });
  }

  connect() {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.onStatus(this.attempt ? "reconnecting" : "connecting");
    let ws;
    try {
      ws = new WebSocket(this.url);
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
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.raw({ type: "ping" }), 25000);
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
      clearInterval(this.pinger);
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
    const base = Math.min(10000, 500 * 2 ** this.attempt);
    const delay = base / 2 + Math.random() * (base / 2);
    this.attempt += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  retryNow() {
    if (!this.ws && !this.closed) {
      this.attempt = 0;
      this.connect();
    }
  }

  raw(obj) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
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
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
  }
}
