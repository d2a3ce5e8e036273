"""Plays real Defenders of the Wild games through the site's services and dumps their rows
(users, games, seats, commands, events) as gzipped JSON, for the test that stored Defenders
games keep loading, replaying and playing on as the core and the site change.

    python tests/defenders_site/data/make_stored_defenders.py OUT.json.gz

A temporary SQLite database, eager tasks (the embedded mode): a finished two-player table
with a bot, a four-player table with three bots, and a player alone mid-game whose log
holds an undo."""
import gzip
import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildlands_site.settings")
os.environ["DEBUG"] = "1"
os.environ["DATABASE_URL"] = "sqlite:////tmp/stored-defenders.sqlite3"
sys.path.insert(0, os.getcwd())
if os.path.exists("/tmp/stored-defenders.sqlite3"):
    os.remove("/tmp/stored-defenders.sqlite3")

import django  # noqa: E402

django.setup()
from django.contrib.auth import get_user_model  # noqa: E402
from django.core import serializers  # noqa: E402
from django.core.management import call_command  # noqa: E402

call_command("migrate", verbosity=0)
from defenders.game import GAME  # noqa: E402
from games import lobby, selectors, services  # noqa: E402
from games.models import Game, GameCommand, GameEvent, Seat  # noqa: E402
from games.undo import game_undo  # noqa: E402

User = get_user_model()
alice = User.objects.get_or_create(username="alice")[0]


def drive(game, limit, *, undo_after_move=False):
    """p1 plays the greedy bot's choices; the machines and bot seats move through the tasks.
    With `undo_after_move`, p1's first move of an action phase is taken back, and it stops
    there, mid-game."""
    for _ in range(limit):
        game.refresh_from_db()
        state = selectors.game_state(game)
        if game.status == Game.Status.FINISHED:
            return
        command = GAME.bot_command(state, "p1", "greedy", state.version)
        services.game_apply_command(game_id=game.id, user=alice, expected_version=state.version,
                                    command=command)
        if undo_after_move and command["do"] == "move":
            game_undo(game_id=game.id, user=alice, expected_version=state.version + 1)
            return


games = []
g = lobby.game_create(user=alice, mode="defenders", players=2, bots=1, tier="intermediate",
                      deck="order:ember", seed=21)
drive(g, 3000)
games.append(g)
g = lobby.game_create(user=alice, mode="defenders", players=4, bots=3, tier="base",
                      deck="sect:vesper", seed=22)
drive(g, 3000)
games.append(g)
g = lobby.game_create(user=alice, mode="defenders", players=1, tier="expert", deck="coven:morrow",
                      second_deck="council:oaken", seed=23)
drive(g, 400, undo_after_move=True)
games.append(g)

objects = [alice]
for g in games:
    g.refresh_from_db()
    print(g.mode, g.status, g.version, g.outcome, GameCommand.objects.filter(game=g).count())
    objects += [g, *Seat.objects.filter(game=g), *GameCommand.objects.filter(game=g).order_by("version"),
                *GameEvent.objects.filter(game=g).order_by("seq")]
with gzip.open(sys.argv[1], "wt") as f:
    f.write(serializers.serialize("json", objects, indent=None))
print("wrote", sys.argv[1])
