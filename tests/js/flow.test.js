// The play flow: which options a card offers, which choices each step asks (the legal list's
// when there is one, the board's geometry otherwise), and the command a finished play sends.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PlayFlow } from "../../wildlands/static/games/wildlands/flow.js";
import { legalMatching, strip, STAY } from "../../wildlands/static/games/wildlands/legal.js";
import { host, view } from "./support.js";

function table(mode, { hand, legal = null, extra = {} } = {}) {
  const v = view(mode, extra);
  v.players[0].hand = hand;
  const h = host({ view: v, seat: "p1", legal });
  h.flow = new PlayFlow(h);
  return h;
}

const ORRIN_MELEE = { id: "c1", icons: { orrin: "melee" } };
const ORRIN_MOVE = { id: "c2", icons: { orrin: null } };
const WILD = { id: "w1", wild: true };

test("a card showing my character offers its move and its action", () => {
  const h = table("awoken", { hand: [ORRIN_MELEE, WILD] });
  assert.deepEqual(h.flow.optionsFor(ORRIN_MELEE).map((o) => o.label), ["Move Orrin", "Orrin: melee"]);
  assert.deepEqual(h.flow.optionsFor(WILD).map((o) => o.action), ["move", "draw_two"]);
});

test("a wild card out of turn in a skirmish can only interrupt", () => {
  const h = table("skirmish", { hand: [WILD], extra: { turn: { phase: "play", round: 1, actor: "p2", interrupters: [], can_interrupt: true } } });
  assert.deepEqual(h.flow.optionsFor(WILD).map((o) => o.action), ["interrupt"]);
  assert.deepEqual(h.flow.optionsFor(ORRIN_MELEE), []);
});

test("a move asks for a neighbouring space, a climb for a second card, then sends both", () => {
  const h = table("awoken", { hand: [ORRIN_MOVE, ORRIN_MELEE], extra: {} });
  h.view.characters[0].space = 5; // next to 6, high ground
  h.flow.pickCard("c2"); // one option only: it is taken at once
  assert.equal(h.flow.step.kind, "space");
  assert.deepEqual([...h.flow.step.choices], [4, 6]);
  h.flow.clickSpace(6);
  assert.equal(h.flow.step.kind, "cards");
  assert.deepEqual([...h.flow.step.choices], ["c1"]);
  assert.equal(h.sent.length, 0);
  h.flow.pickCard("c1");
  assert.deepEqual(h.sent, [{ command: { do: "move", character: "orrin", to: 6, cards: ["c2", "c1"] }, label: "Move Orrin" }]);
  assert.equal(h.flow.draft, null);
});

test("with a legal list the spaces offered are the listed ones", () => {
  const legal = [{ do: "move", character: "orrin", to: 4, cards: ["c2"] }, { do: "end_turn" }];
  const h = table("awoken", { hand: [ORRIN_MOVE], legal });
  h.flow.pickCard("c2");
  assert.deepEqual([...h.flow.step.choices], [4]);
  assert.equal(h.flow.clickSpace(6), false); // not listed: refused with a word
  assert.equal(h.toasts.length, 1);
  h.flow.clickSpace(4);
  assert.deepEqual(h.sent[0].command, { do: "move", character: "orrin", to: 4, cards: ["c2"] });
});

test("a melee targets enemies in the attacker's space: rivals in a skirmish, monsters in The Awoken", () => {
  const extra = { monsters: [{ id: "hound_1", kind: "minion", type: "hound", space: 5, health: 2, damage: 0 }] };
  const coop = table("awoken", { hand: [ORRIN_MELEE], extra });
  coop.view.characters[1].space = 5;
  coop.flow.pickCard("c1");
  coop.flow.pickOption(1);
  assert.deepEqual([...coop.flow.step.choices], ["hound_1"]);
  const rivals = table("skirmish", { hand: [ORRIN_MELEE], extra: { ...extra, turn: { phase: "play", round: 1, actor: "p1", interrupters: [] } } });
  rivals.view.characters[1].space = 5;
  rivals.flow.pickCard("c1");
  rivals.flow.pickOption(1);
  assert.deepEqual([...rivals.flow.step.choices].sort(), ["hound_1", "warden"]);
});

test("a half-made play survives a new view that still allows it, and goes when its card is gone", () => {
  const h = table("awoken", { hand: [ORRIN_MOVE] });
  h.flow.pickCard("c2");
  h.view = { ...h.view, version: 8 }; // the partner moved
  h.flow.refresh();
  assert.equal(h.flow.step.kind, "space");
  assert.deepEqual(h.flow.draft.cards, ["c2"]);
  h.view = { ...h.view, version: 9, players: [{ id: "p1", hand: [] }, h.view.players[1]] };
  h.flow.refresh();
  assert.equal(h.flow.step, null);
  assert.equal(h.sent.length, 0);
});

test("the listed commands that fit a half-made play", () => {
  const legal = [
    { do: "rally", character: "orrin", with: "warden", to: { orrin: 4 }, cards: ["c1"] },
    { do: "rally", character: "orrin", with: "warden", to: { warden: 7 }, cards: ["c1"] },
    { do: "melee", character: "orrin", target: "hound_1", cards: ["c1"] },
  ];
  assert.equal(legalMatching(legal, { do: "rally", character: "orrin", cards: ["c1"] }).length, 2);
  assert.equal(legalMatching(legal, { do: "rally", character: "orrin", cards: ["c1"], rally: { orrin: STAY } }).length, 1);
  assert.equal(legalMatching(legal, { do: "melee", cards: ["c2"] }).length, 0);
  assert.equal(legalMatching(legal, { do: "claim", cards: ["c1"] }), null); // not listed at all: the board guesses
  assert.equal(legalMatching(null, { do: "melee" }), null);
  assert.deepEqual(strip({ do: "move", label: "x", cards: [], to: 3, target: null }), { do: "move", to: 3 });
});
