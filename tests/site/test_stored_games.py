"""Games stored before the platform change (commit 6d8a5df) still load, replay and play on.

`data/stored_games_6d8a5df.json.gz` holds real games of every mode (solo with an undo,
co-op mid-game, co-op with the bot partner on hard, skirmishes, The Wrath, four- and
five-player wars) as that commit's services stored them (`data/make_stored_games.py`
made it). Their rows go in as they were, the migrations' data changes run over them as
`migrate` would, and then each game must replay from its log to its stored snapshot with
the very events it stored, show its replay, and a started game must take its next command.
"""
from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest
from django.apps import apps
from django.db.migrations import RunPython
from django.urls import reverse

from games.models import Game, GameCommand, GameEvent
from games.platform import registry
from support.stored_rows import load_rows

DATA = Path(__file__).parent / "data" / "stored_games_6d8a5df.json.gz"


def _load_rows() -> list[Game]:
    load_rows(DATA)
    _migrate_stored_data()
    return list(Game.objects.order_by("seed"))


def _migrate_stored_data() -> None:
    """Run the data migrations of `games` written after the rows were stored (after 0006),
    in order, as `migrate` would have run them over those rows."""
    folder = Path(apps.get_app_config("games").path) / "migrations"
    for path in sorted(folder.glob("0*.py")):
        if path.stem <= "0006":
            continue
        module = importlib.import_module(f"games.migrations.{path.stem}")
        for operation in module.Migration.operations:
            if isinstance(operation, RunPython):
                operation.code(apps, None)


def _json_ready(data):
    return json.loads(json.dumps(data, default=list))


@pytest.fixture
def stored(db):
    return _load_rows()


def test_every_mode_is_in_the_stored_games(stored):
    assert {g.mode for g in stored} == {"solo", "coop", "skirmish", "wrath", "war"}
    assert any(g.status == Game.Status.PLAYING for g in stored)
    assert GameCommand.objects.filter(command__do="undo").exists()


def test_each_stored_game_replays_its_log_to_its_snapshot_with_the_same_events(stored):
    for game in stored:
        definition = registry.get(game.mode)
        state = definition.state_from_data(game.initial_snapshot)
        events = list(GameEvent.objects.filter(game=game).order_by("seq"))
        replayed: list[tuple[str, dict]] = []
        snapshot_matched = state.version == game.snapshot["version"]
        for row in GameCommand.objects.filter(game=game).order_by("version"):
            if row.command.get("do") == "undo":
                target = definition.undo_target(state, row.seat)
                earlier = definition.state_from_data(game.initial_snapshot)
                for back in GameCommand.objects.filter(game=game, version__lte=target).order_by("version"):
                    earlier = _step(definition, earlier, back, game)
                state, new_events = definition.take_back(state, row.seat, earlier)
            elif row.seat:
                state, new_events = definition.apply(state, row.seat, row.command)
            else:
                state, new_events = definition.advance(state)
            assert state.version == row.version
            if state.version == game.snapshot["version"]:  # stored every few versions
                assert definition.state_to_data(state) == game.snapshot, game.mode
                snapshot_matched = True
            replayed += [(e.kind, _json_ready(dict(e.data))) for e in new_events]
        assert snapshot_matched and state.version == game.version, game.mode
        stored_events = [(e.kind, e.data) for e in events if e.version > game.initial_snapshot["version"]]
        assert replayed == stored_events, game.mode


def _step(definition, state, row, game):
    if row.command.get("do") == "undo":
        raise AssertionError("an undo inside an undo's replay: not in these games")
    if row.seat:
        return definition.apply(state, row.seat, row.command)[0]
    return definition.advance(state)[0]


def test_each_stored_game_shows_its_whole_replay(stored, client):
    for game in stored:
        seat = game.seats.filter(user__isnull=False).first()
        client.force_login(seat.user)
        total = game.version - game.initial_snapshot["version"] + 1
        seen = 0
        while seen < total:
            page = client.get(reverse("games:replay_steps", args=[game.id]),
                              {"start": seen, "count": 50})
            assert page.status_code == 200, game.mode
            steps = page.json()["steps"]
            assert steps, (game.mode, seen)
            seen += len(steps)
        assert page.json()["total"] == total


def test_the_stored_game_in_play_takes_its_next_command(stored):
    from games import services  # the store under test
    game = next(g for g in stored if g.status == Game.Status.PLAYING)
    definition = registry.get(game.mode)
    state = definition.state_from_data(game.snapshot)  # stored every few versions
    for row in GameCommand.objects.filter(game=game, version__gt=state.version).order_by("version"):
        state = _step(definition, state, row, game)
    assert state.version == game.version
    seat = next(s for s in game.seats.filter(user__isnull=False) if s.seat in game.awaiting)
    command = definition.legal_commands(state, seat.seat)[0]
    result = services.game_apply_command(game_id=game.id, user=seat.user,
                                         expected_version=game.version, command=command)
    assert result.version == game.version + 1
