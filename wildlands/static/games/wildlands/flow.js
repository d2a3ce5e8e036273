// The play flow: pick a card, pick what to do with it, pick the character and the target.
// Choices come from the `legal` list the server sends when it has one (filtered by what
// has been chosen so far); without it the board's geometry gives a good guess and the
// server's answer explains any refusal.
import { FLAG_WORDS } from "./icons.js";
import { shortName } from "./hand.js";
import { isCompetitive, isWar } from "./modes.js";
import { sameTeam, teamShards } from "./war.js";
import { ancientsClaimSpaces } from "./wrath.js";
import { DEFENCE_ONLY, KNOWN, legalMatching } from "./legal.js";
import { canAct, canInterrupt, REVEAL_FIRST, revealsFirst } from "./turns.js";
import { STEPS } from "./flow_steps.js";

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
  awoken() { return !isCompetitive(this.view); }

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
  canAct() { return canAct(this.view, this.seat, this.app.legal); }

  canInterrupt() { return canInterrupt(this.view, this.seat, this.app.legal); }

  /** The listed commands that fit a half-made play (legal.js), or null without a list. */
  legalMatching(draft, extra = {}) { return legalMatching(this.app.legal, draft, extra, { complete: isCompetitive(this.view) }); }

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
        const label = this.awoken() ? "Claim a crystal (3 cards)"
          : ancientsClaimSpaces(this.view, this.seat) ? "Claim a shard for a special action (3 cards)" : "Claim a shard (3 cards)";
        opts.push({ action: "claim", character: null, label, icon: "claim" });
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
      const why = !this.canAct() && !this.canInterrupt() ? this.app.waitingWords()
        : revealsFirst(this.app.view, this.app.seat, this.app.legal).length ? REVEAL_FIRST
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

Object.assign(PlayFlow.prototype, STEPS);
