// The Ancients' turn on the board, one monster action at a time: a monster walking its path
// space by space, an attack drawn from attacker to target, the damage popping up, the caption
// (the shell's Motion) saying it in words. The server sends that turn as a quick burst of
// updates; the shell plays it through `animate(e, {paced: true})`, which lands here.
import { sleep, svg } from "../shell/dom.js";
import { animateEvent } from "./animate.js";
import { figureKey } from "./figures_of_view.js";

/** One monster action on screen (a person reads the caption and sees it happen). */
export const ACTION_MS = 800;
/** One space of a monster's walk. */
export const STEP_MS = 340;
/** A line of the Ancients' turn with nothing to draw (a card revealed, the track moving). */
export const CAPTION_MS = 450;

const MOVES = new Set(["character_moved", "monster_moved", "minion_moved", "ancient_moved", "figure_moved"]);

/** The spaces a move goes through after its start, its end included: the event's own path
 * when it has one, else a shortest walk (`shortest(a, b)`, null when there is none). */
export function pathOf(e, from, shortest) {
  if (Array.isArray(e.path) && e.path.length) {
    const path = e.path.filter((n) => typeof n === "number");
    return path[0] === from || path[0] === e.from ? path.slice(1) : path;
  }
  const start = typeof e.from === "number" ? e.from : from;
  return shortest(start, e.to) || [e.to];
}

export class MotionFx {
  /** `app`: the Wildlands renderer (map, tokens); `motion`: the shell's setting and caption. */
  constructor(app, motion) {
    this.app = app;
    this.motion = motion;
  }

  /** Whether the figures of `e` stand in the top quarter of the map, under the caption. */
  nearTop(e) {
    const [, y0, , y1] = this.app.map.data.bounds;
    const spots = [e.attacker, e.target, e.figure, e.character].map((id) => id && this.app.tokens.position(id));
    if (typeof e.to === "number") spots.push(this.app.map.centre(e.to));
    if (typeof e.space === "number") spots.push(this.app.map.centre(e.space));
    return spots.some((p) => p && p[1] < y0 + (y1 - y0) * 0.25);
  }

  /** On a narrow screen, bring the map into view when the Ancients start acting. */
  showMap() {
    const frame = this.app.map.root;
    if (!frame || this.motion.off || window.innerWidth > 600) return;
    const r = frame.getBoundingClientRect();
    const seen = Math.min(r.bottom, window.innerHeight) - Math.max(r.top, 0);
    if (seen < Math.min(r.height, window.innerHeight) * 0.6) {
      frame.scrollIntoView({ block: "start", behavior: this.motion.full ? "smooth" : "auto" });
    }
  }

  // ---------------------------------------------------------------- one event
  /** Show one monster action of the Ancients' turn, paced; false when nothing was drawn. */
  async play(e, text) {
    if (e.kind === "ancients_turn_started") this.showMap();
    this.motion.say(text, { kind: e.kind, seq: e.seq, atBottom: this.nearTop(e) });
    const drawn = await this.draw(e);
    if (drawn || text) await sleep(drawn ? ACTION_MS : CAPTION_MS);
    return drawn;
  }

  /** The part of an event that needs more than the generic token marks. */
  async draw(e) {
    const app = this.app;
    if (MOVES.has(e.kind) && typeof e.to === "number") {
      const id = figureKey(e);
      if (!app.tokens.get(id)) return false;
      if (e.teleported) {
        this.jump(id, e.to);
        return true;
      }
      if (this.motion.full) {
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
      const drawn = animateEvent(app, e);
      this.strike(e.attacker, e.target, e.space);
      return drawn;
    }
    if (e.kind === "damage_dealt") {
      const id = e.figure || e.character;
      const drawn = animateEvent(app, e);
      if (drawn) this.pop(id, `−${e.amount ?? 1}`, "damage");
      return drawn;
    }
    return animateEvent(app, e);
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
  pathOf(e, from) { return pathOf(e, from, (a, b) => this.app.map.path(a, b)); }

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
