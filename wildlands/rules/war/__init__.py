"""War for the Crystals: two teams play the skirmish. `rules` (the team turn and the
points), `state` (teams, in the state's mode slot), `setup`, `legal`, `ancients` (the five-
player game's Ancients seat) and `register` (plugs the mode into the core)."""
