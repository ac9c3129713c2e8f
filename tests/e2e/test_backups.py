"""Config backups end to end (IAC_CODE_CONFIG_BACKUP_DIR / _TMP_DIR, issue 16): snapshots at
turn ends, restore into a fresh persistence-dir, the intermediate directory copied on, and
`backupBlocked` when a critical backup fails."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import trio

from iaccode.tasks.backup import latest
from tests.client import A2AClient, stop_server, text_of


async def wait_for_snapshot(directory: Path, after: str | None = None) -> str:
    with trio.fail_after(10):
        while (name := latest(directory)) is None or name == after:
            await trio.sleep(0.05)
    return name


async def test_a_fresh_server_on_a_restored_backup_serves_the_old_tasks(
    start_server: Callable[..., Any], workspace: Path, tmp_path: Path
) -> None:
    backup = tmp_path / "backup"
    first = await start_server(persistence_dir=tmp_path / "sandbox-1", backup_dir=backup)
    async with httpx.AsyncClient(base_url=first.url, timeout=10) as http:
        task = await A2AClient(http, cwd=workspace).send("say remember me")
    assert task["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
    await wait_for_snapshot(backup)  # the normal_turn_end checkpoint
    await stop_server(first)
    # A new sandbox: an empty persistence-dir, the same backup directory.
    second = await start_server(persistence_dir=tmp_path / "sandbox-2", backup_dir=backup)
    async with httpx.AsyncClient(base_url=second.url, timeout=10) as http:
        a2a = A2AClient(http, cwd=workspace)
        restored = await a2a.result("GetTask", {"id": task["id"]})
        assert restored["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
        assert text_of(restored["status"]["message"]) == "remember me"
        follow = await a2a.send("history", context_id=task["contextId"])
    assert "say remember me" in text_of(follow["status"]["message"])  # the conversation too


async def test_snapshots_go_through_the_intermediate_directory(
    start_server: Callable[..., Any], workspace: Path, tmp_path: Path
) -> None:
    final, staging = tmp_path / "final", tmp_path / "staging"
    server = await start_server(backup_dir=final, backup_tmp_dir=staging)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        await A2AClient(http, cwd=workspace).send("say once")
    staged = await wait_for_snapshot(staging)
    with trio.fail_after(10):  # copied on in the background
        while latest(final) != staged and latest(final) != latest(staging):
            await trio.sleep(0.05)
    name = latest(final)
    assert name is not None
    assert (final / "snapshots" / name / "tasks.db").stat().st_mode & 0o077 == 0  # private


async def test_a_failed_critical_backup_marks_the_task_backup_blocked(
    start_server: Callable[..., Any], workspace: Path, tmp_path: Path
) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("x")
    server = await start_server(backup_dir=blocker)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        a2a = A2AClient(http, cwd=workspace)
        task = await a2a.send("say partial\nfail boom")
        assert task["status"]["state"] == "TASK_STATE_FAILED"
        blocked = task["metadata"]["iac_code"]["backupBlocked"]
        assert blocked["reason"] == "backup_failed" and blocked["recoverable"] is True
        assert blocked["error"] and str(tmp_path) not in blocked["error"]
        again = await a2a.result("GetTask", {"id": task["id"]})
    assert again["metadata"]["iac_code"]["backupBlocked"] == blocked  # stored, not only sent


async def test_a_task_refused_into_failed_gets_the_critical_backup(
    start_server: Callable[..., Any], workspace: Path, tmp_path: Path
) -> None:
    # A refusal (here a workspace outside the roots) creates the task FAILED at once, never
    # passing through set_status: it is a terminal state all the same, backed up before the
    # caller is answered, and marked when that fails.
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("x")
    server = await start_server(backup_dir=blocker)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        a2a = A2AClient(http, cwd=workspace)
        task = await a2a.send("say hi", cwd=tmp_path / "missing")
        assert task["status"]["state"] == "TASK_STATE_FAILED"
        assert text_of(task["status"]["message"]).startswith("Invalid A2A workspace metadata: ")
        blocked = task["metadata"]["iac_code"]["backupBlocked"]
        assert blocked["reason"] == "backup_failed" and blocked["recoverable"] is True
        again = await a2a.result("GetTask", {"id": task["id"]})
    assert again["metadata"]["iac_code"]["backupBlocked"] == blocked


async def test_a_refused_task_is_in_the_snapshot(
    start_server: Callable[..., Any], workspace: Path, tmp_path: Path
) -> None:
    backups = tmp_path / "backups"
    server = await start_server(backup_dir=backups)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        task = await A2AClient(http, cwd=workspace).send("say hi", cwd=tmp_path / "missing")
    assert task["status"]["state"] == "TASK_STATE_FAILED"
    assert "backupBlocked" not in ((task.get("metadata") or {}).get("iac_code") or {})
    assert latest(backups) is not None  # taken before the answer, not in the background
