"""A refusal is the platform's one error type (`games.platform.errors.RuleError`), and each
game declares the codes it refuses with on its own subclass, as it declares its event kinds:
the site catches every game's refusal as the platform's, and a code the game never declared
fails the first test that raises it."""
from __future__ import annotations

import pytest

from games.platform import errors
from wildlands.rules.errors import CODES as WILDLANDS_CODES
from wildlands.rules.errors import RuleError as WildlandsRefusal


def test_the_platform_refuses_with_its_own_codes_only():
    assert errors.RuleError("stale_version", "the game moved on").code == "stale_version"
    with pytest.raises(AssertionError, match="unknown rule error code 'not_adjacent'"):
        errors.RuleError("not_adjacent", "that space is not next to yours")


def test_a_games_refusal_is_the_platforms_with_the_codes_it_declared():
    refused = WildlandsRefusal("not_adjacent", "that space is not next to yours", space=4)
    assert isinstance(refused, errors.RuleError)
    assert (refused.code, refused.message, refused.context) == (
        "not_adjacent", "that space is not next to yours", {"space": 4})
    assert errors.PLATFORM_CODES <= WILDLANDS_CODES
    with pytest.raises(AssertionError):
        WildlandsRefusal("no_such_code", "never declared")


def test_defenders_declares_its_own_codes_on_the_platforms_type():
    from defenders.rules.errors import CODES, RuleError as DefendersRefusal

    refused = DefendersRefusal("not_on_board", "the organizer is not on the board")
    assert isinstance(refused, errors.RuleError) and not isinstance(refused, WildlandsRefusal)
    assert errors.PLATFORM_CODES <= CODES
    with pytest.raises(AssertionError):
        DefendersRefusal("climb_needs_two_cards", "a Wildlands code, not a Defenders one")
