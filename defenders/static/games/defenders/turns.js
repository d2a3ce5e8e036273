// Whose move it is in Defenders and what the page says about it: the status banner, the hint
// under the board, the organize phase's wording (how many are still choosing, never what
// anyone chose), the turn buttons' model and the game-over words. Pure: a view, a seat, the
// legal list and a words.js Names in; plain values out (tests/js/defenders drives it).
import { canEndTurn } from "./commands.js";
import { causeWords } from "./sentences.js";
import { capitalise, plural } from "./words.js";

/** The view's entry for a seat. */
export function seatEntry(view, seat) { return (view.seats || []).find((s) => s.id === seat) || null; }

/** Seats still in the game (one of their factions has not exited). */
export function seatsInPlay(view) {
  const out = new Set((view.factions || []).filter((f) => !f.exited).map((f) => f.seat));
  return (view.seats || []).filter((s) => out.has(s.id));
}

/** The organize phase as `seat` sees it: {mine: picked card id or null, waiting: how many
 * seats (other than a picked viewer) have not picked, text}. Only counts are told: the view
 * hides the others' picks, and these words never guess at them. */
export function organizeWords(view, seat, names) {
  const playing = seatsInPlay(view);
  const me = seat ? seatEntry(view, seat) : null;
  const waiting = playing.filter((s) => !s.has_chosen).length;
  const others = playing.filter((s) => !s.has_chosen && s.id !== seat).length;
  if (!me) {
    return { mine: null, waiting, text: waiting ? `Waiting for ${plural(waiting, "player")} to pick an active defender.` : "Every player has picked." };
  }
  if (me.has_chosen) {
    const card = me.chosen ? names.card(me.chosen) : "your defender";
    return { mine: me.chosen || null, waiting: others, text: others
      ? `You picked ${card}. Waiting for ${plural(others, "player")} to pick; the picks are turned over together.`
      : `You picked ${card}.` };
  }
  const alone = playing.length <= 1;
  return { mine: null, waiting: others, text: alone
    ? "Pick your active defender for this round from your hand."
    : `Pick your active defender in secret. ${others ? `${plural(others, "other player")} still ${others === 1 ? "has" : "have"} to pick.` : "The others have picked: yours turns them all over."}` };
}

/** Is it this seat's move (it is awaited and may send something)? */
export function yours(view, seat, legal) {
  if (!seat || view.outcome) return false;
  if (legal) return legal.length > 0;
  return (view.awaiting || []).includes(seat);
}

/** What the status bar says about the turn. */
export function turnWords(view, seat, names) {
  const t = view.turn;
  if (view.outcome) return "Game over";
  switch (t.stage) {
    case "camps": return "Placing starting camps";
    case "organize": return "Organize: picking active defenders in secret";
    case "reveal": return "Reveal: abilities take effect";
    case "machines": return "The machines are moving…";
    case "action": return t.active === seat ? "Your turn" : `${names.seatCap(t.active)}'s turn`;
    default: return "";
  }
}

export function banner(view, seat, names, legal) {
  return {
    round: view.turn.stage === "camps" ? "Set-up" : `Round ${view.turn.round}`,
    text: turnWords(view, seat, names),
    yours: yours(view, seat, legal),
    classes: view.turn.stage === "machines" ? ["machines"] : [],
  };
}

/** The hint under the board when nothing is being chosen. */
export function idleWords(view, seat, names, legal) {
  if (!seat) return "You are watching this game.";
  if (view.outcome) return "The game is over.";
  const t = view.turn;
  const mine = yours(view, seat, legal);
  switch (t.stage) {
    case "camps": {
      const left = (view.awaiting || []).filter((s) => s !== seat).length;
      return mine ? "Place your starting camp: click a highlighted hex by the edge of the board."
        : `Waiting for ${plural(left, "player")} to place a starting camp.`;
    }
    case "organize": return organizeWords(view, seat, names).text;
    case "reveal": return mine ? "Your defender's ability asks for a choice: click a highlighted target or a button."
      : `Waiting for ${(view.awaiting || []).map((s) => names.seat(s)).join(" and ")} to resolve an ability.`;
    case "machines": return "The machines are taking their turn.";
    case "action":
      if (t.active !== seat) return `${names.seatCap(t.active)} is taking their turn.`;
      if (t.ap > 0) return `You have ${plural(t.ap, "action point")}: click a highlighted hex or edge, or an action below.`;
      return canEndTurn(legal) ? "No action points left: team up a defender of the same habitat, or end your turn." : "";
    default: return "";
  }
}

/** Why a click on a hex that is not lit does nothing, in words (the page says it where the
 * hint stands). `lit`: how many hexes the board lights now. */
export function missWords(view, seat, legal, hex, names, lit = 0) {
  const where = names.place(hex, view);
  if (!seat) return "You are watching this game: the board takes no clicks.";
  if (view.outcome) return "The game is over: the board takes no more moves.";
  const t = view.turn;
  if (t.stage === "machines") return "The machines are taking their turn: the board is theirs until it ends.";
  if (!yours(view, seat, legal)) {
    if (t.stage === "organize") return organizeWords(view, seat, names).text;
    const waited = (view.awaiting || []).filter((s) => s !== seat).map((s) => names.seat(s));
    return `It is not your move: waiting for ${waited.length ? waited.join(" and ") : names.seat(t.active)}.`;
  }
  switch (t.stage) {
    case "camps": return `${capitalise(where)} is not a starting spot: click one of the lit hexes by the board's edge.`;
    case "organize": return "First pick your active defender: click a card of your hand, below the board.";
    case "reveal": return "Your defender's ability waits for an answer: click a lit target or a button below the board.";
    case "action": {
      const mine = (view.factions || []).find((f) => f.id === t.faction);
      if (mine && mine.at && mine.at[0] === hex[0] && mine.at[1] === hex[1]) return `Your organizer stands in ${where}: what it can do here is in the buttons below the board.`;
      if (t.ap <= 0) return "You have no action points left: team up a defender of the same habitat, or end your turn.";
      if (lit) return `Nothing to do in ${where}: your organizer can reach only the lit hexes (a move costs an action point).`;
      return "No hex can be picked now: use the buttons below the board, or end your turn.";
    }
    default: return "Nothing happens there.";
  }
}

/** The turn buttons' model the shell's hand-off reads (shell/handoff.js). Undo is offered while
 * the server says this seat may take its move back (`undo` beside the view, or an `undo` in
 * the legal list): the site refuses it once something hidden was revealed. */
export function handOffModel(view, seat, legal) {
  const seated = !!seat && !view.outcome;
  // the site puts the seat that may take its move back beside the view (`undo`: a seat or null)
  const undoBy = "undo" in view ? (view.undo && typeof view.undo === "object" ? view.undo.by : view.undo) : view.undo_by;
  const undoListed = !!legal && legal.some((c) => c.do === "undo");
  const mayUndo = seated && (undoBy === seat || undoListed);
  return {
    seated, canEnd: seated && canEndTurn(legal), locked: false, status: "",
    end: { command: { do: "end_turn" }, label: "End turn" },
    endText: "End turn",
    undo: { shown: seated && (undoBy !== undefined || undoListed), allowed: mayUndo, enabled: mayUndo, command: { do: "undo" }, label: "Undo" },
    both: { shown: false, allowed: false, text: "", command: { do: "end_turn" }, label: "", confirm: { title: "", lines: [] } },
  };
}

/** The game-over card's words, or null while the game goes on. */
export function outcomeWords(view) {
  const o = view.outcome;
  if (!o) return null;
  const won = o.result === "won";
  const rounds = view.turn.round;
  return {
    won, title: won ? "The wild is saved!" : "The machines win",
    cause: `Because ${causeWords(o.cause)}.`,
    rounds: `The game lasted ${plural(rounds, "round")}.`,
  };
}
