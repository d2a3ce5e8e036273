// The replay page's frame, whatever the game: a stored game shown step by step. Steps (events
// and the table's view after them) come from the server's steps feed (stepper.js); the
// controls, the keys, the playback loop and the URL's ?step=N are this module's; the board,
// the side panel and the words of each event are the game's renderer's (`this.game`).
import { clear, h, sleep } from "./dom.js";
import { ShellPanels } from "./panels.js";
import { StepFeed, pageUrl } from "./stepper.js";
import { rendererFor, rendererName } from "./registry.js";

export class ReplayApp {
  constructor(root, data, factory) {
    this.root = root;
    this.data = data;
    this.seat = data.seat || null;
    this.seats = data.seats || [];
    this.feed = new StepFeed({
      total: data.total, pageSize: data.page || 50,
      fetchPage: (start, count) => fetchJson(pageUrl(data.steps_url, start, count)),
      onTotal: (total) => { this.scrub.max = String(Math.max(0, total - 1)); },
    });
    this.current = -1;
    this.ticket = 0;
    this.playing = false;
    this.view = null;
    this.pendingView = null;
    this.legal = null;
    this.connection = "Replay";
    this.links = { myGames: "/play/", campaign: "", replay: "" };
    this.unseen = 0; // secret events of the step shown, told as one line
    const $ = (sel) => root.querySelector(sel);
    this.sentences = $("[data-role=sentences]");
    this.panels = new ShellPanels(this, {
      status: $("[data-role=status]"), log: this.sentences,
      gameover: h("div", { hidden: true }), // the outcome is told in the step's sentences
    });
    this.game = factory(this, root, { page: "replay", data });
    this.position = $("[data-role=position]");
    this.scrub = $("[data-role=scrub]");
    this.speed = $("[data-role=speed]");
    this.buttons = {};
    for (const role of ["first", "prev", "play", "next", "last"]) this.buttons[role] = $(`[data-role=${role}]`);
    this.wire();
  }

  get total() { return this.feed.total; }

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
  /** Show step `n`; `animate` plays its events on the board when it follows the one shown. */
  async show(n, { animate = false } = {}) {
    n = this.feed.clamp(n);
    const ticket = ++this.ticket; // a later call wins: an older one stops where it is
    let step;
    try {
      step = await this.feed.step(n);
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
        if (await this.game.animate(e, { paced: false })) await sleep(pause);
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
    this.view = view;
    this.root.dataset.step = String(this.current);
    this.root.dataset.version = String(view.version);
    this.game.applyView(view, null);
    this.panels.renderStatus();
    this.game.renderSide();
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
    if (e.kind === "hidden") { // a secret event's placeholder
      this.unseen += 1;
      return;
    }
    const text = this.game.describe(e);
    if (text) this.line(text, this.game.logClass(e));
  }

  finishSentences() {
    const n = this.unseen;
    if (n) this.line(`Something happened out of your sight${n > 1 ? ` (${n} things)` : ""}.`, "muted");
    if (!this.sentences.children.length) this.line("Nothing to see at this step.", "muted");
  }

  line(text, cls = "") {
    this.sentences.append(h(`li${cls ? "." + cls : ""}`, { text }));
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
    const round = this.view ? this.game.banner().round.toLowerCase() : "";
    this.position.textContent = `Step ${n + 1} of ${this.total}${round ? ` · ${round}` : ""}`;
    this.root.classList.toggle("playing", this.playing);
  }

  sayError(text) {
    clear(this.sentences);
    this.sentences.append(h("li.error", { role: "alert", text }));
  }

  /** What the renderer would toast on the live board (a figure's title): said in the step's place. */
  toast(text) {
    if (!text) return;
    clear(this.sentences);
    this.sentences.append(h("li", { text }));
  }

  start() {
    const asked = Number(new URL(location.href).searchParams.get("step"));
    this.renderControls();
    this.root.classList.add("ready");
    return this.show(Number.isInteger(asked) && asked > 0 ? asked : 0);
  }
}

async function fetchJson(url) {
  const r = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!r.ok) throw new Error(`the server answered ${r.status}`);
  return r.json();
}

/** Start the replay in `root` with the renderer the page names (`data-renderer`). */
export function startReplay(root, data) {
  const replay = new ReplayApp(root, data, rendererFor(rendererName(root)));
  replay.start();
  return replay;
}
