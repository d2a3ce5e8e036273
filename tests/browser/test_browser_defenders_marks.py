"""Issue 33 item 2 for the marks no starting board shows: a breach, a factory and a toxic
site. A solo Defenders of the Wild table is played forward from a fixed seed through the
site's own services (the seat plays its greedy bot's choices, the machines move through the
eager tasks) until the machines have built a factory, pollution has grown into a toxic site
and a wall has been breached; then its board, live in Chromium, must explain each of these
marks on hover (its title) and on a tap (the note)."""
from __future__ import annotations

from pathlib import Path

import pytest

from support.site import eager_celery  # noqa: E402,F401

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.usefixtures("eager_celery")]

if not Path("/usr/bin/chromium").exists():  # pragma: no cover
    pytest.skip("needs /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import expect  # noqa: E402

from browser.boards import docs_shot, make_user, open_board  # noqa: E402
from browser.live import off_loop  # noqa: E402


def has_all_three(view: dict) -> bool:
    """A breached wall still standing (a factory's walls come off when it lands, its breach
    markers then lie on open edges), a factory not yet rewilded, and a toxic site."""
    walls = view.get("walls", [])
    breached = [e for e, _ in view.get("breaches", []) if e in walls or e[::-1] in walls]
    standing = [f for f in view.get("factories", []) if not f[2]]
    return bool(breached and standing and view.get("toxic"))


def played_until_breach_factory_and_toxic(user, seed: int, limit: int = 300):
    """A real table, its seat playing the greedy bot's choices through the site's services
    until the board holds a breach, a factory and a toxic site."""
    from defenders.game import GAME
    from games import lobby, selectors, services
    from games.models import Game

    game = lobby.game_create(user=user, mode="defenders", players=1, bots=0, tier="base",
                             deck="order:ember", second_deck="sect:cog", seed=seed)
    for _ in range(limit):
        game.refresh_from_db()
        state = selectors.game_state(game)
        assert game.status != Game.Status.FINISHED, "the game ended before all three marks"
        if has_all_three(GAME.view(state, "p1")):
            return game
        command = GAME.bot_command(state, "p1", "greedy", state.version)
        services.game_apply_command(game_id=game.id, user=user, expected_version=state.version,
                                    command=command)
    raise AssertionError(f"no breach, factory and toxic site together in {limit} moves")


@pytest.mark.parametrize("mark, name, words", [
    ("breach", "A breach", "organizers may now cross"),
    ("factory", "A factory", "You must rewild every one to win"),
    ("toxic", "A toxic site", "Clearing it costs one damage"),
])
def test_a_breach_a_factory_and_a_toxic_site_explain_themselves(people, mark, name, words):
    ada = make_user(f"learn_dw_{mark}")
    game = off_loop(played_until_breach_factory_and_toxic, ada, seed=7)
    page = people(user=ada)
    open_board(page, f"/play/{game.id}/")

    # on hover: the mark's title holds its name's words from the rules document
    drawn = page.locator(f'[data-role=map] [data-mark="{mark}"]').first
    expect(drawn).to_be_attached()
    expect(drawn.locator("> title")).to_contain_text(words)

    # on a tap (a finger cannot hover): the note names the mark and says the same words
    drawn.dispatch_event("click")
    note = page.locator("[data-role=mark-note]")
    expect(note).to_be_visible()
    expect(note).to_have_attribute("data-mark", mark)
    expect(note).to_contain_text(name)
    expect(note).to_contain_text(words)
    # and nothing else: the drawing's own words only when it has some (a breach has none)
    own = drawn.get_attribute("data-mark-own")
    expect(note.locator(".mark-note-own")).to_have_count(1 if own else 0)
    assert note.evaluate("(n) => [...n.childNodes].every((c) => c.nodeType === 1)"), note.inner_text()
    docs_shot(page, f"learn-defenders-mark-{mark}")
    note.locator(".mark-note-close").click()
    expect(note).to_be_hidden()
    assert page.js_errors == []
