"""The four shipped factions and the card/faction validator (pure: no Django needed)."""
from __future__ import annotations

import copy
from collections import Counter

import pytest
import yaml

from games.platform.content_common import ContentError
from wildlands.content.factions import (
    ATTACK_FLAGS,
    FACTIONS_DIR,
    FLAGS,
    MOVEMENT_FLAGS,
    OPEN_FLAGS,
    CardDef,
    FactionDef,
    card_from_data,
    faction_from_data,
    faction_from_file,
    faction_ids,
    load_all_factions,
    load_faction,
)

FACTION_IDS = ["gnomads", "guild", "lawbringers", "pit_fighters"]
GUILD_FILE = "wildlands/content/factions/guild.yaml"


@pytest.fixture(scope="module")
def factions() -> dict[str, FactionDef]:
    return load_all_factions()


def _flag_counts(faction: FactionDef) -> Counter:
    return Counter(flag for card in faction.deck for flag in card.flags())


def _icon_counts(faction: FactionDef) -> Counter:
    return Counter(character for card in faction.deck for character in card.icons)


# --- the shipped content ---------------------------------------------------------------------


def test_all_four_factions_load(factions):
    assert faction_ids() == FACTION_IDS
    assert list(factions) == FACTION_IDS
    for faction_id, faction in factions.items():
        assert faction.id == faction_id
        assert load_faction(faction_id) is faction  # cached


@pytest.mark.parametrize("faction_id", FACTION_IDS)
def test_five_characters_and_thirty_cards(factions, faction_id):
    faction = factions[faction_id]
    assert len(faction.characters) == 5
    assert len(faction.deck) == 30


@pytest.mark.parametrize("faction_id", FACTION_IDS)
def test_deck_has_three_to_five_wilds_and_four_to_eight_open_actions(factions, faction_id):
    deck = factions[faction_id].deck
    wilds = [card for card in deck if card.wild]
    opens = [card for card in deck if card.open]
    assert 3 <= len(wilds) <= 5
    assert 4 <= len(opens) <= 8
    assert all(not card.icons and card.open is None for card in wilds)
    assert all(card.open in OPEN_FLAGS for card in opens)


@pytest.mark.parametrize("faction_id", FACTION_IDS)
def test_every_character_is_on_at_least_ten_cards_and_shows_every_flag(factions, faction_id):
    faction = factions[faction_id]
    icons = _icon_counts(faction)
    for character in faction.characters:
        assert icons[character.id] >= 10, character.id
        shown = {card.icons[character.id] for card in faction.deck if character.id in card.icons}
        assert set(character.flags) <= shown, character.id


def test_pit_fighters_fight_only_in_melee(factions):
    pit = factions["pit_fighters"]
    forbidden = {"ranged", "heavy_ranged", "area"}
    for character in pit.characters:
        assert not forbidden & set(character.flags), character.id
        assert 3 <= character.health <= 4
    for card in pit.deck:
        assert not forbidden & set(card.flags()), card.id


def test_lawbringers_are_tough_specialists(factions):
    law = factions["lawbringers"]
    assert all(character.health >= 4 for character in law.characters)
    focuses = sorted(tuple(sorted(character.flags)) for character in law.characters)
    assert focuses == sorted([
        ("heavy_melee", "melee"), ("cover", "ranged"), ("shield",), ("heavy_ranged",),
        ("rally",),
    ])


def test_guild_are_fragile_casters_with_one_flier(factions):
    guild = factions["guild"]
    assert sorted(character.health for character in guild.characters) == [2, 2, 2, 2, 3]
    assert sum("fly" in character.flags for character in guild.characters) == 1
    counts = _flag_counts(guild)
    assert counts["ranged"] + counts["heavy_ranged"] + counts["area"] >= 15
    assert counts["shield"] >= 4


def test_gnomads_are_fast_and_light(factions):
    gnomads = factions["gnomads"]
    assert all(2 <= character.health <= 3 for character in gnomads.characters)
    counts = _flag_counts(gnomads)
    assert counts["heavy_melee"] == counts["heavy_ranged"] == 0
    assert {"melee", "ranged"} <= set(counts)
    movement = {
        faction_id: sum(_flag_counts(faction)[flag] for flag in MOVEMENT_FLAGS)
        for faction_id, faction in factions.items()
    }
    assert max(movement, key=movement.get) == "gnomads", movement


def test_decks_are_balanced_between_attack_and_movement(factions):
    """A faction that moves more attacks less: attack + movement flags (open actions
    included) stay within a narrow band across the four decks."""
    totals = {}
    for faction_id, faction in factions.items():
        counts = _flag_counts(faction)
        attacks = sum(counts[flag] for flag in ATTACK_FLAGS)
        movement = sum(counts[flag] for flag in MOVEMENT_FLAGS)
        assert 14 <= attacks <= 22, faction_id
        assert 6 <= movement <= 12, faction_id
        totals[faction_id] = attacks + movement
    assert max(totals.values()) - min(totals.values()) <= 3, totals


def test_ids_are_unique_across_factions(factions):
    character_ids = [c.id for f in factions.values() for c in f.characters]
    card_ids = [card.id for f in factions.values() for card in f.deck]
    assert len(character_ids) == len(set(character_ids)) == 20
    assert len(card_ids) == len(set(card_ids)) == 120
    for faction in factions.values():
        assert all(c.id.startswith(faction.id + "_") for c in faction.characters)
        assert all(card.id.startswith(faction.id + "_") for card in faction.deck)


def test_every_flag_is_a_known_flag(factions):
    for faction in factions.values():
        for character in faction.characters:
            assert set(character.flags) <= FLAGS
        for card in faction.deck:
            assert set(card.flags()) <= FLAGS


# --- the card parser -------------------------------------------------------------------------


def test_card_from_data_reads_the_three_shapes():
    plain = card_from_data({"id": "c1", "icons": {"lunk": "ranged", "wren": None}},
                           source="case.yaml", item="card c1")
    assert plain == CardDef(id="c1", icons=plain.icons, open=None, wild=False)
    assert dict(plain.icons) == {"lunk": "ranged", "wren": None}
    assert list(plain.icons) == ["lunk", "wren"]
    assert plain.flags() == ("ranged",)

    opened = card_from_data({"id": "c2", "icons": {"lunk": None}, "open": "area"},
                            source="case.yaml", item="card c2")
    assert opened.open == "area" and opened.flags() == ("area",)

    wild = card_from_data({"id": "w1", "wild": True}, source="case.yaml", item="card w1")
    assert wild.wild and len(wild.icons) == 0 and wild.open is None


def test_cards_are_immutable_hashable_and_round_trip(factions):
    for card in factions["guild"].deck:
        again = card_from_data(card.to_data(), source="x", item="y")
        assert again == card and hash(again) == hash(card)
    card = factions["guild"].deck[0]
    with pytest.raises(TypeError):
        card.icons["guild_archmage"] = "area"  # type: ignore[index]
    assert len({card, copy.deepcopy(card)}) == 1


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"id": "c1", "icons": {"lunk": "lasers"}}, "flag 'lasers' is not a flag"),
        ({"id": "c1", "icons": {"lunk": None}, "open": "fly"}, "'fly' cannot be an open action"),
        ({"id": "c1", "icons": {"lunk": None}, "colour": "red"}, "unknown key 'colour'"),
        ({"id": "c1", "icons": {}}, "1 to 3 character icons, not 0"),
        ({"id": "c1", "icons": {"a": None, "b": None, "c": None, "d": None}}, "not 4"),
        ({"id": "c1"}, "missing key 'icons'"),
        ({"icons": {"lunk": None}}, "missing key 'id'"),
        ({"id": "w1", "wild": True, "icons": {"lunk": None}}, "a wild card has no icons"),
        ({"id": "w1", "wild": True, "open": "melee"}, "a wild card has no open action"),
        ({"id": "w1", "wild": "yes"}, "wild must be true or false"),
        ({"id": 7, "icons": {"lunk": None}}, "card id 7"),
        ({"id": "c1", "icons": ["lunk"]}, "icons must be a mapping"),
        ("c1", "card must be a mapping"),
    ],
)
def test_bad_inline_card_is_refused(data, problem):
    with pytest.raises(ContentError) as caught:
        card_from_data(data, source="cases/ranged.yaml", item="card c1")
    message = str(caught.value)
    assert message.startswith("cases/ranged.yaml: card c1: ")
    assert problem in message
    assert caught.value.source == "cases/ranged.yaml" and caught.value.item == "card c1"


# --- faction validation: a bad card names the file and the card ------------------------------


def _guild_data() -> dict:
    with open(FACTIONS_DIR / "guild.yaml", encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def _card(data: dict, card_id: str) -> dict:
    return next(card for card in data["deck"] if card["id"] == card_id)


def _refusal(data: dict) -> ContentError:
    with pytest.raises(ContentError) as caught:
        faction_from_data(data, source=GUILD_FILE)
    return caught.value


@pytest.mark.parametrize(
    ("break_it", "item", "problem"),
    [
        (lambda d: _card(d, "guild_12")["icons"].update(guild_pyromancer="lasers"),
         "card guild_12", "flag 'lasers' is not a flag (melee, heavy_melee, ranged"),
        (lambda d: _card(d, "guild_12")["icons"].update(guild_pyromancer="heavy_ranged"),
         "card guild_12",
         "flag 'heavy_ranged' is not one of that character's flags (area, ranged)"),
        (lambda d: _card(d, "guild_12")["icons"].update(guild_bob=None),
         "card guild_12", "icon 'guild_bob' is not a character here"),
        (lambda d: _card(d, "guild_29").update(icons={"guild_seer": None}),
         "card guild_29", "a wild card has no icons"),
        (lambda d: _card(d, "guild_12").update(cost=2),
         "card guild_12", "unknown key 'cost'"),
        (lambda d: _card(d, "guild_12").update(open="rally"),
         "card guild_12", "open action: 'rally' cannot be an open action"),
        (lambda d: _card(d, "guild_12").update(id="guild_11"),
         "card guild_11", "duplicate card id"),
        (lambda d: _card(d, "guild_12").update(id="gnomads_12"),
         "card gnomads_12", "a card id starts with 'guild_'"),
        (lambda d: d["deck"].pop(), "deck", "exactly 30 cards, not 29"),
        (lambda d: d["characters"].pop(), "characters", "exactly 5 characters, not 4"),
        (lambda d: d["characters"][0].update(health="two"),
         "character guild_archmage", "health must be a whole number"),
        (lambda d: d["characters"][0].update(flags=["ranged", "laser"]),
         "character guild_archmage", "flag 'laser' is not a flag"),
        (lambda d: d["characters"][0]["flags"].append("fly"),
         "character guild_archmage", "lists flag 'fly' but no card shows it"),
        (lambda d: d["characters"][1].update(id="guild_archmage"),
         "character guild_archmage", "duplicate character id"),
        (lambda d: d.update(motto="x"), "faction", "unknown key 'motto'"),
    ],
)
def test_bad_faction_data_is_refused_naming_file_and_item(break_it, item, problem):
    data = _guild_data()
    break_it(data)
    error = _refusal(data)
    assert error.source == GUILD_FILE
    assert error.item == item
    assert problem in error.problem
    assert str(error).startswith(f"{GUILD_FILE}: {item}: ")


def test_bad_faction_file_names_the_file(tmp_path):
    data = _guild_data()
    _card(data, "guild_12")["icons"]["guild_pyromancer"] = "lasers"
    path = tmp_path / "guild.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        faction_from_file(path)
    assert caught.value.source == str(path)
    assert caught.value.item == "card guild_12"
    assert "'lasers' is not a flag" in str(caught.value)


def test_file_name_must_match_faction_id(tmp_path):
    path = tmp_path / "wizards.yaml"
    path.write_text(yaml.safe_dump(_guild_data()), encoding="utf-8")
    with pytest.raises(ContentError, match="does not match the file name"):
        faction_from_file(path)


def test_broken_yaml_names_the_file(tmp_path):
    path = tmp_path / "guild.yaml"
    path.write_text("id: guild\ndeck: [unclosed\n", encoding="utf-8")
    with pytest.raises(ContentError, match="not valid YAML") as caught:
        faction_from_file(path)
    assert caught.value.source == str(path)


def test_unknown_faction_is_refused():
    with pytest.raises(ContentError, match="no such faction"):
        load_faction("../secrets")
