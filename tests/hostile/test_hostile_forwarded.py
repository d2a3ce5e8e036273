"""Forwarded headers (issue 31, item 4): with BEHIND_TLS_PROXY=1, `X-Forwarded-Proto: https`
is the proxy's word only. From any other address it is dropped, so a client that reaches
the web process directly cannot skip the HTTPS redirect; the proxy's addresses are
FORWARDED_ALLOW_IPS, the list uvicorn trusts too. docker-compose publishes the web port on
the host's loopback alone."""
from __future__ import annotations

import os
import secrets
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import yaml
from django.test import Client

from benchmarks.live_site import Service, free_port

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
HTTPS = {"HTTP_X_FORWARDED_PROTO": "https"}


@pytest.fixture
def behind_tls(settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_SSL_REDIRECT = True
    settings.TLS_PROXY_ADDRESSES = ["10.0.0.2", "172.16.0.0/12"]


def test_a_client_saying_https_from_elsewhere_is_redirected_to_https(behind_tls):
    for address in ("203.0.113.9", "127.0.0.1", "10.0.0.3", "::1", "not-an-address"):
        response = Client(REMOTE_ADDR=address).get("/rules/campaign/", **HTTPS)
        assert response.status_code == 301, address
        assert response["Location"] == "https://testserver/rules/campaign/"


def test_the_proxy_saying_https_is_believed(behind_tls):
    for address in ("10.0.0.2", "172.18.0.1", "::ffff:10.0.0.2"):
        response = Client(REMOTE_ADDR=address).get("/rules/campaign/", **HTTPS)
        assert response.status_code == 200, address
    plain = Client(REMOTE_ADDR="10.0.0.2").get("/rules/campaign/")
    assert plain.status_code == 301  # the proxy's own plain HTTP is still redirected


def test_the_proxys_addresses_must_be_addresses():
    env = {"PATH": os.environ.get("PATH", ""), "SECRET_KEY": secrets.token_urlsafe(50),
           "BEHIND_TLS_PROXY": "1", "FORWARDED_ALLOW_IPS": "*"}
    done = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "FORWARDED_ALLOW_IPS='*' is not valid" in done.stderr
    assert "'*' would trust every client" in done.stderr


def served_as_in_production(trusted: str) -> Service:
    """uvicorn as docker-compose's `web` runs it, trusting forwarded headers from `trusted`."""
    port = free_port()
    env = {**os.environ, "DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50),
           "ALLOWED_HOSTS": "127.0.0.1", "BEHIND_TLS_PROXY": "1", "SECURE_SSL_REDIRECT": "1",
           "FORWARDED_ALLOW_IPS": trusted, "LOG_LEVEL": "WARNING"}
    return Service([sys.executable, "-m", "uvicorn", "wildlands_site.asgi:application",
                    "--host", "127.0.0.1", "--port", str(port), "--proxy-headers",
                    f"--forwarded-allow-ips={trusted}", "--no-access-log"],
                   env=env, port=port).start()


def status_of(port: int) -> int:
    """The status of /favicon.ico (no database needed) asked over plain HTTP, saying https."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}/favicon.ico",
                                     headers={"X-Forwarded-Proto": "https"})

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        return urllib.request.build_opener(NoRedirect).open(request, timeout=20).status
    except urllib.error.HTTPError as error:
        return error.code


@pytest.mark.parametrize("trusted, status", [("10.9.9.9", 301), ("127.0.0.1", 200)],
                         ids=["client-not-the-proxy", "the-proxy"])
def test_uvicorn_and_django_believe_the_same_proxy(trusted, status):
    server = served_as_in_production(trusted)
    try:
        assert status_of(server.port) == status
    finally:
        server.stop()


def test_compose_publishes_the_web_port_on_loopback_only():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    for service in compose["services"].values():
        for published in service.get("ports", []):
            assert str(published).startswith("127.0.0.1:"), published
