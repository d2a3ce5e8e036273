"""Setting up a game of The Awoken from content, following the rules' setup in order.

1. Each player brings a faction and a scenario sheet: side A with two players, side B alone.
   Each shard starts at space 0 of its sheet's event track. There are as many Ancients as
   players (one per sheet).
2. Object counters: only the lowest-numbered sheet's with two players. They are shuffled
   face down and each is placed by drawing a map card (draw, place, discard). Counter ids
   (`obj1`, `obj2`, ...) are given after shuffling, so an id says nothing of a kind.
3. Characters, one at a time and the players taking turns (seat order), each go where a
   drawn map card says. Then the starting minions, likewise in turns, each player placing
   its own sheet's minions.
4. The rules do not say where the Ancients start: here each Ancient, lowest sheet first, is
   placed by a map card after the minions.
5. Easy game: each player draws a treasure card and gives it to their faction's first
   character (the first listed in the faction file).
6. Action decks are shuffled and everyone draws seven. The players take the first turn.

All chance comes from the state's generator seeded with `seed`.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from wildlands.rules.board import Board
from wildlands.rules.cards import draw
from wildlands.rules.events import EventLog
from wildlands.rules.maps.features import allows
from wildlands.rules.maps.numbers import map_cards
from games.platform.rng import Rng, seed_state
from wildlands.rules.state import Catalog, Character, GameState, Monster, Player, Turn

from ancients_ai.engine.companion import companion_options, strip_hands
from ancients_ai.engine.decks import draw_map_card, draw_treasure
from ancients_ai.engine.summons import summon
from ancients_ai.engine.scenarios import CRYSTALS_TO_WIN, Scenario, load_scenario, load_treasures
from ancients_ai.engine.state import OBJECT_KINDS, AwokenState, GameObject, ScenarioInPlay

OPENING_HAND = 7


def new_awoken(*, board: Board, factions: Sequence[Any], player_ids: Sequence[str],
               scenario_ids: Sequence[Any], seed: int, easy: bool = False,
               options: Mapping[str, Any] | None = None,
               treasures: Mapping[str, Any] | None = None) -> GameState:
    """A game of The Awoken ready for the players' first turn.

    `scenario_ids[i]` is the sheet player i chose (an id, or a `Scenario` already loaded);
    `treasures` replaces the shipped treasure deck (id -> TreasureDef) when given.
    """
    count = len(player_ids)
    if count not in (1, 2) or len(factions) != count or len(scenario_ids) != count:
        raise ValueError("The Awoken is for one or two players, each with a faction and a scenario")
    if len({f.id for f in factions}) != count:
        raise ValueError("each player needs a different faction")
    refusal = allows(board.features, mode="awoken", players=count)
    if refusal:  # the lobby refuses it first (games.lobby.check_map), with the same words
        raise ValueError(f"{board.title or board.name}: {refusal}")
    sheets = [s if isinstance(s, Scenario) else load_scenario(s) for s in scenario_ids]
    if len({s.number for s in sheets}) != count:
        raise ValueError("each player needs a different scenario")
    side = "A" if count == 2 else "B"
    treasure_defs = dict(load_treasures() if treasures is None else treasures)

    cards = {card.id: card for faction in factions for card in faction.deck}
    catalog = Catalog(board=board, cards=cards, options=dict(options or {}),
                      content={"map": board.name, "factions": [f.id for f in factions],
                               "scenarios": [s.id for s in sheets], "side": side, "easy": easy})
    players, characters, order = [], {}, []
    for pid, faction in zip(player_ids, factions):
        players.append(Player(id=pid, faction=faction.id, colour=faction.colour,
                              deck=[card.id for card in faction.deck]))
        mine = []
        for cdef in faction.characters:
            characters[cdef.id] = Character(id=cdef.id, player=pid, name=cdef.name,
                                            health=cdef.health, flags=tuple(cdef.flags))
            mine.append(cdef.id)
        order.append(mine)
    state = GameState(mode="awoken", catalog=catalog, players=players, characters=characters,
                      turn=Turn(phase="play", active=None, actor=None), rng=seed_state(seed))
    rng = Rng(state)
    events = EventLog()  # setup's events are not reported; the game starts afterwards
    for player in players:
        rng.shuffle(player.deck)

    in_play = []
    owner = dict(zip((s.number for s in sheets), player_ids))
    for sheet in sorted(sheets, key=lambda s: s.number):
        rules = sheet.rules_for(side)
        sheet_side = sheet.sides[side]
        minion_deck = [c.id for c in sheet.minion_cards]
        ancient_deck = [c.id for c in sheet.ancient_cards]
        rng.shuffle(minion_deck)
        rng.shuffle(ancient_deck)
        in_play.append(ScenarioInPlay(rules, owner[sheet.number], sheet.ancient_id,
                                      {t: supply for t, (_, supply) in sheet_side.minion_types.items()},
                                      minion_deck, [], ancient_deck, []))
        state.monsters[sheet.ancient_id] = Monster(
            sheet.ancient_id, "ancient", sheet.ancient_id, sheet.number,
            sheet_side.ancient_health, immortal=sheet.immortal)
    treasure_deck = list(treasure_defs)
    rng.shuffle(treasure_deck)
    map_deck = map_cards(board)
    rng.shuffle(map_deck)
    state.mode_state = AwokenState(in_play, map_deck=map_deck, treasure_deck=treasure_deck,
                               treasure_defs=treasure_defs, crystals_to_win=CRYSTALS_TO_WIN)

    lowest = min(sheets, key=lambda s: s.number)
    counters = [kind for kind in OBJECT_KINDS for _ in range(lowest.sides[side].objects[kind])]
    rng.shuffle(counters)
    for i, kind in enumerate(counters, start=1):
        oid = f"obj{i}"
        state.mode_state.objects[oid] = GameObject(oid, kind, draw_map_card(state, events))

    for turn_round in range(max(len(mine) for mine in order)):
        for mine in order:
            if turn_round < len(mine):
                characters[mine[turn_round]].space = draw_map_card(state, events)

    starting = [list(s.sides[side].starting_minions) for s in sheets]
    for turn_round in range(max(len(m) for m in starting)):
        for sheet, minions in zip(sheets, starting):
            if turn_round < len(minions):
                scenario = state.mode_state.scenario(sheet.number)
                space = draw_map_card(state, events)
                assert space is not None, "the map deck is never empty during setup"
                summon(state, scenario, minions[turn_round], space, events)

    for scenario in state.mode_state.scenarios:
        state.monsters[scenario.ancient].space = draw_map_card(state, events)

    if easy:
        for mine in order:
            card = draw_treasure(state, events)
            if card is not None:
                characters[mine[0]].treasures.append(card)

    for player in players:
        draw(state, player, OPENING_HAND, events)
    if catalog.option("companion"):  # the table holds the cards (companion.py)
        strip_hands(state)
    return state


def grant_kept_treasures(state: GameState, treasures: Sequence[str]) -> list[str]:
    """Hand a campaign party's kept treasures out before the first turn: one to each
    player's first character, then to each player's second, and so on. Each is taken out of
    the treasure deck so that it cannot be found again. Returns the ids this game does not
    know (skipped): a treasure kept from a game with other content."""
    awoken: AwokenState = state.mode_state
    per_player = [state.characters_of(p.id) for p in state.players]
    order = [chars[i] for i in range(max((len(c) for c in per_player), default=0))
             for chars in per_player if i < len(chars)]
    skipped: list[str] = []
    given = 0
    for treasure in treasures:
        if treasure not in awoken.treasure_defs or not order:
            skipped.append(treasure)
            continue
        if treasure in awoken.treasure_deck:
            awoken.treasure_deck.remove(treasure)
        order[given % len(order)].treasures.append(treasure)
        given += 1
    return skipped


def new_companion(*, options: Mapping[str, Any] | None = None, **setup: Any) -> GameState:
    """A table-companion game: `new_awoken` with the table's options (so no hand is kept)."""
    return new_awoken(options=companion_options(options), **setup)
