"""Taking a move back in Defenders of the Wild, checked over whole bot games through the
declaration (no database): whenever the trail offers an undo, taking it back gives exactly
the table as it was at the version it names; once a command drew a card, took a card out
of a hand, turned a machine card or rolled the die, nothing before it comes back."""
from __future__ import annotations

import pytest

from defenders.game import GAME
from defenders.site.table import TURN_PASSED, secrets_mark
from games.platform.definition import GameSetup, SeatChoice
from games.platform.errors import RuleError


def start(seed: int, seats) -> object:
    setup = GameSetup(key="defenders", seed=seed, options={"tier": "base"},
                      seats=[SeatChoice(f"p{i + 1}", f, o) for i, (f, o) in enumerate(seats)])
    return GAME.first_steps(setup).initial


@pytest.mark.parametrize("seed, seats", [
    (11, [("order", "ember"), ("council", "barley")]),
    (12, [("coven+sect", "sable+vesper")]),
    (13, [("sect", "cog"), ("coven", "morrow"), ("order", "quill"), ("council", "oaken")]),
])
def test_every_offered_undo_restores_the_table_and_reveals_end_the_trail(seed, seats):
    table = start(seed, seats)
    seen = {table.version: table}
    undone = refused_after_reveal = 0
    for _ in range(4000):
        if GAME.outcome(table) is not None:
            break
        if GAME.opponent_due(table):
            table, _ = GAME.advance(table)
            seen[table.version] = table
            continue
        seat = GAME.awaiting(table)[0]
        command = GAME.bot_command(table, seat, "greedy", table.version)
        before = secrets_mark(table.game)
        table, _ = GAME.apply(table, seat, command)
        seen[table.version] = table
        revealed = secrets_mark(table.game)[1:] != before[1:]
        offered = GAME.view(table, seat)["undo"]
        if revealed:
            assert offered is None and table.undo == [] and table.barrier is not None
            with pytest.raises(RuleError) as refused:
                GAME.undo_target(table, seat)
            if (secrets_mark(table.game)[0] == before[0] and table.game.turn.stage == "action"
                    and GAME.outcome(table) is None):
                # a card or a die roll in the middle of a turn's actions
                assert table.barrier != TURN_PASSED
                assert refused.value.code == "undo_after_reveal"
                refused_after_reveal += 1
        elif offered == seat:
            target = GAME.undo_target(table, seat)
            back, events = GAME.take_back(table, seat, seen[target])
            assert [e.kind for e in events] == ["command_undone"]
            assert back.version == table.version + 1
            assert GAME.view(back, seat) == {**GAME.view(seen[target], seat),
                                             "version": back.version}
            undone += 1
    assert GAME.outcome(table) is not None
    assert undone > 10 and refused_after_reveal > 0


def test_an_undo_with_fields_or_out_of_turn_is_refused():
    table = start(11, [("order", "ember"), ("council", "barley")])
    with pytest.raises(RuleError) as refused:
        GAME.prepare({"do": "undo", "steps": 2})
    assert refused.value.code == "invalid_command"
    with pytest.raises(RuleError) as refused:
        GAME.apply(table, "p1", {"do": "undo"})
    assert refused.value.code == "not_your_turn"  # starting camps are not taken back
