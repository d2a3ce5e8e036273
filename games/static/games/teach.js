// The board page's teaching: the Rules panel, the marks' words and, for a guided first game,
// the guide box, from the page's #board-learn (games/learning.py) and the renderer's own
// teaching parts (each game's learn.js, which its renderer module, loaded by the page from the
// game's declaration, imports). Every part follows the view as the shell draws it.
import { h } from "./shell/dom.js";
import { learningFor } from "./shell/learning.js";
import { RulesPanel } from "./shell/rules_panel.js";
import { MarkNotes } from "./shell/marks.js";
import { GuideBox } from "./shell/guide.js";

function readLearn() {
  const node = document.getElementById("board-learn");
  return node ? JSON.parse(node.textContent) : null;
}

/** Start teaching on the board `app` (shell/app.js) drawn in `root`; null when the game has
 * no rules document or its renderer no teaching parts. */
export function startTeaching(app, root) {
  const data = readLearn();
  const parts = learningFor(root.dataset.renderer || "");
  if (!data || !data.rules || !parts) return null;
  // under the map, beside the animations setting: opened, it lies over the board, so the
  // side column keeps its room for the players' panels
  const tools = root.querySelector(".board-tools") || root;
  const panel = new RulesPanel(tools, data.rules, parts.phaseOf);
  const map = root.querySelector("[data-role=map]");
  const notes = map ? new MarkNotes(map, root.querySelector(".board-area") || root, { selectors: parts.marks, marks: data.rules.marks }) : null;
  if (data.rules.address) { // the whole rules, from the board, in a tab of their own
    tools.prepend(h("a.btn.chip", { href: data.rules.address, target: "_blank", rel: "noopener", dataset: { role: "how-to-play" }, text: "How to play" }));
  }
  const guide = data.guide ? new GuideBox(root, data.guide, parts.points) : null;
  const seen = () => {
    panel.render(app.view);
    if (guide) guide.seen(app.view);
  };
  new MutationObserver(seen).observe(root, { attributes: true, attributeFilter: ["data-version"] });
  seen();
  return { panel, notes, guide };
}
