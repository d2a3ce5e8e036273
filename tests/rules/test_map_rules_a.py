"""Map rules of the Dark House, the Crypt and Warlock's Tower that rules cases cannot show:
the map cards a board has (numberless spaces, second numbers), the first player on a tie,
the modes and player counts a map refuses, and the messages that name a bad feature."""
import pytest

from games.platform.content_common import ContentError
from wildlands.content.factions import load_faction
from wildlands.content.maps import load_map
from wildlands.rules import engine
from wildlands.rules.board import board_from_data
from wildlands.rules.maps.numbers import first_player, map_cards, second_number
from games.platform.rng import Rng, seed_state
from wildlands.rules.setup import new_skirmish
from wildlands.rules.state import Player

ROW = {
    "bounds": [0, 0, 50, 10],
    "spaces": [{"n": n, "at": [n * 10 - 5, 5]} for n in range(1, 6)],
    "open": [[1, 2], [2, 3], [3, 4], [4, 5]],
}


def row(features):
    return board_from_data({**ROW, "features": features}, source="maps/test.yaml")


def skirmish(map_name: str, seed: int, players: int = 2):
    factions = [load_faction(f) for f in ("guild", "gnomads", "lawbringers", "pit_fighters")[:players]]
    return new_skirmish(board=load_map(map_name), factions=factions,
                        player_ids=[f"p{i + 1}" for i in range(players)], seed=seed)


# --- map cards ----------------------------------------------------------------------------------
def test_a_numberless_space_has_no_map_card_and_a_second_number_gives_a_second_card():
    board = row({"numberless": [3], "second_numbers": [[5, 9]]})
    assert map_cards(board) == [1, 2, 4, 5, 5]
    assert second_number(board, 5) == 9 and second_number(board, 1) is None


def test_warlocks_tower_deals_no_card_for_the_tower_or_the_numberless_spaces():
    board = load_map("warlocks_tower")
    numberless = set(board.features.get("numberless"))
    assert board.features.get("tower") in numberless
    assert len(map_cards(board)) == 40 and not numberless & set(map_cards(board))
    for seed in range(20):
        state = skirmish("warlocks_tower", seed, players=4)
        dealt = [n for p in state.players for n in p.map_cards]
        assert len(dealt) == 40 and not numberless & set(dealt)


def test_the_dark_house_deals_both_cards_of_a_space_with_two_numbers():
    board = load_map("dark_house")
    doubled = [space for space, _ in board.features.get("second_numbers")]
    assert len(doubled) == 3
    cards = map_cards(board)
    assert all(cards.count(space) == 2 for space in doubled) and len(cards) == 43


def test_two_characters_may_start_on_a_space_whose_both_cards_a_player_holds():
    state = next(s for s in (skirmish("dark_house", seed) for seed in range(400))
                 if any(s.players[0].map_cards.count(n) == 2 for n in s.players[0].map_cards))
    player = state.players[0]
    double = next(n for n in player.map_cards if player.map_cards.count(n) == 2)
    others = [n for n in player.map_cards if n != double]
    names = [c.id for c in state.characters_of("p1")]
    spaces = {names[0]: double, names[1]: double,
              **{name: others[i] for i, name in enumerate(names[2:])}}
    state, _ = engine.apply(state, "p1", {"do": "assign", "spaces": spaces})
    assert [c.assigned for c in state.characters_of("p1")].count(double) == 2


def test_a_space_with_one_card_still_takes_one_character():
    state = skirmish("dark_house", 3)
    player = state.players[0]
    single = next(n for n in player.map_cards if player.map_cards.count(n) == 1)
    names = [c.id for c in state.characters_of("p1")]
    spaces = {name: single for name in names}
    with pytest.raises(Exception) as refused:
        engine.apply(state, "p1", {"do": "assign", "spaces": spaces})
    assert getattr(refused.value, "code", None) == "invalid_command"


# --- first player -------------------------------------------------------------------------------
def tied_players():
    return [Player(id="p1", faction="a", colour="", shards=[4, 9]),
            Player(id="p2", faction="b", colour="", shards=[4, 7]),
            Player(id="p3", faction="c", colour="", shards=[6])]


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def test_the_lowest_shard_goes_first_without_drawing():
    players = tied_players()[1:]
    holder = _Holder(1)
    before = holder.rng
    assert first_player(players, Rng(holder)) == "p2"
    assert holder.rng == before  # no tie, no draw: old games replay the same


def test_a_tie_on_the_lowest_space_is_drawn_from_the_game_generator():
    firsts = {first_player(tied_players(), Rng(_Holder(seed))) for seed in range(30)}
    assert firsts == {"p1", "p2"}
    assert first_player(tied_players(), Rng(_Holder(5))) == first_player(tied_players(), Rng(_Holder(5)))


# --- the modes and player counts a map allows ---------------------------------------------------
def test_the_crypt_is_refused_for_three_players_and_for_the_awoken():
    from ancients_ai import engine as awoken_engine
    from ancients_ai.engine.setup import new_awoken

    with pytest.raises(ValueError, match="for 2 players only, not 3"):
        skirmish("crypt", 1, players=3)
    assert skirmish("crypt", 1, players=2).catalog.board.name == "crypt"
    awoken_engine.register()
    with pytest.raises(ValueError, match="not played in awoken"):
        new_awoken(board=load_map("crypt"), factions=[load_faction("guild")], player_ids=["p1"],
                   scenario_ids=["magus"], seed=1)


# --- messages that name the item ----------------------------------------------------------------
@pytest.mark.parametrize("features, item, words", [
    ({"stairs": [[1]]}, "features.stairs [1]", "the stair on space 1 has no pair"),
    ({"stairs": [[1, 3], [3, 5]]}, "features.stairs [3, 5]", "space 3 is on two stairs"),
    ({"stairs": [[1, 7]]}, "features.stairs [1, 7]", "there is no space 7"),
    ({"portals": [2]}, "features.portals", "at least one other portal"),
    ({"portals": [1, 5], "tower": 3, "numberless": [3]}, "features.tower", "the tower (space 3) is not a portal"),
    ({"portals": [1, 3], "tower": 3}, "features.tower", "has no number"),
    ({"tower": 8}, "features.tower", "must be a space of this board"),
    ({"thorns": [[1, 3]]}, "features.thorns [1, 3]", "do not share a boundary"),
    ({"thorns": [[1, 2]]}, "features.thorns [1, 2]", "also listed in open"),
    ({"second_numbers": [[2, 4]]}, "features.second_numbers [2, 4]", "no space already has"),
    ({"numberless": [2], "second_numbers": [[2, 40]]}, "features.second_numbers [2, 40]", "numberless"),
    ({"high_ignores_low_cover": "yes"}, "features.high_ignores_low_cover", "true or false"),
])
def test_a_bad_map_rule_names_the_item(features, item, words):
    with pytest.raises(ContentError) as error:
        row(features)
    assert error.value.source == "maps/test.yaml"
    assert error.value.item == item
    assert words in error.value.problem


def test_map_rules_survive_the_round_trip_normalised():
    board = row({"stairs": [[5, 1]], "portals": [4, 2, 3], "tower": 3, "numberless": [3],
                 "second_numbers": [[1, 12]], "high_ignores_low_cover": True})
    again = board_from_data(board.to_data())
    assert again.features.to_data() == board.features.to_data()
    assert board.features.get("stairs") == [[1, 5]] and board.features.get("portals") == [2, 3, 4]
