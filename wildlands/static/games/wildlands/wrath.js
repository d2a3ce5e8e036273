// The Wrath of the Ancients on the board. A wrath game plays like a skirmish (turns, hands,
// shards, points, interrupts: modes.js answers alike for both); on top come the
// Ancients faction's carried shards and special actions on its character rows, the mode's
// goal, and its two questions: a special action's next choice (the server lists every
// allowed answer in the prompt) and desperate measures (discard before the end draw).
import { h } from "../shell/dom.js";
import { icon } from "./icons.js";
import { titleCase } from "./words.js";
import { cardElement } from "./hand.js";

/** The Ancients' seat claims shards of every colour: the spaces holding any other player's
 * shard, or null when `seat` is not the Ancients (or the game is not a wrath game). */
export function ancientsClaimSpaces(view, seat) {
  const w = view.wrath;
  if (!w || !seat || w.ancients !== seat) return null;
  return new Set((view.players || []).filter((p) => p.id !== seat).flatMap((p) => p.shards || []));
}

/** The goal panel of a wrath game; for the Ancients' seat, how shards buy special actions
 * and where each Ancient stands with it. */
export function wrathGoal(view, app = null) {
  const w = view.wrath || {};
  const need = w.knockouts_to_win || 5;
  const got = w.knockouts || 0;
  const mine = app && app.seat && app.seat === w.ancients;
  return h("section.panel.goal.wrath-goal", {},
    h("h3", { text: "The Wrath of the Ancients" }),
    h("p.goal-text", { text: `The Ancients have knocked out ${got} of the ${need} characters they need. Everyone else: first to ${(view.options && view.options.points_to_win) || 5} points; an Ancient knocked out is worth 2.` }),
    mine ? h("div.special-howto", { dataset: { role: "special-howto" } },
      h("p.goal-text", {}, h("b", { text: "Special actions: " }),
        "move an Ancient onto a shard of any colour, then play three cards showing that Ancient (wild cards count) to take the shard. "
        + "From your next turn the shard is ready: the Ancient's “special action” button in your roster spends it."),
      h("ul.special-notes", {}, specialNotes(view, app).map((text) => h("li", { text })))) : null);
}

/** One line per Ancient with something to say: a shard it may take now, one it cannot take
 * yet (and why, in words), a shard ready to spend. */
export function specialNotes(view, app) {
  const w = view.wrath || {};
  const spaces = ancientsClaimSpaces(view, app.seat) || new Set();
  const me = (view.players || []).find((p) => p.id === app.seat) || {};
  const legal = app.legal || [];
  const notes = [];
  for (const c of (view.characters || []).filter((x) => x.player === app.seat && !x.knocked_out && x.space !== null && x.space !== undefined)) {
    const name = app.names.figure(c.id);
    const ready = (w.carried || {})[c.id] || [];
    if (ready.some((s) => s.ready)) notes.push(`${name} carries a ready shard: its special action button spends it.`);
    if (!spaces.has(c.space)) continue;
    if (legal.some((cmd) => cmd.do === "claim" && cmd.character === c.id)) {
      notes.push(`${name} stands on a shard: pick a card showing ${name} and choose “Claim a shard”.`);
    } else {
      const have = (me.hand || []).filter((card) => card.wild || c.id in (card.icons || {})).length;
      notes.push(`${name} stands on a shard on ${c.space}, but taking it needs three cards showing ${name} (wild cards count): you hold ${have}.`);
    }
  }
  return notes;
}

/** A five-player war's note under the teams: who plays the Ancients, and what differs. */
export function ancientsInWar(view, names) {
  const w = view.wrath;
  if (!w) return null;
  return h("p.goal-text.ancients-in-war", { dataset: { role: "ancients-in-war" },
    text: `${names.seatCap(w.ancients)} ${names.verb(w.ancients, "play")} the Ancients: their claims take a shard of either team onto an Ancient for its special action and score nothing; each Ancient starts with a spare shard (usable from the turn after it is revealed, lost to the box if it falls); an Ancient knocked out is worth 2.` });
}

function shardTag(app, s) {
  if (s.start) {
    return h(`span.tag.shard.start${s.ready ? ".ready" : ""}`, {
      title: s.ready ? "a starting shard: may be spent for the special action; back to the box if this Ancient falls"
        : "a starting shard: usable from the turn after this Ancient is revealed",
      style: `--shard:${s.colour || "white"}`,
    }, icon("claim"), s.ready ? "starting shard" : "starting shard (not yet)");
  }
  return h(`span.tag.shard${s.ready ? ".ready" : ""}`, {
    title: s.ready ? "a claimed shard: may be spent for the special action" : "claimed this turn: usable from the Ancients' next turn",
    style: `--shard:${app.colourFor(s.owner)}`,
  }, icon("claim"), s.ready ? "shard" : "shard (next turn)");
}

/** Tags for the shards an Ancient carries, and its special action when the server offers it. */
export function carriedShards(app, c) {
  const carried = ((app.view.wrath || {}).carried || {})[c.id] || [];
  const tags = carried.map((s) => shardTag(app, s));
  const offered = (app.legal || []).some((cmd) => cmd.do === "special" && cmd.character === c.id);
  if (offered) {
    const special = titleCase(c.id.split("_").pop());
    tags.push(h("button.mini.special-action", {
      type: "button", dataset: { character: c.id },
      onclick: () => app.sendCommand({ do: "special", character: c.id }, `${special}: special action`),
      text: "special action",
    }));
  }
  return tags;
}

const STEP_TITLES = {
  character: "Choose a character to move", space: "Choose the space they go to",
  damage: "How much damage does the Automaton take?", attack: "Choose an attack",
  move: "Move?", melee: "Melee?", heavy_melee: "Heavy melee?", order: "Which Ancient acts next?",
};

/** One allowed answer of a special action's step in words, for its button. */
export function answerLabel(cmd, p, names) {
  if (cmd.respond === "pass") return p.step === "damage" ? "Take none" : "Pass";
  if (typeof cmd.amount === "number") return `Take ${cmd.amount} damage: ${cmd.amount} attack${cmd.amount === 1 ? "" : "s"}`;
  if (typeof cmd.space === "number") return `Space ${cmd.space}`;
  if (cmd.attack) return `${cmd.attack === "heavy_ranged" ? "Heavy ranged" : "Ranged"} attack on ${names.figure(cmd.target)}`;
  if (cmd.target) return `${p.step === "heavy_melee" ? "Heavy melee" : "Melee"} on ${names.figure(cmd.target)}`;
  if (cmd.character) return names.figure(cmd.character);
  return JSON.stringify(cmd);
}

/** The body of a wrath prompt, or null for any other kind. `answer(command)` sends it. */
export function wrathPromptBody(p, app, answer) {
  const names = app.names;
  if (p.kind === "special") {
    const who = p.figure ? `${names.figure(p.figure)} (the Tyrant's command)` : names.figure(p.ancient);
    return [
      h("header.prompt-head", {}, icon("claim"), h("h2", { text: `${titleCase(p.special)}: ${STEP_TITLES[p.step] || titleCase(p.step)}` })),
      h("p.prompt-text", { text: `${who}'s special action goes on. Other players wait until it is over.` }),
      h("div.prompt-choices", {}, (p.answers || []).map((cmd) => h(`button.btn.choice${cmd.respond === "pass" ? ".pass" : ""}`, {
        type: "button", onclick: () => answer(cmd),
      }, answerLabel(cmd, p, names)))),
    ];
  }
  if (p.kind === "desperate_measures") return desperateMeasures(app, answer);
  return null;
}

/** Desperate measures, as one skippable choice: the hand laid out card by card (a tap
 * marks a card to throw away), "Keep my hand" first, and a box to stop being asked. */
function desperateMeasures(app, answer) {
  const me = (app.view.players || []).find((pl) => pl.id === app.seat) || {};
  const chosen = new Set();
  const discard = h("button.btn", { type: "button", disabled: true, dataset: { role: "discard-picked" }, text: "Throw away 0 cards" });
  const count = () => {
    discard.disabled = !chosen.size;
    discard.textContent = `Throw away ${chosen.size} card${chosen.size === 1 ? "" : "s"}, then draw`;
  };
  const cards = (me.hand || []).map((card) => {
    const el = cardElement(card, { characters: app.charactersById(), colourFor: app.colourFor, small: true, onPick: () => {
      if (chosen.has(card.id)) chosen.delete(card.id);
      else chosen.add(card.id);
      el.classList.toggle("selected", chosen.has(card.id));
      el.setAttribute("aria-pressed", String(chosen.has(card.id)));
      count();
    } });
    el.setAttribute("aria-pressed", "false");
    return el;
  });
  discard.addEventListener("click", () => chosen.size && answer({ respond: "discard", cards: [...chosen] }));
  const never = h("input", { type: "checkbox", dataset: { role: "keep-hand-always" } });
  return [
    h("header.prompt-head", {}, icon("draw_two"), h("h2", { text: "Before you draw: keep your hand?" })),
    h("p.prompt-text", { text: "Your turn is over. You may throw away cards you do not want before drawing back up (desperate measures), or keep them all." }),
    h("p.prompt-hint", { text: "Tap the cards to throw away:" }),
    h("div.prompt-cards.discard-cards", {}, cards),
    h("label.keep-always", {}, never, " Don't ask me again this game (always keep my hand)"),
    h("div.prompt-actions", {},
      h("button.btn.primary", { type: "button", dataset: { role: "keep-hand" }, onclick: () => {
        if (never.checked) rememberKeepHand(app);
        answer({ respond: "pass" });
      }, text: "Keep my hand and draw" }),
      discard),
  ];
}

/** "Always keep my hand" for the rest of this game, in this browser tab. */
export function rememberKeepHand(app) {
  try { window.sessionStorage.setItem(keepHandKey(app), "1"); } catch (err) { /* private mode: ask every time */ }
}

export function keepHandKey(app) { return `wildlands-keep-hand-${app.app.gameId || ""}`; }
