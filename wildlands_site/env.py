"""Reading settings from environment variables, failing loudly on malformed values.

django-environ does the URL parsing, but on its own it is lenient: `DEBUG=maybe` reads as
False and `DATABASE_URL=postgress://...` yields an engine called "postgress" that only
fails at the first query. These helpers check each value when settings load and raise
`ImproperlyConfigured` naming the variable, the value and what would be accepted.

An unset or empty variable means "use the default".
"""
from __future__ import annotations

import ipaddress
import os
from urllib.parse import urlsplit

import environ
from django.core.exceptions import ImproperlyConfigured

_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off"})

DATABASE_SCHEMES = frozenset({"postgres", "postgresql", "pgsql", "sqlite"})
REDIS_SCHEMES = frozenset({"redis", "rediss", "unix"})
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")

_env = environ.Env()


def _raw(name: str) -> str | None:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return None
    return value.strip()


def _redact(url: str) -> str:
    """The URL with its password replaced, fit for an error message or a log."""
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:
        return "<unparseable URL>"
    if not password:
        return url
    userinfo, _, hostinfo = parts.netloc.rpartition("@")
    user = userinfo.split(":", 1)[0]
    return parts._replace(netloc=f"{user}:***@{hostinfo}").geturl()


def _bad(name: str, value: str, expected: str) -> ImproperlyConfigured:
    return ImproperlyConfigured(f"environment variable {name}={value!r} is not valid: {expected}")


def env_str(name: str, default: str | None = None) -> str | None:
    value = _raw(name)
    return default if value is None else value


def env_bool(name: str, default: bool) -> bool:
    value = _raw(name)
    if value is None:
        return default
    lowered = value.lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise _bad(name, value, "expected one of 1/0, true/false, yes/no, on/off")


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    value = _raw(name)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        raise _bad(name, value, "expected a whole number") from None
    if minimum is not None and number < minimum:
        raise _bad(name, value, f"expected a number >= {minimum}")
    return number


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list; blank items (as in "a,,b" or a trailing comma) are errors."""
    value = _raw(name)
    if value is None:
        return list(default)
    items = [item.strip() for item in value.split(",")]
    if any(item == "" for item in items):
        raise _bad(name, value, "expected a comma-separated list with no empty items")
    return items


def env_networks(name: str, default: list[str]) -> list[str]:
    """A comma-separated list of IP addresses or networks (`10.0.0.2`, `172.16.0.0/12`),
    as written. `*` is refused: these are the addresses whose word is trusted."""
    items = env_list(name, default)
    for item in items:
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise _bad(name, ",".join(items), f"{item!r} is not an IP address or network "
                       f"(name the proxy's addresses; '*' would trust every client)") from None
    return items


def env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    value = _raw(name)
    if value is None:
        return default
    if value.upper() not in choices:
        raise _bad(name, value, f"expected one of {', '.join(choices)}")
    return value.upper()


def env_database(name: str, default: str) -> dict:
    """A Django DATABASES entry from a URL such as postgres://user:pass@host:5432/db."""
    url = env_str(name, default)
    assert url is not None
    scheme = urlsplit(url).scheme
    if scheme not in DATABASE_SCHEMES:
        raise _bad(name, _redact(url), f"expected a URL starting with one of {sorted(DATABASE_SCHEMES)}")
    try:
        config = _env.db_url_config(url)
    except ValueError as error:  # e.g. a port that is not a number
        raise _bad(name, _redact(url), str(error)) from None
    if not config.get("NAME"):
        raise _bad(name, _redact(url), "the URL names no database (path is empty)")
    return config


def env_redis_url(name: str) -> str | None:
    """A Redis URL (redis://host:6379/0, rediss://..., unix://...), or None when unset."""
    url = _raw(name)
    if url is None:
        return None
    parts = urlsplit(url)
    if parts.scheme not in REDIS_SCHEMES:
        raise _bad(name, _redact(url), f"expected a URL starting with one of {sorted(REDIS_SCHEMES)}")
    if parts.scheme != "unix" and not parts.hostname:
        raise _bad(name, _redact(url), "the URL names no host")
    try:
        parts.port  # noqa: B018 - raises ValueError on a port that is not a number
    except ValueError:
        raise _bad(name, _redact(url), "the port is not a number") from None
    return url


def env_email(name: str, default: str) -> dict:
    """Django EMAIL_* settings from a URL (consolemail://, smtp+tls://user:pass@host:587)."""
    url = env_str(name, default)
    assert url is not None
    try:
        return _env.email_url_config(url)
    except (ImproperlyConfigured, ValueError) as error:
        raise _bad(name, _redact(url), str(error)) from None
