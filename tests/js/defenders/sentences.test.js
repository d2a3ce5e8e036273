// The log in words: every event kind the core registers has a sentence of its own (none falls
// through to the kind's bare name), a seat reads "you" for itself, and a secret's placeholder
// writes no line.
import { test } from "node:test";
import assert from "node:assert/strict";
import { describe, logClass } from "../../../defenders/static/games/defenders/sentences.js";
import { FIXTURES, namesFor, registeredKinds } from "./support.js";

// kinds the fixtures' games never emitted, in the shapes the core's events.add writes them
const RARE = {
  ability_fizzled: { card: "coven-comfrey", faction: "coven", for_faction: "coven" },
  action_points_gained: { faction: "council", ap: 1, why: "bread" },
  camp_relocated: { faction: "order", origin: [-3, 3], to: [1, -1] },
  engine_stuck: { engine: 1 },
  faction_exited: { faction: "council" },
  first_player_passed: { origin: "p2", to: "p1" },
  game_set_up: { seats: ["p1", "p2"], factions: { p1: ["order"], p2: ["sect"] }, tier: "expert", first: "p2" },
  machine_turn_skipped: { seat: "p1" },
  organizer_relocated: { faction: "sect", to: [2, -2], why: "sect-burrow" },
  toxic_site_cleared: { faction: "order", hex: [0, 1], why: "action" },
  command_undone: { player: "p2", back_to: 41 },
};

const bare = (kind) => kind[0].toUpperCase() + kind.slice(1).replace(/_/g, " ") + ".";

test("the core registers the kinds the board words", () => {
  const kinds = registeredKinds();
  assert.ok(kinds.includes("engine_advanced") && kinds.includes("defender_chosen_privately"));
  assert.ok(kinds.length >= 50, `${kinds.length} kinds`);
});

test("every registered kind has a sentence of its own", () => {
  const names = namesFor("p1", FIXTURES.action.view);
  for (const kind of registeredKinds()) {
    const sample = FIXTURES.kinds[kind] || (RARE[kind] && { kind, ...RARE[kind] }) || { kind };
    const text = describe(sample, names, FIXTURES.action.view);
    assert.ok(text && text !== bare(kind), `${kind}: ${text}`);
    assert.match(text, /[.!]$/, kind);
    assert.doesNotMatch(text, /undefined|NaN|\[object/, `${kind}: ${text}`);
  }
});

test("every kind the core's games emitted reads without gaps", () => {
  const names = namesFor("p2", FIXTURES.action.view);
  for (const e of Object.values(FIXTURES.kinds)) {
    assert.doesNotMatch(describe(e, names, FIXTURES.action.view), /undefined|NaN|null/, e.kind);
  }
});

test("the organize phase's lines name a pick only to the seat that made it", () => {
  const mine = namesFor("p1");
  const theirs = namesFor("p2");
  assert.equal(describe({ kind: "defender_chosen", seat: "p1" }, mine), "You have picked an active defender.");
  assert.equal(describe({ kind: "defender_chosen", seat: "p1" }, theirs), "Ada has picked an active defender.");
  assert.match(describe({ kind: "defender_chosen_privately", card: "order-sorrel" }, mine), /^You picked Sorrel;/);
  assert.equal(describe({ kind: "defenders_revealed", defenders: { p1: "order-sorrel", p2: "sect-bolt" } }, theirs),
    "The active defenders are turned over: Sorrel for Ada and Bolt for you.");
});

test("the machines' steps read as what the board shows", () => {
  const names = namesFor("p1");
  const view = { habitats: [[[1, 0], "plains"], [[1, -1], "forest"]], factories: [] };
  assert.equal(describe({ kind: "engine_advanced", engine: 0, origin: [[1, -1], [2, -2]], to: [[1, -1], [2, -1]], around: [1, -1] }, names, view),
    "Engine 1 rolls on around the forest north-east of the core.");
  assert.equal(describe({ kind: "pollution_spread", origin: [0, 0], to: [1, 0], tile: 4, direction: 0 }, names, view),
    "Pollution spreads from the machine core into the plains east of the core.");
  assert.equal(describe({ kind: "mech_moved", origin: [2, 0], to: [1, 0], count: 2, pursued: "sect" }, names, view),
    "2 hunter mechs close in on The Sect, from the hex two steps east of the core to the plains east of the core.");
  assert.equal(describe({ kind: "machine_card_drawn", card: "engines-2", card_kind: "engines", difficult: false }, names), "The machines draw an Engines card.");
  assert.equal(describe({ kind: "machine_card_drawn", card: "mechs-1-difficult", card_kind: "mechs", difficult: true }, names), "The machines draw a difficult Mechs card.");
  assert.equal(logClass({ kind: "factory_landed" }), "machine");
});

test("the end of the game says why", () => {
  const names = namesFor(null);
  assert.match(describe({ kind: "game_ended", result: "lost", cause: "toxic_disaster" }, names), /^The defenders lose: a seventh toxic site/);
  assert.match(describe({ kind: "game_ended", result: "won", cause: "rewilded" }, names), /^The defenders win/);
  assert.equal(describe({ kind: "hidden" }, names), "");
});
