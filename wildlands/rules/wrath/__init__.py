"""The Wrath of the Ancients: a skirmish in which one seat plays the Ancients as a faction.
`rules` (the mode and its state), `actions` (the Ancients' special actions) and `legal`
(the mode's part of `legal_commands`)."""
