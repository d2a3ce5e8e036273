"""War for the Crystals played by bots: `legal_commands` agrees with the engine in real
war positions, bots never treat a teammate as an enemy, and games end and replay."""
from __future__ import annotations

from itertools import islice

import pytest

from wildlands.bots.greedy_bot import Scorer
from wildlands.rules.legal import is_accepted, legal_commands
from wildlands.rules.war.state import team_of, war_of
from wildlands.simulation import play_war, replay
from support.commands import key
from test_bots import positions, variants


@pytest.fixture(scope="module")
def war_games():
    return [play_war(seed, bots, max_commands=3000)
            for seed, bots in ((1, ["greedy"] * 4), (2, ["random", "greedy", "random", "greedy"]),
                               (3, ["random"] * 4))]


def test_bots_finish_war_games_and_the_logs_replay(war_games):
    for record in war_games:
        assert record.outcome is not None, record.seed
        assert record.outcome.get("team") in ("t1", "t2") or record.outcome["result"] == "draw"
        replay(record)


def test_every_listed_war_command_is_accepted(war_games):
    checked = 0
    for record in war_games:
        for state, seat in positions(record, every=4):
            for command in legal_commands(state, seat):
                assert is_accepted(state, seat, command), (record.seed, state.version, seat, command)
                checked += 1
    assert checked > 1000


def test_nothing_the_engine_accepts_in_a_war_is_missing(war_games):
    tried = 0
    for record in war_games:
        for state, seat in islice(positions(record, every=7), 0, None, 3):
            listed = legal_commands(state, seat)
            keys = {key(c) for c in listed}
            pool = [v for c in listed for v in variants(state, seat, c)]
            pool += [{"do": "finish"}, {"do": "end_turn"}]
            pool += [{"do": "interrupt", "cards": [c]} for c in state.player(seat).hand]
            for candidate in pool[:120]:
                if key(candidate) not in keys:
                    assert not is_accepted(state, seat, candidate), (
                        f"game {record.seed} v{state.version}: {seat} may send {candidate} "
                        "but legal_commands leaves it out")
                tried += 1
    assert tried > 500


def test_only_the_other_team_is_offered_interrupts(war_games):
    for record in war_games:
        for state, seat in positions(record, every=3):
            war = war_of(state)
            if war.stage != "turn" or state.prompt is not None:
                continue
            offers = [c for c in legal_commands(state, seat) if c.get("do") == "interrupt"]
            if offers:
                assert team_of(state, seat).id != war.active_team


def test_the_greedy_bot_sees_teammates_as_friends_and_walks_to_the_team_shards(war_games):
    state, seat = next((s, p) for s, p in positions(war_games[0])
                       if war_of(s).stage == "turn")
    scorer = Scorer(state, seat)
    team = team_of(state, seat)
    others = {c.space for c in state.characters.values()
              if c.on_board and c.player not in team.players}
    assert set(scorer.enemy_spaces) == others
    assert scorer.goal_spaces == state.player(team.shard_owner).shards


ODD_COMMANDS = [
    {"do": "finish"}, {"do": "end_turn"}, {"do": "undo"}, {"do": "reveal"},
    {"do": "reveal", "character": "nobody"}, {"do": "claim", "character": None, "cards": []},
    {"do": "interrupt", "cards": []}, {"do": "interrupt", "cards": ["nope"]},
    {"do": "move", "character": "nobody", "to": 1, "cards": []},
    {"do": "assign", "spaces": {}}, {"respond": "pass"}, {"respond": "choose", "character": "x"},
    {"do": "reveal_object", "character": "x", "object": "o1"}, {"do": "use_treasure"},
]


def test_odd_commands_in_a_war_are_refused_with_a_code_and_change_nothing(war_games):
    from wildlands.rules.engine import apply
    from wildlands.rules.errors import RuleError
    from wildlands.rules.serialize import state_to_data

    tried = 0
    for state, seat in islice(positions(war_games[0], every=11), 0, None, 2):
        before = state_to_data(state)
        for command in ODD_COMMANDS:
            try:
                apply(state, seat, command)
            except RuleError as error:
                assert error.code
            tried += 1
        for outsider in ("p9", ""):
            with pytest.raises(RuleError):
                apply(state, outsider, {"do": "finish"})
        assert state_to_data(state) == before
    assert tried > 100
