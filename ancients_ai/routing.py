"""Websocket URL patterns of the Ancients' side, declared by The Awoken's modes
(`AwokenGame.websocket_urls`) and mounted by games/routing.py."""
from django.urls import path

from ancients_ai.consumers import SimulationProgressConsumer

websocket_urlpatterns: list = [
    path("ws/admin/simulation/<int:run_id>/", SimulationProgressConsumer.as_asgi()),
]
