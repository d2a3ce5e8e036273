// Issue 27's pure pieces: a skirmish's reveals first, whom a shared turn waits for, a
// competitive mode's complete legal list, and what a map's own rules say where.
import { test } from "node:test";
import assert from "node:assert/strict";
import { idleWords, isDone, REVEAL_FIRST, revealsFirst, turnWords, waitingOn } from "../../wildlands/static/games/wildlands/turns.js";
import { legalMatching } from "../../wildlands/static/games/wildlands/legal.js";
import { entriesAt, legendEntries, spaceWords } from "../../wildlands/static/games/wildlands/map_legend.js";
import { host, view } from "./support.js";

const namesFor = (v, seat) => host({ view: v, seat }).names;

test("with every character hidden, a seat offered reveals is told to reveal first", () => {
  const v = view("skirmish", { turn: { phase: "play", round: 1, actor: "p1", interrupters: [] } });
  v.characters[0].space = null;
  v.characters[0].assigned = 5;
  const legal = [{ do: "reveal", character: "orrin" }];
  assert.deepEqual(revealsFirst(v, "p1", legal), legal);
  assert.equal(idleWords(v, "p1", namesFor(v, "p1"), legal), REVEAL_FIRST);
  v.characters[0].space = 5; // once one stands on the board, cards can be played
  assert.deepEqual(revealsFirst(v, "p1", legal), []);
});

test("a co-op players' turn waits for those not done, and a done seat is told so", () => {
  const v = view("awoken", { awoken: { done: ["p1"] } });
  assert.deepEqual(waitingOn(v), ["p2"]);
  assert.equal(isDone(v, "p1"), true);
  assert.equal(isDone(v, "p2"), false);
  assert.equal(turnWords(v, "p1", namesFor(v, "p1")), "The players' turn: waiting for Bea");
  assert.match(idleWords(v, "p1", namesFor(v, "p1"), [{ do: "move" }]), /^You are done: the table waits for Bea/);
});

test("a complete legal list offers no claim it does not name; an incomplete one lets the board guess", () => {
  const legal = [{ do: "move", character: "orrin", to: 6, cards: ["c1"] }];
  assert.equal(legalMatching(legal, { do: "claim", cards: ["c1"] }), null);
  assert.deepEqual(legalMatching(legal, { do: "claim", cards: ["c1"] }, {}, { complete: true }), []);
});

test("a map's legend lists its features in order and says what a space's feature does", () => {
  const data = { spaces: [{ n: 1 }, { n: 2 }, { n: 3 }], features: { tombs: [2], thin_ice: [3], players: [2] } };
  assert.deepEqual(legendEntries(data).map((e) => e.key), ["thin_ice", "tombs"]);
  assert.deepEqual(entriesAt(data, 2).map((e) => e.key), ["tombs"]);
  assert.match(spaceWords(data, 3), /^Thin ice: .*1 damage/);
  assert.equal(spaceWords(data, 1), "");
  assert.deepEqual(legendEntries({ spaces: [], features: {} }), []);
});
