"""The platform: what the site needs from a game, declared once per game (and per mode).

`definition.GameDefinition` is the interface; `registry` maps the key a game row stores
(`Game.mode`) to its declaration. Nothing under `games/platform` knows any game.
"""
