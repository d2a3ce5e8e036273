// Plain words for figures, seats and events: what the log and the prompts say.
import { FLAG_WORDS } from "./icons.js";

export function titleCase(text) {
  return String(text).replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

export function flagWord(flag) {
  return FLAG_WORDS[flag] || String(flag).replace(/_/g, " ");
}

function aAn(word) {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}

/** Two letters for a token: first and last capitalised words of the name. */
export function initials(name, id) {
  const words = String(name || id || "?").split(/\s+/).filter((w) => /^[A-Z]/.test(w));
  if (words.length >= 2) return (words[0][0] + words[words.length - 1][0]).toUpperCase();
  const one = words[0] || String(name || id || "?");
  return one.slice(0, 2);
}

/** Looks names up in the current view; built fresh from the app's getters. */
export class Names {
  constructor(app) {
    this.app = app;
  }

  get view() {
    return this.app.view;
  }

  seat(id) {
    if (id === "ancients") return "the Ancients";
    if (id === null || id === undefined) return "someone";
    const seat = (this.app.seats || []).find((s) => s.seat === id);
    if (id === this.app.seat) return "you";
    return seat && seat.username ? seat.username : id;
  }

  seatCap(id) {
    const word = this.seat(id);
    return word.charAt(0).toUpperCase() + word.slice(1);
  }

  character(id) {
    return (this.view.characters || []).find((c) => c.id === id)
      || ((this.app.pendingView && this.app.pendingView.characters) || []).find((c) => c.id === id);
  }

  monster(id) {
    return (this.view.monsters || []).find((m) => m.id === id)
      || ((this.app.pendingView && this.app.pendingView.monsters) || []).find((m) => m.id === id);
  }

  monsterName(m) {
    if (m.name) return m.name;
    const type = titleCase(m.type || m.id);
    return m.kind === "ancient" ? `The ${type}` : type;
  }

  /** A figure's name; minions carry their space so two hounds can be told apart. */
  figure(id, { where = true, space = undefined } = {}) {
    const c = this.character(id);
    if (c) return c.name;
    const m = this.monster(id);
    if (m) {
      const name = this.monsterName(m);
      const shown = this.app.tokens ? this.app.tokens.get(id) : null;
      const at = space !== undefined ? space : shown ? shown.space : m.space;
      return m.kind === "minion" && where && at !== null && at !== undefined ? `${name} on ${at}` : name;
    }
    const obj = this.app.objects().find((o) => o.id === id);
    if (obj) return obj.revealed ? titleCase(obj.kind || "object") : `the object on ${obj.space}`;
    return titleCase(id);
  }

  cards(count) {
    return `${count} card${count === 1 ? "" : "s"}`;
  }
}

const ATTACK_WORDS = {
  melee: "a melee attack", heavy_melee: "a heavy melee attack", ranged: "a ranged attack",
  heavy_ranged: "a heavy ranged attack", area: "an area attack",
};

const PREVENTED_BY = {
  shield: "a shield prevents it", cover: "cover prevents it", melee: "it is parried",
  reaction: "a reaction card prevents it", treasure: "a treasure prevents it",
};

const OUTCOME_CAUSES = {
  points: "reached the points needed to win",
  wiped_out: "a faction was wiped out",
  crystals: "the party gathered the ancient crystals",
  ancients_knocked_out: "every Ancient was knocked out",
  ancients: "every Ancient was knocked out",
  track: "a shard reached the end of an event track",
  event_track: "a shard reached the end of an event track",
  faction_knocked_out: "every character of a faction was knocked out",
};

export function outcomeCause(cause) {
  return OUTCOME_CAUSES[cause] || (cause ? String(cause).replace(/_/g, " ") : "");
}

function figureKey(e) {
  return e.figure || e.character || e.monster || e.minion || e.ancient || e.id;
}

const ACTIONS = { move: "move", fly: "fly", reposition: "reposition", melee: "melee", heavy_melee: "heavy melee", ranged: "ranged", heavy_ranged: "heavy ranged", area: "area attack", heal: "heal" };

function actionWord(a) {
  if (typeof a === "string") return ACTIONS[a] || a.replace(/_/g, " ");
  if (a && typeof a === "object") {
    const key = Object.keys(a)[0];
    return key === "special" ? String(a.special.name || a.special.id || a.special || "special").replace(/_/g, " ") : (ACTIONS[key] || key.replace(/_/g, " "));
  }
  return "act";
}

const IDLE = {
  move: "stays put", fly: "stays put", reposition: "stays put",
  melee: "finds no one in its space to attack", heavy_melee: "finds no one in its space to attack",
  ranged: "has no one in sight", heavy_ranged: "has no one in sight and in range",
  area: "has no one close enough for an area attack", heal: "has no one to heal",
};

const OBJECTS = { crystal: "an ancient crystal", treasure: "a treasure", blank: "nothing", pit_trap: "a pit trap", explosive_trap: "an explosive trap", stasis_trap: "a stasis trap" };

/** A scenario effect (a card's or an event track space's) in a few words. */
export function effectText(eff) {
  if (eff === null || eff === undefined || eff === "none") return "nothing";
  if (Array.isArray(eff)) return eff.map(effectText).join(", then ");
  if (typeof eff === "string") return eff.replace(/_/g, " ");
  if (eff.summon) return `summon ${Array.isArray(eff.summon) ? eff.summon.map(titleCase).join(" and ") : titleCase(eff.summon)}`;
  if (eff.advance) return `advance the event track${eff.advance > 1 ? ` by ${eff.advance}` : ""}`;
  if (eff.text) return eff.text;
  if (eff.name) return String(eff.name).replace(/_/g, " ");
  const key = Object.keys(eff)[0];
  return key ? key.replace(/_/g, " ") : "an effect";
}

function objectWord(kind) {
  return OBJECTS[kind] || (kind ? aAn(String(kind).replace(/_/g, " ")) : "something");
}

function objectKindFrom(e) {
  return e.object_kind || e.what || e.type || e.revealed;
}

/**
 * The log line for one event, or null when it is not worth a line (private card lists,
 * bookkeeping). Unknown kinds still get a readable line built from their fields.
 */
export function describe(e, names) {
  const who = (id, opts) => names.figure(id, opts);
  switch (e.kind) {
    case "card_played":
      if (e.action === "draw_two") return `${names.seatCap(e.player)} play${e.player === names.app.seat ? "" : "s"} a wild card to draw two.`;
      return null;
    case "character_moved": {
      const verb = e.flew ? "flies" : e.climb ? "climbs" : e.rally ? "rallies" : "moves";
      return `${who(e.character)} ${verb} from ${e.from} to ${e.to}.`;
    }
    case "monster_moved": case "minion_moved": case "ancient_moved": case "figure_moved": {
      const id = figureKey(e);
      const name = names.figure(id, { space: e.from });
      return `${name} ${e.teleported ? "vanishes and reappears on" : e.flew ? "flies to" : "moves to"} ${e.to}.`;
    }
    case "attacked": {
      const what = ATTACK_WORDS[e.attack] || `an attack (${flagWord(e.attack)})`;
      const attacker = who(e.attacker);
      if (e.target) return `${attacker} makes ${what} on ${who(e.target)}.`;
      if (e.space !== null && e.space !== undefined) return `${attacker} makes ${what} on space ${e.space}.`;
      return `${attacker} makes ${what}.`;
    }
    case "damage_dealt": {
      const id = figureKey(e);
      const f = names.character(id) || names.monster(id);
      const of = f && f.health ? ` (${e.total ?? f.damage}/${f.health})` : "";
      return `${who(id)} takes ${e.amount} damage${of}.`;
    }
    case "damage_prevented": {
      const reason = PREVENTED_BY[e.by] || `${flagWord(e.by)} prevents it`;
      return `${who(figureKey(e))} is not hurt: ${reason}.`;
    }
    case "healed": case "monster_healed": case "damage_removed":
      return `${who(figureKey(e))} heals ${e.amount || 1} damage.`;
    case "knocked_out": {
      let line = `${who(figureKey(e), { space: e.space })} is knocked out`;
      if (e.point && e.by) line += `: a point for ${names.seat(e.by)}`;
      return line + ".";
    }
    case "target_chosen": return `${names.seatCap(e.by)} chose ${who(e.target)} as the target.`;
    case "defence_declined": return `${who(e.character)} takes the hit.`;
    case "cards_drawn": return `${names.seatCap(e.player)} draw${e.player === names.app.seat ? "" : "s"} ${names.cards(e.count)}.`;
    case "cards_received": case "assignment_recorded": case "prompted": return null;
    case "deck_reshuffled": return `${names.seatCap(e.player)} reshuffle${e.player === names.app.seat ? "" : "s"} the discard pile into a new deck.`;
    case "character_revealed": return `${who(e.character)} appears on ${e.space}.`;
    case "interrupt_declared": return `${names.seatCap(e.player)} interrupt${e.player === names.app.seat ? "" : "s"} with a wild card.`;
    case "interrupt_ended": return `The interrupt is over; play returns to ${names.seat(e.returns_to)}.`;
    case "turn_end_declared": return `${names.seatCap(e.player)} end${e.player === names.app.seat ? "" : "s"} the turn.`;
    case "turn_ended": return null;
    case "turn_started": return e.player ? `Round ${e.round}: ${names.seat(e.player) === "you" ? "your" : names.seat(e.player) + "'s"} turn.` : `Round ${e.round}: the players' turn.`;
    case "shard_claimed": return `${who(e.character)} claims a shard on ${e.space}; ${names.seat(e.player)} now ${e.player === names.app.seat ? "have" : "has"} ${e.score} point${e.score === 1 ? "" : "s"}.`;
    case "crystal_claimed": return `${who(e.character)} picks up an ancient crystal${e.space ? ` on ${e.space}` : ""}.`;
    case "faction_wiped_out": return `Every character of ${names.seat(e.player)} is knocked out.`;
    case "map_cards_assigned": return `${names.seatCap(e.player)} assigned ${e.player === names.app.seat ? "your" : "their"} map cards.`;
    case "shards_placed": return null;
    case "game_ended": {
      if (e.result === "won" && e.winner) return `Game over: ${names.seat(e.winner)} win${e.winner === names.app.seat ? "" : "s"}${e.cause ? ` (${outcomeCause(e.cause)})` : ""}.`;
      return `Game over: ${e.result === "won" ? "the players win" : e.result === "lost" ? "the players lose" : e.result}${e.cause ? ` (${outcomeCause(e.cause)})` : ""}.`;
    }
    case "hidden": return null;
    case "ancients_turn_started": return "The Ancients take their turn.";
    case "ancients_turn_ended": return "The Ancients' turn is over.";
    case "minion_card_revealed": case "ancient_card_revealed": {
      const deck = e.kind.startsWith("minion") ? "minion" : "Ancient";
      const def = e.def || {};
      let what = "";
      if (def.top || def.bottom) {
        const half = (x) => x ? `${titleCase(x.type || "")} ${(x.actions || []).map(actionWord).join(", ")}` : "";
        what = `: ${[half(def.top), half(def.bottom)].filter(Boolean).join("; then ")}`;
        if (def.effect && def.effect !== "none") what += `; then ${effectText(def.effect)}`;
      } else if (def.actions) {
        what = `: ${def.actions.map(actionWord).join(", ")}`;
      }
      return `Scenario ${e.scenario}: the Ancients reveal ${aAn(deck)} card${what}.`;
    }
    case "monster_acted": return null;
    case "monster_idled": return `${who(e.figure)} ${IDLE[e.action] || `has nothing to ${actionWord(e.action)}`}.`;
    case "special_fizzled": return `${who(e.figure)}'s special action has no effect${e.reason ? ` (${String(e.reason).replace(/_/g, " ")})` : ""}.`;
    case "reaction_revealed": {
      const stops = e.prevents === true || e.prevented === true;
      return `${who(e.figure)} reveals a reaction card${stops ? " and is unhurt" : ""}.`;
    }
    case "minion_summoned": case "summoned": case "minion_placed":
      return `A ${titleCase(e.type || "minion")} is summoned on ${e.space ?? e.to}.`;
    case "summon_failed": return `No ${titleCase(e.type || "minion")} is left to summon.`;
    case "map_card_drawn": case "card_discarded": case "minion_order_chosen": return null;
    case "deck_ran_out": return `Scenario ${e.scenario}: the ${e.deck} deck is empty.`;
    case "track_advanced": case "tracker_advanced":
      return `Scenario ${e.scenario}: the event track moves on to ${e.position ?? e.to}.`;
    case "track_effect_applied": return `Scenario ${e.scenario}: the event track triggers an effect.`;
    case "monster_healed": case "character_healed": case "healed":
      return `${who(figureKey(e))} recovers ${e.amount || 1} damage.`;
    case "object_revealed":
      return `${e.character ? `${who(e.character)} turns over` : "Turned over"} the object on ${e.space}: ${objectWord(objectKindFrom(e))}.`;
    case "treasure_found": return `${who(e.character)} finds a treasure${e.treasure ? `: ${titleCase(e.treasure)}` : ""}.`;
    case "treasure_deck_ran_out": return "The treasure deck is empty.";
    case "treasure_used": return `${who(e.character)} uses ${e.treasure ? titleCase(e.treasure) : "a treasure"}.`;
    case "character_ensnared": case "ensnared": return `${who(e.character)} is caught in a stasis trap.`;
    case "stasis_released": case "released": return `${who(e.character)} is free of the stasis trap.`;
    case "pit_trap_cards_turned": return e.safe ? "The pit trap misses." : "The pit trap springs!";
    case "crystal_claimed": return `${who(e.character)} claims an ancient crystal.`;
    case "crystals_lost": return `${who(e.character)} drops ${e.crystals && e.crystals.length > 1 ? "the crystals" : "a crystal"}.`;
    case "crystals_passed": return `${who(e.to)} takes the crystal${e.crystals && e.crystals.length > 1 ? "s" : ""}.`;
    case "interrupt_passed": return null;
    default:
      return generic(e, names);
  }
}

function generic(e, names) {
  const parts = [];
  for (const [key, value] of Object.entries(e)) {
    if (key === "kind" || key === "seq" || value === null || value === undefined) continue;
    if (typeof value === "object") continue;
    const shown = typeof value === "string" && (names.character(value) || names.monster(value)) ? names.figure(value) : value;
    parts.push(`${key.replace(/_/g, " ")} ${shown}`);
  }
  const head = titleCase(e.kind).replace(/^\w/, (c) => c.toUpperCase());
  return parts.length ? `${head}: ${parts.join(", ")}.` : `${head}.`;
}

/** The question a prompt asks, in words, for the seat it is for and for everyone else. */
export function promptWords(prompt, names) {
  const mine = prompt.to === names.app.seat;
  const who = names.seatCap(prompt.to);
  switch (prompt.kind) {
    case "defend":
      if (!mine) return `Waiting for ${names.seat(prompt.to)} to decide on a defence.`;
      return `${names.figure(prompt.attacker)} makes ${ATTACK_WORDS[prompt.attack] || "an attack"} on ${names.figure(prompt.character)}.`;
    case "choose":
      if (!mine) return `Waiting for ${names.seat(prompt.to)} to choose a target.`;
      if (prompt.reason === "target" && prompt.attacker && !prompt.attack) return `${names.figure(prompt.attacker)} attacks: choose which of your characters is the target.`;
      if (prompt.reason === "target") return `Choose which of your characters is hit by ${ATTACK_WORDS[prompt.attack] || "the attack"}.`;
      if (prompt.reason === "crystals") return "A crystal carrier was knocked out: choose who picks up the crystals.";
      if (prompt.reason === "minion_order") return `Several minions share space ${prompt.space}: choose which one acts first.`;
      return `Choose ${prompt.reason ? String(prompt.reason).replace(/_/g, " ") : "one"}.`;
    case "interrupt_window":
      if (!mine) return `Waiting for ${names.seat(prompt.to)} to interrupt or pass.`;
      return prompt.after === "end_turn"
        ? `${names.seatCap(prompt.player)} ended the turn. You may interrupt with a wild card.`
        : "You may interrupt now with a wild card, before the Ancients act.";
    default:
      return mine ? `A decision for you: ${String(prompt.kind).replace(/_/g, " ")}.` : `Waiting for ${who}.`;
  }
}
