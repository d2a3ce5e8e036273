// Questions the rules ask a person mid-resolution (defend? which target? interrupt?),
// shown as a modal with clear choices; everyone else sees who is being waited on. A treasure
// the legal list offers meanwhile (one usable at any moment) is offered in the modal too,
// since the modal keeps the panel's "use" buttons out of reach.
import { clear, h } from "../shell/dom.js";
import { cardElement, shortName } from "./hand.js";
import { icon, FLAG_WORDS } from "./icons.js";
import { promptWords, revealedCardWords, titleCase } from "./words.js";
import { keepHandKey, wrathPromptBody } from "./wrath.js";
import { assignCommand, cardsFor, chooseCommand, defendCards, mapRuleAnswers, setupNeeded } from "./prompt_choices.js";

/** Questions shown beside the board rather than over it. */
const DOCKED = new Set(["interrupt_window", "desperate_measures"]);

/** The turn an interrupt question belongs to ("don't ask me again this turn"). */
function turnKey(view) { return `${view.turn.round}|${view.turn.phase}|${view.turn.active || ""}`; }

/** Has this seat asked to keep its hand at every desperate measures of this game? */
function keepsHand(app) {
  try { return window.sessionStorage.getItem(keepHandKey(app)) === "1"; } catch (err) { return false; }
}

export class PromptDialog {
  constructor(app, dialog) {
    this.app = app;
    this.dialog = dialog;
    this.shownKey = null;
    dialog.addEventListener("cancel", (ev) => ev.preventDefault()); // an answer is required
  }

  /** Show the pending prompt if it is for this seat; close it otherwise. */
  sync() {
    const v = this.app.view;
    const p = v.prompt;
    const setup = this.setupNeeded();
    // a new legal list redraws it too: using a treasure leaves the same question pending
    const key = p && p.to === this.app.seat ? `${v.version}|${p.kind}|${JSON.stringify(this.treasureUses())}`
      : setup ? `setup|${v.version}` : null;
    if (!key) {
      this.close();
      return;
    }
    if (key === this.shownKey && this.dialog.open) return;
    if (!setup && this.answeredForYou(p, key)) return;
    this.shownKey = key;
    clear(this.dialog);
    if (setup) this.renderSetup();
    else this.renderPrompt(p);
    // a light question (interrupt? discard first?) docks beside the board, which stays in view
    const docked = !setup && DOCKED.has(p.kind);
    if (this.dialog.open && this.dialog.classList.contains("docked") !== docked) this.dialog.close();
    this.dialog.classList.toggle("docked", docked);
    if (!this.dialog.open) {
      try {
        if (docked) this.dialog.show();
        else this.dialog.showModal();
      } catch (err) { this.dialog.setAttribute("open", ""); }
    }
  }

  /** Answers a question this seat asked not to be asked again (interrupts for the rest of
   * this turn, desperate measures for this game): true when it did. */
  answeredForYou(p, key) {
    const quiet = (p.kind === "interrupt_window" && this.quietTurn === turnKey(this.app.view))
      || (p.kind === "desperate_measures" && keepsHand(this.app));
    if (!quiet) return false;
    if (this.autoKey !== key) {
      this.autoKey = key;
      this.close();
      this.app.sendCommand({ respond: "pass" }, p.kind === "interrupt_window" ? "Pass (not asked again this turn)" : "Keep the hand");
    }
    return true;
  }

  /** Pass, and pass every interrupt question of this turn without asking. */
  passForTheTurn() {
    this.quietTurn = turnKey(this.app.view);
    this.answer({ respond: "pass" });
  }

  close() {
    this.shownKey = null;
    if (this.dialog.open) this.dialog.close();
  }

  answer(command) {
    this.close();
    this.app.sendCommand(command, null);
  }

  cardsFor(predicate) { return cardsFor(this.app.view, this.app.seat, predicate); }

  /** The `use_treasure` commands the legal list offers now, exactly as listed. */
  treasureUses() {
    return (this.app.legal || []).filter((c) => c.do === "use_treasure");
  }

  /**
   * Buttons for the treasures usable while the question waits (a card usable at any
   * moment), named by the treasure and what its card says. A use answers nothing: the
   * dialog stays open (that button disabled, so a double click sends one command) and is
   * drawn again with the question and the new legal list when the update arrives.
   */
  treasureActions() {
    const uses = this.treasureUses();
    if (!uses.length) return null;
    const app = this.app;
    const names = app.names;
    const held = app.awokenPart().treasures_held || {};
    return h("div.prompt-treasures", {},
      h("p.prompt-hint", { text: "You may use a treasure now; the question stays open afterwards:" }),
      uses.map((cmd) => {
        const def = held[cmd.treasure] || {};
        const holder = names.character(cmd.character);
        const parts = [`Use ${names.treasure(cmd.treasure)}`];
        if (cmd.character) parts.push(`(${holder ? shortName(holder.name) : names.figure(cmd.character)})`);
        if (cmd.target) parts.push(`on ${names.figure(cmd.target)}`);
        if (typeof cmd.space === "number") parts.push(`at ${cmd.space}`);
        if (typeof cmd.to === "number") parts.push(`to ${cmd.to}`);
        const label = parts.join(" ");
        const text = def.text ? `${label}: ${def.text.charAt(0).toLowerCase()}${def.text.slice(1)}` : label;
        const button = h("button.btn.treasure-use", {
          type: "button",
          dataset: { treasure: cmd.treasure, character: cmd.character || "" },
          onclick: () => {
            button.disabled = true;
            app.sendCommand(cmd, label);
          },
          text,
        });
        return button;
      }));
  }

  renderPrompt(p) {
    const app = this.app;
    const names = app.names;
    const cardOpts = (cards, onPick) => h("div.prompt-cards", {},
      cards.map((card) => cardElement(card, { characters: app.charactersById(), colourFor: app.colourFor, small: true, eligible: true, onPick })));
    const head = (title, kindIcon) => h("header.prompt-head", {}, kindIcon ? icon(kindIcon) : null, h("h2", { text: title }));
    const body = [];
    const wrath = wrathPromptBody(p, app, (command) => this.answer(command));
    switch (wrath ? "wrath" : p.kind) {
      case "wrath":
        body.push(...wrath);
        break;
      case "defend": {
        const flags = p.defences || [];
        const cards = defendCards(p, app.view, app.seat, app.legal);
        const target = names.character(p.character);
        body.push(head(`Defend ${target ? shortName(target.name) : p.character}?`, "shield"),
          h("p.prompt-text", { text: promptWords(p, names) }));
        if (cards.length) {
          body.push(h("p.prompt-hint", { text: `Play a card with ${flags.map((f) => FLAG_WORDS[f] || f).join(" or ")} for ${target ? shortName(target.name) : p.character} to stop the damage:` }));
          body.push(cardOpts(cards, (id) => this.answer({ respond: "defend", character: p.character, cards: [id] })));
        } else {
          body.push(h("p.prompt-hint", { text: `None of your cards gives ${flags.map((f) => FLAG_WORDS[f] || f).join(" or ")} to this character.` }));
        }
        body.push(h("div.prompt-actions", {}, h("button.btn.danger", { type: "button", onclick: () => this.answer({ respond: "pass" }), text: "Take the hit" })));
        break;
      }
      case "choose": {
        const title = { target: "Choose the target", crystals: "Who takes the crystals?", minion_order: "Which minion acts first?" }[p.reason] || "Make a choice";
        body.push(head(title, p.reason === "crystals" ? "claim" : "melee"), h("p.prompt-text", { text: promptWords(p, names) }));
        const opts = p.options || [];
        body.push(h("div.prompt-choices", {}, opts.map((opt) => h("button.btn.choice", {
          type: "button",
          onclick: () => this.answer(chooseCommand(opt, names)),
          onmouseenter: () => app.tokens.setSelectable(new Set([opt]), "chosen"),
          onmouseleave: () => app.tokens.setSelectable(new Set(), "chosen"),
        }, typeof opt === "number" ? `Space ${opt}` : names.figure(opt)))));
        if (p.can_pass) body.push(h("div.prompt-actions", {}, h("button.btn", { type: "button", onclick: () => this.answer({ respond: "pass" }), text: "Pass" })));
        break;
      }
      case "interrupt_window": {
        body.push(head("Interrupt?", "interrupt"), h("p.prompt-text", { text: promptWords(p, names) }));
        if (p.card) body.push(h("p.prompt-hint.revealed-card", { text: revealedCardWords(p, names) }));
        const wilds = this.cardsFor((c) => c.wild);
        if (wilds.length) {
          body.push(h("p.prompt-hint", { text: "Play a wild card to take a turn of your own now:" }));
          body.push(cardOpts(wilds, (id) => this.answer({ do: "interrupt", cards: [id] })));
        }
        body.push(h("div.prompt-actions", {},
          h("button.btn", { type: "button", onclick: () => this.answer({ respond: "pass" }), text: "Pass" }),
          h("button.btn.ghost.quiet-turn", { type: "button", dataset: { role: "quiet-turn" }, onclick: () => this.passForTheTurn(), title: "Pass now, and at every interrupt question for the rest of this turn", text: "No, and don't ask me again this turn" })));
        break;
      }
      case "push":
      case "belt": {
        // a map rule's question (slippery surface, conveyor belts): each answer the rules
        // allow, as listed; declining is always one of them
        body.push(head(p.kind === "push" ? "Push someone?" : "Run a conveyor belt?"), h("p.prompt-text", { text: promptWords(p, names) }));
        const answers = mapRuleAnswers(p);
        body.push(h("div.prompt-choices", {}, answers.map((cmd) => h("button.btn.choice", {
          type: "button", onclick: () => this.answer(cmd),
        }, cmd.belt ? `Run the ${cmd.belt} belt` : `Push ${names.figure(cmd.character)} to ${cmd.space}`))));
        body.push(h("div.prompt-actions", {}, h("button.btn", { type: "button", onclick: () => this.answer({ respond: "pass" }), text: p.kind === "push" ? "Push nobody" : "Leave the belts" })));
        break;
      }
      default: {
        body.push(head(titleCase(p.kind)), h("p.prompt-text", { text: promptWords(p, names) }));
        const opts = p.options || [];
        if (opts.length) {
          body.push(h("div.prompt-choices", {}, opts.map((opt) => h("button.btn.choice", {
            type: "button", onclick: () => this.answer(chooseCommand(opt, names)),
          }, typeof opt === "number" ? `Space ${opt}` : names.figure(opt)))));
        }
        body.push(h("div.prompt-actions", {}, h("button.btn", { type: "button", onclick: () => this.answer({ respond: "pass" }), text: "Pass" })));
      }
    }
    // the treasures go before the answers that close the question ("Take the hit", "Pass")
    const last = body[body.length - 1];
    const closing = last && last.classList.contains("prompt-actions") ? body.pop() : null;
    body.push(this.treasureActions(), closing);
    this.dialog.append(h("div.prompt", { dataset: { kind: p.kind } }, ...body));
  }

  // ---- skirmish setup: secretly assign a dealt map card to each character
  setupNeeded() { return setupNeeded(this.app.view, this.app.seat); }

  renderSetup() {
    const v = this.app.view;
    const me = v.players.find((p) => p.id === this.app.seat);
    const mine = v.characters.filter((c) => c.player === this.app.seat);
    const cards = [...me.map_cards];
    const selects = new Map();
    const rows = mine.map((c, i) => {
      const select = h("select", { "aria-label": `Map card for ${c.name}`, dataset: { character: c.id } },
        cards.map((n) => h("option", { value: n, text: `Space ${n}` })));
      select.value = String(cards[i % cards.length]);
      selects.set(c.id, select);
      return h("label.assign-row", {}, h("span.face", { style: `--face:${this.app.colourFor(c.player)}`, text: c.name.split(/\s+/).map((w) => w[0]).join("").slice(0, 2) }), h("span", { text: c.name }), select);
    });
    const error = h("p.prompt-error", { role: "alert" });
    const shuffle = () => {
      const pool = [...cards];
      for (let i = pool.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [pool[i], pool[j]] = [pool[j], pool[i]];
      }
      mine.forEach((c, i) => { selects.get(c.id).value = String(pool[i]); });
    };
    const confirm = () => {
      const spaces = {};
      for (const [id, sel] of selects) spaces[id] = Number(sel.value);
      const made = assignCommand(spaces, mine.length);
      if (made.error) {
        error.textContent = made.error;
        return;
      }
      this.answer(made.command);
    };
    this.dialog.append(h("div.prompt", { dataset: { kind: "assign" } },
      h("header.prompt-head", {}, icon("reveal"), h("h2", { text: "Place your characters in secret" })),
      h("p.prompt-text", { text: `You were dealt ${cards.length} map cards. Give each character one: it stays hidden until you reveal it. The cards you do not use become your rival's shard spaces.` }),
      h("div.assign-rows", {}, rows),
      error,
      h("div.prompt-actions", {},
        h("button.btn", { type: "button", onclick: shuffle, text: "Deal at random" }),
        h("button.btn.primary", { type: "button", onclick: confirm, text: "Confirm" }))));
  }
}
