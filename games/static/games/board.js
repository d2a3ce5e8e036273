// Entry point of the board page: the game-agnostic shell, then the server's initial state. The
// page loads the game's renderer module before this one (the declaration's renderer_module),
// and its root names the renderer with data-renderer.
import { startBoard } from "./shell/app.js";
import { startTeaching } from "./teach.js";

function readInitial() {
  const node = document.getElementById("initial-state");
  if (!node) throw new Error("the board page has no #initial-state");
  let data = JSON.parse(node.textContent);
  if (typeof data === "string") data = JSON.parse(data); // the view may pass a JSON string
  return data;
}

const root = document.getElementById("board-app");
if (root) {
  try {
    window.wildlandsBoard = startBoard(root, readInitial()); // for debugging and the browser tests
  } catch (err) {
    root.classList.add("failed");
    const note = document.createElement("p");
    note.className = "board-failure";
    note.textContent = `The board could not start: ${err.message}. Reload the page to try again.`;
    root.prepend(note);
    throw err;
  }
  try { // the rules panel, the marks' words, a guided game's box: the board plays on without them
    window.wildlandsBoard.teaching = startTeaching(window.wildlandsBoard, root);
  } catch (err) {
    console.error("the board's rules and guide could not start", err);
  }
}
