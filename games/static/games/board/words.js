// Plain words for figures, seats, cards and events: what the log and the prompts say.
// Nothing here ever shows an internal id (a card's, an Ancient card's, an object's): a
// card is named by what it does, a figure by its name.
import { FLAG_WORDS } from "./icons.js";
import { shortName } from "./hand.js";

export function titleCase(text) {
  return String(text).replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

export function flagWord(flag) {
  return FLAG_WORDS[flag] || String(flag).replace(/_/g, " ");
}

function aAn(word) {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function list(words) {
  const items = words.filter(Boolean);
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
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
    this.at = null; // while an old log line is written: each minion's space at that time
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

  /** "play" for you, "plays" for anyone else. */
  verb(id, base, third = `${base}s`) {
    return id === this.app.seat ? base : third;
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
      const then = this.at && this.at.has(id) ? this.at.get(id) : undefined; // an old line's space
      const at = space !== undefined ? space : then !== undefined ? then : shown ? shown.space : m.space;
      return m.kind === "minion" && where && at !== null && at !== undefined ? `${name} on ${at}` : name;
    }
    const objects = typeof this.app.objects === "function" ? this.app.objects() : [];
    const obj = objects.find((o) => o.id === id);
    if (obj) return obj.revealed ? titleCase(obj.kind || "object") : `the object on ${obj.space}`;
    if (/^obj\d+$/.test(String(id))) return "an object";
    // a minion gone from the view: its type without the counter's number
    return titleCase(String(id).replace(/_\d+$/, ""));
  }

  cards(count) {
    return plural(count, "card");
  }

  awoken(view = this.view) {
    return (view && (view.awoken || view.ancients)) || {};
  }

  /** A player's card definition (icons, open action, wild) by id, from what the server
   * sent beside events (`cards`), the hands and the discard piles; null if unknown. */
  card(id) {
    const known = this.app.cardDefs && this.app.cardDefs.get(id);
    if (known) return known;
    for (const view of [this.view, this.app.pendingView]) {
      for (const p of (view && view.players) || []) {
        const found = [...(p.hand || []), ...(p.discard || [])].find((c) => c && c.id === id);
        if (found) return found;
      }
    }
    return null;
  }

  /** What a card does, e.g. "Orrin: ranged, Warden: move, open: cover" or "wild". */
  cardText(def) {
    if (!def) return "";
    if (def.wild) return "wild";
    const parts = Object.entries(def.icons || {}).map(([cid, flag]) => {
      const c = this.character(cid);
      const name = c ? shortName(c.name) : titleCase(String(cid).replace(/^[a-z]+_/, ""));
      return `${name}: ${flag ? flagWord(flag) : "move"}`;
    });
    if (def.open) parts.push(`open: ${flagWord(def.open)}`);
    return parts.join(", ");
  }

  /** "a card (Orrin: ranged)", "a wild card", "3 cards (…; …; wild)", or just "a card". */
  cardsPhrase(ids) {
    const named = (ids || []).filter((x) => x !== null && x !== undefined);
    const defs = named.map((id) => this.card(id));
    if (named.length === 1 && defs[0] && defs[0].wild) return "a wild card";
    const head = named.length === 1 ? "a card" : this.cards(named.length);
    if (!named.length || defs.some((d) => !d)) return head;
    return `${head} (${defs.map((d) => this.cardText(d)).join("; ")})`;
  }

  /** The scenario sheet of number `n` in the view, if any. */
  scenario(n) {
    return (this.awoken().scenarios || []).find((sc) => sc.number === n) || null;
  }

  /** "the Magus" for scenario `n`'s Ancient ("the Ancients" if unknown); `start` gives
   * "The Magus" to begin a sentence. */
  ancientOf(n, { start = false } = {}) {
    const sc = this.scenario(n);
    let name = "the Ancients";
    if (sc && sc.ancient_name) name = sc.ancient_name;
    else if (sc && sc.ancient && this.monster(sc.ancient)) name = this.monsterName(this.monster(sc.ancient));
    name = name.replace(/^the /i, "the ");
    return start ? name.charAt(0).toUpperCase() + name.slice(1) : name;
  }

  /** The Ancient's possessive to begin a sentence: "The Magus's" / "The Ancients'". */
  ancientsOwn(n, opts = { start: true }) {
    const name = this.ancientOf(n, opts);
    return /Ancients$/.test(name) ? `${name}'` : `${name}'s`;
  }

  treasure(id) {
    const aw = this.awoken();
    const held = aw.treasures_held || {};
    const def = held[id] || (aw.treasure_discard || []).find((t) => t && t.id === id);
    return def && def.name ? def.name : titleCase(id);
  }

  minionType(type, count = 1) {
    const word = titleCase(type || "minion");
    return count === 1 ? word : `${word}s`;
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

/** One card action in words: a basic action, a heal, or a special action by its name. */
export function actionWord(a) {
  if (Array.isArray(a)) return a.map(actionWord).join(", ");
  if (typeof a === "string") return ACTIONS[a] || titleCase(a);
  if (a && typeof a === "object") {
    const key = Object.keys(a)[0];
    if (key === "heal") return Array.isArray(a.heal) && a.heal.length ? `heal ${list(a.heal.map((t) => titleCase(t)))}` : "heal";
    if (key === "special") return titleCase(a.special.name || a.special.id || a.special || "special");
    return ACTIONS[key] || titleCase(key);
  }
  return "act";
}

function actionsText(actions) {
  return (actions || []).flat(Infinity).map(actionWord).join(", then ");
}

/** An Ancients' card (minion or Ancient) by what it does, never by its id. */
export function aiCardText(def) {
  if (!def) return "";
  if (def.top || def.bottom) {
    const half = (x) => (x ? `${titleCase(x.type || "minion")}s ${actionsText(x.actions)}` : "");
    let what = [half(def.top), half(def.bottom)].filter(Boolean).join("; ");
    if (def.effect && def.effect !== "none") what += `; then ${effectText(def.effect)}`;
    return what;
  }
  return actionsText(def.actions);
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
  if (eff.summon) return `summon ${Array.isArray(eff.summon) ? eff.summon.map(titleCase).join(" and ") : aAn(titleCase(eff.summon))}`;
  if (eff.advance) return `advance the event track${eff.advance > 1 ? ` by ${eff.advance}` : ""}`;
  if (eff.special) return titleCase(eff.special);
  if (eff.text) return eff.text;
  if (eff.name) return String(eff.name).replace(/_/g, " ");
  const key = Object.keys(eff)[0];
  return key ? key.replace(/_/g, " ") : "an effect";
}

function objectWord(kind) {
  return OBJECTS[kind] || (kind ? aAn(String(kind).replace(/_/g, " ")) : "something");
}

const PROMPT_ASKS = {
  defend: "to decide on a defence", choose: "to make a choice", interrupt_window: "whether to interrupt",
};

const PLAYED_FOR = {
  move: (w) => `to move ${w}`, fly: (w) => `to fly ${w}`, rally: (w) => `for ${w}'s rally`,
  claim: (w) => `to claim with ${w}`, reveal_object: (w) => `to turn over an object with ${w}`,
  draw_two: () => "to draw two", interrupt: () => "to interrupt",
};

/** Why a damage line reads "(2/2)" and never "(3/2)": the engine counts every point an
 * attack deals, even past a figure's health (it is knocked out at its health), so the
 * sentence shows what the figure could suffer. */
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
  return `${names.figure(id)} takes ${taken} damage${of}.`;
}

/** One sentence per event kind; `null` only for a secret event's placeholder. Every kind
 * the engines register (games/rules/events.py, ancients_ai/engine/event_kinds.py) has one:
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
  turn_started: (e, n) => (e.player ? `Round ${e.round}: ${n.seat(e.player) === "you" ? "your" : `${n.seat(e.player)}'s`} turn.` : `Round ${e.round}: the players' turn.`),
  turn_end_declared: (e, n) => `${n.seatCap(e.player)} ${n.verb(e.player, "end")} the turn.`,
  turn_ended: (e, n) => (e.player ? `${n.seat(e.player) === "you" ? "Your" : `${n.seatCap(e.player)}'s`} turn is over.` : "The players' turn is over."),
  interrupt_declared: (e, n) => `${n.seatCap(e.player)} ${n.verb(e.player, "interrupt")} with a wild card.`,
  interrupt_ended: (e, n) => `The interrupt is over; play returns to ${n.seat(e.returns_to)}.`,
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
  knocked_out: (e, n) => {
    let line = `${n.figure(figureKey(e), { space: e.space })} is knocked out`;
    if (e.point && e.by) line += `: a point for ${n.seat(e.by)}`;
    return `${line}.`;
  },
  // scoring and the end
  shard_claimed: (e, n) => `${n.figure(e.character)} claims a shard on ${e.space}; ${n.seat(e.player)} now ${n.verb(e.player, "have", "has")} ${plural(e.score, "point")}.`,
  faction_wiped_out: (e, n) => `Every character of ${n.seat(e.player)} is knocked out.`,
  game_ended: (e, n) => {
    const why = e.cause ? ` (${outcomeCause(e.cause)})` : "";
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

/** The Ancients' card an interrupt window is about, in words: "the Magus's card: Blink,
 * then melee" (from the view's `resolving` card, which carries its definition). */
export function revealedCardWords(prompt, names) {
  if (!prompt || !prompt.card) return "";
  const resolving = (names.awoken().resolving || []).find((r) => r.card === prompt.card);
  const def = resolving && resolving.def;
  const scenario = prompt.scenario ?? (resolving && resolving.scenario);
  const owner = names.ancientsOwn(scenario, { start: false });
  const deck = (prompt.deck || (resolving && resolving.deck)) === "minion" ? "minion card" : "own card";
  return `Revealed: ${owner} ${deck}${def ? `: ${aiCardText(def)}` : ""}.`;
}
