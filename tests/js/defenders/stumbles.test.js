// What a newcomer trips over, mended in the page's pure parts: a partner's defender named as
// the server names it, no heal offered with nothing to heal, a click on an unlit hex answered
// with why, and the machine deck's count following the card being resolved.
import { test } from "node:test";
import assert from "node:assert/strict";
import { describe } from "../../../defenders/static/games/defenders/sentences.js";
import { sortLegal } from "../../../defenders/static/games/defenders/commands.js";
import { missWords } from "../../../defenders/static/games/defenders/turns.js";
import { applyEvent, boardOf } from "../../../defenders/static/games/defenders/model.js";
import { FIXTURES, namesFor } from "./support.js";

test("the reveal names a partner's defender by the name the update sends", () => {
  const names = namesFor("p2");
  const e = { kind: "defenders_revealed", defenders: { p1: "council-hobb", p2: "sect-bolt" } };
  assert.match(describe(e, names), /Hobb for Ada/);
  names.learnCards({ "council-hobb": { name: "Hobb the Bellringer", habitat: "plains", ap: 2 } });
  assert.equal(describe(e, names), "The active defenders are turned over: Hobb the Bellringer for Ada and Bolt for you.");
});

test("healing is offered only with damage to heal", () => {
  const view = JSON.parse(JSON.stringify(FIXTURES.action.view));
  const legal = [{ do: "heal" }, { do: "end_turn" }];
  const acting = view.factions.find((f) => f.id === view.turn.faction);
  acting.damage = 0;
  assert.deepEqual(sortLegal(legal, view).buttons, []);
  acting.damage = 2;
  assert.deepEqual(sortLegal(legal, view).buttons, [{ do: "heal" }]);
});

test("a click on an unlit hex says why nothing happens", () => {
  const view = JSON.parse(JSON.stringify(FIXTURES.action.view)); // p2 (the Sect) is acting
  const names = namesFor("p2", view);
  const sect = view.factions.find((f) => f.id === "sect");
  const legal = [{ do: "move", to: [-1, -1] }, { do: "end_turn" }];
  assert.match(missWords(view, "p2", legal, [2, 0], names, 1), /^Nothing to do in the \w+ .* of .*: your organizer can reach only the lit hexes/);
  assert.match(missWords(view, "p2", legal, sect.at, names, 1), /^Your organizer stands in .*: what it can do here is in the buttons/);
  assert.match(missWords(view, "p1", [], [2, 0], namesFor("p1", view), 0), /^It is not your move: waiting for Bea\.$/);
  assert.match(missWords(view, null, null, [2, 0], names), /watching/);
  view.turn.ap = 0;
  assert.match(missWords(view, "p2", [{ do: "end_turn" }], [2, 0], names, 0), /no action points left/);
  const seat = FIXTURES.organize.picked === "p1" ? "p2" : "p1"; // the one still picking
  const organize = FIXTURES.organize.views[seat];
  assert.match(missWords(organize, seat, [{ do: "choose", card: "x" }], [2, 0], namesFor(seat, organize)), /pick your active defender/i);
  view.turn.stage = "machines";
  assert.match(missWords(view, "p2", [], [2, 0], names), /machines are taking their turn/);
});

for (const [i, turn] of FIXTURES.machine_turns.entries()) {
  test(`machine turn ${i + 1}: the deck's count follows the card drawn and ends on the view's`, () => {
    const board = boardOf(turn.before);
    const sizes = [board.deck.size];
    for (const e of turn.events) { applyEvent(board, e); sizes.push(board.deck.size); }
    assert.equal(board.deck.size, turn.after.machine_deck_size);
    assert.equal(board.deck.discarded, turn.after.machine_discard.length);
    const drawn = turn.events.findIndex((e) => e.kind === "machine_card_drawn");
    assert.ok(drawn >= 0);
    assert.equal(sizes[drawn + 1], sizes[drawn] - 1, "one card fewer as soon as it is drawn");
  });
}
