"""Stored states name the mode's own part `mode_state` (it was `awoken`).

The slot holds whatever the mode keeps of its own (The Awoken's scenarios, the war's teams,
the Wrath's carried shards), so `GameState.awoken` became `GameState.mode_state` and
`serialize.state_to_data` writes the key "mode_state". Every stored state is a game's
`snapshot` or `initial_snapshot` (events and commands hold no state), so those two are
rewritten here; the reverse writes the old key back. The key keeps its place in the dict.
"""
from django.db import migrations

OLD_KEY = "awoken"
NEW_KEY = "mode_state"
BATCH = 500


def renamed(data, old: str, new: str):
    """`data` with its top-level key `old` called `new`, in the same place; anything that
    is not a stored state of the old shape is returned unchanged."""
    if not isinstance(data, dict) or old not in data or new in data:
        return data
    return {(new if key == old else key): value for key, value in data.items()}


def _rewrite(apps, old: str, new: str) -> None:
    Game = apps.get_model("games", "Game")
    changed = []
    for game in Game.objects.only("id", "snapshot", "initial_snapshot").iterator(chunk_size=BATCH):
        snapshot = renamed(game.snapshot, old, new)
        initial = renamed(game.initial_snapshot, old, new)
        if snapshot is not game.snapshot or initial is not game.initial_snapshot:
            game.snapshot, game.initial_snapshot = snapshot, initial
            changed.append(game)
        if len(changed) >= BATCH:
            Game.objects.bulk_update(changed, ["snapshot", "initial_snapshot"])
            changed = []
    if changed:
        Game.objects.bulk_update(changed, ["snapshot", "initial_snapshot"])


def snapshots_to_mode_state(apps, schema_editor) -> None:
    _rewrite(apps, OLD_KEY, NEW_KEY)


def snapshots_to_awoken(apps, schema_editor) -> None:
    _rewrite(apps, NEW_KEY, OLD_KEY)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0006_game_companion_token"),
    ]

    operations = [
        migrations.RunPython(snapshots_to_mode_state, snapshots_to_awoken, elidable=False),
    ]
