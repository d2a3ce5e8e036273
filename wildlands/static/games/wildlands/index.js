// Wildlands registers its renderer with the board shell: the live board and the replay each
// get their own (see renderer.js for what the shell asks of it).
import { registerRenderer } from "../shell/registry.js";
import { WildlandsLive } from "./live.js";
import { WildlandsReplay } from "./replay.js";
import "./learn.js"; // its teaching parts (shell/learning.js), for the board and the rules page

export function createWildlands(app, root, { page = "board", data = {} } = {}) {
  return page === "replay" ? new WildlandsReplay(app, root, data) : new WildlandsLive(app, root, data);
}

registerRenderer("wildlands", createWildlands);
