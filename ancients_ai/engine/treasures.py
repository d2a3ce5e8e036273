"""Using treasure cards: `{do: use_treasure, character, treasure, target?, to?, space?}`.

A treasure is used by the player holding it, for the character it was given to. Its `when`
says when: `players_turn` (whenever that player may play cards: the shared turn, or their
interrupt), `defence` (only while that character is asked to defend: the engine lets this
one command through the pending `defend` prompt), or `any`. A `once` card goes to the
treasure discard after use; an `always` card stays. Every check runs before anything
changes; a refused use leaves the game as it was.
"""
from __future__ import annotations

from typing import cast

from games.rules.cards import draw_up_to_limit
from games.rules.combat import AttackFrame, acting_character, start_attack
from games.rules.commands import Command
from games.rules.errors import RuleError
from games.rules.events import EventLog
from games.rules.frames import resolve
from games.rules.state import Character, GameState, Monster

from ancients_ai.engine.reactions import reaction_kind
from ancients_ai.engine.targeting import space_of
from ancients_ai.engine.objects import release


def defending(state: GameState, seat: str, character_id: str | None) -> bool:
    """Is this seat being asked to defend this character right now?"""
    prompt = state.prompt
    return (prompt is not None and prompt.kind == "defend" and prompt.to == seat
            and prompt.data.get("character") == character_id)


def prevents_attack(state: GameState, character: Character, attack: str) -> bool:
    """Does the character hold a defence-time treasure that stops this kind of attack?"""
    kind = reaction_kind(attack)
    for treasure_id in character.treasures:
        card = state.awoken.treasure_defs[treasure_id]
        if card.when != "players_turn" and any(
                kind in step.get("prevent", ()) for step in card.effect):
            return True
    return False


def use_treasure(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    character = acting_character(state, seat, command.character)
    if command.treasure not in character.treasures:
        raise RuleError("invalid_command", f"{character.id} holds no treasure {command.treasure!r}")
    card = state.awoken.treasure_defs[command.treasure]
    in_defence = defending(state, seat, character.id)
    if in_defence and card.when == "players_turn":
        raise RuleError("action_not_allowed", f"{card.name} is used on your turn, not to defend")
    if not in_defence and card.when == "defence":
        raise RuleError("action_not_allowed", f"{card.name} is used when {character.id} is attacked")
    plan = [_check(state, seat, character, step, command, in_defence) for step in card.effect]
    events.add("treasure_used", player=seat, character=character.id, treasure=card.id)
    for run in plan:
        run(events)
    if card.use == "once":
        character.treasures.remove(card.id)
        state.awoken.treasure_discard.append(card.id)
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
    if in_defence:
        raise RuleError("action_not_allowed", "answer the attack before anything else")
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
            origin = holder.space
            holder.space = to
            events.add("character_moved", character=holder.id, **{"from": origin}, to=to,
                       treasure=True)
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
