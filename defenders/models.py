"""Defenders of the Wild's content as rows a designer edits in the admin, its versions, and
balance runs.

The content is edited in pieces (the board's tiles, the machines and their cards, each
faction with its organizers and defenders) and checked as a whole by the one validator the
shipped YAML goes through (`defenders.rules.content.build_content`): a game needs all of
it. Content that passes is frozen as a `ContentVersion` (its data as JSON and a digest);
balance runs play a version, so a later edit never changes figures already measured.
Lobby games play the shipped files, as The Awoken's do (`defenders.content_loader`).

Fields that hold small structures (an ability, the factory tiles) are short YAML fragments,
parsed when the content is checked. What every game's content keeps (an item's digest and
revision, a version's frozen data, a balance run's seed and figures, the record of shipped
loads) is the platform's: `games.platform.content_models`.
"""
from __future__ import annotations

import json

from django.db import models

from defenders.rules.content import CARD_KINDS, HABITATS, ITEMS
from games.platform.content_models import (BalanceChunkBase, BalanceRunBase, ContentItem,
                                           ContentVersionBase)

HABITAT_CHOICES = [(h, h) for h in HABITATS]


class BoardContent(ContentItem):
    """The board's tiles, the slots they are dealt into and the perimeter's icons, as the
    YAML of board.yaml (one row)."""

    name = models.SlugField(max_length=32, unique=True, default="board")
    data = models.TextField(help_text="YAML: tile_slots, tiles (id and two faces of three "
                                      "habitats) and perimeter (mech_icons, pollution_icons).")

    class Meta:
        verbose_name = "board"

    def __str__(self) -> str:
        return "The board"


class Machines(ContentItem):
    """The machines: the damage die, the factory tiles, the support track's sides and the
    machine deck (`MachineCard` rows). One row."""

    name = models.SlugField(max_length=32, unique=True, default="machines")
    die = models.CharField(max_length=120, help_text="The die's faces: hit, double or miss, "
                                                     "e.g. hit, hit, double, miss, miss, miss")
    factory_tiles = models.TextField(help_text="YAML, one tile a line: "
                                               "- {number: 0, chutes: [0, 2, 4]}")
    support_tracks = models.TextField(help_text="YAML: duo/trio/quad: {spaces: [...], "
                                                "first_camp: n, camps: n}")

    class Meta:
        verbose_name = "machines"
        verbose_name_plural = "machines"

    def __str__(self) -> str:
        return "The machines"


class MachineCard(models.Model):
    machines = models.ForeignKey(Machines, on_delete=models.CASCADE, related_name="cards")
    position = models.PositiveIntegerField(default=0)
    card_id = models.CharField("id", max_length=64)
    kind = models.CharField(max_length=16, choices=[(k, k) for k in CARD_KINDS])
    difficult = models.BooleanField(default=False)
    replaces = models.CharField(max_length=64, blank=True,
                                help_text="A difficult card: the base card it replaces.")

    class Meta:
        ordering = ["machines", "position", "id"]

    def __str__(self) -> str:
        return self.card_id


class DefendersFaction(ContentItem):
    """A faction: its home habitat, its item, two organizers and eighteen defenders (six
    in every deck, six for each organizer)."""

    faction_id = models.SlugField("id", max_length=32, unique=True)
    name = models.CharField(max_length=120)
    habitat = models.CharField(max_length=16, choices=HABITAT_CHOICES)
    item = models.CharField(max_length=16, choices=[(i, i) for i in ITEMS])
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["position", "faction_id"]
        verbose_name = "faction"

    def __str__(self) -> str:
        return self.name


class Organizer(models.Model):
    faction = models.ForeignKey(DefendersFaction, on_delete=models.CASCADE,
                                related_name="organizers")
    position = models.PositiveIntegerField(default=0)
    organizer_id = models.SlugField("id", max_length=32)
    name = models.CharField(max_length=120)

    class Meta:
        ordering = ["faction", "position", "id"]

    def __str__(self) -> str:
        return self.name


class DefenderCard(models.Model):
    faction = models.ForeignKey(DefendersFaction, on_delete=models.CASCADE,
                                related_name="defenders")
    position = models.PositiveIntegerField(default=0)
    card_id = models.CharField("id", max_length=64)
    name = models.CharField(max_length=120)
    habitat = models.CharField(max_length=16, choices=HABITAT_CHOICES)
    ap = models.PositiveSmallIntegerField("action points")
    organizer = models.CharField(max_length=32, blank=True,
                                 help_text="Empty: in every deck of the faction.")
    ability = models.TextField(blank=True, help_text="Empty for none, or YAML: {name: Archives, "
                                                     "effect: gain_item, item: maps, who: self}")

    class Meta:
        ordering = ["faction", "position", "id"]

    def __str__(self) -> str:
        return self.card_id


class ContentVersion(ContentVersionBase):
    """One checked state of the whole content, frozen (`ContentVersionBase`). Every save
    whose content differs from the newest version's makes one."""

    number = models.PositiveIntegerField(unique=True)

    class Meta:
        ordering = ["-number"]
        verbose_name = "content version"

    def __str__(self) -> str:
        return f"Defenders content v{self.number}"

    @property
    def data(self) -> dict:
        return json.loads(self.data_json)


class BalanceRun(BalanceRunBase):
    """Bot games of one content version for a player count and tier, played in chunks by
    the workers (`defenders.tasks.run_balance_chunk`) and added up."""

    version = models.ForeignKey(ContentVersion, on_delete=models.CASCADE,
                                related_name="balance_runs")
    players = models.PositiveSmallIntegerField(default=2)
    tier = models.CharField(max_length=16, default="base")
    games = models.PositiveIntegerField(default=200)
    seconds = models.FloatField(null=True, blank=True)

    def __str__(self) -> str:
        return f"run {self.pk}: v{self.version.number}, {self.players}p {self.tier} × {self.games}"


class BalanceChunk(BalanceChunkBase):
    run = models.ForeignKey(BalanceRun, on_delete=models.CASCADE, related_name="chunks")

    class Meta(BalanceChunkBase.Meta):
        constraints = [models.UniqueConstraint(fields=["run", "index"],
                                               name="defenders_balance_chunk_unique")]
