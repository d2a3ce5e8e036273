"""The Awoken's own pages (its campaigns, the table companion), declared by its modes
(`AwokenGame.urls`) and mounted by the site in the "games" namespace, so templates name them
`games:campaigns`, `games:companion` and so on."""
from django.urls import path

from ancients_ai import campaign_views, companion_views

urlpatterns = [
    path("campaigns/", campaign_views.campaign_list, name="campaigns"),
    path("campaigns/new/", campaign_views.campaign_new, name="campaign_new"),
    path("campaigns/<int:pk>/", campaign_views.campaign_detail, name="campaign"),
    path("campaigns/<int:pk>/join/<str:token>/", campaign_views.campaign_join,
         name="campaign_join"),
    path("campaigns/<int:pk>/play/", campaign_views.campaign_play, name="campaign_play"),
    path("rules/campaign/", campaign_views.campaign_rules, name="campaign_rules"),
    # the table companion (ancients_ai/companion_views.py)
    path("table/new/", companion_views.companion_new, name="companion_new"),
    path("table/<uuid:game_id>/<str:token>/", companion_views.companion_page, name="companion"),
    path("table/<uuid:game_id>/<str:token>/state/", companion_views.companion_state,
         name="companion_state"),
    path("table/<uuid:game_id>/<str:token>/command/", companion_views.companion_command,
         name="companion_command"),
]
