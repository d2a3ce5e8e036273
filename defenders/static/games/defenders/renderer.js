// Defenders of the Wild's renderer: what the board shell (shell/app.js, shell/replay.js) asks
// of a game (the contract and its defaults: shell/renderer.js, which it extends). It draws the
// view (board_svg.js, panels.js, hand.js), words the events (sentences.js) and the turn
// (turns.js), turns clicks into the seat's legal commands (commands.js), and plays each
// update's events on the board one at a time (model.js), the machines' card slowly enough to
// follow: an engine rolling on and the walls it leaves, a factory landing, pollution
// spreading, hunters closing in.
import { clear, h, sleep } from "../shell/dom.js";
import { Renderer } from "../shell/renderer.js";
import { zoomButton } from "../shell/zoom.js";
import { BoardSvg, loadStyles } from "./board_svg.js";
import { DefendersPanels } from "./panels.js";
import { DefendersHand, cardElement } from "./hand.js";
import { applyEvent, boardOf } from "./model.js";
import { clickCommand, commandLabel, sortLegal } from "./commands.js";
import { describe, isMachineEvent, logClass } from "./sentences.js";
import { banner, handOffModel, idleWords, missWords, organizeWords, outcomeWords } from "./turns.js";
import { markPlaces } from "./places.js";
import { habitatLegend } from "./legend.js";
import { Names } from "./words.js";

/** Pauses after one event drawn: a machine step that changes the board (its caption must be
 * read), one told in the caption only, a player's move; animations "reduced" halve them. */
export const MACHINE_STEP_MS = 750;
export const MACHINE_WORDS_MS = 500;
export const PLAYER_STEP_MS = 300;
const DECK_EVENTS = new Set(["machine_card_drawn", "machine_deck_reshuffled", "machines_turn_ended"]);

export class DefendersRenderer extends Renderer {
  constructor(app, root, { page = "board" } = {}) {
    super(app, root, { page });
    loadStyles();
    root.classList.add("dw-board");
    const $ = (sel) => root.querySelector(sel);
    this.names = new Names({
      seat: app.seat,
      seatName: (id) => { const s = (app.seats || []).find((x) => x.seat === id); return s && (s.username || s.bot_name) || null; },
    });
    this.board = new BoardSvg($("[data-role=map]"), {
      onHex: (hex) => this.click("hex", hex), onEdge: (edge) => this.click("edge", edge), onMiss: (hex) => this.miss(hex),
    });
    this.addMapTools($(".board-area"), $("[data-role=map]"));
    this.panels = new DefendersPanels(this, $("[data-role=side]"));
    this.hand = new DefendersHand($("[data-role=hand]"));
    this.intentHost = $("[data-role=intent]");
    this.hands = this.live ? null : $("[data-role=hands]"); // the replay's hands, when it may show them
    this.asking = null; // several commands fit one click: the page asks which
    this.message = null;
    this.machineCard = null; // the machine card being played, while its update is shown
    this.shown = null; // the board as drawn while an update's events are played
    this.parts = { defenders: this };
    this.watchPlaces(root, [$("[data-role=log]"), $("[data-role=sentences]"), $("[data-role=caption]")]);
  }

  /** The habitats' legend under the map, and on a phone the zoom (zoomed in at first: the
   * whole board on a phone's width draws its marks too small to read). */
  addMapTools(area, frame) {
    if (!area || typeof document === "undefined") return;
    const tools = area.querySelector(".board-tools");
    const legend = habitatLegend();
    if (tools) tools.prepend(legend);
    else area.append(legend);
    const phone = typeof matchMedia === "function" && matchMedia("(max-width: 600px)").matches;
    // zoomed in, every mark is at least 11 px; "Whole board" zooms out
    this.zoom = zoomButton(area, { frame, zoomed: phone, title: "Zoom the board in or out", out: "Whole board", role: "dw-zoom", cls: "dw-zoom" });
    area.append(this.zoom);
  }

  /** The places the log and the caption name light their hex or edge when pointed at (a
   * mouse over them, a tap, a keyboard's focus): each line is cut into its places' words as
   * it is written (places.js markPlaces). */
  watchPlaces(root, hosts) {
    if (typeof MutationObserver === "undefined") return;
    for (const host of hosts.filter(Boolean)) {
      const list = host.matches("ol, ul");
      for (const el of list ? host.children : [host]) this.markLine(el);
      // a list's new lines only (a log keeps up to 2000): the lines already read stay read
      const seen = list
        ? (records) => { for (const r of records) for (const n of r.addedNodes) if (n.nodeType === 1) this.markLine(n); }
        : () => this.markLine(host);
      new MutationObserver(seen).observe(host, { childList: true, characterData: true, subtree: host.matches("p") });
    }
    const spotOf = (el) => {
      const place = el && el.closest && el.closest(".dw-place");
      return place ? { place, spot: this.names.spots.get(place.dataset.words) } : null;
    };
    const show = (found) => {
      for (const el of root.querySelectorAll(".dw-place.pointed")) el.classList.remove("pointed");
      if (found) found.place.classList.add("pointed");
      this.board.point(found ? found.spot : null);
    };
    root.addEventListener("pointerover", (ev) => { const f = spotOf(ev.target); if (f) show(f); });
    // a finger has no hover: a tap (a click) keeps the place lit until the next one elsewhere
    let pinned = null;
    root.addEventListener("pointerout", (ev) => { if (spotOf(ev.target)) show(pinned); });
    root.addEventListener("click", (ev) => {
      const f = spotOf(ev.target);
      pinned = f;
      if (f || root.querySelector(".dw-place.pointed")) show(f);
    });
    root.addEventListener("focusin", (ev) => { const f = spotOf(ev.target); if (f) show(f); });
    root.addEventListener("focusout", (ev) => { if (spotOf(ev.target)) show(pinned); });
  }

  /** Cut one line's text into plain words and places (once per text). */
  markLine(el) {
    if (!el || [...el.childNodes].some((n) => n.nodeType !== 3)) return;
    const text = el.textContent;
    if (!text || el.dataset.marked === text) return;
    const pieces = markPlaces(text, this.names.spots);
    if (!pieces.some((p) => p.spot)) return;
    el.dataset.marked = text;
    el.replaceChildren(...pieces.map((p) => (p.spot
      ? h("span.dw-place", { tabindex: "0", dataset: { words: p.text.toLowerCase() === p.text ? p.text : p.text[0].toLowerCase() + p.text.slice(1), key: p.spot.key }, text: p.text })
      : document.createTextNode(p.text))));
  }

  learn(msg) { this.names.learnCards(msg && msg.cards); }

  // ---------------------------------------------------------------- drawing a view
  applyView(view) {
    this.names.learn(view);
    this.shown = null;
    if (view.turn.stage !== "machines") this.machineCard = null;
    this.root.dataset.stage = view.turn.stage;
    this.root.dataset.round = String(view.turn.round);
    this.board.draw(boardOf(view));
    this.board.clearFlash();
    if (this.zoom) this.zoom.centre(); // a zoomed phone's board on its core, until moved
    if (this.hands) this.renderHands(view);
  }

  /** The replay's hands: every seat's a revealed replay holds, else the viewer's own. */
  renderHands(view) {
    clear(this.hands);
    const shown = (view.seats || []).filter((s) => Array.isArray(s.hand));
    for (const s of shown) {
      const who = this.names.seat(s.id);
      this.hands.append(h("section.replay-hand", { dataset: { player: s.id } },
        h("h3", { text: who === "you" ? "Your hand" : `${who}'s hand` }),
        h("div.hand", {}, s.hand.length ? s.hand.map((card) => cardElement(card)) : h("p.empty-hand", { text: "No defenders in hand." }))));
    }
    this.hands.hidden = !shown.length;
  }

  renderSide() { this.panels.render(); }

  // ---------------------------------------------------------------- words
  describe(e) { return describe(e, this.names, this.app.view); }
  logClass(e) { return logClass(e); }
  banner() { return banner(this.view, this.seat, this.names, this.legal); }
  outcome() { return outcomeWords(this.view); }

  // ---------------------------------------------------------------- playing events
  /** The machines' turn comes as one update: it is paced, one step at a time. */
  paced(next) { return this.view.turn.stage === "machines" || (next && next.turn.stage === "machines"); }
  pacingOver() { return this.view.turn.stage !== "machines"; }

  /** Show event `e` on the board; true when something was drawn. */
  async animate(e, { paced = false, text = "" } = {}) {
    if (!this.shown) this.shown = boardOf(this.view);
    if (this.board.targets.hexes.size || this.board.targets.edges.size) this.board.setTargets();
    const places = applyEvent(this.shown, e);
    if (e.kind === "machine_card_drawn") this.machineCard = e;
    if (DECK_EVENTS.has(e.kind)) this.panels.render(); // the machine deck's count as the card is drawn
    const machine = isMachineEvent(e);
    if (machine && this.app.motion && text) this.app.motion.say(text, { kind: e.kind, seq: e.seq });
    if (!places && !(machine && paced)) return false;
    if (places) {
      this.board.draw(this.shown);
      this.board.flash(places, machine ? "machine" : "player");
    }
    this.root.dataset.lastStep = e.kind;
    const pause = !(paced || machine) ? PLAYER_STEP_MS : places ? MACHINE_STEP_MS : MACHINE_WORDS_MS;
    await sleep(this.app.motion && !this.app.motion.full ? pause / 2 : pause);
    return true;
  }

  // ---------------------------------------------------------------- interaction
  handOff() { return handOffModel(this.view, this.seat, this.legal); }

  resetInput(message = null) {
    this.asking = null;
    if (message) this.message = message;
    if (this.live) this.drawInteraction();
  }

  send(cmd) {
    this.asking = null;
    this.app.sendCommand(cmd, commandLabel(cmd, this.names, this.view));
  }

  click(kind, target) {
    if (!this.live || this.app.pending.size) return;
    const found = clickCommand(this.legal, kind, target);
    if (!found) return;
    if (found.send) this.send(found.send);
    else {
      this.asking = found.ask;
      this.drawInteraction();
    }
  }

  /** A click on a hex the board does not light: why nothing happens, where the hint stands. */
  miss(hex) {
    if (!this.live || this.app.pending.size) return;
    const lit = this.board.targets.hexes.size;
    this.asking = null;
    this.drawInteraction({ text: missWords(this.view, this.seat, this.legal, hex, this.names, lit), miss: true });
  }

  /** The board's targets, the hand and the row of words and buttons under the board. */
  drawInteraction(message = null) {
    if (!this.live) return;
    if (message) this.message = typeof message === "string" ? { text: message } : message;
    const view = this.view;
    const busy = this.app.pending.size > 0;
    const sorted = sortLegal(busy ? [] : this.legal, view);
    this.board.setTargets({ hexes: [...sorted.hexes.keys()], edges: [...sorted.edges.keys()] });
    this.root.classList.toggle("choosing", sorted.hexes.size + sorted.edges.size > 0);
    const me = (view.seats || []).find((s) => s.id === this.seat);
    const playable = new Map([...sorted.cards].map(([id, cmds]) => [id, commandLabel(cmds[0], this.names, view)]));
    const picked = me && me.chosen && view.turn.stage === "organize" ? this.names.cards.get(me.chosen) : null;
    this.hand.render((me && me.hand) || [], { playable, picked, onPick: (id) => this.click("card", id), watching: !this.seat });
    if (!this.intentHost) return;
    clear(this.intentHost);
    const row = h("div.intent-row", { dataset: { role: "dw-intent" } });
    if (this.asking) {
      row.append(h("span.intent-text", { text: "Which one?" }),
        h("div.options", {}, this.asking.map((cmd) => h("button.btn.option", { type: "button", onclick: () => this.send(cmd), text: commandLabel(cmd, this.names, view) }))),
        h("button.btn.ghost", { type: "button", onclick: () => this.resetInput(), text: "Cancel" }));
    } else {
      const m = this.message;
      this.message = null;
      if (m) row.classList.toggle("error", !!m.error);
      if (m && m.miss) row.dataset.miss = "";
      const words = m ? m.text : view.turn.stage === "organize" ? organizeWords(view, this.seat, this.names).text : idleWords(view, this.seat, this.names, this.legal);
      row.classList.toggle("idle", !m);
      row.append(h("span.intent-text", { dataset: { role: "hint" }, text: words }));
      const placed = [...sorted.hexes.values(), ...sorted.edges.values()].flat();
      if (placed.length) {
        // the board's targets as a list too: for keyboards, and for small hexes on a phone
        row.append(h("details.dw-choices", {},
          h("summary", { text: `Or pick from a list (${placed.length})` }),
          h("div.options", {}, placed.map((cmd) => h("button.btn.chip", {
            type: "button", dataset: { do: cmd.do }, onclick: () => this.send(cmd), text: commandLabel(cmd, this.names, view),
          })))));
      }
      if (sorted.buttons.length) {
        row.append(h("div.options.dw-actions", {}, sorted.buttons.map((cmd) => h("button.btn.option", {
          type: "button", dataset: { do: cmd.do, item: cmd.item || "" }, onclick: () => this.send(cmd), text: commandLabel(cmd, this.names, view),
        }))));
      }
    }
    this.intentHost.append(row);
    if (busy) this.intentHost.append(h("span.sending", { text: "Sending…" }));
  }
}
