"""Live progress of a balance run: one websocket per result page, staff only.

The page joins group `simulation-<run id>`; every recorded chunk broadcasts the run's
progress there (`services.broadcast_progress`). On connect the current progress is sent at
once, so a page that opens late, or reconnects, is never behind. The page also polls, so a
missing channel layer only makes it slower.
"""
from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from ancients_ai import selectors

FORBIDDEN = 4403
NOT_FOUND = 4404


class SimulationProgressConsumer(AsyncJsonWebsocketConsumer):
    group: str = ""

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated or not user.is_staff:
            await self.close(code=FORBIDDEN)
            return
        run_id = self.scope["url_route"]["kwargs"]["run_id"]
        progress = await database_sync_to_async(selectors.simulation_progress)(run_id)
        if progress is None:
            await self.close(code=NOT_FOUND)
            return
        self.group = f"simulation-{run_id}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"type": "progress", **progress})

    async def disconnect(self, code) -> None:
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs) -> None:
        """Anything the page sends asks for the current progress again."""
        progress = await database_sync_to_async(selectors.simulation_progress)(
            self.scope["url_route"]["kwargs"]["run_id"])
        if progress is not None:
            await self.send_json({"type": "progress", **progress})

    async def simulation_progress(self, event) -> None:
        await self.send_json({"type": "progress", **event["progress"]})
