// The words the Defenders board uses for the game's nouns: factions, habitats, items, cards,
// hexes, edges, seats, abilities. Pure (tests/js/defenders): `Names` learns card names from the
// views it is shown (hands and exhaustion piles carry them) and from the names an update sends
// beside its events (`cards`), and falls back on a card's id only when neither came.
import { Spots, edgeWords, placeWords } from "./places.js";

/** `mark`: the letters on a faction's organizer (the Council and the Coven both begin with C). */
export const FACTIONS = {
  order: { name: "The Order", short: "Order", mark: "O", colour: "#3f8a4a", habitat: "forest", item: "maps" },
  council: { name: "The Council", short: "Council", mark: "Cn", colour: "#d49a2a", habitat: "plains", item: "bread" },
  coven: { name: "The Coven", short: "Coven", mark: "Cv", colour: "#4a7fc4", habitat: "marsh", item: "potions" },
  sect: { name: "The Sect", short: "Sect", mark: "S", colour: "#9a5fb8", habitat: "mountain", item: "rockets" },
};

export const HABITATS = {
  forest: { label: "forest", plural: "forests", fill: "#4f8a45", letter: "F" },
  plains: { label: "plains", plural: "plains", fill: "#c9b45a", letter: "P" },
  marsh: { label: "marsh", plural: "marshes", fill: "#5f9a92", letter: "M" },
  mountain: { label: "mountain", plural: "mountains", fill: "#8f8a80", letter: "Mt" },
  wild: { label: "wild", plural: "wild hexes", fill: "#7bbf5a", letter: "W" },
};

export const ITEMS = {
  maps: "maps", bread: "bread", potions: "potions", rockets: "rockets",
};

export const TIERS = { base: "Base", intermediate: "Intermediate", expert: "Expert", extreme: "Extreme" };

export const CARD_KINDS = {
  engines: "Engines", factories: "Factories", reboot: "Reboot", mechs: "Mechs",
};

/** "order-sorrel" -> "Sorrel": a card's name when no view has shown it yet. */
export function nameFromId(id) {
  if (!id) return "a defender";
  const tail = String(id).split("-").slice(1).join(" ") || String(id);
  return tail.replace(/\b\w/g, (c) => c.toUpperCase());
}

export function capitalise(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

/** "a and b", "a, b and c". */
export function listWords(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function plural(n, one, many = `${one}s`) { return `${n} ${n === 1 ? one : many}`; }

/** What a defender's ability does, in a few words of our own. */
export function abilityText(ability) {
  if (!ability) return "";
  const p = ability;
  const texts = {
    pass_first_player: "On reveal: the first player marker passes left.",
    gain_item: `On reveal: ${p.who === "all" ? "every faction gains" : "gain"} ${p.item || "an item"}.`,
    clear_adjacent: "On reveal: clear the hexes around your organizer.",
    damage: `On reveal: take ${p.amount || 1} damage.`,
    support: `On reveal: gain ${p.amount || 1} support.`,
    relocate_camp: `On reveal: move one of your camps to a free ${p.habitat || ""} hex.`,
    draw_cards: `On reveal: draw ${p.count || 1} cards.`,
    destroy_mech: p.where === "adjacent" ? "On reveal: destroy a mech next to you." : "On reveal: destroy a mech in your hex.",
    heal_all: `On reveal: every faction heals ${p.amount || 1}.`,
    heal_player: "On reveal: fully heal one faction.",
    relocate_all_adjacent: "On reveal: each organizer may step to a neighbouring hex.",
    mech_to_pollution: "On reveal: turn a mech into pollution.",
    relocate: `On reveal: move your organizer to any ${p.habitat || ""} hex.`,
    breach_any: "On reveal: breach any wall on the board.",
    support_on_damage: "Ongoing: taking damage gains support.",
    sanctuary: "Ongoing: your camps shelter you.",
    support_after_camp: "Ongoing: support after building a camp.",
    any_corridor: "Ongoing: move along any habitat's corridor.",
    ignore_face: `Ongoing: ignore the die's ${p.face || ""} face.`,
    clear_on_move: "Ongoing: moving clears pollution.",
    extra_support_per_mech: "Ongoing: extra support for each mech destroyed.",
    through_walls: "Ongoing: move through walls.",
    rockets_adjacent: "Ongoing: rockets reach neighbouring hexes.",
    skip_machine_card: "This turn: no machine card afterwards.",
  };
  return `${p.name ? `${p.name}. ` : ""}${texts[p.effect] || ""}`.trim();
}

export class Names {
  /** `seatName(seat)`: the seat's person (the shell's seats), or null. */
  constructor({ seat = null, seatName = () => null } = {}) {
    this.viewer = seat;
    this.seatName = seatName;
    this.cards = new Map(); // card id -> {name, habitat, ap, ability}
    this.spots = new Spots(); // the places named so far, by their words (places.js)
  }

  /** Remember the cards an update names beside its events (`cards`: id -> card), as the
   * server sends them: a partner's pick is on no pile of the view that comes before it. */
  learnCards(cards) {
    for (const [id, c] of Object.entries(cards || {})) if (c && c.name) this.cards.set(id, { id, ...c });
  }

  /** Remember the cards a view shows (a hand, the exhaustion piles). */
  learn(view) {
    if (!view) return;
    for (const s of view.seats || []) for (const c of s.hand || []) this.cards.set(c.id, c);
    for (const f of view.factions || []) for (const c of f.exhausted || []) this.cards.set(c.id, c);
  }

  card(id) {
    const c = this.cards.get(id);
    return c && c.name ? c.name : nameFromId(id);
  }

  faction(id) { return (FACTIONS[id] && FACTIONS[id].name) || capitalise(String(id || "a faction")); }
  factionShort(id) { return (FACTIONS[id] && FACTIONS[id].short) || capitalise(String(id || "")); }
  colour(id) { return (FACTIONS[id] && FACTIONS[id].colour) || "#888"; }

  /** "you" for the viewer's own seat, else the person's name, else "Player 2". */
  seat(id) {
    if (!id) return "nobody";
    if (id === this.viewer) return "you";
    const named = this.seatName(id);
    if (named) return named;
    const n = /^p(\d+)$/.exec(id);
    return n ? `Player ${n[1]}` : String(id);
  }

  /** As `seat`, at the start of a sentence: "You", "Player 2"; a person's name as they wrote it. */
  seatCap(id) {
    const name = this.seat(id);
    return name === "you" ? "You" : name;
  }

  habitat(kind) { return (HABITATS[kind] && HABITATS[kind].label) || String(kind || "habitat"); }

  /** A hex in words from a view's habitats and factories: "the forest north-east of the
   * core" (places.js), remembered so the words can light it again. */
  place(hex, view = null) {
    return this.spots.hex(placeWords(hex, view, (kind) => this.habitat(kind)), hex);
  }

  /** An edge in words: the two hexes it lies between. */
  edge(edge, view = null) {
    return this.spots.edge(edgeWords(edge, view, (kind) => this.habitat(kind)), edge);
  }
}
