"""The Awoken's content as rows a designer edits in the admin, its versions, and balance runs.

Content (maps, factions, scenarios, the treasure deck) is stored in pieces a person can edit
with inlines; the engine never reads these rows. `ancients_ai.content_io` turns rows into the
same plain data the shipped YAML holds, and the one validator (`scenario_from_data` and its
siblings) checks it. A scenario that passes is frozen as a `ScenarioVersion` (its full data
as JSON and a digest); games and balance runs always use a version, so a later edit never
changes a game already being played or figures already measured.

Text fields that hold card actions, steps or icons are short YAML fragments (see each
field's help text); they are parsed when the item is checked. What every game's content
keeps (an item's digest and revision, a version's frozen data, a balance run's seed and
figures, the record of shipped loads) is the platform's: `games.platform.content_models`.
"""
from __future__ import annotations

import json

from django.db import models

from games.platform.content_models import (BalanceChunkBase, BalanceRunBase, ContentItem,
                                           ContentVersionBase)

SIDES = (("A", "A (two players)"), ("B", "B (one player)"))


# --- maps ------------------------------------------------------------------------------------
class Map(ContentItem):
    """A board: spaces (cores, cover, high ground) and the open boundaries between cells."""

    name = models.SlugField(max_length=64, unique=True, help_text="The map's id, e.g. dungeon.")
    title = models.CharField(max_length=120)
    description = models.TextField()
    bounds = models.CharField(max_length=80, default="0, 0, 60, 40",
                              help_text="x0, y0, x1, y1 in board units (y grows downwards).")
    core_radius = models.FloatField(default=0.6)
    open_boundaries = models.TextField(
        blank=True, help_text="Pairs of spaces whose shared boundary is open (a white line), "
                              "e.g. 1-2, 1-8, 2-3. Every other shared boundary is a wall.")
    features = models.TextField(
        blank=True, help_text="Optional: the map's own rules as YAML primitives, e.g. "
                              "players: [2] (see wildlands/rules/map_features.py).")

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.title or self.name


class MapSpace(models.Model):
    map = models.ForeignKey(Map, on_delete=models.CASCADE, related_name="spaces")
    n = models.PositiveIntegerField("number")
    x = models.FloatField()
    y = models.FloatField()
    cover = models.BooleanField(default=False)
    high = models.BooleanField("high ground", default=False)
    polygon = models.TextField(blank=True, help_text="Optional: the cell's corners as YAML, "
                                                     "e.g. [[0, 0], [5, 0], [5, 4]].")

    class Meta:
        ordering = ["map", "n"]
        constraints = [models.UniqueConstraint(fields=["map", "n"], name="map_space_unique")]

    def __str__(self) -> str:
        return f"space {self.n}"


# --- factions --------------------------------------------------------------------------------
class Faction(ContentItem):
    """A playable faction: five characters and a thirty-card action deck."""

    faction_id = models.SlugField("id", max_length=64, unique=True)
    name = models.CharField(max_length=120)
    colour = models.CharField(max_length=32)
    description = models.TextField()

    class Meta:
        ordering = ["faction_id"]

    def __str__(self) -> str:
        return self.name


class FactionCharacter(models.Model):
    faction = models.ForeignKey(Faction, on_delete=models.CASCADE, related_name="characters")
    position = models.PositiveIntegerField(default=0)
    character_id = models.CharField("id", max_length=64)
    name = models.CharField(max_length=120)
    health = models.PositiveIntegerField(default=2)
    flags = models.CharField(max_length=200, blank=True, help_text="e.g. fly, ranged")
    blurb = models.TextField()

    class Meta:
        ordering = ["faction", "position", "id"]

    def __str__(self) -> str:
        return self.name


class ActionCard(models.Model):
    faction = models.ForeignKey(Faction, on_delete=models.CASCADE, related_name="cards")
    position = models.PositiveIntegerField(default=0)
    card_id = models.CharField("id", max_length=64)
    icons = models.CharField(
        max_length=300, blank=True,
        help_text="Character icons top to bottom, each with its flag or none: "
                  "gnomads_glider: fly, gnomads_slinger. Empty for a wild card.")
    open = models.CharField("open action", max_length=32, blank=True)
    wild = models.BooleanField(default=False)

    class Meta:
        ordering = ["faction", "position", "id"]

    def __str__(self) -> str:
        return self.card_id


# --- scenarios -------------------------------------------------------------------------------
class Scenario(ContentItem):
    """A scenario sheet: its Ancient, two sides, two decks and its special actions."""

    slug = models.SlugField("id", max_length=64, unique=True,
                            help_text="Lower-case id; card ids start with it.")
    number = models.PositiveSmallIntegerField(help_text="1-5, unique across scenarios.")
    title = models.CharField(max_length=120)
    blurb = models.TextField(blank=True)
    ancient_id = models.CharField("Ancient's id", max_length=64)
    ancient_name = models.CharField("Ancient's name", max_length=120)
    ancient_health = models.PositiveSmallIntegerField(
        "Ancient's health", null=True, blank=True, help_text="Default; a side may override it.")
    immortal = models.BooleanField(default=False,
                                   help_text="Damage never knocks it out: only crystals win.")

    class Meta:
        ordering = ["number", "slug"]

    def __str__(self) -> str:
        return f"{self.number}: {self.title}"

    @property
    def latest_version(self) -> "ScenarioVersion | None":
        return self.versions.order_by("-number").first()


class ScenarioSide(models.Model):
    """Side A (two players) or B (solo): health, starting minions, object mix, event track."""

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="sides")
    side = models.CharField(max_length=1, choices=SIDES)
    ancient_health = models.PositiveSmallIntegerField(
        "Ancient's health", null=True, blank=True, help_text="Empty: the scenario's default.")
    starting_minions = models.CharField(max_length=300, blank=True,
                                        help_text="Minion types placed at setup, e.g. acolyte, wisp, wisp")
    crystal = models.PositiveSmallIntegerField(default=6)
    treasure = models.PositiveSmallIntegerField(default=3)
    blank = models.PositiveSmallIntegerField(default=2)
    pit_trap = models.PositiveSmallIntegerField(default=1)
    explosive_trap = models.PositiveSmallIntegerField(default=1)
    stasis_trap = models.PositiveSmallIntegerField(default=1)
    track_length = models.PositiveSmallIntegerField(default=10,
                                                    help_text="The players lose when the shard gets here.")
    special_rules = models.TextField(blank=True)

    class Meta:
        ordering = ["scenario", "side"]
        constraints = [models.UniqueConstraint(fields=["scenario", "side"], name="scenario_side_unique")]

    def __str__(self) -> str:
        return f"side {self.side}"


class MinionType(models.Model):
    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="minion_types")
    side = models.CharField(max_length=1, choices=SIDES)
    position = models.PositiveIntegerField(default=0)
    name = models.CharField(max_length=64)
    health = models.PositiveSmallIntegerField(default=1)
    supply = models.PositiveSmallIntegerField(default=1, help_text="Counters on the sheet.")

    class Meta:
        ordering = ["scenario", "side", "position", "id"]

    def __str__(self) -> str:
        return f"{self.name} (side {self.side})"


class MinionCard(models.Model):
    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="minion_cards")
    position = models.PositiveIntegerField(default=0)
    card_id = models.CharField("id", max_length=64)
    top_type = models.CharField(max_length=64)
    top_actions = models.CharField(max_length=300, help_text="e.g. move, ranged")
    bottom_type = models.CharField(max_length=64)
    bottom_actions = models.CharField(max_length=300)
    effect = models.CharField(max_length=120, default="none", blank=True,
                              help_text="none, summon: <type> or advance: 1")
    reaction = models.CharField(max_length=200, blank=True,
                                help_text="Damage kinds it prevents, e.g. melee, heavy_melee; empty: none")

    class Meta:
        ordering = ["scenario", "position", "id"]

    def __str__(self) -> str:
        return self.card_id


class AncientCard(models.Model):
    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="ancient_cards")
    position = models.PositiveIntegerField(default=0)
    card_id = models.CharField("id", max_length=64)
    actions = models.CharField(max_length=400,
                               help_text="A flat list (move, ranged, blink) or rows ([move, ranged], [blink])")
    reaction = models.CharField(max_length=200, blank=True,
                                help_text="Damage kinds it prevents; empty: none")

    class Meta:
        ordering = ["scenario", "position", "id"]

    def __str__(self) -> str:
        return self.card_id


class SpecialAction(models.Model):
    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="special_actions")
    position = models.PositiveIntegerField(default=0)
    name = models.CharField(max_length=64)
    steps = models.TextField(help_text="YAML steps (SCHEMA.md), one per line: "
                                       "- {target: closest_character, los: true}")

    class Meta:
        ordering = ["scenario", "position", "id"]

    def __str__(self) -> str:
        return self.name


class TrackSpace(models.Model):
    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="track_spaces")
    side = models.CharField(max_length=1, choices=SIDES)
    number = models.PositiveSmallIntegerField()
    effect = models.TextField(help_text="One step ({summon: acolyte}) or YAML steps, one per line.")

    class Meta:
        ordering = ["scenario", "side", "number"]

    def __str__(self) -> str:
        return f"side {self.side} space {self.number}"


class ScenarioVersion(ContentVersionBase):
    """One checked state of a scenario, frozen (`ContentVersionBase`): games and balance
    runs point at a version, never at the editable rows."""

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()

    class Meta:
        ordering = ["scenario", "-number"]
        constraints = [models.UniqueConstraint(fields=["scenario", "number"],
                                               name="scenario_version_unique")]

    def __str__(self) -> str:
        return f"{self.scenario.slug} v{self.number}"

    @property
    def data(self) -> dict:
        from ancients_ai.content_fragments import scenario_data_from_json

        return scenario_data_from_json(self.data_json)


# --- treasures -------------------------------------------------------------------------------
class TreasureCard(models.Model):
    """One card of the treasure deck (the deck is checked as a whole on every save)."""

    USES = (("once", "once (discarded after use)"), ("always", "always (kept)"))
    WHENS = (("players_turn", "players' turn"), ("defence", "defence"), ("any", "any time"))

    position = models.PositiveIntegerField(default=0)
    treasure_id = models.SlugField("id", max_length=64, unique=True)
    name = models.CharField(max_length=120)
    text = models.TextField()
    use = models.CharField(max_length=8, choices=USES, default="once")
    when = models.CharField(max_length=16, choices=WHENS, default="players_turn")
    effect = models.TextField(help_text="One step ({heal: 2}) or YAML steps, one per line.")
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["position", "id"]

    def __str__(self) -> str:
        return self.name


# --- games started from a version ------------------------------------------------------------
class ScenarioGame(models.Model):
    """Which scenario version a game was started with (playtests from the admin)."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="scenario_version_link")
    version = models.ForeignKey(ScenarioVersion, on_delete=models.PROTECT, related_name="games")
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.game_id} with {self.version}"


# --- balance simulation ----------------------------------------------------------------------
class SimulationRun(BalanceRunBase):
    """N headless games of one scenario version, played by a bot in chunks on workers."""

    version = models.ForeignKey(ScenarioVersion, on_delete=models.CASCADE, related_name="simulations")
    games = models.PositiveIntegerField(default=1000)
    map_name = models.CharField(max_length=64)
    factions = models.JSONField(default=list)
    bot = models.CharField(max_length=32, default="awoken")
    easy = models.BooleanField(default=False)
    # What the games were played with, besides the version: frozen at the start so every
    # chunk (on any worker, at any time) plays exactly the same content.
    setup = models.JSONField(default=dict, blank=True, editable=False)

    def __str__(self) -> str:
        return f"run {self.pk}: {self.version} × {self.games}"


class SimulationChunk(BalanceChunkBase):
    run = models.ForeignKey(SimulationRun, on_delete=models.CASCADE, related_name="chunks")

    class Meta(BalanceChunkBase.Meta):
        constraints = [models.UniqueConstraint(fields=["run", "index"], name="simulation_chunk_unique")]


def dumps(data) -> str:
    """JSON text keeping key order (for `ScenarioVersion.data_json`)."""
    return json.dumps(data, ensure_ascii=False)
