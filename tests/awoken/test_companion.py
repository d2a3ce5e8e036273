"""The table companion's engine half (ancients_ai/engine/companion.py): who a command from
the table's one device is sent as, what each character may declare, and an interrupt
declared without a card."""
from __future__ import annotations

import pytest

import ancients_ai.engine
from ancients_ai.engine.companion import seat_for, table_choices
from ancients_ai.engine.setup import new_companion
from wildlands.content.factions import load_faction
from wildlands.content.maps import load_map
from wildlands.rules import engine
from wildlands.rules.errors import RuleError

ancients_ai.engine.register()


def table(seed: int = 4):
    return new_companion(board=load_map("dungeon"),
                         factions=[load_faction("guild"), load_faction("lawbringers")],
                         player_ids=["p1", "p2"], scenario_ids=["magus", "automaton"],
                         seed=seed)


def send(state, command):
    return engine.apply(state, seat_for(state, command), command)


def test_the_table_holds_every_card_and_the_site_asks_every_question():
    state = table()
    assert all(not p.hand and not p.deck and not p.discard for p in state.players)
    options = state.catalog.options
    assert options["auto_pass_defence"] is False and options["auto_pass_interrupt"] is False
    state, _ = send(state, {"do": "end_turn"})
    assert state.prompt.kind == "interrupt_window" and state.prompt.to == "p1"
    assert all(not p.hand for p in state.players)  # the end-of-turn draw drew nothing


def test_a_command_goes_to_whoever_is_asked_or_to_the_characters_owner():
    state = table()
    p2_character = next(c for c in state.characters.values() if c.player == "p2")
    assert seat_for(state, {"do": "move", "character": p2_character.id}) == "p2"
    assert seat_for(state, {"do": "end_turn"}) == "p1"
    assert seat_for(state, {"do": "correct", "figure": "magus"}) == "p1"
    state, _ = send(state, {"do": "end_turn"})
    state, _ = send(state, {"respond": "pass"})
    assert state.prompt.to == "p2"
    assert seat_for(state, {"respond": "pass"}) == "p2"
    assert seat_for(state, {"do": "interrupt", "cards": []}) == "p2"


def test_the_choices_are_the_moves_and_the_attacks_the_map_allows():
    state = table()
    choices = table_choices(state)
    assert set(choices) == {c.id for c in state.characters.values() if c.on_board}
    board = state.board
    for cid, options in choices.items():
        here = state.characters[cid].space
        assert options["moves"] == sorted(board.neighbours(here))
        for attack in options["attacks"]:
            there = state.monsters[attack["target"]].space
            if attack["attack"] in ("melee", "heavy_melee"):
                assert there == here
            else:
                assert board.has_los(here, there)
    cid, options = next(iter(choices.items()))
    state, events = send(state, {"do": "move", "character": cid, "to": options["moves"][0],
                                 "cards": []})
    assert [e.kind for e in events] == ["character_moved"]
    state, _ = send(state, {"do": "end_turn"})
    assert table_choices(state) == {}  # a question waits


def test_an_interrupt_is_declared_without_a_card_and_the_interrupter_acts_then_returns():
    state = table()
    state, _ = send(state, {"do": "end_turn"})
    with pytest.raises(RuleError) as refused:
        send(state, {"do": "interrupt", "cards": ["guild_01"]})
    assert refused.value.code == "invalid_command"
    state, events = send(state, {"do": "interrupt", "cards": []})
    assert [e.kind for e in events][:1] == ["interrupt_declared"]
    assert state.turn.actor == "p1" and state.prompt is None
    choices = table_choices(state)
    assert choices and all(c["player"] == "p1" for c in choices.values())
    cid, options = next(iter(choices.items()))
    state, _ = send(state, {"do": "move", "character": cid, "to": options["moves"][0],
                            "cards": []})
    with pytest.raises(RuleError) as refused:
        send(state, {"do": "correct", "figure": cid, "damage": 1})
    assert refused.value.code == "invalid_correction"  # corrections wait for the players' turn
    state, events = send(state, {"do": "end_turn"})
    assert "interrupt_ended" in [e.kind for e in events]
