"""Games with a short, real history for the replay tests (tests/site/test_site_replay.py and
tests/browser/test_browser_replay.py).

`short_awoken_game` starts a real solo game (or co-op, with a teammate) whose first
scenario's event track stands one step from its end, with a card that advances it on top of the minion deck; the change is
written into the initial snapshot as well as the current one, so the stored log still
replays exactly. `play_moves` plays a few real moves through the services, and
`end_the_turn` ends the players' turn and runs the Ancients' steps (and answers any
question they ask the player) until the game is over: it is then lost on the event track,
finished as any game finishes.
"""
from __future__ import annotations

from typing import Any

from ancients_ai import scenarios as awoken_scenarios
from games import lobby, selectors, services
from games.models import Game
from games.pipeline import caches
from wildlands.rules.frames import has_deferred_work
from wildlands.rules.legal import legal_commands
from wildlands.rules.serialize import state_from_data, state_to_data
from support.site import map_name


def short_awoken_game(user, teammate=None, *, seed: int = 5) -> Game:
    """A started solo game (co-op with `teammate`) one Ancients' turn away from being lost
    on its event track."""
    scenarios = awoken_scenarios.scenario_ids_in_order()[:2 if teammate else 1]
    game = lobby.game_create(user=user, mode="coop" if teammate else "solo",
                             map_name=map_name(), faction="guild", scenario_ids=scenarios,
                             seed=seed)
    if teammate is not None:
        lobby.game_join(game=game, user=teammate, token=game.invite_token, faction="gnomads")
    game.refresh_from_db()
    state = state_from_data(game.snapshot)
    assert state.version == state_from_data(game.initial_snapshot).version, \
        "the solo game should not have moved before the test changes its start"
    one_card_from_the_end_of_the_track(state)
    data = state_to_data(state)
    game.snapshot = data
    game.initial_snapshot = data
    game.save(update_fields=["snapshot", "initial_snapshot"])
    caches.clear_caches()
    return game


def _data(command) -> dict:
    return command.to_data() if hasattr(command, "to_data") else dict(command)


def _apply(game_id: Any, user, state, command: dict) -> None:
    services.game_apply_command(game_id=game_id, user=user, expected_version=state.version,
                                command=command)


def play_moves(game: Game, user, count: int) -> list[tuple[str, int, int]]:
    """Play `count` moves of the player's characters: (character, from, to) of each."""
    moved = []
    for _ in range(count):
        state = selectors.game_state(Game.objects.get(pk=game.id))
        move = next((_data(c) for c in legal_commands(state, "p1", verify=True)
                     if _data(c).get("do") == "move"), None)
        assert move is not None, "the player has no move to make"
        before = state.characters[move["character"]].space
        _apply(game.id, user, state, move)
        moved.append((move["character"], before, move["to"]))
    return moved


def end_the_turn(game: Game, users: dict, limit: int = 200) -> Game:
    """End the players' turn (p1 ends it) and let the Ancients act, answering the players'
    prompts with the first legal answer, until the game is over. `users`: seat -> user."""
    state = selectors.game_state(Game.objects.get(pk=game.id))
    _apply(game.id, users["p1"], state, {"do": "end_turn"})
    for _ in range(limit):
        row = Game.objects.get(pk=game.id)
        if row.status == Game.Status.FINISHED:
            return row
        state = selectors.game_state(row)
        if has_deferred_work(state):
            services.game_advance(game_id=game.id, version=state.version)
        elif state.prompt is not None and state.prompt.to in users:
            seat = state.prompt.to
            _apply(game.id, users[seat], state, _data(legal_commands(state, seat)[0]))
        else:
            raise AssertionError(f"the game waits on nobody at version {state.version}")
    raise AssertionError("the Ancients' turn did not end the game")


def one_card_from_the_end_of_the_track(state) -> None:
    """The first scenario's event track one step from its end, with a minion card that
    advances it on top of the deck: the Ancients' next turn loses the game."""
    track = state.mode_state.scenarios[0]
    rules = track.rules
    advancing = [cid for cid, card in rules.minion_cards.items()
                 if card.effect and "advance" in card.effect]
    assert advancing, "the first scenario's minion deck needs a card that advances its track"
    track.track_position = rules.track_length - 1
    track.minion_deck = advancing[:1] + [c for c in track.minion_deck if c != advancing[0]]
