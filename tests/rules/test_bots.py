"""Bots and `legal_commands`: the list agrees with the engine, bots pick from it, and the
greedy bot values what the rules reward (knock-outs, then shards, then damage)."""
from __future__ import annotations

import ast
from itertools import islice
from pathlib import Path

import pytest

from wildlands.bots import make_bot
from wildlands.bots.greedy_bot import GreedyBot, assign_central
from wildlands.bots.random_bot import RandomBot
from wildlands.rules.engine import advance, apply
from wildlands.rules.frames import has_deferred_work
from wildlands.rules.errors import RuleError
from wildlands.rules.legal import is_accepted, legal_commands
from games.platform.rng import Rng, seed_state
from wildlands.rules_cases import build_state
from wildlands.simulation import new_game, play_awoken, play_skirmish
from support.commands import key

REPO = Path(__file__).resolve().parents[2]


# -- helpers -----------------------------------------------------------------------------------
def positions(record, every: int = 1):
    """(state, seat) for every `every`-th position of a recorded game, for each seat."""
    state = new_game(record)
    for i, (seat, command) in enumerate(record.log):
        if state.turn.phase != "setup" and i % every == 0:
            for player in state.player_ids():
                yield state, player
        state, _ = apply(state, seat, command)
        while has_deferred_work(state):
            state, _ = advance(state)


def variants(state, seat, command: dict) -> list:
    """Commands one small change away from `command`: another card, one card more or fewer,
    another destination, target, space or character. Near the edge of what is legal, so
    they find anything `legal_commands` leaves out."""
    board = state.board
    hand = state.player(seat).hand
    figures = [*state.characters, *state.monsters]
    found = []
    cards = command.get("cards")
    if cards is not None:
        others = [c for c in hand if c not in cards]
        for i in range(len(cards)):
            found += [{**command, "cards": cards[:i] + [c] + cards[i + 1:]} for c in others]
            if len(cards) > 1:
                found.append({**command, "cards": cards[:i] + cards[i + 1:]})
        found += [{**command, "cards": cards + [c]} for c in others]
    character = state.characters.get(command.get("character"))
    near = board.spaces
    if character is not None and character.space is not None:
        near = sorted(board.within(character.space, 3))
    if isinstance(command.get("to"), int):
        found += [{**command, "to": s} for s in near]
    if isinstance(command.get("to"), dict):
        for name in list(command["to"]) + [command["character"], command["with"]]:
            mover = state.characters[name]
            for s in sorted(board.within(mover.space, 2)):
                found.append({**command, "to": {**command["to"], name: s}})
        if len(command["to"]) == 2:
            for name in command["to"]:
                found.append({**command, "to": {k: v for k, v in command["to"].items() if k != name}})
    if "space" in command and "do" in command:
        found += [{**command, "space": s} for s in near]
    if "target" in command:
        found += [{**command, "target": f} for f in figures]
    if "character" in command:
        found += [{**command, "character": c} for c in state.characters]
    if "with" in command:
        found += [{**command, "with": c} for c in state.characters]
    if "discard" in command:
        found += [{**command, "discard": c} for c in hand]
        found.append({k: v for k, v in command.items() if k != "discard"})
    if "object" in command and state.mode_state is not None:
        found += [{**command, "object": o} for o in state.mode_state.objects]
    return found


def case(players, *, board=None, active="p1", **extra):
    board = board or {"bounds": [0, 0, 30, 10],
                      "spaces": [{"n": 1, "at": [5, 5]}, {"n": 2, "at": [15, 5]},
                                 {"n": 3, "at": [25, 5]}],
                      "open": [[1, 2], [2, 3]]}
    return build_state({"board": board, "players": players, "active": active, **extra}, "test")


# -- legal_commands agrees with the engine -----------------------------------------------------
@pytest.fixture(scope="module")
def recorded_games():
    skirmishes = [play_skirmish(seed, bots, map_name=name, max_commands=600)
                  for seed, bots, name in ((3, ["greedy", "random"], "dungeon"),
                                           (4, ["random", "random"], "ruins"),
                                           (5, ["random", "greedy"], "ruins"),
                                           (6, ["greedy", "greedy"], "grid"))]
    awoken = [play_awoken(seed, ["awoken"] * len(scenarios), scenarios, easy=True)
              for seed, scenarios in ((1, ["magus"]), (2, ["tyrant", "phantasm"]),
                                      (3, ["automaton", "lizardman"]))]
    return skirmishes + awoken


def test_every_listed_command_is_accepted(recorded_games):
    checked = 0
    for record in recorded_games:
        for state, seat in positions(record, every=3):
            for command in legal_commands(state, seat):
                assert is_accepted(state, seat, command), (record.seed, state.version, seat, command)
                checked += 1
    assert checked > 2000


def test_nothing_the_engine_accepts_is_missing(recorded_games):
    """Every accepted command near a listed one (one card, space or target changed) is listed."""
    holder = type("Holder", (), {"rng": seed_state(11)})
    rng = Rng(holder)
    tried = 0
    for record in recorded_games:
        for state, seat in islice(positions(record, every=5), 0, None, 2):
            listed = legal_commands(state, seat)
            keys = {key(c) for c in listed}
            assert len(keys) == len(listed), "a command is listed twice"
            pool = [v for c in listed for v in variants(state, seat, c)]
            sample = pool if len(pool) <= 150 else [rng.choice(pool) for _ in range(150)]
            for candidate in sample:
                if key(candidate) not in keys:
                    assert not is_accepted(state, seat, candidate), (
                        f"game {record.seed} v{state.version}: {seat} may send {candidate} "
                        "but legal_commands leaves it out")
                tried += 1
    assert tried > 3000


def test_prompt_answers_and_interrupts_are_exactly_the_accepted_ones(recorded_games):
    """Where few commands are possible (a prompt, an interrupt chance), try them all."""
    seen = set()
    for record in recorded_games:
        for state, seat in positions(record):
            listed = legal_commands(state, seat)
            if state.prompt is None and (seat == state.turn.actor or {"do": "end_turn"} in listed):
                continue  # the seat's own turn: the other tests cover it
            hand = state.player(seat).hand
            everything = [{"respond": "pass"}]
            everything += [{"respond": "choose", "character": c} for c in state.characters]
            everything += [{"respond": "choose", "figure": m} for m in state.monsters]
            everything += [{"respond": "defend", "character": f, "cards": [c]}
                           for f in state.characters for c in hand]
            everything += [{"do": a, "cards": [c]} for a in ("interrupt", "draw_two") for c in hand]
            everything += [c for c in listed if c.get("do") == "use_treasure"]  # The Awoken
            accepted = {key(c) for c in everything if is_accepted(state, seat, c)}
            assert accepted == {key(c) for c in listed}, (record.seed, state.version, seat,
                                                          state.prompt)
            seen.add(state.prompt.kind if state.prompt else "interrupt" if listed else "waiting")
    assert {"defend", "interrupt", "interrupt_window", "waiting", "choose"} <= seen


def test_the_awoken_adds_its_own_commands(recorded_games):
    offered = {c.get("do") or c.get("respond")
               for record in recorded_games if record.mode == "awoken"
               for state, seat in positions(record, every=2)
               for c in legal_commands(state, seat)}
    assert {"reveal_object", "claim", "use_treasure", "interrupt"} <= offered
    assert "reveal" not in offered  # every character starts on the board


def test_setup_offers_an_assignment_the_engine_accepts():
    record = play_skirmish(1, ["random", "random"], map_name="dungeon", max_commands=0)
    state = new_game(record)
    (command,) = legal_commands(state, "p1")
    assert command["do"] == "assign" and is_accepted(state, "p1", command)


def test_a_seat_that_must_wait_has_nothing_to_do():
    state = case([{"id": "p1", "characters": [{"id": "a", "space": 1}],
                   "hand": [{"id": "c1", "icons": {"a": None}}, {"id": "w1", "wild": True}]},
                  {"id": "p2", "characters": [{"id": "x", "space": 3}],
                   "hand": [{"id": "w2", "wild": True}]}])
    assert legal_commands(state, "p2") == []  # nothing has happened yet to interrupt
    state, _ = apply(state, "p1", {"do": "move", "character": "a", "to": 2, "cards": ["c1"]})
    assert legal_commands(state, "p2") == [{"do": "interrupt", "cards": ["w2"]}]
    assert legal_commands(state, "nobody") == []


def test_the_active_player_must_reveal_before_anything_else():
    state = case([{"id": "p1", "characters": [{"id": "a", "assigned": 1}, {"id": "b", "assigned": 2}],
                   "hand": [{"id": "w1", "wild": True}]},
                  {"id": "p2", "characters": [{"id": "x", "space": 3}]}])
    assert legal_commands(state, "p1") == [{"do": "reveal", "character": "a"},
                                           {"do": "reveal", "character": "b"}]


def test_climbing_lists_pairs_of_cards():
    board = {"bounds": [0, 0, 20, 10], "spaces": [{"n": 1, "at": [5, 5]},
                                                  {"n": 2, "at": [15, 5], "high": True}],
             "open": [[1, 2]]}
    state = case([{"id": "p1", "characters": [{"id": "a", "space": 1}],
                   "hand": [{"id": "c1", "icons": {"a": None}}, {"id": "c2", "icons": {"a": None}},
                            {"id": "w1", "wild": True}]},
                  {"id": "p2", "characters": [{"id": "x", "space": 2}]}], board=board)
    moves = [c for c in legal_commands(state, "p1") if c["do"] == "move"]
    assert sorted(tuple(c["cards"]) for c in moves) == [("c1", "c2"), ("c1", "w1"), ("c2", "w1")]


def test_rallies_list_every_way_to_pay_for_climbs():
    """Two friends below two high spaces: each climb needs one more card that moves that
    character, and a second rally card pays both. Compared with every subset of the hand."""
    board = {"bounds": [0, 0, 20, 20],
             "spaces": [{"n": 1, "at": [5, 5]}, {"n": 2, "at": [15, 5]},
                        {"n": 3, "at": [5, 15], "high": True}, {"n": 4, "at": [15, 15], "high": True}],
             "open": [[1, 2], [1, 3], [2, 4]]}
    hand = [{"id": "r1", "icons": {"a": "rally"}}, {"id": "r2", "icons": {"a": "rally"}},
            {"id": "c1", "icons": {"a": None}}, {"id": "c2", "icons": {"b": None}},
            {"id": "w1", "wild": True}]
    state = case([{"id": "p1", "characters": [{"id": "a", "space": 1}, {"id": "b", "space": 2}],
                   "hand": hand},
                  {"id": "p2", "characters": [{"id": "x", "space": 4}]}], board=board)
    ids = [c["id"] for c in hand]
    subsets = [[c] for c in ids] + [[c, d] for i, c in enumerate(ids) for d in ids[i + 1:]]
    subsets += [[c, d, e] for i, c in enumerate(ids) for j, d in enumerate(ids[i + 1:], i + 1)
                for e in ids[j + 1:]]
    moves = [{"a": s} for s in (1, 2, 3, 4)] + [{"b": s} for s in (1, 2, 3, 4)]
    moves += [{"a": s, "b": t} for s in (1, 2, 3, 4) for t in (1, 2, 3, 4)]
    accepted = set()
    for leader, friend in (("a", "b"), ("b", "a")):
        for to in moves:
            for cards in subsets:
                command = {"do": "rally", "character": leader, "with": friend, "to": to,
                           "cards": cards}
                if is_accepted(state, "p1", command):
                    accepted.add(key(command))
    listed = {key(c) for c in legal_commands(state, "p1") if c["do"] == "rally"}
    assert listed == accepted
    both_climb = {"do": "rally", "character": "a", "with": "b", "to": {"a": 3, "b": 4}}
    assert key({**both_climb, "cards": ["r1", "r2"]}) in listed


# -- bots only send legal commands -------------------------------------------------------------
class Checked:
    """Wraps a bot and fails the test if it returns anything not offered to it."""

    def __init__(self, bot):
        self.bot, self.name = bot, bot.name

    def choose(self, state, seat, legal, optional=False):
        command = self.bot.choose(state, seat, legal, optional)
        if command is None:
            assert optional, f"{self.name} declined a decision it had to make"
        elif state.turn.phase == "setup":
            assert is_accepted(state, seat, command)
        else:
            assert command in legal, f"{self.name} sent {command}, not among its legal commands"
        return command


def test_bots_send_only_legal_commands_in_50_games():
    maps = ("dungeon", "ruins", "grid")
    pairings = (("greedy", "random"), ("random", "greedy"), ("greedy", "greedy"),
                ("random", "random"))
    for seed in range(50):
        names = pairings[seed % len(pairings)]
        bots = [Checked(make_bot(name, seed * 10 + i)) for i, name in enumerate(names)]
        try:
            play_skirmish(seed, bots, map_name=maps[seed % len(maps)], max_commands=1500)
        except RuleError as error:  # pragma: no cover - the failure message is the point
            pytest.fail(f"game {seed}: a bot's command was refused: {error}")


def test_bots_are_deterministic_for_a_seed():
    first = play_skirmish(9, ["random", "greedy"], map_name="dungeon")
    again = play_skirmish(9, ["random", "greedy"], map_name="dungeon")
    assert first.log == again.log and first.final_digest == again.final_digest


def test_bots_never_use_the_module_level_random():
    for path in (REPO / "wildlands" / "bots").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.split(".")[0] == "random" for n in names), path.name


def test_unknown_bot_names_are_refused_clearly():
    with pytest.raises(ValueError, match="known: awoken, greedy, random"):
        make_bot("clever", 1)


# -- what the greedy bot values ----------------------------------------------------------------
def greedy_position(p1_hand, *, x_health=1):
    """p1's a (space 1) faces p2's x in the same space; p1's b stands on p1's shard (space 2)."""
    return case([{"id": "p1", "characters": [{"id": "a", "health": 2, "space": 1},
                                             {"id": "b", "health": 2, "space": 2}],
                  "hand": p1_hand, "shards": [2]},
                 {"id": "p2", "characters": [{"id": "x", "health": x_health, "space": 1},
                                             {"id": "y", "health": 3, "space": 3}],
                  "hand": [{"id": "z1", "icons": {"x": "melee"}}]}])


def best(state, seat="p1"):
    return GreedyBot(1).choose(state, seat, legal_commands(state, seat))


THREE_B = [{"id": f"b{i}", "icons": {"b": None}} for i in range(3)]


def test_greedy_knocks_out_before_claiming():
    state = greedy_position([{"id": "m1", "icons": {"a": "melee"}}, *THREE_B])
    assert best(state) == {"do": "melee", "character": "a", "target": "x", "cards": ["m1"]}


def test_greedy_claims_before_dealing_damage():
    state = greedy_position([{"id": "m1", "icons": {"a": "melee"}}, *THREE_B], x_health=3)
    assert best(state)["do"] == "claim"


def test_greedy_deals_damage_before_moving():
    state = greedy_position([{"id": "m1", "icons": {"a": "melee"}},
                             {"id": "c1", "icons": {"a": None}}], x_health=3)
    assert best(state)["do"] == "melee"


def test_greedy_moves_toward_its_shard_then_ends_its_turn():
    state = greedy_position([{"id": "c1", "icons": {"a": None}}], x_health=3)
    assert best(state) == {"do": "move", "character": "a", "to": 2, "cards": ["c1"]}
    state, _ = apply(state, "p1", best(state))
    assert best(state) == {"do": "end_turn"}


def test_greedy_defends_whenever_it_can():
    state = greedy_position([{"id": "m1", "icons": {"a": "melee"}}], x_health=3)
    state, _ = apply(state, "p1", {"do": "melee", "character": "a", "target": "x", "cards": ["m1"]})
    assert state.prompt.kind == "defend" and state.prompt.to == "p2"
    assert best(state, "p2") == {"respond": "defend", "character": "x", "cards": ["z1"]}


def test_greedy_puts_the_sturdiest_in_harms_way_when_it_chooses():
    state = case([{"id": "p1", "characters": [{"id": "a", "space": 1}],
                   "hand": [{"id": "m1", "icons": {"a": "melee"}}]},
                  {"id": "p2", "characters": [{"id": "x", "health": 1, "space": 1},
                                              {"id": "y", "health": 4, "space": 1}]}])
    state, _ = apply(state, "p1", {"do": "melee", "character": "a", "target": "x", "cards": ["m1"]})
    assert state.prompt.kind == "choose"
    assert best(state, "p2") == {"respond": "choose", "character": "y"}


def test_greedy_setup_places_characters_centrally_and_legally():
    record = play_skirmish(2, ["greedy", "greedy"], map_name="dungeon", max_commands=0)
    state = new_game(record)
    command = assign_central(state, "p1")
    assert is_accepted(state, "p1", command)
    board = state.board

    def remoteness(space):
        return sum(board.distance(space, other) for other in board.spaces)

    used = set(command["spaces"].values())
    left = set(state.player("p1").map_cards) - used
    assert max(map(remoteness, used)) <= min(map(remoteness, left))


def test_random_bot_ends_turns_so_games_finish():
    record = play_skirmish(12, [RandomBot(1), RandomBot(2)], map_name="dungeon")
    assert record.finished and record.rounds > 1
