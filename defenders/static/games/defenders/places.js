// Hexes and edges named in words, as a player finds them on the board: a hex's habitat and a
// landmark beside it ("the forest north-east of the core", "the marsh west of factory 2",
// "the plains two steps east of the core"), never the core's coordinates, which the board
// never shows. The words name one hex only, and the same hex by the same words for as long as
// its landmarks stand (the core never moves; a factory, once landed, neither).
// `markPlaces` cuts a sentence into the stretches that name a place, so the page can light
// the hex when its words are pointed at. Pure: tests/js/defenders drives it.
import { DIRECTIONS, distance, hexKey, edgeKey } from "./geometry.js";

/** The six directions' words, in the core's order (0 is east, turning clockwise on screen). */
export const DIRECTION_WORDS = ["east", "south-east", "south-west", "west", "north-west", "north-east"];

const COUNT_WORDS = ["no", "a", "two", "three", "four"];

const same = (a, b) => !!a && !!b && a[0] === b[0] && a[1] === b[1];

/** The direction (0-5) from `a` to `b` when `b` lies `n` steps from `a` in a straight line:
 * [direction, n], else null. */
export function straightLine(a, b) {
  const n = distance(a, b);
  if (n === 0) return null;
  const d = DIRECTIONS.findIndex(([dq, dr]) => a[0] + dq * n === b[0] && a[1] + dr * n === b[1]);
  return d < 0 ? null : [d, n];
}

/** `hex` as steps from the core along two neighbouring directions: [[d, n], [d + 1, m]]
 * (the second absent on a straight line). */
export function stepsFromCore(hex) {
  const line = straightLine([0, 0], hex);
  if (line) return [line];
  for (let d = 0; d < 6; d++) {
    const [aq, ar] = DIRECTIONS[d];
    const [bq, br] = DIRECTIONS[(d + 1) % 6];
    // hex = n * a + m * b with n, m >= 1
    const det = aq * br - ar * bq;
    const n = (hex[0] * br - hex[1] * bq) / det;
    const m = (aq * hex[1] - ar * hex[0]) / det;
    if (Number.isInteger(n) && Number.isInteger(m) && n > 0 && m > 0) return [[d, n], [(d + 1) % 6, m]];
  }
  return [];
}

function steps([d, n]) { return n === 1 ? `a step ${DIRECTION_WORDS[d]}` : `${COUNT_WORDS[n] || n} steps ${DIRECTION_WORDS[d]}`; }

/** What a board holds that names its hexes: the habitats and the factories ([hex, tile,
 * rewilded]) of a view or a model.js board. */
function factoryAt(board, hex) {
  return ((board && board.factories) || []).find(([h]) => same(h, hex)) || null;
}

function habitatAt(board, hex) {
  const found = ((board && board.habitats) || []).find(([h]) => same(h, hex));
  return found ? found[1] : null;
}

/** A factory's name: "factory 3", "rewilded factory 3". */
function factoryName([, tile, rewilded]) { return `${rewilded ? "rewilded " : ""}factory ${tile}`; }

/** The words for a hex: the machine core; a factory by its number; else its habitat ("wild"
 * land once rewilded counts as the factory's) beside the core, beside a factory (the lowest
 * number), or as steps from the core. `habitatWord(kind)` turns a habitat id into a word. */
export function placeWords(hex, board, habitatWord = (kind) => kind) {
  if (!hex) return "off the board";
  if (same(hex, [0, 0])) return "the machine core";
  const factory = factoryAt(board, hex);
  if (factory) return factoryName(factory);
  const kind = habitatAt(board, hex);
  const what = kind ? `the ${habitatWord(kind)}` : "the hex";
  if (distance(hex, [0, 0]) === 1) return `${what} ${DIRECTION_WORDS[straightLine([0, 0], hex)[0]]} of the core`;
  const beside = ((board && board.factories) || [])
    .filter(([h]) => distance(h, hex) === 1)
    .sort((a, b) => a[1] - b[1])[0];
  if (beside) return `${what} ${DIRECTION_WORDS[straightLine(beside[0], hex)[0]]} of ${factoryName(beside)}`;
  const path = stepsFromCore(hex);
  if (!path.length) return what;
  return `${what} ${path.map(steps).join(" and ")} of the core`;
}

/** The words for an edge: the two hexes it lies between. */
export function edgeWords(edge, board, habitatWord = (kind) => kind) {
  if (!edge) return "an edge";
  return `the edge between ${placeWords(edge[0], board, habitatWord)} and ${placeWords(edge[1], board, habitatWord)}`;
}

/** What a place's words point at: {hexes: [hex, …]} or {edge}. Remembered by words so a
 * sentence written from them can light them again. */
export class Spots {
  constructor() { this.byWords = new Map(); }

  hex(words, hex) {
    if (hex) this.byWords.set(words, { hexes: [hex], key: hexKey(hex) });
    return words;
  }

  edge(words, edge) {
    if (edge) this.byWords.set(words, { edges: [edge], hexes: [], key: edgeKey(edge) });
    return words;
  }

  get(words) { return this.byWords.get(words) || null; }
}

/** `text` cut into [{text}, {text, spot}] pieces: each known place's words (the longest
 * first where they overlap) become a piece with what they point at. */
export function markPlaces(text, spots) {
  const phrases = [...spots.byWords.keys()].filter(Boolean).sort((a, b) => b.length - a.length);
  const pieces = [];
  let plain = "";
  let i = 0;
  const lower = String(text);
  while (i < lower.length) {
    const found = phrases.find((p) => lower.startsWith(p, i) || lower.startsWith(capitalised(p), i));
    if (found) {
      if (plain) pieces.push({ text: plain });
      plain = "";
      pieces.push({ text: lower.slice(i, i + found.length), spot: spots.get(found) });
      i += found.length;
    } else {
      plain += lower[i];
      i += 1;
    }
  }
  if (plain) pieces.push({ text: plain });
  return pieces;
}

function capitalised(words) { return words[0].toUpperCase() + words.slice(1); }
