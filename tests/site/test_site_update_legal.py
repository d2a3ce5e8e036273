"""Who may act, as a seat's update tells it: a `legal` list while the game is on, empty for
a seat that must wait, and none at all once the game is over.

The board page reads a missing list as nothing to offer (games/static/games/shell/updates.js)
and the throughput benchmark's clients read it as the end of their game, when they move on
to the next one (benchmarks/throughput_bench.py): so the finished game's update must leave
it out, and a waiting seat's must still carry one. Race to 21 (examples/race21) plays a
whole game in a few lines.
"""
from __future__ import annotations

from examples.race21.game import RaceGame
from examples.race21.rules import house_adds, new_race
from games.pipeline import updates


def update_of(state: dict, seat: str) -> dict:
    return updates.seat_update(RaceGame(), state, seat, [], last_seq=0)


def test_the_seat_on_turn_gets_its_commands_and_the_other_an_empty_list():
    state = new_race(["p1", "p2"], 21)
    assert [c["n"] for c in update_of(state, "p1")["legal"]] == [1, 2, 3]
    assert update_of(state, "p2")["legal"] == []


def test_a_finished_game_gives_no_seat_a_legal_list():
    game, state = RaceGame(), new_race(["p1", "p2"], 21)
    while game.outcome(state) is None:
        state, _ = game.apply(state, state["turn"], {"do": "add", "n": 3})
        state, _ = house_adds(state)
    for seat in ("p1", "p2"):
        update = update_of(state, seat)
        assert "legal" not in update
        assert update["view"]["outcome"] is not None
