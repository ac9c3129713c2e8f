"""Per-message credentials never cross replicas (issue 19): a message routed to the replica
running its task's turn travels without them (Redis is disk too), so it may answer that turn
but never start or resume one there. A real replica in this process (PostgreSQL and Redis
coordination), and the control request it gets from another replica, as Redis delivers it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from iaccode.a2a.replicas import Replicas
from iaccode.server import RunningServer
from tests.client import A2AClient
from tests.redis_process import RedisProcess

pytest.importorskip("redis", reason="the redis extra is not installed")

INPUT_REQUIRED = "TASK_STATE_INPUT_REQUIRED"


async def test_a_routed_message_without_its_credentials_starts_no_turn(
    start_server: Any, postgres_url: str, redis_server: RedisProcess, workspace: Path
) -> None:
    server: RunningServer = await start_server(
        task_store="postgres", task_store_url=postgres_url, coordination_url=redis_server.url
    )
    replicas = server.service.replicas
    assert isinstance(replicas, Replicas) and replicas.coordination.on_request is not None
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        a2a = A2AClient(http, cwd=workspace)
        task = await a2a.send("say first")
        assert task["status"]["state"] == INPUT_REQUIRED  # its turn ended: none runs it now

        def routed(text: str, **flags: Any) -> dict[str, Any]:
            message = a2a.message(text, task_id=task["id"])
            return {"message": message, "owner": "", **flags}

        # Sent while the turn ran on this replica, carrying credentials the sender withheld;
        # the turn ended meanwhile: the sender's client is asked to send it again.
        serve = replicas.coordination.on_request
        reply = await serve("message", routed("say second", secretsWithheld=True))
        assert reply["error"]["type"] == "CoordinationUnavailableError"
        assert "send the message again" in reply["error"]["message"]
        again = await a2a.result("GetTask", {"id": task["id"]})
        assert again["status"]["state"] == INPUT_REQUIRED
        assert len(again["history"]) == len(task["history"])  # nothing of it was taken

        # The same message without credentials to withhold starts the next turn here.
        reply = await serve("message", routed("say second"))
        assert "error" not in reply and reply["task"]["id"] == task["id"]
