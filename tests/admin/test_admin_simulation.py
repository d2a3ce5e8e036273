"""Balance runs: chunks on (eager) Celery add up to exactly what one process measures."""
from __future__ import annotations

import io

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.core.management import call_command

from ancients_ai import balance
from games.platform import balance_figures
from ancients_ai.services import simulation as services
from ancients_ai.models import Scenario, SimulationChunk, SimulationRun
from wildlands.simulation import play_awoken

# Tasks run in process here, whatever the environment (CI has a broker but no worker).
from support.site import eager_celery  # noqa: E402,F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]


@pytest.fixture
def magus():
    call_command("load_content", stdout=io.StringIO())
    return Scenario.objects.get(slug="magus")


@pytest.fixture
def start(django_capture_on_commit_callbacks):
    """`services.simulation_start`, then what it sends on commit (the chunks, run eagerly)."""
    def run(**kwargs):
        with django_capture_on_commit_callbacks(execute=True) as sent:
            started = services.simulation_start(**kwargs)
        assert len(sent) == 1, "the chunks are sent once, after commit"
        started.refresh_from_db()
        return started
    return run


# --- the pure part -----------------------------------------------------------------------------
def test_wilson_interval_matches_the_textbook_values():
    low, high = balance_figures.wilson(50, 100)
    assert round(low, 4) == 0.4038 and round(high, 4) == 0.5962
    low, high = balance_figures.wilson(0, 20)
    assert low == 0.0 and round(high, 4) == 0.1611
    assert balance_figures.wilson(0, 0) == (0.0, 0.0)


def test_seeds_are_derived_from_the_run_seed_and_the_game_index():
    assert balance_figures.game_seed(7, 3) == balance_figures.game_seed(7, 3)
    assert len({balance_figures.game_seed(7, i) for i in range(1000)}) == 1000
    assert balance_figures.game_seed(7, 3) != balance_figures.game_seed(8, 3)


def test_a_balance_game_of_a_stored_version_is_the_shipped_game(magus):
    """The same seed, content and bot give the same game as `wildlands.simulation.play_awoken`."""
    run = services.simulation_start(version=magus.latest_version, games=1, chunk_size=1, seed=5,
                                    map_name="dungeon", factions=["guild"])
    setup = services.balance_setup(run)
    for seed in (11, 12, 13):
        mine = balance.play_one(setup, seed)
        theirs = play_awoken(seed, ["awoken"], ["magus"], map_name="dungeon", factions=["guild"])
        assert (mine["result"], mine["cause"], mine["rounds"], mine["commands"]) == \
               (theirs.result, theirs.cause, theirs.rounds, theirs.commands)


# --- the run -----------------------------------------------------------------------------------
def test_a_chunked_run_stores_what_one_process_measures(magus, start):
    run = start(version=magus.latest_version, games=23, chunk_size=5,
                                    seed=2024, map_name="dungeon", factions=["guild"])
    run.refresh_from_db()
    assert run.status == SimulationRun.Status.DONE
    assert (run.chunks_total, run.chunks_done, run.games_done) == (5, 5, 23)
    assert [c.count for c in run.chunks.order_by("index")] == [5, 5, 5, 5, 3]

    setup = services.balance_setup(run)
    alone = balance.summarize(balance.play_games(setup, 2024, 0, 23))
    stored = {k: v for k, v in run.results.items() if k != "seconds"}
    assert stored == alone
    assert sum(n for _, n in stored["results"]) == 23


def test_a_chunk_delivered_twice_counts_once(magus, start):
    run = start(version=magus.latest_version, games=4, chunk_size=2, seed=3,
                                    map_name="dungeon", factions=["guild"])
    run.refresh_from_db()
    before = run.results
    assert services.simulation_run_chunk(run_id=run.pk, index=0) is False
    run.refresh_from_db()
    assert (run.games_done, run.chunks_done, run.results) == (4, 2, before)


def test_the_figures_are_the_same_every_time(magus, start):
    first = start(version=magus.latest_version, games=6, chunk_size=4, seed=99,
                                      map_name="dungeon", factions=["guild"])
    second = start(version=magus.latest_version, games=6, chunk_size=1, seed=99,
                                       map_name="dungeon", factions=["guild"])
    first.refresh_from_db()
    second.refresh_from_db()
    strip = lambda r: {k: v for k, v in r.items() if k != "seconds"}  # noqa: E731
    assert strip(first.results) == strip(second.results)
    games = [g for c in SimulationChunk.objects.filter(run=first).order_by("index") for g in c.results]
    assert [g["seed"] for g in games] == [balance_figures.game_seed(99, i) for i in range(6)]


def test_a_two_player_run_plays_side_a_with_a_partner(magus, start):
    tyrant = Scenario.objects.get(slug="tyrant")
    run = start(version=magus.latest_version, partner=tyrant.latest_version,
                                    games=3, chunk_size=2, seed=1, map_name="dungeon",
                                    factions=["guild", "gnomads"])
    run.refresh_from_db()
    assert run.status == "done" and run.results["games"] == 3
    assert [s.id for s in services.balance_setup(run).scenarios] == ["magus", "tyrant"]


def test_bad_settings_are_refused(magus):
    with pytest.raises(services.SimulationRefused, match="number of games"):
        services.simulation_start(version=magus.latest_version, games=0)
    with pytest.raises(services.SimulationRefused, match="different faction"):
        services.simulation_start(version=magus.latest_version, games=2,
                                  partner=Scenario.objects.get(slug="tyrant").latest_version,
                                  factions=["guild", "guild"])
    with pytest.raises(services.SimulationRefused, match="unknown bot"):
        services.simulation_start(version=magus.latest_version, games=2, bot="oracle")
    assert SimulationRun.objects.count() == 0


# --- live progress -----------------------------------------------------------------------------
@pytest.mark.django_db(transaction=True)
def test_progress_socket_is_for_staff_and_reports_the_run(django_user_model, outsider):
    from wildlands_site.asgi import application

    call_command("load_content", stdout=io.StringIO())
    version = Scenario.objects.get(slug="magus").latest_version
    run = services.simulation_start(version=version, games=2, chunk_size=1, seed=4,
                                    map_name="dungeon", factions=["guild"])
    staff = django_user_model.objects.create_user("designer", password="pw-long-enough-1",
                                                  is_staff=True)

    async def connect(user):
        from channels.routing import URLRouter

        from ancients_ai.routing import websocket_urlpatterns

        communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns),
                                             f"/ws/admin/simulation/{run.pk}/")
        communicator.scope["user"] = user
        connected, _ = await communicator.connect()
        message = await communicator.receive_json_from() if connected else None
        if connected:
            from channels.layers import get_channel_layer

            await get_channel_layer().group_send(
                f"simulation-{run.pk}", {"type": "simulation.progress",
                                         "progress": {"run": run.pk, "games_done": 1, "games": 2,
                                                      "status": "running"}})
            pushed = await communicator.receive_json_from()
            await communicator.disconnect()
            return connected, message, pushed
        return connected, None, None

    connected, first, pushed = async_to_sync(connect)(staff)
    assert connected and first["type"] == "progress" and first["games_done"] == 2
    assert first["status"] == "done"
    assert pushed == {"type": "progress", "run": run.pk, "games_done": 1, "games": 2,
                      "status": "running"}
    connected, _, _ = async_to_sync(connect)(outsider)
    assert not connected
    assert application is not None
