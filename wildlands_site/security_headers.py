"""Response headers Django 5.2 does not set by itself: a Content-Security-Policy, and
`Cache-Control: no-store` on the pages that carry a seat's hand.

The policy allows what the pages really load, all from this site: the board's and the
table's ES modules and the admin's scripts (`script-src 'self'`), the few inline scripts
of the lobby pages by this request's nonce (`request.csp_nonce`, written into their
`<script nonce>`), inline styles (`style-src 'unsafe-inline'`: style attributes and the
pages' `<style>` blocks, which a nonce cannot cover for attributes), the game socket on
this host (`connect-src`, with its ws:/wss: origin spelled out for browsers whose 'self'
does not include it), and nothing framed, embedded or posted elsewhere. An injected
inline script or event handler is refused.

No-store: the board, its events feed, a replay and its steps, the table companion's page
and JSON show a seat's hidden cards; a shared computer's browser cache or back button
must not keep them after the player leaves. Listed by URL name (NO_STORE_VIEWS), so a
view keeps any Cache-Control it sets itself.

Written for both ways Django calls middleware, so an ASGI request is not sent through a
thread for it.
"""
from __future__ import annotations

import secrets
from typing import Any, Awaitable, Callable, Union

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponseBase

NO_STORE_VIEWS = frozenset({
    "games:board", "games:events", "games:replay", "games:replay_steps",
    "games:public_replay", "games:public_replay_steps", "games:companion",
    "games:companion_state", "games:companion_command",
})

Handler = Callable[[HttpRequest], Union[HttpResponseBase, Awaitable[HttpResponseBase]]]


class SecurityHeadersMiddleware:
    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        if self.is_async:
            return self._call_async(request)
        request.csp_nonce = secrets.token_urlsafe(16)  # type: ignore[attr-defined]
        response = self.get_response(request)
        return _with_headers(request, response)  # type: ignore[arg-type]

    async def _call_async(self, request: HttpRequest) -> HttpResponseBase:
        request.csp_nonce = secrets.token_urlsafe(16)  # type: ignore[attr-defined]
        response = await self.get_response(request)  # type: ignore[misc]
        return _with_headers(request, response)


def content_security_policy(request: HttpRequest) -> str:
    host = request.get_host()
    socket = f"{'wss' if request.is_secure() else 'ws'}://{host}"
    return "; ".join([
        "default-src 'self'",
        f"script-src 'self' 'nonce-{request.csp_nonce}'",  # type: ignore[attr-defined]
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        f"connect-src 'self' {socket}",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ])


def _with_headers(request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
    if "Content-Security-Policy" not in response:
        try:
            response["Content-Security-Policy"] = content_security_policy(request)
        except DisallowedHost:  # the 400 page Django answers with loads nothing
            response["Content-Security-Policy"] = "default-src 'self'"
    match = getattr(request, "resolver_match", None)
    if match is not None and match.view_name in NO_STORE_VIEWS \
            and "Cache-Control" not in response:
        response["Cache-Control"] = "no-store"
    return response
