// Plain words for figures, seats, cards, the Ancients' cards and prompts (the log's
// sentences, one per event kind, are in sentences.js and use these).
// Nothing here ever shows an internal id (a card's, an Ancient card's, an object's): a
// card is named by what it does, a figure by its name.
import { FLAG_WORDS } from "./icons.js";
import { shortName } from "./hand.js";
// describe() lived here before the sentences had a module of their own: pages that import
// it from words.js (the replay) keep working.
export { describe, DESCRIBED_KINDS } from "./sentences.js";

export function titleCase(text) {
  return String(text).replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

export function flagWord(flag) {
  return FLAG_WORDS[flag] || String(flag).replace(/_/g, " ");
}

export function aAn(word) {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}

export function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

export function list(words) {
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

export const ATTACK_WORDS = {
  melee: "a melee attack", heavy_melee: "a heavy melee attack", ranged: "a ranged attack",
  heavy_ranged: "a heavy ranged attack", area: "an area attack", thorns: "the thorns' sting",
  thin_ice: "the thin ice cracking",
};

const OUTCOME_CAUSES = {
  points: "reached the points needed to win",
  wiped_out: "a faction was wiped out",
  knockouts: "the Ancients knocked out five characters",
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

/** The question a prompt asks, in words, for the seat it is for and for everyone else. */
export function promptWords(prompt, names) {
  const mine = prompt.to === names.app.seat;
  const who = names.seatCap(prompt.to);
  switch (prompt.kind) {
    case "defend":
      if (!mine) return `Waiting for ${names.seat(prompt.to)} to decide on a defence.`;
      if (prompt.attack === "thorns") return `${names.figure(prompt.character)} pushes through the thorns: play a card with cover to stay unhurt.`;
      if (prompt.attack === "thin_ice") return `${names.figure(prompt.attacker)} steps onto thin ice and it cracks under ${names.figure(prompt.character)}.`;
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
    case "push":
      if (!mine) return `Waiting for ${names.seat(prompt.to)} to push someone or not.`;
      return `${names.figure(prompt.character)} slides into space ${prompt.space}: you may push one character there into a space next to it.`;
    case "desperate_measures":
      if (!mine) return `Waiting for ${names.seat(prompt.to)} to keep or throw away cards before drawing.`;
      return "Before you draw: keep your hand, or throw away the cards you do not want.";
    case "belt":
      if (!mine) return `Waiting for ${names.seat(prompt.to)} to run a conveyor belt or not.`;
      return "You scored: you may run one conveyor belt, moving everything on it one space along.";
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
