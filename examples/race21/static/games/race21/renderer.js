// Race to 21's renderer: the total, the target and a button per addition its seat may make;
// the shell's Renderer (../shell/renderer.js) does the rest (the Undo button among it, from
// the `{do: "undo"}` the seat's legal commands hold).
import { clear, h } from "../shell/dom.js";
import { Renderer } from "../shell/renderer.js";
import { additions, sentence, status } from "./words.js";

export class Race21Renderer extends Renderer {
  constructor(app, root, options) {
    super(app, root, options);
    this.frame = root.querySelector("[data-role=map]") || root;
    this.parts = { frame: this.frame };
  }

  applyView(view, legal) {
    const target = view.target;
    const buttons = this.live ? additions(legal).map((n) => h("button.btn.race-add", {
      type: "button", dataset: { add: String(n) }, text: `Add ${n}`,
      onclick: () => this.app.sendCommand({ do: "add", n }, `Add ${n}`),
    })) : [];
    clear(this.frame).append(h("div.race21", {},
      h("p.race-total", { dataset: { role: "total" }, text: String(view.total) }),
      h("p.race-target", { text: `First to ${target}` }),
      h("div.race-buttons", {}, ...buttons)));
    this.root.dataset.total = String(view.total);
  }

  describe(e) { return sentence(e, this.seat); }

  banner() {
    const { text, yours } = status(this.view, this.seat, this.legal);
    return { round: "", text, yours, classes: [] };
  }
}

export function createRace21(app, root, options = {}) {
  return new Race21Renderer(app, root, options);
}
