"""The Wrath of the Ancients as balanced in docs/balance.md: the Wrath bot's factions walk to
their shards without drifting toward the Ancients (who win only by knocking them out), while
the Ancients still close in; and the faction content the two-player figures were measured on."""
from __future__ import annotations

from wildlands.bots.greedy_bot import SKIP
from wildlands.bots.wrath_bot import WrathScorer
from wildlands.content.factions import ANCIENTS_FACTION, load_faction
from wildlands.rules.engine import apply
from wildlands.rules.setup import auto_assignment
from wildlands.rules.state import GameState
from wildlands.rules.wrath.setup import new_wrath
from wildlands.simulation import load_board


def _revealed_board(faction: str = "gnomads") -> GameState:
    """A two-player Wrath (the faction p1, the Ancients p2) with every character standing on
    its assigned space, as after everyone has revealed."""
    state = new_wrath(board=load_board("dungeon"),
                      factions=[load_faction(faction), load_faction(ANCIENTS_FACTION)],
                      player_ids=["p1", "p2"], seed=7, ancients="p2")
    for seat in state.player_ids():
        state, _ = apply(state, seat, {"do": "assign", "spaces": auto_assignment(state, seat)})
    for character in state.characters.values():
        character.space = character.assigned
    return state


def _sideways_steps_toward_enemies(state: GameState, seat: str):
    """(character, space): moves that bring a character of `seat` no nearer its goals but
    nearer an enemy."""
    probe = WrathScorer(state, seat)
    for character in state.characters_of(seat):
        here = character.space
        for to in state.board.spaces:
            if (to != here and probe._goal_distance(to) == probe._goal_distance(here)
                    and probe._enemy_distance(to) < probe._enemy_distance(here)):
                yield character, to


def _move_value(state: GameState, seat: str, character, to) -> int:
    card = state.player(seat).hand[0]
    return WrathScorer(state, seat).score(
        {"do": "move", "character": character.id, "to": to, "cards": [card]})


def test_a_faction_does_not_step_toward_the_ancients_for_nothing():
    state = _revealed_board()
    steps = list(_sideways_steps_toward_enemies(state, "p1"))
    assert steps, "the position offers a sideways step toward the Ancients"
    for character, to in steps:
        assert _move_value(state, "p1", character, to) == SKIP, (character.id, to)


def test_the_ancients_still_close_in_on_the_factions():
    state = _revealed_board()
    steps = list(_sideways_steps_toward_enemies(state, "p2"))
    assert steps, "the position offers the Ancients a sideways step toward an enemy"
    assert all(_move_value(state, "p2", character, to) > SKIP for character, to in steps)


def test_the_content_the_two_player_figures_were_measured_on():
    """docs/balance.md, "The Wrath of the Ancients": the frail Phantasm (the one Ancient the
    light-hitting Gnomads can knock out), and the Lawbringers at health 4 with one wild card
    fewer (they won 62-65% of their Wrath and skirmish games before)."""
    phantasm = next(c for c in load_faction(ANCIENTS_FACTION).characters
                    if c.id == "ancients_phantasm")
    assert (phantasm.health, set(phantasm.flags)) == (2, {"fly", "melee"})
    law = load_faction("lawbringers")
    assert [c.health for c in law.characters] == [4, 4, 4, 4, 4]
    assert sum(card.wild for card in law.deck) == 3
