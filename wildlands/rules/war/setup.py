"""Setting up War for the Crystals: teams, map cards, team shards, the opening reveals.

Four players play as two teams of two. Five play as a team of three against a team of two
in which one seat plays the Ancients faction (The Wrath of the Ancients' arcane guardians
and special actions, `war.ancients`): its teammate's colour is the team's, a shard of a
colour nobody plays rides on each Ancient from the start, only the team of three reveals
before the first turn and the team of two plays first. Six need expansions the rules do not
describe and are refused with a stable code.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from wildlands.rules.board import Board
from wildlands.rules.cards import draw
from wildlands.rules.events import EventLog
from games.platform.rng import Rng, seed_state
from wildlands.rules.setup import OPENING_HAND, SHARDS
from wildlands.rules.state import Catalog, Character, GameState, Player, Turn
from wildlands.rules.war.rules import next_opening_group
from wildlands.rules.war.state import Team, WarState, war_of
from wildlands.rules.wrath.state import ANCIENTS_FACTION, WrathState

TEAM_NAMES = ("Team Dawn", "Team Dusk")
# the shard colours of the game, in the order a spare one is taken for the Ancients
SHARD_COLOURS = ("purple", "orange", "blue", "red", "green", "yellow")
NOT_REVEALED = 1 << 30  # the turn number a starting shard on a hidden Ancient waits for


class WarSetupError(ValueError):
    """A war game that cannot be set up; `code` is stable, the message is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def check_war_players(count: int, *, ancients: bool = False) -> None:
    """Refuse a player count the war cannot be played with here (`ancients`: one seat plays
    the Ancients faction, which a five-player war needs and a four-player war forbids).

    :raises WarSetupError: `war_needs_ancients` for five without the Ancients faction,
        `war_six_players` for six, `war_player_count` for any other count than four or five.
    """
    if count == 4 and not ancients:
        return
    if count == 5:
        if ancients:
            return
        raise WarSetupError("war_needs_ancients",
                            "a five-player war needs the Ancients faction (The Wrath of the "
                            "Ancients) in the team of two")
    if count == 6:
        raise WarSetupError("war_six_players",
                            "a six-player war needs expansions the rules here do not "
                            "describe; play with four or five")
    if count == 4:
        raise WarSetupError("war_ancients_need_five",
                            "the Ancients faction plays a war only with five players")
    raise WarSetupError("war_player_count", "War for the Crystals is played by four players "
                                            "in two teams of two, or by five (three against "
                                            "two with the Ancients)")


def teams_for(player_ids: Sequence[str], ancients: str | None = None) -> list[list[str]]:
    """The seats as two teams, teammates sitting two apart. Four: 1 and 3 against 2 and 4.
    Five (`ancients`: the Ancients' seat): the Ancients and the seat two after theirs
    against the other three; the teammate comes first, since the team plays for the
    teammate's colour (the Ancients have none)."""
    check_war_players(len(player_ids), ancients=ancients is not None)
    ids = list(player_ids)
    if ancients is None:
        return [[ids[0], ids[2]], [ids[1], ids[3]]]
    at = ids.index(ancients)
    partner = ids[(at + 2) % len(ids)]
    return [[p for p in ids if p not in (ancients, partner)], [partner, ancients]]


def _check_teams(chosen: list[list[str]], player_ids: Sequence[str],
                 ancients: str | None) -> None:
    seated = [p for t in chosen for p in t]
    if len(chosen) != 2 or sorted(seated) != sorted(player_ids):
        raise WarSetupError("war_bad_teams", "the players make two teams, each player in "
                                             "exactly one team")
    sizes = sorted(len(t) for t in chosen)
    if ancients is None and sizes != [2, 2]:
        raise WarSetupError("war_bad_teams", "four players make two teams of two")
    if ancients is not None:
        two = next((t for t in chosen if len(t) == 2), [])
        if sizes != [2, 3] or ancients not in two:
            raise WarSetupError("war_bad_teams", "five players make a team of three against "
                                                 "a team of two that has the Ancients")
        if two[0] == ancients:  # the team plays for the teammate's colour
            two.reverse()


def new_war(*, board: Board, factions: Sequence[Any], player_ids: Sequence[str], seed: int,
            teams: Sequence[Sequence[str]] | None = None, colours: Sequence[str] | None = None,
            options: Mapping[str, Any] | None = None) -> GameState:
    """A war at the start of setup: each player dealt one map card per character, waiting
    for every `assign`. `teams` lists each team's seats, the one whose shard colour the team
    plays for first (default: `teams_for`).

    :raises WarSetupError: a player count or teams the war cannot be played with.
    """
    seat = next((p for p, f in zip(player_ids, factions) if f.id == ANCIENTS_FACTION), None)
    check_war_players(len(player_ids), ancients=seat is not None)
    if len(factions) != len(player_ids) or len({f.id for f in factions}) != len(factions):
        raise WarSetupError("war_bad_factions", "each player needs a different faction")
    chosen: list[list[str]] = [list(t) for t in (teams or teams_for(player_ids, seat))]
    _check_teams(chosen, player_ids, seat)
    cards = {card.id: card for faction in factions for card in faction.deck}
    catalog = Catalog(board=board, cards=cards, options=dict(options or {}),
                      content={"map": board.name, "factions": [f.id for f in factions]})
    players, characters = [], {}
    for i, (pid, faction) in enumerate(zip(player_ids, factions)):
        players.append(Player(id=pid, faction=faction.id,
                              colour=colours[i] if colours else faction.colour,
                              deck=[card.id for card in faction.deck]))
        for cdef in faction.characters:
            characters[cdef.id] = Character(id=cdef.id, player=pid, name=cdef.name,
                                            health=cdef.health, flags=tuple(cdef.flags))
    war = WarState(teams=[Team(id=f"t{n + 1}", name=TEAM_NAMES[n], players=t, shard_owner=t[0])
                          for n, t in enumerate(chosen)])
    state = GameState(mode="war", catalog=catalog, players=players, characters=characters,
                      turn=Turn(phase="setup"), rng=seed_state(seed), mode_state=war)
    if seat is not None:
        war.wrath = WrathState(ancients=seat)
        state.player(seat).colour = ""  # the Ancients take no colour
    rng = Rng(state)
    for player in players:
        rng.shuffle(player.deck)
    map_deck = list(board.spaces)
    rng.shuffle(map_deck)
    for player in players:
        count = len(state.characters_of(player.id))
        player.map_cards = sorted(map_deck[:count])
        del map_deck[:count]
    if len(map_deck) < SHARDS * len(chosen):
        raise WarSetupError("war_map_too_small", f"the map {board.name} has too few spaces "
                                                 "for the factions and two teams' shards")
    war.map_deck = map_deck
    return state


def begin_war(state: GameState, events: EventLog) -> None:
    """Every character has its map card: five map cards from the deck per team place its
    shards, everyone draws seven, and the team whose shard is on the lowest space starts
    after the opening reveals."""
    war = war_of(state)
    for team in war.teams:
        owner = state.player(team.shard_owner)
        owner.shards = sorted(war.map_deck[:SHARDS])
        del war.map_deck[:SHARDS]
    war.map_deck = []
    events.add("teams_formed", teams=[t.to_data() for t in war.teams])
    for team in war.teams:
        events.add("shards_placed", player=team.shard_owner, team=team.id,
                   spaces=list(state.player(team.shard_owner).shards))
    for player in state.players:
        player.map_cards = []
        draw(state, player, OPENING_HAND, events)
    if war.wrath is not None:
        place_ancients_shards(state, events)
    lowest = min(war.teams, key=lambda t: min(state.player(t.shard_owner).shards))
    ancients_team = next((i for i, t in enumerate(war.teams)
                          if war.wrath is not None and war.wrath.ancients in t.players), None)
    first, groups = opening_reveals([t.players for t in war.teams], war.teams.index(lowest),
                                    ancients_team)
    war.first_team = war.teams[first].id
    war.stage, war.opening = "opening", groups
    state.turn = Turn(phase="play", active=groups[0][0] if groups else None, actor=None)
    next_opening_group(state, events)


def place_ancients_shards(state: GameState, events: EventLog) -> None:
    """Five players: a shard of a colour no team plays for on each Ancient's card. Like a
    claimed one it pays for a special action; it may be spent from the turn after its
    Ancient is revealed (`war.ancients`), and goes back to the box if its Ancient falls."""
    war = war_of(state)
    assert war.wrath is not None, "only a five-player war has the Ancients faction"
    in_use = [state.player(t.shard_owner).colour for t in war.teams]
    ancients = [c.id for c in state.characters_of(war.wrath.ancients)]
    spare = ancients_starting_shards(in_use, SHARD_COLOURS, ancients)
    for ancient, colour in spare.items():
        # not ready before its Ancient is revealed: the reveal sets the turn it may be spent
        war.wrath.carried[ancient] = [{"owner": "", "colour": colour, "start": True,
                                       "ready": NOT_REVEALED}]
    events.add("ancients_shards_placed", player=war.wrath.ancients,
               colour=next(iter(spare.values()), ""), ancients=ancients)


# -- the opening reveals, and the five-player rules --------------------------------------------
def opening_reveals(teams: Sequence[Sequence[str]], lowest_shard: int,
                    ancients_team: int | None = None) -> tuple[int, list[list[str]]]:
    """(index of the team that takes the first turn, groups of seats that each reveal one
    character before it, in order).

    With four players the team whose shard lies on the lowest space reveals first, then the
    other team, and the first team plays first. With five (`ancients_team`: the team of two
    that holds the Ancients faction) only the team of three reveals, and the team of two
    plays first."""
    if ancients_team is not None:
        others = [list(t) for i, t in enumerate(teams) if i != ancients_team]
        return ancients_team, others
    order = [lowest_shard] + [i for i in range(len(teams)) if i != lowest_shard]
    return lowest_shard, [list(teams[i]) for i in order]


def ancients_starting_shards(colours_in_use: Sequence[str], all_colours: Sequence[str],
                             ancients: Sequence[str]) -> dict[str, str]:
    """Five players: one shard of a colour nobody plays on each Ancient's card (Ancient id ->
    colour). The first unused colour in `all_colours` order is taken.

    :raises WarSetupError: every colour is in use."""
    spare = [c for c in all_colours if c not in colours_in_use]
    if not spare:
        raise WarSetupError("war_no_spare_colour", "no shard colour is left for the Ancients")
    return {ancient: spare[0] for ancient in ancients}


def shards_left_by_knocked_out_ancient(carried: Sequence[str],
                                       started_with: Sequence[str]) -> tuple[list[str], list[str]]:
    """Five players: an Ancient knocked out drops the shards it claimed on its space, but
    the ones it started with go back to the box. Returns (to the space, to the box)."""
    starting = list(started_with)
    to_space, to_box = [], []
    for shard in carried:
        if shard in starting:
            starting.remove(shard)
            to_box.append(shard)
        else:
            to_space.append(shard)
    return to_space, to_box
