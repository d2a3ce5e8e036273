"""Rows <-> content data: the one mapping between the admin's models and the YAML format.

`*_to_data` builds, from an item's rows, exactly the plain data its YAML file holds
(ancients_ai/content/SCHEMA.md, wildlands/content/maps, wildlands/content/factions), key order
included, so the one validator checks what a designer edited and an export reads like a
shipped file. `write_*` does the reverse for data that has already been checked. Digests and
YAML files in and out are the platform's (`games.platform.content_files`).

The admin stores short YAML fragments in text fields (card actions, steps, icons); they
are parsed by `content_fragments`, and a fragment that does not parse is a `ContentError`
naming the item and the field, the same as any other content problem.
"""
from __future__ import annotations

from typing import Any, Iterable

from games.platform.content_common import ContentError
from games.platform.content_files import to_yaml

from ancients_ai.content_fragments import (
    FragmentError, actions_text, effect_text, flow, icons_text, load_fragment,
    names_text, numbers_text, pairs_text, parse_actions, parse_effect, parse_icons, parse_names,
    parse_numbers, parse_pairs, parse_reaction, parse_steps, reaction_text, steps_text, tidy,
    scenario_data_from_json)

OBJECT_KINDS = ("crystal", "treasure", "blank", "pit_trap", "explosive_trap", "stasis_trap")


# --- scenarios ---------------------------------------------------------------------------------
def _field(source: str, item: str, parse, text: str) -> Any:
    try:
        return parse(text)
    except FragmentError as error:
        raise ContentError(source, item, str(error)) from None


def scenario_source(scenario) -> str:
    return f"admin scenario {scenario.slug or '(new)'}"


def scenario_to_data(scenario, source: str | None = None) -> dict:
    """The scenario's rows as the data of its YAML file (not yet checked)."""
    source = source or scenario_source(scenario)
    data: dict = {"id": scenario.slug, "number": scenario.number, "title": scenario.title}
    if scenario.blurb:
        data["blurb"] = scenario.blurb
    ancient: dict = {"id": scenario.ancient_id, "name": scenario.ancient_name}
    if scenario.ancient_health is not None:
        ancient["health"] = scenario.ancient_health
    ancient["immortal"] = scenario.immortal
    data["ancient"] = ancient

    types = list(scenario.minion_types.all())
    spaces = list(scenario.track_spaces.all())
    sides: dict = {}
    for side in scenario.sides.all():
        item = f"side {side.side}"
        entry: dict = {}
        if side.ancient_health is not None:
            entry["ancient_health"] = side.ancient_health
        entry["minion_types"] = {t.name: {"health": t.health, "supply": t.supply}
                                 for t in types if t.side == side.side}
        entry["starting_minions"] = parse_names(side.starting_minions)
        entry["objects"] = {kind: getattr(side, kind) for kind in OBJECT_KINDS}
        track: dict = {"length": side.track_length}
        mine = sorted((s for s in spaces if s.side == side.side), key=lambda s: s.number)
        if mine:
            track["spaces"] = {s.number: _field(source, f"{item} track space {s.number}",
                                                parse_steps, s.effect) for s in mine}
        entry["track"] = track
        if side.special_rules:
            entry["special_rules"] = side.special_rules
        sides[side.side] = entry
    data["sides"] = sides

    data["minion_deck"] = []
    for card in scenario.minion_cards.all():
        item = f"minion card {card.card_id}"
        data["minion_deck"].append({
            "id": card.card_id,
            "top": {"type": card.top_type,
                    "actions": _field(source, f"{item} top", parse_actions, card.top_actions)},
            "bottom": {"type": card.bottom_type,
                       "actions": _field(source, f"{item} bottom", parse_actions, card.bottom_actions)},
            "effect": _field(source, f"{item} effect", parse_effect, card.effect),
            "reaction": _field(source, f"{item} reaction", parse_reaction, card.reaction),
        })
    data["ancient_deck"] = []
    for card in scenario.ancient_cards.all():
        item = f"ancient card {card.card_id}"
        data["ancient_deck"].append({
            "id": card.card_id,
            "actions": _field(source, item, parse_actions, card.actions),
            "reaction": _field(source, f"{item} reaction", parse_reaction, card.reaction),
        })
    specials = {s.name: _field(source, f"special action {s.name}", parse_steps, s.steps)
                for s in scenario.special_actions.all()}
    if specials:
        data["special_actions"] = specials
    return data


def write_scenario(data: dict):
    """Create or replace the rows of scenario `data["id"]` from checked data."""
    from ancients_ai.models import (AncientCard, MinionCard, MinionType, Scenario, ScenarioSide,
                                    SpecialAction, TrackSpace)

    ancient = data["ancient"]
    scenario, _ = Scenario.objects.get_or_create(
        slug=data["id"], defaults={"number": data["number"], "title": data["title"],
                                   "ancient_id": ancient["id"], "ancient_name": ancient["name"]})
    scenario.number = data["number"]
    scenario.title = data["title"]
    scenario.blurb = data.get("blurb", "") or ""
    scenario.ancient_id = ancient["id"]
    scenario.ancient_name = ancient["name"]
    scenario.ancient_health = ancient.get("health")
    scenario.immortal = bool(ancient.get("immortal", False))
    scenario.save()
    for related in (scenario.sides, scenario.minion_types, scenario.track_spaces,
                    scenario.minion_cards, scenario.ancient_cards, scenario.special_actions):
        related.all().delete()
    sides, types, spaces = [], [], []
    for name, side in data["sides"].items():
        objects = side.get("objects") or {}
        sides.append(ScenarioSide(
            scenario=scenario, side=name, ancient_health=side.get("ancient_health"),
            starting_minions=names_text(side.get("starting_minions") or []),
            track_length=side["track"]["length"], special_rules=side.get("special_rules", "") or "",
            **{kind: objects.get(kind, 0) for kind in OBJECT_KINDS}))
        for i, (mtype, spec) in enumerate(side["minion_types"].items()):
            types.append(MinionType(scenario=scenario, side=name, position=i + 1, name=mtype,
                                    health=spec["health"], supply=spec["supply"]))
        for number, effect in (side["track"].get("spaces") or {}).items():
            spaces.append(TrackSpace(scenario=scenario, side=name, number=int(number),
                                     effect=steps_text(effect)))
    ScenarioSide.objects.bulk_create(sides)
    MinionType.objects.bulk_create(types)
    TrackSpace.objects.bulk_create(spaces)
    MinionCard.objects.bulk_create([
        MinionCard(scenario=scenario, position=i + 1, card_id=card["id"],
                   top_type=card["top"]["type"], top_actions=actions_text(card["top"]["actions"]),
                   bottom_type=card["bottom"]["type"],
                   bottom_actions=actions_text(card["bottom"]["actions"]),
                   effect=effect_text(card.get("effect")), reaction=reaction_text(card.get("reaction")))
        for i, card in enumerate(data["minion_deck"])])
    AncientCard.objects.bulk_create([
        AncientCard(scenario=scenario, position=i + 1, card_id=card["id"],
                    actions=actions_text(card["actions"]), reaction=reaction_text(card.get("reaction")))
        for i, card in enumerate(data["ancient_deck"])])
    SpecialAction.objects.bulk_create([
        SpecialAction(scenario=scenario, position=i + 1, name=name, steps=steps_text(steps))
        for i, (name, steps) in enumerate((data.get("special_actions") or {}).items())])
    return scenario


# --- maps --------------------------------------------------------------------------------------
def map_to_data(game_map) -> dict:
    source = f"admin map {game_map.name or '(new)'}"
    spaces = []
    for space in game_map.spaces.all():
        entry: dict = {"n": space.n, "at": [tidy(space.x), tidy(space.y)]}
        if space.cover:
            entry["cover"] = True
        if space.high:
            entry["high"] = True
        if space.polygon.strip():
            entry["polygon"] = _field(source, f"space {space.n} polygon",
                                      lambda t: load_fragment(t, "polygon"), space.polygon)
        spaces.append(entry)
    data = {
        "name": game_map.name, "title": game_map.title, "description": game_map.description,
        "bounds": _field(source, "bounds", parse_numbers, game_map.bounds),
        "core_radius": tidy(game_map.core_radius), "spaces": spaces,
        "open": _field(source, "open boundaries", parse_pairs, game_map.open_boundaries),
    }
    if game_map.features.strip():
        data["features"] = _field(source, "features", lambda t: load_fragment(t, "features"),
                                  game_map.features)
    return data


def write_map(data: dict):
    from ancients_ai.models import Map, MapSpace

    game_map, _ = Map.objects.get_or_create(name=data["name"], defaults={"title": data["title"]})
    game_map.title = data["title"]
    game_map.description = data.get("description", "")
    game_map.bounds = numbers_text(data["bounds"])
    game_map.core_radius = data.get("core_radius", 0.5)
    game_map.open_boundaries = pairs_text(data.get("open") or [])
    game_map.features = to_yaml(data["features"]) if data.get("features") else ""
    game_map.save()
    game_map.spaces.all().delete()
    MapSpace.objects.bulk_create([
        MapSpace(map=game_map, n=s["n"], x=s["at"][0], y=s["at"][1], cover=bool(s.get("cover")),
                 high=bool(s.get("high")), polygon=flow(s["polygon"]) if "polygon" in s else "")
        for s in data["spaces"]])
    return game_map


# --- factions ----------------------------------------------------------------------------------
def faction_to_data(faction) -> dict:
    source = f"admin faction {faction.faction_id or '(new)'}"
    characters = [{"id": c.character_id, "name": c.name, "health": c.health,
                   "flags": parse_names(c.flags), "blurb": c.blurb}
                  for c in faction.characters.all()]
    deck = []
    for card in faction.cards.all():
        if card.wild:
            entry: dict = {"id": card.card_id, "wild": True}
            if card.icons.strip():
                entry["icons"] = _field(source, f"card {card.card_id} icons", parse_icons, card.icons)
        else:
            entry = {"id": card.card_id,
                     "icons": _field(source, f"card {card.card_id} icons", parse_icons, card.icons)}
        if card.open:
            entry["open"] = card.open
        deck.append(entry)
    return {"id": faction.faction_id, "name": faction.name, "colour": faction.colour,
            "description": faction.description, "characters": characters, "deck": deck}


def write_faction(data: dict):
    from ancients_ai.models import ActionCard, Faction, FactionCharacter

    faction, _ = Faction.objects.get_or_create(faction_id=data["id"], defaults={"name": data["name"]})
    faction.name = data["name"]
    faction.colour = data["colour"]
    faction.description = data["description"]
    faction.save()
    faction.characters.all().delete()
    faction.cards.all().delete()
    FactionCharacter.objects.bulk_create([
        FactionCharacter(faction=faction, position=i + 1, character_id=c["id"], name=c["name"],
                         health=c["health"], flags=names_text(c["flags"]), blurb=c["blurb"])
        for i, c in enumerate(data["characters"])])
    ActionCard.objects.bulk_create([
        ActionCard(faction=faction, position=i + 1, card_id=card["id"],
                   icons=icons_text(card.get("icons") or {}), open=card.get("open") or "",
                   wild=bool(card.get("wild", False)))
        for i, card in enumerate(data["deck"])])
    return faction


# --- treasures ---------------------------------------------------------------------------------
def treasures_to_data(cards: Iterable | None = None) -> dict:
    from ancients_ai.models import TreasureCard

    cards = TreasureCard.objects.all() if cards is None else cards
    found = []
    for card in cards:
        found.append({"id": card.treasure_id, "name": card.name, "text": card.text,
                      "use": card.use, "when": card.when,
                      "effect": _field("admin treasure deck", f"treasure {card.treasure_id} effect",
                                       parse_steps, card.effect)})
    return {"treasures": found}


def write_treasures(data: dict) -> None:
    from ancients_ai.models import TreasureCard

    TreasureCard.objects.all().delete()
    TreasureCard.objects.bulk_create([
        TreasureCard(position=i + 1, treasure_id=t["id"], name=t["name"], text=t["text"],
                     use=t["use"], when=t["when"], effect=steps_text(t["effect"]))
        for i, t in enumerate(data["treasures"])])


def kind_of(data: Any) -> str | None:
    """Which kind of content a parsed file holds, from its keys."""
    if not isinstance(data, dict):
        return None
    if "treasures" in data:
        return "treasures"
    if "minion_deck" in data or "sides" in data:
        return "scenario"
    if "spaces" in data and "open" in data:
        return "map"
    if "deck" in data and "characters" in data:
        return "faction"
    return None
