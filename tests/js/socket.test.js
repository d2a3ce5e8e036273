// The board's websocket: on every (re)connect it asks for what it missed, then sends what
// waited; a lost connection is retried with a growing wait; a frame that is not JSON is
// dropped. Driven with a stand-in for the browser's WebSocket and hand-run timers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { GameSocket, backoff } from "../../games/static/games/shell/socket.js";

class PageSocket {
  static OPEN = 1;
  static made = [];
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    this.listeners = {};
    PageSocket.made.push(this);
  }
  addEventListener(kind, fn) { (this.listeners[kind] ||= []).push(fn); }
  fire(kind, data) { for (const fn of this.listeners[kind] || []) fn(data); }
  open() { this.readyState = 1; this.fire("open"); }
  send(text) { this.sent.push(JSON.parse(text)); }
  close() { this.readyState = 3; this.fire("close"); }
}

function page() {
  PageSocket.made = [];
  const timers = [];
  const env = {
    WebSocket: PageSocket,
    setTimeout: (fn, ms) => timers.push({ fn, ms }) - 1,
    clearTimeout: () => {},
    setInterval: () => 0,
    clearInterval: () => {},
    random: () => 1, // the longest wait of each attempt
    watch() {},
  };
  const seen = { statuses: [], messages: [] };
  const socket = new GameSocket("ws://table/ws/play/g1/", {
    onMessage: (m) => seen.messages.push(m), onStatus: (s) => seen.statuses.push(s), lastSeq: () => 41,
  }, env);
  return { socket, timers, seen, ws: () => PageSocket.made.at(-1) };
}

test("on opening it asks for what it missed, then sends what waited, in order", () => {
  const { socket, seen, ws } = page();
  socket.send({ type: "command", id: "m1" });
  socket.send({ type: "command", id: "m2" });
  assert.deepEqual(ws().sent, []);
  ws().open();
  assert.deepEqual(ws().sent, [{ type: "resync", last_seq: 41 }, { type: "command", id: "m1" }, { type: "command", id: "m2" }]);
  assert.deepEqual(seen.statuses, ["connecting", "online"]);
  socket.send({ type: "log_before", seq: 9 });
  assert.deepEqual(ws().sent.at(-1), { type: "log_before", seq: 9 });
});

test("a frame that is not JSON is dropped; the others reach the board", () => {
  const { seen, ws } = page();
  ws().open();
  ws().fire("message", { data: "{not json" });
  ws().fire("message", { data: JSON.stringify({ type: "ack", id: "m1" }) });
  assert.deepEqual(seen.messages, [{ type: "ack", id: "m1" }]);
});

test("a lost connection is retried after a growing wait, and resyncs when back", () => {
  const { timers, seen, ws } = page();
  ws().open();
  ws().close();
  assert.equal(seen.statuses.at(-1), "offline");
  assert.equal(timers.at(-1).ms, 500);
  timers.at(-1).fn();
  assert.equal(seen.statuses.at(-1), "reconnecting");
  ws().close(); // never opened: the next wait is longer
  assert.equal(timers.at(-1).ms, 1000);
  timers.at(-1).fn();
  ws().open();
  assert.deepEqual(ws().sent, [{ type: "resync", last_seq: 41 }]);
  assert.equal(PageSocket.made.length, 3);
});

test("a closed socket stays closed", () => {
  const { socket, timers, ws } = page();
  ws().open();
  socket.close();
  assert.equal(timers.length, 0);
  assert.equal(PageSocket.made.length, 1);
});

test("the wait doubles from half a second up to ten, half of it at random", () => {
  assert.equal(backoff(0, () => 0), 250);
  assert.equal(backoff(0, () => 1), 500);
  assert.equal(backoff(3, () => 1), 4000);
  assert.equal(backoff(9, () => 1), 10000);
  assert.equal(backoff(9, () => 0), 5000);
});
