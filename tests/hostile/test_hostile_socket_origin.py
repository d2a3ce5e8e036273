"""The websocket's Origin check (issue 31, item 5): a socket is opened only by a page of this
site's own origin, scheme, host and port, or of CSRF_TRUSTED_ORIGINS. The host alone was
compared before: a plain-HTTP page of the same name on an HTTPS site, or a program on
another port of an allowed host, could open a socket with the visitor's cookies."""
from __future__ import annotations

import asyncio

import pytest
from channels.testing import WebsocketCommunicator

from wildlands_site.socket_origin import SameOriginValidator

pytestmark = pytest.mark.django_db  # closing a socket closes stale connections


async def _accept(scope, receive, send) -> None:
    """What stands behind the check in this test: accepts any socket it is given."""
    await receive()
    await send({"type": "websocket.accept"})


def opens(headers: list[tuple[bytes, bytes]], *, scheme: str = "ws") -> bool:
    """Whether a socket with these handshake headers gets past the origin check."""
    async def knock() -> bool:
        socket = WebsocketCommunicator(SameOriginValidator(_accept), "/ws/play/x/",
                                       headers=headers)
        socket.scope["scheme"] = scheme
        connected, _ = await socket.connect(timeout=5)
        await socket.disconnect()
        return connected

    return asyncio.run(knock())


def test_the_site_puts_the_check_before_every_socket():
    from wildlands_site.asgi import application

    assert isinstance(application.application_mapping["websocket"], SameOriginValidator)


@pytest.fixture
def behind_tls(settings):
    settings.ALLOWED_HOSTS = ["wildlands.example", "127.0.0.1"]
    settings.CSRF_TRUSTED_ORIGINS = ["https://wildlands.example"]


def test_the_sites_own_https_page_opens_a_socket(behind_tls):
    site = [(b"host", b"wildlands.example"), (b"origin", b"https://wildlands.example")]
    assert opens(site, scheme="wss")
    assert opens(site, scheme="ws")  # the proxy's word not passed on: the trusted origin
    assert opens([(b"host", b"wildlands.example"),
                  (b"origin", b"https://wildlands.example:443")], scheme="wss")


@pytest.mark.parametrize("origin", [
    b"http://wildlands.example",  # the same name over plain HTTP
    b"https://wildlands.example:8443",  # another port
    b"wss://wildlands.example", b"null", b"wildlands.example", b"https://evil.example",
    b"https://wildlands.example.evil.example", b"https://wildlands.example:99999",
    b"https://wildlands.example:x",
])
def test_another_scheme_or_port_of_the_same_host_is_denied(behind_tls, origin):
    assert not opens([(b"host", b"wildlands.example"), (b"origin", origin)], scheme="wss")


def test_on_a_plain_address_only_its_own_port_opens_a_socket(behind_tls):
    host = (b"host", b"127.0.0.1:8000")
    assert opens([host, (b"origin", b"http://127.0.0.1:8000")])
    assert not opens([host, (b"origin", b"http://127.0.0.1:9999")])
    assert not opens([host, (b"origin", b"http://127.0.0.1")])
    assert not opens([host, (b"origin", b"https://127.0.0.1:8000")])


def test_no_origin_or_two_of_them_is_denied(behind_tls):
    host = (b"host", b"wildlands.example")
    good = (b"origin", b"https://wildlands.example")
    assert not opens([host], scheme="wss")
    assert not opens([host, good, (b"origin", b"https://evil.example")], scheme="wss")
    assert opens([good], scheme="wss")  # no Host: the trusted list alone answers
    assert not opens([(b"origin", b"http://wildlands.example")], scheme="wss")
