"""The engine's promises, checked on positions from real bot games: every listed command is
accepted, a refused one changes nothing, a state survives storage exactly, a view hides
what its seat may not see, and the machines' turn runs only when it is due."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from defenders import bots
from defenders.content_loader import load_content
from defenders.rules.engine import advance, apply
from defenders.rules.legal import legal_commands
from defenders.rules.serialize import state_from_data, state_to_data
from defenders.rules.setup import camp_starts, new_game
from defenders.rules.turns import awaiting
from defenders.rules.view import view_for
from defenders.rules.errors import RuleError
from games.platform.rng import Rng, seed_state

REPO = Path(__file__).resolve().parents[2]


class _Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def two_player_game(seed: int = 7):
    state, _ = new_game(load_content(), ["p1", "p2"], {"p1": ["order"], "p2": ["coven"]},
                        seed=seed)
    return state


def positions(seed: int, players: int = 2, limit: int = 400):
    """States met in one bot game, with the seat to move (None: the machines)."""
    factions = {1: {"p1": ["council", "sect"]}, 2: {"p1": ["order"], "p2": ["coven"]},
                4: {"p1": ["order"], "p2": ["council"], "p3": ["coven"], "p4": ["sect"]}}[players]
    state, _ = new_game(load_content(), list(factions), factions, seed=seed)
    rng = Rng(_Seed(seed))
    for _ in range(limit):
        if state.outcome is not None:
            return
        waiting = awaiting(state)
        if waiting == ["machines"]:
            yield state, None
            state, _ = advance(state)
            continue
        yield state, waiting[0]
        seat = waiting[0]
        state, _ = apply(state, seat, bots.choose(state, seat, legal_commands(state, seat), rng))


def dump(state) -> str:
    return json.dumps(state_to_data(state), sort_keys=True)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_legal_command_is_accepted(players: int) -> None:
    checked = 0
    for state, seat in positions(seed=3, players=players, limit=250):
        if seat is None:
            continue
        for command in legal_commands(state, seat):
            apply(state, seat, command)  # raises if refused
            checked += 1
    assert checked > 100


def test_a_refused_command_changes_nothing() -> None:
    for state, seat in positions(seed=5, limit=120):
        if seat is None:
            continue
        before = dump(state)
        for bad in ({"do": "move", "to": [9, 9]}, {"do": "fly"}, {"do": "build_camp", "x": 1},
                    {"do": "breach", "edge": [[0, 0], [5, 5]]}, "move", {"do": "choose"}):
            with pytest.raises(RuleError):
                apply(state, seat, bad)
        assert dump(state) == before


def test_a_state_round_trips_through_storage_exactly() -> None:
    for state, _ in positions(seed=11, limit=300):
        data = state_to_data(state)
        assert json.loads(json.dumps(data)) == data  # JSON-ready
        assert state_to_data(state_from_data(data)) == data


def test_the_machines_turn_runs_only_when_due() -> None:
    state = two_player_game()
    same, events = advance(state)
    assert same is state and events == []
    for s, seat in positions(seed=2, limit=200):
        if seat is None:
            after, events = advance(s)
            assert after.version == s.version + 1
            assert events[0].kind == "machines_turn_started"
            assert awaiting(after) != ["machines"]
            return
    pytest.fail("no machine turn was met")


def test_nobody_may_act_while_the_machines_take_their_turn() -> None:
    for state, seat in positions(seed=2, limit=200):
        if seat is None:
            with pytest.raises(RuleError) as refused:
                apply(state, state.seats[0].id, {"do": "end_turn"})
            assert refused.value.code == "not_your_turn"
            return


def test_a_view_hides_other_hands_the_picks_until_all_have_picked_and_the_decks() -> None:
    state = two_player_game()
    for f in list(state.factions.values()):
        state, _ = apply(state, f.seat, {"do": "start_camp", "faction": f.id,
                                         "hex": list(camp_starts(state, f.id)[0])})
    card = state.seat("p1").hand[0]
    state, events = apply(state, "p1", {"do": "choose", "card": card})
    mine, theirs = view_for(state, "p1"), view_for(state, "p2")
    assert [c["id"] for c in mine["seats"][0]["hand"]] == state.seat("p1").hand
    assert "hand" not in theirs["seats"][0] and theirs["seats"][0]["hand_size"] == 2
    assert mine["seats"][0]["chosen"] == card and "chosen" not in theirs["seats"][0]
    order = next(f for f in theirs["factions"] if f["id"] == "order")
    assert order["face_down"] == 1 and card not in [c["id"] for c in order["exhausted"]]
    text = json.dumps(theirs)
    assert "rng" not in theirs and "deck" not in order and '"machine_deck"' not in text
    private = [e for e in events if e.kind == "defender_chosen_privately"]
    assert private and not private[0].visible_to("p2")
    state, _ = apply(state, "p2", {"do": "choose", "card": state.seat("p2").hand[0]})
    assert view_for(state, "p2")["seats"][0]["chosen"] == card  # revealed together


PURE = [REPO / "defenders" / "rules", REPO / "defenders" / "bots.py",
        REPO / "defenders" / "simulate.py"]


def _imports(path: Path) -> list:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append(node.module)
    return found


def test_the_rules_core_imports_no_django_and_no_module_random() -> None:
    files = [p for root in PURE for p in ([root] if root.is_file() else root.rglob("*.py"))]
    bad = [(p.name, m) for p in files for m in _imports(p)
           if m.split(".")[0] in ("django", "random", "celery", "channels", "yaml", "pathlib")
           or m == "defenders.content_loader" and p.parent.name == "rules"]
    assert files and bad == []


JUNK = [None, 0, -1, True, "x", [], [0], [0, 0], [9, 9], [[0, 0], [1, 0]], {"hex": [1, 0]},
        {"hex": [1, 0], "side": 9}, [1, "a"], {"a": 1}, 3.5]


def test_mangled_commands_are_refused_cleanly_and_change_nothing() -> None:
    """Every field of every legal command swapped for junk: accepted or a RuleError, never a
    crash, and the state passed in is never changed."""
    rng = Rng(_Seed(99))
    tried = 0
    for state, seat in positions(seed=13, players=2, limit=160):
        if seat is None:
            continue
        before = dump(state)
        for command in legal_commands(state, seat)[:6]:
            for key in command:
                mangled = dict(command)
                mangled[key] = JUNK[rng.below(len(JUNK))]
                try:
                    apply(state, seat, mangled)
                except RuleError:
                    pass
                tried += 1
        assert dump(state) == before
    assert tried > 300


def _candidates(state, seat) -> list:
    """Many commands, most of them wrong: every hex, edge, card and item in simple shapes."""
    from defenders.rules.hexes import board_hexes, edges_of
    hexes = [list(h) for h in board_hexes()]
    found: list = [{"do": d} for d in ("build_camp", "clear_pollution", "heal", "destroy_mech",
                                        "rewild", "gain_item", "end_turn")]
    for h in hexes:
        found += [{"do": "move", "to": h}, {"do": "regroup", "to": h}]
        found += [{"do": "start_camp", "faction": f, "hex": h} for f in state.factions]
        found += [{"do": "use_item", "item": "maps", "effect": e, "to": h}
                  for e in ("move", "regroup")]
    for f in state.factions.values():
        if f.at is not None:
            for e in edges_of(f.at):
                edge_data = [list(e[0]), list(e[1])]
                found += [{"do": "breach", "edge": edge_data},
                          {"do": "use_item", "item": "rockets", "effect": "breach",
                           "edge": edge_data}]
            found.append({"do": "use_item", "item": "rockets", "effect": "destroy",
                          "at": list(f.at)})
        found.append({"do": "choose", "from_deck": f.id})
    found += [{"do": "use_item", "item": "bread"},
              {"do": "use_item", "item": "potions", "effect": "heal"},
              {"do": "use_item", "item": "potions", "effect": "clear"}]
    for card in state.seat(seat).hand:
        found += [{"do": "choose", "card": card}, {"do": "team_up", "card": card}]
    return found


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_accepted_command_of_these_shapes_is_listed(players: int) -> None:
    checked = 0
    for state, seat in positions(seed=21, players=players, limit=220):
        if seat is None:
            continue
        legal = legal_commands(state, seat)
        for command in _candidates(state, seat):
            try:
                apply(state, seat, command)
            except RuleError:
                continue
            checked += 1
            assert command in legal, (command, state.turn.stage)
    assert checked > 100


@pytest.mark.parametrize("players", [1, 2, 4])
def test_nothing_is_lost_or_made_during_a_game(players: int) -> None:
    """Every defender card is in exactly one place (a hand, a deck, an exhaustion pile, under
    a death token); at most 20 mechs, 6 toxic sites and 12 breach markers are out; a hex never
    holds both pollution and a toxic site, nor 3 pollution."""
    for seed in (31, 32):
        for state, _ in positions(seed=seed, players=players, limit=600):
            places = [c for s in state.seats for c in s.hand]
            for f in state.factions.values():
                places += f.deck + f.exhausted
            places += [c for dead in state.deaths.values() for c in dead]
            assert sorted(places) == sorted(state.catalog.defenders)
            assert sum(state.mechs.values()) <= 20 and len(state.toxic) <= 6
            assert all(0 < n < 3 for n in state.pollution.values())
            assert not set(state.pollution) & state.toxic
            markers = sum(f.breaches_left for f in state.factions.values())
            assert markers + len(state.breaches) == 6 * len(state.factions) if players < 3 \
                else markers + len(state.breaches) == 12
