"""WrathBot: the greedy bot taught The Wrath of the Ancients.

For the Ancients faction it walks toward the other players' shards and characters, claims
(guards) shards to feed its special actions, spends a ready shard when the special action
looks worth more than a plain attack, and answers the special action's prompts one step at
a time (strike the weakest enemy it can reach, step toward enemies, pass when nothing
helps). The other factions walk to their shards without drifting toward the Ancients on the
way. For everyone, desperate measures throw away the cards that cannot move or arm any
character still on the board. Elsewhere it is the `GreedyBot` (so it plays a plain
skirmish exactly as that bot does).
"""
from __future__ import annotations

from typing import Optional

from wildlands.bots.greedy_bot import CLAIM, DAMAGE_BASE, SKIP, GreedyBot, Scorer
from wildlands.rules.combat import DAMAGE
from wildlands.rules.state import GameState

SPECIAL = DAMAGE_BASE + 250  # more than one plain hit, less than a knock-out or a claim
GUARD = CLAIM - 100           # a guarded shard scores nothing, but denies a point


def ancients_seat(state: GameState) -> Optional[str]:
    """The seat playing the Ancients faction: a wrath's, or a five-player war's (whose part
    rides in the war's state); None when nobody does."""
    part = getattr(state.mode_state, "wrath", None) or state.mode_state
    return getattr(part, "ancients", None)


class WrathScorer(Scorer):
    """The greedy values, with the Ancients' goals: other players' shards (in a war, the
    other team's: guarding their own team's would only cost it a point), and specials.

    The other factions do not drift toward the Ancients on their way to their shards: the
    Ancients win only by knocking characters out, so a step closer to them with no attack
    to make only offers them one. The pull toward enemies stays for the Ancients and, once
    a faction has no shard left to walk to, its goals become the enemies anyway."""

    def __init__(self, state: GameState, seat: str) -> None:
        super().__init__(state, seat)
        wrath = getattr(state.mode_state, "ancients", None)
        if state.mode == "wrath" and seat != wrath:
            self.enemy_weight = 0

    def goals(self) -> list:
        if self.seat != ancients_seat(self.state):
            return super().goals()
        if self.state.mode == "war":
            from wildlands.rules.war.state import same_team
            return sorted({s for p in self.state.players if not same_team(self.state, p.id, self.seat)
                           for s in p.shards})
        return sorted({s for p in self.state.players if p.id != self.seat for s in p.shards})

    def cards_to_keep(self) -> set:
        if self.seat != ancients_seat(self.state):
            return super().cards_to_keep()
        return set()

    def score(self, command: dict) -> int:
        action = command.get("do")
        if action == "special":
            return SPECIAL
        if action == "claim" and self.seat == ancients_seat(self.state):
            space = self.state.characters[command["character"]].space
            return GUARD if space in self.goal_spaces else SKIP
        return super().score(command)


class WrathBot(GreedyBot):
    name = "wrath"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.scorer = WrathScorer

    def _answer(self, state: GameState, seat: str, legal: list) -> dict:
        kind = state.prompt.kind if state.prompt is not None else ""
        if kind == "special":
            return special_answer(state, seat, legal)
        if kind == "desperate_measures":
            return desperate_answer(state, seat, legal)
        return super()._answer(state, seat, legal)


def special_answer(state: GameState, seat: str, legal: list) -> dict:
    """One decision of a special action, judged by its immediate value."""
    assert state.prompt is not None, "asked only while a special prompt waits"
    data = state.prompt.data
    scorer = WrathScorer(state, seat)
    step = data["step"]
    passing = next((c for c in legal if c.get("respond") == "pass"), None)
    if step == "damage":  # the Automaton: keep two health in reserve when it can
        amounts = [c["amount"] for c in legal if "amount" in c]
        actor = state.characters[data["ancient"]]
        keep = max(1, min(amounts[-1], actor.health - actor.damage - 2))
        return next(c for c in legal if c.get("amount") == keep)
    if step in ("attack", "melee", "heavy_melee"):
        def value(command: dict) -> int:
            attack = command.get("attack") or ("heavy_melee" if step == "heavy_melee" else
                                               "ranged" if step == "attack" else "melee")
            return scorer.attack_value(attack, command, DAMAGE[attack])
        best = max((c for c in legal if c is not passing), key=value, default=None)
        return best if best is not None and value(best) > SKIP else (passing or legal[0])
    if step == "move":
        figure = state.characters[data.get("figure") or data["ancient"]]
        here = figure.space
        moves = [c for c in legal if "space" in c]
        best = min(moves, key=lambda c: scorer._enemy_distance(c["space"]), default=None)
        if best is not None and here is not None and (
                scorer._enemy_distance(best["space"]) < scorer._enemy_distance(here)):
            return best
        return passing or legal[0]
    if step == "character":  # the Magus: two enemies first, then itself
        enemies = [c for c in legal if state.characters[c["character"]].player != seat]
        return (enemies or legal)[0]
    if step == "space":  # the Magus: where most of the Ancients stand
        crowd = [c.space for c in state.characters_of(seat) if c.on_board]
        return max(legal, key=lambda c: crowd.count(c.get("space")))
    return legal[0]  # the Tyrant's order: any


def desperate_answer(state: GameState, seat: str, legal: list) -> dict:
    """Discard the cards that neither move nor arm any of the seat's characters on the board."""
    on_board = {c.id for c in state.characters_of(seat) if c.on_board or c.space is None
                and not c.knocked_out}
    cards = state.catalog.cards
    useless = sorted(cid for cid in state.player(seat).hand
                     if not cards[cid].wild and not on_board & set(cards[cid].icons))
    wanted: Optional[dict] = next((c for c in legal if c.get("respond") == "discard"
                                   and sorted(c["cards"]) == useless), None)
    return wanted or next(c for c in legal if c.get("respond") == "pass")

