// The board page's frame, whatever the game: it holds the latest view, talks to the server
// (socket.js), queues the updates and plays them one after another (updates.js), keeps the
// log and the status bar (panels.js), the turn buttons (handoff.js), the animation setting
// (motion.js) and the toasts. Everything about the game itself (what is drawn, what a click
// means, the words of its events and turns) is its renderer's (`this.game`), found in the
// registry by the name the page gives (registry.js).
import { h } from "./dom.js";
import { GameSocket } from "./socket.js";
import { HandOff } from "./handoff.js";
import { Motion } from "./motion.js";
import { ShellPanels } from "./panels.js";
import { drain as drainQueue, pacing, refusal, takeUpdate } from "./updates.js";
import { rendererFor, rendererName } from "./registry.js";

export class BoardApp {
  /** `factory(app, root, {page})` makes the game's renderer (see registry.js). */
  constructor(root, initial, factory) {
    this.root = root;
    this.initial = initial;
    this.gameId = initial.game_id;
    this.seat = initial.seat || null;
    this.view = initial.view;
    this.pendingView = null; // the view an update leads to, while its events are played
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

    const $ = (sel) => root.querySelector(sel);
    this.toastHost = $("[data-role=toast]");
    this.motion = new Motion(root, { caption: $("[data-role=caption]"), control: $("[data-role=motion]") });
    this.panels = new ShellPanels(this, { status: $("[data-role=status]"), log: $("[data-role=log]"), gameover: $("[data-role=gameover]") });
    this.game = factory(this, root, { page: "board", data: initial });
    this.expose(this.game.parts);
    const endButton = $("[data-role=end-turn]");
    endButton.addEventListener("click", () => this.endTurn());
    this.handOff = new HandOff(this, endButton);
  }

  /** The renderer's named parts (its map, its play flow…) on the app too, for debugging and
   * the browser tests; a name the app already uses is a mistake in the renderer. */
  expose(parts = {}) {
    for (const [name, part] of Object.entries(parts)) {
      if (name in this) throw new Error(`the renderer's part "${name}" hides the app's own`);
      this[name] = part;
    }
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

  // ---------------------------------------------------------------- server messages
  onMessage(msg) {
    switch (msg.type) {
      case "update":
        this.game.learn(msg);
        // a socket's first update carries the recent history: lines up to what this page
        // has already queued; later ones come as the update's own events
        if (msg.log) this.panels.logHistory(msg.log, this.queuedSeq, msg.view);
        return this.onUpdate(msg);
      case "log_page":
        this.game.learn(msg);
        this.panels.logHistory(msg, this.queuedSeq);
        return;
      case "ack":
        this.pending.delete(msg.id);
        this.renderInteraction();
        return;
      case "rejected": {
        const sent = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        this.handOff.rejected(msg.id);
        const { text: said, resync } = refusal(msg);
        const text = this.game.refusalWords ? this.game.refusalWords(said) : said; // ids in words
        this.toast(text, "error");
        this.panels.log(`Refused${sent && sent.label ? ` (${sent.label})` : ""}: ${text}`, "error");
        this.game.resetInput({ text, error: true });
        if (resync && this.socket) this.socket.resync();
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

  /** Ask the server for the log's events before seq `before` ("Show earlier"). */
  requestEarlierLog(before) {
    if (this.socket) this.socket.send({ type: "log_before", seq: before });
  }

  onUpdate(msg) {
    const taken = takeUpdate(this, msg, { canResync: !!this.socket });
    if (taken.action === "resync") this.socket.resync();
    if (taken.action !== "queue") return;
    this.queue.push(taken.update);
    this.drain();
  }

  drain() {
    return drainQueue(this, {
      started: () => this.root.classList.add("animating"),
      finished: () => {
        this.root.classList.remove("animating");
        if (this.game.pacingOver()) this.motion.hush();
      },
    });
  }

  /** Play one update: log and show each event, then draw the view it leads to. */
  async play(update) {
    this.pendingView = update.view;
    const how = pacing({
      paced: this.game.paced(update.view), waiting: this.queue.length, events: update.events.length,
      hidden: document.hidden, off: this.motion.off,
    });
    for (const e of update.events) {
      const text = this.panels.logEvent(e);
      if (typeof e.seq === "number") this.lastSeq = Math.max(this.lastSeq, e.seq);
      if (how.animate) await this.game.animate(e, { paced: how.paced, text });
    }
    this.pendingView = null;
    this.applyView(update.view, update.legal);
  }

  applyView(view, legal) {
    this.view = view;
    this.version = view.version;
    this.legal = legal;
    this.root.dataset.version = String(view.version);
    this.game.applyView(view, legal);
    this.panels.render();
    this.renderInteraction();
  }

  // ---------------------------------------------------------------- interaction
  /** Redraw what this seat may do now (the renderer's part, then the turn buttons). */
  renderInteraction(message = null) {
    this.game.drawInteraction(message);
    this.handOff.render();
  }

  endTurn() {
    this.handOff.endClicked();
  }

  /** Send a command for the view's version; returns the message id its answer will carry. */
  sendCommand(command, label) {
    const id = `m${++this.messageCounter}-${Date.now().toString(36)}`;
    // The newest version received (an update may still be animating): the server checks
    // the rules anyway, and this spares a stale_version refusal for a click made mid-animation.
    const msg = { type: "command", id, expected_version: Math.max(this.version, this.queuedVersion), command };
    this.pending.set(id, { label, command });
    if (this.socket) this.socket.send(msg);
    else this.toast("Preview only: no game server is connected.", "error");
    this.renderInteraction();
    return id;
  }

  toast(text, kind = "info") {
    if (!text || !this.toastHost) return;
    const node = h(`div.toast.${kind}`, { role: kind === "error" ? "alert" : "status", text });
    this.toastHost.append(node);
    setTimeout(() => node.classList.add("going"), 3800);
    setTimeout(() => node.remove(), 4400);
    while (this.toastHost.children.length > 3) this.toastHost.firstChild.remove();
  }
}

/** Start the board in `root` with the renderer the page names (`data-renderer`). */
export function startBoard(root, initial) {
  const app = new BoardApp(root, initial, rendererFor(rendererName(root)));
  app.start();
  return app;
}
