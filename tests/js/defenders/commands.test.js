// Which command a click sends: a hex, an edge or a card the seat's legal list points at sends
// that command; a place it does not name sends nothing; two commands on one place ask which.
import { test } from "node:test";
import assert from "node:assert/strict";
import { canEndTurn, clickCommand, commandLabel, sortLegal } from "../../../defenders/static/games/defenders/commands.js";
import { FIXTURES, namesFor } from "./support.js";

test("set-up: clicking a highlighted hex places the starting camp there", () => {
  const { legal } = FIXTURES.camps;
  const first = legal[0];
  assert.deepEqual(clickCommand(legal, "hex", first.hex), { send: first });
  assert.equal(clickCommand(legal, "hex", [0, 0]), null); // the core is never a camp
});

test("organize: clicking a card of the hand picks it; the other seat's cards are not there to click", () => {
  const { legal } = FIXTURES.organize;
  const waiting = FIXTURES.organize.picked === "p1" ? "p2" : "p1";
  const card = legal[waiting][0].card;
  assert.deepEqual(clickCommand(legal[waiting], "card", card), { send: { do: "choose", card } });
  assert.equal(clickCommand(legal[FIXTURES.organize.picked], "card", card), null);
});

test("action: a hex to move to sends the move, and the here-actions are buttons without end turn", () => {
  const { legal } = FIXTURES.action;
  const move = legal.find((c) => c.do === "move");
  assert.deepEqual(clickCommand(legal, "hex", move.to), { send: move });
  const sorted = sortLegal(legal);
  assert.ok(sorted.buttons.every((c) => c.do !== "end_turn" && c.do !== "move"));
  assert.ok(canEndTurn(legal));
});

test("a breach is sent whichever way round the clicked edge's hexes come", () => {
  const breach = { do: "breach", edge: [[1, -1], [2, -2]] };
  const legal = [breach, { do: "end_turn" }];
  assert.deepEqual(clickCommand(legal, "edge", [[2, -2], [1, -1]]), { send: breach });
  assert.equal(clickCommand(legal, "edge", [[1, -1], [1, 0]]), null);
});

test("a hex reached by a move and by the maps asks which one", () => {
  const legal = [{ do: "move", to: [1, 1] }, { do: "use_item", item: "maps", effect: "move", to: [1, 1] }];
  const found = clickCommand(legal, "hex", [1, 1]);
  assert.equal(found.ask.length, 2);
});

test("nothing to send when it is not this seat's move", () => {
  assert.equal(clickCommand([], "hex", [1, 1]), null);
  assert.equal(clickCommand(null, "card", "order-sorrel"), null);
  assert.equal(canEndTurn([]), false);
});

test("each command has words for its button", () => {
  const names = namesFor("p1", FIXTURES.action.view);
  const view = FIXTURES.action.view;
  assert.match(commandLabel({ do: "move", to: [1, 1] }, names, view), /^Move to the \w+ a step east and a step south-east of the core$/);
  assert.equal(commandLabel({ do: "build_camp" }, names, view), "Build a camp here");
  assert.equal(commandLabel({ do: "use_item", item: "bread" }, names, view), "Eat bread (+1 action point)");
  assert.match(commandLabel({ do: "choose", from_deck: "order" }, names, view), /top of the Order deck/);
  for (const cmd of [...FIXTURES.action.legal, ...FIXTURES.camps.legal]) assert.ok(commandLabel(cmd, names, view).length > 3);
});
