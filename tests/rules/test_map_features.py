"""A map's own rules are data: the `features` mapping is checked on load and kept."""
import pytest

from games.platform.content_common import ContentError
from wildlands.rules.board import board_from_data
from wildlands.rules.maps.features import allows

SQUARE = {
    "bounds": [0, 0, 20, 10],
    "spaces": [{"n": 1, "at": [5, 5]}, {"n": 2, "at": [15, 5]}],
    "open": [[1, 2]],
}


def with_features(features):
    return {**SQUARE, "features": features}


def test_a_board_without_features_has_none():
    board = board_from_data(SQUARE)
    assert not board.features
    assert "features" not in board.to_data()


def test_player_counts_and_modes_are_kept_normalised():
    board = board_from_data(with_features({"players": [2, 2], "modes": ["skirmish"]}))
    assert board.features.get("players") == [2]
    assert board.to_data()["features"] == {"modes": ["skirmish"], "players": [2]}


def test_a_two_player_map_refuses_three_players_and_the_awoken():
    features = board_from_data(with_features({"players": [2], "modes": ["skirmish"]})).features
    assert allows(features, mode="skirmish", players=2) is None
    assert "2 players only" in allows(features, mode="skirmish", players=3)
    assert "not played in awoken" in allows(features, mode="awoken", players=2)


@pytest.mark.parametrize("features, item, words", [
    ({"lava": True}, "features", "unknown map rule(s): lava"),
    ({"players": []}, "features.players", "list of player counts"),
    ({"modes": ["chess"]}, "features.modes", "unknown mode 'chess'"),
    ("everything", "features", "must be a mapping"),
])
def test_a_bad_feature_names_the_source_and_the_item(features, item, words):
    with pytest.raises(ContentError) as error:
        board_from_data(with_features(features), source="maps/test.yaml")
    assert error.value.source == "maps/test.yaml"
    assert error.value.item == item
    assert words in error.value.problem
