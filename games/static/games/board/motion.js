// How the board shows what happened: the pace of the Ancients' turn, a monster walking its
// path space by space, an attack drawn from attacker to target, the damage popping up, the
// caption saying it in words, and the "Animations: full / reduced / off" setting.
//
// Why its own module: the server sends an Ancients' turn as a quick burst of updates, so
// the page has to pace them itself, one action at a time, slowly enough to follow.
import { sleep, svg } from "./dom.js";

export const MOTION_KEY = "wildlands.animations";
export const LEVELS = ["full", "reduced", "off"];
/** One monster action on screen (a person reads the caption and sees it happen). */
export const ACTION_MS = 800;
/** One space of a monster's walk. */
export const STEP_MS = 340;
/** A line of the Ancients' turn with nothing to draw (a card revealed, the track moving). */
export const CAPTION_MS = 450;

/** The saved setting, else reduced when the system asks for less motion, else full. */
export function motionLevel() {
  let saved = null;
  try { saved = localStorage.getItem(MOTION_KEY); } catch { /* storage may be blocked */ }
  if (LEVELS.includes(saved)) return saved;
  const reduce = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  return reduce ? "reduced" : "full";
}

const MOVES = new Set(["character_moved", "monster_moved", "minion_moved", "ancient_moved", "figure_moved"]);

export class Motion {
  constructor(app, { caption, control }) {
    this.app = app;
    this.caption = caption;
    this.level = motionLevel();
    this.root = app.root;
    this.apply();
    if (control) {
      control.value = this.level;
      control.addEventListener("change", () => this.set(control.value));
    }
  }

  set(level) {
    if (!LEVELS.includes(level)) return;
    this.level = level;
    try { localStorage.setItem(MOTION_KEY, level); } catch { /* not saved, still used */ }
    this.apply();
  }

  apply() {
    for (const l of LEVELS) this.root.classList.toggle(`motion-${l}`, this.level === l);
    this.root.dataset.motion = this.level;
  }

  get off() { return this.level === "off"; }

  // ---------------------------------------------------------------- the caption
  /** Say what is happening over the board; on a phone the bar stays in the viewport. */
  say(text, e = {}) {
    if (!this.caption || this.off || !text) return;
    this.caption.textContent = text;
    this.caption.dataset.kind = e.kind || "";
    this.caption.dataset.seq = typeof e.seq === "number" ? String(e.seq) : "";
    this.caption.classList.toggle("at-bottom", this.nearTop(e));
    this.caption.hidden = false;
    this.caption.classList.remove("fresh");
    void this.caption.offsetWidth;
    this.caption.classList.add("fresh");
  }

  /** Whether the figures of `e` stand in the top quarter of the map, under the caption. */
  nearTop(e) {
    const [, y0, , y1] = this.app.map.data.bounds;
    const spots = [e.attacker, e.target, e.figure, e.character].map((id) => id && this.app.tokens.position(id));
    if (typeof e.to === "number") spots.push(this.app.map.centre(e.to));
    if (typeof e.space === "number") spots.push(this.app.map.centre(e.space));
    return spots.some((p) => p && p[1] < y0 + (y1 - y0) * 0.25);
  }

  hush() {
    if (!this.caption) return;
    this.caption.hidden = true;
    this.caption.textContent = "";
  }

  /** On a narrow screen, bring the map into view when the Ancients start acting. */
  showMap() {
    const frame = this.app.map.root;
    if (!frame || this.off || window.innerWidth > 600) return;
    const r = frame.getBoundingClientRect();
    const seen = Math.min(r.bottom, window.innerHeight) - Math.max(r.top, 0);
    if (seen < Math.min(r.height, window.innerHeight) * 0.6) {
      frame.scrollIntoView({ block: "start", behavior: this.level === "full" ? "smooth" : "auto" });
    }
  }

  // ---------------------------------------------------------------- one event
  /** Show one monster action of the Ancients' turn, paced; false when nothing was drawn. */
  async play(e, text) {
    if (e.kind === "ancients_turn_started") this.showMap();
    this.say(text, e);
    const drawn = await this.draw(e);
    if (drawn || text) await sleep(drawn ? ACTION_MS : CAPTION_MS);
    return drawn;
  }

  /** The part of an event that needs more than the generic token marks. */
  async draw(e) {
    const app = this.app;
    if (MOVES.has(e.kind) && typeof e.to === "number") {
      const id = e.figure || e.character || e.monster || e.minion || e.ancient || e.id;
      if (!app.tokens.get(id)) return false;
      if (e.teleported) {
        this.jump(id, e.to);
        return true;
      }
      if (this.level === "full") {
        const path = this.pathOf(e, app.tokens.get(id).space);
        for (const space of path.slice(0, -1)) {
          app.tokens.update(id, { space });
          await sleep(STEP_MS);
        }
      } else {
        app.tokens.mark(id, "fade-in", 400);
      }
      app.tokens.update(id, { space: e.to });
      return true;
    }
    if (e.kind === "attacked") {
      const drawn = app.animateEvent(e);
      this.strike(e.attacker, e.target, e.space);
      return drawn;
    }
    if (e.kind === "damage_dealt") {
      const id = e.figure || e.character;
      const drawn = app.animateEvent(e);
      if (drawn) this.pop(id, `−${e.amount ?? 1}`, "damage");
      return drawn;
    }
    return app.animateEvent(e);
  }

  /** A figure that vanishes and reappears: no slide across the map, a fade where it lands. */
  jump(id, space) {
    const node = this.app.tokens.nodes.get(id);
    node?.classList.add("jump");
    this.app.tokens.update(id, { space });
    this.app.tokens.mark(id, "fade-in", 400);
    requestAnimationFrame(() => requestAnimationFrame(() => node?.classList.remove("jump")));
  }

  /** The spaces a move goes through after its start, its end included. */
  pathOf(e, from) {
    if (Array.isArray(e.path) && e.path.length) {
      const path = e.path.filter((n) => typeof n === "number");
      return path[0] === from || path[0] === e.from ? path.slice(1) : path;
    }
    const start = typeof e.from === "number" ? e.from : from;
    return this.app.map.path(start, e.to) || [e.to];
  }

  // ---------------------------------------------------------------- effects on the map
  /** A line from the attacker to its target (a figure, or the middle of a space). */
  strike(attacker, target, space) {
    const tokens = this.app.tokens;
    const from = tokens.position(attacker);
    const to = (target && tokens.position(target)) || (typeof space === "number" ? this.app.map.centre(space) : null);
    if (!from || !to) return;
    const layer = this.app.map.fxLayer;
    const w = this.app.map.unit * 0.055;
    const g = svg("g", { class: "fx-strike", "data-attacker": attacker }, layer);
    svg("line", { x1: from[0], y1: from[1], x2: to[0], y2: to[1], "stroke-width": w }, g);
    const a = Math.atan2(to[1] - from[1], to[0] - from[0]);
    const s = w * 3;
    const tip = to;
    const left = [to[0] - s * Math.cos(a - 0.45), to[1] - s * Math.sin(a - 0.45)];
    const right = [to[0] - s * Math.cos(a + 0.45), to[1] - s * Math.sin(a + 0.45)];
    svg("polygon", { points: [tip, left, right].map((p) => p.join(",")).join(" ") }, g);
    setTimeout(() => g.remove(), ACTION_MS + 100);
  }

  /** A number rising from a figure: the damage it took. */
  pop(id, text, cls) {
    const at = this.app.tokens.position(id);
    if (!at) return;
    const size = this.app.map.unit * 0.26;
    const t = svg("text", {
      class: `fx-pop ${cls}`, x: at[0], y: at[1] - size * 0.9, "font-size": size,
      "text-anchor": "middle", "dominant-baseline": "central", "data-figure": id,
    }, this.app.map.fxLayer);
    t.textContent = text;
    setTimeout(() => t.remove(), ACTION_MS + 300);
  }
}
