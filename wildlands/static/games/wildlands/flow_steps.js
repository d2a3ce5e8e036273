// The steps of a play, one question at a time: after a card and what it does, which
// character, then where or whom, then any further cards a climb, a claim or a rally costs.
// Each step's choices are the legal list's (filtered by what was chosen so far) when the
// server sent one, otherwise the board's own geometry; mixed into PlayFlow (flow.js).
import { FLAG_WORDS } from "./icons.js";
import { shortName } from "./hand.js";
import { isWar } from "./modes.js";
import { sameTeam } from "./war.js";
import { ancientsClaimSpaces } from "./wrath.js";
import { STAY, strip } from "./legal.js";

export const STEPS = {
  ask(step) {
    this.step = step;
    this.app.renderInteraction();
  },

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
  },

  needsMoreCards(d, localTotal) {
    const legal = this.legalMatching(d);
    if (legal && legal.length) {
      const fewest = Math.min(...legal.map((c) => (c.cards || []).length));
      return fewest - d.cards.length;
    }
    return localTotal() - d.cards.length;
  },

  askSpace(d, field, local, text) {
    let choices = new Set(local);
    const legal = this.legalMatching(d);
    if (legal) choices = new Set(legal.map((c) => c[field]).filter((v) => typeof v === "number"));
    return this.ask({ kind: "space", choices, text, apply: (n) => { d[field] = n; } });
  },

  askFigure(d, field, local, text) {
    let choices = new Set(local);
    const legal = this.legalMatching(d);
    if (legal) choices = new Set(legal.map((c) => c[field]).filter(Boolean));
    return this.ask({
      kind: "figure", choices, text, apply: (id) => { d[field] = id; },
      why: choices.size ? "Pick one of the highlighted figures." : "No target is in reach for this action.",
    });
  },

  askCards(d, need, fits, text) {
    let ids = new Set(this.hand().filter((c) => !d.cards.includes(c.id) && fits(c)).map((c) => c.id));
    const legal = this.legalMatching(d);
    if (legal) ids = new Set(legal.flatMap((c) => c.cards || []).filter((id) => !d.cards.includes(id)));
    return this.ask({ kind: "cards", need, choices: ids, text, why: "That card cannot pay for this.", apply: () => {} });
  },

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
  },
};
