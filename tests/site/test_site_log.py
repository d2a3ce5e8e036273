"""The game's log over the websocket: a socket's first update carries the recent history and
`log_before` pages further back, both filtered per seat exactly like live updates (another
seat's secret events are bare placeholders, its unseen cards never named), and a bad request
is answered with a stable code and changes nothing."""
from __future__ import annotations

import json
import random

import pytest
from channels.db import database_sync_to_async

from games import game_log, selectors, services
from games.models import Game, GameEvent
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, communicator, connect_seated, current_state, eager_celery, receive,
    receive_until, random_legal_command, start_skirmish)

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

db = database_sync_to_async


def _played_skirmish(owner, teammate, moves: int = 12) -> Game:
    """A skirmish some moves in (random legal commands, the same ones every run)."""
    game = start_skirmish(owner, teammate)
    users = {"p1": owner, "p2": teammate}
    rng = random.Random(13)
    for _ in range(moves):
        state = current_state(game.id)
        picked = random_legal_command(state, rng)
        if picked is None:
            break
        seat, command = picked
        services.game_apply_command(game_id=game.id, user=users[seat],
                                    expected_version=state.version, command=command)
    game.refresh_from_db()
    return game


def _as_seen_by(game_id, seat: str, first: int, last: int) -> list[dict]:
    rows = GameEvent.objects.filter(game_id=game_id, seq__gte=first, seq__lte=last).order_by("seq")
    return selectors.events_for_seat(rows, seat)


def _unseen_cards_of_p2(game_id) -> set[str]:
    """p2's cards that were never public: only ever in p2's hand or deck."""
    state = current_state(game_id)
    public = {c for p in state.players for c in p.discard}
    for row in GameEvent.objects.filter(game_id=game_id, kind="card_played"):
        public.update([row.data.get("card"), *(row.data.get("cards") or [])])
    p2 = state.player("p2")
    return {c for c in (*p2.hand, *p2.deck)} - public


async def test_the_first_update_carries_the_game_so_far_as_the_seat_may_see_it(owner, teammate):
    game = await db(_played_skirmish)(owner, teammate)
    assert game.last_seq <= game_log.LOG_PAGE_SIZE  # the whole game fits the first page
    comm = communicator(game.id, owner)

    update = await connect_seated(comm)

    log = update["log"]
    assert log["first_seq"] == 1 and log["last_seq"] == game.last_seq and log["more"] is False
    assert log["events"] == await db(_as_seen_by)(game.id, "p1", 1, game.last_seq)
    hidden = [e for e in log["events"] if e["kind"] == "hidden"]
    assert hidden and all(e.keys() == {"seq", "kind"} for e in hidden)  # p2's hand and map cards
    text = json.dumps(update)
    assert not [c for c in await db(_unseen_cards_of_p2)(game.id) if f'"{c}"' in text]
    # what the cards named in the log do, so the page need not show their ids
    named = {c for e in log["events"] if e["kind"] == "card_played"
             for c in [e.get("card"), *(e.get("cards") or [])] if c}
    assert named <= set(log.get("cards", {}))
    await comm.disconnect()


async def test_log_before_pages_back_to_the_first_event(owner, teammate, monkeypatch):
    monkeypatch.setattr(game_log, "LOG_PAGE_SIZE", 7)
    game = await db(_played_skirmish)(owner, teammate)
    comm = communicator(game.id, teammate)
    update = await connect_seated(comm)
    part = update["log"]
    assert part["last_seq"] == game.last_seq and part["first_seq"] == game.last_seq - 6
    assert part["more"] is True
    pages = [part]

    while part["more"]:
        await comm.send_json_to({"type": "log_before", "seq": part["first_seq"]})
        part = await receive_until(comm, lambda m: m["type"] == "log_page")
        assert part["before"] == pages[-1]["first_seq"]
        assert part["last_seq"] == part["before"] - 1
        assert part["events"] == await db(_as_seen_by)(game.id, "p2", part["first_seq"],
                                                       part["last_seq"])
        pages.append(part)

    seqs = [e["seq"] for page in reversed(pages) for e in page["events"]]
    assert seqs == list(range(1, game.last_seq + 1))
    assert pages[-1]["first_seq"] == 1
    await comm.disconnect()


async def test_a_request_past_the_end_is_the_latest_page(owner, teammate):
    game = await db(_played_skirmish)(owner, teammate, moves=4)
    comm = communicator(game.id, owner)
    await connect_seated(comm)

    await comm.send_json_to({"type": "log_before", "seq": 10**12})

    page = await receive_until(comm, lambda m: m["type"] == "log_page")
    assert page["last_seq"] == game.last_seq and page["first_seq"] == 1
    await comm.send_json_to({"type": "log_before", "seq": 1})
    nothing = await receive_until(comm, lambda m: m["type"] == "log_page")
    assert nothing["events"] == [] and nothing["more"] is False
    await comm.disconnect()


@pytest.mark.parametrize("request_", [
    {"type": "log_before"}, {"type": "log_before", "seq": "5"}, {"type": "log_before", "seq": 0},
    {"type": "log_before", "seq": -3}, {"type": "log_before", "seq": True},
    {"type": "log_before", "seq": 2.5}, {"type": "log_before", "seq": None},
    {"type": "log_before", "seq": [5]}, {"type": "log_before", "seq": {"lt": 5}},
])
async def test_a_bad_log_request_gets_bad_message_and_changes_nothing(owner, teammate, request_):
    game = await db(_played_skirmish)(owner, teammate, moves=3)
    comm = communicator(game.id, owner)
    await connect_seated(comm)

    await comm.send_json_to(request_)

    answer = await receive(comm)
    assert answer["type"] == "error" and answer["code"] == "bad_message"
    assert "Traceback" not in answer["message"]
    await comm.send_json_to({"type": "ping"})
    assert await receive(comm) == {"type": "pong"}  # the socket lives on
    after = await db(Game.objects.get)(pk=game.id)
    assert (after.version, after.last_seq) == (game.version, game.last_seq)
    await comm.disconnect()


async def test_a_game_waiting_for_players_has_no_log_yet(owner):
    from games import lobby
    from support.site import map_name

    game = await db(lobby.game_create)(user=owner, mode="skirmish", map_name=map_name(),
                                          faction="guild", players=2)
    comm = communicator(game.id, owner)
    assert (await comm.connect())[0]
    await receive(comm)  # presence

    await comm.send_json_to({"type": "log_before", "seq": 5})

    answer = await receive(comm)
    assert answer["type"] == "error" and answer["code"] == "game_not_started"
    await comm.disconnect()
