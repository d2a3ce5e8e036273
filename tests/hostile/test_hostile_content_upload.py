"""Hostile scenario uploads in the admin (issue 26, item 9): YAML aliases that expand a
5 KB file into a megabyte of error message (x8 a level), and a whole number of 5,000 digits
(a ValueError, not a YAML error, and so once a 500). Each is refused at once with a short
message naming the file, and nothing is stored."""
from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from ancients_ai.engine.scenarios import SCENARIOS_DIR
from ancients_ai.models import ScenarioVersion

pytestmark = pytest.mark.django_db

SHORT_PAGE = 60_000  # bytes: the import page with one message on it


@pytest.fixture
def designer_client(django_user_model) -> Client:
    user = django_user_model.objects.create_superuser("designer", "d@example.com",
                                                      "a-long-test-password-91")
    client = Client(raise_request_exception=False)  # a crash shows as the 500 it was
    client.force_login(user)
    return client


def magus_with(field: str, yaml_value: str) -> bytes:
    """The shipped Magus scenario with one top-level field's value replaced, as text."""
    text = (SCENARIOS_DIR / "magus.yaml").read_text()
    changed = re.sub(rf"^{field}: .*$", f"{field}: {yaml_value}", text, count=1, flags=re.M)
    assert changed != text
    return changed.encode()


def alias_bomb(levels: int) -> str:
    """A list of `levels` lists, each eight aliases of the one before: 8**levels leaves."""
    parts = ["&a0 [" + ", ".join(["lol"] * 8) + "]"]
    parts += [f"&a{i} [" + ", ".join([f"*a{i - 1}"] * 8) + "]" for i in range(1, levels)]
    return "[" + ", ".join(parts) + "]"


def upload(client: Client, name: str, content: bytes):
    return client.post(reverse("admin:ancients_ai_scenario_import"),
                       {"file": SimpleUploadedFile(name, content)})


def test_aliases_that_expand_past_the_budget_are_refused_in_a_short_message(designer_client):
    content = magus_with("id", alias_bomb(5))  # an id the validator quotes when it refuses
    assert len(content) < 6_000  # (before the budget: a 660 KB page)

    response = upload(designer_client, "magus.yaml", content)

    assert response.status_code == 200
    page = response.content.decode()
    assert "uses aliases (*name) that would repeat" in page
    assert len(response.content) < SHORT_PAGE
    assert not ScenarioVersion.objects.exists()


def test_an_alias_inside_itself_is_refused(designer_client):
    response = upload(designer_client, "magus.yaml", magus_with("title", "&loop [*loop]"))
    assert response.status_code == 200
    assert "has an alias that contains itself" in response.content.decode()


def test_a_few_aliases_are_still_read(designer_client):
    response = upload(designer_client, "magus.yaml",
                      magus_with("title", "[&word Magus, *word, *word]"))
    assert response.status_code == 200  # refused by the validator (a title is text) ...
    page = response.content.decode()
    assert "Title: must be some text" in page  # ... not by the alias budget
    assert "uses aliases" not in page


@pytest.mark.parametrize("digits", [16, 5_000])
def test_a_whole_number_of_too_many_digits_is_refused_not_a_500(designer_client, digits):
    response = upload(designer_client, "magus.yaml", magus_with("number", "9" * digits))
    assert response.status_code == 200
    page = response.content.decode()
    assert f"holds a whole number of {digits} digits" in page
    assert len(response.content) < SHORT_PAGE
    assert not ScenarioVersion.objects.exists()


def test_a_refusal_that_quotes_a_long_value_is_cut_short(designer_client):
    response = upload(designer_client, "magus.yaml", magus_with("id", "[" + "x" * 20_000 + "]"))
    messages = re.findall(r'<ul class="errorlist"[^>]*><li>(.*?)</li>', response.content.decode(),
                          flags=re.S)
    assert messages and all(len(m) < 700 for m in messages), [len(m) for m in messages]
    assert "characters in all" in messages[0]
