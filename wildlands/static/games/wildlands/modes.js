// Wildlands' game modes, asked by name here and nowhere else: the rest of the board asks
// these questions ("is it a competitive game?", "does one seat play at a time?"), so a mode
// added later is taught to the board in this one module.
//
// The Awoken is the co-op mode (every seat plays the players' turn together against the
// Ancients); a skirmish and The Wrath of the Ancients give the turn to one seat at a time;
// War for the Crystals gives it to a team.

/** A game of seats against seats (skirmish, The Wrath, war) rather than The Awoken. */
export function isCompetitive(view) {
  return view.mode === "skirmish" || view.mode === "wrath" || view.mode === "war";
}

/** War for the Crystals with its teams in the view. */
export function isWar(view) { return view.mode === "war" && !!view.war; }

/** One seat at a time holds the turn (`turn.actor`): a skirmish and The Wrath of the
 * Ancients (a skirmish in which one seat plays the Ancients). */
export function oneSeatAtATime(view) { return view.mode === "skirmish" || view.mode === "wrath"; }
