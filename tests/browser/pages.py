"""People on a served site in Chromium, for the browser tests: a browser context of their own
each (so each has their own cookies), the page's script errors kept on the page, signing in,
and screenshots under test-artifacts/.

Why one place: every browser test module opens pages the same way, and a test that checks
`page.js_errors == []` must be able to trust that every page collects them the same way.
The harness's pages (tests/browser/harness.py, no site behind them) note their errors here
too; which site a module serves (the session's daphne `site`, the admin's own WSGI server)
stays the module's choice.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PASSWORD = "a-long-test-password-91"
MOTION_KEY = "wildlands.animations"  # the site's animations setting (games/shell/motion.js)


def noting_errors(page: Any, *, console: bool = False) -> Any:
    """`page`, with every uncaught script error it meets (and console error, if asked) kept
    in `page.js_errors`, for the test to check at the end."""
    errors: list = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    if console:
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.js_errors = errors
    return page


def session_cookie(user: Any, url: str) -> dict:
    """A cookie signing `user` in on the site at `url`: a session made with force_login, in the
    database the server reads, so a test need not go through the sign-in form."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    return {"name": settings.SESSION_COOKIE_NAME,
            "value": client.cookies[settings.SESSION_COOKIE_NAME].value, "url": url}


def sign_in(page: Any, username: str, *, password: str = PASSWORD,
            login: str = "/admin/login/") -> Any:
    """Sign `page` in as `username` through a login form (the admin's, or the site's)."""
    page.goto(login)
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("[type=submit]")
    page.wait_for_load_state()
    return page


def answer_cautiously(page: Any) -> bool:
    """Answer the prompt open on `page`, if there is one, the cautious way: pass, take the
    hit, else the first choice offered. Whether a prompt was open."""
    dialog = page.locator("dialog[open]")
    if dialog.count() == 0:
        return False
    for label in ("Pass", "Take the hit"):
        button = dialog.locator(f"button:has-text('{label}')")
        if button.count():
            button.first.click()
            return True
    choice = dialog.locator("button.choice")
    if choice.count():
        choice.first.click()
    return True


def start_a_move(page: Any, move: dict) -> None:
    """Pick the move's card and, when the card offers a choice of actions, its "Move ..."
    option: the board then waits for the destination. (A loaded machine draws the options
    later than the click returns, so this waits for the options or the question.)"""
    from playwright.sync_api import expect

    page.click(f'.card[data-card="{move["cards"][0]}"]')
    name = page.evaluate("(id) => window.wildlandsBoard.flow.name(id)", move["character"])
    option = page.locator(f'button.option[data-action="move"]:has-text("Move {name}")')
    moving = page.locator("[data-role=intent]").filter(has_text="moves to")
    expect(option.or_(moving).first).to_be_visible()
    if option.count():
        option.first.click()
    expect(moving).to_be_visible()


# The page's finite animations running now (entrance, flashes, slides: not the endless
# pulses of what may be clicked), awaited for at most 600 ms, the longest of them.
ANIMATIONS_DONE = """() => Promise.race([
  Promise.all(document.getAnimations()
    .filter((a) => a.playState === "running" && Number.isFinite(a.effect?.getComputedTiming().endTime))
    .map((a) => a.finished.catch(() => null))),
  new Promise((done) => setTimeout(done, 600)),
])"""


def shot(page: Any, name: str, element: str = "") -> None:
    """A screenshot of the page (or of one element of it) as test-artifacts/NAME.png, once
    entrance animations have finished (waited for, not a fixed pause: a hundred tests take
    screenshots)."""
    page.evaluate(ANIMATIONS_DONE)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / ".gitignore").write_text("*\n")
    target = page.locator(element).first if element else page
    target.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def first_motion(level: str) -> str:
    """A page script that makes `level` the animations setting of a person who has none
    yet (a choice made on the page stays theirs through reloads)."""
    return (f"try {{ if (localStorage.getItem('{MOTION_KEY}') === null) "  # a blank page
            f"localStorage.setItem('{MOTION_KEY}', '{level}'); }} catch {{}}")  # has no storage


class People:
    """The people of one test on the site at `base_url`: a browser context each, all closed
    together when the test is done."""

    def __init__(self, browser: Any, base_url: str) -> None:
        self.browser, self.base_url = browser, base_url
        self.contexts: list = []

    def page(self, viewport: tuple[int, int] = (1400, 900), *, user: Optional[Any] = None,
             csp: bool = False, motion: str = "off") -> Any:
        """A new person's page (not yet on any address); with `user`, signed in as them.
        The site's Content-Security-Policy is bypassed unless `csp`: it refuses eval, which
        Playwright's `wait_for_function` uses to poll a predicate written as a string
        (tests/hostile/test_hostile_csp_browser.py checks the pages under the policy).

        The person's animations setting starts as `motion` (a choice made on the page
        later stays theirs). Off by default, as `boards.open_board` has it: the opponent's
        turn is played at a pace people can read (0.8 s an action), which made a test that
        plays through it wait 35-40 s for nothing it checks. A test that watches the turn
        asks for "full"."""
        context = self.browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                           base_url=self.base_url, bypass_csp=not csp)
        context.add_init_script(first_motion(motion))
        self.contexts.append(context)
        if user is not None:
            context.add_cookies([session_cookie(user, self.base_url)])
        return noting_errors(context.new_page())

    def close(self) -> None:
        for context in self.contexts:
            context.close()
        self.contexts.clear()

    def __enter__(self) -> "People":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()
