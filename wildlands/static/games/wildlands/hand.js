// The player's hand: cards drawn as scales (character icon + flag), the open action and
// wild cards. Cards are buttons; the play flow decides which are selectable.
import { clear, colourOf, h } from "../shell/dom.js";
import { icon, FLAG_WORDS } from "./icons.js";
import { initials } from "./words.js";

const TITLES = new Set(["Archmage", "Mother", "Captain", "Sergeant", "Brother", "Sister", "Herald", "Auntie", "Old", "Lord", "Lady", "Master", "The"]);

export function shortName(name) {
  const words = String(name || "").split(/\s+/);
  if (words.length > 1 && TITLES.has(words[0])) return words[1];
  return words[0] || name;
}

/** One card as an element (also used inside prompts). */
export function cardElement(card, { characters, colourFor, selected = false, eligible = null, onPick = null, small = false }) {
  const classes = ["card"];
  if (card.wild) classes.push("wild");
  if (selected) classes.push("selected");
  if (eligible === false) classes.push("ineligible");
  if (eligible === true) classes.push("eligible");
  if (small) classes.push("small");
  const body = [];
  if (card.wild) {
    body.push(
      h("div.wild-head", {}, icon("wild", "wild-star"), h("span", { text: "Wild" })),
      h("ul.wild-uses", {},
        h("li", {}, icon("move"), "move"),
        h("li", {}, icon("draw_two"), "draw two"),
        h("li", {}, icon("interrupt"), "interrupt")),
    );
  } else {
    const scales = h("div.scales");
    for (const [cid, flag] of Object.entries(card.icons || {})) {
      const ch = characters.get(cid);
      const colour = colourFor(ch ? ch.player : null);
      const name = ch ? shortName(ch.name) : cid;
      scales.append(h("div.scale", { title: ch ? ch.name : cid },
        h("span.face", { style: `--face:${colour}`, text: initials(ch?.name, cid) }),
        h("span.who", { text: name }),
        flag ? h("span.flag", { title: FLAG_WORDS[flag] || flag }, icon(flag), h("span.flag-word", { text: FLAG_WORDS[flag] || flag })) : h("span.flag.none", { text: "move" })));
    }
    body.push(scales);
    if (card.open) {
      body.push(h("div.open-action", { title: "Open action: any one of your revealed characters" },
        icon(card.open), h("span", { text: FLAG_WORDS[card.open] || card.open }), h("small", { text: "open" })));
    }
  }
  const node = h(`button.${classes.join(".")}`, { type: "button", dataset: { card: card.id }, "aria-pressed": selected ? "true" : "false" }, ...body);
  if (onPick) node.addEventListener("click", () => onPick(card.id));
  else node.disabled = true;
  return node;
}

export class HandView {
  constructor(host, { onPick }) {
    this.host = host;
    this.onPick = onPick;
  }

  render(cards, { characters, colourFor, selected = new Set(), eligible = null, locked = false }) {
    clear(this.host);
    if (!cards || !cards.length) {
      this.host.append(h("p.empty-hand", { text: "No cards in hand." }));
      return;
    }
    for (const card of cards) {
      const ok = eligible ? eligible.has(card.id) : null;
      this.host.append(cardElement(card, {
        characters, colourFor,
        selected: selected.has(card.id),
        eligible: eligible ? ok : null,
        onPick: locked ? null : this.onPick,
      }));
    }
  }
}

export function colourForPlayer(view, seats) {
  return (playerId) => {
    const seat = (seats || []).find((s) => s.seat === playerId);
    const p = (view.players || []).find((x) => x.id === playerId);
    return colourOf((seat && seat.colour) || (p && p.colour) || null);
  };
}
