"""Which pages may open a websocket: those of this site's own origin, scheme, host and port.

A browser sends a socket's handshake with the visitor's cookies whatever page opened it, so
the `Origin` header is the only sign of who is asking. Channels' AllowedHostsOriginValidator
compares the host name alone: `http://wildlands.example` (a page served over plain HTTP, open
to anyone on the path) passed on an HTTPS site, and so did `http://127.0.0.1:9999` (any
program listening on another port of an allowed host). Here the origin must equal, in
scheme, host and port, either the origin of the socket's own request (the `Host` header it
was sent to, `https` when the socket is `wss`: uvicorn says so from the proxy's
`X-Forwarded-Proto`, trusted from FORWARDED_ALLOW_IPS alone) or an entry of
CSRF_TRUSTED_ORIGINS (the public `https://` address behind a TLS proxy). Its host must still
be one of ALLOWED_HOSTS. Anything else, no origin included, is denied before the consumer
runs.
"""
from __future__ import annotations

from typing import Any, Optional
from urllib.parse import SplitResult, urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


class SameOriginValidator:
    """ASGI middleware for websockets: `application` only for a page of this site."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict, receive: Any, send: Any) -> Any:
        if origin_allowed(scope):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)


def origin_allowed(scope: dict) -> bool:
    """Whether the socket in `scope` was opened by a page of this site (see the module)."""
    origin = _origin(_header(scope, b"origin"))
    if origin is None or origin.hostname is None:
        return False
    if not validate_host(origin.hostname, settings.ALLOWED_HOSTS):
        return False
    host = _header(scope, b"host")
    scheme = "https" if scope.get("scheme") == "wss" else "http"
    allowed = [f"{scheme}://{host}"] if host else []
    allowed += list(settings.CSRF_TRUSTED_ORIGINS)
    key = _key(origin)
    return key is not None and any(_key(_origin(entry)) == key for entry in allowed)


def _header(scope: dict, name: bytes) -> Optional[str]:
    values = [value for key, value in scope.get("headers", []) if key.lower() == name]
    if len(values) != 1:  # none, or two that may disagree
        return None
    try:
        return values[0].decode("ascii").strip()
    except UnicodeDecodeError:
        return None


def _origin(text: Optional[str]) -> Optional[SplitResult]:
    if not text:
        return None
    try:
        parts = urlsplit(text.lower())
    except ValueError:
        return None
    return parts if parts.scheme in DEFAULT_PORTS else None


def _key(origin: Optional[SplitResult]) -> Optional[tuple[str, str, int]]:
    """(scheme, host, port) with the scheme's default port filled in; None when malformed."""
    if origin is None or not origin.hostname:
        return None
    try:
        port = origin.port or DEFAULT_PORTS[origin.scheme]
    except ValueError:  # a port that is no number, or out of range
        return None
    return origin.scheme, origin.hostname, port
