"""What the admin's tests share: the shipped content loaded, and a designer signed in."""
import io

import pytest
from django.core.management import call_command


@pytest.fixture
def content():
    call_command("load_content", stdout=io.StringIO())


@pytest.fixture
def designer(client, django_user_model):
    user = django_user_model.objects.create_superuser("designer", "d@example.com",
                                                      "a-long-test-password-91")
    client.force_login(user)
    return user
