// The questions the rules ask a seat: their words for it and for everyone else, and which
// answers the dialog offers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assignCommand, chooseCommand, defendCards, mapRuleAnswers, setupNeeded } from "../../wildlands/static/games/wildlands/prompt_choices.js";
import { promptWords } from "../../wildlands/static/games/wildlands/words.js";
import { answerLabel } from "../../wildlands/static/games/wildlands/wrath.js";
import { host, view } from "./support.js";

const DEFEND = { kind: "defend", to: "p1", character: "orrin", attacker: "warden", attack: "heavy_melee", defences: ["shield"] };

test("a defence question reads as the attack to its seat and as a wait to the others", () => {
  const v = view("skirmish");
  assert.equal(promptWords(DEFEND, host({ view: v, seat: "p1" }).names), "Captain Warden makes a heavy melee attack on Orrin Vale.");
  assert.equal(promptWords(DEFEND, host({ view: v, seat: "p2" }).names), "Waiting for Ann to decide on a defence.");
});

test("an interrupt window after an end of turn says who ended it", () => {
  const p = { kind: "interrupt_window", to: "p1", player: "p2", after: "end_turn" };
  assert.equal(promptWords(p, host({ view: view("skirmish"), seat: "p1" }).names), "Bea ended the turn. You may interrupt with a wild card.");
});

test("the cards that can defend: a shield for the attacked character or an open shield, never a wild card", () => {
  const v = view("skirmish");
  v.players[0].hand = [
    { id: "a", icons: { orrin: "shield" } }, { id: "b", icons: { orrin: "melee" } },
    { id: "c", icons: {}, open: "shield" }, { id: "d", wild: true }, { id: "e", icons: { warden: "shield" } },
  ];
  assert.deepEqual(defendCards(DEFEND, v, "p1", null).map((c) => c.id), ["a", "c"]);
  const legal = [{ respond: "defend", character: "orrin", cards: ["c"] }, { respond: "pass" }];
  assert.deepEqual(defendCards(DEFEND, v, "p1", legal).map((c) => c.id), ["c"]);
});

test("a choice answers with a space, a character or another figure", () => {
  const names = host({ view: view("awoken") }).names;
  assert.deepEqual(chooseCommand(12, names), { respond: "choose", space: 12 });
  assert.deepEqual(chooseCommand("warden", names), { respond: "choose", character: "warden" });
  assert.deepEqual(chooseCommand("hound_2", names), { respond: "choose", figure: "hound_2" });
});

test("a push offers each character to each space, the belts each belt", () => {
  assert.deepEqual(mapRuleAnswers({ kind: "push", options: ["orrin", "warden"], spaces: [3, 4] }), [
    { respond: "choose", character: "orrin", space: 3 }, { respond: "choose", character: "orrin", space: 4 },
    { respond: "choose", character: "warden", space: 3 }, { respond: "choose", character: "warden", space: 4 },
  ]);
  assert.deepEqual(mapRuleAnswers({ kind: "belt", options: ["north"] }), [{ respond: "choose", belt: "north" }]);
});

test("the secret setup waits on a seat until each character has its own map card", () => {
  const v = view("skirmish", { turn: { phase: "setup", round: 0, actor: null, interrupters: [] } });
  v.players[0].map_cards = [3, 8];
  v.characters[0].space = null;
  assert.equal(setupNeeded(v, "p1"), true);
  assert.equal(setupNeeded(v, null), false);
  v.characters[0].assigned = 3;
  assert.equal(setupNeeded(v, "p1"), false);
  assert.deepEqual(assignCommand({ orrin: 3, sable: 8 }, 2), { command: { do: "assign", spaces: { orrin: 3, sable: 8 } } });
  assert.equal(assignCommand({ orrin: 3, sable: 3 }, 2).error, "Each character needs a different map card.");
});

test("a special action's answers are named by what they do", () => {
  const names = host({ view: view("wrath") }).names;
  assert.equal(answerLabel({ respond: "pass" }, { step: "damage" }, names), "Take none");
  assert.equal(answerLabel({ amount: 2 }, { step: "damage" }, names), "Take 2 damage: 2 attacks");
  assert.equal(answerLabel({ target: "warden" }, { step: "heavy_melee" }, names), "Heavy melee on Captain Warden");
  assert.equal(answerLabel({ space: 9 }, { step: "space" }, names), "Space 9");
});
