// Tokens on the map: characters, minions, Ancients, object counters, crystals and shards.
// Every token is a <g> placed with a CSS transform, so a change of space animates.
import { svg } from "../shell/dom.js";

const ORDER = { ancient: 0, character: 1, ghost: 2, minion: 3, object: 4, crystal: 5, shard: 6 };
const MARKERS = new Set(["object", "crystal", "shard"]);

export class Tokens {
  constructor(map, { onClick } = {}) {
    this.map = map;
    this.layer = map.tokenLayer;
    this.nodes = new Map();
    this.descs = new Map();
    this.at = new Map();
    this.onClick = onClick;
    // Shapes are drawn in "token units" (a character is 50 across its radius) and scaled
    // onto the map: small SVG font sizes render badly, and every map has its own scale.
    const u = map.unit;
    this.charR = Math.max(u * 0.13, map.coreR * 1.2);
    this.k = this.charR / 50;
    this.size = { character: 50, ghost: 50, minion: 44, ancient: 64, object: 34, crystal: 36, shard: 28 };
  }

  /** Replace every token description (from a fresh view) and redraw. */
  sync(list) {
    const next = new Map(list.map((d) => [d.id, d]));
    for (const [id, node] of this.nodes) {
      if (!next.has(id)) this.fadeOut(id, node);
    }
    this.descs = next;
    for (const d of list) this.draw(d);
    this.layout();
  }

  get(id) { return this.descs.get(id); }

  /** Change one token (an animation step) and re-place everything. */
  update(id, change) {
    const d = this.descs.get(id);
    if (!d) return false;
    Object.assign(d, change);
    if (d.space === null || d.space === undefined || d.knocked_out) {
      const node = this.nodes.get(id);
      this.descs.delete(id);
      if (node) this.fadeOut(id, node);
    } else {
      this.draw(d);
    }
    this.layout();
    return true;
  }

  add(desc) {
    this.descs.set(desc.id, desc);
    this.draw(desc);
    this.layout();
  }

  fadeOut(id, node) {
    this.nodes.delete(id);
    node.classList.add("leaving");
    setTimeout(() => node.remove(), 450);
  }

  draw(d) {
    let node = this.nodes.get(d.id);
    const key = `${d.kind}|${d.label}|${d.colour}|${d.damage}|${d.health}|${(d.classes || []).join(" ")}|${d.badge || ""}`;
    if (node && node.dataset.key === key) return node;
    const fresh = !node;
    if (fresh) {
      node = svg("g", { class: "token", "data-figure": d.id }, this.layer);
      node.addEventListener("click", (ev) => { ev.stopPropagation(); this.onClick?.(d.id); });
      this.nodes.set(d.id, node);
    }
    while (node.firstChild) node.removeChild(node.firstChild);
    node.setAttribute("class", `token ${d.kind} ${(d.classes || []).join(" ")}`.trim());
    node.dataset.key = key;
    node.dataset.kind = d.kind;
    const shape = svg("g", { class: "shape" }, node);
    this.shape(shape, d, this.size[d.kind] || 40);
    if (d.title) svg("title", {}, node).textContent = d.title;
    if (fresh) {
      const [x, y] = this.map.centre(d.space);
      node.style.transform = `translate(${x}px, ${y}px) scale(${this.k})`;
      node.classList.add("entering");
      requestAnimationFrame(() => requestAnimationFrame(() => node.classList.remove("entering")));
    }
    return node;
  }

  shape(g, d, r) {
    const label = (text, size, y = 0, cls = "label") => {
      const t = svg("text", { class: cls, y, "font-size": size, "text-anchor": "middle", "dominant-baseline": "central" }, g);
      t.textContent = text;
      return t;
    };
    const hasPips = d.health && !MARKERS.has(d.kind);
    switch (d.kind) {
      case "character":
      case "ghost":
        svg("circle", { r: r + 3, class: "shadow", cy: 4 }, g);
        svg("circle", { r, class: "body", fill: d.colour, "stroke-width": 7 }, g);
        svg("circle", { r: r * 0.8, class: "rim", "stroke-width": 2.5 }, g);
        label(d.label, 40, hasPips ? -7 : 0);
        break;
      case "minion": {
        const s = r * 1.8;
        svg("rect", { x: -s / 2 - 2, y: -s / 2 + 3, width: s + 4, height: s + 4, rx: s * 0.2, class: "shadow" }, g);
        svg("rect", { x: -s / 2, y: -s / 2, width: s, height: s, rx: s * 0.18, class: "body", "stroke-width": 6 }, g);
        label(d.label, 34, hasPips ? -9 : 0);
        break;
      }
      case "ancient": {
        const pts = [];
        for (let i = 0; i < 16; i++) {
          const rr = i % 2 ? r * 0.84 : r * 1.06;
          const a = (Math.PI * 2 * i) / 16 - Math.PI / 2;
          pts.push(`${(rr * Math.cos(a)).toFixed(2)},${(rr * Math.sin(a)).toFixed(2)}`);
        }
        svg("circle", { r: r + 4, cy: 5, class: "shadow" }, g);
        svg("polygon", { points: pts.join(" "), class: "body", "stroke-width": 6 }, g);
        label(d.label, 38, hasPips ? -9 : 0);
        break;
      }
      case "object":
        svg("circle", { r: r + 2, cy: 3, class: "shadow" }, g);
        svg("circle", { r, class: "body", "stroke-width": 5 }, g);
        label(d.label || "?", 42, 1);
        break;
      case "crystal":
        svg("polygon", { points: `0,${-r * 1.3} ${r * 0.85},${-r * 0.2} 0,${r * 1.3} ${-r * 0.85},${-r * 0.2}`, class: "body", "stroke-width": 5 }, g);
        svg("polyline", { points: `${-r * 0.85},${-r * 0.2} 0,${r * 0.1} ${r * 0.85},${-r * 0.2}`, class: "facet", "stroke-width": 3, fill: "none" }, g);
        break;
      case "shard":
        svg("polygon", { points: `0,${-r * 1.25} ${r * 0.75},0 0,${r * 1.25} ${-r * 0.75},0`, class: "body", fill: d.colour, "stroke-width": 5 }, g);
        break;
      default:
        svg("circle", { r, class: "body" }, g);
        label(d.label || "", 30);
    }
    if (hasPips) this.pips(g, d, r);
    if (d.badge) {
      const b = svg("g", { class: "badge", transform: `translate(${r * 0.78},${-r * 0.78})` }, g);
      svg("circle", { r: 17, "stroke-width": 3 }, b);
      const t = svg("text", { "font-size": 22, "text-anchor": "middle", "dominant-baseline": "central" }, b);
      t.textContent = d.badge;
    }
  }

  /** Health as pips inside the token's lower edge; damage fills them red. */
  pips(g, d, r) {
    const count = Math.min(d.health, 12);
    const row = svg("g", { class: "pips" }, g);
    const pr = count > 6 ? 5 : 6.5;
    if (d.kind === "minion") {
      const gap = Math.min(15, (r * 1.5) / Math.max(count - 1, 1));
      for (let i = 0; i < count; i++) {
        svg("circle", { cx: (i - (count - 1) / 2) * gap, cy: r * 0.5, r: pr, class: i < (d.damage || 0) ? "pip hurt" : "pip", "stroke-width": 2 }, row);
      }
      return;
    }
    const ring = d.kind === "ancient" ? r * 0.6 : r * 0.6;
    const spread = Math.min(Math.PI * 0.95, (count - 1) * 0.36);
    for (let i = 0; i < count; i++) {
      const a = Math.PI / 2 + (count > 1 ? spread / 2 - (i * spread) / (count - 1) : 0);
      svg("circle", { cx: ring * Math.cos(a), cy: ring * Math.sin(a), r: pr, class: i < (d.damage || 0) ? "pip hurt" : "pip", "stroke-width": 2 }, row);
    }
  }

  /** Place every token around its space's core, turned towards the room in the cell. */
  layout() {
    const bySpace = new Map();
    for (const d of this.descs.values()) {
      if (d.space === null || d.space === undefined || !this.map.has(d.space)) continue;
      if (!bySpace.has(d.space)) bySpace.set(d.space, []);
      bySpace.get(d.space).push(d);
    }
    for (const [space, list] of bySpace) {
      list.sort((a, b) => (ORDER[a.kind] ?? 9) - (ORDER[b.kind] ?? 9) || String(a.id).localeCompare(String(b.id)));
      const crowd = list.length;
      const scale = crowd > 6 ? 0.72 : crowd > 4 ? 0.85 : 1;
      const size = this.charR * scale;
      const radius = this.map.coreR + size * (crowd > 4 ? 1.45 : 1.25);
      const spots = this.map.slots(space, crowd, radius, size);
      list.forEach((d, i) => this.place(d, spots[i][0], spots[i][1], scale));
    }
  }

  place(d, x, y, scale) {
    const node = this.nodes.get(d.id);
    if (!node) return;
    node.style.transform = `translate(${x.toFixed(3)}px, ${y.toFixed(3)}px) scale(${(this.k * scale).toFixed(4)})`;
    this.at.set(d.id, [x, y]);
  }

  /** Where a token stands (map units), for effects drawn between figures; null if gone. */
  position(id) {
    return this.nodes.has(id) ? this.at.get(id) || null : null;
  }

  setSelectable(ids, cls = "selectable") {
    for (const [id, node] of this.nodes) node.classList.toggle(cls, ids.has(id));
  }

  clearSelectable() {
    for (const node of this.nodes.values()) node.classList.remove("selectable", "chosen");
  }

  mark(id, cls, ms = 700) {
    const node = this.nodes.get(id);
    if (!node) return;
    node.classList.remove(cls);
    void node.getBBox();
    node.classList.add(cls);
    setTimeout(() => node.classList.remove(cls), ms);
  }
}
