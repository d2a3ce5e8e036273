"""The Wrath of the Ancients end to end: the faction's content, the setup without shards,
`legal_commands` agreeing with the engine in bot-played games (special actions and desperate
measures included), the snapshot round trip, the view, and the bots."""
from __future__ import annotations

import pytest

from wildlands.content.factions import ANCIENTS_FACTION, faction_ids, load_faction
from wildlands.rules.engine import apply
from wildlands.rules.legal import is_accepted, legal_commands
from wildlands.rules.serialize import state_from_data, state_to_data
from wildlands.rules.setup import auto_assignment
from wildlands.rules.view import view_for
from wildlands.rules.wrath.setup import new_wrath
from wildlands.simulation import load_board, new_game, play_wrath, replay


def test_the_ancients_faction_loads_but_is_offered_only_for_the_wrath():
    ancients = load_faction(ANCIENTS_FACTION)
    assert [c.id.split("_", 1)[1] for c in ancients.characters] == [
        "magus", "automaton", "phantasm", "lizardman", "tyrant"]
    assert len(ancients.deck) == 30
    assert ANCIENTS_FACTION not in faction_ids()
    assert ANCIENTS_FACTION in faction_ids(with_ancients=True)


def _set_up(ancients: str = "p2"):
    factions = [load_faction("guild"), load_faction(ANCIENTS_FACTION), load_faction("gnomads")]
    state = new_wrath(board=load_board("dungeon"), factions=factions,
                      player_ids=["p1", "p2", "p3"], seed=5, ancients=ancients)
    events = []
    for seat in state.player_ids():
        state, new = apply(state, seat, {"do": "assign", "spaces": auto_assignment(state, seat)})
        events += new
    return state, events


def test_the_ancients_take_no_colour_and_their_handed_map_cards_carry_no_shards():
    state, events = _set_up()
    assert state.mode == "wrath"
    assert state.player("p2").colour == "" and state.player("p2").shards == []
    assert len(state.player("p1").shards) == 5 and len(state.player("p3").shards) == 5
    assert [e.data["player"] for e in events if e.kind == "map_cards_removed"] == ["p2"]
    assert "p2" not in [e.data["player"] for e in events if e.kind == "shards_placed"]
    assert state.turn.active in ("p1", "p3")  # a faction without shards never goes first


def test_a_snapshot_and_the_view_keep_the_ancients_part():
    state, _ = _set_up()
    again = state_from_data(state_to_data(state))
    assert state_to_data(again) == state_to_data(state)
    view = view_for(state, "p1")
    assert view["wrath"]["ancients"] == "p2"
    assert view["wrath"]["knockouts_to_win"] == 5
    assert "hand" not in next(p for p in view["players"] if p["id"] == "p2")


@pytest.fixture(scope="module")
def wrath_games():
    return [play_wrath(seed, ["wrath", "wrath"], ancients_seat=seed % 2) for seed in (1, 2, 3)] + [
        play_wrath(4, ["wrath", "random", "wrath"], ancients_seat=1),
        play_wrath(5, ["random", "random"], ancients_seat=0, max_commands=800)]


def _positions(record):
    state = new_game(record)
    for seat, command in record.log:
        if state.turn.phase != "setup":
            for player in state.player_ids():
                yield state, player
        state, _ = apply(state, seat, command)


def test_every_command_listed_in_a_wrath_game_is_accepted(wrath_games):
    kinds = set()
    for record in wrath_games:
        for state, seat in _positions(record):
            for command in legal_commands(state, seat):
                assert is_accepted(state, seat, command), (record.seed, state.version, command)
                kinds.add(command.get("do") or state.prompt.kind)
    assert {"special", "claim", "desperate_measures"} <= kinds


def test_special_and_discard_answers_are_exactly_the_accepted_ones(wrath_games):
    seen = set()
    for record in wrath_games:
        for state, seat in _positions(record):
            prompt = state.prompt
            if prompt is None or prompt.to != seat or prompt.kind not in (
                    "special", "desperate_measures"):
                continue
            listed = legal_commands(state, seat)
            tried = [{"respond": "pass"}]
            tried += [{"respond": "choose", "character": c} for c in state.characters]
            tried += [{"respond": "choose", "space": s} for s in state.board.spaces]
            tried += [{"respond": "choose", "amount": n} for n in range(8)]
            tried += [{"respond": "choose", "target": c, "attack": a} for c in state.characters
                      for a in ("ranged", "heavy_ranged")]
            tried += [{"respond": "choose", "target": c} for c in state.characters]
            tried += [{"respond": "discard", "cards": [c]} for c in state.player(seat).hand]
            accepted = [c for c in tried if is_accepted(state, seat, c)]
            assert all(c in listed for c in accepted), (record.seed, state.version, prompt)
            seen.add(prompt.data.get("special", prompt.kind))
    assert "desperate_measures" in seen and len(seen) >= 2  # and some special action


def test_wrath_games_finish_and_replay(wrath_games):
    for record in wrath_games[:4]:
        assert record.finished, record.seed
        replay(record)
