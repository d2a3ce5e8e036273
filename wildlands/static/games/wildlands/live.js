// Wildlands on the live board: the renderer (renderer.js) plus the hand, the play flow, the
// questions the rules ask (prompts.js), the instruction bar under the map, the turn buttons'
// model (turns.js) and the Ancients' turn played at a pace people can follow (motion_fx.js).
import { clear, h, sleep } from "../shell/dom.js";
import { zoomButton } from "../shell/zoom.js";
import { HandView } from "./hand.js";
import { PlayFlow } from "./flow.js";
import { STAY } from "./legal.js";
import { PromptDialog } from "./prompts.js";
import { icon, FLAG_WORDS } from "./icons.js";
import { titleCase } from "./words.js";
import { MotionFx } from "./motion_fx.js";
import { handOffModel, idleWords, revealsFirst, waitingWords } from "./turns.js";
import { WildlandsRenderer } from "./renderer.js";
import { spaceWords } from "./map_legend.js";

/** Events after which an interrupt that handed the turn back is old news. */
const TURN_MOVES = new Set(["turn_started", "turn_ended", "turn_end_declared", "teammate_finished", "seat_finished", "interrupt_declared", "card_played"]);

/** The pause after one event of the players' own turn shown on the board. */
const STEP_MS = 400;

export class WildlandsLive extends WildlandsRenderer {
  constructor(app, root, data) {
    super(app, root, data);
    const $ = (sel) => root.querySelector(sel);
    this.flow = new PlayFlow(this);
    this.map.root.addEventListener("click", (ev) => {
      const cell = ev.target.closest("[data-space]");
      if (cell) this.onSpaceClick(Number(cell.dataset.space));
    });
    const area = $(".board-area");
    if (area) area.append(zoomButton(area));
    this.fx = new MotionFx(this, app.motion);
    this.hand = new HandView($("[data-role=hand]"), { onPick: (id) => this.flow.pickCard(id) });
    this.intentHost = $("[data-role=intent]");
    this.prompts = new PromptDialog(this, $("[data-role=prompt]"));
    document.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape" && (this.flow.draft || this.flow.options)) this.flow.reset();
    });
    this.parts = { ...this.parts, flow: this.flow, me: () => this.me(), learnCards: (cards) => this.learnCards(cards) };
  }

  /** Remembers an interrupt that handed the turn back, until the turn moves on. */
  learn(msg) {
    super.learn(msg);
    for (const e of msg.events || []) {
      if (e.kind === "interrupt_ended") this.handedBack = e;
      else if (TURN_MOVES.has(e.kind)) this.handedBack = null;
    }
  }

  applyView(view, legal) {
    super.applyView(view, legal);
    this.flow.refresh(); // a half-made play survives what the new view still allows
    this.prompts.sync();
  }

  // ---------------------------------------------------------------- pace
  /** An Ancients' turn arrives as a burst of updates: it is paced here, one action at a time. */
  paced(next) { return next.turn.phase === "ancients" || this.view.turn.phase === "ancients"; }

  /** Nothing is being paced any more: the caption may go. */
  pacingOver() { return this.view.turn.phase !== "ancients" || !!this.view.prompt; }

  async animate(e, { paced, text }) {
    if (paced) return this.fx.play(e, text);
    const drawn = this.animateEvent(e);
    if (drawn) await sleep(STEP_MS);
    return drawn;
  }

  // ---------------------------------------------------------------- turn words and buttons
  waitingWords() { return waitingWords(this.view, this.seat, this.names, this.flow.canInterrupt()); }

  handOff() {
    return handOffModel(this.view, this.seat, this.names, { legal: this.legal, drafting: !!(this.flow.draft || this.flow.selectedCard) });
  }

  resetInput(message = null) { this.flow.reset(message); }

  // ---------------------------------------------------------------- interaction
  /** The hand, the map's highlights and the instruction bar for what this seat may do now. */
  drawInteraction(message = null) {
    if (message) this.message = typeof message === "string" ? { text: message } : message;
    const flow = this.flow;
    const me = this.me();
    const marks = flow.handMarks();
    this.hand.render((me && me.hand) || [], {
      characters: this.charactersById(), colourFor: this.colourFor,
      selected: marks.selected, eligible: marks.eligible, locked: !this.seat || !!this.view.outcome,
    });
    this.map.clearHighlights();
    this.tokens.clearSelectable();
    const step = flow.step;
    if (step && step.kind === "space") this.map.highlightSpaces([...step.choices].filter((n) => n !== STAY));
    if (step && (step.kind === "figure" || step.kind === "character")) this.tokens.setSelectable(step.choices);
    if (flow.draft && flow.draft.character) this.tokens.setSelectable(new Set([flow.draft.character]), "chosen");
    this.root.classList.toggle("choosing", !!step);

    clear(this.intentHost);
    const inst = flow.instruction();
    if (inst) {
      this.message = null;
      this.intentHost.append(this.instructionRow(inst, step));
    } else {
      const said = this.message;
      const row = said
        ? h(`div.intent-row${said.error ? ".error" : ""}`, { role: said.error ? "alert" : null }, h("span.intent-text", { text: said.text }))
        : h("div.intent-row.idle", {}, h("span.intent-text", { text: idleWords(this.view, this.seat, this.names, this.legal, this.handedBack) }));
      this.message = null;
      const reveals = revealsFirst(this.view, this.seat, this.legal);
      if (reveals.length) row.append(this.revealButtons(reveals));
      this.intentHost.append(row);
    }
    this.root.classList.toggle("must-reveal", !!revealsFirst(this.view, this.seat, this.legal).length);
    if (this.app.pending.size) this.intentHost.append(h("span.sending", { text: "Sending…" }));
  }

  instructionRow(inst, step) {
    const flow = this.flow;
    const row = h("div.intent-row", {}, h("span.intent-text", { text: inst.text }));
    if (inst.options) {
      row.append(h("div.options", {}, inst.options.map((opt, i) => h("button.btn.option", { type: "button", onclick: () => flow.pickOption(i), dataset: { action: opt.action } }, icon(opt.icon), opt.label))));
    }
    // the same choices as buttons: for keyboards, and for small cells on a phone
    if (step && (step.kind === "space" || step.kind === "figure" || step.kind === "character")) {
      const values = [...step.choices].filter((v) => v !== STAY);
      if (values.length && values.length <= 12) {
        if (step.kind === "space") values.sort((x, y) => x - y);
        row.append(h("div.options.chips", {}, values.map((v) => h("button.btn.chip", {
          type: "button", dataset: { choice: String(v) },
          onclick: () => (step.kind === "space" ? flow.clickSpace(v) : flow.clickFigure(v)),
          text: step.kind === "space" ? String(v) : this.names.figure(v),
        }))));
      }
    }
    if (step && step.allowStay && step.choices.has(STAY)) row.append(h("button.btn", { type: "button", onclick: () => flow.choose(STAY), text: "Stay put" }));
    if (step && step.kind === "list") row.append(h("div.options", {}, step.list.map((item) => h("button.btn.option", { type: "button", onclick: () => flow.choose(item.value), text: item.label }))));
    if (step && step.kind !== "list" && !step.choices.size) row.append(h("span.intent-warn", { text: "Nothing can be chosen for this right now." }));
    row.append(h("button.btn.ghost", { type: "button", onclick: () => flow.reset(), text: "Cancel" }));
    return row;
  }

  /** One button per character this seat may reveal, named with its space. */
  revealButtons(reveals) {
    return h("div.options.reveals", {}, reveals.map((cmd) => {
      const c = this.flow.character(cmd.character) || { id: cmd.character, name: this.names.figure(cmd.character) };
      return h("button.btn.option.reveal-now", { type: "button", dataset: { character: c.id }, onclick: () => this.sendCommand(cmd, `Reveal ${c.name}`) },
        icon("reveal"), `Reveal ${c.name}${c.assigned ? ` on ${c.assigned}` : ""}`);
    }));
  }

  /** A listed command in words, for a choice between several ("Use Amulet with Orrin on 12"). */
  commandWords(cmd) {
    const parts = [FLAG_WORDS[cmd.do] || String(cmd.do || cmd.respond).replace(/_/g, " ")];
    if (cmd.character) parts.push(`with ${this.names.figure(cmd.character)}`);
    if (cmd.target) parts.push(`on ${this.names.figure(cmd.target)}`);
    if (typeof cmd.to === "number") parts.push(`to ${cmd.to}`);
    if (typeof cmd.space === "number") parts.push(`at ${cmd.space}`);
    if (cmd.treasure) parts.push(`(${titleCase(cmd.treasure)})`);
    return parts.join(" ");
  }

  onSpaceClick(n) {
    if (this.flow.step) {
      this.flow.clickSpace(n);
      return;
    }
    const words = spaceWords(this.map.data, n); // a tap on a space with its own rules explains them
    if (words) this.toast(`Space ${n}. ${words}`);
  }

  onTokenClick(id) {
    if (this.flow.step) {
      this.flow.clickFigure(id);
      return;
    }
    if (id.startsWith("ghost:") && this.flow.canAct()) {
      const c = this.flow.character(id.slice(6));
      this.sendCommand({ do: "reveal", character: c.id }, `Reveal ${c.name}`);
      return;
    }
    if (this.flow.startRevealObject(id)) return;
    super.onTokenClick(id);
  }

  useTreasure(characterId, treasureId) {
    const legal = this.legal ? this.legal.filter((c) => c.do === "use_treasure" && c.treasure === treasureId && c.character === characterId) : null;
    this.flow.selectedCard = null;
    this.flow.options = null;
    if (legal && legal.length > 1) {
      this.flow.draft = { do: "use_treasure", character: characterId, treasure: treasureId, cards: [], label: `Use ${titleCase(treasureId)}` };
      this.flow.advance();
      return;
    }
    this.sendCommand(legal && legal.length ? legal[0] : { do: "use_treasure", character: characterId, treasure: treasureId }, `Use ${titleCase(treasureId)}`);
  }
}
