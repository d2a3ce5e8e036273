// What a game's renderer tells the site so it can teach the game (each game's learn.js
// registers it under its renderer's name): which variant and phase a view is in, which
// drawn elements are which marks of its rules document, what a guided step may point at,
// and how to draw a board for the rules page's pictures.
const LEARNING = new Map();

/** `parts`: {phaseOf(view) -> {variant, phase}, marks: {key: selector}, points: {name:
 * selector}, drawExample(host, example) -> the drawing's root}. */
export function registerLearning(name, parts) {
  if (typeof name !== "string" || !name) throw new Error("a game's teaching parts need its renderer's name");
  for (const need of ["phaseOf", "drawExample"]) {
    if (typeof parts[need] !== "function") throw new Error(`the teaching parts of "${name}" need ${need}()`);
  }
  LEARNING.set(name, { marks: {}, points: {}, ...parts });
}

/** The parts registered for renderer `name`, or null (a game that teaches nothing yet). */
export function learningFor(name) {
  return LEARNING.get(name) || null;
}
