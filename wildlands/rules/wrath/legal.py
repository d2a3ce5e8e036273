"""The Wrath of the Ancients' part of `legal_commands`: the Ancients' claims of any colour,
their special actions, and the answers to the mode's own prompts."""
from __future__ import annotations

from itertools import combinations

from wildlands.rules.legal import claim_card_sets
from wildlands.rules.state import GameState
from wildlands.rules.wrath.state import ready_shards, shard_owners_in, wrath_of
from wildlands.rules.wrath.actions import special_of

# hands are at most the hand limit (7) plus a draw two: every subset stays a short list
_MAX_DISCARD_LISTING = 9


def wrath_legal(state: GameState, seat: str, commands: list) -> list:
    """The core's skirmish list, adjusted for the Ancients faction and the mode's prompts."""
    prompt = state.prompt
    if prompt is not None:
        if prompt.to != seat:
            return commands
        if prompt.kind == "special":
            return [dict(a) for a in prompt.data["answers"]]
        if prompt.kind == "desperate_measures":
            return discard_answers(state, seat)
        return commands
    if seat != wrath_of(state).ancients or {"do": "end_turn"} not in commands:
        return commands
    found = [c for c in commands if c["do"] != "end_turn"]
    found += ancients_claims_and_specials(state, seat)
    found.append({"do": "end_turn"})
    return found


def ancients_claims_and_specials(state: GameState, seat: str) -> list:
    """The Ancients' seat's claims (a shard of any colour under an Ancient; `object` names
    the owner when several lie there) and the special actions their ready shards allow."""
    found: list = []
    for character in state.characters_of(seat):
        if not character.on_board:
            continue
        owners = shard_owners_in(state, character.space)
        for owner in owners:
            for cards in claim_card_sets(state, seat, character):
                claim = {"do": "claim", "character": character.id, "cards": cards}
                if len(owners) > 1:
                    claim["object"] = owner
                found.append(claim)
        if special_of(character) and ready_shards(state, character.id):
            found.append({"do": "special", "character": character.id})
    return found


def discard_answers(state: GameState, seat: str) -> list:
    """Desperate measures: pass, or discard any non-empty set of cards from the hand."""
    hand = list(state.player(seat).hand)[:_MAX_DISCARD_LISTING]
    found: list = [{"respond": "pass"}]
    for size in range(1, len(hand) + 1):
        found += [{"respond": "discard", "cards": list(combo)} for combo in combinations(hand, size)]
    return found
