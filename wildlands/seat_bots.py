"""What a Wildlands bot seat sends: its bot's choice among the legal commands, with the
rules of the shared turn and the duty to act.

In The Awoken's shared turn a bot plays until it would end the turn; then it says it is
done (`finish`, once) and the turn ends when its partner is done too: it never ends the
turn for both (`end_turn`). Where the table waits on the bot alone, it must never stall:
if its bot finds nothing it likes, the quietest command the rules accept is sent.
"""
from __future__ import annotations

from typing import Any, Optional

from wildlands.bots import make_bot
from wildlands.rules.legal import legal_commands
from wildlands.rules.state import GameState


def as_data(command: Any) -> dict:
    """A legal command as the JSON object a client sends."""
    return command.to_data() if hasattr(command, "to_data") else dict(command)


def shared_turn(state: GameState) -> bool:
    return state.prompt is None and state.turn.phase != "setup" and state.turn.actor is None


def decide(state: GameState, seat: str, bot: str, seed: int) -> Optional[dict]:
    """The command bot `bot` in `seat` sends now, or None (in the shared turn: done until
    its partner ends the turn)."""
    command = bot_choice(state, seat, bot, seed)
    if command is None and not shared_turn(state):
        command = checked_command(state, seat)  # obliged to act: never stall the table
    return command


def bot_choice(state: GameState, seat: str, bot: str, seed: int) -> Optional[dict]:
    """The bot's own choice, or None (nothing to do, or done for this shared turn)."""
    legal = legal_commands(state, seat)
    if not legal:
        return None
    chosen = make_bot(bot, seed).choose(state, seat, legal)
    if chosen is None:
        return None
    command = as_data(chosen)
    if shared_turn(state) and command.get("do") in ("end_turn", "finish"):
        # done for now: said once (`finish`), so the partner's own "done" ends the turn
        return next((c for c in map(as_data, legal) if c.get("do") == "finish"), None)
    return command


def checked_command(state: GameState, seat: str) -> Optional[dict]:
    """A command the rules accept from `seat` now (checked through `apply`), the quiet one
    first (pass, end the turn); never the end of a shared turn, which is the partner's."""
    commands = [as_data(c) for c in legal_commands(state, seat, verify=True)]
    if shared_turn(state):
        commands = [c for c in commands if c.get("do") != "end_turn"]
    quiet = [c for c in commands
             if c.get("respond") == "pass" or c.get("do") in ("end_turn", "finish")]
    return (quiet or commands or [None])[0]
