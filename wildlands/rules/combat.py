"""Attacks, defences, damage and knock-outs.

Every attack, a player's or a monster's, becomes an `attack` frame: targets are settled (the
defending side may have to choose which of its figures is hit), then each target in turn may
defend (a prompt to its owner) or react (a monster's reaction card), then takes damage.
"""
from __future__ import annotations

from typing import Optional, Sequence

from wildlands.rules.cards import card_flag, declared, discard_cards, single_card, take_cards
from wildlands.rules.commands import Command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.frames import ask, push, register_frame_handler, resolve
from wildlands.rules.maps import hooks as map_hooks
from wildlands.rules.modes import mode_of
from wildlands.rules.state import Character, Frame, GameState, Monster

DAMAGE = {"melee": 1, "heavy_melee": 2, "ranged": 1, "heavy_ranged": 2, "area": 1,
          "trap": 1,     # trap: The Awoken's explosive trap
          "thorns": 1,   # thorns: a map's thorn edge crossed (maps.thorns)
          "thin_ice": 1}  # a map's thin ice (maps/thin_ice.py)
# attack -> the flags that may defend a character against it
DEFENCES = {
    "melee": ("melee",),
    "heavy_melee": ("melee",),
    "ranged": ("shield", "cover"),
    "heavy_ranged": ("shield", "cover"),
    "area": ("shield",),
    "trap": ("shield",),
    "thorns": ("cover",),
    "thin_ice": ("cover",),
}
# attacks a cover card defends against wherever the character stands
COVER_ANYWHERE = frozenset({"thorns", "thin_ice"})


def acting_character(state: GameState, seat: str, character_id: str | None) -> Character:
    """The character a seat acts with: it exists, the seat controls it, it is on the board.

    `character_id` may be None (a response whose character is optional): no such character.
    """
    character = state.characters.get(character_id) if character_id is not None else None
    if character is None:
        raise RuleError("invalid_command", f"there is no character {character_id!r}")
    if not mode_of(state).controls(state, seat, character):
        raise RuleError("action_not_allowed", f"{character_id} is not {seat}'s character")
    if character.knocked_out:
        raise RuleError("knocked_out", f"{character_id} is knocked out")
    if character.space is None:
        raise RuleError("not_on_board", f"{character_id} has not been revealed yet")
    return character


def player_attack(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    """Validate a player's attack completely, pay for it, and start resolving it."""
    attack = command.name
    character = acting_character(state, seat, command.character)
    player = state.player(seat)
    paid_by_table = declared(state, command.cards)
    if not paid_by_table:
        card_id = single_card(command.cards, f"a {attack.replace('_', ' ')} attack")
        (card,) = take_cards(state, player, [card_id])
        if not card_flag(card, character.id, attack):
            raise RuleError("card_cannot_pay",
                            f"{card_id} does not let {character.id} make a {attack} attack")
    board = state.board
    mode = mode_of(state)
    origin = character.space
    assert origin is not None, "acting_character refuses a character off the board"
    choose_from: list = []
    if attack == "area":
        space = command.space
        if space not in board.spaces:
            raise RuleError("invalid_command", f"there is no space {space}")
        assert space is not None, "an area attack's space is required, and was a board space"
        if space != origin and not board.is_adjacent(origin, space):
            raise RuleError("not_adjacent",
                            f"space {space} is neither {character.id}'s space nor next to it")
        targets = [f.id for f in state.figures_in(space)]
        if not targets:
            raise RuleError("no_target", f"nobody is in space {space}")
    else:
        target = state.figure(command.target) if command.target is not None else None
        if target is None:
            raise RuleError("invalid_command", f"there is no character or monster {command.target!r}")
        if target.knocked_out:
            raise RuleError("knocked_out", f"{target.id} is already knocked out")
        target_space = target.space
        if target_space is None:
            raise RuleError("not_on_board", f"{target.id} is not on the board")
        if not mode.is_enemy(state, seat, target):
            raise RuleError("own_character", f"{target.id} is on your side")
        if attack in ("melee", "heavy_melee"):
            if target.space != character.space:
                raise RuleError("not_in_space", f"{target.id} is not in {character.id}'s space")
            if isinstance(target, Character):
                # The defending player picks which of their figures in the space is hit.
                same_side = [c.id for c in state.figures_in(origin)
                             if isinstance(c, Character) and c.player == target.player]
                if len(same_side) > 1:
                    choose_from = same_side
        else:
            if not board.has_los(origin, target_space):
                raise RuleError("no_line_of_sight",
                                f"{character.id} on {character.space} cannot see space {target.space}")
            if attack == "heavy_ranged" and not board.in_heavy_range(origin, target_space):
                raise RuleError("out_of_range",
                                f"space {target.space} is more than two spaces from {character.space}")
        targets = [] if choose_from else [target.id]
    if not paid_by_table:
        discard_cards(player, [card_id])
        events.add("card_played", player=seat, card=card_id, action=attack,
                   character=character.id)
    events.add("attacked", attacker=character.id, attack=attack,
               space=command.space if attack == "area" else None,
               target=None if attack == "area" else command.target)
    start_attack(state, attacker=character.id, side=seat, attack=attack, targets=targets,
                 choose_from=choose_from, chooser=state.characters[choose_from[0]].player
                 if choose_from else None)
    resolve(state, events)


def start_attack(state: GameState, *, attacker: str, side: str, attack: str, targets: list,
                 choose_from: Sequence[str] = (), chooser: str | None = None,
                 amount: int | None = None) -> None:
    """Push an attack frame. `side` is the attacking player id, or "ancients"."""
    push(state, AttackFrame(kind="attack", attacker=attacker, side=side, attack=attack,
                            amount=DAMAGE[attack] if amount is None else amount,
                            targets=list(targets), i=0, asked=-1,
                            choose_from=list(choose_from), chooser=chooser))


def _space_of(character: Character) -> int:
    """A defender's space: only a character on the board is attacked or asked to defend."""
    space = character.space
    assert space is not None, f"{character.id} defends off the board"
    return space


def defence_flags(state: GameState, character: Character, attack: str) -> list:
    flags = list(DEFENCES[attack])
    if ("cover" in flags and attack not in COVER_ANYWHERE
            and not state.board.has_cover(_space_of(character))):
        flags.remove("cover")
    return flags


def has_defence(state: GameState, character: Character, attack: str) -> bool:
    player = state.player(character.player)
    flags = defence_flags(state, character, attack)
    return any(card_flag(state.card(card_id), character.id, flag)
               for card_id in player.hand for flag in flags) or mode_of(state).other_defence(
        state, character, attack)


class AttackFrame(Frame):
    attacker: str            # a figure, or a trap object
    side: str                # the attacking player id, or "ancients"
    attack: str              # an attack flag, or "trap"
    amount: int              # damage per target
    targets: list[str]       # figures still to be hit, in order
    i: int                   # the next target
    asked: int               # the target whose defence was last asked (-1: none yet)
    choose_from: list[str]   # a "you choose" decision still to make, or empty
    chooser: Optional[str]   # who makes it


class AttackHandler:
    def step(self, state: GameState, frame: AttackFrame, events: EventLog) -> None:
        if frame["choose_from"]:
            chooser = frame["chooser"]
            assert chooser is not None, "start_attack names a chooser with every choose_from"
            ask(state, "choose", chooser, reason="target", attack=frame["attack"],
                options=list(frame["choose_from"]))
            return
        i = frame["i"]
        if i >= len(frame["targets"]):
            state.frames.pop()
            return
        target = state.figure(frame["targets"][i])
        if target is None or not target.on_board:
            frame["i"] = i + 1
            return
        attack = frame["attack"]
        if isinstance(target, Monster):
            frame["i"] = i + 1
            if mode_of(state).monster_reaction(state, target, attack, events):
                events.add("damage_prevented", figure=target.id, by="reaction", attack=attack)
            else:
                deal_damage(state, target, frame["amount"], frame["side"], attack, events)
            return
        auto = state.catalog.option("auto_pass_defence")
        if frame["asked"] != i and (not auto or has_defence(state, target, attack)):
            frame["asked"] = i
            ask(state, "defend", target.player, character=target.id, attack=attack,
                attacker=frame["attacker"], defences=defence_flags(state, target, attack))
            return
        frame["i"] = i + 1
        deal_damage(state, target, frame["amount"], frame["side"], attack, events)

    def respond(self, state: GameState, frame: AttackFrame, seat: str, command,
                events: EventLog) -> None:
        prompt = state.prompt
        assert prompt is not None, "a frame is asked to respond only to its pending prompt"
        if prompt.kind == "choose":
            chosen = command.character or command.target or command.figure
            if command.name != "choose" or chosen not in frame["choose_from"]:
                raise RuleError("invalid_command",
                                f"choose one of {', '.join(frame['choose_from'])}")
            frame["targets"] = [chosen]
            frame["choose_from"] = []
            state.prompt = None
            events.add("target_chosen", by=seat, target=chosen)
            return
        i = frame["i"]
        target = state.characters[frame["targets"][i]]
        if command.name == "pass":
            state.prompt = None
            frame["i"] = i + 1
            events.add("defence_declined", character=target.id)
            deal_damage(state, target, frame["amount"], frame["side"], frame["attack"], events)
            return
        if command.name != "defend":
            raise RuleError("invalid_command", "answer with defend or pass")
        if command.character != target.id:
            raise RuleError("invalid_command", f"the attack is against {target.id}")
        if declared(state, command.cards):  # the table played the defence card
            usable = defence_flags(state, target, frame["attack"])
        else:
            player = state.player(seat)
            card_id = single_card(command.cards, "a defence")
            (card,) = take_cards(state, player, [card_id])
            usable = [flag for flag in defence_flags(state, target, frame["attack"])
                      if card_flag(card, target.id, flag)]
            if not usable:
                allowed = " or ".join(DEFENCES[frame["attack"]])
                raise RuleError("card_cannot_pay",
                                f"{card_id} gives {target.id} no {allowed} against this attack")
            discard_cards(player, [card_id])
            events.add("card_played", player=seat, card=card_id, action=usable[0],
                       character=target.id)
        state.prompt = None
        frame["i"] = i + 1
        events.add("damage_prevented", figure=target.id, by=usable[0], attack=frame["attack"])


register_frame_handler("attack", AttackHandler())


def deal_damage(state: GameState, figure, amount: int, side: str, cause: str,
                events: EventLog) -> None:
    """Put damage on a figure and knock it out when the damage reaches its health."""
    figure.damage += amount
    events.add("damage_dealt", figure=figure.id, amount=amount, cause=cause, total=figure.damage)
    if figure.damage >= figure.health and not getattr(figure, "immortal", False):
        knock_out(state, figure, side, events)


def knock_out(state: GameState, figure, side: str, events: EventLog) -> None:
    mode = mode_of(state)
    mode.before_knockout(state, figure, side, events)
    space = figure.space
    figure.knocked_out = True
    figure.space = None
    point = False
    if isinstance(figure, Character):
        figure.damage = 0
        point = mode.scores_knockout(state, figure, side)
        if point:
            figure.captured_by = side
            state.player(side).score += 1
        events.add("knocked_out", figure=figure.id, space=space, by=side if point else None,
                   point=point)
    else:
        events.add("knocked_out", figure=figure.id, space=space, by=side, point=False)
    mode.after_knockout(state, figure, side, events)
    mode.check_outcome(state, events)
    if point:
        map_hooks.scored(state, side, events)  # a belt to run, on a map with belts
