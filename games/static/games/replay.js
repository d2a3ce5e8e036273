// The replay page: a stored game shown step by step on the live board's own map, tokens and
// panels. Steps (events + the table's view after them) come from the server's steps feed,
// a page at a time; the URL's ?step=N says which one is shown.
import { BoardApp } from "./board/app.js";
import { clear, h, sleep } from "./board/dom.js";
import { Tokens } from "./board/figures.js";
import { cardElement, colourForPlayer } from "./board/hand.js";
import { BoardMap } from "./board/map.js";
import { showCurses } from "./board/ice_belts_tombs.js";
import { Panels } from "./board/panels.js";
import { Names, describe } from "./board/words.js";
import { asSkirmish } from "./board/wrath.js";

export class ReplayBoard {
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.seat = data.seat || null;
    this.seats = data.seats || [];
    this.total = data.total;
    this.pageSize = data.page || 50;
    this.steps = new Map(); // step number -> {step, version, events, view}
    this.loading = new Map(); // page start -> promise
    this.current = -1;
    this.ticket = 0;
    this.playing = false;
    this.view = null;
    this.pendingView = null;
    this.connection = "Replay";
    this.links = { myGames: "/play/", campaign: "", replay: "" };
    // the live board's panels ask the play flow whether the viewer may act: never here
    this.flow = { canAct: () => false, canInterrupt: () => false };
    this.unseen = 0; // secret events of the step shown, told as one line
    this.names = new Names(this);
    const $ = (sel) => root.querySelector(sel);
    this.map = new BoardMap($("[data-role=map]"), data.board);
    this.tokens = new Tokens(this.map, { onClick: (id) => this.onTokenClick(id) });
    this.panels = new Panels(this, {
      side: $("[data-role=side]"), status: $("[data-role=status]"),
      log: $("[data-role=sentences]"), gameover: h("div", { hidden: true }), // the outcome is told in the step's sentences
    });
    this.sentences = $("[data-role=sentences]");
    this.hands = $("[data-role=hands]");
    this.position = $("[data-role=position]");
    this.scrub = $("[data-role=scrub]");
    this.speed = $("[data-role=speed]");
    this.buttons = {};
    for (const role of ["first", "prev", "play", "next", "last"]) this.buttons[role] = $(`[data-role=${role}]`);
    this.wire();
  }

  // ---------------------------------------------------------------- controls
  wire() {
    const b = this.buttons;
    b.first.addEventListener("click", () => this.go(0));
    b.prev.addEventListener("click", () => this.go(this.current - 1));
    b.next.addEventListener("click", () => this.go(this.current + 1, { animate: true }));
    b.last.addEventListener("click", () => this.go(this.total - 1));
    b.play.addEventListener("click", () => (this.playing ? this.pause() : this.play()));
    this.scrub.addEventListener("input", () => this.go(Number(this.scrub.value)));
    document.addEventListener("keydown", (ev) => this.onKey(ev));
  }

  onKey(ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const target = ev.target;
    // the slider and the speed choice answer arrow keys themselves
    if (target && target.closest && target.closest("input, select, textarea")) return;
    const moves = {
      ArrowLeft: () => this.go(this.current - 1),
      ArrowRight: () => this.go(this.current + 1, { animate: true }),
      Home: () => this.go(0),
      End: () => this.go(this.total - 1),
    };
    if (ev.key === " " && !(target && target.closest && target.closest("button, a"))) {
      ev.preventDefault();
      if (this.playing) this.pause(); else this.play();
      return;
    }
    if (moves[ev.key]) {
      ev.preventDefault();
      moves[ev.key]();
    }
  }

  /** A person's move through the steps: it stops playback first. */
  go(n, opts = {}) {
    this.pause();
    return this.show(n, opts);
  }

  play() {
    if (this.playing || this.total < 2) return;
    if (this.current >= this.total - 1) this.show(0);
    this.playing = true;
    this.renderControls();
    this.loop();
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    this.renderControls();
  }

  interval() {
    return Number(this.speed.value) || 1500;
  }

  async loop() {
    const run = (this.runs = (this.runs || 0) + 1); // a pause and a quick Play again: one loop
    while (this.playing && run === this.runs) {
      await sleep(this.interval());
      if (!this.playing || run !== this.runs) return;
      if (this.current >= this.total - 1) {
        this.pause();
        return;
      }
      await this.show(this.current + 1, { animate: true });
    }
  }

  // ---------------------------------------------------------------- steps
  async fetchPage(start) {
    if (!this.loading.has(start)) {
      const url = `${this.data.steps_url}?start=${start}&count=${this.pageSize}`;
      const promise = fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then((r) => {
          if (!r.ok) throw new Error(`the server answered ${r.status}`);
          return r.json();
        })
        .then((page) => {
          for (const s of page.steps) this.steps.set(s.step, s);
          if (typeof page.total === "number" && page.total < this.total) this.setTotal(page.total);
        })
        .catch((err) => {
          this.loading.delete(start);
          throw err;
        });
      this.loading.set(start, promise);
    }
    return this.loading.get(start);
  }

  async step(n) {
    if (!this.steps.has(n)) await this.fetchPage(Math.floor(n / this.pageSize) * this.pageSize);
    const next = n + 1;
    if (next < this.total && !this.steps.has(next) && next % this.pageSize === 0) {
      this.fetchPage(next).catch(() => {}); // read ahead while this page is watched
    }
    return this.steps.get(n);
  }

  setTotal(total) {
    this.total = total;
    this.scrub.max = String(Math.max(0, total - 1));
  }

  /** Show step `n`; `animate` plays its events on the board when it follows the one shown. */
  async show(n, { animate = false } = {}) {
    n = Math.max(0, Math.min(this.total - 1, n));
    const ticket = ++this.ticket;
    let step;
    try {
      step = await this.step(n);
    } catch (err) {
      this.sayError(`This step could not be loaded (${err.message}). Try again.`);
      this.pause();
      return;
    }
    if (ticket !== this.ticket || !step) return;
    const follows = n === this.current + 1 && this.view;
    this.current = n;
    if (!this.view) this.view = step.view; // the names of a first step shown come from itself
    this.pendingView = step.view;
    if (animate && follows && !document.hidden) {
      // as the live board does: each event told, then shown, in the table's words of the moment
      const pause = Math.min(400, this.interval() / (step.events.length + 2));
      this.renderSentences(step, []);
      for (const e of step.events) {
        if (ticket !== this.ticket) return;
        this.tell(e);
        if (this.animateEvent(e)) await sleep(pause);
      }
      if (ticket !== this.ticket) return;
      this.finishSentences(step);
    } else {
      this.renderSentences(step, step.events);
      this.finishSentences(step);
    }
    this.pendingView = null;
    this.applyView(step.view);
    this.renderControls();
    const url = new URL(location.href);
    url.searchParams.set("step", String(n));
    history.replaceState(null, "", url);
  }

  applyView(view) {
    this.view = asSkirmish(view);
    this.colourFor = colourForPlayer(view, this.seats);
    this.root.dataset.step = String(this.current);
    this.root.dataset.version = String(view.version);
    this.root.dataset.mode = view.mode;
    this.root.dataset.phase = view.turn.phase;
    const descs = this.figureDescs(view);
    for (const d of descs) {
      // a revealed replay knows what lies under each face-down counter
      const o = d.kind === "object" && !d.classes.includes("revealed") ? this.objects().find((x) => x.id === d.id) : null;
      if (o && o.kind) d.title = `A face-down ${o.kind.replace(/_/g, " ")} on ${o.space}`;
    }
    this.tokens.sync(descs);
    showCurses(this.map, view); // the tombs still holding a curse at this step
    this.panels.render();
    this.renderHands();
  }

  // ---------------------------------------------------------------- drawing
  /** Start the step's sentences, telling `events` at once. */
  renderSentences(step, events) {
    clear(this.sentences);
    this.unseen = 0;
    if (step.step === 0) this.line("The game begins.", "turn");
    for (const e of events) this.tell(e);
  }

  tell(e) {
    if (e.kind === "hidden") {
      this.unseen += 1;
      return;
    }
    const text = describe(e, this.names);
    if (text) this.line(text, e.kind === "game_ended" ? "over" : /damage|knocked/.test(e.kind) ? "hurt" : "");
  }

  finishSentences() {
    const n = this.unseen;
    if (n) this.line(`Something happened out of your sight${n > 1 ? ` (${n} things)` : ""}.`, "muted");
    if (!this.sentences.children.length) this.line("Nothing to see at this step.", "muted");
  }

  line(text, cls = "") {
    this.sentences.append(h(`li${cls ? "." + cls : ""}`, { text }));
  }

  renderHands() {
    clear(this.hands);
    const characters = new Map((this.view.characters || []).map((c) => [c.id, c]));
    const shown = (this.view.players || []).filter((p) => Array.isArray(p.hand));
    for (const p of shown) {
      const who = this.names.seat(p.id);
      this.hands.append(h("section.replay-hand", { dataset: { player: p.id }, style: `--player:${this.colourFor(p.id)}` },
        h("h3", { text: who === "you" ? "Your hand" : `${who}'s hand` }),
        h("div.hand", {}, p.hand.length
          ? p.hand.map((card) => cardElement(card, { characters, colourFor: this.colourFor, small: true }))
          : h("p.empty-hand", { text: "No cards in hand." }))));
    }
    this.hands.hidden = !shown.length;
  }

  renderControls() {
    const n = this.current;
    const last = this.total - 1;
    const b = this.buttons;
    b.first.disabled = b.prev.disabled = n <= 0;
    b.next.disabled = b.last.disabled = n >= last;
    b.play.textContent = this.playing ? "⏸ Pause" : "▶ Play";
    b.play.setAttribute("aria-pressed", String(this.playing));
    b.play.disabled = last < 1;
    this.scrub.value = String(Math.max(0, n));
    const round = this.view ? (this.view.turn.phase === "setup" ? "setup" : `round ${this.view.turn.round}`) : "";
    this.position.textContent = `Step ${n + 1} of ${this.total}${round ? ` · ${round}` : ""}`;
    this.root.classList.toggle("playing", this.playing);
  }

  sayError(text) {
    clear(this.sentences);
    this.sentences.append(h("li.error", { role: "alert", text }));
  }

  onTokenClick(id) {
    const d = this.tokens.get(id);
    if (!d || !d.title) return;
    clear(this.sentences);
    this.sentences.append(h("li", { text: d.title }));
  }

  start() {
    const asked = Number(new URL(location.href).searchParams.get("step"));
    this.renderControls();
    this.root.classList.add("ready");
    return this.show(Number.isInteger(asked) && asked > 0 ? asked : 0);
  }
}

// The live board's own drawing code, borrowed rather than copied: token descriptions from a
// view, one event's animation on the board, and the small view helpers they use.
for (const name of ["figureDescs", "animateEvent", "awokenPart", "objects", "turnWords"]) {
  ReplayBoard.prototype[name] = BoardApp.prototype[name];
}

const root = document.getElementById("replay-app");
const node = document.getElementById("replay-data");
if (root && node && root.querySelector("[data-role=map]")) {
  const replay = new ReplayBoard(root, JSON.parse(node.textContent));
  window.wildlandsReplay = replay; // for debugging and the browser tests
  replay.start();
}
