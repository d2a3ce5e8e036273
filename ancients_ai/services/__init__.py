"""Writes of the Ancients' side, by entity (HackSoft style: `<entity>_<action>`).

| module | what it holds |
| --- | --- |
| `content` | checking, versioning, importing, exporting and loading scenarios, maps, factions, treasures |
| `playtests` | `playtest_create`: a solo game of one exact scenario version |
| `simulation` | balance runs: `simulation_start`, `simulation_run_chunk`, `simulation_finish` |
"""
