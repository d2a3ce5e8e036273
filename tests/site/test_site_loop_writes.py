"""A command stored from the event loop (`games.pipeline.on_loop`): when this
process holds the seat, the game at the command's version and its bot seats, the step's
one conditional statement runs on a connection of the loop's own, not on the database
thread. Whenever it cannot be sure, it hands the command to the database thread's way, so
every answer is the one that way gives. PostgreSQL only; CI runs these against it.

Each test runs the loop's coroutine with `asyncio.run`: any ORM call inside it would raise
Django's SynchronousOnlyOperation, so a passing test also shows the loop's way makes none.
"""
from __future__ import annotations

import asyncio

import psycopg
import pytest
from channels.db import database_sync_to_async

from games import bot_seats, lobby, services
from games.pipeline import caches, facts, loop_database, states, step_sql, steps, turns
from games.history import history_problems
from games.models import Game, GameCommand, GameEvent
from games.platform.errors import RuleError
from wildlands.rules.legal import legal_commands
from wildlands import seat_bots
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, communicator, connect_seated, current_state, known_to_this_process,
    map_name, receive_until, scripted_command, start_coop, start_skirmish, the_player_to_move)

pytestmark = pytest.mark.django_db(transaction=True)  # the loop's connection sees commits only


@pytest.fixture(autouse=True)
def _postgresql_only():
    if not step_sql.can_write_conditionally():
        pytest.skip("the loop's connections are PostgreSQL's (CI runs these against it)")


def on_loop(game: Game, user, command: dict, version: int | None = None):
    return asyncio.run(services.game_apply_command_on_loop(
        game_id=game.id, user=user, expected_version=game.version if version is None else version,
        command=command))


def stored(game: Game) -> tuple:
    game.refresh_from_db()
    return game.version, game.last_seq, GameCommand.objects.filter(game=game).count(), \
        GameEvent.objects.filter(game=game).count()


def test_a_command_on_a_game_this_process_holds_is_stored_from_the_loop(owner, teammate):
    game = start_skirmish(owner, teammate)
    known_to_this_process(game, owner, teammate)
    user, command = the_player_to_move(game, owner, teammate)

    result = on_loop(game, user, command)

    game.refresh_from_db()
    assert result is not None and result.version == game.version == 3
    assert result.last_seq == game.last_seq
    assert GameCommand.objects.get(game=game, version=3).command == command
    assert states.held(game.id).version == 3  # held for the next command
    assert {d.group.rsplit("-", 1)[1] for d in result.deliveries} == {"p1", "p2"}
    assert history_problems(game) == []


def test_a_game_played_from_the_loop_keeps_a_whole_history(owner, teammate):
    game = start_skirmish(owner, teammate)
    known_to_this_process(game, owner, teammate)

    for _ in range(20):  # past a snapshot (every 16 versions)
        user, command = the_player_to_move(game, owner, teammate)
        assert on_loop(game, user, command) is not None
        game.refresh_from_db()

    assert game.version == 22 and game.snapshot["version"] == 16
    assert history_problems(game) == []


def test_a_command_older_than_the_held_version_is_stale_without_a_write(owner, teammate):
    game = start_skirmish(owner, teammate)
    known_to_this_process(game, owner, teammate)
    user, command = the_player_to_move(game, owner, teammate)
    on_loop(game, user, command)
    before = stored(game)

    with pytest.raises(RuleError) as error:
        on_loop(game, user, command, version=2)

    assert error.value.code == "stale_version"
    assert stored(game) == before


def test_two_commands_at_one_version_store_one_and_refuse_the_other_as_stale(owner, teammate):
    game = start_skirmish(owner, teammate)
    known_to_this_process(game, owner, teammate)
    user, command = the_player_to_move(game, owner, teammate)  # two tabs of one seat

    async def both():
        return await asyncio.gather(*(services.game_apply_command_on_loop(
            game_id=game.id, user=user, expected_version=2, command=command)
            for _ in range(2)), return_exceptions=True)

    first, second = asyncio.run(both())

    assert first.version == 3
    assert isinstance(second, RuleError) and second.code == "stale_version"
    game.refresh_from_db()
    assert game.version == 3 and history_problems(game) == []


def test_what_the_process_does_not_hold_goes_to_the_database_thread(owner, teammate):
    game = start_skirmish(owner, teammate)
    user, command = the_player_to_move(game, owner, teammate)
    before = stored(game)

    caches.clear_caches()  # nothing held: no seat, no state, no bot seats
    assert on_loop(game, user, command) is None

    assert stored(game) == before


def test_a_command_the_rules_refuse_goes_to_the_database_thread_for_its_answer(owner, teammate):
    game = start_skirmish(owner, teammate)
    known_to_this_process(game, owner, teammate)
    waiting = teammate if current_state(game.id).turn.actor == "p1" else owner
    before = stored(game)

    assert on_loop(game, waiting, {"do": "end_turn"}) is None

    assert stored(game) == before
    with pytest.raises(RuleError) as error:
        services.game_apply_command(game_id=game.id, user=waiting, expected_version=2,
                                    command={"do": "end_turn"})
    assert error.value.code == "not_your_turn"


def test_a_game_another_process_moved_on_is_left_to_the_database_thread(owner, teammate):
    game = start_skirmish(owner, teammate)
    known_to_this_process(game, owner, teammate)
    old_state, old_seq = current_state(game.id), game.last_seq
    user, command = the_player_to_move(game, owner, teammate)
    services.game_apply_command(game_id=game.id, user=user, expected_version=2,
                                command=command)
    states.STATES.clear()  # this process still believes the game is at version 2
    states.STATES.put(str(game.id), states.Held(old_state, old_state.version, old_seq))
    before = stored(game)

    assert on_loop(game, user, command, version=2) is None

    assert stored(game) == before
    with pytest.raises(RuleError) as error:
        services.game_apply_command(game_id=game.id, user=user, expected_version=2,
                                    command=command)
    assert error.value.code == "stale_version"


def test_the_seats_updates_are_built_while_postgresql_runs_the_steps_statement(
        owner, teammate, monkeypatch):
    game = start_skirmish(owner, teammate)
    known_to_this_process(game, owner, teammate)
    user, command = the_player_to_move(game, owner, teammate)
    statement, seen_when_building = [], []
    real_send, real_updates = loop_database.send, steps.seat_updates

    async def send(sql, params):
        sent = await real_send(sql, params)
        statement.append("sent")
        real_rows = sent.rows

        async def rows():
            answer = await real_rows()
            statement.append("answered")
            return answer

        sent.rows = rows
        return sent

    def seat_updates(*args, **kwargs):
        seen_when_building.append(list(statement))
        return real_updates(*args, **kwargs)

    monkeypatch.setattr(loop_database, "send", send)
    monkeypatch.setattr(steps, "seat_updates", seat_updates)
    result = on_loop(game, user, command)

    assert seen_when_building == [["sent"]]  # after it went out, before its answer
    assert result is not None and {d.group.rsplit("-", 1)[1] for d in result.deliveries} == {"p1", "p2"}


def test_updates_that_fail_once_the_statement_is_out_still_answer_the_command_as_stored(
        owner, teammate, monkeypatch):
    """The statement may already have committed: the command is answered as stored (the
    seats catch up at the next change), never refused."""
    game = start_skirmish(owner, teammate)
    known_to_this_process(game, owner, teammate)
    user, command = the_player_to_move(game, owner, teammate)

    def broken(*args, **kwargs):
        raise RuntimeError("a view that could not be built")

    monkeypatch.setattr(steps, "seat_updates", broken)
    result = on_loop(game, user, command)

    game.refresh_from_db()
    assert result is not None and result.version == game.version == 3
    assert result.deliveries == []
    assert GameCommand.objects.get(game=game, version=3).command == command
    assert history_problems(game) == []


def test_a_kept_connection_postgresql_dropped_is_not_used_again(owner, teammate, monkeypatch):
    monkeypatch.setattr(loop_database, "_max_age", lambda: 600.0)  # kept, as shipped
    game = start_skirmish(owner, teammate)
    known_to_this_process(game, owner, teammate)

    user, command = the_player_to_move(game, owner, teammate)

    async def play_then_lose_the_connection_then_play():
        first = await services.game_apply_command_on_loop(
            game_id=game.id, user=user, expected_version=2, command=command)
        [(statements, _)] = loop_database._connections().idle
        kept = statements.connection
        async with await type(kept).connect(**loop_database._connection_params()) as killer:
            await killer.execute("SELECT pg_terminate_backend(%s)", [kept.info.backend_pid])
        state = states.held(game.id).state
        seat = state.turn.actor if state.prompt is None else state.prompt.to
        mover = owner if seat == "p1" else teammate
        _, second = scripted_command(state)
        dropped = await services.game_apply_command_on_loop(
            game_id=game.id, user=mover, expected_version=3, command=second)
        again = await services.game_apply_command_on_loop(
            game_id=game.id, user=mover, expected_version=3, command=second)
        return first, dropped, again

    first, dropped, again = asyncio.run(play_then_lose_the_connection_then_play())

    assert first.version == 3
    assert dropped is None  # the dead connection's statement: handed to the database thread
    assert again is not None and again.version == 4  # on a new connection
    game.refresh_from_db()
    assert game.version == 4 and history_problems(game) == []


def test_a_kept_connection_runs_the_next_statement_as_it_prepared_it(monkeypatch):
    monkeypatch.setattr(loop_database, "_max_age", lambda: 600.0)  # kept, as shipped

    async def statements():
        first = await loop_database.fetch("SELECT %s::int, %s::text", [1, "one"])
        [(statements, opened)] = loop_database._connections().idle
        second = await loop_database.fetch("SELECT %s::int, %s::text", [2, "two"])
        [kept] = loop_database._connections().idle
        prepared = dict(statements.prepared)
        # asked on the same connection, through the loop's own way: this statement is
        # prepared there too
        [(on_the_server,)] = await loop_database.fetch(
            "SELECT count(*) FROM pg_prepared_statements WHERE name <> %s", ["-"])
        return first, second, (statements, opened), kept, prepared, on_the_server

    first, second, before, after, prepared, on_the_server = asyncio.run(statements())
    assert (first, second) == ([(1, "one")], [(2, "two")])
    assert after == before
    assert len(prepared) == 1 and on_the_server == 2  # the first, and the count itself


def test_a_refused_statement_raises_psycopgs_error_and_its_connection_is_not_kept(monkeypatch):
    monkeypatch.setattr(loop_database, "_max_age", lambda: 600.0)  # kept, as shipped

    async def refused_then_fine():
        with pytest.raises(psycopg.errors.DivisionByZero):
            await loop_database.fetch("SELECT 1 / %s::int", [0])
        refused_kept = list(loop_database._connections().idle)
        rows = await loop_database.fetch("SELECT %s::text || %s::text", ["a", "b" * 100_000])
        return refused_kept, rows

    refused_kept, rows = asyncio.run(refused_then_fine())
    assert refused_kept == []
    assert rows == [("a" + "b" * 100_000,)]


def test_after_postgresql_drops_kept_connections_the_next_statements_still_answer(monkeypatch):
    """On the loop the site runs (uvloop), each kept connection PostgreSQL drops fails its
    statement with psycopg's error, and the statements after it answer on new connections.
    (The harder cases, a socket libpq closed while the loop still watched it and a socket
    watched from one statement to the next, left commands unanswered after a PostgreSQL
    restart under load; this test did not catch them, the restart in
    tests/faults/test_faults_web.py did.)"""
    import uvloop

    monkeypatch.setattr(loop_database, "_max_age", lambda: 600.0)  # kept, as shipped

    async def drop(connection) -> None:
        async with await type(connection).connect(**loop_database._connection_params()) as killer:
            await killer.execute("SELECT pg_terminate_backend(%s)", [connection.info.backend_pid])

    async def rounds() -> list:
        answers = []
        for n in range(5):
            await loop_database.fetch("SELECT %s::int", [n])
            [(kept, _)] = loop_database._connections().idle
            await drop(kept.connection)
            with pytest.raises(psycopg.OperationalError):
                await asyncio.wait_for(loop_database.fetch("SELECT %s::int", [n]), 10)
            answers += await asyncio.wait_for(loop_database.fetch("SELECT %s::int", [n]), 10)
        return answers

    assert uvloop.run(rounds()) == [(n,) for n in range(5)]


def test_the_loop_watches_a_connections_socket_only_while_an_answer_is_awaited(monkeypatch):
    """Each wait for an answer adds a reader on the socket and removes it before libpq
    reads: watching a connection from one statement to the next (through a duplicate of its
    socket) left commands unanswered after a PostgreSQL restart, about one restart in
    seven (tests/faults/test_faults_web.py), and nothing stays watched between statements."""
    monkeypatch.setattr(loop_database, "_max_age", lambda: 600.0)  # kept, as shipped
    loop = asyncio.new_event_loop()
    calls = []
    for name in ("add_reader", "remove_reader"):
        original = getattr(loop, name)
        monkeypatch.setattr(loop, name, lambda fd, *a, _n=name, _o=original: (
            calls.append((_n, fd)), _o(fd, *a))[1])

    async def statements():
        await loop_database.fetch("SELECT 0", [])  # connected (psycopg watches as it connects)
        [(kept, _)] = loop_database._connections().idle
        calls.clear()
        answers = [await loop_database.fetch("SELECT %s::int", [n]) for n in range(5)]
        return answers, kept.pgconn.socket

    try:
        answers, socket = loop.run_until_complete(statements())
    finally:
        loop.close()
    assert answers == [[(n,)] for n in range(5)]
    assert calls and {fd for _, fd in calls} == {socket}
    assert [name for name, _ in calls] == ["add_reader", "remove_reader"] * (len(calls) // 2)


def test_a_percent_sign_other_than_a_placeholder_is_refused_before_it_is_sent():
    with pytest.raises(ValueError, match="placeholder"):
        loop_database._numbered("SELECT '100%' WHERE %s")
    assert loop_database._numbered("SELECT %s, %s") == b"SELECT $1, $2"


def test_without_persistent_connections_none_is_kept_open(owner, teammate):
    game = start_skirmish(owner, teammate)
    known_to_this_process(game, owner, teammate)
    user, command = the_player_to_move(game, owner, teammate)

    async def play():
        await services.game_apply_command_on_loop(
            game_id=game.id, user=user, expected_version=2, command=command)
        return list(loop_database._connections().idle)

    assert loop_database._max_age() == 0  # the test runs' setting (wildlands_site/pytest_env.py)
    assert asyncio.run(play()) == []


def as_another_process(game: Game, owner, teammate, moves: int) -> None:
    """`moves` commands stored by the database thread's way while this process keeps the
    state it held before them, as when the partner's process or the Ancients' worker
    stored them."""
    held = states.held(game.id)
    for _ in range(moves):
        user, command = the_player_to_move(game, owner, teammate)
        game.refresh_from_db()
        services.game_apply_command(game_id=game.id, user=user, expected_version=game.version,
                                    command=command)
    states.STATES.clear()
    states.STATES.put(str(game.id), held)
    game.refresh_from_db()


def test_a_game_stored_on_elsewhere_is_caught_up_from_its_log_on_the_loop(owner, teammate):
    game = start_skirmish(owner, teammate)
    known_to_this_process(game, owner, teammate)
    as_another_process(game, owner, teammate, moves=3)
    assert states.held(game.id).version == 2 and game.version == 5
    user, command = the_player_to_move(game, owner, teammate)

    result = on_loop(game, user, command)

    assert result is not None and result.version == 6
    game.refresh_from_db()
    assert game.version == 6 and result.last_seq == game.last_seq
    assert history_problems(game) == []


def test_a_command_older_than_the_stored_game_is_stale_after_the_loops_read(owner, teammate):
    game = start_skirmish(owner, teammate)
    known_to_this_process(game, owner, teammate)
    old_state = current_state(game.id)
    as_another_process(game, owner, teammate, moves=3)
    mover = owner if old_state.turn.actor == "p1" else teammate
    before = stored(game)

    with pytest.raises(RuleError) as error:  # this process held version 2; the game is at 5
        on_loop(game, mover, {"do": "end_turn"}, version=4)

    assert error.value.code == "stale_version" and "now at version 5" in error.value.message
    assert stored(game) == before


def test_an_undo_in_the_log_since_is_left_to_the_database_thread(owner, teammate):
    game = start_coop(owner, teammate)  # moves are taken back only in The Awoken
    known_to_this_process(game, owner, teammate)
    held = states.held(game.id)
    move = next(c for c in legal_commands(held.state, "p1") if c["do"] == "move")
    services.game_apply_command(game_id=game.id, user=owner, expected_version=game.version,
                                command=move)
    services.game_apply_command(game_id=game.id, user=owner, expected_version=game.version + 1,
                                command={"do": "undo"})
    states.STATES.clear()
    states.STATES.put(str(game.id), held)
    game.refresh_from_db()
    before = stored(game)

    assert on_loop(game, owner, move) is None

    assert stored(game) == before


def test_a_socket_opening_on_a_started_game_keeps_its_seat_and_the_bot_seats(owner, teammate):
    game = start_skirmish(owner, teammate)

    seat = services.seat_for_socket(game_id=game.id, user=teammate)

    assert seat.seat == "p2"
    assert states.seat_held(game.id, teammate.pk) == "p2"
    assert facts.known(game.id).bots == {}


def test_a_socket_opening_on_a_game_still_in_setup_keeps_nothing(owner):
    game = lobby.game_create(user=owner, mode="skirmish", map_name=map_name(),
                             faction="guild", players=2, seed=3)

    assert services.seat_for_socket(game_id=game.id, user=owner).seat == "p1"

    assert states.seat_held(game.id, owner.pk) is None  # seats change until it starts
    assert facts.known(game.id) is None


@pytest.mark.asyncio
async def test_a_sockets_first_command_is_stored_from_the_loop(owner, teammate, monkeypatch):
    game = await database_sync_to_async(start_skirmish)(owner, teammate)
    user, command = await database_sync_to_async(the_player_to_move)(game, owner, teammate)
    caches.clear_caches()  # as in a process that has served nothing of this game yet
    by_thread = []
    monkeypatch.setattr(services, "game_apply_command",
                        lambda **kwargs: by_thread.append(kwargs) or pytest.fail("thread"))
    comm = communicator(game.id, user)
    await connect_seated(comm)

    await comm.send_json_to({"type": "command", "id": 1, "expected_version": game.version,
                             "command": command})

    ack = await receive_until(comm, lambda m: m["type"] in ("ack", "rejected"))
    assert ack == {"type": "ack", "id": 1, "version": game.version + 1}
    assert by_thread == []
    await comm.disconnect()


def test_a_connection_a_stopped_loop_left_open_is_closed_before_the_database_is_dropped():
    loop = asyncio.new_event_loop()
    before = set(loop_database._OPENED)

    async def hold_a_connection():
        await loop_database.fetch("SELECT pg_sleep(%s)", [1])  # still running as the loop stops

    task = loop.create_task(hold_a_connection())
    loop.run_until_complete(asyncio.sleep(0.5))
    loop.close()  # stopped mid-statement, as a test's loop or a test server's may be
    held = [statements.connection for statements in set(loop_database._OPENED) - before]
    assert held and not any(connection.closed for connection in held)

    loop_database.close_all_now()

    assert all(connection.closed for connection in held)
    del task


def test_a_command_that_hands_the_turn_to_a_bot_leaves_the_bots_move_to_the_caller(
        owner, monkeypatch):
    game = lobby.game_create(user=owner, mode="skirmish", map_name=map_name(),
                             faction="guild", players=2, bots=1, seed=11)
    game.refresh_from_db()
    while (state := current_state(game.id)).turn.actor != "p1" or state.prompt is not None:
        bot_seats.game_apply_bot_command(  # the bot's moves until the person's turn
            game_id=game.id, seat="p2", expected_version=state.version,
            command=seat_bots.as_data(scripted_command(state)[1]))
    game.refresh_from_db()
    known_to_this_process(game, owner)
    sent = []
    monkeypatch.setattr(turns, "send_bot_turn", lambda *args, **kwargs: sent.append(args))

    for _ in range(5):  # the person's turn (a reveal, then its end) hands the game to the bot
        state = current_state(game.id)
        assert scripted_command(state)[0] == "p1"
        result = on_loop(game, owner, scripted_command(state)[1], version=state.version)
        assert result is not None
        if result.tasks:
            break

    assert scripted_command(current_state(game.id))[0] == "p2"  # the game waits on the bot
    assert result.tasks and sent == []  # its move not sent before the change is out
    services.start_tasks(result)
    assert sent == [(str(game.id), result.version)]


def test_a_socket_opening_reads_its_seat_without_the_games_snapshots_and_content(owner, teammate):
    """Opening a board happens far more often than a game changes: its read of the seat
    brings the few game columns it needs, never the snapshots or the content."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game = start_skirmish(owner, teammate)
    facts.FACTS.clear()

    with CaptureQueriesContext(connection) as queries:
        seat = services.seat_for_socket(game_id=game.id, user=teammate)

    assert seat.seat == "p2" and facts.known(game.id) is not None
    assert len(queries) == 1, "the seat and the game's facts in one read"
    read = queries[0]["sql"].lower()
    assert "snapshot" not in read and '"content"' not in read


async def _both_seats_connected(owner, teammate) -> tuple:
    """A started skirmish, the command of the player to move, and both seats' sockets open:
    the mover's and the partner's."""
    game = await database_sync_to_async(start_skirmish)(owner, teammate)
    user, command = await database_sync_to_async(the_player_to_move)(game, owner, teammate)
    other = teammate if user == owner else owner
    mover, partner = communicator(game.id, user), communicator(game.id, other)
    await connect_seated(mover)
    await connect_seated(partner)
    return game, command, mover, partner


@pytest.mark.asyncio
async def test_a_step_stored_though_its_answer_was_lost_is_still_announced_to_every_seat(
        owner, teammate, monkeypatch):
    """PostgreSQL stores the step, and the loop's connection breaks before its answer comes
    back: the database thread's way then finds the game moved on and refuses the command as
    stale (the mover's page reads the board again on that), and every seat is still told of
    the stored step, as if it had been answered: the partner, never told, would wait on a
    turn the board did not show them."""
    game, command, mover, partner = await _both_seats_connected(owner, teammate)
    real_send, answers_lost = loop_database.send, []

    async def send_then_lose_the_answer(sql: str, params: list):
        sent = await real_send(sql, params)
        if sql.startswith("WITH ") and not answers_lost:  # the step's conditional statement
            real_rows = sent.rows

            async def rows_lost():
                answers_lost.append(await real_rows())
                raise psycopg.OperationalError("the connection broke after PostgreSQL answered")
            sent.rows = rows_lost
        return sent

    monkeypatch.setattr(loop_database, "send", send_then_lose_the_answer)
    await mover.send_json_to({"type": "command", "id": 1, "expected_version": game.version,
                              "command": command})

    answer = await receive_until(mover, lambda m: m["type"] in ("ack", "rejected"))
    assert answer["type"] == "rejected" and answer["code"] == "stale_version"
    assert answers_lost == [[(1,)]]  # PostgreSQL did store the step
    for seat in (mover, partner):
        update = await receive_until(seat, lambda m: m["type"] == "update")
        assert update["version"] == game.version + 1
    stored_game = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    assert stored_game.version == game.version + 1
    assert await database_sync_to_async(history_problems)(stored_game) == []
    await mover.disconnect()
    await partner.disconnect()


@pytest.mark.asyncio
async def test_a_step_whose_statement_was_lost_unstored_is_announced_once_by_the_way_that_stored_it(
        owner, teammate, monkeypatch, caplog):
    """The loop's statement is lost before PostgreSQL stores anything: the database
    thread's way stores the command and announces it, and the loop's lookout, finding
    another writer's command at that version, announces nothing."""
    from games.pipeline import on_loop as loop_way

    game, command, mover, partner = await _both_seats_connected(owner, teammate)
    real_send, lost = loop_database.send, []

    async def send_something_else_and_lose_it(sql: str, params: list):
        if not sql.startswith("WITH ") or lost:
            return await real_send(sql, params)
        sent = await real_send("SELECT 1", [])  # the step's own statement never goes out

        async def rows_lost():
            lost.append(await loop_database.Sent.rows(sent))
            raise psycopg.OperationalError("the connection broke before PostgreSQL answered")
        sent.rows = rows_lost
        return sent

    monkeypatch.setattr(loop_database, "send", send_something_else_and_lose_it)
    looked, real_look_out = [], loop_way._look_out

    async def look_out(built, bots) -> None:
        await real_look_out(built, bots)
        looked.append(built.result.version)
    monkeypatch.setattr(loop_way, "_look_out", look_out)
    await mover.send_json_to({"type": "command", "id": 1, "expected_version": game.version,
                              "command": command})

    answer = await receive_until(mover, lambda m: m["type"] in ("ack", "rejected"))
    assert answer == {"type": "ack", "id": 1, "version": game.version + 1}  # the thread's way
    update = await receive_until(partner, lambda m: m["type"] == "update")
    assert update["version"] == game.version + 1
    await asyncio.wait_for(asyncio.gather(*loop_way._LOOKOUTS), 10)
    assert lost and looked == [game.version + 1]  # the lookout ran to its end
    assert "announced" not in caplog.text
    await mover.disconnect()
    await partner.disconnect()


def test_a_step_postgresql_refused_is_not_looked_out_for(owner, teammate, monkeypatch):
    """A refusal is PostgreSQL's answer, and says nothing was stored: no lookout runs for
    it (a lost answer's would read the game once a second for up to a minute)."""
    from games.pipeline import on_loop as loop_way

    game = start_skirmish(owner, teammate)
    known_to_this_process(game, owner, teammate)
    user, command = the_player_to_move(game, owner, teammate)
    real_send, looked = loop_database.send, []

    async def send_refused(sql: str, params: list):
        sent = await real_send("SELECT 1", [])  # nothing is stored

        async def rows_refused():
            await loop_database.Sent.rows(sent)
            raise psycopg.errors.DataError("a value PostgreSQL refused")
        sent.rows = rows_refused
        return sent

    monkeypatch.setattr(loop_database, "send", send_refused)
    monkeypatch.setattr(loop_way, "_announce_if_stored", lambda *args: looked.append(args))

    assert on_loop(game, user, command) is None  # the database thread's way answers
    assert looked == []
