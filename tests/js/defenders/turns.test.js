// The organize phase's wording and the turn's words: a seat that picked is told its own pick
// and how many are still choosing; the others are told only that it picked, never what.
import { test } from "node:test";
import assert from "node:assert/strict";
import { handOffModel, idleWords, organizeWords, outcomeWords, turnWords } from "../../../defenders/static/games/defenders/turns.js";
import { activeDefender } from "../../../defenders/static/games/defenders/panels.js";
import { FIXTURES, namesFor } from "./support.js";

const { picked, views } = FIXTURES.organize;
const other = picked === "p1" ? "p2" : "p1";

test("the seat that picked sees its pick and waits for one player", () => {
  const names = namesFor(picked, views[picked]);
  const words = organizeWords(views[picked], picked, names);
  const card = views[picked].seats.find((s) => s.id === picked).chosen;
  assert.equal(words.mine, card);
  assert.equal(words.waiting, 1);
  assert.match(words.text, new RegExp(`^You picked ${names.card(card)}\\. Waiting for 1 player to pick`));
});

test("the seat still choosing is told someone picked, not what", () => {
  const names = namesFor(other, views[other]);
  const words = organizeWords(views[other], other, names);
  const theirCard = views[picked].seats.find((s) => s.id === picked).chosen;
  assert.equal(words.mine, null);
  assert.equal(words.text, "Pick your active defender in secret. The others have picked: yours turns them all over.");
  assert.ok(!JSON.stringify(views[other]).includes(theirCard), "the view itself holds no trace of the pick");
  const faction = views[other].factions.find((f) => f.seat === picked);
  assert.deepEqual(activeDefender(views[other], faction, other), { card: null, state: "face-down" });
});

test("a spectator is told how many are choosing", () => {
  const words = organizeWords(views[other], null, namesFor(null));
  assert.equal(words.text, "Waiting for 1 player to pick an active defender.");
});

test("three players, none picked: the count of the others", () => {
  const view = { seats: [{ id: "p1", has_chosen: false }, { id: "p2", has_chosen: false }, { id: "p3", has_chosen: true }],
    factions: ["p1", "p2", "p3"].map((seat) => ({ seat, exited: false })) };
  assert.equal(organizeWords(view, "p1", namesFor("p1")).text, "Pick your active defender in secret. 1 other player still has to pick.");
});

test("the turn's words follow the stage", () => {
  const names = namesFor("p1");
  const { view, seat, legal } = FIXTURES.action;
  assert.equal(turnWords(view, seat, namesFor(seat)), "Your turn");
  assert.match(idleWords(view, seat, namesFor(seat), legal), /^You have \d+ action points?/);
  assert.equal(turnWords({ ...view, turn: { ...view.turn, stage: "machines" } }, "p1", names), "The machines are moving…");
});

test("undo is offered only while the server says this seat may take its move back", () => {
  const { view, seat, legal } = FIXTURES.action;
  assert.equal(handOffModel(view, seat, legal).undo.shown, false);
  const mayUndo = handOffModel({ ...view, undo: seat }, seat, legal);
  assert.ok(mayUndo.undo.shown && mayUndo.undo.enabled);
  assert.equal(handOffModel({ ...view, undo: null }, seat, legal).undo.enabled, false);
  assert.equal(handOffModel({ ...view, undo: "p9" }, seat, legal).undo.enabled, false);
  assert.ok(handOffModel(view, seat, legal).canEnd);
});

test("the game-over card says why", () => {
  const over = outcomeWords(FIXTURES.end);
  assert.equal(over.won, false);
  assert.match(over.cause, /^Because /);
  assert.equal(outcomeWords(FIXTURES.action.view), null);
});

test("a faction's active defender: acting in its turn, revealed after, the own pick while organizing", () => {
  const { view, seat } = FIXTURES.action;
  const acting = view.factions.find((f) => f.id === view.turn.faction);
  assert.deepEqual(activeDefender(view, acting, seat), { card: view.turn.defender, state: "acting" });
  const machines = { ...view, turn: { ...view.turn, stage: "machines" } };
  assert.equal(activeDefender(machines, acting, seat).card, view.turn.defender); // still the one that acted
  const mine = views[picked].factions.find((f) => f.seat === picked);
  const card = views[picked].seats.find((s) => s.id === picked).chosen;
  assert.deepEqual(activeDefender(views[picked], mine, picked), { card, state: "picked" });
  const theirs = views[picked].factions.find((f) => f.seat === other);
  assert.equal(activeDefender(views[picked], theirs, picked), null); // not picked yet: nothing to show
});
