"""Sign-in throttling: failed sign-ins are counted per account and per address, and past
a limit further attempts are refused before any password is checked.

Why a small limiter on Django's cache framework rather than django-axes: axes records
every attempt in database tables (a write per failed sign-in, its own migrations and admin)
and by default locks an account until someone resets it by hand, which is what an attacker
wants against the real owner. What the site needs is smaller: counts that expire on their
own, shared by every web process through the cache (Redis in production: settings.CACHES),
no table, and a lockout that always ends WINDOW_SECONDS after the window's first failure,
whatever the attacker goes on doing, because refused attempts are not counted. A
successful sign-in clears its account's count, so the owner's own typos do not add up.

Refusing before the password is checked matters as much as the limit: each check is a
PBKDF2 hash (most of a second of CPU), so parallel wrong sign-ins once slowed every page.

Sign-ups are limited the same way, per address (SIGNUPS_PER_ADDRESS an hour): each new
account costs the same password hash, and one address once made 23 in six seconds while
every other page slowed threefold. The count is taken atomically before the hash, so a
burst of parallel sign-ups cannot all slip in under the limit.

The counting is wildlands_site.rate_limit's (fixed windows in the cache).
"""
from __future__ import annotations

import hashlib
from typing import Any, Optional

from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from accounts import user_read
from wildlands_site import rate_limit

ACCOUNT_FAILURES = 5  # failed sign-ins to one account ...
ADDRESS_FAILURES = 20  # ... or from one address ...
WINDOW_SECONDS = 10 * 60  # ... within this long of the first: the rest of it is refused

SIGNUPS_PER_ADDRESS = 5  # new accounts from one address ...
SIGNUP_WINDOW_SECONDS = 60 * 60  # ... within this long of the first

SIGNUP_MESSAGE = ("Too many new accounts from your network. Wait {minutes} minutes and "
                  "try again.")
ACCOUNT_MESSAGE = ("Too many failed sign-ins to this account. Wait {minutes} minutes and "
                   "try again, or reset your password.")
ADDRESS_MESSAGE = ("Too many failed sign-ins from your network. Wait {minutes} minutes "
                   "and try again.")


def refusal(request: Optional[HttpRequest], username: Any) -> Optional[str]:
    """The sentence that refuses a sign-in now, or None when it may be tried."""
    minutes = max(1, WINDOW_SECONDS // 60)
    if rate_limit.so_far(_account_key(username)) >= ACCOUNT_FAILURES:
        return ACCOUNT_MESSAGE.format(minutes=minutes)
    if request is not None and rate_limit.so_far(_address_key(request)) >= ADDRESS_FAILURES:
        return ADDRESS_MESSAGE.format(minutes=minutes)
    return None


def record_failure(request: Optional[HttpRequest], username: Any) -> None:
    rate_limit.count(_account_key(username), window=WINDOW_SECONDS)
    if request is not None:
        rate_limit.count(_address_key(request), window=WINDOW_SECONDS)


def record_success(username: Any) -> None:
    rate_limit.forget(_account_key(username))


class ThrottledModelBackend(ModelBackend):
    """Django's model backend behind the throttle. A refused or failed sign-in raises
    PermissionDenied, which `authenticate` takes as "no backend may let this in" (it still
    sends `user_login_failed`): so a backend after this one (ModelBackend, kept in the
    settings for sessions signed in through it) never checks the same password again."""

    def authenticate(self, request: Optional[HttpRequest], username: Optional[str] = None,
                     password: Optional[str] = None, **kwargs: Any) -> Any:
        if username is None:
            username = kwargs.get(self._username_field())
        if username is None or password is None:
            return None
        if refusal(request, username) is not None:
            raise PermissionDenied("sign-in throttled")
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            record_failure(request, username)
            raise PermissionDenied("wrong username or password")
        record_success(username)
        return user

    def get_user(self, user_id: Any) -> Any:
        """The signed-in user of a session (every page and game socket asks), read by one
        statement written once (`accounts.user_read`); same answer as ModelBackend's."""
        user = user_read.user_by_pk(user_id)
        return user if user is not None and self.user_can_authenticate(user) else None

    @staticmethod
    def _username_field() -> str:
        from django.contrib.auth import get_user_model

        return get_user_model().USERNAME_FIELD


def _account_key(username: Any) -> str:
    digest = hashlib.sha256(str(username).strip().casefold().encode()).hexdigest()[:32]
    return f"signin-failures:account:{digest}"


def _address_key(request: HttpRequest) -> str:
    return address_key(rate_limit.client_address(request))


def address_key(address: str) -> str:
    """The cache key counting failed sign-ins from `address`."""
    return f"signin-failures:address:{address}"


# --- sign-ups ----------------------------------------------------------------------------------
def signup_refusal(request: HttpRequest) -> Optional[str]:
    """The sentence that refuses a sign-up from this address now, or None."""
    if rate_limit.so_far(signup_key(rate_limit.client_address(request))) >= SIGNUPS_PER_ADDRESS:
        return SIGNUP_MESSAGE.format(minutes=SIGNUP_WINDOW_SECONDS // 60)
    return None


def take_signup(request: HttpRequest) -> Optional[str]:
    """Count one sign-up about to be made (before its password is hashed); the sentence
    that refuses it when it is one past the limit, else None."""
    made = rate_limit.count(signup_key(rate_limit.client_address(request)),
                            window=SIGNUP_WINDOW_SECONDS)
    if made > SIGNUPS_PER_ADDRESS:
        return SIGNUP_MESSAGE.format(minutes=SIGNUP_WINDOW_SECONDS // 60)
    return None


def signup_key(address: str) -> str:
    """The cache key counting new accounts made from `address`."""
    return f"signups:address:{address}"
