"""Where The Awoken's legal commands used to live; kept so old imports keep working.

They are now `ancients_ai.engine.legal`, registered with `register_legal_hook` whenever the
Awoken engine is imported (the board page, bots and simulations all import it to play The
Awoken at all), so nobody needs to import the bots for them. Importing this module still
registers them when the Awoken engine is installed, and re-exports `legal_commands`.
"""
from __future__ import annotations

from games.rules.legal import legal_commands  # noqa: F401  (re-exported)

try:
    from ancients_ai.engine import legal as _awoken_legal  # noqa: F401  (registers the hook)
except ImportError:  # a build without The Awoken
    pass
