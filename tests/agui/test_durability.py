"""Disconnects, restarts and what is kept on disk (AG-UI seed, "Persistenz und Wiederherstellung",
"Verbindungsabbrueche")."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.server import RunningAgui, serve_agui
from iaccode.tasks.dirlock import DirectoryInUseError
from iaccode.tasks.postgres_store import PostgresTaskStore
from iaccode.wire import json
from tests.agui.conftest import AguiClient
from tests.agui.test_runs import ASK, interrupts_of


async def stop(agui: RunningAgui) -> None:
    """Stop the server and wait until it has let go of its state (the directory locks)."""
    agui.stop()
    with trio.fail_after(10):
        await agui.stopped.wait()


async def saved_states(agui: RunningAgui) -> list[bytes]:
    """The thread states as saved: the files under state-dir, or the rows of a PostgreSQL task
    store's `agui_threads` (IACCODE_TEST_TASK_STORE=postgres)."""
    assert agui.core is not None
    backend = agui.core.tasks.store
    if isinstance(backend, PostgresTaskStore):
        rows = await backend.database.read(
            lambda db: db.execute("SELECT body FROM agui_threads").fetchall()
        )
        return [row[0].encode() for row in rows]
    return [path.read_bytes() for path in agui.config.state_dir.glob("*.json")]


async def test_a_client_that_leaves_mid_run_cancels_its_task(
    agui: RunningAgui, client: AguiClient
) -> None:
    session: dict[str, Any] = {}
    async for event in client.stream(client.body("say working\nwait")):
        if event["type"] == "CUSTOM" and event["name"] == "iac-code.session.v1":
            session = event["value"]
        if event["type"] == "TEXT_MESSAGE_CONTENT":
            break  # the client goes away mid-run
    assert agui.core is not None
    with trio.fail_after(10):
        while True:
            task = await agui.core.tasks.get(session["taskId"])
            assert task is not None
            if task.state.name == "TASK_STATE_CANCELED":
                break
            await trio.sleep(0.02)
    assert not agui.core.supervisor.busy  # no running turn is left behind
    assert (await client.run("say next")).text == "next"  # and the thread is free


async def test_a_run_that_ended_in_an_interrupt_outlives_its_connection(
    agui: RunningAgui, client: AguiClient
) -> None:
    first = await client.run(ASK)  # its connection is closed once the stream ends
    (interrupt,) = interrupts_of(first)
    task_id = first.custom("iac-code.session.v1")[0]["taskId"]
    assert agui.core is not None
    task = await agui.core.tasks.get(task_id)
    assert task is not None and task.state.name == "TASK_STATE_INPUT_REQUIRED"
    assert (await client.resume([interrupt])).text == "allowed done"


async def test_a_permission_interrupt_answered_after_a_restart(
    start_agui: Any, workspace: Path
) -> None:
    agui: RunningAgui = await start_agui()
    async with httpx.AsyncClient(base_url=agui.url, timeout=10) as http:
        first = await AguiClient(http, workspace).run(ASK)
    (interrupt,) = interrupts_of(first)
    await stop(agui)

    again: RunningAgui = await start_agui()
    async with httpx.AsyncClient(base_url=again.url, timeout=10) as http:
        client = AguiClient(http, workspace)
        second = await client.resume([interrupt])
        assert second.text == "allowed done"
        assert second.last("RUN_FINISHED")["outcome"] == {"type": "success"}
        session = second.custom("iac-code.session.v1")[0]
        assert session["executionId"] == first.custom("iac-code.session.v1")[0]["executionId"]
        # the answer is spent: the same resume again is recognised, not re-run
        assert (await client.resume([interrupt])).error == (200, "RESUME_ALREADY_APPLIED")


async def test_secrets_never_reach_the_disk(
    agui: RunningAgui, client: AguiClient, tmp_path: Path
) -> None:
    secrets = {
        "llmApiKey": "sk-agui-secret-1",
        "alibabaCloud": {
            "accessKeyId": "LTAI-id",
            "accessKeySecret": "ak-secret-2",
            "securityToken": "sts-secret-3",
        },
    }
    first = await client.run(ASK, **secrets)
    (interrupt,) = interrupts_of(first)
    await client.post(
        client.body(
            resume=[
                {
                    "interruptId": interrupt["id"],
                    "status": "resolved",
                    "payload": {"decision": "allow_once"},
                }
            ],
            **secrets,
        )
    )
    states = await saved_states(agui)
    assert states  # thread state was written
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    for name, data in [*((p, p.read_bytes()) for p in files), *(("thread", s) for s in states)]:
        for secret in ("sk-agui-secret-1", "ak-secret-2", "sts-secret-3"):
            assert secret.encode() not in data, name


async def test_the_thread_file_holds_the_binding_and_the_pending_interrupt(
    agui: RunningAgui, client: AguiClient
) -> None:
    first = await client.run(ASK, userId="alice")
    (interrupt,) = interrupts_of(first)
    (state,) = await saved_states(agui)
    saved = json.loads(state)
    assert saved["thread_id"] == "thread-1" and saved["user_id"] == "alice"
    assert saved["cwd"] == str(client.cwd)
    assert [p["id"] for p in saved["pending"]] == [interrupt["id"]]
    assert saved["execution"]["status"] == "interrupted"
    assert "active_run" not in saved


async def test_a_second_adapter_on_one_state_dir_is_refused(
    agui: RunningAgui, make_agui_config: Any, tmp_path: Path
) -> None:
    # Its own A2A state, the first one's thread files: refused, naming the directory and pid.
    second = make_agui_config(core={"persistence_dir": tmp_path / "other-state"})
    with pytest.raises(DirectoryInUseError) as refused:
        await serve_agui(second, handle_signals=False)
    assert str(refused.value) == (
        f"state-dir {agui.config.state_dir} is in use by another iaccode process "
        f"(pid {os.getpid()}); one process per directory"
    )


async def test_a_blocked_backup_is_a_backup_blocked_pipeline_event(
    start_agui: Any, workspace: Path, tmp_path: Path
) -> None:
    # AG-UI seed, iac-code.pipeline.v1: backup_blocked. A critical backup that fails (its
    # directory is a file, as in tests/e2e/test_backups.py) marks the task
    # metadata.iac_code.backupBlocked; the run shows it before it ends.
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("x")
    agui: RunningAgui = await start_agui(core={"backup_dir": blocker})
    async with httpx.AsyncClient(base_url=agui.url, timeout=15) as http:
        client = AguiClient(http, workspace)
        reply = await client.run("say partial\nfail boom")
    assert reply.error == (200, "A2A_EXECUTION_FAILED")
    (blocked,) = [
        v for v in reply.custom("iac-code.pipeline.v1") if v["eventType"] == "backup_blocked"
    ]
    assert blocked["reason"] == "backup_failed" and blocked["recoverable"] is True
    assert blocked["error"] and str(tmp_path) not in blocked["error"]
    assert blocked["eventId"]
    custom = next(
        i
        for i, e in enumerate(reply.events)
        if e.get("value", {}).get("eventType") == "backup_blocked"
    )
    assert custom < reply.types.index("RUN_ERROR")
