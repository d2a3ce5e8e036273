// The log in words: one sentence for every event kind the Defenders core emits
// (defenders/rules/events.py), and the class a log line gets. Pure: `names` is a words.js
// Names, `view` the table the hexes are named from (their habitats never move).
import { CARD_KINDS, TIERS, capitalise, listWords, plural } from "./words.js";

const CAUSES = {
  rewilded: "every camp is built and every factory rewilded: the machine core falls silent",
  core_complete: "the machines were ordered to build a sixth factory and the core is complete",
  toxic_disaster: "a seventh toxic site was ordered and the land is poisoned",
  massacre: "two defenders of the same habitat were killed",
};

const DAMAGE_SOURCES = {
  sniper: "a sniper's shot", melee: "a mech in its hex", mechs: "the hunters around it",
  toxic_site: "a toxic site", ability: "its own ability",
};

const SUPPORT_REASONS = {
  cleared: "for cleaning the land", mech: "for destroying a mech", breach: "for breaching a wall",
  rewild: "for rewilding a factory", feel_the_burn: "from Feel the Burn",
  sustenance: "from Sustenance", ability: "from an ability",
};

const ITEM_EFFECTS = {
  heal: "to heal", clear: "to clear pollution", destroy: "to blow up a mech",
  breach: "to breach a wall", move: "to move", regroup: "to regroup",
};

/** Why a game ended, in words (for the log and the game-over card). */
export function causeWords(cause) { return CAUSES[cause] || "the game is over"; }

/** Subject and verbs for a seat: "You have" / "Bea has". */
function who(names, seat) {
  const you = names.seat(seat) === "you";
  return { name: names.seatCap(seat), has: you ? "have" : "has", is: you ? "are" : "is", s: you ? "" : "s" };
}

function engineName(e) { return `Engine ${Number(e.engine) + 1}`; }

/** The sentence for event `e`, or "" when it has none (a secret event's placeholder). */
export function describe(e, names, view = null) {
  const F = (id) => names.faction(id ?? e.faction);
  const place = (hex) => names.place(hex, view);
  switch (e.kind) {
    case "game_set_up": {
      const seats = (e.seats || []).length;
      return `A game for ${plural(seats, "player")} is set up on ${(TIERS[e.tier] || e.tier || "base").toLowerCase()} difficulty.`;
    }
    case "starting_camp_placed": return `${F()} set up their starting camp in ${place(e.hex)}.`;
    case "round_started": return `Round ${e.round} begins: each player picks an active defender in secret.`;
    case "defender_chosen": { const w = who(names, e.seat); return `${w.name} ${w.has} picked an active defender.`; }
    case "defender_chosen_privately": return `You picked ${names.card(e.card)}; it stays face down until everyone has picked.`;
    case "defenders_revealed": {
      const picks = Object.entries(e.defenders || {}).map(([seat, card]) => `${names.card(card)} for ${names.seat(seat)}`);
      return `The active defenders are turned over: ${listWords(picks)}.`;
    }
    case "first_player_passed": return `The first player marker passes from ${names.seat(e.origin)} to ${names.seat(e.to)}.`;
    case "ability_resolved": {
      const gained = Array.isArray(e.gained) && e.gained.length ? ` (${listWords(e.gained.map((f) => names.faction(f)))} gained an item)` : "";
      return `${names.card(e.card)}'s ability takes effect for ${F()}${gained}.`;
    }
    case "ability_fizzled": return `${names.card(e.card)}'s ability finds nothing to act on.`;
    case "round_ended": return `Round ${e.round} ends: the active defenders are exhausted.`;
    case "turn_started": {
      const w = who(names, e.seat);
      return `${w.name === "You" ? "Your" : `${w.name}'s`} turn: ${names.card(e.defender)} leads ${F()} with ${plural(e.ap, "action point")}.`;
    }
    case "turn_ended": return `${names.seat(e.seat) === "you" ? "Your" : `${names.seatCap(e.seat)}'s`} turn is over.`;
    case "organizer_moved": return `${F()}'s organizer moves to ${place(e.to)}.`;
    case "organizer_regrouped": return `${F()}'s organizer regroups at the camp in ${place(e.to)}.`;
    case "organizer_relocated": return `${F()}'s organizer is carried to ${place(e.to)} by ${names.card(e.why)}.`;
    case "camp_built": return `${F()} build a camp in ${place(e.hex)} (${plural(e.camps_left, "camp")} still to build).`;
    case "camp_relocated": return `${F()} move their camp from ${place(e.origin)} to ${place(e.to)}.`;
    case "faction_exited": return `${F()} have no defenders left and leave the game.`;
    case "pollution_cleared": return `${F()} clear ${e.count === 2 ? "two pollution tokens" : "a pollution token"} from ${place(e.hex)}${e.why === "potions" ? " with a potion" : ""}.`;
    case "toxic_site_cleared": return `${F()} clean up the toxic site in ${place(e.hex)}.`;
    case "damage_healed": return `${F()} heal ${e.amount} damage (${e.damage} left).`;
    case "mech_destroyed":
      if (e.why === "rain_of_rust") return `${F()} rust a mech in ${place(e.hex)} into pollution.`;
      return `${F()} destroy a mech in ${place(e.hex)}${e.why === "rockets" ? " with a rocket" : ""}.`;
    case "wall_breached": return `${F()} breach the wall on ${names.edge(e.edge, view)}${e.why === "rockets" ? " with a rocket" : ""}.`;
    case "factory_rewilded": return `${F()} rewild factory ${e.tile} in ${place(e.hex)}: it is wild land again.`;
    case "item_gained": return `${F()} gain their ${e.item}.`;
    case "item_used": return `${F()} use their ${e.item}${ITEM_EFFECTS[e.effect] ? ` ${ITEM_EFFECTS[e.effect]}` : ""}.`;
    case "action_points_gained": return `${F()} get an extra action point from the ${e.why || "item"} (${e.ap} to spend).`;
    case "defender_teamed_up": return `${F()} team up ${names.card(e.card)} for one more action point.`;
    case "support_gained": {
      const why = SUPPORT_REASONS[e.why];
      return `${F()} gain ${e.amount} support${why ? ` ${why}` : ""} (now ${e.support}).`;
    }
    case "damage_rolled": {
      const face = { hit: "a hit", double: "a double hit", miss: "a miss" }[e.face] || e.face;
      return `${F()} roll the ${e.roll} die: ${face}${e.damage ? ` for ${e.damage} damage` : ", no harm done"}.`;
    }
    case "defender_damaged": return `${F()} take ${e.amount} damage from ${DAMAGE_SOURCES[e.why] || "the machines"} (${e.damage} in all).`;
    case "defender_killed":
      if (!e.card) return `${F()} have no defender left to lose.`;
      return `${F()} lose ${names.card(e.card)}, a ${names.habitat(e.habitat)} defender${e.source === "deck" ? " from the top of the deck" : " from the hand"}.`;
    case "cards_drawn": return `${F()} draw ${plural(e.count, "card")}.`;
    case "cards_received": return `You draw ${listWords((e.cards || []).map((c) => names.card(c)))}.`;
    case "deck_reshuffled": return `${F()} shuffle their exhaustion pile into a new deck of ${plural(e.size, "card")}.`;
    case "machines_turn_started": return "The machines take their turn.";
    case "machine_card_drawn": {
      const kind = CARD_KINDS[e.card_kind] || String(e.card_kind || "machine");
      return `The machines draw ${e.difficult ? "a difficult" : /^[aeiou]/i.test(kind) ? "an" : "a"} ${kind} card.`;
    }
    case "machine_deck_reshuffled": return `The machine deck is shuffled again (${plural(e.size, "card")}).`;
    case "machine_turn_skipped": return "The machines are hacked: no machine card this time.";
    case "machines_turn_ended": return "The machines' turn is over.";
    case "engine_advanced": return `${engineName(e)} rolls on around ${place(e.around)}.`;
    case "wall_built": return `A wall goes up on ${names.edge(e.edge, view)}.`;
    case "engine_reset": return `${engineName(e)} runs into an obstacle and returns to the machine core.`;
    case "engine_deployed": {
      const from = e.factory && (e.factory[0] !== 0 || e.factory[1] !== 0) ? `factory ${e.tile}` : "the machine core";
      return `${engineName(e)} rolls out of ${from} onto ${names.edge(e.edge, view)}.`;
    }
    case "engine_stuck": return `${engineName(e)} finds no way out and waits in the core.`;
    case "factory_landed": return `Factory ${e.tile} lands on ${place(e.hex)}${e.mechs ? `, with ${plural(e.mechs, "mech")} inside` : ""}.`;
    case "snipers_deployed": return e.count ? `${capitalise(plural(e.count, "sniper mech"))} take up their post in the machine core.` : "No mech is left to guard the machine core.";
    case "pollution_spread":
      if (!e.to) return `Factory ${e.tile}'s chute spills pollution off the edge of the board.`;
      return `Pollution spreads from ${e.origin && !e.origin[0] && !e.origin[1] ? "the machine core" : `factory ${e.tile}`} into ${place(e.to)}.`;
    case "toxic_site_formed": return `${capitalise(place(e.hex))} turns into a toxic site (${e.sites} of 6).`;
    case "machine_direction_toggled": return `The machine direction switches to the ${e.direction}.`;
    case "mech_deployed": return `${engineName(e)} drops a hunter mech into ${place(e.hex)}.`;
    case "mech_moved": {
      const count = e.count > 1 ? `${e.count} hunter mechs close` : "A hunter mech closes";
      return `${count} in on ${names.faction(e.pursued)}, from ${place(e.origin)} to ${place(e.to)}.`;
    }
    case "game_ended": return e.result === "won" ? `The defenders win: ${causeWords(e.cause)}.` : `The defenders lose: ${causeWords(e.cause)}.`;
    case "command_undone": { const w = who(names, e.player); return `${w.name} took back ${w.name === "You" ? "your" : "their"} last move.`; }
    case "hidden": return "";
    default: return capitalise(String(e.kind || "something").replace(/_/g, " ")) + ".";
  }
}

const MACHINE = new Set(["machines_turn_started", "machine_card_drawn", "machine_deck_reshuffled", "engine_advanced",
  "wall_built", "engine_reset", "engine_deployed", "engine_stuck", "factory_landed", "snipers_deployed",
  "pollution_spread", "toxic_site_formed", "machine_direction_toggled", "mech_deployed", "mech_moved", "machines_turn_ended"]);
const HARM = new Set(["defender_damaged", "defender_killed", "faction_exited"]);
const TURNS = new Set(["round_started", "turn_started", "defenders_revealed", "round_ended"]);

/** The class of an event's log line: machine, harm, turn, end or none. */
export function logClass(e) {
  if (e.kind === "game_ended") return "end";
  if (MACHINE.has(e.kind)) return "machine";
  if (HARM.has(e.kind)) return "harm";
  if (TURNS.has(e.kind)) return "turn";
  return "";
}

/** Is this event part of the machines' turn (played one step at a time on the board)? */
export function isMachineEvent(e) { return MACHINE.has(e.kind); }
