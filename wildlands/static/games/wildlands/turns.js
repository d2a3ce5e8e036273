// Whose turn it is and what the page says about it: may this seat play, may it interrupt,
// the status bar's words, the hint under the hand while waiting, the game-over title and the
// turn buttons beside the hand (end the turn, "I'm done", "End for both…", undo).
// Pure: a view, a seat, the legal list and a `names` (words.js) in, plain values out.
import { isCompetitive, isWar, oneSeatAtATime } from "./modes.js";
import { NOT_A_TURN } from "./legal.js";
import * as war from "./war.js";
import { outcomeCause, promptWords } from "./words.js";

/** The co-op part of a view (The Awoken's crystals, scenarios, who may undo), or {}. */
export function awokenPart(view) { return view.awoken || view.ancients || {}; }

/** May `seat` play cards now, outside of a question the rules ask? */
export function canAct(view, seat, legal) {
  if (!seat || view.outcome) return false;
  if (legal) return legal.some((c) => c.do && !NOT_A_TURN.has(c.do));
  if (view.prompt) return false;
  if (view.turn.phase !== "play") return false;
  if (oneSeatAtATime(view)) return view.turn.actor === seat;
  return true;
}

/** May `seat` interrupt with a wild card now? */
export function canInterrupt(view, seat, legal) {
  if (!seat || view.outcome) return false;
  if (legal) return legal.some((c) => c.do === "interrupt");
  if (view.prompt) return view.prompt.kind === "interrupt_window" && view.prompt.to === seat;
  if (!isCompetitive(view) || isWar(view)) return false;
  const t = view.turn;
  return t.phase === "play" && t.actor !== seat && t.active !== seat && !t.interrupters.includes(seat) && !!t.can_interrupt;
}

/** The status bar's words for the turn: "Your turn", "Bea's interrupt", "The Ancients are acting…". */
export function turnWords(view, seat, names) {
  const t = view.turn;
  if (view.outcome) return "Game over";
  if (t.phase === "setup") return "Placing characters in secret";
  if (t.phase === "ancients") return "The Ancients are acting…";
  if (isWar(view)) return war.turnWords(view, seat, names);
  if (oneSeatAtATime(view)) {
    const who = t.actor === seat ? "Your" : `${names.seat(t.actor)}'s`;
    return t.interrupters && t.interrupters.includes(t.actor) ? `${who} interrupt` : `${who} turn`;
  }
  const waiting = waitingOn(view);
  if (waiting && (view.players || []).length === 1) return waiting[0] === seat ? "Your turn" : `${names.seatCap(waiting[0])}'s turn`;
  return waiting && waiting.length ? `The players' turn: waiting for ${whom(waiting, seat, names)}` : "The players' turn";
}

/** The seats a shared turn still waits for (The Awoken's players' turn, a war team's turn:
 * those not yet done), or null when the turn is not shared now. */
export function waitingOn(view) {
  const t = view.turn;
  if (view.outcome || t.phase !== "play" || t.actor) return null;
  if (isWar(view)) return war.waitingOn(view);
  if (isCompetitive(view)) return null;
  const done = awokenPart(view).done || [];
  return (view.players || []).map((p) => p.id).filter((id) => !done.includes(id));
}

/** Has `seat` said it is done with a shared turn that still waits for others? */
export function isDone(view, seat) {
  const waiting = waitingOn(view);
  if (!seat || !waiting || waiting.includes(seat)) return false;
  const done = isWar(view) ? (view.war.done || []) : (awokenPart(view).done || []);
  return done.includes(seat);
}

/** "you and Bram", "Bram", "cyd and dee": the seat itself first. */
export const whom = war.youFirst;

/** What a seat that may not play now is waiting for. */
export function waitingWords(view, seat, names, interrupt = false) {
  if (view.prompt) return promptWords(view.prompt, names);
  if (view.turn.phase === "setup") return "Waiting for every player to place their characters.";
  if (view.turn.phase === "ancients") return "The Ancients are taking their turn.";
  if (isWar(view)) return war.waitingWords(view, seat, names, interrupt);
  if (oneSeatAtATime(view)) {
    return `It is ${names.seat(view.turn.actor)}'s move.${interrupt ? " You may interrupt with a wild card." : ""}`;
  }
  return "Wait for your turn.";
}

/** The reveals `seat` may make now while none of its characters stands on the board (a
 * skirmish's first turn: every character waits hidden, no card can be played), else []. */
export function revealsFirst(view, seat, legal) {
  if (!seat || !legal || view.prompt) return [];
  const reveals = legal.filter((c) => c.do === "reveal");
  if (!reveals.length) return [];
  const onBoard = (view.characters || []).some((c) => c.player === seat && !c.knocked_out && c.space !== null && c.space !== undefined);
  return onBoard ? [] : reveals;
}

/** The words for a seat that must reveal before it can play a card. */
export const REVEAL_FIRST = "Reveal a character first: none of yours is on the board yet, so no card can be played. "
  + "Click one of your dashed tokens on the map, or a “Reveal” button here.";

/** The hint under the hand when nothing is being chosen. */
export function idleWords(view, seat, names, legal, handedBack = null) {
  if (!seat) return "You are watching this game.";
  if (view.outcome) return "The game is over.";
  if (view.prompt) return promptWords(view.prompt, names);
  if (revealsFirst(view, seat, legal).length) return REVEAL_FIRST;
  if (isDone(view, seat)) {
    return `You are done: the table waits for ${whom(waitingOn(view), seat, names)}. Playing another card takes you back into the turn.`;
  }
  if (handedBack && canAct(view, seat, legal)) return handedBackWords(view, seat, names, handedBack);
  if (canAct(view, seat, legal)) return "Your move: pick a card from your hand, or end the turn.";
  return waitingWords(view, seat, names, canInterrupt(view, seat, legal));
}

/** Why the turn came back to this seat (or its team) and what it is to do now, after an
 * interrupt ended (`event`: the interrupt_ended event). */
export function handedBackWords(view, seat, names, event) {
  const by = event.player === seat ? "Your" : `${names.seatCap(event.player)}'s`;
  if (isWar(view)) {
    return `${by} interrupt is over and the turn is back with your team: play on, then each of you says “I'm done” (or one ends the turn for all).`;
  }
  return `${by} interrupt is over and the turn is back with you: play on, then end your turn when you are done.`;
}

/** The status bar's banner: the round, the turn's words, and whether it is this seat's move
 * (`yours`: the play flow's canAct, never on a replay). */
export function banner(view, seat, names, yours) {
  const t = view.turn;
  return {
    round: t.phase === "setup" ? "Setup" : `Round ${t.round}`,
    text: turnWords(view, seat, names),
    yours: !!yours && !isDone(view, seat),
    classes: t.phase === "ancients" ? ["ancients"] : [],
  };
}

/** The game-over card's words for `seat`, or null while the game goes on. */
export function outcomeWords(view, seat, names) {
  const o = view.outcome;
  if (!o) return null;
  let won;
  let title;
  if (isWar(view)) {
    const team = war.teams(view).find((t) => t.id === o.team);
    won = !!team && team.players.includes(seat);
    title = o.result === "draw" ? "A draw" : won ? "Your team wins!" : `${team ? team.name : "The other team"} wins`;
  } else if (oneSeatAtATime(view)) {
    won = o.winner === seat;
    title = o.result === "draw" ? "A draw" : won ? "You win!" : `${names.seatCap(o.winner)} wins`;
  } else {
    won = o.result === "won";
    title = won ? "Victory!" : "Defeat";
  }
  const rounds = view.turn.round;
  return {
    title, won,
    cause: outcomeCause(o.cause) ? `Because ${outcomeCause(o.cause)}.` : "",
    rounds: `The game lasted ${rounds} round${rounds === 1 ? "" : "s"}.`,
  };
}

/**
 * The turn buttons beside the hand. Two people share The Awoken's players' turn (and a
 * war's team shares its turn): each says "I'm done" (`finish`) and the turn ends when all
 * have; "End for both…" ends it at once (`end_turn`) after a confirmation saying what the
 * others give up. Alone, or in a skirmish, the one button ends the turn. "Undo" takes back
 * this seat's last move while the server says it may (`undo_by`). `drafting`: this seat is
 * halfway through a play of its own.
 */
export function handOffModel(view, seat, names, { legal = null, drafting = false } = {}) {
  const t = view.turn;
  const awoken = !isCompetitive(view);
  const inWar = isWar(view);
  const interrupting = !!t.actor && (t.interrupters || []).includes(t.actor);
  const listed = (name) => !!legal && legal.some((c) => c.do === name);
  const players = view.players || [];
  const partners = inWar ? war.teammates(view, seat) : players.map((p) => p.id).filter((id) => id !== seat);
  const together = inWar ? !interrupting && partners.length > 0 : awoken && players.length > 1;
  const done = inWar ? (view.war.done || []) : (awokenPart(view).done || []);
  const seated = !!seat && !view.outcome && t.phase !== "setup";
  const canEnd = !!seat && !view.outcome && (legal ? listed("end_turn") : canAct(view, seat, legal));
  const undoBy = awokenPart(view).undo_by;
  const model = {
    seated, canEnd, locked: false, status: "",
    end: together && t.phase === "play" && listed("finish")
      ? { command: { do: "finish" }, label: "I'm done" } : { command: { do: "end_turn" }, label: "End turn" },
    undo: { shown: seated && awoken, allowed: undoBy === seat, enabled: t.phase === "play" && undoBy === seat,
      command: { do: "undo" }, label: "Undo", why: undoWhy(view, seat, names) },
    both: { shown: false, allowed: listed("end_turn"), text: "", command: { do: "end_turn" }, label: "End for both" },
  };
  if (!awoken && !together) {
    model.endText = (t.interrupters || []).includes(seat) && t.actor === seat ? "End interrupt" : "End turn";
  } else if (t.phase === "ancients") {
    model.endText = t.actor === seat ? "End interrupt" : "End the players' turn";
  } else if (!together) {
    model.endText = "End the players' turn";
  } else {
    const waiting = partners.filter((id) => !done.includes(id)).map((id) => names.seat(id));
    if (done.includes(seat)) {
      model.endText = `Waiting for ${waiting.join(" and ") || "the others"}…`;
      model.locked = true;
      model.status = "You are done.";
    } else {
      model.endText = "I'm done";
      const ready = partners.filter((id) => done.includes(id)).map((id) => names.seatCap(id));
      if (ready.length) model.status = `${ready.join(" and ")} ${ready.length > 1 ? "are" : "is"} done: the turn ends when you are.`;
    }
    model.both.shown = seated && waiting.length > 0 && listed("end_turn");
    model.both.text = partners.length > 1 ? "End for all…" : "End for both…"; // a war's team of three
  }
  model.both.confirm = {
    title: `End ${inWar ? "your team's" : "the players'"} turn for ${partners.length > 1 ? "all" : "both"} of you?`,
    lines: endForBothLines(view, partners, done, names, drafting),
  };
  return model;
}

/** Why this seat's Undo is off, in words ("" when it is on or there is nothing to say):
 * something hidden came to light (`undo_barrier`), or a partner has played since. */
function undoWhy(view, seat, names) {
  const part = awokenPart(view);
  if (view.turn.phase !== "play" || part.undo_by === seat) return "";
  if (part.undo_by) return `${names.seatCap(part.undo_by)} has played since: only they can take that back.`;
  const barrier = part.undo_barrier;
  if (barrier && barrier !== "the players' turn ended") return `No undo: ${barrier} since, and nobody can unsee it.`;
  return "";
}

function endForBothLines(view, partners, done, names, drafting) {
  const lines = partners.filter((id) => !done.includes(id)).map((id) => {
    const p = (view.players || []).find((q) => q.id === id) || {};
    const cards = p.hand_size ?? 0;
    return `${names.seatCap(id)} has not said they are done: they lose the rest of this turn, `
      + `the ${cards} card${cards === 1 ? "" : "s"} in their hand stay${cards === 1 ? "s" : ""} unplayed, `
      + "and any move they are making now is dropped.";
  });
  if (drafting) lines.push("Your own move in progress is dropped too.");
  return lines;
}
