"""The table companion on the site: a game started with or without an account, played from
its secret link through the JSON endpoint, every command stored and replayable."""
from __future__ import annotations

import json

import pytest
from django.urls import reverse

from ancients_ai import scenarios as awoken_scenarios
from ancients_ai.engine.companion import seat_for
from ancients_ai.engine.setup import new_companion
from ancients_ai import companion
from games import selectors
from wildlands.content.factions import load_faction
from wildlands.content.maps import load_map
from games.models import Game, GameCommand
from wildlands.rules import engine
from wildlands.rules.serialize import state_to_data
from support.site import _fresh_state_cache, current_state, map_name  # noqa: F401

pytestmark = [pytest.mark.django_db]


def _table(user=None, seed=11, factions=("guild",)) -> Game:
    scenarios = awoken_scenarios.scenario_ids_in_order()[:len(factions)]
    return companion.companion_create(user=user, map_name=map_name(), factions=list(factions),
                                      scenario_ids=scenarios, seed=seed)


def _post(client, game, command, version=None, token=None):
    url = reverse("games:companion_command",
                  kwargs={"game_id": game.id, "token": token or game.companion_token})
    body = {"expected_version": game.version if version is None else version,
            "command": command}
    return client.post(url, json.dumps(body), content_type="application/json")


def test_a_table_game_starts_at_once_without_an_account_and_keeps_no_hand(client):
    game = _table()
    state = current_state(game.id)
    assert game.status == Game.Status.PLAYING and game.created_by is None
    assert game.companion_token and game.mode == "companion"
    assert state.catalog.option("companion") is True
    assert all(not p.hand and not p.deck for p in state.players)
    page = client.get(reverse("games:companion", kwargs={"game_id": game.id,
                                                        "token": game.companion_token}))
    assert page.status_code == 200 and b"companion.js" in page.content


def test_with_an_account_the_game_is_in_the_players_games(client, owner):
    game = _table(owner)
    assert game.created_by == owner
    assert list(selectors.games_for_user(owner)) == [game]
    client.force_login(owner)
    listed = client.get(reverse("games:list"))
    assert listed.status_code == 200 and str(game.id).encode() in listed.content
    board = client.get(reverse("games:board", kwargs={"game_id": game.id}))
    assert board.status_code == 302 and game.companion_token in board["Location"]


def test_a_wrong_link_opens_nothing(client):
    game = _table()
    page = client.get(reverse("games:companion", kwargs={"game_id": game.id, "token": "guess"}))
    assert page.status_code == 404
    reply = _post(client, game, {"do": "end_turn"}, token="guess")
    assert reply.status_code == 404 and reply.json()["error"] == "bad_token"
    assert GameCommand.objects.filter(game=game).count() == 0


def test_a_declared_move_is_stored_as_the_owners_and_a_refusal_changes_nothing(client):
    game = _table()
    state = current_state(game.id)
    character, options = next(iter(companion.table_choices(state).items()))
    reply = _post(client, game, {"do": "move", "character": character,
                                 "to": options["moves"][0], "cards": []})
    assert reply.status_code == 200, reply.content
    data = reply.json()
    assert [e["kind"] for e in data["events"]] == ["character_moved"]
    assert GameCommand.objects.get(game=game, version=data["version"]).seat == "p1"
    stale = _post(client, game, {"do": "end_turn"}, version=0)
    assert stale.status_code == 409 and stale.json()["error"] == "stale_version"
    far = _post(client, game, {"do": "correct", "figure": character, "space": 999},
                version=data["version"])
    assert far.status_code == 400 and far.json()["error"] == "invalid_correction"
    undo = _post(client, game, {"do": "undo"}, version=data["version"])
    assert undo.json()["error"] == "action_not_allowed"
    game.refresh_from_db()
    assert game.version == data["version"]


def test_a_whole_table_game_with_two_players_matches_the_engine_from_the_same_commands(client):
    game = _table(factions=("guild", "gnomads"), seed=5)
    state = current_state(game.id)
    sent = 0
    while state.outcome is None and sent < 400:
        if state.prompt is None:
            figure = next(iter(state.monsters))
            command = ({"do": "correct", "figure": figure,
                        "damage": 1 - state.monsters[figure].damage}
                       if sent < 3 and state.turn.phase == "play" else {"do": "end_turn"})
        elif state.prompt.kind == "choose":
            command = {"respond": "choose", "figure": state.prompt.data["options"][0]}
        else:
            command = {"respond": "pass"}
        reply = _post(client, game, command, version=state.version)
        assert reply.status_code == 200, reply.content
        state = current_state(game.id)
        sent += 1
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result in ("won", "lost")
    kinds = [e.kind for e in game.events.all()]
    assert "figure_corrected" in kinds
    # the engine alone, from the same set-up and the same commands, ends in the same state
    seats = list(game.seats.order_by("seat"))
    alone = new_companion(board=load_map(game.map_name),
                          factions=[load_faction(s.faction) for s in seats],
                          player_ids=[s.seat for s in seats], scenario_ids=game.scenario_ids,
                          seed=game.seed, options={"defer_ancients": True})
    for row in GameCommand.objects.filter(game=game).order_by("version"):
        assert seat_for(alone, row.command) == row.seat
        alone, _ = engine.apply(alone, row.seat, row.command)
    assert state_to_data(alone) == state_to_data(state)


def test_the_lobby_offers_the_table_companion_on_its_own_page(client, owner):
    client.force_login(owner)
    assert b'value="companion"' in client.get(reverse("games:new")).content
    moved = client.get(reverse("games:new") + "?mode=companion")
    assert moved.status_code == 302 and moved["Location"] == reverse("games:companion_new")


def test_the_table_form_starts_a_game_without_an_account(client):
    first, second = awoken_scenarios.scenario_ids_in_order()[:2]
    reply = client.post(reverse("games:companion_new"), {
        "players": "2", "map_name": map_name(), "faction": "guild", "scenario": str(first),
        "faction_2": "gnomads", "scenario_2": str(second), "difficulty": "normal"})
    game = Game.objects.get()
    assert reply.status_code == 302 and reply["Location"].endswith(
        f"/table/{game.id}/{game.companion_token}/")
    assert [s.faction for s in game.seats.order_by("seat")] == ["guild", "gnomads"]
    same = client.post(reverse("games:companion_new"), {
        "players": "2", "map_name": map_name(), "faction": "guild", "scenario": str(first),
        "faction_2": "guild", "scenario_2": str(second), "difficulty": "normal"})
    assert same.status_code == 200 and b"different faction" in same.content
    assert Game.objects.count() == 1


@pytest.mark.parametrize("body", [
    b"", b"[]", b"not json", b'"text"', b'{"expected_version": 2}',
    b'{"expected_version": "x", "command": {"do": "end_turn"}}',
    b'{"expected_version": 2, "command": ["do", "move"]}',
    b'{"expected_version": 2, "command": {"do": "move", "cards": "c1"}}',
    b'{"expected_version": 2, "command": {"do": "correct", "figure": "x", "damage": -1}}',
    b'{"expected_version": 2, "command": {"do": "explode"}}'])
def test_junk_sent_to_the_table_is_answered_in_words_and_changes_nothing(client, body):
    game = _table()
    before = game.version
    url = reverse("games:companion_command",
                  kwargs={"game_id": game.id, "token": game.companion_token})
    reply = client.generic("POST", url, body.replace(b"2", str(before).encode()),
                           content_type="application/json")
    assert reply.status_code in (400, 409) and reply.json()["message"]
    assert client.get(url).status_code == 405
    game.refresh_from_db()
    assert game.version == current_state(game.id).version == before


def test_a_campaign_chapter_can_be_played_at_the_table_and_counts_for_the_campaign(client,
                                                                                   owner):
    from ancients_ai import campaigns

    campaign = campaigns.campaign_create(user=owner, name="Evenings", map_name=map_name(),
                                         faction="guild")
    client.force_login(owner)
    reply = client.post(reverse("games:campaign_play", kwargs={"pk": campaign.pk}),
                        {"chapter": "1", "at_table": "1"})
    game = campaign.games.get()
    assert game.mode == "companion" and game.campaign_chapter == 1
    assert reply.status_code == 302
    assert client.get(reply["Location"])["Location"].endswith(
        f"/table/{game.id}/{game.companion_token}/")
    state = current_state(game.id)
    while state.outcome is None:
        command = ({"do": "end_turn"} if state.prompt is None else
                   {"respond": "choose", "figure": state.prompt.data["options"][0]}
                   if state.prompt.kind == "choose" else {"respond": "pass"})
        assert _post(client, game, command, version=state.version).status_code == 200
        state = current_state(game.id)
    campaign.refresh_from_db()
    game.refresh_from_db()
    assert game.result == "lost" and campaign.unlocked == 1
    assert selectors.campaign_statistics(campaign)["lost"] == 1
