"""The table companion's site half: a game of The Awoken played with the printed game, the
site running the Ancients (`ancients_ai.engine.companion` for the rules).

* One device on the table plays every seat: a command goes to the seat the engine names
  (`companion.seat_for`: whoever is asked, the character's owner, else the first seat).
* Anyone holding the game's secret resume link (`Game.companion_token`) may play it, with
  or without an account; with one, the creator holds seat p1 and the game is in their
  list of games (`selectors.games_for_user`).
* A command is stored like any other (the command pipeline, one transaction with the row
  locked and the version checked), so the log, replays and the durability check work as
  for every game. The Ancients' turn is not deferred: it runs inside the command that ends
  the players' turn, up to its first question, and the page tells it step by step.
* Taking back a move is not offered: the table corrects the board instead (`correct`).
"""
from __future__ import annotations

import secrets
from typing import Any, Mapping, Optional, Sequence

from django.db import transaction
from django.utils import timezone

from ancients_ai.engine.companion import seat_for, table_choices
from ancients_ai.scenarios import scenario_ids_in_order
from games import lobby, open_games, selectors, services
from wildlands.content import offer
from wildlands.board_data import board_svg_data
from games.models import TOKEN_SHAPE, Campaign, Difficulty, Game, Seat, new_token
from wildlands.rules.commands import parse_command
from wildlands.rules.view import view_for
from games.services import ServiceError
from wildlands.lobby import check_faction_and_colour

COMPANION = "companion"  # this mode's key (`ancients_ai.modes.CompanionGame`)

# What `models.new_token` writes (secrets.token_urlsafe): anything else is no token, and is
# refused before the database or `compare_digest` (which refuses non-ASCII text) sees it.


def companion_create(*, user, map_name: str, factions: Sequence[str],
                     scenario_ids: Sequence[Any], difficulty: str = Difficulty.NORMAL,
                     seed: Optional[int] = None, partner=None,
                     campaign: Optional[Campaign] = None,
                     chapter: Optional[int] = None) -> Game:
    """Start a companion game for one or two players (a faction and a scenario each) at
    once, with a fresh resume token. `user` (None or anonymous: no account) holds seat p1,
    `partner` seat p2; a campaign's chapter played at the table names its campaign.

    :raises ServiceError: invalid_choice for a bad count, map, faction, scenario or
        difficulty (nothing is created).
    """
    if len(factions) not in (1, 2) or len(factions) != len(scenario_ids):
        raise ServiceError("invalid_choice",
                           "the table companion is for one or two players, each with a "
                           "faction and a scenario")
    if difficulty not in Difficulty.values:
        raise ServiceError("invalid_choice", f"unknown difficulty {difficulty!r}")
    scenarios = _check_scenarios(scenario_ids)
    lobby.check_map(map_name, COMPANION, len(factions))  # the mode's own check of a map
    member = user if user is not None and user.is_authenticated else None
    with transaction.atomic():
        open_games.make_room(member)
        game = Game.objects.create(
            mode=COMPANION, map_name=map_name, scenario_ids=scenarios,
            difficulty=difficulty, seed=secrets.randbits(62) if seed is None else seed,
            created_by=member, companion_token=new_token(), campaign=campaign,
            campaign_chapter=chapter)
        seats: list[Seat] = []
        for i, faction in enumerate(factions):
            seat = Seat(game=game, seat=f"p{i + 1}", joined_at=timezone.now())
            with lobby.refusals():
                seat.colour = check_faction_and_colour(faction, "", seats)
            seat.faction = faction
            seat.user = member if i == 0 else partner
            seats.append(seat)
        Seat.objects.bulk_create(seats)
        services.game_start(game=game)
    return game


def _check_scenarios(scenario_ids: Sequence[Any]) -> list:
    lookup = {str(sid): sid for sid in scenario_ids_in_order()}
    chosen = []
    for sid in scenario_ids:
        if str(sid) not in lookup:
            raise ServiceError("invalid_choice", f"unknown scenario {sid!r}")
        chosen.append(lookup[str(sid)])
    if len({str(s) for s in chosen}) != len(chosen):
        raise ServiceError("invalid_choice", "choose a different scenario for each player")
    return chosen


def companion_game(game_id: Any, token: str) -> Game:
    """The companion game that `token` opens.

    :raises ServiceError: bad_token (no such game, another mode, or the wrong token: all
        alike, so a guess learns nothing)."""
    if not isinstance(token, str) or not TOKEN_SHAPE.match(token):
        raise ServiceError("bad_token", "this table link is not valid")
    game = Game.objects.filter(pk=game_id, mode=COMPANION).first()
    if game is None or not game.companion_token or not secrets.compare_digest(
            token.encode(), game.companion_token.encode()):
        raise ServiceError("bad_token", "this table link is not valid")
    return game


def companion_apply(*, game_id: Any, token: str, expected_version: Any,
                    command: Mapping[str, Any]) -> services.ApplyResult:
    """Apply one command from the table, as the seat `seat_for` names, and store it.

    :raises ServiceError: bad_token, game_not_started.
    :raises RuleError: invalid_command, stale_version, game_over, action_not_allowed for
        `undo` (the table corrects instead), or the engine's own refusal. Nothing changes.
    """
    parsed = parse_command(command)
    with transaction.atomic():
        companion_game(game_id, token)  # refuse a bad token before taking the lock
        game = services.lock_game(game_id)
        services.check_playable(game, expected_version)
        state = selectors.game_state(game)
        return services.game_play(game=game, seat=seat_for(state, parsed.to_data()),
                                  command=parsed, state=state)


def companion_payload(game: Game, *, with_board: bool = False) -> dict[str, Any]:
    """What the table's page shows: the view (all seats' public part, the question with its
    details: the table holds no secret hand), what each character may declare, the seats."""
    state = selectors.game_state(game)
    asked = state.prompt.to if state.prompt is not None else state.players[0].id
    payload: dict[str, Any] = {
        "game_id": str(game.id), "version": game.version, "last_seq": game.last_seq,
        "view": view_for(state, asked), "choices": table_choices(state),
        "seats": [{"seat": s.seat, "faction": s.faction, "colour": s.colour,
                   "username": _faction_name(s.faction)}
                  for s in game.seats.order_by("seat")],
    }
    if with_board:
        payload["board"] = board_svg_data(state.board)
    return payload


def _faction_name(faction: str) -> str:
    return dict(offer.available_factions()).get(faction, faction)


# --- tables nobody comes back to ---------------------------------------------------------------
SWEEP_BATCH = 500  # games deleted per statement, so one sweep never holds a long lock


def companion_sweep_untouched(*, older_than_days: Optional[int] = None) -> int:
    """Delete the table games started without an account that nobody has played for
    `older_than_days` (settings.COMPANION_UNTOUCHED_DAYS), with their log; return how many.

    Anyone may start a table without an account, and only its secret link ever reaches it
    again: without this, every such game would be kept for ever. A signed-in creator's
    tables are in their list of games and stay; so do a campaign's. `updated` moves with
    every stored command, so a table in play is never untouched."""
    from datetime import timedelta

    from django.conf import settings

    days = settings.COMPANION_UNTOUCHED_DAYS if older_than_days is None else older_than_days
    cutoff = timezone.now() - timedelta(days=days)
    untouched = Game.objects.filter(mode="companion", created_by__isnull=True,
                                    campaign__isnull=True, updated__lt=cutoff)
    deleted = 0
    while True:
        batch = list(untouched.values_list("pk", flat=True)[:SWEEP_BATCH])
        if not batch:
            return deleted
        with transaction.atomic():
            Game.objects.filter(pk__in=batch).delete()
        deleted += len(batch)
