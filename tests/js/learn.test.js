// Issue 33's pure pieces (how the site teaches a game): the board's Rules panel for a view,
// the rules page's search and its highlights, the steps of a guided first game, a mark's
// title, and what each game's learn.js says of a view.
import { test } from "node:test";
import assert from "node:assert/strict";
import { highlightPieces, markTitle, matches, nextStep, panelModel, searchSections, searchWords, stepDone, valueAt } from "../../games/static/games/shell/learn_model.js";
import { learningFor } from "../../games/static/games/shell/learning.js";
import { MARKS as DEFENDERS_MARKS, phaseOf as defendersPhase } from "../../defenders/static/games/defenders/learn.js";
import { MARKS as WILDLANDS_MARKS, phaseOf as wildlandsPhase } from "../../wildlands/static/games/wildlands/learn.js";

const RULES = {
  title: "How to play",
  address: "/games/g/rules/",
  variants: {
    coop: { name: "Co-op", goal: "Five crystals.", win: ["five crystals"], lose: ["the track ends"] },
    duel: { name: "Duel", goal: "Five points.", win: ["five points"], lose: ["they get five"] },
  },
  phases: { play: { name: "Your turn", words: ["play cards"] }, ancients: { name: "Their turn", words: ["they act"] } },
};

test("the Rules panel shows the view's variant and the rules of its phase", () => {
  const m = panelModel(RULES, { variant: "duel", phase: "ancients" });
  assert.equal(m.variant.name, "Duel");
  assert.deepEqual(m.variant.lose, ["they get five"]);
  assert.deepEqual(m.phase, { key: "ancients", name: "Their turn", words: ["they act"] });
  assert.equal(m.address, "/games/g/rules/");
});

test("an unknown variant falls back to the document's first, an unknown phase shows none", () => {
  const m = panelModel(RULES, { variant: "nope", phase: "setup" });
  assert.equal(m.variant.name, "Co-op");
  assert.equal(m.phase, null);
});

test("a search keeps the sections holding every word, in any case", () => {
  const sections = [{ id: "a", text: "Walls stop moves." }, { id: "b", text: "Heal at a camp; walls too." }, { id: "c", text: "Items" }];
  assert.deepEqual(searchWords("  WALLS, camp! x"), ["walls", "camp"]);
  assert.deepEqual(searchSections(sections, "walls").kept, ["a", "b"]);
  assert.equal(searchSections(sections, "walls").said, "2 sections match.");
  assert.deepEqual(searchSections(sections, "walls camp").kept, ["b"]);
  assert.equal(searchSections(sections, "walls camp").said, "1 section matches.");
  assert.equal(searchSections(sections, "dragon").said, "Nothing in the rules matches that.");
  assert.deepEqual(searchSections(sections, "").kept, ["a", "b", "c"]);
  assert.equal(searchSections(sections, "").said, "");
  assert.equal(matches("Line of Sight", ["sight", "line"]), true);
});

test("the highlights cover exactly the words searched for, overlaps merged", () => {
  assert.deepEqual(highlightPieces("A wall, two walls.", ["wall"]), [
    { text: "A ", hit: false }, { text: "wall", hit: true }, { text: ", two ", hit: false },
    { text: "wall", hit: true }, { text: "s.", hit: false }]);
  assert.deepEqual(highlightPieces("toxic", ["tox", "oxic"]), [{ text: "toxic", hit: true }]);
  assert.deepEqual(highlightPieces("nothing", []), [{ text: "nothing", hit: false }]);
});

test("a guided step reads the view by a dotted path", () => {
  const v = { turn: { stage: "action", ap: 3 }, factions: [{ camps: [[1, 0]] }] };
  assert.equal(valueAt(v, "turn.stage"), "action");
  assert.deepEqual(valueAt(v, "factions.0.camps"), [[1, 0]]);
  assert.equal(valueAt(v, "factions.3.camps"), undefined);
});

test("a guided step is done when its check holds between the view it began at and now", () => {
  const start = { turn: { stage: "action", ap: 3 }, discard: [] };
  const spent = { turn: { stage: "action", ap: 2 }, discard: [] };
  const over = { turn: { stage: "machines", ap: 0 }, discard: ["engines-1"] };
  assert.equal(stepDone({ until: { path: "turn.ap", shrinks: true } }, start, start), false);
  assert.equal(stepDone({ until: { path: "turn.ap", shrinks: true } }, start, spent), true);
  assert.equal(stepDone({ until: { path: "turn.stage", not_equals: "action" } }, start, spent), false);
  assert.equal(stepDone({ until: { path: "turn.stage", not_equals: "action" } }, start, over), true);
  assert.equal(stepDone({ until: { path: "turn.stage", equals: "machines" } }, start, over), true);
  assert.equal(stepDone({ until: { path: "discard", grows: true } }, start, over), true);
  assert.equal(stepDone({ until: { path: "turn", changes: true } }, start, start), false);
  assert.equal(stepDone({ button: "Next" }, start, over), false); // a button step waits for its button
});

test("the guide moves on one done step, and past later steps a quick player already met", () => {
  const steps = [
    { id: "act", until: { path: "turn.ap", shrinks: true } },
    { id: "end", until: { path: "turn.stage", not_equals: "action" } },
    { id: "more", until: { path: "turn.ap", shrinks: true } },
    { id: "read", button: "I see" },
  ];
  const start = { turn: { stage: "action", ap: 3 } };
  assert.equal(nextStep(steps, 0, start, start), 0);
  assert.equal(nextStep(steps, 0, start, { turn: { stage: "action", ap: 2 } }), 1);
  // spent a point and ended the turn between two looks: "end" is met, "more" waits for a change
  assert.equal(nextStep(steps, 0, start, { turn: { stage: "machines", ap: 0 } }), 2);
  assert.equal(nextStep(steps, 4, start, start), 4);
});

test("a mark's title keeps the drawing's own words first and adds its meaning once", () => {
  const mark = { key: "mech", name: "A mech", words: "Destroy it for one support." };
  assert.equal(markTitle("", mark), "A mech: Destroy it for one support.");
  const once = markTitle("2 mechs", mark);
  assert.equal(once, "2 mechs — A mech: Destroy it for one support.");
  assert.equal(markTitle(once, mark), once);
});

test("each game says which variant and phase its view is in, and registers its teaching", () => {
  assert.deepEqual(defendersPhase({ turn: { stage: "organize" } }), { variant: "defenders", phase: "organize" });
  assert.deepEqual(wildlandsPhase({ mode: "awoken", turn: { phase: "ancients" } }), { variant: "awoken", phase: "ancients" });
  assert.deepEqual(wildlandsPhase({}), { variant: "", phase: "" });
  for (const name of ["defenders", "wildlands"]) {
    const parts = learningFor(name);
    assert.equal(typeof parts.drawExample, "function");
    assert.ok(Object.keys(parts.points).length > 0);
  }
  for (const key of ["mech", "engine", "wall", "breach", "factory", "pollution", "toxic", "camp"]) assert.ok(DEFENDERS_MARKS[key], key);
  for (const key of ["shard", "trap", "crystal", "object", "thin_ice", "tomb", "belt", "portal", "stair", "thorn"]) assert.ok(WILDLANDS_MARKS[key], key);
});
