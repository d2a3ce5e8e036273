// One event shown on the board at the pace of play: a figure moving, an attack, damage and
// healing, something turned over or summoned, a knock-out. `game` is the Wildlands renderer
// (its tokens, map and the view the update leads to, `pendingView`).
import { figureKey } from "./figures_of_view.js";

/** Show event `e` on the board; true when something visible happened. */
export function animateEvent(game, e) {
  const { tokens, map } = game;
  const id = figureKey(e);
  const appearing = (wanted) => (game.pendingView ? game.figureDescs(game.pendingView).find((d) => d.id === wanted) : null);
  switch (e.kind) {
    case "character_moved": case "monster_moved": case "minion_moved": case "ancient_moved": case "figure_moved":
      if (typeof e.to === "number") return tokens.update(id, { space: e.to });
      return false;
    case "attacked": {
      tokens.mark(e.attacker, "attacking", 600);
      if (e.target) tokens.mark(e.target, "targeted", 600);
      if (typeof e.space === "number") map.flashSpace(e.space, "flash-area");
      return true;
    }
    case "damage_dealt": {
      const d = tokens.get(id);
      if (!d) return false;
      tokens.update(id, { damage: e.total ?? (d.damage || 0) + (e.amount || 1) });
      tokens.mark(id, "hit", 650);
      map.flashSpace(d.space, "flash-hit");
      return true;
    }
    case "damage_prevented":
      tokens.mark(id, "blocked", 650);
      return !!tokens.get(id);
    case "healed": case "monster_healed": case "damage_removed": {
      const d = tokens.get(id);
      if (!d) return false;
      tokens.update(id, { damage: Math.max(0, (d.damage || 0) - (e.amount || 1)) });
      tokens.mark(id, "healed", 650);
      return true;
    }
    case "object_revealed": {
      const appear = appearing(e.object);
      if (appear) tokens.update(e.object, { ...appear });
      tokens.mark(e.object, "flip", 600);
      if (typeof e.space === "number") map.flashSpace(e.space, "flash-appear");
      return true;
    }
    case "minion_summoned": {
      const appear = appearing(e.figure);
      if (appear && !tokens.get(e.figure)) tokens.add({ ...appear, space: e.space ?? appear.space });
      if (typeof e.space === "number") map.flashSpace(e.space, "flash-appear");
      return true;
    }
    case "character_ensnared":
      tokens.mark(e.character, "hit", 650);
      return true;
    case "character_healed": { // (a monster's heal is the case above)
      const id2 = e.figure || e.character;
      const d = tokens.get(id2);
      if (!d) return false;
      tokens.update(id2, { damage: e.total ?? Math.max(0, (d.damage || 0) - (e.amount || 1)) });
      tokens.mark(id2, "healed", 650);
      return true;
    }
    case "hidden":
      return false;
    case "knocked_out":
      if (!tokens.get(id)) return false;
      tokens.mark(id, "ko", 450);
      setTimeout(() => tokens.update(id, { space: null }), 250);
      return true;
    default: {
      // a figure or object that appears (reveal, summon): take it from the coming view
      const appear = appearing(id);
      if (appear && !tokens.get(id)) {
        tokens.add({ ...appear });
        if (typeof appear.space === "number") map.flashSpace(appear.space, "flash-appear");
        return true;
      }
      if (appear && /revealed|object/.test(e.kind)) {
        tokens.update(id, { ...appear });
        tokens.mark(id, "flip", 600);
        return true;
      }
      return false;
    }
  }
}
