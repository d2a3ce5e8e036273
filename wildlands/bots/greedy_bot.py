"""GreedyBot: takes the best-looking legal command now, by a fixed order of value:
knock out > claim a shard > deal damage > move toward its own shards (then enemies) > draw;
otherwise it ends its turn. It always defends when it can, and interrupts only when the
interrupt would let it knock someone out or claim a shard at once.

One-ply and cheap by design: it is the yardstick for balance runs and the opponent in
benchmarks, not a strong player.
"""
from __future__ import annotations

from typing import Optional

from wildlands.rules.combat import DAMAGE
from wildlands.rules.engine import apply
from wildlands.rules.errors import RuleError
from wildlands.rules.legal import legal_commands
from wildlands.rules.modes import mode_of
from games.platform.rng import Rng, seed_state
from wildlands.rules.state import Character, GameState

KNOCK_OUT = 1000
CLAIM = 800
DAMAGE_BASE = 300
MOVE_BASE = 50
REVEAL = 40
DRAW = 20
END = 10
SKIP = -1  # never chosen while ending the turn is allowed
UNREACHABLE = 99


class GreedyBot:
    name = "greedy"
    interrupt_threshold = CLAIM  # interrupt when, once in, something this good is possible

    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)  # the bot's own generator: Rng(self) draws from it
        self.scorer = Scorer

    # -- the one entry point -------------------------------------------------------------------
    def choose(self, state: GameState, seat: str, legal: list,
               optional: bool = False) -> Optional[dict]:
        if state.turn.phase == "setup":
            return assign_central(state, seat)
        if not legal:
            return None
        if optional or (state.prompt is not None and state.prompt.kind == "interrupt_window"):
            return self._maybe_interrupt(state, seat, legal, optional)
        if state.prompt is not None:
            return self._answer(state, seat, legal)
        return self._best(state, seat, legal)

    # -- in turn -------------------------------------------------------------------------------
    def _best(self, state: GameState, seat: str, legal: list) -> dict:
        scorer = self.scorer(state, seat)
        best, picks = None, []
        for command in legal:
            value = scorer.score(command)
            if best is None or value > best:
                best, picks = value, [command]
            elif value == best:
                picks.append(command)
        return picks[0] if len(picks) == 1 else Rng(self).choice(picks)

    def best_value(self, state: GameState, seat: str) -> int:
        """The score of the best thing this seat could do now (for look-ahead)."""
        legal = legal_commands(state, seat)
        if not legal:
            return END
        scorer = self.scorer(state, seat)
        return max(scorer.score(c) for c in legal)

    # -- prompts -------------------------------------------------------------------------------
    def _answer(self, state: GameState, seat: str, legal: list) -> dict:
        kind = state.prompt.kind
        if kind == "defend":
            defences = [c for c in legal if c.get("respond") == "defend"]
            if defences:
                # spend the card least likely to matter later: not a wild one if possible
                cards = state.catalog.cards
                defences.sort(key=lambda c: (cards[c["cards"][0]].wild,
                                             len(cards[c["cards"][0]].icons)))
                return defences[0]
            return legal[0]
        if kind == "choose":
            def sturdiness(command: dict) -> int:
                figure = state.figure(command.get("character") or command.get("figure") or "")
                return -UNREACHABLE if figure is None else figure.health - figure.damage
            return max(legal, key=sturdiness)
        if kind == "push":  # a slide on slippery ground: shove an enemy, never a friend
            mode = mode_of(state)
            shoves = [c for c in legal if c.get("character") and mode.is_enemy(
                state, seat, state.characters[c["character"]])]
            return shoves[0] if shoves else {"respond": "pass"}
        return legal[0]

    def _maybe_interrupt(self, state: GameState, seat: str, legal: list,
                         optional: bool) -> Optional[dict]:
        """Interrupt only when, once in, a knock-out or a claim is there for the taking."""
        declined = None if optional else next(
            (c for c in legal if c.get("respond") == "pass"), legal[0])
        interrupts = [c for c in legal if c.get("do") == "interrupt"]
        if not interrupts:
            return declined
        try:
            after, _ = apply(state, seat, interrupts[0])
        except RuleError:
            return declined
        if self.best_value(after, seat) >= self.interrupt_threshold:
            return interrupts[0]
        return declined


class Scorer:
    """Values of commands in one position, with the position's lookups done once.
    Subclass it (and set `GreedyBot.scorer`) to value another mode's goals."""

    enemy_weight = 3  # what getting one space closer to the nearest enemy is worth
    knock_out_value = KNOCK_OUT

    def damage_value(self, amount: int) -> int:
        return DAMAGE_BASE + 50 * amount

    def __init__(self, state: GameState, seat: str) -> None:
        self.state = state
        self.seat = seat
        self.board = state.board
        self.mode = mode_of(state)
        self.player = state.player(seat)
        self.cards = state.catalog.cards
        self.goal_spaces = self.goals()  # where characters want to be
        self.enemy_spaces = sorted({f.space for f in (*state.characters.values(),
                                                      *state.monsters.values())
                                    if f.space is not None and not f.knocked_out
                                    and self.mode.is_enemy(state, seat, f)})
        self._to_goal: dict = {}  # space -> distance, memoised for this position
        self._to_enemy: dict = {}
        self.keep = self.cards_to_keep()

    def goals(self) -> list:
        """Spaces worth walking to: the seat's own shards (in a war, its team's)."""
        if self.state.mode == "war":
            from wildlands.rules.war.state import team_of
            return list(self.state.player(team_of(self.state, self.seat).shard_owner).shards)
        return list(self.player.shards)

    def cards_to_keep(self) -> set:
        """Cards kept for a claim: a character already on its shard needs three of its icon."""
        keep = set()
        for c in self.state.characters.values():
            if c.player == self.seat and c.space is not None and c.space in self.goal_spaces:
                keep |= {cid for cid in self.player.hand
                         if self.cards[cid].wild or c.id in self.cards[cid].icons}
        return keep

    def score(self, command: dict) -> int:
        action = command.get("do")
        if action in DAMAGE:
            return self._attack(command)
        if action == "claim":
            return CLAIM
        if action in ("move", "fly"):
            return self._move({command["character"]: command["to"]}, command["cards"])
        if action == "rally":
            return self._move(command["to"], command["cards"])
        if action == "reveal":
            return REVEAL + (UNREACHABLE - self._goal_distance(
                self.state.characters[command["character"]].assigned))
        if action == "draw_two":
            return DRAW if len(self.player.hand) <= 4 and not self.keep else SKIP
        if action == "end_turn":
            return END - 1 if self.state.mode == "war" else END
        if action == "finish" and self.state.mode == "war":
            return END  # done; the teammate plays on (end_turn would end their turn too)
        return SKIP  # interrupts in turn, anything unknown

    def _attack(self, command: dict) -> int:
        return self.attack_value(command["do"], command)

    def attack_value(self, attack: str, command: dict, amount: Optional[int] = None) -> int:
        """Knock-outs and damage to enemies, less twice what friends in the blast take."""
        amount = DAMAGE[attack] if amount is None else amount
        if attack == "area":
            figures = self.state.figures_in(command["space"])
        else:
            figures = [self.state.figure(command["target"])]
        value = 0
        for figure in figures:
            hit = self.knock_out_value if figure.damage + amount >= figure.health and not getattr(
                figure, "immortal", False) else self.damage_value(amount)
            if self.mode.is_enemy(self.state, self.seat, figure):
                value += hit
            else:
                value -= 2 * hit
        return value if value > 0 else SKIP

    def _goal_distance(self, space: Optional[int]) -> int:
        """Moves to the nearest own shard (or, with none left, the nearest enemy)."""
        if space is None:
            return UNREACHABLE
        if space not in self._to_goal:
            self._to_goal[space] = self._nearest(space, self.goal_spaces or self.enemy_spaces)
        return self._to_goal[space]

    def _enemy_distance(self, space: int) -> int:
        if space not in self._to_enemy:
            self._to_enemy[space] = self._nearest(space, self.enemy_spaces)
        return self._to_enemy[space]

    def _nearest(self, space: int, goals: list) -> int:
        best = UNREACHABLE
        for goal in goals:
            d = self.board.distance(space, goal)
            if d is not None and d < best:
                best = d
        return best

    def _move(self, moves: dict, cards: list) -> int:
        if any(card in self.keep for card in cards):
            return SKIP
        gain = 0
        for name, to in moves.items():
            here = self.state.characters[name].space
            gain += 10 * (self._goal_distance(here) - self._goal_distance(to))
            gain += self.enemy_weight * (self._enemy_distance(here) - self._enemy_distance(to))
        gain -= 5 * (len(cards) - 1)  # climbs and rally climbs spend more cards
        return MOVE_BASE + gain if gain > 0 else SKIP


def assign_central(state: GameState, seat: str) -> dict:
    """Setup: put the characters on the most central dealt spaces (sturdiest most central);
    the five left over become the opponent's shard spaces, so they are the remote ones."""
    board = state.board
    player = state.player(seat)

    def remoteness(space: int) -> int:
        total = 0
        for other in board.spaces:
            d = board.distance(space, other)
            total += UNREACHABLE if d is None else d
        return total

    dealt = sorted(player.map_cards, key=lambda s: (remoteness(s), s))
    own: list[Character] = sorted(state.characters_of(seat),
                                  key=lambda c: (-c.health, c.id))
    return {"do": "assign", "spaces": {c.id: space for c, space in zip(own, dealt)}}
