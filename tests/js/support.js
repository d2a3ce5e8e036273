// Plain tables for the board's unit tests: a view as the server sends it and a host object
// with what Wildlands' modules read from the renderer (view, seat, legal, names…), no browser.
import { Names } from "../../wildlands/static/games/wildlands/words.js";

export const SEATS = [
  { seat: "p1", username: "Ann", colour: "red" },
  { seat: "p2", username: "Bea", colour: "blue" },
  { seat: "p3", username: "Cy", colour: "green" },
];

/** A view of `mode` in the play phase of round 2: Orrin (p1) on 5, Warden (p2) on 6. */
export function view(mode = "awoken", extra = {}) {
  return {
    mode, version: 7,
    turn: { phase: "play", round: 2, actor: null, interrupters: [], can_interrupt: false },
    players: [
      { id: "p1", hand: [], hand_size: 0, shards: [] },
      { id: "p2", hand_size: 3, shards: [] },
    ],
    characters: [
      { id: "orrin", name: "Orrin Vale", player: "p1", space: 5, health: 3, damage: 0 },
      { id: "warden", name: "Captain Warden", player: "p2", space: 6, health: 4, damage: 1 },
    ],
    monsters: [],
    ...extra,
  };
}

/** What the renderer offers Wildlands' modules, over a plain view; `sent` records commands. */
export function host({ view: v, seat = "p1", legal = null, map = null } = {}) {
  const h = {
    view: v, seat, legal, seats: SEATS, pendingView: null, tokens: null, cardDefs: new Map(),
    sent: [], toasts: [], renders: 0,
    objects() { return (this.view.awoken || {}).objects || []; },
    awokenPart() { return this.view.awoken || {}; },
    map: map || grid(),
    sendCommand(command, label) { this.sent.push({ command, label }); },
    toast(text) { this.toasts.push(text); },
    renderInteraction() { this.renders += 1; },
    waitingWords() { return "waiting"; },
    commandWords(c) { return JSON.stringify(c); },
  };
  h.names = new Names(h);
  return h;
}

/** A strip of spaces 1..9 (each next to the one before and after); 6 and 7 are high ground. */
export function grid({ high = [6, 7] } = {}) {
  const neighbours = (n) => [n - 1, n + 1].filter((m) => m >= 1 && m <= 9);
  return {
    neighbours,
    within(n, k) {
      const out = new Set();
      let edge = [n];
      for (let i = 0; i < k; i++) edge = edge.flatMap(neighbours).filter((m) => m !== n && !out.has(m) && out.add(m));
      return [...out].sort((a, b) => a - b);
    },
    isClimb: (a, b) => neighbours(a).includes(b) && high.includes(b) && !high.includes(a),
    sees: () => true,
  };
}
