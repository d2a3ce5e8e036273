"""Faults at Redis: the channel layer's Redis restarts in the middle of a game.

A real daphne serves the site on loopback with its channel layer on a throwaway
redis-server of this test's own; two players' clients (`benchmarks.live_site.LiveClient`,
which reconnect with `?last_seq=` when the socket drops and resync on a gap, as the board
page does) play a skirmish through real websockets. Midway Redis is stopped (a restart
without persistence loses every group membership and queued message), a move is tried
while it is down, and Redis comes back. Then play goes on. Every client must reach the
game's final version on its own, with every event seq 1..last exactly once, and the
stored log must be whole and replay to the stored state.

A quiet socket on the Redis layer must also stay open (it did not once, when the list-based
layer's blocking reads outlasted redis-py's socket timeout), and a seat whose socket is
replaced by another in the same process (a reload) must go on hearing its group.

Needs PostgreSQL (DATABASE_URL: daphne is another process and must see the test database)
and the redis-server binary, as CI has.
"""
from __future__ import annotations

import asyncio
import shutil
import uuid

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connections

from benchmarks.live_site import LiveClient, daphne, database_url, free_port, redis_server, session_cookie
from benchmarks.site_players import TablePlayers
from games import selectors
from games.models import Game
from test_faults_database import assert_history_is_whole
from support.site import _fresh_state_cache, start_skirmish  # noqa: F401

DB = settings.DATABASES["default"]
pytestmark = [
    pytest.mark.skipif(not DB["ENGINE"].endswith("postgresql"),
                       reason="needs PostgreSQL (DATABASE_URL), which a daphne process can share"),
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server"),
]
db = database_sync_to_async
MOVES_BEFORE, MOVES_AFTER = 12, 12


def _state(game_id):
    connections.close_all()  # this thread may hold a connection that a restart upset
    return selectors.game_state(Game.objects.get(pk=game_id))


async def _move(clients: dict, players: TablePlayers, game_id, tag: str, tries: int = 20) -> bool:
    """The seat to move sends its bot's move; on a lost or refused-for-the-server answer
    it waits for its client to catch up and tries again. Returns False when the game is over."""
    for attempt in range(tries):
        state = await db(_state)(game_id)
        picked = players.next_command(state)
        if picked is None:
            return False
        seat, command = picked
        reply = await clients[seat].command(f"{tag}-{attempt}", state.version, command)
        if reply["type"] == "ack":
            return True
        if reply["type"] == "rejected" and reply["code"] == "stale_version":
            continue  # it did apply (the answer was lost) or someone moved: read again
        assert reply["type"] in ("lost", "timeout", "rejected"), reply
        if reply["type"] == "rejected":
            assert reply["code"] == "server_error" and "Traceback" not in reply["message"]
        await asyncio.sleep(0.3)
    raise AssertionError(f"move {tag} never went through")


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_redis_restart_mid_game_loses_no_event_and_no_move(owner, teammate, tmp_path):
    redis_port, web_port = free_port(), free_port()
    redis = redis_server(redis_port, log=tmp_path / "redis.log").start()
    web = daphne(web_port, database_url=database_url(DB), log=tmp_path / "daphne.log",
                 redis_url=f"redis://127.0.0.1:{redis_port}/0")
    clients: dict[str, LiveClient] = {}
    try:
        await asyncio.to_thread(web.start)
        game = await db(start_skirmish)(owner, teammate, seed=31)
        cookies = {"p1": await db(session_cookie)(owner), "p2": await db(session_cookie)(teammate)}
        for seat, cookie in cookies.items():
            clients[seat] = LiveClient(web_port, game.id, seat, cookie)
            await clients[seat].connect()
        players = TablePlayers(["p1", "p2"], bot="greedy", seed=4)

        for i in range(MOVES_BEFORE):
            if not await _move(clients, players, game.id, f"a{i}"):
                break
        await asyncio.to_thread(redis.stop)  # Redis goes away ...
        down_move = asyncio.create_task(_move(clients, players, game.id, "down"))
        await asyncio.sleep(1.5)
        await asyncio.to_thread(redis.start)  # ... and comes back empty
        await asyncio.wait_for(down_move, 60)
        for i in range(MOVES_AFTER):
            if not await _move(clients, players, game.id, f"b{i}"):
                break

        final = await db(assert_history_is_whole)(game.id)
        for seat, client in clients.items():
            caught_up = await client.wait_version(final.version, timeout=20)
            assert caught_up, (f"{seat} is stuck at version {client.version} of {final.version} "
                               f"(reconnects {client.reconnects}, resyncs {client.resyncs})\n"
                               + (tmp_path / "daphne.log").read_text()[-4000:])
            assert client.seqs == list(range(1, final.last_seq + 1)), f"{seat} lost or repeated events"
        print(f"\nredis restart: final version {final.version}, "
              + ", ".join(f"{s}: {c.reconnects} reconnects, {c.resyncs} resyncs, "
                          f"{len(c.errors)} errors" for s, c in clients.items()))
    finally:
        for client in clients.values():
            await client.close()
        await asyncio.to_thread(web.stop)
        await asyncio.to_thread(redis.stop)
        await db(connections.close_all)()


# --- an idle socket on the Redis channel layer ------------------------------------------------------
IDLE_SECONDS = 13


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_an_idle_socket_on_the_redis_layer_stays_open(owner, teammate, tmp_path):
    """A socket whose game is quiet must stay open through long silences on the layer (once,
    with the list-based layer, a consumer whose game was quiet for 5 s timed out reading
    Redis' empty answer, died and dropped its socket: every idle socket went within 40 s)."""
    redis_port, web_port = free_port(), free_port()
    redis = redis_server(redis_port, log=tmp_path / "redis.log").start()
    web = daphne(web_port, database_url=database_url(DB), log=tmp_path / "daphne.log",
                 redis_url=f"redis://127.0.0.1:{redis_port}/0")
    clients = []
    try:
        await asyncio.to_thread(web.start)
        game = await db(start_skirmish)(owner, teammate, seed=41)
        for user, seat in ((owner, "p1"), (teammate, "p2")):
            clients.append(LiveClient(web_port, game.id, seat, await db(session_cookie)(user)))
            await clients[-1].connect()
        await asyncio.sleep(IDLE_SECONDS)
        drops = [client.reconnects for client in clients]
        log = (tmp_path / "daphne.log").read_text()
        assert drops == [0, 0], f"idle sockets dropped by the server: {drops}\n{log[-2000:]}"
        assert "Timeout reading" not in log
    finally:
        for client in clients:
            await client.close()
        await asyncio.to_thread(web.stop)
        await asyncio.to_thread(redis.stop)
        await db(connections.close_all)()


@pytest.mark.asyncio
async def test_a_seat_group_left_by_one_socket_and_joined_by_another_at_once_still_delivers():
    """The pub/sub layer keeps a process's group memberships itself: the last socket leaving
    a group unsubscribes the process from it. A reload leaves and joins at the same moment;
    whatever order the layer runs them in (with a message being published meanwhile), the
    new socket must hear the group's next message."""
    from channels.layers import get_channel_layer
    from channels_redis.pubsub import RedisPubSubChannelLayer

    layer = get_channel_layer()
    if not isinstance(layer, RedisPubSubChannelLayer):
        pytest.skip("no Redis pub/sub channel layer configured (set REDIS_URL, as CI does)")
    for round_ in range(20):
        group = f"race-{round_}-{uuid.uuid4().hex}"
        old, new = await layer.new_channel(), await layer.new_channel()
        await layer.group_add(group, old)
        racers = [layer.group_discard(group, old), layer.group_add(group, new),
                  layer.group_send(group, {"type": "noise"})]
        if round_ % 2:
            racers.reverse()
        await asyncio.gather(*racers)
        await layer.group_send(group, {"type": "update", "round": round_})
        while True:  # the noise may or may not reach the newcomer; the update must
            heard = await asyncio.wait_for(layer.receive(new), 2)
            if heard["type"] == "update":
                break
        assert heard["round"] == round_
        await layer.group_discard(group, new)


@pytest.mark.asyncio
async def test_every_watched_socket_is_told_to_catch_up_once_redis_is_back(tmp_path):
    """While Redis restarts, changes are published to nobody; the layer watch must tell each
    socket of the process to read what it missed once the layer hears again, and only then."""
    from games.pipeline import layer_watch
    from games.pipeline.channel_layer import PatientRedisPubSubChannelLayer

    port = free_port()
    redis = redis_server(port, log=tmp_path / "redis.log").start()
    layer = PatientRedisPubSubChannelLayer(hosts=[f"redis://127.0.0.1:{port}/0"])
    sockets = [await layer.new_channel() for _ in range(3)]
    heard: dict[str, list] = {name: [] for name in sockets}

    async def listen(name):
        while True:
            heard[name].append((await layer.receive(name))["type"])

    listeners = [asyncio.ensure_future(listen(name)) for name in sockets]
    try:
        for name in sockets:
            layer_watch.watch(layer, name)
        await asyncio.sleep(2.5)  # probes come and go while all is well ...
        assert heard == {name: [] for name in sockets}, "a catch-up without an outage"
        await asyncio.to_thread(redis.stop)
        await asyncio.sleep(2.5)
        await asyncio.to_thread(redis.start)
        for _ in range(100):  # ... and after the outage each socket is told once
            if all(heard.values()):
                break
            await asyncio.sleep(0.1)
        assert heard == {name: ["game.catch_up"] for name in sockets}
    finally:
        for name in sockets:
            layer_watch.forget(name)
        for task in listeners:
            task.cancel()
        await layer.flush()
        await asyncio.to_thread(redis.stop)


@pytest.mark.asyncio
@pytest.mark.parametrize("options", [{}, {"socket_keepalive": True}], ids=["by-hand", "redis-py"])
async def test_the_patient_receiver_hands_on_a_message_without_waiting_out_its_read(
        tmp_path, monkeypatch, options):
    """The site's layer reads Redis as messages come, by hand for a plain address, else
    through redis-py with a long wait (a second as shipped, half a minute here); a message
    published meanwhile must come through at once, not when the wait runs out."""
    from games.pipeline import channel_layer

    monkeypatch.setattr(channel_layer, "RECEIVE_WAIT_SECONDS", 30.0)
    port = free_port()
    redis = redis_server(port, log=tmp_path / "redis.log").start()
    layer = channel_layer.PatientRedisPubSubChannelLayer(
        hosts=[{"address": f"redis://127.0.0.1:{port}/0", **options}])
    try:
        channel = await layer.new_channel()
        await layer.group_add("table", channel)
        assert all(type(shard) is channel_layer._PatientShard
                   for shard in layer._get_layer()._shards)
        await asyncio.sleep(0.3)  # the receiver is now inside a read
        for round_ in range(5):
            await layer.group_send("table", {"type": "update", "round": round_})
            heard = await asyncio.wait_for(layer.receive(channel), 5)
            assert heard == {"type": "update", "round": round_}
    finally:
        await layer.flush()
        await asyncio.to_thread(redis.stop)


@pytest.mark.asyncio
async def test_a_changes_messages_to_every_seat_go_in_one_pipeline_and_arrive_in_order(tmp_path):
    """`group_send_many` (a stored change's message to each seat's group) sends them all in
    one round trip a shard; each group's members hear their own messages, once and in order."""
    from games.pipeline import channel_layer

    port = free_port()
    redis = redis_server(port, log=tmp_path / "redis.log").start()
    layer = channel_layer.PatientRedisPubSubChannelLayer(hosts=[f"redis://127.0.0.1:{port}/0"])
    try:
        p1, p2 = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("table-p1", p1)
        await layer.group_add("table-p2", p2)

        async def one_at_a_time(*args, **kwargs):
            raise AssertionError("a message was published on its own, not in the pipeline")

        for shard in layer._get_layer()._shards:
            shard.publish = one_at_a_time
        for version in range(1, 4):
            await layer.group_send_many([("table-p1", {"type": "update", "seat": "p1", "v": version}),
                                         ("table-p2", {"type": "update", "seat": "p2", "v": version})])
        for channel, seat in ((p1, "p1"), (p2, "p2")):
            heard = [await asyncio.wait_for(layer.receive(channel), 5) for _ in range(3)]
            assert heard == [{"type": "update", "seat": seat, "v": v} for v in range(1, 4)]
        with pytest.raises(asyncio.TimeoutError):  # nothing else, nothing twice
            await asyncio.wait_for(layer.receive(p1), 0.3)
    finally:
        await layer.flush()
        await asyncio.to_thread(redis.stop)


@pytest.mark.asyncio
async def test_a_change_reaches_this_processs_other_sockets_without_waiting_for_redis(tmp_path):
    """A stored change is handed to the sockets of the storing process that listen on its
    seat's group before Redis sends it back (the partner at the same process hears the move
    at once), and Redis's copy is not handed to them again: each hears it once. The mover's
    own socket, which sent its update itself, hears it neither way. A socket that joins the
    group between the hand-on and Redis's copy hears it from the copy."""
    from games.pipeline import channel_layer

    port = free_port()
    redis = redis_server(port, log=tmp_path / "redis.log").start()
    layer = channel_layer.PatientRedisPubSubChannelLayer(hosts=[f"redis://127.0.0.1:{port}/0"])
    try:
        mover, partner, late = [await layer.new_channel() for _ in range(3)]
        await layer.group_add("table-p1", mover)
        await layer.group_add("table-p2", partner)
        shard = layer._get_layer()._shards[0]
        publish_many = shard.publish_many
        release = asyncio.Event()

        async def held_back(messages):  # Redis's copy waits until the partner has heard it
            await release.wait()
            await layer.group_add("table-p2", late)
            await publish_many(messages)

        shard.publish_many = held_back
        change = [("table-p1", {"type": "update", "seat": "p1", "v": 1}),
                  ("table-p2", {"type": "update", "seat": "p2", "v": 1})]
        sending = asyncio.ensure_future(layer.group_send_many(change, had_it=mover))
        assert await asyncio.wait_for(layer.receive(partner), 5) == change[1][1]
        release.set()
        await sending
        assert await asyncio.wait_for(layer.receive(late), 5) == change[1][1]
        for channel in (mover, partner, late):  # nothing else, nothing twice
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(layer.receive(channel), 0.3)
        assert not shard._echoes  # every copy came back and was recognised
    finally:
        await layer.flush()
        await asyncio.to_thread(redis.stop)


@pytest.mark.asyncio
async def test_a_change_sent_from_sync_code_reaches_each_seats_group_on_its_own_shard(
        tmp_path, monkeypatch):
    """A worker's step publishes in its own thread (`group_send_many_sync`), without the
    process's sending loop, on the same channels and shards as the async layer: each seat
    hears its own messages, once and in order, with the groups spread over two Redis."""
    from games.pipeline import broadcast, channel_layer

    redises = [redis_server(free_port(), log=tmp_path / f"redis{i}.log").start() for i in (0, 1)]
    hosts = [f"redis://127.0.0.1:{r.port}/0" for r in redises]
    layer = channel_layer.PatientRedisPubSubChannelLayer(hosts=hosts)
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: layer)

    def no_loop():
        raise AssertionError("the sync send went through the process's sending loop")

    monkeypatch.setattr(broadcast, "_loop", no_loop)
    groups = [f"table{i}-{seat}" for i in range(4) for seat in ("p1", "p2")]
    try:
        channels = {group: await layer.new_channel() for group in groups}
        for group, channel in channels.items():
            await layer.group_add(group, channel)
        assert {layer._get_layer()._get_shard(f"asgi__group__{g}") for g in groups} == set(
            layer._get_layer()._shards), "the groups should use both shards"
        for version in range(1, 4):
            await asyncio.to_thread(broadcast.send_sync, [
                broadcast.Delivery(group, {"type": "game.changed", "group": group, "v": version})
                for group in groups])
        for group, channel in channels.items():
            heard = [await asyncio.wait_for(layer.receive(channel), 5) for _ in range(3)]
            assert heard == [{"type": "game.changed", "group": group, "v": v} for v in (1, 2, 3)]
        with pytest.raises(asyncio.TimeoutError):  # nothing else, nothing twice
            await asyncio.wait_for(layer.receive(channels[groups[0]]), 0.3)
    finally:
        await layer.flush()
        for redis in redises:
            await asyncio.to_thread(redis.stop)


def test_a_sync_send_to_a_sentinel_host_takes_the_async_layers_way():
    """Only a host given by its address is published to from the calling thread."""
    from games.pipeline import channel_layer

    layer = channel_layer.PatientRedisPubSubChannelLayer(
        hosts=[{"sentinels": [("127.0.0.1", 26379)], "master_name": "wildlands"}])
    assert layer.group_send_many_sync([("table-p1", {"type": "game.changed"})]) is False
