"""The store knows games only through their declarations: a game it has never heard of,
registered for one test, is started, played by its people and its opponent's worker,
refused, taken back, finished and replayed through `services` and the pipeline alone.

The game: two players take turns adding 1-3 to a shared total; after every command that
leaves the total a multiple of 5, "the house" (the game's opponent, run by the worker)
takes one away; whoever brings the total to 12 or more wins. A player may take back their
own last addition while the house has not moved since.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping, Optional

import pytest

from games import services
from games.history import history_problems, state_at
from games.models import Game, GameCommand, GameEvent, Seat
from games.platform import registry
from games.platform.definition import FirstSteps, GameDefinition, GameSetup
from wildlands.rules.errors import RuleError
from support.site import _fresh_state_cache, eager_celery  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db(transaction=True)  # steps announce and start turns on commit

GOAL = 12
HOUSE = "house"


@dataclass(frozen=True)
class Total:
    version: int
    total: int
    turn: str  # the seat to play
    last: Optional[tuple] = None  # (seat, amount, version before) of the latest addition


@dataclass(frozen=True)
class Happened:
    kind: str
    data: dict
    seats: Optional[frozenset] = None  # everyone


class CountingGame(GameDefinition):
    key = "counting"
    game_name = "Counting"
    title = "Counting to twelve"
    opponent = HOUSE
    opponent_name = "the house"

    def first_steps(self, setup: GameSetup) -> FirstSteps:
        state = Total(version=0, total=0, turn=setup.seats[0].seat)
        return FirstSteps(state, state)

    def prepare(self, command: Any) -> dict:
        amount = command.get("add") if isinstance(command, Mapping) else None
        if command == {"do": "undo"}:
            return dict(command)
        if set(command) != {"add"} or type(amount) is not int or not 1 <= amount <= 3:
            raise RuleError("invalid_command", "add 1, 2 or 3")
        return {"add": amount}

    def apply(self, state: Total, seat: str, command: dict) -> tuple[Total, list]:
        if seat != state.turn or self.opponent_due(state) or state.total >= GOAL:
            raise RuleError("not_your_turn", f"it is {state.turn}'s turn")
        new = Total(state.version + 1, state.total + command["add"], _other(seat),
                    (seat, command["add"], state.version))
        secret = Happened("counted", {"by": seat}, frozenset({seat}))
        return new, [Happened("added", {"by": seat, "amount": command["add"]}), secret]

    def opponent_due(self, state: Total) -> bool:
        return 0 < state.total < GOAL and state.total % 5 == 0

    def advance(self, state: Total) -> tuple[Total, list]:
        new = replace(state, version=state.version + 1, total=state.total - 1, last=None)
        return new, [Happened("house_took", {"amount": 1})]

    def legal_commands(self, state: Total, seat: str) -> list[dict]:
        return [{"add": n} for n in (1, 2, 3)] if seat in self.awaiting(state) else []

    def view(self, state: Total, seat: Optional[str]) -> dict:
        return {"total": state.total, "turn": state.turn}

    def awaiting(self, state: Total) -> list[str]:
        if state.total >= GOAL:
            return []
        return [HOUSE] if self.opponent_due(state) else [state.turn]

    def outcome(self, state: Total) -> Optional[dict]:
        if state.total < GOAL:
            return None
        return {"result": "won", "winner": _other(state.turn)}

    def outcome_record(self, state: Total) -> dict:
        return {"rounds": state.version}

    def seat_ids(self, state: Total) -> list[str]:
        return ["p1", "p2"]

    def state_to_data(self, state: Total) -> dict:
        return {"version": state.version, "total": state.total, "turn": state.turn,
                "last": list(state.last) if state.last else None}

    def state_from_data(self, data: Mapping[str, Any]) -> Total:
        last = data.get("last")
        return Total(data["version"], data["total"], data["turn"], tuple(last) if last else None)

    def can_undo(self) -> bool:
        return True

    def is_take_back(self, command: Any) -> bool:
        return command == {"do": "undo"}

    def undo_target(self, state: Total, seat: str) -> int:
        if state.last is None or state.last[0] != seat:
            raise RuleError("nothing_to_undo", "nothing of yours to take back")
        return state.last[2]

    def take_back(self, state: Total, seat: str, earlier: Total) -> tuple[Total, list]:
        return (replace(earlier, version=state.version + 1, last=None),
                [Happened("taken_back", {"by": seat})])


def _other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


@pytest.fixture
def counting(owner, teammate):
    """A started game of Counting, registered for this test only."""
    registry.register(CountingGame())
    game = Game.objects.create(mode="counting", seed=1, map_name="", created_by=owner)
    Seat.objects.bulk_create([Seat(game=game, seat="p1", user=owner),
                              Seat(game=game, seat="p2", user=teammate)])
    services.game_start(game=game)
    yield game
    registry.unregister("counting")


def _add(game, user, amount):
    game.refresh_from_db()
    return services.game_apply_command(game_id=game.id, user=user, expected_version=game.version,
                                       command={"add": amount})


def test_a_declared_game_is_stored_told_and_finished_through_its_declaration_alone(
        counting, owner, teammate, eager_celery):
    game = counting
    assert (game.status, game.version, game.awaiting) == (Game.Status.PLAYING, 0, ["p1"])

    result = _add(game, owner, 3)
    update = next(d.message for d in result.deliveries if d.group.endswith("-p2"))
    assert '"view":{"total":3,"turn":"p2"}' in update["update_text"]
    assert '"kind":"hidden"' in update["update_text"]  # p1's secret event, as p2 sees it
    _add(game, teammate, 2)  # 5: the house's turn, run by the worker (eager here)

    game.refresh_from_db()
    assert game.version == 3 and game.awaiting == ["p1"]
    assert list(GameCommand.objects.filter(game=game).order_by("version")
                .values_list("seat", "command")) == [
        ("p1", {"add": 3}), ("p2", {"add": 2}), ("", {"advance": True})]
    assert [e.kind for e in GameEvent.objects.filter(game=game).order_by("seq")] == [
        "added", "counted", "added", "counted", "house_took"]

    with pytest.raises(RuleError) as refused:
        _add(game, teammate, 1)
    assert refused.value.code == "not_your_turn"
    with pytest.raises(RuleError) as refused:
        _add(game, owner, 7)
    assert refused.value.code == "invalid_command"

    _add(game, owner, 3)  # 7
    services.game_apply_command(game_id=game.id, user=owner, expected_version=4,
                                command={"do": "undo"})  # back to 4, p1 to play again
    game.refresh_from_db()
    assert game.version == 5 and services.game_setup(game).key == "counting"
    assert state_at(game, 5).total == 4 and game.awaiting == ["p1"]

    for user, amount in ((owner, 3), (teammate, 3), (owner, 3)):  # 7, 10 (house: 9), 12
        _add(game, user, amount)
    game.refresh_from_db()
    assert (game.status, game.result, game.winner, game.rounds) == (
        Game.Status.FINISHED, "won", "p1", game.version)
    assert game.awaiting == [] and game.snapshot["total"] == GOAL
    assert history_problems(game) == []


def test_the_sweep_resends_the_turn_of_any_registered_opponent(counting, owner, teammate,
                                                                 monkeypatch):
    from games.pipeline import turns

    sent = []
    monkeypatch.setattr(turns, "send_opponent_turn", lambda game_id, version: sent.append(version))
    _add(counting, owner, 3)
    _add(counting, teammate, 2)  # the house is due; its task "lost"

    assert services.ancients_requeue_stalled(game_id=counting.id, older_than=-1) == [
        (str(counting.id), 2)]
    assert sent == [2, 2]  # once after the step, once by the sweep
