"""Websocket URL patterns, mounted by wildlands_site/asgi.py. Game consumers go here."""
websocket_urlpatterns: list = []
