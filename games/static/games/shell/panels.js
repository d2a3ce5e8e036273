// The page's own panels, whatever the game: the status bar (the renderer's banner for the
// turn, who is connected, the connection), the log of what happened and the game-over card.
// What a line says, and the banner's and the card's words, come from the renderer
// (`app.game`: describe, logClass, historyReader, banner, outcome).
import { clear, colourOf, h } from "./dom.js";

const CONNECTION = { online: "Live", connecting: "Connecting…", reconnecting: "Reconnecting…", offline: "Offline: retrying", local: "Preview" };

export class ShellPanels {
  constructor(app, { status, log, gameover }) {
    this.app = app;
    this.status = status;
    this.logHost = log;
    this.gameover = gameover;
  }

  render() {
    this.renderStatus();
    this.app.game.renderSide();
    this.renderGameOver();
  }

  // ---------------------------------------------------------------- status bar
  renderStatus() {
    const app = this.app;
    if (!this.status) return;
    clear(this.status);
    const b = app.game.banner();
    const classes = [b.yours ? "yours" : "", ...(b.classes || [])].filter(Boolean).map((c) => `.${c}`).join("");
    this.status.append(
      h(`div.turn-banner${classes}`, { role: "status", "aria-live": "polite" },
        h("span.round", { text: b.round }), h("span.turn-text", { text: b.text })),
      h("div.presence", { "aria-label": "Who is connected" },
        (app.seats || []).map((s) => presenceSeat(s, app.seat))),
      h(`span.conn.${app.connection}`, { title: "Connection to the game server", text: CONNECTION[app.connection] || app.connection }),
    );
  }

  // ---------------------------------------------------------------- log
  // The log holds one line per event the seat may see, in seq order: lines played live,
  // the recent history a socket's first update carries (so a reload keeps the game so far)
  // and older pages fetched with "Show earlier". A seq is written once, whichever came first.
  logState() {
    if (!this.logged) this.logged = { seqs: new Set(), oldest: null, more: false, button: null };
    return this.logged;
  }

  logItem(text, cls, seq) {
    const dataset = typeof seq === "number" ? { seq: String(seq) } : {};
    return h(`li${cls ? "." + cls : ""}`, { text, dataset });
  }

  log(text, cls = "", seq = null) {
    if (!text) return;
    const state = this.logState();
    if (typeof seq === "number") {
      if (state.seqs.has(seq)) return;
      state.seqs.add(seq);
    }
    this.logHost.append(this.logItem(text, cls, seq));
    this.trimLog();
    this.logHost.scrollTop = this.logHost.scrollHeight;
  }

  /** Log one event as it is played; its line (or null when it has none). */
  logEvent(e) {
    const text = this.app.game.describe(e);
    if (typeof e.seq === "number") {
      if (this.logState().seqs.has(e.seq)) return text;
      if (!text) this.logState().seqs.add(e.seq);
    }
    if (text) this.log(text, this.app.game.logClass(e), e.seq);
    return text;
  }

  /** History from the server (`log` in a socket's first update, or a `log_page`): each
   * event up to seq `upTo` not logged yet goes in its place by seq (later ones arrive as
   * the update's own events). */
  logHistory(part, upTo, view = null) {
    const state = this.logState();
    const game = this.app.game;
    // Old lines are written in the words of their moment (in Wildlands, a minion named with
    // the space it had then): the renderer's reader walks back from the newest event.
    const older = typeof part.first_seq === "number" && (state.oldest === null || part.first_seq < state.oldest);
    const reader = game.historyReader(view, state.positions);
    const fresh = [];
    for (const e of [...(part.events || [])].reverse()) {
      if (typeof e.seq !== "number") continue;
      if (e.seq <= upTo && !state.seqs.has(e.seq)) {
        state.seqs.add(e.seq);
        const text = reader.describe(e);
        if (text) fresh.unshift(this.logItem(text, game.logClass(e), e.seq));
      }
      reader.back(e);
    }
    if (older) state.positions = reader.keep();
    const atEnd = this.logHost.scrollTop + this.logHost.clientHeight >= this.logHost.scrollHeight - 4;
    const sequenced = [...this.logHost.children].filter((li) => li.dataset.seq);
    for (const item of fresh) {
      const seq = Number(item.dataset.seq);
      const after = sequenced.find((li) => Number(li.dataset.seq) > seq);
      if (after) this.logHost.insertBefore(item, after);
      else this.logHost.append(item);
    }
    if (older) {
      state.oldest = part.first_seq;
      state.more = !!part.more;
    }
    this.renderEarlier();
    if (part.type === "log_page") this.logHost.scrollTop = 0;
    else if (atEnd || fresh.length) this.logHost.scrollTop = this.logHost.scrollHeight;
  }

  /** The "Show earlier" button above the log, while older events exist. */
  renderEarlier() {
    const state = this.logState();
    if (!state.button) {
      state.button = h("button.btn.log-earlier", {
        type: "button", style: "align-self:flex-start;font-size:.75rem;padding:.1rem .6rem;margin-bottom:.3rem",
        onclick: () => {
          if (state.oldest === null || state.oldest <= 1) return;
          state.button.disabled = true;
          state.button.textContent = "Loading…";
          this.app.requestEarlierLog(state.oldest);
          setTimeout(() => this.renderEarlier(), 8000); // no answer (offline, refused): offer it again
        },
      });
      this.logHost.before(state.button);
    }
    state.button.style.display = state.more && state.oldest > 1 ? "" : "none";
    state.button.disabled = false;
    state.button.textContent = "Show earlier";
  }

  trimLog() {
    const state = this.logState();
    if (this.logHost.children.length <= 2000) return;
    while (this.logHost.children.length > 1500) this.logHost.firstChild.remove();
    const first = [...this.logHost.children].find((li) => li.dataset.seq);
    if (first) {
      state.oldest = Number(first.dataset.seq);
      state.more = state.oldest > 1;
      for (const seq of [...state.seqs]) if (seq < state.oldest) state.seqs.delete(seq);
      this.renderEarlier();
    }
  }


  // ---------------------------------------------------------------- game over
  renderGameOver() {
    const app = this.app;
    const over = app.game.outcome();
    if (!over) {
      this.gameover.hidden = true;
      return;
    }
    if (!this.gameover.hidden && this.gameover.dataset.version === String(app.view.version)) return;
    clear(this.gameover);
    this.gameover.dataset.version = String(app.view.version);
    this.gameover.dataset.result = over.won ? "won" : "lost";
    const links = [h("a.btn.primary", { href: app.links.myGames, text: "My games" })];
    if (app.links.campaign) links.unshift(h("a.btn.primary", { href: app.links.campaign, text: "Back to the campaign" }));
    if (app.links.replay) links.push(h("a.btn", { href: app.links.replay, text: "Watch the replay" }));
    links.push(h("button.btn", { type: "button", onclick: () => { this.gameover.hidden = true; }, text: "Look at the board" }));
    this.gameover.append(h("div.gameover-card", { role: "dialog", "aria-labelledby": "gameover-title" },
      over.icon || null,
      h("h2", { id: "gameover-title", text: over.title }),
      h("p.gameover-cause", { text: over.cause }),
      h("p.gameover-rounds", { text: over.rounds }),
      h("div.gameover-links", {}, links)));
    this.gameover.hidden = false;
  }
}

/** One seat in the status bar: a person with their connection dot, or a bot (played by the
 * server, never "away"), with its team when the game has teams. */
function presenceSeat(s, mySeat) {
  const name = s.seat === mySeat ? `${s.username || s.seat} (you)` : (s.username || s.seat);
  const team = s.team ? ` · ${s.team}` : "";
  if (s.bot) {
    return h("span.seat.bot", { title: `${s.username || s.seat}${team}: a bot, played by the server`, dataset: { seat: s.seat } },
      h("span.dot.bot-dot", { style: `--dot:${colourOf(s.colour)}` }), h("span.seat-name", { text: `${name}${team}` }), h("span.bot-badge", { text: "bot" }));
  }
  return h(`span.seat${s.connected ? ".on" : ""}`, { title: `${s.username || s.seat}${team}: ${s.connected ? "connected" : "away"}`, dataset: { seat: s.seat } },
    h("span.dot", { style: `--dot:${colourOf(s.colour)}` }), h("span.seat-name", { text: `${name}${team}` }));
}
