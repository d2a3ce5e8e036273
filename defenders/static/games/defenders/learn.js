// What Defenders of the Wild tells the site so it can teach the game (shell/learning.js): a
// view's phase (the turn's stage), which drawn elements of board_svg.js are which marks of
// its rules document (defenders/content/how_to_play.yaml), what a guided step may point at,
// and the board drawn for the rules page's pictures.
import { registerLearning } from "../shell/learning.js";
import { BoardSvg, loadStyles } from "./board_svg.js";
import { boardOf } from "./model.js";

const HABITAT_HEXES = ["forest", "plains", "marsh", "mountain"].map((k) => `.dw-hex[data-habitat=${k}]`).join(", ");

export const MARKS = {
  core: ".dw-core-hex",
  habitat: HABITAT_HEXES,
  factory: ".dw-hex[data-habitat=factory]",
  wild: ".dw-hex[data-habitat=wild]",
  wall: ".dw-wall",
  breach: ".dw-breach",
  engine: ".dw-engine",
  mech: ".dw-mech",
  pollution: ".dw-pollution",
  toxic: ".dw-toxic",
  camp: ".dw-camp",
  organizer: ".dw-organizer",
};

export const POINTS = {
  targets: ".dw-target-ring, .dw-edge-target",
  hand: ".dw-card.playable",
  actions: ".dw-actions [data-do=clear_pollution], .dw-target-ring",
  "end-turn": "[data-role=end-turn]",
};

/** The variant (one) and the phase (the turn's stage) a view is in. */
export function phaseOf(view) {
  return { variant: "defenders", phase: (view && view.turn && view.turn.stage) || "" };
}

/** The example game's board (games/learning.py example_of) drawn as the board draws it. */
export function drawExample(host, example) {
  loadStyles();
  const board = new BoardSvg(host);
  board.draw(boardOf(example.view));
  return board.root;
}

registerLearning("defenders", { phaseOf, marks: MARKS, points: POINTS, drawExample });
