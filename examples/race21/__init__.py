"""Race to 21, the example game (docs/adding-a-game.md): pure rules (`rules`), its
declaration (`game`), its renderer (static/games/race21/) and its tests (tests/)."""
