"""The organize phase: every seat picks its active defender in secret, then all reveal.

A pick goes face down on its faction's exhaustion pile; nobody sees it until every seat
has picked. A seat with an empty hand plays its deck's top card; with one player, a
faction with no card in the shared hand may play its deck's top card. Then the reveal:
Comrades pass the first player marker to the left once each, other reveal abilities
resolve (those needing a choice wait for their seat), and the action phase begins.
"""
from __future__ import annotations

from defenders.rules.checks import only_fields, refuse, str_field
from defenders.rules.events import EventLog
from defenders.rules.reveal import resolve_reveal_abilities
from defenders.rules.state import GameState, Seat
from defenders.rules.support import take_top
from defenders.rules.turns import clockwise_from, first_seat, in_play, next_turn


def deck_choices(state: GameState, seat: Seat) -> list:
    """Factions whose deck's top card this seat may play instead of a card in hand."""
    live = [f for f in seat.factions if not state.factions[f].exited]
    if len(state.seats) > 1:
        return live if not seat.hand else []
    held = {state.defender(c).faction for c in seat.hand}
    return [f for f in live if f not in held]


def choose(state: GameState, seat_id: str, command: dict, events: EventLog) -> None:
    only_fields(command, {"card", "from_deck"})
    if state.turn.stage != "organize":
        refuse("action_not_allowed", "active defenders are chosen in the organize phase")
    seat = state.seat(seat_id)
    if not in_play(state, seat):
        refuse("action_not_allowed", "this seat's factions have left the game")
    if seat.chosen is not None:
        refuse("action_not_allowed", "you have already chosen this round's defender")
    card = str_field(command, "card", required=False)
    from_deck = str_field(command, "from_deck", required=False)
    if (card is None) == (from_deck is None):
        refuse("invalid_command", "choose a `card` from your hand, or `from_deck` a faction")
    if card is not None:
        if card not in seat.hand:
            refuse("card_not_in_hand", f"{card} is not in your hand")
        faction = state.factions[state.defender(card).faction]
        if faction.exited:
            refuse("action_not_allowed", f"the {faction.id} have left the game")
        seat.hand.remove(card)
    else:
        if from_deck not in deck_choices(state, seat):
            refuse("action_not_allowed", "the deck's top card is played only when the hand "
                                         "holds no defender of that faction")
        faction = state.factions[str(from_deck)]
        card = take_top(state, faction, events)
        if card is None:
            refuse("no_target", f"the {faction.id} have no defender left to play")
    faction.exhausted.append(card)
    seat.chosen = card
    events.add("defender_chosen", seat=seat_id)
    events.add("defender_chosen_privately", visible_to=(seat_id,), card=card)
    if all(s.chosen is not None for s in state.seats if in_play(state, s)):
        reveal(state, events)


def reveal(state: GameState, events: EventLog) -> None:
    turn = state.turn
    turn.stage = "reveal"
    order = [s for s in clockwise_from(state, first_seat(state))
             if state.seat(s).chosen is not None]
    for seat_id in order:
        card = state.seat(seat_id).chosen
        assert card is not None
        state.factions[state.defender(card).faction].top_live = True
    events.add("defenders_revealed",
               defenders={s: state.seat(s).chosen for s in order})
    comrades = 0
    for seat_id in order:
        ability = state.defender(state.seat(seat_id).chosen or "").ability
        if ability is not None and ability.effect == "pass_first_player":
            comrades += 1
    if comrades and turn.first is not None:
        for _ in range(comrades):
            pass_marker(state, events)
    resolve_reveal_abilities(state, order, events)
    if state.outcome is None and not turn.pending:
        next_turn(state, events)


def pass_marker(state: GameState, events: EventLog) -> None:
    """The first player marker moves to the next seat on the left that still plays."""
    assert state.turn.first is not None
    for seat_id in clockwise_from(state, state.turn.first)[1:]:
        if in_play(state, state.seat(seat_id)):
            events.add("first_player_passed", origin=state.turn.first, to=seat_id)
            state.turn.first = seat_id
            return
