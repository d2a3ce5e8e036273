"""Making accounts in bulk (issue 31, item 2): sign-ups are counted per address
(accounts.throttle); past SIGNUPS_PER_ADDRESS in the window the sign-up is refused with a
sentence and 429, before any password is hashed, and no account is made. Other addresses
are not held up.

The client gets a unique address, so that counts left in a shared cache (Redis, where CI
runs) by an earlier run never meet these."""
from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import MD5PasswordHasher
from django.test import Client

pytestmark = pytest.mark.django_db

SIGNUPS_PER_ADDRESS = 5  # accounts.throttle's limit, as a person meets it
HASHED: list[str] = []  # the passwords CountingHasher has hashed


class CountingHasher(MD5PasswordHasher):
    """A cheap hasher, noting each password it hashes."""

    def encode(self, password: str, salt: str) -> str:
        HASHED.append(password)
        return super().encode(password, salt)


@pytest.fixture(autouse=True)
def counted_hashes(settings):
    settings.PASSWORD_HASHERS = [f"{__name__}.CountingHasher"]
    HASHED.clear()


def address() -> str:
    return f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250 + 1}"


def sign_up(remote: str) -> tuple[int, str, str]:
    """(status, the new name, page text) of one sign-up from a fresh browser at `remote`."""
    name = f"bulk-{uuid.uuid4().hex[:10]}"
    client = Client(REMOTE_ADDR=remote, raise_request_exception=False)
    response = client.post("/accounts/signup/", {
        "username": name, "password1": "a-long-pass-phrase-77",
        "password2": "a-long-pass-phrase-77"})
    return response.status_code, name, response.content.decode()


def test_one_address_making_accounts_in_bulk_is_refused_past_the_limit():
    remote = address()
    made = [sign_up(remote) for _ in range(SIGNUPS_PER_ADDRESS)]
    assert [status for status, _, _ in made] == [302] * SIGNUPS_PER_ADDRESS
    assert len(HASHED) == SIGNUPS_PER_ADDRESS

    for _ in range(18):  # 23 in all, as in the probe
        status, name, page = sign_up(remote)
        assert status == 429
        assert "Too many new accounts from your network. Wait 60 minutes" in page
        assert not get_user_model().objects.filter(username=name).exists()
    assert len(HASHED) == SIGNUPS_PER_ADDRESS  # no password hashed past the limit

    status, name, _ = sign_up(address())  # someone else is not held up
    assert status == 302 and get_user_model().objects.filter(username=name).exists()


def test_a_form_with_mistakes_does_not_count_against_the_address():
    remote = address()
    client = Client(REMOTE_ADDR=remote)
    for _ in range(SIGNUPS_PER_ADDRESS + 3):
        response = client.post("/accounts/signup/", {
            "username": "typo", "password1": "a-long-pass-phrase-77", "password2": "other"})
        assert response.status_code == 200
    assert sign_up(remote)[0] == 302


@pytest.mark.django_db(transaction=True)  # each thread's own connection
def test_a_burst_of_sign_ups_at_once_makes_no_more_than_the_limit():
    """The probe's 23 sign-ups, sent in parallel: the count is taken atomically before each
    password hash, so no more than the limit get through (PostgreSQL, where requests write
    at once; SQLite takes one writer at a time)."""
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connection, connections

    if connection.vendor != "postgresql":
        pytest.skip("parallel writers need PostgreSQL (CI runs this against it)")
    remote = address()

    def one(_: int) -> int:
        try:
            return sign_up(remote)[0]
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=23) as pool:
        statuses = list(pool.map(one, range(23)))

    assert statuses.count(302) == SIGNUPS_PER_ADDRESS
    assert statuses.count(429) == 23 - SIGNUPS_PER_ADDRESS
    assert len(HASHED) == SIGNUPS_PER_ADDRESS
