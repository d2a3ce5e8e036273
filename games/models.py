"""Persistence for games being played: who sits where, the current snapshot and the
append-only log of what happened, and campaigns that string games together.

The rules engine's state is stored whole as `Game.snapshot` (`serialize.state_to_data`,
secrets included) every few versions (`history.snapshot_due`); the state at the row's
`version` is that snapshot with the commands after it replayed (`history.catch_up`). It
is read back only on the server, and what a browser sees is always built from it by
`view.view_for`. Every change goes through `games.services` in one
transaction with the game row locked, so `version` and the event `seq` never fork.

The games' content admins share one table of this app, the record of shipped content
loaded (`ShippedLoad`, defined with the other content models in
`games.platform.content_models`).
"""
from __future__ import annotations

import re
import secrets
import uuid
from typing import Optional

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from games.platform.content_models import ShippedLoad  # noqa: F401  (a model of this app)


def new_token() -> str:
    """An unguessable invite token for a URL."""
    return secrets.token_urlsafe(16)


# what a token from a URL must look like before it is looked up (a table's, a replay's)
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,64}\Z")


def known_game(key: str) -> None:
    """A game row names a registered game (the admin's edits are checked by it)."""
    from games.platform import registry

    try:
        registry.get(key)
    except registry.UnknownGame as error:
        raise ValidationError(str(error), code="invalid_choice") from None


class Difficulty(models.TextChoices):
    EASY = "easy", "Easy"
    NORMAL = "normal", "Normal"
    HARD = "hard", "Hard"


class Game(models.Model):
    """One game: its seats, its current state and the record of how it ended."""

    class Status(models.TextChoices):
        SETUP = "setup", "Waiting for players"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    # The registered game (or mode of a game) this is: `games.platform.registry` key.
    mode = models.CharField(max_length=16, validators=[known_game])
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.SETUP)
    difficulty = models.CharField(max_length=8, choices=Difficulty.choices,
                                  default=Difficulty.NORMAL)
    seed = models.BigIntegerField()
    map_name = models.CharField(max_length=64)
    scenario_ids = models.JSONField(default=list, blank=True)
    # The game's own lobby choices beyond the columns here (`TablePlan.options`), read back
    # when it is set up (`GameSetup.options`).
    options = models.JSONField(default=dict, blank=True)
    # Names of the shipped content the game was built from, and a digest of the exact
    # catalog (board, cards, options), so a stored game says what it was played with.
    content = models.JSONField(default=dict, blank=True)
    content_version = models.CharField(max_length=64, blank=True)

    snapshot = models.JSONField(null=True, blank=True)
    initial_snapshot = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    last_seq = models.PositiveIntegerField(default=0)  # seq of the newest GameEvent
    # Seats whose move it is ("ancients" while their turn is pending), for the game lists.
    awaiting = models.JSONField(default=list, blank=True)

    # None only for a table-companion game started without an account (ancients_ai/companion.py)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   null=True, blank=True, related_name="games_created")
    campaign = models.ForeignKey("Campaign", null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="games")
    campaign_chapter = models.PositiveSmallIntegerField(null=True, blank=True)
    invite_token = models.CharField(max_length=64, default=new_token, unique=True)
    # A finished game's replay, shown to anyone who has its link while this is set (a player
    # made it public); None keeps it to the players. A new token each time it is made public,
    # so making it private again ends every link given out before.
    replay_token = models.CharField(max_length=64, null=True, blank=True, unique=True)
    # A table-companion game's secret resume link: whoever holds it plays the game from
    # their phone, with or without an account (ancients_ai/companion.py); None for other modes.
    companion_token = models.CharField(max_length=64, null=True, blank=True, unique=True)

    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    # How it ended (copied from the engine's outcome when the game finishes).
    outcome = models.JSONField(null=True, blank=True)
    result = models.CharField(max_length=16, blank=True)  # won | lost | draw
    winner = models.CharField(max_length=8, blank=True)  # skirmish: the winning seat
    rounds = models.PositiveIntegerField(null=True, blank=True)
    crystals = models.PositiveIntegerField(null=True, blank=True)
    knockouts = models.PositiveIntegerField(null=True, blank=True)  # enemies knocked out
    characters_lost = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-updated"]
        # Not `updated`, which every stored step changes: PostgreSQL can then update the
        # row in place (a heap-only update) instead of adding it to each of the table's ten
        # indexes again, which took a step's statement half as long again with many games
        # at once and twice the WAL (not more CPU: docs/performance.md). The sweeps that
        # ask for old games find them by status.
        indexes = [models.Index(fields=["status"], name="game_status_idx")]

    def __str__(self) -> str:
        return f"{self.mode_title} {str(self.id)[:8]} ({self.status})"

    @property
    def definition(self):
        """The game's declaration (`games.platform.definition.GameDefinition`).

        :raises registry.UnknownGame: a row of a game no longer registered."""
        from games.platform import registry

        return registry.get(self.mode)

    @property
    def mode_title(self) -> str:
        """The mode as people name it (the stored key for a game no longer registered)."""
        from games.platform import registry

        try:
            return registry.get(self.mode).title
        except registry.UnknownGame:
            return self.mode

    @property
    def uses_campaigns(self) -> bool:
        """Is this a game of a mode campaigns are played in (its difficulty matters)?"""
        from games.platform import registry

        try:
            return registry.get(self.mode).uses_campaigns
        except registry.UnknownGame:
            return False


class Seat(models.Model):
    """A side of the table: "p1".."p4", empty until a user joins it."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=8)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.PROTECT, related_name="seats")
    faction = models.CharField(max_length=64, blank=True)
    colour = models.CharField(max_length=32, blank=True)
    # The built-in player ("greedy", "awoken": `wildlands.bots.make_bot`) that plays this seat,
    # blank for a person's seat. A bot's seat never has a user, so no socket can open for it
    # (`games.bot_seats` plays it from the server).
    bot = models.CharField(max_length=16, blank=True)
    # Open websockets for this seat (presence), counted, and when one of them last showed
    # life (connect or heartbeat). A server that dies cannot count its sockets down, so a
    # count is believed only while `seen_at` is recent (selectors.PRESENCE_TIMEOUT_SECONDS).
    connections = models.PositiveIntegerField(default=0)
    seen_at = models.DateTimeField(null=True, blank=True)
    joined_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="seat_unique_per_game"),
            models.UniqueConstraint(fields=["game", "user"], name="one_seat_per_user_per_game"),
        ]

    @property
    def player_name(self) -> Optional[str]:
        """Who plays the seat as people read it: the username, "Greedy bot" / "Awoken bot",
        or None for a free seat."""
        if self.user_id:
            return self.user.get_username()
        return f"{self.bot.capitalize()} bot" if self.bot else None

    def __str__(self) -> str:
        return f"{self.seat} ({self.player_name or 'free'})"


class GameEvent(models.Model):
    """One engine event, append-only. `seq` counts from 1 per game with no gaps;
    `visible_to` is None for everyone or the list of seats that may see it."""

    # Found by the unique constraint's index below, which starts with the game: a second
    # index of the game alone would only cost every insert (docs/performance.md).
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events",
                             db_index=False)
    seq = models.PositiveIntegerField()
    version = models.PositiveIntegerField()
    kind = models.CharField(max_length=64)
    data = models.JSONField(default=dict, blank=True)
    visible_to = models.JSONField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="event_seq_unique_per_game"),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.kind}"

    def visible_for(self, seat: str | None) -> bool:
        return self.visible_to is None or seat in self.visible_to


class GameCommand(models.Model):
    """Every accepted command (and every Ancients' step, seat None), append-only: with the
    initial snapshot this replays the game exactly, the engine being deterministic."""

    # Found by the unique constraint's index below, which starts with the game: a second
    # index of the game alone would only cost every insert (docs/performance.md).
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="commands",
                             db_index=False)
    version = models.PositiveIntegerField()  # the version the command produced
    seat = models.CharField(max_length=8, blank=True)
    command = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "version"]
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="command_version_unique"),
        ]

    def __str__(self) -> str:
        return f"v{self.version} {self.seat or 'opponent'}: {self.command}"


class Campaign(models.Model):
    """A party of one or two players working through the five scenarios in order."""

    CHAPTERS = 5

    name = models.CharField(max_length=80)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                              related_name="campaigns_owned")
    owner_faction = models.CharField(max_length=64)
    owner_colour = models.CharField(max_length=32, blank=True)
    party_size = models.PositiveSmallIntegerField(default=1)  # 1 or 2
    partner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                on_delete=models.PROTECT, related_name="campaigns_joined")
    partner_faction = models.CharField(max_length=64, blank=True)
    partner_colour = models.CharField(max_length=32, blank=True)
    map_name = models.CharField(max_length=64)
    difficulty = models.CharField(max_length=8, choices=Difficulty.choices,
                                  default=Difficulty.NORMAL)
    invite_token = models.CharField(max_length=64, default=new_token, unique=True)
    # Progress: chapters 1..CHAPTERS; `unlocked` is the highest one that may be played.
    unlocked = models.PositiveSmallIntegerField(default=1)
    completed = models.JSONField(default=list, blank=True)  # chapter numbers won
    treasures = models.JSONField(default=list, blank=True)  # treasure ids the party keeps
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_complete(self) -> bool:
        return len(set(self.completed)) >= self.CHAPTERS

    @property
    def is_ready(self) -> bool:
        """Everyone in the party has joined."""
        return self.party_size == 1 or self.partner_id is not None

    def members(self) -> list:
        return [u for u in (self.owner, self.partner) if u is not None]

    def has_member(self, user) -> bool:
        return user.is_authenticated and user.pk in (self.owner_id, self.partner_id)
