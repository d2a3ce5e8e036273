// The play flow: pick a card, pick what to do with it, pick the character and the target.
// Choices come from the `legal` list the server sends when it has one (filtered by what
// has been chosen so far); without it the board's geometry gives a good guess and the
// server's answer explains any refusal.
import { FLAG_WORDS } from "./icons.js";
import { shortName } from "./hand.js";
import { competitive, isWar, sameTeam, teamShards } from "./war.js";
import { ancientsClaimSpaces } from "./wrath.js";

const ATTACKS = new Set(["melee", "heavy_melee", "ranged", "heavy_ranged", "area"]);
const DEFENCE_ONLY = new Set(["shield", "cover"]);
const STAY = "stay";
// listed commands that alone do not make it your move: an interrupt, the secret assignment, a treasure usable at any moment
const NOT_A_TURN = new Set(["interrupt", "assign", "use_treasure"]);
const UNLISTED_OK = new Set(["claim", "reveal_object", "use_treasure"]);
// actions this flow builds itself; anything else the server lists is offered as listed
const KNOWN = new Set(["move", "fly", "rally", "claim", "draw_two", "interrupt", "reveal", "reveal_object",
  "end_turn", "assign", "use_treasure", ...ATTACKS]);

export class PlayFlow {
  constructor(app) {
    this.app = app;
    this.draft = null;
    this.step = null;
    this.options = null;
  }

  // ---------------------------------------------------------------- reading the view
  get view() { return this.app.view; }
  get seat() { return this.app.seat; }
  me() { return (this.view.players || []).find((p) => p.id === this.seat) || null; }
  hand() { return (this.me() && this.me().hand) || []; }
  card(id) { return this.hand().find((c) => c.id === id); }
  character(id) { return (this.view.characters || []).find((c) => c.id === id); }
  onBoard(f) { return f && f.space !== null && f.space !== undefined && !f.knocked_out; }
  mine(c) { return c.player === this.seat; }
  myCharacters() { return (this.view.characters || []).filter((c) => this.mine(c) && this.onBoard(c)); }
  name(id) { const c = this.character(id); return c ? shortName(c.name) : this.app.names.figure(id); }
  awoken() { return !competitive(this.view); }

  figuresIn(space) {
    const chars = (this.view.characters || []).filter((c) => this.onBoard(c) && c.space === space);
    const monsters = (this.view.monsters || []).filter((m) => this.onBoard(m) && m.space === space);
    return [...chars, ...monsters];
  }

  isEnemy(f) {
    if (f.kind === "minion" || f.kind === "ancient") return true;
    if (this.awoken()) return false;
    if (isWar(this.view)) return !sameTeam(this.view, this.seat, f.player);
    return f.player !== this.seat;
  }

  enemies() {
    const monsters = (this.view.monsters || []).filter((m) => this.onBoard(m));
    const chars = (this.view.characters || []).filter((c) => this.onBoard(c) && this.isEnemy(c));
    return [...chars, ...monsters];
  }

  claimSpaces() {
    const guarded = ancientsClaimSpaces(this.view, this.seat); // The Wrath (and a five-player war): any colour
    if (guarded) return guarded;
    if (isWar(this.view)) return teamShards(this.view, this.seat);
    if (!this.awoken()) return new Set((this.me() && this.me().shards) || []);
    return new Set(this.app.objects().filter((o) => o.revealed && (o.kind === "crystal" || o.kind === "ancient_crystal")).map((o) => o.space));
  }

  /** May this seat play cards now (outside of prompts)? */
  canAct() {
    const v = this.view;
    if (!this.seat || v.outcome) return false;
    if (this.app.legal) return this.app.legal.some((c) => c.do && !NOT_A_TURN.has(c.do));
    if (v.prompt) return false;
    if (v.turn.phase !== "play") return false;
    if (v.mode === "skirmish") return v.turn.actor === this.seat;
    return true;
  }

  canInterrupt() {
    const v = this.view;
    if (!this.seat || v.outcome) return false;
    if (this.app.legal) return this.app.legal.some((c) => c.do === "interrupt");
    if (v.prompt) return v.prompt.kind === "interrupt_window" && v.prompt.to === this.seat;
    if (!competitive(v) || isWar(v)) return false;
    const t = v.turn;
    return t.phase === "play" && t.actor !== this.seat && t.active !== this.seat && !t.interrupters.includes(this.seat) && t.can_interrupt;
  }

  // ---------------------------------------------------------------- the legal list
  legalMatching(draft, extra = {}) {
    const legal = this.app.legal;
    if (!legal) return null;
    const d = { ...draft, ...extra };
    // The Awoken's own actions come from a mode hook a server may not have loaded: when the
    // list says nothing at all about one of them, fall back to the board (the server judges).
    if (UNLISTED_OK.has(d.do) && !legal.some((cmd) => cmd.do === d.do)) return null;
    return legal.filter((cmd) => {
      if (cmd.do !== d.do) return false;
      if (d.character && cmd.character !== d.character) return false;
      if (d.cards && d.cards.length && !d.cards.every((c) => (cmd.cards || []).includes(c))) return false;
      for (const key of ["target", "space", "with", "object", "discard", "treasure"]) {
        if (d[key] !== undefined && d[key] !== null && cmd[key] !== d[key]) return false;
      }
      if (d.to !== undefined && d.to !== null && typeof d.to !== "object" && cmd.to !== d.to) return false;
      if (d.rally) {
        for (const [who, where] of Object.entries(d.rally)) {
          const to = cmd.to || {};
          if (where === STAY ? who in to : to[who] !== where) return false;
        }
      }
      return true;
    });
  }

  // ---------------------------------------------------------------- options of a card
  optionsFor(card) {
    const opts = [];
    const mineOnBoard = this.myCharacters();
    const mineIds = new Set(mineOnBoard.map((c) => c.id));
    if (card.wild) {
      if (this.canAct()) {
        opts.push({ action: "move", label: "Wild move", icon: "move", character: null, wild: true });
        opts.push({ action: "draw_two", label: "Draw two", icon: "draw_two" });
      }
      if (this.canInterrupt()) opts.push({ action: "interrupt", label: "Interrupt", icon: "interrupt" });
    } else if (this.canAct()) {
      for (const [cid, flag] of Object.entries(card.icons || {})) {
        if (!mineIds.has(cid)) continue;
        opts.push({ action: "move", character: cid, label: `Move ${this.name(cid)}`, icon: "move" });
        if (flag && !DEFENCE_ONLY.has(flag)) {
          opts.push({ action: flag, character: cid, label: `${this.name(cid)}: ${FLAG_WORDS[flag]}`, icon: flag });
        }
      }
      if (card.open && !DEFENCE_ONLY.has(card.open) && mineOnBoard.length) {
        opts.push({ action: card.open, character: null, label: `Open action: ${FLAG_WORDS[card.open]}`, icon: card.open, open: true });
      }
      const spaces = this.claimSpaces();
      if (mineOnBoard.some((c) => spaces.has(c.space))) {
        opts.push({ action: "claim", character: null, label: this.awoken() ? "Claim a crystal (3 cards)" : "Claim a shard (3 cards)", icon: "claim" });
      }
    }
    if (this.app.legal) {
      // Keep only options the server says can lead somewhere; add actions this page does not know.
      const kept = opts.filter((o) => {
        const found = this.legalMatching({ do: o.action, cards: [card.id], character: o.character });
        return found === null || found.length > 0;
      });
      const known = new Set(kept.map((o) => `${o.action}|${o.character || ""}`));
      for (const cmd of this.app.legal) {
        if (!cmd.do || KNOWN.has(cmd.do) || !(cmd.cards || []).includes(card.id)) continue;
        if (known.has(`${cmd.do}|${cmd.character || ""}`) || known.has(`${cmd.do}|`)) continue;
        known.add(`${cmd.do}|${cmd.character || ""}`);
        kept.push({ action: cmd.do, character: cmd.character || null, label: `${cmd.character ? this.name(cmd.character) + ": " : ""}${FLAG_WORDS[cmd.do] || cmd.do.replace(/_/g, " ")}`, icon: cmd.do });
      }
      return kept;
    }
    return opts;
  }

  // ---------------------------------------------------------------- user input
  reset(message = null) {
    this.draft = null;
    this.step = null;
    this.options = null;
    this.selectedCard = null;
    this.app.renderInteraction(message);
  }

  /**
   * After a new view (often the partner's move): keep the half-made play (a card picked, an
   * option chosen, a target awaited) when the new view still allows it, with its choices
   * worked out again from the new legal list. Dropped only when its cards left the hand,
   * this seat may no longer act, or nothing is left to choose for it.
   */
  refresh() {
    const hand = new Set(this.hand().map((c) => c.id));
    const d = this.draft;
    const used = [...(d ? d.cards : []), d && d.discard, this.selectedCard].filter(Boolean);
    if (used.some((id) => !hand.has(id))) return this.reset();
    if (d && !this.canAct() && d.do !== "interrupt") return this.reset();
    if (this.options && this.selectedCard) {
      this.options = this.optionsFor(this.card(this.selectedCard));
      if (!this.options.length) this.reset("That card has nothing to do any more.");
      return;
    }
    if (!d || !this.step) return;
    const before = this.step;
    const answers = { ...d, cards: [...d.cards], rally: d.rally ? { ...d.rally } : undefined };
    this.holding = true; // working the step out again must not send anything by itself
    try {
      this.advance();
    } finally {
      this.holding = false;
    }
    if (this.held || !this.step) {
      // it would now complete without the player: keep the question they were answering
      this.held = null;
      this.draft = Object.assign(d, answers);
      this.step = before;
    } else if (this.step.kind !== "list" && !this.step.choices.size && before.choices.size) {
      this.reset("The board changed: nothing can be chosen for that play any more.");
    }
  }

  pickCard(cardId) {
    if (this.step && this.step.kind === "cards") {
      if (this.draft.cards.includes(cardId) || this.draft.discard === cardId) return;
      if (this.step.choices.has(cardId)) {
        this.step.choices.delete(cardId);
        if (this.step.onCard) this.draft.discard = cardId;
        else this.draft.cards.push(cardId);
        this.step.need -= 1;
        if (this.step.need <= 0) this.advance();
        else this.app.renderInteraction();
      } else if (!this.draft.cards.includes(cardId)) {
        this.app.toast(this.step.why || "That card cannot pay for this.");
      }
      return;
    }
    if (this.draft && this.draft.cards && this.draft.cards[0] === cardId) {
      this.reset();
      return;
    }
    const card = this.card(cardId);
    if (!card) return;
    this.draft = null;
    this.step = null;
    this.selectedCard = cardId;
    this.options = this.optionsFor(card);
    if (!this.options.length) {
      const why = !this.canAct() && !this.canInterrupt()
        ? this.app.waitingWords()
        : "This card has nothing to do right now (its characters are not on the board).";
      this.options = null;
      this.selectedCard = null;
      this.app.renderInteraction(why);
      return;
    }
    if (this.options.length === 1) {
      this.pickOption(0);
      return;
    }
    this.app.renderInteraction();
  }

  pickOption(index) {
    const opt = this.options[index];
    this.options = null;
    this.draft = { do: opt.action, cards: [this.selectedCard], character: opt.character || null, label: opt.label };
    this.advance();
  }

  /** Start from the board: reveal a face-down object with a character standing on it. */
  startRevealObject(objectId) {
    const obj = this.app.objects().find((o) => o.id === objectId);
    if (!obj || obj.revealed) return false;
    const here = this.myCharacters().filter((c) => c.space === obj.space);
    if (!here.length || !this.canAct()) return false;
    this.selectedCard = null;
    this.options = null;
    this.draft = { do: "reveal_object", object: obj.id, cards: [], character: here.length === 1 ? here[0].id : null, label: `Reveal the object on ${obj.space}` };
    this.advance();
    return true;
  }

  clickSpace(n) {
    if (!this.step) return false;
    if (this.step.kind === "space" && this.step.choices.has(n)) {
      this.step.apply(n);
      this.advance();
      return true;
    }
    if (this.step.kind === "space") this.app.toast(this.step.why || `Space ${n} is not a choice here.`);
    return false;
  }

  clickFigure(id) {
    if (!this.step) return false;
    if ((this.step.kind === "figure" || this.step.kind === "character") && this.step.choices.has(id)) {
      this.step.apply(id);
      this.advance();
      return true;
    }
    if (this.step.kind === "space") {
      // a token drawn in a space (a figure, an object counter, a crystal, a shard) covers
      // part of it: a click on the token is a click on the space where it is drawn
      const drawn = this.app.tokens.get(id);
      const f = this.character(id) || (this.view.monsters || []).find((m) => m.id === id);
      const space = drawn && typeof drawn.space === "number" ? drawn.space : f && f.space;
      if (this.step.choices.has(space)) return this.clickSpace(space);
    }
    this.app.toast(this.step.why || "That is not a choice here.");
    return false;
  }

  choose(value) {
    // buttons in the instruction bar ("stay", a listed choice)
    if (!this.step) return;
    this.step.apply(value);
    this.advance();
  }

  // ---------------------------------------------------------------- the steps
  ask(step) {
    this.step = step;
    this.app.renderInteraction();
  }

  advance() {
    const d = this.draft;
    this.step = null;
    if (!d) return;
    if (d.do === "draw_two" || d.do === "interrupt") return this.submit({ do: d.do, cards: d.cards });

    if (!d.character && d.do !== "use_treasure") {
      let candidates = this.myCharacters();
      if (d.do === "claim") {
        const spaces = this.claimSpaces();
        candidates = candidates.filter((c) => spaces.has(c.space));
      }
      if (d.do === "reveal_object") {
        const obj = this.app.objects().find((o) => o.id === d.object);
        candidates = candidates.filter((c) => obj && c.space === obj.space);
      }
      let ids = new Set(candidates.map((c) => c.id));
      const legal = this.legalMatching(d);
      if (legal) ids = new Set(legal.map((c) => c.character).filter(Boolean));
      if (ids.size === 1) {
        d.character = [...ids][0];
        return this.advance();
      }
      return this.ask({
        kind: "character", choices: ids,
        text: d.do === "claim" ? "Pick the character who claims." : `Pick the character for ${FLAG_WORDS[d.do] || d.do}.`,
        apply: (id) => { d.character = id; },
      });
    }
    const ch = this.character(d.character);
    const who = ch ? shortName(ch.name) : d.character;

    switch (d.do) {
      case "move":
      case "fly": {
        if (d.to === undefined || d.to === null) {
          const local = d.do === "fly" ? this.app.map.within(ch.space, 2) : this.app.map.neighbours(ch.space);
          return this.askSpace(d, "to", local, d.do === "fly" ? `Pick where ${who} flies (up to two spaces).` : `Pick the space ${who} moves to.`);
        }
        const needMore = this.needsMoreCards(d, () => (d.do === "move" && this.app.map.isClimb(ch.space, d.to) ? 2 : 1));
        if (needMore > 0) {
          return this.askCards(d, needMore, (c) => c.wild || d.character in (c.icons || {}),
            `Climbing onto high ground costs a second card: pick another card that moves ${who}.`);
        }
        return this.submit({ do: d.do, character: d.character, to: d.to, cards: d.cards });
      }
      case "melee":
      case "heavy_melee":
      case "ranged":
      case "heavy_ranged": {
        if (!d.target) {
          const heavy = d.do === "heavy_ranged";
          const local = this.enemies().filter((f) => (d.do.endsWith("melee")
            ? f.space === ch.space
            : this.app.map.sees(ch.space, f.space, { heavy }))).map((f) => f.id);
          return this.askFigure(d, "target", local, `Pick the target of ${who}'s ${FLAG_WORDS[d.do]} attack.`);
        }
        return this.submit({ do: d.do, character: d.character, target: d.target, cards: d.cards });
      }
      case "area": {
        if (d.space === undefined || d.space === null) {
          const local = [ch.space, ...this.app.map.neighbours(ch.space)].filter((n) => this.figuresIn(n).length);
          return this.askSpace(d, "space", local, `Pick the space ${who} attacks (their own or a neighbouring one).`);
        }
        return this.submit({ do: "area", character: d.character, space: d.space, cards: d.cards });
      }
      case "rally":
        return this.rallyStep(d, ch, who);
      case "claim": {
        const needMore = this.needsMoreCards(d, () => 3);
        if (needMore > 0) {
          return this.askCards(d, needMore, (c) => c.wild || Object.keys(c.icons || {}).length > 0,
            `A claim takes three of a kind: pick ${needMore} more card${needMore > 1 ? "s" : ""} showing ${who} (wild cards count).`);
        }
        const cmd = { do: "claim", character: d.character, cards: d.cards };
        if (ancientsClaimSpaces(this.view, this.seat)) {
          const legal = this.legalMatching(d); // whose shard, when several colours lie there
          if (legal && legal.length && legal[0].object) cmd.object = legal[0].object;
        }
        if (this.awoken()) {
          const legal = this.legalMatching(d);
          const crystal = legal && legal.length ? legal[0].object
            : (this.app.objects().find((o) => o.revealed && o.space === ch.space && (o.kind === "crystal" || o.kind === "ancient_crystal")) || {}).id;
          if (crystal) cmd.object = crystal;
        }
        return this.submit(cmd);
      }
      case "reveal_object": {
        const twoPlayers = (this.view.players || []).length > 1;
        if (twoPlayers && !d.discard) {
          const here = new Set(this.figuresIn(ch.space).filter((f) => f.player).map((f) => f.id));
          let ids = new Set(this.hand().filter((c) => !c.wild && Object.keys(c.icons || {}).some((i) => here.has(i))).map((c) => c.id));
          const legal = this.legalMatching(d);
          if (legal) ids = new Set(legal.map((c) => c.discard).filter(Boolean));
          return this.ask({
            kind: "cards", need: 1, choices: ids,
            text: `With two players, revealing costs a card showing a character in space ${ch.space}: pick it.`,
            why: "Pick a card showing a character in that space.",
            apply: () => {},
            onCard: true,
          });
        }
        const cmd = { do: "reveal_object", character: d.character, object: d.object };
        if (d.discard) cmd.discard = d.discard;
        return this.submit(cmd);
      }
      default: {
        // anything else the server listed (treasures, new actions): offer its commands
        const legal = this.legalMatching(d) || [];
        if (legal.length === 1) return this.submit(strip(legal[0]));
        if (legal.length > 1) {
          return this.ask({
            kind: "list", choices: new Set(legal.map((_, i) => i)), list: legal.map((c, i) => ({ value: i, label: this.app.commandWords(c) })),
            text: "Pick one.", apply: (i) => { this.draft = null; this.submit(strip(legal[i])); },
          });
        }
        return this.submit(strip(d));
      }
    }
  }

  needsMoreCards(d, localTotal) {
    const legal = this.legalMatching(d);
    if (legal && legal.length) {
      const fewest = Math.min(...legal.map((c) => (c.cards || []).length));
      return fewest - d.cards.length;
    }
    return localTotal() - d.cards.length;
  }

  askSpace(d, field, local, text) {
    let choices = new Set(local);
    const legal = this.legalMatching(d);
    if (legal) choices = new Set(legal.map((c) => c[field]).filter((v) => typeof v === "number"));
    return this.ask({ kind: "space", choices, text, apply: (n) => { d[field] = n; } });
  }

  askFigure(d, field, local, text) {
    let choices = new Set(local);
    const legal = this.legalMatching(d);
    if (legal) choices = new Set(legal.map((c) => c[field]).filter(Boolean));
    return this.ask({
      kind: "figure", choices, text, apply: (id) => { d[field] = id; },
      why: choices.size ? "Pick one of the highlighted figures." : "No target is in reach for this action.",
    });
  }

  askCards(d, need, fits, text) {
    let ids = new Set(this.hand().filter((c) => !d.cards.includes(c.id) && fits(c)).map((c) => c.id));
    const legal = this.legalMatching(d);
    if (legal) ids = new Set(legal.flatMap((c) => c.cards || []).filter((id) => !d.cards.includes(id)));
    return this.ask({ kind: "cards", need, choices: ids, text, why: "That card cannot pay for this.", apply: () => {} });
  }

  rallyStep(d, ch, who) {
    d.rally = d.rally || {};
    if (!d.with) {
      const local = (this.view.characters || []).filter((c) => this.onBoard(c) && c.id !== ch.id
        && (this.awoken() || this.mine(c) || (isWar(this.view) && sameTeam(this.view, this.seat, c.player)))
        && (c.space === ch.space || this.app.map.neighbours(ch.space).includes(c.space))).map((c) => c.id);
      return this.askFigure(d, "with", local, `Pick the friend ${who} rallies (same or neighbouring space).`);
    }
    const friend = this.character(d.with);
    const fname = friend ? shortName(friend.name) : d.with;
    const choicesFor = (mover, space) => {
      let set = new Set([STAY, ...this.app.map.neighbours(space)]);
      const legal = this.legalMatching({ do: "rally", character: d.character, with: d.with, cards: d.cards, rally: d.rally });
      if (legal) {
        set = new Set();
        for (const cmd of legal) {
          const to = cmd.to || {};
          set.add(mover in to ? to[mover] : STAY);
        }
      }
      return set;
    };
    if (!(d.character in d.rally)) {
      return this.ask({
        kind: "space", choices: choicesFor(d.character, ch.space), allowStay: true,
        text: `Rally: pick where ${who} goes, or keep ${who} in place.`,
        apply: (n) => { d.rally[d.character] = n; },
      });
    }
    if (!(d.with in d.rally)) {
      const choices = choicesFor(d.with, friend.space);
      if (d.rally[d.character] === STAY) choices.delete(STAY);
      return this.ask({
        kind: "space", choices, allowStay: choices.has(STAY),
        text: `Rally: pick where ${fname} goes${choices.has(STAY) ? `, or keep ${fname} in place` : ""}.`,
        apply: (n) => { d.rally[d.with] = n; },
      });
    }
    const to = {};
    for (const [name, where] of Object.entries(d.rally)) if (where !== STAY) to[name] = where;
    const climbs = Object.entries(to).filter(([name, where]) => {
      const c = this.character(name);
      return c && this.app.map.isClimb(c.space, where);
    }).length;
    const needMore = this.needsMoreCards(d, () => 1 + climbs);
    if (needMore > 0) {
      return this.askCards(d, needMore, (c) => c.wild || Object.keys(c.icons || {}).some((i) => i in to),
        `Each climb in a rally costs one more card that moves the climber: pick ${needMore}.`);
    }
    return this.submit({ do: "rally", character: d.character, with: d.with, to, cards: d.cards });
  }

  submit(command) {
    if (this.holding) {
      this.held = command; // `refresh` asked: never send a play the player has not finished
      return;
    }
    const label = this.draft && this.draft.label;
    this.draft = null;
    this.step = null;
    this.options = null;
    this.selectedCard = null;
    this.app.sendCommand(command, label);
    this.app.renderInteraction();
  }

  /** What the instruction bar shows. */
  instruction() {
    if (this.options) return { text: "What should this card do?", options: this.options };
    if (this.step) return { text: this.step.text, step: this.step };
    return null;
  }

  /** Cards to mark as picked / pickable in the hand. */
  handMarks() {
    const selected = new Set(this.draft ? this.draft.cards : []);
    if (this.selectedCard) selected.add(this.selectedCard);
    if (this.draft && this.draft.discard) selected.add(this.draft.discard);
    const eligible = this.step && this.step.kind === "cards" ? this.step.choices : null;
    return { selected, eligible };
  }
}

function strip(cmd) {
  const out = {};
  for (const [k, v] of Object.entries(cmd)) {
    if (["label", "rally"].includes(k) || v === null || v === undefined) continue;
    if (k === "cards" && Array.isArray(v) && !v.length) continue;
    out[k] = v;
  }
  return out;
}

export { ATTACKS, STAY };
