"""Websocket URL patterns, mounted by wildlands_site/asgi.py."""
from django.urls import path

from games.consumers import GameConsumer

websocket_urlpatterns: list = [
    path("ws/play/<uuid:game_id>/", GameConsumer.as_asgi()),
]

from ancients_ai.routing import websocket_urlpatterns as _ancients_ai_patterns  # noqa: E402

websocket_urlpatterns += _ancients_ai_patterns
