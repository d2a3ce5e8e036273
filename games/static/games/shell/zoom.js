// The zoom button over a board's map: a phone's map is drawn too small to read, so the button
// zooms it in and out. The board's area gets the class "zoomed" while zoomed in (board.css
// draws the map wider than the screen and lets its frame scroll both ways).
import { h } from "./dom.js";

/** The button, for the caller to place. `title` and `out` (its label while zoomed in) are the
 * game's words; `role` and `cls` its handles on it; `zoomed`: how it starts. With `frame` (the
 * map's frame) a zoomed board is scrolled to its middle until the person moves it, and again
 * by `button.centre()` (after a redraw) and whenever the map changes width. */
export function zoomButton(area, { frame = null, zoomed = false, title = "Zoom the map in or out", out = "Fit map", role = "", cls = "" } = {}) {
  const button = h(`button.map-zoom${cls ? `.${cls}` : ""}`, { type: "button", dataset: role ? { role } : null, title });
  let moved = false;
  button.centre = () => {
    if (frame && !moved && area.classList.contains("zoomed")) frame.scrollLeft = (frame.scrollWidth - frame.clientWidth) / 2;
  };
  if (frame) for (const kind of ["pointerdown", "wheel", "keydown"]) frame.addEventListener(kind, () => { moved = true; }, { passive: true });
  const set = (on) => {
    area.classList.toggle("zoomed", on);
    button.textContent = on ? out : "Zoom in";
    button.setAttribute("aria-pressed", on ? "true" : "false");
  };
  button.addEventListener("click", () => { moved = false; set(!area.classList.contains("zoomed")); button.centre(); });
  // the map changes width when zoomed, and when a game's stylesheet arrives: centre it again
  const map = frame && frame.querySelector("svg");
  if (map && typeof ResizeObserver === "function") {
    new ResizeObserver(() => button.centre()).observe(map);
  }
  set(zoomed);
  return button;
}
