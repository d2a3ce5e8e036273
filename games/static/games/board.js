// Entry point of the board page: read the server's initial state and start the app.
import { startBoard } from "./board/app.js";

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
    startBoard(root, readInitial());
  } catch (err) {
    root.classList.add("failed");
    const note = document.createElement("p");
    note.className = "board-failure";
    note.textContent = `The board could not start: ${err.message}. Reload the page to try again.`;
    root.prepend(note);
    throw err;
  }
}
