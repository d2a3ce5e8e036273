"""The shipped web server sends socket messages uncompressed, whatever a browser asks for, and
the benchmarks serve the site the same way (docs/performance.md: per-message deflate cost the
web a fifth more CPU at 600 load tables and each game 100 KiB more memory)."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import yaml
from uvicorn.main import main as uvicorn_cli

from benchmarks.live_site import web_server

ROOT = Path(__file__).resolve().parents[2]


def _uvicorn_options(command: str) -> dict:
    """What uvicorn's own command line makes of a shipped `exec uvicorn ...` command (the
    shell's `${NAME:-default}` read as its default)."""
    command = re.sub(r"\$?\$\{[A-Z_]+:-([^}]*)\}", r"\1", command)
    words = shlex.split(command.split("exec uvicorn ", 1)[1])
    return uvicorn_cli.make_context("uvicorn", words).params


def _shipped_commands() -> dict[str, str]:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    return {"docker-compose.yml": compose["services"]["web"]["command"][-1],
            "Dockerfile": " ".join(shlex.split((ROOT / "Dockerfile").read_text()
                                               .split("\nCMD ")[-1].strip().strip("[]")
                                               .replace('", "', " ")))}


def test_the_shipped_web_server_never_compresses_socket_messages():
    for where, command in _shipped_commands().items():
        options = _uvicorn_options(command)
        assert options["app"] == "wildlands_site.asgi:application", where
        assert options["ws_per_message_deflate"] is False, where


def test_uvicorn_would_compress_if_the_flag_were_not_given():
    """The check above reads the flag as uvicorn does: without it, uvicorn compresses."""
    options = _uvicorn_options("exec uvicorn wildlands_site.asgi:application --port 8000")
    assert options["ws_per_message_deflate"] is True


def test_the_benchmarks_serve_the_site_as_shipped():
    args = web_server(8000, database_url="postgres://x@127.0.0.1/x", redis_url="").args
    after_uvicorn = args[args.index("uvicorn") + 1:]
    options = uvicorn_cli.make_context("uvicorn", after_uvicorn).params
    assert options["ws_per_message_deflate"] is False
