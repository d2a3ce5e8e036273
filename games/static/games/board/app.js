// The board page: holds the latest view, talks to the server, animates what happened and
// wires the map, the hand, the play flow, the prompts and the panels together.
import { clear, colourOf, h, sleep } from "./dom.js";
import { BoardMap } from "./map.js";
import { showCurses } from "./ice_belts_tombs.js";
import { Tokens } from "./figures.js";
import { HandView, colourForPlayer, shortName } from "./hand.js";
import { PlayFlow, STAY } from "./flow.js";
import { PromptDialog } from "./prompts.js";
import { Panels } from "./panels.js";
import { GameSocket } from "./socket.js";
import { HandOff } from "./handoff.js";
import { icon, FLAG_WORDS } from "./icons.js";
import { Names, initials, promptWords, titleCase } from "./words.js";
import { Motion } from "./motion.js";
import * as war from "./war.js";
import { asSkirmish } from "./wrath.js";

const STEP_MS = 400;

function figureKey(e) {
  return e.figure || e.character || e.monster || e.minion || e.ancient || e.id;
}

export class BoardApp {
  constructor(root, initial) {
    this.root = root;
    this.initial = initial;
    this.gameId = initial.game_id;
    this.seat = initial.seat || null;
    this.view = asSkirmish(initial.view);
    this.pendingView = null;
    this.version = this.view.version;
    this.lastSeq = initial.last_seq || 0;
    this.queuedSeq = this.lastSeq;
    this.queuedVersion = this.version;
    this.legal = Array.isArray(initial.legal) ? initial.legal : null;
    this.seats = (initial.seats || []).map((s) => ({ ...s }));
    this.links = {
      myGames: root.dataset.myGames || "/play/",
      campaign: root.dataset.campaign || "",
      replay: root.dataset.replay || "",
    };
    this.connection = initial.ws_url ? "connecting" : "local";
    this.pending = new Map();
    this.queue = [];
    this.draining = false;
    this.resyncAttempts = 0;
    this.messageCounter = 0;
    this.names = new Names(this);
    this.cardDefs = new Map(); // players' cards named in events: id -> what the card does
    this.colourFor = colourForPlayer(this.view, this.seats);
    this.flow = new PlayFlow(this);

    const $ = (sel) => root.querySelector(sel);
    this.map = new BoardMap($("[data-role=map]"), initial.board);
    this.tokens = new Tokens(this.map, { onClick: (id) => this.onTokenClick(id) });
    this.map.root.addEventListener("click", (ev) => {
      const cell = ev.target.closest("[data-space]");
      if (cell) this.onSpaceClick(Number(cell.dataset.space));
    });
    const area = $(".board-area");
    if (area) {
      const zoom = h("button.map-zoom", { type: "button", "aria-pressed": "false", title: "Zoom the map in or out" }, "Zoom in");
      zoom.addEventListener("click", () => {
        const on = area.classList.toggle("zoomed");
        zoom.setAttribute("aria-pressed", String(on));
        zoom.textContent = on ? "Fit map" : "Zoom in";
      });
      area.append(zoom);
    }
    this.motion = new Motion(this, { caption: $("[data-role=caption]"), control: $("[data-role=motion]") });
    this.hand = new HandView($("[data-role=hand]"), { onPick: (id) => this.flow.pickCard(id) });
    this.intentHost = $("[data-role=intent]");
    this.endTurnButton = $("[data-role=end-turn]");
    this.endTurnButton.addEventListener("click", () => this.endTurn());
    this.handOff = new HandOff(this, this.endTurnButton);
    this.toastHost = $("[data-role=toast]");
    this.prompts = new PromptDialog(this, $("[data-role=prompt]"));
    this.panels = new Panels(this, {
      side: $("[data-role=side]"), status: $("[data-role=status]"),
      log: $("[data-role=log]"), gameover: $("[data-role=gameover]"),
    });
    document.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape" && (this.flow.draft || this.flow.options)) this.flow.reset();
    });
  }

  start() {
    this.applyView(this.view, this.legal);
    this.panels.log("Welcome to the table.", "muted");
    if (this.initial.ws_url) {
      this.socket = new GameSocket(this.absoluteWs(this.initial.ws_url), {
        onMessage: (msg) => this.onMessage(msg),
        onStatus: (status) => { this.connection = status; this.panels.renderStatus(); },
        lastSeq: () => this.queuedSeq,
      });
    }
    this.root.classList.add("ready");
  }

  absoluteWs(url) {
    if (/^wss?:/.test(url)) return url;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return `${proto}//${location.host}${url}`;
  }

  // ---------------------------------------------------------------- view helpers
  awokenPart() {
    const v = this.view;
    return v.awoken || v.ancients || {};
  }

  objects() {
    const aw = this.awokenPart();
    return aw.objects || this.view.objects || [];
  }

  charactersById() {
    return new Map((this.view.characters || []).map((c) => [c.id, c]));
  }

  me() {
    return (this.view.players || []).find((p) => p.id === this.seat) || null;
  }

  figureDescs(view) {
    const colourFor = colourForPlayer(view, this.seats);
    const out = [];
    for (const c of view.characters || []) {
      const onBoard = c.space !== null && c.space !== undefined && !c.knocked_out;
      const mine = c.player === this.seat;
      const classes = [mine ? "mine" : "theirs"];
      if (c.ensnared) classes.push("ensnared");
      const carried = (c.carried || []).length;
      if (onBoard) {
        out.push({
          id: c.id, kind: "character", space: c.space, colour: colourFor(c.player), label: initials(c.name, c.id),
          damage: c.damage, health: c.health, classes, badge: carried ? `${carried}` : null,
          title: `${c.name} (${this.names.seat(c.player)}): ${c.health - c.damage} of ${c.health} health${carried ? `, carrying ${carried} crystal${carried > 1 ? "s" : ""}` : ""}${c.ensnared ? ", ensnared" : ""}`,
        });
      } else if (mine && !c.knocked_out && c.assigned !== undefined && c.assigned !== null) {
        out.push({
          id: `ghost:${c.id}`, kind: "ghost", space: c.assigned, colour: colourFor(c.player), label: initials(c.name, c.id),
          classes: ["mine"], title: `${c.name} waits hidden on ${c.assigned}: reveal to place it`,
        });
      }
    }
    for (const m of view.monsters || []) {
      if (m.space === null || m.space === undefined || m.knocked_out) continue;
      const name = this.names.monsterName(m);
      out.push({
        id: m.id, kind: m.kind === "ancient" ? "ancient" : "minion", space: m.space,
        label: m.kind === "ancient" ? initials(titleCase(m.type), m.id) : titleCase(m.type).slice(0, 2),
        damage: m.damage, health: m.immortal ? 0 : m.health, classes: m.immortal ? ["immortal"] : [],
        title: `${name}${m.immortal ? " (cannot be knocked out)" : `: ${m.health - m.damage} of ${m.health} health`}`,
      });
    }
    const aw = view.awoken || view.ancients || {};
    for (const o of aw.objects || view.objects || []) {
      if (o.space === null || o.space === undefined || o.removed || o.carried_by) continue;
      const crystal = o.revealed && (o.kind === "crystal" || o.kind === "ancient_crystal");
      out.push({
        id: o.id, kind: crystal ? "crystal" : "object", space: o.space,
        label: o.revealed ? (o.kind || "!").slice(0, 1).toUpperCase() : "?",
        classes: o.revealed ? ["revealed", o.kind || ""] : ["face-down"],
        title: o.revealed ? `${titleCase(o.kind || "object")} on ${o.space}` : `A face-down object on ${o.space}`,
      });
    }
    if (war.competitive(view)) {
      for (const p of view.players || []) {
        for (const s of p.shards || []) {
          out.push({ id: `shard:${p.id}:${s}`, kind: "shard", space: s, colour: colourFor(p.id), title: `A shard of ${this.names.seat(p.id)} on ${s}` });
        }
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- server messages
  onMessage(msg) {
    switch (msg.type) {
      case "update":
        this.learnCards(msg.cards);
        // a socket's first update carries the recent history: lines up to what this page
        // has already queued; later ones come as the update's own events
        if (msg.log) this.panels.logHistory(msg.log, this.queuedSeq, msg.view);
        return this.onUpdate(msg);
      case "log_page":
        this.learnCards(msg.cards);
        this.panels.logHistory(msg, this.queuedSeq);
        return;
      case "ack": {
        this.pending.delete(msg.id);
        this.renderInteraction();
        return;
      }
      case "rejected": {
        const sent = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        this.handOff.rejected(msg.id);
        const text = msg.code === "stale_version"
          ? "The board changed just before your move arrived. It is up to date now: please try again."
          : msg.message || msg.code;
        this.toast(text, "error");
        this.panels.log(`Refused${sent && sent.label ? ` (${sent.label})` : ""}: ${text}`, "error");
        this.flow.reset({ text, error: true });
        // stale: the board moved on; server_error: nothing was stored, read the board again
        if ((msg.code === "stale_version" || msg.code === "server_error") && this.socket) this.socket.resync();
        return;
      }
      case "presence": {
        const on = new Set(msg.connected || []);
        for (const s of this.seats) s.connected = on.has(s.seat);
        this.panels.render();
        return;
      }
      case "error":
        this.toast(msg.message || msg.code, "error");
        return;
      default:
        return;
    }
  }

  learnCards(cards) {
    if (cards && typeof cards === "object") for (const [id, def] of Object.entries(cards)) this.cardDefs.set(id, def);
  }

  /** Ask the server for the log's events before seq `before` ("Show earlier"). */
  requestEarlierLog(before) {
    if (this.socket) this.socket.send({ type: "log_before", seq: before });
  }

  onUpdate(msg) {
    const events = (msg.events || []).filter((e) => typeof e.seq !== "number" || e.seq > this.queuedSeq);
    const numbered = events.filter((e) => typeof e.seq === "number");
    const firstSeq = numbered.length ? numbered[0].seq : null;
    // Sequence numbers are gapless (secret events arrive as placeholders), so a hole, or a
    // last_seq beyond what arrived, means something was missed: ask again, at most twice.
    const missing = firstSeq !== null
      ? firstSeq > this.queuedSeq + 1
      : typeof msg.last_seq === "number" && msg.last_seq > this.queuedSeq;
    if (missing && this.socket && this.resyncAttempts < 2) {
      this.resyncAttempts += 1;
      this.socket.resync();
      return;
    }
    this.resyncAttempts = 0;
    if (msg.version < this.queuedVersion && !events.length) return;
    for (const e of numbered) this.queuedSeq = Math.max(this.queuedSeq, e.seq);
    if (typeof msg.last_seq === "number") this.queuedSeq = Math.max(this.queuedSeq, msg.last_seq);
    this.queuedVersion = Math.max(this.queuedVersion, msg.version);
    this.queue.push({ events, view: msg.view, legal: Array.isArray(msg.legal) ? msg.legal : null });
    this.drain();
  }

  async drain() {
    if (this.draining) return;
    this.draining = true;
    this.root.classList.add("animating");
    try {
      while (this.queue.length) {
        const update = this.queue.shift();
        await this.play(update);
      }
    } finally {
      this.draining = false;
      this.root.classList.remove("animating");
      if (this.view.turn.phase !== "ancients" || this.view.prompt) this.motion.hush();
    }
  }

  async play(update) {
    this.pendingView = update.view;
    const ancients = update.view.turn.phase === "ancients" || this.view.turn.phase === "ancients";
    // an Ancients' turn arrives as a burst of updates: it is paced here, one action at a time
    const behind = ancients ? this.queue.length > 60 : this.queue.length >= 4;
    const animate = !document.hidden && !this.motion.off && !behind && update.events.length < 60;
    for (const e of update.events) {
      const text = this.panels.logEvent(e);
      if (typeof e.seq === "number") this.lastSeq = Math.max(this.lastSeq, e.seq);
      if (animate && ancients) await this.motion.play(e, text);
      else if (animate && this.animateEvent(e)) await sleep(STEP_MS);
    }
    this.pendingView = null;
    this.applyView(update.view, update.legal);
  }

  /** Show one event on the board; true when something visible happened. */
  animateEvent(e) {
    const id = figureKey(e);
    switch (e.kind) {
      case "character_moved": case "monster_moved": case "minion_moved": case "ancient_moved": case "figure_moved":
        if (typeof e.to === "number") return this.tokens.update(id, { space: e.to });
        return false;
      case "attacked": {
        this.tokens.mark(e.attacker, "attacking", 600);
        if (e.target) this.tokens.mark(e.target, "targeted", 600);
        if (typeof e.space === "number") this.map.flashSpace(e.space, "flash-area");
        return true;
      }
      case "damage_dealt": {
        const d = this.tokens.get(id);
        if (!d) return false;
        this.tokens.update(id, { damage: e.total ?? (d.damage || 0) + (e.amount || 1) });
        this.tokens.mark(id, "hit", 650);
        this.map.flashSpace(d.space, "flash-hit");
        return true;
      }
      case "damage_prevented":
        this.tokens.mark(id, "blocked", 650);
        return !!this.tokens.get(id);
      case "healed": case "monster_healed": case "damage_removed": {
        const d = this.tokens.get(id);
        if (!d) return false;
        this.tokens.update(id, { damage: Math.max(0, (d.damage || 0) - (e.amount || 1)) });
        this.tokens.mark(id, "healed", 650);
        return true;
      }
      case "object_revealed": {
        const appear = this.pendingView ? this.figureDescs(this.pendingView).find((d) => d.id === e.object) : null;
        if (appear) this.tokens.update(e.object, { ...appear });
        this.tokens.mark(e.object, "flip", 600);
        if (typeof e.space === "number") this.map.flashSpace(e.space, "flash-appear");
        return true;
      }
      case "minion_summoned": {
        const appear = this.pendingView ? this.figureDescs(this.pendingView).find((d) => d.id === e.figure) : null;
        if (appear && !this.tokens.get(e.figure)) this.tokens.add({ ...appear, space: e.space ?? appear.space });
        if (typeof e.space === "number") this.map.flashSpace(e.space, "flash-appear");
        return true;
      }
      case "character_ensnared":
        this.tokens.mark(e.character, "hit", 650);
        return true;
      case "character_healed": { // (a monster's heal is the case above)
        const id2 = e.figure || e.character;
        const d = this.tokens.get(id2);
        if (!d) return false;
        this.tokens.update(id2, { damage: e.total ?? Math.max(0, (d.damage || 0) - (e.amount || 1)) });
        this.tokens.mark(id2, "healed", 650);
        return true;
      }
      case "hidden":
        return false;
      case "knocked_out":
        if (!this.tokens.get(id)) return false;
        this.tokens.mark(id, "ko", 450);
        setTimeout(() => this.tokens.update(id, { space: null }), 250);
        return true;
      default: {
        // a figure or object that appears (reveal, summon): take it from the coming view
        const appear = this.pendingView ? this.figureDescs(this.pendingView).find((d) => d.id === id) : null;
        if (appear && !this.tokens.get(id)) {
          this.tokens.add({ ...appear });
          if (typeof appear.space === "number") this.map.flashSpace(appear.space, "flash-appear");
          return true;
        }
        if (appear && /revealed|object/.test(e.kind)) {
          this.tokens.update(id, { ...appear });
          this.tokens.mark(id, "flip", 600);
          return true;
        }
        return false;
      }
    }
  }

  applyView(view, legal) {
    this.view = asSkirmish(view);
    this.version = view.version;
    this.legal = legal;
    this.colourFor = colourForPlayer(view, this.seats);
    this.root.dataset.version = String(view.version);
    this.root.dataset.mode = view.mode;
    this.root.dataset.phase = view.turn.phase;
    this.tokens.sync(this.figureDescs(view));
    showCurses(this.map, view); // the tombs still holding a curse
    this.flow.refresh(); // a half-made play survives what the new view still allows
    this.panels.render();
    this.prompts.sync();
    this.renderInteraction();
  }

  // ---------------------------------------------------------------- interaction
  renderInteraction(message = null) {
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
    const cancel = h("button.btn.ghost", { type: "button", onclick: () => flow.reset(), text: "Cancel" });
    if (inst) {
      this.message = null;
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
      row.append(cancel);
      this.intentHost.append(row);
    } else if (this.message) {
      this.intentHost.append(h(`div.intent-row${this.message.error ? ".error" : ""}`, { role: this.message.error ? "alert" : null }, h("span.intent-text", { text: this.message.text })));
      this.message = null;
    } else {
      this.intentHost.append(h("div.intent-row.idle", {}, h("span.intent-text", { text: this.idleWords() })));
    }
    if (this.pending.size) this.intentHost.append(h("span.sending", { text: "Sending…" }));

    this.handOff.render(); // the end-turn, "End for both…" and "Undo" buttons
  }

  canEndTurn() {
    if (!this.seat || this.view.outcome) return false;
    if (this.legal) return this.legal.some((c) => c.do === "end_turn");
    return this.flow.canAct();
  }

  idleWords() {
    const v = this.view;
    if (!this.seat) return "You are watching this game.";
    if (v.outcome) return "The game is over.";
    if (v.prompt) return promptWords(v.prompt, this.names);
    if (this.flow.canAct()) return "Your move: pick a card from your hand, or end the turn.";
    return this.waitingWords();
  }

  waitingWords() {
    const v = this.view;
    if (v.prompt) return promptWords(v.prompt, this.names);
    if (v.turn.phase === "setup") return "Waiting for every player to place their characters.";
    if (v.turn.phase === "ancients") return "The Ancients are taking their turn.";
    if (war.isWar(v)) return war.waitingWords(v, this.seat, this.names, this.flow.canInterrupt());
    if (v.mode === "skirmish") {
      const can = this.flow.canInterrupt();
      return `It is ${this.names.seat(v.turn.actor)}'s move.${can ? " You may interrupt with a wild card." : ""}`;
    }
    return "Wait for your turn.";
  }

  turnWords() {
    const v = this.view;
    const t = v.turn;
    if (v.outcome) return "Game over";
    if (t.phase === "setup") return "Placing characters in secret";
    if (t.phase === "ancients") return "The Ancients are acting…";
    if (war.isWar(v)) return war.turnWords(v, this.seat, this.names);
    if (v.mode === "skirmish") {
      const who = t.actor === this.seat ? "Your" : `${this.names.seat(t.actor)}'s`;
      return t.interrupters && t.interrupters.includes(t.actor) ? `${who} interrupt` : `${who} turn`;
    }
    return "The players' turn";
  }

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
    if (this.flow.step) this.flow.clickSpace(n);
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
    const d = this.tokens.get(id);
    if (d && d.title) this.toast(d.title);
  }

  endTurn() {
    this.handOff.endClicked();
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

  sendCommand(command, label) {
    const id = `m${++this.messageCounter}-${Date.now().toString(36)}`;
    // The newest version received (an update may still be animating): the server checks
    // the rules anyway, and this spares a stale_version refusal for a click made mid-animation.
    const msg = { type: "command", id, expected_version: Math.max(this.version, this.queuedVersion), command };
    this.pending.set(id, { label, command });
    if (this.socket) this.socket.send(msg);
    else this.toast("Preview only: no game server is connected.", "error");
    this.renderInteraction();
  }

  toast(text, kind = "info") {
    if (!text) return;
    const node = h(`div.toast.${kind}`, { role: kind === "error" ? "alert" : "status", text });
    this.toastHost.append(node);
    setTimeout(() => node.classList.add("going"), 3800);
    setTimeout(() => node.remove(), 4400);
    while (this.toastHost.children.length > 3) this.toastHost.firstChild.remove();
  }
}

export function startBoard(root, initial) {
  const app = new BoardApp(root, initial);
  app.start();
  window.wildlandsBoard = app; // for debugging and the browser tests
  return app;
}

export { colourOf, shortName };
