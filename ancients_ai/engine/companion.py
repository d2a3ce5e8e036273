"""The table companion: The Awoken played with the printed game, the site running the Ancients.

People at a table hold their own cards, so the site cannot know a hand. In a companion game
(catalog option `companion`, set by `companion_options`):

* the players' actions are *declared*, not paid: `move`, `fly`, `rally`, the attacks,
  `claim`, `reveal_object`, `use_treasure` and the answers `defend` / `interrupt` carry
  `cards: []` and the core skips every card check (`wildlands.rules.cards.table_pays`); the
  geometry still holds (adjacency, line of sight, range), since that is what the site is
  good at checking. `draw_two` is refused: the table draws its own cards.
* the players hold no cards in the state (`strip_hands`), so the end-of-turn draw does
  nothing, and every defence and interrupt question is asked (the site cannot tell who
  could answer): `auto_pass_defence` and `auto_pass_interrupt` are off.
* the Ancients' side (decks, reactions, track, traps, targeting, questions) is exactly the
  engine's: the same frames run, undeferred, until they end or ask someone.
* `correct` puts a figure where the table says it is, or sets its damage or the crystals
  a character carries, when the table and the site disagree (`correct`); it is an ordinary command, so it is logged, replayed
  and taken back like any other.

Which seat sends a command is decided for the one device on the table (`seat_for`).
"""
from __future__ import annotations

from typing import Any, Mapping

from wildlands.rules.cards import table_pays
from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.state import Character, GameState, Monster

from ancients_ai.engine.outcome import check_outcome

# what a companion game's catalog options add to the Awoken's own
COMPANION_OPTIONS: dict[str, Any] = {
    "companion": True, "auto_pass_defence": False, "auto_pass_interrupt": False,
    "defer_ancients": False,
}


def companion_options(options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The options of a companion game: the caller's, with the table's own on top."""
    return {**dict(options or {}), **COMPANION_OPTIONS}


def strip_hands(state: GameState) -> None:
    """The table holds the cards: no hand, deck or discard is kept (so none is drawn)."""
    for player in state.players:
        player.hand, player.deck, player.discard = [], [], []


def correct(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    """Set a figure's space, damage and/or (a character's) crystals carried to what the
    table says, during the players' turn.

    Refused (`invalid_correction`) outside a companion game's players' turn, for a figure
    that is not on the board, a space the board does not have, damage that would knock the
    figure out (the table knocks a figure out by the rules, not by a correction), crystals
    for a monster or more than the character's space offers (`_correct_crystals`); a
    correction that changes nothing is refused too, so the log holds only real ones. Each
    change is one `figure_corrected` event naming the old and new value.
    """
    if not table_pays(state):
        raise RuleError("action_not_allowed", "corrections are for table-companion games")
    if state.turn.phase != "play":
        raise RuleError("invalid_correction",
                        "correct the board during the players' turn, once the Ancients are done")
    figure = state.figure(command.figure) if command.figure is not None else None
    if figure is None:
        raise RuleError("invalid_correction", f"there is no figure {command.figure!r}")
    if figure.knocked_out or figure.space is None:
        raise RuleError("invalid_correction", f"{figure.id} is not on the board")
    if command.space is None and command.damage is None and command.crystals is None:
        raise RuleError("invalid_correction", "say the figure's space, damage or crystals")
    if command.space is not None and command.space not in state.board.spaces:
        raise RuleError("invalid_correction", f"there is no space {command.space} on this map")
    if command.damage is not None and command.damage >= figure.health:
        raise RuleError("invalid_correction",
                        f"{figure.id} has {figure.health} health: damage goes from 0 to "
                        f"{figure.health - 1}")
    if command.crystals is not None and not isinstance(figure, Character):
        raise RuleError("invalid_correction", f"{figure.id} carries no crystals")
    carried = len(figure.carried) if isinstance(figure, Character) else 0
    changes = [(name, old, new) for name, old, new in (
        ("space", figure.space, command.space), ("damage", figure.damage, command.damage),
        ("crystals", carried, command.crystals)) if new is not None and new != old]
    if not changes:
        raise RuleError("invalid_correction", f"{figure.id} is already like that")
    kind = "character" if isinstance(figure, Character) else figure.kind
    for name, old, new in changes:
        if name == "crystals":
            assert isinstance(figure, Character), "checked above"
            _correct_crystals(state, figure, new)
        else:
            setattr(figure, name, new)
        origin: dict[str, Any] = {"from": old}  # `from` is a keyword
        events.add("figure_corrected", player=seat, figure=figure.id, figure_kind=kind,
                   field=name, **origin, to=new)
    check_outcome(state, events)  # five crystals carried win, whoever counted them


def _correct_crystals(state: GameState, character: Character, count: int) -> None:
    """Crystals the character no longer carries lie face up on its space (claimable again);
    more come only from the face-up crystals on its space (the table claimed one the site
    missed). Called after every other check, with the space already corrected if it was."""
    awoken = state.mode_state
    while len(character.carried) > count:
        crystal = character.carried.pop()
        awoken.crystals_taken.remove(crystal)
        awoken.update_object(crystal, removed=False, revealed=True, space=character.space)
    assert character.space is not None, "correct checks the figure is on the board"
    here = sorted(o.id for o in awoken.objects_in(character.space)
                  if o.kind == "crystal" and o.revealed)
    if count - len(character.carried) > len(here):
        raise RuleError("invalid_correction",
                        f"{character.id} can carry only the crystals it has or that lie face "
                        f"up on its space ({len(character.carried) + len(here)} in all)")
    while len(character.carried) < count:
        crystal = here.pop(0)
        awoken.update_object(crystal, removed=True, space=None)
        character.carried.append(crystal)
        awoken.crystals_taken.append(crystal)


def seat_for(state: GameState, command: Mapping[str, Any]) -> str:
    """The seat a command from the table's one device is sent as: whoever is asked, for an
    answer or an interrupt in its window; the character's owner, for an action with one;
    the interrupter during an interrupt; else the first seat (ending the players' turn is
    for everyone, and a correction belongs to no one)."""
    prompt = state.prompt
    if prompt is not None and ("respond" in command or command.get("do") == "interrupt"):
        return prompt.to
    character = state.characters.get(command.get("character") or "")
    if character is not None:
        return character.player
    if state.turn.actor is not None:
        return state.turn.actor
    return state.players[0].id


ATTACK_ORDER = ("melee", "heavy_melee", "ranged", "heavy_ranged")


def table_choices(state: GameState) -> dict[str, dict[str, Any]]:
    """What each character on the board could declare now, for the page's buttons: the
    spaces a move or a flight reaches, the attacks the geometry allows on each monster
    (the character's own icons first; a card's open action may allow the others), the
    spaces an area attack may hit, and the objects it may turn over or crystals it may
    claim. Empty outside the players' turn (or an interrupter's moment in the Ancients'
    turn: then only the interrupter's characters) or while a question waits. The engine
    still judges every command: this only saves the table taps."""
    actor = state.turn.actor
    if state.outcome is not None or state.prompt is not None or (
            state.turn.phase != "play" and actor is None):
        return {}
    board = state.board
    found: dict[str, dict[str, Any]] = {}
    for character in state.characters.values():
        here = character.space
        if here is None or character.knocked_out or actor not in (None, character.player):
            continue
        own = [a for a in ATTACK_ORDER if a in character.flags]
        kinds = own + [a for a in ATTACK_ORDER if a not in own]
        attacks = []
        for monster in state.monsters.values():
            there = monster.space
            if there is None or monster.knocked_out:
                continue
            for attack in kinds:
                if attack in ("melee", "heavy_melee"):
                    possible = there == here
                else:
                    possible = board.has_los(here, there) and (
                        attack == "ranged" or board.in_heavy_range(here, there))
                if possible:
                    attacks.append({"attack": attack, "target": monster.id,
                                    "own": attack in own})
        areas = [s for s in (here, *sorted(board.neighbours(here)))
                 if any(isinstance(f, Monster) for f in state.figures_in(s))]
        objects = state.mode_state.objects_in(here)
        found[character.id] = {
            "player": character.player, "space": here,
            "moves": [] if character.ensnared else sorted(board.neighbours(here)),
            "flights": [] if character.ensnared else sorted(board.within(here, 2) - {here}),
            "attacks": attacks, "areas": areas,
            "reveal": [o.id for o in objects if not o.revealed],
            "claim": [o.id for o in objects if o.revealed and o.kind == "crystal"],
            "treasures": list(dict.fromkeys(character.treasures)),
        }
    return found
