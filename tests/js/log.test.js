// The log's words: old lines in the words of their moment, a line's style, and the path a
// monster walks when the Ancients' turn is shown.
import { test } from "node:test";
import assert from "node:assert/strict";
import { describe, historyReader, logClass } from "../../wildlands/static/games/wildlands/sentences.js";
import { pathOf } from "../../wildlands/static/games/wildlands/motion_fx.js";
import { host, view } from "./support.js";

test("an old line names a minion on the space it stood on then", () => {
  const v = view("awoken", { monsters: [{ id: "hound_1", kind: "minion", type: "hound", space: 9, health: 2, damage: 0 }] });
  const names = host({ view: v }).names;
  const events = [
    { seq: 1, kind: "minion_moved", figure: "hound_1", from: 3, to: 4 },
    { seq: 2, kind: "damage_dealt", figure: "hound_1", amount: 1 },
    { seq: 3, kind: "minion_moved", figure: "hound_1", from: 4, to: 9 },
  ];
  const reader = historyReader(names, v, null);
  const lines = [];
  for (const e of [...events].reverse()) {
    lines.unshift(reader.describe(e));
    reader.back(e);
  }
  assert.equal(lines[0], "Hound on 3 moves to 4.");
  assert.match(lines[1], /^Hound on 4 takes/);
  assert.equal(lines[2], "Hound on 4 moves to 9.");
  assert.equal(names.at, null); // the live log names it where it stands now
  assert.match(describe(events[1], names), /^Hound on 9 takes/);
  assert.equal(reader.keep().get("hound_1"), 3); // an older page goes on from there
});

test("a log line's style follows its event", () => {
  assert.equal(logClass({ kind: "damage_dealt" }), "hurt");
  assert.equal(logClass({ kind: "damage_prevented" }), "saved");
  assert.equal(logClass({ kind: "turn_started" }), "turn");
  assert.equal(logClass({ kind: "game_ended" }), "over");
  assert.equal(logClass({ kind: "card_played" }), "");
});

test("a monster walks its own path, else the shortest one, without its starting space", () => {
  const shortest = (a, b) => (a === 1 && b === 4 ? [2, 3, 4] : null);
  assert.deepEqual(pathOf({ path: [1, 2, 5], from: 1, to: 5 }, 1, shortest), [2, 5]);
  assert.deepEqual(pathOf({ path: [2, 5], to: 5 }, 1, shortest), [2, 5]);
  assert.deepEqual(pathOf({ from: 1, to: 4 }, 7, shortest), [2, 3, 4]);
  assert.deepEqual(pathOf({ to: 8 }, 7, shortest), [8]);
});
