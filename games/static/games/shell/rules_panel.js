// The board's Rules panel: the game's goal, how everyone wins and loses, and the rules of the
// phase the view is in, with the way to the whole rules page. The words are the game's rules
// document's; the renderer's learn.js says which variant and phase a view is in.
import { h } from "./dom.js";
import { panelModel } from "./learn_model.js";

export class RulesPanel {
  /** `host`: where the panel goes (first in the row of tools under the map). */
  constructor(host, rules, phaseOf) {
    this.rules = rules;
    this.phaseOf = phaseOf;
    this.body = h("div.rules-panel-body");
    this.node = h("details.rules-panel", { dataset: { role: "rules-panel" } },
      h("summary", {}, h("span.rules-panel-title", { text: "Rules" }), h("span.rules-panel-phase")),
      this.body);
    host.prepend(this.node);
    this.shown = "";
  }

  open() { this.node.open = true; }

  render(view) {
    const model = panelModel(this.rules, this.phaseOf(view));
    const key = JSON.stringify(model);
    if (key === this.shown) return;
    this.shown = key;
    this.node.querySelector(".rules-panel-phase").textContent = model.phase ? ` · now: ${model.phase.name}` : "";
    const parts = [];
    if (model.variant) {
      parts.push(h("section.rules-goal", { dataset: { role: "rules-goal" } },
        h("h4", { text: `The goal (${model.variant.name})` }), h("p", { text: model.variant.goal })),
      h("section.rules-win", { dataset: { role: "rules-win" } },
        h("h4", { text: "You win when" }), h("ul", {}, model.variant.win.map((w) => h("li", { text: w })))),
      h("section.rules-lose", { dataset: { role: "rules-lose" } },
        h("h4", { text: "You lose when" }), h("ul", {}, model.variant.lose.map((w) => h("li", { text: w })))));
    }
    if (model.phase) {
      parts.push(h("section.rules-phase", { dataset: { role: "rules-phase", phase: model.phase.key } },
        h("h4", { text: `Now: ${model.phase.name}` }), h("ul", {}, model.phase.words.map((w) => h("li", { text: w })))));
    }
    if (model.address) {
      parts.push(h("p.rules-more", {}, h("a", { href: model.address, target: "_blank", rel: "noopener", dataset: { role: "rules-link" }, text: "All the rules (opens a new tab)" })));
    }
    this.body.replaceChildren(...parts);
  }
}
