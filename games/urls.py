"""URLs of the games app (the shared contract's paths)."""
from django.urls import path

from ancients_ai import campaign_views
from games import companion_views, replay_views, views

app_name = "games"

urlpatterns = [
    path("", views.home, name="home"),
    path("play/", views.game_list, name="list"),
    path("play/new/", views.game_new, name="new"),
    path("play/<uuid:game_id>/", views.game_board, name="board"),
    path("play/<uuid:game_id>/join/<str:token>/", views.game_join, name="join"),
    path("play/<uuid:game_id>/events/", views.game_events, name="events"),
    # The Awoken's campaigns (ancients_ai/campaign_views.py)
    path("campaigns/", campaign_views.campaign_list, name="campaigns"),
    path("campaigns/new/", campaign_views.campaign_new, name="campaign_new"),
    path("campaigns/<int:pk>/", campaign_views.campaign_detail, name="campaign"),
    path("campaigns/<int:pk>/join/<str:token>/", campaign_views.campaign_join, name="campaign_join"),
    path("campaigns/<int:pk>/play/", campaign_views.campaign_play, name="campaign_play"),
    path("rules/campaign/", campaign_views.campaign_rules, name="campaign_rules"),
    # replays (games/replay_views.py)
    path("play/<uuid:game_id>/replay/", replay_views.game_replay, name="replay"),
    path("play/<uuid:game_id>/replay/steps/", replay_views.game_replay_steps,
         name="replay_steps"),
    path("play/<uuid:game_id>/replay/share/", replay_views.game_replay_share,
         name="replay_share"),
    path("replays/<str:token>/", replay_views.public_replay, name="public_replay"),
    path("replays/<str:token>/steps/", replay_views.public_replay_steps,
         name="public_replay_steps"),
    # the table companion (games/companion_views.py)
    path("table/new/", companion_views.companion_new, name="companion_new"),
    path("table/<uuid:game_id>/<str:token>/", companion_views.companion_page, name="companion"),
    path("table/<uuid:game_id>/<str:token>/state/", companion_views.companion_state,
         name="companion_state"),
    path("table/<uuid:game_id>/<str:token>/command/", companion_views.companion_command,
         name="companion_command"),
]
