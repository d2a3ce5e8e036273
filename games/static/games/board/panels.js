// The side panel (players, scores, decks, characters, the Ancients' scenarios and event
// tracks), the status bar, the event log and the game-over screen.
import { clear, colourOf, h } from "./dom.js";
import { icon, FLAG_WORDS } from "./icons.js";
import { shortName } from "./hand.js";
import { effectText, initials, outcomeCause, titleCase } from "./words.js";
import { describe } from "./sentences.js";
import * as war from "./war.js";
import { ancientsInWar, carriedShards, wrathGoal } from "./wrath.js";

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

export class Panels {
  constructor(app, { side, status, log, gameover }) {
    this.app = app;
    this.side = side;
    this.status = status;
    this.logHost = log;
    this.gameover = gameover;
  }

  render() {
    this.renderStatus();
    this.renderSide();
    this.renderGameOver();
  }

  // ---------------------------------------------------------------- status bar
  renderStatus() {
    const app = this.app;
    const v = app.view;
    clear(this.status);
    const turnText = app.turnWords();
    const mineNow = app.flow.canAct();
    this.status.append(
      h(`div.turn-banner${mineNow ? ".yours" : ""}${v.turn.phase === "ancients" ? ".ancients" : ""}`, { role: "status", "aria-live": "polite" },
        h("span.round", { text: v.turn.phase === "setup" ? "Setup" : `Round ${v.turn.round}` }), h("span.turn-text", { text: turnText })),
      h("div.presence", { "aria-label": "Who is connected" },
        (app.seats || []).map((s) => h(`span.seat${s.connected ? ".on" : ""}`, { title: `${s.username || s.seat}: ${s.connected ? "connected" : "away"}`, dataset: { seat: s.seat } },
          h("span.dot", { style: `--dot:${colourOf(s.colour)}` }), h("span.seat-name", { text: s.seat === app.seat ? `${s.username || s.seat} (you)` : (s.username || s.seat) })))),
      h(`span.conn.${app.connection}`, { title: "Connection to the game server", text: { online: "Live", connecting: "Connecting…", reconnecting: "Reconnecting…", offline: "Offline: retrying", local: "Preview" }[app.connection] || app.connection }),
    );
  }

  // ---------------------------------------------------------------- side panel
  renderSide() {
    const app = this.app;
    const v = app.view;
    clear(this.side);
    const aw = app.awokenPart();
    if (!war.competitive(v)) {
      const have = aw.crystals ?? (v.characters || []).reduce((n, c) => n + (c.carried || []).length, 0);
      const need = aw.crystals_to_win ?? 5;
      this.side.append(h("section.panel.goal", {},
        h("h3", { text: "Ancient crystals" }),
        h("div.crystal-row", { "aria-label": `${have} of ${need} crystals` },
          Array.from({ length: need }, (_, i) => h(`span.crystal-slot${i < have ? ".got" : ""}`))),
        h("p.goal-text", { text: `${have} of ${need} gathered. Knocking out every Ancient also wins.` })));
    } else if (war.isWar(v)) {
      this.side.append(this.warPanel(v));
    } else if (v.wrath) {
      this.side.append(wrathGoal(v));
    } else {
      this.side.append(h("section.panel.goal", {}, h("h3", { text: "Skirmish" }),
        h("p.goal-text", { text: `First to ${(v.options && v.options.points_to_win) || 5} points: claim your shards and knock out rivals.` })));
    }
    for (const p of this.playersInPanelOrder()) this.side.append(this.playerPanel(p));
    for (const sc of aw.scenarios || []) this.side.append(this.scenarioPanel(sc));
  }

  /** The players as the side panel lists them: in co-op the viewing seat's own panel (its
   * characters) comes first, then the partner's; a skirmish keeps the turn order. */
  playersInPanelOrder() {
    const v = this.app.view;
    const players = v.players || [];
    if (war.isWar(v)) return war.teams(v).flatMap((t) => t.players.map((id) => players.find((p) => p.id === id))).filter(Boolean);
    if (v.mode === "skirmish" || !this.app.seat) return players;
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
        h("b.team-name", { text: t.name }),
        h("span.team-players", { text: ` ${t.players.map((id) => this.app.names.seat(id) + (v.wrath && v.wrath.ancients === id ? " (the Ancients)" : "")).join(" and ")}` }),
        h("span.score.team-score", { title: "Team points" }, h("b", { text: t.score }), ` / ${target} pts`)))),
      ancientsInWar(v, this.app.names));
  }

  playerPanel(p) {
    const app = this.app;
    const v = app.view;
    const seat = (app.seats || []).find((s) => s.seat === p.id) || {};
    const colour = app.colourFor(p.id);
    const acting = war.isWar(v) ? war.playingNow(v, p.id)
      : v.mode === "skirmish" ? v.turn.actor === p.id : v.turn.phase === "play";
    const stats = [
      h("span.stat", { title: "Cards in hand" }, icon("draw_two"), h("b", { text: p.hand_size ?? (p.hand || []).length }), " in hand"),
      h("span.stat", { title: "Cards left in the deck" }, h("b", { text: p.deck_size }), " deck"),
      h("span.stat", { title: "Discard pile" }, h("b", { text: count(p.discard) }), " discard"),
    ];
    const team = war.teamOf(v, p.id);
    const score = war.competitive(v)
      ? h("span.score", { title: team ? `Points scored for ${team.name}` : "Points" }, h("b", { text: p.score }), " pts")
      : null;
    const roster = h("ul.roster", {}, (v.characters || []).filter((c) => c.player === p.id).map((c) => this.characterRow(c)));
    return h(`section.panel.player${p.id === app.seat ? ".me" : ""}${acting ? ".acting" : ""}`, { style: `--player:${colour}`, dataset: { player: p.id } },
      h("header.player-head", {},
        h(`span.dot${seat.connected ? ".on" : ""}`, { title: seat.connected ? "connected" : "away" }),
        h("span.player-name", { text: `${seat.username || p.id}${p.id === app.seat ? " (you)" : ""}` }),
        h("span.faction", { text: FACTIONS[p.faction] || titleCase(p.faction) }),
        team ? h("span.tag.team-tag", { dataset: { team: team.id }, text: team.name }) : null,
        score),
      h("div.stats", {}, stats),
      war.competitive(v) && (p.shards || []).length ? h("p.shards", {}, icon("claim"), ` Shards on ${p.shards.join(", ")}`) : null,
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

  // ---------------------------------------------------------------- log
  // The log holds one line per event the seat may see, in seq order: lines played live,
  // the recent history a socket's first update carries (so a reload keeps the game so far)
  // and older pages fetched with "Show earlier". A seq is written once, whichever came first.
  logState() {
    if (!this.logged) this.logged = { seqs: new Set(), oldest: null, more: false, button: null };
    return this.logged;
  }

  logItem(text, cls, seq) {
    const dataset = typeof seq === "number" ? { seq: String(seq) } : {};
    return h(`li${cls ? "." + cls : ""}`, { text, dataset });
  }

  log(text, cls = "", seq = null) {
    if (!text) return;
    const state = this.logState();
    if (typeof seq === "number") {
      if (state.seqs.has(seq)) return;
      state.seqs.add(seq);
    }
    this.logHost.append(this.logItem(text, cls, seq));
    this.trimLog();
    this.logHost.scrollTop = this.logHost.scrollHeight;
  }

  /** Log one event as it is played; its line (or null when it has none). */
  logEvent(e) {
    const text = describe(e, this.app.names);
    if (typeof e.seq === "number") {
      if (this.logState().seqs.has(e.seq)) return text;
      if (!text) this.logState().seqs.add(e.seq);
    }
    if (text) this.log(text, logClass(e), e.seq);
    return text;
  }

  /** History from the server (`log` in a socket's first update, or a `log_page`): each
   * event up to seq `upTo` not logged yet goes in its place by seq (later ones arrive as
   * the update's own events). */
  logHistory(part, upTo, view = null) {
    const state = this.logState();
    const names = this.app.names;
    // A minion is named with its space ("Acolyte on 17"): in old lines, the space it had
    // then. Walking back from the newest event, a move puts it back where it came from.
    const older = typeof part.first_seq === "number" && (state.oldest === null || part.first_seq < state.oldest);
    const walk = view ? new Map((view.monsters || []).map((m) => [m.id, m.space])) : new Map(state.positions || []);
    const fresh = [];
    for (const e of [...(part.events || [])].reverse()) {
      if (typeof e.seq !== "number") continue;
      if (e.seq <= upTo && !state.seqs.has(e.seq)) {
        state.seqs.add(e.seq);
        names.at = walk;
        const text = describe(e, names);
        names.at = null;
        if (text) fresh.unshift(this.logItem(text, logClass(e), e.seq));
      }
      if (e.kind === "minion_moved" || e.kind === "ancient_moved") walk.set(e.figure, e.from);
      else if (e.kind === "knocked_out") walk.set(e.figure, e.space);
      else if (e.kind === "minion_summoned") walk.set(e.figure, null);
    }
    if (older) state.positions = walk;
    const atEnd = this.logHost.scrollTop + this.logHost.clientHeight >= this.logHost.scrollHeight - 4;
    const sequenced = [...this.logHost.children].filter((li) => li.dataset.seq);
    for (const item of fresh) {
      const seq = Number(item.dataset.seq);
      const after = sequenced.find((li) => Number(li.dataset.seq) > seq);
      if (after) this.logHost.insertBefore(item, after);
      else this.logHost.append(item);
    }
    if (older) {
      state.oldest = part.first_seq;
      state.more = !!part.more;
    }
    this.renderEarlier();
    if (part.type === "log_page") this.logHost.scrollTop = 0;
    else if (atEnd || fresh.length) this.logHost.scrollTop = this.logHost.scrollHeight;
  }

  /** The "Show earlier" button above the log, while older events exist. */
  renderEarlier() {
    const state = this.logState();
    if (!state.button) {
      state.button = h("button.btn.log-earlier", {
        type: "button", style: "align-self:flex-start;font-size:.75rem;padding:.1rem .6rem;margin-bottom:.3rem",
        onclick: () => {
          if (state.oldest === null || state.oldest <= 1) return;
          state.button.disabled = true;
          state.button.textContent = "Loading…";
          this.app.requestEarlierLog(state.oldest);
          setTimeout(() => this.renderEarlier(), 8000); // no answer (offline, refused): offer it again
        },
      });
      this.logHost.before(state.button);
    }
    state.button.style.display = state.more && state.oldest > 1 ? "" : "none";
    state.button.disabled = false;
    state.button.textContent = "Show earlier";
  }

  trimLog() {
    const state = this.logState();
    if (this.logHost.children.length <= 2000) return;
    while (this.logHost.children.length > 1500) this.logHost.firstChild.remove();
    const first = [...this.logHost.children].find((li) => li.dataset.seq);
    if (first) {
      state.oldest = Number(first.dataset.seq);
      state.more = state.oldest > 1;
      for (const seq of [...state.seqs]) if (seq < state.oldest) state.seqs.delete(seq);
      this.renderEarlier();
    }
  }

  // ---------------------------------------------------------------- game over
  renderGameOver() {
    const app = this.app;
    const o = app.view.outcome;
    if (!o) {
      this.gameover.hidden = true;
      return;
    }
    if (!this.gameover.hidden && this.gameover.dataset.version === String(app.view.version)) return;
    let won;
    let title;
    if (war.isWar(app.view)) {
      const team = war.teams(app.view).find((t) => t.id === o.team);
      won = !!team && team.players.includes(app.seat);
      title = o.result === "draw" ? "A draw" : won ? "Your team wins!" : `${team ? team.name : "The other team"} wins`;
    } else if (app.view.mode === "skirmish") {
      won = o.winner === app.seat;
      title = o.result === "draw" ? "A draw" : won ? "You win!" : `${app.names.seatCap(o.winner)} wins`;
    } else {
      won = o.result === "won";
      title = won ? "Victory!" : "Defeat";
    }
    clear(this.gameover);
    this.gameover.dataset.version = String(app.view.version);
    this.gameover.dataset.result = won ? "won" : "lost";
    const links = [h("a.btn.primary", { href: app.links.myGames, text: "My games" })];
    if (app.links.campaign) links.unshift(h("a.btn.primary", { href: app.links.campaign, text: "Back to the campaign" }));
    if (app.links.replay) links.push(h("a.btn", { href: app.links.replay, text: "Watch the replay" }));
    links.push(h("button.btn", { type: "button", onclick: () => { this.gameover.hidden = true; }, text: "Look at the board" }));
    this.gameover.append(h("div.gameover-card", { role: "dialog", "aria-labelledby": "gameover-title" },
      icon(won ? "claim" : "melee", "gameover-icon"),
      h("h2", { id: "gameover-title", text: title }),
      h("p.gameover-cause", { text: outcomeCause(o.cause) ? `Because ${outcomeCause(o.cause)}.` : "" }),
      h("p.gameover-rounds", { text: `The game lasted ${app.view.turn.round} round${app.view.turn.round === 1 ? "" : "s"}.` }),
      h("div.gameover-links", {}, links)));
    this.gameover.hidden = false;
  }
}

/** The log line's style for an event. */
export function logClass(e) {
  if (["damage_dealt", "knocked_out"].includes(e.kind)) return "hurt";
  if (e.kind === "damage_prevented") return "saved";
  if (/^turn_|round|ancients_turn|players_turn/.test(e.kind)) return "turn";
  if (e.kind === "game_ended") return "over";
  return "";
}
