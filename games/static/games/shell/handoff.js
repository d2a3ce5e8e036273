// The turn buttons beside the hand: the main one (end the turn, or "I'm done" when the turn
// is shared), "End for both…" with its confirmation, and "Undo". What each says and sends
// comes from the renderer's `handOff()` model (for Wildlands: wildlands/turns.js); this
// module owns the buttons and one rule of its own: a turn or undo button does nothing while
// its command is on its way or until the board shows the game after it, so a double click
// sends one command, not a refused second one.
import { h } from "./dom.js";

export class HandOff {
  constructor(app, endButton) {
    this.app = app;
    this.endButton = endButton;
    this.sent = null; // {id, version, rejected}: the last turn or undo command sent
    this.undoButton = h("button.btn.ghost.undo", { type: "button", hidden: true, dataset: { role: "undo" }, text: "Undo", title: "Take back your last move", onclick: () => this.undo() });
    this.bothButton = h("button.btn.end-both", { type: "button", hidden: true, dataset: { role: "end-both" }, text: "End for both…", onclick: () => this.askEndForBoth() });
    this.status = h("span.handoff-status", { dataset: { role: "handoff-status" }, "aria-live": "polite" });
    this.undoWhy = h("span.undo-why", { dataset: { role: "undo-why" }, hidden: true });
    this.dialog = h("dialog.confirm-dialog", { dataset: { role: "confirm-end" }, "aria-label": "End the turn for both players?" });
    endButton.before(this.undoButton);
    endButton.after(this.bothButton, this.status, this.undoWhy);
    app.root.append(this.dialog);
  }

  model() { return this.app.game.handOff(); }

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
    this.app.game.resetInput();
    this.sent = { version: this.app.version, rejected: false };
    this.sent.id = this.app.sendCommand(command, label);
    this.app.renderInteraction();
  }

  /** The main button. */
  endClicked() {
    const m = this.model();
    if (this.busy() || !m.canEnd) return;
    this.send(m.end.command, m.end.label);
  }

  askEndForBoth() {
    const m = this.model();
    if (this.busy() || !m.both.allowed) return;
    const { title, lines } = m.both.confirm;
    this.dialog.replaceChildren(
      h("h3", { text: title }),
      ...lines.map((text) => h("p", { text })),
      h("div.dialog-buttons", {},
        h("button.btn.primary", { type: "button", dataset: { role: "confirm-end-both" }, text: m.both.label, onclick: () => { this.close(); this.send(m.both.command, m.both.label); } }),
        h("button.btn.ghost", { type: "button", dataset: { role: "keep-playing" }, text: "Keep playing", onclick: () => this.close() })));
    try { this.dialog.showModal(); } catch (err) { this.dialog.setAttribute("open", ""); }
  }

  close() {
    if (this.dialog.open) this.dialog.close();
    this.dialog.removeAttribute("open");
  }

  undo() {
    const m = this.model();
    if (this.busy() || !m.undo.allowed) return;
    this.send(m.undo.command, m.undo.label);
  }

  /** The buttons for the view shown now. */
  render() {
    const m = this.model();
    const busy = this.busy();
    const end = this.endButton;
    end.disabled = busy || !m.canEnd || m.locked;
    end.textContent = m.endText;
    this.status.textContent = m.status;
    this.undoButton.hidden = !m.undo.shown;
    this.undoButton.disabled = busy || !m.undo.enabled;
    // a greyed Undo says why (a card drawn, a partner's move since)
    const why = m.undo.shown && !m.undo.enabled ? (m.undo.why || "") : "";
    this.undoButton.title = why || "Take back your last move";
    this.undoWhy.textContent = why;
    this.undoWhy.hidden = !why;
    this.bothButton.hidden = !m.both.shown;
    if (m.both.text) this.bothButton.textContent = m.both.text;
    this.bothButton.disabled = busy;
    end.hidden = !m.seated;
    end.dataset.busy = busy ? "true" : "false";
  }
}
