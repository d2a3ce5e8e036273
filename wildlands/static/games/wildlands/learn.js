// What Wildlands tells the site so it can teach the game (shell/learning.js): a view's
// variant (its mode) and phase, which drawn elements of the map and its tokens are which
// marks of its rules document (wildlands/content/how_to_play.yaml), what a guided step may point
// at, and the map with its figures drawn for the rules page's pictures.
import { registerLearning } from "../shell/learning.js";
import { BoardMap } from "./map.js";
import { Tokens } from "./figures.js";
import { annotateCells } from "./map_legend.js";
import { figureDescs } from "./figures_of_view.js";
import { Names } from "./words.js";

/** In order: an element that is two marks is named by the first (a held character, a trap). */
export const MARKS = {
  // a revealed trap acts and leaves; a stasis trap stays under the character it holds
  trap: ".token.object.pit_trap, .token.object.explosive_trap, .token.object.stasis_trap, .token.character.ensnared",
  character: ".token.character",
  hidden: ".token.ghost",
  minion: ".token.minion",
  ancient: ".token.ancient",
  object: ".token.object.face-down",
  crystal: ".token.crystal",
  shard: ".token.shard",
  high: ".cell.high",
  cover: ".core.cover",
  wall: ".walls line",
  climb: ".climbs > *",
  thin_ice: ".thin-ice",
  tomb: ".tomb",
  belt: ".belt",
  stair: ".stair",
  portal: ".portal",
  thorn: ".thorn",
};

export const POINTS = {
  hand: "[data-role=hand] .card",
  map: "[data-role=map] .cell.target, [data-role=map] .cell.legal",
  "end-turn": "[data-role=end-turn]",
};

/** The variant (the view's mode) and the phase of its turn. */
export function phaseOf(view) {
  return { variant: (view && view.mode) || "", phase: (view && view.turn && view.turn.phase) || "" };
}

/** The example game's map and figures (games/learning.py example_of) as the board draws them. */
export function drawExample(host, example) {
  const map = new BoardMap(host, example.board);
  annotateCells(map);
  const names = new Names({ view: example.view, seats: [], seat: null });
  new Tokens(map).sync(figureDescs(example.view, { seat: null, seats: [], names }));
  return map.root;
}

registerLearning("wildlands", { phaseOf, marks: MARKS, points: POINTS, drawExample });
