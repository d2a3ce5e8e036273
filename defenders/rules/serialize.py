"""State <-> JSON-ready dicts (secrets included: for storage only; `view.view_for` is what a
seat sees). `state_from_data(state_to_data(s))` rebuilds `s` exactly, catalog and all, so a
stored game needs no shipped content to load."""
from __future__ import annotations

from typing import Any

from defenders.rules.content import Ability, DefenderDef, FactionDef, MachineCardDef, TrackSide
from defenders.rules.hexes import hex_data, parse_edge, parse_hex
from defenders.rules.outcome import Outcome
from defenders.rules.state import Catalog, Engine, Faction, GameState, Seat, Turn


def _hexes(items: Any) -> list:
    return [hex_data(h) for h in items]


def _edges(items: Any) -> list:
    return [[hex_data(e[0]), hex_data(e[1])] for e in sorted(items)]


def _counts(counts: dict) -> list:
    return [[hex_data(h), n] for h, n in sorted(counts.items())]


def catalog_to_data(c: Catalog) -> dict[str, Any]:
    return {
        "habitats": [[hex_data(h), k] for h, k in sorted(c.habitats.items())],
        "layout": [list(x) for x in c.layout],
        "mech_icons": _hexes(c.mech_icons), "pollution_icons": _hexes(c.pollution_icons),
        "die": list(c.die), "chutes": {str(k): list(v) for k, v in sorted(c.chutes.items())},
        "track": {"spaces": list(c.track.spaces), "first_camp": c.track.first_camp,
                  "camps": c.track.camps},
        "cards": [{"id": m.id, "kind": m.kind, "difficult": m.difficult, "replaces": m.replaces}
                  for m in c.cards.values()],
        "factions": [{"id": f.id, "name": f.name, "habitat": f.habitat, "item": f.item,
                      "organizers": dict(f.organizers), "defenders": list(f.defenders)}
                     for f in c.factions.values()],
        "defenders": [{"faction": d.faction, **d.to_data()} for d in c.defenders.values()],
    }


def catalog_from_data(data: dict[str, Any]) -> Catalog:
    defenders = {}
    for d in data["defenders"]:
        a = d["ability"]
        ability = None
        if a is not None:
            from defenders.rules.content import EFFECTS
            params = {k: v for k, v in a.items() if k not in ("name", "effect")}
            ability = Ability(a["name"], a["effect"], EFFECTS[a["effect"]][0], params)
        defenders[d["id"]] = DefenderDef(d["id"], d["name"], d["faction"], d["habitat"], d["ap"],
                                         d["organizer"], ability)
    t = data["track"]
    return Catalog(
        habitats={parse_hex(h): k for h, k in data["habitats"]},
        layout=tuple(tuple(x) for x in data["layout"]),
        mech_icons=tuple(parse_hex(h) for h in data["mech_icons"]),
        pollution_icons=tuple(parse_hex(h) for h in data["pollution_icons"]),
        die=tuple(data["die"]), chutes={int(k): tuple(v) for k, v in data["chutes"].items()},
        track=TrackSide(tuple(t["spaces"]), t["first_camp"], t["camps"]),
        cards={m["id"]: MachineCardDef(m["id"], m["kind"], m["difficult"], m["replaces"])
               for m in data["cards"]},
        factions={f["id"]: FactionDef(f["id"], f["name"], f["habitat"], f["item"],
                                      dict(f["organizers"]), tuple(f["defenders"]))
                  for f in data["factions"]},
        defenders=defenders)


def state_to_data(state: GameState) -> dict[str, Any]:
    t = state.turn
    return {
        "game": "defenders", "version": state.version, "rng": state.rng, "tier": state.tier,
        "catalog": catalog_to_data(state.catalog),
        "seats": [{"id": s.id, "factions": list(s.factions), "hand": list(s.hand),
                   "chosen": s.chosen} for s in state.seats],
        "factions": [{"id": f.id, "seat": f.seat, "organizer": f.organizer,
                      "at": None if f.at is None else hex_data(f.at), "deck": list(f.deck),
                      "exhausted": list(f.exhausted), "camps": _hexes(f.camps),
                      "camps_left": f.camps_left, "support": f.support, "damage": f.damage,
                      "breaches_left": f.breaches_left, "items": dict(f.items),
                      "exited": f.exited, "top_live": f.top_live}
                     for f in state.factions.values()],
        "turn": {"stage": t.stage, "round": t.round, "first": t.first, "active": t.active,
                 "faction": t.faction, "defender": t.defender, "ap": t.ap,
                 "teamed": list(t.teamed), "done": list(t.done),
                 "pending": [dict(p) for p in t.pending], "skip_machine": t.skip_machine},
        **board_data(state), "deck": list(state.deck), "discard": list(state.discard),
        # Games stored before revisions were kept carry none (they are revision 1), and keep
        # exactly the data they were stored with.
        **({} if state.rules_revision == 1 else {"rules_revision": state.rules_revision}),
    }


def board_data(state: GameState) -> dict[str, Any]:
    """The machines and the board as everyone sees them (stored and viewed alike)."""
    return {
        "direction": state.direction, "core": list(state.core),
        "arrows": {str(k): v for k, v in sorted(state.arrows.items())},
        "factories": [[hex_data(h), v[0], v[1]] for h, v in sorted(state.factories.items())],
        "walls": _edges(state.walls),
        "breaches": [[[hex_data(e[0]), hex_data(e[1])], f]
                     for e, f in sorted(state.breaches.items())],
        "engines": [None if g.in_core else {"left": hex_data(g.left), "right": hex_data(g.right),
                                            "ahead": hex_data(g.ahead)} for g in state.engines],
        "mechs": _counts(state.mechs), "pollution": _counts(state.pollution),
        "toxic": _hexes(sorted(state.toxic)),
        "deaths": {k: list(v) for k, v in sorted(state.deaths.items())},
        "outcome": None if state.outcome is None else state.outcome.to_data(),
    }


def state_from_data(data: dict[str, Any]) -> GameState:
    t = data["turn"]
    turn = Turn(t["stage"], t["round"], t["first"], t["active"], t["faction"], t["defender"],
                t["ap"], list(t["teamed"]), list(t["done"]), [dict(p) for p in t["pending"]],
                t["skip_machine"])
    factions = {}
    for f in data["factions"]:
        factions[f["id"]] = Faction(
            f["id"], f["seat"], f["organizer"], None if f["at"] is None else parse_hex(f["at"]),
            list(f["deck"]), list(f["exhausted"]), [parse_hex(h) for h in f["camps"]],
            f["camps_left"], f["support"], f["damage"], f["breaches_left"], dict(f["items"]),
            f["exited"], f["top_live"])
    return GameState(
        catalog=catalog_from_data(data["catalog"]),
        seats=[Seat(s["id"], list(s["factions"]), list(s["hand"]), s["chosen"])
               for s in data["seats"]],
        factions=factions, turn=turn, direction=data["direction"], core=list(data["core"]),
        arrows={int(k): v for k, v in data["arrows"].items()},
        factories={parse_hex(h): [tile, rewilded] for h, tile, rewilded in data["factories"]},
        walls={parse_edge(e) for e in data["walls"]},
        breaches={parse_edge(e): f for e, f in data["breaches"]},
        engines=[Engine() if g is None else Engine(parse_hex(g["left"]), parse_hex(g["right"]),
                                                   parse_hex(g["ahead"])) for g in data["engines"]],
        mechs={parse_hex(h): n for h, n in data["mechs"]},
        pollution={parse_hex(h): n for h, n in data["pollution"]},
        toxic={parse_hex(h) for h in data["toxic"]}, deck=list(data["deck"]),
        discard=list(data["discard"]), deaths={k: list(v) for k, v in data["deaths"].items()},
        tier=data["tier"], outcome=Outcome.from_data(data["outcome"]),
        version=data["version"], rng=data["rng"], rules_revision=data.get("rules_revision", 1))
