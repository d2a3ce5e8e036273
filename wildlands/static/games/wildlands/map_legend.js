// What a map's own rules do, in words: the side panel's map legend (one line per feature the
// map has, with a small picture drawn like the map draws it), a tooltip on every space that
// carries a feature, and the words a tap on such a space shows. The features come from the
// board data (wildlands/rules/maps/features.py), so a new map combining them explains itself.
import { h, svg } from "../shell/dom.js";

/** One entry per feature kind: its name, what it does, and the spaces it marks. */
const ENTRIES = [
  { key: "slippery", name: "Slippery ground", swatch: "slippery",
    text: "Pale blue spaces. A character that has already moved twice this turn slides in: its player may push one other character there onto a next space." },
  { key: "thin_ice", name: "Thin ice", swatch: "thin-ice",
    text: "A cracked ring. Whoever walks onto it cracks the ice: every other character already there takes 1 damage (a card showing cover blocks it). Minions and Ancients are not hurt." },
  { key: "belts", name: "Conveyor belt", swatch: "belt",
    text: "A grey track with arrows. After scoring (in The Awoken: after claiming a crystal) a player may run one belt: everything on it moves one space the way the arrows point." },
  { key: "tombs", name: "Tomb", swatch: "tomb",
    text: "A grey slab. While it shows a purple skull it holds a curse: the first character to stand on it takes the curse and its player draws a card. Each time anyone takes a curse, every other cursed character takes 1 damage per curse it carries." },
  { key: "stairs", name: "Stairs", swatch: "stair",
    text: "Dashed rings with the same letter (⇅A). The two spaces are next to each other for moves and area attacks, but cannot see each other." },
  { key: "portals", name: "Portal", swatch: "portal",
    text: "A sunburst. Every portal is next to every other portal." },
  { key: "tower", name: "The tower", swatch: "tower",
    text: "The crowned sunburst: a portal without a number that sees every space." },
  { key: "thorns", name: "Thorn hedge", swatch: "thorns",
    text: "A dashed green line between two spaces. Crossing it costs 1 damage unless a cover card prevents it, and nobody sees through it." },
  { key: "numberless", name: "Space without a number", swatch: "numberless",
    text: "No map card names it, so nothing starts there." },
  { key: "second_numbers", name: "Space with two numbers", swatch: "second",
    text: "Shown as 7/40: two map cards name the same space." },
];

/** The spaces a feature marks (a belt: every space of its path; thorns: both sides). */
function spacesOf(key, value, data) {
  if (key === "slippery") return value === true ? data.spaces.map((s) => s.n) : value;
  if (key === "belts") return value.flatMap((b) => b.path);
  if (key === "tower") return [value];
  if (key === "second_numbers") return value.map(([n]) => n);
  if (key === "stairs" || key === "thorns") return value.flat();
  return Array.isArray(value) ? value : [];
}

/** The legend's entries for the features this board has, in a fixed order. */
export function legendEntries(data) {
  const f = data.features || {};
  return ENTRIES.filter((e) => f[e.key] !== undefined && f[e.key] !== null && f[e.key] !== false
    && !(Array.isArray(f[e.key]) && !f[e.key].length));
}

/** The entries whose feature marks space `n` ("what does this space do?"). */
export function entriesAt(data, n) {
  const f = data.features || {};
  return legendEntries(data).filter((e) => spacesOf(e.key, f[e.key], data).includes(n)
    && !(e.key === "portals" && f.tower === n));
}

/** The words a tap (or a hover) on space `n` shows, or "" for a plain space. */
export function spaceWords(data, n) {
  return entriesAt(data, n).map((e) => `${e.name}: ${e.text}`).join(" ");
}

/** A native tooltip on every space that carries a feature (hover on a desktop). */
export function annotateCells(map) {
  for (const [n, cell] of map.cellNodes) {
    const words = spaceWords(map.data, n);
    if (!words) continue;
    cell.classList.add("explained");
    svg("title", {}, cell).textContent = `Space ${n}. ${words}`;
  }
}

/** The side panel's "This map's rules" section, or null for a map without features. */
export function legendPanel(data) {
  const entries = legendEntries(data);
  if (!entries.length) return null;
  return h("section.panel.map-legend", { dataset: { role: "map-legend" } },
    h("h3", { text: "This map's rules" }),
    h("ul.legend-list", {}, entries.map((e) => h("li.legend-item", { dataset: { feature: e.key } },
      swatch(e.swatch), h("div.legend-words", {}, h("b", { text: e.name }), h("span", { text: ` ${e.text}` }))))),
    h("p.legend-tip", { text: "Tap or hover over a space to read what it does." }));
}

/** A small picture of a feature, in the map's colours (not the map's classes: a page's
 * tests and styles that look for the map's marks must not find these). */
function swatch(kind) {
  const root = svg("svg", { class: `legend-swatch swatch-${kind}`, viewBox: "-12 -12 24 24", "aria-hidden": "true" });
  const line = (x1, y1, x2, y2, stroke, width, g = root) => svg("line", { x1, y1, x2, y2, stroke, "stroke-width": width }, g);
  switch (kind) {
    case "slippery": svg("polygon", { fill: "#dbe9ef", stroke: "#9fb7c2", points: "-10,-6 0,-11 10,-6 10,6 0,11 -10,6" }, root); break;
    case "thin-ice":
      svg("circle", { r: 6, fill: "none", stroke: "#5b8fa8", "stroke-width": 1.4, "stroke-dasharray": "3 1.5" }, root);
      for (const a of [0.4, 2.1, 3.9, 5.2]) line(Math.cos(a) * 6, Math.sin(a) * 6, Math.cos(a + 0.25) * 10, Math.sin(a + 0.25) * 10, "#5b8fa8", 1);
      break;
    case "belt":
      line(-10, 0, 10, 0, "#6f6a63", 4);
      svg("polygon", { fill: "#f2b233", stroke: "#3a3129", "stroke-width": 0.5, points: "6,0 -2,-5 -2,5" }, root);
      break;
    case "tomb":
      svg("rect", { x: -9, y: -1, width: 14, height: 9, rx: 2, fill: "#8d8579", stroke: "#2b2620", "stroke-width": 1 }, root);
      curseBadge(root, 6, -5, 5.5);
      break;
    case "stair": {
      svg("circle", { r: 7, stroke: "#2f7fbf", "stroke-width": 1.6, fill: "none", "stroke-dasharray": "3 1.2" }, root);
      const t = svg("text", { x: 0, y: 3, "font-size": 8, fill: "#2f7fbf", "text-anchor": "middle" }, root);
      t.textContent = "⇅A";
      break;
    }
    case "portal":
    case "tower":
      for (let i = 0; i < 16; i++) {
        const a = (i * Math.PI * 2) / 16;
        line(Math.cos(a) * 4, Math.sin(a) * 4, Math.cos(a) * 10, Math.sin(a) * 10, kind === "tower" ? "#4b1f8a" : "#7a3fbf", 1);
      }
      if (kind === "tower") svg("circle", { r: 4, fill: "none", stroke: "#4b1f8a", "stroke-width": 1.2 }, root);
      break;
    case "thorns":
      svg("line", { x1: 0, y1: -11, x2: 0, y2: 11, stroke: "#3f6b2a", "stroke-width": 3, "stroke-dasharray": "4 3" }, root);
      break;
    default: {
      svg("circle", { r: 8, fill: kind === "numberless" ? "#f3eee0" : "#fffdf6", stroke: "#2a241b", "stroke-width": 1, "stroke-dasharray": kind === "numberless" ? "2 1.3" : null }, root);
      if (kind === "second") {
        const t = svg("text", { y: 2.5, "font-size": 6.5, "font-weight": 700, fill: "#2a241b", "text-anchor": "middle" }, root);
        t.textContent = "7/40";
      }
    }
  }
  return root;
}

/** A tomb's curse: a purple badge with a white skull, nothing like a player's shard. */
export function curseBadge(parent, cx, cy, r) {
  const g = svg("g", { class: "curse", transform: `translate(${cx} ${cy})` }, parent);
  svg("title", {}, g).textContent = "A curse still in this tomb";
  svg("circle", { class: "curse-badge", r }, g);
  svg("path", { class: "curse-skull", d: `M ${-r * 0.55} ${r * 0.05} a ${r * 0.55} ${r * 0.55} 0 1 1 ${r * 1.1} 0 v ${r * 0.3} h ${-r * 0.2} v ${r * 0.25} h ${-r * 0.7} v ${-r * 0.25} h ${-r * 0.2} z` }, g);
  svg("circle", { class: "curse-eye", cx: -r * 0.22, cy: r * 0.02, r: r * 0.15 }, g);
  svg("circle", { class: "curse-eye", cx: r * 0.22, cy: r * 0.02, r: r * 0.15 }, g);
  return g;
}
