// Defenders of the Wild registers its renderer with the board shell: the live board and the
// replay share one (renderer.js), told apart by the page.
import { registerRenderer } from "../shell/registry.js";
import { DefendersRenderer } from "./renderer.js";
import "./learn.js"; // its teaching parts (shell/learning.js), for the board and the rules page

export function createDefenders(app, root, { page = "board", data = {} } = {}) {
  return new DefendersRenderer(app, root, { page, data });
}

registerRenderer("defenders", createDefenders);
