// The renderer contract: everything the board's shell asks of a game's renderer (`app.game`
// in app.js, panels.js, handoff.js; `this.game` in replay.js), with a default for each, so a
// game extends `Renderer` and overrides only what it needs. Only `applyView` has none: a
// renderer must draw the view. `factory(app, root, {page})` (registry.js) usually returns
// `new MyRenderer(app, root, options)`.
//
// The shell calls, in one line each (the defaults below take no arguments they do not read):
//   parts                    named parts put on the app too (debugging, browser tests)
//   learn(msg)               an update's or a log page's extras (card texts, names) before use
//   applyView(view, legal)   draw the seat's view; `legal` its commands (null: none, replay)
//   renderSide()             redraw the side panels (after the view and on presence changes)
//   drawInteraction(msg)     redraw what this seat may do now (a message to show, or null)
//   resetInput({text,error}) drop a half-made choice (a refusal, a turn button pressed)
//   refusalWords(text)       a refusal's message in the game's words (ids to names)
//   paced(nextView)          is the update leading to `nextView` played slowly (the opponent's)?
//   pacingOver()             is the slow pace over once the queue drains?
//   animate(e, {paced,text}) show event `e` on the board; true when something was drawn
//   describe(e)              the log's sentence for event `e` ("" for none)
//   logClass(e)              the log line's class for `e` ("" for none)
//   historyReader(view, p)   {describe, back, keep}: words of older events, walking back
//   banner()                 the status bar: {round, text, yours, classes}
//   outcome()                the game-over card {won, title, cause, rounds, icon}, or null
//   handOff()                the turn buttons' model (end turn, undo, end for both): see handOff

/** A game's renderer with the shell's defaults; subclass it and override what you need. */
export class Renderer {
  constructor(app, root, { page = "board" } = {}) {
    this.app = app;
    this.root = root;
    this.page = page;
    this.live = page !== "replay"; // a replay draws views but sends nothing
    this.parts = {};
  }

  get view() { return this.app.view; }
  get seat() { return this.app.seat; }
  get legal() { return this.live ? this.app.legal : null; }

  // ---------------------------------------------------------------- drawing
  learn() {}

  applyView() {
    throw new Error(`${this.constructor.name} must draw the view (applyView)`);
  }

  renderSide() {}

  drawInteraction() {}

  resetInput() {}

  refusalWords(text) { return text; }

  // ---------------------------------------------------------------- playing events
  paced() { return false; }

  pacingOver() { return true; }

  async animate() { return false; }

  // ---------------------------------------------------------------- words
  describe(e) {
    if (!e || !e.kind) return "";
    const words = String(e.kind).replace(/_/g, " ");
    return words[0].toUpperCase() + words.slice(1) + ".";
  }

  logClass() { return ""; }

  /** Older events' words: this default describes each as it is (nothing to walk back). */
  historyReader() {
    return { describe: (e) => this.describe(e), back: () => {}, keep: () => null };
  }

  banner() {
    const view = this.view || {};
    const turn = view.turn || {};
    const yours = !view.outcome && Array.isArray(this.legal) && this.legal.length > 0;
    const text = view.outcome ? "The game is over." : yours ? "Your move." : "Waiting for the others.";
    return { round: typeof turn.round === "number" ? `Round ${turn.round}` : "", text, yours, classes: [] };
  }

  outcome() {
    const o = this.view && this.view.outcome;
    if (!o) return null;
    const title = { won: "Won!", lost: "Lost", draw: "A draw" }[o.result] || "The game is over";
    const cause = o.cause ? `Because of ${String(o.cause).replace(/_/g, " ")}.` : "";
    return { won: o.result === "won", title, cause, rounds: "" };
  }

  /** The turn buttons: "End turn" and "Undo" when the seat's legal commands hold
   * `{do: "end_turn"}` and `{do: "undo"}`; no shared turn ("End for both"). */
  handOff() {
    const view = this.view || {};
    const legal = this.legal || [];
    const seated = !!this.seat && !view.outcome;
    const has = (name) => legal.some((c) => c && c.do === name);
    const undo = seated && has("undo");
    return {
      seated, canEnd: seated && has("end_turn"), locked: false, status: "",
      end: { command: { do: "end_turn" }, label: "End turn" }, endText: "End turn",
      undo: { shown: undo, allowed: undo, enabled: undo, why: "", command: { do: "undo" }, label: "Undo" },
      both: { shown: false, allowed: false, text: "", command: null, label: "", confirm: { title: "", lines: [] } },
    };
  }
}

/** The members the shell calls, in the order above (the node tests hold the shell to it). */
export const RENDERER_MEMBERS = [
  "parts", "learn", "applyView", "renderSide", "drawInteraction", "resetInput", "refusalWords",
  "paced", "pacingOver", "animate", "describe", "logClass", "historyReader", "banner", "outcome",
  "handOff",
];
