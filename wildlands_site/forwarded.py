"""X-Forwarded-Proto is believed only when it comes from the TLS proxy.

With BEHIND_TLS_PROXY=1 Django takes `X-Forwarded-Proto: https` as "this request came over
HTTPS" (SECURE_PROXY_SSL_HEADER). A client that reaches the web process directly could send
it too and skip the HTTPS redirect. This middleware, first of all, removes the header from
any request whose peer is not one of TLS_PROXY_ADDRESSES (FORWARDED_ALLOW_IPS, the list
uvicorn trusts too).

Under uvicorn with --proxy-headers, a request the proxy sent arrives with its scheme already
set from that header and its REMOTE_ADDR already the client's: the header is then dropped
here (the peer named is not the proxy), and Django reads the scheme uvicorn set, which is
the proxy's word. Either way, only the proxy says what is HTTPS.
"""
from __future__ import annotations

import ipaddress
from functools import lru_cache
from typing import Optional

from django.conf import settings
from django.http import HttpRequest
from django.utils.deprecation import MiddlewareMixin

HEADER = "HTTP_X_FORWARDED_PROTO"


class ProxyOnlyForwardedProto(MiddlewareMixin):
    """Drops X-Forwarded-Proto unless the request's peer is the TLS proxy."""

    def process_request(self, request: HttpRequest) -> None:
        if HEADER in request.META and not from_proxy(request.META.get("REMOTE_ADDR")):
            del request.META[HEADER]


def from_proxy(address: Optional[str]) -> bool:
    """Whether `address` is one of TLS_PROXY_ADDRESSES (addresses or networks)."""
    if not address:
        return False
    try:
        peer = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(peer, ipaddress.IPv6Address) and peer.ipv4_mapped is not None:
        peer = peer.ipv4_mapped  # ::ffff:127.0.0.1 is 127.0.0.1
    return any(peer in network for network in _networks(tuple(settings.TLS_PROXY_ADDRESSES)))


@lru_cache(maxsize=8)
def _networks(entries: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(entry, strict=False) for entry in entries)
