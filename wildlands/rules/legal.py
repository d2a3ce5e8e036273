"""Every command a seat may send right now: `legal_commands(state, seat)`.

The UI highlights from this list and bots choose from it, so it must agree exactly with
`engine.apply`: every command listed is accepted, and every accepted command (up to the
order of the cards named in it) is listed. It is built cheaply from the state with the
conditions the handlers check (what moves a character, what flag a card gives, board
lookups, the mode's `controls` / `is_enemy` / `must_reveal_first`) instead of trying each
candidate through `apply`; the tests check the agreement with `apply` on positions from real games, and
`legal_commands(..., verify=True)` filters through `apply` when exactness matters more than
speed.

Two deliberate limits, both documented where a caller meets them:

* During setup a player may assign their ten dealt map cards to five characters in 30,240
  ways. The list then holds one representative assignment (dealt cards in order); a UI lets
  the player pick, and bots build their own (`setup.auto_assignment`).
* Cards in a command are listed in hand order; the engine accepts any order of the same
  cards, which are the same move.

A mode with commands the core does not know (The Awoken's `reveal_object`, its crystals,
its shared turn) registers a hook with `register_legal_hook(mode, fn)`: `fn(state, seat,
commands)` returns the final list, so it may add, drop or replace the core's candidates.
"""
from __future__ import annotations

from itertools import combinations
from typing import Callable

from wildlands.rules.cards import card_flag
from wildlands.rules.combat import defence_flags
from wildlands.rules.commands import ATTACKS, parse_command
from wildlands.rules.errors import RuleError
from wildlands.rules.frames import has_deferred_work
from wildlands.rules.maps.hooks import PROMPT_ANSWERS as MAP_PROMPT_ANSWERS
from wildlands.rules.maps import effects  # noqa: F401  (registers the map rules' questions)
from wildlands.rules.modes import ModeRules, mode_of
from wildlands.rules.movement import _pay_rally_climbs
from wildlands.rules.skirmish import SkirmishRules
from wildlands.rules.state import Character, GameState

Command = dict
LegalHook = Callable[[GameState, str, list], list]

# mode name -> hook(state, seat, core commands) -> final commands
LEGAL_HOOKS: dict[str, LegalHook] = {}
# prompt kind -> answers(state, seat) for prompts a mode adds (the core knows its own)
PROMPT_ANSWERS: dict[str, Callable[[GameState, str], list]] = {}
PROMPT_ANSWERS.update(MAP_PROMPT_ANSWERS)  # a map's own questions: a push, a belt to run


def register_legal_hook(mode: str, hook: LegalHook) -> None:
    """Let a mode adjust what `legal_commands` offers in its games."""
    LEGAL_HOOKS[mode] = hook


def legal_commands(state: GameState, seat: str, *, verify: bool = False) -> list[Command]:
    """The commands `seat` may send now, as the dicts `engine.apply` takes.

    Empty when the game is over, when the seat must wait (someone else's prompt, someone
    else's move with no interrupt open to this seat) or when the Ancients' turn is pending.
    With `verify`, each candidate is also tried through `engine.apply` and dropped if
    refused (exact but slow: for tests and for modes whose hook is still incomplete).
    """
    if state.outcome is not None or seat not in state.player_ids():
        commands: list[Command] = []
    elif state.turn.phase == "setup":
        commands = _setup(state, seat)
    elif state.prompt is not None:
        commands = _answers(state, seat) if state.prompt.to == seat else []
    elif has_deferred_work(state):
        commands = []
    elif seat == state.turn.actor or _may_act(state, seat):
        commands = _actions(state, seat)
    else:
        commands = _interrupts(state, seat)
    hook = LEGAL_HOOKS.get(state.mode)
    if hook is not None:
        commands = hook(state, seat, commands)
    if verify:
        commands = [c for c in commands if is_accepted(state, seat, c)]
    return commands


def is_accepted(state: GameState, seat: str, command: Command) -> bool:
    """Does `engine.apply` accept this command? (The state is never changed.)"""
    from wildlands.rules.engine import apply

    try:
        apply(state, seat, command)
    except RuleError:
        return False
    return True


def _may_act(state: GameState, seat: str) -> bool:
    """Whether the mode lets this seat act although it is not `turn.actor` (a shared turn)."""
    if type(mode_of(state)).check_actor is SkirmishRules.check_actor:
        return False
    try:
        mode_of(state).check_actor(state, seat, _PROBE)
    except RuleError:
        return False
    return True


# A parsed `end_turn`: asks the mode whether the seat may act at all now.
_PROBE = parse_command({"do": "end_turn"})


# -- setup -------------------------------------------------------------------------------------
def _setup(state: GameState, seat: str) -> list[Command]:
    own = state.characters_of(seat)
    player = state.player(seat)
    if any(c.assigned is not None for c in own) or len(player.map_cards) < len(own):
        return []
    return [{"do": "assign", "spaces": {c.id: space for c, space in zip(own, player.map_cards)}}]


# -- answers to a prompt -----------------------------------------------------------------------
def _answers(state: GameState, seat: str) -> list[Command]:
    prompt = state.prompt
    assert prompt is not None, "legal_commands asks for answers only while a prompt waits"
    kind = prompt.kind
    if kind in PROMPT_ANSWERS:
        return PROMPT_ANSWERS[kind](state, seat)
    hand = state.player(seat).hand
    if kind == "defend":
        target = state.characters.get(prompt.data.get("character"))
        found = []
        if target is not None and target.space is not None:
            flags = defence_flags(state, target, prompt.data["attack"])
            for card_id in hand:
                card = state.card(card_id)
                if any(card_flag(card, target.id, flag) for flag in flags):
                    found.append({"respond": "defend", "character": target.id, "cards": [card_id]})
        found.append({"respond": "pass"})
        return found
    if kind == "choose":
        return [choose_answer(state, option) for option in prompt.data.get("options", ())]
    if kind == "interrupt_window":
        return [{"respond": "pass"}] + _wild_plays(state, seat, "interrupt")
    return []


def choose_answer(state: GameState, option) -> Command:
    """The answer to a `choose` prompt that picks `option` (a space, a character or a
    monster): the one way to spell it, for `legal_commands` and the bots."""
    if isinstance(option, int):
        return {"respond": "choose", "space": option}
    if option in state.characters:
        return {"respond": "choose", "character": option}
    return {"respond": "choose", "figure": option}


def _wild_plays(state: GameState, seat: str, action: str) -> list[Command]:
    cards = state.catalog.cards
    return [{"do": action, "cards": [card_id]} for card_id in state.player(seat).hand
            if cards[card_id].wild]


# -- out of turn -------------------------------------------------------------------------------
def _interrupts(state: GameState, seat: str) -> list[Command]:
    """Skirmish interrupts: right after another player's action (not a reveal or an
    interrupt), by a player who has not had play this turn."""
    turn = state.turn
    if (turn.phase != "play" or turn.last != "action" or seat == turn.active
            or seat in turn.interrupters or state.player(seat).eliminated):
        return []
    return _wild_plays(state, seat, "interrupt")


# -- the actor's actions -----------------------------------------------------------------------
class _Hand:
    """The hand read once per call: for a character, which cards move it and which cards
    give it each flag. Same meaning as `cards.card_moves` / `cards.card_flag`, without their
    per-call mapping lookups (this runs for every character on every decision)."""

    __slots__ = ("cards", "ids")

    def __init__(self, state: GameState, seat: str) -> None:
        catalog = state.catalog.cards
        self.ids = list(state.player(seat).hand)
        self.cards = [(cid, catalog[cid].wild, dict(catalog[cid].icons), catalog[cid].open)
                      for cid in self.ids]

    def for_character(self, character_id: str) -> tuple[list, dict]:
        """(cards that move it, flag -> cards that let it take that flag)."""
        movers: list = []
        flags: dict = {}
        for card_id, wild, icons, open_flag in self.cards:
            if wild:
                movers.append(card_id)
                continue
            own = None
            if character_id in icons:
                movers.append(card_id)
                own = icons[character_id]
                if own is not None:
                    flags.setdefault(own, []).append(card_id)
            if open_flag is not None and open_flag != own:
                flags.setdefault(open_flag, []).append(card_id)
        return movers, flags


def _actions(state: GameState, seat: str) -> list[Command]:
    mode = mode_of(state)
    reveals = _reveals(state, seat, mode)
    if mode.must_reveal_first(state, seat):
        return reveals
    board = state.board
    hand = _Hand(state, seat)
    enemies = [f for f in (*state.characters.values(), *state.monsters.values())
               if f.space is not None and not f.knocked_out and mode.is_enemy(state, seat, f)]
    found = reveals
    for character in state.characters.values():
        if (character.space is None or character.knocked_out
                or not mode.controls(state, seat, character)):
            continue
        movers, flags = hand.for_character(character.id)
        if not character.ensnared:
            found += _moves(board, character, movers, flags.get("fly", ()))
        if "rally" in flags:
            found += _rallies(state, seat, mode, character, flags["rally"], hand.ids)
        found += _claims(state, seat, character, hand)
        found += _attacks(state, board, character, flags, enemies)
    found += _wild_plays(state, seat, "draw_two")
    found.append({"do": "end_turn"})
    return found


def _reveals(state: GameState, seat: str, mode: ModeRules) -> list[Command]:
    try:
        mode.reveal_allowed(state)
    except RuleError:
        return []
    return [{"do": "reveal", "character": c.id} for c in state.characters_of(seat)
            if c.space is None and c.assigned is not None and not c.knocked_out]


def _moves(board, character: Character, movers: list, flyers) -> list[Command]:
    found = []
    here, cid = character.space, character.id
    if movers:
        for to in sorted(board.neighbours(here)):
            if board.is_climb(here, to):
                found += [{"do": "move", "character": cid, "to": to, "cards": list(pair)}
                          for pair in combinations(movers, 2)]
            else:
                found += [{"do": "move", "character": cid, "to": to, "cards": [card_id]}
                          for card_id in movers]
    if flyers:
        for to in sorted(board.within(here, 2)):
            if to != here:
                found += [{"do": "fly", "character": cid, "to": to, "cards": [card_id]}
                          for card_id in flyers]
    return found


def _rallies(state: GameState, seat: str, mode: ModeRules, leader: Character,
             rally_cards: list, hand_ids: list) -> list[Command]:
    board = state.board
    leader_space = leader.space
    assert leader_space is not None, "_actions lists rallies only for characters on the board"
    friends = [f for f in state.characters.values()
               if f.id != leader.id and f.space is not None and not f.knocked_out
               and mode.rally_partner_ok(state, seat, f)
               and (f.space == leader_space or board.is_adjacent(leader_space, f.space))]
    found = []
    for friend in friends:
        friend_space = friend.space
        assert friend_space is not None, "friends are filtered to characters on the board"
        leader_to: list[int | None] = [None]
        if not leader.ensnared:
            leader_to += sorted(board.neighbours(leader_space))
        friend_to: list[int | None] = [None]
        if not friend.ensnared:
            friend_to += sorted(board.neighbours(friend_space))
        for rally_id in rally_cards:
            rest = [card_id for card_id in hand_ids if card_id != rally_id]
            for lt in leader_to:
                for ft in friend_to:
                    if lt is None and ft is None:
                        continue
                    to, climbs = {}, {}
                    for mover, here, dest in ((leader, leader_space, lt),
                                              (friend, friend_space, ft)):
                        if dest is not None:
                            to[mover.id] = dest
                            climbs[mover.id] = board.is_climb(here, dest)
                    for extra in _rally_payments(state, leader, friend, climbs, rest):
                        found.append({"do": "rally", "character": leader.id, "with": friend.id,
                                      "to": dict(to), "cards": [rally_id, *extra]})
    return found


def _rally_payments(state: GameState, leader: Character, friend: Character, climbs: dict,
                    rest: list) -> list:
    """Every set of extra cards that pays exactly for the rally's climbs (the engine's own
    payment check decides, so the rule lives in one place)."""
    needs = sum(climbs.values())
    if needs == 0:
        return [()]
    paid = []
    for size in range(1, needs + 1):
        for combo in combinations(rest, size):
            try:
                _pay_rally_climbs(leader, friend, climbs, [state.card(c) for c in combo])
            except RuleError:
                continue
            paid.append(combo)
    return paid


def _claims(state: GameState, seat: str, character: Character, hand: _Hand) -> list[Command]:
    """Skirmish: three of a kind on one of the player's own shards."""
    if character.space not in state.player(seat).shards:
        return []
    return [{"do": "claim", "character": character.id, "cards": cards}
            for cards in _claim_sets(state, character, hand)]


def claim_card_sets(state: GameState, seat: str, character: Character) -> list[list]:
    """Every three cards in `seat`'s hand that pay for a claim by this character: three of
    its icon, or three of one knocked-out friend's; wild cards fill any set. (For modes
    whose claims take something else than shards.)"""
    return _claim_sets(state, character, _Hand(state, seat))


def _claim_sets(state: GameState, character: Character, hand: _Hand) -> list[list]:
    if len(hand.cards) < 3:
        return []
    names = [character.id] + [c.id for c in state.characters_of(character.player) if c.knocked_out]
    return [[card[0] for card in combo] for combo in combinations(hand.cards, 3)
            if any(all(wild or name in icons for _, wild, icons, _ in combo) for name in names)]


def _attacks(state: GameState, board, character: Character, flags: dict,
             enemies: list) -> list[Command]:
    found = []
    here, cid = character.space, character.id
    for attack in ATTACKS:
        payers = flags.get(attack)
        if not payers:
            continue
        if attack == "area":
            for space in (here, *sorted(board.neighbours(here))):
                if state.figures_in(space):
                    found += [{"do": "area", "character": cid, "space": space, "cards": [card_id]}
                              for card_id in payers]
            continue
        if attack in ("melee", "heavy_melee"):
            targets = [f for f in enemies if f.space == here]
        elif attack == "ranged":
            targets = [f for f in enemies if board.has_los(here, f.space)]
        else:
            targets = [f for f in enemies if board.in_heavy_range(here, f.space)]
        for target in targets:
            found += [{"do": attack, "character": cid, "target": target.id, "cards": [card_id]}
                      for card_id in payers]
    return found
