"""An audit over 100 bot-played site games: no payload ever tells a seat what it may not see.

tests/site/test_site_hidden_info.py plays two scripted games through real sockets. This audit
goes wide instead: 50 skirmishes and 50 co-op games of The Awoken (varied seeds, factions,
maps and scenarios), played by the bots through `games.services` exactly as the consumer
does, the Ancients' turn run through `services.game_advance` as the worker does. After
every stored step it takes, for every seat, the `update` the writer built and sent to that
seat's group (what a socket forwards), checks that the database path a socket falls back
on (`selectors.update_payload` from the seat's last seq) gives the same, and at the end a
full resync from 0 and (every fifth game) the HTTP events feed. Each payload is checked against the
secrets of the game at the version it describes:

- the view is exactly `view_for(state, seat)`, and no other seat's hand, map cards or
  unrevealed assignment is in it;
- no card of another seat that has never been public (only ever in that seat's hand or
  deck) is named anywhere; no deck's order (players' decks, the map deck, the treasure,
  minion and Ancient decks) appears; no face-down object's kind appears; no rng, seed or
  frame is sent;
- every event the seat may not see arrives as the bare placeholder `{"seq", "kind":
  "hidden"}`, and the events are the gapless stored sequence.

Games are capped (`COMMANDS_PER_GAME`) so the file stays well under a minute; the cap is
past the skirmish's reveals and the Awoken's first Ancients' turns, where the secrets are.
`AUDIT_GAMES=N AUDIT_COMMANDS=M pytest tests/hostile/test_hostile_hidden_info_audit.py` widens it.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.test import Client, TestCase

from benchmarks.site_players import TablePlayers
from ancients_ai import scenarios as awoken_scenarios
from games import history, lobby, selectors, services
from games.pipeline import broadcast, json_text, turns
from games.models import Game, GameEvent
from wildlands.rules.frames import has_deferred_work
from wildlands.rules.view import view_for
from support.site import _fresh_state_cache, make_user  # noqa: F401

GAMES = int(os.environ.get("AUDIT_GAMES", "100"))
COMMANDS_PER_GAME = int(os.environ.get("AUDIT_COMMANDS", "24"))
FACTIONS = ("guild", "gnomads", "lawbringers", "pit_fighters")
MAPS = ("dungeon", "ruins")
SECRET_KEYS = {"rng", "seed", "frames"}
DECK_KEYS = {"deck", "map_deck", "minion_deck", "ancient_deck", "treasure_deck"}

pytestmark = pytest.mark.django_db


# --- looking inside payloads -------------------------------------------------------------------
def parts(payload: Any) -> tuple[set[str], list[list], list[dict]]:
    """Every string (values and keys), every list and every object in a JSON value, in one
    pass (the audit looks at tens of thousands of payloads)."""
    strings: set[str] = set()
    lists: list[list] = []
    objects: list[dict] = []
    stack = [payload]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            strings.add(value)
        elif isinstance(value, dict):
            objects.append(value)
            strings.update(value)
            stack.extend(value.values())
        elif isinstance(value, list):
            lists.append(value)
            stack.extend(value)
    return strings, lists, objects


# --- what each seat may not know at a version ---------------------------------------------------
@dataclass
class Secrets:
    """The secrets of one state for one seat."""

    cards: set = field(default_factory=set)  # other seats' never-public card ids
    deck_orders: list = field(default_factory=list)  # top three of every hidden deck
    face_down: dict = field(default_factory=dict)  # object id -> kind
    others_assigned: dict = field(default_factory=dict)  # character id -> secret space
    others_map_cards: list = field(default_factory=list)


class SecretBook:
    """Follows one game version by version and says, per seat, what is still secret. A card
    stops being secret the first time it is anywhere but its owner's hand or deck."""

    def __init__(self, state) -> None:
        self.ever_public: set[str] = set()
        self.see(state)

    def see(self, state) -> None:
        for player in state.players:
            self.ever_public.update(player.discard)
        every = {c for p in state.players for c in (*p.hand, *p.deck, *p.discard)}
        self.ever_public.update(set(state.catalog.cards) - every)  # cards not held at all

    def for_seat(self, state, seat: str) -> Secrets:
        secrets = Secrets()
        for player in state.players:
            if player.id != seat:
                secrets.cards |= {c for c in (*player.hand, *player.deck)
                                  if c not in self.ever_public}
                if len(player.map_cards) >= 2:
                    secrets.others_map_cards.append(list(player.map_cards))
            secrets.deck_orders.append(tuple(player.deck[:3]))
        for character in state.characters.values():
            if (character.player != seat and character.assigned is not None
                    and character.space is None and not character.knocked_out):
                secrets.others_assigned[character.id] = character.assigned
        awoken = state.mode_state
        if awoken is not None:
            secrets.face_down = {o.id: o.kind for o in awoken.objects.values()
                                 if not o.revealed and not o.removed}
            decks = [awoken.map_deck, awoken.treasure_deck]
            for scenario in awoken.scenarios:
                decks += [scenario.minion_deck, scenario.ancient_deck]
            secrets.deck_orders += [tuple(d[:3]) for d in decks]
        secrets.deck_orders = [order for order in secrets.deck_orders if len(order) == 3]
        return secrets


def assert_keeps_secrets(payload: dict, secrets: Secrets, where: str) -> None:
    strings, lists, objects = parts(payload)
    leaked = strings & secrets.cards
    assert not leaked, f"{where}: another seat's unseen card(s) {sorted(leaked)[:3]} sent"
    assert not strings & SECRET_KEYS, f"{where}: secret key(s) {strings & SECRET_KEYS} sent"
    for value in lists:
        if len(value) >= 3:
            assert tuple(value[:3]) not in secrets.deck_orders, f"{where}: a deck order sent"
            assert value not in secrets.others_map_cards, f"{where}: another seat's map cards"
    for value in objects:
        for key in DECK_KEYS & value.keys():
            assert not isinstance(value[key], list), f"{where}: a deck's contents under {key!r}"
        ident = value.get("id")
        if isinstance(ident, str) and ident in secrets.others_assigned:
            assert "assigned" not in value, f"{where}: {ident}'s secret assignment sent"
        for object_id in [v for v in value.values() if isinstance(v, str) and v in secrets.face_down]:
            kind = secrets.face_down[object_id]
            assert kind not in [v for k, v in value.items() if k != "id"], \
                f"{where}: face-down {object_id} sent with its kind {kind!r}"
    assert "map_deck" not in strings, f"{where}: the map deck sent"


def assert_events_as_stored(payload_events: list, rows: dict, seat: str, where: str) -> None:
    for event in payload_events:
        row = rows[event["seq"]]
        if row.visible_to is not None and seat not in row.visible_to:
            assert event == {"seq": row.seq, "kind": "hidden"}, f"{where}: secret event sent"
        else:
            assert event == {**row.data, "seq": row.seq, "kind": row.kind}, where


# --- playing one game through the services -------------------------------------------------------
@dataclass
class Audit:
    payloads: int = 0
    commands: int = 0
    ancients_steps: int = 0
    hidden_events: int = 0


def new_game(kind: str, index: int, users: list) -> Game:
    seed = 10_000 + index
    first, second = FACTIONS[index % 4], FACTIONS[(index + 1 + index // 4) % 4]
    if first == second:
        second = FACTIONS[(index + 2) % 4]
    map_name = MAPS[index % 2]
    if kind == "skirmish":
        game = lobby.game_create(user=users[0], mode="skirmish", map_name=map_name,
                                 faction=first, players=2, seed=seed)
    else:
        order = awoken_scenarios.scenario_ids_in_order()
        pair = [order[index % len(order)], order[(index + 1 + index // 5) % len(order)]]
        if pair[0] == pair[1]:
            pair[1] = order[(index + 2) % len(order)]
        game = lobby.game_create(user=users[0], mode="coop", map_name=map_name,
                                 faction=first, scenario_ids=pair, seed=seed)
    lobby.game_join(game=game, user=users[1], token=game.invite_token, faction=second)
    game.refresh_from_db()
    return game


SENT: list = []  # broadcast.Delivery, in the order the writer sent them


def committed():
    """Run the commit callbacks of the block (the test itself runs in a transaction)."""
    return TestCase.captureOnCommitCallbacks(execute=True)


def audit_game(game: Game, users: dict, bot: str, seed: int, audit: Audit) -> None:
    state = selectors.game_state(game)
    book = SecretBook(state)
    players = TablePlayers(list(users), bot=bot, seed=seed)
    seen = {seat: 0 for seat in users}  # last seq each socket has sent
    rows: dict[int, GameEvent] = {}

    def deliver(first: bool = False) -> None:
        rows.update((r.seq, r) for r in GameEvent.objects.filter(game=game, seq__gt=len(rows)))
        current = selectors.game_state(Game.objects.get(pk=game.id))
        book.see(current)
        sent_now = list(SENT)
        SENT.clear()
        delivered = {d.group: d.message for d in sent_now}
        assert len(delivered) == len(sent_now), "a seat was sent the same change twice"
        for seat in users:
            from_database = selectors.update_payload(game_id=game.id, seat=seat, after=seen[seat])
            if first:  # a socket's greeting is read from the database
                payload = from_database
            else:
                message = delivered.pop(broadcast.seat_group(game.id, seat))
                assert message["first_seq"] == seen[seat] + 1
                payload = json.loads(message["update_text"])
                assert payload == json.loads(json_text.dumps(from_database)), \
                    "the sent update and the database disagree"
            where = f"game {game.seed} v{payload['version']} to {seat}"
            assert payload["version"] == current.version
            assert payload["view"] == view_for(current, seat), where
            assert [e["seq"] for e in payload["events"]] == \
                list(range(seen[seat] + 1, payload["last_seq"] + 1)), f"{where}: a gap"
            assert_events_as_stored(payload["events"], rows, seat, where)
            assert_keeps_secrets(payload, book.for_seat(current, seat), where)
            audit.hidden_events += sum(e["kind"] == "hidden" for e in payload["events"])
            audit.payloads += 1
            seen[seat] = payload["last_seq"]
        assert first or not delivered, f"sent to groups of no seat: {sorted(delivered)}"

    deliver(first=True)
    for _ in range(COMMANDS_PER_GAME):
        if has_deferred_work(state):
            with committed():
                assert services.game_advance(game_id=game.id, version=state.version) is not None
            audit.ancients_steps += 1
        else:
            picked = players.next_command(state)
            if picked is None:
                break
            seat, command = picked
            with committed():
                services.game_apply_command(game_id=game.id, user=users[seat],
                                            expected_version=state.version, command=command)
            audit.commands += 1
        deliver()
        state = selectors.game_state(Game.objects.get(pk=game.id))

    # a reconnect's full resync and the HTTP events feed, checked the same way
    final = Game.objects.get(pk=game.id)
    for seat, user in users.items():
        secrets = book.for_seat(state, seat)
        resync = selectors.update_payload(game_id=game.id, seat=seat, after=0)
        assert_events_as_stored(resync["events"], rows, seat, "resync")
        assert_keeps_secrets(resync, secrets, f"game {game.seed} resync to {seat}")
        if game.seed % 5 == 0:  # the HTTP feed builds events the same way: a sample suffices
            client = Client()
            client.force_login(user)
            feed = client.get(f"/play/{game.id}/events/?after=0").json()
            assert_events_as_stored(feed["events"], rows, seat, "feed")
            assert_keeps_secrets(feed, secrets, f"game {game.seed} events feed to {seat}")
    assert_log_replays(final)


def assert_log_replays(game: Game) -> None:
    """The stored command log, replayed from the initial snapshot, gives the stored state."""
    assert history.history_problems(game) == []


# --- the audit ------------------------------------------------------------------------------------
@pytest.fixture
def players_pair(db, monkeypatch, settings):
    """Two users; commits' callbacks run (so parsed states are cached per version, as in a
    real process) except the worker, which the audit plays itself; what would be sent to the
    sockets is kept in SENT for the audit to read. They open every audited game, more than
    a person may hold open at once (games.open_games): the cap is raised to fit."""
    settings.OPEN_GAMES_PER_USER = GAMES
    SENT.clear()
    monkeypatch.setattr(broadcast, "send_sync", SENT.extend)
    monkeypatch.setattr(turns, "send_opponent_turn",
                        lambda game_id, version, made_by=None: None)
    return [make_user("audit-a"), make_user("audit-b")]


def test_fifty_skirmishes_never_send_a_secret(players_pair):
    audit = Audit()
    for index in range(GAMES // 2):
        game = new_game("skirmish", index, players_pair)
        users = {"p1": players_pair[0], "p2": players_pair[1]}
        audit_game(game, users, "greedy" if index % 3 else "random", index, audit)
    print(f"\nskirmish audit: {GAMES // 2} games, {audit.commands} commands, "
          f"{audit.payloads} payloads, {audit.hidden_events} hidden events")
    assert audit.commands >= GAMES // 2 * 10
    assert audit.hidden_events > 0  # the other seat's assignments and draws were withheld


def test_fifty_coop_awoken_games_never_send_a_secret(players_pair):
    audit = Audit()
    for index in range(GAMES - GAMES // 2):
        game = new_game("coop", index, players_pair)
        users = {"p1": players_pair[0], "p2": players_pair[1]}
        audit_game(game, users, "awoken" if index % 3 else "random", index, audit)
    print(f"\nco-op audit: {GAMES - GAMES // 2} games, {audit.commands} commands, "
          f"{audit.ancients_steps} Ancients' steps, {audit.payloads} payloads, "
          f"{audit.hidden_events} hidden events")
    assert audit.commands >= (GAMES - GAMES // 2) * 10
    assert audit.ancients_steps > 0
