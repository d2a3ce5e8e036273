"""The deploy checklist (issue 26, item 10): `manage.py check --deploy` clean with the
production environment of the README, a Content-Security-Policy that matches what the
pages load (scripts from the site, inline ones only by this response's nonce, no inline
handlers), `Cache-Control: no-store` on the pages that carry a seat's hand, and uvicorn
trusting forwarded headers from the proxy alone and sending socket messages uncompressed
(docs/performance.md: per-message deflate cost the web a fifth more CPU at 600 load tables
and each game 100 KiB more memory), as the benchmarks serve the site too."""
from __future__ import annotations

import json
import os
import re
import secrets
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from django.test import Client
from uvicorn.main import main as uvicorn_cli

from ancients_ai import companion
from benchmarks.live_site import web_server
from ancients_ai import scenarios as awoken_scenarios
from games import lobby
from wildlands.content import offer
from support.site import _fresh_state_cache, map_name, start_skirmish  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION_ENV = {  # README, Production: what a deployment behind a TLS proxy sets
    "DEBUG": "0", "ALLOWED_HOSTS": "wildlands.example",
    "CSRF_TRUSTED_ORIGINS": "https://wildlands.example", "SECURE_COOKIES": "1",
    "BEHIND_TLS_PROXY": "1", "SECURE_SSL_REDIRECT": "1", "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "1", "SECURE_HSTS_PRELOAD": "1",
}


def test_check_deploy_reports_no_issue_with_the_production_environment():
    env = {"PATH": os.environ.get("PATH", ""), "SECRET_KEY": secrets.token_urlsafe(50),
           **PRODUCTION_ENV}
    done = subprocess.run([sys.executable, "manage.py", "check", "--deploy",
                           "--fail-level", "WARNING"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout


def test_the_production_variables_are_in_the_readme():
    readme = (ROOT / "README.md").read_text()
    table = {row.split("|")[1].strip(" `") for row in readme.splitlines()
             if row.startswith("| `")}
    assert set(PRODUCTION_ENV) - {"DEBUG"} <= table
    assert "FORWARDED_ALLOW_IPS" in table


# --- what the pages load ---------------------------------------------------------------------------
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)([^>]*)>", re.I)
INLINE_HANDLER = re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.I)


def policy_of(response) -> dict[str, str]:
    header = response["Content-Security-Policy"]
    return {part.split()[0]: part for part in (p.strip() for p in header.split(";")) if part}


def assert_page_keeps_to_its_policy(response, where: str) -> None:
    policy = policy_of(response)
    script = policy["script-src"]
    assert "'unsafe-inline'" not in script and "'unsafe-eval'" not in script, where
    nonce = re.search(r"'nonce-([^']+)'", script).group(1)
    html = response.content.decode()
    for attributes in INLINE_SCRIPT.findall(html):
        assert f'nonce="{nonce}"' in attributes, (where, attributes)
    assert not INLINE_HANDLER.search(html), (where, INLINE_HANDLER.search(html).group(0))
    assert "object-src 'none'" in policy["object-src"] and "frame-ancestors" in policy, where
    assert "ws://testserver" in policy["connect-src"], where  # the game socket


@pytest.fixture
def world(owner, teammate, django_user_model):
    game = start_skirmish(owner, teammate)
    waiting = lobby.game_create(user=owner, mode="skirmish", map_name=map_name(),
                                faction="guild", players=2, seed=3)
    table = companion.companion_create(
        user=None, map_name=map_name(), factions=[offer.available_factions()[0][0]],
        scenario_ids=[awoken_scenarios.scenario_ids_in_order()[0]])
    staff = django_user_model.objects.create_superuser("root", "r@example.com", "pw-long-91x")
    return {"game": game, "waiting": waiting, "table": table, "owner": owner, "staff": staff}


def test_every_page_carries_a_policy_its_inline_scripts_keep_to(world):
    player, admin, visitor = Client(), Client(), Client()
    player.force_login(world["owner"])
    admin.force_login(world["staff"])
    table = world["table"]
    pages = [
        (visitor, "/"), (visitor, "/accounts/login/"), (visitor, "/table/new/"),
        (visitor, f"/table/{table.id}/{table.companion_token}/"),
        (player, "/play/"), (player, "/play/new/"), (player, f"/play/{world['game'].id}/"),
        (player, f"/play/{world['waiting'].id}/"), (player, f"/play/{world['game'].id}/replay/"),
        (admin, "/admin/"), (admin, "/admin/ancients_ai/scenario/"),
    ]
    nonces = set()
    for client, url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        assert_page_keeps_to_its_policy(response, url)
        nonces.add(re.search(r"'nonce-([^']+)'", response["Content-Security-Policy"]).group(1))
    assert len(nonces) == len(pages)  # a fresh nonce for every response


def test_pages_that_carry_a_hand_are_not_stored(world):
    player, visitor = Client(), Client()
    player.force_login(world["owner"])
    game, table = world["game"], world["table"]
    hand = [
        (player, f"/play/{game.id}/"), (player, f"/play/{game.id}/events/"),
        (player, f"/play/{game.id}/replay/"), (player, f"/play/{game.id}/replay/steps/"),
        (visitor, f"/table/{table.id}/{table.companion_token}/"),
        (visitor, f"/table/{table.id}/{table.companion_token}/state/"),
    ]
    for client, url in hand:
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Cache-Control"] == "no-store", url
    assert "no-store" not in visitor.get("/").get("Cache-Control", "")


# --- the proxy ---------------------------------------------------------------------------------------
def _compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def _shipped_web_commands() -> dict[str, str]:
    """The shell command each shipped web server runs (`exec uvicorn ...`), by file."""
    dockerfile_cmd = (ROOT / "Dockerfile").read_text().split("\nCMD ")[-1].strip()
    return {"docker-compose.yml": _compose()["services"]["web"]["command"][-1],
            "Dockerfile": json.loads(dockerfile_cmd)[-1]}


def _uvicorn_options(words: list[str]) -> dict:
    """What uvicorn's own command line makes of its arguments."""
    return uvicorn_cli.make_context("uvicorn", list(words)).params


def _shipped_uvicorn_options(command: str) -> dict:
    """`_uvicorn_options` of a shipped `exec uvicorn ...` command, the shell's
    `${NAME:-default}` read as its default."""
    command = re.sub(r"\$?\$\{[A-Z_]+:-([^}]*)\}", r"\1", command)
    return _uvicorn_options(shlex.split(command.split("exec uvicorn ", 1)[1]))


def test_uvicorn_trusts_forwarded_headers_from_the_proxy_alone():
    for where, command in _shipped_web_commands().items():
        trusted = re.search(r"--forwarded-allow-ips=(\S+)", command).group(1)
        assert "*" not in trusted and "FORWARDED_ALLOW_IPS:-127.0.0.1" in trusted, where
    assert _compose()["x-app"]["environment"]["FORWARDED_ALLOW_IPS"] == \
        "${FORWARDED_ALLOW_IPS:-127.0.0.1}"


def test_the_shipped_web_server_never_compresses_socket_messages():
    for where, command in _shipped_web_commands().items():
        options = _shipped_uvicorn_options(command)
        assert options["app"] == "wildlands_site.asgi:application", where
        assert options["ws_per_message_deflate"] is False, where


def test_uvicorn_would_compress_if_the_flag_were_not_given():
    """The check above reads the flag as uvicorn does: without it, uvicorn compresses."""
    options = _shipped_uvicorn_options("exec uvicorn wildlands_site.asgi:application")
    assert options["ws_per_message_deflate"] is True


def test_the_benchmarks_serve_the_site_as_shipped():
    args = web_server(8000, database_url="postgres://x@127.0.0.1/x", redis_url="").args
    assert _uvicorn_options(args[args.index("uvicorn") + 1:])["ws_per_message_deflate"] is False
