// One sentence per event kind: what the log says. Figures, cards and the Ancients' cards
// are named through words.js (`Names`), never by an internal id.
import { ATTACK_WORDS, aAn, actionWord, aiCardText, capital, effectText, flagWord, list, outcomeCause, plural, titleCase } from "./words.js";

function figureKey(e) {
  return e.figure || e.character || e.monster || e.minion || e.ancient || e.id;
}

const PREVENTED_BY = {
  shield: "a shield prevents it", cover: "cover prevents it", melee: "it is parried",
  reaction: "a reaction card prevents it", treasure: "a treasure prevents it",
};

const IDLE = {
  move: "stays put", fly: "stays put", reposition: "stays put",
  melee: "finds no one in its space to attack", heavy_melee: "finds no one in its space to attack",
  ranged: "has no one in sight", heavy_ranged: "has no one in sight and in range",
  area: "has no one close enough for an area attack", heal: "has no one to heal",
};

const OBJECTS = { crystal: "an ancient crystal", treasure: "a treasure", blank: "nothing", pit_trap: "a pit trap", explosive_trap: "an explosive trap", stasis_trap: "a stasis trap" };

function objectWord(kind) {
  return OBJECTS[kind] || (kind ? aAn(String(kind).replace(/_/g, " ")) : "something");
}

const PROMPT_ASKS = {
  defend: "to decide on a defence", choose: "to make a choice", interrupt_window: "whether to interrupt",
  push: "whether to push someone", belt: "whether to run a conveyor belt",
  special: "to direct a special action", desperate_measures: "whether to discard before drawing",
};

const PLAYED_FOR = {
  move: (w) => `to move ${w}`, fly: (w) => `to fly ${w}`, rally: (w) => `for ${w}'s rally`,
  claim: (w) => `to claim with ${w}`, reveal_object: (w) => `to turn over an object with ${w}`,
  draw_two: () => "to draw two", interrupt: () => "to interrupt",
};

/** Why a damage line reads "(2/2)" and never "(3/2)": the engine counts every point an
 * attack deals, even past a figure's health (it is knocked out at its health), so the
 * sentence shows what the figure could suffer. */
/** A War for the Crystals team by id ("Team Dawn"), from the view's teams. */
function teamName(n, id) {
  const teams = ((n.app && n.app.view && n.app.view.war) || {}).teams || [];
  const team = teams.find((t) => t.id === id);
  return team ? team.name : `team ${id}`;
}

function damageLine(e, names) {
  const id = figureKey(e);
  const f = names.character(id) || names.monster(id);
  const health = f && f.health;
  const total = typeof e.total === "number" ? e.total : f ? f.damage : undefined;
  let taken = e.amount ?? 1;
  let of = "";
  if (health && typeof total === "number") {
    const before = Math.max(0, total - taken);
    taken = Math.max(0, Math.min(taken, health - before));
    of = ` (${Math.min(total, health)}/${health})`;
  }
  return `${names.figure(id)} takes ${taken} damage${e.cause === "thorns" ? " from the thorns" : ""}${of}.`;
}

/** One sentence per event kind; `null` only for a secret event's placeholder. Every kind
 * the engines register (wildlands/rules/events.py, ancients_ai/engine/event_kinds.py) has one:
 * tests/browser/test_browser_log.py checks it. */
const SENTENCES = {
  // setting up and taking turns
  map_cards_assigned: (e, n) => `${n.seatCap(e.player)} assigned ${e.player === n.app.seat ? "your" : "their"} map cards.`,
  assignment_recorded: (e, n) => {
    const spaces = e.spaces && typeof e.spaces === "object" ? Object.entries(e.spaces) : [];
    const where = spaces.map(([cid, sp]) => `${n.figure(cid)} on ${sp}`);
    return where.length ? `Your secret map cards: ${list(where)}.` : "Your map cards are assigned in secret.";
  },
  shards_placed: (e, n) => `${n.seat(e.player) === "you" ? "Your" : `${n.seatCap(e.player)}'s`} shards lie on ${list((e.spaces || []).map(String))}.`,
  teams_formed: (e, n) => `Teams: ${(e.teams || []).map((t) => `${t.name} (${list(t.players.map((p) => n.seat(p)))})`).join(" against ")}.`,
  teammate_finished: (e, n) => {
    const waiting = (e.waiting_for || []).map((s) => n.seat(s));
    return waiting.length ? `${n.seatCap(e.player)} ${n.verb(e.player, "are", "is")} done; waiting for ${waiting.join(" and ")}.`
      : `${n.seatCap(e.player)} ${n.verb(e.player, "are", "is")} done too.`;
  },
  teammate_resumed: (e, n) => `${n.seatCap(e.player)} ${n.verb(e.player, "play")} on.`,
  turn_started: (e, n) => (e.team ? `Round ${e.round}: ${teamName(n, e.team)}'s turn${e.must_reveal && e.must_reveal.length ? `; first ${list(e.must_reveal.map((p) => n.seat(p)))} reveal${e.must_reveal.length === 1 && e.must_reveal[0] !== n.app.seat ? "s" : ""} a character` : ""}.` : e.player ? `Round ${e.round}: ${n.seat(e.player) === "you" ? "your" : `${n.seat(e.player)}'s`} turn.` : `Round ${e.round}: the players' turn.`),
  seat_finished: (e, n) => {
    const waiting = (e.waiting_for || []).map((s) => n.seat(s));
    if (!waiting.length) return `${n.seatCap(e.player)} ${n.verb(e.player, "are", "is")} done.`;
    if (e.player === n.app.seat) return `You are done; waiting for ${waiting.join(" and ")}.`;
    return `${n.seatCap(e.player)} is done and waits for ${waiting.join(" and ")}.`;
  },
  seat_resumed: (e, n) => `${n.seatCap(e.player)} ${n.verb(e.player, "play")} on.`,
  figure_corrected: (e, n) => (e.field === "space"
    ? `Correction: ${n.figure(e.figure, { where: false })} stands on ${e.to}, not ${e.from}.`
    : e.field === "crystals"
      ? `Correction: ${n.figure(e.figure)} carries ${plural(e.to, "crystal")}, not ${e.from}.`
      : `Correction: ${n.figure(e.figure)} has ${e.to} damage, not ${e.from}.`),
  command_undone: (e, n) => `${n.seatCap(e.player)} took back ${e.player === n.app.seat ? "your" : "their"} move.`,
  turn_end_declared: (e, n) => `${n.seatCap(e.player)} ${n.verb(e.player, "end")} the turn.`,
  turn_ended: (e, n) => (e.team ? `${teamName(n, e.team)}'s turn is over.` : e.player ? `${n.seat(e.player) === "you" ? "Your" : `${n.seatCap(e.player)}'s`} turn is over.` : "The players' turn is over."),
  interrupt_declared: (e, n) => `${n.seatCap(e.player)} ${n.verb(e.player, "interrupt")} with a wild card.`,
  interrupt_ended: (e, n) => (e.team
    ? `The interrupt is over; play returns to ${teamName(n, e.team)}, who play on and end their turn when they are done.`
    : `The interrupt is over; play returns to ${n.seat(e.returns_to)}, who ${n.verb(e.returns_to, "play")} on and ${n.verb(e.returns_to, "end")} the turn when done.`),
  interrupt_passed: (e, n) => `${n.seatCap(e.player)} ${n.verb(e.player, "do", "does")} not interrupt.`,
  character_revealed: (e, n) => `${n.figure(e.character)} appears on ${e.space}.`,
  prompted: (e, n) => `${n.seatCap(e.to_seat)} ${n.verb(e.to_seat, "are", "is")} asked ${PROMPT_ASKS[e.prompt_kind] || "to decide"}.`,
  // cards
  card_played: (e, n) => {
    const ids = e.cards || (e.card !== undefined ? [e.card] : []);
    const with_ = e.character ? n.figure(e.character) : "";
    const purpose = PLAYED_FOR[e.action] ? PLAYED_FOR[e.action](with_)
      : with_ ? `for ${with_}'s ${flagWord(e.action)}` : `for ${flagWord(e.action || "an action")}`;
    return `${n.seatCap(e.player)} ${n.verb(e.player, "play")} ${n.cardsPhrase(ids)} ${purpose}.`;
  },
  cards_drawn: (e, n) => `${n.seatCap(e.player)} ${n.verb(e.player, "draw")} ${n.cards(e.count)}.`,
  cards_received: (e, n) => {
    const defs = (e.cards || []).map((id) => n.card(id));
    if (!defs.length) return "You receive no new cards.";
    if (defs.some((d) => !d)) return `You receive ${n.cards(defs.length)}.`;
    return `Your new card${defs.length === 1 ? "" : "s"}: ${defs.map((d) => (d.wild ? "wild" : n.cardText(d))).join("; ")}.`;
  },
  deck_reshuffled: (e, n) => (e.player
    ? `${n.seatCap(e.player)} ${n.verb(e.player, "reshuffle")} the discard pile into a new deck.`
    : deckReshuffled(e, n)),
  // moving and fighting
  character_moved: (e, n) => {
    if (e.pushed_by) return `${n.figure(e.pushed_by)} pushes ${n.figure(e.character)} from ${e.from} to ${e.to}.`;
    const verb = e.flew ? "flies" : e.climb ? "climbs" : e.rally ? "rallies" : "moves";
    return e.from !== undefined && e.from !== null ? `${n.figure(e.character)} ${verb} from ${e.from} to ${e.to}.` : `${n.figure(e.character)} ${verb} to ${e.to}.`;
  },
  minion_moved: (e, n) => monsterMoved(e, n),
  ancient_moved: (e, n) => monsterMoved(e, n),
  attacked: (e, n) => {
    if (e.attack === "trap") return `The explosive trap goes off on ${e.space}.`;
    const what = ATTACK_WORDS[e.attack] || `an attack (${flagWord(e.attack)})`;
    const attacker = n.figure(e.attacker);
    if (e.target) return `${attacker} makes ${what} on ${n.figure(e.target)}.`;
    if (e.space !== null && e.space !== undefined) return `${attacker} makes ${what} on space ${e.space}.`;
    return `${attacker} makes ${what}.`;
  },
  target_chosen: (e, n) => `${n.character(e.by) || n.monster(e.by) ? n.figure(e.by) : n.seatCap(e.by)} ${n.character(e.by) || n.monster(e.by) ? "chooses" : n.verb(e.by, "choose")} ${n.figure(e.target)} as the target.`,
  defence_declined: (e, n) => `${n.figure(e.character)} takes the hit.`,
  damage_prevented: (e, n) => `${n.figure(figureKey(e))} is not hurt: ${PREVENTED_BY[e.by] || `${flagWord(e.by)} prevents it`}.`,
  damage_dealt: damageLine,
  // a map's own rules
  ice_cracked: (e, n) => `The thin ice on ${e.space} cracks under ${n.figure(e.character)}: ${list((e.targets || []).map((t) => n.figure(t)))} ${(e.targets || []).length > 1 ? "are" : "is"} hit.`,
  curse_taken: (e, n) => `${n.figure(e.character)} takes the curse of the tomb on ${e.space} (${plural(e.curses || 1, "curse")} now).`,
  belt_ran: (e, n) => `${n.seatCap(e.player)} ${n.verb(e.player, "run")} the ${e.belt} belt: everything on ${list((e.path || []).slice(0, -1).map(String))} moves one space along.`,
  knocked_out: (e, n) => {
    let line = `${n.figure(figureKey(e), { space: e.space })} is knocked out`;
    if (e.point && e.by) line += `: a point for ${n.seat(e.by)}`;
    return `${line}.`;
  },
  // scoring and the end
  shard_claimed: (e, n) => (e.team ? `${n.figure(e.character)} claims a shard on ${e.space}; ${teamName(n, e.team)} now has ${plural(e.team_score, "point")}.` : `${n.figure(e.character)} claims a shard on ${e.space}; ${n.seat(e.player)} now ${n.verb(e.player, "have", "has")} ${plural(e.score, "point")}.`),
  faction_wiped_out: (e, n) => `Every character of ${n.seat(e.player)} is knocked out${e.team ? ` (${teamName(n, e.team)})` : ""}.`,
  game_ended: (e, n) => {
    const why = e.cause ? ` (${outcomeCause(e.cause)})` : "";
    if (e.result === "won" && e.team) return `Game over: ${teamName(n, e.team)} wins${why}.`;
    if (e.result === "won" && e.winner) return `Game over: ${n.seat(e.winner)} ${n.verb(e.winner, "win")}${why}.`;
    return `Game over: ${e.result === "won" ? "the players win" : e.result === "lost" ? "the players lose" : e.result === "draw" ? "a draw" : "the game ends"}${why}.`;
  },
  // the Ancients' turn and their decks
  ancients_turn_started: () => "The Ancients take their turn.",
  ancients_turn_ended: () => "The Ancients' turn is over.",
  minion_card_revealed: (e, n) => `The Ancients reveal a minion card for ${n.ancientOf(e.scenario)}${e.def ? `: ${aiCardText(e.def)}` : ""}.`,
  ancient_card_revealed: (e, n) => `The Ancients reveal ${n.ancientsOwn(e.scenario, { start: false })} own card${e.def ? `: ${aiCardText(e.def)}` : ""}.`,
  card_discarded: (e, n) => `${n.ancientsOwn(e.scenario)} ${e.deck === "minion" ? "minion card" : "card"} is done and discarded.`,
  deck_ran_out: (e, n) => `${n.ancientsOwn(e.scenario)} ${e.deck === "minion" ? "minion" : "own"} deck is empty.`,
  map_card_drawn: (e) => `A map card is drawn: space ${e.space}.`,
  minion_order_chosen: (e, n) => `${n.seatCap(e.by)} ${n.verb(e.by, "let")} ${n.figure(e.minion)} act first.`,
  // monsters
  monster_acted: (e, n) => `${n.figure(e.figure)}: ${actionWord(e.action)}.`,
  monster_idled: (e, n) => `${n.figure(e.figure)} ${IDLE[e.action] || `has nothing to ${actionWord(e.action)}`}.`,
  monster_healed: (e, n) => `${n.figure(figureKey(e))} heals ${e.amount || 1} damage${e.by && e.by !== e.figure ? ` (${n.figure(e.by)})` : ""}.`,
  minion_summoned: (e, n) => `${capital(aAn(n.minionType(e.type)))} is summoned on ${e.space ?? e.to}.`,
  summon_failed: (e, n) => `No ${n.minionType(e.type)} is left to summon.`,
  reaction_revealed: (e, n) => {
    const against = Array.isArray(e.prevents) ? e.prevents : [];
    const card = against.length ? `a reaction card against ${list(against.map(flagWord))}` : "a reaction card that stops nothing";
    return `${n.figure(e.figure)} reveals ${card}${e.prevented === true ? " and is unhurt" : ""}.`;
  },
  special_fizzled: (e, n) => `${n.figure(e.figure)}'s special action has no effect${e.reason ? ` (${String(e.reason).replace(/_/g, " ")})` : ""}.`,
  // the event track
  track_advanced: (e, n) => `${n.ancientsOwn(e.scenario)} event track moves on to ${e.position ?? e.to}.`,
  track_effect_applied: (e, n) => {
    const sc = n.scenario(e.scenario);
    const steps = sc && sc.track && sc.track.spaces ? sc.track.spaces[String(e.position)] : null;
    return `${n.ancientsOwn(e.scenario)} event track triggers: ${steps ? effectText(steps) : "an effect"}.`;
  },
  // objects, treasures, crystals
  object_revealed: (e, n) => `${e.character ? `${n.figure(e.character)} turns over` : "Turned over"} the object on ${e.space}: ${objectWord(e.object_kind || e.what || e.type)}.`,
  pit_trap_cards_turned: (e, n) => `${n.seatCap(e.player)} ${n.verb(e.player, "turn")} over ${n.cardsPhrase(e.cards || [])}: ${e.safe ? "the pit trap misses" : "the pit trap springs"}.`,
  character_ensnared: (e, n) => `${n.figure(e.character)} is caught in a stasis trap.`,
  stasis_released: (e, n) => `${n.figure(e.character)} is free of the stasis trap.`,
  treasure_found: (e, n) => `${n.figure(e.character)} finds a treasure${e.treasure ? `: ${n.treasure(e.treasure)}` : ""}.`,
  treasure_deck_ran_out: () => "The treasure deck is empty.",
  treasure_used: (e, n) => `${n.figure(e.character)} uses ${e.treasure ? n.treasure(e.treasure) : "a treasure"}.`,
  character_healed: (e, n) => `${n.figure(figureKey(e))} heals ${e.amount || 1} damage.`,
  crystal_claimed: (e, n) => `${n.figure(e.character)} picks up an ancient crystal${e.space ? ` on ${e.space}` : ""}.`,
  crystals_passed: (e, n) => `${n.figure(e.to)} takes the crystal${e.crystals && e.crystals.length > 1 ? "s" : ""}${e.source ? ` from ${n.figure(e.source)}` : ""}.`,
  crystals_lost: (e, n) => `${n.figure(e.character)} drops ${e.crystals && e.crystals.length > 1 ? "the crystals" : "a crystal"}.`,
  // The Wrath of the Ancients
  map_cards_removed: (e, n) => `${n.seatCap(e.player)} ${n.verb(e.player, "put")} away the map cards handed over, with no shards on them.`,
  shard_guarded: (e, n) => `${n.figure(e.character)} takes ${n.seat(e.owner) === "you" ? "your" : `${n.seat(e.owner)}'s`} shard on ${e.space} and carries it (no point).`,
  special_action_started: (e, n) => `${n.figure(e.character)} spends a shard on the ${titleCase(e.special)}'s special action.`,
  special_action_ended: (e, n) => `${n.figure(e.character)}'s special action is over.`,
  shards_dropped: (e, n) => `${n.figure(e.character)} drops ${plural((e.owners || []).length, "shard")} on ${e.space}${e.to_box ? `; ${plural(e.to_box, "starting shard")} back to the box` : ""}.`,
  ancients_shards_placed: (e, n) => `Each of ${n.seat(e.player) === "you" ? "your" : `${n.seat(e.player)}'s`} Ancients starts with a ${e.colour || "spare"} shard.`,
  infamy_scored: (e, n) => `Knocking out ${n.figure(e.figure)} is worth ${e.points} points: ${n.seat(e.player)} now ${n.verb(e.player, "have", "has")} ${plural(e.score, "point")}.`,
  cards_discarded: (e, n) => `${n.seatCap(e.player)} ${n.verb(e.player, "discard")} ${n.cardsPhrase(e.cards || [])} before drawing.`,
  hidden: () => null,
};

function deckReshuffled(e, names) {
  const label = String(e.deck || "deck");
  const sheet = /^scenario (\d+) (.*)$/.exec(label);
  if (sheet) return `${names.ancientsOwn(Number(sheet[1]))} ${sheet[2].replace("ancient deck", "own deck")} is reshuffled.`;
  return `The ${label} is reshuffled.`;
}

function monsterMoved(e, names) {
  const name = names.figure(figureKey(e), { space: e.from });
  if (e.pushed_by) return `${names.figure(e.pushed_by)} pushes ${name} to ${e.to}.`;
  return `${name} ${e.teleported ? "vanishes and reappears on" : e.flew ? "flies to" : "moves to"} ${e.to}.`;
}

/** The kinds that have a sentence (the tests compare them with the engines' registries). */
export const DESCRIBED_KINDS = Object.keys(SENTENCES).filter((k) => k !== "hidden");

/**
 * The log line for one event, or null for a secret event's placeholder. A kind without a
 * sentence (one added to an engine but not here yet) gets its name in words, never its
 * raw data.
 */
export function describe(e, names) {
  const sentence = SENTENCES[e.kind];
  if (sentence) return sentence(e, names);
  return `${titleCase(e.kind || "something happened")}.`;
}

/** The log line's style for an event. */
export function logClass(e) {
  if (["damage_dealt", "knocked_out"].includes(e.kind)) return "hurt";
  if (e.kind === "damage_prevented") return "saved";
  if (/^turn_|round|ancients_turn|players_turn/.test(e.kind)) return "turn";
  if (e.kind === "game_ended") return "over";
  return "";
}

/**
 * Reads old events for the log in the words of their moment: a minion is named with the
 * space it had then ("Acolyte on 17"). Walking back from the newest event, a move puts it
 * back where it came from. `view`: the newest view (null for an older page, which goes on
 * from `saved`, what `keep()` returned for the page after it).
 */
export function historyReader(names, view, saved) {
  const walk = view ? new Map((view.monsters || []).map((m) => [m.id, m.space])) : new Map(saved || []);
  return {
    describe(e) {
      names.at = walk;
      try { return describe(e, names); } finally { names.at = null; }
    },
    back(e) {
      if (e.kind === "minion_moved" || e.kind === "ancient_moved") walk.set(e.figure, e.from);
      else if (e.kind === "knocked_out") walk.set(e.figure, e.space);
      else if (e.kind === "minion_summoned") walk.set(e.figure, null);
    },
    keep() { return walk; },
  };
}
