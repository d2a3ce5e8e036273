"""AwokenBot: the greedy bot taught The Awoken's goals.

Its characters walk toward face-down object counters and face-up ancient crystals, turn
counters over, claim crystals (the way to win), defend whenever they can, and attack a
minion or an Ancient when it pays: a knock-out, or damage when nothing better is in reach.
It keeps a little distance from the monsters while walking, and interrupts the Ancients'
turn only when that lets it claim, reveal or knock out at once.
"""
from __future__ import annotations

from games.bots import legal as _awoken_legal  # noqa: F401  (registers the Awoken's commands)
from games.bots.greedy_bot import CLAIM, DRAW, SKIP, GreedyBot, Scorer
from games.rules.state import GameState

CLAIM_CRYSTAL = 1000
KNOCK_OUT_ANCIENT = 900
REVEAL_OBJECT = 600
KNOCK_OUT_MINION = 500
HEAL = 250


class AwokenScorer(Scorer):
    enemy_weight = -2  # walking next to monsters is a cost here, not a goal
    knock_out_value = KNOCK_OUT_MINION

    def damage_value(self, amount: int) -> int:
        # below a step toward an object: damage that does not knock out only pays when
        # nothing better is in reach (monsters heal, and their decks keep coming)
        return 45 + 15 * amount

    def goals(self) -> list:
        awoken = self.state.awoken
        if awoken is None:
            return []
        return sorted({o.space for o in awoken.objects.values()
                       if not o.removed and o.space is not None
                       and (not o.revealed or o.kind == "crystal")})

    def cards_to_keep(self) -> set:
        """A character on a face-up crystal keeps the cards that make its set."""
        awoken = self.state.awoken
        keep: set = set()
        if awoken is None:
            return keep
        crystal_spaces = {o.space for o in awoken.objects.values()
                          if o.kind == "crystal" and o.revealed and not o.removed}
        for c in self.state.characters.values():
            if c.player == self.seat and c.space in crystal_spaces and not c.knocked_out:
                keep |= {cid for cid in self.player.hand
                         if self.cards[cid].wild or c.id in self.cards[cid].icons}
        return keep

    def score(self, command: dict) -> int:
        action = command.get("do")
        if action == "claim":
            return CLAIM_CRYSTAL
        if action == "reveal_object":
            return REVEAL_OBJECT
        if action == "use_treasure":
            return self._treasure(command)
        value = super().score(command)
        if action in ("melee", "heavy_melee", "ranged", "heavy_ranged", "area") and value > 0:
            target = self.state.monsters.get(command.get("target", ""))
            if target is not None and target.kind == "ancient" and value >= KNOCK_OUT_MINION:
                return KNOCK_OUT_ANCIENT
        return value

    def _treasure(self, command: dict) -> int:
        effect = self.state.awoken.treasure_defs[command["treasure"]].effect
        steps = [effect] if hasattr(effect, "keys") else list(effect)
        holder = self.state.characters[command["character"]]
        value = SKIP
        for step in steps:
            if "prevent" in step:
                value = max(value, CLAIM)  # only offered while defending: always take it
            elif "heal" in step:
                patient = self.state.characters.get(command.get("target") or holder.id)
                if patient is not None and patient.damage > 0:
                    value = max(value, HEAL)
            elif "move" in step:
                value = max(value, self._move({holder.id: command["to"]}, []))
            elif "draw" in step:
                value = max(value, DRAW if len(self.player.hand) <= 4 else SKIP)
            elif "damage" in step:
                kind = step.get("kind", "melee")
                value = max(value, self.attack_value(kind, command, amount=step["damage"]))
        return value


class AwokenBot(GreedyBot):
    name = "awoken"
    interrupt_threshold = KNOCK_OUT_MINION

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.scorer = AwokenScorer

    def choose(self, state: GameState, seat: str, legal: list, optional: bool = False):
        if state.prompt is not None and state.prompt.kind == "defend":
            treasures = [c for c in legal if c.get("do") == "use_treasure"]
            defences = [c for c in legal if c.get("respond") == "defend"]
            if treasures and not defences:
                return treasures[0]
        return super().choose(state, seat, legal, optional)
