"""Junk in the secret links and the table's JSON (issue 26, item 6): each was an anonymous
500 once. A table link whose token is not ASCII (`compare_digest` raised TypeError), a
replay link holding a NUL (PostgreSQL refuses NUL in a query: such a token must never reach
the database), a table command nested 5,000 deep (RecursionError). Each is now a 404 or a
400, and the JSON endpoints answer JSON with a stable code."""
from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from ancients_ai import companion
from ancients_ai import scenarios as awoken_scenarios
from games.models import Game
from support.site import _fresh_state_cache, map_name  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db


@pytest.fixture
def table() -> Game:
    scenario = awoken_scenarios.scenario_ids_in_order()[0]
    return companion.companion_create(user=None, map_name=map_name(), factions=["guild"],
                                      scenario_ids=[scenario], seed=3)


@pytest.fixture
def visitor() -> Client:
    return Client(raise_request_exception=False)  # a crash shows as the 500 a visitor gets


@pytest.mark.parametrize("token", ["é", "ключ", "abc\u00e9def", "\u2603" * 64])
def test_a_table_link_whose_token_is_not_ascii_is_not_found(table, visitor, token):
    kwargs = {"game_id": table.id, "token": token}
    page = visitor.get(reverse("games:companion", kwargs=kwargs))
    assert page.status_code == 404 and b"not valid" in page.content
    state = visitor.get(reverse("games:companion_state", kwargs=kwargs))
    assert state.status_code == 404 and state.json()["error"] == "bad_token"
    command = visitor.post(reverse("games:companion_command", kwargs=kwargs),
                           json.dumps({"expected_version": table.version,
                                       "command": {"do": "end_turn"}}),
                           content_type="application/json")
    assert command.status_code == 404 and command.json()["error"] == "bad_token"


@pytest.mark.parametrize("path", ["/replays/abc%00def/", "/replays/%00/steps/",
                                  "/replays/" + "a" * 65 + "/", "/replays/a%20b/steps/"])
def test_a_replay_link_no_link_could_hold_is_not_found_before_the_database_is_asked(
        visitor, django_assert_num_queries, path):
    with django_assert_num_queries(0):  # PostgreSQL raises on a NUL in a query
        response = visitor.get(path)
    assert response.status_code == 404


@pytest.mark.parametrize("body", [
    "[" * 5000 + "]" * 5000,
    '{"expected_version": 1, "command": ' + '{"a": ' * 5000 + "1" + "}" * 5001,
    '{"expected_version": ' + str(2 ** 70) + ', "command": {"do": "end_turn"}}',
    '{"expected_version": 1, "command": {"do": "end_turn", "n": -' + str(2 ** 64) + "}}",
    '{"expected_version": NaN, "command": {"do": "end_turn"}}',
])
def test_a_table_command_too_deep_or_with_numbers_no_browser_holds_is_a_clear_400(
        table, visitor, body):
    url = reverse("games:companion_command",
                  kwargs={"game_id": table.id, "token": table.companion_token})
    response = visitor.post(url, body, content_type="application/json")
    assert response.status_code == 400, response.content[:200]
    assert response.json()["error"] == "bad_message"
    assert Game.objects.get(pk=table.pk).version == table.version  # nothing stored
