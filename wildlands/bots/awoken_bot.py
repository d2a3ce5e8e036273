"""AwokenBot: plays the party in The Awoken straight from the state, cheaply and sensibly.

Each call picks one command (the game loop asks again once it is applied):

1. claim a face-up ancient crystal a character stands on, when the hand pays for it;
2. knock out an Ancient, when one attack can;
3. turn over a face-down counter a character stands on;
4. otherwise the most valuable of: an attack (a knock-out, above all of a monster about to
   hurt someone; damage to an Ancient), a treasure that helps now (healing, damage, cards,
   a way out of a stasis trap), and a step toward the nearest counter or crystal no other
   character is heading for (a rally moving two characters, a fly, or a move), paid with
   a spare card;
5. end the turn.

Threat (how much damage a monster is likely to do on the Ancients' next turn) and the
goals are read by `awoken_position.Position`. Knocking out or hurting a threatening
monster is worth more.

Spare cards: steps are paid with the cheapest cards (wild cards and defences cost most),
only while the hand holds more than `keep` cards, and never with the cards a claim nearby
needs; so the hand keeps defences for the Ancients' turn. Steps take the shortest way:
detours around monsters were measured to lose more games than they save (docs/balance.md). There it always defends (a
treasure that is kept after use first, then the cheapest card that defends), gives a hit to
the character most likely to survive it, and interrupts only when it can then claim or
knock out an Ancient at once.

Why it does not score the legal list: a position's legal commands run to hundreds (every
three cards of the hand for every character's claim), and checking treasures through
`engine.apply` costs more again; deciding from the state is what lets balance runs play
hundreds of games a second. The commands it builds follow the conditions the engine
checks (tests/awoken/test_awoken_bot.py plays games checking each one against `legal_commands`).
Outside The Awoken, and for prompts it does not know, it falls back to the legal list.
"""
from __future__ import annotations

from typing import Optional

from wildlands.bots.awoken_position import CARDS, DAMAGE, FAR, Position, cached, card_row
from wildlands.bots.greedy_bot import GreedyBot
from wildlands.rules.legal import choose_answer
from games.platform.rng import seed_state
from wildlands.rules.state import GameState

ATTACKS = ("melee", "heavy_melee", "ranged", "heavy_ranged", "area")

# what actions are worth, compared with each other (the turn ends below `WORTH_DOING`)
CLAIM = 1000
KNOCK_OUT_ANCIENT = 950
REVEAL = 600
KNOCK_OUT_MINION = 300  # plus THREAT_WEIGHT per point of damage it would do next turn
THREAT_WEIGHT = 250
HEAL = 350
ESCAPE = 300  # a treasure's move out of a stasis trap
DAMAGE_ANCIENT = 200  # per point of damage
DRAW = 120
MOVE = 100
STEP = 30  # per space nearer the goal
DAMAGE_MINION = 40  # per point of damage that does not knock out
WORTH_DOING = 1
INTERRUPT_WORTH = KNOCK_OUT_MINION  # what each action of an interrupt must be worth
KEEP = 4  # steps are paid for only while the hand holds more cards than this


class AwokenBot:
    name = "awoken"

    def __init__(self, seed: int, *, keep: int = KEEP) -> None:
        self.rng = seed_state(seed)  # the bot's own generator (its choices do not draw yet)
        self.keep = keep
        self._fallback = GreedyBot(seed)
        self._cards_of = None
        self._card_table: dict = {}
        self._goals_cache = None  # (who stands where, targets) -> goals, from the last decision

    def card_table(self, state: GameState) -> dict:
        """card id -> (wild, icons, open flag, worth) for this game's cards."""
        cards = state.catalog.cards
        if cards is not self._cards_of:
            self._cards_of = cards
            self._card_table = {cid: cached(CARDS, card, card_row)
                                for cid, card in cards.items()}
        return self._card_table

    # -- the one entry point -------------------------------------------------------------
    def choose(self, state: GameState, seat: str, legal, optional: bool = False) -> Optional[dict]:
        if state.mode_state is None or state.turn.phase == "setup":
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
            return self._turn(Position(self, state, seat), WORTH_DOING)
        if turn.phase == "ancients" and turn.actor == seat:  # an interrupt: only what pays
            return self._turn(Position(self, state, seat), INTERRUPT_WORTH)
        return self._from_list(legal)

    @staticmethod
    def _from_list(legal) -> Optional[dict]:
        for command in legal:
            if command.get("respond") == "pass":
                return command
        return legal[0] if legal else None

    # -- the players' turn ---------------------------------------------------------------
    def _turn(self, pos: Position, least: int) -> dict:
        best, value = self._best(pos)
        if best is None or value < least:
            return {"do": "end_turn"}
        return best

    def _best(self, pos: Position) -> tuple:
        for c in pos.mine:
            if c.space in pos.crystals:
                cards = pos.claim_set(c)
                if cards:
                    return {"do": "claim", "character": c.id, "cards": cards}, CLAIM
        best, value = None, 0
        if any(m.kind == "ancient" and not m.immortal and m.health - m.damage <= 2
               for m in pos.monsters):  # one attack (two damage at most) might end it
            best, value = self._best_attack(pos)
            if value >= KNOCK_OUT_ANCIENT:
                return best, value
        for c in pos.mine:
            obj = pos.hidden.get(c.space)
            if obj is None:
                continue
            command = {"do": "reveal_object", "character": c.id, "object": obj}
            if len(pos.state.players) == 1:
                return command, REVEAL
            card = pos.reveal_card(c.space)
            if card is not None:
                command["discard"] = card
                return command, REVEAL
        if best is None:
            best, value = self._best_attack(pos)
        for candidate, worth in (self._best_treasure(pos), self._best_step(pos)):
            if candidate is not None and worth > value:
                best, value = candidate, worth
        return best, value

    # -- attacks -------------------------------------------------------------------------
    def _hit_value(self, pos: Position, monster, amount: int) -> float:
        if monster.immortal:
            return 0
        left = monster.health - monster.damage
        if monster.kind == "ancient":
            if amount >= left:
                return KNOCK_OUT_ANCIENT
            return DAMAGE_ANCIENT * amount + THREAT_WEIGHT * pos.threat(monster) * amount / left / 2
        threat = pos.threat(monster)
        if amount >= left:
            return KNOCK_OUT_MINION + THREAT_WEIGHT * threat
        return DAMAGE_MINION * amount + THREAT_WEIGHT * threat * amount / left / 2

    def _area_value(self, pos: Position, space: int, amount: int) -> float:
        """An area attack hits everyone there: never worth it with a character in it."""
        if any(c.space == space for c in pos.standing):
            return 0
        return sum(self._hit_value(pos, m, amount) for m in pos.monsters if m.space == space)

    def _best_attack(self, pos: Position, least: float = 0) -> tuple:
        best, value = None, least
        monsters = pos.monsters
        if not monsters:
            return best, value
        t = pos.t
        for c in pos.mine:
            here = c.space
            near = t.near[here]
            sees = t.sees[here]
            same = [m for m in monsters if m.space == here]
            adjacent = [m for m in monsters if m.space in near]
            seen = [m for m in monsters if m.space in sees]
            if not (same or adjacent or seen):
                continue
            flags = pos.flag_cards(c.id)
            for attack in ATTACKS:
                card = flags.get(attack)
                if card is None:
                    continue
                amount = DAMAGE[attack]
                if attack == "area":
                    for space in {m.space for m in same + adjacent}:
                        worth = self._area_value(pos, space, amount)
                        if worth > value:
                            best, value = {"do": "area", "character": c.id, "space": space,
                                           "cards": [card]}, worth
                    continue
                if attack in ("melee", "heavy_melee"):
                    targets = same
                elif attack == "ranged":
                    targets = seen
                else:
                    heavy = t.heavy[here]
                    targets = [m for m in seen if m.space in heavy]
                for m in targets:
                    worth = self._hit_value(pos, m, amount)
                    if worth > value:
                        best, value = {"do": attack, "character": c.id, "target": m.id,
                                       "cards": [card]}, worth
        return best, value

    # -- treasures -----------------------------------------------------------------------
    def _best_treasure(self, pos: Position) -> tuple:
        best, value = None, 0
        defs = pos.state.mode_state.treasure_defs
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

    def _treasure_step(self, pos: Position, holder, step, command: dict) -> Optional[float]:
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
            reach = [s for s, d in pos.t.dist[holder.space].items() if 1 <= d <= step["move"]]
            if not reach:
                return None
            goal = pos.goals().get(holder.id)
            if goal is None:
                command["to"] = min(reach, key=lambda s: (pos.danger(s), s))
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
            here = holder.space
            if kind == "area":
                spaces = (here, *pos.t.near[here])
                space = max(spaces, key=lambda s: (self._area_value(pos, s, amount), -s))
                worth = self._area_value(pos, space, amount)
                if worth <= 0:
                    return 0
                command["space"] = space
                return worth
            if kind in ("melee", "heavy_melee"):
                targets = [m for m in pos.monsters if m.space == here]
            else:
                reach = pos.t.sees[here] if kind == "ranged" else pos.t.heavy[here]
                targets = [m for m in pos.monsters if m.space in reach]
            if not targets:
                return 0
            target = max(targets, key=lambda m: (self._hit_value(pos, m, amount), m.id))
            command["target"] = target.id
            return self._hit_value(pos, target, amount)
        return None

    # -- moving --------------------------------------------------------------------------
    def _best_step(self, pos: Position) -> tuple:
        """The most useful move, fly or rally toward the characters' goals."""
        if len(pos.hand) <= self.keep:
            return None, 0
        reserved = pos.reserved()
        spare = [cid for cid in pos.hand if cid not in reserved]
        if not spare:
            return None, 0
        t = pos.t
        goals = pos.goals()
        best, value = None, 0
        for c in pos.mine:
            goal = goals.get(c.id)
            if c.ensnared or goal is None:
                continue
            d = pos.distance(c.space, goal)
            flags = pos.flag_cards(c.id, spare)
            rally = flags.get("rally")
            if rally is not None:
                found, worth = self._best_rally(pos, c, rally, goals)
                if worth > value:
                    best, value = found, worth
            if d == 0 or d >= FAR:
                continue
            options = []  # (action, destination, cards)
            fly = flags.get("fly")
            if fly is not None:
                options += [("fly", s, [fly]) for s in t.within2[c.space]]
            movers = pos.movers(c.id, spare)
            if movers:
                climbs = t.climbs[c.space]
                for s in t.near[c.space]:
                    if s not in climbs:
                        options.append(("move", s, movers[:1]))
                    elif len(movers) >= 2:
                        options.append(("move", s, movers[:2]))
            for action, s, cards in options:
                progress = d - pos.distance(s, goal)
                if progress <= 0:
                    continue
                # no detours around monsters: measured, they cost more than they save
                worth = (MOVE + STEP * progress - 5 * d
                         - sum(pos.cards[cid][3] for cid in cards))
                if worth > value:
                    best, value = {"do": action, "character": c.id, "to": s,
                                   "cards": list(cards)}, worth
        return best, value

    def _step_toward(self, pos: Position, character, goals: dict) -> tuple:
        """(space, progress) of this character's best single step toward its goal, no
        climbing; (None, 0) when no step helps."""
        goal = goals.get(character.id)
        if goal is None or character.ensnared:
            return None, 0
        t = pos.t
        d = pos.distance(character.space, goal)
        best, gain = None, 0
        climbs = t.climbs[character.space]
        for s in t.near[character.space]:
            if s in climbs:
                continue
            progress = d - pos.distance(s, goal)
            if progress > gain or (progress == gain and best is not None and s < best):
                best, gain = s, progress
        return best, gain

    def _best_rally(self, pos: Position, leader, card: str, goals: dict) -> tuple:
        """A rally: the leader and one character beside it (either player's) each step
        toward their goals, for one card."""
        here = leader.space
        near = pos.t.near[here]
        lead_to, lead_gain = self._step_toward(pos, leader, goals)
        best, value = None, 0
        for friend in pos.standing:
            if friend.id == leader.id or not (friend.space == here or friend.space in near):
                continue
            friend_to, friend_gain = self._step_toward(pos, friend, goals)
            if lead_gain + friend_gain < 2:  # one step alone is a move, not a rally
                continue
            moves = {}
            if lead_to is not None and lead_gain > 0:
                moves[leader.id] = lead_to
            if friend_to is not None and friend_gain > 0:
                moves[friend.id] = friend_to
            worth = MOVE + STEP * (lead_gain + friend_gain) + MOVE // 2 - pos.cards[card][3]
            if worth > value:
                best, value = {"do": "rally", "character": leader.id, "with": friend.id,
                               "to": moves, "cards": [card]}, worth
        return best, value

    # -- the Ancients' turn --------------------------------------------------------------
    def _defend(self, state: GameState, seat: str) -> dict:
        prompt = state.prompt
        target = state.characters.get(prompt.data.get("character"))
        if target is None:
            return {"respond": "pass"}
        attack = prompt.data.get("attack")
        kind = "trap" if attack in ("trap", "pit_trap", "explosive_trap") else attack
        defs = state.mode_state.treasure_defs
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
        cards = self.card_table(state)
        usable = []
        for cid in state.player(seat).hand:
            wild, icons, open_flag, _ = cards[cid]
            if not wild and (icons.get(target.id) in flags or open_flag in flags):
                usable.append(cid)
        if usable:
            card = min(usable, key=lambda cid: (cards[cid][3], cid))
            return {"respond": "defend", "character": target.id, "cards": [card]}
        if once is not None:
            return {"do": "use_treasure", "character": target.id, "treasure": once}
        return {"respond": "pass"}

    def _choose(self, state: GameState, prompt) -> dict:
        options = list(prompt.data.get("options") or ())
        if not options:
            return {"respond": "pass"}
        characters = [state.characters[o] for o in options if o in state.characters]
        if characters and len(characters) == len(options):
            if prompt.data.get("reason") == "crystals":  # the sturdiest carries them on
                pick = max(characters, key=lambda c: (c.health - c.damage, c.id))
            else:  # a hit: the one that survives it best, not a crystal carrier
                pick = max(characters, key=lambda c: (c.health - c.damage, -len(c.carried), c.id))
            return choose_answer(state, pick.id)
        return choose_answer(state, options[0])

    def _maybe_interrupt(self, state: GameState, seat: str) -> dict:
        """Interrupt only when, once in, a claim or the knock-out of an Ancient is there."""
        on_crystal = any(c.player == seat and c.space is not None and not c.knocked_out
                         and c.space == o.space
                         for o in state.mode_state.objects.values()
                         if o.kind == "crystal" and o.revealed and not o.removed
                         for c in state.characters.values())
        ancient_low = any(m.kind == "ancient" and m.on_board and not m.immortal
                          and m.health - m.damage <= 2 for m in state.monsters.values())
        if not (on_crystal or ancient_low):
            return {"respond": "pass"}
        pos = Position(self, state, seat)
        hand = pos.hand
        for wild in [cid for cid in reversed(hand) if pos.cards[cid][0]]:
            pos.hand = [cid for cid in hand if cid != wild]
            if on_crystal and any(c.space in pos.crystals and pos.claim_set(c) for c in pos.mine):
                return {"do": "interrupt", "cards": [wild]}
            if ancient_low and self._best_attack(pos)[1] >= KNOCK_OUT_ANCIENT:
                return {"do": "interrupt", "cards": [wild]}
        return {"respond": "pass"}
