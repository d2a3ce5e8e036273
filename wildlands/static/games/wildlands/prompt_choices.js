// Which answers a question of the rules offers this seat, before anything is drawn: the cards
// that can defend, the answers of a map rule's question (push, conveyor belts), the command
// a chosen option sends, the setup's dealt map cards. Pure (tests/js reads it); prompts.js
// draws the dialog from it.

/** This seat's hand in `view`, filtered by `predicate`. */
export function cardsFor(view, seat, predicate) {
  const me = (view.players || []).find((p) => p.id === seat);
  return ((me && me.hand) || []).filter(predicate);
}

/** The listed answers named `name` (`respond` or `do`), or null without a legal list. */
export function legalResponses(legal, name) {
  if (!legal) return null;
  return legal.filter((c) => c.respond === name || c.do === name);
}

/**
 * The cards this seat may defend with: the legal list's when there is one, else every
 * non-wild card giving the attacked character one of the defences asked for (its own icon
 * or the card's open action).
 */
export function defendCards(p, view, seat, legal) {
  const listed = legalResponses(legal, "defend");
  if (listed) {
    const ids = new Set(listed.flatMap((c) => c.cards || []));
    return cardsFor(view, seat, (c) => ids.has(c.id));
  }
  const flags = p.defences || [];
  return cardsFor(view, seat, (c) => !c.wild && flags.some((f) => (c.icons || {})[p.character] === f || c.open === f));
}

/** The command that answers a "choose" question with `opt`: a space, a character or another figure. */
export function chooseCommand(opt, names) {
  if (typeof opt === "number") return { respond: "choose", space: opt };
  if (names.character(opt)) return { respond: "choose", character: opt };
  return { respond: "choose", figure: opt };
}

/** Every answer a map rule's question allows besides declining: each character to each space
 * for a push, each belt for the conveyor belts. */
export function mapRuleAnswers(p) {
  return p.kind === "push"
    ? (p.options || []).flatMap((cid) => (p.spaces || []).map((sp) => ({ respond: "choose", character: cid, space: sp })))
    : (p.options || []).map((belt) => ({ respond: "choose", belt }));
}

/** A skirmish's setup still waits on this seat: its characters have no map card yet. */
export function setupNeeded(view, seat) {
  if (view.turn.phase !== "setup" || !seat) return false;
  const mine = (view.characters || []).filter((c) => c.player === seat);
  const me = (view.players || []).find((p) => p.id === seat);
  return mine.length > 0 && mine.every((c) => c.assigned === undefined || c.assigned === null) && !!me && (me.map_cards || []).length > 0;
}

/** The `assign` command for the chosen map card of each character, or an error when two share one. */
export function assignCommand(spaces, characterCount) {
  if (new Set(Object.values(spaces)).size !== characterCount) return { error: "Each character needs a different map card." };
  return { command: { do: "assign", spaces } };
}
