"""The Awoken's additions to `legal_commands` (registered with `register_legal_hook`).

The core lists what every mode shares (moves, rallies, attacks, wild plays, prompt
answers). The Awoken adds four commands the core does not know how to offer:

* `claim` of a face-up ancient crystal in the character's space (three of a kind);
* `reveal_object` of a face-down counter in the character's space (with two players it
  costs a card showing the icon of a character in that space; alone it is free);
* `use_treasure`: each treasure the seat's characters hold, at the moments its card allows
  (`treasures.check_timing`: on the seat's turn, in the holder's defence, or at any moment,
  the Ancients' turn and a waiting question included), with the fields its effect needs (a
  target, a destination, a space). Each candidate is checked by the engine's own step checks
  (`treasures._check`, which validate without changing anything), so the Awoken engine stays
  the one judge of them without a trial `engine.apply` per candidate.

* `finish` (`hand_off.py`): the seat is done with the shared turn, unless it already said so.

`undo` is never listed: whether a seat may take its move back is in the view
(`public.awoken_view`'s `undo_by`), and the earlier state comes from the site's log.

It lives beside the Awoken's rules; `ancients_ai.engine.register()` hands it to
`register_legal_hook`, so every caller of `legal_commands` (the board page, bots, tests)
gets it.
"""
from __future__ import annotations

from wildlands.rules.commands import parse_command
from wildlands.rules.errors import RuleError
from wildlands.rules.legal import claim_card_sets
from wildlands.rules.state import GameState

from ancients_ai.engine.treasures import _check, check_timing, defending


def awoken_legal(state: GameState, seat: str, commands: list) -> list:
    """The core's commands plus the Awoken's own, for this seat now."""
    if state.mode_state is None or state.outcome is not None:
        return commands
    if state.prompt is not None or not any(c.get("do") == "end_turn" for c in commands):
        # a question waits, or it is not this seat's turn (waiting, or the Ancients' turn):
        # only the treasures whose card allows this moment
        return commands + _treasures(state, seat)
    found = list(commands)
    if seat not in state.mode_state.done:
        found.append({"do": "finish"})  # hand_off.py: this seat is done (or, alone, ends it)
    for character in state.characters.values():
        if character.player != seat or character.space is None or character.knocked_out:
            continue
        here = state.mode_state.objects_in(character.space)
        crystals = [o for o in here if o.kind == "crystal" and o.revealed]
        if crystals:
            found += [{"do": "claim", "character": character.id, "cards": cards}
                      for cards in claim_card_sets(state, seat, character)]
        for obj in here:
            if not obj.revealed:
                found += _reveals(state, seat, character, obj)
    found += _treasures(state, seat)
    return found


def _reveals(state: GameState, seat: str, character, obj) -> list:
    base = {"do": "reveal_object", "character": character.id, "object": obj.id}
    if len(state.players) == 1:
        return [base]
    present = {c.id for c in state.characters.values()
               if c.space == obj.space and not c.knocked_out}
    cards = state.catalog.cards
    return [{**base, "discard": card_id} for card_id in state.player(seat).hand
            if not cards[card_id].wild and present & set(cards[card_id].icons)]


def _treasures(state: GameState, seat: str) -> list:
    """Treasure uses: every candidate the effect's fields allow, kept when the engine's
    checks of `use_treasure` (its timing, then each step) accept it."""
    found = []
    defs = state.mode_state.treasure_defs
    board = state.board
    for character in state.characters.values():
        if (character.player != seat or not character.treasures or character.space is None
                or character.knocked_out):
            continue
        in_defence = defending(state, seat, character.id)
        for treasure in dict.fromkeys(character.treasures):
            card = defs[treasure]
            try:
                check_timing(state, seat, card, in_defence)
            except RuleError:
                continue
            base = {"do": "use_treasure", "character": character.id, "treasure": treasure}
            candidates = [base]
            for step in card.effect:
                if "move" in step:
                    candidates += [{**base, "to": s}
                                   for s in sorted(board.within(character.space, step["move"]))]
                if step.get("who") == "target" or ("damage" in step and step.get("kind") != "area"):
                    candidates += [{**base, "target": f} for f in (*state.characters, *state.monsters)]
                if "damage" in step and step.get("kind") == "area":
                    candidates += [{**base, "space": s}
                                   for s in (character.space, *sorted(board.neighbours(character.space)))]
            found += [c for c in candidates if _accepted(state, seat, character, card, c, in_defence)]
    return found


def _accepted(state: GameState, seat: str, holder, card, candidate: dict,
              in_defence: bool) -> bool:
    """`use_treasure`'s own checks, step by step, on the unchanged state."""
    command = parse_command(candidate)
    try:
        for step in card.effect:
            _check(state, seat, holder, step, command, in_defence)
    except RuleError:
        return False
    return True

