"""The Ancients' side of the admin: designers edit maps, factions, scenarios and treasures,
see at once whether a scenario is valid and fair, and run balance simulations.

| module | what it holds |
| --- | --- |
| `content` | maps, factions, treasures; the validated save every content page shares |
| `scenarios` | scenarios and their versions: playtest, simulate, import and export YAML |
| `simulation` | balance runs: progress and results |
"""
from ancients_ai.admin import content, scenarios, simulation  # noqa: F401  (registers the admins)
