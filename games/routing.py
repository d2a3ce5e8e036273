"""Websocket URL patterns, mounted by wildlands_site/asgi.py: the board's, then the routes
the registered games declare (`GameDefinition.websocket_urls`)."""
from django.urls import path

from games.consumers import GameConsumer
from games.urls import declared

websocket_urlpatterns: list = [
    path("ws/play/<uuid:game_id>/", GameConsumer.as_asgi()),
    *declared("websocket_urls"),
]
