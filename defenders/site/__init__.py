"""Defenders of the Wild on the site, the parts that need no Django: the table a stored game
holds (the rules core's state with its undo trail, `table`) and the lobby's rules
(`lobby`). The declaration the site reads is `defenders.game`."""
