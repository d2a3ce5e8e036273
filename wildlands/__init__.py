"""Wildlands, one game on the platform (`games`), in its own app.

| part | what it holds |
| --- | --- |
| `rules/` | the pure core: the skirmish, War for the Crystals, The Wrath of the Ancients |
| `content/` | factions and maps (YAML), their loaders and `render_map` |
| `bots/` | the bots that play its modes (The Awoken's party bot too) |
| `modes`, `base`, `forms`, `lobby`, `lobby_hints`, `seating`, `seat_bots` | the declarations
  (`games.platform.definition`) of its competitive modes and the base they share with The
  Awoken's modes (declared by `ancients_ai.modes`), its lobby forms and seating |
| `board_data`, `board_svg*` | the board as data for the page, and as SVG for the admin |
| `simulation/` | headless games, its simulator for `manage.py simulate` |
| `rules_cases/` | its rules-case adapter for `manage.py rules_cases` |
| `static/games/wildlands/` | the board's JavaScript, served at the same /static/ paths as before |

The Awoken (its co-op mode) is the `ancients_ai` app, built on this package's core.
"""
