"""The site's ASGI application plus two bare consumers, the baselines of the round-trip
benchmark, served by the same daphne process so that all three share its conditions:

* `/ws/bench/echo/`: sends every text frame straight back (no channel layer, no database);
* `/ws/bench/group/<room>/`: every text frame is `group_send` to the room through the
  channel layer (channels-redis in the production shape) and each member sends it to its
  client: the broadcast a move does, with no database work and no view building;
* `/ws/bench/stored/<room>/`: the same, after one INSERT of the frame committed on the event
  loop's own PostgreSQL connection (`games.pipeline.loop_database`, as a move's step is): the
  least a durable relay costs on this stack;
* `/ws/bench/seated/<room>/?seat=<seat>`: the stored relay in the shape of the site's
  delivery: each socket also in its seat's own group, each frame stored, the mover answered
  with an acknowledgement, then the frame sent to every seat's group on its own (a seat is
  never handed another seat's update, so a change is a publish a seat), as the site sends a
  change (`games.pipeline.broadcast.send`: one pipeline a Redis shard).
  The peer benchmark plays Race to 21 through these three as the design's floors
  (`--servers relay,stored,seated`).

    daphne benchmarks.bare_asgi:application

Every socket, the bare ones too, is signed in through the site's own session and user
middleware (wildlands_site.socket_auth), as the game sockets are.

With BENCH_NO_RATE_LIMIT=1 the game socket's flood limit (20 messages per 5 s per socket)
is lifted: the round-trip and throughput benchmarks send moves far faster than people do.
With BENCH_PEER_GAME=1 the peer benchmark's game (benchmarks/peer_race.py) is registered.
"""
import os
from urllib.parse import parse_qs

import wildlands_site.asgi as site  # the site's own process set-up (its GIL switch interval
# and collector policy), so what is measured here is a web process as shipped

django_asgi_app = site.django_asgi_app

from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import path  # noqa: E402

from games.consumers import GameConsumer  # noqa: E402
from games.pipeline import broadcast, loop_database  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402
from wildlands_site.socket_auth import SocketAuthMiddlewareStack  # noqa: E402

if os.environ.get("BENCH_NO_RATE_LIMIT") == "1":
    GameConsumer.rate_limit = 10 ** 9
if os.environ.get("BENCH_PEER_GAME") == "1":
    from benchmarks.peer_race import register

    register()


class EchoConsumer(AsyncWebsocketConsumer):
    async def receive(self, text_data=None, bytes_data=None):
        await self.send(text_data=text_data)


class GroupBroadcastConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.group = f"bench-{self.scope['url_route']['kwargs']['room']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        await self.channel_layer.group_send(self.group, {"type": "relay", "text": text_data})

    async def relay(self, message):
        await self.send(text_data=message["text"])


from benchmarks.bare_asgi_tables import FLOOR_TABLE  # noqa: E402


class StoredRelayConsumer(GroupBroadcastConsumer):
    """The relay, each frame first stored (autocommit: its own transaction, acknowledged by
    PostgreSQL before anyone hears of it), the way a move's one statement is. Its table is
    made by the benchmark (`bare_asgi_tables.floor_table`)."""

    async def receive(self, text_data=None, bytes_data=None):
        await loop_database.fetch(f"INSERT INTO {FLOOR_TABLE} (room, body) VALUES (%s, %s) "
                                  "RETURNING id", [self.group, text_data])
        await self.channel_layer.group_send(self.group, {"type": "relay", "text": text_data})


class SeatedRelayConsumer(StoredRelayConsumer):
    """The stored relay delivering as the site does: what the hidden-information promise
    (each seat's update to its own group) and the acknowledgement after the commit cost
    over the plain stored relay, with nothing of the site's own work."""

    SEATS = ("p1", "p2")

    async def connect(self):
        seat = parse_qs(self.scope["query_string"].decode()).get("seat", ["p1"])[0]
        room = f"bench-{self.scope['url_route']['kwargs']['room']}"
        self.seat_group = f"{room}-{seat}"
        await self.channel_layer.group_add(self.seat_group, self.channel_name)
        await super().connect()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.seat_group, self.channel_name)
        await super().disconnect(code)

    async def receive(self, text_data=None, bytes_data=None):
        await loop_database.fetch(f"INSERT INTO {FLOOR_TABLE} (room, body) VALUES (%s, %s) "
                                  "RETURNING id", [self.group, text_data])
        await self.send(text_data='{"type": "ack"}')
        await broadcast.send([broadcast.Delivery(f"{self.group}-{seat}",
                                                 {"type": "relay", "text": text_data})
                              for seat in self.SEATS], self.channel_layer)


application = ProtocolTypeRouter({
    "http": django_asgi_app,
    "websocket": AllowedHostsOriginValidator(SocketAuthMiddlewareStack(URLRouter([
        path("ws/bench/echo/", EchoConsumer.as_asgi()),
        path("ws/bench/group/<str:room>/", GroupBroadcastConsumer.as_asgi()),
        path("ws/bench/stored/<str:room>/", StoredRelayConsumer.as_asgi()),
        path("ws/bench/seated/<str:room>/", SeatedRelayConsumer.as_asgi()),
        *websocket_urlpatterns,
    ]))),
})


def _trace_consumer(path: str) -> None:
    """BENCH_TRACE=<file>: note when each stage of a move happens inside this process, to see
    where a round trip's time goes: one line a mark, `<perf_counter> <mark> <thread CPU>`
    (seconds), so that both the wall time between two marks and the event loop thread's
    CPU in it show (`trace_stages.py` reads them; a mark costs about 10 us)."""
    import functools
    import time as _time

    from games import history, selectors, services
    from games.pipeline import broadcast, channel_layer, commands, loop_database, on_loop, step_sql

    out = open(path, "a", buffering=1)

    def note(what: str) -> None:
        out.write(f"{_time.perf_counter():.6f} {what} {_time.thread_time():.6f}\n")

    def wrap_async(owner, name):
        real = getattr(owner, name)

        @functools.wraps(real)
        async def traced(*args, **kwargs):
            note(f"{name}:start")
            try:
                return await real(*args, **kwargs)
            finally:
                note(f"{name}:end")
        setattr(owner, name, traced)

    def wrap_sync(owner, name):
        real = getattr(owner, name)

        @functools.wraps(real)
        def traced(*args, **kwargs):
            note(f"{name}:start")
            try:
                return real(*args, **kwargs)
            finally:
                note(f"{name}:end")
        setattr(owner, name, traced)

    for name in ("receive", "_command", "game_changed", "_send_update"):
        wrap_async(GameConsumer, name)
    wrap_async(services, "game_apply_command_on_loop")
    wrap_async(loop_database, "fetch")  # the step's statement, from its sending to its rows
    wrap_sync(services, "game_apply_command")
    wrap_sync(selectors, "update_payload")
    for name in ("held_for_command", "short_way_step", "_with_updates", "after_commit"):
        wrap_sync(on_loop, name)
    wrap_sync(step_sql, "conditional_step")
    wrap_sync(history, "played")
    wrap_sync(commands, "build_step")
    wrap_async(broadcast, "send")  # the change to every seat's group, after the ack
    wrap_async(channel_layer._PatientShard, "publish_many")


from wildlands_site.gc_tuning import settle_after_startup  # noqa: E402

settle_after_startup()  # again, after this module's own imports

if os.environ.get("BENCH_TRACE"):
    _trace_consumer(os.environ["BENCH_TRACE"])
