// The table companion's page: the printed game on the table, the Ancients run by the site.
// Phone first: the map on top, then one thing to do at a time (a question, or the players'
// declarations), then what just happened in words. The map, tokens and sentences are the
// board page's own (wildlands/map.js, figures.js, sentences.js via words.js); commands go to
// the companion's JSON endpoint (games/companion_views.py), which names the seat.
import { h, clear } from "../shell/dom.js";
import { BoardMap } from "../wildlands/map.js";
import { Tokens } from "../wildlands/figures.js";
import { figureDescs } from "../wildlands/figures_of_view.js";
import { ATTACK_WORDS, Names, describe, revealedCardWords } from "../wildlands/words.js";

// events the narration leaves out: the question itself is asked below, and a monster's
// action is told by what it did
const QUIET = new Set(["prompted", "monster_acted", "card_played", "cards_drawn"]);
const DAMAGE = { melee: 1, heavy_melee: 2, ranged: 1, heavy_ranged: 2, area: 1, trap: 1 };
const ATTACK_LABEL = { melee: "Melee", heavy_melee: "Heavy melee", ranged: "Ranged", heavy_ranged: "Heavy ranged" };

function csrfToken() {
  const field = document.querySelector("input[name=csrfmiddlewaretoken]");
  return field ? field.value : "";
}

function button(label, onClick, { role = "", kind = "", testid = "" } = {}) {
  const attrs = { type: "button", class: `c-btn${kind ? ` c-btn--${kind}` : ""}` };
  if (role) attrs["data-role"] = role;
  if (testid) attrs["data-test"] = testid;
  const node = h("button", attrs, label);
  node.addEventListener("click", onClick);
  return node;
}

class Companion {
  constructor(root, initial) {
    this.root = root;
    this.url = root.dataset.command;
    this.seat = null; // one device for the whole table: nobody is "you"
    this.seats = initial.seats;
    this.names = new Names(this);
    this.cardDefs = new Map();
    this.apply(initial);
    this.map = new BoardMap(root.querySelector("[data-role=map]"), initial.board);
    this.addZoom(root.querySelector("[data-role=map]"));
    this.tokens = new Tokens(this.map, { onClick: (id) => this.tapFigure(id) });
    this.map.root.addEventListener("click", (ev) => {
      const cell = ev.target.closest("[data-space]");
      if (cell) this.tapSpace(Number(cell.dataset.space));
    });
    this.selected = null; // a character id
    this.mode = null; // "move" | "fly" | "area" | "fix"
    this.fixing = null; // a figure id being corrected
    this.story = [];
    this.render();
  }

  /** A phone's map is small (its space numbers a few pixels high): a button zooms it in,
   * and the zoomed map scrolls both ways. */
  addZoom(frame) {
    const zoom = h("button", { type: "button", class: "c-btn c-btn--quiet c-zoom", "aria-pressed": "false", "data-role": "zoom" }, "Zoom the map in");
    zoom.addEventListener("click", () => {
      const on = frame.classList.toggle("zoomed");
      zoom.setAttribute("aria-pressed", String(on));
      zoom.textContent = on ? "Fit the map to the screen" : "Zoom the map in";
    });
    frame.before(zoom);
  }

  apply(payload) {
    this.view = payload.view;
    this.version = payload.version;
    this.choices = payload.choices || {};
  }

  objects() {
    const aw = this.view.awoken || {};
    return aw.objects || [];
  }

  // ---- talking to the server

  async send(command) {
    this.alert("");
    let reply;
    try {
      const res = await fetch(this.url, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
        body: JSON.stringify({ expected_version: this.version, command }),
      });
      reply = await res.json();
    } catch (err) {
      this.alert("The site did not answer. Check the connection and try again.");
      return;
    }
    if (reply.error) {
      this.alert(reply.message || reply.error);
      if (reply.error === "stale_version") await this.reload();
      return;
    }
    // a players' action (or the end of their turn) starts a new story; answers to the
    // Ancients' questions carry the same story on, so the whole turn reads top to bottom
    const fresh = !this.view.prompt && this.view.turn.phase === "play";
    this.apply(reply);
    this.narrate(reply.events || [], fresh);
    this.selected = null;
    this.mode = null;
    this.fixing = null;
    this.render();
  }

  async reload() {
    const res = await fetch(this.url.replace(/command\/$/, "state/"), { credentials: "same-origin" });
    if (res.ok) {
      this.apply(await res.json());
      this.render();
    }
  }

  alert(message) {
    const node = this.root.querySelector("[data-role=alert]");
    node.textContent = message;
    node.hidden = !message;
  }

  // ---- what happened, in words

  narrate(events, fresh) {
    // names come from the new view (a knocked-out monster keeps its entry there) and the
    // tokens not yet moved, so a minion is named by the space it acted from
    if (fresh) this.story = [];
    for (const line of this.story) line.latest = false;
    // each minion is named by where it stands at that moment of the story
    const at = new Map([...this.tokens.descs.values()].map((d) => [d.id, d.space]));
    this.names.at = at;
    for (const e of events) {
      if (e.kind === "minion_summoned") at.set(e.figure, e.space);
      if (QUIET.has(e.kind)) continue;
      const line = describe(e, this.names);
      if (line) this.story.push({ text: line, kind: e.kind, latest: true });
      if (e.kind === "minion_moved" || e.kind === "ancient_moved" || e.kind === "figure_corrected") at.set(e.figure || e.minion || e.ancient, e.to);
    }
    this.names.at = null;
    this.story = this.story.slice(-60);
  }

  // ---- taps

  tapFigure(id) {
    if (this.mode === "fix") {
      this.fixing = id;
      this.render();
      return;
    }
    if (this.choices[id]) {
      this.selected = this.selected === id ? null : id;
      this.mode = null;
      this.render();
      return;
    }
    const target = this.selected && this.choices[this.selected];
    if (target) {
      const attack = target.attacks.find((a) => a.target === id);
      if (attack) this.send({ do: attack.attack, character: this.selected, target: id, cards: [] });
    }
  }

  tapSpace(n) {
    const c = this.selected && this.choices[this.selected];
    if (this.mode === "fix" && this.fixing) {
      this.root.querySelector("[data-role=fix-space]").value = String(n);
      return;
    }
    if (!c) return;
    if (this.mode === "fly" && c.flights.includes(n)) this.send({ do: "fly", character: this.selected, to: n, cards: [] });
    else if (this.mode === "area" && c.areas.includes(n)) this.send({ do: "area", character: this.selected, space: n, cards: [] });
    else if (c.moves.includes(n)) this.send({ do: "move", character: this.selected, to: n, cards: [] });
  }

  // ---- drawing

  render() {
    this.tokens.sync(figureDescs(this.view, { seat: this.seat, seats: this.seats, names: this.names }));
    this.map.clearHighlights();
    this.tokens.clearSelectable();
    const c = this.selected && this.choices[this.selected];
    if (c) {
      const spaces = this.mode === "fly" ? c.flights : this.mode === "area" ? c.areas : c.moves;
      this.map.highlightSpaces(spaces);
      this.tokens.setSelectable(new Set([this.selected]), "chosen");
    }
    this.renderStatus();
    this.renderNow();
    this.renderStory();
  }

  renderStatus() {
    const v = this.view;
    const aw = v.awoken || {};
    const carried = (v.characters || []).reduce((n, ch) => n + (ch.carried || []).length, 0);
    const tracks = (aw.scenarios || []).map((sc) => `${sc.ancient_name}'s track ${sc.track.position}/${sc.track.length}`).join(" · ");
    const phase = v.outcome ? "Game over" : v.turn.phase === "ancients" ? "The Ancients' turn" : "The players' turn";
    this.root.querySelector("[data-role=status]").textContent = `Round ${v.turn.round} · ${phase} · crystals ${carried} · ${tracks}`;
  }

  renderStory() {
    const list = this.root.querySelector("[data-role=story]");
    clear(list);
    if (!this.story.length) list.append(h("li", { class: "c-muted" }, "Nothing yet."));
    for (const line of this.story) list.append(h("li", { class: `c-step ${line.kind}${line.latest ? " c-new" : ""}` }, line.text));
  }

  renderNow() {
    const now = this.root.querySelector("[data-role=now]");
    clear(now);
    const v = this.view;
    if (v.outcome) {
      const won = v.outcome.result === "won";
      now.append(h("h2", { "data-role": "outcome", class: won ? "c-won" : "c-lost" }, won ? "The players win!" : "The Ancients win."));
      return;
    }
    if (v.prompt) return this.renderQuestion(now, v.prompt);
    if (this.mode === "fix") return this.renderFix(now);
    const interrupting = v.turn.phase === "ancients" && v.turn.actor;
    now.append(h("h2", {}, interrupting ? `${this.names.seatCap(v.turn.actor)} interrupts: what do they do?` : "Your turn at the table: what did you do?"));
    const c = this.selected && this.choices[this.selected];
    if (c) this.renderCharacter(now, this.selected, c);
    else this.renderCharacters(now);
    const tools = h("div", { class: "c-row" });
    tools.append(button(interrupting ? "Done interrupting" : "End the players' turn", () => this.send({ do: "end_turn" }), { role: "end-turn", kind: "primary" }));
    tools.append(button("Fix the board", () => { this.mode = "fix"; this.selected = null; this.render(); }, { role: "fix" }));
    now.append(tools);
  }

  renderCharacters(now) {
    if (this.view.turn.round === 1 && !this.story.length) {
      now.append(h("p", { class: "c-hint c-setup", "data-role": "setup" }, "First set up the table as the map shows: the site has drawn the map cards. A figure you placed elsewhere: \u201cFix the board\u201d."));
    }
    now.append(h("p", { class: "c-hint" }, "Tap a character (on the map or below) to say what it did."));
    const list = h("div", { class: "c-list" });
    for (const [id, c] of Object.entries(this.choices)) {
      const ch = this.names.character(id);
      list.append(button(`${ch ? ch.name : id} · space ${c.space} · ${ch ? ch.health - ch.damage : "?"} health`, () => { this.selected = id; this.render(); }, { role: "character", testid: id }));
    }
    now.append(list);
  }

  renderCharacter(now, id, c) {
    const name = this.names.figure(id);
    now.append(h("p", { class: "c-hint" }, this.mode === "fly" ? `Where did ${name} fly to? Tap a lit space.` : this.mode === "area" ? `Which space did ${name}'s area attack hit?` : `${name} is on ${c.space}. Tap a lit space to move there, or choose:`));
    const list = h("div", { class: "c-list" });
    const spaces = this.mode === "fly" ? c.flights : this.mode === "area" ? c.areas : c.moves;
    const verb = this.mode === "fly" ? "Fly to" : this.mode === "area" ? "Area attack on" : "Move to";
    const act = this.mode === "fly" ? "fly" : this.mode === "area" ? "area" : "move";
    for (const n of spaces) {
      const cmd = act === "area" ? { do: "area", character: id, space: n, cards: [] } : { do: act, character: id, to: n, cards: [] };
      list.append(button(`${verb} ${n}`, () => this.send(cmd), { role: act, testid: `${act}-${n}` }));
    }
    if (!this.mode) {
      for (const a of c.attacks) {
        list.append(button(`${ATTACK_LABEL[a.attack]}: ${this.names.figure(a.target)}${a.own ? "" : " (open action)"}`, () => this.send({ do: a.attack, character: id, target: a.target, cards: [] }), { role: "attack", testid: `${a.attack}-${a.target}`, kind: a.own ? "" : "quiet" }));
      }
      for (const o of c.reveal) list.append(button("Turn over the object here", () => this.send({ do: "reveal_object", character: id, object: o }), { role: "reveal", testid: o }));
      for (const o of c.claim) list.append(button("Claim the crystal here", () => this.send({ do: "claim", character: id, object: o, cards: [] }), { role: "claim", testid: o }));
      for (const t of c.treasures) list.append(button(`Use ${this.names.treasure(t)}`, () => this.send({ do: "use_treasure", character: id, treasure: t }), { role: "treasure", testid: t }));
      if (c.flights.length) list.append(button("It flew…", () => { this.mode = "fly"; this.render(); }, { role: "fly-mode", kind: "quiet" }));
      if (c.areas.length) list.append(button("Area attack…", () => { this.mode = "area"; this.render(); }, { role: "area-mode", kind: "quiet" }));
    }
    list.append(button("Back", () => { this.selected = null; this.mode = null; this.render(); }, { role: "back", kind: "quiet" }));
    now.append(list);
  }

  renderQuestion(now, prompt) {
    const who = this.names.seatCap(prompt.to);
    const ask = (text) => now.append(h("h2", { "data-role": "question", "data-kind": prompt.kind }, text));
    const row = h("div", { class: "c-list" });
    if (prompt.kind === "defend") {
      const attack = ATTACK_WORDS[prompt.attack] || "an attack";
      ask(`${this.names.figure(prompt.attacker)} makes ${attack} on ${this.names.figure(prompt.character)}.`);
      const damage = DAMAGE[prompt.attack] || 1;
      now.append(h("p", { class: "c-hint" }, `Does ${this.names.figure(prompt.character)} defend (${who} plays a card with ${(prompt.defences || []).join(" or ")})? If not: ${damage} damage.`));
      row.append(button("Defend: we play the card", () => this.send({ respond: "defend", character: prompt.character, cards: [] }), { role: "defend", kind: "primary" }));
      row.append(button("Take the hit", () => this.send({ respond: "pass" }), { role: "pass" }));
    } else if (prompt.kind === "interrupt_window") {
      ask(revealedCardWords(prompt, this.names) || "The Ancients reveal a card.");
      now.append(h("p", { class: "c-hint" }, `${who}: interrupt with a wild card before it resolves?`));
      row.append(button("Let it happen", () => this.send({ respond: "pass" }), { role: "pass", kind: "primary" }));
      row.append(button("Interrupt (wild card)", () => this.send({ do: "interrupt", cards: [] }), { role: "interrupt" }));
    } else if (prompt.kind === "choose") {
      const why = prompt.reason === "minion_order" ? `Several minions share space ${prompt.space}: which acts first?`
        : prompt.reason === "target" ? `Which of ${who}'s characters is hit?` : `${who} chooses:`;
      ask(why);
      for (const option of prompt.options || []) {
        row.append(button(this.names.figure(option), () => this.send({ respond: "choose", figure: option }), { role: "choose", testid: option }));
      }
    } else {
      ask(`${who} is asked: ${String(prompt.kind).replace(/_/g, " ")}.`);
      row.append(button("Pass", () => this.send({ respond: "pass" }), { role: "pass" }));
    }
    now.append(row);
  }

  renderFix(now) {
    now.append(h("h2", {}, "Fix the board"));
    const figures = [...(this.view.characters || []), ...(this.view.monsters || [])]
      .filter((f) => f.space !== null && f.space !== undefined && !f.knocked_out);
    if (!this.fixing) {
      now.append(h("p", { class: "c-hint" }, "Which figure is not where the site shows it, or has other damage? Tap it."));
      const list = h("div", { class: "c-list" });
      for (const f of figures) list.append(button(`${this.names.figure(f.id)} · space ${f.space} · damage ${f.damage}`, () => { this.fixing = f.id; this.render(); }, { role: "fix-figure", testid: f.id }));
      list.append(button("Back", () => { this.mode = null; this.render(); }, { role: "back", kind: "quiet" }));
      now.append(list);
      return;
    }
    const f = figures.find((x) => x.id === this.fixing);
    now.append(h("p", { class: "c-hint" }, `${this.names.figure(f.id)}: set where it stands (or tap the space on the map) and its damage.`));
    const spaceSel = h("select", { "data-role": "fix-space", "aria-label": "Space", class: "c-select" });
    for (const s of [...this.map.spaces.keys()].sort((a, b) => a - b)) spaceSel.append(h("option", { value: String(s) }, `Space ${s}`));
    spaceSel.value = String(f.space);
    const damageSel = h("select", { "data-role": "fix-damage", "aria-label": "Damage", class: "c-select" });
    for (let d = 0; d < f.health; d++) damageSel.append(h("option", { value: String(d) }, `${d} damage`));
    damageSel.value = String(f.damage);
    now.append(h("label", { class: "c-field" }, "Space ", spaceSel), h("label", { class: "c-field" }, "Damage ", damageSel));
    // a character's crystals: fewer drops them face up on its space; more picks up the
    // face-up crystals lying there (the server says so if there are not enough)
    const carried = f.carried ? f.carried.length : null;
    let crystalSel = null;
    if (carried !== null) {
      const lying = this.objects().filter((o) => o.kind === "crystal" && o.revealed && !o.removed && o.space === f.space).length;
      crystalSel = h("select", { "data-role": "fix-crystals", "aria-label": "Crystals carried", class: "c-select" });
      for (let k = 0; k <= carried + lying; k++) crystalSel.append(h("option", { value: String(k) }, `${k} crystal${k === 1 ? "" : "s"} carried`));
      crystalSel.value = String(carried);
      now.append(h("label", { class: "c-field" }, "Crystals ", crystalSel));
    }
    const row = h("div", { class: "c-list" });
    row.append(button("Save the correction", () => {
      const cmd = { do: "correct", figure: f.id };
      if (Number(spaceSel.value) !== f.space) cmd.space = Number(spaceSel.value);
      if (Number(damageSel.value) !== f.damage) cmd.damage = Number(damageSel.value);
      if (crystalSel && Number(crystalSel.value) !== carried) cmd.crystals = Number(crystalSel.value);
      this.send(cmd);
    }, { role: "fix-save", kind: "primary" }));
    row.append(button("Back", () => { this.fixing = null; this.render(); }, { role: "back", kind: "quiet" }));
    now.append(row);
  }
}

const root = document.getElementById("companion-app");
if (root) {
  const initial = JSON.parse(document.getElementById("initial-state").textContent);
  window.companion = new Companion(root, initial);
}

export { Companion };
