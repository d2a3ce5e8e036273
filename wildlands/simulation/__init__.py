"""Headless games: bots play to the end, every command is logged, and a log replays exactly.

Pure (no Django): the `simulate` management command, the engine benchmark and the tests all
use it. A game is reproducible from `(seed, content names, command log)`; `replay` rebuilds
it and checks the final state against a digest taken when the game was played.

Who acts next is decided the way a table would: a pending prompt's seat answers; else, in a
skirmish, right after an action the other players are offered an interrupt, closest in turn
order to the active player first; else the player whose move it is acts. In The Awoken's
shared turn each player in seat order plays until it would end the turn; the last one to be
done ends it for everyone. In a war (`play_war`) the team whose turn it is plays seat by
seat: first who must reveal, then each teammate until it says it is done (`finish`); the
other team is offered interrupts as in a skirmish. Deferred work (the Ancients' turn when the site defers it) runs
through `engine.advance` right after the command that started it, both when playing and when
replaying, so the log holds only what seats sent.

A game that has not ended after `max_commands` commands is stopped and reported as
unfinished: never counted as a win or silently dropped.

| module | what it holds |
| --- | --- |
| `records` | `GameRecord`, `SimulationError`, `state_digest` |
| `content` | boards (shipped or the built-in grid), factions from the seed, `new_game`, `bot_seed` |
| `playing` | `play_skirmish`, `play_war`, `play_wrath`, `play_awoken`, `play`, `replay`; who is asked next |
| `summary` | `Summary`: a batch of games in figures |
"""
from wildlands.simulation.content import available_maps, bot_seed, load_board, new_game
from wildlands.simulation.playing import (play, play_awoken, play_skirmish, play_war, play_wrath,
                                      rare_collections, replay)
from wildlands.simulation.records import DEFAULT_MAX_COMMANDS, GameRecord, SimulationError
from wildlands.simulation.summary import Summary

__all__ = ["DEFAULT_MAX_COMMANDS", "GameRecord", "SimulationError", "Summary", "available_maps",
           "bot_seed", "load_board", "new_game", "play", "play_awoken", "play_skirmish",
           "play_war", "play_wrath", "rare_collections", "replay"]
