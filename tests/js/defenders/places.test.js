// Hexes in words: every hex of the board has words of its own (its habitat and a landmark the
// board shows: the core, a factory), no two hexes share them, no coordinate is ever written,
// and a sentence made of them is cut into the places it names so the page can light them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Spots, edgeWords, markPlaces, placeWords, stepsFromCore } from "../../../defenders/static/games/defenders/places.js";
import { boardHexes, hexKey } from "../../../defenders/static/games/defenders/geometry.js";
import { describe } from "../../../defenders/static/games/defenders/sentences.js";
import { FIXTURES, namesFor } from "./support.js";

const board = (factories = []) => ({ habitats: FIXTURES.action.view.habitats, factories });

test("the hexes next to the core are named by their habitat and their side of it", () => {
  const b = { habitats: [[[1, -1], "forest"], [[-1, 0], "marsh"]], factories: [] };
  assert.equal(placeWords([1, -1], b), "the forest north-east of the core");
  assert.equal(placeWords([-1, 0], b), "the marsh west of the core");
  assert.equal(placeWords([0, 0], b), "the machine core");
  assert.equal(placeWords(null, b), "off the board");
});

test("a hex beside a factory is named from it; a factory's own hex by its number", () => {
  const b = { habitats: [[[3, -1], "plains"], [[2, -1], "mountain"]], factories: [[[2, -1], 4, false]] };
  assert.equal(placeWords([3, -1], b), "the plains east of factory 4");
  assert.equal(placeWords([2, -1], b), "factory 4");
  b.factories[0][2] = true;
  assert.equal(placeWords([2, -1], b), "rewilded factory 4");
});

test("other hexes are counted in steps from the core", () => {
  const b = { habitats: [[[2, 0], "forest"], [[2, 1], "marsh"], [[1, 2], "plains"]], factories: [] };
  assert.equal(placeWords([2, 0], b), "the forest two steps east of the core");
  assert.equal(placeWords([2, 1], b), "the marsh two steps east and a step south-east of the core");
  assert.equal(placeWords([1, 2], b), "the plains a step east and two steps south-east of the core");
  for (const hex of boardHexes().slice(1)) assert.ok(stepsFromCore(hex).length, hexKey(hex));
});

test("no two hexes of a board share words, with or without factories, and no coordinate shows", () => {
  for (const factories of [[], [[[2, -1], 1, false], [[-2, 2], 3, true], [[0, 3], 5, false]]]) {
    const seen = new Map();
    for (const hex of boardHexes()) {
      const words = placeWords(hex, board(factories));
      assert.doesNotMatch(words, /\d,|\(|-\d/, words);
      assert.ok(!seen.has(words), `${words}: ${hexKey(hex)} and ${seen.get(words)}`);
      seen.set(words, hexKey(hex));
    }
  }
});

test("an edge is named by the two hexes it lies between", () => {
  const b = { habitats: [[[1, -1], "forest"], [[1, 0], "plains"]], factories: [] };
  assert.equal(edgeWords([[1, -1], [1, 0]], b), "the edge between the forest north-east of the core and the plains east of the core");
});

test("a sentence is cut into the places it names, each pointing at its hex or edge", () => {
  const spots = new Spots();
  spots.hex("the forest north-east of the core", [1, -1]);
  spots.hex("the plains east of the core", [1, 0]);
  spots.edge("the edge between the forest north-east of the core and the plains east of the core", [[1, -1], [1, 0]]);
  const pieces = markPlaces("The forest north-east of the core is walled off from the edge between the forest north-east of the core and the plains east of the core.", spots);
  assert.deepEqual(pieces.map((p) => p.text), ["The forest north-east of the core", " is walled off from ",
    "the edge between the forest north-east of the core and the plains east of the core", "."]);
  assert.deepEqual(pieces[0].spot.hexes, [[1, -1]]);
  assert.deepEqual(pieces[2].spot.edges, [[[1, -1], [1, 0]]]);
  assert.deepEqual(markPlaces("Nothing here.", spots), [{ text: "Nothing here." }]);
});

test("the log names no hex by coordinates, and remembers the places it named", () => {
  const view = FIXTURES.action.view;
  const names = namesFor("p1", view);
  for (const e of [...Object.values(FIXTURES.kinds), ...FIXTURES.machine_turns.flatMap((t) => t.events)]) {
    const text = describe(e, names, view);
    assert.doesNotMatch(text, /\(-?\d+, -?\d+\)/, `${e.kind}: ${text}`);
  }
  const text = describe({ kind: "organizer_moved", faction: "order", to: [1, -1] }, names, view);
  const place = markPlaces(text, names.spots).find((p) => p.spot);
  assert.ok(place, text);
  assert.deepEqual(place.spot.hexes, [[1, -1]]);
});
