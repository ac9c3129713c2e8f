"""Snapshots and restore on real files and a real SQLite database (tasks/backup.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
import trio

from iaccode.model.a2a import Message, Part, Role
from iaccode.tasks import backup as backup_module
from iaccode.tasks.backup import KEEP, StateBackup, latest, restore_latest
from iaccode.tasks.broker import EventBroker
from iaccode.tasks.manager import TaskManager
from iaccode.tasks.sqlite_store import SQLiteTaskStore


async def make_state(root: Path) -> SQLiteTaskStore:
    store = await SQLiteTaskStore.open(root / "tasks.db")
    prompt = Message(message_id="m1", role=Role.ROLE_USER, parts=[Part(text="hi")])
    await TaskManager(store, EventBroker()).create(
        task_id="t1", context_id="c1", owner="", message=prompt
    )
    (root / "push_keys.json").write_text("key")
    return store


async def test_a_snapshot_restores_into_an_empty_directory(tmp_path: Path) -> None:
    state, threads = tmp_path / "state", tmp_path / "threads"
    threads.mkdir()
    (threads / "th1.json").write_text('{"format": 1}')
    (threads / ".lock").write_text("123")  # never copied
    store = await make_state(state)
    backup = StateBackup(state, tmp_path / "backup", threads_dir=threads)
    name = await backup.snapshot()
    assert latest(tmp_path / "backup") == name
    await store.aclose()

    fresh, fresh_threads = tmp_path / "fresh", tmp_path / "fresh-threads"
    assert restore_latest([tmp_path / "backup"], fresh, fresh_threads) == name
    database = sqlite3.connect(fresh / "tasks.db")
    assert database.execute("SELECT id FROM tasks").fetchall() == [("t1",)]
    assert database.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    database.close()
    assert (fresh / "push_keys.json").read_text() == "key"
    assert (fresh / "push_keys.json").stat().st_mode & 0o077 == 0
    assert sorted(p.name for p in fresh_threads.iterdir()) == ["th1.json"]
    # A directory that has a database is never overwritten.
    assert restore_latest([tmp_path / "backup"], fresh, fresh_threads) is None


async def test_the_newest_snapshots_are_kept_and_partial_ones_ignored(tmp_path: Path) -> None:
    store = await make_state(tmp_path / "state")
    backup = StateBackup(tmp_path / "state", tmp_path / "backup")
    names = [await backup.snapshot() for _ in range(KEEP + 2)]
    snapshots = tmp_path / "backup" / "snapshots"
    assert sorted(p.name for p in snapshots.iterdir()) == names[-KEEP:]
    (snapshots / "99999999T999999-0-0.partial").mkdir()  # a snapshot cut short
    assert latest(tmp_path / "backup") == names[-1]
    assert restore_latest([tmp_path / "backup"], tmp_path / "fresh") == names[-1]
    await store.aclose()


async def test_snapshots_taken_across_a_second_boundary_keep_their_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 2026-12-02 01:59:59.999999999 UTC, then 2 ns later: the second ticks between snapshots.
    readings = iter([1_796_176_799_999_999_999, 1_796_176_800_000_000_001])
    monkeypatch.setattr(backup_module.time, "time_ns", lambda: next(readings))
    store = await make_state(tmp_path / "state")
    backup = StateBackup(tmp_path / "state", tmp_path / "backup")
    first, second = await backup.snapshot(), await backup.snapshot()
    assert first.startswith("20261202T015959-999999999-")
    assert second.startswith("20261202T020000-000000001-")
    assert latest(tmp_path / "backup") == second
    await store.aclose()


async def test_the_intermediate_directory_is_copied_on(
    nursery: trio.Nursery, tmp_path: Path
) -> None:
    store = await make_state(tmp_path / "state")
    backup = StateBackup(tmp_path / "state", tmp_path / "final", tmp_dir=tmp_path / "staging")
    await nursery.start(backup.run)
    name = await backup.snapshot()
    assert latest(tmp_path / "staging") == name
    with trio.fail_after(10):
        while latest(tmp_path / "final") != name:
            await trio.sleep(0.02)
    # The newer of the two wins at restore.
    assert restore_latest([tmp_path / "staging", tmp_path / "final"], tmp_path / "r") == name
    await store.aclose()
