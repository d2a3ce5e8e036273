// A map's own rules drawn on the board: slippery ground, thin ice, conveyor belts and their
// arrows, tombs and the curses they still hold. Drawn from the board data's `features`
// (wildlands/rules/maps/features.py) so a new map combining them is drawn without a line of code;
// the curses left in the tombs come from each view (`map_rules.cursed_tombs`).
import { svg } from "../shell/dom.js";
import { curseBadge } from "./map_legend.js";

/** Draw every feature of this kind the board has, in a layer above the cells. */
export function drawIceBeltsTombs(map, parent) {
  const features = map.data.features || {};
  const layer = svg("g", { class: "map-rules" }, parent);
  const r = map.coreR;
  if (features.slippery) {
    const slippery = features.slippery === true ? map.data.spaces.map((s) => s.n) : features.slippery;
    for (const n of slippery) map.cellNodes.get(n)?.classList.add("slippery");
  }
  for (const n of features.thin_ice || []) {
    const [cx, cy] = map.centre(n);
    const g = svg("g", { class: "thin-ice", "data-space": n }, layer);
    svg("circle", { cx, cy, r: r * 1.75, "stroke-width": r * 0.22 }, g);
    // cracks running out from the ring
    for (const a of [0.4, 2.1, 3.9, 5.2]) {
      const x1 = cx + Math.cos(a) * r * 1.75, y1 = cy + Math.sin(a) * r * 1.75;
      const x2 = cx + Math.cos(a + 0.25) * r * 2.6, y2 = cy + Math.sin(a + 0.25) * r * 2.6;
      svg("line", { x1, y1, x2, y2, "stroke-width": r * 0.14 }, g);
    }
  }
  for (const belt of features.belts || []) drawBelt(map, layer, belt);
  for (const n of features.tombs || []) {
    const [cx, cy] = map.centre(n);
    const g = svg("g", { class: "tomb", "data-space": n }, layer);
    const w = r * 2.2, h = r * 1.3, y = cy + r * 1.35;
    svg("rect", { x: cx - w / 2, y, width: w, height: h, rx: r * 0.3, "stroke-width": r * 0.12 }, g);
    svg("line", { x1: cx, y1: y + h * 0.18, x2: cx, y2: y + h * 0.82, "stroke-width": r * 0.12 }, g);
    svg("line", { x1: cx - w * 0.18, y1: y + h * 0.4, x2: cx + w * 0.18, y2: y + h * 0.4, "stroke-width": r * 0.12 }, g);
    // the curse, while the tomb still holds it: a skull badge, never drawn like a shard
    curseBadge(g, cx + w * 0.78, y - r * 0.1, r * 0.95);
  }
  return layer;
}

function drawBelt(map, layer, belt) {
  const g = svg("g", { class: "belt", "data-belt": belt.name }, layer);
  const points = belt.path.map((n) => map.centre(n));
  const w = map.coreR * 0.5;
  svg("polyline", { points: points.map((p) => p.join(",")).join(" "), "stroke-width": w }, g);
  // an arrow halfway along each step, pointing the way the belt runs
  for (let i = 0; i + 1 < points.length; i++) {
    const [ax, ay] = points[i], [bx, by] = points[i + 1];
    const len = Math.hypot(bx - ax, by - ay) || 1;
    const ux = (bx - ax) / len, uy = (by - ay) / len;
    const mx = (ax + bx) / 2, my = (ay + by) / 2, s = w * 1.6;
    const tip = [mx + ux * s, my + uy * s];
    const left = [mx - ux * s * 0.6 - uy * s, my - uy * s * 0.6 + ux * s];
    const right = [mx - ux * s * 0.6 + uy * s, my - uy * s * 0.6 - ux * s];
    svg("polygon", { class: "belt-arrow", "data-from": belt.path[i], "data-to": belt.path[i + 1], points: [tip, left, right].map((p) => p.join(",")).join(" ") }, g);
  }
  const [sx, sy] = points[0];
  const label = svg("text", { class: "belt-name", transform: `translate(${sx} ${sy - map.coreR * 2.1}) scale(${map.coreR / 24})`, "font-size": 20, "text-anchor": "middle" }, g);
  label.textContent = `${belt.name} belt`;
}

/** Which tombs still hold their curse, from the view (all of them before any is taken). */
export function showCurses(map, view) {
  const cursed = view && view.map_rules && view.map_rules.cursed_tombs;
  for (const node of map.root.querySelectorAll(".map-rules .tomb")) {
    const n = Number(node.dataset.space);
    node.classList.toggle("cursed", !cursed || cursed.includes(n));
  }
}
