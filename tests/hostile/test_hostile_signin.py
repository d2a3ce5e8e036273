"""Guessing passwords (issue 26, item 7): failed sign-ins are counted per account and per
address (accounts.throttle); past the limit the sign-in is refused with a clear message and
429, before any password is checked, even the right one, until the window ends.

Users get unique names and the client a unique address, so that counts left in a shared
cache (Redis, where CI runs) by an earlier run never meet these."""
from __future__ import annotations

import time
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import MD5PasswordHasher
from django.test import Client

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-right-password-7"
ACCOUNT_FAILURES = 5  # accounts.throttle's limits, as a person meets them
ADDRESS_FAILURES = 20


@pytest.fixture(autouse=True)
def quick_hashes(settings):
    """A cheap hasher, so the failures before the limit do not take seconds each."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


CHECKED: list[str] = []  # the passwords CountingHasher has checked


class CountingHasher(MD5PasswordHasher):
    """The cheap hasher, noting each password it checks."""

    def verify(self, password: str, encoded: str) -> bool:
        CHECKED.append(password)
        return super().verify(password, encoded)


def person(password: str = PASSWORD):
    name = f"sign-in-{uuid.uuid4().hex[:10]}"
    return get_user_model().objects.create_user(name, f"{name}@example.com", password)


def address() -> str:
    return f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250 + 1}"


def sign_in(username: str, password: str, *, remote: str) -> tuple[int, bool, str]:
    """(status, signed in, page text) of one sign-in from a fresh browser at `remote`."""
    client = Client(REMOTE_ADDR=remote, raise_request_exception=False)
    response = client.post("/accounts/login/", {"username": username, "password": password})
    signed_in = "_auth_user_id" in client.session
    return response.status_code, signed_in, response.content.decode()


def test_after_too_many_wrong_passwords_even_the_right_one_waits(settings):
    owner = person()
    for i in range(ACCOUNT_FAILURES):  # from many addresses: the account's own count
        status, signed_in, _ = sign_in(owner.username, f"guess-{i}", remote=address())
        assert not signed_in  # the last failure already says that the account waits
        assert status == (429 if i == ACCOUNT_FAILURES - 1 else 200)

    status, signed_in, page = sign_in(owner.username, PASSWORD, remote=address())
    assert not signed_in
    assert status == 429 and "Too many failed sign-ins to this account" in page

    other = person()  # other accounts are not held up
    assert sign_in(other.username, PASSWORD, remote=address())[1]


def test_the_lockout_ends_with_its_window_and_a_success_clears_the_count(monkeypatch):
    from accounts import throttle

    monkeypatch.setattr(throttle, "WINDOW_SECONDS", 1)
    owner = person()
    for i in range(ACCOUNT_FAILURES):
        sign_in(owner.username, f"guess-{i}", remote=address())
    assert sign_in(owner.username, PASSWORD, remote=address())[0] == 429
    time.sleep(1.2)  # refused attempts are not counted: the window ends on time
    assert sign_in(owner.username, PASSWORD, remote=address())[1]

    for i in range(ACCOUNT_FAILURES - 1):  # the owner's own typos, after a success ...
        sign_in(owner.username, f"typo-{i}", remote=address())
    assert sign_in(owner.username, PASSWORD, remote=address())[1]
    for i in range(ACCOUNT_FAILURES - 1):  # ... start again from nothing
        sign_in(owner.username, f"typo-{i}", remote=address())
    assert sign_in(owner.username, PASSWORD, remote=address())[1]


def test_many_wrong_sign_ins_from_one_address_are_refused_without_a_password_check(settings):
    settings.PASSWORD_HASHERS = [f"{__name__}.CountingHasher"]
    owner = person()
    remote = address()
    for i in range(ADDRESS_FAILURES):  # a spray across accounts from one address
        sign_in(person().username, f"guess-{i}", remote=remote)

    CHECKED.clear()
    status, signed_in, page = sign_in(owner.username, PASSWORD, remote=remote)
    assert not signed_in and CHECKED == []  # refused before any hashing
    assert status == 429 and "from your network" in page
    assert sign_in(owner.username, PASSWORD, remote=address())[1]  # elsewhere: fine
    assert CHECKED == [PASSWORD]
