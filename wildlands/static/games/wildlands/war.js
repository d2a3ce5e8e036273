// War for the Crystals on the board: the view's teams (`view.war`), who plays with whom,
// and the words for a team's turn. The rest of the board asks these helpers wherever a
// skirmish would look at one player: enemies, shards, rallies, scores, whose turn.

export function teams(view) { return (view.war && view.war.teams) || []; }

/** The team a seat plays in, or null. */
export function teamOf(view, seat) { return teams(view).find((t) => t.players.includes(seat)) || null; }

export function sameTeam(view, a, b) {
  const team = teamOf(view, a);
  return !!team && team.players.includes(b);
}

/** The seat's teammates (not the seat itself). */
export function teammates(view, seat) {
  const team = teamOf(view, seat);
  return team ? team.players.filter((p) => p !== seat) : [];
}

/** Spaces of the shards a seat may claim: its team's. */
export function teamShards(view, seat) {
  const team = teamOf(view, seat);
  const owner = team && (view.players || []).find((p) => p.id === team.shard_owner);
  return new Set((owner && owner.shards) || []);
}

export function activeTeam(view) { return teams(view).find((t) => t.id === (view.war || {}).active_team) || null; }

/** Is this player one the team's turn is waiting on now (nobody interrupting)? */
export function playingNow(view, seat) {
  const t = view.turn;
  if (t.actor) return t.actor === seat;
  const war = view.war || {};
  if ((war.to_reveal || []).length) return war.to_reveal.includes(seat);
  const team = activeTeam(view);
  return !!team && team.players.includes(seat) && !(war.done || []).includes(seat);
}

/** The seats the team's turn waits for now: those still to reveal in the opening, else the
 * active team's players not yet done; null between turns. */
export function waitingOn(view) {
  const war = view.war || {};
  if ((war.to_reveal || []).length) return [...war.to_reveal];
  const team = activeTeam(view);
  return team ? team.players.filter((p) => !(war.done || []).includes(p)) : null;
}

/** "you and Bram", "Bram", "cyd and dee": seats named, the viewing seat first. */
export function youFirst(ids, seat, names) {
  return [...ids].sort((a, b) => (a === seat ? -1 : b === seat ? 1 : 0)).map((id) => names.seat(id)).join(" and ");
}

/** "Team Dawn's turn" / "Your team's turn" / "… interrupt" for the status bar. */
export function turnWords(view, seat, names) {
  const t = view.turn;
  if (t.actor && (t.interrupters || []).includes(t.actor)) {
    return t.actor === seat ? "Your interrupt" : `${names.seat(t.actor)}'s interrupt`;
  }
  const team = activeTeam(view);
  if (!team) {
    if ((view.war || {}).stage !== "opening") return "";
    const first = waitingOn(view) || [];
    return first.length ? `Opening reveals: waiting for ${youFirst(first, seat, names)}` : "Opening reveals";
  }
  const base = team.players.includes(seat) ? `Your team's turn (${team.name})` : `${team.name}'s turn`;
  const waiting = waitingOn(view) || [];
  return waiting.length ? `${base}: waiting for ${youFirst(waiting, seat, names)}` : base;
}

/** What a seat waits for when it cannot act. */
export function waitingWords(view, seat, names, canInterrupt) {
  const war = view.war || {};
  if ((war.to_reveal || []).length) {
    return `Waiting for ${war.to_reveal.map((p) => names.seat(p)).join(" and ")} to reveal a character.`;
  }
  const team = activeTeam(view);
  if (team && team.players.includes(seat) && (war.done || []).includes(seat)) {
    const rest = team.players.filter((p) => !(war.done || []).includes(p)).map((p) => names.seat(p));
    return `You are done; ${rest.join(" and ")} still ${rest.length > 1 ? "play" : "plays"} for your team.`;
  }
  const who = view.turn.actor ? names.seat(view.turn.actor) : team ? team.name : "the other team";
  return `It is ${who}'s move.${canInterrupt ? " You may interrupt with a wild card." : ""}`;
}
