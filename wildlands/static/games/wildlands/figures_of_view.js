// What stands on the map in a view, as token descriptions (figures.js draws them): the
// characters (a hidden one of this seat's as a ghost where it waits), minions and Ancients,
// object counters and crystals, and in a competitive game each seat's shards. Pure: used by
// the board, the replay and the table companion alike.
import { colourForPlayer } from "./hand.js";
import { isCompetitive } from "./modes.js";
import { initials, titleCase } from "./words.js";

/** The token descriptions of `view` as `seat` sees it; `names` (words.js) names figures. */
export function figureDescs(view, { seat, seats, names }) {
  const colourFor = colourForPlayer(view, seats);
  const out = [];
  for (const c of view.characters || []) {
    const onBoard = c.space !== null && c.space !== undefined && !c.knocked_out;
    const mine = c.player === seat;
    const classes = [mine ? "mine" : "theirs"];
    if (c.ensnared) classes.push("ensnared");
    const carried = (c.carried || []).length;
    if (onBoard) {
      out.push({
        id: c.id, kind: "character", space: c.space, colour: colourFor(c.player), label: initials(c.name, c.id),
        damage: c.damage, health: c.health, classes, badge: carried ? `${carried}` : null,
        title: `${c.name} (${names.seat(c.player)}): ${c.health - c.damage} of ${c.health} health${carried ? `, carrying ${carried} crystal${carried > 1 ? "s" : ""}` : ""}${c.ensnared ? ", ensnared" : ""}`,
      });
    } else if (mine && !c.knocked_out && c.assigned !== undefined && c.assigned !== null) {
      out.push({
        id: `ghost:${c.id}`, kind: "ghost", space: c.assigned, colour: colourFor(c.player), label: initials(c.name, c.id),
        classes: ["mine"], title: `${c.name} waits hidden on ${c.assigned}: reveal to place it`,
      });
    }
  }
  for (const m of view.monsters || []) {
    if (m.space === null || m.space === undefined || m.knocked_out) continue;
    const name = names.monsterName(m);
    out.push({
      id: m.id, kind: m.kind === "ancient" ? "ancient" : "minion", space: m.space,
      label: m.kind === "ancient" ? initials(titleCase(m.type), m.id) : titleCase(m.type).slice(0, 2),
      damage: m.damage, health: m.immortal ? 0 : m.health, classes: m.immortal ? ["immortal"] : [],
      title: `${name}${m.immortal ? " (cannot be knocked out)" : `: ${m.health - m.damage} of ${m.health} health`}`,
    });
  }
  const aw = view.awoken || view.ancients || {};
  for (const o of aw.objects || view.objects || []) {
    if (o.space === null || o.space === undefined || o.removed || o.carried_by) continue;
    const crystal = o.revealed && (o.kind === "crystal" || o.kind === "ancient_crystal");
    out.push({
      id: o.id, kind: crystal ? "crystal" : "object", space: o.space,
      label: o.revealed ? (o.kind || "!").slice(0, 1).toUpperCase() : "?",
      classes: o.revealed ? ["revealed", o.kind || ""] : ["face-down"],
      title: o.revealed ? `${titleCase(o.kind || "object")} on ${o.space}` : `A face-down object on ${o.space}`,
    });
  }
  if (isCompetitive(view)) {
    for (const p of view.players || []) {
      for (const s of p.shards || []) {
        out.push({ id: `shard:${p.id}:${s}`, kind: "shard", space: s, colour: colourFor(p.id), title: `A shard of ${names.seat(p.id)} on ${s}` });
      }
    }
  }
  return out;
}

/** The figure an event is about, whichever field names it. */
export function figureKey(e) {
  return e.figure || e.character || e.monster || e.minion || e.ancient || e.id;
}
