"""Content of Defenders of the Wild as validated, immutable values.

The loader (`defenders.content_loader`) reads the YAML; this module only checks data it is
handed and builds the definitions, so it stays pure. Every problem is a `ContentError`
naming the file, the item and what is wrong.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

from games.platform.content_common import ContentError

HABITATS = ("forest", "plains", "marsh", "mountain")
FACTIONS = ("order", "council", "coven", "sect")
ITEMS = ("maps", "bread", "potions", "rockets")
DIE_FACES = ("hit", "double", "miss")
CARD_KINDS = ("engines", "factories", "reboot", "mechs")

# ability effect -> (timing, parameters it takes); see abilities.py for what each does
EFFECTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "pass_first_player": ("reveal", ()),
    "gain_item": ("reveal", ("item", "who")),
    "clear_adjacent": ("reveal", ()),
    "damage": ("reveal", ("amount",)),
    "support": ("reveal", ("amount",)),
    "relocate_camp": ("reveal", ("habitat",)),
    "draw_cards": ("reveal", ("count",)),
    "destroy_mech": ("reveal", ("where",)),
    "heal_all": ("reveal", ("amount",)),
    "heal_player": ("reveal", ()),
    "relocate_all_adjacent": ("reveal", ()),
    "mech_to_pollution": ("reveal", ()),
    "relocate": ("reveal", ("habitat",)),
    "breach_any": ("reveal", ()),
    "support_on_damage": ("ongoing", ()),
    "sanctuary": ("ongoing", ()),
    "support_after_camp": ("ongoing", ()),
    "any_corridor": ("ongoing", ()),
    "ignore_face": ("ongoing", ("face",)),
    "clear_on_move": ("ongoing", ()),
    "extra_support_per_mech": ("ongoing", ()),
    "through_walls": ("ongoing", ()),
    "rockets_adjacent": ("ongoing", ()),
    "skip_machine_card": ("turn", ()),
}


@dataclass(frozen=True)
class Ability:
    name: str
    effect: str
    timing: str  # reveal | ongoing | turn
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "effect": self.effect, **dict(self.params)}


@dataclass(frozen=True)
class DefenderDef:
    id: str
    name: str
    faction: str
    habitat: str
    ap: int
    organizer: Optional[str]  # None: one of the faction's six base defenders
    ability: Optional[Ability]

    def to_data(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "habitat": self.habitat, "ap": self.ap,
                "organizer": self.organizer,
                "ability": None if self.ability is None else self.ability.to_data()}


@dataclass(frozen=True)
class FactionDef:
    id: str
    name: str
    habitat: str
    item: str
    organizers: Mapping[str, str]  # organizer id -> name
    defenders: tuple[str, ...]

    def deck_for(self, organizer: str, defenders: Mapping[str, DefenderDef]) -> list[str]:
        """The organizer's twelve: the six base defenders and the six marked for them."""
        return [d for d in self.defenders if defenders[d].organizer in (None, organizer)]


@dataclass(frozen=True)
class TrackSide:
    """One side of the support track: the printed hand sizes and where the camps sit."""

    spaces: tuple[int, ...]
    first_camp: int  # index of the first space holding a camp
    camps: int


@dataclass(frozen=True)
class MachineCardDef:
    id: str
    kind: str
    difficult: bool
    replaces: Optional[str]


@dataclass(frozen=True)
class Content:
    """Everything shipped: the board's tiles and icons, the machines, the four factions."""

    tile_slots: tuple[tuple[tuple[int, int], ...], ...]
    tiles: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]
    mech_icons: tuple[tuple[int, int], ...]
    pollution_icons: tuple[tuple[int, int], ...]
    die: tuple[str, ...]
    chutes: Mapping[int, tuple[int, ...]]  # factory tile number -> chute sides from its arrow
    tracks: Mapping[str, TrackSide]
    cards: Mapping[str, MachineCardDef]
    factions: Mapping[str, FactionDef]
    defenders: Mapping[str, DefenderDef]


def _need(source: str, item: str, data: Any, key: str, kind: type | tuple) -> Any:
    if not isinstance(data, dict) or key not in data:
        raise ContentError(source, item, f"missing `{key}`")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ContentError(source, item, f"`{key}` has the wrong type ({value!r})")
    return value


def _hex(source: str, item: str, value: Any) -> tuple[int, int]:
    from defenders.rules.hexes import on_board, parse_hex, CORE
    try:
        h = parse_hex(value)
    except ValueError as exc:
        raise ContentError(source, item, str(exc)) from None
    if not on_board(h) or h == CORE:
        raise ContentError(source, item, f"{list(h)} is not a habitat hex of the board")
    return h


def board_content(data: Any, source: str) -> dict[str, Any]:
    from defenders.rules.hexes import board_hexes
    slots = []
    for i, raw in enumerate(_need(source, "board", data, "tile_slots", list)):
        if not isinstance(raw, list) or len(raw) != 3:
            raise ContentError(source, f"tile slot {i + 1}", "a slot holds three hexes")
        slots.append(tuple(_hex(source, f"tile slot {i + 1}", h) for h in raw))
    covered = [h for slot in slots for h in slot]
    if sorted(covered) != sorted(board_hexes()):
        raise ContentError(source, "tile_slots", "the slots must cover each of the 36 habitat "
                                                 "hexes exactly once")
    tiles: dict[str, tuple] = {}
    for i, raw in enumerate(_need(source, "board", data, "tiles", list)):
        item = f"tile {raw.get('id', i + 1) if isinstance(raw, dict) else i + 1}"
        tid = _need(source, item, raw, "id", str)
        faces = _need(source, item, raw, "faces", list)
        if len(faces) != 2 or any(not isinstance(f, list) or len(f) != 3 for f in faces):
            raise ContentError(source, item, "a tile has two faces of three habitats")
        for face in faces:
            for h in face:
                if h not in HABITATS:
                    raise ContentError(source, item, f"unknown habitat {h!r} "
                                                     f"(one of {', '.join(HABITATS)})")
        if tid in tiles:
            raise ContentError(source, item, "tile id used twice")
        tiles[tid] = (tuple(faces[0]), tuple(faces[1]))
    if len(tiles) != len(slots):
        raise ContentError(source, "tiles", f"{len(slots)} slots need {len(slots)} tiles, "
                                            f"not {len(tiles)}")
    for habitat in HABITATS:  # else some deal would leave a faction without a home hex
        if not any(habitat in a and habitat in b for a, b in tiles.values()):
            raise ContentError(source, "tiles", f"no tile shows {habitat} on both faces, so a "
                                                "deal could have no hex of it")
    icons = _need(source, "board", data, "perimeter", dict)
    mech = tuple(_hex(source, "perimeter mech_icons", h) for h in icons.get("mech_icons", []))
    poll = tuple(_hex(source, "perimeter pollution_icons", h)
                 for h in icons.get("pollution_icons", []))
    return {"tile_slots": tuple(slots), "tiles": tiles, "mech_icons": mech,
            "pollution_icons": poll}


def machine_content(data: Any, source: str) -> dict[str, Any]:
    die = tuple(_need(source, "machine", data, "die", list))
    if not die or any(f not in DIE_FACES for f in die):
        raise ContentError(source, "die", f"faces must be among {', '.join(DIE_FACES)}")
    chutes: dict[int, tuple[int, ...]] = {}
    for raw in _need(source, "machine", data, "factory_tiles", list):
        number = _need(source, "factory tile", raw, "number", int)
        sides = _need(source, f"factory tile {number}", raw, "chutes", list)
        if len(sides) != 3 or len(set(sides)) != 3 or any(s not in range(6) for s in sides):
            raise ContentError(source, f"factory tile {number}", "three different chute "
                                                                 "sides, each 0-5")
        chutes[number] = tuple(sides)
    if sorted(chutes) != list(range(6)):
        raise ContentError(source, "factory_tiles", "tiles 0-5, each once")
    tracks = {}
    for name, raw in _need(source, "machine", data, "support_tracks", dict).items():
        spaces = tuple(_need(source, f"support track {name}", raw, "spaces", list))
        first = _need(source, f"support track {name}", raw, "first_camp", int)
        camps = _need(source, f"support track {name}", raw, "camps", int)
        if not 1 <= first or first + camps > len(spaces) or any(
                not isinstance(s, int) or s < 1 for s in spaces):
            raise ContentError(source, f"support track {name}", "camps must sit on printed "
                                                                "spaces after the first")
        tracks[name] = TrackSide(spaces, first, camps)
    for name in ("duo", "trio", "quad"):
        if name not in tracks:
            raise ContentError(source, "support_tracks", f"missing the {name!r} side")
    cards: dict[str, MachineCardDef] = {}
    for raw in _need(source, "machine", data, "machine_cards", list):
        cid = _need(source, "machine card", raw, "id", str)
        kind = _need(source, f"machine card {cid}", raw, "kind", str)
        if kind not in CARD_KINDS or cid in cards:
            raise ContentError(source, f"machine card {cid}", f"kind must be one of "
                                                              f"{', '.join(CARD_KINDS)}; ids once")
        difficult = bool(raw.get("difficult", False))
        replaces = raw.get("replaces")
        cards[cid] = MachineCardDef(cid, kind, difficult, replaces)
    base = [c for c in cards.values() if not c.difficult]
    for card in cards.values():
        if card.difficult:
            target = cards.get(card.replaces or "")
            if target is None or target.difficult or target.kind != card.kind:
                raise ContentError(source, f"machine card {card.id}", "a difficult card "
                                   "`replaces` a base card of the same kind")
    if len(base) != 7 or sum(c.difficult for c in cards.values()) != 6:
        raise ContentError(source, "machine_cards", "seven base cards and six difficult ones")
    return {"die": die, "chutes": chutes, "tracks": tracks, "cards": cards}


def faction_content(data: Any, source: str) -> tuple[FactionDef, dict[str, DefenderDef]]:
    fid = _need(source, "faction", data, "id", str)
    if fid not in FACTIONS:
        raise ContentError(source, "id", f"unknown faction {fid!r}")
    habitat = _need(source, fid, data, "habitat", str)
    item = _need(source, fid, data, "item", str)
    if habitat not in HABITATS or item not in ITEMS:
        raise ContentError(source, fid, "unknown habitat or item")
    organizers = {}
    for raw in _need(source, fid, data, "organizers", list):
        oid = _need(source, "organizer", raw, "id", str)
        organizers[oid] = str(raw.get("name", oid))
    if len(organizers) != 2:
        raise ContentError(source, "organizers", "a faction has two organizers")
    defenders: dict[str, DefenderDef] = {}
    for raw in _need(source, fid, data, "defenders", list):
        did = _need(source, "defender", raw, "id", str)
        item_name = f"defender {did}"
        if did in defenders:
            raise ContentError(source, item_name, "id used twice")
        d_habitat = _need(source, item_name, raw, "habitat", str)
        ap = _need(source, item_name, raw, "ap", int)
        organizer = raw.get("organizer")
        if d_habitat not in HABITATS or not 1 <= ap <= 5:
            raise ContentError(source, item_name, "habitat one of the four, ap 1-5")
        if organizer is not None and organizer not in organizers:
            raise ContentError(source, item_name, f"unknown organizer {organizer!r}")
        defenders[did] = DefenderDef(did, str(raw.get("name", did)), fid, d_habitat, ap,
                                     organizer, _ability(raw.get("ability"), source, item_name))
    faction = FactionDef(fid, str(data.get("name", fid)), habitat, item, organizers,
                         tuple(defenders))
    for organizer in organizers:
        deck = faction.deck_for(organizer, defenders)
        home = sum(defenders[d].habitat == habitat for d in deck)
        if len(deck) != 12 or home != 6:
            raise ContentError(source, f"organizer {organizer}", f"a deck is 12 defenders, "
                               f"half of the home habitat (has {len(deck)}, {home} at home)")
    return faction, defenders


def _ability(raw: Any, source: str, item: str) -> Optional[Ability]:
    if raw is None:
        return None
    effect = _need(source, item, raw, "effect", str)
    if effect not in EFFECTS:
        raise ContentError(source, item, f"unknown ability effect {effect!r}")
    timing, allowed = EFFECTS[effect]
    params = {k: v for k, v in raw.items() if k not in ("name", "effect")}
    extra = set(params) - set(allowed)
    if extra:
        raise ContentError(source, item, f"ability {effect} takes no {', '.join(sorted(extra))}")
    if params.get("item") is not None and params["item"] not in ITEMS:
        raise ContentError(source, item, f"unknown item {params['item']!r}")
    if params.get("habitat") is not None and params["habitat"] not in HABITATS:
        raise ContentError(source, item, f"unknown habitat {params['habitat']!r}")
    if params.get("face") is not None and params["face"] not in DIE_FACES:
        raise ContentError(source, item, f"unknown die face {params['face']!r}")
    if params.get("who", "self") not in ("self", "all") or params.get(
            "where", "here") not in ("here", "adjacent"):
        raise ContentError(source, item, "`who` is self or all; `where` is here or adjacent")
    return Ability(str(raw.get("name", effect)), effect, timing, params)


def build_content(board: Any, machine: Any, factions: Mapping[str, Any],
                  sources: Mapping[str, str]) -> Content:
    """Check and assemble the shipped content; `factions` maps a file name to its data."""
    b = board_content(board, sources.get("board", "board.yaml"))
    m = machine_content(machine, sources.get("machine", "machine.yaml"))
    faction_defs: dict[str, FactionDef] = {}
    defenders: dict[str, DefenderDef] = {}
    for name, data in factions.items():
        faction, own = faction_content(data, sources.get(name, name))
        clash = set(own) & set(defenders)
        if clash:
            raise ContentError(sources.get(name, name), "defenders",
                               f"ids used by another faction: {', '.join(sorted(clash))}")
        faction_defs[faction.id] = faction
        defenders.update(own)
    if sorted(faction_defs) != sorted(FACTIONS):
        raise ContentError("factions", "", "all four factions are needed")
    return Content(tile_slots=b["tile_slots"], tiles=b["tiles"], mech_icons=b["mech_icons"],
                   pollution_icons=b["pollution_icons"], die=m["die"], chutes=m["chutes"],
                   tracks=m["tracks"], cards=m["cards"], factions=faction_defs,
                   defenders=defenders)
