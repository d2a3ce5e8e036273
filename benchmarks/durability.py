"""After a load run: was every acknowledged command stored, and is every game whole?

The site acknowledges a command only after its transaction committed (no write-behind), so
every (game, version) a client was told `ack` for must be in the command log as that seat's
command, and every game the run played must have a whole history (games.history: versions
and event seqs gapless, the log replaying from the initial snapshot to the stored state).
"""
from __future__ import annotations

from typing import Iterable


def durability_problems(acked: Iterable[tuple], game_ids: Iterable) -> tuple[list[str], int, int]:
    """(problems, acks checked, games checked)."""
    from games.history import history_problems
    from games.lobby import definition_of
    from games.models import Game, GameCommand

    acked = list(acked)
    wanted = {(str(g), v) for g, v, _, _ in acked}
    stored = {}
    ids = sorted({g for g, _ in wanted})
    for chunk in range(0, len(ids), 200):
        for row in GameCommand.objects.filter(game_id__in=ids[chunk:chunk + 200]):
            stored[(str(row.game_id), row.version)] = row
    modes = dict(Game.objects.filter(pk__in=ids).values_list("pk", "mode"))
    definitions = {str(pk): definition_of(mode) for pk, mode in modes.items()}
    problems = []
    for game_id, version, seat, command in acked:
        row = stored.get((str(game_id), version))
        definition = definitions.get(str(game_id))
        if row is None or definition is None:
            problems.append(f"game {game_id}: acked version {version} is not stored")
        elif row.seat != seat or row.command != definition.stored(definition.prepare(command)):
            problems.append(f"game {game_id}: version {version} stored {row.seat} "
                            f"{row.command}, acked {seat} {command}")
    games = list(Game.objects.filter(pk__in=list(game_ids)))
    for game in games:
        problems += history_problems(game)
    return problems, len(acked), len(games)
