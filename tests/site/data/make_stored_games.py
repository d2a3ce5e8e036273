"""Run in a checkout of 6d8a5df: plays real games of every mode through the site's services
(bots for the other seats, a greedy choice for the person) and dumps their rows as JSON, for
the test that games stored before the platform change still load and replay."""
import os, sys, json
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildlands_site.settings")
os.environ["DEBUG"] = "1"
os.environ["DATABASE_URL"] = "sqlite:////tmp/golden.sqlite3"
import django
django.setup()
from django.core.management import call_command
from django.core import serializers
call_command("migrate", verbosity=0)
call_command("load_content", verbosity=0)
from django.contrib.auth import get_user_model
from ancients_ai import scenarios as awoken_scenarios
from games import lobby, selectors, services, bot_seats
from games.models import Game, GameCommand, GameEvent, Seat
from wildlands.rules.frames import has_deferred_work
from games.undo import game_undo

User = get_user_model()
def user(name):
    return User.objects.get_or_create(username=name)[0]

def person_command(state, seat, kind, seed):
    cmd = bot_seats.bot_command(state, seat, kind, seed)
    if cmd is None:
        cmd = bot_seats.checked_command(state, seat)
    return cmd

def drive(game, people, kind, limit, undo_at=None):
    for step in range(limit):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            return
        state = selectors.game_state(game)
        if has_deferred_work(state):
            services.game_advance(game_id=game.id, version=state.version)
            continue
        moved = False
        for seat, u in people.items():
            if seat in (game.awaiting or []):
                if undo_at is not None and step == undo_at:
                    try:
                        game_undo(game_id=game.id, user=u, expected_version=state.version)
                        moved = True
                        break
                    except Exception as e:
                        print("undo refused", e)
                cmd = person_command(state, seat, kind, step * 7 + 1)
                if cmd is None:
                    continue
                services.game_apply_command(game_id=game.id, user=u, expected_version=state.version, command=cmd)
                moved = True
                break
        if not moved:
            print("stuck", game.mode, game.awaiting); return

games = []
a, b = user("alice"), user("bob")
scen = awoken_scenarios.scenario_ids_in_order()
g = lobby.game_create(user=a, mode="solo", map_name="dungeon", faction="guild", scenario_ids=scen[:1], seed=11)
drive(g, {"p1": a}, "awoken", 60, undo_at=3); games.append(g)
g = lobby.game_create(user=a, mode="coop", map_name="dungeon", faction="guild", scenario_ids=scen[:2], seed=12)
lobby.game_join(game=g, user=b, token=g.invite_token, faction="gnomads")
drive(g, {"p1": a, "p2": b}, "awoken", 60, undo_at=2); games.append(g)
g = lobby.game_create(user=a, mode="coop", map_name="dungeon", faction="guild", scenario_ids=scen[:2], seed=13, bots=1, difficulty="hard")
drive(g, {"p1": a}, "awoken", 50); games.append(g)
g = lobby.game_create(user=a, mode="skirmish", map_name="crypt", faction="guild", players=2, bots=1, seed=14)
drive(g, {"p1": a}, "greedy", 400); games.append(g)
g = lobby.game_create(user=a, mode="skirmish", map_name="dungeon", faction="guild", players=3, bots=2, seed=15)
drive(g, {"p1": a}, "greedy", 300); games.append(g)
g = lobby.game_create(user=a, mode="wrath", map_name="dungeon", faction="guild", players=3, bots=2, seed=16)
drive(g, {"p1": a}, "wrath", 300); games.append(g)
g = lobby.game_create(user=a, mode="war", map_name="dungeon", faction="guild", players=4, bots=3, seed=17)
drive(g, {"p1": a}, "greedy", 300); games.append(g)
g = lobby.game_create(user=a, mode="war", map_name="dungeon", faction="guild", players=5, bots=4, seed=18)
drive(g, {"p1": a}, "wrath", 300); games.append(g)

objects = list(User.objects.filter(username__in=["alice", "bob"]))
for g in games:
    g.refresh_from_db()
    print(g.mode, g.status, g.version, g.result, GameCommand.objects.filter(game=g).count())
    objects += [g, *Seat.objects.filter(game=g), *GameCommand.objects.filter(game=g).order_by("version"),
                *GameEvent.objects.filter(game=g).order_by("seq")]
out = sys.argv[1]
with open(out, "w") as f:
    f.write(serializers.serialize("json", objects, indent=None))
print("wrote", out)
