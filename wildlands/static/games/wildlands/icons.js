// Small stroke glyphs for action flags and wild uses, drawn on a 24x24 grid.
import { svg } from "../shell/dom.js";

const GLYPHS = {
  melee: "M5 19L18 6M18 6h1v1M7 13l4 4M4 20l2-2",
  heavy_melee: "M5 19L18 6M7 13l4 4M19 19L6 6M17 13l-4 4M4 20l2-2M20 20l-2-2",
  ranged: "M4 20L19 5M13 5h6v6M4 20l1-4M4 20l4-1",
  heavy_ranged: "M3 17L15 5M9 5h6v6M9 21L21 9M15 9h6v6",
  area: "M12 8.5a3.5 3.5 0 1 1 0 7a3.5 3.5 0 1 1 0-7M12 2v3M12 19v3M2 12h3M19 12h3M5 5l2 2M17 17l2 2M19 5l-2 2M5 19l2-2",
  shield: "M12 3l7 3v5c0 5-3 8-7 10c-4-2-7-5-7-10V6z",
  cover: "M3 20h18M4 20v-5h7v5M13 20v-5h7v5M7.5 15v-5h9v5",
  rally: "M6 21V3M6 4h12l-3 4l3 4H6",
  fly: "M2 15c4-7 11-10 20-10c-2 3-4 5-7 6c2 0 3 0 5-1c-2 3-5 5-9 5c1 1 3 1 4 1c-4 2-9 2-13-1z",
  move: "M3 12h15M13 6l6 6l-6 6",
  draw_two: "M4 6h9v13H4zM9 3h10v14",
  interrupt: "M13 2L5 13h6l-2 9l9-12h-6z",
  claim: "M12 2l6 7l-6 13l-6-13zM6 9h12",
  wild: "M12 2l2.6 6.5l7 .4l-5.4 4.5l1.8 6.8L12 16.4l-6 3.8l1.8-6.8L2.4 8.9l7-.4z",
  reveal: "M2 12s4-7 10-7s10 7 10 7s-4 7-10 7S2 12 2 12zM12 9a3 3 0 1 1 0 6a3 3 0 1 1 0-6",
};

export const FLAG_WORDS = {
  melee: "melee", heavy_melee: "heavy melee", ranged: "ranged", heavy_ranged: "heavy ranged",
  area: "area", shield: "shield", cover: "cover", rally: "rally", fly: "fly",
  move: "move", draw_two: "draw two", interrupt: "interrupt", claim: "claim", wild: "wild",
};

/** An inline <svg> icon for a flag or action name. */
export function icon(name, cls = "") {
  const root = svg("svg", { viewBox: "0 0 24 24", class: `icon icon-${name} ${cls}`.trim(), "aria-hidden": "true" });
  svg("path", { d: GLYPHS[name] || GLYPHS.wild }, root);
  return root;
}
