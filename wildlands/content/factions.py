"""The four factions as data: characters, action decks, and the one parser of a card.

Each faction lives in ``wildlands/content/factions/<id>.yaml``. Loading turns the YAML into
frozen value objects (`FactionDef`, `CharacterDef`, `CardDef`) and checks every rule a
faction's data must follow; anything wrong raises `ContentError` naming the file, the item
(``card guild_12``, ``character guild_seer``...) and the problem.

`card_from_data` is the only place a card dict is parsed. The rules engine and the rules-case
runner call it for inline cards too, so a card means the same thing everywhere.

A card has either one to three *scales* (character icons, each with an optional action flag
beside it) and maybe an *open action* at the bottom, or it is a *wild* card (wild move,
draw two or interrupt) with neither.

No Django here: this module is imported by the pure rules core.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.platform.content_common import ContentError, read_yaml

# --- flags -----------------------------------------------------------------------------------

#: Every action flag, in rulebook order (used to list them in messages).
FLAG_ORDER: tuple[str, ...] = (
    "melee", "heavy_melee", "ranged", "heavy_ranged", "area", "shield", "cover", "rally", "fly",
)
FLAGS: frozenset[str] = frozenset(FLAG_ORDER)

#: Flags that deal damage.
ATTACK_FLAGS: frozenset[str] = frozenset({"melee", "heavy_melee", "ranged", "heavy_ranged", "area"})
#: Flags played out of turn to prevent damage (a plain melee flag also defends against melee).
DEFENCE_FLAGS: frozenset[str] = frozenset({"shield", "cover"})
#: Flags that move characters.
MOVEMENT_FLAGS: frozenset[str] = frozenset({"rally", "fly"})
#: Flags that may stand as an open action: an open action is taken by any one revealed
#: character in attack or defence, so the two movement flags are not allowed there.
OPEN_FLAGS: frozenset[str] = FLAGS - MOVEMENT_FLAGS

#: Shape of a faction.
CHARACTERS_PER_FACTION = 5
DECK_SIZE = 30
MAX_ICONS_PER_CARD = 3

FACTIONS_DIR = Path(__file__).resolve().parent / "factions"
_REPO_ROOT = Path(__file__).resolve().parents[2]

_ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")


def _ordered(names: frozenset[str] | set[str]) -> str:
    return ", ".join(flag for flag in FLAG_ORDER if flag in names)


# --- value objects ---------------------------------------------------------------------------


class IconMap(Mapping[str, "str | None"]):
    """The scales of a card: character id -> the flag beside that icon, or None.

    An immutable, hashable, ordered mapping (the order is the card's, top to bottom).
    """

    __slots__ = ("_pairs", "_index")

    def __init__(self, pairs: Any = ()) -> None:
        items = tuple(pairs.items() if isinstance(pairs, Mapping) else pairs)
        self._pairs: tuple[tuple[str, str | None], ...] = items
        self._index: dict[str, str | None] = dict(items)

    def __getitem__(self, character_id: str) -> str | None:
        return self._index[character_id]

    def __iter__(self) -> Iterator[str]:
        return (character_id for character_id, _ in self._pairs)

    def __len__(self) -> int:
        return len(self._pairs)

    def to_dict(self) -> dict[str, str | None]:
        """A plain dict of the scales, in the card's order (what `dict(icons)` gives, without
        going through the Mapping protocol key by key: views list every card in a discard)."""
        return self._index.copy()

    def __hash__(self) -> int:
        # Equality (from Mapping) ignores order, so the hash must too.
        return hash(frozenset(self._pairs))

    def __repr__(self) -> str:
        return f"IconMap({dict(self._pairs)!r})"


@dataclass(frozen=True)
class CharacterDef:
    """One of a faction's five characters, as printed on the faction card."""

    id: str
    name: str
    health: int
    flags: tuple[str, ...]
    blurb: str


@dataclass(frozen=True)
class CardDef:
    """One action card. A wild card has no icons and no open action."""

    id: str
    icons: IconMap
    open: str | None = None
    wild: bool = False

    def flags(self) -> tuple[str, ...]:
        """Every flag on the card, beside icons first, then the open action (if any)."""
        shown = tuple(flag for flag in self.icons.values() if flag is not None)
        return shown + ((self.open,) if self.open else ())

    def to_data(self) -> dict[str, Any]:
        """The card as plain data; `card_from_data` reads it back to an equal card. Built
        once and shared (every view lists the discards and the hand): never to be changed."""
        return self._data

    @functools.cached_property
    def _data(self) -> dict[str, Any]:
        if self.wild:
            return {"id": self.id, "wild": True}
        data: dict[str, Any] = {"id": self.id, "icons": self.icons.to_dict()}
        if self.open is not None:
            data["open"] = self.open
        return data


@dataclass(frozen=True)
class FactionDef:
    """A playable faction: five characters and a thirty-card action deck."""

    id: str
    name: str
    colour: str
    description: str
    characters: tuple[CharacterDef, ...]
    deck: tuple[CardDef, ...]

    def character(self, character_id: str) -> CharacterDef:
        """The character with this id; KeyError if the faction has none."""
        for character in self.characters:
            if character.id == character_id:
                return character
        raise KeyError(character_id)


# --- small field checkers --------------------------------------------------------------------


def _check_keys(data: Any, *, required: tuple[str, ...], optional: tuple[str, ...],
                what: str, source: str, item: str) -> None:
    if not isinstance(data, dict):
        raise ContentError(source, item, f"{what} must be a mapping, not {type(data).__name__}")
    unknown = [key for key in data if key not in required and key not in optional]
    if unknown:
        allowed = ", ".join(required + optional)
        raise ContentError(source, item, f"unknown key {unknown[0]!r} (a {what} has: {allowed})")
    missing = [key for key in required if key not in data]
    if missing:
        raise ContentError(source, item, f"missing key {missing[0]!r}")


def _text(data: dict, key: str, *, source: str, item: str) -> str:
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        raise ContentError(source, item, f"{key} must be non-empty text, not {value!r}")
    return value.strip()


def _identifier(value: Any, *, what: str, source: str, item: str) -> str:
    if not isinstance(value, str) or not _ID_PATTERN.match(value):
        raise ContentError(
            source, item,
            f"{what} {value!r} must be lower-case letters, digits and underscores, "
            "starting with a letter",
        )
    return value


def _flag(value: Any, *, where: str, source: str, item: str) -> str:
    if not isinstance(value, str) or value not in FLAGS:
        raise ContentError(source, item, f"{where}flag {value!r} is not a flag ({_ordered(FLAGS)})")
    return value


# --- cards -----------------------------------------------------------------------------------


def card_from_data(data: dict, *, source: str, item: str,
                   characters: Mapping[str, CharacterDef] | None = None) -> CardDef:
    """Parse one card dict strictly.

    Accepted shapes::

        {id: c1, icons: {lunk: ranged, wren: null}}      # 1-3 scales; null = icon only
        {id: c2, icons: {lunk: null}, open: area}        # open action at the bottom
        {id: w1, wild: true}                             # wild card

    :param source: the file (or admin item) the card comes from, for error messages.
    :param item: how to name the card in error messages, e.g. ``"card guild_12"``.
    :param characters: when given (character id -> definition), every icon must be one of
        these characters and every flag one that character has.
    :raises ContentError: on an unknown or missing key, a wrong type, an unknown flag, an
        open action that cannot be open (rally, fly), a card with no or too many icons, a
        wild card with icons or an open action, an unknown character, or a flag the
        character does not have.
    """
    _check_keys(data, required=("id",), optional=("icons", "open", "wild"),
                what="card", source=source, item=item)
    card_id = _identifier(data["id"], what="card id", source=source, item=item)

    wild = data.get("wild", False)
    if not isinstance(wild, bool):
        raise ContentError(source, item, f"wild must be true or false, not {wild!r}")

    if wild:
        if "icons" in data:
            raise ContentError(source, item, "a wild card has no icons")
        if "open" in data:
            raise ContentError(source, item, "a wild card has no open action")
        return CardDef(id=card_id, icons=IconMap(), open=None, wild=True)

    if "icons" not in data:
        raise ContentError(source, item, "missing key 'icons' (a card that is not wild has "
                                         "1 to 3 character icons)")
    raw_icons = data["icons"]
    if not isinstance(raw_icons, dict):
        raise ContentError(
            source, item,
            f"icons must be a mapping of character id to flag or null, not {raw_icons!r}",
        )
    if not 1 <= len(raw_icons) <= MAX_ICONS_PER_CARD:
        raise ContentError(
            source, item,
            f"a card shows 1 to {MAX_ICONS_PER_CARD} character icons, not {len(raw_icons)}",
        )

    pairs: list[tuple[str, str | None]] = []
    for character_id, flag in raw_icons.items():
        _identifier(character_id, what="icon", source=source, item=item)
        if characters is not None and character_id not in characters:
            known = ", ".join(characters)
            raise ContentError(source, item,
                               f"icon {character_id!r} is not a character here ({known})")
        if flag is not None:
            _flag(flag, where=f"icon {character_id}: ", source=source, item=item)
            if characters is not None and flag not in characters[character_id].flags:
                own = ", ".join(characters[character_id].flags) or "none"
                raise ContentError(
                    source, item,
                    f"icon {character_id}: flag {flag!r} is not one of that character's "
                    f"flags ({own})",
                )
        pairs.append((character_id, flag))

    open_action = data.get("open")
    if open_action is not None:
        _flag(open_action, where="open action: ", source=source, item=item)
        if open_action not in OPEN_FLAGS:
            raise ContentError(
                source, item,
                f"open action: {open_action!r} cannot be an open action, which any one "
                f"character uses to attack or defend ({_ordered(OPEN_FLAGS)})",
            )

    return CardDef(id=card_id, icons=IconMap(pairs), open=open_action, wild=False)


# --- characters and factions -----------------------------------------------------------------


def _character_from_data(data: Any, *, source: str, item: str) -> CharacterDef:
    _check_keys(data, required=("id", "name", "health", "flags", "blurb"), optional=(),
                what="character", source=source, item=item)
    character_id = _identifier(data["id"], what="character id", source=source, item=item)
    health = data["health"]
    if not isinstance(health, int) or isinstance(health, bool) or health < 1:
        raise ContentError(source, item, f"health must be a whole number of at least 1, "
                                         f"not {health!r}")
    raw_flags = data["flags"]
    if not isinstance(raw_flags, list):
        raise ContentError(source, item, f"flags must be a list, not {raw_flags!r}")
    flags = tuple(_flag(flag, where="", source=source, item=item) for flag in raw_flags)
    if len(set(flags)) != len(flags):
        raise ContentError(source, item, f"flags list a flag twice: {list(flags)}")
    return CharacterDef(
        id=character_id,
        name=_text(data, "name", source=source, item=item),
        health=health,
        flags=flags,
        blurb=_text(data, "blurb", source=source, item=item),
    )


def _card_item(data: Any, position: int) -> str:
    if isinstance(data, dict) and isinstance(data.get("id"), str):
        return f"card {data['id']}"
    return f"card #{position} of the deck"


def faction_from_data(data: dict, *, source: str) -> FactionDef:
    """Build and check a faction from its parsed YAML.

    :raises ContentError: on any unknown or missing key, wrong type, a character or card id
        not prefixed with the faction id, a duplicate id, a count other than
        five characters and thirty cards, a bad card (see `card_from_data`), or a character
        that appears on no card or whose listed flag no card shows.
    """
    _check_keys(data, required=("id", "name", "colour", "description", "characters", "deck"),
                optional=(), what="faction", source=source, item="faction")
    faction_id = _identifier(data["id"], what="faction id", source=source, item="faction")
    prefix = f"{faction_id}_"

    raw_characters = data["characters"]
    if not isinstance(raw_characters, list) or len(raw_characters) != CHARACTERS_PER_FACTION:
        count = len(raw_characters) if isinstance(raw_characters, list) else raw_characters
        raise ContentError(source, "characters",
                           f"a faction has exactly {CHARACTERS_PER_FACTION} characters, "
                           f"not {count!r}")
    characters: dict[str, CharacterDef] = {}
    for position, raw in enumerate(raw_characters, start=1):
        named = isinstance(raw, dict) and isinstance(raw.get("id"), str)
        item = f"character {raw['id']}" if named else f"character #{position}"
        character = _character_from_data(raw, source=source, item=item)
        if not character.id.startswith(prefix):
            raise ContentError(source, item, f"a character id starts with {prefix!r}")
        if character.id in characters:
            raise ContentError(source, item, "duplicate character id")
        characters[character.id] = character

    raw_deck = data["deck"]
    if not isinstance(raw_deck, list) or len(raw_deck) != DECK_SIZE:
        count = len(raw_deck) if isinstance(raw_deck, list) else raw_deck
        raise ContentError(source, "deck",
                           f"a faction's deck has exactly {DECK_SIZE} cards, not {count!r}")
    deck: list[CardDef] = []
    seen_cards: set[str] = set()
    for position, raw in enumerate(raw_deck, start=1):
        item = _card_item(raw, position)
        card = card_from_data(raw, source=source, item=item, characters=characters)
        if not card.id.startswith(prefix):
            raise ContentError(source, item, f"a card id starts with {prefix!r}")
        if card.id in seen_cards:
            raise ContentError(source, item, "duplicate card id")
        seen_cards.add(card.id)
        deck.append(card)

    for character in characters.values():
        item = f"character {character.id}"
        cards = [card for card in deck if character.id in card.icons]
        if not cards:
            raise ContentError(source, item, "appears on no card of the deck")
        shown = {card.icons[character.id] for card in cards}
        for flag in character.flags:
            if flag not in shown:
                raise ContentError(source, item, f"lists flag {flag!r} but no card shows it "
                                                 "beside this character")

    return FactionDef(
        id=faction_id,
        name=_text(data, "name", source=source, item="faction"),
        colour=_text(data, "colour", source=source, item="faction"),
        description=_text(data, "description", source=source, item="faction"),
        characters=tuple(characters.values()),
        deck=tuple(deck),
    )


# --- loading shipped content -----------------------------------------------------------------


def _display(path: Path) -> str:
    """A path as messages show it: relative to the repository when inside it."""
    try:
        return path.resolve().relative_to(_REPO_ROOT).as_posix()
    except ValueError:
        return str(path)


def faction_from_file(path: str | Path) -> FactionDef:
    """Read and check one faction file (not cached)."""
    path = Path(path)
    source = _display(path)
    try:
        data = read_yaml(path)
    except ContentError as error:
        raise ContentError(source, error.item, error.problem) from None
    if not isinstance(data, dict):
        raise ContentError(source, "", "a faction file holds one mapping (id, name, colour, "
                                       "description, characters, deck)")
    faction = faction_from_data(data, source=source)
    if faction.id != path.stem:
        raise ContentError(source, "faction",
                           f"id {faction.id!r} does not match the file name {path.name!r}")
    return faction


#: The Ancients as a player faction (The Wrath of the Ancients): shipped beside the four
#: factions, but played only in the `wrath` mode, so it is left out of `faction_ids()`.
ANCIENTS_FACTION = "ancients"


def faction_ids(*, with_ancients: bool = False) -> list[str]:
    """Ids of the shipped factions, sorted; the Ancients faction only when asked for, since
    every skirmish and Awoken choice list is built from this."""
    return sorted(path.stem for path in FACTIONS_DIR.glob("*.yaml")
                  if with_ancients or path.stem != ANCIENTS_FACTION)


@functools.lru_cache(maxsize=None)
def load_faction(faction_id: str) -> FactionDef:
    """The shipped faction with this id (loaded and checked once, then cached).

    :raises ContentError: if there is no such faction or its file is invalid.
    """
    known = faction_ids(with_ancients=True)
    if faction_id not in known:
        raise ContentError(_display(FACTIONS_DIR), f"faction {faction_id!r}",
                           f"no such faction (known: {', '.join(known)})")
    return faction_from_file(FACTIONS_DIR / f"{faction_id}.yaml")


def load_all_factions() -> dict[str, FactionDef]:
    """Every shipped faction by id, checking that character and card ids are unique across
    factions (the rules engine keys characters and cards by id alone)."""
    factions = {faction_id: load_faction(faction_id) for faction_id in faction_ids()}
    owners: dict[tuple[str, str], str] = {}
    for faction in factions.values():
        source = _display(FACTIONS_DIR / f"{faction.id}.yaml")
        named = [("character", c.id) for c in faction.characters]
        named += [("card", card.id) for card in faction.deck]
        for kind, thing_id in named:
            owner = owners.setdefault((kind, thing_id), faction.id)
            if owner != faction.id:
                raise ContentError(source, f"{kind} {thing_id}",
                                   f"id is also used by faction {owner!r}")
    return factions
