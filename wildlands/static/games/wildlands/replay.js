// Wildlands on the replay page: the renderer (renderer.js) with the hands the replay may show
// (a revealed replay shows every hand) and the face-down counters named for what lies under them.
import { clear, h } from "../shell/dom.js";
import { cardElement } from "./hand.js";
import { WildlandsRenderer } from "./renderer.js";

export class WildlandsReplay extends WildlandsRenderer {
  constructor(app, root, data) {
    super(app, root, data, "replay");
    this.hands = root.querySelector("[data-role=hands]");
  }

  figureDescs(view) {
    const descs = super.figureDescs(view);
    for (const d of descs) {
      // a revealed replay knows what lies under each face-down counter
      const o = d.kind === "object" && !d.classes.includes("revealed") ? this.objects().find((x) => x.id === d.id) : null;
      if (o && o.kind) d.title = `A face-down ${o.kind.replace(/_/g, " ")} on ${o.space}`;
    }
    return descs;
  }

  applyView(view, legal) {
    super.applyView(view, legal);
    this.renderHands();
  }

  renderHands() {
    if (!this.hands) return;
    clear(this.hands);
    const characters = this.charactersById();
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

  async animate(e) { return this.animateEvent(e); }
}
