// What a click on the Defenders board sends: the seat's legal commands (`legal` in each update,
// from defenders/rules/legal.py) sorted by what they point at (a hex, an edge, a card in the
// hand, or nothing: a button), and each command in words. Pure: tests/js/defenders drives it.
import { edgeKey, hexKey } from "./geometry.js";

/** The hex a command points at, if any. */
export function commandHex(cmd) {
  if (cmd.do === "start_camp") return cmd.hex;
  if (cmd.do === "move" || cmd.do === "regroup") return cmd.to;
  if (cmd.do === "use_item" && (cmd.effect === "move" || cmd.effect === "regroup")) return cmd.to;
  if (cmd.do === "use_item" && cmd.effect === "destroy") return cmd.at;
  if (cmd.do === "resolve") return cmd.at || cmd.to || null;
  return null;
}

/** The edge a command points at, if any. */
export function commandEdge(cmd) {
  if (cmd.do === "breach" || (cmd.do === "use_item" && cmd.effect === "breach")) return cmd.edge;
  if (cmd.do === "resolve" && cmd.edge) return cmd.edge;
  return null;
}

/** The card of the hand a command plays, if any. */
export function commandCard(cmd) {
  if ((cmd.do === "choose" || cmd.do === "team_up") && cmd.card) return cmd.card;
  return null;
}

/** Is a legal command worth a button? Healing at a camp with no damage to heal is legal
 * (the rules let an action point be spent on nothing) but no player means it: it is left out.
 * `view`: the view the legal list came with (null: every command is offered). */
export function worthOffering(cmd, view) {
  if (cmd.do !== "heal" || !view || !view.turn) return true;
  const acting = (view.factions || []).find((f) => f.id === view.turn.faction);
  return !acting || acting.damage > 0;
}

/** Commands by target: {hexes: Map(key -> [cmd]), edges: Map(key -> [cmd]), cards: Map(id -> [cmd]),
 * buttons: [cmd] (the rest, end_turn last)}. */
export function sortLegal(legal, view = null) {
  const out = { hexes: new Map(), edges: new Map(), cards: new Map(), buttons: [] };
  const put = (map, key, cmd) => { if (!map.has(key)) map.set(key, []); map.get(key).push(cmd); };
  for (const cmd of legal || []) {
    if (!worthOffering(cmd, view)) continue;
    const hex = commandHex(cmd);
    const edge = commandEdge(cmd);
    const card = commandCard(cmd);
    if (hex) put(out.hexes, hexKey(hex), cmd);
    else if (edge) put(out.edges, edgeKey(edge), cmd);
    else if (card) put(out.cards, card, cmd);
    else if (cmd.do !== "end_turn") out.buttons.push(cmd);
  }
  return out;
}

/** What a click on a target sends: {send: cmd} when one command fits, {ask: [cmd, …]} when
 * several do (the page asks which), null when none. `kind`: hex | edge | card. */
export function clickCommand(legal, kind, target) {
  const sorted = sortLegal(legal);
  const key = kind === "hex" ? hexKey(target) : kind === "edge" ? edgeKey(target) : target;
  const map = kind === "hex" ? sorted.hexes : kind === "edge" ? sorted.edges : sorted.cards;
  const found = map.get(key) || [];
  if (!found.length) return null;
  return found.length === 1 ? { send: found[0] } : { ask: found };
}

const HERE = {
  build_camp: "Build a camp here", clear_pollution: "Clear pollution here", heal: "Heal at this camp",
  gain_item: "Take this camp's item", destroy_mech: "Destroy a mech here", rewild: "Rewild this factory",
  end_turn: "End turn",
};

/** A command in words, for its button or the question "which one?" (`names`: words.js Names). */
export function commandLabel(cmd, names, view = null) {
  const at = (hex) => names.place(hex, view);
  switch (cmd.do) {
    case "start_camp": return `Start the ${names.factionShort(cmd.faction)} camp in ${at(cmd.hex)}`;
    case "choose":
      return cmd.card ? `Pick ${names.card(cmd.card)}` : `Play the top of the ${names.factionShort(cmd.from_deck)} deck`;
    case "team_up": return `Team up ${names.card(cmd.card)} (+1 action point)`;
    case "move": return `Move to ${at(cmd.to)}`;
    case "regroup": return `Regroup to the camp in ${at(cmd.to)}`;
    case "breach": return `Breach ${names.edge(cmd.edge, view)}`;
    case "use_item": return itemLabel(cmd, names, at, view);
    case "resolve": return resolveLabel(cmd, names, at, view);
    default: return HERE[cmd.do] || String(cmd.do).replace(/_/g, " ");
  }
}

function itemLabel(cmd, names, at, view) {
  switch (cmd.item) {
    case "bread": return "Eat bread (+1 action point)";
    case "potions": return cmd.effect === "heal" ? "Drink a potion (heal 1)" : "Pour a potion (clear pollution)";
    case "rockets": return cmd.effect === "destroy" ? `Rocket the mech in ${at(cmd.at)}` : `Rocket ${names.edge(cmd.edge, view)}`;
    case "maps": return cmd.effect === "regroup" ? `Follow the maps to the camp in ${at(cmd.to)}` : `Follow the maps to ${at(cmd.to)}`;
    default: return `Use ${cmd.item}`;
  }
}

function resolveLabel(cmd, names, at, view) {
  const card = names.card(cmd.card);
  if (cmd.edge) return `${card}: breach ${names.edge(cmd.edge, view)}`;
  if (cmd.camp) return `${card}: move the camp in ${at(cmd.camp)} to ${at(cmd.to)}`;
  if (cmd.faction) return `${card}: heal ${names.faction(cmd.faction)}`;
  if (cmd.at) return `${card}: act on ${at(cmd.at)}`;
  if ("to" in cmd) return cmd.to ? `${card}: ${cmd.for ? `${names.factionShort(cmd.for)} ` : ""}go to ${at(cmd.to)}` : `${card}: ${cmd.for ? `${names.factionShort(cmd.for)} ` : ""}stay put`;
  return `${card}: resolve`;
}

/** May the seat end its turn now? */
export function canEndTurn(legal) { return !!legal && legal.some((c) => c.do === "end_turn"); }
