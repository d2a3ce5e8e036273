"""Moving characters: move (and climb), fly and rally."""
from __future__ import annotations

from wildlands.rules.cards import (card_flag, card_moves, declared, discard_cards, single_card,
                               take_cards)
from wildlands.rules.combat import acting_character
from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.maps.entry import enter
from wildlands.rules.modes import mode_of
from wildlands.rules.state import Character, GameState


def _free_to_move(character: Character) -> None:
    if character.ensnared:
        raise RuleError("ensnared", f"{character.id} is caught in a stasis trap and cannot move")


def _step_to(state: GameState, character: Character, to) -> bool:
    """Check one step to an adjacent space; return whether it is a climb."""
    board = state.board
    here = character.space
    assert here is not None, "only a character on the board (checked by the caller) steps"
    if to not in board.spaces:
        raise RuleError("invalid_command", f"there is no space {to}")
    if not board.is_adjacent(here, to):
        raise RuleError("not_adjacent", f"space {to} is not next to {character.id}'s space "
                                        f"{here} across an open boundary")
    return board.is_climb(here, to)


def move(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    character = acting_character(state, seat, command.character)
    _free_to_move(character)
    climb = _step_to(state, character, command.to)
    if not declared(state, command.cards):
        _pay_move(state, seat, character, command, climb, events)
    enter(state, [(character, command.to)], "move", events, climb=climb)


def _pay_move(state: GameState, seat: str, character: Character, command: Command,
              climb: bool, events: EventLog) -> None:
    player = state.player(seat)
    cards = take_cards(state, player, command.cards)
    needed = 2 if climb else 1
    if climb and len(cards) < 2:
        raise RuleError("climb_needs_two_cards",
                        f"climbing into space {command.to} takes two movement cards")
    if len(cards) != needed:
        raise RuleError("card_cannot_pay", f"this move takes exactly {needed} card(s)")
    for card in cards:
        if not card_moves(card, character.id):
            raise RuleError("card_cannot_pay", f"{card.id} cannot move {character.id}")
    discard_cards(player, command.cards)
    events.add("card_played", player=seat, cards=list(command.cards), action="move",
               character=character.id)


def fly(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    character = acting_character(state, seat, command.character)
    _free_to_move(character)
    player = state.player(seat)
    paid_by_table = declared(state, command.cards)
    if not paid_by_table:
        card_id = single_card(command.cards, "flying")
        (card,) = take_cards(state, player, [card_id])
        if not card_flag(card, character.id, "fly"):
            raise RuleError("card_cannot_pay", f"{card_id} does not let {character.id} fly")
    board = state.board
    origin = character.space
    assert origin is not None, "acting_character refuses a character off the board"
    if command.to not in board.spaces:
        raise RuleError("invalid_command", f"there is no space {command.to}")
    path = list(command.path) if command.path else None
    if path is not None:
        if path[-1] != command.to or not 1 <= len(path) <= 2:
            raise RuleError("invalid_command", "a flight path lists one or two spaces ending at 'to'")
        here = origin
        for step in path:
            if not board.is_adjacent(here, step):
                raise RuleError("not_adjacent", f"space {step} is not next to space {here}")
            here = step
    else:
        distance = board.distance(origin, command.to)
        if distance is None or not 1 <= distance <= 2:
            raise RuleError("not_adjacent",
                            f"space {command.to} is not within two moves of {origin}")
    if not paid_by_table:
        discard_cards(player, [card_id])
        events.add("card_played", player=seat, card=card_id, action="fly",
                   character=character.id)
    enter(state, [(character, command.to)], "fly", events, path=path, flew=True)


def rally(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    """Move the rallying character and/or one friend; each climb costs one more card."""
    mode = mode_of(state)
    leader = acting_character(state, seat, command.character)
    friend = state.characters.get(command.with_) if command.with_ is not None else None
    if friend is None:
        raise RuleError("invalid_command", f"there is no character {command.with_!r}")
    if friend.id == leader.id or not mode.rally_partner_ok(state, seat, friend):
        raise RuleError("action_not_allowed", f"{friend.id} cannot rally with {leader.id}")
    if friend.knocked_out:
        raise RuleError("knocked_out", f"{friend.id} is knocked out")
    if friend.space is None:
        raise RuleError("not_on_board", f"{friend.id} has not been revealed yet")
    board = state.board
    leader_space = leader.space
    assert leader_space is not None, "acting_character refuses a character off the board"
    if friend.space != leader_space and not board.is_adjacent(leader_space, friend.space):
        raise RuleError("not_adjacent", f"{leader.id} and {friend.id} must share a space or be next to each other")
    moves = command.to if isinstance(command.to, dict) else None
    if not moves or any(name not in (leader.id, friend.id) for name in moves):
        raise RuleError("invalid_command",
                        f"rally 'to' maps {leader.id} and/or {friend.id} to their new spaces")
    # the leader first, whatever order the map came in: a stored command's keys come back
    # in the database's order (PostgreSQL's jsonb sorts them), and its replay must step
    # the figures (and tell of it) exactly as the command first did
    moves = {name: moves[name] for name in (leader.id, friend.id) if name in moves}
    climbs = {}
    for name, to in moves.items():
        mover = state.characters[name]
        _free_to_move(mover)
        climbs[name] = _step_to(state, mover, to)
    if not declared(state, command.cards):
        player = state.player(seat)
        cards = take_cards(state, player, command.cards)
        if not cards or not card_flag(cards[0], leader.id, "rally"):
            raise RuleError("card_cannot_pay", f"the first card must let {leader.id} rally")
        _pay_rally_climbs(leader, friend, climbs, cards[1:])
        discard_cards(player, command.cards)
        events.add("card_played", player=seat, cards=list(command.cards), action="rally",
                   character=leader.id)
    enter(state, [(state.characters[name], to) for name, to in moves.items()], "rally", events,
          shown={name: {"climb": climbs[name]} for name in moves}, rally=True)


def _pay_rally_climbs(leader: Character, friend: Character, climbs: dict, extra: list) -> None:
    """Each climbing mover needs one more card that moves it. A rally card is a card for both
    movers, so a second rally card pays both climbs at once."""
    from itertools import product

    needs = [name for name, climb in climbs.items() if climb]

    def covers(card, name: str) -> bool:
        if is_rally(card):
            return True
        if card.wild:  # wild movement shows every icon of the player's own faction
            return name == leader.id or friend.player == leader.player
        return name in card.icons

    def is_rally(card) -> bool:
        return card_flag(card, leader.id, "rally") or card_flag(card, friend.id, "rally")

    # every need is paid by some card, every extra card pays for something, and only a rally
    # card may pay for both climbers
    for choice in product(range(len(extra)), repeat=len(needs)):
        if set(choice) == set(range(len(extra))) and all(
                covers(extra[card], need) for need, card in zip(needs, choice)) and all(
                choice.count(card) == 1 or is_rally(extra[card]) for card in choice):
            return
    if len(extra) < len(needs) and not any(is_rally(card) for card in extra):
        raise RuleError("climb_needs_two_cards",
                        "each climbing character needs one more card that moves it")
    raise RuleError("card_cannot_pay", "these cards do not pay exactly for this rally's climbs")
