"""games.services with personas: the owner creates, the teammate joins, the outsider is
kept out; every command is checked for seat and version and stored whole or not at all."""
from __future__ import annotations

import asyncio
import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer

from ancients_ai import scenarios as awoken_scenarios
from ancients_ai import campaigns
from ancients_ai import campaign_progress
from games import lobby, selectors, services
from games.pipeline import broadcast, json_text, states
from games.models import Campaign, Game, GameCommand, GameEvent, Seat
from wildlands.rules import engine
from games.platform.errors import RuleError
from support.site import (  # noqa: F401  (fixtures)
    _fresh_state_cache, current_state, map_name, scripted_command, start_skirmish)

pytestmark = pytest.mark.django_db


def scripted_move(game: Game, owner, teammate) -> tuple:
    """(seat, user, command): the scripted command for the game's position and the player of
    the two who sends it."""
    seat, command = scripted_command(current_state(game.id))
    return seat, (owner if seat == "p1" else teammate), command


def change_what_apply_returns(monkeypatch, change) -> None:
    """From now on the engine's `apply`, as the services call it, returns its real result
    changed by `change(state, seat)`: one command then reaches a position (an outcome,
    deferred work) that the rules would take a whole game to reach."""
    real_apply = engine.apply

    def apply_then_change(state, seat, command):
        new, events = real_apply(state, seat, command)
        change(new, seat)
        return new, events

    monkeypatch.setattr(engine, "apply", apply_then_change)


# --- creating and joining ----------------------------------------------------------------------
def test_a_skirmish_waits_in_setup_until_every_seat_is_taken(owner):
    game = lobby.game_create(user=owner, mode="skirmish", map_name=map_name(),
                             faction="guild", players=3, seed=1)

    assert game.status == Game.Status.SETUP
    assert game.snapshot is None
    seats = list(game.seats.order_by("seat"))
    assert [s.seat for s in seats] == ["p1", "p2", "p3"]
    assert seats[0].user == owner and seats[0].faction == "guild" and seats[0].colour == "purple"
    assert seats[1].user is None and seats[2].user is None


def test_the_last_join_starts_the_skirmish_with_every_assignment_made(owner, teammate):
    game = start_skirmish(owner, teammate)

    assert game.status == Game.Status.PLAYING
    assert game.version == 2  # one automatic assignment per seat
    state = current_state(game.id)
    assert state.turn.phase == "play"
    assert all(c.assigned is not None for c in state.characters.values())
    assert [p.faction for p in state.players] == ["guild", "gnomads"]
    assert game.initial_snapshot["version"] == 0
    seqs = list(game.events.values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1)) and game.last_seq == len(seqs)
    assert list(GameCommand.objects.filter(game=game).values_list("version", "seat")) == [
        (1, "p1"), (2, "p2")]
    # each secret assignment is visible to its own seat only
    secret = game.events.filter(kind="assignment_recorded")
    assert sorted(e.visible_to for e in secret) == [["p1"], ["p2"]]
    assert game.awaiting == [state.turn.actor]


def test_the_start_is_reproducible_from_the_seed(owner, teammate, outsider):
    first = start_skirmish(owner, teammate, seed=42)
    second = lobby.game_create(user=outsider, mode="skirmish", map_name=map_name(),
                               faction="guild", players=2, seed=42)
    lobby.game_join(game=second, user=teammate, token=second.invite_token, faction="gnomads")
    second.refresh_from_db()

    assert first.snapshot == second.snapshot


def test_a_wrong_invite_token_is_refused(owner, teammate):
    game = lobby.game_create(user=owner, mode="skirmish", map_name=map_name(),
                             faction="guild", players=2)

    with pytest.raises(services.ServiceError) as error:
        lobby.game_join(game=game, user=teammate, token="guess", faction="gnomads")

    assert error.value.code == "bad_token"
    assert not Seat.objects.filter(game=game, user=teammate).exists()


def test_a_taken_faction_is_refused_and_joining_twice_keeps_one_seat(owner, teammate, outsider):
    game = lobby.game_create(user=owner, mode="skirmish", map_name=map_name(),
                             faction="guild", players=3)

    with pytest.raises(services.ServiceError) as error:
        lobby.game_join(game=game, user=teammate, token=game.invite_token, faction="guild")
    assert error.value.code == "invalid_choice"

    first = lobby.game_join(game=game, user=teammate, token=game.invite_token, faction="gnomads")
    again = lobby.game_join(game=game, user=teammate, token=game.invite_token, faction="lawbringers")
    assert first.pk == again.pk and again.faction == "gnomads"
    assert game.seats.filter(user__isnull=True).count() == 1


def test_the_outsider_cannot_join_a_full_game(owner, teammate, outsider):
    game = start_skirmish(owner, teammate)

    with pytest.raises(services.ServiceError) as error:
        lobby.game_join(game=game, user=outsider, token=game.invite_token, faction="lawbringers")

    assert error.value.code == "game_started"


def test_a_colour_already_used_gives_way_to_a_free_one(owner, teammate):
    game = lobby.game_create(user=owner, mode="skirmish", map_name=map_name(),
                             faction="guild", colour="red", players=2)
    lobby.game_join(game=game, user=teammate, token=game.invite_token,
                    faction="pit_fighters")  # the Pit Fighters' own colour is red

    colours = list(game.seats.order_by("seat").values_list("colour", flat=True))
    assert colours[0] == "red" and colours[1] != "red"


def test_unknown_choices_are_refused_with_a_clear_code(owner):
    with pytest.raises(services.ServiceError) as error:
        lobby.game_create(user=owner, mode="skirmish", map_name="atlantis", faction="guild",
                          players=2)
    assert error.value.code == "invalid_choice"
    with pytest.raises(services.ServiceError) as error:
        lobby.game_create(user=owner, mode="skirmish", map_name=map_name(), faction="guild",
                          players=5)
    assert error.value.code == "invalid_choice"
    assert not Game.objects.exists()


# --- applying commands -------------------------------------------------------------------------
def test_the_seat_to_move_applies_a_command(owner, teammate):
    game = start_skirmish(owner, teammate)
    state = current_state(game.id)
    seat, command = scripted_command(state)
    user = owner if seat == "p1" else teammate

    result = services.game_apply_command(game_id=game.id, user=user,
                                         expected_version=game.version, command=command)

    game.refresh_from_db()
    assert result.version == game.version == 3
    assert result.first_seq == result.events[0]["seq"]
    assert result.last_seq == game.last_seq
    assert [e["seq"] for e in result.events] == list(range(result.first_seq, result.last_seq + 1))
    assert GameCommand.objects.get(game=game, version=3).command == command
    assert current_state(game.id).version == 3


def test_a_stale_version_is_rejected_and_changes_nothing(owner, teammate):
    game = start_skirmish(owner, teammate)
    seat, user, command = scripted_move(game, owner, teammate)
    before = (game.version, game.last_seq, GameEvent.objects.count())

    with pytest.raises(RuleError) as error:
        services.game_apply_command(game_id=game.id, user=user,
                                    expected_version=game.version - 1, command=command)

    assert error.value.code == "stale_version"
    game.refresh_from_db()
    assert (game.version, game.last_seq, GameEvent.objects.count()) == before


def test_the_wrong_seat_is_told_it_is_not_their_turn(owner, teammate):
    game = start_skirmish(owner, teammate)
    state = current_state(game.id)
    waiting = teammate if state.turn.actor == "p1" else owner
    snapshot = game.snapshot

    with pytest.raises(RuleError) as error:
        services.game_apply_command(game_id=game.id, user=waiting, expected_version=game.version,
                                    command={"do": "end_turn"})

    assert error.value.code == "not_your_turn"
    game.refresh_from_db()
    assert game.snapshot == snapshot and game.version == 2


def test_the_outsider_is_not_seated(owner, teammate, outsider):
    game = start_skirmish(owner, teammate)

    with pytest.raises(services.ServiceError) as error:
        services.game_apply_command(game_id=game.id, user=outsider,
                                    expected_version=game.version, command={"do": "end_turn"})

    assert error.value.code == "not_seated"


def test_a_malformed_command_is_an_invalid_command(owner, teammate):
    game = start_skirmish(owner, teammate)
    seat = current_state(game.id).turn.actor
    user = owner if seat == "p1" else teammate

    for command in ({"do": "teleport"}, {"do": "move"}, {"dance": 1}, {"do": "end_turn", "x": 1}):
        with pytest.raises(RuleError) as error:
            services.game_apply_command(game_id=game.id, user=user,
                                        expected_version=game.version, command=command)
        assert error.value.code == "invalid_command"
    game.refresh_from_db()
    assert game.version == 2


def test_commands_before_the_start_are_refused(owner):
    game = lobby.game_create(user=owner, mode="skirmish", map_name=map_name(),
                             faction="guild", players=2)

    with pytest.raises(services.ServiceError) as error:
        services.game_apply_command(game_id=game.id, user=owner, expected_version=0,
                                    command={"do": "end_turn"})

    assert error.value.code == "game_not_started"


def test_a_committed_command_sends_each_seat_its_own_update(owner, teammate,
                                                            django_capture_on_commit_callbacks):
    game = start_skirmish(owner, teammate)
    seat, user, command = scripted_move(game, owner, teammate)

    def apply_the_command():
        with django_capture_on_commit_callbacks(execute=True):
            return services.game_apply_command(game_id=game.id, user=user, expected_version=2,
                                               command=command)

    async def listen_to_both_seats_while(act):
        """Each seat's group heard on one event loop (a channel layer's channels belong to
        the loop that made them) while `act` runs in the test's database thread."""
        layer = get_channel_layer()
        channels = {}
        for seat in ("p1", "p2"):
            channels[seat] = await layer.new_channel()
            await layer.group_add(broadcast.seat_group(game.id, seat), channels[seat])
        result = await sync_to_async(act)()
        heard = {seat: await asyncio.wait_for(layer.receive(channel), 5)
                 for seat, channel in channels.items()}
        for seat, channel in channels.items():
            await layer.group_discard(broadcast.seat_group(game.id, seat), channel)
        return result, heard

    result, heard = async_to_sync(listen_to_both_seats_while)(apply_the_command)

    for seat, message in heard.items():
        assert (message["type"], message["version"]) == ("game.changed", 3)
        assert (message["first_seq"], message["last_seq"]) == (result.first_seq, result.last_seq)
        # the update is the one the database would give this seat, built once by the writer
        from_database = selectors.update_payload(game_id=game.id, seat=seat,
                                                 after=result.first_seq - 1)
        assert json.loads(message["update_text"]) == json.loads(json_text.dumps(from_database))


def test_nothing_is_broadcast_for_a_refused_command(owner, teammate,
                                                    django_capture_on_commit_callbacks):
    game = start_skirmish(owner, teammate)
    with django_capture_on_commit_callbacks() as callbacks:
        with pytest.raises(RuleError):
            services.game_apply_command(game_id=game.id, user=owner, expected_version=99,
                                        command={"do": "end_turn"})
    assert callbacks == []


def test_the_command_that_ends_the_game_records_the_outcome(owner, teammate, monkeypatch):
    game = start_skirmish(owner, teammate)
    seat, user, command = scripted_move(game, owner, teammate)

    def win(state, seat):
        state.outcome = {"result": "won", "winner": seat, "cause": "points"}

    change_what_apply_returns(monkeypatch, win)
    result = services.game_apply_command(game_id=game.id, user=user, expected_version=2,
                                         command=command)

    game.refresh_from_db()
    assert result.finished
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    assert (game.result, game.winner, game.rounds) == ("won", seat, 1)
    assert game.awaiting == []
    with pytest.raises(RuleError) as error:
        services.game_apply_command(game_id=game.id, user=user, expected_version=3,
                                    command={"do": "end_turn"})
    assert error.value.code == "game_over"


def test_the_parsed_state_is_cached_per_version(owner, teammate, django_capture_on_commit_callbacks):
    game = start_skirmish(owner, teammate)
    seat, user, command = scripted_move(game, owner, teammate)

    with django_capture_on_commit_callbacks(execute=True):
        services.game_apply_command(game_id=game.id, user=user, expected_version=2, command=command)

    cached = states.held(game.id).state
    assert cached.version == 3
    game.refresh_from_db()
    assert selectors.game_state(game) is cached


# --- game lists -----------------------------------------------------------------------------------
def test_whose_move_names_the_seat_to_move(owner, teammate, outsider):
    game = start_skirmish(owner, teammate)
    actor = current_state(game.id).turn.actor
    mover, other = (owner, teammate) if actor == "p1" else (teammate, owner)

    assert selectors.whose_move(game, mover) == "your move"
    assert selectors.whose_move(game, other) == mover.username
    assert list(selectors.games_for_user(outsider)) == []
    assert list(selectors.games_for_user(owner)) == [game]


# --- campaigns ------------------------------------------------------------------------------------
def test_a_campaign_for_two_waits_for_the_partner(owner, teammate):
    campaign = campaigns.campaign_create(user=owner, name="Long watch", map_name=map_name(),
                                         faction="guild", party_size=2, difficulty="hard")

    with pytest.raises(services.ServiceError) as error:
        campaigns.campaign_start_game(campaign=campaign, user=owner)
    assert error.value.code == "game_not_started"

    with pytest.raises(services.ServiceError) as error:
        campaigns.campaign_join(campaign=campaign, user=teammate, token="nope", faction="gnomads")
    assert error.value.code == "bad_token"

    campaigns.campaign_join(campaign=campaign, user=teammate, token=campaign.invite_token,
                            faction="gnomads")
    campaign.refresh_from_db()
    assert campaign.partner == teammate and campaign.is_ready
    assert campaign.has_member(teammate)


def test_the_outsider_cannot_start_someone_elses_campaign(owner, outsider):
    campaign = campaigns.campaign_create(user=owner, name="Solo", map_name=map_name(),
                                         faction="guild")
    with pytest.raises(services.ServiceError) as error:
        campaigns.campaign_start_game(campaign=campaign, user=outsider)
    assert error.value.code == "not_seated"


def _finished_campaign_game(campaign, owner, chapter, result, treasures=()):
    """A finished campaign game stored directly (its state from a started skirmish)."""
    game = Game.objects.create(mode="solo", map_name=campaign.map_name, seed=3,
                               created_by=owner, campaign=campaign, campaign_chapter=chapter,
                               status=Game.Status.FINISHED, result=result, rounds=4,
                               crystals=2, knockouts=3, characters_lost=1)
    return game


def test_a_win_unlocks_the_next_chapter_and_earns_a_treasure(owner, teammate):
    campaign = campaigns.campaign_create(user=owner, name="Solo", map_name=map_name(),
                                         faction="guild")
    state = current_state(start_skirmish(owner, teammate).id).clone()
    next(iter(state.characters.values())).treasures.append("lucky_charm")
    game = _finished_campaign_game(campaign, owner, 1, "won")

    campaign_progress.campaign_record_result(game=game, state=state)

    campaign.refresh_from_db()
    assert campaign.unlocked == 2 and campaign.completed == [1]
    assert campaign.treasures == ["lucky_charm"]


def test_a_loss_changes_no_progress_and_a_replayed_chapter_unlocks_nothing_new(owner, teammate):
    campaign = campaigns.campaign_create(user=owner, name="Solo", map_name=map_name(),
                                         faction="guild")
    campaign.unlocked, campaign.completed = 3, [1, 2]
    campaign.save()
    state = current_state(start_skirmish(owner, teammate).id)

    campaign_progress.campaign_record_result(game=_finished_campaign_game(campaign, owner, 3, "lost"),
                                             state=state)
    campaign.refresh_from_db()
    assert (campaign.unlocked, campaign.completed, campaign.treasures) == (3, [1, 2], [])

    campaign_progress.campaign_record_result(game=_finished_campaign_game(campaign, owner, 1, "won"),
                                             state=state)
    campaign.refresh_from_db()
    assert (campaign.unlocked, campaign.completed) == (3, [1, 2])
    stats = selectors.campaign_statistics(campaign)
    assert stats["played"] == 2 and stats["won"] == 1 and stats["lost"] == 1
    assert stats["crystals"] == 4 and stats["knockouts"] == 6


def test_chapters_follow_the_scenario_numbers_and_pair_for_two(owner, teammate):
    order = awoken_scenarios.scenario_ids_in_order()
    if len(order) < 2:
        pytest.skip("fewer than two scenarios are installed")
    solo = campaigns.campaign_create(user=owner, name="Solo", map_name=map_name(), faction="guild")
    duo = campaigns.campaign_create(user=owner, name="Duo", map_name=map_name(), faction="guild",
                                    party_size=2)

    assert campaigns.campaign_chapter_scenarios(solo, 1) == [order[0]]
    assert campaigns.campaign_chapter_scenarios(duo, 1) == order[0:2]
    last = len(order)
    assert campaigns.campaign_chapter_scenarios(duo, last) == [order[-1], order[0]]
