// The board as plain data, and what one event does to it. The board shows a view; while an
// update's events are played (the machine card above all), each event is applied to a copy of
// the board so far and drawn, one step at a time, before the update's own view replaces it.
// Pure: tests/js/defenders drives it with the core's events.
import { DIRECTIONS, edgeKey } from "./geometry.js";

const same = (a, b) => !!a && !!b && a[0] === b[0] && a[1] === b[1];
const copy = (x) => JSON.parse(JSON.stringify(x));

/** The machine deck's count as a view shows it: {size, discarded}. */
export function deckOf(view) {
  return { size: view.machine_deck_size || 0, discarded: (view.machine_discard || []).length };
}

/** The parts of a view the board draws, copied so events can change them. */
export function boardOf(view) {
  return copy({
    habitats: view.habitats || [], core: view.core || [], arrows: view.arrows || {},
    direction: view.direction || "right", factories: view.factories || [], walls: view.walls || [],
    breaches: view.breaches || [], engines: view.engines || [], mechs: view.mechs || [],
    pollution: view.pollution || [], toxic: view.toxic || [],
    deck: deckOf(view),
    factions: (view.factions || []).map((f) => ({ id: f.id, seat: f.seat, at: f.at, camps: f.camps || [], exited: !!f.exited })),
  });
}

/** The count a [[hex, n], …] list holds for a hex. */
export function countAt(list, hex) {
  const found = list.find(([h]) => same(h, hex));
  return found ? found[1] : 0;
}

function setCount(list, hex, n) {
  const i = list.findIndex(([h]) => same(h, hex));
  if (i >= 0) list.splice(i, 1);
  if (n > 0) list.push([hex, n]);
}

/** Pollution lands (none on a toxic site); a third token leaves the hex for the toxic site
 * the next event forms (or the game ends with a seventh). */
function addPollution(board, hex, n) {
  if (board.toxic.some((h) => same(h, hex))) return;
  const total = countAt(board.pollution, hex) + n;
  setCount(board.pollution, hex, total < 3 ? total : 0);
}

function hasEdge(list, edge) { return list.some((e) => edgeKey(e) === edgeKey(edge)); }

/** The two hexes touching both hexes of an edge (the third hexes of its two corners). */
export function cornerHexes(edge) {
  const [a, b] = edge;
  const around = (h) => DIRECTIONS.map(([dq, dr]) => [h[0] + dq, h[1] + dr]);
  const nb = around(b);
  return around(a).filter((x) => nb.some((y) => same(x, y)));
}

/** An engine standing on `edge` with its back to `behind` (a hex touching the edge's far end). */
export function engineOn(edge, behind) {
  const ahead = cornerHexes(edge).find((h) => !same(h, behind)) || null;
  return { left: edge[0], right: edge[1], ahead };
}

function faction(board, id) { return board.factions.find((f) => f.id === id); }

/** Apply event `e` to `board` in place; returns the places it touched ({hexes, edges}, and
 * `path` [from, to] when something travels: pollution, a hunter) for the page to light, or
 * null when the board does not change. */
export function applyEvent(board, e) {
  const hexes = [];
  const edges = [];
  const touch = (h) => { if (h) hexes.push(h); };
  switch (e.kind) {
    case "engine_advanced": {
      // rolling around `around`: from origin {around, x} to {around, y}; its back is now x
      const x = (e.origin || []).find((h) => !same(h, e.around));
      board.engines[e.engine] = x ? engineOn(e.to, x) : { left: e.to[0], right: e.to[1], ahead: null };
      edges.push(e.to);
      break;
    }
    case "wall_built":
      if (!hasEdge(board.walls, e.edge)) board.walls.push(e.edge);
      edges.push(e.edge);
      break;
    case "engine_reset": board.engines[e.engine] = null; edges.push(e.edge); break;
    case "engine_deployed": board.engines[e.engine] = engineOn(e.edge, e.factory); edges.push(e.edge); break;
    case "factory_landed": {
      board.core = board.core.filter((t) => t !== e.tile);
      board.factories.push([e.hex, e.tile, false]);
      board.walls = board.walls.filter((w) => !same(w[0], e.hex) && !same(w[1], e.hex));
      setCount(board.mechs, [0, 0], 0);
      setCount(board.mechs, e.hex, e.mechs || 0);
      // the tile carries what lay on it: a toxic site, or its pollution
      const carried = countAt(board.pollution, [0, 0]);
      setCount(board.pollution, [0, 0], 0);
      if (board.toxic.some((h) => same(h, [0, 0]))) {
        board.toxic = board.toxic.filter((h) => !same(h, [0, 0]));
        if (!board.toxic.some((h) => same(h, e.hex))) board.toxic.push(e.hex);
        setCount(board.pollution, e.hex, 0);
      } else if (board.toxic.some((h) => same(h, e.hex))) {
        setCount(board.pollution, e.hex, 0);
      } else if (carried) {
        addPollution(board, e.hex, carried);
      }
      touch(e.hex);
      break;
    }
    case "snipers_deployed": setCount(board.mechs, e.hex, countAt(board.mechs, e.hex) + (e.count || 0)); touch(e.hex); break;
    case "pollution_spread":
      if (!e.to) return null;
      addPollution(board, e.to, 1);
      touch(e.origin); touch(e.to);
      return { hexes, edges, path: [e.origin, e.to] };
    case "toxic_site_formed":
      if (!board.toxic.some((h) => same(h, e.hex))) board.toxic.push(e.hex);
      setCount(board.pollution, e.hex, 0);
      touch(e.hex);
      break;
    case "toxic_site_cleared": board.toxic = board.toxic.filter((h) => !same(h, e.hex)); touch(e.hex); break;
    case "pollution_cleared": setCount(board.pollution, e.hex, Math.max(0, countAt(board.pollution, e.hex) - (e.count || 1))); touch(e.hex); break;
    case "machine_direction_toggled": board.direction = e.direction; return { hexes: [[0, 0]], edges };
    case "mech_deployed": setCount(board.mechs, e.hex, countAt(board.mechs, e.hex) + 1); touch(e.hex); break;
    case "mech_moved":
      setCount(board.mechs, e.origin, countAt(board.mechs, e.origin) - (e.count || 1));
      setCount(board.mechs, e.to, countAt(board.mechs, e.to) + (e.count || 1));
      touch(e.origin); touch(e.to);
      return { hexes, edges, path: [e.origin, e.to] };
    case "mech_destroyed": setCount(board.mechs, e.hex, countAt(board.mechs, e.hex) - 1); touch(e.hex); break;
    case "wall_breached":
      if (!board.breaches.some(([w]) => edgeKey(w) === edgeKey(e.edge))) board.breaches.push([e.edge, e.faction]);
      edges.push(e.edge);
      break;
    case "factory_rewilded":
      for (const f of board.factories) if (same(f[0], e.hex)) f[2] = true;
      touch(e.hex);
      break;
    case "organizer_moved": case "organizer_regrouped": case "organizer_relocated": {
      const f = faction(board, e.faction);
      if (!f) return null;
      f.at = e.to;
      touch(e.to);
      break;
    }
    case "starting_camp_placed": case "camp_built": {
      const f = faction(board, e.faction);
      if (!f) return null;
      f.camps.push(e.hex);
      if (e.kind === "starting_camp_placed") f.at = e.hex;
      touch(e.hex);
      break;
    }
    case "camp_relocated": {
      const f = faction(board, e.faction);
      if (!f) return null;
      f.camps = f.camps.map((c) => (same(c, e.origin) ? e.to : c));
      touch(e.to);
      break;
    }
    // the machine deck: no place changes, but its count does while a card resolves
    // (the card in play goes to the discard pile as the turn ends, unless a reshuffle after
    // the seventh card took the pile, that card with it, back into the deck)
    case "machine_deck_reshuffled": board.deck = { size: e.size || 0, discarded: 0, resolving: false }; return null;
    case "machine_card_drawn": board.deck.size = Math.max(0, board.deck.size - 1); board.deck.resolving = true; return null;
    case "machines_turn_ended":
      if (board.deck.resolving) board.deck.discarded += 1;
      board.deck.resolving = false;
      return null;
    case "faction_exited": { const f = faction(board, e.faction); if (f) { f.exited = true; f.at = null; } break; }
    default: return null;
  }
  return { hexes, edges };
}

/** Does the board show an organizer at a hex? (for tests and the page's titles) */
export function organizersAt(board, hex) {
  return board.factions.filter((f) => f.at && same(f.at, hex)).map((f) => f.id);
}
