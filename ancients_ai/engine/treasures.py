"""Using treasure cards: `{do: use_treasure, character, treasure, target?, to?, space?}`.

A treasure is used by the player holding it, for the character it was given to. Each card
says when it may be used, and its `when` follows the card:

* `players_turn`: whenever that player may play cards (the shared turn, or their own
  interrupt during the Ancients' turn), never as an answer to a question;
* `defence`: only while that character is asked to defend (the engine lets this one command
  through the pending `defend` prompt);
* `any`: at any moment of the game, the Ancients' turn included, and also while a question
  waits, the holder's own `defend` prompt too. Such a use answers nothing: the question is
  still there afterwards. (Content may give an `any` card only effects that cannot upset work
  in progress: heal, draw, prevent; `_check` refuses a move or an attack off turn anyway.)

Refusals: a `defence` card out of a defence and a `players_turn` card in one are
`action_not_allowed`; a `players_turn` card while another question waits is `prompt_pending`
and during the Ancients' turn `not_your_turn` (the engine's gates say so before this module
is reached; `check_timing` says the same for the legal list). A `once` card goes to the
treasure discard after use; an `always` card stays. Every check runs before anything
changes; a refused use leaves the game as it was.
"""
from __future__ import annotations

from typing import cast

from wildlands.rules.cards import draw_up_to_limit
from wildlands.rules.combat import AttackFrame, acting_character, start_attack
from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.frames import resolve
from wildlands.rules.maps.entry import enter
from wildlands.rules.state import Character, GameState, Monster

from ancients_ai.engine.state import TreasureDef

from ancients_ai.engine.reactions import reaction_kind
from ancients_ai.engine.targeting import space_of
from ancients_ai.engine.objects import release


def defending(state: GameState, seat: str, character_id: str | None) -> bool:
    """Is this seat being asked to defend this character right now?"""
    prompt = state.prompt
    return (prompt is not None and prompt.kind == "defend" and prompt.to == seat
            and prompt.data.get("character") == character_id)


def may_play_cards(state: GameState, seat: str) -> bool:
    """Is it this seat's time to play cards: the shared turn, or its own interrupt during the
    Ancients' turn, with no question waiting? (When a `players_turn` treasure may be used.)"""
    turn = state.turn
    if state.prompt is not None or state.outcome is not None:
        return False
    if turn.phase == "ancients":
        return seat == turn.actor and seat in turn.interrupters
    return turn.phase == "play"


def any_time_use(state: GameState, seat: str, command: Command) -> bool:
    """Is this command the use of a treasure its card allows at any moment, held by one of the
    seat's characters? Such a use passes a waiting question and the Ancients' turn
    (`AwokenRules.allowed_during_prompt`, `check_actor`); `use_treasure` checks the rest."""
    if command.name != "use_treasure" or state.mode_state is None:
        return False
    holder = state.characters.get(command.character or "")
    if holder is None or holder.player != seat or command.treasure not in holder.treasures:
        return False
    return state.mode_state.treasure_defs[command.treasure].when == "any"


def passes_prompt(state: GameState, seat: str, command: Command) -> bool:
    """May this treasure use go through a waiting question: the holder's own defence (the
    card's timing is judged next, by `use_treasure`), or a card usable at any moment?"""
    return command.name == "use_treasure" and (
        defending(state, seat, command.character) or any_time_use(state, seat, command))


def check_timing(state: GameState, seat: str, card: TreasureDef, in_defence: bool) -> None:
    """Refuse a use at a moment the card does not allow (see the module's docstring)."""
    if card.when == "any":
        return
    if card.when == "defence":
        if not in_defence:
            raise RuleError("action_not_allowed",
                            f"{card.name} is used only when its holder is asked to defend")
        return
    if in_defence:
        raise RuleError("action_not_allowed", f"{card.name} is used on your turn, not to defend")
    if not may_play_cards(state, seat):
        code = "prompt_pending" if state.prompt is not None else "not_your_turn"
        raise RuleError(code, f"{card.name} is used on your turn")


def prevents_attack(state: GameState, character: Character, attack: str) -> bool:
    """Does the character hold a defence-time treasure that stops this kind of attack?"""
    kind = reaction_kind(attack)
    for treasure_id in character.treasures:
        card = state.mode_state.treasure_defs[treasure_id]
        if card.when != "players_turn" and any(
                kind in step.get("prevent", ()) for step in card.effect):
            return True
    return False


def use_treasure(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    """Use a held treasure now, if its card allows this moment and its effect can happen."""
    character = acting_character(state, seat, command.character)
    if command.treasure not in character.treasures:
        raise RuleError("invalid_command", f"{character.id} holds no treasure {command.treasure!r}")
    card = state.mode_state.treasure_defs[command.treasure]
    in_defence = defending(state, seat, character.id)
    check_timing(state, seat, card, in_defence)
    plan = [_check(state, seat, character, step, command, in_defence) for step in card.effect]
    events.add("treasure_used", player=seat, character=character.id, treasure=card.id)
    for run in plan:
        run(events)
    if card.use == "once":
        character.treasures.remove(card.id)
        state.mode_state.treasure_discard.append(card.id)
    resolve(state, events)


def _check(state: GameState, seat: str, holder: Character, step, command: Command,
           in_defence: bool):
    """Validate one step completely; return a function that carries it out."""
    board = state.board
    if "prevent" in step:
        if not in_defence:
            raise RuleError("action_not_allowed", "this treasure only works against an attack")
        frame = cast(AttackFrame, state.frames[-1])  # in defence: the core's attack frame
        attack = reaction_kind(frame["attack"])
        if attack not in step["prevent"]:
            raise RuleError("card_cannot_pay", f"this treasure does not stop a {attack} attack")

        def prevent(events):
            # answer the core attack frame's defence prompt: this target is done, unhurt
            frame["i"] += 1
            state.prompt = None
            events.add("damage_prevented", figure=holder.id, by="treasure", attack=frame["attack"])
        return prevent
    if ("move" in step or "damage" in step) and not may_play_cards(state, seat):
        # off turn (a question waits, or the Ancients act): nothing may move or attack now
        raise RuleError("action_not_allowed", "a treasure that moves or attacks waits for your turn")
    if "heal" in step:
        patient = holder
        if step.get("who") == "target":
            named = state.characters.get(command.target or "")
            if named is None or not named.on_board or named.space != holder.space:
                raise RuleError("no_target", f"name a character in {holder.id}'s space as target")
            patient = named

        def heal(events):
            healed = min(step["heal"], patient.damage)
            patient.damage -= healed
            events.add("character_healed", character=patient.id, amount=healed, total=patient.damage)
        return heal
    if "move" in step:
        to = command.to
        if not isinstance(to, int) or to not in board.spaces:
            raise RuleError("invalid_command", "say where to move with `to: <space>`")
        d = board.distance(space_of(holder), to)  # the holder acts, so it is on the board
        if d is None or not 1 <= d <= step["move"]:
            raise RuleError("not_adjacent", f"space {to} is not within {step['move']} moves")

        def move(events):
            # a move like any other: the map's rules of the way and the space apply
            enter(state, [(holder, to)], "treasure", events, reach=step["move"], treasure=True)
            if holder.ensnared:
                release(state, holder, events, "treasure_moved")
        return move
    if "draw" in step:
        return lambda events: draw_up_to_limit(state, state.player(seat), step["draw"], events)
    if "damage" in step:
        return _damage_plan(state, seat, holder, step, command)
    raise AssertionError(step)


def _damage_plan(state: GameState, seat: str, holder: Character, step, command: Command):
    board = state.board
    kind, amount = step["kind"], step["damage"]
    here = space_of(holder)  # the holder acts, so it is on the board
    if kind == "area":
        space = command.space
        if space not in board.spaces or (space != here
                                         and not board.is_adjacent(here, space)):
            raise RuleError("not_adjacent", "an area treasure hits your own space or one next to it")
        targets = [f.id for f in state.figures_in(space)]
        if not targets:
            raise RuleError("no_target", f"nobody is in space {space}")
    else:
        target = state.monsters.get(command.target or "")
        if not isinstance(target, Monster) or not target.on_board:
            raise RuleError("no_target", "name a minion or Ancient on the board as target")
        if kind in ("melee", "heavy_melee") and target.space != here:
            raise RuleError("not_in_space", f"{target.id} is not in {holder.id}'s space")
        if kind == "ranged" and not board.has_los(here, space_of(target)):
            raise RuleError("no_line_of_sight", f"{holder.id} cannot see {target.id}")
        if kind == "heavy_ranged" and not board.in_heavy_range(here, space_of(target)):
            raise RuleError("out_of_range", f"{target.id} is out of heavy range")
        targets = [target.id]
        space = target.space

    def damage(events):
        events.add("attacked", attacker=holder.id, attack=kind, space=space,
                   target=targets[0] if kind != "area" else None)
        start_attack(state, attacker=holder.id, side=seat, attack=kind, targets=targets,
                     amount=amount)
    return damage
