// The map's own rules drawn on the board (wildlands/rules/maps/features.py): thorn edges as
// dashed thorny lines instead of walls, stairs as matching coloured outlines with a letter,
// portals as sunbursts, the tower as a crown of rays, numberless cores without a number and
// cores with a second number showing both. Every mark carries data-* attributes so a test
// (and a curious player's inspector) can find it.
import { svg } from "../shell/dom.js";

const STAIR_COLOURS = ["#2f7fbf", "#bf3f8f", "#3f9f4f", "#bf7f1f", "#6f4fbf", "#1f9f9f"];

function features(data) { return data.features || {}; }

/** The boundary between a and b is a thorn edge (drawn here, not as a wall). */
export function isThorn(data, a, b) {
  const lo = Math.min(a, b), hi = Math.max(a, b);
  return (features(data).thorns || []).some(([x, y]) => x === lo && y === hi);
}

function rays(layer, [cx, cy], inner, outer, count, attrs) {
  const g = svg("g", attrs, layer);
  for (let i = 0; i < count; i++) {
    const a = (i * Math.PI * 2) / count;
    svg("line", { x1: cx + inner * Math.cos(a), y1: cy + inner * Math.sin(a), x2: cx + outer * Math.cos(a), y2: cy + outer * Math.sin(a) }, g);
  }
  return g;
}

function drawThorns(map, layer) {
  const width = map.unit * 0.05;
  for (const b of map.data.boundaries) {
    if (!isThorn(map.data, b.a, b.b)) continue;
    const [[ax, ay], [bx, by]] = b.segment;
    svg("line", { x1: ax, y1: ay, x2: bx, y2: by, class: "thorn", "data-a": b.a, "data-b": b.b,
      "stroke-width": width, "stroke-dasharray": `${width * 2.2} ${width * 1.6}` }, layer);
    if (b.climb_into !== null && b.climb_into !== undefined) map.arrow(layer, b, map.unit * 0.07);
  }
}

function drawStairs(map, layer) {
  const r = map.coreR;
  (features(map.data).stairs || []).forEach((pair, i) => {
    const colour = STAIR_COLOURS[i % STAIR_COLOURS.length];
    const letter = String.fromCharCode(65 + i);
    for (const n of pair) {
      if (!map.has(n)) continue;
      const [cx, cy] = map.centre(n);
      const g = svg("g", { class: "stair", "data-space": n, "data-stair": letter, "data-to": pair[0] === n ? pair[1] : pair[0] }, layer);
      svg("circle", { cx, cy, r: r * 1.45, stroke: colour, "stroke-width": r * 0.22, fill: "none", "stroke-dasharray": `${r * 0.5} ${r * 0.18}` }, g);
      const t = svg("text", { transform: `translate(${cx + r * 1.55} ${cy - r * 1.3}) scale(${r / 28})`, "font-size": 21, fill: colour, "text-anchor": "middle", "dominant-baseline": "central" }, g);
      t.textContent = `⇅${letter}`;
    }
  });
}

function drawPortals(map, layer) {
  const r = map.coreR;
  const tower = features(map.data).tower;
  for (const n of features(map.data).portals || []) {
    if (!map.has(n)) continue;
    const isTower = n === tower;
    const g = rays(layer, map.centre(n), r * 1.25, r * (isTower ? 2.3 : 1.85), isTower ? 24 : 16,
      { class: `portal${isTower ? " tower" : ""}`, "data-space": n, "stroke-width": r * 0.12 });
    if (isTower) {
      const [cx, cy] = map.centre(n);
      svg("circle", { cx, cy, r: r * 1.2, fill: "none", "stroke-width": r * 0.16 }, g);
    }
  }
}

function renumber(map) {
  const f = features(map.data);
  for (const n of f.numberless || []) {
    const g = map.coreNodes.get(n);
    if (!g) continue;
    g.classList.add("numberless");
    g.setAttribute("data-numberless", "true");
    const text = g.querySelector("text");
    if (text) text.textContent = "";
  }
  for (const [n, second] of f.second_numbers || []) {
    const g = map.coreNodes.get(n);
    if (!g) continue;
    g.setAttribute("data-second", second);
    const text = g.querySelector("text");
    if (text) {
      text.textContent = `${n}/${second}`;
      text.setAttribute("font-size", 13);
    }
  }
}

/** Draw every map rule the board has, under the cores and the tokens. */
export function drawMapLinks(map, root) {
  const f = features(map.data);
  if (!Object.keys(f).length) return;
  const layer = svg("g", { class: "map-rules" });
  const cores = root.querySelector("g.cores");
  root.insertBefore(layer, cores);
  drawThorns(map, svg("g", { class: "thorns" }, layer));
  drawStairs(map, svg("g", { class: "stairs" }, layer));
  drawPortals(map, svg("g", { class: "portals" }, layer));
  renumber(map);
}
