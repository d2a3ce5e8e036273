"""Properties of the rules engine that no list of hand-written cases can pin down.

* Whatever a client sends (wrong types, unknown ids, missing or extra fields, huge lists,
  another seat's turn, an answer when nobody asked) `engine.apply` either applies it or
  raises `RuleError`, and a refused command leaves the state byte-for-byte as it was.
* A state survives `state_to_data` -> JSON -> `state_from_data` unchanged.
* A game is a pure function of its seed and its command log: replaying the log from the
  same start gives the same final state, refusals included.

Positions are random: small inline grid boards (random walls, cover and high ground) and
random hands, built through the rules-case runner's own `build_state`, so they mean the
same as a YAML case would.
"""
from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wildlands.content.factions import OPEN_FLAGS, load_faction
from wildlands.rules.board import board_from_data
from wildlands.rules.commands import ACTIONS, ATTACKS, RESPONSES
from wildlands.rules.engine import apply
from wildlands.rules.errors import RuleError
from wildlands.rules.serialize import state_from_data, state_to_data
from wildlands.rules.setup import new_skirmish
from wildlands.rules_cases import build_state

FLAGS = ("melee", "heavy_melee", "ranged", "heavy_ranged", "area", "shield", "cover", "rally",
         "fly")
PROPERTY_SETTINGS = settings(max_examples=60, deadline=None,
                             suppress_health_check=[HealthCheck.too_slow,
                                                    HealthCheck.data_too_large])


def dump(state) -> str:
    return json.dumps(state_to_data(state), sort_keys=True)


# -- random positions ------------------------------------------------------------------------
def grid_board(width: int, height: int, *, open_pairs=None, cover=(), high=()) -> dict:
    """A width x height grid of square cells 10 units wide (Voronoi cells of the centres)."""
    spaces, pairs = [], []
    for j in range(height):
        for i in range(width):
            n = j * width + i + 1
            space: dict[str, Any] = {"n": n, "at": [10 * i + 5, 10 * j + 5]}
            if n in cover:
                space["cover"] = True
            if n in high:
                space["high"] = True
            spaces.append(space)
            if i + 1 < width:
                pairs.append([n, n + 1])
            if j + 1 < height:
                pairs.append([n, n + width])
    chosen = pairs if open_pairs is None else [p for p, keep in zip(pairs, open_pairs) if keep]
    return {"bounds": [0, 0, 10 * width, 10 * height], "spaces": spaces, "open": chosen}


@st.composite
def boards(draw) -> dict:
    width, height = draw(st.sampled_from([(2, 1), (3, 1), (2, 2), (3, 2), (3, 3)]))
    count = width * height
    pair_count = (width - 1) * height + width * (height - 1)
    spaces = list(range(1, count + 1))
    return grid_board(width, height,
                      open_pairs=draw(st.lists(st.booleans(), min_size=pair_count,
                                               max_size=pair_count)),
                      cover=draw(st.sets(st.sampled_from(spaces))),
                      high=draw(st.sets(st.sampled_from(spaces))))


@st.composite
def cards_for(draw, prefix: str, characters: list) -> list:
    cards = []
    for k in range(draw(st.integers(0, 9))):
        card_id = f"{prefix}{k}"
        if draw(st.integers(0, 4)) == 0:
            cards.append({"id": card_id, "wild": True})
            continue
        shown = draw(st.lists(st.sampled_from(characters), min_size=1, max_size=3, unique=True))
        card: dict[str, Any] = {"id": card_id,
                                "icons": {c: draw(st.one_of(st.none(), st.sampled_from(FLAGS)))
                                          for c in shown}}
        if draw(st.booleans()):
            card["open"] = draw(st.sampled_from(sorted(OPEN_FLAGS)))
        cards.append(card)
    return cards


@st.composite
def positions(draw) -> dict:
    """A rules-case dict: board, two or three players, characters, cards, turn."""
    board = draw(boards())
    spaces = [s["n"] for s in board["spaces"]]
    players = []
    count = draw(st.integers(2, 3))
    wrath = draw(st.booleans())  # The Wrath of the Ancients: the last seat plays the Ancients
    for p in range(count):
        pid = f"p{p + 1}"
        names = [f"{pid}c{k}" for k in range(draw(st.integers(1, 3)))]
        if wrath and p == count - 1:
            names = [f"{pid}_{special}" for special in draw(st.permutations(
                ["magus", "automaton", "phantasm", "lizardman", "tyrant"]))[:len(names)]]
        characters = []
        for name in names:
            health = draw(st.integers(1, 3))
            where = draw(st.sampled_from(["board", "board", "board", "hidden", "out"]))
            entry: dict[str, Any] = {"id": name, "health": health,
                                     "damage": draw(st.integers(0, health - 1))}
            if where == "board":
                entry["space"] = draw(st.sampled_from(spaces))
            elif where == "hidden":
                entry.update(space=None, assigned=draw(st.sampled_from(spaces)))
            else:
                entry["knocked_out"] = True
            characters.append(entry)
        pile = draw(cards_for(f"{pid}k", names))
        cut1 = draw(st.integers(0, min(7, len(pile))))
        cut2 = draw(st.integers(cut1, len(pile)))
        players.append({"id": pid, "characters": characters, "hand": pile[:cut1],
                        "deck": pile[cut1:cut2], "discard": pile[cut2:],
                        "shards": draw(st.lists(st.sampled_from(spaces), max_size=2, unique=True)),
                        "score": draw(st.integers(0, 4))})
    extra: dict[str, Any] = {}
    if wrath:
        last = players[-1]
        extra = {"mode": "wrath", "wrath": {"ancients": last["id"], "carried": {
            c["id"]: ["p1"] * draw(st.integers(0, 2)) for c in last["characters"]}}}
    return {
        **extra,
        "name": "random position",
        "seed": draw(st.integers(0, 2 ** 32)),
        "board": board,
        "players": players,
        "active": draw(st.sampled_from([p["id"] for p in players])),
        "turn": {"revealed": draw(st.booleans())},
        "options": {"auto_pass_defence": draw(st.booleans()),
                    "auto_pass_interrupt": draw(st.booleans()),
                    "end_turn_window": draw(st.booleans())},
    }


# -- random and malformed commands ------------------------------------------------------------
JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 20, 10 ** 20) | st.floats(allow_nan=True)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)


def command_strategy(state) -> st.SearchStrategy:
    """Commands shaped like the real ones, with values that are right, wrong or nonsense."""
    ids = list(state.characters) + ["ghost", ""]
    card_ids = list(state.catalog.cards) + ["nocard"]
    spaces = list(state.board.spaces) + [0, -1, 999]
    value_for = {
        "character": st.sampled_from(ids), "target": st.sampled_from(ids),
        "with": st.sampled_from(ids), "figure": st.sampled_from(ids),
        "object": st.sampled_from(["o1", "ghost"]), "discard": st.sampled_from(card_ids),
        "treasure": st.sampled_from(["t1"]),
        "belt": st.sampled_from(["north", "ghost"]),  # a map's conveyor belt, by name
        "to": st.sampled_from(spaces) | st.dictionaries(st.sampled_from(ids), st.sampled_from(spaces),
                                                         max_size=3),
        "space": st.sampled_from(spaces),
        "cards": st.lists(st.sampled_from(card_ids), max_size=4, unique=True)
        | st.lists(st.sampled_from(card_ids), min_size=11, max_size=60),
        "path": st.lists(st.sampled_from(spaces), max_size=3) | st.lists(st.integers(), min_size=5, max_size=50),
        "spaces": st.dictionaries(st.sampled_from(ids), st.sampled_from(spaces), max_size=4),
        # a table companion's correction (ancients_ai/engine/companion.py)
        "damage": st.integers(0, 5), "crystals": st.integers(0, 5),
        # The Wrath of the Ancients' answers to a special action's choices
        "attack": st.sampled_from(["ranged", "heavy_ranged", "melee", "nonsense"]),
        "amount": st.integers(-3, 120),
    }

    @st.composite
    def shaped(draw):
        is_response = draw(st.booleans())
        table = RESPONSES if is_response else ACTIONS
        name = draw(st.sampled_from(sorted(table)))
        required, optional = table[name]
        command: dict[str, Any] = {"respond" if is_response else "do": name}
        for key in required + optional:
            roll = draw(st.integers(0, 9))
            if roll == 0 and key in required:
                continue  # a missing field
            if roll == 1:
                command[key] = draw(JUNK)  # a wrong type
            elif roll >= 2 and (key in required or roll >= 7):
                command[key] = draw(value_for[key])
        if draw(st.integers(0, 9)) == 0:
            command[draw(st.text(max_size=6))] = draw(JUNK)  # an unknown field
        return command

    return shaped() | JUNK | st.dictionaries(st.sampled_from(["do", "respond", "as"]), JUNK, max_size=3)


def seat_strategy(state) -> st.SearchStrategy:
    seats = state.player_ids()
    return st.sampled_from(seats) | st.sampled_from(seats) | st.sampled_from([None, "p9", 3, ""])


# -- legal-ish play for replays ---------------------------------------------------------------
def _flag_cards(state, hand: list, character_id: str) -> dict:
    """flag -> cards in hand that give this character that flag (beside its icon, or open)."""
    found: dict = {}
    for card_id in hand:
        card = state.card(card_id)
        for flag in {card.icons.get(character_id), card.open} - {None}:
            found.setdefault(flag, []).append(card_id)
    return found


def plausible_command(state, draw) -> tuple:
    """A command that has a fair chance of being accepted: from the seat that is asked or
    acting, with its own characters, cards from its hand that fit, and nearby spaces."""
    if state.prompt is not None:
        prompt = state.prompt
        seat = prompt.to
        hand = state.player(seat).hand
        if prompt.kind == "choose":
            return seat, {"respond": "choose", "character": draw(st.sampled_from(prompt.data["options"]))}
        if prompt.kind == "defend" and hand and draw(st.booleans()):
            fitting = _flag_cards(state, hand, prompt.data["character"])
            usable = [c for flag in prompt.data["defences"] for c in fitting.get(flag, [])]
            return seat, {"respond": "defend", "character": prompt.data["character"],
                          "cards": [draw(st.sampled_from(usable or hand))]}
        if prompt.kind == "interrupt_window" and hand and draw(st.booleans()):
            return seat, {"do": "interrupt", "cards": [draw(st.sampled_from(hand))]}
        return seat, {"respond": "pass"}
    seat = state.turn.actor
    if draw(st.integers(0, 7)) == 0:  # somebody tries to interrupt
        other = draw(st.sampled_from(state.player_ids()))
        hand = state.player(other).hand
        wild = [c for c in hand if state.card(c).wild]
        return other, {"do": "interrupt", "cards": [draw(st.sampled_from(wild or hand))] if hand else []}
    player = state.player(seat)
    mine = [c for c in state.characters_of(seat) if not c.knocked_out]
    hidden = [c.id for c in mine if c.space is None]
    placed = [c for c in mine if c.space is not None]
    reveal_first = seat == state.turn.active and not state.turn.revealed and hidden
    if hidden and (reveal_first or draw(st.integers(0, 9)) == 0):
        return seat, {"do": "reveal", "character": draw(st.sampled_from(hidden))}
    if not placed or not player.hand or draw(st.integers(0, 5)) == 0:
        return seat, {"do": "end_turn"}
    who = draw(st.sampled_from(placed))
    board = state.board
    near = sorted(board.neighbours(who.space)) or [who.space]
    hand = player.hand
    flags = _flag_cards(state, hand, who.id)
    kind = draw(st.sampled_from(["move", "move", "flag", "flag", "flag", "claim", "draw_two"]))
    if kind == "flag" and flags:
        flag = draw(st.sampled_from(sorted(flags)))
        card = [draw(st.sampled_from(flags[flag]))]
        enemies = [c for c in state.characters.values() if c.player != seat and c.on_board]
        if flag == "area":
            return seat, {"do": "area", "character": who.id,
                          "space": draw(st.sampled_from(near + [who.space])), "cards": card}
        if flag in ATTACKS and enemies:
            close = [c.id for c in enemies if c.space == who.space]
            pool = close if flag in ("melee", "heavy_melee") and close else [c.id for c in enemies]
            return seat, {"do": flag, "character": who.id, "target": draw(st.sampled_from(pool)),
                          "cards": card}
        if flag == "fly":
            reach = sorted(board.within(who.space, 2) - {who.space}) or [who.space]
            return seat, {"do": "fly", "character": who.id, "to": draw(st.sampled_from(reach)),
                          "cards": card}
        if flag == "rally":
            friend = draw(st.sampled_from(placed))
            extra = draw(st.lists(st.sampled_from(hand), max_size=2, unique=True))
            moves = {who.id: draw(st.sampled_from(near))}
            if friend.id != who.id and draw(st.booleans()):
                moves[friend.id] = draw(st.sampled_from(sorted(board.neighbours(friend.space)) or [0]))
            return seat, {"do": "rally", "character": who.id, "with": friend.id, "to": moves,
                          "cards": list(dict.fromkeys(card + extra))}
    if kind == "claim" and len(hand) >= 3:
        cards = draw(st.lists(st.sampled_from(hand), min_size=3, max_size=3, unique=True))
        return seat, {"do": "claim", "character": who.id, "cards": cards}
    if kind == "draw_two":
        wild = [c for c in hand if state.card(c).wild]
        return seat, {"do": "draw_two", "cards": [draw(st.sampled_from(wild or hand))]}
    movers = [c for c in hand if state.card(c).wild or who.id in state.card(c).icons] or hand
    cards = draw(st.lists(st.sampled_from(movers), min_size=1, max_size=2, unique=True))
    return seat, {"do": "move", "character": who.id, "to": draw(st.sampled_from(near)), "cards": cards}


def play(state, draw, steps: int) -> tuple:
    """Play `steps` plausible commands; return the final state and the whole log."""
    log = []
    for _ in range(steps):
        if state.outcome is not None:
            break
        seat, command = plausible_command(state, draw)
        log.append((seat, command))
        try:
            state, _ = apply(state, seat, command)
        except RuleError:
            pass
    return state, log


def replay(state, log: list):
    for seat, command in log:
        try:
            state, _ = apply(state, seat, command)
        except RuleError:
            pass
    return state


# -- the properties ----------------------------------------------------------------------------
@PROPERTY_SETTINGS
@given(case=positions(), data=st.data())
def test_any_command_is_applied_or_refused_cleanly(case, data):
    state = build_state(case, "hypothesis")
    for _ in range(25):
        seat = data.draw(seat_strategy(state), label="seat")
        command = data.draw(command_strategy(state), label="command")
        before = dump(state)
        try:
            new, events = apply(state, seat, command)
        except RuleError as exc:
            assert exc.code, "a refusal carries a code"
            assert dump(state) == before, f"refused {command!r} but the state changed"
            continue
        assert dump(state) == before, "apply changed the state it was given"
        assert new.version == state.version + 1
        assert isinstance(events, list)
        state = new
        if state.outcome is not None:
            break


@PROPERTY_SETTINGS
@given(case=positions(), data=st.data())
def test_refusals_during_play_change_nothing(case, data):
    """Mid-game states (pending defences, windows, interrupts) meet random commands too."""
    state, _ = play(build_state(case, "hypothesis"), data.draw, 15)
    for _ in range(10):
        seat = data.draw(seat_strategy(state), label="seat")
        command = data.draw(command_strategy(state), label="command")
        before = dump(state)
        try:
            apply(state, seat, command)
        except RuleError:
            pass
        assert dump(state) == before


@PROPERTY_SETTINGS
@given(case=positions(), data=st.data())
def test_state_round_trips_through_data(case, data):
    state = build_state(case, "hypothesis")
    for _ in range(4):
        text = dump(state)
        again = state_from_data(json.loads(text))
        assert dump(again) == text
        state, _ = play(state, data.draw, 6)


@PROPERTY_SETTINGS
@given(case=positions(), data=st.data())
def test_a_restored_state_plays_on_exactly_like_the_original(case, data):
    state, _ = play(build_state(case, "hypothesis"), data.draw, 8)
    restored = state_from_data(json.loads(dump(state)))
    final, log = play(state, data.draw, 12)
    assert dump(replay(restored, log)) == dump(final)


@PROPERTY_SETTINGS
@given(case=positions(), data=st.data())
def test_a_position_replays_exactly_from_its_command_log(case, data):
    final, log = play(build_state(case, "hypothesis"), data.draw, 40)
    assert dump(replay(build_state(case, "hypothesis"), log)) == dump(final)


SETUP_BOARD = board_from_data(grid_board(5, 5), name="grid5")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 40), data=st.data())
def test_a_whole_game_replays_exactly_from_seed_and_log(seed, data):
    def start():
        return new_skirmish(board=SETUP_BOARD,
                            factions=[load_faction("guild"), load_faction("gnomads")],
                            player_ids=["p1", "p2"], seed=seed)

    state = start()
    log = []
    for seat in ("p1", "p2"):
        dealt = list(state.player(seat).map_cards)
        order = data.draw(st.permutations(dealt), label="assignment")
        command = {"do": "assign",
                   "spaces": {c.id: order[i] for i, c in enumerate(state.characters_of(seat))}}
        state, _ = apply(state, seat, command)
        log.append((seat, command))
    assert state.turn.phase == "play"
    final, more = play(state, data.draw, 60)
    log += more
    assert dump(replay(start(), log)) == dump(final)
