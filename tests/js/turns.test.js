// Whose turn it is, what the status bar and the hint under the hand say, and the turn
// buttons' model, in each mode. The Wrath is read as its own mode, never rewritten.
import { test } from "node:test";
import assert from "node:assert/strict";
import { canAct, canInterrupt, handOffModel, idleWords, outcomeWords, turnWords, waitingWords } from "../../wildlands/static/games/wildlands/turns.js";
import { isCompetitive, isWar, oneSeatAtATime } from "../../wildlands/static/games/wildlands/modes.js";
import { host, view } from "./support.js";

const namesFor = (v, seat) => host({ view: v, seat }).names;

test("in The Awoken both seats play the players' turn together", () => {
  const v = view("awoken");
  assert.equal(canAct(v, "p1", null), true);
  assert.equal(canAct(v, "p2", null), true);
  assert.equal(canInterrupt(v, "p1", null), false);
  assert.equal(turnWords(v, "p1", namesFor(v, "p1")), "The players' turn: waiting for you and Bea");
  assert.equal(idleWords(v, "p1", namesFor(v, "p1"), null), "Your move: pick a card from your hand, or end the turn.");
});

test("in a skirmish only the actor plays and the others may interrupt when the turn allows it", () => {
  const v = view("skirmish", { turn: { phase: "play", round: 3, actor: "p2", interrupters: [], can_interrupt: true } });
  assert.equal(canAct(v, "p1", null), false);
  assert.equal(canAct(v, "p2", null), true);
  assert.equal(canInterrupt(v, "p1", null), true);
  assert.equal(canInterrupt(v, "p2", null), false);
  assert.equal(turnWords(v, "p1", namesFor(v, "p1")), "Bea's turn");
  assert.equal(turnWords(v, "p2", namesFor(v, "p2")), "Your turn");
  assert.equal(idleWords(v, "p1", namesFor(v, "p1"), null), "It is Bea's move. You may interrupt with a wild card.");
});

test("The Wrath takes turns like a skirmish and keeps its own mode", () => {
  const v = view("wrath", { turn: { phase: "play", round: 1, actor: "p1", interrupters: ["p1"], can_interrupt: false } });
  assert.equal(canAct(v, "p1", null), true);
  assert.equal(canAct(v, "p2", null), false);
  assert.equal(turnWords(v, "p1", namesFor(v, "p1")), "Your interrupt");
  assert.equal(turnWords(v, "p2", namesFor(v, "p2")), "Ann's interrupt");
  assert.equal(v.mode, "wrath");
});

test("the legal list decides: an interrupt alone is not a turn of one's own", () => {
  const v = view("skirmish", { turn: { phase: "play", round: 3, actor: "p2", interrupters: [] } });
  assert.equal(canAct(v, "p1", [{ do: "interrupt", cards: ["c9"] }]), false);
  assert.equal(canInterrupt(v, "p1", [{ do: "interrupt", cards: ["c9"] }]), true);
  assert.equal(canAct(v, "p1", [{ do: "move", character: "orrin", to: 4, cards: ["c1"] }]), true);
});

test("a spectator, a finished game and the setup have their own words", () => {
  const v = view("skirmish", { turn: { phase: "setup", round: 0, actor: null, interrupters: [] } });
  assert.equal(idleWords(v, null, namesFor(v, null), null), "You are watching this game.");
  assert.equal(turnWords(v, "p1", namesFor(v, "p1")), "Placing characters in secret");
  assert.equal(waitingWords(v, "p1", namesFor(v, "p1")), "Waiting for every player to place their characters.");
  const over = view("awoken", { outcome: { result: "won", cause: "crystals" } });
  assert.equal(canAct(over, "p1", null), false);
  assert.equal(idleWords(over, "p1", namesFor(over, "p1"), null), "The game is over.");
});

test("a question for someone else reads as what the table waits for", () => {
  const v = view("awoken", { prompt: { kind: "defend", to: "p2", character: "warden", attacker: "orrin", attack: "melee" } });
  assert.equal(canAct(v, "p1", null), false);
  assert.equal(idleWords(v, "p1", namesFor(v, "p1"), null), "Waiting for Bea to decide on a defence.");
});

test("the game-over card names the winner from the seat's side", () => {
  const skirmish = view("skirmish", { outcome: { result: "won", winner: "p2", cause: "points" } });
  assert.deepEqual(outcomeWords(skirmish, "p2", namesFor(skirmish, "p2")),
    { title: "You win!", won: true, cause: "Because reached the points needed to win.", rounds: "The game lasted 2 rounds." });
  assert.equal(outcomeWords(skirmish, "p1", namesFor(skirmish, "p1")).title, "Bea wins");
  const coop = view("awoken", { outcome: { result: "lost", cause: "track" } });
  assert.equal(outcomeWords(coop, "p1", namesFor(coop, "p1")).title, "Defeat");
  assert.equal(outcomeWords(view("awoken"), "p1", namesFor(coop, "p1")), null);
});

test("two players share the co-op turn: each says they are done", () => {
  const v = view("awoken", { awoken: { done: ["p2"] } });
  const legal = [{ do: "finish" }, { do: "end_turn" }];
  const m = handOffModel(v, "p1", namesFor(v, "p1"), { legal });
  assert.equal(m.endText, "I'm done");
  assert.deepEqual(m.end, { command: { do: "finish" }, label: "I'm done" });
  assert.equal(m.status, "Bea is done: the turn ends when you are.");
  assert.equal(m.both.shown, false); // nobody left to end the turn for
  assert.equal(m.undo.shown, true);
});

test("once done, a seat waits for its partner and may end the turn for both", () => {
  const v = view("awoken", { awoken: { done: ["p1"] } });
  const m = handOffModel(v, "p1", namesFor(v, "p1"), { legal: [{ do: "end_turn" }], drafting: true });
  assert.equal(m.endText, "Waiting for Bea…");
  assert.equal(m.locked, true);
  assert.equal(m.status, "You are done.");
  assert.equal(m.both.shown, true);
  assert.equal(m.both.text, "End for both…");
  assert.deepEqual(m.both.command, { do: "end_turn" });
  assert.equal(m.both.confirm.title, "End the players' turn for both of you?");
  assert.match(m.both.confirm.lines[0], /^Bea has not said they are done: .* the 3 cards in their hand stay unplayed/);
  assert.equal(m.both.confirm.lines.at(-1), "Your own move in progress is dropped too.");
});

test("a skirmish's one button ends the turn, or the interrupt, and there is no undo", () => {
  const v = view("skirmish", { turn: { phase: "play", round: 3, actor: "p1", interrupters: ["p1"] } });
  const m = handOffModel(v, "p1", namesFor(v, "p1"), { legal: [{ do: "end_turn" }] });
  assert.equal(m.endText, "End interrupt");
  assert.equal(m.canEnd, true);
  assert.deepEqual(m.end.command, { do: "end_turn" });
  assert.equal(m.undo.shown, false);
  const other = handOffModel(v, "p2", namesFor(v, "p2"), { legal: [] });
  assert.equal(other.endText, "End turn");
  assert.equal(other.canEnd, false);
});

test("undo is offered to the seat the server names, in the play phase only", () => {
  const v = view("awoken", { awoken: { undo_by: "p1" } });
  assert.equal(handOffModel(v, "p1", namesFor(v, "p1")).undo.enabled, true);
  assert.equal(handOffModel(v, "p2", namesFor(v, "p2")).undo.enabled, false);
  v.turn.phase = "ancients";
  const m = handOffModel(v, "p1", namesFor(v, "p1"));
  assert.equal(m.undo.enabled, false);
  assert.equal(m.undo.allowed, true);
  assert.equal(m.endText, "End the players' turn");
});

test("a war team of three ends its turn for all", () => {
  const v = view("war", {
    players: [{ id: "p1" }, { id: "p2", hand_size: 1 }, { id: "p3", hand_size: 2 }, { id: "p4" }],
    war: { teams: [{ id: "dawn", name: "Team Dawn", players: ["p1", "p2", "p3"] }, { id: "dusk", name: "Team Dusk", players: ["p4"] }],
      active_team: "dawn", done: [] },
  });
  const m = handOffModel(v, "p1", namesFor(v, "p1"), { legal: [{ do: "finish" }, { do: "end_turn" }] });
  assert.equal(m.endText, "I'm done");
  assert.equal(m.both.text, "End for all…");
  assert.equal(m.both.confirm.title, "End your team's turn for all of you?");
  assert.equal(m.both.confirm.lines.length, 2);
});

test("the modes as the board asks them: co-op, one seat at a time, teams", () => {
  const ask = (v) => [isCompetitive(v), oneSeatAtATime(v), isWar(v)];
  assert.deepEqual(ask(view("awoken")), [false, false, false]);
  assert.deepEqual(ask(view("skirmish")), [true, true, false]);
  assert.deepEqual(ask(view("wrath")), [true, true, false]);
  assert.deepEqual(ask(view("war", { war: { teams: [] } })), [true, false, true]);
  assert.deepEqual(ask(view("war")), [true, false, false]); // no teams in the view yet
});
