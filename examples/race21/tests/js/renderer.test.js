// Race to 21's renderer, held to the race's rules words and to the shell's Renderer
// (run with tests/js/static_folders.mjs, so "../shell/" resolves as in the browser).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Renderer } from "../../../../games/static/games/shell/renderer.js";
import { Race21Renderer } from "../../static/games/race21/renderer.js";
import { additions, sentence, status } from "../../static/games/race21/words.js";

const VIEW = { total: 7, target: 21, turn: "p2", house_due: false, winner: null, seats: ["p1", "p2"], outcome: null };
const ADDS = [3, 1, 2].map((n) => ({ do: "add", n }));

function renderer({ view = VIEW, seat = "p2", legal = ADDS, page = "board" } = {}) {
  const root = { dataset: {}, querySelector: () => null };
  return new Race21Renderer({ view, seat, legal }, root, { page });
}

test("each event of the race, as the site sends it, reads as a sentence, the reader's own seat as 'You'", () => {
  assert.equal(sentence({ kind: "added", seat: "p1", n: 3, total: 3 }, "p1"), "You added 3: the total is 3.");
  assert.equal(sentence({ kind: "added", seat: "p2", n: 2, total: 9 }, "p1"), "Player 2 added 2: the total is 9.");
  assert.equal(sentence({ kind: "house_added", total: 4 }, "p1"), "The house added 1: the total is 4.");
  assert.equal(sentence({ kind: "taken_back", seat: "p1", total: 0 }, "p2"),
    "Player 1 took back the last addition: the total is 0.");
  assert.equal(sentence({ kind: "race_won", winner: "house" }, "p1"), "The house reached the target: both players lose.");
  assert.equal(sentence({ kind: "race_won", winner: "p2" }, "p2"), "You reached the target and won.");
  assert.equal(sentence({ kind: "something_else" }, "p1"), "");
});

test("the additions offered are the legal ones, smallest first, and nothing else", () => {
  assert.deepEqual(additions([...ADDS, { do: "undo" }]), [1, 2, 3]);
  assert.deepEqual(additions(null), []);
});

test("the status says whose turn it is, that the house is adding, or who won", () => {
  assert.deepEqual(status(VIEW, "p2", ADDS), { text: "Your turn: add 1, 2 or 3 (first to 21).", yours: true });
  assert.deepEqual(status(VIEW, "p1", []), { text: "Player 2 to add (first to 21).", yours: false });
  assert.deepEqual(status(VIEW, "p2", null), { text: "Your turn to add (first to 21).", yours: false }); // a replay
  assert.equal(status({ ...VIEW, house_due: true }, "p2", []).text, "The house is adding 1…");
  assert.equal(status({ ...VIEW, winner: "house" }, "p1", []).text, "The house won the race.");
  assert.equal(status({ ...VIEW, winner: "p1" }, "p1", []).text, "You won the race.");
});

test("the renderer is the shell's Renderer: the race's words, the base's undo and outcome", () => {
  const live = renderer();
  assert.ok(live instanceof Renderer);
  assert.equal(live.describe({ kind: "house_added", total: 8 }), "The house added 1: the total is 8.");
  assert.deepEqual(live.banner(), { round: "", text: "Your turn: add 1, 2 or 3 (first to 21).", yours: true, classes: [] });
  assert.equal(live.handOff().undo.shown, false);
  assert.equal(renderer({ legal: [{ do: "undo" }] }).handOff().undo.enabled, true);
  const lost = renderer({ view: { ...VIEW, winner: "house", outcome: { result: "lost" } }, legal: [] });
  assert.equal(lost.outcome().title, "Lost");
  assert.equal(lost.banner().yours, false);
});

test("a replay offers no additions: it sends nothing", () => {
  const replay = renderer({ page: "replay" });
  assert.equal(replay.legal, null);
  assert.equal(replay.banner().yours, false);
});
