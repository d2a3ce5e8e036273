// The map as SVG, drawn from the board data the page receives, plus the geometry the
// play flow needs (neighbours, distances, line of sight when the server sent it).
import { svg } from "../shell/dom.js";
import { drawMapLinks, isThorn } from "./map_links.js";
import { drawIceBeltsTombs } from "./ice_belts_tombs.js";

function median(values) {
  if (!values.length) return 1;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export class BoardMap {
  constructor(host, data) {
    this.data = data;
    this.spaces = new Map(data.spaces.map((s) => [s.n, s]));
    this.adj = new Map(data.spaces.map((s) => [s.n, new Set()]));
    for (const b of data.boundaries) {
      if (b.open) {
        this.adj.get(b.a)?.add(b.b);
        this.adj.get(b.b)?.add(b.a);
      }
    }
    for (const [a, b] of data.links || []) {  // stairs, portals, thorns: the map's own rules
      this.adj.get(a)?.add(b);
      this.adj.get(b)?.add(a);
    }
    // A scale for tokens: the typical distance between neighbouring cores.
    const nearest = data.spaces.map((s) => {
      let best = Infinity;
      for (const t of data.spaces) {
        if (t === s) continue;
        best = Math.min(best, Math.hypot(t.at[0] - s.at[0], t.at[1] - s.at[1]));
      }
      return best;
    });
    this.unit = median(nearest.filter(Number.isFinite));
    this.coreR = data.core_radius || Math.min(this.unit * 0.13, this.unit / 6);
    this.build(host);
  }

  build(host) {
    const [x0, y0, x1, y1] = this.data.bounds;
    const pad = this.unit * 0.08;
    const root = svg("svg", {
      viewBox: `${x0 - pad} ${y0 - pad} ${x1 - x0 + 2 * pad} ${y1 - y0 + 2 * pad}`,
      class: "map", role: "img", "aria-label": "The game board",
      preserveAspectRatio: "xMidYMid meet",
    });
    this.root = root;
    const defs = svg("defs", {}, root);
    const grain = svg("pattern", { id: "grass", width: this.unit / 3, height: this.unit / 3, patternUnits: "userSpaceOnUse" }, defs);
    svg("circle", { cx: this.unit / 12, cy: this.unit / 10, r: this.unit / 90, class: "grain" }, grain);
    svg("circle", { cx: this.unit / 4.5, cy: this.unit / 4, r: this.unit / 110, class: "grain" }, grain);
    const hatch = svg("pattern", { id: "high", width: this.unit / 7, height: this.unit / 7, patternUnits: "userSpaceOnUse", patternTransform: "rotate(35)" }, defs);
    svg("rect", { width: this.unit / 7, height: this.unit / 7, class: "high-base" }, hatch);
    svg("line", { x1: 0, y1: 0, x2: 0, y2: this.unit / 7, class: "high-line" }, hatch);
    const shadow = svg("filter", { id: "token-shadow", x: "-50%", y: "-50%", width: "200%", height: "200%" }, defs);
    svg("feDropShadow", { dx: 0, dy: this.unit * 0.015, stdDeviation: this.unit * 0.02, "flood-opacity": 0.45 }, shadow);

    svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, class: "ground" }, root);
    const cells = svg("g", { class: "cells" }, root);
    this.cellNodes = new Map();
    for (const s of this.data.spaces) {
      const poly = svg("polygon", {
        points: s.polygon.map((p) => p.join(",")).join(" "),
        class: `cell${s.high ? " high" : ""}${s.cover ? " cover" : ""}`, "data-space": s.n,
      }, cells);
      this.cellNodes.set(s.n, poly);
      if (s.high) {
        svg("polygon", { points: s.polygon.map((p) => p.join(",")).join(" "), class: "cell-hatch", "pointer-events": "none" }, cells);
      }
    }
    this.highlightLayer = svg("g", { class: "highlights" }, root);
    const lineW = this.unit * 0.018;
    const wallW = this.unit * 0.07;
    const lines = svg("g", { class: "open-lines", "stroke-width": lineW }, root);
    const walls = svg("g", { class: "walls", "stroke-width": wallW }, root);
    const arrows = svg("g", { class: "climbs" }, root);
    for (const b of this.data.boundaries) {
      const [[ax, ay], [bx, by]] = b.segment;
      if (b.open) {
        svg("line", { x1: ax, y1: ay, x2: bx, y2: by, "data-a": b.a, "data-b": b.b }, lines);
        if (b.climb_into !== null && b.climb_into !== undefined) this.arrow(arrows, b, wallW);
      } else if (!isThorn(this.data, b.a, b.b)) {
        svg("line", { x1: ax, y1: ay, x2: bx, y2: by, "data-a": b.a, "data-b": b.b }, walls);
      }
    }
    svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, class: "edge", "stroke-width": wallW * 1.6 }, root);
    drawIceBeltsTombs(this, root); // a map's own rules (features), when it has any
    this.markLayer = svg("g", { class: "marks" }, root);
    const cores = svg("g", { class: "cores" }, root);
    const r = this.coreR;
    this.coreNodes = new Map();
    for (const s of this.data.spaces) {
      const g = svg("g", { class: `core${s.cover ? " cover" : ""}`, "data-space": s.n }, cores);
      svg("circle", { cx: s.at[0], cy: s.at[1], r, "stroke-width": r * 0.14 }, g);
      // text is drawn at a normal size and scaled: Chromium mangles sub-pixel font sizes
      const t = svg("text", { transform: `translate(${s.at[0]} ${s.at[1]}) scale(${r / 20})`, "font-size": 21, "text-anchor": "middle", "dominant-baseline": "central" }, g);
      t.textContent = s.n;
      this.coreNodes.set(s.n, g);
    }
    drawMapLinks(this, root);
    this.tokenLayer = svg("g", { class: "tokens" }, root);
    this.fxLayer = svg("g", { class: "fx" }, root);
    host.appendChild(root);
  }

  arrow(layer, b, size) {
    const [[px, py], [qx, qy]] = b.segment;
    const mx = (px + qx) / 2, my = (py + qy) / 2;
    const dx = qx - px, dy = qy - py;
    const len = Math.hypot(dx, dy) || 1;
    let nx = -dy / len, ny = dx / len;
    const [hx, hy] = this.spaces.get(b.climb_into).at;
    if ((hx - mx) * nx + (hy - my) * ny < 0) { nx = -nx; ny = -ny; }
    const ux = dx / len, uy = dy / len;
    const s = Math.min(size * 2.4, len * 0.3);
    const tip = [mx + nx * s, my + ny * s];
    const left = [mx - nx * s * 0.2 + ux * s * 0.75, my - ny * s * 0.2 + uy * s * 0.75];
    const right = [mx - nx * s * 0.2 - ux * s * 0.75, my - ny * s * 0.2 - uy * s * 0.75];
    svg("polygon", { points: [tip, left, right].map((p) => p.join(",")).join(" "), "data-into": b.climb_into }, layer);
  }

  // ---- geometry

  /** How far from the core one can go in direction `angle` before leaving the cell. */
  room(n, angle) {
    const s = this.spaces.get(n);
    if (!s) return 0;
    const [cx, cy] = s.at;
    const dx = Math.cos(angle), dy = Math.sin(angle);
    let best = Infinity;
    const poly = s.polygon;
    for (let i = 0; i < poly.length; i++) {
      const [ax, ay] = poly[i];
      const [bx, by] = poly[(i + 1) % poly.length];
      const ex = bx - ax, ey = by - ay;
      const den = dx * ey - dy * ex;
      if (Math.abs(den) < 1e-12) continue;
      const t = ((ax - cx) * ey - (ay - cy) * ex) / den;
      const u = ((ax - cx) * dy - (ay - cy) * dx) / den;
      if (t > 0 && u >= 0 && u <= 1) best = Math.min(best, t);
    }
    return Number.isFinite(best) ? best : this.unit * 0.4;
  }

  /** `count` spots around the core of n, turned towards where the cell has most room. */
  slots(n, count, radius, size) {
    if (!count) return [];
    const [cx, cy] = this.centre(n);
    const step = (Math.PI * 2) / count;
    let bestStart = -Math.PI * 0.75;
    let bestScore = -Infinity;
    for (let k = 0; k < 24; k++) {
      const start = -Math.PI * 0.75 + (k * Math.PI * 2) / 24;
      let score = Infinity;
      for (let i = 0; i < count; i++) score = Math.min(score, this.room(n, start + i * step));
      if (score > bestScore + 1e-9) { bestScore = score; bestStart = start; }
    }
    const spots = [];
    for (let i = 0; i < count; i++) {
      const a = bestStart + i * step;
      const r = Math.max(this.coreR * 0.9, Math.min(radius, this.room(n, a) - size * 1.05));
      spots.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
    }
    return spots;
  }

  has(n) { return this.spaces.has(n); }
  centre(n) { return this.spaces.get(n)?.at || [0, 0]; }
  isHigh(n) { return !!this.spaces.get(n)?.high; }
  neighbours(n) { return [...(this.adj.get(n) || [])].sort((a, b) => a - b); }
  isClimb(a, b) { return this.adj.get(a)?.has(b) && this.isHigh(b) && !this.isHigh(a); }

  /** Spaces at 1..k moves from n (not n itself). */
  within(n, k) {
    const dist = new Map([[n, 0]]);
    const queue = [n];
    while (queue.length) {
      const cur = queue.shift();
      if (dist.get(cur) >= k) continue;
      for (const nxt of this.adj.get(cur) || []) {
        if (!dist.has(nxt)) { dist.set(nxt, dist.get(cur) + 1); queue.push(nxt); }
      }
    }
    dist.delete(n);
    return [...dist.keys()].sort((a, b) => a - b);
  }

  /** The spaces of a shortest walk from a to b, b included and a not; null when there is none. */
  path(a, b) {
    if (a === b || !this.has(a) || !this.has(b)) return null;
    const back = new Map([[a, null]]);
    const queue = [a];
    while (queue.length) {
      const cur = queue.shift();
      if (cur === b) break;
      for (const nxt of this.neighbours(cur)) {
        if (!back.has(nxt)) { back.set(nxt, cur); queue.push(nxt); }
      }
    }
    if (!back.has(b)) return null;
    const out = [];
    for (let n = b; n !== a; n = back.get(n)) out.unshift(n);
    return out;
  }

  /** Line of sight from a to b when the server sent a sight table; otherwise unknown (true). */
  sees(a, b, { heavy = false } = {}) {
    const table = this.data.sight;
    if (!table) return true;
    const row = table[String(a)];
    if (!row) return true;
    const gap = row[String(b)];
    if (gap === undefined || gap === null) return false;
    return heavy ? gap <= 1 : true;
  }

  // ---- highlighting

  clearHighlights() {
    for (const node of this.cellNodes.values()) node.classList.remove("target", "chosen", "dim");
  }

  highlightSpaces(spaces, cls = "target") {
    for (const n of spaces) this.cellNodes.get(n)?.classList.add(cls);
  }

  /** A short pulse on a space (damage, a trap, a summon). */
  flashSpace(n, cls = "flash-hit") {
    const node = this.cellNodes.get(n);
    if (!node) return;
    node.classList.remove(cls);
    void node.getBBox();
    node.classList.add(cls);
    setTimeout(() => node.classList.remove(cls), 700);
  }
}
