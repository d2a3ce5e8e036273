"""A rules case's position: the board, players, hands, piles and characters it names
(docs/rules-cases.md), built into a `GameState` before the first step."""
from __future__ import annotations

from wildlands.rules.board import board_from_data
from games.platform.rng import seed_state
from wildlands.rules.state import Catalog, Character, GameState, Player, Turn
from wildlands.rules_cases.awoken import build_awoken
from wildlands.rules_cases.errors import CaseError
from wildlands.rules_cases.setup_phase import build_setup, check_setup_case
from wildlands.rules_cases.war import build_war

CASE_KEYS = {"name", "seed", "mode", "board", "map", "players", "awoken", "active", "options",
             "steps", "description", "turn", "teams", "wrath", "setup"}


def build_state(case: dict, source: str) -> GameState:
    from wildlands.content.factions import card_from_data, load_faction

    unknown = set(case) - CASE_KEYS
    if unknown:
        raise CaseError(f"unknown field(s) {', '.join(sorted(unknown))}")
    mode = case.get("mode", "skirmish")
    if mode not in ("skirmish", "awoken", "war", "wrath"):
        raise CaseError(f"mode must be skirmish, awoken, war or wrath, not {mode!r}")
    if "setup" in case:
        check_setup_case(case)
    if "board" in case:
        board = board_from_data(case["board"], name="inline", source=source)
    elif "map" in case:
        from wildlands.content.maps import load_map
        board = load_map(case["map"])
    else:
        raise CaseError("a case needs `board` or `map`")
    players, characters, cards = [], {}, {}
    raw_players = case.get("players") or []
    if not isinstance(raw_players, list) or not raw_players:
        raise CaseError("`players` must be a non-empty list")
    for raw in raw_players:
        if not isinstance(raw, dict) or "id" not in raw:
            raise CaseError("each player needs an `id`")
        pid = str(raw["id"])
        if any(p.id == pid for p in players):
            raise CaseError(f"player id {pid} is used twice")
        extra = set(raw) - {"id", "faction", "colour", "characters", "hand", "deck", "discard",
                            "shards", "score"}
        if extra:
            raise CaseError(f"player {pid}: unknown field(s) {', '.join(sorted(extra))}")
        piles = {}
        for pile in ("hand", "deck", "discard"):
            piles[pile] = []
            for i, raw_card in enumerate(raw.get(pile) or []):
                card = card_from_data(raw_card, source=source, item=f"player {pid} {pile} card {i + 1}")
                if card.id in cards:
                    raise CaseError(f"card id {card.id} is used twice")
                cards[card.id] = card
                piles[pile].append(card.id)
        shards = raw.get("shards") or []
        if not isinstance(shards, list) or any(n not in board.spaces for n in shards):
            raise CaseError(f"player {pid}: shards must be a list of space numbers on the board")
        players.append(Player(id=pid, faction=str(raw.get("faction", pid)),
                              colour=str(raw.get("colour", "")), hand=piles["hand"],
                              deck=piles["deck"], discard=piles["discard"],
                              shards=list(shards), score=int(raw.get("score", 0))))
        raw_chars = raw.get("characters")
        if raw_chars is None:
            faction = load_faction(str(raw.get("faction")))
            raw_chars = [{"id": c.id, "health": c.health, "name": c.name} for c in faction.characters]
        for rc in raw_chars:
            extra = set(rc) - {"id", "name", "health", "space", "assigned", "knocked_out", "damage",
                               "carried", "ensnared", "treasures"}
            if extra:
                raise CaseError(f"character {rc.get('id')}: unknown field(s) {', '.join(sorted(extra))}")
            cid = str(rc["id"])
            if cid in characters:
                raise CaseError(f"character id {cid} is used twice")
            space = rc.get("space")
            if space is not None and space not in board.spaces:
                raise CaseError(f"character {cid}: there is no space {space}")
            if rc.get("assigned") is not None and rc["assigned"] not in board.spaces:
                raise CaseError(f"character {cid}: there is no space {rc['assigned']} to assign")
            characters[cid] = Character(
                id=cid, player=pid, name=str(rc.get("name", cid)), health=int(rc.get("health", 3)),
                space=None if rc.get("knocked_out") else space, assigned=rc.get("assigned"),
                damage=int(rc.get("damage", 0)), knocked_out=bool(rc.get("knocked_out", False)),
                carried=list(rc.get("carried") or []), ensnared=rc.get("ensnared"),
                treasures=list(rc.get("treasures") or []))
    options = case.get("options") or {}
    if not isinstance(options, dict):
        raise CaseError("`options` must be a mapping")
    catalog = Catalog(board=board, cards=cards, options=dict(options))
    ids = [p.id for p in players]
    active = case.get("active", ids[0])
    if active not in ids:
        raise CaseError(f"active player {active!r} is not listed")
    turn = Turn(phase="play", active=active, actor=active)
    for key, value in (case.get("turn") or {}).items():
        if key not in ("revealed", "last", "round"):
            raise CaseError(f"turn: unknown field {key}")
        setattr(turn, key, value)
    state = GameState(mode=mode, catalog=catalog, players=players, characters=characters,
                      turn=turn, rng=seed_state(int(case.get("seed", 0))))
    if mode == "awoken":
        build_awoken(state, case.get("awoken") or {}, source)
    elif mode == "wrath":
        from wildlands.rules_cases.wrath import build_wrath
        build_wrath(state, case.get("wrath") or {})
    elif "wrath" in case and mode != "war":
        raise CaseError("a `wrath` section needs mode: wrath (or war, for five players)")
    if "awoken" in case and mode != "awoken":
        raise CaseError("an `awoken` section needs mode: awoken")
    if mode == "war":
        build_war(state, case.get("teams"))
        if "wrath" in case:  # five players: the Ancients faction in the team of two
            from wildlands.rules_cases.wrath import build_wrath
            build_wrath(state, case["wrath"])
    elif "teams" in case:
        raise CaseError("`teams` needs mode: war")
    if "setup" in case:
        build_setup(state, case["setup"])
    return state

