"""State <-> JSON-ready dicts. The full state (secrets included) is for storage only; what a
seat may see comes from `view.view_for`."""
from __future__ import annotations

from typing import Any, Callable, cast

from wildlands.rules.board import board_from_data
from wildlands.rules.outcome import Outcome
from wildlands.rules.state import (Catalog, Character, Frame, GameState, Monster, Player, Prompt,
                               Turn)

# mode name -> (mode_state to data, data to mode_state); registered by modes that have one
EXTENSIONS: dict[str, tuple[Callable, Callable]] = {}


def card_to_data(card) -> dict:
    return card.to_data()


def state_to_data(state: GameState) -> dict[str, Any]:
    catalog = state.catalog
    data = {
        "mode": state.mode,
        "version": state.version,
        "rng": state.rng,
        "catalog": {
            "board": {"name": catalog.board.name, **catalog.board.to_data()},
            "cards": [card_to_data(c) for c in catalog.cards.values()],
            "options": dict(catalog.options),
            "content": dict(catalog.content),
        },
        "players": [
            {"id": p.id, "faction": p.faction, "colour": p.colour, "hand": list(p.hand),
             "deck": list(p.deck), "discard": list(p.discard), "shards": list(p.shards),
             "score": p.score, "map_cards": list(p.map_cards), "eliminated": p.eliminated}
            for p in state.players],
        "characters": [
            {"id": c.id, "player": c.player, "name": c.name, "health": c.health,
             "space": c.space, "assigned": c.assigned, "damage": c.damage,
             "knocked_out": c.knocked_out, "captured_by": c.captured_by, "flags": list(c.flags),
             "ensnared": c.ensnared, "carried": list(c.carried), "treasures": list(c.treasures)}
            for c in state.characters.values()],
        "monsters": [
            {"id": m.id, "kind": m.kind, "type": m.type, "scenario": m.scenario,
             "health": m.health, "space": m.space, "damage": m.damage,
             "knocked_out": m.knocked_out, "immortal": m.immortal}
            for m in state.monsters.values()],
        "turn": {"phase": state.turn.phase, "active": state.turn.active,
                 "actor": state.turn.actor, "interrupters": list(state.turn.interrupters),
                 "last": state.turn.last, "revealed": state.turn.revealed,
                 "round": state.turn.round},
        "prompt": None if state.prompt is None else {
            "kind": state.prompt.kind, "to": state.prompt.to, "data": state.prompt.data},
        "frames": [dict(f) for f in state.frames],
        "outcome": None if state.outcome is None else dict(state.outcome),  # JSON-ready
        "mode_state": None,
        "map_state": dict(state.map_state),
    }
    if state.mode_state is not None:
        data["mode_state"] = EXTENSIONS[state.mode][0](state.mode_state)
    return data


def state_from_data(data: dict[str, Any]) -> GameState:
    from wildlands.content.factions import card_from_data

    cat = data["catalog"]
    board_data = dict(cat["board"])
    name = board_data.pop("name", "inline")
    cards = {c["id"]: card_from_data(c, source="saved game", item=f"card {c['id']}")
             for c in cat["cards"]}
    catalog = Catalog(board=board_from_data(board_data, name=name), cards=cards,
                      options=dict(cat["options"]), content=dict(cat.get("content", {})))
    players = [Player(id=p["id"], faction=p["faction"], colour=p["colour"], hand=list(p["hand"]),
                      deck=list(p["deck"]), discard=list(p["discard"]),
                      shards=list(p["shards"]), score=p["score"],
                      map_cards=list(p["map_cards"]), eliminated=p["eliminated"])
               for p in data["players"]]
    characters = {c["id"]: Character(
        id=c["id"], player=c["player"], name=c["name"], health=c["health"], space=c["space"],
        assigned=c["assigned"], damage=c["damage"], knocked_out=c["knocked_out"],
        captured_by=c["captured_by"], flags=tuple(c["flags"]), ensnared=c["ensnared"],
        carried=list(c["carried"]), treasures=list(c["treasures"])) for c in data["characters"]}
    monsters = {m["id"]: Monster(**m) for m in data["monsters"]}
    t = data["turn"]
    turn = Turn(phase=t["phase"], active=t["active"], actor=t["actor"],
                interrupters=list(t["interrupters"]), last=t["last"], revealed=t["revealed"],
                round=t["round"])
    p = data["prompt"]
    prompt = None if p is None else Prompt(p["kind"], p["to"], dict(p["data"]))
    mode_state = None
    if data["mode_state"] is not None:
        mode_state = EXTENSIONS[data["mode"]][1](data["mode_state"])
    return GameState(mode=data["mode"], catalog=catalog, players=players, characters=characters,
                     monsters=monsters, turn=turn, prompt=prompt,
                     frames=[cast(Frame, dict(f)) for f in data["frames"]],
                     outcome=Outcome.from_data(data["outcome"]),
                     version=data["version"], rng=data["rng"], mode_state=mode_state,
                     map_state=dict(data.get("map_state") or {}))
