// The end of the players' turn and taking a move back, beside the hand (The Awoken).
//
// Two people share the players' turn: each says "I'm done" (`finish`) and the turn ends when
// both have; until then the button shows who is still playing. "End for both…" ends it at
// once (`end_turn`) after a confirmation that says what the partner gives up. Alone, the one
// button ends the turn as before; in a skirmish it is the skirmish's "End turn".
// "Undo" takes back this seat's last move while the server says it may (`awoken.undo_by`).
// A turn or undo button does nothing while its command is on its way or until the board
// shows the game after it: a double click sends one command, not a refused second one.
import { h } from "./dom.js";
import { competitive, isWar, teammates } from "./war.js";

export class HandOff {
  constructor(app, endButton) {
    this.app = app;
    this.endButton = endButton;
    this.sent = null; // {id, version, rejected}: the last turn or undo command sent
    this.undoButton = h("button.btn.ghost.undo", { type: "button", hidden: true, dataset: { role: "undo" }, text: "Undo", title: "Take back your last move", onclick: () => this.undo() });
    this.bothButton = h("button.btn.end-both", { type: "button", hidden: true, dataset: { role: "end-both" }, text: "End for both…", onclick: () => this.askEndForBoth() });
    this.status = h("span.handoff-status", { dataset: { role: "handoff-status" }, "aria-live": "polite" });
    this.dialog = h("dialog.confirm-dialog", { dataset: { role: "confirm-end" }, "aria-label": "End the turn for both players?" });
    endButton.before(this.undoButton);
    endButton.after(this.bothButton, this.status);
    app.root.append(this.dialog);
  }

  get view() { return this.app.view; }
  awoken() { return !competitive(this.view); }
  /** A war's team turn is shared like The Awoken's: each teammate says "I'm done". */
  war() { return isWar(this.view); }
  interrupting() { const t = this.view.turn; return !!t.actor && (t.interrupters || []).includes(t.actor); }
  together() {
    if (this.war()) return !this.interrupting() && teammates(this.view, this.app.seat).length > 0;
    return this.awoken() && (this.view.players || []).length > 1;
  }
  done() { return this.war() ? this.view.war.done || [] : this.app.awokenPart().done || []; }
  partners() {
    if (this.war()) return teammates(this.view, this.app.seat);
    return (this.view.players || []).map((p) => p.id).filter((id) => id !== this.app.seat);
  }
  listed(name) { return !!this.app.legal && this.app.legal.some((c) => c.do === name); }

  /** A turn or undo command is on its way, or the board does not show its result yet. */
  busy() {
    const s = this.sent;
    if (!s || s.rejected) return false;
    return this.app.pending.has(s.id) || this.app.version <= s.version;
  }

  rejected(id) {
    if (this.sent && this.sent.id === id) this.sent.rejected = true;
  }

  send(command, label) {
    if (this.busy()) return;
    this.app.flow.reset();
    this.sent = { version: this.app.version, rejected: false };
    this.app.sendCommand(command, label);
    this.sent.id = [...this.app.pending.keys()].pop();
    this.app.renderInteraction();
  }

  /** The main button: "I'm done" together, the turn's end alone or in a skirmish. */
  endClicked() {
    if (this.busy() || !this.app.canEndTurn()) return;
    const t = this.view.turn;
    if (this.together() && t.phase === "play" && this.listed("finish")) this.send({ do: "finish" }, "I'm done");
    else this.send({ do: "end_turn" }, "End turn");
  }

  askEndForBoth() {
    if (this.busy() || !this.listed("end_turn")) return;
    const names = this.app.names;
    const others = this.partners().filter((id) => !this.done().includes(id));
    const lines = others.map((id) => {
      const p = (this.view.players || []).find((q) => q.id === id) || {};
      const cards = p.hand_size ?? 0;
      return `${names.seatCap(id)} has not said they are done: they lose the rest of this turn, `
        + `the ${cards} card${cards === 1 ? "" : "s"} in their hand stay${cards === 1 ? "s" : ""} unplayed, `
        + "and any move they are making now is dropped.";
    });
    if (this.app.flow.draft || this.app.flow.selectedCard) lines.push("Your own move in progress is dropped too.");
    this.dialog.replaceChildren(
      h("h3", { text: `End ${this.war() ? "your team's" : "the players'"} turn for ${this.partners().length > 1 ? "all" : "both"} of you?` }),
      ...lines.map((text) => h("p", { text })),
      h("div.dialog-buttons", {},
        h("button.btn.primary", { type: "button", dataset: { role: "confirm-end-both" }, text: "End for both", onclick: () => { this.close(); this.send({ do: "end_turn" }, "End for both"); } }),
        h("button.btn.ghost", { type: "button", dataset: { role: "keep-playing" }, text: "Keep playing", onclick: () => this.close() })));
    try { this.dialog.showModal(); } catch (err) { this.dialog.setAttribute("open", ""); }
  }

  close() {
    if (this.dialog.open) this.dialog.close();
    this.dialog.removeAttribute("open");
  }

  undo() {
    if (this.busy() || this.app.awokenPart().undo_by !== this.app.seat) return;
    this.send({ do: "undo" }, "Undo");
  }

  /** The buttons for the view shown now. */
  render() {
    const app = this.app;
    const v = this.view;
    const t = v.turn;
    const seated = !!app.seat && !v.outcome && t.phase !== "setup";
    const busy = this.busy();
    const end = this.endButton;
    end.disabled = busy || !app.canEndTurn();
    this.status.textContent = "";
    this.bothButton.hidden = true;
    this.undoButton.hidden = !seated || !this.awoken();
    this.undoButton.disabled = busy || t.phase !== "play" || app.awokenPart().undo_by !== app.seat;
    if (!this.awoken() && !this.together()) {
      end.textContent = t.interrupters && t.interrupters.includes(app.seat) && t.actor === app.seat ? "End interrupt" : "End turn";
    } else if (t.phase === "ancients") {
      end.textContent = t.actor === app.seat ? "End interrupt" : "End the players' turn";
    } else if (!this.together()) {
      end.textContent = "End the players' turn";
    } else {
      const done = this.done();
      const waiting = this.partners().filter((id) => !done.includes(id)).map((id) => app.names.seat(id));
      if (done.includes(app.seat)) {
        end.textContent = `Waiting for ${waiting.join(" and ") || "the others"}…`;
        end.disabled = true;
        this.status.textContent = "You are done.";
      } else {
        end.textContent = "I'm done";
        const ready = this.partners().filter((id) => done.includes(id)).map((id) => app.names.seatCap(id));
        if (ready.length) this.status.textContent = `${ready.join(" and ")} ${ready.length > 1 ? "are" : "is"} done: the turn ends when you are.`;
      }
      this.bothButton.hidden = !seated || !waiting.length || !this.listed("end_turn");
      this.bothButton.textContent = this.partners().length > 1 ? "End for all…" : "End for both…"; // a war's team of three
      this.bothButton.disabled = busy;
    }
    end.hidden = !seated;
    end.dataset.busy = busy ? "true" : "false";
  }
}
