// The board's hex geometry on screen: axial (q, r) hexes of the view to SVG pixels, pointy-top
// with y growing downwards, exactly as the rules core reckons them (defenders/rules/hexes.py:
// direction 0 is east and they turn clockwise; corner k lies at 60k + 30 degrees, between
// sides k and k + 1). Pure: tests/js/defenders drives it.

export const SIZE = 40; // a hex's centre to its corners, in SVG units
export const RADIUS = 3; // rings of habitat hexes around the machine core
export const DIRECTIONS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];
const ROOT3 = Math.sqrt(3);

/** The key a hex is found by in maps and data attributes: "q,r". */
export function hexKey(hex) { return `${hex[0]},${hex[1]}`; }

/** [q, r] from a key. */
export function parseKey(key) { return String(key).split(",").map(Number); }

/** An edge's key, the same whichever way round its two hexes come (as the core's sorted pair). */
export function edgeKey(edge) {
  const [a, b] = edge;
  const first = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  return first ? `${hexKey(a)}|${hexKey(b)}` : `${hexKey(b)}|${hexKey(a)}`;
}

export function distance(a, b) {
  const dq = a[0] - b[0];
  const dr = a[1] - b[1];
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
}

export function onBoard(hex) { return distance(hex, [0, 0]) <= RADIUS; }

/** The core and the 36 habitat hexes, ring by ring. */
export function boardHexes() {
  const cells = [];
  for (let q = -RADIUS; q <= RADIUS; q++) {
    for (let r = -RADIUS; r <= RADIUS; r++) if (onBoard([q, r])) cells.push([q, r]);
  }
  return cells.sort((a, b) => distance(a, [0, 0]) - distance(b, [0, 0]) || a[0] - b[0] || a[1] - b[1]);
}

/** The centre of a hex in SVG units. */
export function hexToPixel(hex, size = SIZE) {
  const [q, r] = hex;
  return { x: size * ROOT3 * (q + r / 2), y: size * 1.5 * r };
}

/** Corner k (0-5) of a hex: at 60k + 30 degrees from its centre. */
export function corner(hex, k, size = SIZE) {
  const c = hexToPixel(hex, size);
  const angle = (Math.PI / 180) * (60 * (((k % 6) + 6) % 6) + 30);
  return { x: c.x + size * Math.cos(angle), y: c.y + size * Math.sin(angle) };
}

/** The six corners as an SVG polygon's points, shrunk by `inset` units towards the centre. */
export function hexPoints(hex, size = SIZE, inset = 0) {
  return [0, 1, 2, 3, 4, 5].map((k) => {
    const p = corner(hex, k, size - inset);
    return `${round(p.x)},${round(p.y)}`;
  }).join(" ");
}

/** The direction (0-5) from `a` to its neighbour `b`, or -1 when they are not neighbours. */
export function directionTo(a, b) {
  return DIRECTIONS.findIndex(([dq, dr]) => b[0] - a[0] === dq && b[1] - a[1] === dr);
}

export function step(hex, direction) {
  const [dq, dr] = DIRECTIONS[((direction % 6) + 6) % 6];
  return [hex[0] + dq, hex[1] + dr];
}

/** The two ends of the edge between neighbours a and b (side d of a lies between its corners
 * d - 1 and d); null when they are not neighbours. */
export function edgeEnds(edge, size = SIZE) {
  const [a, b] = edge;
  const d = directionTo(a, b);
  if (d < 0) return null;
  return [corner(a, d - 1, size), corner(a, d, size)];
}

export function edgeMiddle(edge, size = SIZE) {
  const ends = edgeEnds(edge, size);
  if (!ends) return null;
  return { x: (ends[0].x + ends[1].x) / 2, y: (ends[0].y + ends[1].y) / 2 };
}

/** An engine on edge left|right faces the corner it shares with `ahead`: [its back end, its front]. */
export function engineEnds(engine, size = SIZE) {
  const ends = edgeEnds([engine.left, engine.right], size);
  if (!ends) return null;
  const a = hexToPixel(engine.ahead, size);
  const d0 = Math.hypot(ends[0].x - a.x, ends[0].y - a.y);
  const d1 = Math.hypot(ends[1].x - a.x, ends[1].y - a.y);
  return d0 < d1 ? [ends[1], ends[0]] : [ends[0], ends[1]];
}

/** The SVG viewBox holding the whole board with a margin for the perimeter's edges. */
export function viewBox(size = SIZE, margin = 14) {
  const halfWidth = size * ROOT3 * (RADIUS + 0.5) + margin;
  const halfHeight = size * (1.5 * RADIUS + 1) + margin;
  return `${round(-halfWidth)} ${round(-halfHeight)} ${round(2 * halfWidth)} ${round(2 * halfHeight)}`;
}

export function round(n) { return Math.round(n * 100) / 100; }
