"""`task-retention-days` on a running server: housekeeping deletes old finished tasks and their
files, and clients see them gone (GetTask, ListTasks); without the key nothing is deleted.

Tasks are made old by rewriting their timestamps in `tasks.db` while the server runs (as an
operator's sqlite3 shell could), and the pass schedule is shortened, so nothing sleeps for days.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio
import trio.testing

from iaccode import core
from iaccode.a2a.dispatch import JsonReply, RequestMeta
from iaccode.config import Config
from iaccode.core import open_core
from iaccode.model.ids import new_id
from iaccode.server import RunningServer
from iaccode.tasks.sqlite_store import SQLiteTaskStore
from iaccode.wire import json
from tests.client import A2AClient, RpcError

OLD = "2000-01-01T00:00:00.000Z"
TASK_NOT_FOUND = -32001


@pytest.fixture(autouse=True)
def quick_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core, "RETENTION_FIRST_PASS_SECONDS", 0.05)
    monkeypatch.setattr(core, "RETENTION_PERIOD_SECONDS", 0.1)


@pytest.fixture
async def client_for(workspace: Path) -> AsyncIterator[Callable[[RunningServer], A2AClient]]:
    clients: list[httpx.AsyncClient] = []

    def make(server: RunningServer) -> A2AClient:
        http = httpx.AsyncClient(base_url=server.url, timeout=10)
        clients.append(http)
        return A2AClient(http, cwd=workspace)

    yield make
    for http in clients:
        await http.aclose()


def backdate(database: Path, *task_ids: str) -> None:
    db = sqlite3.connect(database, timeout=5)
    try:
        with db:
            marks = ", ".join("?" * len(task_ids))
            db.execute(f"UPDATE tasks SET status_ts = ? WHERE id IN ({marks})", (OLD, *task_ids))
            db.execute("UPDATE contexts SET updated_at = ?", (OLD,))
    finally:
        db.close()


async def get_task(a2a: A2AClient, task_id: str) -> dict[str, Any] | None:
    try:
        task: dict[str, Any] = await a2a.result("GetTask", {"id": task_id})
    except RpcError as error:
        assert error.code == TASK_NOT_FOUND, error.error
        return None
    return task


async def test_old_finished_tasks_and_their_files_are_deleted(
    start_server: Callable[..., Any],
    client_for: Callable[[RunningServer], A2AClient],
    server_dir: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="iaccode.core")
    server = await start_server(task_retention_days=30)
    a2a = client_for(server)
    done = await a2a.send("file report.txt generated\nend COMPLETED")
    assert done["status"]["state"] == "TASK_STATE_COMPLETED"
    report = Path(done["artifacts"][0]["parts"][0]["url"].removeprefix("file://"))
    assert report.read_text() == "generated" and report.is_relative_to(server_dir / "artifacts")
    failed = await a2a.send("fail boom")
    assert failed["status"]["state"] == "TASK_STATE_FAILED"
    answered = await a2a.send("say which region?")  # answered, never followed up
    assert answered["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
    paused = await a2a.send("ask which one?")  # a turn paused for an answer
    assert paused["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
    recent = await a2a.send("say fresh\nend COMPLETED")
    backdate(server_dir / "tasks.db", done["id"], failed["id"], answered["id"], paused["id"])

    with trio.fail_after(10):  # the pass logs once it is through, files included
        while "retention (30 days) deleted" not in caplog.text:
            await trio.sleep(0.05)

    for gone in (done, failed, answered):
        assert await get_task(a2a, gone["id"]) is None
    assert not report.exists() and not report.parent.exists()
    for kept in (paused, recent):
        task = await get_task(a2a, kept["id"])
        assert task is not None and task["status"] == kept["status"]
    listed = await a2a.result("ListTasks", {})
    assert listed["totalSize"] == 2
    assert {t["id"] for t in listed["tasks"]} == {paused["id"], recent["id"]}
    assert "retention (30 days) deleted 3 tasks" in caplog.text
    # The paused turn still takes its answer.
    answer = await a2a.send("eu-west", task_id=paused["id"])
    assert answer["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"


async def test_without_the_key_nothing_is_deleted(
    start_server: Callable[..., Any],
    client_for: Callable[[RunningServer], A2AClient],
    make_config: Callable[..., Config],
    server_dir: Path,
) -> None:
    async with open_core(make_config()) as default:
        assert default.config.task_retention_days is None and default.retention is None
    server = await start_server()
    a2a = client_for(server)
    done = await a2a.send("file report.txt generated\nend COMPLETED")
    backdate(server_dir / "tasks.db", done["id"])
    await trio.sleep(0.5)  # several shortened pass periods
    assert await get_task(a2a, done["id"]) is not None
    assert (await a2a.result("ListTasks", {}))["totalSize"] == 1
    assert (server_dir / "artifacts").is_dir() and any((server_dir / "artifacts").iterdir())


@pytest.mark.parametrize("first", ["retention", "follow-up"])
async def test_a_follow_up_racing_a_pass_never_leaves_half_a_task(
    make_config: Callable[..., Config],
    workspace: Path,
    server_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    first: str,
) -> None:
    """A pass and a follow-up to the same old task, both queued behind another write: whichever
    gets the writer first, the task is either kept and followed up, or gone and the follow-up
    answered TASK_NOT_FOUND; never a follow-up that wrote messages for a deleted task."""
    monkeypatch.setattr(core, "RETENTION_FIRST_PASS_SECONDS", 3600)  # passes run by hand here
    async with open_core(make_config(task_retention_days=30)) as opened:
        retention = opened.retention
        assert retention is not None

        async def call(method: str, params: dict[str, Any]) -> dict[str, Any]:
            body = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
            reply = await opened.dispatcher.dispatch(json.dumps(body), RequestMeta(version="1.0"))
            assert isinstance(reply, JsonReply)
            answer: dict[str, Any] = json.loads(reply.body)
            return answer

        def message(text: str, **fields: Any) -> dict[str, Any]:
            cwd = {"iac_code": {"cwd": str(workspace)}}
            return {"messageId": new_id(), "role": "ROLE_USER", "parts": [{"text": text}],
                    "metadata": cwd, **fields}  # fmt: skip

        async with trio.open_nursery() as nursery:
            await opened.start(nursery)
            old = await call("SendMessage", {"message": message("say which region?")})
            task_id = old["result"]["task"]["id"]
            backdate(server_dir / "tasks.db", task_id)
            outcome: dict[str, Any] = {}

            async def prune() -> None:
                outcome["report"] = await retention.run_once()

            async def follow_up() -> None:
                params = {"message": message("say eu-west", taskId=task_id)}
                outcome["follow-up"] = await call("SendMessage", params)

            store = opened.tasks.store
            assert isinstance(store, SQLiteTaskStore)
            writer = store.database._write_limiter  # the single writer's turn
            holder = object()  # another write in progress
            await writer.acquire_on_behalf_of(holder)
            for job in (prune, follow_up) if first == "retention" else (follow_up, prune):
                nursery.start_soon(job)
                await trio.testing.wait_all_tasks_blocked()
            writer.release_on_behalf_of(holder)
            with trio.fail_after(10):
                while len(outcome) < 2:
                    await trio.sleep(0.01)
            got = await call("GetTask", {"id": task_id})
            if "error" in got:
                assert got["error"]["code"] == TASK_NOT_FOUND and outcome["report"].tasks == 1
                assert outcome["follow-up"]["error"]["code"] == TASK_NOT_FOUND
            else:
                assert outcome["report"].tasks == 0
                state = outcome["follow-up"]["result"]["task"]["status"]["state"]
                assert state == "TASK_STATE_INPUT_REQUIRED"
            nursery.cancel_scope.cancel()
    db = sqlite3.connect(server_dir / "tasks.db")
    try:
        (orphans,) = db.execute(
            "SELECT COUNT(*) FROM messages WHERE task_id NOT IN (SELECT id FROM tasks)"
        ).fetchone()
    finally:
        db.close()
    assert orphans == 0
