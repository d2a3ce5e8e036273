// The side panel: the mode's goal, the players (scores, decks, characters), the Ancients'
// scenarios and event tracks. (The status bar, the log and the game-over card are the
// shell's: shell/panels.js.)
import { clear, h } from "../shell/dom.js";
import { icon, FLAG_WORDS } from "./icons.js";
import { shortName } from "./hand.js";
import { effectText, initials, titleCase } from "./words.js";
import { isCompetitive, isWar, oneSeatAtATime } from "./modes.js";
import * as war from "./war.js";
import { ancientsInWar, carriedShards, wrathGoal } from "./wrath.js";
import { legendPanel } from "./map_legend.js";

const FACTIONS = { guild: "The Guild", gnomads: "The Gnomads", lawbringers: "The Lawbringers", pit_fighters: "The Pit Fighters", ancients: "The Ancients" };

function count(x) {
  if (Array.isArray(x)) return x.length;
  if (typeof x === "number") return x;
  return null;
}

function healthPips(health, damage) {
  return h("span.pips", { "aria-label": `${health - damage} of ${health} health left` },
    Array.from({ length: Math.min(health, 10) }, (_, i) => h(`span.pip${i < damage ? ".hurt" : ""}`)));
}

export class SidePanels {
  constructor(app, side) {
    this.app = app;
    this.side = side;
  }

  // ---------------------------------------------------------------- side panel
  renderSide() {
    const app = this.app;
    const v = app.view;
    if (!this.side) return;
    clear(this.side);
    const aw = app.awokenPart();
    if (!isCompetitive(v)) {
      const have = aw.crystals ?? (v.characters || []).reduce((n, c) => n + (c.carried || []).length, 0);
      const need = aw.crystals_to_win ?? 5;
      this.side.append(h("section.panel.goal", {},
        h("h3", { text: "Ancient crystals" }),
        h("div.crystal-row", { "aria-label": `${have} of ${need} crystals` },
          Array.from({ length: need }, (_, i) => h(`span.crystal-slot${i < have ? ".got" : ""}`))),
        h("p.goal-text", { text: `${have} of ${need} gathered. Knocking out every Ancient also wins.` })));
    } else if (isWar(v)) {
      this.side.append(this.warPanel(v));
    } else if (v.wrath) {
      this.side.append(wrathGoal(v, this.app));
    } else {
      this.side.append(h("section.panel.goal", {}, h("h3", { text: "Skirmish" }),
        h("p.goal-text", { text: `First to ${(v.options && v.options.points_to_win) || 5} points: claim your shards and knock out rivals.` })));
    }
    for (const p of this.playersInPanelOrder()) this.side.append(this.playerPanel(p));
    for (const sc of aw.scenarios || []) this.side.append(this.scenarioPanel(sc));
    const legend = app.map ? legendPanel(app.map.data) : null;
    if (legend) this.side.append(legend);
  }

  /** The players as the side panel lists them: in co-op the viewing seat's own panel (its
   * characters) comes first, then the partner's; a skirmish keeps the turn order. */
  playersInPanelOrder() {
    const v = this.app.view;
    const players = v.players || [];
    if (isWar(v)) return war.teams(v).flatMap((t) => t.players.map((id) => players.find((p) => p.id === id))).filter(Boolean);
    if (oneSeatAtATime(v) || !this.app.seat) return players;
    return [...players.filter((p) => p.id === this.app.seat), ...players.filter((p) => p.id !== this.app.seat)];
  }

  /** War for the Crystals: each team's name, players and total, first to the target wins. */
  warPanel(v) {
    const target = (v.options && v.options.points_to_win) || 10;
    const mine = war.teamOf(v, this.app.seat);
    const active = war.activeTeam(v);
    return h("section.panel.goal.teams", { dataset: { role: "teams" } }, h("h3", { text: "War for the Crystals" }),
      h("p.goal-text", { text: `Two teams; the first to ${target} points wins. Claim your team's shards and knock out the other team.` }),
      h("ul.team-list", {}, war.teams(v).map((t) => h(`li.team${active && active.id === t.id ? ".acting" : ""}${mine && mine.id === t.id ? ".mine" : ""}`,
        { dataset: { team: t.id } },
        h("b.team-name", {}, t.name, h("span.sep", { text: ":" })),
        h("span.team-players", { text: t.players.map((id) => this.app.names.seat(id) + (v.wrath && v.wrath.ancients === id ? " (the Ancients)" : "")).join(" and ") }),
        h("span.score.team-score", { title: "Team points" }, " · ", h("b", { text: t.score }), ` / ${target} pts`)))),
      ancientsInWar(v, this.app.names));
  }

  playerPanel(p) {
    const app = this.app;
    const v = app.view;
    const seat = (app.seats || []).find((s) => s.seat === p.id) || {};
    const colour = app.colourFor(p.id);
    const acting = isWar(v) ? war.playingNow(v, p.id)
      : oneSeatAtATime(v) ? v.turn.actor === p.id : v.turn.phase === "play";
    const stats = [
      h("span.stat", { title: "Cards in hand" }, icon("draw_two"), h("b", { text: p.hand_size ?? (p.hand || []).length }), " in hand"),
      h("span.stat", { title: "Cards left in the deck" }, h("b", { text: p.deck_size }), " deck"),
      h("span.stat", { title: "Discard pile" }, h("b", { text: count(p.discard) }), " discard"),
    ];
    const team = war.teamOf(v, p.id);
    const score = isCompetitive(v)
      ? h("span.score", { title: team ? `Points scored for ${team.name}` : "Points" }, h("b", { text: p.score }), " pts")
      : null;
    const roster = h("ul.roster", {}, (v.characters || []).filter((c) => c.player === p.id).map((c) => this.characterRow(c)));
    return h(`section.panel.player${p.id === app.seat ? ".me" : ""}${acting ? ".acting" : ""}`, { style: `--player:${colour}`, dataset: { player: p.id } },
      h("header.player-head", {},
        seat.bot ? h("span.bot-badge", { title: "a bot, played by the server", text: "bot" })
          : h(`span.dot${seat.connected ? ".on" : ""}`, { title: seat.connected ? "connected" : "away" }),
        h("span.player-name", { text: `${seat.username || p.id}${p.id === app.seat ? " (you)" : ""}` }),
        h("span.faction", { text: FACTIONS[p.faction] || titleCase(p.faction) }),
        team ? h("span.tag.team-tag", { dataset: { team: team.id }, text: team.name }) : null,
        score),
      h("div.stats", {}, stats),
      isCompetitive(v) && (p.shards || []).length ? h("p.shards", {}, icon("claim"), ` Shards on ${p.shards.join(", ")}`) : null,
      roster);
  }

  characterRow(c) {
    const app = this.app;
    const state = c.knocked_out ? "knocked out" : c.space !== null && c.space !== undefined ? `on ${c.space}` : c.assigned ? `hidden (on ${c.assigned})` : "hidden";
    const extras = [];
    if (c.ensnared) extras.push(h("span.tag.snare", { text: "ensnared" }));
    const curses = ((app.view.map_rules || {}).curses || {})[c.id];
    if (curses) extras.push(h("span.tag.curse", { title: "curses from the tombs", text: curses > 1 ? `cursed ×${curses}` : "cursed" }));
    if (app.view.wrath) extras.push(...carriedShards(app, c));
    for (const _ of c.carried || []) extras.push(h("span.tag.crystal", { title: "carries an ancient crystal" }, icon("claim"), "crystal"));
    const held = app.awokenPart().treasures_held || {};
    for (const t0 of c.treasures || []) {
      const tid = typeof t0 === "string" ? t0 : t0.id;
      const t = typeof t0 === "object" ? t0 : held[tid] || t0;
      const useBtn = c.player === app.seat && this.treasureUsable(c.id, tid)
        ? h("button.mini", { type: "button", onclick: () => app.useTreasure(c.id, tid), text: "use" }) : null;
      extras.push(h("span.tag.treasure", { title: typeof t === "object" && t.text ? t.text : "treasure" }, titleCase(typeof t === "object" && t.name ? t.name : tid), useBtn));
    }
    let action = null;
    if (c.player === app.seat && !c.knocked_out && c.space === null && c.assigned && app.view.turn.phase === "play" && app.flow.canAct()) {
      action = h("button.mini", { type: "button", onclick: () => app.sendCommand({ do: "reveal", character: c.id }, `Reveal ${c.name}`), text: `reveal on ${c.assigned}` });
    }
    return h(`li.char${c.knocked_out ? ".ko" : ""}`, { dataset: { character: c.id }, title: `${c.name}: ${(c.flags || []).map((f) => FLAG_WORDS[f] || f).join(", ")}` },
      h("span.face", { style: `--face:${app.colourFor(c.player)}`, text: initials(c.name, c.id) }),
      h("span.char-name", { text: shortName(c.name) }),
      h("span.char-flags", {}, (c.flags || []).map((f) => icon(f))),
      healthPips(c.health, c.damage),
      h("span.char-state", { text: state }),
      action, ...extras);
  }

  /** May this seat use this treasure now? The server's legal list says (it offers a
   * treasure only at the moments its card allows: an any-moment one during the Ancients'
   * turn or a defence too); without the list, whenever the seat may act. */
  treasureUsable(characterId, treasureId) {
    const legal = this.app.legal;
    if (legal) return legal.some((c) => c.do === "use_treasure" && c.character === characterId && c.treasure === treasureId);
    return this.app.flow.canAct();
  }

  scenarioPanel(sc) {
    const app = this.app;
    const monsters = app.view.monsters || [];
    const ancient = monsters.find((m) => m.kind === "ancient" && (m.id === sc.ancient || m.id === (sc.ancient && sc.ancient.id) || m.scenario === sc.number));
    const track = sc.track || {};
    const length = track.length ?? 8;
    const pos = track.position ?? 0;
    const special = track.spaces || {};
    const cells = [];
    for (let i = 0; i <= length; i++) {
      const eff = special[i] ?? special[String(i)];
      const label = eff ? effectText(eff) : i === length ? "the players lose" : "";
      cells.push(h(`li.track-cell${i === pos ? ".here" : ""}${i < pos ? ".past" : ""}${i === length ? ".end" : ""}${eff ? ".effect" : ""}`,
        { title: `${i}${label ? ": " + label : ""}` },
        i === pos ? h("span.marker", { style: `--player:${app.colourFor(sc.player)}` }) : h("span.num", { text: i === length ? "✕" : eff ? "!" : "" })));
    }
    const decks = [
      ["minion deck", sc.minion_deck_count ?? sc.minion_deck], ["minion discard", sc.minion_discard],
      ["Ancient deck", sc.ancient_deck_count ?? sc.ancient_deck], ["Ancient discard", sc.ancient_discard],
    ].filter(([, n]) => count(n) !== null).map(([what, n]) => h("span.stat", {}, h("b", { text: count(n) }), ` ${what}`));
    const supply = sc.supply ? Object.entries(sc.supply).map(([type, n]) => `${n} ${titleCase(type)}`).join(", ") : "";
    return h("section.panel.scenario", { dataset: { scenario: sc.number } },
      h("header.player-head", {}, h("span.scenario-no", { text: sc.number }), h("span.player-name", { text: sc.title || sc.name || `Scenario ${sc.number}` }),
        sc.player ? h("span.faction", { text: `track of ${app.names.seat(sc.player)}` }) : null),
      ancient ? h("div.ancient-row", {}, h("span.ancient-face"), h("span", { text: app.names.monsterName(ancient) }),
        ancient.immortal ? h("span.tag", { text: "cannot be knocked out" }) : healthPips(ancient.health, ancient.damage),
        h("span.char-state", { text: ancient.knocked_out ? "knocked out" : ancient.space !== null && ancient.space !== undefined ? `on ${ancient.space}` : "off the board" })) : null,
      h("ol.track", { "aria-label": `Event track at ${pos} of ${length}` }, cells),
      decks.length ? h("div.stats", {}, decks) : null,
      supply ? h("p.supply", { text: `Supply: ${supply}` }) : null);
  }
}
