"""AwokenBot: plays the party in The Awoken straight from the state, cheaply and sensibly.

Each call picks one command (the game loop asks again once it is applied):

1. claim a face-up ancient crystal a character stands on, when the hand pays for it;
2. knock out an Ancient, when one attack or treasure can;
3. turn over a face-down counter a character stands on;
4. otherwise the most valuable of: an attack (a knock-out, above all of a minion next to
   someone; damage to an Ancient), a treasure that helps now (healing, damage, cards, a way
   out of a stasis trap), and a step for a character toward the nearest counter or crystal
   no other character is heading for (a fly when it has one), paid with a spare card;
5. end the turn.

Spare cards: moves are paid with the cheapest cards, and only while the hand holds more
than `keep` cards, so cards for the Ancients' turn (defences) and the three a claim
nearby needs stay in hand. On the Ancients' turn it always defends (a treasure that is
kept after use first, then the cheapest card that defends), gives a hit to the character
most likely to survive it, and interrupts only when it can then claim or knock out an
Ancient at once.

Why it does not score the legal list: a position's legal commands run to hundreds (every
three cards of the hand for every character's claim), and checking treasures through
`engine.apply` costs more again; deciding from the state is what lets balance runs play
hundreds of games a second. The commands it builds follow the same conditions the engine
checks (tests/test_awoken_bot.py plays games with every command checked against
`legal_commands`). Outside The Awoken, and for any prompt it does not know, it falls back
to the legal list.
"""
from __future__ import annotations

from typing import Optional

from games.bots.greedy_bot import GreedyBot
from games.rules.rng import seed_state
from games.rules.state import GameState

ATTACKS = ("melee", "heavy_melee", "ranged", "heavy_ranged", "area")
DAMAGE = {"melee": 1, "heavy_melee": 2, "ranged": 1, "heavy_ranged": 2, "area": 1}
DEFENCE_FLAGS = frozenset(("melee", "shield", "cover"))

# what actions are worth, compared with each other (end the turn below `WORTH_DOING`)
CLAIM = 1000
KNOCK_OUT_ANCIENT = 950
REVEAL = 600
KNOCK_OUT_MINION = 400
HEAL = 350
ESCAPE = 300  # a treasure's move out of a stasis trap
DAMAGE_ANCIENT = 220  # per point of damage
DRAW = 120
MOVE = 100
STEP = 30  # per space nearer the goal
DAMAGE_MINION = 60  # per point of damage that does not knock out
THREAT = {0: 150, 1: 100, 2: 50}  # a minion this far from a character is worth more to hit
DANGER = 20  # per monster in or next to the space a character steps into
WORTH_DOING = 1
INTERRUPT_WORTH = KNOCK_OUT_MINION  # what makes an interrupt (and each action in it) pay
KEEP = 4  # moves are paid for only while the hand holds more cards than this
WILD_WORTH = 20  # wild cards are spent last: they fill any claim and pay for interrupts
FAR = 99


class _BoardTables:
    """Distances and neighbours of one board as plain dicts (one lookup each)."""

    __slots__ = ("board", "dist", "near")

    def __init__(self, board) -> None:
        spaces = sorted(board.spaces)
        self.board = board
        self.dist = {a: {b: d for b in spaces if (d := board.distance(a, b)) is not None}
                     for a in spaces}
        self.near = {a: board.neighbours(a) for a in spaces}


class _CardTable:
    """Each card as (wild, icons, open flag) and what it is worth keeping."""

    __slots__ = ("cards", "info", "worth")

    def __init__(self, cards) -> None:
        self.cards = cards
        self.info = {}
        self.worth = {}
        for cid, card in cards.items():
            icons = dict(card.icons) if not card.wild else {}
            self.info[cid] = (card.wild, icons, card.open)
            if card.wild:
                self.worth[cid] = WILD_WORTH
                continue
            flags = [f for f in icons.values() if f] + ([card.open] if card.open else [])
            self.worth[cid] = (len(icons) + 3 * sum(f in DEFENCE_FLAGS for f in flags)
                               + 2 * sum(f not in DEFENCE_FLAGS for f in flags))


_BOARDS: dict = {}
_CARDS: dict = {}


def _cached(cache: dict, key_object, build):
    entry = cache.get(id(key_object))
    if entry is None or entry[0] is not key_object:
        if len(cache) > 64:
            cache.clear()
        entry = (key_object, build(key_object))
        cache[id(key_object)] = entry
    return entry[1]


def _choice(state: GameState, option) -> dict:
    if isinstance(option, int):
        return {"respond": "choose", "space": option}
    if option in state.characters:
        return {"respond": "choose", "character": option}
    return {"respond": "choose", "figure": option}


class _Position:
    """What one decision needs, read from the state once."""

    def __init__(self, state: GameState, seat: str) -> None:
        self.state = state
        self.seat = seat
        self.t = _cached(_BOARDS, state.catalog.board, _BoardTables)
        table = _cached(_CARDS, state.catalog.cards, _CardTable)
        self.info = table.info
        worth = table.worth
        self.player = state.player(seat)
        self.hand = sorted(self.player.hand, key=worth.__getitem__)  # cheapest first
        self.worth = worth
        self.standing = [c for c in state.characters.values()
                         if c.space is not None and not c.knocked_out]
        self.mine = [c for c in self.standing if c.player == seat]
        self.monsters = [m for m in state.monsters.values()
                         if m.space is not None and not m.knocked_out]
        self.hidden: dict = {}  # space -> id of a face-down counter there
        self.crystals: dict = {}  # space -> id of a face-up crystal there
        for obj in state.awoken.objects.values():
            if obj.removed or obj.space is None:
                continue
            if not obj.revealed:
                self.hidden.setdefault(obj.space, obj.id)
            elif obj.kind == "crystal":
                self.crystals.setdefault(obj.space, obj.id)

    # -- cards ---------------------------------------------------------------------------
    def claim_set(self, character, hand: Optional[list] = None) -> Optional[list]:
        """The cheapest three cards that pay for this character's claim (three of its icon,
        or of one knocked-out friend's; wild cards fill in), or None."""
        hand = self.hand if hand is None else hand
        names = [character.id] + [c.id for c in self.state.characters.values()
                                  if c.player == character.player and c.knocked_out]
        best, best_worth = None, None
        for name in names:
            own = [cid for cid in hand if not self.info[cid][0] and name in self.info[cid][1]]
            wild = [cid for cid in hand if self.info[cid][0]]
            cards = (own + wild)[:3]
            if len(cards) == 3:
                total = sum(self.worth[cid] for cid in cards)
                if best is None or total < best_worth:
                    best, best_worth = cards, total
        return best

    def flag_cards(self, character_id: str, hand: Optional[list] = None) -> dict:
        """flag -> the cheapest card in hand that lets this character take it."""
        found: dict = {}
        for cid in self.hand if hand is None else hand:
            wild, icons, open_flag = self.info[cid]
            if wild:
                continue
            own = icons.get(character_id)
            if own is not None and own not in found:
                found[own] = cid
            if open_flag is not None and open_flag not in found:
                found[open_flag] = cid
        return found

    def movers(self, character_id: str, cards: list) -> list:
        return [cid for cid in cards if self.info[cid][0] or character_id in self.info[cid][1]]

    # -- the board -----------------------------------------------------------------------
    def distance(self, a: int, b: int) -> int:
        return self.t.dist[a].get(b, FAR)

    def threat(self, monster) -> int:
        """How close this monster is to the nearest character (0: in a character's space)."""
        row = self.t.dist[monster.space]
        return min((row.get(c.space, FAR) for c in self.standing), default=FAR)

    def danger(self, space: int) -> int:
        near = self.t.near[space]
        return sum(1 for m in self.monsters if m.space == space or m.space in near)


class AwokenBot:
    name = "awoken"

    def __init__(self, seed: int, *, keep: int = KEEP) -> None:
        self.rng = seed_state(seed)  # the bot's own generator (unused by its choices so far)
        self.keep = keep
        self._fallback = GreedyBot(seed)

    # -- the one entry point -------------------------------------------------------------
    def choose(self, state: GameState, seat: str, legal, optional: bool = False) -> Optional[dict]:
        if state.awoken is None or state.turn.phase == "setup":
            return self._fallback.choose(state, seat, legal, optional)
        if optional:
            return None  # The Awoken offers interrupts only as prompts
        prompt = state.prompt
        if prompt is not None:
            if prompt.to != seat:
                return self._from_list(legal)
            if prompt.kind == "defend":
                return self._defend(state, seat)
            if prompt.kind == "choose":
                return self._choose(state, prompt)
            if prompt.kind == "interrupt_window":
                return self._maybe_interrupt(state, seat)
            return self._from_list(legal)
        turn = state.turn
        if turn.phase == "play" and turn.actor is None:
            return self._turn(_Position(state, seat), WORTH_DOING)
        if turn.phase == "ancients" and turn.actor == seat:  # an interrupt: only what pays
            return self._turn(_Position(state, seat), INTERRUPT_WORTH)
        return self._from_list(legal)

    @staticmethod
    def _from_list(legal) -> Optional[dict]:
        for command in legal:
            if command.get("respond") == "pass":
                return command
        return legal[0] if legal else None

    # -- the players' turn ---------------------------------------------------------------
    def _turn(self, pos: _Position, least: int) -> dict:
        best, value = self._best(pos)
        if best is None or value < least:
            return {"do": "end_turn"}
        return best

    def _best(self, pos: _Position) -> tuple:
        two_players = len(pos.state.players) > 1
        for c in pos.mine:
            if c.space in pos.crystals:
                cards = pos.claim_set(c)
                if cards:
                    return {"do": "claim", "character": c.id, "cards": cards}, CLAIM
        best, value = self._best_attack(pos)
        if value >= KNOCK_OUT_ANCIENT:
            return best, value
        for c in pos.mine:
            obj = pos.hidden.get(c.space)
            if obj is None:
                continue
            command = {"do": "reveal_object", "character": c.id, "object": obj}
            if not two_players:
                return command, REVEAL
            card = self._reveal_card(pos, c.space)
            if card is not None:
                command["discard"] = card
                return command, REVEAL
        for candidate, worth in (self._best_treasure(pos), self._best_move(pos)):
            if candidate is not None and worth > value:
                best, value = candidate, worth
        return best, value

    def _reveal_card(self, pos: _Position, space: int) -> Optional[str]:
        """With two players a reveal costs a card showing a character in that space."""
        present = {c.id for c in pos.standing if c.space == space}
        reserved = self._reserved(pos)
        usable = [cid for cid in pos.hand
                  if not pos.info[cid][0] and present.intersection(pos.info[cid][1])]
        spare = [cid for cid in usable if cid not in reserved]
        return (spare or usable or [None])[0]

    # -- attacks -------------------------------------------------------------------------
    def _hit_value(self, pos: _Position, monster, amount: int) -> int:
        if monster.immortal:
            return 0
        left = monster.health - monster.damage
        ancient = monster.kind == "ancient"
        if amount >= left:
            if ancient:
                return KNOCK_OUT_ANCIENT
            return KNOCK_OUT_MINION + THREAT.get(pos.threat(monster), 0)
        if ancient:
            return DAMAGE_ANCIENT * amount
        return DAMAGE_MINION * amount + THREAT.get(pos.threat(monster), 0) // 2

    def _targets(self, pos: _Position, here: int, attack: str) -> list:
        board = pos.t.board
        if attack in ("melee", "heavy_melee"):
            return [m for m in pos.monsters if m.space == here]
        if attack == "ranged":
            return [m for m in pos.monsters if board.has_los(here, m.space)]
        return [m for m in pos.monsters if board.in_heavy_range(here, m.space)]

    def _area_value(self, pos: _Position, space: int, amount: int) -> int:
        """An area attack hits everyone there: never worth it with a character in it."""
        if any(c.space == space for c in pos.standing):
            return 0
        return sum(self._hit_value(pos, m, amount) for m in pos.monsters if m.space == space)

    def _best_attack(self, pos: _Position) -> tuple:
        best, value = None, 0
        if not pos.monsters:
            return best, value
        for c in pos.mine:
            flags = pos.flag_cards(c.id)
            for attack in ATTACKS:
                card = flags.get(attack)
                if card is None:
                    continue
                amount = DAMAGE[attack]
                if attack == "area":
                    for space in (c.space, *pos.t.near[c.space]):
                        worth = self._area_value(pos, space, amount)
                        if worth > value:
                            best, value = {"do": "area", "character": c.id, "space": space,
                                           "cards": [card]}, worth
                    continue
                for m in self._targets(pos, c.space, attack):
                    worth = self._hit_value(pos, m, amount)
                    if worth > value:
                        best, value = {"do": attack, "character": c.id, "target": m.id,
                                       "cards": [card]}, worth
        return best, value

    # -- treasures -----------------------------------------------------------------------
    def _best_treasure(self, pos: _Position) -> tuple:
        best, value = None, 0
        defs = pos.state.awoken.treasure_defs
        for c in pos.mine:
            for tid in c.treasures:
                tdef = defs[tid]
                if tdef.when == "defence":
                    continue
                command = {"do": "use_treasure", "character": c.id, "treasure": tid}
                worth = 0
                for step in tdef.effect:
                    gain = self._treasure_step(pos, c, step, command)
                    if gain is None:
                        worth = None
                        break
                    worth += gain
                if worth and worth > value:
                    best, value = command, worth
        return best, value

    def _treasure_step(self, pos: _Position, holder, step, command: dict) -> Optional[int]:
        """What one step of a treasure is worth now (filling in the command's fields), or
        None when it cannot be used now."""
        if "prevent" in step:
            return None
        if "heal" in step:
            if step.get("who") == "target":
                hurt = [c for c in pos.standing if c.space == holder.space and c.damage > 0]
                if not hurt:
                    return 0
                patient = max(hurt, key=lambda c: (c.damage, c.id))
                command["target"] = patient.id
            else:
                patient = holder
            return HEAL if patient.damage > 0 else 0
        if "move" in step:
            goal = self._goal_of(pos, holder)
            row = pos.t.dist[holder.space]
            reach = [s for s, d in row.items() if 1 <= d <= step["move"]]
            if not reach:
                return None
            if goal is None:
                to = min(reach, key=lambda s: (pos.danger(s), s))
                command["to"] = to
                return ESCAPE if holder.ensnared else 0
            to = min(reach, key=lambda s: (pos.distance(s, goal), pos.danger(s), s))
            command["to"] = to
            if holder.ensnared:
                return ESCAPE
            return MOVE + STEP * 3 if pos.distance(to, goal) == 0 else 0
        if "draw" in step:
            return DRAW if len(pos.hand) <= KEEP else 0
        if "damage" in step:
            kind, amount = step["kind"], step["damage"]
            if kind == "area":
                spaces = (holder.space, *pos.t.near[holder.space])
                space = max(spaces, key=lambda s: (self._area_value(pos, s, amount), -s))
                worth = self._area_value(pos, space, amount)
                if worth <= 0:
                    return 0
                command["space"] = space
                return worth
            targets = self._targets(pos, holder.space, kind)
            if not targets:
                return 0
            target = max(targets, key=lambda m: (self._hit_value(pos, m, amount), m.id))
            command["target"] = target.id
            return self._hit_value(pos, target, amount)
        return None

    # -- moving --------------------------------------------------------------------------
    def _goals(self, pos: _Position) -> dict:
        """character id -> the space it heads for: counters and crystals, each taken by the
        nearest free character (every character counts, a partner's too, so two players
        do not walk to the same counter); with none left, the Ancients."""
        targets = set(pos.hidden) | set(pos.crystals)
        if not targets:
            targets = {m.space for m in pos.monsters if m.kind == "ancient" and not m.immortal}
        if not targets:
            return {}
        dist = pos.t.dist
        pairs = sorted((dist[c.space].get(s, FAR), i, s)
                       for i, c in enumerate(pos.standing) for s in targets)
        goals: dict = {}
        taken: set = set()
        for d, i, s in pairs:
            c = pos.standing[i]
            if d >= FAR or c.id in goals or s in taken:
                continue
            goals[c.id] = s
            taken.add(s)
            if len(goals) == len(pos.standing) or len(taken) == len(targets):
                break
        return goals

    def _goal_of(self, pos: _Position, character) -> Optional[int]:
        if not hasattr(pos, "goals"):
            pos.goals = self._goals(pos)
        return pos.goals.get(character.id)

    def _reserved(self, pos: _Position) -> set:
        """Cards kept back: the claim set of a character on or next to a face-up crystal."""
        if hasattr(pos, "reserved"):
            return pos.reserved
        reserved: set = set()
        for c in pos.mine:
            if any(pos.distance(c.space, s) <= 1 for s in pos.crystals):
                own = [cid for cid in pos.hand
                       if cid not in reserved and (pos.info[cid][0] or c.id in pos.info[cid][1])]
                own.sort(key=lambda cid: pos.info[cid][0])  # the character's own icons first
                reserved.update(own[:3])
        pos.reserved = reserved
        return reserved

    def _best_move(self, pos: _Position) -> tuple:
        if len(pos.hand) <= self.keep:
            return None, 0
        reserved = self._reserved(pos)
        spare = [cid for cid in pos.hand if cid not in reserved]
        if not spare:
            return None, 0
        board = pos.t.board
        best, value = None, 0
        for c in pos.mine:
            if c.ensnared:
                continue
            goal = self._goal_of(pos, c)
            if goal is None:
                continue
            d = pos.distance(c.space, goal)
            if d == 0 or d >= FAR:
                continue
            hurt = c.health - c.damage <= 1
            options = []  # (action, destination, cards)
            fly = pos.flag_cards(c.id, spare).get("fly")
            if fly is not None:
                options += [("fly", s, [fly]) for s, ds in pos.t.dist[c.space].items()
                            if 1 <= ds <= 2]
            movers = pos.movers(c.id, spare)
            if movers:
                for s in pos.t.near[c.space]:
                    if not board.is_climb(c.space, s):
                        options.append(("move", s, movers[:1]))
                    elif len(movers) >= 2:
                        options.append(("move", s, movers[:2]))
            for action, s, cards in options:
                progress = d - pos.distance(s, goal)
                if progress <= 0:
                    continue
                worth = (MOVE + STEP * progress - 5 * d
                         - DANGER * pos.danger(s) * (2 if hurt else 1)
                         - sum(pos.worth[cid] for cid in cards))
                if worth > value:
                    best, value = {"do": action, "character": c.id, "to": s,
                                   "cards": list(cards)}, worth
        return best, value

    # -- the Ancients' turn --------------------------------------------------------------
    def _defend(self, state: GameState, seat: str) -> dict:
        prompt = state.prompt
        target = state.characters.get(prompt.data.get("character"))
        if target is None:
            return {"respond": "pass"}
        attack = prompt.data.get("attack")
        kind = "trap" if attack in ("trap", "pit_trap", "explosive_trap") else attack
        defs = state.awoken.treasure_defs
        kept, once = None, None
        for tid in target.treasures:
            tdef = defs[tid]
            if tdef.when == "players_turn":
                continue
            if all("prevent" in step and kind in step["prevent"] for step in tdef.effect):
                if tdef.use == "always":
                    kept = kept or tid
                else:
                    once = once or tid
        if kept is not None:
            return {"do": "use_treasure", "character": target.id, "treasure": kept}
        flags = prompt.data.get("defences") or ()
        table = _cached(_CARDS, state.catalog.cards, _CardTable)
        usable = []
        for cid in state.player(seat).hand:
            wild, icons, open_flag = table.info[cid]
            if not wild and (icons.get(target.id) in flags or open_flag in flags):
                usable.append(cid)
        if usable:
            card = min(usable, key=lambda cid: (table.worth[cid], cid))
            return {"respond": "defend", "character": target.id, "cards": [card]}
        if once is not None:
            return {"do": "use_treasure", "character": target.id, "treasure": once}
        return {"respond": "pass"}

    def _choose(self, state: GameState, prompt) -> dict:
        options = list(prompt.data.get("options") or ())
        if not options:
            return {"respond": "pass"}
        reason = prompt.data.get("reason")
        characters = [state.characters[o] for o in options if o in state.characters]
        if characters and len(characters) == len(options):
            if reason == "crystals":  # the sturdiest carries them on
                pick = max(characters, key=lambda c: (c.health - c.damage, c.id))
            else:  # a hit: the one that survives it best, not the crystal carrier
                pick = max(characters, key=lambda c: (c.health - c.damage, -len(c.carried), c.id))
            return _choice(state, pick.id)
        return _choice(state, options[0])

    def _maybe_interrupt(self, state: GameState, seat: str) -> dict:
        """Interrupt only when, once in, a claim or the knock-out of an Ancient is there."""
        pos = _Position(state, seat)
        hand = pos.hand
        for wild in [cid for cid in reversed(hand) if pos.info[cid][0]]:
            pos.hand = [cid for cid in hand if cid != wild]
            if any(c.space in pos.crystals and pos.claim_set(c) for c in pos.mine):
                return {"do": "interrupt", "cards": [wild]}
            if self._best_attack(pos)[1] >= KNOCK_OUT_ANCIENT:
                return {"do": "interrupt", "cards": [wild]}
        return {"respond": "pass"}
