// Wildlands' renderer: what the board shell (shell/app.js, shell/replay.js) asks of a game
// (the contract and its defaults: shell/renderer.js, which it extends). This base draws a
// view (the map, its tokens, the side panel) and words its events and turns; live.js adds
// the hand, the play flow, the questions and the Ancients' pace (drawInteraction, handOff,
// resetInput, paced, pacingOver), and replay.js the replay's hands. Wildlands' own modules
// reach the shell's state through the getters below.
import { Renderer } from "../shell/renderer.js";
import { BoardMap } from "./map.js";
import { showCurses } from "./ice_belts_tombs.js";
import { annotateCells } from "./map_legend.js";
import { Tokens } from "./figures.js";
import { colourForPlayer } from "./hand.js";
import { icon } from "./icons.js";
import { Names } from "./words.js";
import { describe, historyReader, logClass } from "./sentences.js";
import { SidePanels } from "./panels.js";
import { figureDescs } from "./figures_of_view.js";
import { animateEvent } from "./animate.js";
import { awokenPart, banner, outcomeWords } from "./turns.js";

/** Never the viewer's move (the replay, a spectator's page before a flow exists). */
export const NO_FLOW = { canAct: () => false, canInterrupt: () => false };

export class WildlandsRenderer extends Renderer {
  /** `data`: the page's data (its `board` is the map to draw); `page`: "board" or "replay". */
  constructor(app, root, data, page = "board") {
    super(app, root, { page });
    this.names = new Names(this);
    this.cardDefs = new Map(); // players' cards named in events: id -> what the card does
    this.flow = NO_FLOW;
    this.colourFor = colourForPlayer(app.view || {}, app.seats);
    const $ = (sel) => root.querySelector(sel);
    this.map = new BoardMap($("[data-role=map]"), data.board);
    annotateCells(this.map); // what a space's own rules do, on hover
    this.tokens = new Tokens(this.map, { onClick: (id) => this.onTokenClick(id) });
    this.side = new SidePanels(this, $("[data-role=side]"));
    this.parts = { map: this.map, tokens: this.tokens, names: this.names };
  }

  // ---------------------------------------------------------------- the shell's state
  get pendingView() { return this.app.pendingView; }
  get seats() { return this.app.seats; }
  get version() { return this.app.version; }

  sendCommand(command, label) { return this.app.sendCommand(command, label); }
  toast(text, kind) { if (this.app.toast) this.app.toast(text, kind); }
  renderInteraction(message = null) { if (this.app.renderInteraction) this.app.renderInteraction(message); }

  // ---------------------------------------------------------------- view helpers
  awokenPart() { return awokenPart(this.view); }
  objects() { return this.awokenPart().objects || this.view.objects || []; }
  charactersById() { return new Map((this.view.characters || []).map((c) => [c.id, c])); }
  me() { return (this.view.players || []).find((p) => p.id === this.seat) || null; }
  figureDescs(view) { return figureDescs(view, { seat: this.seat, seats: this.seats, names: this.names }); }

  /** Card definitions sent beside events (`cards`), so log lines can say what a card does. */
  learnCards(cards) {
    if (cards && typeof cards === "object") for (const [id, def] of Object.entries(cards)) this.cardDefs.set(id, def);
  }

  learn(msg) { this.learnCards(msg.cards); }

  // ---------------------------------------------------------------- drawing a view
  applyView(view) {
    this.colourFor = colourForPlayer(view, this.seats);
    this.root.dataset.mode = view.mode;
    this.root.dataset.phase = view.turn.phase;
    this.tokens.sync(this.figureDescs(view));
    showCurses(this.map, view); // the tombs still holding a curse
  }

  renderSide() { this.side.renderSide(); }

  onTokenClick(id) {
    const d = this.tokens.get(id);
    if (d && d.title) this.toast(d.title);
  }

  /** Show one event on the board; true when something visible happened. */
  animateEvent(e) { return animateEvent(this, e); }

  // ---------------------------------------------------------------- words
  describe(e) { return describe(e, this.names); }
  logClass(e) { return logClass(e); }
  historyReader(view, saved) { return historyReader(this.names, view, saved); }
  banner() { return banner(this.view, this.seat, this.names, this.flow.canAct()); }

  /** A refusal from the server with the ids it names (characters, seats) in words:
   * "not three of a kind for Ysolde", not "... for ancients_magus". */
  refusalWords(text) {
    const known = this.charactersById();
    const seats = new Set((this.view.players || []).map((p) => p.id));
    return String(text || "")
      .replace(/\b[a-z]+(?:_[a-z0-9]+)+\b/g, (id) => (known.has(id) ? this.names.figure(id) : id))
      .replace(/\bp\d+\b/g, (id) => (seats.has(id) ? this.names.seat(id) : id));
  }

  outcome() {
    const over = outcomeWords(this.view, this.seat, this.names);
    return over && { ...over, icon: icon(over.won ? "claim" : "melee", "gameover-icon") };
  }
}
