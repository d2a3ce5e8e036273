"""What the Awoken bot reads from a position: tables built once per board, card and
scenario, and per decision the cards that pay for what, the monsters' threat, and the goals.

Threat: how much damage a monster is likely to do on the Ancients' next turn, worked out
from its scenario's cards (each row of a minion card for its type, each Ancient card for
the Ancient: how far it moves first, which attacks follow) and where the characters stand
(distance, line of sight).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, Optional

from wildlands.rules.state import GameState

if TYPE_CHECKING:
    from wildlands.bots.awoken_bot import AwokenBot

DAMAGE = {"melee": 1, "heavy_melee": 2, "ranged": 1, "heavy_ranged": 2, "area": 1}
DEFENCE_FLAGS = frozenset(("melee", "shield", "cover"))
SHORT_OF_CLAIM = 2  # a crystal seems this many spaces farther per card a claim lacks
WILD_WORTH = 20  # wild cards are spent last: they fill any claim and pay for interrupts
FAR = 99


# -- tables built once per board, card, scenario -----------------------------------------------
class _BoardTables:
    """Distances, neighbours and short reaches of one board as plain dicts."""

    __slots__ = ("board", "dist", "near", "within2", "sees", "heavy", "climbs")

    def __init__(self, board) -> None:
        spaces = sorted(board.spaces)
        self.board = board
        self.dist = {a: {b: d for b in spaces if (d := board.distance(a, b)) is not None}
                     for a in spaces}
        self.near = {a: board.neighbours(a) for a in spaces}
        self.within2 = {a: [b for b, d in self.dist[a].items() if 1 <= d <= 2] for a in spaces}
        self.sees = {a: board.visible_from(a) for a in spaces}  # line of sight from a
        self.heavy = {a: frozenset(b for b in spaces if board.in_heavy_range(a, b))
                      for a in spaces}
        self.climbs = {a: frozenset(b for b in self.near[a] if board.is_climb(a, b))
                       for a in spaces}


def card_row(card) -> tuple:
    """(wild, icons, open flag, worth): what a card pays for and what keeping it is worth."""
    if card.wild:
        return True, {}, None, WILD_WORTH
    icons = dict(card.icons)
    flags = [f for f in icons.values() if f] + ([card.open] if card.open else [])
    worth = (len(icons) + 3 * sum(f in DEFENCE_FLAGS for f in flags)
             + 2 * sum(f not in DEFENCE_FLAGS for f in flags))
    return False, icons, card.open, worth


def _row_profile(actions, specials: Mapping, depth: int = 0) -> tuple:
    """(reach, attacks) of one row of card actions: how many spaces the monster may move
    toward a character before it strikes, and each strike as (kind, damage)."""
    reach, attacks = 0, []
    for action in actions:
        if isinstance(action, str):
            if action in ("move", "reposition"):
                reach += 1
            elif action == "fly":
                reach += 2
            elif action in DAMAGE:
                attacks.append((action, DAMAGE[action]))
            elif action in specials and depth < 4:
                more, hits = _row_profile(specials[action], specials, depth + 1)
                reach += more
                attacks += hits
        elif isinstance(action, Mapping):
            if action.get("move") == "toward":
                reach += action.get("steps", 1)
            elif "teleport" in action or "pull" in action:
                reach += 2
            if "damage" in action:
                attacks.append((action.get("kind", "melee"), action["damage"]))
            if "special" in action and depth < 4:
                more, hits = _row_profile(specials[action["special"]], specials, depth + 1)
                reach += more
                attacks += hits
            if "repeat" in action and depth < 4:
                more, hits = _row_profile(action["steps"], specials, depth + 1)
                reach += more * action["repeat"]
                attacks += hits * action["repeat"]
    return reach, attacks


def _profiles(rules) -> dict:
    """Monster type (the Ancient: its id) -> [(chance, reach, attacks)], one entry per
    distinct row of its cards, with the chance that a card drawn shows that row."""
    rows: dict = {}
    for card in rules.minion_cards.values():
        rows.setdefault(card.top_type, []).append(card.top_actions)
        rows.setdefault(card.bottom_type, []).append(card.bottom_actions)
    rows[rules.ancient_id] = [card.actions for card in rules.ancient_cards.values()]
    found = {}
    for kind, many in rows.items():
        merged: dict = {}
        for actions in many:
            reach, attacks = _row_profile(actions, rules.special_actions)
            if attacks:
                key = (reach, tuple(attacks))
                merged[key] = merged.get(key, 0) + 1 / len(many)
        found[kind] = [(chance, reach, attacks) for (reach, attacks), chance in merged.items()]
    return found


_BOARDS: dict = {}
CARDS: dict = {}  # card -> its row in a bot's card table
_RULES: dict = {}


def cached(cache: dict, key_object, build):
    """`build(key_object)`, once per object (by identity; content objects are shared)."""
    entry = cache.get(id(key_object))
    if entry is None or entry[0] is not key_object:
        if len(cache) > 256:
            cache.clear()
        entry = (key_object, build(key_object))
        cache[id(key_object)] = entry
    return entry[1]


# -- one decision ------------------------------------------------------------------------------
class Position:
    """What one decision needs, read from the state once (the rest on first use)."""

    def __init__(self, bot: "AwokenBot", state: GameState, seat: str) -> None:
        self.state = state
        self.seat = seat
        self.bot = bot
        self.t = cached(_BOARDS, state.catalog.board, _BoardTables)
        self.cards = cards = bot.card_table(state)
        self.hand = sorted(state.player(seat).hand, key=lambda cid: cards[cid][3])
        self.standing = [c for c in state.characters.values()
                         if c.space is not None and not c.knocked_out]
        self.mine = [c for c in self.standing if c.player == seat]
        self.monsters = [m for m in state.monsters.values()
                         if m.space is not None and not m.knocked_out]
        self.hidden: dict = {}  # space -> id of a face-down counter there
        self.crystals: dict = {}  # space -> id of a face-up crystal there
        for obj in state.mode_state.objects.values():
            if obj.removed or obj.space is None:
                continue
            if not obj.revealed:
                self.hidden.setdefault(obj.space, obj.id)
            elif obj.kind == "crystal":
                self.crystals.setdefault(obj.space, obj.id)
        self._threats: dict = {}
        self._goals: Optional[dict] = None
        self._reserved: Optional[set] = None
        self._danger: Optional[dict] = None

    # -- cards ---------------------------------------------------------------------------
    def claim_set(self, character, hand: Optional[list] = None) -> Optional[list]:
        """The cheapest three cards that pay for this character's claim (three of its icon,
        or of one knocked-out friend's; wild cards fill in), or None."""
        hand = self.hand if hand is None else hand
        cards = self.cards
        wild = [cid for cid in hand if cards[cid][0]]
        names = [character.id] + [c.id for c in self.state.characters.values()
                                  if c.player == character.player and c.knocked_out]
        best, best_worth = None, None
        for name in names:
            chosen = ([cid for cid in hand if name in cards[cid][1]] + wild)[:3]
            if len(chosen) == 3:
                total = sum(cards[cid][3] for cid in chosen)
                if best is None or total < best_worth:
                    best, best_worth = chosen, total
        return best

    def flag_cards(self, character_id: str, hand: Optional[list] = None) -> dict:
        """flag -> the cheapest card in hand that lets this character take it."""
        found: dict = {}
        cards = self.cards
        for cid in self.hand if hand is None else hand:
            wild, icons, open_flag, _ = cards[cid]
            if wild:
                continue
            own = icons.get(character_id)
            if own is not None and own not in found:
                found[own] = cid
            if open_flag is not None and open_flag not in found:
                found[open_flag] = cid
        return found

    def reveal_card(self, space: int) -> Optional[str]:
        """With two players a reveal costs a card showing a character in that space."""
        present = {c.id for c in self.standing if c.space == space}
        cards = self.cards
        usable = [cid for cid in self.hand
                  if not cards[cid][0] and not present.isdisjoint(cards[cid][1])]
        reserved = self.reserved()
        spare = [cid for cid in usable if cid not in reserved]
        return (spare or usable or [None])[0]

    def movers(self, character_id: str, hand: list) -> list:
        cards = self.cards
        return [cid for cid in hand if cards[cid][0] or character_id in cards[cid][1]]

    def reserved(self) -> set:
        """Cards kept back: the three a character on or next to a face-up crystal needs."""
        if self._reserved is None:
            reserved: set = set()
            cards = self.cards
            for c in self.mine:
                row = self.t.dist[c.space]
                if any(row.get(s, FAR) <= 1 for s in self.crystals):
                    own = [cid for cid in self.hand if cid not in reserved and not cards[cid][0]
                           and c.id in cards[cid][1]]
                    own += [cid for cid in self.hand if cid not in reserved and cards[cid][0]]
                    reserved.update(own[:3])
            self._reserved = reserved
        return self._reserved

    # -- the board -----------------------------------------------------------------------
    def distance(self, a: int, b: int) -> int:
        return self.t.dist[a].get(b, FAR)

    def danger(self, space: int) -> int:
        """Monsters in or next to this space."""
        if self._danger is None:
            found: dict = {}
            near = self.t.near
            for m in self.monsters:
                found[m.space] = found.get(m.space, 0) + 1
                for s in near[m.space]:
                    found[s] = found.get(s, 0) + 1
            self._danger = found
        return self._danger.get(space, 0)

    def threat(self, monster) -> float:
        """Damage this monster is likely to do on the Ancients' next turn."""
        found = self._threats.get(monster.id)
        if found is not None:
            return found
        rules = self.state.mode_state.scenario(monster.scenario).rules
        profile = cached(_RULES, rules, _profiles).get(monster.type, ())
        here = monster.space
        row = self.t.dist[here]
        d = min((row.get(c.space, FAR) for c in self.standing), default=FAR)
        los = heavy = None
        total = 0.0
        for chance, reach, attacks in profile:
            for kind, amount in attacks:
                if kind in ("melee", "heavy_melee"):
                    hit = d <= reach
                elif kind == "ranged":
                    if los is None:
                        sees = self.t.sees[here]
                        los = any(c.space in sees for c in self.standing)
                    hit = los or d <= reach
                elif kind == "heavy_ranged":
                    if heavy is None:
                        near = self.t.heavy[here]
                        heavy = any(c.space in near for c in self.standing)
                    hit = heavy or d <= reach
                else:  # area and anything else: next to a character after moving
                    hit = d <= reach + 1
                if hit:
                    total += chance * amount
        self._threats[monster.id] = total
        return total

    def _short_of_claim(self) -> dict:
        """For each of this seat's characters, how many cards its claim still lacks (a
        crystal is better fetched by the character whose icons are in hand)."""
        cards = self.cards
        wild = sum(1 for cid in self.hand if cards[cid][0])
        return {c.id: max(0, 3 - wild - sum(1 for cid in self.hand if c.id in cards[cid][1]))
                for c in self.mine}

    def goals(self) -> dict:
        """character id -> the space it heads for: counters and crystals, each taken by the
        nearest free character (every character counts, a partner's too, so two players
        do not walk to the same counter); with none left, the Ancients."""
        if self._goals is not None:
            return self._goals
        targets = set(self.hidden) | set(self.crystals)
        if not targets:
            targets = {m.space for m in self.monsters if m.kind == "ancient" and not m.immortal}
        crystals = self.crystals
        short = self._short_of_claim() if crystals else {}
        key = (tuple(c.space for c in self.standing), tuple(c.id for c in self.standing),
               frozenset(targets), tuple(sorted(short.items())))
        cached = self.bot._goals_cache
        if cached is not None and cached[0] == key:  # nobody moved since the last decision
            self._goals = cached[1]
            return self._goals
        goals: dict = {}
        if targets:
            dist = self.t.dist
            pairs = sorted((dist[c.space].get(s, FAR)
                            + (SHORT_OF_CLAIM * short.get(c.id, 1) if s in crystals else 0), i, s)
                           for i, c in enumerate(self.standing) for s in targets)
            taken: set = set()
            for d, i, s in pairs:
                c = self.standing[i]
                if d >= FAR or c.id in goals or s in taken:
                    continue
                goals[c.id] = s
                taken.add(s)
                if len(goals) == len(self.standing) or len(taken) == len(targets):
                    break
        self._goals = goals
        self.bot._goals_cache = (key, goals)
        return goals
