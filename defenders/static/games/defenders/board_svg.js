// The Defenders board as SVG: the 36 habitat hexes around the machine core (coloured and
// labelled), factories with their numbers and arrows, walls, breaches and engines on the
// edges, pollution, toxic sites, mechs, camps and organizers, and the targets a click may
// pick. It draws a board (model.js) and knows nothing of the rules: `onHex(hex)` and
// `onEdge(edge)` report clicks on the targets the page marked, `onMiss(hex)` a click on a hex
// that is not one; `point(spot)` lights the place some words name (places.js).
import { clear, svg } from "../shell/dom.js";
import { SIZE, boardHexes, corner, edgeEnds, edgeKey, engineEnds, hexKey, hexPoints, hexToPixel, parseKey, round, viewBox } from "./geometry.js";
import { HABITATS, FACTIONS } from "./words.js";
import { placeWords } from "./places.js";

const same = (a, b) => !!a && !!b && a[0] === b[0] && a[1] === b[1];

/** Where the i-th of n organizers stands in its hex (offsets from the centre). */
const FIGURE_SPOTS = [[-11, 9], [11, 9], [-11, -7], [11, -7]];

/** The board's stylesheet (defenders.css, beside this module), linked once per page: the
 * board page's renderer and the rules page's pictures both draw this board. */
export function loadStyles() {
  if (typeof document === "undefined" || document.querySelector("link[data-defenders-css]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./defenders.css", import.meta.url).href;
  link.dataset.defendersCss = "";
  document.head.append(link);
}

export class BoardSvg {
  constructor(host, { onHex = () => {}, onEdge = () => {}, onMiss = () => {} } = {}) {
    this.host = host;
    clear(host);
    this.root = svg("svg", { class: "map dw-map", viewBox: viewBox(), role: "img", "aria-label": "The board: habitat hexes around the machine core" }, host);
    const defs = svg("defs", {}, this.root); // the arrowhead of factory arrows and travelling things
    const marker = svg("marker", { id: "dw-arrowhead", viewBox: "0 0 10 10", refX: 6, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto" }, defs);
    svg("path", { d: "M0,0 L10,5 L0,10 z", class: "dw-arrowhead" }, marker);
    this.layers = {};
    for (const name of ["hexes", "marks", "edges", "tokens", "figures", "targets", "flash", "point"]) {
      this.layers[name] = svg("g", { class: `dw-${name}` }, this.root);
    }
    this.targets = { hexes: new Set(), edges: new Set() };
    this.root.addEventListener("click", (ev) => {
      const edge = ev.target.closest("[data-edge-target]");
      if (edge) { onEdge(edge.dataset.edgeTarget.split("|").map(parseKey)); return; }
      const cell = ev.target.closest("[data-hex]");
      if (!cell) return;
      if (this.targets.hexes.has(cell.dataset.hex)) onHex(parseKey(cell.dataset.hex));
      else onMiss(parseKey(cell.dataset.hex));
    });
  }

  /** Draw a whole board (model.js's boardOf or a board events changed). */
  draw(board) {
    this.board = board;
    this.drawHexes(board);
    this.drawEdges(board);
    this.drawTokens(board);
    this.drawFigures(board);
    this.drawTargets();
  }

  drawHexes(board) {
    const g = clear(this.layers.hexes);
    const kinds = new Map(board.habitats.map(([h, k]) => [hexKey(h), k]));
    const factories = new Map(board.factories.map(([h, tile, wild]) => [hexKey(h), { tile, wild }]));
    for (const hex of boardHexes()) {
      const key = hexKey(hex);
      const c = hexToPixel(hex);
      const cell = svg("g", { class: "dw-hex", "data-hex": key }, g);
      const factory = factories.get(key);
      if (same(hex, [0, 0])) {
        cell.classList.add("dw-core-hex");
        svg("polygon", { points: hexPoints(hex), class: "dw-core" }, cell);
        this.drawStack(cell, board, c);
        svg("title", {}, cell).textContent = `The machine core: ${board.core.length} factory tile${board.core.length === 1 ? "" : "s"} stacked`;
        continue;
      }
      const kind = factory ? (factory.wild ? "wild" : "factory") : kinds.get(key);
      cell.dataset.habitat = kind || "";
      svg("polygon", { points: hexPoints(hex), class: `dw-cell ${kind || ""}`, fill: kind === "factory" ? "#4a4440" : (HABITATS[kind] || {}).fill || "#777" }, cell);
      if (factory) {
        svg("polygon", { points: hexPoints(hex, SIZE, 6), class: `dw-factory${factory.wild ? " wild" : ""}` }, cell);
        text(cell, c.x, c.y + 4, String(factory.tile), "dw-factory-number");
        if (!factory.wild) this.drawArrow(cell, hex, board.arrows[String(factory.tile)]);
      } else {
        text(cell, c.x, c.y - 22, (HABITATS[kind] || {}).label || "", "dw-habitat-label");
      }
      const what = placeWords(hex, board, (k) => (HABITATS[k] || {}).label || k);
      svg("title", {}, cell).textContent = [what[0].toUpperCase() + what.slice(1), ...contents(board, hex)].join("; ");
    }
  }

  /** The core's stack: one sliver per tile still there, the top tile's number and arrow. */
  drawStack(cell, board, c) {
    const tiles = board.core;
    tiles.forEach((tile, i) => {
      svg("rect", { x: round(c.x - 13), y: round(c.y + 24 - i * 4), width: 26, height: 3, rx: 1, class: "dw-stack-tile" }, cell);
      void tile;
    });
    const top = tiles[tiles.length - 1];
    if (top !== undefined) {
      text(cell, c.x, c.y - 14, String(top), "dw-factory-number core");
      this.drawArrow(cell, [0, 0], board.arrows[String(top)]);
    }
    text(cell, c.x - 17, c.y - 4, board.direction === "left" ? "⟲" : "⟳", "dw-direction");
  }

  /** A factory's arrow: from near its centre towards its arrow's corner. */
  drawArrow(cell, hex, cornerIndex) {
    if (cornerIndex === undefined || cornerIndex === null) return;
    const c = hexToPixel(hex);
    const tip = corner(hex, cornerIndex, SIZE - 5);
    const from = { x: c.x + (tip.x - c.x) * 0.45, y: c.y + (tip.y - c.y) * 0.45 };
    svg("line", { x1: round(from.x), y1: round(from.y), x2: round(tip.x), y2: round(tip.y), class: "dw-arrow", "marker-end": "url(#dw-arrowhead)" }, cell);
  }

  drawEdges(board) {
    const g = clear(this.layers.edges);
    const breached = new Map(board.breaches.map(([e, f]) => [edgeKey(e), f]));
    for (const e of board.walls) {
      const ends = edgeEnds(e);
      if (!ends) continue;
      const faction = breached.get(edgeKey(e));
      const line = svg("line", { ...endsAttrs(ends), class: `dw-wall${faction ? " breached" : ""}`, "data-edge": edgeKey(e) }, g);
      if (faction) {
        line.dataset.breach = faction;
        const m = { x: (ends[0].x + ends[1].x) / 2, y: (ends[0].y + ends[1].y) / 2 };
        svg("circle", { cx: round(m.x), cy: round(m.y), r: 5, class: "dw-breach", fill: (FACTIONS[faction] || {}).colour || "#fff", "data-breach": edgeKey(e) }, g);
      }
    }
    board.engines.forEach((engine, i) => {
      if (!engine || !engine.left) return;
      const ends = engine.ahead ? engineEnds(engine) : edgeEnds([engine.left, engine.right]);
      if (!ends) return;
      const grp = svg("g", { class: "dw-engine", "data-engine": String(i), "data-edge": edgeKey([engine.left, engine.right]) }, g);
      svg("line", { ...endsAttrs(ends), class: "dw-engine-body" }, grp);
      const [back, front] = ends;
      const dx = front.x - back.x;
      const dy = front.y - back.y;
      const tip = { x: front.x + dx * 0.12, y: front.y + dy * 0.12 };
      const side = { x: -dy * 0.18, y: dx * 0.18 };
      const base = { x: front.x - dx * 0.3, y: front.y - dy * 0.3 };
      svg("polygon", { points: [tip, { x: base.x + side.x, y: base.y + side.y }, { x: base.x - side.x, y: base.y - side.y }].map((p) => `${round(p.x)},${round(p.y)}`).join(" "), class: "dw-engine-front" }, grp);
      const mid = { x: (back.x + front.x) / 2, y: (back.y + front.y) / 2 };
      text(grp, mid.x, mid.y + 3, String(i + 1), "dw-engine-number");
      svg("title", {}, grp).textContent = `Engine ${i + 1}`;
    });
  }

  drawTokens(board) {
    const g = clear(this.layers.tokens);
    for (const hex of board.toxic) {
      const c = hexToPixel(hex);
      const t = svg("g", { class: "dw-toxic", "data-toxic": hexKey(hex) }, g);
      svg("circle", { cx: round(c.x), cy: round(c.y), r: 13 }, t);
      text(t, c.x, c.y + 5, "☣", "dw-toxic-mark");
      svg("title", {}, t).textContent = "A toxic site";
    }
    for (const [hex, n] of board.pollution) {
      const c = hexToPixel(hex);
      const t = svg("g", { class: "dw-pollution", "data-pollution": hexKey(hex), "data-count": String(n) }, g);
      for (let i = 0; i < n; i++) svg("circle", { cx: round(c.x - 20 + i * 7), cy: round(c.y + 4 - i * 3), r: 5 }, t);
      svg("title", {}, t).textContent = `${n} pollution`;
    }
    for (const [hex, n] of board.mechs) {
      const c = hexToPixel(hex);
      const core = same(hex, [0, 0]);
      const x = core ? c.x + 15 : c.x + 13;
      const y = core ? c.y - 8 : c.y - 2;
      const t = svg("g", { class: `dw-mech${core ? " sniper" : ""}`, "data-mech": hexKey(hex), "data-count": String(n) }, g);
      svg("rect", { x: round(x - 6), y: round(y - 6), width: 12, height: 12, rx: 2 }, t);
      text(t, x, y + 3.5, String(n), "dw-mech-count");
      svg("title", {}, t).textContent = `${n} mech${n === 1 ? "" : "s"}${core ? " (snipers)" : ""}`;
    }
    for (const f of board.factions) {
      for (const hex of f.camps) {
        const c = hexToPixel(hex);
        const t = svg("g", { class: "dw-camp", "data-camp": f.id, "data-hex": hexKey(hex) }, g);
        svg("polygon", { points: `${round(c.x - 8)},${round(c.y - 3)} ${round(c.x)},${round(c.y - 15)} ${round(c.x + 8)},${round(c.y - 3)}`, fill: (FACTIONS[f.id] || {}).colour || "#ccc" }, t);
        svg("title", {}, t).textContent = `${(FACTIONS[f.id] || {}).name || f.id}'s camp`;
      }
    }
  }

  drawFigures(board) {
    const g = clear(this.layers.figures);
    const byHex = new Map();
    for (const f of board.factions) {
      if (!f.at || f.exited) continue;
      const key = hexKey(f.at);
      if (!byHex.has(key)) byHex.set(key, []);
      byHex.get(key).push(f);
    }
    for (const [key, here] of byHex) {
      const c = hexToPixel(parseKey(key));
      here.forEach((f, i) => {
        const [dx, dy] = FIGURE_SPOTS[i % FIGURE_SPOTS.length];
        const info = FACTIONS[f.id] || {};
        const t = svg("g", { class: "dw-organizer", "data-organizer": f.id, "data-hex": key }, g);
        svg("circle", { cx: round(c.x + dx), cy: round(c.y + dy), r: 8.5, fill: info.colour || "#ccc" }, t);
        text(t, c.x + dx, c.y + dy + 3.5, info.mark || f.id[0].toUpperCase(), "dw-organizer-letter");
        svg("title", {}, t).textContent = `${info.name || f.id}'s organizer`;
      });
    }
  }

  /** Mark what a click may pick: hexes (keys) and edges (keys). */
  setTargets({ hexes = [], edges = [] } = {}) {
    this.targets = { hexes: new Set(hexes), edges: new Set(edges) };
    this.drawTargets();
  }

  drawTargets() {
    const g = clear(this.layers.targets);
    for (const cell of this.root.querySelectorAll(".dw-hex")) cell.classList.toggle("target", this.targets.hexes.has(cell.dataset.hex));
    for (const key of this.targets.hexes) {
      const hex = parseKey(key);
      svg("polygon", { points: hexPoints(hex, SIZE, 3), class: "dw-target-ring", "data-hex": key }, g);
    }
    for (const key of this.targets.edges) {
      const ends = edgeEnds(key.split("|").map(parseKey));
      if (!ends) continue;
      svg("line", { ...endsAttrs(ends), class: "dw-edge-target", "data-edge-target": key }, g);
    }
  }

  /** Light the places an event touched (model.js applyEvent's answer) until the next step
   * is drawn or the view comes (`clearFlash`), so the caption and its place go together. */
  flash(places, kind = "") {
    const g = clear(this.layers.flash);
    const made = [];
    for (const hex of (places && places.hexes) || []) made.push(svg("polygon", { points: hexPoints(hex, SIZE, 2), class: `dw-flash ${kind}` }, g));
    for (const e of (places && places.edges) || []) {
      const ends = edgeEnds(e);
      if (ends) made.push(svg("line", { ...endsAttrs(ends), class: `dw-flash-edge ${kind}` }, g));
    }
    if (places && places.path) {
      const [from, to] = places.path.map((hex) => hexToPixel(hex));
      made.push(svg("line", { x1: round(from.x), y1: round(from.y), x2: round(to.x), y2: round(to.y), class: `dw-flash-path ${kind}`, "marker-end": "url(#dw-arrowhead)" }, g));
    }
    return made.length > 0;
  }

  clearFlash() { clear(this.layers.flash); }

  /** Light the place words point at ({hexes, edges}: places.js Spots), or nothing (null). */
  point(spot) {
    const g = clear(this.layers.point);
    if (!spot) return;
    for (const hex of spot.hexes || []) svg("polygon", { points: hexPoints(hex, SIZE, 2), class: "dw-pointed", "data-hex": hexKey(hex) }, g);
    for (const e of spot.edges || []) {
      const ends = edgeEnds(e);
      if (ends) svg("line", { ...endsAttrs(ends), class: "dw-pointed-edge", "data-edge": edgeKey(e) }, g);
    }
  }
}

/** What stands in a hex, in words, for its tooltip (a screen reader's and a finger's way in). */
export function contents(board, hex) {
  const out = [];
  const at = (list) => (list.find(([h]) => same(h, hex)) || [null, 0])[1];
  if (board.toxic.some((h) => same(h, hex))) out.push("a toxic site");
  const pollution = at(board.pollution);
  if (pollution) out.push(`${pollution} pollution`);
  const mechs = at(board.mechs);
  if (mechs) out.push(`${mechs} mech${mechs === 1 ? "" : "s"}`);
  for (const f of board.factions) {
    const name = (FACTIONS[f.id] || {}).short || f.id;
    if (f.camps.some((h) => same(h, hex))) out.push(`${name} camp`);
    if (f.at && !f.exited && same(f.at, hex)) out.push(`${name} organizer`);
  }
  return out;
}

function endsAttrs(ends) {
  return { x1: round(ends[0].x), y1: round(ends[0].y), x2: round(ends[1].x), y2: round(ends[1].y) };
}

function text(parent, x, y, content, cls) {
  const t = svg("text", { x: round(x), y: round(y), class: cls, "text-anchor": "middle" }, parent);
  t.textContent = content;
  return t;
}
