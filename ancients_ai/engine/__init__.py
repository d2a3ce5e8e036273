"""The Awoken: the co-operative mode in which the server plays the Ancients from card decks.

Pure Python on top of `games.rules` (no Django, no I/O, no module-level `random`).
Importing this package registers the mode (`games.rules.modes.MODES["awoken"]`) and its
state's serialisation (`games.rules.serialize.EXTENSIONS["awoken"]`).

| module | what it holds |
| --- | --- |
| `state` | `AwokenState`: scenarios in play, decks, objects, treasures; clone and data |
| `scenarios` | loading and checking scenario sheets and the treasure deck (content/SCHEMA.md) |
| `vocabulary` | the words content may use: card actions, steps, treasure steps |
| `setup` | `new_awoken(...)`: a game from content, following the rules' setup |
| `rules` | `AwokenRules`: the shared turn, claims, interrupts, knock-outs, views |
| `ancients_turn` | the Ancients' turn and each card's reveal, interrupt window and resolution |
| `monster_actions` | move, fly, reposition, attacks, heal for one monster; starting a special action (`push_steps`) |
| `targeting` | every tie-break: closest character, next step, ranged/area targets, heal |
| `steps` | the one interpreter of special actions and track effects |
| `track` | the event track: the shard advancing, each space's effect |
| `decks` | drawing and reshuffling the Ancients' piles |
| `reactions` | a monster's reaction card against damage |
| `summons` | minions placed from the supply |
| `objects` | revealing object counters; pit, explosive and stasis traps |
| `treasures` | `use_treasure` |
| `outcome` | how the game is won or lost; crystals of a knocked-out carrier |
| `event_kinds` | the event kinds only the Awoken adds |
| `public` | what every seat may see of the Awoken's part |
| `legal` | its part of `legal_commands`: claims, object reveals, treasure uses |
"""
from ancients_ai.engine import event_kinds as _event_kinds  # noqa: F401  (before any event)
from ancients_ai.engine import rules as _rules  # noqa: F401  (registers the mode)
from ancients_ai.engine import legal as _legal  # noqa: F401  (its legal_commands hook)
