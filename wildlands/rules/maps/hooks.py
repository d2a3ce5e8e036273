"""Where a map's own rules meet play: the hooks the core calls.

A board's `features` (maps/features.py) say which rules hold on it; this module asks, at a
few moments of play, which of them apply, and queues them on one `map_effects` frame so
each may stop for a person (a push to choose, a belt to run, a defence against thin ice)
like any other resolution. The core calls:

* `entered(state, [character ids], how, events)` after characters entered their spaces,
  called only by `entry.enter`, the one way every move, flight, rally, push, belt, special
  action and treasure puts a character in a space (`how`: see `entry.HOWS`);
* `revealed(state, character, events)` after a reveal;
* `scored(state, seat, events)` after a player scored a point (a knock-out, a shard, or in
  The Awoken a crystal);
* `count_move(state, character)` for every `move` action (slippery surfaces need it).

The frame is run by the caller's `resolve` (`engine._act` settles after every action); its
handler is in `effects.py`, which imports every rule's module (`maps/<rule>.py`,
each registering its effect in `EFFECTS` with `run`, and `respond` if it asks). This module
imports none of them, so the core's modules (movement, combat, claims) may call the hooks
while the rules' modules use the core. Nothing here knows a map by its name: a map is the
sum of the primitives it lists. Monsters never trigger these rules (only characters call
the hooks). The Abyssal Lake's two rules (slippery surfaces, thin ice) also spare the
Ancients when a seat plays them as a faction (`minion_or_ancient`); a belt moves everything.
A knock-out a map's rule causes by itself (thorns, curses) goes to the victim's opponent
(`opponent_of`), in every mode.
"""
from __future__ import annotations

from typing import Any, Callable, Protocol

from wildlands.rules.commands import Command
from wildlands.rules.events import EventLog, register_event_kinds
from wildlands.rules.frames import push
from wildlands.rules.modes import mode_of
from wildlands.rules.state import Character, Frame, GameState, Monster

register_event_kinds("ice_cracked", "curse_taken", "belt_ran")


class Effect(Protocol):
    def run(self, state: GameState, frame: "MapEffectsFrame", entry: dict,
            events: EventLog) -> None:
        """Apply the rule (it may push frames, or `ask` and set `frame["asking"]`)."""

    def respond(self, state: GameState, frame: "MapEffectsFrame", entry: dict, seat: str,
                command: Command, events: EventLog) -> None:
        """Take the answer to the question `run` asked."""


EFFECTS: dict[str, Effect] = {}
# prompt kind -> answers(state, seat): read by legal.py for the rules' own questions
PROMPT_ANSWERS: dict[str, Callable[[GameState, str], list]] = {}


class MapEffectsFrame(Frame):
    # entries still to apply, in order: {"rule": name, ...its fields}, never changed once queued
    queue: list[dict]
    asking: dict | None    # the entry whose question waits for an answer


def _queue(state: GameState, entries: list[dict]) -> None:
    if entries and state.outcome is None:
        push(state, MapEffectsFrame(kind="map_effects", queue=entries, asking=None))


# --- who a rule touches and who it scores for -----------------------------------------------
def minion_or_ancient(state: GameState, figure: Character | Monster) -> bool:
    """A minion or an Ancient: a monster, or a character of the seat playing the Ancients
    faction (The Wrath, a five-player war). The Abyssal Lake's rules leave these alone."""
    return isinstance(figure, Monster) or figure.player == mode_of(state).ancients_seat(state)


def opponent_of(state: GameState, character: Character) -> str | None:
    """The opposing player a knock-out by a map's own rule is given to: the one player to
    whom the character is an enemy (the other player of a two-player game, whatever the
    mode); None when there is no such single player (co-op, three or more sides)."""
    mode = mode_of(state)
    enemies = [p for p in state.player_ids() if mode.is_enemy(state, p, character)]
    return enemies[0] if len(enemies) == 1 else None


# --- the hooks --------------------------------------------------------------------------------
SELF_PROPELLED = ("move", "fly", "rally")  # a character entering by its own movement


def entered(state: GameState, character_ids: list[str], how: str, events: EventLog) -> None:
    """Characters entered their current spaces: queue the rules of those spaces."""
    features = state.board.features
    if not features:
        return
    entries: list[dict] = []
    for cid in character_ids:
        character = state.characters[cid]
        space = character.space
        if space is None or character.knocked_out:
            continue
        base = {"character": cid, "space": space}
        spared = minion_or_ancient(state, character)
        if space in (features.get("thin_ice") or ()) and not spared:
            entries.append({"rule": "thin_ice", **base})
        if space in (features.get("tombs") or ()):
            entries.append({"rule": "tombs", **base})
        slippery = features.get("slippery")
        if (how in SELF_PROPELLED and not spared
                and (slippery is True or space in (slippery or ()))):
            entries.append({"rule": "slippery", **base})
    _queue(state, entries)


def revealed(state: GameState, character: Character, events: EventLog) -> None:
    """A character appeared on its space: only a tomb's curse cares (entering rules do not)."""
    tombs = state.board.features.get("tombs") if state.board.features else None
    if tombs and character.space in tombs:
        _queue(state, [{"rule": "tombs", "character": character.id, "space": character.space}])


def scored(state: GameState, seat: str, events: EventLog) -> None:
    """A player scored a point: on a board with belts they may run one."""
    if (state.board.features and state.board.features.get("belts")
            and seat in state.player_ids()):
        _queue(state, [{"rule": "belts", "seat": seat}])


def count_move(state: GameState, character: Character) -> None:
    """Count a `move` action of this character this turn (slippery surfaces need 2+)."""
    if not state.board.features or state.board.features.get("slippery") is None:
        return
    turn = state.turn
    key = f"{turn.phase}:{turn.round}:{turn.active}"
    if state.map_state.get("moves_turn") != key:
        state.map_state["moves_turn"] = key
        state.map_state["moves"] = {}
    moves = state.map_state.setdefault("moves", {})
    moves[character.id] = moves.get(character.id, 0) + 1


def moves_this_turn(state: GameState, character: Character) -> int:
    turn = state.turn
    if state.map_state.get("moves_turn") != f"{turn.phase}:{turn.round}:{turn.active}":
        return 0
    return int(state.map_state.get("moves", {}).get(character.id, 0))


def public(state: GameState) -> dict[str, Any]:
    """What every seat may see of the map rules' memory: curses and emptied tombs."""
    shown: dict[str, Any] = {}
    if state.map_state.get("curses"):
        shown["curses"] = dict(state.map_state["curses"])
    tombs = state.board.features.get("tombs") if state.board.features else None
    if tombs:
        emptied = set(state.map_state.get("emptied_tombs", ()))
        shown["cursed_tombs"] = [n for n in tombs if n not in emptied]
    return shown
