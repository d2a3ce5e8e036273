"""The pure rules core of Defenders of the Wild (no Django import, no I/O).

Entry points: `engine.apply(state, seat, command) -> (state, events)` (a refusal is a
`defenders.rules.errors.RuleError`, on the platform's, and leaves `state` untouched),
`engine.advance(state)` (the machines' turn: one machine card, run by the site's worker when
`awaiting(state) == ["machines"]`), `turns.awaiting(state)`, `legal.legal_commands(state, seat)`,
`view.view_for(state, seat)`, `serialize.state_to_data / state_from_data` and
`setup.new_game(content, seats, factions, tier=, seed=, organizers=, opening=)`; the content
comes from `defenders.content_loader.load_content()`.

| module | what it holds |
| --- | --- |
| `hexes` | axial geometry: directions, edges, corners, spokes, the scan line |
| `content` | validated content values (defenders, factions, tracks, machine cards) |
| `state` | the plain-data state and its clone; `outcome` how a game ended |
| `board` | walls, breaches, engines on edges, enclosure, snipers |
| `setup` | dealing the board, the machine core, decks, the tiers, starting camps |
| `turns` | rounds and turns, the win check, `awaiting` |
| `organize`, `reveal` | the organize phase's secret picks; reveal abilities |
| `actions`, `items`, `movement` | the action menu, items, where a move can go |
| `damage`, `support`, `ongoing` | the damage die and deaths; the support track and draws; abilities in force |
| `machines`, `engines`, `factories`, `mechs` | the machine deck and its three kinds of card |
| `legal`, `view`, `serialize`, `events`, `checks`, `rng_util` | around the rules |
"""
