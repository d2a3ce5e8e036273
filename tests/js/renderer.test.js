// The renderer contract (shell/renderer.js): a game overrides only what it needs, and the
// shell asks a renderer for nothing the contract does not list.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { RENDERER_MEMBERS, Renderer } from "../../games/static/games/shell/renderer.js";

const SHELL = new URL("../../games/static/games/shell/", import.meta.url);

class Tally extends Renderer {
  applyView(view) { this.drawn = view.total; }
}

function app(view, { seat = "p1", legal = [] } = {}) {
  return { view, seat, legal };
}

test("a renderer that only draws its view gets every other member from the base", () => {
  const view = { version: 3, turn: { round: 2 }, total: 7 };
  const game = new Tally(app(view, { legal: [{ do: "add", n: 1 }, { do: "end_turn" }] }), {}, { page: "board" });
  game.applyView(view, []);
  assert.equal(game.drawn, 7);
  assert.deepEqual(game.banner(), { round: "Round 2", text: "Your move.", yours: true, classes: [] });
  const turn = game.handOff();
  assert.equal(turn.seated && turn.canEnd, true);
  assert.equal(turn.undo.shown, false);
  assert.equal(turn.both.shown, false);
  assert.equal(game.describe({ kind: "total_reached" }), "Total reached.");
  assert.equal(game.logClass({ kind: "x" }), "");
  assert.equal(game.refusalWords("not your turn"), "not your turn");
  assert.equal(game.paced(view), false);
  assert.equal(game.pacingOver(), true);
  assert.equal(game.outcome(), null);
  assert.deepEqual(game.parts, {});
});

test("the defaults follow the view: a finished game, a seat waiting, a replay", async () => {
  const over = { turn: { round: 5 }, outcome: { result: "lost", cause: "house_reached_target" } };
  const game = new Tally(app(over), {}, {});
  assert.deepEqual(game.outcome(), { won: false, title: "Lost", cause: "Because of house reached target.", rounds: "" });
  assert.equal(game.banner().text, "The game is over.");
  assert.equal(game.handOff().seated, false);
  const waiting = new Tally(app({ turn: {} }, { legal: [] }), {}, {});
  assert.deepEqual(waiting.banner(), { round: "", text: "Waiting for the others.", yours: false, classes: [] });
  const replay = new Tally(app({ turn: { round: 1 } }, { legal: [{ do: "undo" }] }), {}, { page: "replay" });
  assert.equal(replay.live, false);
  assert.equal(replay.legal, null);
  assert.equal(await replay.animate({ kind: "x" }, { paced: false }), false);
  const reader = replay.historyReader(null, null);
  assert.equal(reader.describe({ kind: "added" }), "Added.");
  assert.equal(reader.keep(), null);
});

test("undo is offered when the seat's legal commands hold it", () => {
  const game = new Tally(app({ turn: {} }, { legal: [{ do: "undo" }] }), {}, {});
  const turn = game.handOff();
  assert.deepEqual([turn.undo.shown, turn.undo.enabled, turn.canEnd], [true, true, false]);
});

test("a renderer that draws nothing says so", () => {
  const bare = new Renderer(app({}), {}, {});
  assert.throws(() => bare.applyView({}, null), /Renderer must draw the view \(applyView\)/);
});

test("the shell asks a renderer for nothing the contract does not list, and the base has it all", () => {
  const asked = new Set();
  for (const file of readdirSync(SHELL).filter((f) => f.endsWith(".js") && f !== "renderer.js")) {
    const text = readFileSync(new URL(file, SHELL), "utf8");
    for (const m of text.matchAll(/\bgame\.([A-Za-z_]\w*)/g)) asked.add(m[1]);
  }
  assert.ok(asked.size >= 10, "the shell's calls were found");
  assert.deepEqual([...asked].filter((name) => !RENDERER_MEMBERS.includes(name)).sort(), []);
  const base = new Tally(app({ turn: {} }), {}, {});
  assert.deepEqual(RENDERER_MEMBERS.filter((name) => !(name in base)), []);
});

test("Defenders of the Wild's renderer is one: it keeps the base's state and reader", async () => {
  const { DefendersRenderer } = await import("../../defenders/static/games/defenders/renderer.js");
  assert.ok(DefendersRenderer.prototype instanceof Renderer);
  for (const name of ["view", "seat", "legal", "historyReader"]) {
    assert.ok(!Object.prototype.hasOwnProperty.call(DefendersRenderer.prototype, name), `${name} is the base's`);
  }
});

test("Wildlands' renderers, live and replay, are ones too", async () => {
  const { WildlandsRenderer } = await import("../../wildlands/static/games/wildlands/renderer.js");
  assert.ok(WildlandsRenderer.prototype instanceof Renderer);
  for (const name of ["view", "seat", "legal"]) {
    assert.ok(!Object.prototype.hasOwnProperty.call(WildlandsRenderer.prototype, name), `${name} is the base's`);
  }
});
