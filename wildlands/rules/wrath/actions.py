"""The five Ancients' special actions (The Wrath of the Ancients), each a resumable frame.

`{"do": "special", "character": <an Ancient>}` spends one ready shard that Ancient carries
(instead of a card) and pushes a `special_action` frame. The frame asks its seat one
`special` prompt per decision; the prompt lists every allowed answer (`answers`, as the
commands to send), so the board, the bots and the rules cases read the same list. Attacks
made during the action are ordinary attack frames (defence prompts included). No
interrupt is possible until the frame is gone, which is the rule: other players wait for
the whole special action to end.

* Magus: two revealed characters (anyone's) are moved to one space of the map.
* Automaton: takes 1..(remaining health - 1) damage, then one ranged or heavy ranged attack
  per damage taken.
* Phantasm: up to four moves (a climb is a move); after each, at most one melee against
  each enemy character in its space. It may come back to a space; no melee without a move.
* Lizardman: heavy melee, move, melee, move, melee, in that order, each one optional.
* Tyrant: every other Ancient of the faction on the board, in the order the player picks,
  moves up to twice and then may make one melee.

A melee of the Lizardman or an activated Ancient is an ordinary melee action: the defending
player picks which of their characters in the space is hit. The Phantasm's melee is made
against each enemy character in turn, so it names its target.
"""
from __future__ import annotations

from typing import Optional

from wildlands.rules.combat import acting_character, start_attack
from wildlands.rules.commands import Command, parse_command
from wildlands.rules.errors import RuleError
from wildlands.rules.events import EventLog
from wildlands.rules.frames import ask, push, resolve
from wildlands.rules.maps.entry import enter
from wildlands.rules.modes import mode_of
from wildlands.rules.state import Character, Frame, GameState
from wildlands.rules.wrath.state import ready_shards, wrath_of

SPECIALS = ("magus", "automaton", "phantasm", "lizardman", "tyrant")
LIZARDMAN_SEQUENCE = ("heavy_melee", "move", "melee", "move", "melee")
PHANTASM_MOVES = 4
TYRANT_MOVES = 2
PASS = {"respond": "pass"}


def special_of(character: Character) -> Optional[str]:
    """Which special action an Ancient has: the last word of its id (`ancients_magus`)."""
    name = character.id.rsplit("_", 1)[-1]
    return name if name in SPECIALS else None


class SpecialFrame(Frame, total=False):
    seat: str             # the Ancients' seat
    ancient: str          # the Ancient whose shard was spent
    special: str          # one of SPECIALS
    picked: list[str]     # magus: characters chosen; tyrant: Ancients done
    moved: bool           # magus: the two are placed
    left: int             # moves (phantasm, tyrant) or attacks (automaton) still allowed; -1: not chosen
    hit: Optional[list[str]]  # phantasm: enemies meleed since its last move (None: must move)
    i: int                # lizardman: the next step of its sequence
    current: Optional[str]  # tyrant: the Ancient acting now
    struck: bool          # tyrant: the current Ancient's melee is made or passed


def start_special(state: GameState, seat: str, command: Command, events: EventLog) -> None:
    """Spend a ready shard of this Ancient's instead of a card, and begin its action."""
    if seat != wrath_of(state).ancients:
        raise RuleError("action_not_allowed", "only the Ancients faction has special actions")
    ancient = acting_character(state, seat, command.character)
    special = special_of(ancient)
    carried = wrath_of(state).carried.get(ancient.id, [])
    if special is None:
        raise RuleError("action_not_allowed", f"{ancient.id} has no special action")
    if not carried:
        raise RuleError("action_not_allowed", f"{ancient.id} carries no shard to spend")
    ready = ready_shards(state, ancient.id)
    if not ready:
        raise RuleError("action_not_allowed",
                        "a shard claimed this turn can be spent from the Ancients' next turn")
    carried.remove(ready[0])
    events.add("special_action_started", player=seat, character=ancient.id, special=special,
               owner=ready[0]["owner"], left=len(carried))
    push(state, SpecialFrame(kind="special_action", seat=seat, ancient=ancient.id,
                             special=special, picked=[], moved=False, left=-1, hit=None, i=0,
                             current=None, struck=False))
    resolve(state, events)


# -- what may be chosen ---------------------------------------------------------------------------
def _choose(**field) -> dict:
    return {"respond": "choose", **field}


def _spaces_from(state: GameState, figure: Character) -> list[dict]:
    here = figure.space
    assert here is not None, "only a figure on the board moves in a special action"
    return [_choose(space=n) for n in sorted(state.board.neighbours(here))]


def _enemies_in(state: GameState, seat: str, space) -> list[Character]:
    mode = mode_of(state)
    return [c for c in state.characters.values()
            if c.on_board and c.space == space and mode.is_enemy(state, seat, c)]


def _magus(state: GameState, frame: SpecialFrame, actor: Character):
    picked = frame["picked"]
    if len(picked) < 2:
        options = [c.id for c in state.characters.values() if c.on_board and c.id not in picked]
        if options:
            return "character", [_choose(character=cid) for cid in options]
    if picked and not frame["moved"]:
        return "space", [_choose(space=n) for n in sorted(state.board.spaces)]
    return None


def _automaton(state: GameState, frame: SpecialFrame, actor: Character):
    if frame["left"] < 0:
        most = actor.health - actor.damage - 1
        if most < 1:
            return None
        return "damage", [_choose(amount=n) for n in range(1, most + 1)] + [PASS]
    if frame["left"] == 0:
        return None
    board, here = state.board, actor.space
    assert here is not None, "the step runs only while the Automaton is on the board"
    options = []
    for enemy in state.characters.values():
        there = enemy.space
        if there is None or enemy.knocked_out or not mode_of(state).is_enemy(
                state, frame["seat"], enemy):
            continue
        if board.has_los(here, there):
            options.append(_choose(target=enemy.id, attack="ranged"))
            if board.in_heavy_range(here, there):
                options.append(_choose(target=enemy.id, attack="heavy_ranged"))
    return ("attack", options + [PASS]) if options else None


def _phantasm(state: GameState, frame: SpecialFrame, actor: Character):
    hit = frame["hit"]
    if hit is not None:
        targets = [c.id for c in _enemies_in(state, frame["seat"], actor.space) if c.id not in hit]
        if targets:
            return "melee", [_choose(target=t) for t in targets] + [PASS]
        frame["hit"] = None
    if frame["left"] < 0:
        frame["left"] = PHANTASM_MOVES
    if frame["left"] > 0:
        return "move", _spaces_from(state, actor) + [PASS]
    return None


def _lizardman(state: GameState, frame: SpecialFrame, actor: Character):
    while frame["i"] < len(LIZARDMAN_SEQUENCE):
        step = LIZARDMAN_SEQUENCE[frame["i"]]
        if step == "move":
            options = _spaces_from(state, actor)
        else:
            options = [_choose(target=c.id) for c in _enemies_in(state, frame["seat"], actor.space)]
        if options:
            return step, options + [PASS]
        frame["i"] += 1
    return None


def _tyrant(state: GameState, frame: SpecialFrame, actor: Character):
    while True:
        current = frame["current"]
        if current is None:
            others = [c.id for c in state.characters_of(actor.player)
                      if c.id != actor.id and c.on_board and c.id not in frame["picked"]]
            if not others:
                return None
            if len(others) > 1:
                return "order", [_choose(character=cid) for cid in others]
            _activate(frame, others[0])
            continue
        figure = state.characters[current]
        if figure.on_board and frame["left"] > 0:
            return "move", _spaces_from(state, figure) + [PASS]
        targets = _enemies_in(state, frame["seat"], figure.space) if figure.on_board else []
        if targets and not frame["struck"]:
            return "melee", [_choose(target=c.id) for c in targets] + [PASS]
        frame["picked"].append(current)
        frame["current"] = None


def _activate(frame: SpecialFrame, ancient: str) -> None:
    frame["current"] = ancient
    frame["left"] = TYRANT_MOVES
    frame["struck"] = False


NEXT = {"magus": _magus, "automaton": _automaton, "phantasm": _phantasm,
        "lizardman": _lizardman, "tyrant": _tyrant}


# -- carrying out a choice ------------------------------------------------------------------------
def _move(state: GameState, frame: SpecialFrame, figure: Character, to: int,
          events: EventLog) -> None:
    """A move (or climb) action taken inside the special action: a move like any other, so
    the map's rules apply (thorns crossed, thin ice, a tomb's curse, a slippery surface)."""
    enter(state, [(figure, to)], "move", events, shown={figure.id: {"climb": _climbs(state, figure, to)}},
          special=frame["special"])


def _climbs(state: GameState, figure: Character, to: int) -> bool:
    return figure.space is not None and state.board.is_climb(figure.space, to)


def _attack(state: GameState, frame: SpecialFrame, attacker: Character, attack: str,
            target_id: str, events: EventLog, *, defender_chooses: bool) -> None:
    target = state.characters[target_id]
    same_side = [c.id for c in state.figures_in(target.space)
                 if isinstance(c, Character) and c.player == target.player]
    choose_from = same_side if defender_chooses and len(same_side) > 1 else []
    events.add("attacked", attacker=attacker.id, attack=attack, space=None, target=target_id,
               special=frame["special"])
    start_attack(state, attacker=attacker.id, side=frame["seat"], attack=attack,
                 targets=[] if choose_from else [target_id], choose_from=choose_from,
                 chooser=target.player if choose_from else None)


def _apply(state: GameState, frame: SpecialFrame, actor: Character, step: str, answer: dict,
           events: EventLog) -> None:
    special, passed = frame["special"], answer == PASS
    if special == "magus":
        if step == "character":
            frame["picked"].append(answer["character"])
        else:
            # both placed at once, walking nowhere (no thorns): the space's rules still hold
            to, picked = answer["space"], [state.characters[cid] for cid in frame["picked"]]
            enter(state, [(c, to) for c in picked], "placed", events,
                  shown={c.id: {"climb": _climbs(state, c, to)} for c in picked}, special=special)
            frame["moved"] = True
    elif special == "automaton":
        if step == "damage":
            frame["left"] = 0 if passed else answer["amount"]
            if not passed:
                actor.damage += answer["amount"]
                events.add("damage_dealt", figure=actor.id, amount=answer["amount"],
                           cause="special", total=actor.damage)
        elif passed:
            frame["left"] = 0
        else:
            frame["left"] -= 1
            _attack(state, frame, actor, answer["attack"], answer["target"], events,
                    defender_chooses=False)
    elif special == "phantasm":
        if step == "move":
            if passed:
                frame["left"] = 0
            else:
                frame["left"] -= 1
                frame["hit"] = []
                _move(state, frame, actor, answer["space"], events)
        elif passed:
            frame["hit"] = None
        else:
            frame["hit"] = [*(frame["hit"] or []), answer["target"]]
            _attack(state, frame, actor, "melee", answer["target"], events,
                    defender_chooses=False)
    elif special == "lizardman":
        frame["i"] += 1
        if passed:
            return
        if step == "move":
            _move(state, frame, actor, answer["space"], events)
        else:
            _attack(state, frame, actor, step, answer["target"], events, defender_chooses=True)
    else:
        _apply_tyrant(state, frame, step, answer, passed, events)


def _apply_tyrant(state: GameState, frame: SpecialFrame, step: str, answer: dict, passed: bool,
                  events: EventLog) -> None:
    if step == "order":
        _activate(frame, answer["character"])
        return
    current = frame["current"]
    assert current is not None, "the Tyrant's move and melee prompts follow an activation"
    figure = state.characters[current]
    if step == "move":
        if passed:
            frame["left"] = 0
        else:
            frame["left"] -= 1
            _move(state, frame, figure, answer["space"], events)
        return
    frame["struck"] = True
    if not passed:
        _attack(state, frame, figure, "melee", answer["target"], events, defender_chooses=True)


class SpecialActionHandler:
    """Runs one special action: ask the next decision, or end when nothing is left."""

    def step(self, state: GameState, frame: SpecialFrame, events: EventLog) -> None:
        actor = state.characters.get(frame["ancient"])
        found = NEXT[frame["special"]](state, frame, actor) if actor and actor.on_board else None
        if found is None:
            state.frames.pop()
            events.add("special_action_ended", player=frame["seat"], character=frame["ancient"],
                       special=frame["special"])
            return
        step, answers = found
        data = {"ancient": frame["ancient"], "special": frame["special"], "step": step,
                "answers": answers}
        if frame["special"] == "tyrant" and frame["current"] is not None:
            data["figure"] = frame["current"]
        ask(state, "special", frame["seat"], **data)

    def respond(self, state: GameState, frame: SpecialFrame, seat: str, command: Command,
                events: EventLog) -> None:
        prompt = state.prompt
        assert prompt is not None, "a frame is asked to respond only to its pending prompt"
        sent = command.to_data()
        answers = prompt.data["answers"]
        answer = next((a for a in answers if parse_command(a).to_data() == sent), None)
        if answer is None:
            raise RuleError("invalid_command",
                            f"not one of the {prompt.data['special']}'s choices now "
                            f"({prompt.data['step']}): see the prompt's answers")
        state.prompt = None
        actor = state.characters[frame["ancient"]]
        _apply(state, frame, actor, prompt.data["step"], dict(answer), events)
