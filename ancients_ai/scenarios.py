"""The Awoken's shipped scenarios and treasures as the site's pages offer them: the
scenarios in sheet-number order (a campaign's chapters follow it) with their titles, and
treasure cards by name. The Awoken's own reads, kept on its side so the site (`games`)
imports nothing of the Awoken; a page of the site reaches them through the mode's
declaration (`scenario_choices`)."""
from __future__ import annotations

import logging
from typing import Any, Iterable

from ancients_ai.engine.scenarios import load_scenario, load_treasures, scenario_ids

logger = logging.getLogger(__name__)


def available_scenarios() -> list[tuple[str, str]]:
    """(id, "n. title") of every shipped scenario in scenario-number order (the campaign's
    order)."""
    found = []
    for sid, scenario in _scenarios():
        title = getattr(scenario, "title", None) or str(sid)
        number = getattr(scenario, "number", None)
        found.append((str(sid), f"{number}. {title}" if number is not None else str(title)))
    return found


def scenario_ids_in_order() -> list:
    """Scenario ids as the engine knows them, sorted by their sheet number."""
    return [sid for sid, _ in _scenarios()]


def _scenarios() -> list[tuple[Any, Any]]:
    found = []
    for sid in scenario_ids():
        try:
            found.append((sid, load_scenario(sid)))
        except Exception:  # a broken sheet is the content tests' business, not a page's
            logger.exception("scenario %s failed to load", sid)
    found.sort(key=lambda pair: (getattr(pair[1], "number", 0), str(pair[0])))
    return found


def treasure_names(ids: Iterable[str]) -> list[str]:
    """Display names of treasure cards (an id the treasure list does not know shows as itself)."""
    known = load_treasures()
    return [getattr(known.get(t), "name", None) or t for t in ids]
