"""Bot seats: a skirmish against 1-3 bot factions and a co-op game with the Awoken bot as
the partner, chosen in the lobby; the bots play through the same stored steps as people,
one Celery task per move, keyed by version.

The person's commands are scripted (the same bot chooses them, from the person's seat);
the bots' moves come only from the task (`games.run_bot_turn`), run eagerly here."""
from __future__ import annotations

import pytest
from django.urls import reverse

from ancients_ai import scenarios as awoken_scenarios
from games import bot_seats, lobby, selectors
from wildlands.bots import make_bot
from wildlands.forms import NewGameForm
from games.models import Game, GameCommand, Seat
from games.pipeline import turns
from games.platform import registry
from wildlands.rules.legal import legal_commands
from games.services import ServiceError, game_apply_command
from games.tasks import run_bot_turn
from support.site import (  # noqa: F401  (fixtures)
    bots_without_pause, _fresh_state_cache, current_state, eager_celery, map_name, scripted_command)

MAX_COMMANDS = 1500


pytestmark = pytest.mark.usefixtures("bots_without_pause")


def skirmish_with_bots(owner, bots: int, *, seed: int = 11) -> Game:
    game = lobby.game_create(user=owner, mode="skirmish", map_name=map_name(),
                             faction="guild", players=bots + 1, bots=bots, seed=seed)
    game.refresh_from_db()
    return game


def coop_with_bot(owner, *, seed: int = 5) -> Game:
    scenarios = awoken_scenarios.scenario_ids_in_order()[:2]
    game = lobby.game_create(user=owner, mode="coop", map_name=map_name(),
                             faction="guild", scenario_ids=scenarios, bots=1, seed=seed)
    game.refresh_from_db()
    return game


def person_to_act(state, seat: str = "p1") -> bool:
    """The game waits on the person: a prompt for them, their turn, or the shared turn."""
    if state.prompt is not None:
        return state.prompt.to == seat
    return state.turn.actor in (seat, None)


def person_plays(game: Game, owner, bot: str) -> tuple:
    """The person's commands, chosen by `bot` from seat p1, until the game ends; each time
    the person's command returns, the bots have already answered (eager tasks) and the game
    waits on the person again. The final state and the number of the person's commands."""
    sent = 0
    while True:
        state = current_state(game.id)
        if state.outcome is not None:
            return state, sent
        assert sent < MAX_COMMANDS, "the game did not end"
        assert person_to_act(state), (state.prompt, state.turn.actor, "a bot did not move")
        legal = legal_commands(state, "p1")
        chosen = make_bot(bot, state.version).choose(state, "p1", legal)
        command = chosen.to_data() if hasattr(chosen, "to_data") else dict(chosen)
        game_apply_command(game_id=game.id, user=owner, expected_version=state.version,
                           command=command)
        sent += 1


# --- the lobby --------------------------------------------------------------------------------
@pytest.mark.django_db
def test_bots_are_seated_at_creation_and_a_game_against_bots_only_starts_at_once(owner):
    game = skirmish_with_bots(owner, 3)
    seats = list(game.seats.order_by("seat"))
    assert [(s.seat, s.user_id is not None, s.bot) for s in seats] == [
        ("p1", True, ""), ("p2", False, "greedy"), ("p3", False, "greedy"), ("p4", False, "greedy")]
    assert len({s.faction for s in seats}) == 4 and len({s.colour for s in seats}) == 4
    assert game.status == Game.Status.PLAYING


@pytest.mark.django_db
def test_a_game_with_a_free_seat_waits_for_a_person_and_the_bots_keep_theirs(owner, teammate):
    game = lobby.game_create(user=owner, mode="skirmish", map_name=map_name(),
                             faction="guild", players=3, bots=1, bot_factions=["gnomads"], seed=3)
    assert game.status == Game.Status.SETUP
    assert game.seats.get(seat="p3").faction == "gnomads"
    seat = lobby.game_join(game=game, user=teammate, token=game.invite_token,
                           faction=lobby.free_factions(game)[0][0])
    assert seat.seat == "p2"
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING


@pytest.mark.django_db
@pytest.mark.parametrize("mode, players, bots, message", [
    ("skirmish", 2, 2, "room for at most 1"),
    ("coop", None, 2, "one bot partner"),
    ("solo", None, 1, "skirmishes and co-op"),
])
def test_the_lobby_refuses_a_number_of_bots_the_game_has_no_room_for(owner, mode, players, bots,
                                                                     message):
    scenarios = awoken_scenarios.scenario_ids_in_order()[:1 if mode == "solo" else 2]
    with pytest.raises(ServiceError) as refused:
        lobby.game_create(user=owner, mode=mode, map_name=map_name(), faction="guild",
                          players=players, scenario_ids=scenarios, bots=bots)
    assert refused.value.code == "invalid_choice" and message in refused.value.message
    assert not Game.objects.exists()


def new_game_form(**fields) -> NewGameForm:
    data = {"map_name": map_name(), "faction": "guild", "difficulty": "normal", **fields}
    return NewGameForm(data)


@pytest.mark.django_db
def test_the_form_says_clearly_when_the_bots_do_not_fit():
    form = new_game_form(mode="skirmish", players="2", bots="3")
    assert not form.is_valid()
    assert form.errors["bots"] == ["A skirmish of 2 players has room for at most 1 bot: one "
                                   "seat is yours."]
    solo = new_game_form(mode="solo", bot_partner="on",
                         scenario=awoken_scenarios.available_scenarios()[0][0])
    assert not solo.is_valid() and "choose Co-op" in solo.errors["bot_partner"][0]
    own = new_game_form(mode="skirmish", players="2", bots="1", bot_factions=["guild"])
    assert not own.is_valid() and own.errors["bot_factions"] == [
        "A bot cannot play your own faction."]
    too_many = new_game_form(mode="skirmish", players="3", bots="1",
                             bot_factions=["gnomads", "guild"])
    assert not too_many.is_valid() and "at most 1 bot faction" in too_many.errors["bot_factions"][0]
    fine = new_game_form(mode="skirmish", players="3", bots="2")
    assert fine.is_valid(), fine.errors
    assert fine.cleaned_data["bot_count"] == 2


@pytest.mark.django_db
def test_creating_a_game_with_the_bot_partner_from_the_page(client, owner):
    scenarios = awoken_scenarios.available_scenarios()
    client.force_login(owner)
    response = client.post(reverse("games:new"), {
        "mode": "coop", "map_name": map_name(), "faction": "guild", "difficulty": "normal",
        "scenario": scenarios[0][0], "scenario_2": scenarios[1][0], "bot_partner": "on"})
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.status == Game.Status.PLAYING
    assert game.seats.get(seat="p2").bot == "awoken"


# --- playing ----------------------------------------------------------------------------------
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("bots", [1, 3])
def test_a_skirmish_against_bots_is_played_to_the_end(owner, eager_celery, bots):
    game = skirmish_with_bots(owner, bots)
    state, sent = person_plays(game, owner, "greedy")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and state.outcome is not None
    by_seat = {s: GameCommand.objects.filter(game=game, seat=s).count()
               for s in state.player_ids()}
    assert sent > 0 and all(by_seat[f"p{i + 2}"] > 0 for i in range(bots)), by_seat


@pytest.mark.django_db(transaction=True)
def test_the_awoken_bot_partner_plays_its_share_and_the_ancients_follow(owner, eager_celery):
    game = coop_with_bot(owner)
    rounds_seen = set()
    for _ in range(400):
        state = current_state(game.id)
        rounds_seen.add(state.turn.round)
        if state.outcome is not None or len(rounds_seen) >= 3:
            break
        assert person_to_act(state), "the bot partner left the game waiting on it"
        legal = legal_commands(state, "p1")
        chosen = make_bot("awoken", state.version).choose(state, "p1", legal)
        command = chosen.to_data() if hasattr(chosen, "to_data") else dict(chosen)
        game_apply_command(game_id=game.id, user=owner, expected_version=state.version,
                           command=command)
    commands = GameCommand.objects.filter(game=game)
    assert commands.filter(seat="p2").exists(), "the bot partner never moved"
    assert commands.filter(seat="").exists(), "the Ancients never took their turn"
    assert len(rounds_seen) >= 3 or current_state(game.id).outcome is not None
    # the bot never ends the shared turn for both: when it would, it says it is done
    # (`finish`) and the turn ends once its partner is done too, or ends it for both
    assert not commands.filter(seat="p2", command__do="end_turn").exists()
    assert commands.filter(seat="p2", command__do="finish").exists()


def bot_to_move(owner) -> Game:
    """A 1-bot skirmish where the person has just ended their turn (on-commit tasks do not
    run in these tests, so the bot has not moved yet)."""
    game = skirmish_with_bots(owner, 1, seed=4)
    while True:
        state = current_state(game.id)
        if state.turn.actor == "p2" and state.prompt is None:
            return game
        seat, command = scripted_command(state)
        assert seat == "p1"
        game_apply_command(game_id=game.id, user=owner, expected_version=state.version,
                           command=command)


@pytest.mark.django_db
def test_the_game_list_names_the_bot_it_waits_for(owner):
    game = bot_to_move(owner)
    game.refresh_from_db()
    assert game.awaiting == ["p2"]
    assert selectors.whose_move(game, owner) == "Greedy bot"


@pytest.mark.django_db
def test_a_bot_task_plays_one_move_and_a_late_or_repeated_one_does_nothing(owner):
    game = bot_to_move(owner)
    version = current_state(game.id).version
    assert run_bot_turn(str(game.id), version) == version + 1
    assert GameCommand.objects.get(game=game, version=version + 1).seat == "p2"
    assert run_bot_turn(str(game.id), version) is None  # the same task again
    assert current_state(game.id).version == version + 1


@pytest.mark.django_db
def test_no_bot_task_moves_for_a_person(owner):
    game = skirmish_with_bots(owner, 1, seed=4)
    while not person_to_act(state := current_state(game.id)):
        assert run_bot_turn(str(game.id), state.version) == state.version + 1
    before = GameCommand.objects.filter(game=game).count()
    assert run_bot_turn(str(game.id), state.version) is None
    assert GameCommand.objects.filter(game=game).count() == before
    with pytest.raises(ServiceError) as refused:
        bot_seats.game_apply_bot_command(game_id=game.id, seat="p1",
                                         expected_version=state.version,
                                         command={"do": "end_turn"})
    assert refused.value.code == "not_seated"


@pytest.mark.django_db
def test_the_sweep_sends_a_lost_bot_move_again(owner, eager_celery):
    game = bot_to_move(owner)
    version = current_state(game.id).version
    Game.objects.filter(pk=game.pk).update(updated=game.updated.replace(year=2000))
    assert bot_seats.bots_requeue_stalled() == [(str(game.id), version)]
    assert current_state(game.id).version == version + 1
    assert bot_seats.bots_requeue_stalled(older_than=3600) == []


@pytest.mark.django_db
def test_a_bot_seat_has_no_user_so_no_socket_or_view_is_ever_made_for_it(owner):
    game = skirmish_with_bots(owner, 1)
    bot = Seat.objects.get(game=game, bot="greedy")
    assert bot.user_id is None
    summary = {s["seat"]: s for s in selectors.seats_summary(game)}
    assert summary["p2"]["username"] == "Greedy bot"


@pytest.mark.django_db
def test_with_a_broker_the_bots_move_is_sent_after_the_pause(owner, settings):
    """A person can follow the bots: each move's task waits BOT_STEP_SECONDS in the broker
    (here the in-process memory broker, as published for a worker)."""
    from datetime import datetime, timezone

    from wildlands_site.celery import app as celery_app

    if celery_app.conf.broker_url != "memory://":
        pytest.skip("reads the message back from the in-process memory broker")
    game = bot_to_move(owner)
    version = current_state(game.id).version
    settings.BOT_STEP_SECONDS = 1.5
    saved = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = False
    try:
        sent_at = datetime.now(timezone.utc)
        skirmish = registry.get(game.mode)
        turns.after_step(str(game.id), skirmish, version, ["p2"])
        turns.after_step(str(game.id), skirmish, version, ["p1"])  # a person's move: no task
        with celery_app.connection_for_read() as connection:
            queue = connection.SimpleQueue(celery_app.conf.task_default_queue)
            message = queue.get(timeout=2)
            message.ack()
            assert queue.qsize() == 0
            queue.close()
    finally:
        celery_app.conf.task_always_eager = saved
    assert message.headers["task"] == "games.run_bot_turn"
    assert message.headers["argsrepr"] == repr((str(game.id), version))
    delay = (datetime.fromisoformat(message.headers["eta"]) - sent_at).total_seconds()
    assert 1.4 <= delay <= 3
    assert current_state(game.id).version == version  # nothing played until a worker takes it


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_person_sees_the_bots_moves_but_nothing_of_its_hand(owner, eager_celery):
    """The bot decides from the whole state, on the server; the person's socket carries its
    moves and never a card it holds that no public event has shown."""
    from channels.db import database_sync_to_async as db

    from games.models import GameEvent
    from support.site import as_json, communicator, connect_seated, drain, receive_until

    game = await db(skirmish_with_bots)(owner, 1, seed=4)
    comm = communicator(game.id, owner)
    heard: list = []
    await connect_seated(comm, into=heard)
    for i in range(12):
        state = await db(current_state)(game.id)
        if state.outcome is not None:
            break
        seat, command = scripted_command(state)
        assert seat == "p1", "the bot left the game waiting on it"
        await comm.send_json_to({"type": "command", "id": f"c{i}",
                                 "expected_version": state.version, "command": command})
        await receive_until(comm, lambda m: m["type"] in ("ack", "rejected"), into=heard)
        await drain(comm, into=heard)
    await comm.disconnect()

    final = await db(current_state)(game.id)
    events = await db(lambda: list(GameEvent.objects.filter(game=game)))()
    public = as_json([e.data for e in events if e.visible_for("p1")])
    secret = [cid for cid in final.player("p2").hand if cid not in public]
    assert secret, "the bot holds no card the person has not seen"
    heard_text = as_json(heard)
    assert not [cid for cid in secret if cid in heard_text]
    bot_moves = [e for m in heard if m["type"] == "update" for e in m["events"]
                 if e.get("kind") == "turn_started" and e.get("player") == "p2"]
    assert bot_moves, "the person never heard the bot's turn"



@pytest.mark.django_db
def test_a_bot_obliged_to_act_always_has_a_command_the_rules_accept(owner):
    """Should its own choice be refused, the bot's seat answers with a checked command (the
    quiet one first), so a table never waits on a bot forever."""
    from wildlands.rules.engine import apply

    game = bot_to_move(owner)
    state = current_state(game.id)
    command = registry.get(game.mode).fallback_command(state, "p2")
    assert command == {"do": "end_turn"} or command.get("do") == "reveal"
    apply(state, "p2", command)  # accepted (a refusal raises)
