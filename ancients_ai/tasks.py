"""Celery tasks of the Ancients' side: one chunk of a balance run.

A thin wrapper over `services.simulation.simulation_run_chunk`: keyed by (run, chunk index), it plays
the chunk's games from seeds derived from the run's and records them once (a conditional
update), so a duplicate or late delivery, or a worker killed mid-chunk with `acks_late`,
changes no figure. With no broker (the embedded mode) it runs eagerly in process.
"""
from __future__ import annotations

from celery import shared_task

from ancients_ai.services import simulation as simulation_services


@shared_task(name="ancients_ai.run_simulation_chunk", acks_late=True, ignore_result=True)
def run_simulation_chunk(run_id: int, index: int) -> bool:
    """Play and record chunk `index` of balance run `run_id`; True when this delivery
    recorded it."""
    return simulation_services.simulation_run_chunk(run_id=int(run_id), index=int(index))
