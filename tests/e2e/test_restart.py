"""Durability: a server killed with SIGKILL mid-turn, or stopped with SIGTERM, loses no task."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import TaskStoreFor, task_store_env
from tests.process import ServerProcess

pytestmark = pytest.mark.task_stores  # on SQLite and on PostgreSQL

INTERRUPTED = "Task was interrupted by process exit"


def rpc(url: str, method: str, params: dict[str, Any]) -> Any:
    request = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
    response = httpx.post(url + "/", json=request, headers={"A2A-Version": "1.0"}, timeout=10)
    body = response.json()
    assert "result" in body, body
    return body["result"]


def send(url: str, text: str, cwd: Path, **message: Any) -> dict[str, Any]:
    msg = {
        "messageId": f"m-{text[:8]}-{id(message)}",
        "role": "ROLE_USER",
        "parts": [{"text": text}],
        "metadata": {"iac_code": {"cwd": str(cwd)}},
        **message,
    }
    config = {"returnImmediately": text.startswith("wait") or "\nwait" in text}
    task: dict[str, Any] = rpc(url, "SendMessage", {"message": msg, "configuration": config})[
        "task"
    ]
    return task


def test_sigkill_during_turns_loses_nothing(tmp_path: Path, task_store: TaskStoreFor) -> None:
    state = tmp_path / "state"
    workspace = tmp_path / "ws"
    workspace.mkdir()
    env = task_store_env(task_store(state))
    with ServerProcess(state, allowed_cwds=[workspace], env=env) as server:
        done = send(server.url, "say finished", workspace)
        running = [send(server.url, f"say part {i}\nwait", workspace) for i in range(3)]
        follow = send(server.url, "say again", workspace, taskId=done["id"])
        assert follow["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
        before = rpc(server.url, "GetTask", {"id": done["id"]})
        server.kill()  # SIGKILL: no cleanup runs

    with ServerProcess(state, allowed_cwds=[workspace], env=env) as server:
        server.wait_for_log("ended 3 task(s) interrupted")
        assert rpc(server.url, "GetTask", {"id": done["id"]}) == before
        for task in running:
            got = rpc(server.url, "GetTask", {"id": task["id"]})
            assert got["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
            assert got["status"]["message"]["parts"][0]["text"].startswith(INTERRUPTED)
            assert got["status"]["message"]["metadata"]["iac_code"]["interrupted"] is True
            assert got["history"][0]["parts"][0]["text"].startswith("say part")
        listed = rpc(server.url, "ListTasks", {})
        assert listed["totalSize"] == 4
        # An interrupted task takes a follow-up, in the same context and workspace.
        resumed = send(server.url, "say back", workspace, taskId=running[0]["id"])
        assert resumed["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
        assert resumed["status"]["message"]["parts"][0]["text"] == "back"


def test_sigterm_interrupts_running_turns_and_exits_cleanly(
    tmp_path: Path, task_store: TaskStoreFor
) -> None:
    state = tmp_path / "state"
    workspace = tmp_path / "ws"
    workspace.mkdir()
    env = task_store_env(task_store(state))
    server = ServerProcess(state, allowed_cwds=[workspace], extra_args=["--debug"], env=env)
    with server:
        task = send(server.url, "say working\nwait", workspace)
        assert server.terminate() == 0
    assert not any("Traceback" in line for line in server.lines), "".join(server.lines)
    with ServerProcess(state, allowed_cwds=[workspace], env=env) as again:
        got = rpc(again.url, "GetTask", {"id": task["id"]})
        assert got["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
        assert got["status"]["message"]["parts"][0]["text"].startswith(INTERRUPTED)
        assert [m["parts"][0]["text"] for m in got["history"]][1] == "working"
        assert not any("ended" in line and "interrupted" in line for line in again.lines)
