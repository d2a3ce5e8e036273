"""What a finished campaign game gives its campaign: the next chapter unlocked and a treasure
earned. Written through the Awoken's declaration (`record_finished`, called by the site's
`games.pipeline.steps.store_step`) in the transaction that finishes the game, so a result is
recorded exactly once.
"""
from __future__ import annotations

import random
from typing import Optional

from games.models import Campaign, Game
from wildlands.rules.state import GameState


def campaign_record_result(*, game: Game, state: GameState) -> Campaign:
    """Record a finished campaign game (`state`: its last): a win of the newest unlocked
    chapter unlocks the next one, and every win earns the party a treasure to start the
    next game with. Called in the transaction that finishes the game."""
    campaign = Campaign.objects.select_for_update().get(pk=game.campaign_id)
    if game.result == "won" and game.campaign_chapter:
        chapter = game.campaign_chapter
        if chapter not in campaign.completed:
            campaign.completed = sorted({*campaign.completed, chapter})
        if chapter >= campaign.unlocked and campaign.unlocked < Campaign.CHAPTERS:
            campaign.unlocked = chapter + 1
        treasure = _earned_treasure(game, state, campaign)
        if treasure is not None:
            campaign.treasures = [*campaign.treasures, treasure]
    campaign.save()
    return campaign


def _earned_treasure(game: Game, state: GameState, campaign: Campaign) -> Optional[str]:
    """The treasure a win earns: one the party's characters held at the end that the party
    does not keep yet; failing that, one drawn (from the game's seed) from the treasures
    the game knew about."""
    kept = set(campaign.treasures)
    for character in state.characters.values():
        for treasure in character.treasures:
            if treasure not in kept:
                return treasure
    pool = [t for t in _treasure_ids(state) if t not in kept]
    if not pool:
        return None
    return random.Random(game.seed).choice(sorted(pool))


def _treasure_ids(state: GameState) -> list[str]:
    """Every treasure the game's deck was made of."""
    awoken = state.mode_state
    defs = getattr(awoken, "treasure_defs", None)
    if defs:
        return [str(t) for t in defs]
    return [t for t in (getattr(awoken, "treasure_deck", None) or []) if isinstance(t, str)]
