// The Defenders side panels: the machines (difficulty, direction, the machine deck and the
// card being resolved, the factory stack, the toxic site circle, the dead) and one panel per
// faction (its player, active defender, action points, damage, support track, camps,
// breaches, items, deck and hand sizes). The seat's own hand is drawn under the board (hand.js).
import { clear, h } from "../shell/dom.js";
import { CARD_KINDS, HABITATS, TIERS, abilityText, plural } from "./words.js";
import { seatsInPlay } from "./turns.js";
import { deckOf } from "./model.js";

const TOXIC_SLOTS = 6;

/** A faction's active defender as `seat` may know it: {card, state: "acting" | "revealed" |
 * "face-down" | "picked"} or null. A face-down pick of another seat is never named. */
export function activeDefender(view, faction, seat) {
  const t = view.turn;
  if (t.stage !== "organize" && t.faction === faction.id && t.defender) return { card: t.defender, state: "acting" };
  const entry = (view.seats || []).find((s) => s.id === faction.seat);
  if (t.stage === "organize") {
    if (entry && entry.id === seat && entry.chosen) return { card: entry.chosen, state: "picked" };
    if (faction.face_down) return { card: null, state: "face-down" };
    return null;
  }
  const top = (faction.exhausted || [])[faction.exhausted.length - 1];
  if (faction.top_live && top) return { card: top.id, state: "revealed" };
  return null;
}

export class DefendersPanels {
  constructor(game, host) {
    this.game = game;
    this.host = host;
  }

  render() {
    if (!this.host) return;
    const v = this.game.view;
    clear(this.host);
    if (v.turn.stage === "organize") this.host.append(this.picksPanel(v));
    this.host.append(this.machinePanel(v));
    // the seat's own factions first, then the others in turn order
    const factions = [...(v.factions || [])].sort((x, y) => (y.seat === this.game.seat) - (x.seat === this.game.seat));
    for (const f of factions) this.host.append(this.factionPanel(v, f));
  }

  /** The organize phase: who has picked and who is still choosing (the picks stay unsaid). */
  picksPanel(v) {
    const names = this.game.names;
    const playing = seatsInPlay(v);
    return h("section.panel.dw-picks", { dataset: { role: "picks" } },
      h("h3", { text: "Organize" }),
      h("ul.dw-pick-list", {}, playing.map((s) => h(`li${s.has_chosen ? ".picked" : ""}`, { dataset: { seat: s.id } },
        h("span.dw-pick-who", { text: names.seatCap(s.id) }),
        h("span.dw-pick-state", { text: s.has_chosen ? (s.id === this.game.seat && s.chosen ? `picked ${names.card(s.chosen)}` : "picked, face down") : "choosing…" })))));
  }

  machinePanel(v) {
    const names = this.game.names;
    const card = this.game.machineCard;
    const toxic = (v.toxic || []).length;
    const deaths = Object.entries(v.deaths || {});
    // while an update's events play, the deck as they leave it so far (model.js), else the view's
    const deck = this.game.shown ? this.game.shown.deck : deckOf(v);
    return h("section.panel.dw-machines", { dataset: { role: "machines" } },
      h("h3", { text: "The machines" }),
      h("dl.dw-facts", {},
        h("dt", { text: "Difficulty" }), h("dd", { dataset: { role: "difficulty" }, text: TIERS[v.tier] || v.tier }),
        h("dt", { text: "Direction" }), h("dd", { dataset: { role: "direction" }, text: v.direction === "left" ? "⟲ left" : "⟳ right" }),
        h("dt", { text: "Machine deck" }), h("dd", { dataset: { role: "machine-deck" }, text: `${plural(deck.size, "card")} · ${deck.discarded} discarded` }),
        h("dt", { text: "Factory stack" }), h("dd", { text: `${plural((v.core || []).length, "tile")} in the core` })),
      card ? h("p.dw-machine-card", { dataset: { role: "machine-card", kind: card.card_kind }, text: `Resolving: ${card.difficult ? "difficult " : ""}${CARD_KINDS[card.card_kind] || card.card_kind}` }) : null,
      h("div.dw-toxic-circle", { dataset: { role: "toxic-circle" }, "aria-label": `${toxic} of ${TOXIC_SLOTS} toxic sites on the board; a seventh loses the game` },
        h("span.dw-label", { text: "Toxic sites" }),
        Array.from({ length: TOXIC_SLOTS }, (_, i) => h(`span.dw-toxic-slot${i < toxic ? ".used" : ""}`, { text: "☣" }))),
      deaths.length ? h("p.dw-deaths", { text: `Killed: ${deaths.map(([habitat, cards]) => `${cards.map((c) => names.card(c)).join(", ")} (${HABITATS[habitat] ? HABITATS[habitat].label : habitat})`).join("; ")}. A second death in one habitat loses the game.` }) : null);
  }

  factionPanel(v, f) {
    const game = this.game;
    const names = game.names;
    const seat = game.seat;
    const mine = f.seat === seat;
    const t = v.turn;
    const acting = t.stage === "action" && t.faction === f.id;
    const entry = (v.seats || []).find((s) => s.id === f.seat) || {};
    const active = activeDefender(v, f, seat);
    const panel = h(`section.panel.player.dw-faction${mine ? ".me" : ""}${acting ? ".acting" : ""}${f.exited ? ".exited" : ""}`, {
      dataset: { faction: f.id, seat: f.seat }, style: `--player:${names.colour(f.id)}`,
    });
    panel.append(h("div.player-head", {},
      h("span.player-name", { text: `${names.faction(f.id)} · ${names.seatCap(f.seat)}` }),
      t.first && t.first === f.seat ? h("span.dw-first", { dataset: { role: "first-player" }, title: "Holds the first player marker: takes the first turn of the round", text: "★ first" }) : null));
    if (f.exited) {
      panel.append(h("p.muted", { text: "Has left the game." }));
      return panel;
    }
    panel.append(this.activeLine(active, acting ? t : null));
    const items = Object.entries(f.items || {});
    panel.append(h("div.dw-row", {}, // damage and items share a line: both factions of a player alone stay in sight
      h("div.dw-damage", { "aria-label": `${f.damage} damage of 3 before a defender dies` },
        h("span.dw-label", { text: "Damage" }),
        Array.from({ length: 3 }, (_, i) => h(`span.pip${i < f.damage ? ".hurt" : ""}`))),
      h("div.dw-items", { dataset: { role: "items" } },
        h("span.dw-label", { text: "Items" }),
        items.map(([item, gained]) => h(`span.dw-item${gained ? ".gained" : ""}`, { title: gained ? `${item}: ready to use` : `${item}: not gained yet`, text: item })))));
    panel.append(this.track(v, f));
    panel.append(h("p.dw-counts", { // the home habitat here, not in the head: a head on one line keeps both factions of a player alone in sight
      text: `home: ${names.habitat(f.habitat)} · ${plural(f.camps_left, "camp")} to build · ${plural(f.breaches_left, "breach marker")} · deck ${f.deck_size} · hand ${entry.hand_size ?? 0}${mine ? " (below)" : ""}`,
    }));
    return panel;
  }

  activeLine(active, turn) {
    const names = this.game.names;
    if (!active) return h("p.dw-active.muted", { text: "No active defender yet." });
    if (active.state === "face-down") return h("p.dw-active", { dataset: { role: "active", state: "face-down" }, text: "Active defender: picked, face down." });
    const card = this.game.names.cards.get(active.card);
    const ability = card && card.ability ? abilityText(card.ability) : "";
    const what = active.state === "picked" ? "You picked" : "Active defender";
    return h("div.dw-active", { dataset: { role: "active", state: active.state } },
      h("p", { text: `${what}: ${names.card(active.card)}${card ? ` (${names.habitat(card.habitat)}, ${card.ap} AP)` : ""}` }),
      turn ? h("p.dw-ap", { dataset: { role: "ap" }, text: `${plural(turn.ap, "action point")} left${turn.teamed && turn.teamed.length ? ` · teamed up ${turn.teamed.length}` : ""}` }) : null,
      ability ? h("p.dw-ability", { text: ability }) : null);
  }

  /** The support track: the hand size printed on each space, the tracker, the camps still on it. */
  track(v, f) {
    const spaces = v.track || [];
    const firstCamp = v.first_camp ?? 0;
    const built = Math.max(0, (f.camps || []).length - 1); // the starting camp never sat on the track
    const from = firstCamp + built; // camps leave the track from its left as they are built
    return h("div.dw-track", { dataset: { role: "track" }, "aria-label": `Support ${f.support}; hand size ${spaces[f.support] ?? "?"}` },
      h("span.dw-label", { text: "Support" }),
      spaces.map((size, i) => {
        const camp = i >= from && i < from + f.camps_left;
        return h(`span.dw-space${i === f.support ? ".here" : ""}${camp ? ".camp" : ""}`, { title: `Space ${i + 1}: hand of ${size}${camp ? ", a camp waits here" : ""}`, text: String(size) });
      }));
  }
}
