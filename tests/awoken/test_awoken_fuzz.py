"""Never crash, never corrupt: random commands against real Awoken games (pure: no Django).

A crude random player sends plausible and implausible commands alike (moves, attacks,
reveals, claims, treasures, interrupts, answers to prompts). Every command must either be
applied or refused with a RuleError that leaves the state exactly as it was; no other
exception may escape, every game must end within the command budget, and a game saved at
any moment (mid-attack, mid-interrupt) must restore to exactly the same state.
"""
from __future__ import annotations

import json

import pytest

from wildlands.content.factions import load_faction
from wildlands.content.maps import load_map
from wildlands.rules.commands import ATTACKS
from wildlands.rules.engine import advance, apply
from wildlands.rules.errors import RuleError
from wildlands.rules.frames import has_deferred_work
from games.platform.rng import Rng, seed_state
from wildlands.rules.serialize import state_from_data, state_to_data

from ancients_ai.engine.scenarios import scenario_ids, treasures_from_data
from ancients_ai.engine.setup import new_awoken
from test_awoken_engine import TREASURES


class Chaos:
    """Picks commands with its own generator (never the game's)."""

    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)

    def pick(self, items):
        return items[Rng(self).below(len(items))] if items else None

    def command(self, state, seat: str) -> dict:
        if state.prompt is not None:
            prompt = state.prompt
            options = prompt.data.get("options") or []
            choices = [{"respond": "pass"}]
            if options:
                choices.append({"respond": "choose", "character": self.pick(options)})
            if prompt.kind == "defend":
                hand = state.player(seat).hand
                if hand:
                    choices.append({"respond": "defend", "character": prompt.data["character"],
                                    "cards": [self.pick(hand)]})
            if prompt.kind == "interrupt_window":
                wild = [c for c in state.player(seat).hand if state.card(c).wild]
                if wild:
                    choices.append({"do": "interrupt", "cards": [wild[0]]})
            return self.pick(choices)
        player = state.player(seat)
        mine = [c for c in state.characters_of(seat) if c.on_board]
        if not mine or Rng(self).below(8) == 0:
            return {"do": "end_turn"}
        who = self.pick(mine)
        hand = player.hand
        card = self.pick(hand) or "nothing"
        monsters = [m.id for m in state.monsters.values() if m.on_board]
        here = [o.id for o in state.mode_state.objects_in(who.space)]
        roll = Rng(self).below(7)
        if roll == 0:
            return {"do": "move", "character": who.id,
                    "to": self.pick(sorted(state.board.neighbours(who.space))), "cards": [card]}
        if roll == 1 and monsters:
            attack = self.pick(list(ATTACKS))
            if attack == "area":
                return {"do": "area", "character": who.id, "space": who.space, "cards": [card]}
            return {"do": attack, "character": who.id, "target": self.pick(monsters), "cards": [card]}
        if roll == 2 and here:
            command = {"do": "reveal_object", "character": who.id, "object": self.pick(here)}
            if len(state.players) > 1:
                command["discard"] = card
            return command
        if roll == 3 and len(hand) >= 3:
            return {"do": "claim", "character": who.id, "cards": hand[:3]}
        if roll == 4 and who.treasures:
            return {"do": "use_treasure", "character": who.id, "treasure": who.treasures[0],
                    "to": self.pick(sorted(state.board.neighbours(who.space)))}
        if roll == 5:
            return {"do": "draw_two", "cards": [card]}
        return {"do": "end_turn"}


def run_game(state, seed: int, budget: int = 1500):
    chaos = Chaos(seed)
    for count in range(budget):
        if state.outcome is not None:
            return state
        if count % 5 == 0:  # a game saved at any moment restores exactly
            data = json.loads(json.dumps(state_to_data(state)))
            assert state_to_data(state_from_data(data)) == data
        if has_deferred_work(state):
            state, _ = advance(state)
            continue
        seats = [state.prompt.to] if state.prompt else (
            [state.turn.actor] if state.turn.actor else state.player_ids())
        seat = chaos.pick(seats)
        command = chaos.command(state, seat)
        before = json.dumps(state_to_data(state), sort_keys=True)
        try:
            state, _ = apply(state, seat, command)
        except RuleError:
            assert json.dumps(state_to_data(state), sort_keys=True) == before, command
    return state


TREASURE_MIX = dict(TREASURES, **treasures_from_data({"treasures": [
    {"id": "boots", "name": "Boots", "text": "Move two.", "use": "once", "when": "players_turn",
     "effect": {"move": 2}}]}, "fuzz", minimum=1))


@pytest.mark.parametrize("scenario", scenario_ids())
def test_random_solo_games_never_crash_and_always_end(scenario):
    for seed in range(4):
        state = new_awoken(board=load_map("dungeon"), factions=[load_faction("gnomads")],
                           player_ids=["p1"], scenario_ids=[scenario], seed=seed, easy=True,
                           treasures=TREASURE_MIX, options={"auto_pass_defence": False,
                                                            "defer_ancients": seed % 2 == 1})
        state = run_game(state, seed)
        assert state.outcome is not None


def test_random_two_player_games_never_crash_and_always_end():
    ids = scenario_ids()
    for seed in range(6):
        pair = [ids[seed % len(ids)], ids[(seed + 2) % len(ids)]]
        state = new_awoken(board=load_map("ruins"),
                           factions=[load_faction("pit_fighters"), load_faction("guild")],
                           player_ids=["p1", "p2"], scenario_ids=pair, seed=seed, easy=True,
                           treasures=TREASURE_MIX, options={"auto_pass_interrupt": False})
        state = run_game(state, seed)
        assert state.outcome is not None
