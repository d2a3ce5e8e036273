"""Defenders of the Wild: a co-operative game against a deterministic machine deck.

`defenders.rules` is the pure rules core (no Django, no I/O); `defenders.content_loader`
reads the shipped YAML in `defenders/content/`; `bots` and `simulate` play it headless.
"""
