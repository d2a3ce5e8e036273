// What the board's colours need beside the map: the habitats' colours in words (a phone hides
// the names printed on the hexes). Drawn once by the renderer.
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
