"""The models every game's content admin is built from.

A game keeps its content as rows a designer edits (`ContentItem`: each item's digest and
revision), freezes each checked state as a version (`ContentVersionBase`: its data as JSON
text and a digest), and measures a version with balance runs (`BalanceRunBase`, in chunks:
`BalanceChunkBase`; bot games played on workers, `balance_runs`, and added up by
`balance_figures`). These are abstract: each game's
concrete models keep their own tables and add what only they know (which item a version
belongs to, a run's player count or scenario partner). `ShippedLoad`, the record of the
shipped files loaded into the database, is one table for every game (`kind` names the
item's kind; a game's kinds are its own).
"""
from __future__ import annotations

from django.conf import settings
from django.db import models

DIGEST_LENGTH = 64  # a sha256 in hex (`content_files.digest`)


class ContentItem(models.Model):
    """What every edited piece of content keeps about its own history: a digest of its
    current (checked) data and a revision bumped by every save that changes it."""

    digest = models.CharField(max_length=DIGEST_LENGTH, blank=True, editable=False)
    revision = models.PositiveIntegerField(default=0, editable=False,
                                           help_text="Bumped by every save that changes it.")
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True


class ContentVersionBase(models.Model):
    """One checked state of content, frozen: its full data and a digest of it. A new
    version is made by every save whose data differs from the newest version's; games and
    balance runs point at a version, never at the editable rows."""

    # Text, not a JSONField: PostgreSQL's jsonb would not keep key order (the order of
    # what a designer wrote is part of the content).
    data_json = models.TextField()
    digest = models.CharField(max_length=DIGEST_LENGTH)
    created = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        abstract = True

    @property
    def short_digest(self) -> str:
        return self.digest[:10]


class BalanceRunBase(models.Model):
    """Bot games of one content version, played in chunks on workers and added up
    (`balance_runs`): its seed, how far it is, its figures (`balance_figures.summarize`) or
    why it failed."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for a worker"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    base_seed = models.BigIntegerField()
    chunk_size = models.PositiveIntegerField(default=50)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    games_done = models.PositiveIntegerField(default=0)
    chunks_total = models.PositiveIntegerField(default=0)
    chunks_done = models.PositiveIntegerField(default=0)
    results = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["-created"]

    @property
    def progress(self) -> dict:
        return {"run": self.pk, "status": self.status, "games_done": self.games_done,
                "games": self.games, "chunks_done": self.chunks_done,
                "chunks_total": self.chunks_total, "error": self.error}


class BalanceChunkBase(models.Model):
    """Games `first` .. `first + count - 1` of a run (a game's concrete chunk adds its
    `run`), with their seeds derived from the run's and their results once recorded."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    index = models.PositiveIntegerField()
    first = models.PositiveIntegerField()
    count = models.PositiveIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    results = models.JSONField(null=True, blank=True)  # one dict per game, in game order
    seconds = models.FloatField(null=True, blank=True)
    error = models.TextField(blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["run", "index"]  # the concrete chunk's `run`

    def __str__(self) -> str:
        return f"chunk {self.index} of run {self.run_id}"  # type: ignore[attr-defined]


class ShippedLoad(models.Model):
    """The last time a game's shipped content file was copied into the database.

    `source_digest` fingerprints the file's data then, `loaded_digest` the item's data right
    after. A file whose digest has not changed is left alone (so loading twice changes
    nothing); a changed file replaces the item only while the item's data still has the
    loaded digest, i.e. while nobody has edited it in the admin since.
    """

    kind = models.CharField(max_length=16)  # the game's kind of item (scenario, map, ...)
    key = models.CharField(max_length=64)
    path = models.CharField(max_length=300)
    source_digest = models.CharField(max_length=DIGEST_LENGTH)
    loaded_digest = models.CharField(max_length=DIGEST_LENGTH)
    loaded_at = models.DateTimeField(auto_now=True)

    class Meta:
        app_label = "games"
        ordering = ["kind", "key"]
        constraints = [models.UniqueConstraint(fields=["kind", "key"], name="games_shipped_load_unique")]

    def __str__(self) -> str:
        return f"{self.kind} {self.key} from {self.path}"
