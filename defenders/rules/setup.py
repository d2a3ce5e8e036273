"""Setting up a game: the dealt board, the machine core, engines and walls, mechs and
pollution, each faction's track, deck, breach markers and items, the machine deck for the
difficulty tier, and a random first player. The game then waits for each seat to place its
starting camps (`{"do": "start_camp", "faction": ..., "hex": [q, r]}`): on a home habitat
hex by the perimeter, or one hex in from it when there is none (any home hex as a last
resort, a case the shipped tiles never deal).
"""
from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from defenders.rules import engines
from defenders.rules.checks import hex_field, only_fields, refuse, str_field
from defenders.rules.content import Content, FactionDef
from defenders.rules.events import EventLog
from defenders.rules.hexes import CORE, RADIUS, ring, spoke
from defenders.rules.rng_util import Seeded, below, shuffle
from defenders.rules.state import Catalog, Engine, Faction, GameState, Seat, set_count
from defenders.rules.turns import start_round
from games.platform.rng import seed_state

TIERS = {"base": (0, 0), "intermediate": (1, 2), "expert": (3, 4), "extreme": (5, 6)}
TRACK_SIDE = {1: "duo", 2: "duo", 3: "trio", 4: "quad"}
BREACH_MARKERS = 12
HAND = 3


def deal_board(state: Any, content: Content) -> tuple[dict, tuple]:
    tiles = list(content.tiles)
    shuffle(state, tiles)
    habitats, layout = {}, []
    for slot, tile in zip(content.tile_slots, tiles):
        face = below(state, 2)
        layout.append((tile, face))
        for hex_, habitat in zip(slot, content.tiles[tile][face]):
            habitats[hex_] = habitat
    return habitats, tuple(layout)


def machine_deck(state: GameState, content: Content, tier: str) -> list:
    low, high = TIERS[tier]
    count = low + below(state, high - low + 1)
    difficult = sorted(c.id for c in content.cards.values() if c.difficult)
    shuffle(state, difficult)
    chosen = difficult[:count]
    replaced = {content.cards[c].replaces: c for c in chosen}
    deck = [replaced.get(c.id, c.id) for c in content.cards.values() if not c.difficult]
    shuffle(state, deck)
    return deck


def new_game(content: Content, seats: Sequence[str], factions: Mapping[str, Sequence[str]],
             *, tier: str = "base", seed: int = 0,
             organizers: Optional[Mapping[str, str]] = None,
             opening: Optional[Mapping[str, int]] = None) -> tuple[GameState, list]:
    """A game ready for its starting camps. `factions` maps each seat to its faction (two
    with one player); `opening` (one player) says how many of the three opening cards come
    from each faction's deck (default two from the first, one from the second)."""
    if not 1 <= len(seats) <= 4 or len(set(seats)) != len(seats):
        refuse("invalid_command", "1 to 4 different seats play")
    if tier not in TIERS:
        refuse("invalid_command", f"tier is one of {', '.join(TIERS)}")
    per_seat = 2 if len(seats) == 1 else 1
    order = [f for s in seats for f in factions.get(s, ())]
    if any(len(factions.get(s, ())) != per_seat for s in seats) or len(set(order)) != len(order) \
            or any(f not in content.factions for f in order):
        refuse("invalid_command", f"each seat plays {per_seat} different faction(s)")
    organizers = dict(organizers or {})
    holder = Seeded(seed_state(seed))
    habitats, layout = deal_board(holder, content)
    track = content.tracks[TRACK_SIDE[len(seats)]]
    in_play: dict[str, FactionDef] = {f: content.factions[f] for f in order}
    decks = {}
    for f in order:
        organizer = organizers.get(f) or next(iter(content.factions[f].organizers))
        if organizer not in content.factions[f].organizers:
            refuse("invalid_command", f"{organizer!r} is not an organizer of the {f}")
        organizers[f] = organizer
        decks[f] = content.factions[f].deck_for(organizer, content.defenders)
    catalog = Catalog(
        habitats=habitats, layout=layout, mech_icons=content.mech_icons,
        pollution_icons=content.pollution_icons, die=content.die, chutes=content.chutes,
        track=track, cards=content.cards, factions=in_play,
        defenders={d: content.defenders[d] for f in order for d in decks[f]})
    state = GameState(catalog=catalog, seats=[Seat(s, list(factions[s]), []) for s in seats],
                      factions={}, tier=tier, rng=holder.rng)
    breaches = BREACH_MARKERS // max(2, len(seats))
    for seat in seats:
        for f in factions[seat]:
            deck = list(decks[f])
            shuffle(state, deck)
            state.factions[f] = Faction(
                id=f, seat=seat, organizer=organizers[f], at=None, deck=deck, exhausted=[],
                camps=[], camps_left=track.camps, breaches_left=breaches,
                items={content.factions[x].item: False for x in order})
    _machine_core(state)
    _opening_hands(state, opening)
    state.deck = machine_deck(state, content, tier)
    state.turn.first = None if len(seats) == 1 else seats[below(state, len(seats))]
    events = EventLog()
    events.add("game_set_up", seats=list(seats), factions={s: list(factions[s]) for s in seats},
               tier=tier, first=state.turn.first)
    return state, list(events)


def _machine_core(state: GameState) -> None:
    state.core = list(range(6))
    state.arrows = {tile: below(state, 6) for tile in state.core}
    state.direction = "right"
    arrow = state.arrows[state.core[-1]]
    quiet = EventLog()
    state.engines = []
    for index, corner in enumerate((arrow, arrow + 3)):
        left, right, ahead = spoke(CORE, corner % 6)
        state.engines.append(Engine(left=left, right=right, ahead=ahead))
        for _ in range(2):
            engines.advance(state, index, quiet)
    set_count(state.mechs, CORE, 2)
    for hex_ in state.catalog.mech_icons:
        set_count(state.mechs, hex_, state.mechs_at(hex_) + 1)
    for hex_ in state.catalog.pollution_icons:
        set_count(state.pollution, hex_, state.pollution.get(hex_, 0) + 1)


def _opening_hands(state: GameState, opening: Optional[Mapping[str, int]]) -> None:
    for seat in state.seats:
        if len(seat.factions) == 1:
            counts = {seat.factions[0]: HAND}
        else:
            counts = dict(opening or {seat.factions[0]: 2, seat.factions[1]: 1})
            if sorted(counts) != sorted(seat.factions) or sum(counts.values()) != HAND or any(
                    not isinstance(n, int) or n < 0 for n in counts.values()):
                refuse("invalid_command", "the opening hand is three cards from the two decks")
        for f, n in counts.items():
            faction = state.factions[f]
            seat.hand.extend(faction.deck[:n])
            del faction.deck[:n]


def camp_starts(state: GameState, faction_id: str) -> list:
    """Hexes where the faction may place its starting camp."""
    home = state.catalog.factions[faction_id].habitat
    free = [h for h, kind in sorted(state.catalog.habitats.items())
            if kind == home and state.camp_at(h) is None]
    for distance in (RADIUS, RADIUS - 1):
        near = [h for h in free if ring(h) == distance]
        if near:
            return near
    return free


def start_camp(state: GameState, seat: str, command: dict, events: EventLog) -> None:
    only_fields(command, {"faction", "hex"})
    if state.turn.stage != "camps":
        refuse("action_not_allowed", "starting camps are placed during set-up")
    faction_id = str_field(command, "faction")
    faction = state.factions.get(faction_id or "")
    if faction is None or faction.seat != seat:
        refuse("invalid_command", f"{faction_id!r} is not a faction of {seat}")
    if faction.at is not None:
        refuse("action_not_allowed", f"the {faction.id} starting camp is already placed")
    hex_ = hex_field(command, "hex")
    if hex_ not in camp_starts(state, faction.id):
        refuse("action_not_allowed", "a starting camp goes on a free home habitat hex by the "
                                     "perimeter (or one hex in when there is none)")
    faction.camps.append(hex_)
    faction.at = hex_
    events.add("starting_camp_placed", faction=faction.id, hex=list(hex_))
    if all(f.at is not None for f in state.factions.values()):
        start_round(state, events, first=True)
