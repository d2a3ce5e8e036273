"""Taking a move back on the site (games/undo.py): through the game's websocket an undo is
stored as a new version with a `command_undone` event, the partner receives it, and the
stored log still replays to the stored state (games/history.py)."""
from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games import services
from games.history import history_problems, state_at
from games.models import Game, GameCommand
from games.platform.errors import RuleError
from wildlands.rules.legal import legal_commands
from wildlands.rules.serialize import state_to_data
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, communicator, connect_seated, current_state, eager_celery,
    receive_until, start_coop, start_skirmish)

db = database_sync_to_async


def _a_move(state, seat: str) -> dict:
    """A plain move for `seat` (a move reveals nothing, so it may be taken back)."""
    return next(c for c in legal_commands(state, seat) if c["do"] == "move")


def _play(game, user, seat: str, command=None) -> dict:
    state = current_state(game.id)
    command = command or _a_move(state, seat)
    services.game_apply_command(game_id=game.id, user=user, expected_version=state.version,
                                command=command)
    return command


def _without_version(state) -> dict:
    data = state_to_data(state)
    data.pop("version")
    return data


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_an_undo_through_the_socket_is_stored_and_reaches_the_partner(owner, teammate):
    game = await db(start_coop)(owner, teammate)
    before = await db(current_state)(game.id)
    await db(_play)(game, owner, "p1")
    mira, partner = communicator(game.id, owner), communicator(game.id, teammate)
    await connect_seated(mira)
    await connect_seated(partner)

    await mira.send_json_to({"type": "command", "id": "u1", "expected_version": before.version + 1,
                             "command": {"do": "undo"}})

    ack = await receive_until(mira, lambda m: m["type"] in ("ack", "rejected"))
    assert ack == {"type": "ack", "id": "u1", "version": before.version + 2}
    seen = await receive_until(partner, lambda m: m["type"] == "update")
    assert seen["version"] == before.version + 2
    assert [e["kind"] for e in seen["events"]] == ["command_undone"]
    undone = seen["events"][0]
    assert (undone["player"], undone["back_to"]) == ("p1", before.version)
    after = await db(current_state)(game.id)
    assert _without_version(after) == _without_version(before)
    stored = await db(Game.objects.get)(pk=game.id)
    assert stored.version == before.version + 2
    rows = await db(lambda: list(GameCommand.objects.filter(game=stored)
                                 .order_by("version").values_list("command", flat=True)))()
    assert rows[-1] == {"do": "undo"}
    assert await db(history_problems)(stored) == []
    await mira.disconnect()
    await partner.disconnect()


@pytest.mark.django_db
def test_two_undos_take_back_two_moves_and_the_log_still_replays(owner, teammate):
    game = start_coop(owner, teammate)
    start = current_state(game.id)
    _play(game, owner, "p1")
    _play(game, owner, "p1")

    for _ in range(2):
        state = current_state(game.id)
        services.game_apply_command(game_id=game.id, user=owner,
                                    expected_version=state.version, command={"do": "undo"})

    game.refresh_from_db()
    assert _without_version(current_state(game.id)) == _without_version(start)
    assert history_problems(game) == []
    assert _without_version(state_at(game, game.version)) == _without_version(start)


@pytest.mark.django_db
def test_after_an_undo_the_game_goes_on_and_still_replays(owner, teammate):
    game = start_coop(owner, teammate)
    _play(game, owner, "p1")
    state = current_state(game.id)
    services.game_apply_command(game_id=game.id, user=owner, expected_version=state.version,
                                command={"do": "undo"})
    _play(game, teammate, "p2")
    _play(game, owner, "p1", {"do": "end_turn"})

    game.refresh_from_db()
    assert history_problems(game) == []


@pytest.mark.django_db
def test_a_move_cannot_be_taken_back_once_the_partner_has_played(owner, teammate):
    game = start_coop(owner, teammate)
    _play(game, owner, "p1")
    _play(game, teammate, "p2")
    state = current_state(game.id)

    with pytest.raises(RuleError) as refused:
        services.game_apply_command(game_id=game.id, user=owner, expected_version=state.version,
                                    command={"do": "undo"})

    assert refused.value.code == "partner_acted_since"
    game.refresh_from_db()
    assert game.version == state.version  # nothing stored
    # the partner may take theirs back, and then the first player theirs
    services.game_apply_command(game_id=game.id, user=teammate, expected_version=state.version,
                                command={"do": "undo"})
    services.game_apply_command(game_id=game.id, user=owner, expected_version=state.version + 1,
                                command={"do": "undo"})
    game.refresh_from_db()
    assert history_problems(game) == []


@pytest.mark.django_db
def test_nothing_from_before_the_ancients_turn_can_be_taken_back(owner, teammate):
    game = start_coop(owner, teammate)
    _play(game, owner, "p1")
    _play(game, owner, "p1", {"do": "end_turn"})  # every player draws: hidden cards seen
    state = current_state(game.id)

    with pytest.raises(RuleError) as refused:
        services.game_apply_command(game_id=game.id, user=owner, expected_version=state.version,
                                    command={"do": "undo"})

    assert refused.value.code in ("not_your_turn", "nothing_to_undo")


@pytest.mark.django_db
def test_a_skirmish_has_no_undo(owner, teammate):
    game = start_skirmish(owner, teammate)
    state = current_state(game.id)
    seat = state.turn.actor
    user = owner if seat == "p1" else teammate

    with pytest.raises(RuleError) as refused:
        services.game_apply_command(game_id=game.id, user=user, expected_version=state.version,
                                    command={"do": "undo"})

    assert refused.value.code == "action_not_allowed"


@pytest.mark.django_db
def test_an_undo_with_fields_is_refused_as_malformed(owner, teammate):
    game = start_coop(owner, teammate)
    _play(game, owner, "p1")
    state = current_state(game.id)

    with pytest.raises(RuleError) as refused:
        services.game_apply_command(game_id=game.id, user=owner, expected_version=state.version,
                                    command={"do": "undo", "steps": 5})

    assert refused.value.code == "invalid_command"
    game.refresh_from_db()
    assert game.version == state.version
