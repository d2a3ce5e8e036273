// The seat's own hand of defender cards under the board (only the seat itself ever gets it:
// the view holds no one else's hand). A card the legal list lets the seat play now (its
// organize pick, a team-up) can be clicked.
import { clear, h } from "../shell/dom.js";
import { HABITATS, abilityText } from "./words.js";

/** One defender card as an element; `onPick` makes it a button. */
export function cardElement(card, { onPick = null, picked = false, label = "" } = {}) {
  const habitat = HABITATS[card.habitat] || {};
  const node = h(`${onPick ? "button" : "div"}.dw-card${picked ? ".picked" : ""}${onPick ? ".playable" : ""}`, {
    type: onPick ? "button" : null, dataset: { card: card.id, habitat: card.habitat },
    style: `--habitat:${habitat.fill || "#777"}`, title: label || null,
    onclick: onPick ? () => onPick(card.id) : null,
  },
  h("span.dw-card-habitat", { text: habitat.label || card.habitat }),
  h("span.dw-card-name", { text: card.name }),
  h("span.dw-card-ap", { text: `${card.ap} AP` }),
  card.ability ? h("span.dw-card-ability", { text: abilityText(card.ability) }) : null);
  return node;
}

export class DefendersHand {
  constructor(host) { this.host = host; }

  /** Draw `cards`; `playable` maps a card id to the words of what clicking it does. */
  render(cards, { playable = new Map(), picked = null, onPick = () => {}, watching = false } = {}) {
    if (!this.host) return;
    clear(this.host);
    if (watching) {
      this.host.append(h("p.empty-hand", { text: "Watching: the players' hands are their own." }));
      return;
    }
    if (!cards.length && !picked) {
      this.host.append(h("p.empty-hand", { text: "No defenders in your hand." }));
      return;
    }
    if (picked) this.host.append(cardElement(picked, { picked: true, label: "Your pick for this round, face down until every player has picked" }));
    for (const card of cards) {
      const words = playable.get(card.id);
      this.host.append(cardElement(card, { onPick: words ? onPick : null, label: words || "" }));
    }
  }
}
