"""The Awoken: the co-operative mode in which the server plays the Ancients from card decks.

Pure Python on top of `wildlands.rules` (no Django, no I/O, no module-level `random`).
Importing it changes nothing in the core: `register()` plugs the mode in, called once by the
ancients_ai app's `ready()` (the site, workers, management commands, tests) and by the pure
callers that start an Awoken game without Django (`wildlands.simulation.new_game`,
`wildlands.rules_cases`' Awoken positions).

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
| `legal` | its part of `legal_commands`: claims, object reveals, treasure uses, `finish` |
| `hand_off` | the shared turn handed off: each seat's `finish`, done seats playing again |
| `undo` | taking back one's own last commands while nothing hidden came to light |
| `companion` | the table companion: declared actions (option `companion`), `correct`, `seat_for`, `table_choices` |
"""
from __future__ import annotations

from wildlands.rules.events import register_event_kinds
from wildlands.rules.frames import register_frame_handler
from wildlands.rules.legal import register_legal_hook
from wildlands.rules.modes import register_mode
from wildlands.rules.serialize import EXTENSIONS

from ancients_ai.engine import ancients_turn, legal, monster_actions, outcome, state, steps, track
from ancients_ai.engine.event_kinds import AWOKEN_EVENT_KINDS
from ancients_ai.engine.rules import AWOKEN


def register() -> None:
    """Plug The Awoken into the core: its `ModeRules`, its state's serialisation, its part of
    `legal_commands`, its event kinds and its frame handlers.

    An explicit call, not an import side effect, so the one place a process gets the mode
    is named (`AncientsAiConfig.ready()`, or the pure entry point) and importing a module of
    this core never changes the core's registries. Calling it again changes nothing.
    """
    register_event_kinds(*AWOKEN_EVENT_KINDS)
    register_mode(AWOKEN)
    EXTENSIONS[AWOKEN.name] = (state.to_data, state.from_data)
    register_legal_hook(AWOKEN.name, legal.awoken_legal)
    register_frame_handler("awoken_ancients_turn", ancients_turn.AncientsTurnHandler())
    register_frame_handler("awoken_card", ancients_turn.CardHandler())
    register_frame_handler("awoken_monster", monster_actions.MonsterActionsHandler())
    register_frame_handler("awoken_steps", steps.StepsHandler())
    register_frame_handler("awoken_advance", track.AdvanceHandler())
    register_frame_handler("awoken_crystals", outcome.CrystalsHandler())
