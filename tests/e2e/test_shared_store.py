"""A server on PostgreSQL (`task-store: postgres`) when PostgreSQL is not there: at start-up the
command exits 2 with one line naming it; while running, /health and /ping say so, requests fail
at once with a clear error, and everything works again once the server is back."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.server import RunningServer
from tests.client import A2AClient, RpcError
from tests.postgres_process import PostgresProcess
from tests.process import ServerProcess
from tests.redis_process import free_port


def test_postgres_unreachable_at_start_exits_2_naming_it(tmp_path: Path) -> None:
    port = free_port()
    url = f"postgresql://iaccode:s3cret@127.0.0.1:{port}/tasks"
    env = {"IACCODE_A2A_TASK_STORE": "postgres", "IACCODE_A2A_TASK_STORE_URL": url}
    done = subprocess.run(
        ServerProcess(tmp_path / "state", env=env).args,
        env={**ServerProcess(tmp_path / "state", env=env).env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and "s3cret" not in done.stderr
    lines = done.stderr.splitlines()
    assert lines == [
        f"iaccode: task-store-url: cannot connect to PostgreSQL at 127.0.0.1:{port}/tasks: "
        + lines[0].rsplit(": ", 1)[-1]
    ], done.stderr
    assert "refused" in lines[0].lower()


async def test_postgres_lost_and_back(
    own_postgres: PostgresProcess,
    start_server: Callable[..., Any],
    workspace: Path,
) -> None:
    url = own_postgres.create_database("tasks")
    server: RunningServer = await start_server(task_store="postgres", task_store_url=url)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        a2a = A2AClient(http, cwd=workspace)
        first = await a2a.send("say kept")
        assert (await http.get("/health")).status_code == 200

        own_postgres.stop()
        with trio.fail_after(30):  # the monitor notices (or the next request does)
            while (await http.get("/health")).status_code == 200:
                await trio.sleep(0.1)
        health = await http.get("/health")
        assert health.status_code == 503
        assert health.json()["taskStore"] == "unavailable"
        ping = (await http.get("/ping")).json()
        assert ping["taskStore"] == "unavailable" and ping["status"] in ("Healthy", "HealthyBusy")
        with trio.fail_after(2), pytest.raises(RpcError) as caught:  # at once, not a hang
            await a2a.send("say lost")
        assert caught.value.message == "The task store is unavailable; try again shortly"
        with trio.fail_after(2), pytest.raises(RpcError) as caught:  # ListTasks reads the store
            await a2a.result("ListTasks", {})
        assert "unavailable" in caught.value.message
        # (GetTask of a task in the server's cache still answers from memory.)
        assert (await a2a.result("GetTask", {"id": first["id"]}))["id"] == first["id"]

        own_postgres.start()
        with trio.fail_after(30):  # back by itself
            while (await http.get("/health")).status_code != 200:
                await trio.sleep(0.1)
        assert "taskStore" not in (await http.get("/ping")).json()
        got = await a2a.result("GetTask", {"id": first["id"]})
        assert got["status"] == first["status"]
        again = await a2a.send("say back", task_id=first["id"])
        assert again["status"]["message"]["parts"][0]["text"] == "back"
        listed = await a2a.result("ListTasks", {})
        assert listed["totalSize"] == 1  # the refused message left nothing behind


async def test_a_turn_ending_in_an_outage_is_ended_once_the_store_is_back(
    own_postgres: PostgresProcess,
    start_server: Callable[..., Any],
    workspace: Path,
) -> None:
    """Its end cannot be stored (the supervisor gives up after its retries): once PostgreSQL is
    back, the server ends it as a restart would, instead of leaving it WORKING."""
    url = own_postgres.create_database("tasks")
    server: RunningServer = await start_server(task_store="postgres", task_store_url=url)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        a2a = A2AClient(http, cwd=workspace)
        task = await a2a.send("sleep 2\nsay late", configuration={"returnImmediately": True})
        own_postgres.stop()
        with trio.fail_after(30):  # the turn ends, its end unstored
            while server.service.supervisor.active(task["id"]) is not None:
                await trio.sleep(0.05)
        own_postgres.start()
        with trio.fail_after(30):
            while True:
                got = await a2a.call("GetTask", {"id": task["id"]})
                state = got.get("result", {}).get("status", {}).get("state")
                if state not in (None, "TASK_STATE_WORKING", "TASK_STATE_SUBMITTED"):
                    break
                await trio.sleep(0.1)
        status = got["result"]["status"]
        assert status["state"] == "TASK_STATE_INPUT_REQUIRED", status
        assert status["message"]["metadata"]["iac_code"]["interrupted"] is True
        assert await server.service.tasks.store.live_task_ids() == []
        # and it takes a follow-up, as an interrupted task does after a restart
        again = await a2a.send("say back", task_id=task["id"])
        assert again["status"]["message"]["parts"][0]["text"] == "back"
