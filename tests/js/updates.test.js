// The board's handling of the server's messages before anything is drawn: new events only,
// a gap asks the server again (at most twice running), updates played one at a time in the
// order they came, the pace of a burst, and the words of a refusal.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drain, pacing, refusal, takeUpdate } from "../../games/static/games/shell/updates.js";

const page = (seq, version) => ({ queuedSeq: seq, queuedVersion: version, resyncAttempts: 0 });
const ev = (...seqs) => seqs.map((seq) => ({ seq, kind: "x" }));

test("an update's events already queued are dropped and the page moves on", () => {
  const state = page(4, 10);
  const taken = takeUpdate(state, { version: 11, events: ev(4, 5, 6), view: { v: 11 }, legal: [{ do: "end_turn" }] });
  assert.equal(taken.action, "queue");
  assert.deepEqual(taken.update.events.map((e) => e.seq), [5, 6]);
  assert.deepEqual(taken.update.legal, [{ do: "end_turn" }]);
  assert.deepEqual(state, { queuedSeq: 6, queuedVersion: 11, resyncAttempts: 0 });
});

test("a hole in the sequence asks the server again, twice at most, then plays what came", () => {
  const state = page(4, 10);
  const msg = { version: 12, events: ev(7, 8), view: {} };
  assert.equal(takeUpdate(state, msg).action, "resync");
  assert.equal(takeUpdate(state, msg).action, "resync");
  assert.equal(takeUpdate(state, msg).action, "queue");
  assert.equal(state.queuedSeq, 8);
  assert.equal(state.resyncAttempts, 0);
});

test("a last_seq beyond what arrived is a gap too; without a socket nothing is asked", () => {
  assert.equal(takeUpdate(page(4, 10), { version: 11, events: [], last_seq: 6, view: {} }).action, "resync");
  const offline = page(4, 10);
  assert.equal(takeUpdate(offline, { version: 11, events: [], last_seq: 6, view: {} }, { canResync: false }).action, "queue");
  assert.equal(offline.queuedSeq, 6);
});

test("an older update with nothing new is ignored", () => {
  const state = page(9, 12);
  assert.equal(takeUpdate(state, { version: 11, events: ev(8, 9), view: {} }).action, "ignore");
  assert.deepEqual(state, page(9, 12));
});

test("updates are played one at a time in the order they came, even those pushed mid-play", async () => {
  const played = [];
  const owner = { queue: [{ n: 1 }, { n: 2 }], draining: false };
  owner.play = async (u) => {
    played.push(`start ${u.n}`);
    if (u.n === 1) {
      owner.queue.push({ n: 3 });
      await drain(owner); // a second drain while one runs returns at once
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    played.push(`end ${u.n}`);
  };
  const marks = [];
  await drain(owner, { started: () => marks.push("started"), finished: () => marks.push("finished") });
  assert.deepEqual(played, ["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"]);
  assert.deepEqual(marks, ["started", "finished"]);
  assert.equal(owner.draining, false);
});

test("a play that fails still ends the drain, so the next update is played", async () => {
  const owner = { queue: [{ n: 1 }], draining: false, play: async () => { throw new Error("boom"); } };
  await assert.rejects(drain(owner), /boom/);
  assert.equal(owner.draining, false);
});

test("a burst is paced unless the page is far behind, hidden or told not to animate", () => {
  assert.deepEqual(pacing({ paced: true, waiting: 30, events: 3 }), { paced: true, animate: true });
  assert.equal(pacing({ paced: true, waiting: 61, events: 3 }).animate, false);
  assert.equal(pacing({ paced: false, waiting: 4, events: 3 }).animate, false); // four behind: catch up at once
  assert.equal(pacing({ paced: false, waiting: 3, events: 3 }).animate, true);
  assert.equal(pacing({ paced: false, waiting: 0, events: 60 }).animate, false);
  assert.equal(pacing({ paced: false, waiting: 0, events: 1, hidden: true }).animate, false);
  assert.equal(pacing({ paced: false, waiting: 0, events: 1, off: true }).animate, false);
});

test("a refusal says why, and a stale version or a server error reads the board again", () => {
  assert.deepEqual(refusal({ code: "stale_version" }), {
    text: "The board changed just before your move arrived. It is up to date now: please try again.", resync: true,
  });
  assert.deepEqual(refusal({ code: "server_error", message: "Nothing was stored." }), { text: "Nothing was stored.", resync: true });
  assert.deepEqual(refusal({ code: "not_your_turn", message: "It is Bea's turn." }), { text: "It is Bea's turn.", resync: false });
});
