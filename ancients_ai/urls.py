"""The Awoken's own pages, declared by its modes (`AwokenGame.urls`) and mounted by the site
in the "games" namespace, so templates name them `games:campaigns` and so on."""
from django.urls import path

from ancients_ai import campaign_views

urlpatterns = [
    path("campaigns/", campaign_views.campaign_list, name="campaigns"),
    path("campaigns/new/", campaign_views.campaign_new, name="campaign_new"),
    path("campaigns/<int:pk>/", campaign_views.campaign_detail, name="campaign"),
    path("campaigns/<int:pk>/join/<str:token>/", campaign_views.campaign_join,
         name="campaign_join"),
    path("campaigns/<int:pk>/play/", campaign_views.campaign_play, name="campaign_play"),
    path("rules/campaign/", campaign_views.campaign_rules, name="campaign_rules"),
]
