// The machine turn shown step by step: applying a turn's events one at a time to the board
// before it ends on the board the core's view shows after it (engines, walls, factories,
// mechs, pollution, toxic sites, direction), so what is watched is what happened.
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyEvent, boardOf, countAt, engineOn } from "../../../defenders/static/games/defenders/model.js";
import { edgeKey, hexKey } from "../../../defenders/static/games/defenders/geometry.js";
import { FIXTURES } from "./support.js";

const edges = (list) => list.map(edgeKey).sort();
const counts = (list) => list.map(([h, n]) => `${hexKey(h)}=${n}`).sort();
const engine = (g) => (g ? `${edgeKey([g.left, g.right])}>${hexKey(g.ahead)}` : "core");

test("the fixtures hold machine turns that land factories and spread pollution", () => {
  const kinds = new Set(FIXTURES.machine_turns.flatMap((t) => t.events.map((e) => e.kind)));
  for (const kind of ["engine_advanced", "wall_built", "factory_landed", "pollution_spread", "mech_moved", "engine_deployed"]) {
    assert.ok(kinds.has(kind), kind);
  }
});

for (const [i, turn] of FIXTURES.machine_turns.entries()) {
  const card = turn.events.find((e) => e.kind === "machine_card_drawn");
  test(`machine turn ${i + 1} (${card ? card.card : "no card"}) ends on the core's board`, () => {
    const board = boardOf(turn.before);
    for (const e of turn.events) applyEvent(board, e);
    const after = turn.after;
    assert.deepEqual(edges(board.walls), edges(after.walls), "walls");
    assert.deepEqual(board.engines.map(engine), after.engines.map(engine), "engines");
    assert.deepEqual(board.factories.map(([h, t, w]) => `${hexKey(h)}:${t}:${w}`).sort(), after.factories.map(([h, t, w]) => `${hexKey(h)}:${t}:${w}`).sort(), "factories");
    assert.deepEqual(counts(board.mechs), counts(after.mechs), "mechs");
    assert.deepEqual(counts(board.pollution), counts(after.pollution), "pollution");
    assert.deepEqual(board.toxic.map(hexKey).sort(), after.toxic.map(hexKey).sort(), "toxic sites");
    assert.deepEqual(board.core, after.core, "factory stack");
    assert.equal(board.direction, after.direction);
  });
}

const factions = (list) => list.map((f) => `${f.id}@${f.exited ? "gone" : f.at ? hexKey(f.at) : "-"}:${f.camps.map(hexKey).sort().join("/")}`);
const breaches = (list) => list.map(([e, f]) => `${edgeKey(e)}=${f}`).sort();

test("the players' moves on the board end where the core puts them", () => {
  const kinds = new Set(FIXTURES.player_kinds);
  for (const kind of ["organizer_moved", "camp_built", "wall_breached", "mech_destroyed", "pollution_cleared"]) assert.ok(kinds.has(kind), kind);
  for (const step of FIXTURES.player_steps) {
    const board = boardOf(step.before);
    for (const e of step.events) applyEvent(board, e);
    const said = step.events.map((e) => e.kind).join(", ");
    assert.deepEqual(factions(board.factions), factions(step.after.factions), said);
    assert.deepEqual(breaches(board.breaches), breaches(step.after.breaches), said);
    assert.deepEqual(counts(board.mechs), counts(step.after.mechs), said);
    assert.deepEqual(counts(board.pollution), counts(step.after.pollution), said);
    assert.deepEqual(board.toxic.map(hexKey).sort(), step.after.toxic.map(hexKey).sort(), said);
    assert.deepEqual(board.factories.map(([h, t, w]) => `${hexKey(h)}:${t}:${w}`).sort(), step.after.factories.map(([h, t, w]) => `${hexKey(h)}:${t}:${w}`).sort(), said);
  }
});

test("each machine step that changes the board names the places to flash", () => {
  const board = boardOf(FIXTURES.machine_turns[0].before);
  const wall = FIXTURES.machine_turns.flatMap((t) => t.events).find((e) => e.kind === "wall_built");
  const places = applyEvent(board, wall);
  assert.deepEqual(places.edges.map(edgeKey), [edgeKey(wall.edge)]);
  assert.equal(applyEvent(board, { kind: "machines_turn_started" }), null);
});

test("a hunter closing in leaves its hex and joins the next", () => {
  const board = boardOf({ mechs: [[[1, 1], 2]], factions: [] });
  const places = applyEvent(board, { kind: "mech_moved", origin: [1, 1], to: [1, 2], count: 1, pursued: "order" });
  assert.deepEqual(places.path, [[1, 1], [1, 2]]); // drawn as an arrow while the caption reads it
  assert.equal(countAt(board.mechs, [1, 1]), 1);
  assert.equal(countAt(board.mechs, [1, 2]), 1);
});

test("an engine out of a factory faces away from it", () => {
  assert.deepEqual(engineOn([[0, 1], [1, 0]], [0, 0]).ahead, [1, 1]);
});

test("a hex's tooltip says what stands in it", async () => {
  const { contents } = await import("../../../defenders/static/games/defenders/board_svg.js");
  const board = boardOf({
    pollution: [[[1, 1], 2]], mechs: [[[1, 1], 1]], toxic: [[2, 0]],
    factions: [{ id: "order", seat: "p1", at: [1, 1], camps: [[1, 1]] }, { id: "sect", seat: "p2", at: null, camps: [], exited: true }],
  });
  assert.deepEqual(contents(board, [1, 1]), ["2 pollution", "1 mech", "Order camp", "Order organizer"]);
  assert.deepEqual(contents(board, [2, 0]), ["a toxic site"]);
  assert.deepEqual(contents(board, [0, 2]), []);
});
