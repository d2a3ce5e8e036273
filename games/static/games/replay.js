// Entry point of the replay page: a stored game step by step, drawn by the same renderers
// as the live board (the page loads the game's renderer module first and names the renderer
// with data-renderer).
import { startReplay } from "./shell/replay.js";

const root = document.getElementById("replay-app");
const node = document.getElementById("replay-data");
if (root && node && root.querySelector("[data-role=map]")) {
  window.wildlandsReplay = startReplay(root, JSON.parse(node.textContent)); // for debugging and the browser tests
}
