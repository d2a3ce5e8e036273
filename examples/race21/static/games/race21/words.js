// Race to 21's words and turn buttons, worked out from a view alone (no page needed), so
// node's test runner checks them (examples/race21/tests/js/).

const HOUSE = "house";

/** A seat's name as the log says it: "You" for the reader's own seat. */
export function who(seat, mine) {
  if (seat === HOUSE) return "The house";
  return seat === mine ? "You" : `Player ${String(seat).replace(/^p/, "")}`;
}

/** The log's sentence for one event of the race, as the site sends it (its data beside its
 * `kind` and `seq`); "" for a kind it does not know. */
export function sentence(e, mine) {
  const d = e || {};
  switch (d.kind) {
    case "added": return `${who(d.seat, mine)} added ${d.n}: the total is ${d.total}.`;
    case "house_added": return `The house added 1: the total is ${d.total}.`;
    case "taken_back": return `${who(d.seat, mine)} took back the last addition: the total is ${d.total}.`;
    case "race_won": return d.winner === HOUSE ? "The house reached the target: both players lose."
      : `${who(d.winner, mine)} reached the target and won.`;
    default: return "";
  }
}

/** The additions `legal` offers, smallest first (the buttons under the total). */
export function additions(legal) {
  return (legal || []).filter((c) => c && c.do === "add").map((c) => c.n).sort((a, b) => a - b);
}

/** The status bar's words for `view` as `seat` sees it. */
export function status(view, seat, legal) {
  if (!view) return { text: "", yours: false };
  if (view.winner) {
    const text = view.winner === HOUSE ? "The house won the race." : `${who(view.winner, seat)} won the race.`;
    return { text, yours: false };
  }
  if (view.house_due) return { text: "The house is adding 1…", yours: false };
  const yours = additions(legal).length > 0;
  const text = yours ? `Your turn: add 1, 2 or 3 (first to ${view.target}).`
    : view.turn === seat ? `Your turn to add (first to ${view.target}).`
    : `${who(view.turn, seat)} to add (first to ${view.target}).`;
  return { text, yours };
}
