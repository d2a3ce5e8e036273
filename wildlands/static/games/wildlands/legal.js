// The server's `legal` list, read for the play flow: which listed commands fit what a
// player has chosen so far, and the command a finished choice sends. Pure: plain objects in,
// plain objects out (tests/js reads it without a browser).

export const STAY = "stay";
export const ATTACKS = new Set(["melee", "heavy_melee", "ranged", "heavy_ranged", "area"]);
export const DEFENCE_ONLY = new Set(["shield", "cover"]);
// listed commands that alone do not make it your move: an interrupt, the secret assignment, a treasure usable at any moment
export const NOT_A_TURN = new Set(["interrupt", "assign", "use_treasure"]);
// The Awoken's own actions come from a mode hook a server may not have loaded: when the list
// says nothing at all about one of them, the board's own guess stands (the server judges).
const UNLISTED_OK = new Set(["claim", "reveal_object", "use_treasure"]);
// actions the flow builds itself; anything else the server lists is offered as listed
export const KNOWN = new Set(["move", "fly", "rally", "claim", "draw_two", "interrupt", "reveal", "reveal_object",
  "end_turn", "assign", "use_treasure", ...ATTACKS]);

/**
 * The listed commands that agree with a half-made play (`draft` and `extra`): same action,
 * character, cards so far, target, space and rally moves. Null when there is no list, or
 * when the list says nothing of an action the server may not list (then the board guesses).
 * `complete`: the list names every allowed command (a competitive mode's server lists its
 * claims itself), so an action it does not list is not offered at all.
 */
export function legalMatching(legal, draft, extra = {}, { complete = false } = {}) {
  if (!legal) return null;
  const d = { ...draft, ...extra };
  if (!complete && UNLISTED_OK.has(d.do) && !legal.some((cmd) => cmd.do === d.do)) return null;
  return legal.filter((cmd) => {
    if (cmd.do !== d.do) return false;
    if (d.character && cmd.character !== d.character) return false;
    if (d.cards && d.cards.length && !d.cards.every((c) => (cmd.cards || []).includes(c))) return false;
    for (const key of ["target", "space", "with", "object", "discard", "treasure"]) {
      if (d[key] !== undefined && d[key] !== null && cmd[key] !== d[key]) return false;
    }
    if (d.to !== undefined && d.to !== null && typeof d.to !== "object" && cmd.to !== d.to) return false;
    if (d.rally) {
      for (const [who, where] of Object.entries(d.rally)) {
        const to = cmd.to || {};
        if (where === STAY ? who in to : to[who] !== where) return false;
      }
    }
    return true;
  });
}

/** A draft as the command it sends: no label, no rally bookkeeping, no empty fields. */
export function strip(cmd) {
  const out = {};
  for (const [k, v] of Object.entries(cmd)) {
    if (["label", "rally"].includes(k) || v === null || v === undefined) continue;
    if (k === "cards" && Array.isArray(v) && !v.length) continue;
    out[k] = v;
  }
  return out;
}
