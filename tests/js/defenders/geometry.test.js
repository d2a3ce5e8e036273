// Hex geometry to pixels: the board on screen agrees with the rules core's directions and
// corners (defenders/rules/hexes.py), and every hex and edge fits the drawing.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  SIZE, boardHexes, corner, directionTo, edgeEnds, edgeKey, engineEnds, hexToPixel, step, viewBox,
} from "../../../defenders/static/games/defenders/geometry.js";

const near = (a, b) => Math.abs(a - b) < 1e-9;
const fixed = (n) => (Math.round(n * 1e6) / 1e6 + 0).toFixed(6); // + 0: no "-0"
const point = (p) => `${fixed(p.x)},${fixed(p.y)}`;

test("the core sits at the origin and east is one hex width to the right", () => {
  assert.deepEqual(hexToPixel([0, 0]), { x: 0, y: 0 });
  const east = hexToPixel([1, 0]);
  assert.ok(near(east.x, SIZE * Math.sqrt(3)) && near(east.y, 0));
  const southEast = hexToPixel([0, 1]); // direction 1: down and to the right on screen
  assert.ok(southEast.x > 0 && southEast.y > 0);
});

test("the board has the core and 36 habitat hexes", () => {
  const hexes = boardHexes();
  assert.equal(hexes.length, 37);
  assert.deepEqual(hexes[0], [0, 0]);
});

test("directions run clockwise from east as in the core", () => {
  assert.equal(directionTo([0, 0], [1, 0]), 0);
  assert.equal(directionTo([0, 0], [0, 1]), 1);
  assert.equal(directionTo([0, 0], [-1, 0]), 3);
  assert.equal(directionTo([0, 0], [2, 0]), -1);
  assert.deepEqual(step([0, 0], 5), [1, -1]);
});

test("corner 0 is at 30 degrees, below and right of the centre", () => {
  const c = corner([0, 0], 0);
  assert.ok(near(c.x, SIZE * Math.cos(Math.PI / 6)) && near(c.y, SIZE / 2));
});

test("an edge has the same two ends seen from either hex, and the same key", () => {
  for (const hex of boardHexes()) {
    for (let d = 0; d < 6; d++) {
      const other = step(hex, d);
      const one = edgeEnds([hex, other]).map(point).sort();
      const two = edgeEnds([other, hex]).map(point).sort();
      assert.deepEqual(one, two);
      assert.equal(edgeKey([hex, other]), edgeKey([other, hex]));
    }
  }
  assert.equal(edgeEnds([[0, 0], [2, 0]]), null);
});

test("the edge between the core and its east neighbour is vertical, half a hex either side", () => {
  const [a, b] = edgeEnds([[0, 0], [1, 0]]);
  assert.ok(near(a.x, b.x) && near(a.x, SIZE * Math.sqrt(3) / 2));
  assert.ok(near(Math.abs(a.y - b.y), SIZE));
});

test("an engine's front is the end of its edge at the hex it faces", () => {
  const [back, front] = engineEnds({ left: [0, 0], right: [1, 0], ahead: [1, -1] });
  assert.ok(front.y < back.y); // (1, -1) lies above the edge
  const [, down] = engineEnds({ left: [0, 0], right: [1, 0], ahead: [0, 1] });
  assert.ok(down.y > 0);
});

test("the view box holds every corner of the board with room to spare", () => {
  const [x, y, w, hgt] = viewBox().split(" ").map(Number);
  for (const hex of boardHexes()) {
    for (let k = 0; k < 6; k++) {
      const p = corner(hex, k);
      assert.ok(p.x > x && p.x < x + w && p.y > y && p.y < y + hgt, `corner ${k} of ${hex}`);
    }
  }
});
