"""How many games a person may hold open, and the closing of games nobody plays any more.

Every game created waits in the lists, its row and state kept, for as long as it is open.
A signed-in user could once open fifteen in half a second and they never went away. So:

- a user may have at most settings.OPEN_GAMES_PER_USER games they created waiting or being
  played (`make_room`, inside the creating transaction, the user's row locked so parallel
  requests count one after the other); the next is refused with `too_many_open_games`;
- a game waiting or being played that nobody has touched for settings.GAME_UNTOUCHED_DAYS
  is closed (`close_untouched`): finished with the result "closed", its seats, commands and
  events kept, so its replay stays. `updated` moves with every stored command, so a game in
  play is never untouched. Celery beat runs it hourly (CELERY_BEAT_SCHEDULE); the embedded
  mode has no beat, so there a game's creation runs it, at most once an hour per process
  (`sweep_now_and_then`), and `manage.py close_untouched_games` runs it on demand (cron).
"""
from __future__ import annotations

import time
from datetime import timedelta
from typing import Any, Optional

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone

from games.models import Game
from games.services import ServiceError

OPEN = (Game.Status.SETUP, Game.Status.PLAYING)
CLOSED_RESULT = "closed"
EMBEDDED_SWEEP_SECONDS = 60 * 60  # the embedded mode's sweep, at most this often

_last_sweep: Optional[float] = None  # monotonic time of this process's last embedded sweep


def make_room(user: Any) -> None:
    """Refuse a new game to `user` past OPEN_GAMES_PER_USER open ones; call it inside the
    transaction that creates the game.

    :raises ServiceError: too_many_open_games, with a sentence saying what to do.
    """
    if user is None or not getattr(user, "is_authenticated", False):
        return
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    limit = settings.OPEN_GAMES_PER_USER
    if Game.objects.filter(created_by=user, status__in=OPEN).count() >= limit:
        raise ServiceError(
            "too_many_open_games",
            f"You already have {limit} open games (waiting for players or being played). "
            f"Finish one, or leave it untouched for {settings.GAME_UNTOUCHED_DAYS} days and "
            f"it closes by itself, before you start another.")


def close_untouched(*, older_than_days: Optional[int] = None) -> int:
    """Close the open games nobody has touched for `older_than_days`
    (settings.GAME_UNTOUCHED_DAYS); return how many. Nothing is deleted."""
    days = settings.GAME_UNTOUCHED_DAYS if older_than_days is None else older_than_days
    cutoff = timezone.now() - timedelta(days=days)
    # update() leaves `updated` as it was: the game was not touched, only closed.
    return Game.objects.filter(status__in=OPEN, updated__lt=cutoff).update(
        status=Game.Status.FINISHED, result=CLOSED_RESULT, finished_at=timezone.now(),
        awaiting=[])


def sweep_now_and_then() -> int:
    """In the embedded mode (no celery beat: tasks run in process), `close_untouched` at
    most once every EMBEDDED_SWEEP_SECONDS in this process; elsewhere beat does it. Return
    how many games it closed."""
    global _last_sweep
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        return 0
    now = time.monotonic()
    if _last_sweep is not None and now - _last_sweep < EMBEDDED_SWEEP_SECONDS:
        return 0
    _last_sweep = now
    return close_untouched()
