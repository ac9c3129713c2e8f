"""Thread state files: atomic, private, lazily loaded, free of secrets, bounded."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from iaccode.agui import errors as codes
from iaccode.agui.errors import AguiError
from iaccode.agui.threads import (
    KEEP_RUNS,
    Execution,
    RunRecord,
    ThreadFiles,
    ThreadState,
    ThreadStore,
    thread_key,
)
from tests.agui.test_interrupts import pending


async def test_a_saved_thread_comes_back_in_a_new_store(tmp_path: Path) -> None:
    files = ThreadFiles(tmp_path / "threads")
    store = ThreadStore(files)
    state = ThreadState("thread/with odd chars", "/ws", "user-1", context_id="ctx")
    state.execution = Execution("exec", "task", "ctx", "inv", "interrupted", ["call-1"])
    state.pending = [pending()]
    state.remember_run("run-1", RunRecord("digest", "interrupt", "exec"))
    state.active_run = "run-2"  # in memory only: nothing runs after a restart
    await store.save(state)
    path = files.path(state.thread_id)
    assert path.name == f"{thread_key(state.thread_id)}.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temp file left over
    again = await ThreadStore(ThreadFiles(tmp_path / "threads")).load(state.thread_id)
    assert again is not None
    assert again.execution == state.execution and again.pending == state.pending
    assert again.runs == state.runs and again.active_run is None


async def test_unknown_threads_and_damaged_files(tmp_path: Path) -> None:
    files = ThreadFiles(tmp_path)
    store = ThreadStore(files)
    assert await store.load("never-seen") is None
    files.path("broken").write_text("{not json")
    with pytest.raises(AguiError) as caught:
        await store.load("broken")
    assert caught.value.code == codes.EXECUTION_LOST
    assert str(tmp_path) not in caught.value.message


async def test_a_failed_write_is_reported_and_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = ThreadFiles(tmp_path / "threads")
    store = ThreadStore(files)
    state = ThreadState("t", "/ws")
    await store.save(state)
    before = files.path("t").read_bytes()

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    state.context_id = "changed"
    with pytest.raises(AguiError) as caught:
        await store.save(state)
    assert caught.value.code == codes.STATE_PERSISTENCE_FAILED
    assert files.path("t").read_bytes() == before
    assert [p.name for p in (tmp_path / "threads").iterdir()] == [files.path("t").name]


def test_idempotency_records_are_bounded() -> None:
    state = ThreadState("t", "/ws")
    for index in range(KEEP_RUNS + 10):
        state.remember_run(f"run-{index}", RunRecord("d", "success"))
    assert len(state.runs) == KEEP_RUNS and "run-0" not in state.runs
    assert f"run-{KEEP_RUNS + 9}" in state.runs


async def test_locks_of_threads_never_loaded_are_not_kept(tmp_path: Path) -> None:
    files = ThreadFiles(tmp_path)
    store = ThreadStore(files)
    for index in range(100):  # say, cancel requests naming threads that do not exist
        async with store.lock(f"unknown-{index}"):
            assert await store.load(f"unknown-{index}") is None
    kept = ThreadState("kept", "/ws", "user-1")
    async with store.lock("kept"):
        store.adopt(kept)  # as a new run does
        await store.save(kept)
    assert list(store._locks) == ["kept"]  # a cached thread keeps its lock
