"""Race to 21 is not in the site's INSTALLED_APPS: `race21` switches it on for one test by
a settings override (the app's `ready()` registers it) and off again after.

Overriding INSTALLED_APPS runs every app's `ready()` again, and the other games register
new declaration objects then; the registry is emptied first and given back its own
objects after, so the rest of the session sees the games it had."""
import pytest

from games.platform import registry
from support.site import owner, teammate  # noqa: F401  (the personas)

# The browser fixtures the suite's tests use (tests/support on the path by pyproject's
# pytest `pythonpath`): one live site per session, whichever tests ask for it first.
from support.browser_fixtures import chromium, people, site  # noqa: F401  (fixtures)


@pytest.fixture
def race21(settings):
    known = registry.all_games()
    _forget_all()
    settings.INSTALLED_APPS = [*settings.INSTALLED_APPS, "examples.race21"]
    yield registry.get("race21")
    _forget_all()
    for game in known:
        registry.register(game)


def _forget_all() -> None:
    for key in list(registry.keys()):
        registry.unregister(key)
