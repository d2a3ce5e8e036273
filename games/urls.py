"""URLs of the games app (the shared contract's paths), then the pages the registered games
declare (`GameDefinition.urls`): the site names no game, so it imports none of their
views."""
from django.urls import path

from games import catalogue_views, learn_views, replay_views, views
from games.platform import registry

app_name = "games"


def declared(kind: str) -> list:
    """Every registered game's `urls()` (or `websocket_urls()`) in the registry's order,
    each route once: modes of one game declare the same pages."""
    found, seen = [], set()
    for game in registry.all_games():
        for route in getattr(game, kind)():
            key = route.name or str(route.pattern)
            if key not in seen:
                seen.add(key)
                found.append(route)
    return found


urlpatterns = [
    path("", catalogue_views.home, name="home"),
    path("games/<slug:slug>/", catalogue_views.game_page, name="game_page"),
    path("play/", views.game_list, name="list"),
    path("play/new/", views.game_new, name="new"),
    path("play/<uuid:game_id>/", views.game_board, name="board"),
    path("play/<uuid:game_id>/join/<str:token>/", views.game_join, name="join"),
    path("play/<uuid:game_id>/events/", views.game_events, name="events"),
    # replays (games/replay_views.py)
    path("play/<uuid:game_id>/replay/", replay_views.game_replay, name="replay"),
    path("play/<uuid:game_id>/replay/steps/", replay_views.game_replay_steps,
         name="replay_steps"),
    path("play/<uuid:game_id>/replay/share/", replay_views.game_replay_share,
         name="replay_share"),
    path("replays/<str:token>/", replay_views.public_replay, name="public_replay"),
    path("replays/<str:token>/steps/", replay_views.public_replay_steps,
         name="public_replay_steps"),
    # how to play a game and its guided first game (games/learn_views.py)
    path("games/<slug:key>/rules/", learn_views.rules_page, name="rules"),
    path("games/<slug:key>/guided/", learn_views.guided_start, name="guided"),
    *declared("urls"),
]
