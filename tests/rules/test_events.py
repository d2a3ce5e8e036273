"""Event kinds are named in one registry, and the board's words and the docs follow it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import ancients_ai.engine  # noqa: F401  (registers the Awoken's kinds)
from wildlands.rules.events import EVENT_KINDS, Audience, EventLog, UnknownEventKind
from wildlands.rules.outcome import Cause, Outcome, Result
from wildlands.rules.serialize import state_from_data, state_to_data
from wildlands.simulation import GameRecord, new_game

ROOT = Path(__file__).resolve().parents[2]


def test_an_unregistered_kind_is_refused():
    with pytest.raises(UnknownEventKind, match="attack"):
        EventLog().add("attack", attacker="lunk")


def test_a_private_kind_must_name_its_seats_and_a_public_one_must_not():
    with pytest.raises(UnknownEventKind):
        EventLog().add("cards_received", player="p1", cards=["c1"])
    with pytest.raises(UnknownEventKind):
        EventLog().add("card_played", visible_to=("p1",), player="p1")
    log = EventLog()
    log.add("cards_received", visible_to=("p1",), player="p1", cards=["c1"])
    assert log[0].seats == ("p1",)


def test_docs_list_every_kind_with_its_audience():
    table = re.findall(r"^\| `([a-z_]+)` \| (everyone|its seats) \|",
                       (ROOT / "docs" / "engine.md").read_text(), re.M)
    documented = {kind: Audience.EVERYONE if who == "everyone" else Audience.SEATS
                  for kind, who in table}
    assert documented == EVENT_KINDS


def test_the_board_has_a_sentence_for_every_kind_and_for_no_other():
    sentences = (ROOT / "wildlands" / "static" / "games" / "wildlands" / "sentences.js").read_text()
    start = sentences.index("const SENTENCES = {")
    table = sentences[start:sentences.index("\n};", start)]
    described = set(re.findall(r"^  ([a-z_]+): ", table, re.M)) - {"hidden"}
    assert described == set(EVENT_KINDS)


def test_an_outcome_reads_and_stores_as_the_dict_it_replaced():
    outcome = Outcome(Result.WON, Cause.POINTS, winner="p1")
    assert outcome == {"result": "won", "cause": "points", "winner": "p1"}
    assert outcome["winner"] == "p1" and outcome.get("scenario") is None
    assert Outcome.from_data(outcome.to_data()) == outcome


def test_a_stored_game_keeps_its_outcome_even_from_before_every_end_had_a_cause():
    record = GameRecord(seed=1, mode="skirmish", map_name="grid", factions=("guild", "gnomads"),
                        player_ids=("p1", "p2"), bots=("random", "random"))
    data = state_to_data(new_game(record))
    data["outcome"] = {"result": "draw"}
    restored = state_from_data(data)
    assert restored.outcome == Outcome(Result.DRAW) and restored.outcome.cause is None
    assert state_to_data(restored)["outcome"] == {"result": "draw"}
