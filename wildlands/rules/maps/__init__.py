"""A map's own rules: `features` (the primitives a board lists, as data), `hooks` (where
play calls them), `effects` (the frame that applies them one by one) and a module per rule
(`belts`, `links`, `numbers`, `slippery`, `thin_ice`, `thorns`, `tombs`)."""
