"""Wildlands on the platform: the declarations (`games.platform.definition`) of its
competitive modes (skirmish, The Wrath of the Ancients, War for the Crystals) and the base
they share with The Awoken's modes (declared by `ancients_ai.modes`).

The rules themselves are the pure core in `games/rules` (with `ancients_ai/engine` for The
Awoken); this package only adapts them to what the site asks.
"""
