// What the board's colours and the phone's zoom need beside the map: the habitats' colours in
// words (a phone hides the names printed on the hexes), and a button that zooms a phone's
// board in (every mark at least 11 px) or out to the whole board. Drawn once by the renderer.
import { h } from "../shell/dom.js";
import { HABITATS } from "./words.js";

/** Habitats the legend shows, in the order the factions' homes are read. */
export const LEGEND = ["forest", "plains", "marsh", "mountain", "wild"];

/** The legend: a swatch of each habitat's colour and its name ("wild": a rewilded factory). */
export function habitatLegend() {
  return h("ul.dw-legend", { dataset: { role: "habitat-legend" }, "aria-label": "The habitats' colours" },
    LEGEND.map((kind) => h("li", { dataset: { habitat: kind } },
      h("span.dw-swatch", { style: `background:${HABITATS[kind].fill}`, "aria-hidden": "true" }),
      kind === "wild" ? "rewilded" : HABITATS[kind].label)));
}

/** The zoom button of a phone's board: `area` gets the class "zoomed" while zoomed in (the map
 * drawn wider than the screen, scrolled both ways, centred when zoomed in). */
export function zoomButton(area, frame, { zoomed = false } = {}) {
  const button = h("button.map-zoom.dw-zoom", { type: "button", dataset: { role: "dw-zoom" }, title: "Zoom the board in or out" });
  /** Scroll a zoomed board to its middle (the machine core), until the person moves it. */
  let moved = false;
  button.centre = () => {
    if (frame && !moved && area.classList.contains("zoomed")) frame.scrollLeft = (frame.scrollWidth - frame.clientWidth) / 2;
  };
  if (frame) for (const kind of ["pointerdown", "wheel", "keydown"]) frame.addEventListener(kind, () => { moved = true; }, { passive: true });
  const set = (on) => {
    area.classList.toggle("zoomed", on);
    button.textContent = on ? "Whole board" : "Zoom in";
    button.setAttribute("aria-pressed", on ? "true" : "false");
  };
  button.addEventListener("click", () => { moved = false; set(!area.classList.contains("zoomed")); button.centre(); });
  // the map changes width when zoomed, and when the board's stylesheet arrives: centre it again
  const map = frame && frame.querySelector("svg");
  if (map && typeof ResizeObserver === "function") {
    new ResizeObserver(() => button.centre()).observe(map);
  }
  set(zoomed);
  return button;
}
